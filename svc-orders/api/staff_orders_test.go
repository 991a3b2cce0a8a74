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
	"linguaport/internal/httpx"
	"linguaport/svc-orders/api"
	"linguaport/svc-orders/orders"
	"linguaport/svc-orders/pool"
)

// Every staff route answers a visitor 401, and a customer or a translator 403, before anything
// else happens.
func TestStaffRoutesRefuseEveryoneButStaff(t *testing.T) {
	f := newFixture(t)
	n := 0
	for _, r := range api.Routes(api.Endpoints{}, httpx.TrustedProxies{}).Rules() {
		method, path, _ := strings.Cut(r.Pattern, " ")
		if !strings.Contains(path, "/admin/") {
			continue
		}
		n++
		path = strings.ReplaceAll(path, "{id}", "x")
		for who, c := range map[string]struct {
			token string
			want  int
		}{"a visitor": {"", 401}, "a customer": {f.token(authn.RoleCustomer), 403}, "a translator": {f.token(authn.RoleTranslator), 403}} {
			if a := f.send(t, method, path, "en", c.token, map[string]any{}); a.status != c.want {
				t.Errorf("%s %s by %s: %d, want %d", method, path, who, a.status, c.want)
			}
		}
	}
	if n < 12 {
		t.Errorf("only %d staff routes declared", n)
	}
}

// seedOrders stores n orders of customer (one in three assigned to tr-list, the even ones paid
// with a deadline), created a minute apart, the newest last; it answers their ids, oldest first.
func (f *fixture) seedOrders(t *testing.T, customer string, n int) []string {
	t.Helper()
	base := time.Now().UTC().Add(-time.Duration(n) * time.Minute).Truncate(time.Millisecond)
	var ids []string
	for i := range n {
		o := &orders.Order{ID: fmt.Sprintf("%s-%03d", customer, i), Number: fmt.Sprintf("O-2026-%05d", 100+i), QuoteID: fmt.Sprintf("q-%s-%d", customer, i),
			CustomerID: customer, Status: orders.AwaitingPayment, CreatedAt: base.Add(time.Duration(i) * time.Minute)}
		if i%2 == 0 {
			deadline := base.Add(time.Duration(n-i) * time.Hour) // the newer, the sooner due
			o.Status, o.Deadline = orders.InProgress, &deadline
		}
		if i%3 == 0 {
			o.Status, o.TranslatorID = orders.Assigned, "tr-list"
		}
		if _, err := f.orders.Create(context.Background(), o); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, o.ID)
	}
	return ids
}

// staffList is GET admin/orders?query as staff: the ids, and the whole answer.
func (f *fixture) staffList(t *testing.T, path, query string) ([]string, answer) {
	t.Helper()
	a := f.send(t, "GET", path+"?"+query, "en", f.tokenFor("staff-list", authn.RoleAdmin), nil)
	if a.status != 200 {
		t.Fatalf("%s?%s: %d %s", path, query, a.status, a.raw)
	}
	key := "orders"
	if strings.HasSuffix(path, "quotes") {
		key = "quotes"
	}
	ids := []string{}
	for _, o := range a.body[key].([]any) {
		ids = append(ids, obj(o)["id"].(string))
	}
	return ids, a
}

// walk pages through a staff list from the first page to the last, following next, and answers
// every id in the order met; it fails the test on an id met twice.
func (f *fixture) walk(t *testing.T, path, query string) []string {
	t.Helper()
	var all []string
	cursor := ""
	for pages := 0; ; pages++ {
		q := query
		if cursor != "" {
			q += "&before=" + cursor
		}
		ids, a := f.staffList(t, path, q)
		for _, id := range ids {
			if slices.Contains(all, id) {
				t.Fatalf("%s?%s: %s on two pages", path, q, id)
			}
		}
		all = append(all, ids...)
		if a.body["more"] != true {
			return all
		}
		if pages > 100 {
			t.Fatalf("%s?%s: no last page", path, query)
		}
		cursor = a.body["next"].(string)
	}
}

func reversed(ids []string) []string {
	out := slices.Clone(ids)
	slices.Reverse(out)
	return out
}

