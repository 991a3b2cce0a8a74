package api_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"linguaport/internal/authn"
	"linguaport/svc-billing/invoices"
	"linguaport/svc-billing/payments"
)

// The sandbox (issue 29): what a customer's sandbox API keys make is owned by their sandbox id,
// authn.SandboxID(customer). These tests drive svc-billing as such a key does: the token's subject
// is the sandbox id.

// countingProvider is the card provider, counting the sessions asked for and looked up.
type countingProvider struct {
	payments.Provider
	calls atomic.Int64
}

func (p *countingProvider) CreateCheckout(ctx context.Context, r payments.CheckoutRequest) (payments.Session, error) {
	p.calls.Add(1)
	return p.Provider.CreateCheckout(ctx, r)
}

func (p *countingProvider) Checkout(ctx context.Context, id string) (payments.Session, error) {
	p.calls.Add(1)
	return p.Provider.Checkout(ctx, id)
}

// sandboxCustomer saves live billing details for customer and answers the live token and the
// sandbox key's token.
func (b *billing) sandboxCustomer(t *testing.T, customer string) (live, sandbox string) {
	t.Helper()
	live = b.token(customer, authn.RoleCustomer)
	if a := b.put(t, live, "en", individualTR()); a.status != 200 {
		t.Fatalf("live profile: %d %v", a.status, a.body)
	}
	return live, b.token(authn.SandboxID(customer), authn.RoleCustomer)
}

