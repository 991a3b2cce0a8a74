package api_test

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/redis/go-redis/v9"

	"linguaport/internal/authn"
	"linguaport/internal/httpx"
	"linguaport/internal/testenv"
	"linguaport/svc-billing/api"
	"linguaport/svc-billing/profile"
)

func TestMain(m *testing.M) { testenv.Main(m) }

type fixture struct {
	url    string
	signer *authn.Signer
	redis  *redis.Client
}

// newFixture serves svc-billing's real handler over FerretDB, with sessions in redis-server.
func newFixture(t *testing.T) *fixture {
	t.Helper()
	db := testenv.Mongo(t)
	store, err := profile.NewMongoStore(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	r := testenv.StartRedis(t)
	_, key, _ := ed25519.GenerateKey(rand.Reader)
	signer := authn.NewSigner("k", key)
	auth := authn.NewAuthenticator(authn.NewVerifier(authn.StaticKeys{"k": signer.PublicKey()}, authn.NewRedisSessions(r.Client)), nil)
	metrics := prometheus.NewRegistry()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	svc := profile.NewService(store, time.Now)
	svc = profile.LoggingMiddleware(log)(svc)
	svc = profile.InstrumentingMiddleware(metrics)(svc)
	handler := api.Routes(api.MakeEndpoints(api.Services{Profile: svc})).Handler(auth)
	srv := httptest.NewServer(httpx.NewServer(httpx.Options{Name: "svc-billing", Handler: handler, Logger: log, Registry: metrics}).Handler())
	t.Cleanup(srv.Close)
	return &fixture{url: srv.URL, signer: signer, redis: r.Client}
}

// token signs subject in with role, with a live session.
func (f *fixture) token(subject string, role authn.Role) string {
	f.redis.Set(context.Background(), authn.SessionKey("s-"+subject), "1", time.Hour)
	tok, _ := f.signer.Sign(authn.Claims{Issuer: authn.Issuer, Subject: subject, Session: "s-" + subject, Role: role, ExpiresAt: time.Now().Add(time.Hour).Unix()})
	return tok
}

type answer struct {
	status int
	header http.Header
	body   map[string]any
}

// send makes a request with a raw body and content type; "" leaves either out.
func (f *fixture) send(t *testing.T, method, token, lang, contentType, body string) answer {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, _ := http.NewRequest(method, f.url+"/api/v1/billing/profile", rd)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if lang != "" {
		req.Header.Set("Accept-Language", lang)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	var out map[string]any
	resp := testenv.DoJSON(t, req, &out)
	return answer{status: resp.StatusCode, header: resp.Header, body: out}
}

func (f *fixture) put(t *testing.T, token, lang string, details map[string]any) answer {
	t.Helper()
	data, _ := json.Marshal(details)
	return f.send(t, "PUT", token, lang, "application/json", string(data))
}

func (f *fixture) get(t *testing.T, token string) answer {
	t.Helper()
	return f.send(t, "GET", token, "en", "", "")
}

func errorOf(a answer) (code string, fields map[string]any) {
	e, _ := a.body["error"].(map[string]any)
	code, _ = e["code"].(string)
	fields, _ = e["fields"].(map[string]any)
	return code, fields
}

// The four shapes of valid details: an individual and a company, in Turkey and abroad.
func individualTR() map[string]any {
	return map[string]any{"type": "individual", "fullName": "Ayşe Yılmaz", "tckn": "10000000146",
		"address": "Bağdat Cad. No: 12 D: 4, Kadıköy", "city": "İstanbul", "postcode": "34710", "country": "TR", "email": "ayse@example.com"}
}

func companyTR() map[string]any {
	return map[string]any{"type": "company", "companyName": "Örnek Çeviri A.Ş.", "taxOffice": "Kadıköy", "vkn": "4540536920",
		"address": "Rıhtım Cad. 5", "city": "İstanbul", "postcode": "34716", "country": "TR", "email": "muhasebe@example.com.tr"}
}

func individualAbroad() map[string]any {
	return map[string]any{"type": "individual", "fullName": "Hans Müller",
		"address": "Hauptstraße 1", "city": "Berlin", "postcode": "10115", "country": "DE", "email": "hans@example.de"}
}

func companyAbroad() map[string]any {
	return map[string]any{"type": "company", "companyName": "Example Ltd", "taxId": "GB 123 4567 89",
		"address": "10 Downing Street", "city": "London", "postcode": "SW1A 2AA", "country": "GB", "email": "accounts@example.co.uk"}
}

func with(base map[string]any, changes map[string]any) map[string]any {
	out := maps.Clone(base)
	for k, v := range changes {
		if v == nil {
			delete(out, k)
		} else {
			out[k] = v
		}
	}
	return out
}

// Only signed-in customers reach their details: visitors are asked to sign in, translators and
// staff are refused, and a customer sees their own details, never another's.
func TestWhoMayCall(t *testing.T) {
	f := newFixture(t)
	for _, method := range []string{"GET", "PUT"} {
		body := ""
		if method == "PUT" {
			data, _ := json.Marshal(individualTR())
			body = string(data)
		}
		if a := f.send(t, method, "", "en", "application/json", body); a.status != 401 {
			t.Errorf("%s as a visitor: %d %v", method, a.status, a.body)
		} else if code, _ := errorOf(a); code != "unauthenticated" {
			t.Errorf("%s as a visitor: %q", method, code)
		}
		for _, role := range []authn.Role{authn.RoleTranslator, authn.RoleAdmin} {
			a := f.send(t, method, f.token("u-"+string(role), role), "en", "application/json", body)
			if code, _ := errorOf(a); a.status != 403 || code != "forbidden" {
				t.Errorf("%s as %s: %d %q", method, role, a.status, code)
			}
		}
		if a := f.send(t, method, "not-a-token", "en", "application/json", body); a.status != 401 {
			t.Errorf("%s with a forged token: %d", method, a.status)
		}
	}
	// Nothing the refused callers sent was saved for anyone.
	alice, bob := f.token("alice", authn.RoleCustomer), f.token("bob", authn.RoleCustomer)
	if a := f.get(t, alice); a.status != 200 || a.body["complete"] != false || a.body["fullName"] != "" {
		t.Fatalf("alice before saving: %d %v", a.status, a.body)
	}
	if a := f.put(t, alice, "en", individualTR()); a.status != 200 {
		t.Fatalf("alice saves: %d %v", a.status, a.body)
	}
	if a := f.get(t, bob); a.status != 200 || a.body["complete"] != false || a.body["fullName"] != "" || a.body["tckn"] != "" {
		t.Errorf("bob sees %v", a.body)
	}
	if a := f.get(t, alice); a.body["fullName"] != "Ayşe Yılmaz" {
		t.Errorf("alice sees %v", a.body)
	}
}

// A customer who saved nothing gets an empty, incomplete profile rather than a 404, so the form
// opens empty; what is saved is read back whole, and a later save replaces it whole.
func TestSaveAndReadBack(t *testing.T) {
	f := newFixture(t)
	tok := f.token("c1", authn.RoleCustomer)
	empty := f.get(t, tok)
	if empty.status != 200 || empty.body["complete"] != false || empty.body["updatedAt"] != nil {
		t.Fatalf("empty profile: %d %v", empty.status, empty.body)
	}
	for _, field := range []string{"type", "fullName", "tckn", "companyName", "taxOffice", "vkn", "taxId", "address", "city", "postcode", "country", "email"} {
		if v, ok := empty.body[field]; !ok || v != "" {
			t.Errorf("empty profile's %s = %v", field, v)
		}
	}
	if cc := empty.header.Get("Cache-Control"); cc != "no-store" {
		t.Errorf("Cache-Control %q", cc)
	}

	// Spaces around values and inside the TCKN, and a country in small letters, are tidied.
	sent := with(individualTR(), map[string]any{"fullName": "  Ayşe Yılmaz ", "tckn": "100 000 001 46", "country": "tr"})
	saved := f.put(t, tok, "tr", sent)
	if saved.status != 200 || saved.body["complete"] != true || saved.body["updatedAt"] == nil {
		t.Fatalf("save: %d %v", saved.status, saved.body)
	}
	want := with(individualTR(), map[string]any{"companyName": "", "taxOffice": "", "vkn": "", "taxId": ""})
	read := f.get(t, tok)
	for k, v := range want {
		if read.body[k] != v || saved.body[k] != v {
			t.Errorf("%s: saved %v, read %v, want %v", k, saved.body[k], read.body[k], v)
		}
	}
	if read.body["complete"] != true || read.body["updatedAt"] != saved.body["updatedAt"] {
		t.Errorf("read back %v", read.body)
	}

	// Becoming a company replaces the individual's name and TCKN; nothing of them stays.
	if a := f.put(t, tok, "en", companyTR()); a.status != 200 {
		t.Fatalf("company: %d %v", a.status, a.body)
	}
	read = f.get(t, tok)
	for k, v := range with(companyTR(), map[string]any{"fullName": "", "tckn": "", "taxId": ""}) {
		if read.body[k] != v {
			t.Errorf("after the company's save %s = %v, want %v", k, read.body[k], v)
		}
	}
}

// Customers abroad give their own tax id, in their country's format, instead of a TCKN or VKN:
// optional for individuals, required for companies.
func TestCustomersAbroad(t *testing.T) {
	f := newFixture(t)
	tok := f.token("abroad", authn.RoleCustomer)
	for _, c := range []struct {
		name    string
		details map[string]any
	}{
		{"individual without a tax id", individualAbroad()},
		{"individual with a tax id", with(individualAbroad(), map[string]any{"taxId": "12/345/67890"})},
		{"company", companyAbroad()},
		{"company with a US EIN", with(companyAbroad(), map[string]any{"country": "US", "taxId": "12-3456789", "postcode": "10001"})},
		{"without a postcode", with(companyAbroad(), map[string]any{"postcode": nil})},
	} {
		if a := f.put(t, tok, "en", c.details); a.status != 200 || a.body["complete"] != true {
			t.Errorf("%s: %d %v", c.name, a.status, a.body)
		}
	}
	if a := f.get(t, tok); a.body["country"] != "GB" || a.body["postcode"] != "" {
		t.Errorf("last save read back as %v", a.body)
	}
}

// fieldCase is details that break the rules and the fields refused for it.
type fieldCase struct {
	name    string
	details map[string]any
	fields  []string
}

var fieldCases = []fieldCase{
	{"no type", with(individualTR(), map[string]any{"type": nil}), []string{"type"}},
	{"unknown type", with(individualTR(), map[string]any{"type": "person"}), []string{"type"}},
	{"nothing at all", map[string]any{}, []string{"type", "address", "city", "country", "email"}},

	{"individual in Turkey without a name", with(individualTR(), map[string]any{"fullName": " "}), []string{"fullName"}},
	{"name too short", with(individualTR(), map[string]any{"fullName": "A"}), []string{"fullName"}},
	{"name too long", with(individualTR(), map[string]any{"fullName": strings.Repeat("ş", 101)}), []string{"fullName"}},
	{"individual in Turkey without a TCKN", with(individualTR(), map[string]any{"tckn": nil}), []string{"tckn"}},
	{"TCKN of 10 digits", with(individualTR(), map[string]any{"tckn": "1000000014"}), []string{"tckn"}},
	{"TCKN starting with 0", with(individualTR(), map[string]any{"tckn": "01234567890"}), []string{"tckn"}},
	{"TCKN with a letter", with(individualTR(), map[string]any{"tckn": "1000000014a"}), []string{"tckn"}},
	{"TCKN with a wrong 10th digit", with(individualTR(), map[string]any{"tckn": "10000000136"}), []string{"tckn"}},
	{"TCKN with a wrong 11th digit", with(individualTR(), map[string]any{"tckn": "10000000147"}), []string{"tckn"}},
	{"individual with a VKN", with(individualTR(), map[string]any{"vkn": "4540536920"}), []string{"vkn"}},
	{"individual in Turkey with a tax id", with(individualTR(), map[string]any{"taxId": "X1"}), []string{"taxId"}},

	{"company in Turkey without a name", with(companyTR(), map[string]any{"companyName": ""}), []string{"companyName"}},
	{"company name too long", with(companyTR(), map[string]any{"companyName": strings.Repeat("a", 201)}), []string{"companyName"}},
	{"company in Turkey without a tax office", with(companyTR(), map[string]any{"taxOffice": nil}), []string{"taxOffice"}},
	{"company in Turkey without a VKN", with(companyTR(), map[string]any{"vkn": ""}), []string{"vkn"}},
	{"VKN of 11 digits", with(companyTR(), map[string]any{"vkn": "45405369200"}), []string{"vkn"}},
	{"VKN with a wrong check digit", with(companyTR(), map[string]any{"vkn": "4540536921"}), []string{"vkn"}},
	{"company with a TCKN and a name", with(companyTR(), map[string]any{"tckn": "10000000146", "fullName": "Ayşe"}), []string{"tckn", "fullName"}},

	{"company abroad without a tax id", with(companyAbroad(), map[string]any{"taxId": nil}), []string{"taxId"}},
	{"tax id with symbols", with(companyAbroad(), map[string]any{"taxId": "GB<123>"}), []string{"taxId"}},
	{"tax id too long", with(companyAbroad(), map[string]any{"taxId": strings.Repeat("1", 31)}), []string{"taxId"}},
	{"abroad with a TCKN", with(individualAbroad(), map[string]any{"tckn": "10000000146"}), []string{"tckn"}},
	{"company abroad with a VKN and tax office", with(companyAbroad(), map[string]any{"vkn": "4540536920", "taxOffice": "Kadıköy"}), []string{"vkn", "taxOffice"}},

	{"no address", with(individualTR(), map[string]any{"address": nil}), []string{"address"}},
	{"address too short", with(individualTR(), map[string]any{"address": "No 1"}), []string{"address"}},
	{"address too long", with(individualTR(), map[string]any{"address": strings.Repeat("a", 301)}), []string{"address"}},
	{"address with a line break", with(individualTR(), map[string]any{"address": "Bağdat Cad.\nNo 12"}), []string{"address"}},
	{"no city", with(individualTR(), map[string]any{"city": ""}), []string{"city"}},
	{"city too long", with(individualTR(), map[string]any{"city": strings.Repeat("a", 101)}), []string{"city"}},
	{"Turkish postcode of 4 digits", with(individualTR(), map[string]any{"postcode": "3471"}), []string{"postcode"}},
	{"postcode with symbols", with(individualAbroad(), map[string]any{"postcode": "10115!"}), []string{"postcode"}},
	{"postcode too long", with(individualAbroad(), map[string]any{"postcode": "1234567890123"}), []string{"postcode"}},
	{"no country", with(individualTR(), map[string]any{"country": nil, "tckn": nil}), []string{"country"}},
	{"country by name", with(individualTR(), map[string]any{"country": "Turkey"}), []string{"country"}},
	{"withdrawn country code", with(individualAbroad(), map[string]any{"country": "YU"}), []string{"country"}},
	{"UK for GB", with(companyAbroad(), map[string]any{"country": "UK"}), []string{"country"}},
	{"no email", with(individualTR(), map[string]any{"email": nil}), []string{"email"}},
	{"email without a domain", with(individualTR(), map[string]any{"email": "ayse@"}), []string{"email"}},
	{"email with a name", with(individualTR(), map[string]any{"email": "Ayşe <ayse@example.com>"}), []string{"email"}},
	{"email without a dot", with(individualTR(), map[string]any{"email": "ayse@localhost"}), []string{"email"}},

	// The decoder's own refusals, answered the same way.
	{"unknown field", with(individualTR(), map[string]any{"vergiNo": "4540536920"}), []string{"vergiNo"}},
	{"field in another case", with(individualTR(), map[string]any{"TCKN": "10000000146", "tckn": nil}), []string{"TCKN"}},
	{"number instead of text", with(individualTR(), map[string]any{"tckn": 10000000146}), []string{"tckn"}},
	{"object instead of text", with(individualTR(), map[string]any{"address": map[string]any{"line1": "x"}}), []string{"address"}},
}

// Every rule refuses exactly the fields it should, with words for each field in Turkish and in
// English (never the generic "invalid value"), and nothing is saved.
func TestFieldRules(t *testing.T) {
	f := newFixture(t)
	tok := f.token("rules", authn.RoleCustomer)
	generic := map[string]bool{"Geçersiz değer.": true, "Invalid value.": true}
	for _, c := range fieldCases {
		t.Run(c.name, func(t *testing.T) {
			var msgs [2]map[string]any
			for i, lang := range []string{"tr", "en"} {
				a := f.put(t, tok, lang, c.details)
				code, fields := errorOf(a)
				if a.status != 400 || code != "validation_failed" {
					t.Fatalf("%s: %d %v", lang, a.status, a.body)
				}
				if got := slices.Sorted(maps.Keys(fields)); !slices.Equal(got, slices.Sorted(slices.Values(c.fields))) {
					t.Errorf("%s: fields %v, want %v", lang, fields, c.fields)
				}
				msgs[i] = fields
			}
			for _, field := range c.fields {
				tr, _ := msgs[0][field].(string)
				en, _ := msgs[1][field].(string)
				if tr == "" || en == "" || tr == en || generic[tr] || generic[en] {
					t.Errorf("%s: tr %q, en %q", field, tr, en)
				}
			}
		})
	}
	if a := f.get(t, tok); a.body["complete"] != false || a.body["type"] != "" {
		t.Errorf("a refused save was kept: %v", a.body)
	}
}

// The words name the fault: the checksum and the shape of a number are told apart, in the
// request's language.
func TestMessagesSayWhatIsWrong(t *testing.T) {
	f := newFixture(t)
	tok := f.token("words", authn.RoleCustomer)
	for _, c := range []struct {
		details         map[string]any
		field, lang, is string
	}{
		{with(individualTR(), map[string]any{"tckn": "10000000147"}), "tckn", "tr", "Bu T.C. kimlik numarası geçerli değil; rakamları kontrol edin."},
		{with(individualTR(), map[string]any{"tckn": "10000000147"}), "tckn", "en", "This Turkish identity number (TCKN) is not valid; check the digits."},
		{with(individualTR(), map[string]any{"tckn": "0000000014"}), "tckn", "en", "A Turkish identity number (TCKN) is 11 digits and does not start with 0."},
		{with(companyTR(), map[string]any{"vkn": "4540536921"}), "vkn", "tr", "Bu vergi kimlik numarası geçerli değil; rakamları kontrol edin."},
		{with(companyTR(), map[string]any{"vkn": "454053692"}), "vkn", "en", "A Turkish tax number (VKN) is 10 digits."},
		{with(companyAbroad(), map[string]any{"taxId": ""}), "taxId", "tr", "Yurt dışındaki şirketler için ülkenizdeki vergi numarasını girin."},
		{with(individualTR(), map[string]any{"country": "XX"}), "country", "en", "The country must be an ISO 3166-1 two-letter code (e.g. TR, DE)."},
		{with(individualTR(), map[string]any{"vkn": "4540536920"}), "vkn", "en", "This field does not apply to the billing type and country you chose; leave it empty."},
		{with(individualTR(), map[string]any{"nope": "x"}), "nope", "tr", "Fatura bilgilerinde böyle bir alan yok."},
	} {
		a := f.put(t, tok, c.lang, c.details)
		_, fields := errorOf(a)
		if fields[c.field] != c.is {
			t.Errorf("%s in %s: %v, want %q", c.field, c.lang, fields[c.field], c.is)
		}
	}
	a := f.put(t, tok, "tr", with(individualTR(), map[string]any{"email": ""}))
	if e, _ := a.body["error"].(map[string]any); e["message"] != "Lütfen işaretli alanları düzeltin." {
		t.Errorf("message %v", a.body)
	}
}

// Bodies that are not billing details are refused with a 4xx, never a 5xx, and save nothing.
func TestBadBodies(t *testing.T) {
	f := newFixture(t)
	tok := f.token("bodies", authn.RoleCustomer)
	valid, _ := json.Marshal(individualTR())
	for _, c := range []struct {
		name, contentType, body string
		status                  int
		code                    string
	}{
		{"form-encoded", "application/x-www-form-urlencoded", "type=individual", 415, "unsupported_media_type"},
		{"JSON labelled as text", "text/plain", string(valid), 415, "unsupported_media_type"},
		{"no content type", "", string(valid), 415, "unsupported_media_type"},
		{"broken JSON", "application/json", `{"type":"individual",`, 400, "malformed_json"},
		{"two values", "application/json", string(valid) + `{}`, 400, "malformed_json"},
		{"an array", "application/json", `[` + string(valid) + `]`, 400, "malformed_json"},
		{"a string", "application/json", `"individual"`, 400, "malformed_json"},
		{"no body", "application/json", "", 400, "malformed_json"},
		{"null", "application/json", "null", 400, "validation_failed"},
		{"too large", "application/json", `{"address":"` + strings.Repeat("a", 20<<10) + `"}`, 413, "body_too_large"},
	} {
		a := f.send(t, "PUT", tok, "en", c.contentType, c.body)
		if code, _ := errorOf(a); a.status != c.status || code != c.code {
			t.Errorf("%s: %d %q, want %d %q", c.name, a.status, code, c.status, c.code)
		}
	}
	if a := f.get(t, tok); a.body["complete"] != false {
		t.Errorf("a refused body was saved: %v", a.body)
	}
}

// Saves of one profile racing each other all succeed, and what stays is one of them whole: the
// last write wins, never a mix of two requests' fields.
func TestConcurrentSavesLastOneWinsWhole(t *testing.T) {
	f := newFixture(t)
	tok := f.token("racer", authn.RoleCustomer)
	const n = 12
	sent := make([]map[string]any, n)
	for i := range sent {
		base := individualTR()
		if i%2 == 1 {
			base = companyTR()
		}
		sent[i] = with(base, map[string]any{"city": fmt.Sprintf("Şehir %02d", i), "address": fmt.Sprintf("Adres sokak %02d", i),
			"email": fmt.Sprintf("racer%02d@example.com", i)})
	}
	var wg sync.WaitGroup
	statuses := make([]int, n)
	for i := range sent {
		wg.Go(func() {
			data, _ := json.Marshal(sent[i])
			req, _ := http.NewRequest("PUT", f.url+"/api/v1/billing/profile", bytes.NewReader(data))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Authorization", "Bearer "+tok)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Error(err)
				return
			}
			resp.Body.Close()
			statuses[i] = resp.StatusCode
		})
	}
	wg.Wait()
	for i, s := range statuses {
		if s != 200 {
			t.Errorf("save %d: %d", i, s)
		}
	}
	got := f.get(t, tok).body
	winner := slices.IndexFunc(sent, func(s map[string]any) bool { return s["city"] == got["city"] })
	if winner < 0 {
		t.Fatalf("kept %v, which nobody sent", got)
	}
	for _, field := range []string{"type", "fullName", "tckn", "companyName", "taxOffice", "vkn", "taxId", "address", "city", "postcode", "country", "email"} {
		want, _ := sent[winner][field].(string)
		if got[field] != want {
			t.Errorf("%s = %v, but save %d that set the city sent %q", field, got[field], winner, want)
		}
	}
}
