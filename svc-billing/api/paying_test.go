package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	stripe "github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"
	"go.mongodb.org/mongo-driver/v2/bson"

	"linguaport/internal/authn"
	"linguaport/internal/testenv"
	"linguaport/svc-billing/balance"
)

// post sends a JSON body (nil: none) with an Idempotency-Key ("" leaves it out).
func (b *billing) post(t *testing.T, path, token, lang, key string, body any) answer {
	t.Helper()
	var rd io.Reader
	if body != nil {
		raw, _ := json.Marshal(body)
		rd = bytes.NewReader(raw)
	}
	req, _ := http.NewRequest("POST", b.url+path, rd)
	req.Header.Set("Accept-Language", lang)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	var out map[string]any
	resp := testenv.DoJSON(t, req, &out)
	return answer{status: resp.StatusCode, header: resp.Header, body: out}
}

// pending approves a quote for a new customer billed in Turkey and answers the customer's token
// and the pending invoice: 2.244,00 TRY with VAT.
func (b *billing) pending(t *testing.T, customer string) (string, map[string]any) {
	t.Helper()
	tok := b.token(customer, authn.RoleCustomer)
	if a := b.put(t, tok, "en", individualTR()); a.status != 200 {
		t.Fatalf("profile: %d %v", a.status, a.body)
	}
	b.approve(t, "q-"+customer, customer)
	inv := b.list(t, tok, 1)[0]
	b.settled(t, inv["id"].(string)) // invoice.issued and the invoice mail have gone
	return tok, inv
}

func (b *billing) invoice(t *testing.T, tok, id string) map[string]any {
	t.Helper()
	a := b.call(t, "/api/v1/billing/invoices/"+id, tok, "en")
	if a.status != 200 {
		t.Fatalf("invoice %s: %d %v", id, a.status, a.body)
	}
	return a.body
}

