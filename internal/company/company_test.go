package company

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"linguaport/internal/config"
	"linguaport/internal/i18n"
	"linguaport/internal/placeholders"
)

// The demo set `make up` ships passes the rules a deployment's facts must pass.
func TestDemoIsValid(t *testing.T) {
	f := Demo()
	if err := f.Validate(); err != nil {
		t.Fatal(err)
	}
	if f.LegalName != "LinguaPort Çeviri Hizmetleri Ltd. Şti." || f.LegalType != LimitedCompany || f.Mersis != "0608051234900001" {
		t.Errorf("demo: %+v", f)
	}
	if a, ok := f.Account("TRY"); !ok || a.IBAN != "TR200006400001234567891001" {
		t.Errorf("TRY account: %+v %v", a, ok)
	}
	for _, lang := range []i18n.Lang{i18n.TR, i18n.EN} {
		if found := placeholders.Find(strings.Join(f.MailFooter(lang), "\n")); found != nil {
			t.Errorf("%s footer: %q", lang, found)
		}
	}
}

// demoMap is the demo set as a JSON object, to break one field at a time.
func demoMap(t *testing.T) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(demoJSON, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func parseMap(t *testing.T, m map[string]any) error {
	t.Helper()
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Parse(b)
	return err
}

// Each broken fact is refused with an error naming its field.
func TestValidateNamesTheField(t *testing.T) {
	sub := func(m map[string]any, key string) map[string]any { return m[key].(map[string]any) }
	account := func(m map[string]any, i int) map[string]any { return m["bankAccounts"].([]any)[i].(map[string]any) }
	for _, c := range []struct {
		field string
		edit  func(m map[string]any)
	}{
		{"tradeName: required", func(m map[string]any) { m["tradeName"] = "  " }},
		{"legalType: must be", func(m map[string]any) { m["legalType"] = "gmbh" }},
		{"legalName: must end in its legal form", func(m map[string]any) { m["legalName"] = "LinguaPort Çeviri Hizmetleri" }},
		{"legalName: must end in its legal form", func(m map[string]any) { m["legalName"] = "LinguaPort Çeviri Hizmetleri A.Ş." }},
		{"taxNumber: must be a VKN", func(m map[string]any) { m["taxNumber"] = "6080512345" }},
		{"mersis: must be 16 digits", func(m map[string]any) { m["mersis"] = "060805123490001" }},
		{"mersis: must be 0, the VKN", func(m map[string]any) { m["mersis"] = "0123456789000001" }},
		{"registry.number: required", func(m map[string]any) { sub(m, "registry")["number"] = "" }},
		{"taxOffice: required", func(m map[string]any) { delete(m, "taxOffice") }},
		{"address.street: holds placeholder text", func(m map[string]any) { sub(m, "address")["street"] = "[registered address]" }},
		{"address.postcode: must be a Turkish postcode", func(m map[string]any) { sub(m, "address")["postcode"] = "3439" }},
		{"address.country: must be TR", func(m map[string]any) { sub(m, "address")["country"] = "DE" }},
		{"phone: must start with +", func(m map[string]any) { m["phone"] = "0212 555 01 42" }},
		{"email.privacy: \"privacy@linguaport.example\" is not an address on a real domain", func(m map[string]any) { sub(m, "email")["privacy"] = "privacy@linguaport.example" }},
		{"email.general: \"info\" is not a bare e-mail address", func(m map[string]any) { sub(m, "email")["general"] = "info" }},
		{"kep: must be a KEP address", func(m map[string]any) { m["kep"] = "linguaport@linguaport.com" }},
		{"website: must be an https URL", func(m map[string]any) { m["website"] = "http://www.linguaport.com" }},
		{"website: is a reserved or placeholder domain", func(m map[string]any) { m["website"] = "https://linguaport.example" }},
		{"bankAccounts[0].iban: is not a valid IBAN", func(m map[string]any) { account(m, 0)["iban"] = "TR21 0006 4000 0123 4567 8910 01" }},
		{"bankAccounts[1].holder: must be the legal name", func(m map[string]any) { account(m, 1)["holder"] = "LinguaPort Çeviri Hizmetleri A.Ş." }},
		{"bankAccounts[2].currency: must be one of TRY, USD, EUR", func(m map[string]any) { account(m, 2)["currency"] = "GBP" }},
		{"bankAccounts: a TRY account is required", func(m map[string]any) { m["bankAccounts"] = m["bankAccounts"].([]any)[1:] }},
		{"bankAccounts: at least one account is required", func(m map[string]any) { m["bankAccounts"] = []any{} }},
		{"iso9001.number: required", func(m map[string]any) { sub(m, "iso9001")["number"] = "" }},
		{"unknown field \"fax\"", func(m map[string]any) { m["fax"] = "+90 212 555 01 43" }},
	} {
		m := demoMap(t)
		c.edit(m)
		err := parseMap(t, m)
		if err == nil || !strings.Contains(err.Error(), c.field) {
			t.Errorf("want an error with %q, got %v", c.field, err)
		}
	}
}

// Parse writes IBANs and numbers without spaces, and DisplayIBAN groups them again.
func TestParseNormalizes(t *testing.T) {
	m := demoMap(t)
	m["mersis"] = "0608 0512 3490 0001"
	m["website"] = "https://www.linguaport.com/"
	m["bankAccounts"].([]any)[0].(map[string]any)["iban"] = "tr20 0006 4000 0123 4567 8910 01"
	b, _ := json.Marshal(m)
	f, err := Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	if f.Mersis != "0608051234900001" || f.Website != "https://www.linguaport.com" || f.BankAccounts[0].IBAN != "TR200006400001234567891001" {
		t.Errorf("normalised: %q %q %q", f.Mersis, f.Website, f.BankAccounts[0].IBAN)
	}
	if got := DisplayIBAN(f.BankAccounts[0].IBAN); got != "TR20 0006 4000 0123 4567 8910 01" {
		t.Errorf("DisplayIBAN %q", got)
	}
}

// COMPANY_FACTS_FILE names a deployment's facts; unset, the demo set is used; a bad file stops
// the process with the variable, the file and the field named.
func TestFromEnv(t *testing.T) {
	f, demo, err := FromEnv(config.FromMap(nil))
	if err != nil || !demo || f.LegalName != Demo().LegalName {
		t.Fatalf("unset: %v %v %v", f.LegalName, demo, err)
	}

	dir := t.TempDir()
	m := demoMap(t)
	m["legalName"], m["legalType"] = "Örnek Dil Hizmetleri A.Ş.", JointStockCompany
	for _, a := range m["bankAccounts"].([]any) {
		a.(map[string]any)["holder"] = "Örnek Dil Hizmetleri A.Ş."
	}
	m["phone"] = "+90 216 444 12 34"
	good := filepath.Join(dir, "facts.json")
	b, _ := json.Marshal(m)
	if err := os.WriteFile(good, b, 0o644); err != nil {
		t.Fatal(err)
	}
	f, demo, err = FromEnv(config.FromMap(map[string]string{"COMPANY_FACTS_FILE": good}))
	if err != nil || demo || f.LegalName != "Örnek Dil Hizmetleri A.Ş." || f.Phone != "+90 216 444 12 34" || f.PhoneURI() != "tel:+902164441234" {
		t.Fatalf("file: %+v %v %v", f, demo, err)
	}

	m["taxNumber"] = "123"
	bad := filepath.Join(dir, "bad.json")
	b, _ = json.Marshal(m)
	_ = os.WriteFile(bad, b, 0o644)
	_, _, err = FromEnv(config.FromMap(map[string]string{"COMPANY_FACTS_FILE": bad}))
	if err == nil || !strings.Contains(err.Error(), "COMPANY_FACTS_FILE="+bad) || !strings.Contains(err.Error(), "taxNumber: must be a VKN") {
		t.Errorf("bad file: %v", err)
	}
	_, _, err = FromEnv(config.FromMap(map[string]string{"COMPANY_FACTS_FILE": filepath.Join(dir, "none.json")}))
	if err == nil || !strings.Contains(err.Error(), "COMPANY_FACTS_FILE") {
		t.Errorf("missing file: %v", err)
	}
}

// The e-mail footer names the agency as the law asks, in the reader's language.
func TestMailFooter(t *testing.T) {
	f := Demo()
	want := map[i18n.Lang][]string{
		i18n.TR: {
			"LinguaPort Çeviri Hizmetleri Ltd. Şti.",
			"Esentepe Mah. Büyükdere Cad. No: 185 Kat: 7, 34394 Şişli / İstanbul, Türkiye",
			"MERSİS No: 0608051234900001 · Zincirlikuyu V.D. 6080512349",
			"+90 212 555 01 42 · info@linguaport.com · www.linguaport.com",
			"KEP: linguaport@hs01.kep.tr",
		},
		i18n.EN: {
			"LinguaPort Çeviri Hizmetleri Ltd. Şti.",
			"Esentepe Mah. Büyükdere Cad. No: 185 Kat: 7, 34394 Şişli / İstanbul, Türkiye",
			"MERSİS no. 0608051234900001 · Tax office Zincirlikuyu, tax no. 6080512349",
			"+90 212 555 01 42 · info@linguaport.com · www.linguaport.com",
			"KEP: linguaport@hs01.kep.tr",
		},
	}
	for lang, lines := range want {
		if got := f.MailFooter(lang); strings.Join(got, "\n") != strings.Join(lines, "\n") {
			t.Errorf("%s:\n%s", lang, strings.Join(got, "\n"))
		}
	}
}

func TestMaskIBAN(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"TR330006100519786457841326", "TR** **** **** **** **** **13 26"},
		{"tr33 0006 1005 1978 6457 8413 26", "TR** **** **** **** **** **13 26"},
		{"DE89370400440532013000", "DE** **** **** **** **30 00"},
		{"BE68539007547034", "BE** **** **** 7034"},
		{"NO9386011117947", "NO** **** ***7 947"},
		{"TR1234", "TR** **"}, // too short for an IBAN: nothing of it past the country
		{"", ""},
	} {
		if got := MaskIBAN(c.in); got != c.want {
			t.Errorf("MaskIBAN(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
