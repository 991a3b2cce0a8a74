package payments_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	stripe "github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"

	"linguaport/internal/errs"
	"linguaport/internal/stripedev"
	"linguaport/internal/testenv"
	"linguaport/svc-billing/payments"
)

func TestMain(m *testing.M) { testenv.Main(m) }

const (
	secretKey     = "sk_test_payments_0123456789"
	webhookSecret = "whsec_payments_0123456789"
	shop          = "http://shop.test" // never visited: the tests stop at the provider's redirect
)

// delivery is one webhook POST as svc-billing's endpoint receives it.
type delivery struct {
	body   []byte
	header string
}

type env struct {
	srv   *stripedev.Server
	p     *payments.Stripe
	hooks chan delivery
}

// newEnv runs the stand-in with its webhooks going to a receiver that keeps each delivery.
func newEnv(t *testing.T) *env {
	t.Helper()
	e := &env{hooks: make(chan delivery, 16)}
	recv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		e.hooks <- delivery{body: body, header: r.Header.Get("Stripe-Signature")}
	}))
	t.Cleanup(recv.Close)
	srv, err := stripedev.Start("", stripedev.Config{SecretKey: secretKey, WebhookSecret: webhookSecret, WebhookURL: recv.URL + "/webhooks/stripe"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = srv.Close() })
	e.srv = srv
	e.p, err = payments.NewStripe(secretKey, srv.URL(), webhookSecret)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func (e *env) next(t *testing.T) delivery {
	t.Helper()
	select {
	case d := <-e.hooks:
		return d
	case <-time.After(10 * time.Second):
		t.Fatal("no webhook delivery within 10 s")
		return delivery{}
	}
}

func invoiceRequest(key string) payments.CheckoutRequest {
	return payments.CheckoutRequest{
		Key: key, Amount: 224400, Currency: "TRY", Description: "Fatura LP-2026-000042",
		Lang: "tr", SuccessURL: shop + "/invoices/inv-q1?checkout=done&session={CHECKOUT_SESSION_ID}",
		CancelURL: shop + "/invoices/inv-q1?checkout=cancelled", ClientReference: "inv-q1",
		Metadata: map[string]string{"kind": "invoice", "invoiceId": "inv-q1", "customerId": "c-7"},
	}
}