// A quote a sandbox key approved becomes a sandbox invoice: marked, numbered in the test series
// without taking a number of the live one (the next live invoice is LPA…2), issued to the live
// customer's details (the sandbox saved none), announced by invoice.issued, never mailed and never
// sent to the GİB integrator. Its PDF says it is a test in the language asked for, and its XML
// downloads, with a note saying so.
func TestSandboxInvoiceIsATest(t *testing.T) {
	b := newBilling(t)
	liveTok, sbxTok := b.sandboxCustomer(t, "cust-sbx")
	b.approve(t, "q-live-1", "cust-sbx")
	first := b.list(t, liveTok, 1)[0]
	b.approve(t, "q-sbx-1", authn.SandboxID("cust-sbx"))
	inv := b.list(t, sbxTok, 1)[0]
	b.approve(t, "q-live-2", "cust-sbx")
	second := b.list(t, liveTok, 2)[0]

	id := inv["id"].(string)
	if inv["sandbox"] != true || inv["number"] != "TST2026000000001" || inv["status"] != "pending" || inv["customerId"] != "sbx_cust-sbx" {
		t.Errorf("sandbox invoice: %v", inv)
	}
	if first["number"] != "LPA2026000000001" || second["number"] != "LPA2026000000002" {
		t.Errorf("live numbers %v, %v: the sandbox took one of the live series", first["number"], second["number"])
	}
	if _, marked := first["sandbox"]; marked {
		t.Errorf("a live invoice says sandbox: %v", first["sandbox"])
	}
	details, _ := inv["details"].(map[string]any)
	if details["fullName"] != "Ayşe Yılmaz" || details["tckn"] != "10000000146" || inv["inTurkey"] != true || num(inv["totals"].(map[string]any)["total"]) != 224_400 {
		t.Errorf("issued to %v (in Turkey: %v), totals %v", details, inv["inTurkey"], inv["totals"])
	}
	// The live customer's list has only their own two; neither sees the other's.
	if a := b.call(t, "/api/v1/billing/invoices/"+id, liveTok, "en"); a.status != 404 {
		t.Errorf("the live session reads the sandbox invoice: %d", a.status)
	}

	b.settled(t, id)
	b.settled(t, second["id"].(string))
	if n := b.published(t, invoices.EventInvoiceIssued, id); n != 1 {
		t.Errorf("invoice.issued published %d times", n)
	}
	if n := len(b.sent.bySubject("Your invoice TST2026000000001")) + len(b.sent.bySubject("Faturanız: TST2026000000001")); n != 0 {
		t.Errorf("%d mails of the sandbox invoice", n)
	}
	if n := b.queuedMails(t, id); n != 0 {
		t.Errorf("%d mails queued for the sandbox invoice", n)
	}
	// The e-documents' consumer has seen all three invoice.issued once the live ones after it
	// are sent; the sandbox's is neither sent nor noted.
	deadline := time.Now().Add(10 * time.Second)
	for {
		last, err := b.invoices.Invoice(context.Background(), second["id"].(string))
		if err != nil {
			t.Fatal(err)
		}
		if last.Sent != nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the live invoice never went to the integrator")
		}
		time.Sleep(50 * time.Millisecond)
	}
	time.Sleep(300 * time.Millisecond)
	stored, err := b.invoices.Invoice(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if stored.Sent != nil {
		t.Errorf("the sandbox invoice was sent to GİB: %+v", stored.Sent)
	}
	if _, err := os.Stat(filepath.Join(b.recorder.Dir(), "TST2026000000001.xml")); !os.IsNotExist(err) {
		t.Errorf("the integrator recorded the sandbox invoice: %v", err)
	}
	lines, _ := os.ReadFile(filepath.Join(b.recorder.Dir(), "sent.jsonl"))
	if bytes.Contains(lines, []byte("TST")) || bytes.Count(lines, []byte("\n")) != 2 {
		t.Errorf("recorded:\n%s", lines)
	}

	for lang, want := range map[string]string{"tr": "TEST — geçerli bir fatura değildir", "en": "TEST — not a valid invoice"} {
		resp, body := b.download(t, "/api/v1/billing/invoices/"+id+".pdf?lang="+lang, sbxTok, lang)
		if resp.StatusCode != 200 {
			t.Fatalf("%s PDF: %d %.200s", lang, resp.StatusCode, body)
		}
		expectIn(t, lang+" PDF", pdfText(t, body), want, "TST2026000000001")
	}
	resp, doc := b.download(t, "/api/v1/billing/invoices/"+id+".xml", sbxTok, "tr")
	if resp.StatusCode != 200 || resp.Header.Get("Content-Disposition") != "attachment; filename=TST2026000000001.xml" {
		t.Fatalf("XML: %d %v %.300s", resp.StatusCode, resp.Header, doc)
	}
	expectIn(t, "XML", string(doc), "<cbc:ID>TST2026000000001</cbc:ID>", "TEST — geçerli bir fatura değildir / TEST — not a valid invoice")
}

