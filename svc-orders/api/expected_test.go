package api_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"linguaport/internal/authn"
	"linguaport/svc-orders/calendar"
	"linguaport/svc-orders/orders"
	"linguaport/svc-orders/quotes"
)

// expectedAround is the delivery day of work of days business days ordered now, by the fixture's
// clock, around a request: the days computed just before and just after it (a request may cross
// midnight in Istanbul).
func (f *fixture) expectedAround(t *testing.T, days int, request func()) []string {
	t.Helper()
	before := calendar.Expected(f.clock.now(), days).String()
	request()
	return []string{before, calendar.Expected(f.clock.now(), days).String()}
}

// The expected delivery day, a calendar day in Istanbul: the estimate's and a pending quote's from
// today, an unpaid order's from today, a paid order's from its payment (its deadline's day, kept).
func TestExpectedDeliveryDates(t *testing.T) {
	f := newFixture(t)
	customer := f.customer("cust-dates")

	var est answer
	around := f.expectedAround(t, 2, func() {
		est = f.send(t, "POST", "/api/v1/orders/estimate", "en", "", map[string]any{"service": "professional-translation",
			"sourceLanguage": "tr", "targetLanguages": []string{"en"}, "quantity": 500, "urgency": "urgent"})
	})
	if est.status != 200 {
		t.Fatalf("estimate: %d %s", est.status, est.raw)
	}
	priced, _ := time.Parse(time.RFC3339, est.body["pricedAt"].(string))
	dates := obj(est.body, "expectedDates")
	if !slices.Contains(around, est.body["expectedDate"].(string)) || est.body["expectedDate"] != calendar.Expected(priced, 2).String() ||
		dates["urgent"] != est.body["expectedDate"] || dates["normal"] != calendar.Expected(priced, 5).String() {
		t.Errorf("estimate: %s, want %v", est.raw, around)
	}

	// A pending quote: from the moment it is read.
	var qid string
	around = f.expectedAround(t, 5, func() { qid = f.newQuote(t, customer) })
	if q := f.send(t, "GET", "/api/v1/orders/quotes/"+qid, "en", customer, nil); !slices.Contains(around, q.body["expectedDate"].(string)) {
		t.Errorf("pending quote: %s, want %v", q.raw, around)
	}
	// Read later, the day moves with today.
	f.clock.advance(3 * 24 * time.Hour)
	around = f.expectedAround(t, 5, func() {})
	if q := f.send(t, "GET", "/api/v1/orders/quotes/"+qid, "en", customer, nil); !slices.Contains(around, q.body["expectedDate"].(string)) {
		t.Errorf("quote read 3 days later: %s, want %v", q.raw, around)
	}
	// A quote no longer pending has none: rejected, or expired.
	rejected, stale := f.newQuote(t, customer), f.newQuote(t, customer)
	if q := f.send(t, "POST", "/api/v1/orders/quotes/"+rejected+"/reject", "en", customer, nil); q.status != 200 || q.body["expectedDate"] != nil {
		t.Errorf("rejected quote: %s", q.raw)
	}

	// An order awaiting payment: from today.
	var approval answer
	around = f.expectedAround(t, 5, func() { approval = f.approve(t, qid, "en", customer, 0) })
	if q := obj(approval.body, "quote"); q["status"] != "approved" || q["expectedDate"] != nil {
		t.Errorf("the approved quote: %v", q)
	}
	oid := obj(approval.body, "order")["id"].(string)
	if o := obj(approval.body, "order"); !slices.Contains(around, o["expectedDate"].(string)) || o["deadline"] != nil {
		t.Errorf("unpaid order: %v, want %v", o, around)
	}

	// Paid: due at 18:00 in Istanbul on the window's 5th business day after the payment's day.
	if err := f.svc.InvoicePaid(context.Background(), orders.InvoicePaidData{InvoiceID: "inv-dates", OrderID: oid}); err != nil {
		t.Fatal(err)
	}
	paid := f.send(t, "GET", "/api/v1/orders/orders/"+oid, "tr", customer, nil)
	paidAt, _ := time.Parse(time.RFC3339, paid.body["paidAt"].(string))
	deadline, err := time.Parse(time.RFC3339, paid.body["deadline"].(string))
	if err != nil || !deadline.Equal(calendar.Deadline(paidAt, 5)) || paid.body["expectedDate"] != calendar.DateOf(deadline).String() ||
		deadline.In(calendar.Istanbul).Hour() != 18 || !calendar.IsBusinessDay(calendar.DateOf(deadline)) {
		t.Errorf("paid order: deadline %v, expected %v, paid %v", paid.body["deadline"], paid.body["expectedDate"], paid.body["paidAt"])
	}
	// The translator's job says the same day, in the pool and on their desk.
	f.competent(t, "tr-dates")
	translator := f.tokenFor("tr-dates", authn.RoleTranslator)
	_, pool := f.poolOf(t, translator)
	var job map[string]any
	for _, j := range pool.body["jobs"].([]any) {
		if obj(j)["id"] == oid {
			job = obj(j)
		}
	}
	if job == nil || job["expectedDate"] != paid.body["expectedDate"] || job["deadline"] != paid.body["deadline"] {
		t.Errorf("the job in the pool: %v", job)
	}
	if c := f.send(t, "POST", "/api/v1/orders/orders/"+oid+"/claim", "en", translator, nil); c.status != 200 || c.body["expectedDate"] != paid.body["expectedDate"] {
		t.Errorf("claimed: %d %s", c.status, c.raw)
	}
	// Kept on the order: days later it has not moved.
	f.clock.advance(4 * 24 * time.Hour)
	if o := f.send(t, "GET", "/api/v1/orders/orders/"+oid, "en", customer, nil); o.body["expectedDate"] != paid.body["expectedDate"] || o.body["deadline"] != paid.body["deadline"] {
		t.Errorf("days later: %s", o.raw)
	}
	f.clock.advance(quotes.QuoteValidity)
	if q := f.send(t, "GET", "/api/v1/orders/quotes/"+stale, "en", customer, nil); q.body["status"] != "expired" || q.body["expectedDate"] != nil {
		t.Errorf("expired quote: %s", q.raw)
	}
}
