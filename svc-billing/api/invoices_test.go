package api_test

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"linguaport/internal/audit"
	"linguaport/internal/authn"
	"linguaport/internal/company/companytest"
	"linguaport/internal/events"
	"linguaport/internal/httpx"
	"linguaport/internal/ids"
	"linguaport/internal/mail"
	"linguaport/internal/mailbox"
	"linguaport/internal/mailcapture"
	"linguaport/internal/stripedev"
	"linguaport/internal/testenv"
	"linguaport/svc-billing/api"
	"linguaport/svc-billing/balance"
	"linguaport/svc-billing/earnings"
	"linguaport/svc-billing/einvoice"
	"linguaport/svc-billing/invoices"
	"linguaport/svc-billing/paying"
	"linguaport/svc-billing/payments"
	"linguaport/svc-billing/profile"
)

type billing struct {
	*fixture
	invoices *invoices.MongoStore
	balances *balance.MongoStore
	balance  balance.Service
	db       *mongo.Database
	pub      *events.Publisher
	stripe   *stripedev.Server
	earn     events.Handler // the earnings' event handler, fed by hand (staff_test.go)
	start    func()         // starts the consumers of svc-orders' stream and of svc-billing's own
	// capture is the SMTP server the invoices' mail relay sends to; sent holds every message
	// the relay handed to the sender, as handed (mails_test.go).
	capture *mailcapture.Server
	sent    *sentMails
	paying  paying.Service // for events handed over by hand (a late balance.debited)
	// recorder is the local GİB integrator the e-documents' consumer sends to (einvoice_test.go).
	recorder *einvoice.Recorder
	// provider counts the calls paying made to the card provider (sandbox_test.go).
	provider *countingProvider
}

// site is the origin pay requests return to (SITE_ORIGINS in the tests).
const site = "https://linguaport.test"

// newBilling serves svc-billing's real handler over FerretDB and runs its consumers of
// svc-orders' stream and its own on redis-server, and its outbox relays, as main wires them,
// with the card payment stand-in (internal/stripedev) as the provider, its webhooks sent to the
// handler.
func newBilling(t *testing.T) *billing {
	t.Helper()
	b := newStoppedBilling(t)
	b.start()
	return b
}

