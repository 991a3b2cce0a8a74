package api_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"linguaport/counting/pdf"
	"linguaport/internal/authn"
	"linguaport/internal/placeholders"
)

// pdfText is the words of a PDF as the project's own PDF reader reads them.
func pdfText(t *testing.T, b []byte) string {
	t.Helper()
	var text strings.Builder
	_, err := pdf.Text(bytes.NewReader(b), int64(len(b)), pdf.Limits{StreamBytes: 64 << 20, DecodedBytes: 64 << 20, ContentBytes: 64 << 20, Ratio: 1000},
		func(s string) (int, int) { text.WriteString(s); return 0, 0 })
	if err != nil {
		t.Fatalf("reading the PDF back: %v", err)
	}
	return strings.Join(strings.Fields(text.String()), " ")
}

func (b *billing) download(t *testing.T, path, token, lang string) (*http.Response, []byte) {
	t.Helper()
	req, _ := http.NewRequest("GET", b.url+path, nil)
	req.Header.Set("Accept-Language", lang)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp, body
}

// GET invoices/{id}.pdf is the invoice as a PDF in the language asked for (or the request's),
// with every figure of the invoice, for its owner and staff only.
func TestInvoicePDF(t *testing.T) {
	b := newBilling(t)
	tok := b.token("cust-pdf", authn.RoleCustomer)
	if a := b.put(t, tok, "en", individualTR()); a.status != 200 {
		t.Fatalf("profile: %d %v", a.status, a.body)
	}
	b.approve(t, "q-pdf", "cust-pdf")
	id := b.list(t, tok, 1)[0]["id"].(string)

	for _, c := range []struct{ query, header string }{{"?lang=tr", "en"}, {"", "tr"}} {
		resp, body := b.download(t, "/api/v1/billing/invoices/"+id+".pdf"+c.query, tok, c.header)
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "application/pdf" || resp.Header.Get("Cache-Control") != "private, no-store" ||
			resp.Header.Get("Content-Disposition") != `attachment; filename=LPA2026000000001-tr.pdf` {
			t.Fatalf("tr PDF%s: %d %v %.200s", c.query, resp.StatusCode, resp.Header, body)
		}
		text := pdfText(t, body)
		for _, want := range []string{"FATURA", "LPA2026000000001", "Ayşe Yılmaz", "10000000146", "O-2026-00001", "Q-2026-00001",
			"935,00 TRY", "Ara toplam 1.870,00 TRY", "KDV %20 374,00 TRY", "Genel toplam 2.244,00 TRY", "81,60 USD", "1 USD = 27,50 TRY"} {
			if !strings.Contains(text, want) {
				t.Errorf("missing %q in the Turkish PDF:\n%s", want, text)
			}
		}
	}
	resp, body := b.download(t, "/api/v1/billing/invoices/"+id+".pdf?lang=en", tok, "tr")
	text := pdfText(t, body)
	for _, want := range []string{"INVOICE", "LPA2026000000001", "Ayşe Yılmaz", "935.00 TRY", "VAT 20% 374.00 TRY", "2,244.00 TRY", "81.60 USD", "1 USD = 27.50 TRY"} {
		if !strings.Contains(text, want) {
			t.Errorf("missing %q in the English PDF (%d):\n%s", want, resp.StatusCode, text)
		}
	}

	// Who may download it is who may read the invoice.
	if a := b.call(t, "/api/v1/billing/invoices/"+id+".pdf", b.token("cust-other", authn.RoleCustomer), "en"); a.status != 404 {
		t.Errorf("another customer: %d %v", a.status, a.body)
	}
	if resp, _ := b.download(t, "/api/v1/billing/invoices/"+id+".pdf", b.token("staff", authn.RoleAdmin), "en"); resp.StatusCode != 200 {
		t.Errorf("staff: %d", resp.StatusCode)
	}
	if a := b.call(t, "/api/v1/billing/invoices/"+id+".pdf", "", "en"); a.status != 401 {
		t.Errorf("visitor: %d", a.status)
	}
	// A language the site does not have is refused by name, in the request's language.
	if a := b.call(t, "/api/v1/billing/invoices/"+id+".pdf?lang=de", tok, "tr"); a.status != 400 || !strings.Contains(fmt.Sprint(a.body), "Belgenin dili tr veya en olmalı.") {
		t.Errorf("lang=de: %d %v", a.status, a.body)
	}
}

