package api_test

import (
	"context"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"linguaport/internal/authn"
	"linguaport/svc-orders/orders"
	"linguaport/svc-orders/pool"
)

// capped makes tr a tr→en translator with the given active-job cap.
func (f *fixture) capped(t *testing.T, tr string, limit int) {
	t.Helper()
	f.profile(t, pool.ProfileChangedData{TranslatorID: tr, Version: 1, Services: []string{"professional-translation"},
		Pairs: []pool.Pair{{Source: "tr", Target: "en"}}, ActiveJobCap: limit})
}

// claimAs claims a job through the API and fails the test unless it is given.
func (f *fixture) claimAs(t *testing.T, token, id string) {
	t.Helper()
	if c := f.send(t, "POST", "/api/v1/orders/orders/"+id+"/claim", "en", token, nil); c.status != 200 {
		t.Fatalf("claim %s: %d %s", id, c.status, c.raw)
	}
}

// deskOf is the orders on a translator's desk document, and those its orders say are active.
func (f *fixture) deskOf(t *testing.T, tr string) (desk []string, active int) {
	t.Helper()
	ctx := context.Background()
	d, err := f.orders.Desk(ctx, tr)
	if err != nil {
		t.Fatal(err)
	}
	if d != nil {
		for _, j := range d.Jobs {
			desk = append(desk, j.OrderID)
		}
	}
	slices.Sort(desk)
	if active, err = f.orders.ActiveCount(ctx, tr); err != nil {
		t.Fatal(err)
	}
	return desk, active
}

// A translator at cap−1 claims eight different jobs at the same moment: one is given, the seven
// others are refused for the cap (not as taken: the jobs are still in the pool), and the desk
// holds three. Checking the cap with a count before the order's write let every claim through.
func TestClaimsOfDifferentJobsHoldTheCap(t *testing.T) {
	f := newFixture(t)
	customer := f.customer("cust-cap")
	f.capped(t, "tr-cap", 3)
	tr := f.tokenFor("tr-cap", authn.RoleTranslator)
	jobs := make([]string, 10)
	for i := range jobs {
		jobs[i] = f.paidOrder(t, customer, "tr", []string{"en"}, nil)
	}
	f.claimAs(t, tr, jobs[0])
	f.claimAs(t, tr, jobs[1])

	racing := jobs[2:]
	var (
		wg      sync.WaitGroup
		start   = make(chan struct{})
		answers = make([]answer, len(racing))
	)
	for i, id := range racing {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			answers[i] = f.send(t, "POST", "/api/v1/orders/orders/"+id+"/claim", "en", tr, nil)
		}()
	}
	close(start)
	wg.Wait()
	won, atCap := []string{}, 0
	for i, a := range answers {
		switch {
		case a.status == 200:
			won = append(won, racing[i])
		case a.status == 409 && a.code() == "at_cap" &&
			a.message() == "You already have as many active jobs as your limit allows; deliver one before taking another.":
			atCap++
		default:
			t.Errorf("claim %d: %d %s", i, a.status, a.raw)
		}
	}
	if len(won) != 1 || atCap != 7 {
		t.Fatalf("%d claims given (%v), %d refused for the cap", len(won), won, atCap)
	}
	if desk, active := f.deskOf(t, "tr-cap"); !slices.Equal(desk, sorted(jobs[0], jobs[1], won[0])) || active != 3 {
		t.Errorf("desk %v, %d active orders", desk, active)
	}
	// The refused jobs are still in the pool for others, and the refusal is worded in Turkish too.
	f.capped(t, "tr-other", 3)
	if got, _ := f.poolOf(t, f.tokenFor("tr-other", authn.RoleTranslator)); len(got) != 7 || slices.Contains(got, won[0]) {
		t.Errorf("the other translator's pool: %v", got)
	}
	refused := racing[slices.IndexFunc(racing, func(id string) bool { return id != won[0] })]
	if a := f.send(t, "POST", "/api/v1/orders/orders/"+refused+"/claim", "tr", tr, nil); a.status != 409 || a.code() != "at_cap" ||
		a.message() != "Aynı anda alabileceğiniz en fazla iş sayısına ulaştınız; yeni bir iş almak için önce birini teslim edin." {
		t.Errorf("claim at the cap in Turkish: %d %s", a.status, a.raw)
	}
	// Staff are held to the same cap: the translator is not eligible while their desk is full.
	admin := f.token(authn.RoleAdmin)
	if a := f.send(t, "POST", "/api/v1/orders/admin/orders/"+refused+"/assign", "en", admin, map[string]string{"translatorId": "tr-cap"}); a.status != 422 ||
		a.code() != "not_eligible" || a.message() != "The translator already has as many active jobs as their limit allows." {
		t.Errorf("staff assign at the cap: %d %s", a.status, a.raw)
	}

	// Giving a job back (unclaim) frees its place at once; so does a delivery and a reassignment.
	if u := f.send(t, "POST", "/api/v1/orders/orders/"+won[0]+"/unclaim", "en", tr, nil); u.status != 200 {
		t.Fatalf("unclaim: %d %s", u.status, u.raw)
	}
	f.claimAs(t, tr, refused)
	f.deliver(t, tr, jobs[0])
	if a := f.send(t, "POST", "/api/v1/orders/admin/orders/"+won[0]+"/assign", "en", admin, map[string]string{"translatorId": "tr-cap"}); a.status != 200 {
		t.Fatalf("staff assign below the cap: %d %s", a.status, a.raw)
	}
	if a := f.send(t, "POST", "/api/v1/orders/admin/orders/"+jobs[1]+"/assign", "en", admin, map[string]string{"translatorId": "tr-other"}); a.status != 200 {
		t.Fatalf("reassign: %d %s", a.status, a.raw)
	}
	if desk, active := f.deskOf(t, "tr-cap"); !slices.Equal(desk, sorted(refused, won[0])) || active != 2 {
		t.Errorf("desk after unclaim, delivery and reassignment: %v, %d active", desk, active)
	}
	// A revision sent back puts the delivered job on the desk again, even over the cap.
	f.claimAs(t, tr, jobs[2+slices.IndexFunc(racing, func(id string) bool { return id != won[0] && id != refused })])
	if r := f.send(t, "POST", "/api/v1/orders/orders/"+jobs[0]+"/revision", "en", customer, map[string]string{"reason": "Başlıklar eksik."}); r.status != 200 {
		t.Fatalf("revision: %d %s", r.status, r.raw)
	}
	if desk, active := f.deskOf(t, "tr-cap"); len(desk) != 4 || !slices.Contains(desk, jobs[0]) || active != 4 {
		t.Errorf("desk after a revision: %v, %d active", desk, active)
	}
}

