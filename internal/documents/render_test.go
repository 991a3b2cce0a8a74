package documents_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"linguaport/counting/pdf"
	"linguaport/internal/company"
	"linguaport/internal/documents"
	"linguaport/internal/i18n"
	"linguaport/internal/placeholders"
)

var issued = time.Date(2026, 11, 23, 9, 30, 0, 0, time.UTC)

// turkishInvoice is a company in Turkey billed in TRY with 20 % KDV.
func turkishInvoice() documents.Document {
	return documents.Document{
		Kind: documents.Invoice, Number: "LP-2026-000042", IssuedAt: issued, DueAt: issued.AddDate(0, 0, 7),
		Status: "pending", OrderNumber: "SP-2026-000317", QuoteNumber: "TK-2026-000512",
		Seller: documents.SellerOf(company.Demo(), "TRY"),
		Buyer: documents.Buyer{
			Type: documents.Company, CompanyName: "Işık Çağrı Öztürk Dış Ticaret A.Ş.", VKN: "1234567890",
			TaxOffice: "Kadıköy", Address: "Bağdat Cad. No: 12 D: 4, Göztepe", City: "İstanbul",
			Postcode: "34730", Country: "TR", Email: "muhasebe@isikcagri.com.tr",
		},
		Lines: []documents.Line{
			{Description: i18n.Text{TR: "Türkçe → İngilizce yeminli çeviri: ticaret sicil gazetesi, imza sirküleri ve faaliyet belgesi (noter onaylı)", EN: "Turkish → English sworn translation: trade registry gazette, signature circular and activity certificate (notarised)"},
				Quantity: 2500, Unit: "word", UnitPrice: 275, Amount: 687500},
			{Description: i18n.Text{TR: "Almanca deşifre", EN: "German transcription"}, Quantity: 45, Unit: "minute", UnitPrice: 13750, Amount: 618750},
		},
		Currency: "TRY", Net: 1306250,
		VAT:   documents.VAT{RatePercent: 20, Amount: 261250},
		Total: 1567500, TotalUSD: 57000, RateMicros: 27_500_000,
	}
}

// foreignInvoice is an individual in Germany billed in EUR, VAT-exempt.
func foreignInvoice() documents.Document {
	return documents.Document{
		Kind: documents.Invoice, Number: "LP-2026-000043", IssuedAt: issued, DueAt: issued.AddDate(0, 0, 7),
		Status: "paid", OrderNumber: "SP-2026-000318",
		Seller: documents.SellerOf(company.Demo(), "EUR"),
		Buyer: documents.Buyer{
			Type: documents.Individual, FullName: "Şükrü Ağaoğlu", TaxID: "DE811907980",
			Address: "Friedrichstraße 43", City: "Berlin", Postcode: "10117", Country: "DE", Email: "sukru@example.de",
		},
		Lines: []documents.Line{
			{Description: i18n.Text{TR: "İngilizce → Türkçe çeviri", EN: "English → Turkish translation"}, Quantity: 1, Unit: "page", UnitPrice: 123456, Amount: 123456},
		},
		Currency: "EUR", Net: 123456,
		VAT: documents.VAT{RatePercent: 0, Amount: 0, Exemption: i18n.Text{
			TR: "KDV Kanunu 11/1-a maddesi uyarınca istisna",
			EN: "Exempt from Turkish VAT (export of services, VAT Law art. 11/1-a)",
		}},
		Total: 123456, TotalUSD: 134191, RateMicros: 920_000,
	}
}

// quote is an individual in Turkey, not yet approved.
func quote() documents.Document {
	return documents.Document{
		Kind: documents.Quote, Number: "TK-2026-000512", IssuedAt: issued, DueAt: time.Date(2026, 12, 23, 20, 59, 0, 0, time.UTC),
		Status: "pending", Seller: documents.SellerOf(company.Demo(), "TRY"),
		Buyer: documents.Buyer{
			Type: documents.Individual, FullName: "İlkay Gündoğan Şişmanoğlu", TCKN: "10000000146",
			Address: "Atatürk Blv. No: 5", City: "Ankara", Postcode: "06420", Country: "TR",
		},
		Lines: []documents.Line{
			{Description: i18n.Text{TR: "Japonca çeviri", EN: "Japanese translation"}, Quantity: 1200, Unit: "word", UnitPrice: 400, Amount: 480000},
		},
		Currency: "TRY", Net: 480000,
		VAT:   documents.VAT{RatePercent: 20, Amount: 96000},
		Total: 576000, TotalUSD: 20946, RateMicros: 27_500_000,
	}
}

