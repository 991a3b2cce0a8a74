package api_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"linguaport/internal/authn"
	"linguaport/internal/events"
	"linguaport/svc-orders/orders"
	"linguaport/svc-orders/pool"
	"linguaport/svc-orders/quotes"
)

// The paper work of a sworn, notarised order is recorded step by step, in order, only the steps it
// needs (no apostille ordered: no apostille step), after the delivery, shipped with a courier and
// tracking number; the customer reads the steps, their times and the tracking number.
func TestFulfilmentSteps(t *testing.T) {
	f := newFixture(t)
	customer := f.customer("cust-paper")
	staff := f.tokenFor("staff-paper", authn.RoleAdmin)
	translator := f.tokenFor("tr-paper", authn.RoleTranslator)
	oid := f.paidOrder(t, customer, "tr", []string{"en"}, []string{"sworn", "notary"})
	plain := f.paidOrder(t, customer, "tr", []string{"en"}, nil)
	f.profile(t, pool.ProfileChangedData{TranslatorID: "tr-paper", Version: 1, Services: []string{"professional-translation"},
		SwornVerified: true, Pairs: []pool.Pair{{Source: "tr", Target: "en"}}})
	step := func(id string, body map[string]any) answer {
		return f.send(t, "POST", "/api/v1/orders/admin/orders/"+id+"/fulfilment", "en", staff, body)
	}
	if a := step(plain, map[string]any{"step": "translated"}); a.status != 409 || a.code() != "no_fulfilment" {
		t.Errorf("plain order: %d %s", a.status, a.raw)
	}
	if a := step(oid, map[string]any{"step": "translated"}); a.status != 409 || a.code() != "not_translated" {
		t.Errorf("before the delivery: %d %s", a.status, a.raw)
	}
	if a := f.send(t, "POST", "/api/v1/orders/admin/orders/"+oid+"/assign", "en", staff, map[string]string{"translatorId": "tr-paper"}); a.status != 200 {
		t.Fatalf("assign: %d %s", a.status, a.raw)
	}
	result := obj(f.upload(t, "sworn.docx", docx(t, "Sworn text."), "", translator).body, "file")["id"].(string)
	if a := f.send(t, "POST", "/api/v1/orders/orders/"+oid+"/deliver", "en", translator, map[string]any{"fileIds": []string{result}}); a.status != 200 {
		t.Fatalf("deliver: %d %s", a.status, a.raw)
	}
	// The customer's order lists the steps it needs, none done yet.
	c := f.send(t, "GET", "/api/v1/orders/orders/"+oid, "en", customer, nil)
	var steps []string
	for _, s := range obj(c.body, "fulfilment")["steps"].([]any) {
		steps = append(steps, obj(s)["step"].(string))
	}
	if !slices.Equal(steps, []string{"translated", "at_notary", "notarised", "shipped"}) || obj(c.body, "fulfilment")["next"] != "translated" {
		t.Fatalf("steps %v: %s", steps, c.raw)
	}
	for _, c := range []struct {
		body  map[string]any
		code  string
		field string
	}{
		{map[string]any{"step": "at_notary"}, "step_out_of_order", ""},
		{map[string]any{"step": "posted"}, "validation_failed", "step"},
	} {
		if a := step(oid, c.body); a.code() != c.code || (c.field != "" && fieldOf(a.body, c.field) == "") {
			t.Errorf("%v: %d %s", c.body, a.status, a.raw)
		}
	}
	if a := step(oid, map[string]any{"step": "at_notary"}); a.message() != "Steps are recorded in order; the next one is “Translated”." {
		t.Errorf("out of order message: %s", a.raw)
	}
	for _, s := range []string{"translated", "translated", "at_notary", "notarised"} { // the second "translated" is a repeat
		if a := step(oid, map[string]any{"step": s, "note": "ok"}); a.status != 200 {
			t.Fatalf("%s: %d %s", s, a.status, a.raw)
		}
	}
	if a := step(oid, map[string]any{"step": "apostilled"}); a.status != 409 || a.code() != "step_out_of_order" {
		t.Errorf("apostille not ordered: %d %s", a.status, a.raw)
	}
	if a := f.send(t, "POST", "/api/v1/orders/admin/orders/"+oid+"/fulfilment", "tr", staff, map[string]any{"step": "shipped", "courier": "Yurtiçi"}); a.status != 400 ||
		fieldOf(a.body, "trackingNumber") != "Bu alan zorunludur." {
		t.Errorf("shipped without a tracking number: %d %s", a.status, a.raw)
	}
	if a := step(oid, map[string]any{"step": "shipped", "courier": "Yurtiçi Kargo", "trackingNumber": "YK123456"}); a.status != 200 {
		t.Fatalf("shipped: %d %s", a.status, a.raw)
	}
	c = f.send(t, "GET", "/api/v1/orders/orders/"+oid, "en", customer, nil)
	ful := obj(c.body, "fulfilment")
	if ful["trackingNumber"] != "YK123456" || ful["courier"] != "Yurtiçi Kargo" || ful["next"] != "" || strings.Contains(string(c.raw), "staff-paper") {
		t.Errorf("customer's fulfilment: %s", c.raw)
	}
	for _, s := range ful["steps"].([]any) {
		if obj(s)["done"] != true || obj(s)["at"] == nil {
			t.Errorf("step not done: %v", s)
		}
	}
	if s := obj(f.send(t, "GET", "/api/v1/orders/admin/orders/"+oid, "en", staff, nil).body, "fulfilment")["steps"].([]any); obj(s[0])["by"] != "staff-paper" {
		t.Errorf("staff do not see who recorded a step: %v", s[0])
	}
	o, _ := f.orders.Order(context.Background(), oid)
	var told []string
	for _, e := range o.Pending {
		var p orders.FulfilmentChangedData
		if e.Type == orders.EventFulfilmentChanged && e.Decode(&p) == nil {
			told = append(told, string(p.Step))
		}
	}
	if !slices.Equal(told, []string{"translated", "at_notary", "notarised", "shipped"}) {
		t.Errorf("order.fulfilment_changed: %v", told)
	}
	// Four steps, four entries: the repeat and the refusals record nothing.
	var actions []string
	for _, e := range f.auditEntries(t, "object=order:"+oid) {
		actions = append(actions, e["action"].(string))
	}
	if !slices.Equal(actions, []string{"order.fulfil", "order.fulfil", "order.fulfil", "order.fulfil", "order.assign"}) {
		t.Errorf("audit: %v", actions)
	}
}

