package api_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"linguaport/internal/authn"
	"linguaport/internal/events"
	"linguaport/internal/i18n"
	"linguaport/svc-orders/orders"
	"linguaport/svc-orders/quotes"
)

// quoteBody is a quote request for the files.
func quoteBody(fileIDs []string, token string) map[string]any {
	return map[string]any{
		"service": "professional-translation", "sourceLanguage": "tr", "targetLanguages": []string{"en", "de"},
		"fileIds": fileIDs, "uploadToken": token, "urgency": "normal", "currency": "TRY", "brief": "Hukuki terimlere dikkat.",
	}
}

func TestEstimateAndQuoteFromUploadedFiles(t *testing.T) {
	f := newFixture(t)
	up := f.upload(t, "contract.docx", docx(t, words(1200)), "", "")
	token := up.body["uploadToken"].(string)
	id := obj(up.body, "file")["id"].(string)

	est := f.send(t, "POST", "/api/v1/orders/estimate", "en", "", map[string]any{
		"service": "professional-translation", "sourceLanguage": "tr", "targetLanguages": []string{"en"},
		"fileIds": []string{id}, "uploadToken": token, "currency": "USD",
	})
	// 1,200 words × $0.085 = $102.00
	if est.status != 200 || est.body["quantity"] != 1200.0 || obj(est.body, "totalUsd")["amount"] != 10200.0 {
		t.Fatalf("estimate from the file: %d %s", est.status, est.raw)
	}
	// Per page: 1,200 × 7 characters ("kelimeN" is 7-10 characters) rounded up to pages; per minute: nothing to count.
	pages := f.send(t, "POST", "/api/v1/orders/estimate", "en", "", map[string]any{
		"service": "desktop-publishing", "sourceLanguage": "tr", "targetLanguages": []string{"en"}, "fileIds": []string{id}, "uploadToken": token,
	})
	if q := pages.body["quantity"]; pages.status != 200 || q != 11.0 {
		t.Errorf("pages from the file: %d %v", pages.status, q)
	}
	minutes := f.send(t, "POST", "/api/v1/orders/estimate", "en", "", map[string]any{
		"service": "transcription", "sourceLanguage": "tr", "targetLanguages": []string{"en"}, "fileIds": []string{id}, "uploadToken": token,
	})
	if minutes.status != 400 || fieldOf(minutes.body, "fileIds") == "" {
		t.Errorf("minutes from a docx: %d %s", minutes.status, minutes.raw)
	}
	if other := f.send(t, "POST", "/api/v1/orders/estimate", "tr", "", map[string]any{
		"service": "professional-translation", "sourceLanguage": "tr", "targetLanguages": []string{"en"}, "fileIds": []string{id},
	}); other.status != 400 || fieldOf(other.body, "fileIds.0") != "Dosya bulunamadı; lütfen yeniden yükleyin." {
		t.Errorf("someone else's file: %d %s", other.status, other.raw)
	}
	tooMany := make([]string, 21)
	if a := f.send(t, "POST", "/api/v1/orders/estimate", "en", "", map[string]any{
		"service": "professional-translation", "sourceLanguage": "tr", "targetLanguages": []string{"en"}, "fileIds": tooMany, "uploadToken": token,
	}); a.status != 400 || fieldOf(a.body, "fileIds") != "At most 20 files can be added." {
		t.Errorf("21 files: %d %s", a.status, a.raw)
	}

	// Quotes need a signed-in customer.
	if a := f.send(t, "POST", "/api/v1/orders/quotes", "en", "", quoteBody([]string{id}, token)); a.status != 401 {
		t.Errorf("visitor quote: %d", a.status)
	}
	if a := f.send(t, "POST", "/api/v1/orders/quotes", "en", f.token(authn.RoleTranslator), quoteBody([]string{id}, token)); a.status != 403 {
		t.Errorf("translator quote: %d", a.status)
	}
	customer := f.customer("cust-quote")
	long := quoteBody([]string{id}, token)
	long["brief"] = strings.Repeat("ç", quotes.MaxBriefRunes+1)
	if a := f.send(t, "POST", "/api/v1/orders/quotes", "en", customer, long); a.status != 400 || fieldOf(a.body, "brief") != "This text is too long." {
		t.Errorf("long brief: %d %s", a.status, a.raw)
	}

	q := f.send(t, "POST", "/api/v1/orders/quotes", "tr", customer, quoteBody([]string{id}, token))
	if q.status != 201 {
		t.Fatalf("quote: %d %s", q.status, q.raw)
	}
	// en tier 1 and de tier 1: 2 × $102 = $204 = 5,610.00 TRY at 27.5.
	if q.body["status"] != "pending" || q.body["quantity"] != 1200.0 || obj(q.body, "totalUsd")["amount"] != 20400.0 ||
		obj(q.body, "total")["amount"] != 561000.0 || obj(q.body, "total")["currency"] != "TRY" || q.body["rateMicros"] != 27_500_000.0 ||
		!strings.HasPrefix(q.body["number"].(string), "Q-") || q.body["brief"] != "Hukuki terimlere dikkat." {
		t.Errorf("quote answer %s", q.raw)
	}
	created, _ := time.Parse(time.RFC3339, q.body["createdAt"].(string))
	expires, _ := time.Parse(time.RFC3339, q.body["expiresAt"].(string))
	if expires.Sub(created).Round(time.Second) != quotes.QuoteValidity {
		t.Errorf("valid for %v", expires.Sub(created))
	}

	// The visitor's file became the customer's: the token no longer reaches it, the account does.
	if d := f.download(t, id, token, ""); d.status != 404 {
		t.Errorf("token after the quote: %d", d.status)
	}
	if d := f.download(t, id, "", customer); d.status != 200 {
		t.Errorf("customer after the quote: %d", d.status)
	}

	// Quotes are their customer's (and staff's); everyone else gets 404.
	qid := q.body["id"].(string)
	if a := f.send(t, "GET", "/api/v1/orders/quotes/"+qid, "en", f.tokenFor("cust-other", authn.RoleCustomer), nil); a.status != 404 {
		t.Errorf("another customer's quote: %d", a.status)
	}
	if a := f.send(t, "GET", "/api/v1/orders/quotes/"+qid, "en", f.token(authn.RoleAdmin), nil); a.status != 200 {
		t.Errorf("staff: %d", a.status)
	}
	list := f.send(t, "GET", "/api/v1/orders/quotes", "en", customer, nil)
	if qs, _ := list.body["quotes"].([]any); len(qs) != 1 || obj(qs[0])["id"] != qid {
		t.Errorf("quote list %s", list.raw)
	}
	if qs, _ := f.send(t, "GET", "/api/v1/orders/quotes", "en", f.tokenFor("cust-other", authn.RoleCustomer), nil).body["quotes"].([]any); len(qs) != 0 {
		t.Errorf("another customer sees %d quotes", len(qs))
	}
}