// newStoppedBilling is newBilling with the consumers not started yet: svc-billing was down.
func newStoppedBilling(t *testing.T) *billing {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	db := testenv.Mongo(t)
	profiles, _ := profile.NewMongoStore(ctx, db)
	store, err := invoices.NewMongoStore(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	balances, err := balance.NewMongoStore(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	hooks, err := payments.NewMongoWebhookLog(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	r := testenv.StartRedis(t)
	_, key, _ := ed25519.GenerateKey(rand.Reader)
	signer := authn.NewSigner("k", key)
	auth := authn.NewAuthenticator(authn.NewVerifier(authn.StaticKeys{"k": signer.PublicKey()}, authn.NewRedisSessions(r.Client)), nil)
	metrics := prometheus.NewRegistry()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))

	stripe, err := stripedev.Start("127.0.0.1:0", stripedev.Config{SecretKey: stripeKey, WebhookSecret: stripeWebhookSecret})
	if err != nil {
		t.Fatal(err)
	}
	provider, err := payments.NewStripe(stripeKey, stripe.URL(), stripeWebhookSecret)
	if err != nil {
		t.Fatal(err)
	}
	publisher := events.NewPublisher(r.Client)
	invoiceRelay := events.NewRelay(store.Collection(), events.Stream("billing"), publisher, log, time.Minute)
	accountRelay := events.NewRelay(balances.Accounts(), events.Stream("billing"), publisher, log, time.Minute)
	var running sync.WaitGroup
	for _, relay := range []*events.Relay{invoiceRelay, accountRelay} {
		running.Go(func() { relay.Run(ctx) })
	}
	capture, err := mailcapture.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	sent := &sentMails{next: mail.NewSender(mail.Config{Addr: capture.Addr(), From: mail.DefaultFrom})}
	mailRelay := mailbox.NewRelay(store.Collection(), invoices.Mails(store, mailSite, companytest.Other()), sent, log, time.Minute)
	running.Go(func() { mailRelay.Run(ctx) })
	kick := func(ids ...any) {
		invoiceRelay.Kick(ids...)
		mailRelay.Kick(ids...)
	}

	profileSvc := profile.NewService(profiles, time.Now)
	// The clock runs from a fixed day in 2026, so numbers read LPA2026… whenever the test runs.
	began := time.Now()
	clock := func() time.Time { return time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC).Add(time.Since(began)) }
	registrations := profile.NewRegistrations(db)
	invoiceSvc := invoices.NewService(store, profiles, invoices.DefaultVATRatePercent, invoices.DefaultDueDays, clock, kick,
		invoices.WithRates(fixedRates{}), invoices.WithRegistrations(registrations))
	invoiceSvc = invoices.LoggingMiddleware(log)(invoiceSvc)
	invoiceSvc = invoices.InstrumentingMiddleware(metrics)(invoiceSvc)
	balanceSvc := balance.NewService(balances, clock, ids.New, accountRelay.Kick)
	balanceSvc = balance.LoggingMiddleware(log)(balanceSvc)
	// The provider's clock is the real one: its sessions expire a day from now, not from 2026.
	counting := &countingProvider{Provider: provider}
	payingSvc := paying.NewService(hooks, paying.NewMongoKeys(db), invoiceSvc, balanceSvc, counting, provider,
		[]string{site}, time.Now, log)
	payingSvc = paying.LoggingMiddleware(log)(payingSvc)
	payingSvc = paying.InstrumentingMiddleware(metrics)(payingSvc)
	auditLog, err := audit.NewLog(ctx, db, log)
	if err != nil {
		t.Fatal(err)
	}
	earningsLedger, err := balance.NewMongoStoreNamed(ctx, db, "earnings")
	if err != nil {
		t.Fatal(err)
	}
	payouts, err := earnings.NewMongoStore(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	payoutRelay := events.NewRelay(payouts.Collection(), events.Stream("billing"), publisher, log, time.Minute)
	running.Go(func() { payoutRelay.Run(ctx) })
	earningsSvc := earnings.NewService(payouts, balance.NewService(earningsLedger, clock, ids.New, func(...any) {}), earnings.DefaultThresholdMinor, clock,
		earnings.WithKick(payoutRelay.Kick))
	// The agency's facts are a set unlike the demo's, so the tests see the configured facts
	// reach the PDFs, the mails and the balance page.
	services := api.Services{Profile: profileSvc, Invoices: invoiceSvc, Paying: payingSvc, Balance: balanceSvc, Earnings: earningsSvc, Audit: auditLog,
		Company: companytest.Other(), Rates: demoRates(t), Registrations: registrations}
	handler := api.Routes(api.MakeEndpoints(services)).Handler(auth)
	srv := httptest.NewServer(httpx.NewServer(httpx.Options{Name: "svc-billing", Handler: handler, Logger: log, Registry: metrics}).Handler())
	stripe.SetWebhookURL(srv.URL + "/api/v1/billing/webhooks/stripe")

	processed := db.Collection("processed_events")
	recorder, err := einvoice.NewRecorder(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	consumers := []*events.Consumer{
		events.NewConsumer(r.Client, events.Stream("orders"), "svc-billing", processed, invoices.Handler(invoiceSvc), log),
		events.NewConsumer(r.Client, events.Stream("billing"), "svc-billing", processed, paying.Handler(payingSvc), log),
		events.NewConsumer(r.Client, events.Stream("billing"), "svc-billing-edocuments", processed,
			einvoice.Handler(invoiceSvc, einvoice.Issuer{Seller: companytest.Other(), Rates: demoRates(t)}, recorder), log),
	}
	start := func() {
		for _, c := range consumers {
			c.Block = 100 * time.Millisecond
			running.Go(func() { _ = c.Run(ctx) })
		}
	}
	t.Cleanup(func() {
		cancel()
		stopped := make(chan struct{})
		go func() { running.Wait(); close(stopped) }()
		select {
		case <-stopped:
		case <-time.After(10 * time.Second):
			t.Error("the consumers and relays did not stop")
		}
		srv.Close()
		_ = stripe.Close()
		_ = capture.Close()
	})
	return &billing{fixture: &fixture{url: srv.URL, signer: signer, redis: r.Client}, invoices: store, balances: balances,
		balance: balanceSvc, db: db, pub: publisher, stripe: stripe, earn: earnings.Handler(earningsSvc, log), start: start,
		capture: capture, sent: sent, paying: payingSvc, recorder: recorder, provider: counting}
}

const (
	stripeKey           = "sk_test_billing"
	stripeWebhookSecret = "whsec_billing"
)

// approve publishes svc-orders' quote.approved as svc-orders' relay does: two target languages,
// 1.870,00 ₺ at 27.5 TRY per USD.
func (b *billing) approve(t *testing.T, quote, customer string) events.Event {
	t.Helper()
	return b.approveIn(t, quote, customer, "")
}

// approveIn is approve with the approving request's language in the payload ("" leaves it out,
// as events sent before it was part of quote.approved).
func (b *billing) approveIn(t *testing.T, quote, customer, lang string) events.Event {
	t.Helper()
	try := func(n int64) map[string]any {
		return map[string]any{"amount": n, "currency": "TRY", "decimals": 2, "formatted": "x"}
	}
	line := func(target string) map[string]any {
		return map[string]any{"targetLanguage": target, "description": map[string]string{"tr": "TR → " + target, "en": "TR → " + target},
			"quantity": 400, "unit": "word", "amountUsd": 3400, "amount": try(93_500)}
	}
	payload := map[string]any{
		"quoteId": quote, "number": "Q-2026-00001", "orderId": "o-" + quote, "orderNumber": "O-2026-00001", "customerId": customer,
		"service": "professional-translation", "totalUsd": 6800, "total": try(187_000), "rateMicros": 27_500_000, "currency": "TRY",
		"lines": []any{line("en"), line("de")},
	}
	if lang != "" {
		payload["lang"] = lang
	}
	e, err := events.New(context.Background(), invoices.EventQuoteApproved, payload)
	if err != nil {
		t.Fatal(err)
	}
	b.publish(t, e)
	return e
}

func (b *billing) publish(t *testing.T, e events.Event) {
	t.Helper()
	if err := b.pub.Publish(context.Background(), events.Stream("orders"), e); err != nil {
		t.Fatal(err)
	}
}

func (b *billing) call(t *testing.T, path, token, lang string) answer {
	t.Helper()
	req, _ := http.NewRequest("GET", b.url+path, nil)
	req.Header.Set("Accept-Language", lang)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	var out map[string]any
	resp := testenv.DoJSON(t, req, &out)
	return answer{status: resp.StatusCode, header: resp.Header, body: out}
}

// list waits (up to 10 s) until the customer has n invoices and returns them.
func (b *billing) list(t *testing.T, token string, n int) []map[string]any {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		a := b.call(t, "/api/v1/billing/invoices", token, "en")
		raw, _ := a.body["invoices"].([]any)
		if a.status == 200 && len(raw) == n || time.Now().After(deadline) {
			if len(raw) != n {
				t.Fatalf("%d invoices, want %d: %d %v", len(raw), n, a.status, a.body)
			}
			out := make([]map[string]any, n)
			for i, v := range raw {
				out[i] = v.(map[string]any)
			}
			return out
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func num(v any) int64 { f, _ := v.(float64); return int64(f) }

func linesOf(inv map[string]any) []map[string]any {
	raw, _ := inv["lines"].([]any)
	out := make([]map[string]any, len(raw))
	for i, v := range raw {
		out[i] = v.(map[string]any)
	}
	return out
}

// An approved quote becomes a pending invoice with the quote's lines and, as its own line, KDV
// at 20 % for a customer billed in Turkey, with a copy of the details it was issued to.
func TestInvoiceForACustomerInTurkey(t *testing.T) {
	b := newBilling(t)
	tok := b.token("cust-tr", authn.RoleCustomer)
	if a := b.put(t, tok, "en", individualTR()); a.status != 200 {
		t.Fatalf("profile: %d %v", a.status, a.body)
	}
	b.approve(t, "q-tr", "cust-tr")
	inv := b.list(t, tok, 1)[0]
	if inv["status"] != "pending" || inv["quoteId"] != "q-tr" || inv["orderId"] != "o-q-tr" || inv["orderNumber"] != "O-2026-00001" ||
		inv["currency"] != "TRY" || num(inv["rateMicros"]) != 27_500_000 || inv["number"] != "LPA2026000000001" || inv["customerId"] != "cust-tr" {
		t.Errorf("invoice %v", inv)
	}
	if _, err := time.Parse(time.RFC3339, inv["issuedAt"].(string)); err != nil {
		t.Errorf("issuedAt %v", inv["issuedAt"])
	}
	lines := linesOf(inv)
	if len(lines) != 3 || lines[0]["targetLanguage"] != "en" || lines[1]["targetLanguage"] != "de" || num(lines[0]["quantity"]) != 400 ||
		lines[0]["unit"] != "word" || num(lines[0]["amount"]) != 93_500 || num(lines[0]["amountUsd"]) != 3_400 {
		t.Fatalf("lines %v", lines)
	}
	vat := lines[2]
	desc := vat["description"].(map[string]any)
	if vat["kind"] != "vat" || num(vat["ratePercent"]) != 20 || num(vat["amount"]) != 37_400 || num(vat["amountUsd"]) != 1_360 ||
		desc["tr"] != "KDV %20" || desc["en"] != "VAT 20%" {
		t.Errorf("VAT line %v", vat)
	}
	totals, usd := inv["totals"].(map[string]any), inv["totalsUsd"].(map[string]any)
	if num(totals["net"]) != 187_000 || num(totals["vat"]) != 37_400 || num(totals["total"]) != 224_400 ||
		num(usd["net"]) != 6_800 || num(usd["vat"]) != 1_360 || num(usd["total"]) != 8_160 {
		t.Errorf("totals %v %v", totals, usd)
	}
	details := inv["details"].(map[string]any)
	if details["tckn"] != "10000000146" || details["fullName"] != "Ayşe Yılmaz" || details["country"] != "TR" {
		t.Errorf("details %v", details)
	}

	// Changing the billing details later leaves the issued invoice as it was issued.
	if a := b.put(t, tok, "en", companyTR()); a.status != 200 {
		t.Fatal(a.body)
	}
	got := b.call(t, "/api/v1/billing/invoices/"+inv["id"].(string), tok, "en")
	if d := got.body["details"].(map[string]any); got.status != 200 || d["tckn"] != "10000000146" || d["vkn"] != "" {
		t.Errorf("after the profile changed: %d %v", got.status, got.body)
	}
	if cc := got.header.Get("Cache-Control"); cc != "no-store" {
		t.Errorf("Cache-Control %q", cc)
	}
}

// A customer abroad is invoiced a 0 % VAT line with the exemption wording in both languages; a
// customer with no details yet is billed as in Turkey, with empty details.
func TestInvoiceAbroadAndWithoutDetails(t *testing.T) {
	b := newBilling(t)
	abroad := b.token("cust-gb", authn.RoleCustomer)
	if a := b.put(t, abroad, "en", companyAbroad()); a.status != 200 {
		t.Fatal(a.body)
	}
	b.approve(t, "q-gb", "cust-gb")
	inv := b.list(t, abroad, 1)[0]
	vat := linesOf(inv)[2]
	desc := vat["description"].(map[string]any)
	if vat["kind"] != "vat" || num(vat["ratePercent"]) != 0 || num(vat["amount"]) != 0 ||
		desc["tr"] != "KDV Kanunu 11/1-a maddesi uyarınca istisna" || desc["en"] != "Exempt from Turkish VAT (export of services, VAT Law art. 11/1-a)" {
		t.Errorf("VAT line abroad %v", vat)
	}
	if totals := inv["totals"].(map[string]any); num(totals["total"]) != 187_000 || num(totals["vat"]) != 0 || inv["inTurkey"] != false {
		t.Errorf("totals abroad %v", inv)
	}
	if d := inv["details"].(map[string]any); d["taxId"] != "GB 123 4567 89" || d["country"] != "GB" {
		t.Errorf("details abroad %v", d)
	}

	none := b.token("cust-new", authn.RoleCustomer)
	b.approve(t, "q-new", "cust-new")
	inv = b.list(t, none, 1)[0]
	if vat := linesOf(inv)[2]; num(vat["ratePercent"]) != 20 || num(vat["amount"]) != 37_400 || inv["inTurkey"] != true {
		t.Errorf("no details: %v", inv)
	}
	if d := inv["details"].(map[string]any); d["country"] != "" || d["type"] != "" {
		t.Errorf("no details, yet %v", d)
	}
}

// The same event delivered again, and the approval replayed under a new event id, leave one
// invoice with one number.
func TestRedeliveredEventMakesOneInvoice(t *testing.T) {
	b := newBilling(t)
	tok := b.token("cust-again", authn.RoleCustomer)
	e := b.approve(t, "q-again", "cust-again")
	first := b.list(t, tok, 1)[0]
	b.publish(t, e)
	b.approve(t, "q-again", "cust-again")
	b.approve(t, "q-other", "cust-again") // a later invoice shows the stream was read past the repeats
	list := b.list(t, tok, 2)
	if list[1]["id"] != first["id"] || list[1]["number"] != "LPA2026000000001" || list[0]["number"] != "LPA2026000000002" {
		t.Errorf("after redelivery: %v", list)
	}
	if n, _ := b.invoices.Collection().CountDocuments(context.Background(), bson.D{{Key: "quoteId", Value: "q-again"}}); n != 1 {
		t.Errorf("%d invoices for one quote", n)
	}
}

// A customer sees their own invoices, newest first; one invoice is shown to its owner and to
// staff, and to anyone else it does not exist.
func TestWhoSeesInvoices(t *testing.T) {
	b := newBilling(t)
	owner := b.token("cust-own", authn.RoleCustomer)
	other := b.token("cust-else", authn.RoleCustomer)
	b.approve(t, "q-1", "cust-own")
	b.list(t, owner, 1)
	b.approve(t, "q-2", "cust-own")
	b.approve(t, "q-3", "cust-else")
	mine := b.list(t, owner, 2)
	if mine[0]["quoteId"] != "q-2" || mine[1]["quoteId"] != "q-1" {
		t.Errorf("not newest first: %v, %v", mine[0]["quoteId"], mine[1]["quoteId"])
	}
	if theirs := b.list(t, other, 1); theirs[0]["quoteId"] != "q-3" {
		t.Errorf("other's list %v", theirs)
	}
	path := "/api/v1/billing/invoices/" + mine[0]["id"].(string)
	if a := b.call(t, path, owner, "en"); a.status != 200 || a.body["quoteId"] != "q-2" {
		t.Errorf("owner: %d %v", a.status, a.body)
	}
	if a := b.call(t, path, b.token("staff", authn.RoleAdmin), "en"); a.status != 200 || a.body["quoteId"] != "q-2" {
		t.Errorf("admin: %d %v", a.status, a.body)
	}
	for _, c := range []struct{ path, lang, message string }{
		{path, "tr", "Fatura bulunamadı."},
		{"/api/v1/billing/invoices/inv-nope", "en", "Invoice not found."},
	} {
		a := b.call(t, c.path, other, c.lang)
		if code, _ := errorOf(a); a.status != 404 || code != "invoice_not_found" || a.body["error"].(map[string]any)["message"] != c.message {
			t.Errorf("%s as another customer: %d %v", c.path, a.status, a.body)
		}
	}
	if a := b.call(t, path, b.token("tr-1", authn.RoleTranslator), "en"); a.status != 403 {
		t.Errorf("translator: %d", a.status)
	}
	for _, p := range []string{path, "/api/v1/billing/invoices"} {
		if a := b.call(t, p, "", "en"); a.status != 401 {
			t.Errorf("visitor %s: %d", p, a.status)
		}
	}
	if a := b.call(t, "/api/v1/billing/invoices", b.token("staff", authn.RoleAdmin), "en"); a.status != 403 {
		t.Errorf("admin's own list: %d", a.status)
	}
	empty := b.call(t, "/api/v1/billing/invoices", b.token("cust-none", authn.RoleCustomer), "en")
	if raw, err := json.Marshal(empty.body); empty.status != 200 || string(raw) != `{"invoices":[],"next":""}` || err != nil {
		t.Errorf("no invoices: %d %s", empty.status, raw)
	}
}

// Quotes approved while svc-billing was down are invoiced when it comes back: its consumer group
// starts at the beginning of the stream.
func TestInvoicesIssuedWhenBillingReturns(t *testing.T) {
	b := newStoppedBilling(t)
	tok := b.token("cust-wait", authn.RoleCustomer)
	b.approve(t, "q-w1", "cust-wait")
	b.approve(t, "q-w2", "cust-wait")
	if a := b.call(t, "/api/v1/billing/invoices", tok, "en"); len(a.body["invoices"].([]any)) != 0 {
		t.Fatalf("invoiced without a consumer: %v", a.body)
	}
	b.start()
	list := b.list(t, tok, 2)
	if list[0]["number"] != "LPA2026000000002" || list[1]["number"] != "LPA2026000000001" || list[1]["quoteId"] != "q-w1" {
		t.Errorf("after the return: %v, %v", list[0], list[1])
	}
}

// GET invoices?orderId= is the invoice of one of the caller's orders, for the order's page; an
// order of someone else's, or none yet invoiced, answers an empty list.
func TestInvoiceOfAnOrder(t *testing.T) {
	b := newBilling(t)
	tok := b.token("cust-orders", authn.RoleCustomer)
	b.approve(t, "q-first", "cust-orders")
	b.approve(t, "q-second", "cust-orders")
	b.list(t, tok, 2)
	a := b.call(t, "/api/v1/billing/invoices?orderId=o-q-second", tok, "en")
	got, _ := a.body["invoices"].([]any)
	if a.status != 200 || len(got) != 1 || got[0].(map[string]any)["orderId"] != "o-q-second" || got[0].(map[string]any)["number"] == "" {
		t.Fatalf("the second order's invoice: %d %v", a.status, a.body)
	}
	for name, tc := range map[string]struct{ token, order string }{
		"another's order":    {b.token("cust-nosy", authn.RoleCustomer), "o-q-second"},
		"an order not known": {tok, "o-q-none"},
	} {
		a := b.call(t, "/api/v1/billing/invoices?orderId="+tc.order, tc.token, "en")
		if got, ok := a.body["invoices"].([]any); a.status != 200 || !ok || len(got) != 0 {
			t.Errorf("%s: %d %v", name, a.status, a.body)
		}
	}
}

// invoicePages walks GET invoices?query as token from the first page, following next (which names
// the page's last invoice, "" on the last page), and answers the ids of each page.
func (b *billing) invoicePages(t *testing.T, token, query string) [][]string {
	t.Helper()
	var pages [][]string
	after := ""
	for len(pages) <= 20 {
		path := "/api/v1/billing/invoices?" + query
		if after != "" {
			path += "&after=" + url.QueryEscape(after)
		}
		a := b.call(t, path, token, "en")
		if a.status != 200 {
			t.Fatalf("%s: %d %v", path, a.status, a.body)
		}
		ids := []string{}
		for _, inv := range a.body["invoices"].([]any) {
			ids = append(ids, inv.(map[string]any)["id"].(string))
		}
		pages = append(pages, ids)
		next, ok := a.body["next"].(string)
		switch {
		case !ok:
			t.Fatalf("%s: no next: %v", path, a.body)
		case next == "":
			return pages
		case len(ids) == 0 || next != ids[len(ids)-1]:
			t.Fatalf("%s: next %q is not the page's last invoice: %v", path, next, ids)
		}
		after = next
	}
	t.Fatalf("GET invoices?%s: no last page", query)
	return nil
}

// A customer's invoices page by cursor (DESIGN §15): limit invoices a page, newest issued first,
// the id breaking ties of one instant, after= the next of the page before; every invoice once, in
// order, across the pages. Without a limit the list is as the web app always read it. A cursor
// must be one of the caller's own invoices in the list, and a bad one or a bad limit is a 400
// naming it in the request's language, never a 5xx.
func TestInvoicesPageByCursor(t *testing.T) {
	b := newBilling(t)
	ctx := context.Background()
	base := time.Date(2026, 11, 2, 9, 0, 0, 0, time.UTC)
	// Newest first: the two of minute 3 are one instant, the greater id first, and fall on both
	// sides of the first page's end.
	mine := []struct {
		id     string
		minute int
	}{{"inv-a", 6}, {"inv-f", 5}, {"inv-e", 3}, {"inv-c", 3}, {"inv-b", 2}, {"inv-g", 1}, {"inv-d", 0}}
	insert := func(id, customer string, minute int) {
		t.Helper()
		inv := invoices.Invoice{ID: id, Number: "LPA20260000" + id, Year: 2026, Status: invoices.Pending, CustomerID: customer,
			QuoteID: "q-" + id, OrderID: "o-" + id, IssuedAt: base.Add(time.Duration(minute) * time.Minute)}
		if _, err := b.invoices.Insert(ctx, inv); err != nil {
			t.Fatal(err)
		}
	}
	var want []string
	for i := len(mine) - 1; i >= 0; i-- { // stored oldest first, so no test passes on the order of insertion
		insert(mine[i].id, "cust-pages", mine[i].minute)
	}
	for _, m := range mine {
		want = append(want, m.id)
	}
	insert("inv-else", "cust-else", 4)
	tok := b.token("cust-pages", authn.RoleCustomer)

	pages := b.invoicePages(t, tok, "limit=3")
	if len(pages) != 3 || len(pages[0]) != 3 || len(pages[1]) != 3 || len(pages[2]) != 1 || !slices.Equal(slices.Concat(pages...), want) {
		t.Errorf("pages of 3: %v, want %v", pages, want)
	}
	for _, limit := range []int{1, 2, 6, 7, 100} {
		if got := b.invoicePages(t, tok, fmt.Sprintf("limit=%d", limit)); !slices.Equal(slices.Concat(got...), want) || len(got) != (len(want)+limit-1)/limit {
			t.Errorf("pages of %d: %v", limit, got)
		}
	}
	// No parameters: every invoice on one page, as the web app reads them.
	if got := b.invoicePages(t, tok, ""); len(got) != 1 || !slices.Equal(got[0], want) {
		t.Errorf("no limit: %v", got)
	}
	// The filter of one order pages too.
	if got := b.invoicePages(t, tok, "orderId=o-inv-c&limit=1"); len(got) != 1 || !slices.Equal(got[0], []string{"inv-c"}) {
		t.Errorf("one order's: %v", got)
	}

	// Cursors: another customer's invoice is refused as one that does not exist, as is one of
	// the caller's outside the list asked for, in Turkish and in English.
	for _, c := range []struct{ query, lang, want string }{
		{"limit=3&after=inv-else", "en", "The page cursor must be the id of one of your invoices."},
		{"limit=3&after=inv-else", "tr", "Sayfa imleci faturalarınızdan birinin kimliği olmalı."},
		{"after=inv-nope", "en", "The page cursor must be the id of one of your invoices."},
		{"orderId=o-inv-c&after=inv-a", "en", "The page cursor must be the id of one of your invoices."},
		{"after=inv-a&after=inv-f", "en", "The page cursor must be the id of one of your invoices."},
	} {
		a := b.call(t, "/api/v1/billing/invoices?"+c.query, tok, c.lang)
		if code, fields := errorOf(a); a.status != 400 || code != "validation_failed" || fields["after"] != c.want {
			t.Errorf("%s (%s): %d %v", c.query, c.lang, a.status, a.body)
		}
	}
	for _, limit := range []string{"0", "101", "-1", "1.5", "three", "", "3&limit=4"} {
		for lang, want := range map[string]string{
			"en": "The page size (limit) must be a whole number from 1 to 100.",
			"tr": "Sayfa boyutu (limit) 1 ile 100 arasında bir tam sayı olmalı.",
		} {
			a := b.call(t, "/api/v1/billing/invoices?limit="+limit, tok, lang)
			if _, fields := errorOf(a); a.status != 400 || fields["limit"] != want {
				t.Errorf("limit=%s (%s): %d %v", limit, lang, a.status, a.body)
			}
		}
	}
}
