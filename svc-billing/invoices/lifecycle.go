package invoices

import (
	"context"
	"errors"
	"fmt"
	"time"

	"linguaport/internal/events"
)

// transitions are the only moves an invoice makes: paid once, refunded (to the balance) by
// staff once. A pending invoice is never refunded and a refunded one never paid again.
var transitions = map[Status][]Status{
	Pending: {Paid},
	Paid:    {Refunded},
}

// IllegalTransition is a move the invoice's state does not allow.
type IllegalTransition struct{ From, To Status }

func (e *IllegalTransition) Error() string {
	return fmt.Sprintf("an invoice in %s cannot move to %s", e.From, e.To)
}

// ErrAlreadyRefunded: paying an invoice staff have refunded.
var ErrAlreadyRefunded = errors.New("invoice refunded")

// Payment methods.
const (
	MethodBalance = "balance"
	MethodCard    = "card"
	// MethodSandbox: a sandbox invoice, paid at once without a charge, whatever method the
	// request named (svc-billing/paying); the payment's reference is that method.
	MethodSandbox = "sandbox"
)

// Payment is how an invoice was paid: the ledger entry of a balance debit, the provider's
// checkout session of a card payment, or the reference of a bank transfer staff saw arrive.
type Payment struct {
	Method    string `json:"method" bson:"method"`
	Reference string `json:"reference" bson:"reference"`
	// ReceivedAt is when a bank transfer arrived, as staff read it on the statement.
	ReceivedAt *time.Time `json:"receivedAt,omitempty" bson:"receivedAt,omitempty"`
}

// Checkout is an invoice's card payment open at the provider. Attempt numbers the sessions an
// invoice had, so a new session after an expired one is a new request to the provider while
// two clicks of one attempt are the same request (the provider's idempotency key).
type Checkout struct {
	SessionID string    `bson:"sessionId"`
	URL       string    `bson:"url"`
	ExpiresAt time.Time `bson:"expiresAt"`
	Attempt   int       `bson:"attempt"`
}

// Open says whether the session can still be paid at now, with a minute's margin so that a
// customer is never sent to a page that expires under them.
func (c *Checkout) Open(now time.Time) bool {
	return c != nil && now.Add(time.Minute).Before(c.ExpiresAt)
}

// Events on events.Stream("billing") (contract in API.md).
const (
	EventInvoicePaid     = "invoice.paid"
	EventInvoiceRefunded = "invoice.refunded"
)

// PaidData is the payload of invoice.paid.
type PaidData struct {
	InvoiceID  string `json:"invoiceId"`
	OrderID    string `json:"orderId"`
	QuoteID    string `json:"quoteId"`
	CustomerID string `json:"customerId"`
	Method     string `json:"method"`
}

// RefundedData is the payload of invoice.refunded: the amount goes back to the balance.
type RefundedData struct {
	InvoiceID  string `json:"invoiceId"`
	OrderID    string `json:"orderId"`
	QuoteID    string `json:"quoteId"`
	CustomerID string `json:"customerId"`
	Amount     Money  `json:"amount"`
}

func (inv *Invoice) moveTo(to Status) error {
	for _, allowed := range transitions[inv.Status] {
		if allowed == to {
			inv.Status = to
			return nil
		}
	}
	if inv.Status == Refunded {
		return ErrAlreadyRefunded
	}
	return &IllegalTransition{From: inv.Status, To: to}
}

// pay marks the invoice paid by p and queues invoice.paid; the open checkout, if any, is done.
func (inv *Invoice) pay(ctx context.Context, p Payment, at time.Time) error {
	if err := inv.moveTo(Paid); err != nil {
		return err
	}
	inv.Payment, inv.PaidAt, inv.Checkout = &p, &at, nil
	e, err := events.New(ctx, EventInvoicePaid, PaidData{
		InvoiceID: inv.ID, OrderID: inv.OrderID, QuoteID: inv.QuoteID, CustomerID: inv.CustomerID, Method: p.Method,
	})
	if err != nil {
		return err
	}
	inv.Outbox.Add(e)
	// The receipt, with the invoice that now says it was paid (an invoice is paid once).
	return inv.mailTo(MailPaid, at)
}

// refund marks the paid invoice refunded and queues invoice.refunded, which credits its total
// to the customer's balance.
func (inv *Invoice) refund(ctx context.Context, at time.Time) error {
	if err := inv.moveTo(Refunded); err != nil {
		return err
	}
	inv.RefundedAt = &at
	e, err := events.New(ctx, EventInvoiceRefunded, RefundedData{
		InvoiceID: inv.ID, OrderID: inv.OrderID, QuoteID: inv.QuoteID, CustomerID: inv.CustomerID,
		Amount: inv.Total(),
	})
	if err != nil {
		return err
	}
	inv.Outbox.Add(e)
	return inv.mailTo(MailRefunded, at)
}

// Total is what the customer pays: the total in the display currency.
func (inv *Invoice) Total() Money {
	return Money{Amount: inv.Totals.Total, Currency: inv.Currency, Decimals: inv.Decimals}
}
