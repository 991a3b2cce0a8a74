package api_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"linguaport/internal/httpx"
	"linguaport/internal/testenv"
	"linguaport/svc-geo/api"
	"linguaport/svc-geo/geo"
)

func TestMain(m *testing.M) { testenv.Main(m) }

// countingLocator counts how often the embedded database is really asked.
type countingLocator struct {
	calls atomic.Int64
}

func (c *countingLocator) Country(ctx context.Context, ip netip.Addr) (string, error) {
	c.calls.Add(1)
	return geo.EmbeddedLocator{}.Country(ctx, ip)
}

type fixture struct {
	url     string
	locator *countingLocator
	redis   *testenv.Redis
}

// newFixture serves svc-geo's real handler, built from its route table with the same server
// wrapper as production, against a real redis-server.
func newFixture(t *testing.T, trusted httpx.TrustedProxies) *fixture {
	t.Helper()
	r := testenv.StartRedis(t)
	loc := &countingLocator{}
	reg := prometheus.NewRegistry()
	svc := geo.InstrumentingMiddleware(reg)(geo.NewService(geo.NewCachedLocator(loc, r.Client, time.Hour)))
	srv := httpx.NewServer(httpx.Options{Name: "svc-geo", Handler: api.Routes(api.MakeEndpoints(svc), trusted).Handler(nil), Registry: reg})
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	return &fixture{url: ts.URL, locator: loc, redis: r}
}

func (f *fixture) get(t *testing.T, path string, header http.Header) (int, map[string]any, http.Header) {
	t.Helper()
	var body map[string]any
	resp := testenv.GetJSON(t, f.url+path, header, &body)
	return resp.StatusCode, body, resp.Header
}

func TestLookup(t *testing.T) {
	f := newFixture(t, httpx.LoopbackOnly)
	cases := []struct {
		ip, country, currency string
	}{
		{"88.255.0.1", "TR", "TRY"},
		{"195.175.39.39", "TR", "TRY"},
		{"8.8.8.8", "US", "USD"},
		{"81.2.69.142", "GB", "GBP"},
		{"133.242.0.1", "JP", "JPY"},
		{"77.88.8.8", "RU", "RUB"},
		{"85.214.132.117", "DK", "DKK"},
		{"1.1.1.1", "AU", "AUD"},
		{"2a00:1450:4001::1", "DE", "EUR"},
		{"::ffff:88.255.0.1", "TR", "TRY"},
		// Addresses that say nothing about where a visitor is fall back to USD (spec §7).
		{"127.0.0.1", "", "USD"},
		{"::1", "", "USD"},
		{"10.1.2.3", "", "USD"},
		{"192.168.1.10", "", "USD"},
		{"172.16.0.1", "", "USD"},
		{"100.64.0.1", "", "USD"},
		{"169.254.1.1", "", "USD"},
		{"fd00::1", "", "USD"},
		{"0.0.0.0", "", "USD"},
		{"224.0.0.1", "", "USD"},
		{"203.0.113.9", "", "USD"},
	}
	for _, tc := range cases {
		t.Run(tc.ip, func(t *testing.T) {
			status, body, _ := f.get(t, "/api/v1/geo/lookup?ip="+tc.ip, nil)
			if status != http.StatusOK || body["country"] != tc.country || body["currency"] != tc.currency {
				t.Fatalf("got %d %v, want %s/%s", status, body, tc.country, tc.currency)
			}
		})
	}
}