// pay presses Pay on the hosted page as a browser does, and returns where the page sends it.
func pay(t *testing.T, pageURL string) string {
	t.Helper()
	browser := &http.Client{Timeout: 10 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	page, err := browser.Get(pageURL)
	if err != nil {
		t.Fatal(err)
	}
	html, _ := io.ReadAll(page.Body)
	page.Body.Close()
	if page.StatusCode != http.StatusOK || !strings.Contains(string(html), "2.244,00 TRY") {
		t.Fatalf("hosted page %d without the amount:\n%s", page.StatusCode, html)
	}
	resp, err := browser.PostForm(pageURL, url.Values{"action": {"pay"}, "email": {"ayse@example.com"}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("pay: %d", resp.StatusCode)
	}
	return resp.Header.Get("Location")
}

func TestCheckoutLifecycle(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	s, err := e.p.CreateCheckout(ctx, invoiceRequest("pay:inv-q1:1"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(s.URL, e.srv.URL()+"/pay/") || s.Status != payments.StatusOpen || s.Paid {
		t.Errorf("new session: url %q status %q paid %v", s.URL, s.Status, s.Paid)
	}
	if s.Amount != 224400 || s.Currency != "TRY" || s.ClientReference != "inv-q1" || s.Metadata["invoiceId"] != "inv-q1" || s.Metadata["kind"] != "invoice" {
		t.Errorf("new session %+v", s)
	}
	if d := time.Until(s.ExpiresAt); d < 23*time.Hour || d > 24*time.Hour {
		t.Errorf("expires in %s", d)
	}

	// A retried request (same key, same parameters) is the same session, not a second one.
	again, err := e.p.CreateCheckout(ctx, invoiceRequest("pay:inv-q1:1"))
	if err != nil || again.ID != s.ID {
		t.Fatalf("same key: %s %v, want %s", again.ID, err, s.ID)
	}
	// The same key for another amount is refused, never answered with the old session.
	other := invoiceRequest("pay:inv-q1:1")
	other.Amount++
	if _, err := e.p.CreateCheckout(ctx, other); !errors.Is(err, payments.ErrKeyReused) || errs.Unavailable(err) {
		t.Errorf("same key, other amount: %v", err)
	}

	open, err := e.p.Checkout(ctx, s.ID)
	if err != nil || open.Status != payments.StatusOpen || open.Paid || open.URL != s.URL || open.Metadata["customerId"] != "c-7" {
		t.Fatalf("retrieved %+v %v", open, err)
	}

	back := pay(t, s.URL)
	if back != shop+"/invoices/inv-q1?checkout=done&session="+s.ID {
		t.Errorf("after paying the browser goes to %s", back)
	}
	paid, err := e.p.Checkout(ctx, s.ID)
	if err != nil || paid.Status != payments.StatusComplete || !paid.Paid || paid.URL != "" || paid.Amount != 224400 {
		t.Errorf("after paying: %+v %v", paid, err)
	}

	// The webhook of the payment, as the endpoint receives it.
	d := e.next(t)
	ev, err := e.p.Verify(d.body, d.header)
	if err != nil {
		t.Fatalf("Verify refused a real delivery: %v", err)
	}
	if ev.Type != payments.CheckoutCompleted || !strings.HasPrefix(ev.ID, "evt_") || time.Since(ev.Created) > time.Minute {
		t.Errorf("event %s %s created %s", ev.ID, ev.Type, ev.Created)
	}
	if got := ev.Session; got.ID != s.ID || got.Status != payments.StatusComplete || !got.Paid || got.Amount != 224400 || got.Currency != "TRY" ||
		got.ClientReference != "inv-q1" || got.Metadata["kind"] != "invoice" || got.Metadata["invoiceId"] != "inv-q1" || got.Metadata["customerId"] != "c-7" {
		t.Errorf("event's session %+v", got)
	}

	// What Verify refuses, each as ErrSignature (the endpoint's 400).
	tampered := bytes.Replace(d.body, []byte(`"amount_total": 224400`), []byte(`"amount_total": 224401`), 1)
	if bytes.Equal(tampered, d.body) || len(tampered) != len(d.body) {
		t.Fatal("the test did not change the body by one character")
	}
	if _, err := e.p.Verify(tampered, d.header); !errors.Is(err, payments.ErrSignature) {
		t.Errorf("body changed: %v", err)
	}
	if _, err := e.p.Verify(d.body, ""); !errors.Is(err, payments.ErrSignature) {
		t.Errorf("no header: %v", err)
	}
	if _, err := e.p.Verify(d.body, "t=garbage"); !errors.Is(err, payments.ErrSignature) {
		t.Errorf("malformed header: %v", err)
	}
	wrong, _ := payments.NewStripe(secretKey, e.srv.URL(), "whsec_someone_else")
	if _, err := wrong.Verify(d.body, d.header); !errors.Is(err, payments.ErrSignature) {
		t.Errorf("another endpoint's secret: %v", err)
	}
	// Signed right but ten minutes ago: a replay an attacker recorded. The same body signed now
	// passes, so it is the age that is refused.
	stale := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: d.body, Secret: webhookSecret, Timestamp: time.Now().Add(-10 * time.Minute)})
	if _, err := e.p.Verify(d.body, stale.Header); !errors.Is(err, payments.ErrSignature) {
		t.Errorf("stale signature: %v", err)
	}
	fresh := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: d.body, Secret: webhookSecret})
	if _, err := e.p.Verify(d.body, fresh.Header); err != nil {
		t.Errorf("fresh signature of the same body: %v", err)
	}
}