// many is a Turkish invoice of 60 lines, for the page flow.
func many() documents.Document {
	d := turkishInvoice()
	d.Number = "LP-2026-000044"
	d.Lines = nil
	d.Net = 0
	for i := range 60 {
		amount := int64(10000 + i)
		d.Lines = append(d.Lines, documents.Line{
			Description: i18n.Text{TR: fmt.Sprintf("Satır %d: çeviri", i+1), EN: fmt.Sprintf("Line %d: translation", i+1)},
			Quantity:    100, Unit: "word", UnitPrice: 100, Amount: amount,
		})
		d.Net += amount
	}
	d.VAT.Amount = d.Net / 5
	d.Total = d.Net + d.VAT.Amount
	return d
}

// render renders d in lang and reads its text back with the project's own PDF reader, spaces
// and line breaks folded to single spaces.
func render(t *testing.T, d documents.Document, lang i18n.Lang) (string, pdf.Result, []byte) {
	t.Helper()
	var buf bytes.Buffer
	if err := documents.Render(&buf, d, lang); err != nil {
		t.Fatalf("Render: %v", err)
	}
	b := buf.Bytes()
	if dir := os.Getenv("DOCUMENTS_PDF_DIR"); dir != "" { // to look at them by hand
		name := fmt.Sprintf("%s-%s-%s.pdf", d.Kind, d.Number, lang)
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var text strings.Builder
	res, err := pdf.Text(bytes.NewReader(b), int64(len(b)), pdf.Limits{StreamBytes: 64 << 20, DecodedBytes: 64 << 20, ContentBytes: 64 << 20, Ratio: 1000},
		func(s string) (int, int) { text.WriteString(s); return 0, 0 })
	if err != nil {
		t.Fatalf("reading the PDF back: %v", err)
	}
	if res.UnmappedGlyphs != 0 {
		t.Errorf("%d glyphs without a character", res.UnmappedGlyphs)
	}
	return strings.Join(strings.Fields(text.String()), " "), res, b
}

func expect(t *testing.T, text string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("missing %q in:\n%s", w, text)
		}
	}
}

func TestTurkishCustomerInvoice(t *testing.T) {
	d := turkishInvoice()
	text, res, _ := render(t, d, i18n.TR)
	if res.Pages != 1 {
		t.Errorf("%d pages, want 1", res.Pages)
	}
	expect(t, text,
		"FATURA", "LP-2026-000042", "Tarih 23.11.2026", "Son ödeme tarihi 30.11.2026",
		"SP-2026-000317", "TK-2026-000512", "Ödeme bekleniyor",
		"LinguaPort Çeviri Hizmetleri Ltd. Şti.", "Esentepe Mah. Büyükdere Cad. No: 185 Kat: 7", "34394 Şişli / İstanbul",
		"Zincirlikuyu V.D. · VKN 6080512349", "MERSİS No: 0608051234900001", "fatura@linguaport.com · +90 212 555 01 42 · www.linguaport.com",
		"Banka: Türkiye İş Bankası, Levent Ticari Şubesi", "Alıcı: LinguaPort Çeviri Hizmetleri Ltd. Şti.", "IBAN: TR20 0006 4000 0123 4567 8910 01",
		"FATURA EDİLEN", "Işık Çağrı Öztürk Dış Ticaret A.Ş.", "VKN: 1234567890", "Vergi dairesi: Kadıköy",
		"Bağdat Cad. No: 12 D: 4, Göztepe", "34730 İstanbul, Türkiye", "muhasebe@isikcagri.com.tr",
		"Açıklama Miktar Birim fiyat Tutar",
		"Türkçe → İngilizce yeminli çeviri", "(noter onaylı)", // the long description, wrapped
		"2.500 kelime", "2,75 TRY", "6.875,00 TRY",
		"45 dakika", "137,50 TRY", "6.187,50 TRY",
		"Ara toplam 13.062,50 TRY", "KDV %20 2.612,50 TRY", "Genel toplam 15.675,00 TRY",
		"USD karşılığı 570,00 USD", "Uygulanan kur 1 USD = 27,50 TRY", "Sayfa 1/1",
	)
}

