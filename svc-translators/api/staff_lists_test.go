package api_test

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"linguaport/internal/audit"
	"linguaport/internal/authn"
	"linguaport/internal/httpx"
	"linguaport/internal/ids"
	"linguaport/internal/searchkeys"
	"linguaport/internal/testenv"
	"linguaport/svc-translators/api"
	"linguaport/svc-translators/applications"
	"linguaport/svc-translators/profiles"
	"linguaport/svc-translators/support"
)

// staffLists serves the real handler over all three areas on FerretDB, with a clock the test
// sets, so that lists hold several documents at one instant (ties the cursor must break).
type staffLists struct {
	*profileServer
	profiles profiles.Service
	apps     *applications.MongoStore
	tickets  support.Service
	admin    string

	mu  sync.Mutex
	now time.Time
}

func (s *staffLists) clock() time.Time { s.mu.Lock(); defer s.mu.Unlock(); return s.now }
func (s *staffLists) set(t time.Time)  { s.mu.Lock(); s.now = t; s.mu.Unlock() }

func newStaffLists(t *testing.T) *staffLists {
	t.Helper()
	ctx := context.Background()
	db := testenv.Mongo(t)
	apps, err := applications.NewMongoStore(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	tickets, err := support.NewMongoStore(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	profileStore, err := profiles.NewMongoStore(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	auditLog, err := audit.NewLog(ctx, db, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := testenv.StartRedis(t)
	_, key, _ := ed25519.GenerateKey(rand.Reader)
	signer := authn.NewSigner("k", key)
	auth := authn.NewAuthenticator(authn.NewVerifier(authn.StaticKeys{"k": signer.PublicKey()}, authn.NewRedisSessions(r.Client)), nil)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	s := &staffLists{apps: apps, now: time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC)}
	s.profiles = profiles.NewService(profileStore, s.clock, func(...any) {})
	s.tickets = support.NewService(tickets, ids.New, s.clock, func(...any) {})
	appSvc := applications.NewService(apps, nil, ids.New, s.clock, func(...any) {})
	handler := api.Routes(api.MakeEndpoints(api.Services{Applications: appSvc, Support: s.tickets, Profiles: s.profiles, Audit: auditLog}), httpx.LoopbackOnly).Handler(auth)
	srv := httptest.NewServer(httpx.NewServer(httpx.Options{Name: "svc-translators", Handler: handler, Logger: log}).Handler())
	t.Cleanup(srv.Close)
	s.profileServer = &profileServer{url: srv.URL, signer: signer, redis: r.Client}
	s.admin = s.token("staff-1", authn.RoleAdmin)
	return s
}

// walk follows a staff list from its first page by before=next to its last, in both orders,
// and returns the ids of each, failing on a repeat or on more without next.
func (s *staffLists) walk(t *testing.T, path, items string, params url.Values) (newest, oldest []string) {
	t.Helper()
	for _, sort := range []string{"newest", "oldest"} {
		var ids []string
		seen := map[string]bool{}
		before := ""
		for page := 0; ; page++ {
			q := url.Values{}
			for k, v := range params {
				q[k] = v
			}
			q.Set("sort", sort)
			if before != "" {
				q.Set("before", before)
			}
			a := s.call(t, "GET", path+"?"+q.Encode(), s.admin, "en", nil)
			if a.status != 200 || page > 10 {
				t.Fatalf("%s?%s: %d %v", path, q.Encode(), a.status, a.body)
			}
			list, _ := a.body[items].([]any)
			for _, it := range list {
				id := it.(map[string]any)["id"]
				if id == nil {
					id = it.(map[string]any)["translatorId"]
				}
				if seen[id.(string)] {
					t.Fatalf("%s sort=%s: %s on two pages", path, sort, id)
				}
				seen[id.(string)] = true
				ids = append(ids, id.(string))
			}
			if a.body["more"] != true {
				if a.body["next"] != nil {
					t.Errorf("%s: the last page has a next %v", path, a.body["next"])
				}
				break
			}
			next, _ := a.body["next"].(string)
			if next == "" || next != ids[len(ids)-1] {
				t.Fatalf("%s: more with next %q, last shown %q", path, next, ids[len(ids)-1])
			}
			before = next
		}
		if sort == "newest" {
			newest = ids
		} else {
			oldest = ids
		}
	}
	return newest, oldest
}

func reversed(ids []string) []string {
	out := slices.Clone(ids)
	slices.Reverse(out)
	return out
}

// Staff's translators: more than a page, created three at an instant, walked both ways without
// a gap or a repeat; filtered by suspension and sworn state; searched; each filter with paging.
func TestTranslatorsStaffList(t *testing.T) {
	s := newStaffLists(t)
	ctx := context.Background()
	base := s.clock()
	var created, suspended, verified, pending []string
	for i := range profiles.PageSize + 12 {
		id := fmt.Sprintf("tr-%03d", i)
		s.set(base.Add(time.Duration(i/3) * time.Minute))
		name := fmt.Sprintf("Çevirmen %03d", i)
		if i == 7 {
			name = "İlker Yılmaz"
		}
		if _, err := s.profiles.Start(ctx, profiles.Opening{TranslatorID: id, FullName: name, Email: fmt.Sprintf("c%03d@example.com", i)}); err != nil {
			t.Fatal(err)
		}
		created = append(created, id)
	}
	for i, id := range created {
		if i%4 == 0 || i%4 == 1 {
			in := profiles.CompetenciesInput{Pairs: []profiles.Pair{{Source: "tr", Target: "en"}}, Services: []string{"professional-translation"},
				Sworn: &profiles.SwornInput{Court: "İstanbul 5. Noterliği", CertificateDate: "2019-05-01"}}
			if _, err := s.profiles.SaveCompetencies(ctx, authn.Caller{ID: id}, in); err != nil {
				t.Fatal(err)
			}
			if i%4 == 0 {
				if _, err := s.profiles.VerifySworn(ctx, authn.Caller{ID: "staff-1"}, id); err != nil {
					t.Fatal(err)
				}
				verified = append(verified, id)
			} else {
				pending = append(pending, id)
			}
		}
		if i%5 == 0 {
			if _, err := s.profiles.Suspend(ctx, authn.Caller{ID: "staff-1"}, id, "documents missing"); err != nil {
				t.Fatal(err)
			}
			suspended = append(suspended, id)
		}
	}
	newest, oldest := s.walk(t, "admin/translators", "translators", nil)
	if !slices.Equal(oldest, created) || !slices.Equal(newest, reversed(created)) {
		t.Errorf("newest %v\noldest %v\nwant created %v", newest, oldest, created)
	}
	not := func(set []string) (out []string) {
		for _, id := range created {
			if !slices.Contains(set, id) {
				out = append(out, id)
			}
		}
		return out
	}
	both := func(a, b []string) (out []string) {
		for _, id := range a {
			if slices.Contains(b, id) {
				out = append(out, id)
			}
		}
		return out
	}
	for params, want := range map[string][]string{
		"suspended=true":                both(created, suspended),
		"suspended=false":               not(suspended),
		"sworn=verified":                verified,
		"sworn=pending":                 pending,
		"suspended=false&sworn=pending": both(pending, not(suspended)),
		"q=ilker":                       {"tr-007"},
		"q=YIL":                         {"tr-007"},
		"q=c01":                         {"tr-010", "tr-011", "tr-012", "tr-013", "tr-014", "tr-015", "tr-016", "tr-017", "tr-018", "tr-019"},
		"q=%C3%A7evirmen&sworn=pending": both(pending, not([]string{"tr-007"})),
		"q=tr-033":                      {"tr-033"},
		"q=nobody":                      nil,
	} {
		q, _ := url.ParseQuery(params)
		newest, oldest := s.walk(t, "admin/translators", "translators", q)
		if !slices.Equal(oldest, want) || !slices.Equal(newest, reversed(want)) {
			t.Errorf("%s: oldest %v, newest %v, want %v", params, oldest, newest, want)
		}
	}
	// A row says what the filters filter by.
	a := s.call(t, "GET", "admin/translators?q=tr-000", s.admin, "en", nil)
	row := a.body["translators"].([]any)[0].(map[string]any)
	if row["suspended"] != true || row["competencies"].(map[string]any)["sworn"].(map[string]any)["verified"] != true || row["createdAt"] == nil || row["search"] != nil {
		t.Errorf("row %v", row)
	}
}

// One translator as staff see them: competencies, sworn status, cap, suspension, vacations and
// bank accounts masked to their last 4 characters; an unknown id is 404 in the request's
// language; only staff.
func TestTranslatorStaffDetail(t *testing.T) {
	s := newStaffLists(t)
	ayse := s.token("tr-ayse", authn.RoleTranslator)
	if a := s.call(t, "PUT", "profile/competencies", ayse, "en", goodCompetencies()); a.status != 200 {
		t.Fatalf("competencies %d %v", a.status, a.body)
	}
	for _, iban := range []string{"TR33 0006 1005 1978 6457 8413 26", "DE89 3704 0044 0532 0130 00"} {
		if a := s.call(t, "POST", "bank-accounts", ayse, "en", map[string]string{"iban": iban, "holder": "Ayşe Yılmaz"}); a.status != 201 {
			t.Fatalf("account %d %v", a.status, a.body)
		}
	}
	if a := s.call(t, "POST", "vacations", ayse, "en", map[string]string{"start": "2026-12-01", "end": "2026-12-05", "note": "rest"}); a.status != 201 {
		t.Fatalf("vacation %d %v", a.status, a.body)
	}
	if a := s.call(t, "PUT", "admin/translators/tr-ayse/cap", s.admin, "en", map[string]int{"activeJobCap": 5}); a.status != 200 {
		t.Fatalf("cap %d %v", a.status, a.body)
	}
	if a := s.call(t, "POST", "admin/translators/tr-ayse/suspend", s.admin, "en", map[string]string{"reason": "documents missing"}); a.status != 200 {
		t.Fatalf("suspend %d %v", a.status, a.body)
	}

	d := s.call(t, "GET", "admin/translators/tr-ayse", s.admin, "en", nil)
	if d.status != 200 || d.body["translatorId"] != "tr-ayse" || d.body["activeJobCap"] != float64(5) || d.body["suspended"] != true ||
		d.body["suspension"].(map[string]any)["reason"] != "documents missing" || len(d.body["vacations"].([]any)) != 1 {
		t.Fatalf("detail %d %v", d.status, d.body)
	}
	sworn := d.body["competencies"].(map[string]any)["sworn"].(map[string]any)
	if sworn["court"] != "İstanbul 5. Noterliği" || sworn["verified"] != false {
		t.Errorf("sworn %v", sworn)
	}
	accounts := d.body["accounts"].([]any)
	if len(accounts) != 2 {
		t.Fatalf("accounts %v", accounts)
	}
	first := accounts[0].(map[string]any)
	if first["ibanMasked"] != "**** **** **** **** **** **13 26" || first["last4"] != "1326" || first["country"] != "TR" ||
		first["default"] != true || first["holder"] != "Ayşe Yılmaz" || first["iban"] != nil || first["ibanDisplay"] != nil {
		t.Errorf("first account %v", first)
	}
	raw := fmt.Sprint(d.body)
	for _, whole := range []string{"TR330006100519786457841326", "0006 1005", "DE89370400440532013000", "3704 0044"} {
		if strings.Contains(raw, whole) {
			t.Errorf("the detail shows %q of an IBAN: %s", whole, raw)
		}
	}

	for lang, want := range map[string]string{"tr": "Çevirmen bulunamadı.", "en": "Translator not found."} {
		a := s.call(t, "GET", "admin/translators/nobody", s.admin, lang, nil)
		if code, _ := a.problem(); a.status != 404 || code != "translator_not_found" || a.body["error"].(map[string]any)["message"] != want {
			t.Errorf("unknown id in %s: %d %v", lang, a.status, a.body)
		}
	}
	if a := s.call(t, "GET", "admin/translators/tr-ayse", ayse, "en", nil); a.status != 403 {
		t.Errorf("a translator reading the staff detail: %d", a.status)
	}
	if a := s.call(t, "GET", "admin/translators/tr-ayse", "", "en", nil); a.status != 401 {
		t.Errorf("a visitor reading the staff detail: %d", a.status)
	}
}

// Staff's applications: by submission both ways over more than a page, several submitted at one
// instant, with status and search kept.
func TestApplicationsStaffListSorts(t *testing.T) {
	s := newStaffLists(t)
	ctx := context.Background()
	base := time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC)
	var submitted, ayses []string
	for i := range applications.PageSize + 7 {
		first := "Aday"
		if i%10 == 3 {
			first = "Ayşe"
		}
		a := applications.Application{ID: ids.New(), Status: applications.Submitted, FirstName: first, LastName: fmt.Sprint(i),
			Email: fmt.Sprintf("a%d@example.com", i), SubmittedAt: base.Add(time.Duration(i/4) * time.Minute),
			// The keys the service gives an application (internal/searchkeys).
			Search: searchkeys.Keys(nil, first+" "+fmt.Sprint(i), fmt.Sprintf("a%d@example.com", i)), SearchVersion: searchkeys.Version}
		if err := s.apps.Insert(ctx, a); err != nil {
			t.Fatal(err)
		}
		submitted = append(submitted, a.ID)
		if first == "Ayşe" {
			ayses = append(ayses, a.ID)
		}
	}
	// Within one instant the id orders: the expected order is by (time, id).
	byKey := func(ids []string) []string {
		out := slices.Clone(ids)
		slices.SortStableFunc(out, func(x, y string) int {
			ix, iy := slices.Index(submitted, x)/4, slices.Index(submitted, y)/4
			if ix != iy {
				return ix - iy
			}
			return strings.Compare(x, y)
		})
		return out
	}
	for params, want := range map[string][]string{"": byKey(submitted), "status=submitted": byKey(submitted), "q=ay%C5%9Fe": byKey(ayses), "status=approved": nil} {
		q, _ := url.ParseQuery(params)
		newest, oldest := s.walk(t, "admin/applications", "applications", q)
		if !slices.Equal(oldest, want) || !slices.Equal(newest, reversed(want)) {
			t.Errorf("%q: oldest %v\nnewest %v\nwant %v", params, oldest, newest, want)
		}
	}
}

// Staff's tickets: by latest activity both ways over more than a page, searched by a word of
// the subject, of the translator's name, or the translator's id.
func TestTicketsStaffListSearchAndSort(t *testing.T) {
	s := newStaffLists(t)
	ctx := context.Background()
	base := s.clock()
	var opened, refunds, mehmet []string
	for i := range support.PageSize + 12 {
		s.set(base.Add(time.Duration(i/3) * time.Second))
		who := authn.Caller{ID: "tr-ayse", Name: "Ayşe Yılmaz", Lang: "tr"}
		if i%7 == 0 {
			who = authn.Caller{ID: "tr-mehmet", Name: "Mehmet Işık", Lang: "en"}
		}
		subject := fmt.Sprintf("Soru %d", i)
		if i%9 == 4 {
			subject = fmt.Sprintf("İade talebi %d", i)
		}
		tk, err := s.tickets.Open(ctx, who, support.NewTicket{Subject: subject, Category: "payment", Message: "Merhaba"})
		if err != nil {
			t.Fatal(err)
		}
		opened = append(opened, tk.ID)
		if i%9 == 4 {
			refunds = append(refunds, tk.ID)
		}
		if who.ID == "tr-mehmet" {
			mehmet = append(mehmet, tk.ID)
		}
	}
	// A reply is activity: the first ticket becomes the most recent.
	s.set(base.Add(time.Hour))
	if _, err := s.tickets.Reply(ctx, authn.Caller{ID: "staff-1", Name: "Staff"}, opened[0], "Yanıt"); err != nil {
		t.Fatal(err)
	}
	byActivity := func(ids []string) []string {
		out := slices.Clone(ids)
		slices.SortStableFunc(out, func(x, y string) int {
			ix, iy := slices.Index(opened, x)/3, slices.Index(opened, y)/3
			if x == opened[0] {
				ix = 1 << 20
			}
			if y == opened[0] {
				iy = 1 << 20
			}
			if ix != iy {
				return ix - iy
			}
			return strings.Compare(x, y)
		})
		return out
	}
	for params, want := range map[string][]string{
		"":                 byActivity(opened),
		"q=iade":           byActivity(refunds),
		"q=IADE+talebi":    byActivity(refunds), // the subject's start, as well as each word's
		"q=I%C5%9F%C4%B1k": byActivity(mehmet),  // "Işık", found however the I is dotted
		"q=tr-mehmet":      byActivity(mehmet),
		"q=tr-meh":         nil, // an id is matched whole
		"status=answered":  {opened[0]},
		"status=open&q=soru": byActivity(slices.DeleteFunc(slices.Clone(opened), func(id string) bool {
			return id == opened[0] || slices.Contains(refunds, id)
		})),
	} {
		q, _ := url.ParseQuery(params)
		newest, oldest := s.walk(t, "admin/tickets", "tickets", q)
		if !slices.Equal(oldest, want) || !slices.Equal(newest, reversed(want)) {
			t.Errorf("%q: oldest %v\nnewest %v\nwant %v", params, oldest, newest, want)
		}
	}
	// The translator's own list pages by id too, and another's ticket is no cursor of theirs.
	ayse := s.token("tr-ayse", authn.RoleTranslator)
	first := s.call(t, "GET", "tickets", ayse, "en", nil)
	if first.status != 200 || first.body["more"] != true {
		t.Fatalf("own list %d more=%v", first.status, first.body["more"])
	}
	if a := s.call(t, "GET", "tickets?before="+first.body["next"].(string), ayse, "en", nil); a.status != 200 || len(a.body["tickets"].([]any)) == 0 {
		t.Errorf("own second page %d %v", a.status, a.body)
	}
	if a := s.call(t, "GET", "tickets?before="+mehmet[0], ayse, "en", nil); a.status != 400 {
		t.Errorf("another's ticket as a cursor: %d %v", a.status, a.body)
	}
}

// A sort or filter value not of its list, and a cursor naming nothing, are 400 field errors
// worded in the request's language, on every staff list.
func TestStaffListParamsRefused(t *testing.T) {
	s := newStaffLists(t)
	cases := []struct{ path, field, reason string }{
		{"admin/translators?sort=best", "sort", "invalid"},
		{"admin/translators?sort=created", "sort", "invalid"},
		{"admin/translators?suspended=yes", "suspended", "invalid"},
		{"admin/translators?sworn=none", "sworn", "invalid"},
		{"admin/translators?before=nobody", "before", profiles.ReasonCursor},
		{"admin/applications?sort=Newest", "sort", "invalid"},
		{"admin/tickets?sort=oldest-first", "sort", "invalid"},
		{"tickets?sort=x", "sort", "invalid"},
	}
	for _, c := range cases {
		words, ok := api.ListFieldTexts[c.field][c.reason]
		if !ok || words.TR == "" || words.EN == "" || words.TR == words.EN {
			t.Errorf("%s/%s has no words of its own: %+v", c.field, c.reason, words)
			continue
		}
		token := s.admin
		if !strings.HasPrefix(c.path, "admin/") {
			token = s.token("tr-ayse", authn.RoleTranslator)
		}
		for lang, want := range map[string]string{"tr": words.TR, "en": words.EN} {
			a := s.call(t, "GET", c.path, token, lang, nil)
			code, fields := a.problem()
			if a.status != 400 || code != "validation_failed" || len(fields) != 1 || fields[c.field] != want {
				t.Errorf("%s in %s: %d %s %v, want %s: %q", c.path, lang, a.status, code, fields, c.field, want)
			}
		}
	}
	// Each refusal named at once.
	a := s.call(t, "GET", "admin/translators?sort=x&suspended=x&sworn=x", s.admin, "en", nil)
	if _, fields := a.problem(); a.status != 400 || len(fields) != 3 {
		t.Errorf("three bad params: %d %v", a.status, fields)
	}
}