// deliver uploads a result as the translator and delivers the order with it.
func (f *fixture) deliver(t *testing.T, token, id string) {
	t.Helper()
	up := f.upload(t, "result.docx", docx(t, "translated"), "", token)
	d := f.send(t, "POST", "/api/v1/orders/orders/"+id+"/deliver", "en", token,
		map[string]any{"fileIds": []string{obj(up.body, "file")["id"].(string)}})
	if d.status != 200 {
		t.Fatalf("deliver %s: %d %s", id, d.status, d.raw)
	}
}

// crashingStore dies (panics) on the order write it is armed for: the process that reserved a
// place on a desk is gone before it wrote the job.
type crashingStore struct {
	*orders.MongoStore
	armed atomic.Bool
}

func (c *crashingStore) Update(ctx context.Context, id string, change func(*orders.Order) (*orders.Order, error)) (*orders.Order, error) {
	if c.armed.Swap(false) {
		panic("crashed between the desk and the order")
	}
	return c.MongoStore.Update(ctx, id, change)
}

// A claim that dies after reserving its place and before writing the job leaves the place
// taken for as long as such a claim could still write (the cap holds meanwhile); after that the
// next claim recounts the desk from the orders and the place is free again.
func TestDeskRecoversFromAClaimThatDied(t *testing.T) {
	f := newFixture(t)
	customer := f.customer("cust-crash")
	f.capped(t, "tr-crash", 3)
	tr := f.tokenFor("tr-crash", authn.RoleTranslator)
	jobs := make([]string, 4)
	for i := range jobs {
		jobs[i] = f.paidOrder(t, customer, "tr", []string{"en"}, nil)
	}
	f.claimAs(t, tr, jobs[0])
	f.claimAs(t, tr, jobs[1])

	crashing := &crashingStore{MongoStore: f.orders}
	crashing.armed.Store(true)
	dying := orders.NewService(crashing, nil, nil, f.translators, nil, f.clock.now, func(...any) {})
	func() {
		defer func() {
			if recover() == nil {
				t.Fatal("the claim did not crash")
			}
		}()
		_, _ = dying.Claim(context.Background(), authn.Caller{ID: "tr-crash", Role: authn.RoleTranslator}, jobs[2])
	}()
	if desk, active := f.deskOf(t, "tr-crash"); len(desk) != 3 || !slices.Contains(desk, jobs[2]) || active != 2 {
		t.Fatalf("after the crash: desk %v, %d active", desk, active)
	}
	if o, _ := f.orders.Order(context.Background(), jobs[2]); o.Status != orders.InProgress || o.TranslatorID != "" {
		t.Fatalf("the crashed claim wrote the job: %s %q", o.Status, o.TranslatorID)
	}
	// Within the time the dead claim could still have written its job, its place counts.
	if a := f.send(t, "POST", "/api/v1/orders/orders/"+jobs[3]+"/claim", "en", tr, nil); a.status != 409 || a.code() != "at_cap" {
		t.Errorf("claim while the dead claim's place is held: %d %s", a.status, a.raw)
	}
	f.clock.advance(3 * time.Minute)
	f.claimAs(t, tr, jobs[3])
	if desk, active := f.deskOf(t, "tr-crash"); !slices.Equal(desk, sorted(jobs[0], jobs[1], jobs[3])) || active != 3 {
		t.Errorf("recounted desk %v, %d active", desk, active)
	}
	// The job the dead claim reserved is still in the pool and can be claimed by someone else.
	f.capped(t, "tr-next", 3)
	f.claimAs(t, f.tokenFor("tr-next", authn.RoleTranslator), jobs[2])
}
