package api_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"linguaport/internal/authn"
	"linguaport/internal/events/contracts"
	"linguaport/svc-orders/orders"
	"linguaport/svc-orders/pool"
)

// queued decodes the order's queued events of typ, oldest first, each checked against its
// contract: these tests keep the events in the outbox (no relay), where testenv's check of the
// stream does not see them.
func queued[T any](t *testing.T, f *fixture, id, typ string) []T {
	t.Helper()
	o, err := f.orders.Order(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	var out []T
	for _, e := range o.Pending {
		if e.Type != typ {
			continue
		}
		if err := contracts.Check(e.Type, []byte(e.Data)); err != nil {
			t.Errorf("%s breaks its contract: %v\n%s", e.Type, err, e.Data)
		}
		var p T
		if err := json.Unmarshal([]byte(e.Data), &p); err != nil {
			t.Fatal(err)
		}
		out = append(out, p)
	}
	return out
}

// sameTime compares a time as stored (milliseconds) with one an answer gave.
func sameTime(a, b time.Time) bool { return a.Sub(b).Abs() < time.Millisecond }

func (f *fixture) remind(t *testing.T, times int) {
	t.Helper()
	for range times {
		if err := f.svc.RemindRevisions(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
}

// The translator of a revision is reminded once per round, six hours before its deadline (a
// quarter of the time given when shorter), however often the sweep runs; not for a round already
// redelivered, escalated, or overdue before the sweep came round; again for the fresh round staff
// give.
func TestRevisionReminder(t *testing.T) {
	f := newFixture(t)
	customer := f.customer("cust-remind")
	staff := f.tokenFor("staff-remind", authn.RoleAdmin)
	f.capped(t, "tr-remind", 5)
	oid := f.claimedAndDelivered(t, customer, "tr-remind", false)
	asked := f.revise(t, customer, oid, "Başlıklar çevrilmemiş.")
	due := parseTime(t, asked.body["revisionDue"])

	f.clock.advance(41*time.Hour + 50*time.Minute) // 6 h 10 min before the deadline
	f.remind(t, 2)
	if got := queued[orders.RevisionDueSoonData](t, f, oid, orders.EventOrderRevisionDueSoon); len(got) != 0 {
		t.Fatalf("reminded more than six hours before the deadline: %+v", got)
	}
	f.clock.advance(20 * time.Minute)
	f.remind(t, 3)
	got := queued[orders.RevisionDueSoonData](t, f, oid, orders.EventOrderRevisionDueSoon)
	if len(got) != 1 || got[0].OrderID != oid || got[0].Number == "" || got[0].TranslatorID != "tr-remind" ||
		!sameTime(got[0].RevisionDue, due) || got[0].Reason != "Başlıklar çevrilmemiş." {
		t.Fatalf("one reminder per round, sweep run thrice: %+v", got)
	}

	// Overdue, escalated, and sent back by staff: a new round with its own reminder.
	f.clock.advance(7 * time.Hour)
	if err := f.svc.EscalateOverdue(context.Background()); err != nil {
		t.Fatal(err)
	}
	if a := f.send(t, "POST", "/api/v1/orders/admin/orders/"+oid+"/assign", "en", staff, map[string]any{"from": "tr-remind"}); a.status != 200 {
		t.Fatalf("send back: %d %s", a.status, a.raw)
	}
	f.clock.advance(43 * time.Hour)
	f.remind(t, 2)
	if got := queued[orders.RevisionDueSoonData](t, f, oid, orders.EventOrderRevisionDueSoon); len(got) != 2 || sameTime(got[1].RevisionDue, due) {
		t.Errorf("the round staff gave has its own reminder: %+v", got)
	}

	// Redelivered before the reminder: none.
	done := f.claimedAndDelivered(t, customer, "tr-remind", true)
	f.revise(t, customer, done, "Tarih yanlış.")
	f.clock.advance(2 * time.Hour)
	f.deliver(t, f.tokenFor("tr-remind", authn.RoleTranslator), done)
	f.clock.advance(20 * time.Hour)
	f.remind(t, 1)
	if got := queued[orders.RevisionDueSoonData](t, f, done, orders.EventOrderRevisionDueSoon); len(got) != 0 {
		t.Errorf("a redelivered revision reminded: %+v", got)
	}

	// Overdue before any sweep came round (the sweep was away): the escalation tells staff, the
	// translator gets no reminder of a deadline already gone.
	late := f.claimedAndDelivered(t, customer, "tr-remind", false)
	f.revise(t, customer, late, "Eksik paragraf.")
	f.clock.advance(49 * time.Hour)
	f.remind(t, 1)
	if got := queued[orders.RevisionDueSoonData](t, f, late, orders.EventOrderRevisionDueSoon); len(got) != 0 {
		t.Errorf("an overdue revision reminded: %+v", got)
	}

	// Escalated at once (its translator on vacation): staff have it, the translator is not reminded.
	f.capped(t, "tr-away", 5)
	away := f.claimedAndDelivered(t, customer, "tr-away", false)
	now := f.clock.now().UTC()
	f.profile(t, pool.ProfileChangedData{TranslatorID: "tr-away", Version: 2, Services: []string{"professional-translation"},
		Pairs: []pool.Pair{{Source: "tr", Target: "en"}}, ActiveJobCap: 5, Vacations: []struct {
			Start string `json:"start"`
			End   string `json:"end"`
		}{{now.Add(-time.Hour).Format(time.RFC3339), now.Add(96 * time.Hour).Format(time.RFC3339)}}})
	f.revise(t, customer, away, "Yazım hataları.")
	f.clock.advance(43 * time.Hour)
	f.remind(t, 1)
	if got := queued[orders.RevisionDueSoonData](t, f, away, orders.EventOrderRevisionDueSoon); len(got) != 0 {
		t.Errorf("an escalated revision reminded: %+v", got)
	}
}

// Staff giving work to a translator publish order.assigned (who, by whom, by when), besides
// order.status_changed; a translator's own claim does not. order.status_changed carries the
// step, the deadline, and on a revision its reason and deadline, for the mails built from it.
func TestAssignmentAndStatusEvents(t *testing.T) {
	f := newFixture(t)
	customer := f.customer("cust-assign")
	staff := f.tokenFor("staff-assign", authn.RoleAdmin)
	f.capped(t, "tr-a", 3)
	f.capped(t, "tr-b", 3)
	oid := f.paidOrder(t, customer, "tr", []string{"en"}, nil)
	assign := func(body map[string]any) answer {
		t.Helper()
		a := f.send(t, "POST", "/api/v1/orders/admin/orders/"+oid+"/assign", "en", staff, body)
		if a.status != 200 {
			t.Fatalf("assign %v: %d %s", body, a.status, a.raw)
		}
		return a
	}
	given := assign(map[string]any{"translatorId": "tr-a", "from": ""})
	deadline := parseTime(t, given.body["deadline"])
	assign(map[string]any{"translatorId": "tr-a"}) // a second click changes nothing
	assign(map[string]any{"translatorId": "tr-b", "from": "tr-a"})
	got := queued[orders.OrderAssignedData](t, f, oid, orders.EventOrderAssigned)
	if len(got) != 2 ||
		got[0].TranslatorID != "tr-a" || got[0].Step != orders.StepAssigned || got[0].By != "staff-assign" || got[0].PreviousTranslatorID != "" ||
		got[0].CustomerID != "cust-assign" || got[0].Number == "" || got[0].Deadline == nil || !sameTime(*got[0].Deadline, deadline) ||
		got[1].TranslatorID != "tr-b" || got[1].Step != orders.StepReassigned || got[1].PreviousTranslatorID != "tr-a" {
		t.Fatalf("order.assigned: %+v", got)
	}
	statuses := queued[orders.OrderStatusChangedData](t, f, oid, orders.EventOrderStatusChanged)
	last := statuses[len(statuses)-1]
	if last.Status != orders.Assigned || last.Step != orders.StepReassigned || last.TranslatorID != "tr-b" || last.Deadline == nil {
		t.Errorf("order.status_changed of the reassignment: %+v", last)
	}

	// A claim from the pool is no staff assignment.
	claimed := f.paidOrder(t, customer, "tr", []string{"en"}, nil)
	f.claimAs(t, f.tokenFor("tr-a", authn.RoleTranslator), claimed)
	if got := queued[orders.OrderAssignedData](t, f, claimed, orders.EventOrderAssigned); len(got) != 0 {
		t.Errorf("a claim published order.assigned: %+v", got)
	}

	// Delivered, then a revision: its reason and deadline; redelivered: the step says so.
	f.deliver(t, f.tokenFor("tr-b", authn.RoleTranslator), oid)
	asked := f.revise(t, customer, oid, "Tablo eksik.")
	due := parseTime(t, asked.body["revisionDue"])
	// Staff give the revision back to tr-a: order.assigned with the round's reason and deadline.
	assign(map[string]any{"translatorId": "tr-a", "from": "tr-b"})
	f.deliver(t, f.tokenFor("tr-a", authn.RoleTranslator), oid)
	statuses = queued[orders.OrderStatusChangedData](t, f, oid, orders.EventOrderStatusChanged)
	var revision, redelivered *orders.OrderStatusChangedData
	for i, s := range statuses {
		switch {
		case s.Status == orders.RevisionRequested:
			revision = &statuses[i]
		case s.Status == orders.Delivered && s.Step == orders.StepRedelivered:
			redelivered = &statuses[i]
		case s.Status == orders.Delivered && (s.RevisionReason != "" || s.RevisionDue != nil):
			t.Errorf("a delivery carries a revision's fields: %+v", s)
		}
	}
	if revision == nil || revision.RevisionReason != "Tablo eksik." || revision.RevisionDue == nil || !sameTime(*revision.RevisionDue, due) ||
		revision.Step != orders.StepRevisionReturned || revision.TranslatorID != "tr-b" {
		t.Errorf("order.status_changed of the revision: %+v", revision)
	}
	if redelivered == nil || redelivered.TranslatorID != "tr-a" || redelivered.OrderID != oid {
		t.Errorf("order.status_changed of the redelivery: %+v", redelivered)
	}
	got = queued[orders.OrderAssignedData](t, f, oid, orders.EventOrderAssigned)
	if len(got) != 3 || got[2].Step != orders.StepRevisionReassigned || got[2].TranslatorID != "tr-a" || got[2].PreviousTranslatorID != "tr-b" ||
		got[2].RevisionReason != "Tablo eksik." || got[2].RevisionDue == nil || !got[2].RevisionDue.After(due.Add(-time.Minute)) {
		t.Errorf("order.assigned of the revision given on: %+v", got)
	}
}
