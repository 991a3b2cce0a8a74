package api

import (
	"context"
	"linguaport/internal/authn"
	"net/http"
	"strings"

	"linguaport/internal/documents"
	"linguaport/internal/httpx"
	"linguaport/internal/i18n"
	"linguaport/internal/names"
	"linguaport/svc-orders/billing"
	"linguaport/svc-orders/quotes"
)

// pdfSuffix asks for a quote as a PDF: GET quotes/{id}.pdf?lang=tr|en. The path keeps the one
// route of a quote (a wildcard is a whole path segment), so the same access rule and the same
// ownership check guard the document and its data, as svc-billing does for invoices.
const pdfSuffix = ".pdf"

type (
	// quotePDFRequest names a quote to download as a PDF in Lang.
	quotePDFRequest struct {
		ID   string
		Lang i18n.Lang
	}
	// quotePDF is a quote to answer as a PDF in lang, with the VAT its invoice will carry (nil
	// when svc-billing did not say).
	quotePDF struct {
		quote  *quotes.Quote
		lang   i18n.Lang
		tax    *billing.Tax
		seller documents.Seller // the agency, from its facts
	}
)

// Billing is svc-billing's VAT rule (svc-orders/billing.Client).
type Billing interface {
	Tax(ctx context.Context, c authn.Caller, customerID string, net int64, currency string, netUSD int64, lang i18n.Lang) (billing.Tax, error)
}

// taxOf asks svc-billing what the quote's invoice will charge its customer, worded in lang. A
// billing that does not answer does not stop the download: the PDF then says its prices exclude
// VAT and that the invoice adds any due (quoteDocument), which is true, only less precise.
func taxOf(ctx context.Context, c authn.Caller, b Billing, q *quotes.Quote, lang i18n.Lang) *billing.Tax {
	if b == nil {
		return nil
	}
	t, err := b.Tax(ctx, c, q.CustomerID, q.Total.Amount, q.Total.Currency, q.TotalUSD.Amount, lang)
	if err != nil {
		return nil
	}
	return &t
}

// decodeQuoteID reads GET quotes/{id}: the quote's data, or with .pdf its document in ?lang=,
// else in the request's language.
func decodeQuoteID(ctx context.Context, r *http.Request) (any, error) {
	id := r.PathValue("id")
	if !strings.HasSuffix(id, pdfSuffix) {
		return idRequest{ID: id}, nil
	}
	lang, err := documents.LanguageOf(r, httpx.LangFrom(ctx))
	if err != nil {
		return nil, err
	}
	return quotePDFRequest{ID: strings.TrimSuffix(id, pdfSuffix), Lang: lang}, nil
}

// encodeQuote answers a quote as JSON, or as the PDF it was asked for.
func encodeQuote(ctx context.Context, w http.ResponseWriter, response any) error {
	if p, ok := response.(quotePDF); ok {
		return encodeQuotePDF(w, p)
	}
	return encodePrivate(ctx, w, response)
}

// quoteDocument is the quote as its PDF shows it: the net, the VAT (KDV, or the exemption for a
// customer billed abroad) and the total to be paid, as svc-billing's rule gives them for the
// quote's customer (tax), so the figures are those the invoice will carry. Without tax (billing
// did not answer, or answered for other figures) the document says its prices exclude VAT and
// the invoice adds any due. Quotes keep no billing details, so the customer block is left out.
func quoteDocument(q *quotes.Quote, tax *billing.Tax, seller documents.Seller) documents.Document {
	d := documents.Document{
		Seller: seller,
		Kind:   documents.Quote, Number: q.Number, IssuedAt: q.CreatedAt, DueAt: q.ExpiresAt, Status: string(q.Status),
		Currency: q.Total.Currency, Net: q.Total.Amount, Total: q.Total.Amount, TotalUSD: q.TotalUSD.Amount,
		RateMicros: q.RateMicros, OrderNumber: q.OrderNumber, VATExcluded: true,
	}
	if tax != nil && tax.Net.Amount == q.Total.Amount && tax.Net.Currency == q.Total.Currency && tax.Total.Amount == tax.Net.Amount+tax.VAT.Amount {
		d.VATExcluded = false
		d.VAT = documents.VAT{RatePercent: tax.VATPercent, Amount: tax.VAT.Amount}
		if !tax.InTurkey {
			// svc-billing worded it in the document's language already.
			d.VAT.Exemption = i18n.Text{TR: tax.VATLabel, EN: tax.VATLabel}
		}
		d.Total = tax.Total.Amount
		if tax.TotalUSD.Currency == "USD" {
			d.TotalUSD = tax.TotalUSD.Amount
		}
	}
	lines := q.InvoiceLines()
	if len(lines) == 0 {
		d.Lines = []documents.Line{{Description: names.ServiceTitle(q.Service), Amount: q.Total.Amount}}
		return d
	}
	var sum int64
	for _, l := range lines {
		d.Lines = append(d.Lines, documents.Line{Description: l.Description, Quantity: int64(l.Quantity), Unit: string(l.Unit), Amount: l.Amount.Amount})
		sum += l.Amount.Amount
	}
	// Each line was converted on its own, so the lines can miss the total by a minor unit of
	// rounding. The last line takes the difference, as on the invoice billing issues from this
	// quote, so the quote and its invoice print the same lines.
	d.Lines[len(d.Lines)-1].Amount += q.Total.Amount - sum
	return d
}

// encodeQuotePDF answers the quote as a PDF, named by its number.
func encodeQuotePDF(w http.ResponseWriter, p quotePDF) error {
	name := p.quote.Number
	if name == "" {
		name = p.quote.ID
	}
	return documents.Serve(w, quoteDocument(p.quote, p.tax, p.seller), p.lang, name)
}
