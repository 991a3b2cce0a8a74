package audit_test

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"linguaport/internal/audit"
	"linguaport/internal/authn"
	"linguaport/internal/httpx"
	"linguaport/internal/testenv"
)

func TestMain(m *testing.M) { testenv.Main(m) }

// staff gives contexts signed in as a staff member, the way a service's middleware does.
type staff struct {
	auth   *authn.Authenticator
	signer *authn.Signer
}

func newStaff(t *testing.T) staff {
	_, key, _ := ed25519.GenerateKey(rand.Reader)
	s := authn.NewSigner("k", key)
	return staff{auth: authn.NewAuthenticator(authn.NewVerifier(authn.StaticKeys{"k": s.PublicKey()}, nil), nil), signer: s}
}

func (s staff) token(t *testing.T, id, name string) string {
	now := time.Now()
	tok, err := s.signer.Sign(authn.Claims{Issuer: authn.Issuer, Subject: id, Session: "s-" + id, Role: authn.RoleAdmin, Name: name,
		ID: "j-" + id, IssuedAt: now.Unix(), ExpiresAt: now.Add(time.Hour).Unix()})
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

func (s staff) ctx(t *testing.T, id, name string) context.Context {
	r := httptest.NewRequest("GET", "/", nil)
	r.Header.Set("Authorization", "Bearer "+s.token(t, id, name))
	return s.auth.Identify(r)
}

func newLog(t *testing.T) *audit.Log {
	l, err := audit.NewLog(context.Background(), testenv.Mongo(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

type transfer struct {
	ID     string `json:"id"`
	Status string `json:"status"`
	Amount int64  `json:"amount"`
}

func TestChangeKeepsWhoWhatBeforeAndAfter(t *testing.T) {
	l, s := newLog(t), newStaff(t)
	ctx := s.ctx(t, "st1", "Selin")
	obj := audit.Object{Kind: "transfer", ID: "t1"}
	ok, err := l.Change(ctx, "transfer.confirm", obj, transfer{"t1", "declared", 500}, transfer{"t1", "confirmed", 500})
	if err != nil || !ok {
		t.Fatalf("change: %v %v", ok, err)
	}
	p, err := l.List(ctx, audit.Filter{Object: &obj})
	if err != nil || len(p.Entries) != 1 || p.More {
		t.Fatalf("list: %+v %v", p, err)
	}
	e := p.Entries[0]
	if e.Actor != (audit.Actor{ID: "st1", Name: "Selin"}) || e.Action != "transfer.confirm" || e.Object != obj || e.ID == "" {
		t.Errorf("entry: %+v", e)
	}
	// Only what changed is kept.
	if string(e.Before) != `{"status":"declared"}` || string(e.After) != `{"status":"confirmed"}` {
		t.Errorf("before %s after %s", e.Before, e.After)
	}
	if time.Since(e.At) > time.Minute || e.At.Location() != time.UTC {
		t.Errorf("at %v", e.At)
	}

	// The same action again on a thing already so (a retry, a second click): nothing new.
	ok, err = l.Change(ctx, "transfer.confirm", obj, transfer{"t1", "confirmed", 500}, transfer{"t1", "confirmed", 500})
	if err != nil || ok {
		t.Fatalf("repeated change recorded: %v %v", ok, err)
	}
	// An entry recorded twice under its id (redelivered) is one entry.
	for range 2 {
		if _, err := l.Record(ctx, audit.Entry{ID: "fixed", Action: "x.y", Object: obj, Before: json.RawMessage(`1`), After: json.RawMessage(`2`)}); err != nil {
			t.Fatal(err)
		}
	}
	if p, _ := l.List(ctx, audit.Filter{Object: &obj}); len(p.Entries) != 2 {
		t.Errorf("after a redelivered record: %d entries, want 2", len(p.Entries))
	}

	// Nobody signed in: no entry without a who.
	if _, err := l.Change(context.Background(), "transfer.confirm", obj, nil, transfer{}); !errors.Is(err, audit.ErrNoActor) {
		t.Errorf("without a caller: %v", err)
	}
}

func TestEndpointRecordsSuccessOnly(t *testing.T) {
	l, s := newLog(t), newStaff(t)
	ctx := s.ctx(t, "st1", "Selin")
	state := map[string]string{"a": "declared"}
	load := func(_ context.Context, id string) (any, error) { return transfer{id, state[id], 1}, nil }
	confirm := l.Endpoint("transfer.confirm", "transfer", func(r any) string { return r.(string) }, load,
		func(_ context.Context, r any) (any, error) {
			id := r.(string)
			if state[id] == "rejected" {
				return nil, errors.New("decided")
			}
			state[id] = "confirmed"
			return transfer{id, "confirmed", 1}, nil
		})
	state["b"] = "rejected"
	if _, err := confirm(ctx, "b"); err == nil {
		t.Fatal("refused action answered")
	}
	for range 3 { // a double click and a retry
		if _, err := confirm(ctx, "a"); err != nil {
			t.Fatal(err)
		}
	}
	p, err := l.List(ctx, audit.Filter{})
	if err != nil || len(p.Entries) != 1 || p.Entries[0].Object.ID != "a" {
		t.Fatalf("entries %+v %v", p, err)
	}
}

func TestPagesAndFilters(t *testing.T) {
	s := newStaff(t)
	selin, mert := s.ctx(t, "st1", "Selin"), s.ctx(t, "st2", "Mert")
	// Two instances of a service write into one log. Each stamps its entries a millisecond apart,
	// but the two share milliseconds, so pages must break ties by id.
	db := testenv.Mongo(t)
	l, err := audit.NewLog(context.Background(), db, nil)
	if err != nil {
		t.Fatal(err)
	}
	other, err := audit.NewLog(context.Background(), db, nil)
	if err != nil {
		t.Fatal(err)
	}
	ayse := s.ctx(t, "st3", "Ayşe")
	for i := range 30 {
		if _, err := other.Change(ayse, "payout.paid", audit.Object{Kind: "payout", ID: "p1"}, map[string]int{"n": i}, map[string]int{"n": i + 1}); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 120 {
		ctx, obj := selin, audit.Object{Kind: "invoice", ID: "i1"}
		if i%3 == 0 {
			ctx = mert
		}
		if i%2 == 0 {
			obj.ID = "i2"
		}
		if _, err := l.Change(ctx, "invoice.refund", obj, map[string]int{"n": i}, map[string]int{"n": i + 1}); err != nil {
			t.Fatal(err)
		}
	}
	walk := func(f audit.Filter) []audit.Entry {
		var all []audit.Entry
		for {
			p, err := l.List(selin, f)
			if err != nil {
				t.Fatal(err)
			}
			if len(p.Entries) > audit.PageSize {
				t.Fatalf("page of %d", len(p.Entries))
			}
			all = append(all, p.Entries...)
			if !p.More {
				if p.Next != "" {
					t.Errorf("next %q on the last page", p.Next)
				}
				return all
			}
			if p.Next != p.Entries[len(p.Entries)-1].ID {
				t.Fatalf("next %q, want the last entry's id", p.Next)
			}
			f.Before = p.Next
		}
	}
	check := func(name string, got []audit.Entry, want int, match func(audit.Entry) bool) {
		t.Helper()
		seen := map[string]bool{}
		for i, e := range got {
			if seen[e.ID] || !match(e) {
				t.Errorf("%s: entry %d repeated or not matching: %+v", name, i, e)
			}
			seen[e.ID] = true
			if i > 0 && e.At.After(got[i-1].At) {
				t.Errorf("%s: not newest first at %d", name, i)
			}
		}
		if len(got) != want {
			t.Errorf("%s: %d entries, want %d", name, len(got), want)
		}
	}
	check("all", walk(audit.Filter{}), 150, func(audit.Entry) bool { return true })
	check("other instance", walk(audit.Filter{Actor: "st3"}), 30, func(e audit.Entry) bool { return e.Object.ID == "p1" })
	check("object", walk(audit.Filter{Object: &audit.Object{Kind: "invoice", ID: "i1"}}), 60,
		func(e audit.Entry) bool { return e.Object.ID == "i1" })
	check("actor", walk(audit.Filter{Actor: "st2"}), 40, func(e audit.Entry) bool { return e.Actor.ID == "st2" })
	check("both", walk(audit.Filter{Object: &audit.Object{Kind: "invoice", ID: "i2"}, Actor: "st2"}), 20,
		func(e audit.Entry) bool { return e.Actor.ID == "st2" && e.Object.ID == "i2" })
	// The newest first: the last change made is the first entry, even when made in the same
	// millisecond as the one before.
	if p, _ := l.List(selin, audit.Filter{}); string(p.Entries[0].After) != `{"n":120}` {
		t.Errorf("first entry %s", p.Entries[0].After)
	}
}

func TestServeHTTP(t *testing.T) {
	l, s := newLog(t), newStaff(t)
	if _, err := l.Change(s.ctx(t, "st1", "Selin"), "payout.paid", audit.Object{Kind: "payout", ID: "p1"}, nil, map[string]string{"status": "paid"}); err != nil {
		t.Fatal(err)
	}
	// The language is the service's server's to set (httpx.NewServer); here, by hand.
	srv := httptest.NewServer(s.auth.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		l.ServeHTTP(w, r.WithContext(httpx.WithLang(r.Context(), httpx.ParseAcceptLanguage(r.Header.Get("Accept-Language")))))
	})))
	t.Cleanup(srv.Close)
	get := func(query, lang string, v any) int {
		req, _ := http.NewRequest("GET", srv.URL+"/api/v1/x/admin/audit"+query, nil)
		req.Header.Set("Accept-Language", lang)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		_ = json.NewDecoder(resp.Body).Decode(v)
		return resp.StatusCode
	}
	var page struct {
		Entries []map[string]any `json:"entries"`
		More    *bool            `json:"more"`
	}
	if c := get("?object=payout:p1&actor=st1", "en", &page); c != 200 || len(page.Entries) != 1 || page.More == nil || *page.More {
		t.Fatalf("%d %+v", c, page)
	}
	e := page.Entries[0]
	if e["action"] != "payout.paid" || e["before"] != nil || e["after"].(map[string]any)["status"] != "paid" {
		t.Errorf("entry %v", e)
	}
	if c := get("?object=payout:nope", "en", &page); c != 200 || len(page.Entries) != 0 {
		t.Errorf("other object: %d %v", c, page.Entries)
	}
	for _, tc := range []struct{ query, field, lang, word string }{
		{"?object=payout", "object", "en", "kind:id"},
		{"?object=Pay%20out:1", "object", "tr", "tür:kimlik"},
		{"?actor=", "actor", "en", "staff member"},
		{"?before=nosuchentry", "before", "tr", "imleci"},
		{"?who=me", "who", "en", "not known"},
	} {
		var body struct {
			Error struct {
				Fields map[string]string `json:"fields"`
			} `json:"error"`
		}
		if c := get(tc.query, tc.lang, &body); c != http.StatusBadRequest || !strings.Contains(body.Error.Fields[tc.field], tc.word) {
			t.Errorf("%s: %d %v", tc.query, c, body.Error.Fields)
		}
	}
}
