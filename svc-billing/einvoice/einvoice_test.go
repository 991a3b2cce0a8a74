package einvoice_test

import (
	"encoding/xml"
	"errors"
	"strings"
	"testing"
	"time"

	"linguaport/internal/company"
	"linguaport/internal/i18n"
	"linguaport/svc-billing/einvoice"
	"linguaport/svc-billing/einvoice/einvoicetest"
	"linguaport/svc-billing/invoices"
	"linguaport/svc-billing/profile"
)

var issued = time.Date(2026, 11, 27, 9, 30, 0, 0, time.UTC) // 12:30 in Istanbul

func individualTR() profile.Details {
	return profile.Details{Type: profile.Individual, FullName: "Ayşe Nur Yılmaz", TCKN: "10000000146",
		Address: "Moda Cad. No: 12 D: 3", City: "İstanbul", Postcode: "34710", Country: "TR", Email: "ayse@example.com"}
}

func companyTR() profile.Details {
	return profile.Details{Type: profile.Company, CompanyName: "Örnek Çeviri A.Ş.", TaxOffice: "Kadıköy", VKN: "4540536920",
		Address: "Bağdat Cad. No: 200", City: "İstanbul", Postcode: "34728", Country: "TR", Email: "muhasebe@ornek.com.tr"}
}

func companyDE() profile.Details {
	return profile.Details{Type: profile.Company, CompanyName: "Beispiel Übersetzungen GmbH", TaxID: "DE129273398",
		Address: "Friedrichstraße 100", City: "Berlin", Postcode: "10117", Country: "DE", Email: "rechnung@beispiel.de"}
}

// invoice is an issued invoice of two work lines (400 words into English and German) in
// currency, with KDV at 20 % in Turkey and none abroad, as svc-billing stores it.
func invoice(d profile.Details, currency string, decimals int, lineAmount int64) invoices.Invoice {
	inTurkey := d.InTurkey()
	net := 2 * lineAmount
	vatPercent, vat := 0, int64(0)
	if inTurkey {
		vatPercent, vat = 20, invoices.VATOf(net, 20)
	}
	due := issued.AddDate(0, 0, 14)
	return invoices.Invoice{
		ID: "inv-q-1", Number: invoices.FormatNumber(2026, 42), Year: 2026, Status: invoices.Pending,
		CustomerID: "cust-1", QuoteID: "q-1", QuoteNumber: "Q-2026-000042", OrderID: "o-1", OrderNumber: "ORD-2026-000042",
		Service: "translation", Currency: currency, Decimals: decimals,
		Lines: []invoices.Line{
			{Kind: invoices.KindWork, TargetLanguage: "en", Description: i18n.Text{TR: "Türkçe → İngilizce", EN: "Turkish → English"}, Quantity: 400, Unit: "word", Amount: lineAmount},
			{Kind: invoices.KindWork, TargetLanguage: "de", Description: i18n.Text{TR: "Türkçe → Almanca", EN: "Turkish → German"}, Quantity: 3, Unit: "page", Amount: lineAmount},
			{Kind: invoices.KindVAT, RatePercent: vatPercent, Amount: vat},
		},
		Totals:   invoices.Totals{Net: net, VAT: vat, Total: net + vat},
		InTurkey: inTurkey, VATPercent: vatPercent, Details: d, IssuedAt: issued, DueAt: &due,
	}
}

var usdRate = &einvoice.Rate{Currency: "USD", Micros: 34_567_800, Day: time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC)}
var eurRate = &einvoice.Rate{Currency: "EUR", Micros: 36_912_345, Day: time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC)}