// Every column of the invoice PDF is filled, the unit price included (a line's amount ÷ its
// quantity: 935,00 TRY for 400 words is 2,3375 TRY a word); a pending invoice says how to pay,
// a paid one when and how it was paid and nothing about paying, a refunded one that it was.
func TestInvoicePDFPaidAndRefunded(t *testing.T) {
	b := newBilling(t)
	tok, inv := b.pending(t, "cust-pdf-paid")
	id := inv["id"].(string)
	read := func(lang string) string {
		t.Helper()
		resp, body := b.download(t, "/api/v1/billing/invoices/"+id+".pdf?lang="+lang, tok, lang)
		if resp.StatusCode != 200 {
			t.Fatalf("PDF %s: %d %s", lang, resp.StatusCode, body)
		}
		return pdfText(t, body)
	}
	has := func(text string, want ...string) {
		t.Helper()
		for _, w := range want {
			if !strings.Contains(text, w) {
				t.Errorf("missing %q in:\n%s", w, text)
			}
		}
	}
	hasNot := func(text string, not ...string) {
		t.Helper()
		for _, w := range not {
			if strings.Contains(text, w) {
				t.Errorf("%q in:\n%s", w, text)
			}
		}
	}
	has(read("tr"), "400 kelime 2,3375 TRY 935,00 TRY", "Durum Ödeme bekleniyor", "ÖDEME BİLGİLERİ", "IBAN")
	has(read("en"), "400 words 2.3375 TRY 935.00 TRY", "PAYMENT DETAILS", "IBAN")

	b.declareAndConfirm(t, tok, 224_400)
	paid := b.post(t, "/api/v1/billing/invoices/"+id+"/pay", tok, "en", "k-pdf", map[string]any{"method": "balance"})
	if paid.status != 200 {
		t.Fatalf("pay: %d %v", paid.status, paid.body)
	}
	paidAt, _ := time.Parse(time.RFC3339Nano, paid.body["invoice"].(map[string]any)["paidAt"].(string))
	istanbul, _ := time.LoadLocation("Europe/Istanbul")
	day := paidAt.In(istanbul)
	tr, en := read("tr"), read("en")
	has(tr, "Durum Ödendi", "ÖDEME", day.Format("02.01.2006")+" tarihinde bakiyeden ödendi.", "400 kelime 2,3375 TRY 935,00 TRY")
	has(en, "Status Paid", "PAYMENT", "Paid on "+day.Format("2 Jan 2006")+" from the account balance.")
	for _, text := range []string{tr, en} {
		hasNot(text, "IBAN", "TR26 0006", "ÖDEME BİLGİLERİ", "PAYMENT DETAILS", "havale/EFT açıklamasına", "quoting the invoice number")
	}

	refund := b.post(t, "/api/v1/billing/admin/invoices/"+id+"/refund", b.token("staff", authn.RoleAdmin), "en", "", nil)
	if refund.status != 200 {
		t.Fatalf("refund: %d %v", refund.status, refund.body)
	}
	refundedAt, _ := time.Parse(time.RFC3339Nano, refund.body["refundedAt"].(string))
	en = read("en")
	has(en, "Status Refunded", "Refunded on "+refundedAt.In(istanbul).Format("2 Jan 2006")+" to the customer's balance.")
	hasNot(en, "IBAN")
}

// The invoice PDF names the agency by its configured facts (companytest.Other, not the demo
// set): legal name, MERSİS, tax office and number, address and the account in the invoice's
// currency, as pdftotext reads them; no placeholder text in either language. GET balance
// answers the same accounts for the bank transfer form.
func TestInvoicePDFAndBalanceCarryTheConfiguredFacts(t *testing.T) {
	b := newBilling(t)
	tok, inv := b.pending(t, "cust-pdf-facts")
	id := inv["id"].(string)
	want := map[string][]string{
		"tr": {"Örnek Dil Hizmetleri A.Ş.", "Kızılırmak Mah. Dumlupınar Blv. No: 9 Kat: 3", "06510 Çankaya / Ankara",
			"Kavaklıdere V.D. · VKN 1234567890", "MERSİS No: 0123456789000017", "muhasebe@ornekdil.com.tr · +90 312 444 06 06 · ornekdil.com.tr",
			"Banka: Türkiye Garanti Bankası, Kızılay Şubesi", "Alıcı: Örnek Dil Hizmetleri A.Ş.", "IBAN: TR26 0006 2000 0000 0629 8765 43"},
		"en": {"Örnek Dil Hizmetleri A.Ş.", "Tax office Kavaklıdere · VKN 1234567890", "MERSİS no. 0123456789000017",
			"Account holder: Örnek Dil Hizmetleri A.Ş.", "IBAN: TR26 0006 2000 0000 0629 8765 43"},
	}
	for lang, lines := range want {
		resp, body := b.download(t, "/api/v1/billing/invoices/"+id+".pdf?lang="+lang, tok, lang)
		if resp.StatusCode != 200 {
			t.Fatalf("PDF %s: %d %s", lang, resp.StatusCode, body)
		}
		raw, err := placeholders.PDFText(body)
		if err != nil {
			t.Fatal(err)
		}
		text := strings.Join(strings.Fields(raw), " ")
		for _, w := range lines {
			if !strings.Contains(text, w) {
				t.Errorf("%s PDF lacks %q:\n%s", lang, w, text)
			}
		}
		for _, demo := range []string{"LinguaPort Çeviri", "Zincirlikuyu", "0608051234900001", "TR20 0006"} {
			if strings.Contains(text, demo) {
				t.Errorf("%s PDF shows the demo facts' %q", lang, demo)
			}
		}
		if found := placeholders.Find(raw); found != nil {
			t.Errorf("%s PDF has placeholder text %q", lang, found)
		}
	}

	a := b.call(t, "/api/v1/billing/balance", tok, "en")
	got, _ := json.Marshal(a.body["bankAccounts"])
	const accounts = `[{"bank":"Türkiye Garanti Bankası","branch":"Kızılay Şubesi","currency":"TRY","holder":"Örnek Dil Hizmetleri A.Ş.","iban":"TR26 0006 2000 0000 0629 8765 43"},` +
		`{"bank":"Türkiye Garanti Bankası","branch":"Kızılay Şubesi","currency":"EUR","holder":"Örnek Dil Hizmetleri A.Ş.","iban":"TR96 0006 2000 0000 0629 8765 44"}]`
	if a.status != 200 || string(got) != accounts {
		t.Errorf("balance: %d bankAccounts %s", a.status, got)
	}
}
