package pricing

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"

	"linguaport/internal/i18n"
	"linguaport/internal/svcclient"
)

// GeoConverter converts through svc-geo's /convert: the rates and the formatting rules (2
// decimals, 0 for JPY) live there only.
type GeoConverter struct{ geo *svcclient.Client }

// NewGeoConverter converts with the svc-geo instances geo reaches.
func NewGeoConverter(geo *svcclient.Client) *GeoConverter { return &GeoConverter{geo: geo} }

func (g *GeoConverter) FromUSD(ctx context.Context, cents int64, currency string, lang i18n.Lang) (Money, int64, error) {
	q := url.Values{"amount": {strconv.FormatInt(cents, 10)}, "from": {"USD"}, "to": {currency}}
	resp, err := g.geo.Get(ctx, "/api/v1/geo/convert?"+q.Encode(), http.Header{"Accept-Language": {string(lang)}})
	if err != nil {
		return Money{}, 0, fmt.Errorf("converting to %s: %w", currency, err)
	}
	defer resp.Body.Close()
	switch resp.StatusCode {
	case http.StatusOK:
	case http.StatusBadRequest:
		return Money{}, 0, ErrCurrency
	default:
		return Money{}, 0, fmt.Errorf("converting to %s: svc-geo answered %s", currency, resp.Status)
	}
	var c struct {
		Result    int64  `json:"result"`
		To        string `json:"to"`
		Decimals  int    `json:"decimals"`
		Formatted string `json:"formatted"`
		Rate      int64  `json:"rateMicros"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&c); err != nil {
		return Money{}, 0, fmt.Errorf("converting to %s: svc-geo's answer: %w", currency, err)
	}
	return Money{Amount: c.Result, Currency: c.To, Decimals: c.Decimals, Formatted: c.Formatted}, c.Rate, nil
}
