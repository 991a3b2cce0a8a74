package api_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/csv"
	"encoding/xml"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"linguaport/internal/authn"
	"linguaport/internal/events"
	"linguaport/internal/testenv"
	"linguaport/svc-billing/einvoice"
	"linguaport/svc-billing/einvoice/einvoicetest"
	"linguaport/svc-billing/invoices"
)

// customer is a customer's token, with billing details saved.
func (b *billing) customer(t *testing.T, id string, details map[string]any) string {
	t.Helper()
	tok := b.token(id, authn.RoleCustomer)
	if a := b.put(t, tok, "tr", details); a.status != 200 {
		t.Fatalf("billing details of %s: %d %v", id, a.status, a.body)
	}
	return tok
}

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
	tok := b.customer(t, "cust-xml", individualTR())
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
	tok := b.customer(t, "cust-ret", individualTR())
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

// Staff export a period's documents for the accountant: one ZIP with each invoice issued and
// each return document of a refund in those days, valid, and an index of them; a bad period is
// refused with words, and only staff get it.
func TestEDocumentsExport(t *testing.T) {
	b := newBilling(t)
	tok := b.customer(t, "cust-zip", individualTR())
	b.approve(t, "q-zip1", "cust-zip")
	b.list(t, tok, 1)
	b.approve(t, "q-zip2", "cust-zip")
	list := b.list(t, tok, 2)
	admin := b.token("staff-zip", authn.RoleAdmin)
	refunded := list[1]["id"].(string) // the first issued
	if a := b.post(t, "/api/v1/billing/admin/invoices/"+refunded+"/mark-paid", admin, "tr", "", map[string]any{"reference": "EFT 2", "receivedAt": "2026-11-22"}); a.status != 200 {
		t.Fatalf("mark paid: %d %v", a.status, a.body)
	}
	if a := b.post(t, "/api/v1/billing/admin/invoices/"+refunded+"/refund", admin, "tr", "", nil); a.status != 200 {
		t.Fatalf("refund: %d %v", a.status, a.body)
	}

	resp, body := b.download(t, "/api/v1/billing/admin/e-documents.zip?from=2026-11-01&to=2026-11-30", admin, "tr")
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "application/zip" ||
		resp.Header.Get("Content-Disposition") != "attachment; filename=e-arsiv-2026-11-01-2026-11-30.zip" {
		t.Fatalf("%d %v %.200s", resp.StatusCode, resp.Header, body)
	}
	zr, err := zip.NewReader(bytes.NewReader(body), int64(len(body)))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	for _, f := range zr.File {
		rc, _ := f.Open()
		files[f.Name], _ = io.ReadAll(rc)
		rc.Close()
	}
	for _, name := range []string{"faturalar/LPA2026000000001.xml", "faturalar/LPA2026000000002.xml", "iadeler/LPR2026000000001.xml"} {
		if err := einvoicetest.Validate(files[name], true); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	rows, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(files["index.csv"], []byte("\ufeff")))).ReadAll()
	if err != nil || len(files) != 4 || len(rows) != 4 {
		t.Fatalf("%d files, index %v %v", len(files), rows, err)
	}
	if r := rows[3]; r[0] != "LPR2026000000001" || r[1] != "IADE" || r[3] != "LPA2026000000001" || r[4] != "Ayşe Yılmaz" || r[9] != "2244.00" {
		t.Errorf("the return's row %v", r)
	}

	// Another month has none of them.
	_, body = b.download(t, "/api/v1/billing/admin/e-documents.zip?from=2026-10-01&to=2026-10-31", admin, "tr")
	if zr, err := zip.NewReader(bytes.NewReader(body), int64(len(body))); err != nil || len(zr.File) != 1 {
		t.Errorf("October: %v files, %v", zr, err)
	}
	for query, field := range map[string]string{
		"?from=2026-11-01":               "to",
		"?from=01.11.2026&to=2026-11-30": "from",
		"?from=2026-11-30&to=2026-11-01": "to",
		"?from=2026-01-01&to=2026-06-30": "to",
	} {
		a := b.call(t, "/api/v1/billing/admin/e-documents.zip"+query, admin, "en")
		if a.status != 400 || errorCode(a) != "validation_failed" || fieldsOf(a)[field] == nil {
			t.Errorf("%s: %d %v", query, a.status, a.body)
		}
	}
	if a := b.call(t, "/api/v1/billing/admin/e-documents.zip?from=2026-11-01&to=2026-11-30", tok, "en"); a.status != 403 {
		t.Errorf("a customer: %d", a.status)
	}
}

