package country

import (
	"testing"

	"golang.org/x/text/language"
)

// The list is ISO 3166-1 as it stands (checked against CLDR's region data, which catches a typo)
// and none of what CLDR knows that ISO does not assign.
func TestCountriesAreISO3166(t *testing.T) {
	if len(currencies) != 250 {
		t.Fatalf("%d codes, want 249 and XK", len(currencies))
	}
	for _, c := range Codes() {
		r, err := language.ParseRegion(c)
		if err != nil || !r.IsCountry() || r.Canonicalize().String() != c {
			t.Errorf("%s is not a current country code", c)
		}
	}
	for _, c := range []string{"TR", "DE", "GB", "US", "AQ", "XK", "SS", "BQ"} {
		if !Valid(c) {
			t.Errorf("%s refused", c)
		}
	}
	// Old, reserved, exceptionally reserved and non-country codes, and codes not in capitals.
	for _, c := range []string{"UK", "EU", "UN", "AN", "CS", "YU", "SU", "TP", "ZR", "EZ", "IC", "EA", "AC", "ZZ", "XX", "tr", "TUR", "T", ""} {
		if Valid(c) {
			t.Errorf("%s accepted", c)
		}
	}
}

func TestCurrency(t *testing.T) {
	for cc, want := range map[string]string{"TR": "TRY", "tr": "TRY", "XK": "EUR", "ZW": "USD", "EH": "MAD", "PS": "ILS"} {
		if got, ok := Currency(cc); !ok || got != want {
			t.Errorf("%s → %q %v, want %s", cc, got, ok, want)
		}
	}
	if _, ok := Currency("UK"); ok {
		t.Error("UK has a currency")
	}
}
