package money

import (
	"math"
	"testing"
)

func TestDecimals(t *testing.T) {
	for code, want := range map[string]int{"JPY": 0, "USD": 2, "TRY": 2, "KRW": 2, "XAF": 2} {
		if got := Decimals(code); got != want {
			t.Errorf("Decimals(%s) = %d", code, got)
		}
	}
}

func TestFormatTable(t *testing.T) {
	cases := []struct {
		amount     int64
		code, lang string
		want       string
	}{
		{123456, "TRY", "tr", "1.234,56 ₺"},
		{123456, "TRY", "en", "₺1,234.56"},
		{1100, "JPY", "en", "¥1,100"},
		{1100, "JPY", "tr", "1.100 ¥"},
		{0, "TRY", "tr", "0,00 ₺"},
		{5, "USD", "en", "$0.05"},
		{1250, "CHF", "en", "CHF 12.50"},
		{1250, "CHF", "tr", "12,50 CHF"},
		{-123456789, "EUR", "en", "-€1,234,567.89"},
		{-1, "GBP", "tr", "-0,01 £"},
		{100000000, "RUB", "en", "₽1,000,000.00"},
		{math.MinInt64, "USD", "en", "-$92,233,720,368,547,758.08"},
	}
	for _, tc := range cases {
		if got := Format(tc.amount, tc.code, tc.lang); got != tc.want {
			t.Errorf("Format(%d, %s, %s) = %q, want %q", tc.amount, tc.code, tc.lang, got, tc.want)
		}
	}
}