// Every kind of document the agency issues passes the UBL 2.1 schema and GİB's Schematron rules:
// a Turkish individual's and a Turkish company's invoice in TRY, a customer abroad's (exempt),
// an invoice in another currency with the Central Bank's rate, an e-Fatura one, and a refund.
func TestDocumentsPassTheSchemaAndGIBRules(t *testing.T) {
	refunded := invoice(individualTR(), "TRY", 2, 93_500)
	refunded.Status = invoices.Refunded
	cases := []struct {
		name     string
		make     func() ([]byte, error)
		earchive bool
		want     map[string]string // element paths in the document → their value
	}{
		{"Turkish individual", func() ([]byte, error) {
			return einvoice.Sale(invoice(individualTR(), "TRY", 2, 93_500), company.Demo(), einvoice.Options{})
		}, true, map[string]string{
			"ProfileID": "EARSIVFATURA", "InvoiceTypeCode": "SATIS", "ID": "LPA2026000000042", "IssueDate": "2026-11-27", "IssueTime": "12:30:00",
			"AccountingCustomerParty/Party/PartyIdentification/ID": "10000000146", "AccountingCustomerParty/Party/Person/FamilyName": "Yılmaz",
			"TaxTotal/TaxAmount": "374.00", "LegalMonetaryTotal/PayableAmount": "2244.00", "TaxTotal/TaxSubtotal/Percent": "20",
		}},
		{"Turkish company", func() ([]byte, error) {
			return einvoice.Sale(invoice(companyTR(), "TRY", 2, 93_500), company.Demo(), einvoice.Options{})
		}, true, map[string]string{
			"AccountingCustomerParty/Party/PartyIdentification/ID": "4540536920", "AccountingCustomerParty/Party/PartyName/Name": "Örnek Çeviri A.Ş.",
			"AccountingCustomerParty/Party/PartyTaxScheme/TaxScheme/Name": "Kadıköy",
		}},
		{"customer abroad, in EUR", func() ([]byte, error) {
			return einvoice.Sale(invoice(companyDE(), "EUR", 2, 3_150), company.Demo(), einvoice.Options{TRYRate: eurRate})
		}, true, map[string]string{
			"InvoiceTypeCode": "ISTISNA", "AccountingCustomerParty/Party/PartyIdentification/ID": einvoice.ForeignBuyerVKN,
			"AccountingCustomerParty/Party/PartyTaxScheme/CompanyID": "DE129273398", "TaxTotal/TaxSubtotal/TaxCategory/TaxExemptionReasonCode": "302",
			"TaxTotal/TaxAmount": "0.00", "DocumentCurrencyCode": "EUR", "PricingExchangeRate/CalculationRate": "36.912345",
			"AccountingCustomerParty/Party/PostalAddress/Country/Name": "Almanya",
		}},
		{"Turkish individual paying in USD", func() ([]byte, error) {
			return einvoice.Sale(invoice(individualTR(), "USD", 2, 2_700), company.Demo(), einvoice.Options{TRYRate: usdRate})
		}, true, map[string]string{
			"InvoiceTypeCode": "SATIS", "DocumentCurrencyCode": "USD", "PricingExchangeRate/SourceCurrencyCode": "USD",
			"PricingExchangeRate/TargetCurrencyCode": "TRY", "PricingExchangeRate/CalculationRate": "34.5678", "LegalMonetaryTotal/PayableAmount": "64.80",
		}},
		{"e-Fatura, commercial", func() ([]byte, error) {
			return einvoice.Sale(invoice(companyTR(), "TRY", 2, 93_500), company.Demo(), einvoice.Options{Profile: einvoice.Commercial})
		}, false, map[string]string{"ProfileID": "TICARIFATURA"}},
		{"refund", func() ([]byte, error) {
			return einvoice.Return(refunded, einvoice.Refund{Number: invoices.FormatReturnNumber(2026, 3), IssuedAt: issued.Add(48 * time.Hour)}, company.Demo(), einvoice.Options{})
		}, true, map[string]string{
			"InvoiceTypeCode": "IADE", "ID": "LPR2026000000003", "IssueDate": "2026-11-29",
			"BillingReference/InvoiceDocumentReference/ID": "LPA2026000000042", "BillingReference/InvoiceDocumentReference/DocumentTypeCode": "IADE",
		}},
	}
	uuids := map[string]string{}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc, err := c.make()
			if err != nil {
				t.Fatal(err)
			}
			if err := einvoicetest.Validate(doc, c.earchive); err != nil {
				t.Fatalf("%v\n%s", err, doc)
			}
			values := leaves(t, doc)
			for path, want := range c.want {
				if got := values[path]; got != want {
					t.Errorf("%s = %q, want %q", path, got, want)
				}
			}
			again, _ := c.make()
			if string(again) != string(doc) {
				t.Error("the same invoice gave another document the second time")
			}
			uuids[c.name] = values["UUID"]
		})
	}
	if a, b := uuids["refund"], uuids["Turkish individual"]; a != "" && a == b {
		t.Error("the refund has its invoice's UUID")
	}
}