// newQuote uploads a document as a signed-in customer and quotes it.
func (f *fixture) newQuote(t *testing.T, customer string) string {
	t.Helper()
	up := f.upload(t, "doc.docx", docx(t, words(400)), "", customer)
	q := f.send(t, "POST", "/api/v1/orders/quotes", "en", customer, quoteBody([]string{obj(up.body, "file")["id"].(string)}, ""))
	if q.status != 201 {
		t.Fatalf("quote: %d %s", q.status, q.raw)
	}
	return q.body["id"].(string)
}

func TestQuoteDecisions(t *testing.T) {
	f := newFixture(t)
	customer := f.customer("cust-decide")

	qid := f.newQuote(t, customer)
	if a := f.approve(t, qid, "en", f.tokenFor("cust-other", authn.RoleCustomer), 0); a.status != 404 {
		t.Errorf("someone else approves: %d", a.status)
	}
	first := f.approve(t, qid, "en", customer, 0)
	order := obj(first.body, "order")
	if first.status != 200 || obj(first.body, "quote")["status"] != "approved" || order["status"] != "awaiting_payment" ||
		order["quoteId"] != qid || order["displayStatus"] != "in_progress" || !strings.HasPrefix(order["number"].(string), "O-") {
		t.Fatalf("approve: %d %s", first.status, first.raw)
	}
	// Approving again is the same order, not a second one.
	again := f.approve(t, qid, "en", customer, 0)
	if again.status != 200 || obj(again.body, "order")["id"] != order["id"] {
		t.Errorf("second approval: %d %s", again.status, again.raw)
	}
	if n, _ := f.orders.Collection().CountDocuments(context.Background(), bson.D{{Key: "quoteId", Value: qid}}); n != 1 {
		t.Errorf("%d orders for one quote", n)
	}
	if a := f.send(t, "POST", "/api/v1/orders/quotes/"+qid+"/reject", "en", customer, nil); a.status != 409 || a.code() != "quote_not_pending" {
		t.Errorf("reject an approved quote: %d %s", a.status, a.raw)
	}

	rejected := f.newQuote(t, customer)
	if a := f.send(t, "POST", "/api/v1/orders/quotes/"+rejected+"/reject", "en", customer, map[string]string{"reason": "Too expensive"}); a.status != 200 || a.body["status"] != "rejected" {
		t.Errorf("reject: %d %s", a.status, a.raw)
	}
	if a := f.send(t, "POST", "/api/v1/orders/quotes/"+rejected+"/reject", "en", customer, nil); a.status != 200 {
		t.Errorf("reject twice: %d", a.status)
	}
	if a := f.approve(t, rejected, "tr", customer, 0); a.status != 409 || a.message() != "Bu teklif için zaten karar verilmiş." {
		t.Errorf("approve a rejected quote: %d %s", a.status, a.raw)
	}

	// 14 days later an undecided quote has expired, shown at once and written by the sweep.
	stale := f.newQuote(t, customer)
	f.clock.advance(quotes.QuoteValidity + time.Minute)
	if a := f.send(t, "GET", "/api/v1/orders/quotes/"+stale, "en", customer, nil); a.body["status"] != "expired" {
		t.Errorf("after 14 days: %s", a.raw)
	}
	if a := f.approve(t, stale, "en", customer, 0); a.status != 409 || a.code() != "quote_expired" {
		t.Errorf("approve expired: %d %s", a.status, a.raw)
	}
	if err := f.sweep(context.Background()); err != nil {
		t.Fatal(err)
	}
	if q, _ := f.quotes.Quote(context.Background(), stale); q.Status != quotes.QuoteExpired {
		t.Errorf("stored status after the sweep: %s", q.Status)
	}
	if q, _ := f.quotes.Quote(context.Background(), qid); q.Status != quotes.QuoteApproved {
		t.Errorf("the sweep touched an approved quote: %s", q.Status)
	}

	// Every decision left its event in the outbox, and the relay publishes them.
	relay := events.NewRelay(f.quotes.Collection(), events.Stream("orders"), events.NewPublisher(f.redis), nil, time.Hour)
	if _, err := relay.Sweep(context.Background()); err != nil {
		t.Fatal(err)
	}
	orderRelay := events.NewRelay(f.orders.Collection(), events.Stream("orders"), events.NewPublisher(f.redis), nil, time.Hour)
	if _, err := orderRelay.Sweep(context.Background()); err != nil {
		t.Fatal(err)
	}
	entries, err := f.redis.XRange(context.Background(), events.Stream("orders"), "-", "+").Result()
	if err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	var approved quotes.QuoteApprovedData
	for _, e := range entries {
		count[e.Values["type"].(string)]++
		if e.Values["type"] == quotes.EventQuoteApproved {
			json.Unmarshal([]byte(e.Values["data"].(string)), &approved)
		}
	}
	if count[quotes.EventQuoteCreated] != 3 || count[quotes.EventQuoteApproved] != 1 || count[quotes.EventQuoteRejected] != 1 || count[orders.EventOrderStatusChanged] != 1 {
		t.Errorf("events %v", count)
	}
	// The approving request was in English: billing mails the invoice in it.
	if approved.OrderID != order["id"] || approved.CustomerID != "cust-decide" || approved.TotalUSD != 6800 || approved.RateMicros != 27_500_000 || approved.Lang != "en" {
		t.Errorf("quote.approved payload %+v", approved)
	}
	// Billing invoices the quote's lines in the display currency without asking svc-orders.
	if approved.Currency != "TRY" || approved.Total.Currency != "TRY" || len(approved.Lines) != 2 {
		t.Fatalf("quote.approved lines %+v", approved)
	}
	// Each line names the work by the catalogue's title and language names (internal/names).
	for i, want := range []struct {
		target string
		desc   i18n.Text
	}{
		{"en", i18n.Text{TR: "Profesyonel Tercüme, Türkçe → İngilizce", EN: "Professional Translation, Turkish → English"}},
		{"de", i18n.Text{TR: "Profesyonel Tercüme, Türkçe → Almanca", EN: "Professional Translation, Turkish → German"}},
	} {
		l := approved.Lines[i]
		if l.TargetLanguage != want.target || l.Quantity != 400 || l.Unit != "word" || l.AmountUSD != 3400 || l.Amount.Currency != "TRY" ||
			l.Amount.Amount != 93_500 || l.Description != want.desc {
			t.Errorf("quote.approved line %d %+v", i, l)
		}
	}
}

