package api_test

import (
	"bufio"
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"

	"linguaport/internal/audit"
	"linguaport/internal/authn"
	"linguaport/internal/httpx"
	"linguaport/internal/testenv"
	"linguaport/svc-billing/api"
	"linguaport/svc-billing/paying"
	"linguaport/svc-billing/payments"
)

// logBuffer is a JSON log the handler writes to and the test reads back, safe for the server's
// goroutines.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *logBuffer) text() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// entries are the log's records whose msg is msg.
func (l *logBuffer) entries(t *testing.T, msg string) []map[string]any {
	t.Helper()
	var out []map[string]any
	sc := bufio.NewScanner(strings.NewReader(l.text()))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var rec map[string]any
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatalf("log line not JSON: %s", sc.Text())
		}
		if rec["msg"] == msg {
			out = append(out, rec)
		}
	}
	return out
}

// webhookServer serves svc-billing's handler with only what a webhook touches behind it (the
// paying service as main wires it, over the real webhook log in FerretDB), everything logging
// as JSON to log, at debug level so that nothing said about a webhook is filtered out.
func webhookServer(t *testing.T, log *logBuffer) string {
	t.Helper()
	ctx := context.Background()
	db := testenv.Mongo(t)
	r := testenv.StartRedis(t)
	logger := slog.New(slog.NewJSONHandler(log, &slog.HandlerOptions{Level: slog.LevelDebug}))
	hooks, err := payments.NewMongoWebhookLog(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	// Verifying a webhook asks the provider nothing: the API base is never dialled.
	provider, err := payments.NewStripe(stripeKey, "http://127.0.0.1:1", stripeWebhookSecret)
	if err != nil {
		t.Fatal(err)
	}
	metrics := prometheus.NewRegistry()
	payingSvc := paying.NewService(hooks, paying.NewMongoKeys(db), nil, nil, provider, provider, []string{site}, time.Now, logger)
	payingSvc = paying.LoggingMiddleware(logger)(payingSvc)
	payingSvc = paying.InstrumentingMiddleware(metrics)(payingSvc)
	auditLog, err := audit.NewLog(ctx, db, logger)
	if err != nil {
		t.Fatal(err)
	}
	_, key, _ := ed25519.GenerateKey(rand.Reader)
	signer := authn.NewSigner("k", key)
	auth := authn.NewAuthenticator(authn.NewVerifier(authn.StaticKeys{"k": signer.PublicKey()}, authn.NewRedisSessions(r.Client)), nil)
	handler := api.Routes(api.MakeEndpoints(api.Services{Paying: payingSvc, Audit: auditLog})).Handler(auth)
	srv := httptest.NewServer(httpx.NewServer(httpx.Options{Name: "svc-billing", Handler: handler, Logger: logger,
		AccessLog: true, Registry: metrics}).Handler())
	t.Cleanup(srv.Close)
	return srv.URL + "/api/v1/billing/webhooks/stripe"
}

// Every refused webhook (unsigned, signed with another secret, stale, a garbled header, a body
// changed after signing) leaves exactly one "webhook refused" warning, and no log line carries
// the signature or the secret. A replayed delivery is not refused: it is acknowledged and logged
// as a replay, once per replay.
func TestRefusedWebhooksAreLogged(t *testing.T) {
	var log logBuffer
	url := webhookServer(t, &log)
	// An event of a type the platform ignores: verified and recorded, it pays nothing, so the
	// test needs no invoice.
	payload := []byte(fmt.Sprintf(`{"id":"evt_log_1","object":"event","type":"payment_intent.created","api_version":%q,"created":%d,"data":{"object":{}}}`,
		stripe.APIVersion, time.Now().Unix()))
	sign := func(body []byte, secret string, at time.Time) string {
		return webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: body, Secret: secret, Timestamp: at}).Header
	}
	deliver := func(body []byte, header string) int {
		t.Helper()
		req, _ := http.NewRequest("POST", url, bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		if header != "" {
			req.Header.Set("Stripe-Signature", header)
		}
		return testenv.DoJSON(t, req, nil).StatusCode
	}
	var headers []string
	for _, c := range []struct {
		name   string
		body   []byte
		header string
	}{
		{"unsigned", payload, ""},
		{"wrong secret", payload, sign(payload, "whsec_attacker", time.Now())},
		{"stale", payload, sign(payload, stripeWebhookSecret, time.Now().Add(-10*time.Minute))},
		{"garbled header", payload, "t=1,v1=0123456789abcdef"},
		{"tampered", bytes.Replace(payload, []byte("evt_log_1"), []byte("evt_log_2"), 1), sign(payload, stripeWebhookSecret, time.Now())},
	} {
		before := len(log.entries(t, "webhook refused"))
		if status := deliver(c.body, c.header); status != http.StatusBadRequest {
			t.Errorf("%s: %d, want 400", c.name, status)
		}
		refused := log.entries(t, "webhook refused")
		if len(refused) != before+1 {
			t.Errorf("%s: %d \"webhook refused\" entries, want 1", c.name, len(refused)-before)
			continue
		}
		if e := refused[len(refused)-1]; e["level"] != "WARN" || !strings.Contains(fmt.Sprint(e["error"]), "signature") {
			t.Errorf("%s: logged %v", c.name, e)
		}
		if c.header != "" {
			headers = append(headers, c.header)
		}
	}

	// Signed correctly: processed once, then every replay is acknowledged and said to be one.
	good := sign(payload, stripeWebhookSecret, time.Now())
	headers = append(headers, good)
	for i := range 3 {
		if status := deliver(payload, good); status != http.StatusOK {
			t.Fatalf("delivery %d of a signed webhook: %d", i+1, status)
		}
	}
	if n := len(log.entries(t, "webhook refused")); n != 5 {
		t.Errorf("%d \"webhook refused\" entries after the signed deliveries, want 5", n)
	}
	if n := len(log.entries(t, "webhook replayed; already processed")); n != 2 {
		t.Errorf("%d replays logged, want 2", n)
	}

	all := log.text()
	for _, header := range headers {
		for _, part := range strings.Split(header, ",") {
			if v, ok := strings.CutPrefix(part, "v1="); ok && strings.Contains(all, v) {
				t.Errorf("the log carries a signature %s", v)
			}
		}
	}
	if strings.Contains(all, stripeWebhookSecret) || strings.Contains(all, "whsec_attacker") || strings.Contains(all, stripeKey) {
		t.Error("the log carries a secret")
	}
}