func TestLookupIsCachedInRedis(t *testing.T) {
	f := newFixture(t, httpx.LoopbackOnly)
	for range 5 {
		if status, body, _ := f.get(t, "/api/v1/geo/lookup?ip=88.255.0.1", nil); status != 200 || body["currency"] != "TRY" {
			t.Fatalf("got %d %v", status, body)
		}
	}
	if n := f.locator.calls.Load(); n != 1 {
		t.Errorf("database asked %d times for one address, want 1", n)
	}
	ttl, err := f.redis.Client.TTL(context.Background(), "geo:country:88.255.0.1").Result()
	if err != nil || ttl <= 0 || ttl > time.Hour {
		t.Errorf("cache entry ttl %v, err %v", ttl, err)
	}
	// A cache outage must not fail visitors: the answer still comes from the database.
	f.redis.Client.Shutdown(context.Background())
	if status, body, _ := f.get(t, "/api/v1/geo/lookup?ip=8.8.8.8", nil); status != 200 || body["currency"] != "USD" || body["country"] != "US" {
		t.Fatalf("with Redis down: %d %v", status, body)
	}
}

func TestCallerCurrencyHonoursForwardedForOnlyFromTrustedProxies(t *testing.T) {
	trusting := newFixture(t, httpx.LoopbackOnly)
	status, body, h := trusting.get(t, "/api/v1/geo/currency", http.Header{"X-Forwarded-For": {"88.255.0.1"}})
	if status != 200 || body["country"] != "TR" || body["currency"] != "TRY" {
		t.Fatalf("behind a trusted proxy: %d %v", status, body)
	}
	if cc := h.Get("Cache-Control"); cc != "private, no-store" {
		t.Errorf("caller-specific answer has Cache-Control %q", cc)
	}
	// The client's own claim to the left of a proxy it does not control is ignored.
	_, body, _ = trusting.get(t, "/api/v1/geo/currency", http.Header{"X-Forwarded-For": {"8.8.8.8, 88.255.0.1"}})
	if body["country"] != "TR" {
		t.Errorf("spoofed leftmost hop believed: %v", body)
	}
	_, body, _ = trusting.get(t, "/api/v1/geo/currency", nil)
	if body["country"] != "" || body["currency"] != "USD" {
		t.Errorf("loopback caller: %v", body)
	}

	distrusting := newFixture(t, httpx.TrustedProxies{})
	_, body, _ = distrusting.get(t, "/api/v1/geo/currency", http.Header{"X-Forwarded-For": {"88.255.0.1"}})
	if body["country"] != "" || body["currency"] != "USD" {
		t.Errorf("X-Forwarded-For believed from an untrusted peer: %v", body)
	}
}

func TestCurrenciesAndRates(t *testing.T) {
	f := newFixture(t, httpx.LoopbackOnly)
	status, body, h := f.get(t, "/api/v1/geo/currencies", nil)
	if status != 200 || body["default"] != "TRY" {
		t.Fatalf("%d %v", status, body)
	}
	var codes []string
	for _, c := range body["currencies"].([]any) {
		m := c.(map[string]any)
		if m["symbol"] == "" || m["nameTr"] == "" || m["nameEn"] == "" {
			t.Errorf("incomplete currency %v", m)
		}
		codes = append(codes, m["code"].(string))
	}
	if got := strings.Join(codes, ","); got != "TRY,USD,EUR,GBP,JPY,CNY,RUB" {
		t.Errorf("picker order %s", got)
	}
	if !strings.Contains(h.Get("Cache-Control"), "max-age") {
		t.Errorf("currencies not cacheable: %q", h.Get("Cache-Control"))
	}

	_, rates, _ := f.get(t, "/api/v1/geo/rates", nil)
	r := rates["rates"].(map[string]any)
	if rates["base"] != "USD" || rates["scale"] != float64(1_000_000) || r["TRY"] != float64(27_500_000) || r["JPY"] != float64(110_000_000) || r["AED"] != float64(3_670_000) || len(r) != 28 {
		t.Errorf("rates %v", rates)
	}
}

