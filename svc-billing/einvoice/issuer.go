package einvoice

import (
	"context"
	"fmt"

	"linguaport/internal/company"
	"linguaport/svc-billing/invoices"
)

// Document is one of the agency's e-documents, ready to download or send.
type Document struct {
	Kind    string // "invoice" or "return"
	Number  string // GİB's document number
	UUID    string
	Profile Profile
	// Alias is the e-Fatura buyer's GİB alias, which the integrator addresses the document's
	// envelope to; empty for an e-Arşiv document.
	Alias string
	XML   []byte
}

// FileName is the document's file name: its number.
func (d Document) FileName() string { return d.Number + ".xml" }

// Issuer makes the agency's documents of its invoices: the seller's facts, and the Central
// Bank's rates for invoices in other currencies than TRY.
type Issuer struct {
	Seller company.Facts
	Rates  Rates
}

// Of is the document of inv, or of its return when ofReturn (ErrNotRefunded while the invoice
// is not refunded or its return not yet numbered).
func (is Issuer) Of(ctx context.Context, inv invoices.Invoice, ofReturn bool) (Document, error) {
	var o Options
	if inv.EFatura != nil {
		o.Profile = Profile(inv.EFatura.Scenario)
	}
	if inv.Currency != "TRY" {
		rate, err := is.Rates.TRYRate(ctx, inv.Currency, inv.IssuedAt)
		if err != nil {
			return Document{}, fmt.Errorf("invoice %s: %w", inv.ID, err)
		}
		o.TRYRate = &rate
	}
	d := Document{Kind: "invoice", Number: inv.Number, UUID: documentUUID(inv.ID, "invoice"), Profile: EArchive}
	if o.Profile != "" {
		d.Profile, d.Alias = o.Profile, inv.EFatura.Alias
	}
	var err error
	if ofReturn {
		if inv.ReturnNumber == "" || inv.RefundedAt == nil {
			return Document{}, ErrNotRefunded
		}
		d.Kind, d.Number, d.UUID = "return", inv.ReturnNumber, documentUUID(inv.ID, "return")
		d.XML, err = Return(inv, Refund{Number: inv.ReturnNumber, IssuedAt: *inv.RefundedAt}, is.Seller, o)
	} else {
		d.XML, err = Sale(inv, is.Seller, o)
	}
	if err != nil {
		return Document{}, err
	}
	return d, nil
}
