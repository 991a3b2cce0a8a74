package invoices

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"linguaport/internal/svcclient"
)

// GeoRates reads the site's fixed rates from svc-geo's GET /api/v1/geo/rates: the table lives
// there only (DESIGN §1), so the revenue converts at the rates the customers were quoted at.
type GeoRates struct{ geo *svcclient.Client }

// NewGeoRates asks the svc-geo instances geo reaches.
func NewGeoRates(geo *svcclient.Client) *GeoRates { return &GeoRates{geo: geo} }

// RateMicros is currency's rate per 1 USD in millionths; a currency the table does not list is
// an error rather than the 1:1 svc-geo shows visitors, since a wrong total is worse than none.
func (g *GeoRates) RateMicros(ctx context.Context, currency string) (int64, error) {
	resp, err := g.geo.Get(ctx, "/api/v1/geo/rates", nil)
	if err != nil {
		return 0, fmt.Errorf("svc-geo rates: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return 0, fmt.Errorf("svc-geo rates: answered %s", resp.Status)
	}
	var table struct {
		Base  string           `json:"base"`
		Scale int64            `json:"scale"`
		Rates map[string]int64 `json:"rates"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&table); err != nil {
		return 0, fmt.Errorf("svc-geo rates: %w", err)
	}
	rate, ok := table.Rates[currency]
	if table.Base != "USD" || table.Scale != 1_000_000 || !ok || rate <= 0 {
		return 0, fmt.Errorf("svc-geo rates: no USD rate in millionths for %s (base %q, scale %d)", currency, table.Base, table.Scale)
	}
	return rate, nil
}
