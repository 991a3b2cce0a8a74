package stripedev

// Reading and checking the parameters of POST /v1/checkout/sessions as Stripe does for the part
// of it the stand-in implements. The messages and codes follow Stripe's, so a client's handling
// of a refusal can be tested here.

import (
	"maps"
	"net/mail"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"golang.org/x/text/currency"
)

const (
	defaultSessionTTL = 24 * time.Hour
	minSessionTTL     = 30 * time.Minute
	// maxAmount is the largest amount Stripe charges in one payment (99,999,999 minor units).
	maxAmount = 99_999_999
)

// minCharge is Stripe's minimum charge for the currencies it publishes one for that we may use;
// for others the stand-in asks only for a positive total.
var minCharge = map[string]int64{"usd": 50, "eur": 50, "gbp": 30}

// stripeLocales are the values Checkout takes for locale.
var stripeLocales = strings.Fields("auto bg cs da de el en en-GB es es-419 et fi fil fr fr-CA hr hu id it ja ko lt lv ms mt nb nl pl pt pt-BR ro ru sk sl sv th tr vi zh zh-HK zh-TW")

type createParams struct {
	successURL, cancelURL, clientReferenceID, customerEmail, locale, submitType string
	expiresAt                                                                   int64
	metadata                                                                    map[string]string
	currency                                                                    string
	lines                                                                       []lineItem
}

type lineItem struct {
	Name, Description string
	UnitAmount        int64
	Quantity          int64
}

func parseCreateParams(v url.Values, now time.Time) (*createParams, *apiError) {
	if e := onlyParams(v, "mode", "success_url", "cancel_url", "client_reference_id", "customer_email",
		"expires_at", "locale", "submit_type", "metadata[", "line_items[", "payment_method_types[", "expand["); e != nil {
		return nil, e
	}
	for k, vals := range v {
		if len(vals) > 1 {
			return nil, invalidRequest("", k, "Received multiple values for parameter: %s", k)
		}
	}
	mode, e := required(v, "mode")
	if e != nil {
		return nil, e
	}
	switch mode {
	case "payment":
	case "setup", "subscription":
		return nil, invalidRequest("", "mode", "The local Stripe stand-in (internal/stripedev) implements only mode=payment, not %s.", mode)
	default:
		return nil, invalidRequest("", "mode", "Invalid mode: must be one of payment, setup, or subscription")
	}
	p := &createParams{metadata: map[string]string{}}
	if p.successURL, e = required(v, "success_url"); e != nil {
		return nil, e
	}
	if e = checkURL("success_url", p.successURL); e != nil {
		return nil, e
	}
	if p.cancelURL = v.Get("cancel_url"); p.cancelURL != "" {
		if e = checkURL("cancel_url", p.cancelURL); e != nil {
			return nil, e
		}
	}
	if p.clientReferenceID = v.Get("client_reference_id"); len(p.clientReferenceID) > 200 {
		return nil, invalidRequest("", "client_reference_id", "Invalid string: %s...; must be at most 200 characters", p.clientReferenceID[:20])
	}
	if p.customerEmail = v.Get("customer_email"); p.customerEmail != "" {
		if a, err := mail.ParseAddress(p.customerEmail); err != nil || a.Address != p.customerEmail {
			return nil, invalidRequest("email_invalid", "customer_email", "Invalid email address: %s", p.customerEmail)
		}
	}
	if p.locale = v.Get("locale"); p.locale != "" && !slices.Contains(stripeLocales, p.locale) {
		return nil, invalidRequest("", "locale", "Invalid locale: %s", p.locale)
	}
	if p.submitType = v.Get("submit_type"); p.submitType != "" && !slices.Contains([]string{"auto", "book", "donate", "pay", "subscribe"}, p.submitType) {
		return nil, invalidRequest("", "submit_type", "Invalid submit_type: must be one of auto, book, donate, pay, or subscribe")
	}
	for k, vals := range v {
		if strings.HasPrefix(k, "payment_method_types[") && vals[0] != "card" {
			return nil, invalidRequest("", k, "The local Stripe stand-in (internal/stripedev) takes only card payments, not %s.", vals[0])
		}
	}
	p.expiresAt = now.Add(defaultSessionTTL).Unix()
	if s := v.Get("expires_at"); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return nil, invalidRequest("parameter_invalid_integer", "expires_at", "Invalid integer: %s", s)
		}
		switch {
		case n > now.Add(defaultSessionTTL).Unix():
			return nil, invalidRequest("", "expires_at", "The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.")
		case n < now.Add(minSessionTTL).Unix():
			return nil, invalidRequest("", "expires_at", "The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.")
		}
		p.expiresAt = n
	}
	if e = p.readMetadata(v); e != nil {
		return nil, e
	}
	if e = p.readLineItems(v); e != nil {
		return nil, e
	}
	return p, nil
}

