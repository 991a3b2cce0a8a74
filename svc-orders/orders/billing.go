package orders

import (
	"context"
	"errors"
	"fmt"

	"linguaport/internal/authn"
	"linguaport/internal/errs"
	"linguaport/internal/i18n"
	"linguaport/svc-orders/contracts"
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
	// Details are the calling customer's saved billing details and whether they are complete;
	// an error wrapping errs.ErrUnavailable when svc-billing gives no answer.
	Details(ctx context.Context) (contracts.Details, bool, error)
	// Price is q's net, VAT and total as its invoice will carry them for its customer, the VAT
	// worded in lang (the contract prints it).
	Price(ctx context.Context, c authn.Caller, q *quotes.Quote, lang i18n.Lang) (Price, error)
}

// Price is a quote's figures as its invoice will carry them, in the quote's currency.
type Price struct {
	Net, VAT, Total int64
	Currency        string
	VATLabel        string
}

// WithBilling is the svc-billing an approval asks for the customer's billing details. Without
// it no quote can be approved.
func WithBilling(b Billing) Option { return func(s *service) { s.billing = b } }

// pendingOwn is the caller's quote when an approval of it would decide it now: theirs, pending,
// at the price version they saw. Anything else (no such quote, someone else's, decided, approved
// already and asked again, revised since) is nil, left to quotes.Approve to answer as it always
// has.
func (s *service) pendingOwn(ctx context.Context, c authn.Caller, quoteID string, version int) (*quotes.Quote, error) {
	q, err := s.quotes.Lookup(ctx, quoteID)
	if errors.Is(err, quotes.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if q.CustomerID != c.ID || q.StatusAt(s.now()) != quotes.QuotePending || (version != 0 && version != q.PriceVersion) {
		return nil, nil
	}
	return q, nil
}

// billable refuses the approval of the caller's pending quote while they have no billing
// details.
func (s *service) billable(ctx context.Context) error {
	if s.billing == nil {
		return errNoBilling
	}
	_, ok, err := s.billing.Details(ctx)
	switch {
	case err != nil:
		return fmt.Errorf("billing details: %w", err)
	case !ok:
		return ErrBillingDetailsRequired
	}
	return nil
}
