package invoices

import (
	"bytes"

	"linguaport/internal/documents"
	"linguaport/internal/i18n"
)

// Document is the invoice as its PDF shows it: the work lines with their quantities and unit
// prices (each line's amount ÷ its quantity, documents.UnitPriceOf; the VAT line is the
// document's own VAT row), the billing details it was issued to, the totals in both currencies,
// and once paid when and how it was paid, issued by seller (the agency's facts, internal/company,
// documents.SellerOf). The download (GET invoices/{id}.pdf) and the mails
// (mails.go) both render this one, so the PDF a customer is mailed is the one they download.
func Document(inv Invoice, seller documents.Seller) documents.Document {
	d := documents.Document{
		Seller: seller,
		Kind:   documents.Invoice, Number: inv.Number, IssuedAt: inv.IssuedAt, Status: string(inv.Status),
		Currency: inv.Currency, Net: inv.Totals.Net, Total: inv.Totals.Total, TotalUSD: inv.TotalsUSD.Total,
		RateMicros: inv.RateMicros, OrderNumber: inv.OrderNumber, QuoteNumber: inv.QuoteNumber,
		VAT: documents.VAT{Amount: inv.Totals.VAT},
		Buyer: documents.Buyer{
			Type: inv.Details.Type, FullName: inv.Details.FullName, CompanyName: inv.Details.CompanyName,
			TCKN: inv.Details.TCKN, VKN: inv.Details.VKN, TaxID: inv.Details.TaxID, TaxOffice: inv.Details.TaxOffice,
			Address: inv.Details.Address, City: inv.Details.City, Postcode: inv.Details.Postcode,
			Country: inv.Details.Country, Email: inv.Details.Email,
		},
	}
	// A paid invoice says when and how instead of how to pay: the day a bank transfer arrived
	// (as staff read it on the statement), else the moment the payment was recorded.
	if inv.PaidAt != nil {
		d.PaidAt = *inv.PaidAt
		if inv.Payment != nil {
			d.PaidBy = inv.Payment.Method
			if inv.Payment.ReceivedAt != nil {
				d.PaidAt = *inv.Payment.ReceivedAt
			}
		}
	}
	if inv.RefundedAt != nil {
		d.RefundedAt = *inv.RefundedAt
	}
	if inv.InTurkey {
		d.VAT.RatePercent = inv.VATPercent
	} else {
		d.VAT.Exemption = ExemptionNote
	}
	if inv.Sandbox {
		d.Notice = SandboxNote // across the page, in the PDF's language: a test must never pass for an invoice
	}
	for _, l := range inv.Lines {
		if l.Kind == KindWork {
			d.Lines = append(d.Lines, documents.Line{Description: l.Description, Quantity: int64(l.Quantity), Unit: l.Unit, Amount: l.Amount})
		}
	}
	return d
}

// FileName is the invoice's PDF's base name, its number (its id before it has one).
func FileName(inv Invoice) string {
	if inv.Number != "" {
		return inv.Number
	}
	return inv.ID
}

// PDF renders the invoice in lang, as the download serves it.
func PDF(inv Invoice, seller documents.Seller, lang i18n.Lang) ([]byte, error) {
	var buf bytes.Buffer
	if err := documents.Render(&buf, Document(inv, seller), lang); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
