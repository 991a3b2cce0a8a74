package orders

import (
	"context"
	"errors"
	"fmt"

	"linguaport/internal/authn"
	"linguaport/internal/errs"
	"linguaport/svc-orders/quotes"
)

// ErrBillingDetailsRequired refuses an approval before the customer saved the billing details
// the invoice is issued to: approving issues the invoice at once, and it must be right the first
// time (the buyer's name, tax identity and address, and whether Turkish VAT applies at all).
var ErrBillingDetailsRequired = errors.New("billing details required before approval")

// errNoBilling: a service wired without svc-billing cannot tell whether an invoice could be
// issued, so it approves nothing rather than approve without the check.
var errNoBilling = fmt.Errorf("no billing service to ask for the billing details: %w", errs.ErrUnavailable)

// Billing is svc-billing, asked on the caller's behalf.
type Billing interface {
	// HasDetails reports whether the calling customer has saved complete billing details; an
	// error wrapping errs.ErrUnavailable when svc-billing gives no answer.
	HasDetails(ctx context.Context) (bool, error)
}

// WithBilling is the svc-billing an approval asks for the customer's billing details. Without
// it no quote can be approved.
func WithBilling(b Billing) Option { return func(s *service) { s.billing = b } }

// billable refuses the approval of the caller's pending quote while they have no billing
// details. Anything else (no such quote, someone else's, decided, approved already and asked
// again) is left to quotes.Approve to answer as it always has.
func (s *service) billable(ctx context.Context, c authn.Caller, quoteID string) error {
	q, err := s.quotes.Lookup(ctx, quoteID)
	if errors.Is(err, quotes.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if q.CustomerID != c.ID || q.Status != quotes.QuotePending {
		return nil
	}
	if s.billing == nil {
		return errNoBilling
	}
	ok, err := s.billing.HasDetails(ctx)
	switch {
	case err != nil:
		return fmt.Errorf("billing details for quote %s: %w", quoteID, err)
	case !ok:
		return ErrBillingDetailsRequired
	}
	return nil
}
