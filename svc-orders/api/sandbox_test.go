package api_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"linguaport/internal/authn"
	"linguaport/svc-orders/orders"
	"linguaport/svc-orders/sandbox"
)

// sandboxOrder quotes the files (name → content) as the sandbox customer's key would (their
// token names their sandbox id), approves and pays it as svc-billing pays a sandbox invoice.
func (f *fixture) sandboxOrder(t *testing.T, customer string, docs map[string][]byte) string {
	t.Helper()
	var ids []string
	for name, content := range docs {
		up := f.upload(t, name, content, "", customer)
		if up.status != 201 {
			t.Fatalf("upload %s: %d %s", name, up.status, up.raw)
		}
		ids = append(ids, obj(up.body, "file")["id"].(string))
	}
	q := f.send(t, "POST", "/api/v1/orders/quotes", "en", customer, quoteBody(ids, ""))
	if q.status != 201 || q.body["sandbox"] != true {
		t.Fatalf("sandbox quote: %d %s", q.status, q.raw)
	}
	approval := f.approve(t, q.body["id"].(string), "en", customer, 0)
	oid := obj(approval.body, "order")["id"].(string)
	// The sandbox sells nothing: no contract goes by mail (a live approval's does, contract_test).
	if kept, err := f.quotes.Quote(context.Background(), q.body["id"].(string)); err != nil || kept.Contract == nil || len(kept.Box.Mails) != 0 {
		t.Fatalf("the sandbox approval's contract and mails: %v %+v", err, kept)
	}
	if err := f.svc.InvoicePaid(context.Background(), orders.InvoicePaidData{InvoiceID: "inv-" + oid, OrderID: oid}); err != nil {
		t.Fatal(err)
	}
	return oid
}