func TestTurkishCustomerInvoiceInEnglish(t *testing.T) {
	text, _, _ := render(t, turkishInvoice(), i18n.EN)
	expect(t, text,
		"INVOICE", "LP-2026-000042", "Date 23 Nov 2026", "Due date 30 Nov 2026", "Awaiting payment",
		"Tax office Zincirlikuyu · VKN 6080512349", "MERSİS no. 0608051234900001", "Account holder: LinguaPort Çeviri Hizmetleri Ltd. Şti.",
		"BILL TO", "Işık Çağrı Öztürk Dış Ticaret A.Ş.", "Tax office: Kadıköy",
		"Description Quantity Unit price Amount", "sworn translation", "(notarised)",
		"2,500 words", "2.75 TRY", "6,875.00 TRY", "45 minutes", "137.50 TRY", "6,187.50 TRY",
		"Subtotal 13,062.50 TRY", "VAT 20% 2,612.50 TRY", "Total 15,675.00 TRY",
		"Total in USD 570.00 USD", "Exchange rate 1 USD = 27.50 TRY", "Page 1 of 1",
	)
}

func TestForeignCustomerInvoice(t *testing.T) {
	d := foreignInvoice()
	text, _, _ := render(t, d, i18n.EN)
	expect(t, text,
		"INVOICE", "LP-2026-000043", "Date 23 Nov 2026", "Status Paid",
		"Şükrü Ağaoğlu", "Tax ID: DE811907980", "Friedrichstraße 43", "10117 Berlin, Germany", "sukru@example.de",
		"1 page", "1,234.56 EUR",
		"Subtotal 1,234.56 EUR", "VAT 0% 0.00 EUR", "Exempt from Turkish VAT (export of services, VAT Law art. 11/1-a)",
		"Total 1,234.56 EUR", "Total in USD 1,341.91 USD", "1 USD = 0.92 EUR",
	)
	text, _, _ = render(t, d, i18n.TR)
	expect(t, text,
		"FATURA", "Tarih 23.11.2026", "Durum Ödendi", "Şükrü Ağaoğlu", "Vergi no: DE811907980", "10117 Berlin, Almanya",
		"1 sayfa", "Ara toplam 1.234,56 EUR", "KDV %0 0,00 EUR", "KDV Kanunu 11/1-a maddesi uyarınca istisna",
		"Genel toplam 1.234,56 EUR", "USD karşılığı 1.341,91 USD", "1 USD = 0,92 EUR",
	)
}

func TestQuote(t *testing.T) {
	d := quote()
	text, _, _ := render(t, d, i18n.TR)
	expect(t, text,
		"TEKLİF", "TK-2026-000512", "Tarih 23.11.2026", "Geçerlilik tarihi 23.12.2026", "Durum Onay bekliyor",
		"TEKLİF SUNULAN", "İlkay Gündoğan Şişmanoğlu", "TCKN: 10000000146", "06420 Ankara, Türkiye",
		"1.200 kelime", "4,00 TRY", "4.800,00 TRY",
		"Ara toplam 4.800,00 TRY", "KDV %20 960,00 TRY", "Genel toplam 5.760,00 TRY",
		"USD karşılığı 209,46 USD", "1 USD = 27,50 TRY",
	)
	if strings.Contains(text, "FATURA") || strings.Contains(text, "IBAN") {
		t.Errorf("a quote reads like an invoice:\n%s", text)
	}
	text, _, _ = render(t, d, i18n.EN)
	expect(t, text,
		"QUOTE", "Valid until 23 Dec 2026", "Status Awaiting approval", "PREPARED FOR", "TR ID no: 10000000146", "1,200 words",
		"Subtotal 4,800.00 TRY", "VAT 20% 960.00 TRY", "Total 5,760.00 TRY", "Total in USD 209.46 USD", "1 USD = 27.50 TRY",
	)
}

