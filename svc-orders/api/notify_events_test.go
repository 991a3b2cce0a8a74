package api_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"linguaport/internal/authn"
	"linguaport/internal/events/contracts"
	"linguaport/svc-orders/calendar"
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

// Staff move a paid order's expected date: the deadline follows (18:00 in Istanbul on that day),
// the customer is told once (order.expected_date_changed with the old and new dates and staff's
// note), the change is audited; the same date again changes nothing. Bad dates and a missing note
// are field errors in both languages; an unpaid or delivered order's date cannot move.
func TestStaffChangesExpectedDate(t *testing.T) {
	f := newFixture(t)
	customer := f.customer("cust-date")
	staff := f.tokenFor("staff-date", authn.RoleAdmin)
	f.capped(t, "tr-date", 3)
	oid := f.paidOrder(t, customer, "tr", []string{"en"}, nil)
	path := "/api/v1/orders/admin/orders/" + oid + "/expected-date"
	before := f.send(t, "GET", "/api/v1/orders/orders/"+oid, "en", customer, nil)
	oldDay, _ := calendar.ParseDate(before.body["expectedDate"].(string))
	newDay := calendar.AddBusinessDays(oldDay, 3)

	for range 2 {
		a := f.send(t, "POST", path, "en", staff, map[string]any{"expectedDate": newDay.String(), "note": "Ek sayfalar geldi."})
		if a.status != 200 || a.body["expectedDate"] != newDay.String() || !sameTime(parseTime(t, a.body["deadline"]), newDay.At(calendar.EndOfDay)) {
			t.Fatalf("move the date: %d %s", a.status, a.raw)
		}
	}
	got := queued[orders.ExpectedDateChangedData](t, f, oid, orders.EventExpectedDateChanged)
	if len(got) != 1 || got[0].PreviousExpectedDate != oldDay || got[0].ExpectedDate != newDay || got[0].Note != "Ek sayfalar geldi." ||
		got[0].By != "staff-date" || got[0].CustomerID != "cust-date" || got[0].Number == "" || !sameTime(got[0].Deadline, newDay.At(calendar.EndOfDay)) {
		t.Fatalf("order.expected_date_changed, the same date sent twice: %+v", got)
	}
	if c := f.send(t, "GET", "/api/v1/orders/orders/"+oid, "en", customer, nil); c.body["expectedDate"] != newDay.String() {
		t.Errorf("the customer reads %v", c.body["expectedDate"])
	}
	f.oneAuditEntry(t, "object=order:"+oid, "order.expected_date", "staff-date", "expectedDate", oldDay.String(), newDay.String())

	saturday := newDay
	for saturday.Weekday() != time.Saturday {
		saturday = saturday.AddDays(1)
	}
	today := calendar.DateOf(f.clock.now())
	for _, c := range []struct {
		body         map[string]any
		field, words string
	}{
		{map[string]any{"expectedDate": "04.12.2026", "note": "x"}, "expectedDate", "YYYY-MM-DD"},
		{map[string]any{"expectedDate": saturday.String(), "note": "x"}, "expectedDate", "business day"},
		{map[string]any{"expectedDate": today.AddDays(-1).String(), "note": "x"}, "expectedDate", "past"},
		{map[string]any{"expectedDate": today.AddDays(400).String(), "note": "x"}, "expectedDate", "a year"},
		{map[string]any{"expectedDate": newDay.AddDays(1).String(), "note": " "}, "note", "required"},
	} {
		en := f.send(t, "POST", path, "en", staff, c.body)
		tr := f.send(t, "POST", path, "tr", staff, c.body)
		enWords, _ := obj(en.body["error"], "fields")[c.field].(string)
		trWords, _ := obj(tr.body["error"], "fields")[c.field].(string)
		if en.status != 400 || tr.status != 400 || !strings.Contains(enWords, c.words) || trWords == "" || trWords == enWords {
			t.Errorf("%v: %d %s / %d %s", c.body, en.status, en.raw, tr.status, tr.raw)
		}
	}
	if got := queued[orders.ExpectedDateChangedData](t, f, oid, orders.EventExpectedDateChanged); len(got) != 1 {
		t.Errorf("refused changes queued events: %d", len(got))
	}

	// Not paid: the date follows the payment. Delivered: the work is in.
	unpaid := obj(f.approve(t, f.newQuote(t, customer), "en", customer, 0).body, "order")["id"].(string)
	delivered := f.claimedAndDelivered(t, customer, "tr-date", false)
	for _, id := range []string{unpaid, delivered} {
		a := f.send(t, "POST", "/api/v1/orders/admin/orders/"+id+"/expected-date", "tr", staff, map[string]any{"expectedDate": newDay.String(), "note": "x"})
		if a.status != 409 || a.code() != "expected_date_fixed" || !strings.Contains(a.message(), "teslim tarihi") {
			t.Errorf("order %s: %d %s", id, a.status, a.raw)
		}
	}
}
