package geo

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"testing"

	"linguaport/internal/country"
)

// The spec's table, written again as decimals so a typo in either place fails the test.
var specRates = map[string]string{
	"EUR": "0.85", "GBP": "0.73", "TRY": "27.5", "CAD": "1.35", "AUD": "1.52", "JPY": "110",
	"CHF": "0.92", "SEK": "10.5", "NOK": "10.8", "DKK": "6.3", "PLN": "3.9", "CZK": "21.5",
	"HUF": "350", "RUB": "75", "CNY": "7.2", "INR": "82", "BRL": "5.2", "MXN": "17.5",
	"KRW": "1300", "THB": "33", "SGD": "1.35", "HKD": "7.8", "NZD": "1.6", "ZAR": "18.5",
	"ILS": "3.7", "AED": "3.67", "SAR": "3.75",
}

func micros(t *testing.T, decimal string) int64 {
	whole, frac, _ := strings.Cut(decimal, ".")
	frac = (frac + "000000")[:6]
	n, err := strconv.ParseInt(whole+frac, 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestRatesMatchTheSpec(t *testing.T) {
	rates := Rates()
	if len(rates) != len(specRates)+1 || rates["USD"] != rateScale {
		t.Fatalf("%d rates, USD %d", len(rates), rates["USD"])
	}
	for code, want := range specRates {
		if got, listed := RateMicros(code); !listed || got != micros(t, want) {
			t.Errorf("%s = %d, want %s", code, got, want)
		}
	}
	if got, listed := RateMicros("XAF"); listed || got != rateScale {
		t.Errorf("unlisted currency rate %d listed=%v, want 1", got, listed)
	}
}

func TestPickerCurrencies(t *testing.T) {
	list := PickerCurrencies()
	var codes, symbols []string
	for _, c := range list {
		codes, symbols = append(codes, c.Code), append(symbols, c.Symbol)
		if c.NameTR == "" || c.NameEN == "" {
			t.Errorf("%s lacks a name", c.Code)
		}
	}
	if strings.Join(codes, " ") != "TRY USD EUR GBP JPY CNY RUB" || strings.Join(symbols, " ") != "₺ $ € £ ¥ ¥ ₽" {
		t.Errorf("picker %v %v", codes, symbols)
	}
	list[0].Code = "XXX"
	if PickerCurrencies()[0].Code != "TRY" {
		t.Error("callers can change the picker list")
	}
}

func TestCountryCurrencies(t *testing.T) {
	for _, cc := range country.Codes() {
		if cur, _ := CurrencyForCountry(cc); !ValidCurrencyCode(cur) {
			t.Errorf("%s's currency %q is not one the site converts", cc, cur)
		}
	}
	cases := map[string]string{
		"TR": "TRY", "tr": "TRY", "US": "USD", "DE": "EUR", "GB": "GBP", "JP": "JPY", "CN": "CNY", "RU": "RUB",
		"CH": "CHF", "IN": "INR", "BR": "BRL", "AE": "AED", "SA": "SAR", "HR": "EUR", "XK": "EUR", "CY": "EUR",
		"AZ": "AZN", "KR": "KRW", "MX": "MXN", "ZA": "ZAR", "SE": "SEK", "NO": "NOK", "PL": "PLN",
	}
	for cc, want := range cases {
		if got, ok := CurrencyForCountry(cc); !ok || got != want {
			t.Errorf("%s → %q %v, want %s", cc, got, ok, want)
		}
	}
	for _, cc := range []string{"ZZ", "", "TUR", "T"} {
		if got, ok := CurrencyForCountry(cc); ok {
			t.Errorf("%q → %q, want unknown", cc, got)
		}
	}
}

func TestCurrencyCodes(t *testing.T) {
	for code, want := range map[string]bool{"USD": true, "XAF": true, "usd": false, "US": false, "U$D": false, "": false, "USDT": false, "ÜSD": false} {
		if ValidCurrencyCode(code) != want {
			t.Errorf("ValidCurrencyCode(%q) != %v", code, want)
		}
	}
}

func TestConvertTable(t *testing.T) {
	cases := []struct {
		amount   int64
		from, to string
		want     int64
		err      error
	}{
		{1000, "USD", "JPY", 1100, nil},  // $10.00 → ¥1,100
		{1000, "USD", "TRY", 27500, nil}, // $10.00 → ₺275.00
		{27500, "TRY", "USD", 1000, nil}, // and back
		{1100, "JPY", "USD", 1000, nil},  // ¥1,100 → $10.00
		{100, "XYZ", "USD", 100, nil},    // unlisted: rate 1
		{0, "USD", "EUR", 0, nil},        //
		{1, "USD", "EUR", 1, nil},        // 0.85 rounds up
		{3, "TRY", "USD", 0, nil},        // 0.109 rounds down
		{55, "TRY", "USD", 2, nil},       // 2.0 exactly
		{1, "EUR", "GBP", 1, nil},        // 0.858… rounds up
		{2, "AED", "SAR", 2, nil},        // 2.04 rounds down
		{150, "USD", "JPY", 165, nil},    // half → away from zero: 1.5 × 110 = 165
		{1, "GBP", "JPY", 2, nil},        // ¥1.506… → ¥2
		{math.MaxInt64, "KRW", "USD", 7094901566811366, nil},
		{math.MaxInt64, "USD", "KRW", 0, ErrAmountTooLarge},
		{-1, "USD", "EUR", 0, ErrNegativeAmount},
		{100, "usd", "EUR", 0, ErrInvalidCurrency},
		{100, "USD", "EU", 0, ErrInvalidCurrency},
		{100, "U$D", "EUR", 0, ErrInvalidCurrency},
		{100, "", "EUR", 0, ErrInvalidCurrency},
	}
	for _, tc := range cases {
		got, err := Convert(tc.amount, tc.from, tc.to)
		if !errors.Is(err, tc.err) || got != tc.want {
			t.Errorf("Convert(%d, %s, %s) = %d, %v; want %d, %v", tc.amount, tc.from, tc.to, got, err, tc.want, tc.err)
		}
	}
}