// work runs the simulated translator's poll once, as main does every second.
func (f *fixture) work(t *testing.T) {
	t.Helper()
	if err := f.svc.WorkSandbox(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// moves are the order's order.status_changed events (checked against their contract) as
// status/step words.
func moves(t *testing.T, f *fixture, id string) string {
	t.Helper()
	var out []string
	for _, e := range queued[orders.OrderStatusChangedData](t, f, id, orders.EventOrderStatusChanged) {
		w := string(e.Status)
		if e.Step != "" {
			w += "/" + string(e.Step)
		}
		if e.Status != orders.AwaitingPayment && e.Status != orders.InProgress && e.TranslatorID != sandbox.TranslatorID {
			t.Errorf("%s names translator %q", w, e.TranslatorID)
		}
		if e.Pay != nil {
			t.Errorf("%s carries pay %+v: nobody earns from a sandbox order", w, e.Pay)
		}
		out = append(out, w)
	}
	return strings.Join(out, ",")
}

// A sandbox key's order is paid like any other, then never reaches a real translator: claimed by
// the simulated translator ten seconds after the payment, delivered thirty seconds later with a
// marked pseudo-translation of each source file, which its customer downloads as any delivery; a
// revision is redelivered as promptly. Every move publishes order.status_changed as live work
// does, so every webhook fires.
func TestSandboxOrderIsWorkedBySimulatedTranslator(t *testing.T) {
	f := newFixture(t)
	customer := f.customer(authn.SandboxID("cust-sbx"))
	staff := f.token(authn.RoleAdmin)
	f.competent(t, "tr-real")
	real := f.tokenFor("tr-real", authn.RoleTranslator)
	oid := f.sandboxOrder(t, customer, map[string][]byte{
		"notes.txt": []byte("Merhaba dünya.\nİkinci satır burada.\n"),
		"doc.docx":  docx(t, words(300)),
	})
	path := "/api/v1/orders/orders/" + oid

	// Paid, it waits for no real translator: not in the pool, not theirs to claim, not staff's to
	// give, not counted as waiting.
	if ids, _ := f.poolOf(t, real); len(ids) != 0 {
		t.Errorf("a real translator's pool holds %v", ids)
	}
	if c := f.send(t, "POST", path+"/claim", "en", real, nil); c.status != 404 {
		t.Errorf("a real translator claims a sandbox order: %d %s", c.status, c.raw)
	}
	if a := f.send(t, "POST", "/api/v1/orders/admin/orders/"+oid+"/assign", "en", staff, map[string]any{"translatorId": "tr-real"}); a.status != 409 || a.code() != "sandbox_order" {
		t.Errorf("staff give a sandbox order away: %d %s", a.status, a.raw)
	}
	if el := f.send(t, "GET", "/api/v1/orders/admin/orders/"+oid+"/eligible", "en", staff, nil); len(el.body["candidates"].([]any))+len(el.body["excluded"].([]any)) != 0 {
		t.Errorf("eligible for a sandbox order: %s", el.raw)
	}
	if s := f.send(t, "GET", "/api/v1/orders/admin/summary", "en", staff, nil); s.body["unassigned"] != 0.0 {
		t.Errorf("the summary counts a sandbox order as waiting: %s", s.raw)
	}
	list := f.send(t, "GET", "/api/v1/orders/admin/orders", "en", staff, nil)
	if rows := list.body["orders"].([]any); len(rows) != 1 || obj(rows[0])["sandbox"] != true {
		t.Errorf("staff's list shows the sandbox order, marked: %s", list.raw)
	}

	f.clock.advance(9 * time.Second)
	f.work(t)
	if o := f.send(t, "GET", path, "en", customer, nil); o.body["status"] != "in_progress" || o.body["sandbox"] != true {
		t.Fatalf("claimed before its time: %s", o.raw)
	}
	f.clock.advance(time.Second)
	f.work(t)
	f.work(t) // a second poll finds nothing more to do
	o := f.send(t, "GET", path, "tr", customer, nil)
	if o.body["status"] != "assigned" || o.body["translatorId"] != sandbox.TranslatorID || o.body["translatorName"] != "Deneme Çevirmeni" {
		t.Fatalf("the simulated translator's claim: %s", o.raw)
	}
	if got := steps(o); got != "awaiting_payment,in_progress,assigned/claimed" {
		t.Errorf("timeline %s", got)
	}
	if d, _ := f.deskOf(t, sandbox.TranslatorID); len(d) != 0 {
		t.Errorf("the simulated translator keeps a desk: %v", d)
	}
	trends := f.send(t, "GET", "/api/v1/orders/admin/trends", "en", staff, nil)
	if strings.Contains(string(trends.raw), sandbox.TranslatorID) {
		t.Errorf("staff's load counts the simulated translator: %s", trends.raw)
	}
	for _, w := range trends.body["weeks"].([]any) {
		if obj(w)["paid"] != 0.0 {
			t.Errorf("staff's trends count a sandbox order: %s", trends.raw)
		}
	}

	f.clock.advance(29 * time.Second)
	f.work(t)
	if o := f.send(t, "GET", path, "en", customer, nil); o.body["status"] != "assigned" {
		t.Fatalf("delivered before its time: %s", o.raw)
	}
	f.clock.advance(time.Second)
	f.work(t)
	o = f.send(t, "GET", path, "en", customer, nil)
	if o.body["status"] != "delivered" || o.body["translatorName"] != "Sandbox translator" || !strings.Contains(o.body["deliveryNote"].(string), "Sandbox") {
		t.Fatalf("the simulated translator's delivery: %s", o.raw)
	}
	deliveries := map[string]string{}
	for _, d := range o.body["deliveries"].([]any) {
		deliveries[obj(d)["name"].(string)] = obj(d)["id"].(string)
	}
	if len(deliveries) != 2 || deliveries["SANDBOX-notes.txt"] == "" || deliveries["SANDBOX-doc.docx.txt"] == "" {
		t.Fatalf("one marked file per source file: %v", deliveries)
	}
	text := f.download(t, deliveries["SANDBOX-notes.txt"], "", customer)
	if text.status != 200 || !strings.HasPrefix(string(text.raw), sandbox.Mark.TR+"\n"+sandbox.Mark.EN+"\n") ||
		!strings.Contains(string(text.raw), "\n⟦Mérhábá düñýá.⟧\n⟦İkíñçí şátır bürádá.⟧\n") {
		t.Errorf("the pseudo-translation of a text: %d %q", text.status, text.raw)
	}
	doc := f.download(t, deliveries["SANDBOX-doc.docx.txt"], "", customer)
	if doc.status != 200 || !strings.HasPrefix(string(doc.raw), sandbox.Mark.TR) || !strings.Contains(string(doc.raw), "This file stands for doc.docx.") ||
		!strings.Contains(string(doc.raw), "⟦kélímé0 kélímé1 ") {
		t.Errorf("the stand-in of a document: %d %q", doc.status, doc.raw)
	}
	if other := f.download(t, deliveries["SANDBOX-notes.txt"], "", f.customer("cust-other")); other.status != 404 {
		t.Errorf("another customer downloads it: %d", other.status)
	}

	// A revision goes back to the simulated translator, never escalated, and is redelivered.
	asked := f.revise(t, customer, oid, "Başlık eksik.")
	if asked.body["translatorId"] != sandbox.TranslatorID || asked.body["revisionDue"] == nil {
		t.Fatalf("revision: %s", asked.raw)
	}
	f.clock.advance(30 * time.Second)
	f.work(t)
	o = f.send(t, "GET", path, "en", customer, nil)
	if o.body["status"] != "delivered" || len(o.body["deliveries"].([]any)) != 4 {
		t.Fatalf("the redelivery: %s", o.raw)
	}
	if done := f.send(t, "POST", path+"/complete", "en", customer, nil); done.status != 200 {
		t.Fatalf("complete: %d %s", done.status, done.raw)
	}
	if got := moves(t, f, oid); got != "awaiting_payment,in_progress,assigned/claimed,delivered,revision_requested/revision_returned,delivered/redelivered,completed" {
		t.Errorf("order.status_changed: %s", got)
	}
	if esc := f.escalations(t, oid); len(esc) != 0 {
		t.Errorf("escalated: %v", esc)
	}
	for _, e := range queued[orders.RevisionDueSoonData](t, f, oid, orders.EventOrderRevisionDueSoon) {
		t.Errorf("reminded: %+v", e)
	}
}

// A paid sandbox order the worker has not reached yet (it was down) is never escalated to staff
// however long it waits, and a quantity quote's delivery is one marked file.
func TestSandboxOrderIsNeverEscalated(t *testing.T) {
	f := newFixture(t)
	customer := f.customer(authn.SandboxID("cust-wait"))
	q := f.send(t, "POST", "/api/v1/orders/quotes", "en", customer, map[string]any{
		"service": "professional-translation", "sourceLanguage": "tr", "targetLanguages": []string{"en"},
		"quantity": 500, "urgency": "urgent", "currency": "TRY"})
	if q.status != 201 {
		t.Fatalf("quote: %d %s", q.status, q.raw)
	}
	oid := obj(f.approve(t, q.body["id"].(string), "en", customer, 0).body, "order")["id"].(string)
	if err := f.svc.InvoicePaid(context.Background(), orders.InvoicePaidData{InvoiceID: "inv-" + oid, OrderID: oid}); err != nil {
		t.Fatal(err)
	}
	f.clock.advance(6 * time.Hour)
	if err := f.svc.EscalateOverdue(context.Background()); err != nil {
		t.Fatal(err)
	}
	if esc := f.escalations(t, oid); len(esc) != 0 {
		t.Fatalf("a sandbox order escalated: %v", esc)
	}
	f.work(t) // the claim, late
	f.clock.advance(30 * time.Second)
	f.work(t)
	o := f.send(t, "GET", "/api/v1/orders/orders/"+oid, "en", customer, nil)
	ds, _ := o.body["deliveries"].([]any)
	if o.body["status"] != "delivered" || len(ds) != 1 || obj(ds[0])["name"] != sandbox.FileName("", o.body["number"].(string)) {
		t.Fatalf("a quantity quote's delivery: %s", o.raw)
	}
	if d := f.download(t, obj(ds[0])["id"].(string), "", customer); !strings.HasPrefix(string(d.raw), sandbox.Mark.TR) {
		t.Errorf("unmarked: %q", d.raw)
	}
}

// Workers on every replica poll at once: of any number racing for a step, one claims and one
// delivers; a worker that took a delivery and died is taken over once its lease runs out.
func TestSandboxWorkersRacingDeliverOnce(t *testing.T) {
	f := newFixture(t)
	customer := f.customer(authn.SandboxID("cust-race"))
	oid := f.sandboxOrder(t, customer, map[string][]byte{"a.txt": []byte("Bir.\n"), "b.txt": []byte("İki.\n")})
	race := func() {
		var wg sync.WaitGroup
		for range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if err := f.svc.WorkSandbox(context.Background()); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
	}
	f.clock.advance(10 * time.Second)
	race()
	f.clock.advance(30 * time.Second)
	race()
	o := f.send(t, "GET", "/api/v1/orders/orders/"+oid, "en", customer, nil)
	if o.body["status"] != "delivered" || len(o.body["deliveries"].([]any)) != 2 {
		t.Fatalf("delivered once: %s", o.raw)
	}
	if got := moves(t, f, oid); got != "awaiting_payment,in_progress,assigned/claimed,delivered" {
		t.Errorf("order.status_changed: %s", got)
	}

	// A worker took the redelivery and died before making it: the round waits for its lease.
	f.revise(t, customer, oid, "Yeniden.")
	f.clock.advance(30 * time.Second)
	leased := f.clock.now().Add(time.Minute)
	if _, err := f.orders.Update(context.Background(), oid, func(o *orders.Order) (*orders.Order, error) {
		o.SandboxDue, o.SandboxLease = &leased, "dead-worker"
		return o, nil
	}); err != nil {
		t.Fatal(err)
	}
	race()
	if o := f.send(t, "GET", "/api/v1/orders/orders/"+oid, "en", customer, nil); o.body["status"] != "revision_requested" {
		t.Fatalf("redelivered under another worker's lease: %s", o.raw)
	}
	f.clock.advance(time.Minute)
	race()
	o = f.send(t, "GET", "/api/v1/orders/orders/"+oid, "en", customer, nil)
	if o.body["status"] != "delivered" || len(o.body["deliveries"].([]any)) != 4 {
		t.Fatalf("taken over after the lease: %s", o.raw)
	}
}

// The worker never touches a live order: paid and waiting, assigned, or sent back for a revision.
func TestSandboxWorkerLeavesLiveOrders(t *testing.T) {
	f := newFixture(t)
	customer := f.customer("cust-live")
	f.competent(t, "tr-live")
	waiting := f.paidOrder(t, customer, "tr", []string{"en"}, nil)
	f.capped(t, "tr-live2", 3)
	revised := f.claimedAndDelivered(t, customer, "tr-live2", false)
	f.revise(t, customer, revised, "Eksik.")
	f.clock.advance(2 * time.Hour)
	f.work(t)
	for id, want := range map[string]string{waiting: "in_progress", revised: "revision_requested"} {
		o, err := f.orders.Order(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		if string(o.Status) != want || o.Sandbox || o.SandboxDue != nil || o.TranslatorID == sandbox.TranslatorID {
			t.Errorf("live order %s: %s %+v", id, o.Status, o.SandboxRun)
		}
	}
	if s := f.send(t, "GET", "/api/v1/orders/admin/summary", "en", f.token(authn.RoleAdmin), nil); s.body["unassigned"] != 1.0 {
		t.Errorf("summary: %s", s.raw)
	}
}