// The staff list pages 50 at a time, newest first or the soonest due first, filtered by status,
// customer or translator and searched by order number or customer id, all on the server (each
// query checked against the indexes by testenv).
func TestStaffOrderListFiltersSearchesAndPages(t *testing.T) {
	f := newFixture(t)
	many := f.seedOrders(t, "cust-many", 53)
	few := f.seedOrders(t, "cust-few", 2)
	const list = "/api/v1/orders/admin/orders"

	first, a := f.staffList(t, list, "")
	if len(first) != 50 || a.body["more"] != true || first[0] != few[1] || a.body["next"] != first[49] {
		t.Fatalf("first page: %d more=%v next=%v first=%v", len(first), a.body["more"], a.body["next"], first[:2])
	}
	second, a := f.staffList(t, list, "before="+first[49])
	if len(second) != 5 || a.body["more"] != false || slices.ContainsFunc(second, func(id string) bool { return slices.Contains(first, id) }) {
		t.Errorf("second page: %v more=%v", second, a.body["more"])
	}
	if second[len(second)-1] != many[0] {
		t.Errorf("the oldest order is not last: %v", second)
	}
	row := obj(a.body["orders"].([]any)[len(second)-1])
	if row["customerId"] != "cust-many" || row["number"] != "O-2026-00100" || row["status"] != "assigned" || row["translatorId"] != "tr-list" {
		t.Errorf("row %v", row)
	}

	if got, _ := f.staffList(t, list, "customer=cust-few"); !slices.Equal(got, []string{few[1], few[0]}) {
		t.Errorf("customer filter: %v", got)
	}
	if got, _ := f.staffList(t, list, "q=cust-few&status=assigned"); !slices.Equal(got, []string{few[0]}) {
		t.Errorf("search by customer with status: %v", got)
	}
	if got, _ := f.staffList(t, list, "q=o-2026-00101"); !slices.Equal(sorted(got...), sorted(many[1], few[1])) { // each seed numbers from 100
		t.Errorf("search by number, any case: %v", got)
	}
	if got, _ := f.staffList(t, list, "q=O-2026-00150"); !slices.Equal(got, []string{many[50]}) {
		t.Errorf("search by number: %v", got)
	}
	assigned, _ := f.staffList(t, list, "translator=tr-list")
	if len(assigned) != 18+1 || !slices.Contains(assigned, many[51]) || slices.Contains(assigned, many[1]) {
		t.Errorf("translator filter: %d %v", len(assigned), assigned)
	}
	waiting, _ := f.staffList(t, list, "status=in_progress&customer=cust-many")
	for _, id := range waiting {
		var i int
		fmt.Sscanf(strings.TrimPrefix(id, "cust-many-"), "%d", &i)
		if i%2 != 0 || i%3 == 0 {
			t.Errorf("status filter let %s through", id)
		}
	}
	if len(waiting) != 18 {
		t.Errorf("in progress: %d", len(waiting))
	}

	// Oldest first walks the same orders the other way, page by page, none twice; newest (the
	// shared name) and created are the default order.
	newest := append(append([]string{}, first...), second...)
	oldest := f.walk(t, list, "sort=oldest")
	if !slices.Equal(oldest, reversed(newest)) || oldest[0] != many[0] {
		t.Errorf("oldest first: %v\nnewest first: %v", oldest, newest)
	}
	for _, sort := range []string{"newest", "created"} {
		if got := f.walk(t, list, "sort="+sort); !slices.Equal(got, newest) {
			t.Errorf("sort=%s: %v", sort, got)
		}
	}
	if got := f.walk(t, list, "sort=oldest&customer=cust-many&status=in_progress"); !slices.Equal(got, reversed(waiting)) {
		t.Errorf("oldest in progress: %v, newest %v", got, waiting)
	}

	// By deadline: the soonest first, unpaid orders (no deadline) left out, paged the same way.
	due, a := f.staffList(t, list, "sort=deadline&customer=cust-many")
	if len(due) != 27 || due[0] != many[52] || due[26] != many[0] || a.body["more"] != false {
		t.Errorf("by deadline: %d %v", len(due), due)
	}
	dueAll, a := f.staffList(t, list, "sort=deadline")
	next, _ := f.staffList(t, list, "sort=deadline&before="+dueAll[len(dueAll)-1])
	if len(dueAll) != 28 || a.body["more"] != false || len(next) != 0 {
		t.Errorf("every due order: %d, after the last %v", len(dueAll), next)
	}

	for query, field := range map[string]string{
		"status=lost":                     "status",
		"sort=price":                      "sort",
		"customer=a&translator=b":         "translator",
		"before=nobody":                   "before",
		"sort=deadline&before=" + many[1]: "before", // no deadline to page from
		"colour=red":                      "colour",
		"q=cust-few&customer=cust-many":   "q",
	} {
		a := f.send(t, "GET", list+"?"+query, "tr", f.token(authn.RoleAdmin), nil)
		if a.status != 400 || fieldOf(a.body, field) == "" {
			t.Errorf("%s: %d %s", query, a.status, a.raw)
		}
	}
	if a := f.send(t, "GET", list+"?sort=price", "tr", f.token(authn.RoleAdmin), nil); fieldOf(a.body, "sort") != "Geçersiz değer." {
		t.Errorf("unknown sort in Turkish: %s", a.raw)
	}
	for _, path := range []string{list + "/nope", list + "/nope/eligible", "/api/v1/orders/admin/quotes/nope"} {
		if a := f.send(t, "GET", path, "en", f.token(authn.RoleAdmin), nil); a.status != 404 {
			t.Errorf("%s: %d", path, a.status)
		}
	}
}

