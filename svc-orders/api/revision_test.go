package api_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"linguaport/internal/authn"
	"linguaport/svc-orders/orders"
	"linguaport/svc-orders/pool"
)

// claimedAndDelivered is a paid tr→en order of customer (urgent or not), claimed and delivered by tr.
func (f *fixture) claimedAndDelivered(t *testing.T, customer, tr string, urgent bool) string {
	t.Helper()
	up := f.upload(t, "doc.docx", docx(t, words(400)), "", customer)
	body := quoteBody([]string{obj(up.body, "file")["id"].(string)}, "")
	body["targetLanguages"] = []string{"en"}
	if urgent {
		body["urgency"] = "urgent"
	}
	q := f.send(t, "POST", "/api/v1/orders/quotes", "en", customer, body)
	if q.status != 201 {
		t.Fatalf("quote: %d %s", q.status, q.raw)
	}
	oid := obj(f.approve(t, q.body["id"].(string), "en", customer, 0).body, "order")["id"].(string)
	if err := f.svc.InvoicePaid(context.Background(), orders.InvoicePaidData{InvoiceID: "inv-" + oid, OrderID: oid}); err != nil {
		t.Fatal(err)
	}
	f.claimAs(t, f.tokenFor(tr, authn.RoleTranslator), oid)
	f.deliver(t, f.tokenFor(tr, authn.RoleTranslator), oid)
	return oid
}

// revise asks for a revision as the customer and fails the test unless it is taken.
func (f *fixture) revise(t *testing.T, customer, id, reason string) answer {
	t.Helper()
	a := f.send(t, "POST", "/api/v1/orders/orders/"+id+"/revision", "en", customer, map[string]string{"reason": reason})
	if a.status != 200 || a.body["status"] != "revision_requested" {
		t.Fatalf("revision: %d %s", a.status, a.raw)
	}
	return a
}

// steps is the order's timeline as status/step/reason words, as the caller reads it.
func steps(a answer) string {
	var out []string
	for _, h := range a.body["history"].([]any) {
		e := obj(h)
		w := e["status"].(string)
		if s, _ := e["step"].(string); s != "" {
			w += "/" + s
		}
		if r, _ := e["reason"].(string); r != "" {
			w += "/" + r
		}
		out = append(out, w)
	}
	return strings.Join(out, ",")
}

// escalations are the order.escalated events in the order's outbox, as their reasons.
func (f *fixture) escalations(t *testing.T, id string) []string {
	t.Helper()
	o, err := f.orders.Order(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range o.Pending {
		var p orders.OrderEscalatedData
		if e.Type == orders.EventOrderEscalated && e.Decode(&p) == nil {
			out = append(out, p.Reason)
			if p.OrderID != id || p.Number == "" {
				t.Errorf("order.escalated %+v", p)
			}
		}
	}
	return out
}

func parseTime(t *testing.T, v any) time.Time {
	t.Helper()
	s, _ := v.(string)
	at, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		t.Fatalf("time %v: %v", v, err)
	}
	return at
}

