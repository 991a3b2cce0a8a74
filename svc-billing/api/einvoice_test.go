package api_test

import (
	"encoding/xml"
	"fmt"
	"strings"
	"testing"

	"linguaport/internal/authn"
	"linguaport/svc-billing/einvoice"
	"linguaport/svc-billing/einvoice/einvoicetest"
)

func demoRates(t *testing.T) *einvoice.FileRates {
	t.Helper()
	r, err := einvoice.LoadRates("")
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// GET invoices/{id}.xml is the invoice's e-Arşiv document: it passes the UBL 2.1 schema and GİB's
// rules, its figures are the invoice's (as its JSON and PDF give them), and only its owner and
// staff get it.
func TestInvoiceEArchiveDocument(t *testing.T) {
	b := newBilling(t)
	tok := b.token("cust-xml", authn.RoleCustomer)
	if a := b.put(t, tok, "tr", individualTR()); a.status != 200 {
		t.Fatalf("profile: %d %v", a.status, a.body)
	}
	b.approve(t, "q-xml", "cust-xml")
	inv := b.list(t, tok, 1)[0]
	id := inv["id"].(string)

	resp, doc := b.download(t, "/api/v1/billing/invoices/"+id+".xml", tok, "tr")
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/xml") ||
		resp.Header.Get("Content-Disposition") != "attachment; filename=LPA2026000000001.xml" || resp.Header.Get("Cache-Control") != "private, no-store" {
		t.Fatalf("%d %v %.300s", resp.StatusCode, resp.Header, doc)
	}
	if err := einvoicetest.Validate(doc, true); err != nil {
		t.Fatalf("%v\n%s", err, doc)
	}
	var got struct {
		ID      string `xml:"ID"`
		Profile string `xml:"ProfileID"`
		Total   string `xml:"LegalMonetaryTotal>PayableAmount"`
		Net     string `xml:"LegalMonetaryTotal>TaxExclusiveAmount"`
		VAT     string `xml:"TaxTotal>TaxAmount"`
		Buyer   string `xml:"AccountingCustomerParty>Party>PartyIdentification>ID"`
	}
	if err := xml.Unmarshal(doc, &got); err != nil {
		t.Fatal(err)
	}
	totals := inv["totals"].(map[string]any)
	money := func(minor any) string { n := int64(minor.(float64)); return fmt.Sprintf("%d.%02d", n/100, n%100) }
	if got.ID != inv["number"] || got.Profile != "EARSIVFATURA" || got.Buyer != "10000000146" ||
		got.Total != money(totals["total"]) || got.Net != money(totals["net"]) || got.VAT != money(totals["vat"]) {
		t.Errorf("document %+v, invoice %v %v", got, inv["number"], totals)
	}
	// The PDF's grand total is the document's.
	_, pdfBody := b.download(t, "/api/v1/billing/invoices/"+id+".pdf?lang=en", tok, "en")
	if !strings.Contains(pdfText(t, pdfBody), "Total 2,244.00 TRY") || got.Total != "2244.00" {
		t.Errorf("PDF and document disagree: document %s\n%s", got.Total, pdfText(t, pdfBody))
	}

	if a := b.call(t, "/api/v1/billing/invoices/"+id+".xml", b.token("cust-other", authn.RoleCustomer), "en"); a.status != 404 {
		t.Errorf("another customer: %d", a.status)
	}
	if a := b.call(t, "/api/v1/billing/invoices/"+id+".xml", "", "en"); a.status != 401 {
		t.Errorf("no session: %d", a.status)
	}
	if resp, _ := b.download(t, "/api/v1/billing/invoices/"+id+".xml", b.token("staff-1", authn.RoleAdmin), "tr"); resp.StatusCode != 200 {
		t.Errorf("staff: %d", resp.StatusCode)
	}
}

// A refunded invoice also has its return (İADE) document, numbered in the returns' series and
// pointing at the invoice; one that was not refunded has none (404, worded).
func TestReturnDocument(t *testing.T) {
	b := newBilling(t)
	tok := b.token("cust-ret", authn.RoleCustomer)
	if a := b.put(t, tok, "tr", individualTR()); a.status != 200 {
		t.Fatalf("profile: %d %v", a.status, a.body)
	}
	b.approve(t, "q-ret", "cust-ret")
	id := b.list(t, tok, 1)[0]["id"].(string)
	if a := b.call(t, "/api/v1/billing/invoices/"+id+".return.xml", tok, "en"); a.status != 404 || errorCode(a) != "return_document_not_found" {
		t.Fatalf("before the refund: %d %v", a.status, a.body)
	}
	admin := b.token("staff-ret", authn.RoleAdmin)
	if a := b.post(t, "/api/v1/billing/admin/invoices/"+id+"/mark-paid", admin, "tr", "", map[string]any{"reference": "EFT 1", "receivedAt": "2026-11-22"}); a.status != 200 {
		t.Fatalf("mark paid: %d %v", a.status, a.body)
	}
	a := b.post(t, "/api/v1/billing/admin/invoices/"+id+"/refund", admin, "tr", "", nil)
	if a.status != 200 || a.body["returnNumber"] != "LPR2026000000001" {
		t.Fatalf("refund: %d %v", a.status, a.body)
	}
	resp, doc := b.download(t, "/api/v1/billing/invoices/"+id+".return.xml", tok, "tr")
	if resp.StatusCode != 200 || resp.Header.Get("Content-Disposition") != "attachment; filename=LPR2026000000001.xml" {
		t.Fatalf("%d %v %.300s", resp.StatusCode, resp.Header, doc)
	}
	if err := einvoicetest.Validate(doc, true); err != nil {
		t.Fatalf("%v\n%s", err, doc)
	}
	var got struct {
		ID   string `xml:"ID"`
		Type string `xml:"InvoiceTypeCode"`
		Ref  string `xml:"BillingReference>InvoiceDocumentReference>ID"`
	}
	if err := xml.Unmarshal(doc, &got); err != nil {
		t.Fatal(err)
	}
	if got.ID != "LPR2026000000001" || got.Type != "IADE" || got.Ref != "LPA2026000000001" {
		t.Errorf("return document %+v", got)
	}
}