// Who could take an order: the pool's rules, translator by translator; staff assign only such a
// translator (422 otherwise, with why, in the request's language); a reassignment takes the job
// from the previous translator, who is told and no longer sees it; the timeline says who and when.
// excludedFrom is GET admin/orders/{id}/eligible's excluded, as "translator:reason" joined by
// commas, in the answer's order.
func excludedFrom(t *testing.T, f *fixture, staff, id string) string {
	t.Helper()
	a := f.send(t, "GET", "/api/v1/orders/admin/orders/"+id+"/eligible", "en", staff, nil)
	if a.status != 200 {
		t.Fatalf("eligible: %d %s", a.status, a.raw)
	}
	var out []string
	for _, e := range a.body["excluded"].([]any) {
		out = append(out, obj(e)["translatorId"].(string)+":"+obj(e)["reason"].(string))
	}
	return strings.Join(out, ",")
}

func TestEligibleTranslatorsAndReassignment(t *testing.T) {
	f := newFixture(t)
	customer := f.customer("cust-assign")
	staff := f.tokenFor("staff-assign", authn.RoleAdmin)
	oid := f.paidOrder(t, customer, "tr", []string{"en"}, nil)
	sworn := f.paidOrder(t, customer, "tr", []string{"en"}, []string{"sworn"})
	busyJob := f.paidOrder(t, customer, "tr", []string{"en"}, nil)
	trEn := []pool.Pair{{Source: "tr", Target: "en"}}
	now := time.Now().UTC()
	away := []struct {
		Start string `json:"start"`
		End   string `json:"end"`
	}{{now.Add(-time.Hour).Format(time.RFC3339), now.Add(48 * time.Hour).Format(time.RFC3339)}}
	for _, p := range []pool.ProfileChangedData{
		{TranslatorID: "tr-ok", Version: 1, Services: []string{"professional-translation"}, Pairs: trEn},
		{TranslatorID: "tr-ok2", Version: 1, Services: []string{"professional-translation"}, Pairs: trEn, SwornVerified: true},
		{TranslatorID: "tr-away", Version: 1, Services: []string{"professional-translation"}, Pairs: trEn, Vacations: away},
		{TranslatorID: "tr-busy", Version: 1, Services: []string{"professional-translation"}, Pairs: trEn, ActiveJobCap: 1},
		{TranslatorID: "tr-suspended", Version: 1, Services: []string{"professional-translation"}, Pairs: trEn, SwornVerified: true, Suspended: true},
		{TranslatorID: "tr-reverse", Version: 1, Services: []string{"professional-translation"}, Pairs: []pool.Pair{{Source: "en", Target: "tr"}}},
		{TranslatorID: "tr-proof", Version: 1, Services: []string{"proofreading"}, Pairs: trEn},
	} {
		f.profile(t, p)
	}
	if a := f.send(t, "POST", "/api/v1/orders/admin/orders/"+busyJob+"/assign", "en", staff, map[string]string{"translatorId": "tr-busy"}); a.status != 200 {
		t.Fatalf("assign the busy one's job: %d %s", a.status, a.raw)
	}
	eligible := func(id string) []string {
		a := f.send(t, "GET", "/api/v1/orders/admin/orders/"+id+"/eligible", "en", staff, nil)
		if a.status != 200 {
			t.Fatalf("eligible: %d %s", a.status, a.raw)
		}
		var out []string
		for _, c := range a.body["candidates"].([]any) {
			out = append(out, obj(c)["translatorId"].(string))
			if _, ok := obj(c)["activeJobs"]; !ok {
				t.Errorf("no active job count: %v", c)
			}
		}
		slices.Sort(out)
		return out
	}
	if got := eligible(oid); !slices.Equal(got, []string{"tr-ok", "tr-ok2"}) {
		t.Errorf("eligible for plain work: %v", got)
	}
	// The others competent for the work are listed with why they are left out.
	if got := excludedFrom(t, f, staff, oid); got != "tr-away:on_vacation,tr-busy:at_cap,tr-suspended:suspended" {
		t.Errorf("left out of plain work: %s", got)
	}
	if got := eligible(sworn); !slices.Equal(got, []string{"tr-ok2"}) {
		t.Errorf("eligible for sworn work: %v", got)
	}
	for who, msg := range map[string]string{
		"tr-suspended": "Çevirmenin hesabı askıya alındı; askı kalkana kadar iş alamaz.",
		"tr-away":      "Çevirmen izinde; izin bitene kadar iş alamaz.",
		"tr-busy":      "Çevirmen aynı anda alabileceği en fazla iş sayısına ulaştı.",
		"tr-reverse":   "İşin hizmeti, dil çifti ya da yeminli olması çevirmenin profiline uymuyor.",
	} {
		if a := f.send(t, "POST", "/api/v1/orders/admin/orders/"+oid+"/assign", "tr", staff, map[string]string{"translatorId": who}); a.status != 422 || a.code() != "not_eligible" || a.message() != msg {
			t.Errorf("assign to %s: %d %s", who, a.status, a.raw)
		}
	}
	if a := f.send(t, "POST", "/api/v1/orders/admin/orders/"+oid+"/assign", "en", staff, map[string]string{"translatorId": "tr-ok"}); a.status != 200 || a.body["translatorId"] != "tr-ok" {
		t.Fatalf("assign: %d %s", a.status, a.raw)
	}
	if got := eligible(oid); !slices.Equal(got, []string{"tr-ok2"}) {
		t.Errorf("eligible for a reassignment (not the current one): %v", got)
	}
	if a := f.send(t, "POST", "/api/v1/orders/admin/orders/"+oid+"/assign", "en", staff, map[string]string{"translatorId": "tr-suspended"}); a.status != 422 {
		t.Errorf("reassign to a suspended translator: %d %s", a.status, a.raw)
	}
	// Reassigned: the previous translator is told (order.reassigned in the order's outbox) and no
	// longer reaches the order; the timeline names the new translator and the staff member.
	a := f.send(t, "POST", "/api/v1/orders/admin/orders/"+oid+"/assign", "en", staff, map[string]any{"translatorId": "tr-ok2", "from": "tr-ok"})
	if a.status != 200 || a.body["translatorId"] != "tr-ok2" || a.body["status"] != "assigned" {
		t.Fatalf("reassign: %d %s", a.status, a.raw)
	}
	detail := f.send(t, "GET", "/api/v1/orders/admin/orders/"+oid, "en", staff, nil)
	history := detail.body["history"].([]any)
	last := obj(history[len(history)-1])
	if detail.body["customerId"] != "cust-assign" || last["step"] != "reassigned" || last["note"] != "" || last["translatorId"] != "tr-ok2" || last["by"] != "staff-assign" || last["at"] == nil {
		t.Errorf("staff's detail: %s", detail.raw)
	}
	if c := f.send(t, "GET", "/api/v1/orders/orders/"+oid, "en", customer, nil); strings.Contains(string(c.raw), "staff-assign") {
		t.Errorf("the customer reads the staff member: %s", c.raw)
	}
	o, _ := f.orders.Order(context.Background(), oid)
	var told orders.OrderReassignedData
	for _, e := range o.Pending {
		if e.Type == orders.EventOrderReassigned {
			_ = e.Decode(&told)
		}
	}
	if told.PreviousTranslatorID != "tr-ok" || told.TranslatorID != "tr-ok2" || told.OrderID != oid {
		t.Errorf("order.reassigned: %+v", told)
	}
	if g := f.send(t, "GET", "/api/v1/orders/orders/"+oid, "en", f.tokenFor("tr-ok", authn.RoleTranslator), nil); g.status != 404 {
		t.Errorf("the previous translator still reads the order: %d", g.status)
	}
	// Giving it to the same translator again changes nothing and records nothing.
	if a := f.send(t, "POST", "/api/v1/orders/admin/orders/"+oid+"/assign", "en", staff, map[string]string{"translatorId": "tr-ok2"}); a.status != 200 {
		t.Errorf("same again: %d", a.status)
	}
	if got := f.auditEntries(t, "object=order:"+oid); len(got) != 2 || obj(got[0], "after")["translatorId"] != "tr-ok2" || obj(got[0], "before")["translatorId"] != "tr-ok" {
		t.Errorf("audit of the order: %v", got)
	}

	// Suspended, a translator's pool is empty and says why; they cannot claim.
	f.paidOrder(t, customer, "tr", []string{"en"}, nil)
	_, p := f.poolOf(t, f.tokenFor("tr-suspended", authn.RoleTranslator))
	if len(p.body["jobs"].([]any)) != 0 || p.body["suspended"] != true || p.body["reason"] != "suspended" {
		t.Errorf("suspended pool: %s", p.raw)
	}
	if c := f.send(t, "POST", "/api/v1/orders/orders/"+sworn+"/claim", "en", f.tokenFor("tr-suspended", authn.RoleTranslator), nil); c.status != 409 || c.code() != "not_eligible" ||
		c.message() != "The translator is suspended and takes no jobs until the suspension is lifted." {
		t.Errorf("suspended claims: %d %s", c.status, c.raw)
	}
}