// required returns a parameter that must be present and not empty, refusing it as Stripe does.
func required(v url.Values, name string) (string, *apiError) {
	vals, ok := v[name]
	if !ok {
		return "", missingParam(name)
	}
	if vals[0] == "" {
		return "", invalidRequest("parameter_invalid_empty", name, "You passed an empty string for '%[1]s'. We assume empty values are an attempt to unset a parameter; however '%[1]s' cannot be unset. You should remove '%[1]s' from your request or supply a non-empty value.", name)
	}
	return vals[0], nil
}

func checkURL(param, s string) *apiError {
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || len(s) > 5000 {
		return invalidRequest("url_invalid", param, "Not a valid URL")
	}
	return nil
}

func (p *createParams) readMetadata(v url.Values) *apiError {
	for k, vals := range v {
		key, ok := strings.CutPrefix(k, "metadata[")
		if !ok {
			continue
		}
		key, ok = strings.CutSuffix(key, "]")
		if !ok || key == "" || strings.ContainsAny(key, "[]") {
			return invalidRequest("", k, "Invalid metadata key: %s", k)
		}
		switch {
		case len(key) > 40:
			return invalidRequest("", k, "Metadata keys can have up to 40 characters, but you passed in a key that is %d characters.", len(key))
		case len(vals[0]) > 500:
			return invalidRequest("", k, "Metadata values can have up to 500 characters, but you passed in a value that is %d characters.", len(vals[0]))
		case vals[0] == "":
			continue // an empty value unsets the key, so on create it is not there at all
		}
		p.metadata[key] = vals[0]
	}
	if len(p.metadata) > 50 {
		return invalidRequest("", "metadata", "You can have at most 50 metadata keys, but you passed in %d.", len(p.metadata))
	}
	return nil
}