// A revision goes straight back to the translator who delivered, with the customer's reason and a
// deadline 48 clock hours on (24 for urgent work); they redeliver with no staff step; the customer
// may ask again while 7 days from the latest delivery are open. Every round is in the timeline for
// all three roles, with steps, never codes in notes.
func TestRevisionGoesBackToWhoeverDelivered(t *testing.T) {
	f := newFixture(t)
	customer := f.customer("cust-rev")
	f.capped(t, "tr-rev", 1)
	translator := f.tokenFor("tr-rev", authn.RoleTranslator)
	staff := f.token(authn.RoleAdmin)
	oid := f.claimedAndDelivered(t, customer, "tr-rev", false)
	path := "/api/v1/orders/orders/" + oid

	// Their one place is taken by another job when the revision comes back.
	f.claimAs(t, translator, f.paidOrder(t, customer, "tr", []string{"en"}, nil))
	f.clock.advance(5 * 24 * time.Hour)
	f.revise(t, customer, oid, "Başlık 2 eksik.")
	job := f.send(t, "GET", path, "en", translator, nil)
	at := parseTime(t, obj(job.body["history"].([]any)[len(job.body["history"].([]any))-1])["at"])
	if job.status != 200 || job.body["revisionReason"] != "Başlık 2 eksik." || !parseTime(t, job.body["revisionDue"]).Equal(at.Add(48*time.Hour)) ||
		job.body["revisionEscalatedAt"] != nil {
		t.Fatalf("the translator's job: %d %s", job.status, job.raw)
	}
	// The revision is on their desk although their cap is 1 and it was full before: the cap never
	// blocks a revision coming back.
	if desk, active := f.deskOf(t, "tr-rev"); len(desk) != 2 || active != 2 {
		t.Errorf("desk %v, %d active", desk, active)
	}
	// Asking again while the revision is under way is no new round.
	if a := f.send(t, "POST", path+"/revision", "en", customer, map[string]string{"reason": "Bir de bu."}); a.status != 409 || a.code() != "illegal_transition" {
		t.Errorf("a second request during the revision: %d %s", a.status, a.raw)
	}
	// Five days after the first delivery and one after the request: the translator redelivers.
	f.clock.advance(24 * time.Hour)
	f.deliver(t, translator, oid)
	// Six more days: eleven after the first delivery, six after the latest; the customer may ask again.
	f.clock.advance(6 * 24 * time.Hour)
	f.revise(t, customer, oid, "Tablo hâlâ İngilizce değil.")
	f.deliver(t, translator, oid)
	if a := f.send(t, "POST", path+"/complete", "en", customer, nil); a.status != 200 || a.body["status"] != "completed" {
		t.Fatalf("accept: %d %s", a.status, a.raw)
	}
	want := "awaiting_payment,in_progress,assigned/claimed,delivered,revision_requested/revision_returned,delivered/redelivered," +
		"revision_requested/revision_returned,delivered/redelivered,completed"
	for who, token := range map[string]string{"customer": customer, "translator": translator, "staff": staff} {
		p := path
		if who == "staff" {
			p = "/api/v1/orders/admin/orders/" + oid
		}
		a := f.send(t, "GET", p, "en", token, nil)
		if got := steps(a); a.status != 200 || got != want {
			t.Errorf("%s reads the timeline %d %s", who, a.status, got)
		}
		if hs := a.body["history"].([]any); obj(hs[4])["note"] != "Başlık 2 eksik." || obj(hs[4])["translatorId"] != "tr-rev" {
			t.Errorf("%s reads the first round %v", who, hs[4])
		}
	}
	if got := f.escalations(t, oid); len(got) != 0 {
		t.Errorf("escalated: %v", got)
	}

	// Urgent work is due in 24 hours.
	f.capped(t, "tr-rev2", 3)
	urgent := f.claimedAndDelivered(t, customer, "tr-rev2", true)
	f.revise(t, customer, urgent, "Acil düzeltme.")
	asked := f.send(t, "GET", "/api/v1/orders/orders/"+urgent, "en", customer, nil)
	hs := asked.body["history"].([]any)
	if due := parseTime(t, asked.body["revisionDue"]); !due.Equal(parseTime(t, obj(hs[len(hs)-1])["at"]).Add(24 * time.Hour)) {
		t.Errorf("urgent revision due %v", due)
	}
}

