package api_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"linguaport/internal/authn"
	"linguaport/internal/events"
	"linguaport/svc-orders/calendar"
	"linguaport/svc-orders/orders"
	"linguaport/svc-orders/pool"
)

// profile feeds the pool's read model as svc-translators' translator.profile_changed would.
func (f *fixture) profile(t *testing.T, p pool.ProfileChangedData) {
	t.Helper()
	e, err := events.New(context.Background(), pool.EventProfileChanged, p)
	if err != nil {
		t.Fatal(err)
	}
	if err := pool.EventHandler(f.translators)(context.Background(), e); err != nil {
		t.Fatal(err)
	}
}

// competent makes tr a translator of professional translation from Turkish into English and
// German, the work quoteBody orders.
func (f *fixture) competent(t *testing.T, tr string) {
	t.Helper()
	f.profile(t, pool.ProfileChangedData{TranslatorID: tr, Version: 1, Services: []string{"professional-translation"},
		Pairs: []pool.Pair{{Source: "tr", Target: "en"}, {Source: "tr", Target: "de"}}})
}

// paidOrder quotes a 400-word document with the given work, approves and pays it: the order
// enters the pool.
func (f *fixture) paidOrder(t *testing.T, customer, source string, targets, addOns []string) string {
	t.Helper()
	up := f.upload(t, "doc.docx", docx(t, words(400)), "", customer)
	body := quoteBody([]string{obj(up.body, "file")["id"].(string)}, "")
	body["sourceLanguage"], body["targetLanguages"], body["addOns"] = source, targets, addOns
	q := f.send(t, "POST", "/api/v1/orders/quotes", "en", customer, body)
	if q.status != 201 {
		t.Fatalf("quote: %d %s", q.status, q.raw)
	}
	approval := f.approve(t, q.body["id"].(string), "en", customer, 0)
	oid := obj(approval.body, "order")["id"].(string)
	if err := f.svc.InvoicePaid(context.Background(), orders.InvoicePaidData{InvoiceID: "inv-" + oid, OrderID: oid}); err != nil {
		t.Fatal(err)
	}
	return oid
}

// poolOf is the ids of the jobs a translator sees, and the whole answer.
func (f *fixture) poolOf(t *testing.T, token string) ([]string, answer) {
	t.Helper()
	a := f.send(t, "GET", "/api/v1/orders/pool", "en", token, nil)
	if a.status != 200 {
		t.Fatalf("pool: %d %s", a.status, a.raw)
	}
	ids := []string{}
	for _, j := range a.body["jobs"].([]any) {
		ids = append(ids, obj(j)["id"].(string))
	}
	slices.Sort(ids)
	return ids, a
}

func sorted(ids ...string) []string { slices.Sort(ids); return ids }