// readLineItems reads line_items[i][quantity] and line_items[i][price_data][...], the inline
// prices the stand-in implements (no price ids), all in one currency.
func (p *createParams) readLineItems(v url.Values) *apiError {
	fields := map[int]map[string]string{}
	for k, vals := range v {
		rest, ok := strings.CutPrefix(k, "line_items[")
		if !ok {
			continue
		}
		idx, field, ok := strings.Cut(rest, "]")
		i, err := strconv.Atoi(idx)
		if !ok || err != nil || i < 0 || i > 99 {
			return invalidRequest("", k, "Invalid array")
		}
		if fields[i] == nil {
			fields[i] = map[string]string{}
		}
		fields[i][field] = vals[0]
	}
	if len(fields) == 0 {
		return missingParam("line_items")
	}
	for i := range len(fields) {
		if fields[i] == nil {
			return invalidRequest("", "line_items", "Invalid array")
		}
	}
	var total int64
	for i := range len(fields) {
		f := fields[i]
		name := func(field string) string { return "line_items[" + strconv.Itoa(i) + "]" + field }
		for field := range f {
			switch field {
			case "[quantity]", "[price_data][currency]", "[price_data][unit_amount]",
				"[price_data][product_data][name]", "[price_data][product_data][description]":
			case "[price]":
				return invalidRequest("", name(field), "The local Stripe stand-in (internal/stripedev) takes only inline price_data, not price ids.")
			default:
				return invalidRequest("parameter_unknown", name(field), "Received unknown parameter: %s", name(field))
			}
		}
		vals := url.Values{}
		for field, val := range f {
			vals.Set(name(field), val)
		}
		if !slices.ContainsFunc(slices.Collect(maps.Keys(f)), func(k string) bool { return strings.HasPrefix(k, "[price_data]") }) {
			return missingParam(name("[price_data]"))
		}
		cur, e := required(vals, name("[price_data][currency]"))
		if e != nil {
			return e
		}
		cur = strings.ToLower(cur)
		if !validCurrency(cur) {
			return invalidRequest("", name("[price_data][currency]"), "Invalid currency: %s. Stripe currently supports these currencies: see https://stripe.com/docs/currencies", cur)
		}
		if p.currency == "" {
			p.currency = cur
		} else if cur != p.currency {
			return invalidRequest("", name("[price_data][currency]"), "All line items must have the same currency; line_items[0] is in %s and %s is in %s.", p.currency, name(""), cur)
		}
		unit, e := positiveInt(vals, name("[price_data][unit_amount]"))
		if e != nil {
			return e
		}
		qty, e := positiveInt(vals, name("[quantity]"))
		if e != nil {
			return e
		}
		if _, ok := vals[name("[price_data][product_data][name]")]; !ok {
			return missingParam(name("[price_data][product_data][name]"))
		}
		product, e := required(vals, name("[price_data][product_data][name]"))
		if e != nil {
			return e
		}
		if unit > maxAmount || qty > maxAmount || unit*qty > maxAmount-total {
			return invalidRequest("amount_too_large", "line_items", "The Checkout Session's total amount due must be no more than %d %s.", int64(maxAmount), cur)
		}
		total += unit * qty
		p.lines = append(p.lines, lineItem{Name: product, Description: vals.Get(name("[price_data][product_data][description]")), UnitAmount: unit, Quantity: qty})
	}
	if least := minCharge[p.currency]; total < least {
		return invalidRequest("amount_too_small", "line_items", "The Checkout Session's total amount due must add up to at least %s.", formatAmount(least, p.currency, "en"))
	}
	return nil
}

// positiveInt reads a required integer of at least 1.
func positiveInt(v url.Values, name string) (int64, *apiError) {
	s, e := required(v, name)
	if e != nil {
		return 0, e
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return 0, invalidRequest("parameter_invalid_integer", name, "Invalid integer: %s", s)
	}
	if n < 1 {
		return 0, invalidRequest("", name, "This value must be greater than or equal to 1.")
	}
	return n, nil
}

// validCurrency accepts the ISO 4217 currencies people pay in; Stripe takes nearly all of them
// but not the funds, metals and testing codes.
func validCurrency(c string) bool {
	if len(c) != 3 || slices.Contains([]string{"xag", "xau", "xba", "xbb", "xbc", "xbd", "xdr", "xpd", "xpt", "xsu", "xts", "xua", "xxx"}, c) {
		return false
	}
	_, err := currency.ParseISO(c)
	return err == nil
}

// Stripe counts these currencies' amounts in whole units or in thousandths; all others in
// hundredths.
var (
	zeroDecimal  = strings.Fields("bif clp djf gnf jpy kmf krw mga pyg rwf ugx vnd vuv xaf xof xpf")
	threeDecimal = strings.Fields("bhd jod kwd omr tnd")
)

// formatAmount writes an amount in minor units for people: "1,234.50 TRY" in English,
// "1.234,50 TRY" in Turkish.
func formatAmount(minor int64, cur, lang string) string {
	decimals := 2
	switch {
	case slices.Contains(zeroDecimal, cur):
		decimals = 0
	case slices.Contains(threeDecimal, cur):
		decimals = 3
	}
	sign := ""
	if minor < 0 {
		sign, minor = "-", -minor
	}
	unit := int64(1)
	for range decimals {
		unit *= 10
	}
	whole, frac := strconv.FormatInt(minor/unit, 10), ""
	if decimals > 0 {
		frac = strconv.FormatInt(unit+minor%unit, 10)[1:]
	}
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
	if frac != "" {
		b.WriteString(point + frac)
	}
	return sign + b.String() + " " + strings.ToUpper(cur)
}