func TestConvert(t *testing.T) {
	f := newFixture(t, httpx.LoopbackOnly)
	cases := []struct {
		query, lang string
		result      float64
		decimals    float64
		formatted   string
		rate        float64 // millionths
	}{
		{"amount=1000&from=USD&to=JPY", "en", 1100, 0, "¥1,100", 110_000_000},
		{"amount=1000&from=USD&to=TRY", "tr", 27500, 2, "275,00 ₺", 27_500_000},
		{"amount=27500&from=TRY&to=USD", "en", 1000, 2, "$10.00", 36_364}, // 1/27.5
		{"amount=110000&from=JPY&to=EUR", "en", 85000, 2, "€850.00", 7_727},
		{"amount=0&from=USD&to=GBP", "en", 0, 2, "£0.00", 730_000},
		{"amount=1000&from=USD&to=XAF", "en", 1000, 2, "XAF 10.00", 1_000_000}, // not in the table: rate 1
		{"amount=1000&from=usd&to=eur", "en", 850, 2, "€8.50", 850_000},
	}
	for _, tc := range cases {
		t.Run(tc.query, func(t *testing.T) {
			status, body, _ := f.get(t, "/api/v1/geo/convert?"+tc.query, http.Header{"Accept-Language": {tc.lang}})
			if status != 200 || body["result"] != tc.result || body["decimals"] != tc.decimals || body["formatted"] != tc.formatted || body["rateMicros"] != tc.rate {
				t.Fatalf("got %d %v, want %v/%v/%q/%v", status, body, tc.result, tc.decimals, tc.formatted, tc.rate)
			}
		})
	}
}

func TestBadInput(t *testing.T) {
	f := newFixture(t, httpx.LoopbackOnly)
	cases := []struct {
		path, lang, code, field, message string
	}{
		{"/api/v1/geo/lookup?ip=not-an-ip", "en", "invalid_ip", "ip", "Invalid IP address."},
		{"/api/v1/geo/lookup?ip=999.1.1.1", "tr", "invalid_ip", "ip", "Geçersiz IP adresi."},
		{"/api/v1/geo/lookup?ip=fe80::1%25eth0", "en", "invalid_ip", "ip", "Invalid IP address."},
		{"/api/v1/geo/lookup", "en", "invalid_ip", "ip", "The IP address is missing."},
		{"/api/v1/geo/convert?amount=-5&from=USD&to=EUR", "en", "invalid_amount", "amount", "Invalid amount."},
		{"/api/v1/geo/convert?amount=12.50&from=USD&to=EUR", "tr", "invalid_amount", "amount", "Geçersiz tutar."},
		{"/api/v1/geo/convert?amount=&from=USD&to=EUR", "en", "invalid_amount", "amount", "Invalid amount."},
		{"/api/v1/geo/convert?amount=99999999999999999999&from=USD&to=EUR", "en", "invalid_amount", "amount", "Invalid amount."},
		{"/api/v1/geo/convert?amount=9223372036854775807&from=USD&to=KRW", "en", "amount_too_large", "amount", "The amount is too large to convert."},
		{"/api/v1/geo/convert?amount=100&from=US&to=EUR", "en", "invalid_currency", "from", "Invalid currency code."},
		{"/api/v1/geo/convert?amount=100&from=USD&to=E1R", "tr", "invalid_currency", "to", "Geçersiz para birimi kodu."},
		{"/api/v1/geo/convert?amount=100&from=USD", "en", "invalid_currency", "to", "Invalid currency code."},
	}
	for _, tc := range cases {
		t.Run(tc.path, func(t *testing.T) {
			status, body, _ := f.get(t, tc.path, http.Header{"Accept-Language": {tc.lang}})
			if status != http.StatusBadRequest {
				t.Fatalf("status %d: %v", status, body)
			}
			e := body["error"].(map[string]any)
			fields, _ := e["fields"].(map[string]any)
			if e["code"] != tc.code || e["message"] != tc.message || fields[tc.field] == nil || fields[tc.field] == "" {
				t.Fatalf("error %v, want %s %q with field %s", e, tc.code, tc.message, tc.field)
			}
		})
	}
	if status, body, _ := f.get(t, "/api/v1/geo/nowhere", nil); status != 404 || body["error"].(map[string]any)["code"] != "not_found" {
		t.Errorf("unknown path: %d %v", status, body)
	}
}
