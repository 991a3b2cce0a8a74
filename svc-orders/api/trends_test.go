package api_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"linguaport/internal/authn"
	"linguaport/internal/weeks"
	"linguaport/svc-orders/orders"
	"linguaport/svc-orders/pool"
)

// trendOrder is an order as the charts read it: paid at paid (none when zero), its timeline's
// steps, completed at completed (none when zero), due by deadline (none when zero).
type trendOrder struct {
	id, translator      string
	status              orders.OrderStatus
	paid, completed, by time.Time
	history             []orders.HistoryEntry
}

func (f *fixture) storeTrendOrder(t *testing.T, o trendOrder) {
	t.Helper()
	at := func(t time.Time) *time.Time {
		if t.IsZero() {
			return nil
		}
		return &t
	}
	stored := &orders.Order{ID: o.id, Number: "O-" + o.id, QuoteID: "q-" + o.id, CustomerID: "c-trends", Status: o.status,
		TranslatorID: o.translator, CreatedAt: o.paid.Add(-time.Hour), PaidAt: at(o.paid), CompletedAt: at(o.completed),
		History: o.history}
	stored.Deadline = at(o.by)
	if _, err := f.orders.Create(context.Background(), stored); err != nil {
		t.Fatal(err)
	}
}

func step(status orders.OrderStatus, at time.Time, s orders.Step) orders.HistoryEntry {
	return orders.HistoryEntry{Status: status, At: at, Step: s}
}