func TestOrderLifecycle(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	f.competent(t, "tr-1")
	customer := f.customer("cust-life")
	translator := f.tokenFor("tr-1", authn.RoleTranslator)
	admin := f.token(authn.RoleAdmin)
	qid := f.newQuote(t, customer)
	approval := f.approve(t, qid, "en", customer, 0)
	oid := obj(approval.body, "order")["id"].(string)
	path := "/api/v1/orders/orders/" + oid
	sourceFile := obj(approval.body, "order")["files"].([]any)[0].(map[string]any)["id"].(string)

	status := func(want string) {
		t.Helper()
		a := f.send(t, "GET", path, "en", customer, nil)
		if a.status != 200 || a.body["status"] != want {
			t.Fatalf("want %s: %d %s", want, a.status, a.raw)
		}
	}
	// Nothing moves before the invoice is paid.
	if a := f.send(t, "POST", "/api/v1/orders/admin/orders/"+oid+"/assign", "en", admin, map[string]string{"translatorId": "tr-1"}); a.status != 409 || a.code() != "illegal_transition" || a.message() != "The order is “Awaiting payment” now; this cannot be done." {
		t.Errorf("assign before payment: %d %s", a.status, a.raw)
	}

	// invoice.paid from billing, through Redis and the consumer group, starts the work; a
	// redelivered event changes nothing.
	paid, _ := events.New(ctx, orders.EventInvoicePaid, struct { // whole, as svc-billing sends it
		orders.InvoicePaidData
		CustomerID string `json:"customerId"`
		Method     string `json:"method"`
	}{orders.InvoicePaidData{InvoiceID: "inv-1", OrderID: oid, QuoteID: qid}, "cust-1", "card"})
	if err := events.NewPublisher(f.redis).Publish(ctx, events.Stream("billing"), paid); err != nil {
		t.Fatal(err)
	}
	consumerCtx, stop := context.WithCancel(ctx)
	consumer := events.NewConsumer(f.redis, events.Stream("billing"), "svc-orders", f.db.Collection("processed_events"), orders.EventHandler(f.svc), nil)
	consumer.Block = 100 * time.Millisecond
	done := make(chan error, 1)
	go func() { done <- consumer.Run(consumerCtx) }()
	deadline := time.Now().Add(10 * time.Second)
	for {
		if o, _ := f.orders.Order(ctx, oid); o.Status == orders.InProgress {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("invoice.paid did not start the order")
		}
		time.Sleep(50 * time.Millisecond)
	}
	stop()
	<-done
	if err := orders.EventHandler(f.svc)(ctx, paid); err != nil {
		t.Errorf("redelivered invoice.paid: %v", err)
	}
	status("in_progress")

	// Staff assign; the customer cannot, nor can they complete work not delivered.
	if a := f.send(t, "POST", "/api/v1/orders/admin/orders/"+oid+"/assign", "en", customer, map[string]string{"translatorId": "cust-life"}); a.status != 403 {
		t.Errorf("customer assigns: %d", a.status)
	}
	if a := f.send(t, "POST", "/api/v1/orders/admin/orders/"+oid+"/assign", "en", admin, map[string]string{}); a.status != 400 || fieldOf(a.body, "translatorId") == "" {
		t.Errorf("assign nobody: %d %s", a.status, a.raw)
	}
	if a := f.send(t, "POST", "/api/v1/orders/admin/orders/"+oid+"/assign", "en", admin, map[string]string{"translatorId": "tr-1"}); a.status != 200 || a.body["status"] != "assigned" || a.body["translatorId"] != "tr-1" {
		t.Fatalf("assign: %d %s", a.status, a.raw)
	}
	// One assignment recorded: the refused ones (before payment, by a customer, to nobody) not.
	f.oneAuditEntry(t, "object=order:"+oid, "order.assign", "u-admin", "status", "in_progress", "assigned")
	if a := f.send(t, "POST", path+"/complete", "tr", customer, nil); a.status != 409 || a.message() != "Sipariş şu anda “Çevirmene atandı” durumunda; bu işlem yapılamaz." {
		t.Errorf("complete before delivery: %d %s", a.status, a.raw)
	}

	// The assigned translator sees the order and its source files; another translator does not.
	if a := f.send(t, "GET", path, "en", translator, nil); a.status != 200 {
		t.Errorf("assigned translator reads the order: %d", a.status)
	}
	if d := f.download(t, sourceFile, "", translator); d.status != 200 {
		t.Errorf("assigned translator downloads the source: %d", d.status)
	}
	other := f.tokenFor("tr-2", authn.RoleTranslator)
	if a := f.send(t, "GET", path, "en", other, nil); a.status != 404 {
		t.Errorf("another translator reads the order: %d", a.status)
	}
	if d := f.download(t, sourceFile, "", other); d.status != 404 {
		t.Errorf("another translator downloads the source: %d", d.status)
	}
	if list := f.send(t, "GET", "/api/v1/orders/orders", "en", translator, nil); len(list.body["orders"].([]any)) != 1 {
		t.Errorf("translator's orders %s", list.raw)
	}

	// Delivery: only the assigned translator, only with their own uploads.
	result := f.upload(t, "translation.docx", docx(t, "The translated text."), "", translator)
	resultID := obj(result.body, "file")["id"].(string)
	if d := f.download(t, resultID, "", customer); d.status != 404 {
		t.Errorf("customer downloads before delivery: %d", d.status)
	}
	otherUpload := f.upload(t, "x.txt", []byte("x"), "", other)
	if a := f.send(t, "POST", path+"/deliver", "en", other, map[string]any{"fileIds": []string{obj(otherUpload.body, "file")["id"].(string)}}); a.status != 404 {
		t.Errorf("unassigned translator delivers: %d %s", a.status, a.raw)
	}
	if a := f.send(t, "POST", path+"/deliver", "en", translator, map[string]any{"fileIds": []string{sourceFile}}); a.status != 400 || fieldOf(a.body, "fileIds.0") == "" {
		t.Errorf("deliver the customer's own file: %d %s", a.status, a.raw)
	}
	delivered := f.send(t, "POST", path+"/deliver", "en", translator, map[string]any{"fileIds": []string{resultID}, "note": "Done"})
	if delivered.status != 200 || delivered.body["status"] != "delivered" || delivered.body["displayStatus"] != "in_progress" || delivered.body["canRequestRevision"] != true {
		t.Fatalf("deliver: %d %s", delivered.status, delivered.raw)
	}
	if d := f.download(t, resultID, "", customer); d.status != 200 {
		t.Errorf("customer downloads the delivery: %d", d.status)
	}
	if d := f.download(t, resultID, "", f.tokenFor("cust-other", authn.RoleCustomer)); d.status != 404 {
		t.Errorf("another customer downloads the delivery: %d", d.status)
	}
	files := f.send(t, "GET", "/api/v1/orders/files", "en", customer, nil)
	if list := files.body["files"].([]any); len(list) != 2 || obj(list[0])["purpose"] != "delivery" || obj(list[0])["orderId"] != oid {
		t.Errorf("customer's files after delivery %s", files.raw)
	}

	// A revision within 7 days goes back to the same translator.
	if a := f.send(t, "POST", path+"/revision", "en", customer, map[string]string{}); a.status != 400 || fieldOf(a.body, "reason") == "" {
		t.Errorf("revision without a reason: %d %s", a.status, a.raw)
	}
	if a := f.send(t, "POST", path+"/revision", "en", translator, map[string]string{"reason": "x"}); a.status != 403 {
		t.Errorf("translator asks for a revision: %d", a.status)
	}
	f.clock.advance(6 * 24 * time.Hour)
	if a := f.send(t, "POST", path+"/revision", "en", customer, map[string]string{"reason": "Terim 3 yanlış"}); a.status != 200 || a.body["status"] != "revision_requested" {
		t.Fatalf("revision: %d %s", a.status, a.raw)
	}
	// The translator reads why, on the order and in their list of active jobs.
	if a := f.send(t, "GET", path, "en", translator, nil); a.status != 200 || a.body["status"] != "revision_requested" || a.body["revisionReason"] != "Terim 3 yanlış" {
		t.Errorf("the translator's view of the revision: %d %s", a.status, a.raw)
	}
	if list := f.send(t, "GET", "/api/v1/orders/orders", "en", translator, nil); list.status != 200 || len(list.body["orders"].([]any)) != 1 ||
		obj(list.body["orders"].([]any)[0])["revisionReason"] != "Terim 3 yanlış" {
		t.Errorf("the translator's active jobs: %d %s", list.status, list.raw)
	}
	// They redeliver with no staff step.
	if a := f.send(t, "POST", path+"/deliver", "en", translator, map[string]any{"fileIds": []string{resultID}}); a.status != 200 {
		t.Fatalf("second delivery: %d %s", a.status, a.raw)
	}

	// After 7 days there is no free revision, and the sweep completes the order.
	f.clock.advance(orders.RevisionWindow + time.Hour)
	if a := f.send(t, "POST", path+"/revision", "en", customer, map[string]string{"reason": "late"}); a.status != 409 || a.code() != "revision_window_closed" {
		t.Errorf("late revision: %d %s", a.status, a.raw)
	}
	if err := f.sweep(ctx); err != nil {
		t.Fatal(err)
	}
	final := f.send(t, "GET", path, "en", customer, nil)
	history := final.body["history"].([]any)
	var steps []string
	for _, h := range history {
		steps = append(steps, obj(h)["status"].(string))
	}
	if final.body["status"] != "completed" || final.body["displayStatus"] != "completed" ||
		strings.Join(steps, ",") != "awaiting_payment,in_progress,assigned,delivered,revision_requested,delivered,completed" {
		t.Errorf("final order %v timeline %v", final.body["status"], steps)
	}
	if d := f.download(t, resultID, "", customer); d.status != 200 {
		t.Errorf("download after completion: %d", d.status)
	}
	if a := f.send(t, "POST", path+"/complete", "en", customer, nil); a.status != 409 {
		t.Errorf("complete twice: %d", a.status)
	}

	// Orders are their customer's: everyone else gets 404.
	if a := f.send(t, "GET", path, "en", f.tokenFor("cust-other", authn.RoleCustomer), nil); a.status != 404 {
		t.Errorf("another customer: %d", a.status)
	}
	if a := f.send(t, "GET", path, "en", "", nil); a.status != 401 {
		t.Errorf("visitor: %d", a.status)
	}
}

