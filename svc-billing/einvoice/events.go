package einvoice

import (
	"context"
	"fmt"
	"time"

	"linguaport/internal/events"
	"linguaport/svc-billing/invoices"
)

// Handler sends the documents to the integrator as svc-billing's own events tell of them: an
// invoice's when it is issued (invoice.issued), its return document's when it is refunded
// (invoice.refunded), and notes each sent on the invoice. At least once and idempotent: a
// redelivered event finds the document noted and sends nothing; one whose note was lost is sent
// again under its UUID, which the integrator takes as the same document. A sandbox invoice's
// documents are never sent (Invoice.Sandbox). A failure (the
// integrator down, no rate yet for the day) is returned, so the event comes again later.
func Handler(svc invoices.Service, is Issuer, to Integrator) events.Handler {
	return func(ctx context.Context, e events.Event) error {
		var id string
		ofReturn := false
		switch e.Type {
		case invoices.EventInvoiceIssued:
			var p invoices.IssuedData
			if err := e.Decode(&p); err != nil {
				return fmt.Errorf("%s payload: %w", e.Type, err)
			}
			id = p.InvoiceID
		case invoices.EventInvoiceRefunded:
			var p invoices.RefundedData
			if err := e.Decode(&p); err != nil {
				return fmt.Errorf("%s payload: %w", e.Type, err)
			}
			id, ofReturn = p.InvoiceID, true
		default:
			return nil
		}
		inv, err := svc.Invoice(ctx, invoices.Agency, id)
		if err != nil {
			return err
		}
		if ofReturn && inv.ReturnNumber == "" {
			// The refund's numbering was cut off: refunding a refunded invoice numbers its return.
			if inv, err = svc.Refund(ctx, id); err != nil {
				return err
			}
		}
		if inv.Sandbox || (!ofReturn && inv.Sent != nil) || (ofReturn && inv.ReturnSent != nil) {
			// A sandbox invoice is no document in law: nothing goes to GİB, and nothing is noted.
			return nil
		}
		d, err := is.Of(ctx, inv, ofReturn)
		if err != nil {
			return err
		}
		ref, err := to.Send(ctx, d)
		if err != nil {
			return fmt.Errorf("send %s to %s: %w", d.Number, to.Name(), err)
		}
		_, err = svc.RecordSent(ctx, id, ofReturn, invoices.Transmission{Integrator: to.Name(), Reference: ref, At: time.Now().UTC()})
		return err
	}
}