func TestPoolShowsEachTranslatorTheJobsTheyMayTake(t *testing.T) {
	f := newFixture(t)
	customer := f.customer("cust-pool")
	plain := f.paidOrder(t, customer, "tr", []string{"en"}, nil)
	sworn := f.paidOrder(t, customer, "tr", []string{"en"}, []string{"sworn"})
	reverse := f.paidOrder(t, customer, "en", []string{"tr"}, nil)
	twoTargets := f.paidOrder(t, customer, "tr", []string{"en", "de"}, nil)
	unpaid := obj(f.approve(t, f.newQuote(t, customer), "en", customer, 0).body, "order")["id"].(string)

	trEn := pool.Pair{Source: "tr", Target: "en"}
	now := time.Now().UTC()
	for _, p := range []pool.ProfileChangedData{
		{TranslatorID: "tr-en", Version: 1, Services: []string{"professional-translation"}, Pairs: []pool.Pair{trEn}},
		{TranslatorID: "tr-sworn", Version: 1, Services: []string{"professional-translation"}, SwornVerified: true,
			Pairs: []pool.Pair{trEn, {Source: "tr", Target: "de"}}},
		{TranslatorID: "en-tr", Version: 1, Services: []string{"professional-translation", "proofreading"}, Pairs: []pool.Pair{{Source: "en", Target: "tr"}}},
		{TranslatorID: "tr-proof", Version: 1, Services: []string{"proofreading"}, Pairs: []pool.Pair{trEn}},
		{TranslatorID: "tr-away", Version: 1, Services: []string{"professional-translation"}, Pairs: []pool.Pair{trEn, {Source: "tr", Target: "de"}},
			Vacations: []struct {
				Start string `json:"start"`
				End   string `json:"end"`
			}{{now.Add(-time.Hour).Format(time.RFC3339), now.Add(48 * time.Hour).Format(time.RFC3339)}}},
		{TranslatorID: "tr-busy", Version: 1, Services: []string{"professional-translation"}, Pairs: []pool.Pair{trEn}, ActiveJobCap: 1},
	} {
		f.profile(t, p)
	}
	for name, c := range map[string]struct {
		who  string
		want []string
	}{
		"tr→en sees tr→en work, not sworn, not two targets": {"tr-en", []string{plain}},
		"a verified sworn translator of both pairs":         {"tr-sworn", sorted(plain, sworn, twoTargets)},
		"the other direction":                               {"en-tr", []string{reverse}},
		"the pair in another service":                       {"tr-proof", []string{}},
		"unknown to the pool":                               {"tr-nobody", []string{}},
	} {
		if got, a := f.poolOf(t, f.tokenFor(c.who, authn.RoleTranslator)); !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v (%s)", name, got, c.want, a.raw)
		}
	}
	_ = unpaid // awaiting payment: in nobody's pool (checked by every list above)

	// What the translator decides on: the work, the files' counts, the brief, the deadline, the pay.
	_, a := f.poolOf(t, f.tokenFor("tr-en", authn.RoleTranslator))
	job := obj(a.body["jobs"].([]any)[0])
	file := obj(job["files"].([]any)[0])
	counts := obj(file, "counts")
	if job["service"] != "professional-translation" || job["sourceLanguage"] != "tr" || fmt.Sprint(job["targetLanguages"]) != "[en]" ||
		job["unit"] != "word" || job["quantity"] != 400.0 || job["brief"] != "Hukuki terimlere dikkat." || job["sworn"] != false ||
		file["name"] != "doc.docx" || counts["words"] != 400.0 || !strings.HasPrefix(counts["preview"].(string), "kelime0 kelime1") {
		t.Errorf("job %s", a.raw)
	}
	// Before claiming, the document's first page: about a standard page, ended at a word.
	if page, _ := file["preview"].(string); !strings.HasPrefix(page, counts["preview"].(string)) ||
		len(strings.ReplaceAll(page, " ", "")) < 1000 || len(strings.ReplaceAll(page, " ", "")) > 1040 || !strings.HasPrefix(words(400), page+" ") {
		t.Errorf("first page %q", page)
	}
	// Pay: 400 words × 60 % of $0.085 = $20.40, shown in TRY at the platform's 27.50 as well.
	if usd, try := obj(job, "pay", "usd"), obj(job, "pay", "try"); usd["amount"] != 2040.0 || usd["currency"] != "USD" ||
		try["amount"] != 56100.0 || try["currency"] != "TRY" || try["formatted"] != "561.00 TRY" {
		t.Errorf("pay %v", job["pay"])
	}
	// Due at the end of the normal delivery window: 18:00 in Istanbul on the 5th business day
	// after payment (package calendar's tests hold the counting; expected_test.go the rest).
	deadline, err := time.Parse(time.RFC3339, job["deadline"].(string))
	if err != nil || deadline.Before(now.AddDate(0, 0, 4)) || deadline.In(calendar.Istanbul).Hour() != 18 || job["expectedDate"] != calendar.DateOf(deadline).String() {
		t.Errorf("deadline %v, expected %v", job["deadline"], job["expectedDate"])
	}
	// The customer never sees what the translator is paid.
	if o := f.send(t, "GET", "/api/v1/orders/orders/"+plain, "en", customer, nil); o.body["pay"] != nil || o.body["deadline"] == nil {
		t.Errorf("the customer's order: %s", o.raw)
	}

	// On vacation: nothing, and the answer says why; the day after it ends, the pool again.
	away := f.tokenFor("tr-away", authn.RoleTranslator)
	if got, a := f.poolOf(t, away); len(got) != 0 || a.body["onVacation"] != true {
		t.Errorf("on vacation: %s", a.raw)
	}

	// At the cap: nothing. tr-busy (cap 1) has one job on their desk.
	busy := f.tokenFor("tr-busy", authn.RoleTranslator)
	if got, _ := f.poolOf(t, busy); !slices.Equal(got, []string{plain}) {
		t.Errorf("below the cap: %v", got)
	}
	if c := f.send(t, "POST", "/api/v1/orders/orders/"+plain+"/claim", "en", busy, nil); c.status != 200 || c.body["status"] != "assigned" {
		t.Fatalf("claim: %d %s", c.status, c.raw)
	}
	f.profile(t, pool.ProfileChangedData{TranslatorID: "tr-busy", Version: 2, Services: []string{"professional-translation"},
		Pairs: []pool.Pair{trEn, {Source: "tr", Target: "de"}}, ActiveJobCap: 1})
	if got, a := f.poolOf(t, busy); len(got) != 0 || a.body["activeJobs"] != 1.0 || a.body["activeJobCap"] != 1.0 {
		t.Errorf("at the cap: %s", a.raw)
	}
	if c := f.send(t, "POST", "/api/v1/orders/orders/"+twoTargets+"/claim", "en", busy, nil); c.status != 409 || c.code() != "at_cap" {
		t.Errorf("claim at the cap: %d %s", c.status, c.raw)
	}

	f.clock.advance(49 * time.Hour)
	if got, a := f.poolOf(t, away); len(got) == 0 || a.body["onVacation"] != false {
		t.Errorf("after the vacation: %s", a.raw)
	}
}

