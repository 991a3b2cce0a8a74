package api

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"

	"linguaport/internal/errs"
	"linguaport/internal/httpx"
	"linguaport/internal/mongox"
	"linguaport/svc-billing/invoices"
	"linguaport/svc-billing/profile"
)

// maxProfileBody bounds a billing details request: a dozen short fields.
const maxProfileBody = 16 << 10

func decodeNothing(context.Context, *http.Request) (any, error) { return nil, nil }

// decodeInvoices reads GET invoices' query: its one filter, ?orderId= (the order page's link to its
// invoice), and the page (mongox.ReadPage; invoices.ListLimit when no limit is asked, as the web
// app asks none).
func decodeInvoices(_ context.Context, r *http.Request) (any, error) {
	query := r.URL.Query()
	q := invoices.OwnQuery{OrderID: strings.TrimSpace(query.Get("orderId"))}
	bad := errs.Fields{}
	if len(q.OrderID) > maxOrderID {
		bad.Add("orderId", reasonOrderID)
	}
	q.Limit, q.After = mongox.ReadPage(query, invoices.ListLimit, bad, invoices.ReasonCursor)
	return q, bad.Err()
}

// maxOrderID bounds ?orderId=: svc-orders' ids are 24 hex digits; a longer one names no order.
const (
	maxOrderID    = 100
	reasonOrderID = "order_id"
)

func decodeInvoice(_ context.Context, r *http.Request) (any, error) {
	id := r.PathValue("id")
	if strings.HasSuffix(id, pdfSuffix) {
		return pdfRequest(r, id)
	}
	if strings.HasSuffix(id, xmlSuffix) {
		return xmlRequest(id), nil
	}
	return invoiceRequest{ID: id, Session: r.URL.Query().Get("session")}, nil
}

// Reasons of the decoder's own field errors, beside the profile package's.
const (
	reasonUnknown   = "unknown"    // a field the details do not have
	reasonNotString = "not_string" // every field is a string (or null, read as empty)
)

// decodeDetails reads the whole of the billing details. A field the form does not have is
// refused by name rather than ignored: a misspelt "vkn" would otherwise be saved as no VKN.
func decodeDetails(_ context.Context, r *http.Request) (any, error) {
	var raw map[string]json.RawMessage
	if err := httpx.DecodeJSON(r, maxProfileBody, &raw); err != nil {
		return nil, err
	}
	var d profile.Details
	into := map[string]*string{
		"type": &d.Type, "fullName": &d.FullName, "tckn": &d.TCKN, "companyName": &d.CompanyName,
		"taxOffice": &d.TaxOffice, "vkn": &d.VKN, "taxId": &d.TaxID, "address": &d.Address, "city": &d.City,
		"postcode": &d.Postcode, "country": &d.Country, "email": &d.Email,
	}
	fields := errs.Fields{}
	for name, v := range raw {
		target, ok := into[name]
		switch {
		case !ok:
			fields.Add(name, reasonUnknown)
		case string(v) == "null":
		case json.Unmarshal(v, target) != nil:
			fields.Add(name, reasonNotString)
		}
	}
	if err := fields.Err(); err != nil {
		return nil, err
	}
	return d, nil
}

// encodePrivate: billing details and invoices are personal; no cache keeps them.
func encodePrivate(ctx context.Context, w http.ResponseWriter, response any) error {
	switch r := response.(type) {
	case invoicePDF:
		return encodePDF(w, r)
	case invoiceXML:
		return encodeXML(w, r)
	case eDocumentsZIP:
		return encodeEDocuments(ctx, w, r)
	case payoutsCSV:
		return encodeCSV(w, r)
	}
	w.Header().Set("Cache-Control", "no-store")
	return httpx.EncodeJSONResponse(ctx, w, response)
}
