// Package money writes amounts for people: how many decimals a currency has and how an amount
// in its minor units reads in Turkish and English. One place for the web answers of every
// service (svc-geo's conversions, svc-orders' revised quotes) and the documents' decimals.
package money

import (
	"strconv"
	"strings"
)

// symbols are the signs of the currencies a visitor can pick (svc-geo's picker); any other
// currency is written with its code.
var symbols = map[string]string{"TRY": "₺", "USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥", "CNY": "¥", "RUB": "₽"}

// Symbol is the currency's sign, or its code when it has none here.
func Symbol(code string) string {
	if s, ok := symbols[code]; ok {
		return s
	}
	return code
}

// Decimals is how many digits of a currency's amount are minor units: 0 for JPY, else 2.
func Decimals(code string) int {
	if code == "JPY" {
		return 0
	}
	return 2
}

// Format shows minor units for people: "1.234,56 ₺" in Turkish, "₺1,234.56" in English. A
// currency without a sign here shows its code ("12,50 CHF", "CHF 12.50").
func Format(amount int64, code, lang string) string {
	symbol := Symbol(code)
	sign := ""
	abs := strconv.FormatUint(uint64(amount), 10)
	if amount < 0 {
		sign = "-"
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
