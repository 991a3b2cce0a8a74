package names

import (
	"testing"

	"golang.org/x/text/language"
	"golang.org/x/text/language/display"
)

// Every service and language is named in both site languages, once.
func TestEveryEntryIsNamedOnce(t *testing.T) {
	if len(services) != 8 {
		t.Errorf("%d services, want the agency's eight", len(services))
	}
	for _, list := range [][]Entry{services, languages} {
		seen := map[string]bool{}
		for _, e := range list {
			if seen[e.ID] || e.ID == "" || e.Name.TR == "" || e.Name.EN == "" {
				t.Errorf("%+v is duplicated or unnamed", e)
			}
			seen[e.ID] = true
		}
	}
}

// The codes are ISO 639-1 and the names are CLDR's, so a typo does not reach an invoice. The
// exceptions are names the agency's customers use rather than CLDR's.
func TestLanguagesAreCLDRs(t *testing.T) {
	ours := map[string]string{
		"az/tr": "Azerbaycan Türkçesi", // CLDR: Azerice
		"bn/en": "Bengali",             // CLDR: Bangla
		"no/en": "Norwegian",           // CLDR names nb, Norwegian Bokmål
		"no/tr": "Norveççe",
		"sw/tr": "Svahili", // CLDR: Svahili dili
	}
	for _, l := range languages {
		base, err := language.ParseBase(l.ID)
		if err != nil || base.String() != l.ID || len(l.ID) != 2 {
			t.Errorf("%q is not an ISO 639-1 code", l.ID)
			continue
		}
		tag := language.Make(l.ID)
		for _, c := range []struct {
			in   string
			name string
			cldr string
		}{
			{"en", l.Name.EN, display.English.Languages().Name(tag)},
			{"tr", l.Name.TR, display.Turkish.Languages().Name(tag)},
		} {
			want := c.cldr
			if o, ok := ours[l.ID+"/"+c.in]; ok {
				want = o
			}
			if c.name != want {
				t.Errorf("%s in %s is %q, want %q", l.ID, c.in, c.name, want)
			}
		}
	}
}

func TestLookups(t *testing.T) {
	if s, ok := Service("professional-translation"); !ok || s.TR != "Profesyonel Tercüme" || s.EN != "Professional Translation" {
		t.Errorf("professional-translation: %+v %v", s, ok)
	}
	if l, ok := Language("en"); !ok || l.TR != "İngilizce" || l.EN != "English" {
		t.Errorf("en: %+v %v", l, ok)
	}
	if _, ok := Service("poetry"); ok {
		t.Error("an unknown service has a title")
	}
	if _, ok := Language("xx"); ok {
		t.Error("an unknown language has a name")
	}
	// Callers get copies: changing one changes no one else's names.
	Services()[0].Name.EN = "changed"
	Languages()[0].Name.EN = "changed"
	if Services()[0].Name.EN == "changed" || Languages()[0].Name.EN == "changed" {
		t.Error("a caller changed the shared names")
	}
}