// Sixteen translators claim one job at the same moment: exactly one gets it.
func TestRacingClaimsHaveOneWinner(t *testing.T) {
	f := newFixture(t)
	customer := f.customer("cust-race")
	oid := f.paidOrder(t, customer, "tr", []string{"en", "de"}, nil)
	tokens := make([]string, 16)
	for i := range tokens {
		id := fmt.Sprintf("tr-race-%d", i)
		f.competent(t, id)
		tokens[i] = f.tokenFor(id, authn.RoleTranslator)
	}
	var (
		wg      sync.WaitGroup
		start   = make(chan struct{})
		answers = make([]answer, len(tokens))
	)
	for i, tok := range tokens {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			answers[i] = f.send(t, "POST", "/api/v1/orders/orders/"+oid+"/claim", "en", tok, nil)
		}()
	}
	close(start)
	wg.Wait()
	winners, taken := []int{}, 0
	for i, a := range answers {
		switch {
		case a.status == 200:
			winners = append(winners, i)
		case a.status == 409 && a.code() == "already_taken":
			taken++
		default:
			t.Errorf("claim %d: %d %s", i, a.status, a.raw)
		}
	}
	if len(winners) != 1 || taken != 15 {
		t.Fatalf("%d winners, %d already_taken", len(winners), taken)
	}
	winner := fmt.Sprintf("tr-race-%d", winners[0])
	o, _ := f.orders.Order(context.Background(), oid)
	if o.Status != orders.Assigned || o.TranslatorID != winner || o.History[len(o.History)-1].Step != orders.StepClaimed || o.History[len(o.History)-1].Note != "" {
		t.Errorf("stored order %s %s %+v", o.Status, o.TranslatorID, o.History)
	}
	// The claim is announced as every move is (order.status_changed, in the order's outbox).
	var moved orders.OrderStatusChangedData
	if last := o.Pending[len(o.Pending)-1]; last.Type != orders.EventOrderStatusChanged || last.Decode(&moved) != nil ||
		moved.Status != orders.Assigned || moved.TranslatorID != winner {
		t.Errorf("last event %+v", last)
	}
	if got, _ := f.poolOf(t, tokens[(winners[0]+1)%16]); len(got) != 0 {
		t.Errorf("the job is still in the pool: %v", got)
	}
	// Claiming one's own job again is the same answer, not a conflict.
	if a := f.send(t, "POST", "/api/v1/orders/orders/"+oid+"/claim", "en", tokens[winners[0]], nil); a.status != 200 || a.body["translatorId"] != winner {
		t.Errorf("the winner claims again: %d %s", a.status, a.raw)
	}
}