// Two staff members assign the same waiting order at once, each to their own translator: one
// wins, the other is told the order changed (409), and the order has one assignment.
func TestTwoStaffAssignAtOnce(t *testing.T) {
	f := newFixture(t)
	customer := f.customer("cust-race")
	for round := range 3 {
		oid := f.paidOrder(t, customer, "tr", []string{"en"}, nil)
		var wg sync.WaitGroup
		statuses := make([]int, 2)
		codes := make([]string, 2)
		for i, tr := range []string{fmt.Sprintf("tr-a%d", round), fmt.Sprintf("tr-b%d", round)} {
			f.competent(t, tr)
			wg.Add(1)
			go func() {
				defer wg.Done()
				a := f.send(t, "POST", "/api/v1/orders/admin/orders/"+oid+"/assign", "en", f.tokenFor(fmt.Sprintf("staff-%d", i), authn.RoleAdmin),
					map[string]any{"translatorId": tr, "from": ""})
				statuses[i], codes[i] = a.status, a.code()
			}()
		}
		wg.Wait()
		slices.Sort(statuses)
		if !slices.Equal(statuses, []int{200, 409}) || !slices.Contains(codes, "order_changed") {
			t.Fatalf("round %d: %v %v", round, statuses, codes)
		}
		o, _ := f.orders.Order(context.Background(), oid)
		if n := len(o.History); o.Status != orders.Assigned || o.History[n-2].Status != orders.InProgress {
			t.Errorf("round %d: history %+v", round, o.History)
		}
	}
}

