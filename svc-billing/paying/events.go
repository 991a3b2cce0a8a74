package paying

import (
	"context"
	"fmt"

	"linguaport/internal/events"
	"linguaport/svc-billing/balance"
	"linguaport/svc-billing/invoices"
)

// EventBalanceDebited is balance's event (on events.Stream("billing")) of a debit paying an
// invoice; the payload is declared here, as consumers do.
const EventBalanceDebited = "balance.debited"

type debited struct {
	CustomerID string        `json:"customerId"`
	InvoiceID  string        `json:"invoiceId"`
	EntryID    string        `json:"entryId"`
	Amount     balance.Money `json:"amount"`
}

// Handler is svc-billing's consumer of its own stream: it finishes what a process killed
// between two steps left half done. A balance debit for an invoice pays the invoice; a refunded
// invoice credits the balance. Both are what the request path does right away, so normally the
// event finds the work done, and idempotent writes make that harmless.
func Handler(s Service) events.Handler {
	return func(ctx context.Context, e events.Event) error {
		switch e.Type {
		case EventBalanceDebited:
			var p debited
			if err := e.Decode(&p); err != nil {
				return fmt.Errorf("%s payload: %w", e.Type, err)
			}
			_, err := s.SettleDebit(ctx, p.InvoiceID, balance.Entry{ID: p.EntryID, CustomerID: p.CustomerID, Amount: p.Amount})
			return err
		case invoices.EventInvoiceRefunded:
			var p invoices.RefundedData
			if err := e.Decode(&p); err != nil {
				return fmt.Errorf("%s payload: %w", e.Type, err)
			}
			return s.CreditRefund(ctx, p.InvoiceID, p.CustomerID, p.Amount)
		}
		return nil
	}
}