// Issued invoices and refunds send their documents to the GİB integrator (the local recorder
// here), once each, and the invoice says when; an event delivered again sends nothing more.
func TestDocumentsGoToTheIntegrator(t *testing.T) {
	b := newBilling(t)
	tok := b.customer(t, "cust-gib", individualTR())
	b.approve(t, "q-gib", "cust-gib")
	id := b.list(t, tok, 1)[0]["id"].(string)
	// The invoice document notes what went to the integrator (not in its JSON).
	sentOf := func(ofReturn bool) *invoices.Transmission {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for {
			inv, err := b.invoices.Invoice(context.Background(), id)
			if err != nil {
				t.Fatal(err)
			}
			if sent := map[bool]*invoices.Transmission{false: inv.Sent, true: inv.ReturnSent}[ofReturn]; sent != nil {
				return sent
			}
			if time.Now().After(deadline) {
				t.Fatalf("the invoice notes no document sent (return: %v)", ofReturn)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	if sent := sentOf(false); sent.Integrator != "local-recorder" || !strings.HasPrefix(sent.Reference, "local-") {
		t.Errorf("sent %+v", sent)
	}
	doc, err := os.ReadFile(filepath.Join(b.recorder.Dir(), "LPA2026000000001.xml"))
	if err != nil {
		t.Fatal(err)
	}
	if _, served := b.download(t, "/api/v1/billing/invoices/"+id+".xml", tok, "tr"); !bytes.Equal(doc, served) {
		t.Error("the integrator got another document than the customer downloads")
	}

	admin := b.token("staff-gib", authn.RoleAdmin)
	if a := b.post(t, "/api/v1/billing/admin/invoices/"+id+"/mark-paid", admin, "tr", "", map[string]any{"reference": "EFT 3", "receivedAt": "2026-11-22"}); a.status != 200 {
		t.Fatalf("mark paid: %d %v", a.status, a.body)
	}
	if a := b.post(t, "/api/v1/billing/admin/invoices/"+id+"/refund", admin, "tr", "", nil); a.status != 200 {
		t.Fatalf("refund: %d %v", a.status, a.body)
	}
	sentOf(true)
	if _, err := os.Stat(filepath.Join(b.recorder.Dir(), "LPR2026000000001.xml")); err != nil {
		t.Fatal(err)
	}

	// Redelivered under new event ids (a relay that crashed after publishing): nothing is sent again.
	issued, _ := events.New(context.Background(), invoices.EventInvoiceIssued, invoices.IssuedData{InvoiceID: id})
	refunded, _ := events.New(context.Background(), invoices.EventInvoiceRefunded, invoices.RefundedData{InvoiceID: id})
	for _, e := range []events.Event{issued, refunded} {
		if err := b.pub.Publish(context.Background(), events.Stream("billing"), e); err != nil {
			t.Fatal(err)
		}
	}
	time.Sleep(500 * time.Millisecond)
	lines, _ := os.ReadFile(filepath.Join(b.recorder.Dir(), "sent.jsonl"))
	if n := bytes.Count(lines, []byte("\n")); n != 2 {
		t.Errorf("%d documents recorded, want 2:\n%s", n, lines)
	}
}

// Staff register a customer for e-Fatura from GİB's list: their next invoice is an e-Fatura
// document of the scenario set (valid as one), until staff unregister them; bad values are
// refused with words, customers cannot do it, and each change is audited.
func TestEFaturaRegistration(t *testing.T) {
	b := newBilling(t)
	tok := b.customer(t, "cust-efat", companyTR())
	admin := b.staffToken("staff-efat", "Selin Kaya")
	path := "/api/v1/billing/admin/customers/cust-efat/e-fatura"
	send := func(method, token, body string) answer {
		t.Helper()
		var rd io.Reader
		if body != "" {
			rd = strings.NewReader(body)
		}
		req, _ := http.NewRequest(method, b.url+path, rd)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept-Language", "tr")
		req.Header.Set("Authorization", "Bearer "+token)
		var out map[string]any
		resp := testenv.DoJSON(t, req, &out)
		return answer{status: resp.StatusCode, body: out}
	}
	if a := b.call(t, path, admin, "en"); a.status != 200 || a.body["registration"] != nil {
		t.Fatalf("before: %d %v", a.status, a.body)
	}
	for body, field := range map[string]string{
		`{"scenario":"IHRACAT","alias":"urn:mail:defaultpk@ornek.com.tr"}`: "scenario",
		`{"scenario":"TICARIFATURA","alias":"defaultpk@ornek.com.tr"}`:     "alias",
	} {
		a := send("PUT", admin, body)
		if a.status != 400 || fieldsOf(a)[field] == nil {
			t.Errorf("%s: %d %v", body, a.status, a.body)
		}
	}
	if a := send("PUT", tok, `{"scenario":"TICARIFATURA","alias":"urn:mail:defaultpk@ornek.com.tr"}`); a.status != 403 {
		t.Errorf("the customer registering themselves: %d", a.status)
	}
	if a := send("PUT", admin, `{"scenario":"TICARIFATURA","alias":" urn:mail:defaultpk@ornek.com.tr "}`); a.status != 200 {
		t.Fatalf("register: %d %v", a.status, a.body)
	}
	b.approve(t, "q-efat1", "cust-efat")
	first := b.list(t, tok, 1)[0]
	if ef, _ := first["eFatura"].(map[string]any); ef["scenario"] != "TICARIFATURA" || ef["alias"] != "urn:mail:defaultpk@ornek.com.tr" {
		t.Fatalf("the invoice after registering: %v", first["eFatura"])
	}
	_, doc := b.download(t, "/api/v1/billing/invoices/"+first["id"].(string)+".xml", tok, "tr")
	if err := einvoicetest.Validate(doc, false); err != nil || !bytes.Contains(doc, []byte("<cbc:ProfileID>TICARIFATURA</cbc:ProfileID>")) {
		t.Fatalf("e-Fatura document: %v\n%s", err, doc)
	}
	// The integrator is given the buyer's alias for the envelope.
	deadline := time.Now().Add(10 * time.Second)
	for {
		lines, _ := os.ReadFile(filepath.Join(b.recorder.Dir(), "sent.jsonl"))
		if bytes.Contains(lines, []byte(`"profile":"TICARIFATURA","alias":"urn:mail:defaultpk@ornek.com.tr"`)) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the integrator was not given the alias:\n%s", lines)
		}
		time.Sleep(50 * time.Millisecond)
	}

	if a := send("DELETE", admin, ""); a.status != 200 || a.body["registration"] != nil {
		t.Fatalf("unregister: %d %v", a.status, a.body)
	}
	b.approve(t, "q-efat2", "cust-efat")
	second := b.list(t, tok, 2)[0]
	if second["eFatura"] != nil {
		t.Errorf("the invoice after unregistering: %v", second["eFatura"])
	}
	actions := map[string]bool{}
	for _, e := range b.auditEntries(t, "object=customer:cust-efat") {
		actions[e["action"].(string)] = true
	}
	if !actions["customer.e-fatura.register"] || !actions["customer.e-fatura.unregister"] {
		t.Errorf("audit: %v", actions)
	}
}
