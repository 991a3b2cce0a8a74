package api_test

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"io"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"linguaport/internal/audit"
	"linguaport/internal/authn"
	"linguaport/internal/httpx"
	"linguaport/internal/ids"
	"linguaport/internal/testenv"
	"linguaport/svc-translators/api"
	"linguaport/svc-translators/profiles"
	"linguaport/svc-translators/support"
)

// newSupportServer serves svc-translators' real handler with the tickets on FerretDB and
// sessions in redis-server.
func newSupportServer(t *testing.T) *profileServer {
	t.Helper()
	db := testenv.Mongo(t)
	store, err := support.NewMongoStore(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	// The profiles' routes serve only with their service; they stay idle here.
	profileStore, err := profiles.NewMongoStore(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	r := testenv.StartRedis(t)
	_, key, _ := ed25519.GenerateKey(rand.Reader)
	signer := authn.NewSigner("k", key)
	auth := authn.NewAuthenticator(authn.NewVerifier(authn.StaticKeys{"k": signer.PublicKey()}, authn.NewRedisSessions(r.Client)), nil)
	metrics := prometheus.NewRegistry()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	svc := support.NewService(store, ids.New, time.Now, func(...any) {})
	svc = support.LoggingMiddleware(log)(support.InstrumentingMiddleware(metrics)(svc))
	auditLog, err := audit.NewLog(context.Background(), db, log)
	if err != nil {
		t.Fatal(err)
	}
	handler := api.Routes(api.MakeEndpoints(api.Services{Support: svc, Profiles: profiles.NewService(profileStore, time.Now, func(...any) {}), Audit: auditLog}), httpx.LoopbackOnly).Handler(auth)
	srv := httptest.NewServer(httpx.NewServer(httpx.Options{Name: "svc-translators", Handler: handler, Logger: log, Registry: metrics}).Handler())
	t.Cleanup(srv.Close)
	return &profileServer{url: srv.URL, signer: signer, redis: r.Client}
}

func newTicket(subject, category, message string) map[string]string {
	return map[string]string{"subject": subject, "category": category, "message": message}
}

// Through the handler: a translator opens a ticket (201), staff see and answer it, the
// translator's message opens it again, closing ends it and a message after that is 409
// ticket_closed in the request's language.
func TestSupportThroughTheHandler(t *testing.T) {
	s := newSupportServer(t)
	tok, admin := s.token("t1", authn.RoleTranslator), s.token("a1", authn.RoleAdmin)
	a := s.call(t, "POST", "tickets", tok, "en", newTicket("Ödeme gelmedi", "payment", "Kasım ödemem hesabıma geçmedi."))
	if a.status != 201 || a.body["status"] != "open" || a.header.Get("Cache-Control") != "no-store" {
		t.Fatalf("open: %d %v", a.status, a.body)
	}
	id := a.body["id"].(string)
	if name := a.body["categoryName"].(map[string]any); name["en"] != "Payment" || name["tr"] != "Ödeme" {
		t.Errorf("category name %v", name)
	}
	list := s.call(t, "GET", "admin/tickets?status=open", admin, "en", nil)
	if tickets := list.body["tickets"].([]any); list.status != 200 || len(tickets) != 1 || tickets[0].(map[string]any)["id"] != id {
		t.Fatalf("staff list: %d %v", list.status, list.body)
	}
	if a := s.call(t, "POST", "admin/tickets/"+id+"/messages", admin, "en", map[string]string{"message": "Yarın hesabınızda."}); a.status != 200 || a.body["status"] != "answered" {
		t.Fatalf("reply: %d %v", a.status, a.body)
	}
	a = s.call(t, "GET", "tickets/"+id, tok, "en", nil)
	if msgs := a.body["messages"].([]any); a.status != 200 || a.body["status"] != "answered" || len(msgs) != 2 || msgs[1].(map[string]any)["from"] != "staff" {
		t.Fatalf("translator reads: %d %v", a.status, a.body)
	}
	if a := s.call(t, "POST", "tickets/"+id+"/messages", tok, "en", map[string]string{"message": "Teşekkürler"}); a.status != 200 || a.body["status"] != "open" {
		t.Fatalf("translator writes: %d %v", a.status, a.body)
	}
	if a := s.call(t, "POST", "tickets/"+id+"/close", tok, "en", nil); a.status != 200 || a.body["status"] != "closed" || a.body["closedBy"] != "translator" {
		t.Fatalf("close: %d %v", a.status, a.body)
	}
	for lang, want := range map[string]string{"en": "closed and takes no more", "tr": "kapatıldı"} {
		for _, c := range []struct{ path, token string }{{"tickets/" + id + "/messages", tok}, {"admin/tickets/" + id + "/messages", admin}} {
			a := s.call(t, "POST", c.path, c.token, lang, map[string]string{"message": "bir şey daha"})
			code, _ := a.problem()
			msg, _ := a.body["error"].(map[string]any)["message"].(string)
			if a.status != 409 || code != "ticket_closed" || !strings.Contains(msg, want) {
				t.Errorf("%s to a closed ticket in %s: %d %v", c.path, lang, a.status, a.body)
			}
		}
	}
}

// Another translator's ticket is 404 ticket_not_found on every route that names it, as an id
// that does not exist; their list does not show it.
func TestAnotherTranslatorsTicketIs404(t *testing.T) {
	s := newSupportServer(t)
	owner, other := s.token("t1", authn.RoleTranslator), s.token("t2", authn.RoleTranslator)
	id := s.call(t, "POST", "tickets", owner, "en", newTicket("Teknik sorun", "technical", "Dosya yüklenmiyor.")).body["id"].(string)
	for _, c := range []struct{ method, path string }{
		{"GET", "tickets/" + id}, {"POST", "tickets/" + id + "/messages"}, {"POST", "tickets/" + id + "/close"},
		{"GET", "tickets/nope"},
	} {
		a := s.call(t, c.method, c.path, other, "en", map[string]string{"message": "merhaba"})
		if code, _ := a.problem(); a.status != 404 || code != "ticket_not_found" {
			t.Errorf("%s %s by another translator: %d %v", c.method, c.path, a.status, a.body)
		}
	}
	if a := s.call(t, "GET", "tickets", other, "en", nil); len(a.body["tickets"].([]any)) != 0 {
		t.Errorf("another's list: %v", a.body)
	}
	if a := s.call(t, "GET", "tickets/"+id, owner, "en", nil); a.status != 200 || a.body["messageCount"] != float64(1) || a.body["status"] != "open" {
		t.Errorf("the owner's ticket changed: %d %v", a.status, a.body)
	}
}

// Staff's routes are 403 for a translator, the translators' 403 for staff, all 401 for a
// visitor.
func TestSupportAccess(t *testing.T) {
	s := newSupportServer(t)
	tok, admin := s.token("t1", authn.RoleTranslator), s.token("a1", authn.RoleAdmin)
	own := []struct{ method, path string }{
		{"GET", "tickets"}, {"POST", "tickets"}, {"GET", "tickets/x"}, {"POST", "tickets/x/messages"}, {"POST", "tickets/x/close"},
	}
	staff := []struct{ method, path string }{
		{"GET", "admin/tickets"}, {"GET", "admin/tickets/x"}, {"POST", "admin/tickets/x/messages"}, {"POST", "admin/tickets/x/close"},
	}
	check := func(method, path, token string, want int) {
		t.Helper()
		a := s.call(t, method, path, token, "en", map[string]string{"message": "m"})
		if a.status != want {
			t.Errorf("%s %s: %d, want %d (%v)", method, path, a.status, want, a.body)
		}
	}
	for _, r := range staff {
		check(r.method, r.path, tok, 403)
		check(r.method, r.path, "", 401)
	}
	for _, r := range own {
		check(r.method, r.path, admin, 403)
		check(r.method, r.path, "", 401)
	}
}

// Every reason a ticket's field can be refused for is answered with its own words in Turkish
// and in English: the cases reach every entry of the word table, and the table has one for
// every reason the cases produce.
func TestSupportRefusalsAreWorded(t *testing.T) {
	s := newSupportServer(t)
	tok, admin := s.token("t1", authn.RoleTranslator), s.token("a1", authn.RoleAdmin)
	id := s.call(t, "POST", "tickets", tok, "en", newTicket("Hesabım", "account", "Adımı değiştirmek istiyorum.")).body["id"].(string)
	msg := func(m string) map[string]string { return map[string]string{"message": m} }
	cases := []struct {
		method, path, token string
		body                any
		field, reason       string
	}{
		{"POST", "tickets", tok, newTicket("", "payment", "m"), "subject", support.ReasonRequired},
		{"POST", "tickets", tok, newTicket("Ab", "payment", "m"), "subject", support.ReasonTooShort},
		{"POST", "tickets", tok, newTicket(strings.Repeat("ş", 141), "payment", "m"), "subject", support.ReasonTooLong},
		{"POST", "tickets", tok, newTicket("Satır\nsonu", "payment", "m"), "subject", support.ReasonFormat},
		{"POST", "tickets", tok, newTicket("Ödeme", "", "m"), "category", support.ReasonRequired},
		{"POST", "tickets", tok, newTicket("Ödeme", "billing", "m"), "category", support.ReasonUnknown},
		{"POST", "tickets", tok, newTicket("Ödeme", "payment", "   "), "message", support.ReasonRequired},
		{"POST", "tickets/" + id + "/messages", tok, msg(strings.Repeat("ğ", 5001)), "message", support.ReasonTooLong},
		{"POST", "admin/tickets/" + id + "/messages", admin, msg("a\u0000b"), "message", support.ReasonFormat},
		{"GET", "admin/tickets?status=pending", admin, nil, "status", support.ReasonUnknown},
		{"GET", "tickets?before=abc", tok, nil, "before", support.ReasonCursor},
	}
	reached := map[string]bool{}
	for _, c := range cases {
		words, ok := api.SupportFieldTexts[c.field][c.reason]
		if !ok || words.TR == "" || words.EN == "" || words.TR == words.EN {
			t.Errorf("%s/%s has no words of its own: %+v", c.field, c.reason, words)
			continue
		}
		reached[c.field+"/"+c.reason] = true
		for lang, want := range map[string]string{"tr": words.TR, "en": words.EN} {
			a := s.call(t, c.method, c.path, c.token, lang, c.body)
			code, fields := a.problem()
			if a.status != 400 || code != "validation_failed" || len(fields) != 1 || fields[c.field] != want {
				t.Errorf("%s %s (%s/%s) in %s: %d %s %v, want %q", c.method, c.path, c.field, c.reason, lang, a.status, code, fields, want)
			}
		}
	}
	for field, reasons := range api.SupportFieldTexts {
		for reason := range reasons {
			if !reached[field+"/"+reason] {
				t.Errorf("no case answers %s/%s", field, reason)
			}
		}
	}
	// Refused writes changed nothing.
	if a := s.call(t, "GET", "tickets/"+id, tok, "en", nil); a.body["messageCount"] != float64(1) {
		t.Errorf("ticket %v", a.body)
	}
	if a := s.call(t, "GET", "tickets", tok, "en", nil); len(a.body["tickets"].([]any)) != 1 {
		t.Errorf("tickets %v", a.body)
	}
}