func TestUnclaimWithinTheHour(t *testing.T) {
	f := newFixture(t)
	customer := f.customer("cust-unclaim")
	oid := f.paidOrder(t, customer, "tr", []string{"en"}, nil)
	path := "/api/v1/orders/orders/" + oid
	f.competent(t, "tr-a")
	f.competent(t, "tr-b")
	a, b := f.tokenFor("tr-a", authn.RoleTranslator), f.tokenFor("tr-b", authn.RoleTranslator)

	if c := f.send(t, "POST", path+"/claim", "en", a, nil); c.status != 200 {
		t.Fatalf("claim: %d %s", c.status, c.raw)
	}
	// The claimed job is on the translator's desk with what they need to do it.
	list := f.send(t, "GET", "/api/v1/orders/orders", "en", a, nil)
	mine := obj(list.body["orders"].([]any)[0])
	if mine["id"] != oid || mine["deadline"] == nil || mine["brief"] != "Hukuki terimlere dikkat." || len(mine["files"].([]any)) != 1 ||
		obj(mine, "pay", "usd")["amount"] != 2040.0 {
		t.Errorf("the translator's active job: %s", list.raw)
	}
	if u := f.send(t, "POST", path+"/unclaim", "en", b, nil); u.status != 404 {
		t.Errorf("another translator unclaims: %d %s", u.status, u.raw)
	}
	f.clock.advance(59 * time.Minute)
	u := f.send(t, "POST", path+"/unclaim", "en", a, nil)
	if u.status != 200 || u.body["status"] != "in_progress" || u.body["translatorId"] != "" {
		t.Fatalf("unclaim within the hour: %d %s", u.status, u.raw)
	}
	if got, _ := f.poolOf(t, b); !slices.Equal(got, []string{oid}) {
		t.Errorf("back in the pool: %v", got)
	}
	if c := f.send(t, "POST", path+"/claim", "en", b, nil); c.status != 200 {
		t.Fatalf("claimed again: %d %s", c.status, c.raw)
	}
	f.clock.advance(time.Hour + time.Minute)
	if u := f.send(t, "POST", path+"/unclaim", "tr", b, nil); u.status != 409 || u.code() != "unclaim_window_over" ||
		u.message() != "Bir iş yalnızca havuzdan alındıktan sonraki bir saat içinde geri bırakılabilir." {
		t.Errorf("unclaim after the hour: %d %s", u.status, u.raw)
	}
	o, _ := f.orders.Order(context.Background(), oid)
	var steps []string
	for _, h := range o.History {
		steps = append(steps, string(h.Status)+":"+string(h.Step)+":"+h.Note)
	}
	if got := strings.Join(steps, ","); got != "awaiting_payment::,in_progress::,assigned:claimed:,in_progress:unclaimed:,assigned:claimed:" || !o.PaidAt.Equal(o.History[1].At) {
		t.Errorf("timeline %s", got)
	}

	// A job staff assigned is not the translator's to give back.
	other := f.paidOrder(t, customer, "tr", []string{"en"}, nil)
	if s := f.send(t, "POST", "/api/v1/orders/admin/orders/"+other+"/assign", "en", f.token(authn.RoleAdmin), map[string]string{"translatorId": "tr-a"}); s.status != 200 {
		t.Fatalf("staff assign: %d %s", s.status, s.raw)
	}
	if u := f.send(t, "POST", "/api/v1/orders/orders/"+other+"/unclaim", "en", a, nil); u.status != 409 || u.code() != "unclaim_window_over" {
		t.Errorf("unclaim a staff assignment: %d %s", u.status, u.raw)
	}
}

// Staff still assign directly, but only to a translator who may take the job; translators who
// may not cannot claim it either.
func TestOnlyEligibleTranslatorsGetAJob(t *testing.T) {
	f := newFixture(t)
	customer := f.customer("cust-elig")
	admin := f.token(authn.RoleAdmin)
	oid := f.paidOrder(t, customer, "tr", []string{"en"}, []string{"sworn"})
	path := "/api/v1/orders/orders/" + oid
	f.competent(t, "tr-plain") // tr→en, but not sworn
	f.profile(t, pool.ProfileChangedData{TranslatorID: "tr-sworn", Version: 4, Services: []string{"professional-translation"},
		SwornVerified: true, Pairs: []pool.Pair{{Source: "tr", Target: "en"}}})

	for who, msg := range map[string]string{
		"tr-nobody": "The translator's profile is not known yet; they cannot take this job.",
		"tr-plain":  "The job's service, language pair or sworn status does not match the translator's profile.",
	} {
		if a := f.send(t, "POST", "/api/v1/orders/admin/orders/"+oid+"/assign", "en", admin, map[string]string{"translatorId": who}); a.status != 422 || a.code() != "not_eligible" || a.message() != msg {
			t.Errorf("staff assign to %s: %d %s", who, a.status, a.raw)
		}
		if a := f.send(t, "POST", path+"/claim", "en", f.tokenFor(who, authn.RoleTranslator), nil); a.status != 409 || a.code() != "not_eligible" {
			t.Errorf("%s claims: %d %s", who, a.status, a.raw)
		}
	}
	if a := f.send(t, "POST", path+"/claim", "en", customer, nil); a.status != 403 {
		t.Errorf("a customer claims: %d %s", a.status, a.raw)
	}
	unpaid := obj(f.approve(t, f.newQuote(t, customer), "en", customer, 0).body, "order")["id"].(string)
	if a := f.send(t, "POST", "/api/v1/orders/orders/"+unpaid+"/claim", "en", f.tokenFor("tr-sworn", authn.RoleTranslator), nil); a.status != 404 {
		t.Errorf("claim an unpaid order: %d %s", a.status, a.raw)
	}
	if a := f.send(t, "POST", "/api/v1/orders/admin/orders/"+oid+"/assign", "en", admin, map[string]string{"translatorId": "tr-sworn"}); a.status != 200 || a.body["translatorId"] != "tr-sworn" || obj(a.body, "pay", "usd")["amount"] == nil {
		t.Fatalf("staff assign to the sworn translator: %d %s", a.status, a.raw)
	}
	if a := f.send(t, "POST", path+"/claim", "en", f.tokenFor("tr-plain", authn.RoleTranslator), nil); a.status != 409 || a.code() != "already_taken" {
		t.Errorf("claim an assigned job: %d %s", a.status, a.raw)
	}
}
