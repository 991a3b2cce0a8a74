package api_test

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"io"
	"log/slog"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"linguaport/internal/audit"
	"linguaport/internal/authn"
	"linguaport/internal/events"
	"linguaport/internal/httpx"
	"linguaport/internal/ids"
	"linguaport/internal/testenv"
	"linguaport/svc-billing/api"
	"linguaport/svc-billing/balance"
	"linguaport/svc-billing/earnings"
)

// newEarnings serves svc-billing's handler with the earnings service over FerretDB; handle is
// the earnings' event handler, fed by hand.
func newEarnings(t *testing.T) (*billing, events.Handler) {
	t.Helper()
	ctx := context.Background()
	db := testenv.Mongo(t)
	ledger, err := balance.NewMongoStoreNamed(ctx, db, "earnings")
	if err != nil {
		t.Fatal(err)
	}
	store, err := earnings.NewMongoStore(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	r := testenv.StartRedis(t)
	_, key, _ := ed25519.GenerateKey(rand.Reader)
	signer := authn.NewSigner("k", key)
	auth := authn.NewAuthenticator(authn.NewVerifier(authn.StaticKeys{"k": signer.PublicKey()}, authn.NewRedisSessions(r.Client)), nil)
	metrics := prometheus.NewRegistry()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	// Staff's decisions leave through the payouts' outboxes, as main relays them.
	relayCtx, stop := context.WithCancel(ctx)
	relay := events.NewRelay(store.Collection(), events.Stream("billing"), events.NewPublisher(r.Client), log, time.Minute)
	relayDone := make(chan struct{})
	go func() { relay.Run(relayCtx); close(relayDone) }()
	t.Cleanup(func() { stop(); <-relayDone })
	svc := earnings.NewService(store, balance.NewService(ledger, time.Now, ids.New, func(...any) {}), earnings.DefaultThresholdMinor, time.Now,
		earnings.WithKick(relay.Kick))
	svc = earnings.LoggingMiddleware(log)(svc)
	svc = earnings.InstrumentingMiddleware(metrics)(svc)
	auditLog, err := audit.NewLog(ctx, db, log)
	if err != nil {
		t.Fatal(err)
	}
	handler := api.Routes(api.MakeEndpoints(api.Services{Earnings: svc, Audit: auditLog})).Handler(auth)
	srv := httptest.NewServer(httpx.NewServer(httpx.Options{Name: "svc-billing", Handler: handler, Logger: log, Registry: metrics}).Handler())
	t.Cleanup(srv.Close)
	return &billing{fixture: &fixture{url: srv.URL, signer: signer, redis: r.Client}}, earnings.Handler(svc, log)
}

func feed(t *testing.T, handle events.Handler, typ string, payload any) {
	t.Helper()
	e, err := events.New(context.Background(), typ, payload)
	if err != nil {
		t.Fatal(err)
	}
	if err := handle(context.Background(), e); err != nil {
		t.Fatal(err)
	}
}

// The translator's routes: earnings, a payout refused below the threshold with the missing
// amount in the request's language, to an unknown account 404, then made (201) and listed;
// staff see it, mark it paid once and cannot reject it; customers and translators are kept off
// each other's and staff's routes.
func TestEarningsRoutes(t *testing.T) {
	b, handle := newEarnings(t)
	tr := b.token("tr-1", authn.RoleTranslator)
	admin := b.token("staff-1", authn.RoleAdmin)
	customer := b.token("c-1", authn.RoleCustomer)
	feed(t, handle, earnings.EventPayoutAccounts, earnings.PayoutAccounts{TranslatorID: "tr-1", Version: 1,
		Accounts: []earnings.PayoutAccount{{ID: "ba-1", IBAN: "TR330006100519786457841326", Holder: "Ayşe Yılmaz", Default: true}}})
	completed := func(order string, pay int64) map[string]any {
		return map[string]any{"orderId": order, "number": "O-2026-" + order, "translatorId": "tr-1", "status": "completed",
			"pay": map[string]any{"amountUsd": pay / 34, "amount": map[string]any{"amount": pay, "currency": "TRY", "decimals": 2}}}
	}
	feed(t, handle, earnings.EventOrderStatusChanged, completed("ord-1", 20_000))

	a := b.call(t, "/api/v1/billing/earnings", tr, "en")
	if a.status != 200 || a.body["balance"].(map[string]any)["amount"] != 20000.0 || len(a.body["entries"].([]any)) != 1 {
		t.Fatalf("earnings: %d %v", a.status, a.body)
	}
	// The entry names the order by its number; its reference stays the order's id.
	if entry := a.body["entries"].([]any)[0].(map[string]any); entry["label"] != "O-2026-ord-1" || entry["reference"] != "ord-1" {
		t.Errorf("earning entry: %v", entry)
	}
	a = b.post(t, "/api/v1/billing/earnings/payouts", tr, "tr", "k1", map[string]any{"bankAccountId": "ba-1"})
	e, _ := a.body["error"].(map[string]any)
	if a.status != 409 || e["code"] != "below_threshold" || e["message"] == "" ||
		e["details"].(map[string]any)["missing"].(map[string]any)["amount"] != 5000.0 {
		t.Fatalf("below the threshold: %d %v", a.status, a.body)
	}
	t.Logf("below the threshold: %s", e["message"])
	if a = b.post(t, "/api/v1/billing/earnings/payouts", tr, "en", "k1", map[string]any{"bankAccountId": "ba-9"}); a.status != 404 {
		t.Errorf("unknown account: %d %v", a.status, a.body)
	}
	if a = b.post(t, "/api/v1/billing/earnings/payouts", tr, "en", "", map[string]any{}); a.status != 400 {
		t.Errorf("no key, no account: %d %v", a.status, a.body)
	}
	feed(t, handle, earnings.EventOrderStatusChanged, completed("ord-2", 10_000))
	a = b.post(t, "/api/v1/billing/earnings/payouts", tr, "en", "k2", map[string]any{"bankAccountId": "ba-1"})
	if a.status != 201 || a.body["status"] != "requested" || a.body["iban"] != "TR330006100519786457841326" {
		t.Fatalf("payout: %d %v", a.status, a.body)
	}
	id := a.body["id"].(string)
	if a = b.call(t, "/api/v1/billing/earnings/payouts", tr, "en"); a.status != 200 || len(a.body["payouts"].([]any)) != 1 {
		t.Errorf("payouts: %d %v", a.status, a.body)
	}
	if a = b.call(t, "/api/v1/billing/admin/payouts?status=requested", admin, "en"); a.status != 200 || len(a.body["payouts"].([]any)) != 1 {
		t.Errorf("staff's list: %d %v", a.status, a.body)
	}
	for range 2 {
		if a = b.post(t, "/api/v1/billing/admin/payouts/"+id+"/paid", admin, "en", "", nil); a.status != 200 || a.body["status"] != "paid" {
			t.Errorf("paid: %d %v", a.status, a.body)
		}
	}
	if a = b.post(t, "/api/v1/billing/admin/payouts/"+id+"/reject", admin, "en", "", map[string]any{"reason": "x"}); a.status != 409 {
		t.Errorf("reject a paid payout: %d %v", a.status, a.body)
	}
	// payout.paid reaches the stream once, for svc-auth to tell the translator.
	deadline := time.Now().Add(10 * time.Second)
	for b.published(t, earnings.EventPayoutPaid, id) == 0 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	time.Sleep(200 * time.Millisecond)
	if n := b.published(t, earnings.EventPayoutPaid, id); n != 1 {
		t.Errorf("%d payout.paid on the stream, want 1", n)
	}
	oneChange(t, b.auditEntries(t, "object=payout:"+id), "payout.paid", "staff-1", "status", "requested", "paid")
	for _, c := range []struct {
		method, path, token string
		want                int
	}{
		{"GET", "/api/v1/billing/earnings", customer, 403},
		{"GET", "/api/v1/billing/earnings", admin, 403},
		{"GET", "/api/v1/billing/earnings", "", 401},
		{"GET", "/api/v1/billing/admin/payouts", tr, 403},
		{"POST", "/api/v1/billing/admin/payouts/" + id + "/paid", tr, 403},
		{"POST", "/api/v1/billing/earnings/payouts", customer, 403},
	} {
		var got answer
		if c.method == "GET" {
			got = b.call(t, c.path, c.token, "en")
		} else {
			got = b.post(t, c.path, c.token, "en", "k", map[string]any{"bankAccountId": "ba-1"})
		}
		if got.status != c.want {
			t.Errorf("%s %s: %d, want %d", c.method, c.path, got.status, c.want)
		}
	}
}
