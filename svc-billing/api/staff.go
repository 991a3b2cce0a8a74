package api

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/go-kit/kit/endpoint"

	"linguaport/internal/audit"
	"linguaport/internal/authn"
	"linguaport/internal/errs"
	"linguaport/internal/httpx"
	"linguaport/svc-billing/balance"
	"linguaport/svc-billing/datacopy"
	"linguaport/svc-billing/earnings"
	"linguaport/svc-billing/invoices"
)

// StaffEndpoints are the back office's money screens (API.md "Staff: invoices, balances,
// payouts").
type StaffEndpoints struct {
	Invoices, Invoice, MarkPaid endpoint.Endpoint
	Balances, Balance, Adjust   endpoint.Endpoint
	PayoutsCSV, Summary         endpoint.Endpoint
	// Revenue is the dashboard's revenue chart (invoices/revenue.go).
	Revenue endpoint.Endpoint
	// EFatura, SetEFatura and DropEFatura are a customer's e-Fatura registration (efatura.go).
	EFatura, SetEFatura, DropEFatura endpoint.Endpoint
	// EDocuments is the accountant's export of a period's e-Arşiv documents (einvoice_export.go).
	EDocuments endpoint.Endpoint
}

type markPaidRequest struct {
	ID         string
	Reference  string `json:"reference"`
	ReceivedAt string `json:"receivedAt"`
}

type balancesRequest struct{ Q, Before string }

type staffBalanceRequest struct{ CustomerID, Currency, Before string }

type adjustBody struct {
	Amount balance.Money `json:"amount"`
	Reason string        `json:"reason"`
}

type adjustRequest struct {
	CustomerID string
	balance.Adjustment
}

// staffBalance is one customer's balances and a page of a currency's ledger, as staff see it.
type staffBalance struct {
	CustomerID string `json:"customerId"`
	balance.View
}

// Summary is the dashboard's money counts.
type Summary struct {
	TransfersDeclared int64 `json:"transfersDeclared"`
	InvoicesPastDue   int64 `json:"invoicesPastDue"`
	PayoutsRequested  int64 `json:"payoutsRequested"`
}

// makeStaffEndpoints wires the staff's money routes; the two that change something are recorded
// in the audit log, and the adjustment names the staff member who made it. The invoice is read as
// its caller, staff, who may see every invoice (authn.Caller.Owns).
func makeStaffEndpoints(s Services) StaffEndpoints {
	e := StaffEndpoints{
		EDocuments: exportEndpoint(s),
		Invoices: func(ctx context.Context, request any) (any, error) {
			return s.Invoices.List(ctx, request.(invoices.StaffQuery))
		},
		Invoice: func(ctx context.Context, request any) (any, error) {
			return s.Invoices.Invoice(ctx, authn.CallerFrom(ctx), request.(string))
		},
		MarkPaid: func(ctx context.Context, request any) (any, error) {
			req := request.(markPaidRequest)
			before, _ := s.Invoices.Invoice(ctx, authn.CallerFrom(ctx), req.ID)
			inv, paid, err := s.Invoices.PayByTransfer(ctx, req.ID, invoices.TransferPayment{Reference: req.Reference, ReceivedAt: req.ReceivedAt})
			if err != nil || !paid {
				// A second click, or two staff at once: only the write that paid it is recorded.
				return inv, err
			}
			record(ctx, s.Audit, "invoice.mark_paid", audit.Object{Kind: datacopy.AuditInvoice, ID: req.ID}, before, inv)
			return inv, nil
		},
		Balances: func(ctx context.Context, request any) (any, error) {
			req := request.(balancesRequest)
			return s.Balance.Accounts(ctx, req.Q, req.Before)
		},
		Balance: func(ctx context.Context, request any) (any, error) {
			req := request.(staffBalanceRequest)
			v, err := s.Balance.Balance(ctx, req.CustomerID, req.Currency, req.Before)
			return staffBalance{CustomerID: req.CustomerID, View: v}, err
		},
		Adjust: func(ctx context.Context, request any) (any, error) {
			req := request.(adjustRequest)
			before, err := s.Balance.Balance(ctx, req.CustomerID, "", "")
			if err != nil {
				return nil, err
			}
			done, err := s.Balance.Adjust(ctx, req.CustomerID, authn.CallerFrom(ctx).ID, req.Adjustment)
			if err != nil || done.Repeat {
				return done, err
			}
			// The entry is part of "after" only: before it there was none.
			record(ctx, s.Audit, "balance.adjust", audit.Object{Kind: datacopy.AuditBalance, ID: req.CustomerID},
				map[string]any{"balances": before.Balances}, done)
			return done, nil
		},
		PayoutsCSV: func(ctx context.Context, request any) (any, error) {
			q := request.(earnings.PayoutQuery)
			list, err := s.Earnings.PayoutsExport(ctx, q)
			if err != nil {
				return nil, err
			}
			status := q.Status
			if status == "" {
				status = earnings.Requested
			}
			return payoutsCSV{payouts: list, status: status, at: time.Now()}, nil
		},
		Summary: func(ctx context.Context, _ any) (any, error) {
			var (
				sum Summary
				err error
			)
			if sum.TransfersDeclared, err = s.Balance.CountTransfers(ctx, balance.TransferDeclared); err != nil {
				return nil, err
			}
			if sum.InvoicesPastDue, err = s.Invoices.CountPastDue(ctx); err != nil {
				return nil, err
			}
			if s.Earnings != nil {
				if sum.PayoutsRequested, err = s.Earnings.CountIn(ctx, earnings.Requested); err != nil {
					return nil, err
				}
			}
			return sum, nil
		},
		Revenue: func(ctx context.Context, _ any) (any, error) {
			return s.Invoices.Revenue(ctx)
		},
	}
	e.EFatura, e.SetEFatura, e.DropEFatura = makeEFaturaEndpoints(s)
	return e
}