// Paying a sandbox invoice settles it at once without a charge, whatever method the request
// names: no session at the provider, no debit of the balance. Two Pays racing each other (one by
// card, one from the balance, each with its own key) pay it once: one invoice.paid, both answered
// the paid invoice. Paying again answers the same. The dashboard's revenue does not count it.
func TestSandboxPayIsFreeAndOnce(t *testing.T) {
	b := newBilling(t)
	_, sbxTok := b.sandboxCustomer(t, "cust-sbxpay")
	b.approve(t, "q-sbxpay", authn.SandboxID("cust-sbxpay"))
	id := b.list(t, sbxTok, 1)[0]["id"].(string)
	b.settled(t, id)
	path := "/api/v1/billing/invoices/" + id + "/pay"

	bodies := []map[string]any{{"method": "card", "returnUrl": returnTo(id)}, {"method": "balance"}}
	answers := make([]answer, len(bodies))
	var wg sync.WaitGroup
	for i, body := range bodies {
		wg.Go(func() { answers[i] = b.post(t, path, sbxTok, "en", fmt.Sprintf("key-sbx-%d", i), body) })
	}
	wg.Wait()
	for i, a := range answers {
		inv, _ := a.body["invoice"].(map[string]any)
		payment, _ := inv["payment"].(map[string]any)
		if a.status != 200 || inv["status"] != "paid" || payment["method"] != "sandbox" || a.body["checkoutUrl"] != nil {
			t.Errorf("pay %d: %d %v", i, a.status, a.body)
		}
	}
	if n := b.provider.calls.Load(); n != 0 {
		t.Errorf("%d calls to the card provider", n)
	}
	if a := b.post(t, path, sbxTok, "en", "key-sbx-0", bodies[0]); a.status != 200 || a.body["invoice"].(map[string]any)["status"] != "paid" {
		t.Errorf("paying again: %d %v", a.status, a.body)
	}
	b.settled(t, id)
	if n := b.published(t, invoices.EventInvoicePaid, id); n != 1 {
		t.Errorf("invoice.paid published %d times", n)
	}
	if n, err := b.balances.Ledger().CountDocuments(context.Background(), bson.D{{Key: "customerId", Value: authn.SandboxID("cust-sbxpay")}}); err != nil || n != 0 {
		t.Errorf("%d ledger entries of the sandbox (%v)", n, err)
	}
	if n := b.queuedMails(t, id) + len(b.sent.bySubject("Payment received: TST2026000000001")); n != 0 {
		t.Errorf("%d receipts of the sandbox invoice", n)
	}
	// The page the provider would return to asks nothing of the provider either.
	if a := b.call(t, "/api/v1/billing/invoices/"+id+"?session=cs_test_nothing", sbxTok, "en"); a.status != 200 || b.provider.calls.Load() != 0 {
		t.Errorf("reconcile: %d %v, %d provider calls", a.status, a.body, b.provider.calls.Load())
	}

	admin := b.staffToken("staff-sbx", "Selin")
	rev := b.call(t, "/api/v1/billing/admin/revenue", admin, "en")
	totals, _ := rev.body["totals"].(map[string]any)
	if rev.status != 200 || totals["invoices"] != 0.0 || totals["paid"] != 0.0 || len(asList(rev.body["mix"])) != 0 {
		t.Errorf("revenue counts the sandbox: %d %v", rev.status, rev.body)
	}
}

// Money for a sandbox balance is refused, by card and by a declared transfer, with a 4xx worded in
// the request's language; no session is opened at the provider.
func TestSandboxTopUpRefused(t *testing.T) {
	b := newBilling(t)
	_, sbxTok := b.sandboxCustomer(t, "cust-sbxtop")
	topUp := map[string]any{"amount": map[string]any{"amount": 50_000, "currency": "TRY"}, "returnUrl": site + "/tr/hesabim/fatura-bilgileri/bakiye"}
	transfer := map[string]any{"amount": map[string]any{"amount": 50_000, "currency": "TRY"}, "sender": "Ayşe Yılmaz", "date": "2026-11-20", "reference": "EFT 1"}
	for _, c := range []struct {
		path string
		body map[string]any
	}{{"/api/v1/billing/balance/top-ups", topUp}, {"/api/v1/billing/balance/transfers", transfer}} {
		for lang, want := range map[string]string{"tr": "Test (sandbox) hesabının bakiyesine para yüklenemez", "en": "A sandbox balance cannot be topped up"} {
			a := b.post(t, c.path, sbxTok, lang, "key-top-"+lang, c.body)
			e, _ := a.body["error"].(map[string]any)
			msg, _ := e["message"].(string)
			if a.status != 422 || e["code"] != "sandbox_top_up_refused" || !strings.HasPrefix(msg, want) {
				t.Errorf("%s in %s: %d %v", c.path, lang, a.status, a.body)
			}
		}
	}
	if n := b.provider.calls.Load(); n != 0 {
		t.Errorf("%d calls to the card provider", n)
	}
	// The live account tops up as ever.
	liveTok := b.token("cust-sbxtop", authn.RoleCustomer)
	if a := b.post(t, "/api/v1/billing/balance/top-ups", liveTok, "en", "key-live-top", topUp); a.status != 200 || a.body["checkoutUrl"] == nil {
		t.Errorf("live top-up: %d %v", a.status, a.body)
	}
}