// Orders stored before steps existed kept them in their notes: every reader gets the step and an
// empty note.
func TestOlderTimelinesReadAsSteps(t *testing.T) {
	f := newFixture(t)
	customer := f.customer("cust-old")
	f.capped(t, "tr-old", 3)
	oid := f.claimedAndDelivered(t, customer, "tr-old", false)
	_, err := f.orders.Update(context.Background(), oid, func(o *orders.Order) (*orders.Order, error) {
		for i := range o.History {
			if o.History[i].Step == orders.StepClaimed {
				o.History[i].Step, o.History[i].Note = "", "claimed"
			}
		}
		o.History = append(o.History, orders.HistoryEntry{Status: orders.Completed, At: o.History[len(o.History)-1].At, Note: "auto"})
		return o, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	a := f.send(t, "GET", "/api/v1/orders/orders/"+oid, "en", customer, nil)
	if got := steps(a); got != "awaiting_payment,in_progress,assigned/claimed,delivered,completed/auto_completed" || strings.Contains(string(a.raw), `"note":"claimed"`) ||
		strings.Contains(string(a.raw), `"note":"auto"`) {
		t.Errorf("older timeline: %s %s", got, a.raw)
	}
}

// A revision not redelivered by its deadline is escalated to staff once, however often the sweep
// runs; one its translator cannot take back (on vacation) is escalated at once. Staff send it back
// (a fresh deadline, the escalation cleared, whatever the cap) or give it to someone else, who
// redelivers; the completion credits the one who delivered last.
func TestRevisionEscalationAndStaffGivingItOn(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	customer := f.customer("cust-esc")
	staff := f.tokenFor("staff-esc", authn.RoleAdmin)
	f.capped(t, "tr-slow", 1)
	oid := f.claimedAndDelivered(t, customer, "tr-slow", false)
	f.revise(t, customer, oid, "Terimler tutarsız.")

	f.clock.advance(47 * time.Hour)
	for range 2 {
		if err := f.svc.EscalateOverdue(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if got := f.escalations(t, oid); len(got) != 0 {
		t.Fatalf("escalated before the deadline: %v", got)
	}
	f.clock.advance(90 * time.Minute)
	for range 2 {
		if err := f.svc.EscalateOverdue(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if got := f.escalations(t, oid); len(got) != 1 || got[0] != orders.EscalatedRevisionOverdue {
		t.Fatalf("escalations after the deadline, sweep run twice: %v", got)
	}
	detail := f.send(t, "GET", "/api/v1/orders/admin/orders/"+oid, "en", staff, nil)
	if detail.body["revisionEscalation"] != "overdue" || detail.body["revisionEscalatedAt"] == nil ||
		!strings.HasSuffix(steps(detail), "revision_requested/revision_returned,revision_requested/revision_escalated/overdue") {
		t.Errorf("staff's detail: %s", steps(detail))
	}
	if c := f.send(t, "GET", "/api/v1/orders/orders/"+oid, "en", customer, nil); c.body["revisionEscalation"] != nil || c.body["revisionEscalatedAt"] != nil {
		t.Errorf("the customer reads the escalation's internals: %s", c.raw)
	}
	if s := f.send(t, "GET", "/api/v1/orders/admin/summary", "en", staff, nil); s.body["revisionsEscalated"] != 1.0 {
		t.Errorf("summary %s", s.raw)
	}
	if l := f.send(t, "GET", "/api/v1/orders/admin/orders?status=revision_requested", "en", staff, nil); obj(l.body["orders"].([]any)[0])["escalated"] != true {
		t.Errorf("staff list %s", l.raw)
	}

	// Eligible: the translator who has the revision first (sent back, at their cap or not), then
	// who else could take it, and the others with why.
	f.capped(t, "tr-free", 3)
	f.profile(t, pool.ProfileChangedData{TranslatorID: "tr-partial", Version: 1, Services: []string{"professional-translation"},
		Pairs: []pool.Pair{{Source: "tr", Target: "de"}}})
	f.capped(t, "tr-full", 1)
	f.claimAs(t, f.tokenFor("tr-full", authn.RoleTranslator), f.paidOrder(t, customer, "tr", []string{"en"}, nil))
	twoTargets := f.paidOrder(t, customer, "tr", []string{"en", "de"}, nil)
	el := f.send(t, "GET", "/api/v1/orders/admin/orders/"+oid+"/eligible", "en", staff, nil)
	cands := el.body["candidates"].([]any)
	if len(cands) != 2 || obj(cands[0])["translatorId"] != "tr-slow" || obj(cands[0])["current"] != true || obj(cands[1])["translatorId"] != "tr-free" {
		t.Errorf("candidates of the revision: %s", el.raw)
	}
	if got := excludedFrom(t, f, staff, oid); got != "tr-full:at_cap" {
		t.Errorf("left out of the revision: %s", got)
	}
	// A job into English and German: who holds one of its pairs only is left out for competency.
	if got := excludedFrom(t, f, staff, twoTargets); got != "tr-free:no_competency,tr-full:no_competency,tr-partial:no_competency,tr-slow:no_competency" {
		t.Errorf("left out of a two-target job: %s", got)
	}

	// Sent back: a fresh deadline, the escalation cleared, the step recorded with who did it.
	f.clock.advance(time.Hour)
	sent := f.send(t, "POST", "/api/v1/orders/admin/orders/"+oid+"/assign", "en", staff, map[string]any{"from": "tr-slow"})
	hs := sent.body["history"].([]any)
	last := obj(hs[len(hs)-1])
	if sent.status != 200 || sent.body["status"] != "revision_requested" || sent.body["translatorId"] != "tr-slow" || sent.body["revisionEscalatedAt"] != nil ||
		last["step"] != "revision_sent_back" || last["by"] != "staff-esc" || !parseTime(t, sent.body["revisionDue"]).Equal(parseTime(t, last["at"]).Add(48*time.Hour)) {
		t.Fatalf("sent back: %d %s", sent.status, sent.raw)
	}
	// Overdue again: a second escalation, for the new round.
	f.clock.advance(49 * time.Hour)
	if err := f.svc.EscalateOverdue(ctx); err != nil {
		t.Fatal(err)
	}
	if got := f.escalations(t, oid); len(got) != 2 {
		t.Errorf("escalations after the second deadline: %v", got)
	}

	// Given to someone else: still a revision, with the new translator and a fresh deadline; the
	// previous one is told and loses it; the new one redelivers and is credited on completion.
	given := f.send(t, "POST", "/api/v1/orders/admin/orders/"+oid+"/assign", "en", staff, map[string]any{"translatorId": "tr-free", "from": "tr-slow"})
	hs = given.body["history"].([]any)
	last = obj(hs[len(hs)-1])
	if given.status != 200 || given.body["status"] != "revision_requested" || given.body["translatorId"] != "tr-free" || given.body["revisionEscalatedAt"] != nil ||
		last["step"] != "revision_reassigned" || last["translatorId"] != "tr-free" || last["previousTranslatorId"] != "tr-slow" {
		t.Fatalf("given on: %d %s", given.status, given.raw)
	}
	o, _ := f.orders.Order(ctx, oid)
	var told orders.OrderReassignedData
	for _, e := range o.Pending {
		if e.Type == orders.EventOrderReassigned {
			_ = e.Decode(&told)
		}
	}
	if told.PreviousTranslatorID != "tr-slow" || told.TranslatorID != "tr-free" {
		t.Errorf("order.reassigned %+v", told)
	}
	if g := f.send(t, "GET", "/api/v1/orders/orders/"+oid, "en", f.tokenFor("tr-slow", authn.RoleTranslator), nil); g.status != 404 {
		t.Errorf("the previous translator still reads it: %d", g.status)
	}
	if desk, _ := f.deskOf(t, "tr-slow"); len(desk) != 0 {
		t.Errorf("the previous translator's desk: %v", desk)
	}
	newcomer := f.tokenFor("tr-free", authn.RoleTranslator)
	if j := f.send(t, "GET", "/api/v1/orders/orders/"+oid, "en", newcomer, nil); j.body["revisionReason"] != "Terimler tutarsız." || j.body["pay"] == nil {
		t.Errorf("the new translator's job: %s", j.raw)
	}
	f.deliver(t, newcomer, oid)
	if a := f.send(t, "POST", "/api/v1/orders/orders/"+oid+"/complete", "en", customer, nil); a.status != 200 {
		t.Fatalf("accept: %d %s", a.status, a.raw)
	}
	o, _ = f.orders.Order(ctx, oid)
	var completed []orders.OrderStatusChangedData
	for _, e := range o.Pending {
		var p orders.OrderStatusChangedData
		if e.Type == orders.EventOrderStatusChanged && e.Decode(&p) == nil && p.Status == orders.Completed {
			completed = append(completed, p)
		}
	}
	if len(completed) != 1 || completed[0].TranslatorID != "tr-free" || completed[0].Pay == nil || completed[0].Pay.AmountUSD != o.Pay.USD || o.Pay.USD <= 0 {
		t.Errorf("completed events %+v", completed)
	}

	// On vacation when the customer asks: escalated at once, once.
	away := f.claimedAndDelivered(t, customer, "tr-free", false)
	now := f.clock.now().UTC()
	f.profile(t, pool.ProfileChangedData{TranslatorID: "tr-free", Version: 2, Services: []string{"professional-translation"},
		Pairs: []pool.Pair{{Source: "tr", Target: "en"}}, ActiveJobCap: 3, Vacations: []struct {
			Start string `json:"start"`
			End   string `json:"end"`
		}{{now.Add(-time.Hour).Format(time.RFC3339), now.Add(96 * time.Hour).Format(time.RFC3339)}}})
	asked := f.revise(t, customer, away, "Eksik sayfa.")
	if asked.body["translatorId"] != "tr-free" || !strings.HasSuffix(steps(asked), "revision_requested/revision_returned,revision_requested/revision_escalated/unavailable") {
		t.Errorf("revision of a translator on vacation: %s", asked.raw)
	}
	f.clock.advance(49 * time.Hour)
	if err := f.svc.EscalateOverdue(ctx); err != nil {
		t.Fatal(err)
	}
	if got := f.escalations(t, away); len(got) != 1 || got[0] != orders.EscalatedRevisionUnavailable {
		t.Errorf("escalations of the revision of a translator away: %v", got)
	}
	if got := excludedFrom(t, f, staff, away); !strings.Contains(got, "tr-free:on_vacation") {
		t.Errorf("the translator away is left out: %s", got)
	}
}