// record writes the audit entry of a staff action that changed something, told apart from a
// repeat by the service itself (where audit.Log.Endpoint would see two racing clicks both start
// from the old state). A record that cannot be written is logged; the change stands.
func record(ctx context.Context, log *audit.Log, action string, obj audit.Object, before, after any) {
	if _, err := log.Change(ctx, action, obj, before, after); err != nil {
		slog.ErrorContext(ctx, "audit record lost", "action", action, "object", obj.String(), "err", err)
	}
}

func decodeStaffInvoices(_ context.Context, r *http.Request) (any, error) {
	v := r.URL.Query()
	q := invoices.StaffQuery{Status: invoices.Status(v.Get("status")), Customer: v.Get("customer"), Number: v.Get("q"),
		Sort: v.Get("sort"), Before: v.Get("before"), PaidFrom: v.Get("paidFrom"), PaidTo: v.Get("paidTo")}
	switch v.Get("pastDue") {
	case "", "false":
	case "true":
		q.PastDue = true
	default:
		return nil, errs.Fields{invoices.FieldPastDue: invoices.ReasonChoice}
	}
	return q, nil
}

func decodeMarkPaid(_ context.Context, r *http.Request) (any, error) {
	req := markPaidRequest{ID: r.PathValue("id")}
	if err := httpx.DecodeJSON(r, maxPayBody, &req); err != nil {
		return nil, err
	}
	return req, nil
}

// reasonOneOrder: a sort asked of the balances' list, which has one order. An account has no
// time of its own to order by (its id is the customer's, random), so it is listed by id;
// refusing a sort says so rather than answering another order than the one asked for.
const reasonOneOrder = "one_order"

func decodeBalances(_ context.Context, r *http.Request) (any, error) {
	v := r.URL.Query()
	if v.Get("sort") != "" {
		return nil, errs.Fields{balance.FieldSort: reasonOneOrder}
	}
	return balancesRequest{Q: v.Get("q"), Before: v.Get("before")}, nil
}

func decodeStaffBalance(_ context.Context, r *http.Request) (any, error) {
	v := r.URL.Query()
	return staffBalanceRequest{CustomerID: r.PathValue("customerId"), Currency: v.Get("currency"), Before: v.Get("before")}, nil
}

func decodeAdjust(_ context.Context, r *http.Request) (any, error) {
	var b adjustBody
	if err := httpx.DecodeJSON(r, maxPayBody, &b); err != nil {
		return nil, err
	}
	return adjustRequest{CustomerID: r.PathValue("customerId"), Adjustment: balance.Adjustment{
		Amount: b.Amount, Reason: b.Reason, Key: r.Header.Get("Idempotency-Key")}}, nil
}