// A sandbox key reads the live account's billing details while the sandbox saved none (what
// svc-orders asks before an approval), read only: saving with the key saves the sandbox's own,
// which it reads from then on, and the live details stay as they were.
func TestSandboxBillingDetails(t *testing.T) {
	b := newBilling(t)
	sbxTok := b.token(authn.SandboxID("cust-sbxdet"), authn.RoleCustomer)
	if a := b.get(t, sbxTok); a.status != 200 || a.body["complete"] != false || a.body["fullName"] != "" {
		t.Errorf("neither saved any: %d %v", a.status, a.body)
	}
	liveTok, sbxTok := b.sandboxCustomer(t, "cust-sbxdet")
	if a := b.get(t, sbxTok); a.status != 200 || a.body["complete"] != true || a.body["fullName"] != "Ayşe Yılmaz" {
		t.Errorf("the live details through the sandbox: %d %v", a.status, a.body)
	}
	tax := b.call(t, "/api/v1/billing/tax?amount=10000&currency=TRY", sbxTok, "en")
	if tax.status != 200 || tax.body["basis"] != "profile" || tax.body["vatPercent"] != 20.0 {
		t.Errorf("tax through the sandbox: %d %v", tax.status, tax.body)
	}
	if a := b.put(t, sbxTok, "en", individualAbroad()); a.status != 200 {
		t.Fatalf("sandbox save: %d %v", a.status, a.body)
	}
	if a := b.get(t, sbxTok); a.body["fullName"] != "Hans Müller" {
		t.Errorf("the sandbox's own: %v", a.body)
	}
	if a := b.get(t, liveTok); a.body["fullName"] != "Ayşe Yılmaz" || a.body["country"] != "TR" {
		t.Errorf("the live details changed: %v", a.body)
	}
	// Its invoices are issued to its own details from then on.
	b.approve(t, "q-sbxdet", authn.SandboxID("cust-sbxdet"))
	inv := b.list(t, sbxTok, 1)[0]
	if d := inv["details"].(map[string]any); d["fullName"] != "Hans Müller" || inv["inTurkey"] != false {
		t.Errorf("issued to %v", inv["details"])
	}
}

// Staff's invoice list shows sandbox invoices, marked; the count of invoices past due leaves them
// out.
func TestSandboxInStaffLists(t *testing.T) {
	b := newBilling(t)
	admin := b.staffToken("staff-sbxlist", "Selin")
	issued := time.Date(2026, 10, 1, 9, 0, 0, 0, time.UTC)
	due := issued.AddDate(0, 0, 7)
	for _, inv := range []invoices.Invoice{
		{ID: "inv-live-due", CustomerID: "cust-l"},
		{ID: "inv-sbx-due", CustomerID: authn.SandboxID("cust-l"), Sandbox: true},
	} {
		inv.QuoteID, inv.Number, inv.Year, inv.Status, inv.Currency, inv.Decimals = "q-"+inv.ID, "N-"+inv.ID, 2026, invoices.Pending, "TRY", 2
		inv.IssuedAt, inv.DueAt = issued, &due
		if _, err := b.invoices.Insert(context.Background(), inv); err != nil {
			t.Fatal(err)
		}
	}
	if a := b.call(t, "/api/v1/billing/admin/summary", admin, "en"); a.status != 200 || a.body["invoicesPastDue"] != 1.0 {
		t.Errorf("summary: %d %v", a.status, a.body)
	}
	a := b.call(t, "/api/v1/billing/admin/invoices?pastDue=true", admin, "en")
	marks := map[string]any{}
	for _, v := range asList(a.body["invoices"]) {
		inv := v.(map[string]any)
		marks[inv["id"].(string)] = inv["sandbox"]
	}
	if a.status != 200 || len(marks) != 2 || marks["inv-sbx-due"] != true || marks["inv-live-due"] != nil {
		t.Errorf("staff's list: %d %v", a.status, marks)
	}
}
