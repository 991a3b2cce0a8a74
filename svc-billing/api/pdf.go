package api

import (
	"net/http"
	"strings"

	"linguaport/internal/documents"
	"linguaport/internal/httpx"
	"linguaport/internal/i18n"
	"linguaport/svc-billing/invoices"
)

// pdfSuffix asks for an invoice as a PDF: GET invoices/{id}.pdf?lang=tr|en. The path keeps the
// one route of an invoice (a wildcard is a whole path segment), so the same access rule guards
// the document and its data.
const pdfSuffix = ".pdf"

// invoicePDF is an invoice to answer as a PDF in lang.
type invoicePDF struct {
	invoice invoices.Invoice
	lang    i18n.Lang
	seller  documents.Seller // the agency, from its facts
}

// pdfRequest reads the id of GET invoices/{id}.pdf and the language of the document: ?lang=,
// or the request's language.
func pdfRequest(r *http.Request, id string) (invoiceRequest, error) {
	lang, err := documents.LanguageOf(r, httpx.LangFrom(r.Context()))
	return invoiceRequest{ID: strings.TrimSuffix(id, pdfSuffix), PDF: true, Lang: lang}, err
}

// document is the invoice as its PDF shows it: the work lines with their quantities and unit
// prices (each line's amount ÷ its quantity, documents.UnitPriceOf; the VAT line is the
// document's own VAT row), the billing details it was issued to, the totals in both currencies,
// and once paid when and how it was paid.
func document(inv invoices.Invoice, seller documents.Seller) documents.Document {
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
		d.VAT.Exemption = invoices.ExemptionNote
	}
	for _, l := range inv.Lines {
		if l.Kind == invoices.KindWork {
			d.Lines = append(d.Lines, documents.Line{Description: l.Description, Quantity: int64(l.Quantity), Unit: l.Unit, Amount: l.Amount})
		}
	}
	return d
}

// encodePDF answers the invoice as a PDF, named by its number.
func encodePDF(w http.ResponseWriter, p invoicePDF) error {
	name := p.invoice.Number
	if name == "" {
		name = p.invoice.ID
	}
	return documents.Serve(w, document(p.invoice, p.seller), p.lang, name)
}