func TestCustomerAcceptsDelivery(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	customer := f.customer("cust-accept")
	translator := f.tokenFor("tr-9", authn.RoleTranslator)
	f.competent(t, "tr-9")
	approval := f.approve(t, f.newQuote(t, customer), "en", customer, 0)
	oid := obj(approval.body, "order")["id"].(string)
	// invoice.paid may name only the quote.
	if err := f.svc.InvoicePaid(ctx, orders.InvoicePaidData{InvoiceID: "inv-2", QuoteID: obj(approval.body, "quote")["id"].(string)}); err != nil {
		t.Fatal(err)
	}
	f.send(t, "POST", "/api/v1/orders/admin/orders/"+oid+"/assign", "en", f.token(authn.RoleAdmin), map[string]string{"translatorId": "tr-9"})
	up := f.upload(t, "out.txt", []byte("translated"), "", translator)
	f.send(t, "POST", "/api/v1/orders/orders/"+oid+"/deliver", "en", translator, map[string]any{"fileIds": []string{obj(up.body, "file")["id"].(string)}})
	a := f.send(t, "POST", "/api/v1/orders/orders/"+oid+"/complete", "en", customer, nil)
	if a.status != 200 || a.body["status"] != "completed" || a.body["canRequestRevision"] != false {
		t.Fatalf("accept: %d %s", a.status, a.raw)
	}
	if a := f.send(t, "POST", "/api/v1/orders/orders/"+oid+"/revision", "en", customer, map[string]string{"reason": "x"}); a.status != 409 || a.code() != "illegal_transition" {
		t.Errorf("revision after completion: %d %s", a.status, a.raw)
	}
}

