package geo

import (
	"errors"
	"math/big"
	"strconv"
	"strings"

	"linguaport/internal/country"
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
	{Code: "TRY", Symbol: "₺", NameTR: "Türk Lirası", NameEN: "Turkish Lira"},
	{Code: "USD", Symbol: "$", NameTR: "Amerikan Doları", NameEN: "US Dollar"},
	{Code: "EUR", Symbol: "€", NameTR: "Euro", NameEN: "Euro"},
	{Code: "GBP", Symbol: "£", NameTR: "İngiliz Sterlini", NameEN: "British Pound"},
	{Code: "JPY", Symbol: "¥", NameTR: "Japon Yeni", NameEN: "Japanese Yen"},
	{Code: "CNY", Symbol: "¥", NameTR: "Çin Yuanı", NameEN: "Chinese Yuan"},
	{Code: "RUB", Symbol: "₽", NameTR: "Rus Rublesi", NameEN: "Russian Ruble"},
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

// Decimals is how many minor-unit digits a currency is shown with: 0 for JPY, 2 for the rest (spec §9).
func Decimals(code string) int {
	if code == "JPY" {
		return 0
	}
	return 2
}

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
	num.Mul(num, big.NewInt(pow10[Decimals(to)]))
	den := new(big.Int).Mul(big.NewInt(rateFrom), big.NewInt(pow10[Decimals(from)]))
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

// Format shows minor units for people: "1.234,56 ₺" in Turkish, "₺1,234.56" in English. A
// currency outside the picker shows its code ("12,50 CHF", "CHF 12.50").
func Format(amount int64, code, lang string) string {
	symbol := code
	for _, c := range pickerCurrencies {
		if c.Code == code {
			symbol = c.Symbol
		}
	}
	sign := ""
	if amount < 0 {
		sign = "-"
	}
	abs := strconv.FormatUint(uint64(amount), 10)
	if amount < 0 {
		abs = strconv.FormatUint(uint64(-(amount+1))+1, 10)
	}
	dec := Decimals(code)
	for len(abs) <= dec {
		abs = "0" + abs
	}
	whole, frac := abs[:len(abs)-dec], abs[len(abs)-dec:]

	thousands, point := ",", "."
	if lang == "tr" {
		thousands, point = ".", ","
	}
	var b strings.Builder
	for i, d := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteString(thousands)
		}
		b.WriteRune(d)
	}
	number := b.String()
	if dec > 0 {
		number += point + frac
	}
	switch {
	case lang == "tr":
		return sign + number + " " + symbol
	case symbol == code:
		return sign + code + " " + number
	default:
		return sign + symbol + number
	}
}