// A document that would be wrong is not made: without a number, without the TRY rate of another
// currency, for an unknown scenario, or a refund of an invoice that was not refunded.
func TestRefusesWhatWouldBeWrong(t *testing.T) {
	unnumbered := invoice(individualTR(), "TRY", 2, 100)
	unnumbered.Number = ""
	if _, err := einvoice.Sale(unnumbered, company.Demo(), einvoice.Options{}); !errors.Is(err, einvoice.ErrNotIssued) {
		t.Errorf("unnumbered: %v", err)
	}
	if _, err := einvoice.Sale(invoice(companyDE(), "EUR", 2, 100), company.Demo(), einvoice.Options{}); !errors.Is(err, einvoice.ErrNoRate) {
		t.Errorf("EUR without a rate: %v", err)
	}
	if _, err := einvoice.Sale(invoice(companyDE(), "EUR", 2, 100), company.Demo(), einvoice.Options{TRYRate: usdRate}); !errors.Is(err, einvoice.ErrNoRate) {
		t.Errorf("EUR with the USD rate: %v", err)
	}
	if _, err := einvoice.Sale(invoice(companyTR(), "TRY", 2, 100), company.Demo(), einvoice.Options{Profile: "IHRACAT"}); !errors.Is(err, einvoice.ErrBadProfile) {
		t.Errorf("IHRACAT: %v", err)
	}
	if _, err := einvoice.Return(invoice(companyTR(), "TRY", 2, 100), einvoice.Refund{Number: "LPR2026000000001", IssuedAt: issued}, company.Demo(), einvoice.Options{}); !errors.Is(err, einvoice.ErrNotRefunded) {
		t.Errorf("pending invoice's return: %v", err)
	}
}

// The amounts in another currency are shown in TRY at the rate, rounded half up to the kuruş,
// and unit prices come to the line's amount.
func TestAmounts(t *testing.T) {
	doc, err := einvoice.Sale(invoice(individualTR(), "USD", 2, 2_700), company.Demo(), einvoice.Options{TRYRate: usdRate})
	if err != nil {
		t.Fatal(err)
	}
	// Net 54.00 USD × 34.5678 = 1866.6612 → 1866.66; KDV 10.80 × 34.5678 = 373.33224 → 373.33;
	// total 64.80 × 34.5678 = 2239.99344 → 2239.99.
	if !strings.Contains(string(doc), "KDV hariç 1866.66 TRY, KDV 373.33 TRY, toplam 2239.99 TRY") {
		t.Errorf("TRY note missing or wrong:\n%s", doc)
	}
	values := leaves(t, doc)
	// 27.00 USD for 400 words is 0.0675 a word; 27.00 for 3 pages is 9.00 a page.
	if values["InvoiceLine/Price/PriceAmount"] != "0.0675" || values["InvoiceLine/InvoicedQuantity"] != "400" {
		t.Errorf("first line's price %q for %q", values["InvoiceLine/Price/PriceAmount"], values["InvoiceLine/InvoicedQuantity"])
	}
}

// leaves maps each element's path below the root (without prefixes) to its text; a repeated
// path keeps its first value.
func leaves(t *testing.T, doc []byte) map[string]string {
	t.Helper()
	dec := xml.NewDecoder(strings.NewReader(string(doc)))
	out := map[string]string{}
	var path []string
	var text string
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			path = append(path, tok.Name.Local)
			text = ""
		case xml.CharData:
			text += string(tok)
		case xml.EndElement:
			key := strings.Join(path[1:], "/")
			if _, seen := out[key]; !seen && strings.TrimSpace(text) != "" {
				out[key] = strings.TrimSpace(text)
			}
			path = path[:len(path)-1]
			text = ""
		}
	}
	return out
}