func TestApprovedQuoteWithoutOrderIsRepairedByItsEvent(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	customer := f.customer("cust-crash")
	qid := f.newQuote(t, customer)
	// The process stopped after the quote was approved and before its order was written.
	if _, err := f.quotes.Update(ctx, qid, func(q *quotes.Quote) (*quotes.Quote, error) {
		now := time.Now()
		q.Status, q.DecidedAt, q.OrderID, q.OrderNumber = quotes.QuoteApproved, &now, "order-after-crash", "O-2026-99999"
		return q, nil
	}); err != nil {
		t.Fatal(err)
	}
	e, _ := events.New(ctx, quotes.EventQuoteApproved, quotes.QuoteApprovedData{QuoteID: qid})
	for range 2 {
		if err := orders.EventHandler(f.svc)(ctx, e); err != nil {
			t.Fatal(err)
		}
	}
	o, err := f.orders.Order(ctx, "order-after-crash")
	if err != nil || o.QuoteID != qid || o.Status != orders.AwaitingPayment || o.Number != "O-2026-99999" {
		t.Fatalf("repaired order %+v %v", o, err)
	}
	if n, _ := f.orders.Collection().CountDocuments(ctx, bson.D{{Key: "quoteId", Value: qid}}); n != 1 {
		t.Errorf("%d orders", n)
	}
}

