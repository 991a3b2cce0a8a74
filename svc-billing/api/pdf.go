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

// encodePDF answers the invoice as a PDF, named by its number.
func encodePDF(w http.ResponseWriter, p invoicePDF) error {
	return documents.Serve(w, invoices.Document(p.invoice, p.seller), p.lang, invoices.FileName(p.invoice))
}
