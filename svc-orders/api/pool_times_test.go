package api_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"linguaport/internal/authn"
	"linguaport/internal/events"
	"linguaport/svc-orders/orders"
	"linguaport/svc-orders/pool"
)

// entryOf is the order.status_changed that put the order in the pool most recently, from the
// order's outbox (no relay runs in the fixture): what svc-orders' own consumer would hand to
// orders.EventHandler.
func (f *fixture) entryOf(t *testing.T, id string) events.Event {
	t.Helper()
	o, err := f.orders.Order(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	for i := len(o.Pending) - 1; i >= 0; i-- {
		var p orders.OrderStatusChangedData
		if e := o.Pending[i]; e.Type == orders.EventOrderStatusChanged && e.Decode(&p) == nil && p.Status == orders.InProgress {
			return e
		}
	}
	t.Fatalf("order %s never entered the pool", id)
	return events.Event{}
}

// noticesOn is the pool.jobs_available events on events:orders, by translator, as the order
// numbers each carried.
func (f *fixture) noticesOn(t *testing.T) map[string][][]string {
	t.Helper()
	msgs, err := f.redis.XRange(context.Background(), events.Stream("orders"), "-", "+").Result()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][][]string{}
	for _, m := range msgs {
		if m.Values["type"] != pool.EventJobsAvailable {
			continue
		}
		var p pool.JobsAvailableData
		if err := (events.Event{Data: m.Values["data"].(string)}).Decode(&p); err != nil {
			t.Fatal(err)
		}
		var numbers []string
		for _, j := range p.Jobs {
			numbers = append(numbers, j.Number)
			if j.Service != "professional-translation" || j.SourceLanguage != "tr" || !slices.Equal(j.TargetLanguages, []string{"en"}) || j.OrderID == "" {
				t.Errorf("job in a notice: %+v", j)
			}
		}
		if p.Count != len(p.Jobs) || p.At.IsZero() {
			t.Errorf("notice %+v", p)
		}
		got[p.TranslatorID] = append(got[p.TranslatorID], numbers)
	}
	return got
}

