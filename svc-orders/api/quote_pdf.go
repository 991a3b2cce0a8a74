package api

import (
	"context"
	"net/http"
	"strings"

	"linguaport/internal/documents"
	"linguaport/internal/httpx"
	"linguaport/internal/i18n"
	"linguaport/internal/names"
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
	// quotePDF is a quote to answer as a PDF in lang.
	quotePDF struct {
		quote *quotes.Quote
		lang  i18n.Lang
	}
)

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

// quoteDocument is the quote as its PDF shows it. A quote is priced before VAT (whether VAT
// applies depends on the billing details given when it is invoiced), so the document says its
// prices exclude VAT rather than print a VAT figure. Quotes keep no billing details, so the
// customer block is left out.
func quoteDocument(q *quotes.Quote) documents.Document {
	d := documents.Document{
		Kind: documents.Quote, Number: q.Number, IssuedAt: q.CreatedAt, DueAt: q.ExpiresAt, Status: string(q.Status),
		Currency: q.Total.Currency, Net: q.Total.Amount, Total: q.Total.Amount, TotalUSD: q.TotalUSD.Amount,
		RateMicros: q.RateMicros, OrderNumber: q.OrderNumber, VATExcluded: true,
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
	return documents.Serve(w, quoteDocument(p.quote), p.lang, name)
}