// Staff revise a pending quote's price: a new version with the note, the lines adjusted so they
// add up to it in both currencies, the validity restarted. The customer approving the version
// they saw before is told the price changed (409); approving the current one opens the order, and
// quote.approved carries the revised lines and total to billing.
func TestReviseApproveAndCancel(t *testing.T) {
	f := newFixture(t)
	customer := f.customer("cust-rev")
	staff := f.tokenFor("staff-rev", authn.RoleAdmin)
	qid := f.newQuote(t, customer)
	path := "/api/v1/orders/admin/quotes/" + qid
	before := f.send(t, "GET", "/api/v1/orders/quotes/"+qid, "en", customer, nil)
	if before.body["version"] != 1.0 {
		t.Fatalf("a new quote's version: %s", before.raw)
	}
	f.clock.advance(13 * 24 * time.Hour)
	for _, c := range []struct {
		body  map[string]any
		field string
	}{
		{map[string]any{"total": map[string]any{"amount": 0, "currency": "TRY"}, "note": "x"}, "total.amount"},
		{map[string]any{"total": map[string]any{"amount": 100000, "currency": "EUR"}, "note": "x"}, "total.currency"},
		{map[string]any{"total": map[string]any{"amount": 100000, "currency": "TRY"}}, "note"},
	} {
		if a := f.send(t, "POST", path+"/revise", "en", staff, c.body); a.status != 400 || fieldOf(a.body, c.field) == "" {
			t.Errorf("%v: %d %s", c.body, a.status, a.raw)
		}
	}
	a := f.send(t, "POST", path+"/revise", "en", staff, map[string]any{"total": map[string]any{"amount": 123457, "currency": "TRY"}, "note": "Noter masrafı eklendi."})
	if a.status != 200 || a.body["version"] != 2.0 || obj(a.body, "total")["amount"] != 123457.0 {
		t.Fatalf("revise: %d %s", a.status, a.raw)
	}
	var shown, kept float64
	for _, l := range a.body["lines"].([]any) {
		shown += obj(l, "price")["amount"].(float64)
		kept += obj(l)["total"].(float64)
	}
	if shown != 123457 || kept != obj(a.body, "totalUsd")["amount"].(float64) || a.body["rateMicros"] != before.body["rateMicros"] {
		t.Errorf("lines %v/%v do not add up to the totals: %s", shown, kept, a.raw)
	}
	// The customer sees the new price, the note and the new validity, not who revised it.
	c := f.send(t, "GET", "/api/v1/orders/quotes/"+qid, "en", customer, nil)
	rev := obj(c.body["revisions"].([]any)[0])
	if c.body["version"] != 2.0 || rev["note"] != "Noter masrafı eklendi." || obj(rev, "previous")["amount"] != obj(before.body, "total")["amount"] ||
		rev["by"] != nil || c.body["expiresAt"] == before.body["expiresAt"] {
		t.Errorf("customer's quote: %s", c.raw)
	}
	// Declining a revised quote answers it as the customer sees it too: never who revised it.
	declinedRevised := f.newQuote(t, customer)
	if a := f.send(t, "POST", "/api/v1/orders/admin/quotes/"+declinedRevised+"/revise", "en", staff, map[string]any{"total": map[string]any{"amount": 99000, "currency": "TRY"}, "note": "Yeni fiyat."}); a.status != 200 {
		t.Fatalf("revise the other quote: %d %s", a.status, a.raw)
	}
	for range 2 { // and declining it again answers the same
		declined := f.send(t, "POST", "/api/v1/orders/quotes/"+declinedRevised+"/reject", "en", customer, nil)
		if revs, _ := declined.body["revisions"].([]any); declined.status != 200 || len(revs) != 1 || obj(revs[0])["by"] != nil {
			t.Errorf("declining a revised quote shows: %s", declined.raw)
		}
	}
	if declined := f.send(t, "POST", "/api/v1/orders/quotes/"+f.newQuote(t, customer)+"/reject", "en", customer, nil); !strings.Contains(string(declined.raw), `"revisions":[]`) {
		t.Errorf("a declined quote never revised: %s", declined.raw)
	}
	q, _ := f.quotes.Quote(context.Background(), qid)
	if !slices.ContainsFunc(q.Pending, func(e events.Event) bool { return e.Type == quotes.EventQuoteRevised }) {
		t.Errorf("no quote.revised queued")
	}
	f.clock.advance(2 * 24 * time.Hour) // past the first expiry, within the restarted one

	if a := f.approve(t, qid, "tr", customer, 1); a.status != 409 || a.code() != "price_changed" ||
		a.message() != "Teklifin fiyatı siz baktıktan sonra değişti; lütfen yeni fiyata bakıp yeniden onaylayın." {
		t.Fatalf("approve the old version: %d %s", a.status, a.raw)
	}
	approval := f.approve(t, qid, "en", customer, 2)
	if approval.status != 200 || obj(approval.body, "order", "total")["amount"] != 123457.0 || strings.Contains(string(approval.raw), "staff-rev") {
		t.Fatalf("approve the current version: %d %s", approval.status, approval.raw)
	}
	q, _ = f.quotes.Quote(context.Background(), qid)
	var invoiced quotes.QuoteApprovedData
	for _, e := range q.Pending {
		if e.Type == quotes.EventQuoteApproved {
			_ = e.Decode(&invoiced)
		}
	}
	var lines, linesUSD int64
	for _, l := range invoiced.Lines {
		lines, linesUSD = lines+l.Amount.Amount, linesUSD+l.AmountUSD
	}
	if invoiced.Total.Amount != 123457 || lines != 123457 || linesUSD != invoiced.TotalUSD || invoiced.Currency != "TRY" {
		t.Errorf("quote.approved for billing: %+v", invoiced)
	}
	if a := f.send(t, "POST", path+"/revise", "en", staff, map[string]any{"total": map[string]any{"amount": 1000, "currency": "TRY"}, "note": "x"}); a.status != 409 || a.code() != "quote_not_pending" {
		t.Errorf("revise an approved quote: %d %s", a.status, a.raw)
	}

	// Cancelled, a quote says why and can no longer be approved.
	other := f.newQuote(t, customer)
	if a := f.send(t, "POST", "/api/v1/orders/admin/quotes/"+other+"/cancel", "en", staff, map[string]any{}); a.status != 400 || fieldOf(a.body, "reason") == "" {
		t.Errorf("cancel without a reason: %d %s", a.status, a.raw)
	}
	for range 2 { // the second time changes nothing
		if a := f.send(t, "POST", "/api/v1/orders/admin/quotes/"+other+"/cancel", "en", staff, map[string]any{"reason": "Belge okunamıyor."}); a.status != 200 || a.body["status"] != "cancelled" {
			t.Fatalf("cancel: %d %s", a.status, a.raw)
		}
	}
	if c := f.send(t, "GET", "/api/v1/orders/quotes/"+other, "en", customer, nil); c.body["status"] != "cancelled" || c.body["cancelReason"] != "Belge okunamıyor." {
		t.Errorf("customer's cancelled quote: %s", c.raw)
	}
	if a := f.approve(t, other, "en", customer, 0); a.status != 409 || a.code() != "quote_cancelled" {
		t.Errorf("approve a cancelled quote: %d %s", a.status, a.raw)
	}
	f.oneAuditEntry(t, "object=quote:"+qid, "quote.revise", "staff-rev", "version", 1.0, 2.0)
	f.oneAuditEntry(t, "object=quote:"+other, "quote.cancel", "staff-rev", "status", "pending", "cancelled")
}

