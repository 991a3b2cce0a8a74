package documents_test

import (
	"testing"
	"time"

	"linguaport/internal/documents"
	"linguaport/internal/i18n"
)

func TestMoney(t *testing.T) {
	for _, c := range []struct {
		amount   int64
		currency string
		tr, en   string
	}{
		{123456, "TRY", "1.234,56 TRY", "1,234.56 TRY"},
		{5, "USD", "0,05 USD", "0.05 USD"},
		{0, "EUR", "0,00 EUR", "0.00 EUR"},
		{123456789, "TRY", "1.234.567,89 TRY", "1,234,567.89 TRY"},
		{12345, "JPY", "12.345 JPY", "12,345 JPY"}, // no minor units
		{-150, "TRY", "-1,50 TRY", "-1.50 TRY"},
	} {
		if got := documents.Money(c.amount, c.currency, i18n.TR); got != c.tr {
			t.Errorf("Money(%d, %s, tr) = %q, want %q", c.amount, c.currency, got, c.tr)
		}
		if got := documents.Money(c.amount, c.currency, i18n.EN); got != c.en {
			t.Errorf("Money(%d, %s, en) = %q, want %q", c.amount, c.currency, got, c.en)
		}
	}
}

func TestRate(t *testing.T) {
	for _, c := range []struct {
		micros   int64
		currency string
		tr, en   string
	}{
		{27_500_000, "TRY", "1 USD = 27,50 TRY", "1 USD = 27.50 TRY"},
		{920_000, "EUR", "1 USD = 0,92 EUR", "1 USD = 0.92 EUR"},
		{785_432, "GBP", "1 USD = 0,785432 GBP", "1 USD = 0.785432 GBP"},
		{1_234_500_000, "JPY", "1 USD = 1.234,50 JPY", "1 USD = 1,234.50 JPY"},
		{1_000_000, "USD", "1 USD = 1,00 USD", "1 USD = 1.00 USD"},
	} {
		if got := documents.Rate(c.micros, c.currency, i18n.TR); got != c.tr {
			t.Errorf("Rate(%d, tr) = %q, want %q", c.micros, got, c.tr)
		}
		if got := documents.Rate(c.micros, c.currency, i18n.EN); got != c.en {
			t.Errorf("Rate(%d, en) = %q, want %q", c.micros, got, c.en)
		}
	}
}

// TestDateIsTurkeys: a document is dated by the day in Turkey (UTC+3), like its number's year.
func TestDateIsTurkeys(t *testing.T) {
	at := time.Date(2026, 12, 31, 22, 0, 0, 0, time.UTC)
	if got := documents.Date(at, i18n.TR); got != "01.01.2027" {
		t.Errorf("tr: %q", got)
	}
	if got := documents.Date(at, i18n.EN); got != "1 Jan 2027" {
		t.Errorf("en: %q", got)
	}
	if got := documents.Date(time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC), i18n.EN); got != "23 Nov 2026" {
		t.Errorf("en: %q", got)
	}
}

func TestQuantity(t *testing.T) {
	if got := documents.Quantity(12500, i18n.TR); got != "12.500" {
		t.Errorf("tr: %q", got)
	}
	if got := documents.Quantity(12500, i18n.EN); got != "12,500" {
		t.Errorf("en: %q", got)
	}
}

// A unit price is the amount ÷ the quantity: at the currency's decimals when exact, else to two
// more decimals, rounded half up.
func TestUnitPriceOf(t *testing.T) {
	for _, c := range []struct {
		amount, quantity int64
		currency         string
		tr, en           string
	}{
		{93_500, 400, "TRY", "2,3375 TRY", "2.3375 TRY"},           // 233.75 minor units: exact at four decimals
		{288_448, 1234, "TRY", "2,3375 TRY", "2.3375 TRY"},         // 233.7504… → 233.75
		{360_553, 1234, "TRY", "2,9218 TRY", "2.9218 TRY"},         // 292.1823… → 292.18
		{1_000, 3, "USD", "3,3333 USD", "3.3333 USD"},              // 333.33…
		{2_000, 3, "USD", "6,6667 USD", "6.6667 USD"},              // 666.66… rounds up
		{687_500, 2500, "TRY", "2,75 TRY", "2.75 TRY"},             // exact: the currency's decimals
		{12_345, 1000, "JPY", "12,35 JPY", "12.35 JPY"},            // no minor units: two decimals
		{13_750_000, 1, "TRY", "137.500,00 TRY", "137,500.00 TRY"}, // one unit
	} {
		if got := documents.UnitPriceOf(c.amount, c.quantity, c.currency, i18n.TR); got != c.tr {
			t.Errorf("UnitPriceOf(%d, %d, %s, tr) = %q, want %q", c.amount, c.quantity, c.currency, got, c.tr)
		}
		if got := documents.UnitPriceOf(c.amount, c.quantity, c.currency, i18n.EN); got != c.en {
			t.Errorf("UnitPriceOf(%d, %d, %s, en) = %q, want %q", c.amount, c.quantity, c.currency, got, c.en)
		}
	}
}