// Writes to the order that change nothing staff decided on (its outbox relayed, the pool's
// bookkeeping) while an assignment is under way do not refuse the assignment: only another
// translator on the order does.
func TestAssignSurvivesUnrelatedWrites(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	customer := f.customer("cust-busy")
	f.competent(t, "tr-busy")
	staff := f.tokenFor("staff-busy", authn.RoleAdmin)
	for round := range 10 {
		oid := f.paidOrder(t, customer, "tr", []string{"en"}, nil)
		stop := make(chan struct{})
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				// A write that leaves every field as it was but moves the version on.
				_, _ = f.orders.Update(ctx, oid, func(o *orders.Order) (*orders.Order, error) { return o, nil })
			}
		}()
		a := f.send(t, "POST", "/api/v1/orders/admin/orders/"+oid+"/assign", "en", staff, map[string]any{"translatorId": "tr-busy"})
		close(stop)
		wg.Wait()
		if a.status != 200 {
			t.Fatalf("round %d: %d %s", round, a.status, a.raw)
		}
		// Hand it back so the translator stays under their cap for the next round. Written past
		// the service, it leaves the job's place on the desk until no assignment could still be
		// in flight (desk.go); then the next one recounts the desk from the orders.
		if _, err := f.orders.Update(ctx, oid, func(o *orders.Order) (*orders.Order, error) {
			o.Status, o.TranslatorID = orders.Delivered, "tr-busy-done"
			return o, nil
		}); err != nil {
			t.Fatal(err)
		}
		f.clock.advance(3 * time.Minute)
	}
}