// The dashboard's charts of orders: by ISO week of Istanbul (Monday 00:00 there), the orders paid,
// the median minutes from payment to the first claim from the pool (staff assignments and jobs
// still waiting counted apart), the orders completed and how many of those with an expected date
// were first delivered on or before that day; and each translator with jobs in hand against their
// cap, the fullest first. Each read is on an index (testenv fails the test otherwise).
func TestStaffTrends(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	w := weeks.Last(f.clock.now(), weeks.Span)
	this, last := w[11].Start, w[10].Start
	if err := errorsOf(
		f.translators.Apply(ctx, &pool.Translator{ID: "tr-a", Version: 1, ActiveJobCap: 2, At: this}),
	); err != nil {
		t.Fatal(err)
	}
	for _, o := range []trendOrder{
		// Paid a minute before this week began: last week's; claimed 30 min later.
		{id: "o1", translator: "tr-a", status: orders.Assigned, paid: this.Add(-time.Minute),
			history: []orders.HistoryEntry{step(orders.InProgress, this.Add(-time.Minute), ""), step(orders.Assigned, this.Add(29*time.Minute), orders.StepClaimed)}},
		// This week's: claimed after 90 min (then sent back for a revision: still on tr-a's desk).
		{id: "o2", translator: "tr-a", status: orders.RevisionRequested, paid: this.Add(time.Minute),
			history: []orders.HistoryEntry{step(orders.Assigned, this.Add(91*time.Minute), orders.StepClaimed), step(orders.Delivered, this.Add(3*time.Hour), "")}},
		// Assigned by staff before anyone claimed it; tr-b has no profile in the pool: the default cap.
		{id: "o3", translator: "tr-b", status: orders.Assigned, paid: this.Add(2 * time.Minute),
			history: []orders.HistoryEntry{step(orders.Assigned, this.Add(5*time.Minute), orders.StepAssigned)}},
		// Still waiting in the pool.
		{id: "o4", status: orders.InProgress, paid: this.Add(3 * time.Minute)},
		// Claimed after 10 min, delivered the same day, due the next: on time, completed this week.
		{id: "o5", translator: "tr-c", status: orders.Completed, paid: this.Add(4 * time.Minute), completed: this.Add(5 * time.Hour), by: this.Add(42 * time.Hour),
			history: []orders.HistoryEntry{step(orders.Assigned, this.Add(14*time.Minute), orders.StepClaimed), step(orders.Delivered, this.Add(2*time.Hour), "")}},
		// Due at 01:00 on Monday, delivered at 20:00 the same day: the expected date is a day, so on time.
		{id: "o6", translator: "tr-c", status: orders.Completed, completed: this.Add(22 * time.Hour), by: this.Add(time.Hour),
			history: []orders.HistoryEntry{step(orders.Delivered, this.Add(20*time.Hour), ""), step(orders.RevisionRequested, this.Add(21*time.Hour), ""),
				step(orders.Delivered, this.Add(40*time.Hour), "")}},
		// Paid three weeks ago and claimed after an hour; first delivered the day after its
		// expected date (a redelivery later still changes nothing): late, completed last week.
		{id: "o7", translator: "tr-c", status: orders.Completed, paid: w[8].Start.Add(time.Hour), completed: this.Add(-2 * time.Minute), by: w[9].Start.Add(time.Hour),
			history: []orders.HistoryEntry{step(orders.Assigned, w[8].Start.Add(2*time.Hour), orders.StepClaimed), step(orders.Delivered, w[9].Start.Add(30*time.Hour), ""),
				step(orders.Delivered, w[9].Start.Add(50*time.Hour), "")}},
		// Completed last week, paid before deadlines were kept: completed, not dated.
		{id: "o8", status: orders.Completed, completed: last.Add(time.Hour), history: []orders.HistoryEntry{step(orders.Delivered, last, "")}},
		// Paid and completed before the window; not paid at all: neither counts.
		{id: "o9", translator: "tr-c", status: orders.Completed, paid: w[0].Start.Add(-time.Minute), completed: w[0].Start.Add(-time.Second)},
		{id: "o10", status: orders.AwaitingPayment},
	} {
		f.storeTrendOrder(t, o)
	}

	a := f.send(t, "GET", "/api/v1/orders/admin/trends", "en", f.token(authn.RoleAdmin), nil)
	if a.status != 200 {
		t.Fatalf("trends: %d %v", a.status, a.body)
	}
	got, _ := a.body["weeks"].([]any)
	if len(got) != 12 {
		t.Fatalf("%d weeks", len(got))
	}
	row := func(i int) string {
		wk := got[i].(map[string]any)
		median := "-"
		if m, ok := wk["claimMedianMinutes"].(float64); ok {
			median = fmt.Sprint(m)
		}
		return fmt.Sprintf("paid %v claimed %v median %s staff %v waiting %v completed %v dated %v onTime %v",
			wk["paid"], wk["claimed"], median, wk["assignedByStaff"], wk["waiting"], wk["completed"], wk["dated"], wk["onTime"])
	}
	want := map[int]string{
		11: "paid 4 claimed 2 median 10 staff 1 waiting 1 completed 2 dated 2 onTime 2",
		10: "paid 1 claimed 1 median 30 staff 0 waiting 0 completed 2 dated 1 onTime 0",
		8:  "paid 1 claimed 1 median 60 staff 0 waiting 0 completed 0 dated 0 onTime 0",
	}
	for i := range 12 {
		w, ok := want[i]
		if !ok {
			w = "paid 0 claimed 0 median - staff 0 waiting 0 completed 0 dated 0 onTime 0"
		}
		if r := row(i); r != w {
			t.Errorf("week %d (%v): %s, want %s", i, got[i].(map[string]any)["week"], r, w)
		}
	}
	if wk := got[11].(map[string]any); wk["week"] != w[11].Label || wk["date"] != w[11].Date || wk["start"] != w[11].Start.Format(time.RFC3339) {
		t.Errorf("this week: %v, want %+v", wk, w[11])
	}
	if load := fmt.Sprint(a.body["load"]); load != "[map[active:2 cap:2 translatorId:tr-a] map[active:1 cap:3 translatorId:tr-b]]" {
		t.Errorf("load: %s", load)
	}
	if a := f.send(t, "GET", "/api/v1/orders/admin/trends", "tr", f.token(authn.RoleTranslator), nil); a.status != 403 {
		t.Errorf("a translator: %d", a.status)
	}
}

func errorsOf(_ bool, err error) error { return err }