// The staff quote list pages 50 at a time, newest first, filtered by status and customer and
// searched by quote number or customer id.
func TestStaffQuoteList(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	base := time.Now().UTC().Add(-time.Hour).Truncate(time.Millisecond)
	var ids []string
	for i := range 52 {
		customer, status := "cust-q1", quotes.QuotePending
		if i%4 == 0 {
			customer, status = "cust-q2", quotes.QuoteApproved
		}
		q := &quotes.Quote{ID: fmt.Sprintf("q-%03d", i), Number: fmt.Sprintf("Q-2026-%05d", i+1), CustomerID: customer, Status: status,
			CreatedAt: base.Add(time.Duration(i) * time.Second), ExpiresAt: base.Add(14 * 24 * time.Hour)}
		if err := f.quotes.Insert(ctx, q); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, q.ID)
	}
	const list = "/api/v1/orders/admin/quotes"
	first, a := f.staffList(t, list, "")
	if len(first) != 50 || a.body["more"] != true || first[0] != ids[51] || obj(a.body["quotes"].([]any)[0])["customerId"] != "cust-q1" {
		t.Fatalf("first page: %d %v", len(first), a.body["more"])
	}
	if rest, a := f.staffList(t, list, "before="+first[49]); !slices.Equal(rest, []string{ids[1], ids[0]}) || a.body["more"] != false {
		t.Errorf("second page: %v", rest)
	}
	if got, _ := f.staffList(t, list, "status=approved"); len(got) != 13 || got[0] != ids[48] {
		t.Errorf("approved: %d %v", len(got), got)
	}
	if got, _ := f.staffList(t, list, "q=cust-q2&status=pending"); len(got) != 0 {
		t.Errorf("cust-q2's pending: %v", got)
	}
	if got, _ := f.staffList(t, list, "customer=cust-q1"); len(got) != 39 {
		t.Errorf("cust-q1's: %d", len(got))
	}
	if got, _ := f.staffList(t, list, "q=q-2026-00005"); !slices.Equal(got, []string{ids[4]}) {
		t.Errorf("by number: %v", got)
	}
	if a := f.send(t, "GET", list+"/"+ids[4], "en", f.token(authn.RoleAdmin), nil); a.status != 200 || a.body["customerId"] != "cust-q2" || a.body["number"] != "Q-2026-00005" {
		t.Errorf("detail: %d %s", a.status, a.raw)
	}
	// Oldest first, with the same cursor: both walks cross the page boundary, meet every quote
	// once, and are each other's reverse; newest is the default.
	newest, oldest := f.walk(t, list, "sort=newest"), f.walk(t, list, "sort=oldest")
	if len(newest) != 52 || !slices.Equal(newest, append(append([]string{}, first...), ids[1], ids[0])) || !slices.Equal(oldest, reversed(newest)) {
		t.Errorf("newest %v\noldest %v", newest, oldest)
	}
	if page, a := f.staffList(t, list, "sort=oldest"); len(page) != 50 || page[0] != ids[0] || a.body["next"] != ids[49] {
		t.Errorf("oldest first page: %v next=%v", page, a.body["next"])
	}
	if got := f.walk(t, list, "sort=oldest&customer=cust-q2&status=approved"); len(got) != 13 || got[0] != ids[0] || got[12] != ids[48] {
		t.Errorf("cust-q2's approved, oldest first: %v", got)
	}
	if a := f.send(t, "GET", list+"?sort=created", "tr", f.token(authn.RoleAdmin), nil); a.status != 400 || fieldOf(a.body, "sort") != "Geçersiz değer." {
		t.Errorf("unknown sort: %d %s", a.status, a.raw)
	}
	for query, field := range map[string]string{"status=gone": "status", "before=nope": "before", "sort=created": "sort"} {
		if a := f.send(t, "GET", list+"?"+query, "en", f.token(authn.RoleAdmin), nil); a.status != 400 || fieldOf(a.body, field) == "" {
			t.Errorf("%s: %d %s", query, a.status, a.raw)
		}
	}

	// The dashboard: quotes waiting for their customer, jobs nobody took, those escalated.
	customer := f.customer("cust-sum")
	f.paidOrder(t, customer, "tr", []string{"en"}, nil)
	f.clock.advance(5 * time.Hour)
	if err := f.svc.EscalateOverdue(ctx); err != nil {
		t.Fatal(err)
	}
	f.paidOrder(t, customer, "tr", []string{"en"}, nil)
	s := f.send(t, "GET", "/api/v1/orders/admin/summary", "en", f.token(authn.RoleAdmin), nil)
	// 39 seeded pending quotes; the two paid orders' quotes are approved.
	if s.status != 200 || s.body["quotesPending"] != 39.0 || s.body["unassigned"] != 2.0 || s.body["escalated"] != 1.0 {
		t.Errorf("summary: %d %s", s.status, s.raw)
	}
}
