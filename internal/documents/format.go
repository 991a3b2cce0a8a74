package documents

import (
	"strconv"
	"strings"
	"time"

	"linguaport/internal/i18n"
	"linguaport/internal/money"
)

// separators are the thousands and decimal marks of a language: 1.234,56 in Turkish, 1,234.56
// in English.
func separators(lang i18n.Lang) (thousands, decimal string) {
	if lang == i18n.EN {
		return ",", "."
	}
	return ".", ","
}

// groupDigits writes the non-negative integer n with the language's thousands mark.
func groupDigits(n int64, lang i18n.Lang) string {
	s := strconv.FormatInt(n, 10)
	th, _ := separators(lang)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteString(th)
		}
		b.WriteRune(c)
	}
	return b.String()
}

// fixed writes v/10^scale with exactly digits decimals (digits <= scale, the rest cut off: callers
// pass amounts that have no more digits than they show).
func fixed(v int64, scale, digits int, lang i18n.Lang) string {
	sign := ""
	if v < 0 {
		sign, v = "-", -v
	}
	pow := int64(1)
	for range scale {
		pow *= 10
	}
	out := sign + groupDigits(v/pow, lang)
	if digits == 0 {
		return out
	}
	frac := strconv.FormatInt(pow+v%pow, 10)[1:] // zero-padded to scale digits
	_, dec := separators(lang)
	return out + dec + frac[:digits]
}

// Money writes an amount in minor units with its currency code: "1.234,56 TRY" in Turkish,
// "1,234.56 TRY" in English, "12.345 JPY" / "12,345 JPY" for a currency without minor units.
func Money(amount int64, currency string, lang i18n.Lang) string {
	n := money.Decimals(currency)
	return fixed(amount, n, n, lang) + " " + currency
}

// UnitPriceOf writes a line's unit price as its amount ÷ its quantity: at the currency's
// decimals when that is exact, else with two more decimals rounded half up ("2,3375 TRY" a word
// for 2.884,48 TRY of 1.234 words). Prices are per line (a minimum charge, the tier, urgency and
// add-ons are all in the amount), so this is the price one unit came to; the amount is what is
// charged.
func UnitPriceOf(amount, quantity int64, currency string, lang i18n.Lang) string {
	n := money.Decimals(currency)
	if quantity <= 0 {
		return ""
	}
	if amount%quantity == 0 {
		return fixed(amount/quantity, n, n, lang) + " " + currency
	}
	// Hundredths of a minor unit, rounded half up; amounts are never negative on a document.
	v := (amount*100 + quantity/2) / quantity
	return fixed(v, n+2, n+2, lang) + " " + currency
}

// Rate writes the rate the document was priced at: "1 USD = 27,50 TRY" in Turkish, "1 USD =
// 27.50 TRY" in English; at least two decimals, more when the rate has them (up to six).
func Rate(rateMicros int64, currency string, lang i18n.Lang) string {
	digits := 6
	for digits > 2 && rateMicros%10 == 0 {
		rateMicros /= 10
		digits--
	}
	for range 6 - digits {
		rateMicros *= 10
	}
	return "1 USD = " + fixed(rateMicros, 6, digits, lang) + " " + currency
}

// Quantity writes a count with the language's thousands mark.
func Quantity(n int64, lang i18n.Lang) string {
	if n < 0 {
		return "-" + groupDigits(-n, lang)
	}
	return groupDigits(n, lang)
}

// turkeyTime: documents are dated in Turkey (UTC+3 all year since 2016), like the invoice
// numbering year, so one issued at 22:00 UTC on 31 December carries 1 January's date.
var turkeyTime = time.FixedZone("TRT", 3*60*60)

var monthsEN = [...]string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}

// Date writes a day: 23.11.2026 in Turkish, 23 Nov 2026 in English.
func Date(t time.Time, lang i18n.Lang) string {
	t = t.In(turkeyTime)
	if lang == i18n.EN {
		return strconv.Itoa(t.Day()) + " " + monthsEN[t.Month()-1] + " " + strconv.Itoa(t.Year())
	}
	return t.Format("02.01.2006")
}

// units are the names of the pricing units (svc-orders' pricing.Unit and a few more), singular
// and plural in English.
var units = map[string]struct{ tr, en, enPlural string }{
	"word":      {"kelime", "word", "words"},
	"page":      {"sayfa", "page", "pages"},
	"minute":    {"dakika", "minute", "minutes"},
	"character": {"karakter", "character", "characters"},
	"hour":      {"saat", "hour", "hours"},
	"document":  {"belge", "document", "documents"},
}

// unitName is a unit in the language for quantity n; an unknown unit is printed as given.
func unitName(unit string, n int64, lang i18n.Lang) string {
	u, ok := units[unit]
	switch {
	case !ok:
		return unit
	case lang != i18n.EN:
		return u.tr
	case n == 1:
		return u.en
	}
	return u.enPlural
}

// statuses are the document statuses worth a word on the page; others are printed as given. A
// quote's pending waits for the customer's approval, an invoice's for the payment.
// methods are how an invoice was paid, as the payment line words it ("… by card").
var methods = map[string]i18n.Text{
	"card":          {TR: "kartla", EN: "by card"},
	"balance":       {TR: "bakiyeden", EN: "from the account balance"},
	"bank_transfer": {TR: "havale/EFT ile", EN: "by bank transfer"},
}

var statuses = map[Kind]map[string]i18n.Text{
	Invoice: {
		"pending":  {TR: "Ödeme bekleniyor", EN: "Awaiting payment"},
		"paid":     {TR: "Ödendi", EN: "Paid"},
		"refunded": {TR: "İade edildi", EN: "Refunded"},
	},
	Quote: {
		"pending":  {TR: "Onay bekliyor", EN: "Awaiting approval"},
		"approved": {TR: "Onaylandı", EN: "Approved"},
		"rejected": {TR: "Reddedildi", EN: "Declined"},
		"expired":  {TR: "Süresi doldu", EN: "Expired"},
	},
}

func statusName(k Kind, s string, lang i18n.Lang) string {
	if t, ok := statuses[k][s]; ok {
		return t.In(lang)
	}
	return s
}

// countries names the countries most customers bill from; any other is printed as its code.
var countries = map[string]i18n.Text{
	"TR": {TR: "Türkiye", EN: "Türkiye"},
	"DE": {TR: "Almanya", EN: "Germany"},
	"GB": {TR: "Birleşik Krallık", EN: "United Kingdom"},
	"US": {TR: "Amerika Birleşik Devletleri", EN: "United States"},
	"FR": {TR: "Fransa", EN: "France"},
	"NL": {TR: "Hollanda", EN: "Netherlands"},
	"AT": {TR: "Avusturya", EN: "Austria"},
	"CH": {TR: "İsviçre", EN: "Switzerland"},
	"JP": {TR: "Japonya", EN: "Japan"},
	"AZ": {TR: "Azerbaycan", EN: "Azerbaijan"},
}

func countryName(code string, lang i18n.Lang) string {
	if t, ok := countries[strings.ToUpper(code)]; ok {
		return t.In(lang)
	}
	return code
}

// QuantityOf is n of unit as documents print it: "1.250 kelime", "1,250 words".
func QuantityOf(n int64, unit string, lang i18n.Lang) string {
	return Quantity(n, lang) + " " + unitName(unit, n, lang)
}

// CountryName is the country code's name in lang, or the code for one this list does not know.
func CountryName(code string, lang i18n.Lang) string { return countryName(code, lang) }
