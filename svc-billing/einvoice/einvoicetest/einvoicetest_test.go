package einvoicetest

import (
	"errors"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"
)

// sample is GİB's own TICARIFATURA example (UBL-TR1.2.1_Paketi.zip, xml/TicariFaturaOrnegi.xml;
// see ../schemas/SOURCES.md): unsigned (its ext:ExtensionContent holds an Altova placeholder,
// not a ds:Signature), with a VKN supplier and a VKN customer.
func sample(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("testdata/TicariFaturaOrnegi.xml")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// replace replaces old, which must occur in doc, once.
func replace(t *testing.T, doc, old, new string) string {
	t.Helper()
	if !strings.Contains(doc, old) {
		t.Fatalf("%q is not in the document", old)
	}
	return strings.Replace(doc, old, new, 1)
}

// asEArchive is the sample as an e-Arşiv invoice: only the profile differs.
func asEArchive(t *testing.T, doc string) string {
	return replace(t, doc, "<cbc:ProfileID>TICARIFATURA</cbc:ProfileID>", "<cbc:ProfileID>EARSIVFATURA</cbc:ProfileID>")
}

func problems(t *testing.T, err error) Problems {
	t.Helper()
	var ps Problems
	if !errors.As(err, &ps) {
		t.Fatalf("want Problems, got %v", err)
	}
	return ps
}

// only asserts that err is exactly one problem of check whose text contains text.
func only(t *testing.T, err error, check, text string) {
	t.Helper()
	ps := problems(t, err)
	if len(ps) != 1 || ps[0].Check != check || !strings.Contains(ps[0].Text, text) {
		t.Fatalf("want one %s problem with %q, got %v", check, text, err)
	}
	t.Logf("as expected: %v", ps[0])
}

func TestSamplePasses(t *testing.T) {
	doc := sample(t)
	start := time.Now()
	if err := Validate([]byte(doc), false); err != nil {
		t.Fatal(err)
	}
	t.Logf("first document, with compiling the rules: %v", time.Since(start).Round(time.Millisecond))
	start = time.Now()
	if err := Validate([]byte(doc), false); err != nil {
		t.Fatal(err)
	}
	t.Logf("each further document: %v", time.Since(start).Round(time.Millisecond))
}

// Neither the OASIS schema nor GİB's rules ask for a signature: with no ext:UBLExtensions (so
// no ds:Signature) and no cac:Signature the sample still passes. (GİB's own "xsdrt" variant of
// the schema makes both mandatory; the rules check them only when present.)
func TestUnsignedPasses(t *testing.T) {
	t.Parallel()
	doc := regexp.MustCompile(`(?s)<ext:UBLExtensions>.*</ext:UBLExtensions>`).ReplaceAllString(sample(t), "")
	doc = regexp.MustCompile(`(?s)<cac:Signature>.*</cac:Signature>`).ReplaceAllString(doc, "")
	if strings.Contains(doc, "Signature>") || strings.Contains(doc, "UBLExtensions") {
		t.Fatal("the signature parts are still there")
	}
	if err := Validate([]byte(doc), false); err != nil {
		t.Fatal(err)
	}
}

func TestEArchive(t *testing.T) {
	t.Parallel()
	doc := sample(t)
	t.Run("e-Arşiv profile passes as e-Arşiv", func(t *testing.T) {
		t.Parallel()
		if err := Validate([]byte(asEArchive(t, doc)), true); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("e-Fatura profile fails as e-Arşiv", func(t *testing.T) {
		t.Parallel()
		only(t, Validate([]byte(doc), true), "schematron", "Geçerli cbc:ProfileID değerleri için ProfileIDTypeEarchive listesine bakınız.")
	})
	t.Run("e-Arşiv profile fails as e-Fatura", func(t *testing.T) {
		t.Parallel()
		only(t, Validate([]byte(asEArchive(t, doc)), false), "schematron", "Geçerli cbc:ProfileID değerleri için ProfileIDType listesine bakınız.")
	})
}

func TestBrokenInvoiceIDFailsSchematron(t *testing.T) {
	t.Parallel()
	doc := replace(t, sample(t), "<cbc:ID>GIB2009000000011</cbc:ID>", "<cbc:ID>ABC123</cbc:ID>")
	err := Validate([]byte(doc), false)
	only(t, err, "schematron", "Geçersiz cbc:ID elemanı değeri. cbc:ID elemanı 'ABC2009123456789' formatında olmalıdır.")
	if p := problems(t, err)[0]; p.Location != "/inv:Invoice[1]" {
		t.Errorf("location %q, want /inv:Invoice[1]", p.Location)
	}
}

func TestSchemaViolationsFailXSD(t *testing.T) {
	t.Parallel()
	doc := sample(t)
	t.Run("required element missing", func(t *testing.T) {
		t.Parallel()
		// The invoice's own IssueDate (the first; cac:DespatchDocumentReference has one too).
		broken := replace(t, doc, "<cbc:IssueDate>2009-01-05</cbc:IssueDate>", "")
		only(t, Validate([]byte(broken), false), "xsd", "IssueTime': This element is not expected. Expected is ( {urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2}IssueDate )")
	})
	t.Run("unknown element", func(t *testing.T) {
		t.Parallel()
		broken := replace(t, doc, "<cbc:CopyIndicator>", "<cbc:Discount>5</cbc:Discount><cbc:CopyIndicator>")
		only(t, Validate([]byte(broken), false), "xsd", "Discount': This element is not expected.")
	})
	t.Run("not XML", func(t *testing.T) {
		t.Parallel()
		only(t, Validate([]byte(doc[:len(doc)/2]), false), "xsd", "Premature end of data")
	})
}

// The rules GİB applies to an e-Arşiv invoice's buyer (cac:AccountingCustomerParty/cac:Party).
func TestCustomerParty(t *testing.T) {
	t.Parallel()
	doc := asEArchive(t, sample(t))
	party := regexp.MustCompile(`(?s)<cac:AccountingCustomerParty>.*</cac:AccountingCustomerParty>`)
	if !party.MatchString(doc) {
		t.Fatal("no cac:AccountingCustomerParty")
	}
	address := `<cac:PostalAddress><cbc:CityName>Ankara</cbc:CityName><cac:Country><cbc:Name>Türkiye</cbc:Name></cac:Country></cac:PostalAddress>`
	for _, c := range []struct {
		name, party, fails string
	}{
		{"individual with TCKN", `<cac:PartyIdentification><cbc:ID schemeID="TCKN">12345678901</cbc:ID></cac:PartyIdentification>` + address +
			`<cac:Person><cbc:FirstName>Ayşe</cbc:FirstName><cbc:FamilyName>Yılmaz</cbc:FamilyName></cac:Person>`, ""},
		{"TCKN without cac:Person", `<cac:PartyIdentification><cbc:ID schemeID="TCKN">12345678901</cbc:ID></cac:PartyIdentification>` + address,
			"schemeID niteliği değeri 'TCKN' olması durumunda cac:Person elemanı bulunmalıdır."},
		{"TCKN of 10 digits", `<cac:PartyIdentification><cbc:ID schemeID="TCKN">1234567890</cbc:ID></cac:PartyIdentification>` + address +
			`<cac:Person><cbc:FirstName>Ayşe</cbc:FirstName><cbc:FamilyName>Yılmaz</cbc:FamilyName></cac:Person>`,
			"cbc:ID elemanının schemeID niteliği değeri 'TCKN' olması durumunda cbc:ID elemanına 11 haneli TC kimlik numarası yazılmalıdır."},
		{"company with VKN", `<cac:PartyIdentification><cbc:ID schemeID="VKN">9205121120</cbc:ID></cac:PartyIdentification>` +
			`<cac:PartyName><cbc:Name>BBB Limited Şirketi</cbc:Name></cac:PartyName>` + address, ""},
		{"VKN without cac:PartyName", `<cac:PartyIdentification><cbc:ID schemeID="VKN">9205121120</cbc:ID></cac:PartyIdentification>` + address,
			"schemeID niteliği değeri 'VKN' olması durumunda cac:PartyName elemanı bulunmalıdır."},
		{"foreign buyer with a passport number only", `<cac:PartyIdentification><cbc:ID schemeID="PASAPORTNO">U12345678</cbc:ID></cac:PartyIdentification>` +
			`<cac:PostalAddress><cbc:CityName>Berlin</cbc:CityName><cac:Country><cbc:Name>Almanya</cbc:Name></cac:Country></cac:PostalAddress>` +
			`<cac:Person><cbc:FirstName>Anna</cbc:FirstName><cbc:FamilyName>Schmidt</cbc:FamilyName></cac:Person>`,
			"schemeID niteliği değeri 'VKN' ve ya 'TCKN' olan bir tane cbc:ID elemanı bulunmalıdır."},
		// The rules know no special number for a buyer without a Turkish tax id: any 10 digits
		// as VKN (with a cac:PartyName) pass, and a passport number may come alongside.
		{"foreign buyer with a placeholder VKN", `<cac:PartyIdentification><cbc:ID schemeID="VKN">2222222222</cbc:ID></cac:PartyIdentification>` +
			`<cac:PartyIdentification><cbc:ID schemeID="PASAPORTNO">U12345678</cbc:ID></cac:PartyIdentification>` +
			`<cac:PartyName><cbc:Name>Beispiel GmbH</cbc:Name></cac:PartyName>` +
			`<cac:PostalAddress><cbc:CityName>Berlin</cbc:CityName><cac:Country><cbc:Name>Almanya</cbc:Name></cac:Country></cac:PostalAddress>`, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			err := Validate([]byte(party.ReplaceAllLiteralString(doc,
				"<cac:AccountingCustomerParty><cac:Party>"+c.party+"</cac:Party></cac:AccountingCustomerParty>")), true)
			if c.fails == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			only(t, err, "schematron", c.fails)
		})
	}
}

// GİB's "General Rules", written outside any pattern, are run too (wrapOrphanRules): a unit
// code not in GİB's list and a currency not in ISO's are refused.
func TestGeneralRulesAreRun(t *testing.T) {
	t.Parallel()
	doc := replace(t, sample(t), `unitCode="NIU"`, `unitCode="WORDS"`)
	only(t, Validate([]byte(doc), false), "schematron", "WORDS")
	doc = strings.ReplaceAll(sample(t), `currencyID="TRY"`, `currencyID="TRL"`)
	if ps := problems(t, Validate([]byte(doc), false)); len(ps) == 0 || ps[0].Check != "schematron" || !strings.Contains(ps[0].Text, "TRL") {
		t.Fatalf("an old lira currency passed: %v", ps)
	}
}
