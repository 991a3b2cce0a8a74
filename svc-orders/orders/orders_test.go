package orders_test

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/redis/go-redis/v9"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"linguaport/internal/authn"
	"linguaport/internal/httpx"
	"linguaport/internal/ratelimit"
	"linguaport/internal/testenv"
	"linguaport/svc-geo/geo"
	"linguaport/svc-orders/orders"
)

func TestMain(m *testing.M) { testenv.Main(m) }

type fixture struct {
	url    string
	signer *authn.Signer
	redis  *redis.Client
	db     *mongo.Database
	svc    orders.Service
	quotes *orders.QuoteStore
	orders *orders.OrderStore
	clock  *clock
}

// clock is the service's time, moved forward by tests to reach expiry and revision deadlines.
type clock struct {
	mu     sync.Mutex
	offset time.Duration
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return time.Now().Add(c.offset) }

func (c *clock) advance(d time.Duration) { c.mu.Lock(); c.offset += d; c.mu.Unlock() }

// newFixture serves svc-orders' real handler over FerretDB (GridFS included), converting through
// svc-geo's real handler, with tokens, sessions and upload tokens in redis-server.
func newFixture(t *testing.T) *fixture { return newFixtureWith(t, 1000) }

// newFixtureWith allows uploadsPerHour uploads per address or user.
func newFixtureWith(t *testing.T, uploadsPerHour int64) *fixture {
	t.Helper()
	ctx := context.Background()
	geoSrv := httptest.NewServer(geo.MakeHandler(geo.MakeEndpoints(geo.NewService(geo.EmbeddedLocator{})), httpx.LoopbackOnly))
	t.Cleanup(geoSrv.Close)
	db := testenv.Mongo(t)
	prices, err := orders.NewPriceStore(ctx, db, orders.SeedPriceList())
	if err != nil {
		t.Fatal(err)
	}
	files, err := orders.NewFileStore(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	quotes, err := orders.NewQuoteStore(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	orderStore, err := orders.NewOrderStore(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	r := testenv.StartRedis(t)
	_, key, _ := ed25519.GenerateKey(rand.Reader)
	signer := authn.NewSigner("k", key)
	auth := authn.NewAuthenticator(authn.NewVerifier(authn.StaticKeys{"k": signer.PublicKey()}, authn.NewRedisSessions(r.Client)), nil)
	clk := &clock{}
	metrics := prometheus.NewRegistry()
	svc := orders.NewService(orders.Deps{
		Prices: prices, Files: files, Tokens: orders.NewUploadTokens(r.Client), Quotes: quotes, Orders: orderStore,
		Counters: orders.NewCounters(db), Converter: orders.NewGeoConverterAt(geoSrv.URL), Now: clk.now,
		UploadLimit: ratelimit.New(r.Client, "uploads", uploadsPerHour, time.Hour),
	})
	svc = orders.InstrumentingMiddleware(metrics)(svc)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	srv := httptest.NewServer(httpx.NewServer(httpx.Options{Name: "svc-orders", Handler: orders.MakeHandler(orders.MakeEndpoints(svc), auth, httpx.LoopbackOnly), Logger: log, Registry: metrics}).Handler())
	t.Cleanup(srv.Close)
	return &fixture{url: srv.URL, signer: signer, redis: r.Client, db: db, svc: svc, quotes: quotes, orders: orderStore, clock: clk}
}

// token signs in as the user u-<role>.
func (f *fixture) token(role authn.Role) string { return f.tokenFor("u-"+string(role), role) }

// tokenFor signs in as a user with a live session.
func (f *fixture) tokenFor(subject string, role authn.Role) string {
	f.redis.Set(context.Background(), authn.SessionKey("s-"+subject), "1", time.Hour)
	tok, _ := f.signer.Sign(authn.Claims{Issuer: authn.Issuer, Subject: subject, Session: "s-" + subject, Role: role, ExpiresAt: time.Now().Add(time.Hour).Unix()})
	return tok
}

func (f *fixture) call(t *testing.T, method, path, lang, token string, body any) (int, map[string]any) {
	t.Helper()
	data, _ := json.Marshal(body)
	req, _ := http.NewRequest(method, f.url+path, bytes.NewReader(data))
	req.Header.Set("Accept-Language", lang)
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	_ = json.NewDecoder(resp.Body).Decode(&out)
	return resp.StatusCode, out
}

func fieldOf(body map[string]any, name string) string {
	e, _ := body["error"].(map[string]any)
	f, _ := e["fields"].(map[string]any)
	s, _ := f[name].(string)
	return s
}

func TestEstimateEndpoint(t *testing.T) {
	f := newFixture(t)
	status, body := f.call(t, "POST", "/api/v1/orders/estimate", "en", "", map[string]any{
		"service": "professional-translation", "sourceLanguage": "tr", "targetLanguages": []string{"en", "ru"},
		"quantity": 1000, "urgency": "urgent", "currency": "EUR", "addOns": []string{"notary"},
	})
	if status != 200 {
		t.Fatalf("%d %v", status, body)
	}
	// en: 1,000 × $0.085 × 1.5 = $127.50 + notary $25 = $152.50; ru (tier 2): $159.375 → $159.38 + $25.
	usd := body["totalUsd"].(map[string]any)
	if usd["amount"].(float64) != 15250+18438 || usd["currency"] != "USD" {
		t.Errorf("total in USD %v", usd)
	}
	// At the spec's 0.85 EUR per USD: 33,688 cents → 28,634.8 → €286.35.
	total := body["total"].(map[string]any)
	if total["currency"] != "EUR" || total["amount"].(float64) != 28635 || total["formatted"] == "" {
		t.Errorf("total in EUR %v", total)
	}
	window := body["deliveryWindow"].(map[string]any)
	if window["minDays"].(float64) != 1 || window["maxDays"].(float64) != 2 || body["note"] != "This price is an estimate; the exact price is in the quote once your files have been reviewed." {
		t.Errorf("window %v note %v", window, body["note"])
	}
	// JPY has no decimals (spec §9): $85 at 110 ¥ = ¥9,350.
	_, jp := f.call(t, "POST", "/api/v1/orders/estimate", "tr", "", map[string]any{
		"service": "professional-translation", "sourceLanguage": "en", "targetLanguages": []string{"tr"}, "quantity": 1000, "currency": "JPY",
	})
	if tot := jp["total"].(map[string]any); tot["amount"].(float64) != 9350 || tot["decimals"].(float64) != 0 {
		t.Errorf("JPY %v", tot)
	}

	for _, c := range []struct {
		name  string
		body  map[string]any
		field string
		want  string
	}{
		{"same language", map[string]any{"service": "proofreading", "sourceLanguage": "en", "targetLanguages": []string{"en"}, "quantity": 10}, "targetLanguages", "A target language cannot be the source language."},
		{"unknown service", map[string]any{"service": "x", "sourceLanguage": "en", "targetLanguages": []string{"tr"}, "quantity": 10}, "service", "Unknown service."},
		{"zero quantity", map[string]any{"service": "proofreading", "sourceLanguage": "en", "targetLanguages": []string{"tr"}, "quantity": 0}, "quantity", "Enter a number greater than zero."},
		{"unknown currency", map[string]any{"service": "proofreading", "sourceLanguage": "en", "targetLanguages": []string{"tr"}, "quantity": 10, "currency": "XX1"}, "currency", "Unknown currency."},
	} {
		status, body := f.call(t, "POST", "/api/v1/orders/estimate", "en", "", c.body)
		if status != 400 || fieldOf(body, c.field) != c.want {
			t.Errorf("%s: %d %v", c.name, status, body)
		}
	}
	if status, body := f.call(t, "POST", "/api/v1/orders/estimate", "tr", "", map[string]any{"service": "proofreading", "sourceLanguage": "en", "targetLanguages": []string{"en"}, "quantity": 10}); fieldOf(body, "targetLanguages") != "Hedef dil, kaynak dille aynı olamaz." {
		t.Errorf("Turkish: %d %v", status, body)
	}
}

func TestPriceListIsStaffEditable(t *testing.T) {
	f := newFixture(t)
	status, body := f.call(t, "GET", "/api/v1/orders/prices", "en", "", nil)
	if status != 200 || len(body["services"].([]any)) != 8 {
		t.Fatalf("price list: %d %v", status, body)
	}
	pl := orders.SeedPriceList()
	pl.Services[0].BaseRate = 1000 // $0.10 a word
	if status, _ := f.call(t, "PUT", "/api/v1/orders/prices", "en", "", pl); status != 401 {
		t.Errorf("visitor: %d", status)
	}
	if status, _ := f.call(t, "PUT", "/api/v1/orders/prices", "en", f.token(authn.RoleCustomer), pl); status != 403 {
		t.Errorf("customer: %d", status)
	}
	broken := orders.SeedPriceList()
	broken.Services[1].BaseRate = -1
	if status, body := f.call(t, "PUT", "/api/v1/orders/prices", "en", f.token(authn.RoleAdmin), broken); status != 400 || fieldOf(body, "services.1.baseRate") == "" {
		t.Errorf("invalid list: %d %v", status, body)
	}
	if status, body := f.call(t, "PUT", "/api/v1/orders/prices", "en", f.token(authn.RoleAdmin), pl); status != 200 {
		t.Fatalf("admin: %d %v", status, body)
	}
	_, est := f.call(t, "POST", "/api/v1/orders/estimate", "en", "", map[string]any{"service": "professional-translation", "sourceLanguage": "en", "targetLanguages": []string{"tr"}, "quantity": 1000})
	if est["totalUsd"].(map[string]any)["amount"].(float64) != 10000 {
		t.Errorf("the new rate is not used: %v", est["totalUsd"])
	}
}
