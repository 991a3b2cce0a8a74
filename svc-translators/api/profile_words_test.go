package api_test

import (
	"fmt"
	"strings"
	"testing"

	"linguaport/internal/authn"
	"linguaport/svc-translators/api"
	"linguaport/svc-translators/profiles"
)

// Every reason a profile field can be refused for is answered through the handler with its own
// words, in Turkish and in English, never the bare "Invalid value.": the cases below reach every
// entry of the word table, and the table has one for every reason the cases produce.
func TestProfileRefusalsAreWorded(t *testing.T) {
	s := newProfileServer(t)
	tok, admin := s.token("words", authn.RoleTranslator), s.token("a1", authn.RoleAdmin)
	s.call(t, "PUT", "profile/competencies", tok, "en", goodCompetencies())
	if a := s.call(t, "POST", "vacations", tok, "en", map[string]string{"start": "2026-12-10", "end": "2026-12-20"}); a.status != 201 {
		t.Fatalf("vacation %d %v", a.status, a.body)
	}
	many := s.token("many", authn.RoleTranslator)
	for i := range profiles.MaxOpenVacations {
		d := fmt.Sprintf("2027-01-%02d", i+1)
		if a := s.call(t, "POST", "vacations", many, "en", map[string]string{"start": d, "end": d}); a.status != 201 {
			t.Fatalf("vacation %d: %d %v", i, a.status, a.body)
		}
	}
	var pairs31 []map[string]string
	for _, src := range []string{"tr", "en", "de", "fr", "ar", "ru"} {
		for _, dst := range []string{"es", "it", "zh", "ja", "sq", "hy"} {
			pairs31 = append(pairs31, map[string]string{"source": src, "target": dst})
		}
	}
	comp := func(key string, v any) map[string]any { return with(goodCompetencies(), key, v) }
	sworn := func(court, date string) map[string]any {
		return comp("sworn", map[string]string{"court": court, "certificateDate": date})
	}
	pair := func(src, dst string) []map[string]string { return []map[string]string{{"source": src, "target": dst}} }
	vac := func(start, end, note string) map[string]string {
		return map[string]string{"start": start, "end": end, "note": note}
	}
	acct := func(iban, holder string) map[string]string { return map[string]string{"iban": iban, "holder": holder} }
	const iban = "TR330006100519786457841326"
	cases := []struct {
		method, path, token string
		body                any
		field, reason       string
	}{
		{"PUT", "profile/competencies", tok, comp("pairs", []any{}), "pairs", profiles.ReasonRequired},
		{"PUT", "profile/competencies", tok, comp("pairs", pairs31[:31]), "pairs", profiles.ReasonTooMany},
		{"PUT", "profile/competencies", tok, comp("pairs", pair("tr", "xx")), "pairs", profiles.ReasonLanguage},
		{"PUT", "profile/competencies", tok, comp("pairs", pair("de", "de")), "pairs", profiles.ReasonSame},
		{"PUT", "profile/competencies", tok, comp("pairs", append(pair("tr", "en"), pair("tr", "en")...)), "pairs", profiles.ReasonDuplicate},
		{"PUT", "profile/competencies", tok, comp("services", []string{}), "services", profiles.ReasonRequired},
		{"PUT", "profile/competencies", tok, comp("services", []string{"cooking"}), "services", profiles.ReasonUnknown},
		{"PUT", "profile/competencies", tok, comp("services", []string{"proofreading", "proofreading"}), "services", profiles.ReasonDuplicate},
		{"PUT", "profile/competencies", tok, comp("specializations", []string{"law"}), "specializations", profiles.ReasonUnknown},
		{"PUT", "profile/competencies", tok, comp("specializations", []string{"it", "it"}), "specializations", profiles.ReasonDuplicate},
		{"PUT", "profile/competencies", tok, sworn("", "2019-05-01"), "sworn.court", profiles.ReasonRequired},
		{"PUT", "profile/competencies", tok, sworn("X", "2019-05-01"), "sworn.court", profiles.ReasonLength},
		{"PUT", "profile/competencies", tok, sworn("Noter\u0007", "2019-05-01"), "sworn.court", profiles.ReasonFormat},
		{"PUT", "profile/competencies", tok, sworn("Noter", ""), "sworn.certificateDate", profiles.ReasonRequired},
		{"PUT", "profile/competencies", tok, sworn("Noter", "01.05.2019"), "sworn.certificateDate", profiles.ReasonDate},
		{"PUT", "profile/competencies", tok, sworn("Noter", "2026-11-21"), "sworn.certificateDate", profiles.ReasonFuture},
		{"PUT", "profile/competencies", tok, comp("certificates", strings.Repeat("a", 1001)), "certificates", profiles.ReasonLength},
		{"PUT", "profile/competencies", tok, comp("certificates", "ATA\u0000"), "certificates", profiles.ReasonFormat},
		{"PUT", "admin/translators/words/cap", admin, map[string]any{}, "activeJobCap", profiles.ReasonRequired},
		{"PUT", "admin/translators/words/cap", admin, map[string]any{"activeJobCap": 21}, "activeJobCap", profiles.ReasonRange},
		{"POST", "vacations", tok, vac("", "2026-12-01", ""), "start", profiles.ReasonRequired},
		{"POST", "vacations", tok, vac("2026-13-01", "2026-12-01", ""), "start", profiles.ReasonDate},
		{"POST", "vacations", tok, vac("2026-12-15", "2026-12-16", ""), "start", profiles.ReasonOverlap},
		{"POST", "vacations", many, vac("2027-03-01", "2027-03-02", ""), "start", profiles.ReasonTooMany},
		{"POST", "vacations", tok, vac("2026-12-01", "", ""), "end", profiles.ReasonRequired},
		{"POST", "vacations", tok, vac("2026-12-01", "2026-02-29", ""), "end", profiles.ReasonDate},
		{"POST", "vacations", tok, vac("2026-12-05", "2026-12-01", ""), "end", profiles.ReasonBefore},
		{"POST", "vacations", tok, vac("2026-11-01", "2026-11-19", ""), "end", profiles.ReasonOver},
		{"POST", "vacations", tok, vac("2027-01-01", "2027-04-01", ""), "end", profiles.ReasonTooLong},
		{"POST", "vacations", tok, vac("2027-01-01", "2027-01-02", strings.Repeat("n", 501)), "note", profiles.ReasonLength},
		{"POST", "vacations", tok, vac("2027-01-01", "2027-01-02", "a\u0000b"), "note", profiles.ReasonFormat},
		{"POST", "bank-accounts", tok, acct("", "Ayşe"), "iban", profiles.ReasonRequired},
		{"POST", "bank-accounts", tok, acct("TR33.0006.1005.1978.6457.8413.26", "Ayşe"), "iban", profiles.ReasonFormat},
		{"POST", "bank-accounts", tok, acct("XX330006100519786457841326", "Ayşe"), "iban", profiles.ReasonCountry},
		{"POST", "bank-accounts", tok, acct("TR33000610051978645784132", "Ayşe"), "iban", profiles.ReasonLength},
		{"POST", "bank-accounts", tok, acct("TR340006100519786457841326", "Ayşe"), "iban", profiles.ReasonChecksum},
		{"POST", "bank-accounts", tok, acct(iban, ""), "holder", profiles.ReasonRequired},
		{"POST", "bank-accounts", tok, acct(iban, "A"), "holder", profiles.ReasonLength},
		{"POST", "bank-accounts", tok, acct(iban, "Ayşe\u0007"), "holder", profiles.ReasonFormat},
	}
	reached := map[string]bool{}
	for _, c := range cases {
		words, ok := api.ProfileFieldTexts[c.field][c.reason]
		if !ok || words.TR == "" || words.EN == "" || words.TR == words.EN {
			t.Errorf("%s/%s has no words of its own: %+v", c.field, c.reason, words)
			continue
		}
		reached[c.field+"/"+c.reason] = true
		for lang, want := range map[string]string{"tr": words.TR, "en": words.EN} {
			a := s.call(t, c.method, c.path, c.token, lang, c.body)
			code, fields := a.problem()
			if a.status != 400 || code != "validation_failed" || len(fields) != 1 || fields[c.field] != want {
				t.Errorf("%s %s (%s/%s) in %s: %d %s %v, want %q", c.method, c.path, c.field, c.reason, lang, a.status, code, fields, want)
			}
		}
	}
	for field, reasons := range api.ProfileFieldTexts {
		for reason := range reasons {
			if !reached[field+"/"+reason] {
				t.Errorf("no case answers %s/%s", field, reason)
			}
		}
	}
	// Refused writes changed nothing.
	if a := s.call(t, "GET", "bank-accounts", tok, "en", nil); len(a.body["accounts"].([]any)) != 0 {
		t.Errorf("accounts %v", a.body)
	}
	if a := s.call(t, "GET", "vacations", tok, "en", nil); len(a.body["vacations"].([]any)) != 1 {
		t.Errorf("vacations %v", a.body)
	}
}
