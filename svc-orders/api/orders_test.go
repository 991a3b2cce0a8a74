package api_test

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/redis/go-redis/v9"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"linguaport/internal/audit"
	"linguaport/internal/authn"
	"linguaport/internal/company/companytest"
	"linguaport/internal/httpx"
	"linguaport/internal/ratelimit"
	"linguaport/internal/svcclient"
	"linguaport/internal/testenv"
	geoapi "linguaport/svc-geo/api"
	"linguaport/svc-geo/geo"
	"linguaport/svc-orders/api"
	"linguaport/svc-orders/billing"
	"linguaport/svc-orders/files"
	"linguaport/svc-orders/orders"
	"linguaport/svc-orders/pool"
	"linguaport/svc-orders/pricing"
	"linguaport/svc-orders/quotes"
)

func TestMain(m *testing.M) { testenv.Main(m) }

type fixture struct {
	url    string
	signer *authn.Signer
	redis  *redis.Client
	db     *mongo.Database
	svc    orders.Service
	// sweep is main's periodic sweep: quotes expire, unclaimed files go, orders complete.
	sweep  func(context.Context) error
	quotes *quotes.MongoStore
	orders *orders.MongoStore
	// translators is the job pool's read model, fed in tests as svc-translators' events would.
	translators *pool.MongoStore
	clock       *clock
	// billing stands in for svc-billing (billing_test.go).
	billing *fakeBilling
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
	geoSrv := httptest.NewServer(geoapi.Routes(geoapi.MakeEndpoints(geo.NewService(geo.EmbeddedLocator{})), httpx.LoopbackOnly).Handler(nil))
	t.Cleanup(geoSrv.Close)
	db := testenv.Mongo(t)
	priceStore, err := pricing.NewMongoStore(ctx, db, pricing.SeedPriceList())
	if err != nil {
		t.Fatal(err)
	}
	fileStore, err := files.NewMongoStore(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	quoteStore, err := quotes.NewMongoStore(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	orderStore, err := orders.NewMongoStore(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	translatorStore, err := pool.NewMongoStore(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	r := testenv.StartRedis(t)
	_, key, _ := ed25519.GenerateKey(rand.Reader)
	signer := authn.NewSigner("k", key)
	auth := authn.NewAuthenticator(authn.NewVerifier(authn.StaticKeys{"k": signer.PublicKey()}, authn.NewRedisSessions(r.Client)), nil)
	clk := &clock{}
	metrics := prometheus.NewRegistry()
	log := slog.New(slog.NewTextHandler(io.Discard, &slog.HandlerOptions{Level: slog.LevelDebug}))
	noKick := func(...any) {}
	fileSvc := files.NewService(fileStore, files.NewRedisTokens(r.Client), orderStore,
		ratelimit.New(r.Client, "uploads", uploadsPerHour, time.Hour), 0, newID, clk.now)
	fileSvc = files.InstrumentingMiddleware(metrics)(files.LoggingMiddleware(log)(fileSvc))
	priceSvc := pricing.NewService(priceStore, fileSvc, pricing.NewGeoConverter(svcclient.Fixed(geoSrv.URL, 3*time.Second)), clk.now)
	priceSvc = pricing.LoggingMiddleware(log)(priceSvc)
	quoteSvc := quotes.NewService(quoteStore, quotes.NewCounters(db), priceSvc, fileSvc, newID, clk.now, noKick)
	quoteSvc = quotes.InstrumentingMiddleware(metrics)(quotes.LoggingMiddleware(log)(quoteSvc))
	bills := startFakeBilling(t, auth)
	billingClient := billing.New(svcclient.Fixed(bills.url, 3*time.Second))
	orderSvc := orders.NewService(orderStore, quoteSvc, fileSvc, translatorStore, priceSvc, clk.now, noKick, orders.WithBilling(billingClient),
		orders.WithContracts(companytest.Other(), pricing.AddOnNames(priceSvc)))
	orderSvc = orders.InstrumentingMiddleware(metrics)(orders.LoggingMiddleware(log)(orderSvc))
	auditLog, err := audit.NewLog(context.Background(), db, log)
	if err != nil {
		t.Fatal(err)
	}
	// The agency's facts are a set unlike the demo's: quote PDFs must print the configured ones.
	handler := api.Routes(api.MakeEndpoints(api.Services{Pricing: priceSvc, Files: fileSvc, Quotes: quoteSvc, Orders: orderSvc, Billing: billingClient, Audit: auditLog,
		Company: companytest.Other()}), httpx.LoopbackOnly).Handler(auth)
	srv := httptest.NewServer(httpx.NewServer(httpx.Options{Name: "svc-orders", Handler: handler, Logger: log, Registry: metrics}).Handler())
	t.Cleanup(srv.Close)
	sweep := func(ctx context.Context) error {
		return errors.Join(quoteSvc.ExpireOverdue(ctx), fileSvc.DeleteUnclaimed(ctx), orderSvc.CompleteOverdue(ctx))
	}
	return &fixture{url: srv.URL, signer: signer, redis: r.Client, db: db, svc: orderSvc, sweep: sweep, quotes: quoteStore, orders: orderStore,
		translators: translatorStore, clock: clk, billing: bills}
}

func newID() string { return rand.Text() }

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

// docx builds a minimal Word document whose body is the given paragraphs.
func docx(t *testing.T, paragraphs ...string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	add := func(name, body string) {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		io.WriteString(w, body)
	}
	add("[Content_Types].xml", `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`)
	var body strings.Builder
	for _, p := range paragraphs {
		fmt.Fprintf(&body, `<w:p><w:r><w:t>%s</w:t></w:r></w:p>`, p)
	}
	add("word/document.xml", `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>`+body.String()+`</w:body></w:document>`)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// words is n distinct words.
func words(n int) string {
	w := make([]string, n)
	for i := range w {
		w[i] = fmt.Sprintf("kelime%d", i)
	}
	return strings.Join(w, " ")
}

type answer struct {
	status int
	body   map[string]any
	header http.Header
	raw    []byte
}

func (a answer) code() string {
	e, _ := a.body["error"].(map[string]any)
	c, _ := e["code"].(string)
	return c
}

func (a answer) message() string {
	e, _ := a.body["error"].(map[string]any)
	m, _ := e["message"].(string)
	return m
}

func (f *fixture) upload(t *testing.T, name string, content []byte, uploadToken, bearer string) answer {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	fw, _ := mw.CreateFormFile("file", name)
	fw.Write(content)
	mw.Close()
	req, _ := http.NewRequest("POST", f.url+"/api/v1/orders/files", &buf)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Accept-Language", "en")
	if uploadToken != "" {
		req.Header.Set("X-Upload-Token", uploadToken)
	}
	if bearer != "" {
		req.Header.Set("Authorization", "Bearer "+bearer)
	}
	return f.do(t, req)
}

func (f *fixture) download(t *testing.T, id, uploadToken, bearer string) answer {
	t.Helper()
	req, _ := http.NewRequest("GET", f.url+"/api/v1/orders/files/"+id+"?uploadToken="+uploadToken, nil)
	if bearer != "" {
		req.Header.Set("Authorization", "Bearer "+bearer)
	}
	return f.do(t, req)
}

func (f *fixture) send(t *testing.T, method, path, lang, bearer string, body any) answer {
	t.Helper()
	var r io.Reader
	if body != nil {
		data, _ := json.Marshal(body)
		r = bytes.NewReader(data)
	}
	req, _ := http.NewRequest(method, f.url+path, r)
	req.Header.Set("Accept-Language", lang)
	req.Header.Set("Content-Type", "application/json")
	if bearer != "" {
		req.Header.Set("Authorization", "Bearer "+bearer)
	}
	return f.do(t, req)
}

func (f *fixture) do(t *testing.T, req *http.Request) answer {
	t.Helper()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	a := answer{status: resp.StatusCode, header: resp.Header, raw: raw}
	_ = json.Unmarshal(raw, &a.body)
	return a
}

func obj(v any, path ...string) map[string]any {
	m, _ := v.(map[string]any)
	for _, p := range path {
		m, _ = m[p].(map[string]any)
	}
	return m
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
	pl := pricing.SeedPriceList()
	pl.Services[0].BaseRate = 1000 // $0.10 a word
	pl.Services[0].TranslatorRate = 550
	if status, _ := f.call(t, "PUT", "/api/v1/orders/admin/prices", "en", "", pl); status != 401 {
		t.Errorf("visitor: %d", status)
	}
	if status, _ := f.call(t, "PUT", "/api/v1/orders/admin/prices", "en", f.token(authn.RoleCustomer), pl); status != 403 {
		t.Errorf("customer: %d", status)
	}
	broken := pricing.SeedPriceList()
	broken.Services[1].BaseRate = -1
	if status, body := f.call(t, "PUT", "/api/v1/orders/admin/prices", "en", f.token(authn.RoleAdmin), broken); status != 400 || fieldOf(body, "services.1.baseRate") == "" {
		t.Errorf("invalid list: %d %v", status, body)
	}
	if status, body := f.call(t, "PUT", "/api/v1/orders/admin/prices", "en", f.token(authn.RoleAdmin), pl); status != 200 {
		t.Fatalf("admin: %d %v", status, body)
	}
	_, est := f.call(t, "POST", "/api/v1/orders/estimate", "en", "", map[string]any{"service": "professional-translation", "sourceLanguage": "en", "targetLanguages": []string{"tr"}, "quantity": 1000})
	if est["totalUsd"].(map[string]any)["amount"].(float64) != 10000 {
		t.Errorf("the new rate is not used: %v", est["totalUsd"])
	}
	// What translators are paid is staff's to see, not the public's.
	for who, token := range map[string]string{"a visitor": "", "a customer": f.token(authn.RoleCustomer), "a translator": f.token(authn.RoleTranslator)} {
		a := f.send(t, "GET", "/api/v1/orders/prices", "en", token, nil)
		if strings.Contains(string(a.raw), "translatorRate") || a.header.Get("Cache-Control") != "public, max-age=60" {
			t.Errorf("%s reads translator rates: %s %s", who, a.header.Get("Cache-Control"), a.raw)
		}
	}
	staff := f.send(t, "GET", "/api/v1/orders/prices", "en", f.token(authn.RoleAdmin), nil)
	if first := obj(staff.body["services"].([]any)[0]); first["translatorRate"] != 550.0 || staff.header.Get("Cache-Control") != "no-store" {
		t.Errorf("staff's list: %s %s", staff.header.Get("Cache-Control"), staff.raw)
	}
	// A pair's own rate (the price list editor's) prices that pair and direction only; a bad one
	// is refused at its field in the request's language.
	pl.PairRates = []pricing.PairRate{{Service: "professional-translation", Source: "tr", Target: "en", Rate: 1050}}
	if status, body := f.call(t, "PUT", "/api/v1/orders/admin/prices", "en", f.token(authn.RoleAdmin), pl); status != 200 {
		t.Fatalf("pair rate: %d %v", status, body)
	}
	for pair, want := range map[[2]string]float64{{"tr", "en"}: 10500, {"en", "tr"}: 10000} {
		_, est := f.call(t, "POST", "/api/v1/orders/estimate", "en", "", map[string]any{"service": "professional-translation", "sourceLanguage": pair[0], "targetLanguages": []string{pair[1]}, "quantity": 1000})
		if got := est["totalUsd"].(map[string]any)["amount"].(float64); got != want {
			t.Errorf("%s→%s: %v, want %v", pair[0], pair[1], got, want)
		}
	}
	bad := pl
	bad.PairRates = []pricing.PairRate{{Service: "proofreading", Source: "tr", Target: "tr", Rate: 100}}
	if status, body := f.call(t, "PUT", "/api/v1/orders/admin/prices", "tr", f.token(authn.RoleAdmin), bad); status != 400 || fieldOf(body, "pairRates.0.target") != "Hedef dil, kaynak dille aynı olamaz." {
		t.Errorf("same-language pair: %d %v", status, body)
	}
}