// TestQuotePricedBeforeVAT: a quote priced before VAT shows no VAT figure and no subtotal, says
// in words that its prices exclude VAT, and one made before any billing details were given has
// no "prepared for" block over nothing.
func TestQuotePricedBeforeVAT(t *testing.T) {
	d := quote()
	d.Buyer, d.VAT, d.Total, d.VATExcluded = documents.Buyer{}, documents.VAT{}, d.Net, true
	d.TotalUSD = 17455
	text, _, _ := render(t, d, i18n.TR)
	expect(t, text, "TEKLİF", "TK-2026-000512", "1.200 kelime", "4.800,00 TRY",
		"Fiyatlar KDV hariçtir; KDV uygulanıyorsa faturada eklenir.", "Toplam (KDV hariç) 4.800,00 TRY",
		"USD karşılığı 174,55 USD", "Uygulanan kur 1 USD = 27,50 TRY")
	for _, no := range []string{"KDV %", "Ara toplam", "TEKLİF SUNULAN", "Genel toplam"} {
		if strings.Contains(text, no) {
			t.Errorf("%q on a quote priced before VAT without billing details:\n%s", no, text)
		}
	}
	text, _, _ = render(t, d, i18n.EN)
	expect(t, text, "QUOTE", "1,200 words", "Prices exclude VAT; any VAT due is added on the invoice.",
		"Total (excluding VAT) 4,800.00 TRY", "Total in USD 174.55 USD", "Exchange rate 1 USD = 27.50 TRY")
	for _, no := range []string{"VAT 0%", "Subtotal", "PREPARED FOR"} {
		if strings.Contains(text, no) {
			t.Errorf("%q on a quote priced before VAT without billing details:\n%s", no, text)
		}
	}
}

// TestManyLinesFlowOverPages: 60 lines take a second page, which repeats the table header and
// says "Page 2 of 2"; every line and the totals are on it.
func TestManyLinesFlowOverPages(t *testing.T) {
	d := many()
	text, res, _ := render(t, d, i18n.EN)
	if res.Pages != 2 {
		t.Fatalf("%d pages, want 2", res.Pages)
	}
	expect(t, text, "Page 1 of 2", "Page 2 of 2", "Line 1: translation", "Line 60: translation", "100.59 TRY",
		"Total "+documents.Money(d.Total, "TRY", i18n.EN))
	if n := strings.Count(text, "Description Quantity Unit price Amount"); n != 2 {
		t.Errorf("table header drawn %d times, want once per page", n)
	}
	// Line 60 comes after the page break: the second page starts with the header again.
	p2 := text[strings.Index(text, "Page 1 of 2"):]
	if !strings.Contains(p2, "Description Quantity") || !strings.Contains(p2, "Line 60") {
		t.Errorf("second page:\n%s", p2)
	}
	text, _, _ = render(t, d, i18n.TR)
	expect(t, text, "Sayfa 1/2", "Sayfa 2/2")
}

// TestUSDInvoice: a document in USD prints its total once, without a rate of 1, and a line
// written in one language only is printed in both.
func TestUSDInvoice(t *testing.T) {
	d := foreignInvoice()
	d.Currency, d.RateMicros, d.TotalUSD = "USD", 1_000_000, 123456
	d.Lines[0].Description = i18n.Text{TR: "Hukuki çeviri"}
	text, _, _ := render(t, d, i18n.EN)
	expect(t, text, "Hukuki çeviri", "1,234.56 USD", "Total 1,234.56 USD")
	if strings.Contains(text, "Exchange rate") || strings.Contains(text, "Total in USD") {
		t.Errorf("a USD document shows a conversion:\n%s", text)
	}
}

func TestRenderIsDeterministic(t *testing.T) {
	_, _, a := render(t, turkishInvoice(), i18n.TR)
	_, _, b := render(t, turkishInvoice(), i18n.TR)
	if !bytes.Equal(a, b) {
		t.Error("two renderings of one document differ")
	}
	if !bytes.Contains(a, []byte("D:20261123093000")) {
		t.Error("the PDF is not dated by the document's issue time")
	}
}

func TestRenderRefusesFiguresThatDoNotAddUp(t *testing.T) {
	for name, mutate := range map[string]func(*documents.Document){
		"lines vs net":  func(d *documents.Document) { d.Lines[0].Amount++ },
		"net+VAT total": func(d *documents.Document) { d.Total++ },
		"kind":          func(d *documents.Document) { d.Kind = "receipt" },
		"no rate":       func(d *documents.Document) { d.RateMicros = 0 },
		"VAT excluded":  func(d *documents.Document) { d.VATExcluded = true },
		"no seller":     func(d *documents.Document) { d.Seller = documents.Seller{} },
	} {
		d := turkishInvoice()
		mutate(&d)
		var buf bytes.Buffer
		if err := documents.Render(&buf, d, i18n.TR); !errors.Is(err, documents.ErrInvalid) {
			t.Errorf("%s: err %v, want ErrInvalid", name, err)
		}
		if buf.Len() != 0 {
			t.Errorf("%s: wrote %d bytes of a refused document", name, buf.Len())
		}
	}
}

