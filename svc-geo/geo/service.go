// Package geo decides a visitor's display currency from their IP address and owns the currency
// tables: the picker list, the fixed USD rates and conversions between currencies.
package geo

import (
	"context"
	"errors"
	"net/netip"
	"strings"

	"linguaport/internal/errs"
	"linguaport/internal/money"
)

// Errors the service answers with; the transport maps them to HTTP. Conversions refuse with the
// errors of currency.go, and a malformed currency code of a request with errs.Fields naming its
// parameter with the reason "currency".
var (
	ErrInvalidIP = errors.New("invalid IP address")
)

// fallbackCurrency is shown when the country is unknown or the lookup fails (spec §7, §8).
const fallbackCurrency = "USD"

// Location is where an address is and the currency shown there.
type Location struct {
	Country  string `json:"country"`
	Currency string `json:"currency"`
}

// RateTable is the fixed rates per 1 USD, as integers of Scale (1,000,000 = 1.0).
type RateTable struct {
	Base  string           `json:"base"`
	Scale int64            `json:"scale"`
	Rates map[string]int64 `json:"rates"`
}

// Conversion is an amount moved from one currency to another, both in minor units.
type Conversion struct {
	Amount    int64  `json:"amount"`
	From      string `json:"from"`
	Result    int64  `json:"result"`
	To        string `json:"to"`
	Decimals  int    `json:"decimals"` // of the result
	Formatted string `json:"formatted"`
	// RateMicros is the rate used: units of To per unit of From, in millionths. Quotes and
	// invoices store it so what the customer saw is what they pay.
	RateMicros int64 `json:"rateMicros"`
}

// Service answers geo questions.
type Service interface {
	// Locate finds the country and display currency of ip (textual form).
	Locate(ctx context.Context, ip string) (Location, error)
	// Currencies is the currency picker's list, in order.
	Currencies(ctx context.Context) []Currency
	// Rates is the fixed rate table.
	Rates(ctx context.Context) RateTable
	// Convert moves amount (minor units of from) into minor units of to; lang picks the formatting.
	Convert(ctx context.Context, amount int64, from, to, lang string) (Conversion, error)
}

// CountryLocator maps a public address to an ISO 3166 country code, "" when unknown.
type CountryLocator interface {
	Country(ctx context.Context, ip netip.Addr) (string, error)
}

type service struct {
	locator CountryLocator
}

// NewService returns the geo service using locator for addresses.
func NewService(locator CountryLocator) Service {
	return &service{locator: locator}
}

func (s *service) Locate(ctx context.Context, raw string) (Location, error) {
	ip, err := netip.ParseAddr(strings.TrimSpace(raw))
	if err != nil || ip.Zone() != "" {
		return Location{}, ErrInvalidIP
	}
	ip = ip.Unmap()
	if !isPublic(ip) {
		return Location{Currency: fallbackCurrency}, nil
	}
	country, err := s.locator.Country(ctx, ip)
	if err != nil {
		return Location{}, err
	}
	currency, ok := CurrencyForCountry(country)
	if !ok {
		return Location{Currency: fallbackCurrency}, nil
	}
	return Location{Country: strings.ToUpper(country), Currency: currency}, nil
}

// isPublic is false for addresses that cannot say where a visitor is: loopback, private ranges,
// link-local, CGNAT, multicast, documentation and the like.
func isPublic(ip netip.Addr) bool {
	if !ip.IsGlobalUnicast() || ip.IsPrivate() {
		return false
	}
	for _, p := range nonPublic {
		if p.Contains(ip) {
			return false
		}
	}
	return true
}

var nonPublic = []netip.Prefix{
	netip.MustParsePrefix("100.64.0.0/10"),   // carrier-grade NAT
	netip.MustParsePrefix("192.0.2.0/24"),    // documentation
	netip.MustParsePrefix("198.51.100.0/24"), // documentation
	netip.MustParsePrefix("203.0.113.0/24"),  // documentation
	netip.MustParsePrefix("198.18.0.0/15"),   // benchmarking
	netip.MustParsePrefix("2001:db8::/32"),   // documentation
}

func (s *service) Currencies(context.Context) []Currency { return PickerCurrencies() }

func (s *service) Rates(context.Context) RateTable {
	return RateTable{Base: "USD", Scale: rateScale, Rates: Rates()}
}

func (s *service) Convert(_ context.Context, amount int64, from, to, lang string) (Conversion, error) {
	from, to = strings.ToUpper(strings.TrimSpace(from)), strings.ToUpper(strings.TrimSpace(to))
	// One field at a time, from first: the answer names the code to fix now.
	if !ValidCurrencyCode(from) {
		return Conversion{}, errs.Fields{"from": "currency"}
	}
	if !ValidCurrencyCode(to) {
		return Conversion{}, errs.Fields{"to": "currency"}
	}
	result, err := Convert(amount, from, to)
	if err != nil {
		return Conversion{}, err
	}
	return Conversion{Amount: amount, From: from, Result: result, To: to, Decimals: money.Decimals(to), Formatted: money.Format(result, to, lang),
		RateMicros: CrossRateMicros(from, to)}, nil
}
