package api

import (
	"context"

	"github.com/go-kit/kit/endpoint"

	"linguaport/internal/authn"
)

// makeAuditedEndpoints wires the staff actions that change something, each recorded in
// svc-billing's audit log (internal/audit) with the thing as it was before and as it is after.
func makeAuditedEndpoints(s Services, e *Endpoints) {
	transfer := func(ctx context.Context, id string) (any, error) { return s.Balance.Transfer(ctx, id) }
	payout := func(ctx context.Context, id string) (any, error) { return s.Earnings.Payout(ctx, id) }
	invoice := func(ctx context.Context, id string) (any, error) {
		return s.Invoices.Invoice(ctx, authn.CallerFrom(ctx), id)
	}
	audited := func(action, kind string, load func(context.Context, string) (any, error), next endpoint.Endpoint) endpoint.Endpoint {
		return s.Audit.Endpoint(action, kind, objectID, load, next)
	}
	e.ConfirmTransfer = audited("transfer.confirm", "transfer", transfer, e.ConfirmTransfer)
	e.RejectTransfer = audited("transfer.reject", "transfer", transfer, e.RejectTransfer)
	e.Refund = audited("invoice.refund", "invoice", invoice, e.Refund)
	e.PayoutPaid = audited("payout.paid", "payout", payout, e.PayoutPaid)
	e.RejectPayout = audited("payout.reject", "payout", payout, e.RejectPayout)
	e.Audit = s.Audit
}

// objectID is the id of the thing a staff action's request names.
func objectID(request any) string {
	switch r := request.(type) {
	case string:
		return r
	case rejectRequest:
		return r.ID
	}
	return ""
}