// paidAndAssigned approves a new quote of customer, pays it and assigns it to translator tr.
func (f *fixture) paidAndAssigned(t *testing.T, customer, tr string) string {
	t.Helper()
	f.competent(t, tr)
	approval := f.approve(t, f.newQuote(t, customer), "en", customer, 0)
	oid := obj(approval.body, "order")["id"].(string)
	if err := f.svc.InvoicePaid(context.Background(), orders.InvoicePaidData{InvoiceID: "inv-" + oid, OrderID: oid}); err != nil {
		t.Fatal(err)
	}
	if a := f.send(t, "POST", "/api/v1/orders/admin/orders/"+oid+"/assign", "en", f.token(authn.RoleAdmin), map[string]string{"translatorId": tr}); a.status != 200 {
		t.Fatalf("assign: %d %s", a.status, a.raw)
	}
	return oid
}

func TestOneFileDeliveredToTwoOrders(t *testing.T) {
	f := newFixture(t)
	first, second := f.customer("cust-a"), f.customer("cust-b")
	translator := f.tokenFor("tr-shared", authn.RoleTranslator)
	orderA, orderB := f.paidAndAssigned(t, first, "tr-shared"), f.paidAndAssigned(t, second, "tr-shared")
	glossary := obj(f.upload(t, "glossary.txt", []byte("terim sözlüğü"), "", translator).body, "file")["id"].(string)
	for _, oid := range []string{orderA, orderB} {
		if a := f.send(t, "POST", "/api/v1/orders/orders/"+oid+"/deliver", "en", translator, map[string]any{"fileIds": []string{glossary}}); a.status != 200 {
			t.Fatalf("deliver to %s: %d %s", oid, a.status, a.raw)
		}
	}
	for name, customer := range map[string]string{"first": first, "second": second} {
		if d := f.download(t, glossary, "", customer); d.status != 200 {
			t.Errorf("the %s customer downloads the shared delivery: %d", name, d.status)
		}
	}
	if d := f.download(t, glossary, "", f.tokenFor("cust-c", authn.RoleCustomer)); d.status != 404 {
		t.Errorf("a third customer: %d", d.status)
	}
}