// A line without a unit price prints its amount ÷ its quantity; a paid invoice says when and
// how it was paid and carries no bank details or instructions; a refunded one says so too.
func TestSettledInvoice(t *testing.T) {
	d := turkishInvoice()
	for i := range d.Lines {
		d.Lines[i].UnitPrice = 0
	}
	text, _, _ := render(t, d, i18n.TR)
	expect(t, text, "2.500 kelime 2,75 TRY 6.875,00 TRY", "45 dakika 137,50 TRY 6.187,50 TRY", "ÖDEME BİLGİLERİ", "IBAN")

	// 21:30 UTC on 24 November is 25 November in Istanbul.
	d.Status, d.PaidAt, d.PaidBy = "paid", time.Date(2026, 11, 24, 21, 30, 0, 0, time.UTC), "card"
	for lang, want := range map[i18n.Lang][]string{
		i18n.TR: {"Durum Ödendi", "ÖDEME", "25.11.2026 tarihinde kartla ödendi."},
		i18n.EN: {"Status Paid", "PAYMENT", "Paid on 25 Nov 2026 by card."},
	} {
		text, _, _ := render(t, d, lang)
		expect(t, text, want...)
		for _, not := range []string{"IBAN", "TR20 0006", "İş Bankası", "ÖDEME BİLGİLERİ", "PAYMENT DETAILS", "havale/EFT açıklamasına", "quoting the invoice number"} {
			if strings.Contains(text, not) {
				t.Errorf("%s: a paid invoice prints %q:\n%s", lang, not, text)
			}
		}
	}
	for method, want := range map[string]string{"balance": "Paid on 25 Nov 2026 from the account balance.", "bank_transfer": "Paid on 25 Nov 2026 by bank transfer."} {
		d.PaidBy = method
		text, _, _ := render(t, d, i18n.EN)
		expect(t, text, want)
	}
	d.Status, d.PaidBy, d.RefundedAt = "refunded", "bank_transfer", time.Date(2026, 11, 26, 8, 0, 0, 0, time.UTC)
	text, _, _ = render(t, d, i18n.EN)
	expect(t, text, "Status Refunded", "Paid on 25 Nov 2026 by bank transfer.", "Refunded on 26 Nov 2026 to the customer's balance.")
	text, _, _ = render(t, d, i18n.TR)
	expect(t, text, "26.11.2026 tarihinde iade edildi; tutar müşterinin bakiyesine aktarıldı.")
	if strings.Contains(text, "IBAN") {
		t.Errorf("a refunded invoice prints the IBAN:\n%s", text)
	}
}

// TestSellerFromFacts: the agency on a document is whatever its configured facts say (not the
// demo set): the legal name, numbers and address, and the account in the document's currency;
// pdftotext, an independent reader, finds them and no placeholder text.
func TestSellerFromFacts(t *testing.T) {
	raw, err := os.ReadFile("../company/demo.json")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.NewReplacer("LinguaPort Çeviri Hizmetleri Ltd. Şti.", "Örnek Dil Hizmetleri A.Ş.", `"legalType": "ltd"`, `"legalType": "as"`,
		"Zincirlikuyu", "Boğaziçi Kurumlar").Replace(string(raw))
	facts, err := company.Parse([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	d := foreignInvoice()
	d.Status, d.Seller = "pending", documents.SellerOf(facts, "EUR")
	var buf bytes.Buffer
	if err := documents.Render(&buf, d, i18n.EN); err != nil {
		t.Fatal(err)
	}
	got, err := placeholders.PDFText(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	got = strings.Join(strings.Fields(got), " ")
	expect(t, got, "Örnek Dil Hizmetleri A.Ş.", "Tax office Boğaziçi Kurumlar", "MERSİS no. 0608051234900001",
		"Account holder: Örnek Dil Hizmetleri A.Ş.", "IBAN: TR63 0006 4000 0123 4567 8910 03")
	if strings.Contains(got, "Ltd. Şti.") || strings.Contains(got, "TR20 0006") {
		t.Errorf("the demo facts show through:\n%s", got)
	}
	for _, d := range []documents.Document{turkishInvoice(), foreignInvoice(), quote(), many()} {
		for _, lang := range []i18n.Lang{i18n.TR, i18n.EN} {
			buf.Reset()
			if err := documents.Render(&buf, d, lang); err != nil {
				t.Fatal(err)
			}
			if found, err := placeholders.FindInPDF(buf.Bytes()); err != nil || found != nil {
				t.Errorf("%s %s %s: placeholders %q (%v)", d.Kind, d.Number, lang, found, err)
			}
		}
	}
}
