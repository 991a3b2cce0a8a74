package main

import (
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"linguaport/internal/proc"
	"linguaport/svc-billing/payments"
)

// svc-billing, configured with the variables devstack gives it, opens a session on the stand-in,
// and paying there sends a webhook to the gateway's billing path that verifies with the webhook
// secret svc-billing was given.
func TestPaymentStandIn(t *testing.T) {
	ports, err := proc.FreePorts(2)
	if err != nil {
		t.Fatal(err)
	}
	// The gateway, as far as the stand-in can tell: whatever listens on the GATEWAY port.
	gw, err := net.Listen("tcp", loopback(ports[1]))
	if err != nil {
		t.Fatal(err)
	}
	type hook struct {
		path, sig string
		body      []byte
	}
	hooks := make(chan hook, 4)
	gateway := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		hooks <- hook{r.URL.Path, r.Header.Get("Stripe-Signature"), body}
	}), ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = gateway.Serve(gw) }()
	t.Cleanup(func() { _ = gateway.Close() })

	s := &stack{cfg: stackConfig{ports: map[string]int{"DEVSTACK_STRIPE_PORT": ports[0], "DEVSTACK_GATEWAY_PORT": ports[1]}},
		log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	if err := s.startPayments(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.payments.Close() })

	env := map[string]string{}
	for _, v := range services {
		if v.name == "svc-billing" && v.env != nil {
			for _, kv := range v.env(s) {
				k, val, _ := strings.Cut(kv, "=")
				env[k] = val
			}
		}
	}
	base := "http://127.0.0.1:" + strconv.Itoa(ports[0])
	if env["STRIPE_API_BASE"] != base || env["STRIPE_SECRET_KEY"] != "sk_test_linguaport_local" || env["STRIPE_WEBHOOK_SECRET"] != "whsec_linguaport_local" {
		t.Fatalf("svc-billing's env %v", env)
	}

	p, err := payments.NewStripe(env["STRIPE_SECRET_KEY"], env["STRIPE_API_BASE"], env["STRIPE_WEBHOOK_SECRET"])
	if err != nil {
		t.Fatal(err)
	}
	sess, err := p.CreateCheckout(context.Background(), payments.CheckoutRequest{
		Key: "devstack-test", Amount: 50000, Currency: "TRY", Description: "Bakiye yükleme", Lang: "tr",
		SuccessURL: "http://localhost:8000/balance?checkout=done&session={CHECKOUT_SESSION_ID}", CancelURL: "http://localhost:8000/balance?checkout=cancelled",
		Metadata: map[string]string{"kind": "topup"},
	})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(sess.URL, base+"/pay/") {
		t.Fatalf("session page %s, want on the stand-in", sess.URL)
	}
	browser := &http.Client{Timeout: 10 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := browser.PostForm(sess.URL, url.Values{"action": {"pay"}, "email": {"musteri@linguaport.local"}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("pay: %d", resp.StatusCode)
	}
	select {
	case h := <-hooks:
		ev, err := p.Verify(h.body, h.sig)
		if h.path != "/api/v1/billing/webhooks/stripe" || err != nil || ev.Type != payments.CheckoutCompleted || ev.Session.ID != sess.ID || !ev.Session.Paid {
			t.Errorf("webhook to %s: %+v %v", h.path, ev, err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no webhook at the gateway within 10 s")
	}
}

// The README tells a newcomer the stand-in is there, where, and what svc-billing is given.
func TestReadmeDescribesPaymentStandIn(t *testing.T) {
	raw, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(raw)
	for _, want := range []string{"127.0.0.1:" + strconv.Itoa(defaultPort(t, "DEVSTACK_STRIPE_PORT")), "STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_API_BASE", "internal/stripedev"} {
		if !strings.Contains(readme, want) {
			t.Errorf("README does not mention %s", want)
		}
	}
}