func TestInvoicePaidForAQuoteWhoseOrderWasNeverWritten(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	qid := f.newQuote(t, f.tokenFor("cust-lost", authn.RoleCustomer))
	if _, err := f.quotes.Update(ctx, qid, func(q *quotes.Quote) (*quotes.Quote, error) {
		now := time.Now()
		q.Status, q.DecidedAt, q.OrderID, q.OrderNumber = quotes.QuoteApproved, &now, "order-lost", "O-2026-88888"
		return q, nil
	}); err != nil {
		t.Fatal(err)
	}
	// Billing names the quote (and the order id it read from quote.approved).
	if err := f.svc.InvoicePaid(ctx, orders.InvoicePaidData{InvoiceID: "inv-lost", QuoteID: qid, OrderID: "order-lost"}); err != nil {
		t.Fatal(err)
	}
	o, err := f.orders.Order(ctx, "order-lost")
	if err != nil || o.Status != orders.InProgress || o.InvoiceID != "inv-lost" {
		t.Fatalf("order %+v %v", o, err)
	}
	if err := f.svc.InvoicePaid(ctx, orders.InvoicePaidData{InvoiceID: "inv-x", OrderID: "no-such-order"}); err == nil {
		t.Error("an invoice for an unknown order was accepted")
	}
}