func TestExpiredAndOtherEvents(t *testing.T) {
	e := newEnv(t)
	s, err := e.p.CreateCheckout(context.Background(), invoiceRequest("pay:inv-q1:2"))
	if err != nil {
		t.Fatal(err)
	}
	// Stripe expires it (here asked through stripe-go, as the dashboard would).
	sc := stripe.NewClient(secretKey, stripe.WithBackends(stripe.NewBackendsWithConfig(&stripe.BackendConfig{
		URL: stripe.String(e.srv.URL()), LeveledLogger: &stripe.LeveledLogger{Level: stripe.LevelNull},
	})))
	if _, err := sc.V1CheckoutSessions.Expire(context.Background(), s.ID, nil); err != nil {
		t.Fatal(err)
	}
	d := e.next(t)
	ev, err := e.p.Verify(d.body, d.header)
	if err != nil || ev.Type != payments.CheckoutExpired || ev.Session.ID != s.ID || ev.Session.Status != payments.StatusExpired ||
		ev.Session.Paid || ev.Session.Metadata["invoiceId"] != "inv-q1" {
		t.Errorf("expired event %+v %v", ev, err)
	}

	// An event the platform does not act on verifies, with no session to act on.
	var raw map[string]any
	if err := json.Unmarshal(d.body, &raw); err != nil {
		t.Fatal(err)
	}
	raw["id"], raw["type"] = "evt_other", "payment_intent.created"
	body, _ := json.Marshal(raw)
	signed := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: body, Secret: webhookSecret})
	ev, err = e.p.Verify(body, signed.Header)
	if err != nil || ev.ID != "evt_other" || ev.Type != "payment_intent.created" || ev.Session.ID != "" {
		t.Errorf("other event %+v %v", ev, err)
	}
	// Signed but not an event at all: an error, yet not the sender's signature problem.
	junk := []byte("not json")
	signed = webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: junk, Secret: webhookSecret})
	if _, err := e.p.Verify(junk, signed.Header); err == nil || errors.Is(err, payments.ErrSignature) {
		t.Errorf("signed junk: %v", err)
	}
}

func TestProviderRefusals(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	bad := invoiceRequest("pay:bad-email")
	bad.CustomerEmail = "not-an-email"
	_, err := e.p.CreateCheckout(ctx, bad)
	if !errors.Is(err, payments.ErrRefused) || errs.Unavailable(err) || !strings.Contains(err.Error(), "customer_email") {
		t.Errorf("invalid email: %v", err)
	}
	if _, err := e.p.Checkout(ctx, "cs_test_nope"); !errors.Is(err, payments.ErrNotFound) || errs.Unavailable(err) {
		t.Errorf("unknown session: %v", err)
	}
	wrongKey, _ := payments.NewStripe("sk_test_wrong", e.srv.URL(), webhookSecret)
	if _, err := wrongKey.CreateCheckout(ctx, invoiceRequest("k")); !errors.Is(err, payments.ErrRefused) || errs.Unavailable(err) {
		t.Errorf("wrong API key: %v", err)
	}
	for _, c := range []struct{ key, base, secret string }{{"", e.srv.URL(), webhookSecret}, {secretKey, e.srv.URL(), ""}, {secretKey, "api.stripe.com", webhookSecret}} {
		if _, err := payments.NewStripe(c.key, c.base, c.secret); err == nil {
			t.Errorf("NewStripe(%q, %q, %q) accepted", c.key, c.base, c.secret)
		}
	}
}

// A provider that is down or failing answers 503 through errs.Unavailable, within bounds.
func TestProviderUnavailable(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://127.0.0.1:" + strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
	ln.Close()

	failing := func(status int, body string) string {
		ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Stripe-Should-Retry", "false")
			w.WriteHeader(status)
			_, _ = io.WriteString(w, body)
		}))
		t.Cleanup(ts.Close)
		return ts.URL
	}
	for name, base := range map[string]string{
		"closed port":       closed,
		"500 from Stripe":   failing(http.StatusInternalServerError, `{"error":{"type":"api_error","message":"Something went wrong"}}`),
		"429 rate limited":  failing(http.StatusTooManyRequests, `{"error":{"type":"invalid_request_error","code":"rate_limit","message":"Too many requests"}}`),
		"502 from a proxy":  failing(http.StatusBadGateway, "<html>Bad Gateway</html>"),
		"503 without words": failing(http.StatusServiceUnavailable, ""),
	} {
		t.Run(name, func(t *testing.T) {
			p, err := payments.NewStripe(secretKey, base, webhookSecret)
			if err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			_, err = p.CreateCheckout(context.Background(), invoiceRequest("pay:down"))
			if !errs.Unavailable(err) || errors.Is(err, payments.ErrRefused) {
				t.Errorf("create: %v, want unavailable", err)
			}
			if _, err := p.Checkout(context.Background(), "cs_test_x"); !errs.Unavailable(err) {
				t.Errorf("retrieve: %v, want unavailable", err)
			}
			if d := time.Since(start); d > 15*time.Second {
				t.Errorf("took %s to give up", d)
			}
		})
	}
}
