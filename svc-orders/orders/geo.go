package orders

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"linguaport/internal/discovery"
)

// GeoConverter converts through svc-geo's /convert, found in Consul: the rates and the
// formatting rules (2 decimals, 0 for JPY) live there only.
type GeoConverter struct {
	client    *http.Client
	instances func() ([]string, int)
}

// NewGeoConverter converts with the healthy svc-geo instances.
func NewGeoConverter(instances *discovery.Instances) *GeoConverter {
	return &GeoConverter{client: &http.Client{Timeout: 3 * time.Second}, instances: instances.Snapshot}
}

// NewGeoConverterAt converts with the svc-geo at baseURL (tests, and one fixed instance).
func NewGeoConverterAt(baseURL string) *GeoConverter {
	u, _ := url.Parse(baseURL)
	return &GeoConverter{client: &http.Client{Timeout: 3 * time.Second}, instances: func() ([]string, int) { return []string{u.Host}, 0 }}
}

func (g *GeoConverter) FromUSD(ctx context.Context, cents int64, currency, lang string) (Money, int64, error) {
	addrs, start := g.instances()
	if len(addrs) == 0 {
		return Money{}, 0, errors.New("no healthy svc-geo instance")
	}
	q := url.Values{"amount": {strconv.FormatInt(cents, 10)}, "from": {"USD"}, "to": {currency}}
	var errs []error
	for i := range addrs {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+addrs[(start+i)%len(addrs)]+"/api/v1/geo/convert?"+q.Encode(), nil)
		req.Header.Set("Accept-Language", lang)
		resp, err := g.client.Do(req)
		if err != nil {
			errs = append(errs, err)
			continue // the next instance may answer
		}
		body, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<16))
		resp.Body.Close()
		if resp.StatusCode == http.StatusBadRequest {
			return Money{}, 0, ErrCurrency
		}
		if resp.StatusCode != http.StatusOK {
			errs = append(errs, fmt.Errorf("svc-geo convert: %s", resp.Status))
			continue
		}
		var c struct {
			Result    int64  `json:"result"`
			To        string `json:"to"`
			Decimals  int    `json:"decimals"`
			Formatted string `json:"formatted"`
			Rate      int64  `json:"rateMicros"`
		}
		if err := json.Unmarshal(body, &c); err != nil {
			return Money{}, 0, fmt.Errorf("svc-geo convert: %w", err)
		}
		return Money{Amount: c.Result, Currency: c.To, Decimals: c.Decimals, Formatted: c.Formatted}, c.Rate, nil
	}
	return Money{}, 0, fmt.Errorf("converting to %s: %w", currency, errors.Join(errs...))
}