func TestOrderingMetrics(t *testing.T) {
	f := newFixture(t)
	customer := f.customer("cust-metrics")
	f.upload(t, "invoice.docx", []byte("MZ\x90\x00 a program"), "", customer)
	qid := f.newQuote(t, customer) // one docx uploaded and quoted
	f.approve(t, qid, "en", customer, 0)
	f.approve(t, qid, "en", customer, 0) // the same approval
	f.send(t, "POST", "/api/v1/orders/quotes/"+f.newQuote(t, customer)+"/reject", "en", customer, nil)
	f.paidAndAssigned(t, customer, "tr-metrics")

	resp, err := http.Get(f.url + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	for _, want := range []string{
		`orders_uploads_total{format="docx",outcome="ok"} 3`,
		`orders_uploads_total{format="docx",outcome="unreadable"} 1`,
		`orders_upload_seconds_count{format="docx"} 3`,
		`orders_quotes_total{event="created"} 3`,
		`orders_quotes_total{event="approved"} 2`, // the first quote once, and paidAndAssigned's
		`orders_quotes_total{event="rejected"} 1`,
		`orders_actions_total{action="assign"} 1`,
	} {
		if !strings.Contains(string(raw), want) {
			t.Errorf("metrics lack %s", want)
		}
	}
}
