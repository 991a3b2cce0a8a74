package api

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"linguaport/internal/httpx"
	"linguaport/internal/i18n"
	"linguaport/svc-billing/einvoice"
	"linguaport/svc-billing/invoices"
)

// xmlSuffix asks for an invoice's e-Arşiv (or e-Fatura) document, GİB's UBL-TR XML: GET
// invoices/{id}.xml, beside {id}.pdf and under the same access rule; returnSuffix for the return
// (İADE) document of a refunded invoice, GET invoices/{id}.return.xml.
const (
	xmlSuffix    = ".xml"
	returnSuffix = ".return.xml"
)

// invoiceXML is an invoice's UBL-TR document, ready to answer.
type invoiceXML struct {
	name string
	doc  []byte
}

// eDocument makes inv's UBL-TR document as the seller issued it (or its return document).
func eDocument(ctx context.Context, s Services, inv invoices.Invoice, ofReturn bool) (invoiceXML, error) {
	d, err := einvoice.Issuer{Seller: s.Company, Rates: s.Rates}.Of(ctx, inv, ofReturn)
	return invoiceXML{name: d.FileName(), doc: d.XML}, err
}

// encodeXML answers the document as a download named by the invoice's number.
func encodeXML(w http.ResponseWriter, x invoiceXML) error {
	h := w.Header()
	h.Set("Content-Type", "application/xml; charset=utf-8")
	h.Set("Content-Disposition", "attachment; filename="+x.name)
	h.Set("Cache-Control", "private, no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	_, err := w.Write(x.doc)
	return err
}

func xmlRequest(id string) invoiceRequest {
	if strings.HasSuffix(id, returnSuffix) {
		return invoiceRequest{ID: strings.TrimSuffix(id, returnSuffix), XML: true, Return: true}
	}
	return invoiceRequest{ID: strings.TrimSuffix(id, xmlSuffix), XML: true}
}

var (
	errNoReturnDocument = httpx.NewProblem(http.StatusNotFound, "return_document_not_found",
		i18n.Text{TR: "Bu faturanın iade belgesi yok: fatura iade edilmedi.", EN: "This invoice has no return document: it was not refunded."})
	errRateUnavailable = httpx.NewProblem(http.StatusServiceUnavailable, "rate_unavailable",
		i18n.Text{TR: "Faturanın gününe ait TCMB kuru henüz bilinmiyor; belge biraz sonra hazır olacak.", EN: "The Central Bank's rate for the invoice's day is not known yet; the document will be ready shortly."})
)

// explainEDocument words the e-document's errors: no return document for an invoice that was not
// refunded, and no rate yet for the invoice's day.
func explainEDocument(err error) *httpx.Problem {
	switch {
	case errors.Is(err, einvoice.ErrNotRefunded):
		return errNoReturnDocument
	case errors.Is(err, einvoice.ErrNoRateFor):
		return errRateUnavailable
	}
	return nil
}
