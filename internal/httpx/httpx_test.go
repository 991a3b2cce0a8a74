package httpx_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"linguaport/internal/httpx"
	"linguaport/internal/i18n"
	"linguaport/internal/mongox"
)

func TestParseAcceptLanguage(t *testing.T) {
	cases := map[string]i18n.Lang{
		"":                        i18n.TR,
		"en":                      i18n.EN,
		"en-GB,en;q=0.9":          i18n.EN,
		"tr-TR,tr;q=0.9,en;q=0.8": i18n.TR,
		"de, en;q=0.5":            i18n.EN,
		"de":                      i18n.TR,
		"tr;q=0.2, en;q=0.7":      i18n.EN,
		"en;q=0, tr;q=0.1":        i18n.TR,
		"EN-us":                   i18n.EN,
		"en;q=abc":                i18n.TR,
	}
	for header, want := range cases {
		if got := httpx.ParseAcceptLanguage(header); got != want {
			t.Errorf("%q → %s, want %s", header, got, want)
		}
	}
}

func TestEncodeErrorShapeAndLanguage(t *testing.T) {
	p := httpx.NewProblem(http.StatusConflict, "email_taken", i18n.Text{TR: "Bu e-posta kullanılıyor.", EN: "This email is already used."}).
		WithField("email", i18n.Text{TR: "Başka bir e-posta girin.", EN: "Enter another email."})
	for lang, want := range map[i18n.Lang][2]string{i18n.TR: {"Bu e-posta kullanılıyor.", "Başka bir e-posta girin."}, i18n.EN: {"This email is already used.", "Enter another email."}} {
		rec := httptest.NewRecorder()
		httpx.EncodeError(httpx.WithLang(context.Background(), lang), fmt.Errorf("register: %w", p), rec)
		var body struct {
			Error struct {
				Code    string            `json:"code"`
				Message string            `json:"message"`
				Fields  map[string]string `json:"fields"`
			} `json:"error"`
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
			t.Fatal(err)
		}
		if rec.Code != 409 || body.Error.Code != "email_taken" || body.Error.Message != want[0] || body.Error.Fields["email"] != want[1] {
			t.Errorf("%s: %d %+v", lang, rec.Code, body)
		}
	}
	// Anything that is not a Problem is a 500 that leaks nothing.
	rec := httptest.NewRecorder()
	httpx.EncodeError(context.Background(), errors.New("mongo: connection string secret"), rec)
	if rec.Code != 500 || strings.Contains(rec.Body.String(), "secret") {
		t.Errorf("internal error: %d %s", rec.Code, rec.Body)
	}
}

type errorAnswer struct {
	status     int
	code, msg  string
	retryAfter string
}

