package api_test

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"linguaport/counting/pdf"
	"linguaport/internal/authn"
	"linguaport/internal/placeholders"
)

// pdfText is the words of a PDF as the project's own PDF reader reads them, spaces and line
// breaks folded to single spaces; a glyph it cannot map to a character fails the test.
func pdfText(t *testing.T, b []byte) string {
	t.Helper()
	var text strings.Builder
	res, err := pdf.Text(bytes.NewReader(b), int64(len(b)), pdf.Limits{StreamBytes: 64 << 20, DecodedBytes: 64 << 20, ContentBytes: 64 << 20, Ratio: 1000},
		func(s string) (int, int) { text.WriteString(s); return 0, 0 })
	if err != nil {
		t.Fatalf("reading the PDF back: %v", err)
	}
	if res.UnmappedGlyphs != 0 {
		t.Errorf("%d glyphs without a character", res.UnmappedGlyphs)
	}
	return strings.Join(strings.Fields(text.String()), " ")
}

// GET quotes/{id}.pdf is the quote as a PDF in the language asked for, with every figure of the
// quote, its unit prices and the VAT (or the exemption) svc-billing's rule gives for its
// customer, for its owner and staff only.
func TestQuotePDF(t *testing.T) {
	f := newFixture(t)
	customer := f.customer("cust-pdf")
	// 1,234 words at $0.085: EN $104.89, RU (tier 2, ×1.25) $131.11; $236.00 in all. At 27.50 TRY
	// a dollar the lines are 2,884.4750 → 2,884.48 and 3,605.5250 → 3,605.53 TRY, one kuruş more
	// than the total of 6,490.00 TRY: the PDF's last line gives it back, as the invoice does.
	created := f.send(t, "POST", "/api/v1/orders/quotes", "tr", customer, map[string]any{
		"service": "professional-translation", "sourceLanguage": "tr", "targetLanguages": []string{"en", "ru"},
		"quantity": 1234, "currency": "TRY",
	})
	if created.status != 201 {
		t.Fatalf("quote: %d %s", created.status, created.raw)
	}
	id, number := created.body["id"].(string), created.body["number"].(string)
	lines, _ := created.body["lines"].([]any)
	if len(lines) != 2 || obj(lines[0], "price")["amount"].(float64) != 288448 || obj(lines[1], "price")["amount"].(float64) != 360553 ||
		obj(created.body, "total")["amount"].(float64) != 649000 || obj(created.body, "totalUsd")["amount"].(float64) != 23600 {
		t.Fatalf("the quote is not priced as this test expects: %s", created.raw)
	}
	createdAt, _ := time.Parse(time.RFC3339Nano, created.body["createdAt"].(string))
	turkey := time.FixedZone("TRT", 3*60*60)
	issued, valid := createdAt.In(turkey), createdAt.Add(14*24*time.Hour).In(turkey)

	for _, c := range []struct {
		lang, header string
		want, not    []string
	}{
		{"tr", "en", []string{
			"TEKLİF", "Numara " + number, "Tarih " + issued.Format("02.01.2006"), "Geçerlilik tarihi " + valid.Format("02.01.2006"),
			"Durum Onay bekliyor",
			// Unit prices: 2.884,48 ÷ 1.234 = 2,33750… and 3.605,52 ÷ 1.234 = 2,92181…
			"Profesyonel Tercüme, Türkçe → İngilizce 1.234 kelime 2,3375 TRY 2.884,48 TRY",
			"Profesyonel Tercüme, Türkçe → Rusça 1.234 kelime 2,9218 TRY 3.605,52 TRY",
			// The customer's details are in Turkey: KDV 20 % on the net, as the invoice will.
			"Ara toplam 6.490,00 TRY", "KDV %20 1.298,00 TRY", "Genel toplam 7.788,00 TRY",
			"USD karşılığı 283,20 USD", "Uygulanan kur 1 USD = 27,50 TRY",
		}, []string{"KDV hariç", "FATURA", "IBAN"}},
		{"en", "tr", []string{
			"QUOTE", "Number " + number, "Date " + issued.Format("2 Jan 2006"), "Valid until " + valid.Format("2 Jan 2006"),
			"Status Awaiting approval",
			"Professional Translation, Turkish → English 1,234 words 2.3375 TRY 2,884.48 TRY",
			"Professional Translation, Turkish → Russian 1,234 words 2.9218 TRY 3,605.52 TRY",
			"Subtotal 6,490.00 TRY", "VAT 20% 1,298.00 TRY", "Total 7,788.00 TRY",
			"Total in USD 283.20 USD", "Exchange rate 1 USD = 27.50 TRY",
		}, []string{"VAT 0%", "excluding VAT", "INVOICE"}},
	} {
		// ?lang= chooses the document's language over the request's.
		a := f.send(t, "GET", "/api/v1/orders/quotes/"+id+".pdf?lang="+c.lang, c.header, customer, nil)
		if a.status != 200 || a.header.Get("Content-Type") != "application/pdf" || a.header.Get("Cache-Control") != "private, no-store" ||
			a.header.Get("Content-Disposition") != `attachment; filename=`+number+"-"+c.lang+".pdf" {
			t.Fatalf("%s: %d %v %.300s", c.lang, a.status, a.header, a.raw)
		}
		text := pdfText(t, a.raw)
		// The issuer is the configured agency (companytest.Other), as pdftotext reads it too,
		// and nothing on the page is a placeholder.
		raw, err := placeholders.PDFText(a.raw)
		if err != nil {
			t.Fatal(err)
		}
		if found := placeholders.Find(raw); found != nil {
			t.Errorf("%s: placeholder text %q", c.lang, found)
		}
		raw = strings.Join(strings.Fields(raw), " ")
		for _, w := range []string{"Örnek Dil Hizmetleri A.Ş.", "Kızılırmak Mah. Dumlupınar Blv. No: 9 Kat: 3", "06510 Çankaya / Ankara", "1234567890", "0123456789000017"} {
			if !strings.Contains(raw, w) {
				t.Errorf("%s: the configured agency's %q missing in:\n%s", c.lang, w, raw)
			}
		}
		if strings.Contains(raw, "LinguaPort Çeviri") {
			t.Errorf("%s: the demo facts show through:\n%s", c.lang, raw)
		}
		for _, w := range c.want {
			if !strings.Contains(text, w) {
				t.Errorf("%s: missing %q in:\n%s", c.lang, w, text)
			}
		}
		for _, n := range c.not {
			if strings.Contains(text, n) {
				t.Errorf("%s: %q in:\n%s", c.lang, n, text)
			}
		}
	}

	// Without ?lang= the document is in the request's language.
	if a := f.send(t, "GET", "/api/v1/orders/quotes/"+id+".pdf", "en", customer, nil); a.status != 200 || !strings.Contains(pdfText(t, a.raw), "VAT 20% 1,298.00 TRY") {
		t.Errorf("request's language: %d", a.status)
	}
	// Staff may download any quote, as they may read it, with its customer's VAT: the customer
	// now bills from abroad, so no KDV and the exemption, whoever downloads it.
	f.billing.save("cust-pdf", "GB")
	for who, token := range map[string]string{"staff": f.token(authn.RoleAdmin), "customer": customer} {
		a := f.send(t, "GET", "/api/v1/orders/quotes/"+id+".pdf?lang=tr", "tr", token, nil)
		text := pdfText(t, a.raw)
		for _, w := range []string{number, "KDV %0 0,00 TRY", "KDV Kanunu 11/1-a maddesi uyarınca istisna", "Genel toplam 6.490,00 TRY", "USD karşılığı 236,00 USD"} {
			if a.status != 200 || !strings.Contains(text, w) {
				t.Errorf("%s, billed abroad: %d, missing %q in:\n%s", who, a.status, w, text)
			}
		}
	}
	// A svc-billing that does not answer does not stop the download: the PDF then says its
	// prices exclude VAT and that the invoice adds any due, and prints no VAT figure.
	f.billing.down.Store(true)
	a := f.send(t, "GET", "/api/v1/orders/quotes/"+id+".pdf?lang=en", "en", customer, nil)
	text := pdfText(t, a.raw)
	for _, w := range []string{"Prices exclude VAT; any VAT due is added on the invoice.", "Total (excluding VAT) 6,490.00 TRY", "Total in USD 236.00 USD"} {
		if a.status != 200 || !strings.Contains(text, w) {
			t.Errorf("billing down: %d, missing %q in:\n%s", a.status, w, text)
		}
	}
	if strings.Contains(text, "VAT 20%") || strings.Contains(text, "VAT 0%") {
		t.Errorf("billing down, yet a VAT figure:\n%s", text)
	}
	f.billing.down.Store(false)
	// Another customer does not learn that the quote exists, as with its data; a visitor signs in.
	other := f.tokenFor("cust-other", authn.RoleCustomer)
	for _, path := range []string{id + ".pdf?lang=tr", id, "NO-SUCH-QUOTE.pdf"} {
		if a := f.send(t, "GET", "/api/v1/orders/quotes/"+path, "en", other, nil); a.status != 404 || a.code() != "not_found" {
			t.Errorf("other customer, %s: %d %s", path, a.status, a.raw)
		}
	}
	if a := f.send(t, "GET", "/api/v1/orders/quotes/"+id+".pdf", "en", "", nil); a.status != 401 {
		t.Errorf("visitor: %d", a.status)
	}
	// The quote's data is still JSON under the same route.
	if a := f.send(t, "GET", "/api/v1/orders/quotes/"+id, "en", customer, nil); a.status != 200 || a.body["number"] != number {
		t.Errorf("quote data: %d %.300s", a.status, a.raw)
	}

	// A language the site lacks is refused by name, in the request's language.
	for lang, want := range map[string]string{"tr": "Belgenin dili tr veya en olmalı.", "en": "The document's language must be tr or en."} {
		for _, q := range []string{"?lang=de", "?lang=tr&lang=en"} {
			a := f.send(t, "GET", "/api/v1/orders/quotes/"+id+".pdf"+q, lang, customer, nil)
			if a.status != 400 || fieldOf(a.body, "lang") != want {
				t.Errorf("%s in %s: %d %s", q, lang, a.status, a.raw)
			}
		}
	}
}
