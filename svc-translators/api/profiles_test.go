package api_test

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/redis/go-redis/v9"

	"linguaport/internal/audit"
	"linguaport/internal/authn"
	"linguaport/internal/httpx"
	"linguaport/internal/testenv"
	"linguaport/svc-translators/api"
	"linguaport/svc-translators/profiles"
)

// profileServer serves svc-translators' real handler with the profiles on FerretDB, sessions in
// redis-server, and the clock at noon, 20 November 2026, in Turkey.
type profileServer struct {
	url    string
	signer *authn.Signer
	redis  *redis.Client
}

func newProfileServer(t *testing.T) *profileServer {
	t.Helper()
	db := testenv.Mongo(t)
	store, err := profiles.NewMongoStore(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	auditLog, err := audit.NewLog(context.Background(), db, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := testenv.StartRedis(t)
	_, key, _ := ed25519.GenerateKey(rand.Reader)
	signer := authn.NewSigner("k", key)
	auth := authn.NewAuthenticator(authn.NewVerifier(authn.StaticKeys{"k": signer.PublicKey()}, authn.NewRedisSessions(r.Client)), nil)
	metrics := prometheus.NewRegistry()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	now := func() time.Time { return time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC) }
	svc := profiles.NewService(store, now, func(...any) {})
	svc = profiles.LoggingMiddleware(log)(profiles.InstrumentingMiddleware(metrics)(svc))
	handler := api.Routes(api.MakeEndpoints(api.Services{Profiles: svc, Audit: auditLog}), httpx.LoopbackOnly).Handler(auth)
	srv := httptest.NewServer(httpx.NewServer(httpx.Options{Name: "svc-translators", Handler: handler, Logger: log, Registry: metrics}).Handler())
	t.Cleanup(srv.Close)
	return &profileServer{url: srv.URL, signer: signer, redis: r.Client}
}

// token signs subject in with role and a name, with a live session.
func (s *profileServer) token(subject string, role authn.Role) string {
	s.redis.Set(context.Background(), authn.SessionKey("s-"+subject), "1", time.Hour)
	tok, _ := s.signer.Sign(authn.Claims{Issuer: authn.Issuer, Subject: subject, Session: "s-" + subject, Role: role,
		Name: "Name of " + subject, ExpiresAt: time.Now().Add(time.Hour).Unix()})
	return tok
}

type reply struct {
	status int
	header http.Header
	body   map[string]any
}

func (r reply) problem() (code string, fields map[string]any) {
	e, _ := r.body["error"].(map[string]any)
	code, _ = e["code"].(string)
	fields, _ = e["fields"].(map[string]any)
	return code, fields
}

// call sends body (JSON-encoded unless a string) to path below /api/v1/translators/.
func (s *profileServer) call(t *testing.T, method, path, token, lang string, body any) reply {
	t.Helper()
	var rd io.Reader
	if body != nil {
		raw, ok := body.(string)
		if !ok {
			data, _ := json.Marshal(body)
			raw = string(data)
		}
		rd = strings.NewReader(raw)
	}
	req, _ := http.NewRequest(method, s.url+"/api/v1/translators/"+path, rd)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if lang != "" {
		req.Header.Set("Accept-Language", lang)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	data, _ := io.ReadAll(resp.Body)
	if len(data) > 0 {
		if err := json.Unmarshal(data, &out); err != nil {
			t.Fatalf("%s %s: %d %s", method, path, resp.StatusCode, data)
		}
	}
	return reply{status: resp.StatusCode, header: resp.Header, body: out}
}

func goodCompetencies() map[string]any {
	return map[string]any{
		"pairs":           []map[string]string{{"source": "tr", "target": "en"}},
		"services":        []string{"professional-translation"},
		"specializations": []string{"legal"},
		"sworn":           map[string]string{"court": "İstanbul 5. Noterliği", "certificateDate": "2019-05-01"},
		"certificates":    "",
	}
}

func with(base map[string]any, key string, v any) map[string]any {
	base[key] = v
	return base
}

// Visitors are asked to sign in; customers are refused everything; translators are refused the
// staff routes and staff the translators' own.
func TestProfileAccess(t *testing.T) {
	s := newProfileServer(t)
	own := []struct{ method, path string }{
		{"GET", "profile"}, {"PUT", "profile/competencies"}, {"GET", "bank-accounts"}, {"POST", "bank-accounts"},
		{"POST", "bank-accounts/x/default"}, {"DELETE", "bank-accounts/x"}, {"GET", "vacations"}, {"POST", "vacations"},
		{"POST", "vacations/x/end"},
	}
	staff := []struct{ method, path string }{
		{"GET", "admin/translators"}, {"PUT", "admin/translators/x/cap"}, {"POST", "admin/translators/x/sworn/verify"},
	}
	body := func(method string) any {
		if method == "GET" || method == "DELETE" {
			return nil
		}
		return map[string]any{}
	}
	customer, translator, admin := s.token("c1", authn.RoleCustomer), s.token("t1", authn.RoleTranslator), s.token("a1", authn.RoleAdmin)
	for _, r := range own {
		if a := s.call(t, r.method, r.path, "", "en", body(r.method)); a.status != 401 {
			t.Errorf("%s %s as a visitor: %d", r.method, r.path, a.status)
		}
		for _, tok := range []string{customer, admin} {
			if a := s.call(t, r.method, r.path, tok, "en", body(r.method)); a.status != 403 {
				t.Errorf("%s %s as a non-translator: %d", r.method, r.path, a.status)
			}
		}
	}
	for _, r := range staff {
		for _, tok := range []string{customer, translator} {
			if a := s.call(t, r.method, r.path, tok, "en", body(r.method)); a.status != 403 {
				t.Errorf("%s %s as a non-admin: %d %v", r.method, r.path, a.status, a.body)
			}
		}
	}
	// Staff's cap and verification of someone who has no profile: not found.
	if a := s.call(t, "PUT", "admin/translators/nobody/cap", admin, "en", map[string]any{"activeJobCap": 5}); a.status != 404 {
		t.Errorf("cap of nobody: %d %v", a.status, a.body)
	}
	// Nothing the refused translator sent to the staff routes changed their profile.
	if a := s.call(t, "GET", "profile", translator, "en", nil); a.status != 200 || a.body["activeJobCap"] != 3.0 {
		t.Errorf("profile %d %v", a.status, a.body)
	}
}

// A translator's profile, accounts and vacations through the API, and staff working on them.
func TestProfileFlow(t *testing.T) {
	s := newProfileServer(t)
	ayse, mehmet, admin := s.token("ayse", authn.RoleTranslator), s.token("mehmet", authn.RoleTranslator), s.token("a1", authn.RoleAdmin)

	empty := s.call(t, "GET", "profile", ayse, "en", nil)
	if empty.status != 200 || empty.body["translatorId"] != "ayse" || empty.body["fullName"] != "Name of ayse" || empty.header.Get("Cache-Control") != "no-store" {
		t.Fatalf("empty profile %d %v", empty.status, empty.body)
	}
	saved := s.call(t, "PUT", "profile/competencies", ayse, "en", goodCompetencies())
	sworn, _ := saved.body["competencies"].(map[string]any)["sworn"].(map[string]any)
	if saved.status != 200 || sworn["verified"] != false {
		t.Fatalf("save %d %v", saved.status, saved.body)
	}

	// Bank accounts: 201 with the first the default; 409s; another's is 404.
	first := s.call(t, "POST", "bank-accounts", ayse, "en", map[string]string{"iban": "TR33 0006 1005 1978 6457 8413 26", "holder": "Ayşe Yılmaz"})
	if first.status != 201 || first.body["default"] != true || first.body["ibanDisplay"] != "TR33 0006 1005 1978 6457 8413 26" || first.body["iban"] != "TR330006100519786457841326" {
		t.Fatalf("first account %d %v", first.status, first.body)
	}
	if a := s.call(t, "POST", "bank-accounts", ayse, "en", map[string]string{"iban": "tr330006100519786457841326", "holder": "Ayşe"}); a.status != 409 {
		t.Errorf("same IBAN: %d %v", a.status, a.body)
	} else if code, _ := a.problem(); code != "account_exists" {
		t.Errorf("same IBAN: %s", code)
	}
	for _, iban := range []string{"DE89 3704 0044 0532 0130 00", "GB29 NWBK 6016 1331 9268 19", "NL91 ABNA 0417 1643 00", "BE68 5390 0754 7034"} {
		if a := s.call(t, "POST", "bank-accounts", ayse, "en", map[string]string{"iban": iban, "holder": "Ayşe Yılmaz"}); a.status != 201 || a.body["default"] != false {
			t.Errorf("add %s: %d %v", iban, a.status, a.body)
		}
	}
	sixth := s.call(t, "POST", "bank-accounts", ayse, "tr", map[string]string{"iban": "FR14 2004 1010 0505 0001 3M02 606", "holder": "Ayşe Yılmaz"})
	if code, _ := sixth.problem(); sixth.status != 409 || code != "too_many_accounts" || !strings.Contains(sixth.body["error"].(map[string]any)["message"].(string), "En çok 5") {
		t.Errorf("sixth account: %d %v", sixth.status, sixth.body)
	}
	id := first.body["id"].(string)
	for _, r := range []struct{ method, path string }{{"POST", "bank-accounts/" + id + "/default"}, {"DELETE", "bank-accounts/" + id}} {
		if a := s.call(t, r.method, r.path, mehmet, "en", nil); a.status != 404 {
			t.Errorf("mehmet %s %s: %d", r.method, r.path, a.status)
		} else if code, _ := a.problem(); code != "bank_account_not_found" {
			t.Errorf("mehmet %s: %s", r.path, code)
		}
	}
	if a := s.call(t, "GET", "bank-accounts", mehmet, "en", nil); a.status != 200 || len(a.body["accounts"].([]any)) != 0 {
		t.Errorf("mehmet's accounts %v", a.body)
	}
	if a := s.call(t, "DELETE", "bank-accounts/"+id, ayse, "en", nil); a.status != 204 {
		t.Errorf("delete %d", a.status)
	}
	list := s.call(t, "GET", "bank-accounts", ayse, "en", nil).body["accounts"].([]any)
	if len(list) != 4 || list[0].(map[string]any)["default"] != true || list[0].(map[string]any)["country"] != "DE" {
		t.Errorf("after deleting the default %v", list)
	}

	// Vacations: 201, listed with onVacation, ended, and another's is 404. The answer names no
	// jobs: the page reads which are still due from svc-orders, and an always-empty list here
	// only misled.
	v := s.call(t, "POST", "vacations", ayse, "en", map[string]string{"start": "2026-11-19", "end": "2026-11-25", "note": "rest"})
	if v.status != 201 || v.body["status"] != "running" {
		t.Fatalf("vacation %d %v", v.status, v.body)
	}
	vs := s.call(t, "GET", "vacations", ayse, "en", nil)
	if vs.body["onVacation"] != true || len(vs.body["vacations"].([]any)) != 1 || vs.body["dueJobs"] != nil {
		t.Errorf("vacations %v", vs.body)
	}
	vid := v.body["id"].(string)
	if a := s.call(t, "POST", "vacations/"+vid+"/end", mehmet, "en", nil); a.status != 404 {
		t.Errorf("mehmet ends ayse's vacation: %d", a.status)
	}
	if a := s.call(t, "POST", "vacations/"+vid+"/end", ayse, "en", nil); a.status != 200 || a.body["end"] != "2026-11-20" {
		t.Errorf("end %d %v", a.status, a.body)
	}

	// Staff: list, cap, verify.
	found := s.call(t, "GET", "admin/translators?q=NAME%20of%20a", admin, "en", nil)
	if ts := found.body["translators"].([]any); found.status != 200 || len(ts) != 1 || ts[0].(map[string]any)["translatorId"] != "ayse" {
		t.Errorf("staff list %d %v", found.status, found.body)
	} else if _, leaked := ts[0].(map[string]any)["accounts"]; leaked {
		t.Error("the staff list shows bank accounts")
	}
	if a := s.call(t, "PUT", "admin/translators/ayse/cap", admin, "en", map[string]any{"activeJobCap": 7}); a.status != 200 || a.body["activeJobCap"] != 7.0 {
		t.Errorf("cap %d %v", a.status, a.body)
	}
	if a := s.call(t, "POST", "admin/translators/ayse/sworn/verify", admin, "en", nil); a.status != 200 ||
		a.body["competencies"].(map[string]any)["sworn"].(map[string]any)["verified"] != true {
		t.Errorf("verify %d %v", a.status, a.body)
	}
	if a := s.call(t, "POST", "admin/translators/mehmet/sworn/verify", admin, "en", nil); a.status != 404 {
		t.Errorf("verify nobody %d", a.status)
	}
	s.call(t, "PUT", "profile/competencies", mehmet, "en", with(goodCompetencies(), "sworn", nil))
	if a := s.call(t, "POST", "admin/translators/mehmet/sworn/verify", admin, "en", nil); a.status != 409 {
		t.Errorf("verify without sworn %d %v", a.status, a.body)
	}
}