func encode(t *testing.T, ctx context.Context, err error, lang i18n.Lang) errorAnswer {
	t.Helper()
	rec := httptest.NewRecorder()
	httpx.ErrorEncoder(func(error) *httpx.Problem { return nil })(httpx.WithLang(ctx, lang), err, rec)
	var body struct {
		Error struct{ Code, Message string } `json:"error"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
		t.Fatalf("answer %q: %v", rec.Body, err)
	}
	return errorAnswer{rec.Code, body.Error.Code, body.Error.Message, rec.Header().Get("Retry-After")}
}

// captureLogs sends the default logger's records to the returned buffer until the test ends.
func captureLogs(t *testing.T) *strings.Builder {
	var buf strings.Builder
	prev := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug})))
	t.Cleanup(func() { slog.SetDefault(prev) })
	return &buf
}

// A concurrent change that lost every retry (mongox.Update) is a 409 in the request's language,
// whichever service it comes from: none has to know it.
func TestErrorEncoderAnswersConflict(t *testing.T) {
	err := fmt.Errorf("move order o1: %w", fmt.Errorf("orders/o1: %w", mongox.ErrConflict))
	want := map[i18n.Lang]string{
		i18n.TR: "Bu kayıt aynı anda başka bir istekle değiştirildi; değişikliğiniz kaydedilmedi. Lütfen sayfayı yenileyip tekrar deneyin.",
		i18n.EN: "This record was being changed by another request at the same time, so your change was not saved. Please reload and try again.",
	}
	for lang, msg := range want {
		if got := encode(t, context.Background(), err, lang); got.status != 409 || got.code != "conflict" || got.msg != msg {
			t.Errorf("%s: %+v", lang, got)
		}
	}
}

// A dependency that is down, as the real clients report it (MongoDB finding no server, Redis and
// another service refusing the connection), is a 503 with Retry-After in the request's language,
// logged as a warning; a bug is still a 500.
func TestErrorEncoderAnswersOutagesWith503(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := ln.Addr().String()
	ln.Close()

	mc, err := mongo.Connect(options.Client().ApplyURI("mongodb://" + closed).SetServerSelectionTimeout(300 * time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	defer mc.Disconnect(context.Background())
	mongoErr := mc.Database("d").Collection("c").FindOne(context.Background(), bson.D{}).Err()

	rc := redis.NewClient(&redis.Options{Addr: closed, MaxRetries: -1})
	defer rc.Close()
	redisErr := rc.Get(context.Background(), "k").Err()

	_, httpErr := http.Get("http://" + closed + "/api/v1/geo/cities")

	logs := captureLogs(t)
	for name, cause := range map[string]error{"mongo": mongoErr, "redis": redisErr, "service": httpErr,
		"deadline": fmt.Errorf("load: %w", context.DeadlineExceeded)} {
		if cause == nil {
			t.Fatalf("%s: no error from a closed port", name)
		}
		err := fmt.Errorf("svc call: %w", cause)
		tr, en := encode(t, context.Background(), err, i18n.TR), encode(t, context.Background(), err, i18n.EN)
		if tr.status != 503 || tr.code != "unavailable" || tr.retryAfter != "5" ||
			tr.msg != "Hizmet geçici olarak kullanılamıyor. Lütfen birkaç saniye sonra tekrar deneyin." ||
			en.msg != "The service is temporarily unavailable. Please try again in a few seconds." {
			t.Errorf("%s (%v): %+v / %+v", name, cause, tr, en)
		}
	}
	if !strings.Contains(logs.String(), "level=WARN msg=\"dependency unavailable\"") || strings.Contains(logs.String(), "level=ERROR") {
		t.Errorf("logs:\n%s", logs)
	}
	if got := encode(t, context.Background(), errors.New("nil map"), i18n.EN); got.status != 500 || got.retryAfter != "" {
		t.Errorf("a bug answered %+v", got)
	}
}

// A request whose client hung up is neither an outage nor a bug: no 5xx, nothing logged above
// debug, even when the failure it caused looks like a network error.
func TestErrorEncoderKeepsClientCancellationQuiet(t *testing.T) {
	logs := captureLogs(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, err := range []error{
		fmt.Errorf("find services: %w", context.Canceled),
		&net.OpError{Op: "read", Net: "tcp", Err: context.Canceled},
	} {
		if got := encode(t, ctx, err, i18n.EN); got.status != 499 || got.retryAfter != "" {
			t.Errorf("%v: %+v", err, got)
		}
	}
	if logs.Len() != 0 {
		t.Errorf("logged:\n%s", logs)
	}
}

// /readyz answers within about a second even when a dependency hangs, whether its probe honours
// its deadline or not, so Consul's check of it never times out waiting.
func TestReadyzIsBoundedInTime(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	srv := httpx.NewServer(httpx.Options{Name: "svc-test", Handler: http.NotFoundHandler(), Checks: []httpx.Check{
		{Name: "fine", Probe: func(context.Context) error { return nil }},
		{Name: "slow", Probe: func(ctx context.Context) error { <-ctx.Done(); return ctx.Err() }},
		{Name: "stuck", Probe: func(context.Context) error { <-release; return nil }},
	}})
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()
	begin := time.Now()
	resp, err := http.Get(ts.URL + "/readyz")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	took := time.Since(begin)
	var body struct {
		Checks map[string]string `json:"checks"`
	}
	_ = json.NewDecoder(resp.Body).Decode(&body)
	if resp.StatusCode != 503 || body.Checks["fine"] != "ok" || body.Checks["slow"] == "ok" || body.Checks["stuck"] == "ok" || took > 2*time.Second {
		t.Errorf("readyz %d %v after %s", resp.StatusCode, body.Checks, took)
	}
}

func TestClientIP(t *testing.T) {
	trusted, err := httpx.ParseTrustedProxies([]string{"10.0.0.0/8", "127.0.0.1"})
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		remote, xff, want string
	}{
		{"203.0.113.5:1234", "", "203.0.113.5"},
		{"203.0.113.5:1234", "1.2.3.4", "203.0.113.5"},                    // untrusted peer: header ignored
		{"127.0.0.1:1234", "88.255.0.1", "88.255.0.1"},                    // trusted proxy
		{"127.0.0.1:1234", "6.6.6.6, 88.255.0.1, 10.1.1.1", "88.255.0.1"}, // spoofed left part skipped
		{"127.0.0.1:1234", "10.1.1.1, 10.2.2.2", "10.1.1.1"},              // all trusted: the furthest
		{"127.0.0.1:1234", "garbage", "127.0.0.1"},
		{"[::ffff:127.0.0.1]:1", "88.255.0.1", "88.255.0.1"},
	}
	for _, tc := range cases {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = tc.remote
		if tc.xff != "" {
			r.Header.Set("X-Forwarded-For", tc.xff)
		}
		got, ok := trusted.ClientIP(r)
		if !ok || got.String() != tc.want {
			t.Errorf("%s via %q → %v, want %s", tc.remote, tc.xff, got, tc.want)
		}
	}
	if _, err := httpx.ParseTrustedProxies([]string{"not-a-cidr"}); err == nil {
		t.Error("bad trusted proxy accepted")
	}
}

func TestServerProbesMetricsAndGracefulShutdown(t *testing.T) {
	var dbDown atomic.Bool
	slowStarted := make(chan struct{})
	mux := http.NewServeMux()
	mux.HandleFunc("GET /things/{id}", func(w http.ResponseWriter, r *http.Request) {
		if r.PathValue("id") == "slow" {
			close(slowStarted)
			time.Sleep(300 * time.Millisecond)
		}
		_ = httpx.WriteJSON(w, 200, map[string]string{"lang": string(httpx.LangFrom(r.Context()))})
	})
	srv := httpx.NewServer(httpx.Options{Name: "svc-test", Handler: mux, Checks: []httpx.Check{{Name: "db", Probe: func(context.Context) error {
		if dbDown.Load() {
			return errors.New("db unreachable")
		}
		return nil
	}}}})
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	base := "http://" + ln.Addr().String()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, ln) }()

	get := func(path string, header ...string) (*http.Response, string) {
		req, _ := http.NewRequest("GET", base+path, nil)
		for i := 0; i+1 < len(header); i += 2 {
			req.Header.Set(header[i], header[i+1])
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		return resp, string(b)
	}
	if resp, _ := get("/healthz"); resp.StatusCode != 200 {
		t.Errorf("healthz %d", resp.StatusCode)
	}
	if resp, body := get("/readyz"); resp.StatusCode != 200 || !strings.Contains(body, `"db":"ok"`) {
		t.Errorf("readyz %d %s", resp.StatusCode, body)
	}
	dbDown.Store(true)
	if resp, body := get("/readyz"); resp.StatusCode != 503 || !strings.Contains(body, "db unreachable") {
		t.Errorf("readyz with db down: %d %s", resp.StatusCode, body)
	}
	resp, body := get("/things/1", "Accept-Language", "en-US,en;q=0.9", "X-Request-Id", "req-abcdef123")
	if body != "{\"lang\":\"en\"}\n" || resp.Header.Get("X-Request-Id") != "req-abcdef123" {
		t.Errorf("app answer %q, request id %q", body, resp.Header.Get("X-Request-Id"))
	}
	resp, _ = get("/things/2", "X-Request-Id", "bad id with spaces")
	if id := resp.Header.Get("X-Request-Id"); !httpx.ValidRequestID(id) || strings.Contains(id, " ") {
		t.Errorf("unsafe request id echoed or none made: %q", id)
	}
	if _, metrics := get("/metrics"); !strings.Contains(metrics, `http_requests_total{code="200",method="GET",route="GET /things/{id}"} 2`) {
		t.Errorf("metrics lack the route counter:\n%s", metrics)
	}

	// A request in flight when shutdown starts still gets its answer.
	slow := make(chan string, 1)
	go func() { _, b := get("/things/slow"); slow <- b }()
	<-slowStarted
	cancel()
	if got := <-slow; !strings.Contains(got, "lang") {
		t.Errorf("in-flight request cut off: %q", got)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if _, err := http.Get(base + "/healthz"); err == nil {
		t.Error("server still answering after shutdown")
	}
}

func TestWriteCachedJSONRevalidates(t *testing.T) {
	get := func(inm string) *httptest.ResponseRecorder {
		r := httptest.NewRequest("GET", "/x", nil)
		if inm != "" {
			r.Header.Set("If-None-Match", inm)
		}
		w := httptest.NewRecorder()
		if err := httpx.WriteCachedJSON(w, r, "public, max-age=60", map[string]int{"n": 1}); err != nil {
			t.Fatal(err)
		}
		return w
	}
	first := get("")
	etag := first.Header().Get("ETag")
	if first.Code != 200 || etag == "" || first.Body.String() != "{\"n\":1}\n" || first.Header().Get("Cache-Control") != "public, max-age=60" {
		t.Fatalf("first: %d %q %q", first.Code, etag, first.Body)
	}
	if w := get(etag); w.Code != 304 || w.Body.Len() != 0 {
		t.Errorf("matching If-None-Match: %d", w.Code)
	}
	if w := get(`"other", W/` + etag); w.Code != 304 {
		t.Errorf("weak match in a list: %d", w.Code)
	}
	if w := get(`"other"`); w.Code != 200 {
		t.Errorf("stale If-None-Match: %d", w.Code)
	}
}