// waitPaid waits (up to 10 s) for the invoice to be paid.
func (b *billing) waitPaid(t *testing.T, tok, id string) map[string]any {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		inv := b.invoice(t, tok, id)
		if inv["status"] == "paid" {
			return inv
		}
		if time.Now().After(deadline) {
			t.Fatalf("invoice %s still %v", id, inv["status"])
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// published counts the events of typ on svc-billing's stream about invoice id.
func (b *billing) published(t *testing.T, typ, id string) int {
	t.Helper()
	msgs, err := b.redis.XRange(context.Background(), "events:billing", "-", "+").Result()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, m := range msgs {
		if m.Values["type"] == typ && strings.Contains(m.Values["data"].(string), `"`+id+`"`) {
			n++
		}
	}
	return n
}

// settled waits until the invoice's events have left its outbox (the relay published them) and
// its mails its mailbox (sent), so counting them on the stream is final.
func (b *billing) settled(t *testing.T, id string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		n, err := b.invoices.Collection().CountDocuments(context.Background(), bson.D{{Key: "_id", Value: id}, {Key: "$or", Value: bson.A{
			bson.D{{Key: "outbox.0", Value: bson.D{{Key: "$exists", Value: true}}}},
			bson.D{{Key: "mailbox.0", Value: bson.D{{Key: "$exists", Value: true}}}},
		}}})
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("invoice %s kept its outbox or mailbox", id)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// payOnPage presses Pay on the stand-in's hosted page and answers where it sends the browser.
func payOnPage(t *testing.T, pageURL string) *url.URL {
	t.Helper()
	browser := &http.Client{Timeout: 10 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := browser.PostForm(pageURL, url.Values{"action": {"pay"}, "email": {"ayse@example.com"}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("pay on the hosted page: %d", resp.StatusCode)
	}
	to, err := url.Parse(resp.Header.Get("Location"))
	if err != nil {
		t.Fatal(err)
	}
	return to
}

func returnTo(id string) string { return site + "/tr/hesabim/fatura-bilgileri/faturalar/" + id }

// Card: Pay opens one checkout session however often it is pressed; paying on the provider's
// page pays the invoice through the signed webhook, once, whatever is replayed afterwards.
func TestPayByCard(t *testing.T) {
	b := newBilling(t)
	tok, inv := b.pending(t, "cust-card")
	id := inv["id"].(string)
	card := map[string]any{"method": "card", "returnUrl": returnTo(id)}

	first := b.post(t, "/api/v1/billing/invoices/"+id+"/pay", tok, "tr", "click-1", card)
	checkout, _ := first.body["checkoutUrl"].(string)
	if first.status != 200 || !strings.HasPrefix(checkout, b.stripe.URL()+"/pay/") {
		t.Fatalf("pay by card: %d %v", first.status, first.body)
	}
	// A double click (same key) and a second Pay (new key) answer the same open session.
	for _, key := range []string{"click-1", "click-2"} {
		if again := b.post(t, "/api/v1/billing/invoices/"+id+"/pay", tok, "tr", key, card); again.body["checkoutUrl"] != checkout {
			t.Errorf("pay again with %s: %d %v, want %s", key, again.status, again.body, checkout)
		}
	}
	// The key named a card payment of this invoice: reused for the balance it is refused.
	if a := b.post(t, "/api/v1/billing/invoices/"+id+"/pay", tok, "en", "click-1", map[string]any{"method": "balance"}); a.status != 422 ||
		errorCode(a) != "idempotency_key_reused" {
		t.Errorf("key reused for another method: %d %v", a.status, a.body)
	}

	back := payOnPage(t, checkout)
	if got := back.Scheme + "://" + back.Host + back.Path; got != returnTo(id) || back.Query().Get("checkout") != "done" ||
		!strings.HasPrefix(back.Query().Get("session"), "cs_") {
		t.Fatalf("the provider sent the customer to %s", back)
	}
	paid := b.waitPaid(t, tok, id)
	payment := paid["payment"].(map[string]any)
	if payment["method"] != "card" || payment["reference"] != back.Query().Get("session") || paid["paidAt"] == nil {
		t.Errorf("paid %v", paid)
	}
	// The return page asks too: the invoice as it is.
	if a := b.call(t, "/api/v1/billing/invoices/"+id+"?session="+back.Query().Get("session"), tok, "tr"); a.status != 200 || a.body["status"] != "paid" {
		t.Errorf("return page: %d %v", a.status, a.body)
	}

	// Every delivery replayed: acknowledged, nothing paid again.
	for _, ev := range b.stripe.Events() {
		if err := b.stripe.Resend(context.Background(), ev.ID); err != nil {
			t.Fatalf("resend %s: %v", ev.ID, err)
		}
	}
	if a := b.post(t, "/api/v1/billing/invoices/"+id+"/pay", tok, "en", "click-3", card); a.status != 200 ||
		a.body["checkoutUrl"] != nil || a.body["invoice"].(map[string]any)["status"] != "paid" {
		t.Errorf("paying a paid invoice: %d %v", a.status, a.body)
	}
	b.settled(t, id)
	if n := b.published(t, "invoice.paid", id); n != 1 {
		t.Errorf("%d invoice.paid events, want 1", n)
	}
	if view, err := b.balance.Balance(context.Background(), "cust-card", "TRY", ""); err != nil || len(view.Entries) != 0 {
		t.Errorf("a card payment moved the balance: %+v %v", view, err)
	}
}

// The customer is back before the webhook (it was lost): the return page's question pays the
// invoice, and the webhook arriving later finds it paid.
func TestReturnBeforeWebhook(t *testing.T) {
	b := newBilling(t)
	tok, inv := b.pending(t, "cust-early")
	id := inv["id"].(string)
	b.stripe.SetWebhookURL("http://127.0.0.1:1/nowhere")
	a := b.post(t, "/api/v1/billing/invoices/"+id+"/pay", tok, "en", "k", map[string]any{"method": "card", "returnUrl": returnTo(id)})
	back := payOnPage(t, a.body["checkoutUrl"].(string))
	if got := b.invoice(t, tok, id); got["status"] != "pending" {
		t.Fatalf("paid without the webhook or the return: %v", got["status"])
	}
	session := back.Query().Get("session")
	// Another customer's question about the session changes nothing and learns nothing.
	other := b.token("cust-other", authn.RoleCustomer)
	if r := b.call(t, "/api/v1/billing/invoices/"+id+"?session="+session, other, "en"); r.status != 404 {
		t.Errorf("another customer's return: %d", r.status)
	}
	if r := b.call(t, "/api/v1/billing/invoices/"+id+"?session="+session, tok, "en"); r.status != 200 || r.body["status"] != "paid" {
		t.Fatalf("return page: %d %v", r.status, r.body)
	}
	b.stripe.SetWebhookURL(b.url + "/api/v1/billing/webhooks/stripe")
	for _, ev := range b.stripe.Events() {
		if err := b.stripe.Resend(context.Background(), ev.ID); err != nil {
			t.Fatalf("late webhook %s: %v", ev.ID, err)
		}
	}
	b.settled(t, id)
	if n := b.published(t, "invoice.paid", id); n != 1 {
		t.Errorf("%d invoice.paid events, want 1", n)
	}
}

// Only the provider's signature makes a webhook count: unsigned, mis-signed, stale and
// tampered deliveries are refused 400 in the request's language, and change nothing.
func TestWebhookSignatures(t *testing.T) {
	b := newBilling(t)
	tok, inv := b.pending(t, "cust-hook")
	id := inv["id"].(string)
	a := b.post(t, "/api/v1/billing/invoices/"+id+"/pay", tok, "en", "k", map[string]any{"method": "card", "returnUrl": returnTo(id)})
	session := strings.TrimPrefix(a.body["checkoutUrl"].(string), b.stripe.URL()+"/pay/")
	// Well formed and of the client's API version, so only the signature can refuse it.
	forged := []byte(fmt.Sprintf(`{"id":"evt_forged","object":"event","type":"checkout.session.completed","api_version":%q,"created":%d,`+
		`"data":{"object":{"id":%q,"object":"checkout.session","payment_status":"paid","status":"complete","amount_total":224400,"currency":"try",`+
		`"metadata":{"kind":"invoice","invoiceId":%q,"customerId":"cust-hook"}}}}`, stripe.APIVersion, time.Now().Unix(), session, id))
	sign := func(secret string, at time.Time) string {
		return webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: forged, Secret: secret, Timestamp: at}).Header
	}
	for name, header := range map[string]string{
		"unsigned":     "",
		"wrong secret": sign("whsec_attacker", time.Now()),
		"stale":        sign(stripeWebhookSecret, time.Now().Add(-10*time.Minute)),
		"garbage":      "t=1,v1=abc",
	} {
		for _, lang := range []string{"tr", "en"} {
			req, _ := http.NewRequest("POST", b.url+"/api/v1/billing/webhooks/stripe", bytes.NewReader(forged))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Accept-Language", lang)
			if header != "" {
				req.Header.Set("Stripe-Signature", header)
			}
			var out map[string]any
			resp := testenv.DoJSON(t, req, &out)
			msg := fmt.Sprint(out["error"].(map[string]any)["message"])
			wantWord := map[string]string{"tr": "imza", "en": "signature"}[lang]
			if resp.StatusCode != 400 || errorCode(answer{body: out}) != "webhook_signature" || !strings.Contains(msg, wantWord) {
				t.Errorf("%s (%s): %d %v", name, lang, resp.StatusCode, out)
			}
		}
	}
	if got := b.invoice(t, tok, id); got["status"] != "pending" {
		t.Fatalf("a refused webhook paid the invoice")
	}
	// Tampered after signing: the signature no longer matches the body.
	header := sign(stripeWebhookSecret, time.Now())
	tampered := bytes.Replace(forged, []byte("224400"), []byte("000001"), 1)
	req, _ := http.NewRequest("POST", b.url+"/api/v1/billing/webhooks/stripe", bytes.NewReader(tampered))
	req.Header.Set("Stripe-Signature", header)
	if resp := testenv.DoJSON(t, req, nil); resp.StatusCode != 400 {
		t.Errorf("tampered: %d", resp.StatusCode)
	}
}

func errorCode(a answer) string {
	e, _ := a.body["error"].(map[string]any)
	s, _ := e["code"].(string)
	return s
}

func fieldsOf(a answer) map[string]any {
	e, _ := a.body["error"].(map[string]any)
	f, _ := e["fields"].(map[string]any)
	return f
}

// Bad pay and top-up requests are 4xx with the field named in the request's language.
func TestPayBadInput(t *testing.T) {
	b := newBilling(t)
	tok, inv := b.pending(t, "cust-bad")
	id := inv["id"].(string)
	path := "/api/v1/billing/invoices/" + id + "/pay"
	for _, c := range []struct {
		name, key string
		body      any
		field     string
	}{
		{"no key", "", map[string]any{"method": "balance"}, "Idempotency-Key"},
		{"key with spaces", "a b", map[string]any{"method": "balance"}, "Idempotency-Key"},
		{"no method", "k", map[string]any{}, "method"},
		{"cash", "k", map[string]any{"method": "cash"}, "method"},
		{"card without return", "k", map[string]any{"method": "card"}, "returnUrl"},
		{"return elsewhere", "k", map[string]any{"method": "card", "returnUrl": "https://evil.example/pay"}, "returnUrl"},
		{"relative return", "k", map[string]any{"method": "card", "returnUrl": "/tr/hesabim"}, "returnUrl"},
	} {
		for _, lang := range []string{"tr", "en"} {
			a := b.post(t, path, tok, lang, c.key, c.body)
			msg, _ := fieldsOf(a)[c.field].(string)
			if a.status != 400 || msg == "" || msg == "Invalid value." || msg == "Geçersiz değer." {
				t.Errorf("%s (%s): %d %v", c.name, lang, a.status, a.body)
			}
		}
	}
	if a := b.post(t, path, b.token("cust-someone", authn.RoleCustomer), "en", "k", map[string]any{"method": "balance"}); a.status != 404 {
		t.Errorf("another customer's invoice: %d %v", a.status, a.body)
	}
	if a := b.post(t, "/api/v1/billing/invoices/inv-nope/pay", tok, "en", "k", map[string]any{"method": "balance"}); a.status != 404 {
		t.Errorf("no such invoice: %d", a.status)
	}
	for name, body := range map[string]any{
		"no currency":    map[string]any{"amount": map[string]any{"amount": 100}, "returnUrl": site + "/tr"},
		"bitcoin":        map[string]any{"amount": map[string]any{"amount": 100, "currency": "BTC"}, "returnUrl": site + "/tr"},
		"zero":           map[string]any{"amount": map[string]any{"amount": 0, "currency": "TRY"}, "returnUrl": site + "/tr"},
		"too much":       map[string]any{"amount": map[string]any{"amount": 100_000_001, "currency": "TRY"}, "returnUrl": site + "/tr"},
		"return outside": map[string]any{"amount": map[string]any{"amount": 100, "currency": "TRY"}, "returnUrl": "http://127.0.0.1/x"},
	} {
		if a := b.post(t, "/api/v1/billing/balance/top-ups", tok, "tr", "k-"+name, body); a.status != 400 || len(fieldsOf(a)) == 0 {
			t.Errorf("top-up %s: %d %v", name, a.status, a.body)
		}
	}
	if a := b.post(t, "/api/v1/billing/balance/top-ups", tok, "en", "", map[string]any{"amount": map[string]any{"amount": 100, "currency": "TRY"}, "returnUrl": site + "/en"}); a.status != 400 || fieldsOf(a)["Idempotency-Key"] == nil {
		t.Errorf("top-up without a key: %d %v", a.status, a.body)
	}
}

// declareAndConfirm credits amount TRY to the customer as staff do: a declared bank transfer,
// confirmed.
func (b *billing) declareAndConfirm(t *testing.T, tok string, amount int64) map[string]any {
	t.Helper()
	d := b.post(t, "/api/v1/billing/balance/transfers", tok, "en", "", map[string]any{
		"amount": map[string]any{"amount": amount, "currency": "TRY"}, "sender": "Ayşe Yılmaz",
		"date": "2026-11-22", "reference": "LP havale"}) // the day before the fixture's clock
	if d.status != 201 || d.body["status"] != "declared" {
		t.Fatalf("declare: %d %v", d.status, d.body)
	}
	admin := b.token("admin-1", authn.RoleAdmin)
	c := b.post(t, "/api/v1/billing/admin/transfers/"+d.body["id"].(string)+"/confirm", admin, "en", "", nil)
	if c.status != 200 || c.body["status"] != "confirmed" {
		t.Fatalf("confirm: %d %v", c.status, c.body)
	}
	return c.body
}

func (b *billing) balanceOf(t *testing.T, tok string) answer {
	t.Helper()
	a := b.call(t, "/api/v1/billing/balance", tok, "en")
	if a.status != 200 {
		t.Fatalf("balance: %d %v", a.status, a.body)
	}
	return a
}

func tryBalance(a answer) int64 {
	for _, v := range a.body["balances"].([]any) {
		if m := v.(map[string]any); m["currency"] == "TRY" {
			return num(m["amount"])
		}
	}
	return 0
}

// Balance: not enough is 409 with the missing amount; after a confirmed bank transfer the
// invoice is paid from the balance by one debit, however many Pay requests race.
func TestPayFromBalance(t *testing.T) {
	b := newBilling(t)
	tok, inv := b.pending(t, "cust-bal")
	id := inv["id"].(string)
	path := "/api/v1/billing/invoices/" + id + "/pay"
	b.declareAndConfirm(t, tok, 100_000) // 1.000,00 TRY of 2.244,00
	short := b.post(t, path, tok, "tr", "k0", map[string]any{"method": "balance"})
	details, _ := short.body["error"].(map[string]any)["details"].(map[string]any)
	missing, _ := details["missing"].(map[string]any)
	if short.status != 409 || errorCode(short) != "insufficient_balance" || num(missing["amount"]) != 124_400 || missing["currency"] != "TRY" ||
		!strings.Contains(short.body["error"].(map[string]any)["message"].(string), "1.244,00") {
		t.Fatalf("insufficient: %d %v", short.status, short.body)
	}
	b.declareAndConfirm(t, tok, 200_000)

	var wg sync.WaitGroup
	answers := make([]answer, 16)
	for i := range answers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			answers[i] = b.post(t, path, tok, "en", fmt.Sprintf("k%d", i+1), map[string]any{"method": "balance"})
		}()
	}
	wg.Wait()
	for i, a := range answers {
		if a.status != 200 || a.body["invoice"].(map[string]any)["status"] != "paid" {
			t.Errorf("pay %d: %d %v", i, a.status, a.body)
		}
	}
	bal := b.balanceOf(t, tok)
	if got := tryBalance(bal); got != 300_000-224_400 {
		t.Errorf("balance %d, want %d", got, 300_000-224_400)
	}
	entries := bal.body["entries"].([]any)
	if len(entries) != 3 {
		t.Fatalf("ledger %v", entries)
	}
	debit := entries[0].(map[string]any)
	// The ledger names the invoice and the transfers as the customer knows them: the invoice's
	// number and the bank reference declared, not internal ids.
	if debit["label"] != inv["number"] || inv["number"] == "" || entries[1].(map[string]any)["label"] != "LP havale" {
		t.Errorf("labels: debit %v, transfer %v; want %v and LP havale", debit["label"], entries[1].(map[string]any)["label"], inv["number"])
	}
	if debit["kind"] != "debit" || debit["reason"] != "invoice" || debit["reference"] != id || num(debit["amount"].(map[string]any)["amount"]) != 224_400 ||
		num(debit["balanceAfter"].(map[string]any)["amount"]) != 75_600 {
		t.Errorf("debit %v", debit)
	}
	b.settled(t, id)
	if n := b.published(t, "invoice.paid", id); n != 1 {
		t.Errorf("%d invoice.paid events, want 1", n)
	}
}

// svc-billing killed between the balance debit and marking the invoice paid: balance.debited
// (queued by the debit itself) pays the invoice once the consumer runs.
func TestDebitWithoutPaidFinishedByEvent(t *testing.T) {
	b := newBilling(t)
	tok, inv := b.pending(t, "cust-crash")
	id := inv["id"].(string)
	b.declareAndConfirm(t, tok, 300_000)
	_, err := b.balance.Move(context.Background(), balance.Movement{CustomerID: "cust-crash", Key: balance.KeyInvoice(id), Kind: balance.Debit,
		Amount: balance.Money{Amount: 224_400, Currency: "TRY", Decimals: 2}, Reason: balance.ReasonInvoice, Reference: id})
	if err != nil {
		t.Fatal(err)
	}
	paid := b.waitPaid(t, tok, id)
	if p := paid["payment"].(map[string]any); p["method"] != "balance" || p["reference"] != balance.KeyInvoice(id) {
		t.Errorf("paid %v", paid)
	}
	if got := tryBalance(b.balanceOf(t, tok)); got != 300_000-224_400 {
		t.Errorf("balance %d", got)
	}
}

// Staff refund a paid invoice to the balance: refunded, credited once, invoice.refunded once.
func TestRefundToBalance(t *testing.T) {
	b := newBilling(t)
	tok, inv := b.pending(t, "cust-refund")
	id := inv["id"].(string)
	admin := b.token("admin-1", authn.RoleAdmin)
	if a := b.post(t, "/api/v1/billing/admin/invoices/"+id+"/refund", admin, "tr", "", nil); a.status != 409 || errorCode(a) != "invoice_not_paid" {
		t.Errorf("refund of a pending invoice: %d %v", a.status, a.body)
	}
	b.declareAndConfirm(t, tok, 224_400)
	if a := b.post(t, "/api/v1/billing/invoices/"+id+"/pay", tok, "en", "k", map[string]any{"method": "balance"}); a.status != 200 {
		t.Fatalf("pay: %d %v", a.status, a.body)
	}
	for range 3 {
		a := b.post(t, "/api/v1/billing/admin/invoices/"+id+"/refund", admin, "en", "", nil)
		if a.status != 200 || a.body["status"] != "refunded" || a.body["refundedAt"] == nil {
			t.Fatalf("refund: %d %v", a.status, a.body)
		}
	}
	if a := b.post(t, "/api/v1/billing/admin/invoices/"+id+"/refund", tok, "en", "", nil); a.status != 403 {
		t.Errorf("a customer refunding: %d", a.status)
	}
	// The refused refund (pending) and the repeats recorded nothing: one refund, one entry.
	oneChange(t, b.auditEntries(t, "object=invoice:"+id), "invoice.refund", "admin-1", "status", "paid", "refunded")
	b.settled(t, id)
	if n := b.published(t, "invoice.refunded", id); n != 1 {
		t.Errorf("%d invoice.refunded, want 1", n)
	}
	// The event's consumer credits too: still once.
	time.Sleep(300 * time.Millisecond)
	bal := b.balanceOf(t, tok)
	if got := tryBalance(bal); got != 224_400 {
		t.Errorf("balance after refund %d, want 224400", got)
	}
	if credit := bal.body["entries"].([]any)[0].(map[string]any); credit["reason"] != "refund" || credit["kind"] != "credit" || credit["label"] != inv["number"] {
		t.Errorf("newest entry %v", credit)
	}
	// The debit's own event arriving only now (its consumer was behind) finds the invoice paid
	// by that debit and refunded: the refund credited it back, so nothing is returned twice.
	debit, err := b.balances.Entry(context.Background(), balance.KeyInvoice(id))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.paying.SettleDebit(context.Background(), id, debit); err != nil {
		t.Fatal(err)
	}
	if got := tryBalance(b.balanceOf(t, tok)); got != 224_400 {
		t.Errorf("balance after a late balance.debited %d, want 224400 (credited twice)", got)
	}
	if a := b.post(t, "/api/v1/billing/invoices/"+id+"/pay", tok, "en", "k2", map[string]any{"method": "balance"}); a.status != 409 || errorCode(a) != "invoice_refunded" {
		t.Errorf("paying a refunded invoice: %d %v", a.status, a.body)
	}
}

// A card top-up credits the balance when the provider says it is paid; the return page's
// question and the webhook credit it once between them.
func TestTopUpByCard(t *testing.T) {
	b := newBilling(t)
	tok := b.token("cust-top", authn.RoleCustomer)
	body := map[string]any{"amount": map[string]any{"amount": 50_000, "currency": "TRY"}, "returnUrl": site + "/en/account/billing-info/balance"}
	a := b.post(t, "/api/v1/billing/balance/top-ups", tok, "en", "top-1", body)
	checkout, _ := a.body["checkoutUrl"].(string)
	if a.status != 200 || !strings.HasPrefix(checkout, b.stripe.URL()) {
		t.Fatalf("top-up: %d %v", a.status, a.body)
	}
	if again := b.post(t, "/api/v1/billing/balance/top-ups", tok, "en", "top-1", body); again.body["checkoutUrl"] != checkout {
		t.Errorf("double click opened another session: %v", again.body)
	}
	more := map[string]any{"amount": map[string]any{"amount": 60_000, "currency": "TRY"}, "returnUrl": body["returnUrl"]}
	if r := b.post(t, "/api/v1/billing/balance/top-ups", tok, "en", "top-1", more); r.status != 422 {
		t.Errorf("key reused for another amount: %d %v", r.status, r.body)
	}
	back := payOnPage(t, checkout)
	for range 3 {
		if r := b.call(t, "/api/v1/billing/balance?session="+back.Query().Get("session"), tok, "en"); r.status != 200 {
			t.Fatalf("return: %d %v", r.status, r.body)
		}
	}
	deadline := time.Now().Add(10 * time.Second)
	for len(b.stripe.Events()) == 0 || !b.stripe.Events()[0].Delivered {
		if time.Now().After(deadline) {
			t.Fatal("webhook not delivered")
		}
		time.Sleep(20 * time.Millisecond)
	}
	bal := b.balanceOf(t, tok)
	if got := tryBalance(bal); got != 50_000 || len(bal.body["entries"].([]any)) != 1 {
		t.Errorf("balance %d, entries %v", got, bal.body["entries"])
	}
}

// Bank transfer declarations and the staff routes: every refused field is named in the
// request's language with words of its own, and staff decisions answer 404/409 as documented.
func TestTransfersBadInputAndDecisions(t *testing.T) {
	b := newBilling(t)
	tok := b.token("cust-trf", authn.RoleCustomer)
	good := func() map[string]any {
		return map[string]any{"amount": map[string]any{"amount": 10_000, "currency": "TRY"}, "sender": "Ayşe Yılmaz", "date": "2026-11-20", "reference": "Havale"}
	}
	for _, c := range []struct {
		field string
		edit  func(m map[string]any)
	}{
		{"amount", func(m map[string]any) { delete(m, "amount") }},
		{"amount", func(m map[string]any) { m["amount"] = map[string]any{"amount": 10, "currency": "XYZ"} }},
		{"amount", func(m map[string]any) { m["amount"] = map[string]any{"amount": 0, "currency": "TRY"} }},
		{"sender", func(m map[string]any) { m["sender"] = " " }},
		{"sender", func(m map[string]any) { m["sender"] = "A" }},
		{"date", func(m map[string]any) { m["date"] = "20.11.2026" }},
		{"date", func(m map[string]any) { m["date"] = "2026-12-31" }},
		{"date", func(m map[string]any) { m["date"] = "2024-01-01" }},
		{"reference", func(m map[string]any) { m["reference"] = strings.Repeat("x", 141) }},
	} {
		body := good()
		c.edit(body)
		for _, lang := range []string{"tr", "en"} {
			a := b.post(t, "/api/v1/billing/balance/transfers", tok, lang, "", body)
			msg, _ := fieldsOf(a)[c.field].(string)
			if a.status != 400 || msg == "" || msg == "Invalid value." || msg == "Geçersiz değer." {
				t.Errorf("%s %v (%s): %d %v", c.field, body[c.field], lang, a.status, a.body)
			}
		}
	}
	declared := b.post(t, "/api/v1/billing/balance/transfers", tok, "en", "", good())
	if declared.status != 201 {
		t.Fatalf("declare: %d %v", declared.status, declared.body)
	}
	id := declared.body["id"].(string)
	if view := b.balanceOf(t, tok); len(asList(view.body["transfers"])) != 1 || tryBalance(view) != 0 {
		t.Errorf("a declared transfer is listed, not credited: %v", view.body)
	}
	admin := b.token("admin-1", authn.RoleAdmin)
	if a := b.call(t, "/api/v1/billing/admin/transfers", admin, "en"); a.status != 200 || len(asList(a.body["transfers"])) != 1 {
		t.Errorf("staff list: %d %v", a.status, a.body)
	}
	if a := b.call(t, "/api/v1/billing/admin/transfers?status=lost", admin, "tr"); a.status != 400 || fieldsOf(a)["status"] == nil {
		t.Errorf("list by an unknown status: %d %v", a.status, a.body)
	}
	if a := b.post(t, "/api/v1/billing/admin/transfers/trf-nope/confirm", admin, "en", "", nil); a.status != 404 || errorCode(a) != "transfer_not_found" {
		t.Errorf("confirm an unknown transfer: %d %v", a.status, a.body)
	}
	if a := b.post(t, "/api/v1/billing/admin/transfers/"+id+"/reject", admin, "tr", "", map[string]any{"reason": ""}); a.status != 400 || fieldsOf(a)["reason"] == nil {
		t.Errorf("reject without a reason: %d %v", a.status, a.body)
	}
	if a := b.post(t, "/api/v1/billing/admin/transfers/"+id+"/confirm", tok, "en", "", nil); a.status != 403 {
		t.Errorf("a customer confirming: %d", a.status)
	}
	for range 2 {
		if a := b.post(t, "/api/v1/billing/admin/transfers/"+id+"/confirm", admin, "en", "", nil); a.status != 200 || a.body["status"] != "confirmed" {
			t.Fatalf("confirm: %d %v", a.status, a.body)
		}
	}
	if a := b.post(t, "/api/v1/billing/admin/transfers/"+id+"/reject", admin, "en", "", map[string]any{"reason": "not received"}); a.status != 409 || errorCode(a) != "transfer_decided" {
		t.Errorf("reject after confirm: %d %v", a.status, a.body)
	}
	if view := b.balanceOf(t, tok); tryBalance(view) != 10_000 || len(asList(view.body["entries"])) != 1 || len(asList(view.body["transfers"])) != 0 {
		t.Errorf("after confirming: %v", view.body)
	}
}

func asList(v any) []any { l, _ := v.([]any); return l }
