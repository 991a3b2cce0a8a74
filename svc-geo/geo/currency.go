package geo

import (
	"errors"
	"math/big"

	"linguaport/internal/country"
	"linguaport/internal/money"
)

// Currency is one option of the currency picker.
type Currency struct {
	Code   string `json:"code"`
	Symbol string `json:"symbol"`
	NameTR string `json:"nameTr"`
	NameEN string `json:"nameEn"`
}

// pickerCurrencies is the picker's list in the order of spec §3; the first is the default.
var pickerCurrencies = []Currency{
	{Code: "TRY", Symbol: money.Symbol("TRY"), NameTR: "Türk Lirası", NameEN: "Turkish Lira"},
	{Code: "USD", Symbol: money.Symbol("USD"), NameTR: "Amerikan Doları", NameEN: "US Dollar"},
	{Code: "EUR", Symbol: money.Symbol("EUR"), NameTR: "Euro", NameEN: "Euro"},
	{Code: "GBP", Symbol: money.Symbol("GBP"), NameTR: "İngiliz Sterlini", NameEN: "British Pound"},
	{Code: "JPY", Symbol: money.Symbol("JPY"), NameTR: "Japon Yeni", NameEN: "Japanese Yen"},
	{Code: "CNY", Symbol: money.Symbol("CNY"), NameTR: "Çin Yuanı", NameEN: "Chinese Yuan"},
	{Code: "RUB", Symbol: money.Symbol("RUB"), NameTR: "Rus Rublesi", NameEN: "Russian Ruble"},
}

// PickerCurrencies returns a copy of the picker list.
func PickerCurrencies() []Currency { return append([]Currency(nil), pickerCurrencies...) }

// rateScale is the fixed-point scale of rates: 1_000_000 means 1.0.
const rateScale = 1_000_000

// usdRates are the fixed rates per 1 USD of spec §9, in millionths.
var usdRates = map[string]int64{
	"USD": 1_000_000,
	"EUR": 850_000, "GBP": 730_000, "TRY": 27_500_000,
	"CAD": 1_350_000, "AUD": 1_520_000, "JPY": 110_000_000,
	"CHF": 920_000, "SEK": 10_500_000, "NOK": 10_800_000,
	"DKK": 6_300_000, "PLN": 3_900_000, "CZK": 21_500_000,
	"HUF": 350_000_000, "RUB": 75_000_000, "CNY": 7_200_000,
	"INR": 82_000_000, "BRL": 5_200_000, "MXN": 17_500_000,
	"KRW": 1_300_000_000, "THB": 33_000_000, "SGD": 1_350_000,
	"HKD": 7_800_000, "NZD": 1_600_000, "ZAR": 18_500_000,
	"ILS": 3_700_000, "AED": 3_670_000, "SAR": 3_750_000,
}

// RateMicros is the rate per 1 USD in millionths; currencies not in the table use 1 (spec §9).
func RateMicros(code string) (micros int64, listed bool) {
	if r, ok := usdRates[code]; ok {
		return r, true
	}
	return rateScale, false
}

// Rates returns a copy of the rate table.
func Rates() map[string]int64 {
	out := make(map[string]int64, len(usdRates))
	for k, v := range usdRates {
		out[k] = v
	}
	return out
}

// CurrencyForCountry maps an ISO 3166-1 alpha-2 code to the currency shown there.
func CurrencyForCountry(cc string) (string, bool) { return country.Currency(cc) }

// ValidCurrencyCode accepts three upper-case ASCII letters.
func ValidCurrencyCode(code string) bool {
	if len(code) != 3 {
		return false
	}
	for i := range 3 {
		if code[i] < 'A' || code[i] > 'Z' {
			return false
		}
	}
	return true
}

// Conversion errors.
var (
	ErrInvalidCurrency = errors.New("invalid currency code")
	ErrNegativeAmount  = errors.New("amount is negative")
	ErrAmountTooLarge  = errors.New("converted amount is too large")
)

var pow10 = [...]int64{1, 10, 100, 1000}

// Convert moves amount from minor units of one currency into minor units of another through the
// USD rates: amount × rate(to) × 10^dec(to) / (rate(from) × 10^dec(from)), rounded half away from
// zero. Big integers keep every int64 input exact.
func Convert(amount int64, from, to string) (int64, error) {
	if !ValidCurrencyCode(from) || !ValidCurrencyCode(to) {
		return 0, ErrInvalidCurrency
	}
	if amount < 0 {
		return 0, ErrNegativeAmount
	}
	rateFrom, _ := RateMicros(from)
	rateTo, _ := RateMicros(to)
	num := new(big.Int).Mul(big.NewInt(amount), big.NewInt(rateTo))
	num.Mul(num, big.NewInt(pow10[money.Decimals(to)]))
	den := new(big.Int).Mul(big.NewInt(rateFrom), big.NewInt(pow10[money.Decimals(from)]))
	q, r := new(big.Int).QuoRem(num, den, new(big.Int))
	if r.Lsh(r, 1).Cmp(den) >= 0 {
		q.Add(q, big.NewInt(1))
	}
	if !q.IsInt64() {
		return 0, ErrAmountTooLarge
	}
	return q.Int64(), nil
}

// CrossRateMicros is units of to per unit of from, in millionths, rounded half up.
func CrossRateMicros(from, to string) int64 {
	rateFrom, _ := RateMicros(from)
	rateTo, _ := RateMicros(to)
	return (rateTo*rateScale + rateFrom/2) / rateFrom
}
