package invoices

import (
	"context"
	"time"

	"linguaport/internal/events"
	"linguaport/internal/mailbox"
)

// EventInvoiceIssued is published on events.Stream("billing") when an invoice is issued
// (contract in API.md).
const EventInvoiceIssued = "invoice.issued"

// IssuedData is the payload of invoice.issued.
type IssuedData struct {
	InvoiceID   string    `json:"invoiceId"`
	Number      string    `json:"number"`
	OrderID     string    `json:"orderId"`
	OrderNumber string    `json:"orderNumber"`
	QuoteID     string    `json:"quoteId"`
	CustomerID  string    `json:"customerId"`
	Total       Money     `json:"total"` // what the customer pays, VAT included, in the display currency
	IssuedAt    time.Time `json:"issuedAt"`
	DueAt       time.Time `json:"dueAt"`
	Lang        string    `json:"lang"` // the language of the approving request
}

// The customer's mails about an invoice (mails.go renders them). They cannot be turned off: an
// invoice, a receipt and a refund are what a customer must get.
const (
	MailIssued   = "invoice.issued"
	MailPaid     = "invoice.paid"
	MailRefunded = "invoice.refunded"
)

// mailData is what a queued mail names; the rest is read from the invoice when it is sent, so
// the PDF it carries is the one the download serves at that moment.
type mailData struct {
	InvoiceID string `json:"invoiceId"`
}

// mailTo queues the customer's mail of kind, once per invoice and kind: the id is derived from
// both, and each kind is queued by the one conditional write that moves the invoice there. An
// invoice issued without billing details (before approvals asked for them) has no address: no
// mail is queued, and the customer still finds the invoice in their panel. A sandbox invoice is
// mailed to nobody: its address is the live customer's (profile.IssuedTo), who must not get test
// documents looking like invoices; the integrator hears of it through the webhooks fed by the
// events, which it still publishes.
func (inv *Invoice) mailTo(kind string, now time.Time) error {
	if inv.Sandbox || inv.Details.Email == "" {
		return nil
	}
	m, err := mailbox.New(inv.ID+"/"+kind, kind, inv.Details.Email, inv.Lang, mailData{InvoiceID: inv.ID}, now)
	if err != nil {
		return err
	}
	inv.Box.Add(m)
	return nil
}

// issuing is what the write that numbers the invoice (MongoStore.Number) queues with the number:
// invoice.issued and the customer's mail with the invoice's PDF. An invoice is issued when it
// has its number, never shown before, so that write, which happens once per invoice whoever
// makes it, is the one that says so: a redelivered quote.approved finds the invoice numbered and
// queues nothing again.
func (inv Invoice) issuing(ctx context.Context, number string, now time.Time) ([]events.Event, []mailbox.Mail, error) {
	inv.Number = number
	due := inv.IssuedAt
	if inv.DueAt != nil {
		due = *inv.DueAt
	}
	e, err := events.New(ctx, EventInvoiceIssued, IssuedData{
		InvoiceID: inv.ID, Number: number, OrderID: inv.OrderID, OrderNumber: inv.OrderNumber, QuoteID: inv.QuoteID,
		CustomerID: inv.CustomerID, Total: inv.Total(), IssuedAt: inv.IssuedAt, DueAt: due, Lang: langOf(inv.Lang),
	})
	if err != nil {
		return nil, nil, err
	}
	inv.Box = mailbox.Box{}
	if err := inv.mailTo(MailIssued, now); err != nil {
		return nil, nil, err
	}
	return []events.Event{e}, inv.Box.Mails, nil
}