func (f *fixture) numberOf(t *testing.T, id string) string {
	o, err := f.orders.Order(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return o.Number
}

// A matching, available translator hears of new jobs at most once per 15 minutes, the jobs of
// that time batched; nobody else hears anything; handling an entry again, sweeping again and
// relaying again send nothing twice. The clock is the fixture's, moved by the test.
func TestPoolNoticesAreBatchedAndSentOnce(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	notices, err := pool.NewNotices(ctx, f.db, f.clock.now, func(...any) {})
	if err != nil {
		t.Fatal(err)
	}
	svc := orders.NewService(f.orders, nil, nil, f.translators, nil, f.clock.now, func(...any) {}, orders.WithPoolNotices(notices))
	announce := orders.EventHandler(svc)
	relay := events.NewRelay(notices.Collection(), events.Stream("orders"), events.NewPublisher(f.redis), nil, 0)
	sweep := func() {
		t.Helper()
		if err := notices.SendDue(ctx); err != nil {
			t.Fatal(err)
		}
		if _, err := relay.Sweep(ctx); err != nil {
			t.Fatal(err)
		}
	}
	enter := func(id string) {
		t.Helper()
		if err := announce(ctx, f.entryOf(t, id)); err != nil {
			t.Fatal(err)
		}
	}

	now := f.clock.now()
	f.competent(t, "tr-a")
	f.competent(t, "tr-b")
	f.profile(t, pool.ProfileChangedData{TranslatorID: "tr-fr", Version: 1, Services: []string{"professional-translation"},
		Pairs: []pool.Pair{{Source: "tr", Target: "fr"}, {Source: "en", Target: "tr"}}})
	f.profile(t, pool.ProfileChangedData{TranslatorID: "tr-away", Version: 1, Services: []string{"professional-translation"},
		Pairs: []pool.Pair{{Source: "tr", Target: "en"}}, Vacations: []struct {
			Start string `json:"start"`
			End   string `json:"end"`
		}{{now.Add(-time.Hour).Format(time.RFC3339), now.Add(48 * time.Hour).Format(time.RFC3339)}}})
	customer := f.customer("cust-notices")

	first := f.paidOrder(t, customer, "tr", []string{"en"}, nil)
	enter(first)
	f.clock.advance(5 * time.Minute)
	second := f.paidOrder(t, customer, "tr", []string{"en"}, nil)
	enter(second)
	enter(first) // redelivered before the notice went out
	sweep()
	sweep()
	both := []string{f.numberOf(t, first), f.numberOf(t, second)}
	if got := f.noticesOn(t); len(got) != 2 || !slices.Equal(got["tr-a"][0], both) || !slices.Equal(got["tr-b"][0], both) || len(got["tr-a"]) != 1 {
		t.Fatalf("after two jobs: %v, want one notice each to tr-a and tr-b with %v", got, both)
	}
	enter(second) // redelivered after its notice went out: not news any more

	// A job claimed before its announcement is handled is not announced.
	claimed := f.paidOrder(t, customer, "tr", []string{"en"}, nil)
	if c := f.send(t, "POST", "/api/v1/orders/orders/"+claimed+"/claim", "en", f.tokenFor("tr-b", authn.RoleTranslator), nil); c.status != 200 {
		t.Fatalf("claim: %d %s", c.status, c.raw)
	}
	enter(claimed)

	// A third job 5 minutes after the notice waits until 15 minutes have passed since it.
	f.clock.advance(5 * time.Minute)
	third := f.paidOrder(t, customer, "tr", []string{"en"}, nil)
	enter(third)
	f.clock.advance(9 * time.Minute)
	sweep()
	if got := f.noticesOn(t); len(got["tr-a"]) != 1 {
		t.Fatalf("a second notice within 15 minutes: %v", got)
	}
	f.clock.advance(time.Minute)
	sweep()
	sweep()
	got := f.noticesOn(t)
	if want := [][]string{both, {f.numberOf(t, third)}}; len(got["tr-a"]) != 2 || !slices.Equal(got["tr-a"][1], want[1][:1]) ||
		len(got["tr-b"]) != 2 || !slices.Equal(got["tr-b"][1], want[1][:1]) {
		t.Errorf("after the third job: %v, want %v for tr-a and tr-b", got, want)
	}
	// Neither the translator of other pairs nor the one on vacation heard anything.
	if len(got) != 2 {
		t.Errorf("notices went to %v", got)
	}
	// Nothing is left queued or waiting in an outbox.
	if n, err := notices.Collection().CountDocuments(ctx, bson.D{{Key: "dueAt", Value: bson.D{{Key: "$gte", Value: time.Time{}}}}}); err != nil || n != 0 {
		t.Errorf("%d notices still due (%v)", n, err)
	}
}

// A job nobody claims is escalated once at the end of its window (urgent 1 h, normal 4 h, or
// what main read from the environment): staff hear of it through order.escalated, the customer's
// order says a translator is being arranged, and claiming it still works.
func TestUnclaimedJobsAreEscalatedOnce(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	customer := f.customer("cust-escalate")
	normal := f.paidOrder(t, customer, "tr", []string{"en"}, nil)
	urgent := f.urgentPaidOrder(t, customer)
	claimed := f.paidOrder(t, customer, "tr", []string{"en"}, nil)
	f.competent(t, "tr-a")
	tr := f.tokenFor("tr-a", authn.RoleTranslator)
	if c := f.send(t, "POST", "/api/v1/orders/orders/"+claimed+"/claim", "en", tr, nil); c.status != 200 {
		t.Fatalf("claim: %d %s", c.status, c.raw)
	}
	escalate := func() {
		t.Helper()
		if err := f.svc.EscalateOverdue(ctx); err != nil {
			t.Fatal(err)
		}
	}
	escalations := func(id string) (int, *time.Time) {
		t.Helper()
		o, err := f.orders.Order(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, e := range o.Pending {
			var p orders.OrderEscalatedData
			if e.Type == orders.EventOrderEscalated {
				if e.Decode(&p) != nil || p.OrderID != id || p.Number != o.Number || p.CustomerID != "cust-escalate" || o.EscalatedAt == nil || !p.At.Truncate(time.Millisecond).Equal(*o.EscalatedAt) {
					t.Errorf("order.escalated %s for %+v", e.Data, o.Placement)
				}
				n++
			}
		}
		return n, o.EscalatedAt
	}

	f.clock.advance(59 * time.Minute)
	escalate()
	if n, _ := escalations(urgent); n != 0 {
		t.Fatal("an urgent job escalated before its hour")
	}
	f.clock.advance(2 * time.Minute)
	escalate()
	if n, at := escalations(urgent); n != 1 || at == nil {
		t.Fatalf("the urgent job after 1h01m: %d escalations", n)
	}
	if n, _ := escalations(normal); n != 0 {
		t.Fatal("a normal job escalated after an hour")
	}
	f.clock.advance(2*time.Hour + 58*time.Minute) // 3h59m
	escalate()
	if n, _ := escalations(normal); n != 0 {
		t.Fatal("a normal job escalated at 3h59m")
	}
	view := f.send(t, "GET", "/api/v1/orders/orders/"+normal, "en", customer, nil)
	if view.body["escalated"] != false || view.body["escalatedAt"] != nil {
		t.Errorf("before its escalation: %s", view.raw)
	}
	f.clock.advance(2 * time.Minute) // 4h01m
	escalate()
	n, at := escalations(normal)
	if n != 1 {
		t.Fatalf("the normal job after 4h01m: %d escalations", n)
	}
	f.clock.advance(time.Hour)
	escalate()
	escalate()
	if n2, at2 := escalations(normal); n2 != 1 || !at2.Equal(*at) {
		t.Errorf("swept again: %d escalations, at %v then %v", n2, at, at2)
	}
	if n, _ := escalations(urgent); n != 1 {
		t.Errorf("the urgent job swept again: %d escalations", n)
	}
	if n, at := escalations(claimed); n != 0 || at != nil {
		t.Errorf("a claimed job escalated: %d", n)
	}

	// Staff list the escalated jobs still waiting, the longest waiting first; a claimed one leaves.
	if got, _ := f.staffList(t, "/api/v1/orders/admin/orders", "status=escalated"); !slices.Equal(got, []string{urgent, normal}) {
		t.Errorf("escalated jobs: %v, want %v", got, []string{urgent, normal})
	}
	if got, _ := f.staffList(t, "/api/v1/orders/admin/orders", "status=escalated&before="+urgent); !slices.Equal(got, []string{normal}) {
		t.Errorf("escalated jobs after the first: %v", got)
	}

	// The customer reads that a translator is being arranged; once one claims it, no longer.
	view = f.send(t, "GET", "/api/v1/orders/orders/"+normal, "en", customer, nil)
	if view.body["escalated"] != true || view.body["escalatedAt"] == nil || view.body["status"] != "in_progress" {
		t.Errorf("the escalated order: %s", view.raw)
	}
	c := f.send(t, "POST", "/api/v1/orders/orders/"+normal+"/claim", "en", tr, nil)
	if c.status != 200 || c.body["status"] != "assigned" || c.body["escalated"] != false || c.body["escalatedAt"] == nil {
		t.Errorf("claim after the escalation: %d %s", c.status, c.raw)
	}
	if got, _ := f.staffList(t, "/api/v1/orders/admin/orders", "status=escalated"); !slices.Equal(got, []string{urgent}) {
		t.Errorf("escalated jobs after a claim: %v", got)
	}

	// The windows are configurable (POOL_WINDOW_NORMAL in main).
	short := orders.NewService(f.orders, nil, nil, f.translators, nil, f.clock.now, func(...any) {},
		orders.WithEscalation(orders.Windows{Normal: 30 * time.Minute}))
	late := f.paidOrder(t, customer, "tr", []string{"en"}, nil)
	f.clock.advance(29 * time.Minute)
	if err := short.EscalateOverdue(ctx); err != nil {
		t.Fatal(err)
	}
	if n, _ := escalations(late); n != 0 {
		t.Error("escalated before a 30-minute window")
	}
	f.clock.advance(2 * time.Minute)
	if err := short.EscalateOverdue(ctx); err != nil {
		t.Fatal(err)
	}
	if n, _ := escalations(late); n != 1 {
		t.Error("not escalated after a 30-minute window")
	}
}

// urgentPaidOrder is paidOrder's tr→en job, ordered urgent.
func (f *fixture) urgentPaidOrder(t *testing.T, customer string) string {
	t.Helper()
	up := f.upload(t, "doc.docx", docx(t, words(400)), "", customer)
	body := quoteBody([]string{obj(up.body, "file")["id"].(string)}, "")
	body["targetLanguages"], body["urgency"] = []string{"en"}, "urgent"
	q := f.send(t, "POST", "/api/v1/orders/quotes", "en", customer, body)
	if q.status != 201 {
		t.Fatalf("quote: %d %s", q.status, q.raw)
	}
	oid := obj(f.approve(t, q.body["id"].(string), "en", customer, 0).body, "order")["id"].(string)
	if err := f.svc.InvoicePaid(context.Background(), orders.InvoicePaidData{InvoiceID: "inv-" + oid, OrderID: oid}); err != nil {
		t.Fatal(err)
	}
	return oid
}
