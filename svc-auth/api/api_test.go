package api_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/mongo"

	"linguaport/internal/audit"
	"linguaport/internal/authn"
	"linguaport/internal/company/companytest"
	"linguaport/internal/events"
	"linguaport/internal/httpx"
	"linguaport/internal/mail"
	"linguaport/internal/mailcapture"
	"linguaport/internal/privacy"
	"linguaport/internal/ratelimit"
	"linguaport/internal/testenv"
	"linguaport/svc-auth/api"
	"linguaport/svc-auth/auth"
	apikeys "linguaport/svc-auth/keys"
	"linguaport/svc-auth/webhooks"
)

func TestMain(m *testing.M) { testenv.Main(m) }

type fixture struct {
	t        *testing.T
	url      string
	mail     *mailcapture.Server
	signer   *authn.Signer
	sessions *auth.Sessions
	redis    *testenv.Redis
	db       *mongo.Database
	store    *auth.MongoStore
	mails    *auth.Mails
	inbox    events.Handler
}

// linkSecret signs the fixture's mailed links, as MAIL_LINK_SECRET does.
var linkSecret = []byte("a-test-secret-for-links-in-mails-0123456789")

// staffAddress is the fixture's STAFF_MAIL_TO.
const staffAddress = "operasyon@linguaport-test.com.tr"

var seq int

func newID() string {
	seq++
	return time.Now().Format("150405.000000") + "-" + strings.Repeat("x", seq%3) + string(rune('a'+seq%26))
}

// newFixture runs svc-auth's real handler over FerretDB, redis-server and an SMTP capture server,
// with its outbox relay and inbox consumer, behind the platform's HTTP server.
func newFixture(t *testing.T, providers ...map[string]api.ProviderConfig) *fixture {
	t.Helper()
	var cfg fixtureConfig
	if len(providers) > 0 {
		cfg.providers = providers[0]
	}
	return startFixture(t, cfg)
}

// fixtureConfig is what a test changes about the fixture: sign-in providers, the service's clock.
type fixtureConfig struct {
	providers map[string]api.ProviderConfig
	clock     *fakeClock
	// onPostgres keeps the accounts in FerretDB over PostgreSQL (testenv.MongoOnPostgres).
	onPostgres bool
}

func startFixture(t *testing.T, cfg fixtureConfig) *fixture {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	var db *mongo.Database
	if cfg.onPostgres {
		db = testenv.MongoOnPostgres(t)
	} else {
		db = testenv.Mongo(t)
	}
	r := testenv.StartRedis(t)
	capture, err := mailcapture.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = capture.Close() })

	store, err := auth.NewMongoStore(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	signer, err := auth.SigningKey(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	again, err := auth.SigningKey(ctx, db)
	if err != nil || again.KeyID() != signer.KeyID() {
		t.Fatalf("the signing key is not kept: %v", err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	relay := events.NewRelay(store.Users(), events.Stream("auth"), events.NewPublisher(r.Client), log, 100*time.Millisecond)
	go relay.Run(ctx)
	sessions := auth.NewSessions(r.Client)
	// The mails, as main sends them: queued with the change, relayed to the capture server.
	mails := auth.NewMails(store, sessions, auth.MailConfig{SiteURL: "https://site.test", Secret: linkSecret, StaffTo: staffAddress, Footer: companytest.Other().MailFooter})
	relays := store.StartMail(mails.Render, mail.NewSender(mail.Config{Addr: capture.Addr(), From: mail.DefaultFrom}), log, time.Hour)
	relaysDone := make(chan struct{})
	go func() { relays.Run(ctx); close(relaysDone) }()
	t.Cleanup(func() { cancel(); <-relaysDone })
	inbox := auth.InboxHandler(store)
	for _, area := range []string{"auth", "orders"} {
		consumer := events.NewConsumer(r.Client, events.Stream(area), "svc-auth", db.Collection("processed_events"), inbox, log)
		consumer.Block = 100 * time.Millisecond
		go func() { _ = consumer.Run(ctx) }()
	}

	opts := []auth.Option{
		auth.WithLimits(ratelimit.New(r.Client, "auth-register", 1000, time.Hour), ratelimit.New(r.Client, "auth-forgot", 1000, time.Hour)),
		auth.WithResendLimit(ratelimit.New(r.Client, "auth-verify-resend", 3, time.Hour)),
		auth.WithLinkSecret(linkSecret),
		auth.WithKick(relay.Kick),
	}
	if cfg.clock != nil {
		opts = append(opts, auth.WithClock(cfg.clock.Now))
	}
	svc := auth.NewService(store, sessions, signer, newID, opts...)
	// KVKK requests as main runs them: their relay, and a privacy group on every stream.
	privacyRelay := events.NewRelay(store.PrivacyRequests(), events.Stream("auth"), events.NewPublisher(r.Client), log, 100*time.Millisecond)
	store.KickPrivacyEvents(privacyRelay.Kick)
	go privacyRelay.Run(ctx)
	now := time.Now
	if cfg.clock != nil {
		now = cfg.clock.Now
	}
	// API keys as main builds them, with svc-auth's audit log.
	auditLog, err := audit.NewLog(ctx, db, log)
	if err != nil {
		t.Fatal(err)
	}
	keyStore, err := apikeys.NewMongoStore(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	keySvc := apikeys.NewService(keyStore, auth.KeyOwners(store), auth.KeySessions(r.Client), signer,
		ratelimit.New(r.Client, "auth-key-failures", apikeys.MaxFailures, apikeys.FailureWindow), auditLog, newID, now)
	// Webhooks as main builds them, sending to receivers on this machine.
	hookStore, err := webhooks.NewStore(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	guard := webhooks.Guard{AllowHTTP: true, AllowPrivate: true}
	dispatcher := webhooks.NewDispatcher(hookStore, log, webhooks.DispatcherOptions{Guard: guard, SweepEvery: 50 * time.Millisecond})
	go dispatcher.Run(ctx)
	hookSvc := webhooks.NewService(hookStore, guard, dispatcher.Kick, newID, now)
	privacySvc := auth.NewPrivacy(store, sessions, keySvc, hookSvc, linkSecret, ratelimit.New(r.Client, "auth-privacy", 1000, time.Hour), newID, now)
	for _, area := range []string{"auth", privacy.Stream} {
		consumer := events.NewConsumer(r.Client, events.Stream(area), "svc-auth-privacy", db.Collection("processed_events"), privacySvc.Answer, log)
		consumer.Block = 100 * time.Millisecond
		go func() { _ = consumer.Run(ctx) }()
	}
	verifier := authn.NewVerifier(authn.StaticKeys{signer.KeyID(): signer.PublicKey()}, authn.NewRedisSessions(r.Client))
	srv := httptest.NewServer(nil)
	t.Cleanup(srv.Close)
	configs := cfg.providers
	if configs == nil {
		configs = map[string]api.ProviderConfig{}
	}
	jwks := authn.JWKS{Keys: []authn.JWK{authn.PublicJWK(signer.KeyID(), signer.PublicKey())}}
	handler := api.Routes(api.MakeEndpoints(svc, auth.NewStaff(store)).WithPrivacy(privacySvc).WithKeys(keySvc, auditLog).WithWebhooks(hookSvc), api.NewOAuth(svc, r.Client, srv.URL, configs, log), nil, jwks, httpx.LoopbackOnly).
		Handler(authn.NewAuthenticator(verifier, []string{"https://site.test"}))
	srv.Config.Handler = httpx.NewServer(httpx.Options{Name: "svc-auth", Handler: handler, Logger: log}).Handler()
	return &fixture{t: t, url: srv.URL, mail: capture, signer: signer, sessions: sessions, redis: r, db: db, store: store, mails: mails, inbox: inbox}
}

// browser keeps cookies by hand: Go's cookie jar will not send Secure cookies over plain HTTP.
type browser struct {
	f       *fixture
	lang    string
	ip      string
	cookies map[string]*http.Cookie
	token   string // a Bearer token, when set (staff_test.go)
}

func (f *fixture) browser(lang string) *browser {
	return &browser{f: f, lang: lang, ip: "203.0.113.7", cookies: map[string]*http.Cookie{}}
}

type answer struct {
	status  int
	header  http.Header
	raw     string
	cookies map[string]*http.Cookie
	body    map[string]any
}

func (a answer) code() string {
	e, _ := a.body["error"].(map[string]any)
	s, _ := e["code"].(string)
	return s
}
func (a answer) message() string {
	e, _ := a.body["error"].(map[string]any)
	s, _ := e["message"].(string)
	return s
}
func (a answer) field(name string) string {
	e, _ := a.body["error"].(map[string]any)
	fields, _ := e["fields"].(map[string]any)
	s, _ := fields[name].(string)
	return s
}
func (a answer) user() map[string]any { u, _ := a.body["user"].(map[string]any); return u }

func (b *browser) do(method, path string, body any, extra ...string) answer {
	b.f.t.Helper()
	a, err := b.send(method, path, body, extra...)
	if err != nil {
		b.f.t.Fatal(err)
	}
	return a
}

// send is do for other goroutines than the test's: it reports a failure instead of ending the test.
func (b *browser) send(method, path string, body any, extra ...string) (answer, error) {
	var rd io.Reader
	if body != nil {
		data, _ := json.Marshal(body)
		rd = bytes.NewReader(data)
	}
	req, _ := http.NewRequest(method, b.f.url+"/api/v1/auth/"+path, rd)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept-Language", b.lang)
	req.Header.Set("X-Forwarded-For", b.ip)
	req.Header.Set("Origin", "https://site.test")
	if b.token != "" {
		req.Header.Set("Authorization", "Bearer "+b.token)
	}
	for i := 0; i+1 < len(extra); i += 2 {
		if extra[i+1] == "" {
			req.Header.Del(extra[i])
		} else {
			req.Header.Set(extra[i], extra[i+1])
		}
	}
	for _, c := range b.cookies {
		if strings.HasPrefix("/api/v1/auth/"+path, c.Path) {
			req.AddCookie(&http.Cookie{Name: c.Name, Value: c.Value})
		}
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return answer{}, err
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	a := answer{status: resp.StatusCode, header: resp.Header, raw: string(raw), cookies: map[string]*http.Cookie{}}
	_ = json.Unmarshal(raw, &a.body)
	for _, c := range resp.Cookies() {
		a.cookies[c.Name] = c
		if c.MaxAge < 0 {
			delete(b.cookies, c.Name)
		} else {
			b.cookies[c.Name] = c
		}
	}
	if strings.Contains(a.raw, "argon2") || strings.Contains(strings.ToLower(a.raw), "passwordhash") {
		return a, fmt.Errorf("%s %s leaked a password hash: %s", method, path, a.raw)
	}
	return a, nil
}

const goodPassword = "Kestane-Kebap-42"

func (b *browser) register(name, email string) answer {
	b.f.t.Helper()
	a := b.do("POST", "register", map[string]any{"fullName": name, "email": email, "password": goodPassword, "confirmPassword": goodPassword, "acceptTerms": true})
	if a.status != http.StatusCreated {
		b.f.t.Fatalf("register %s: %d %s", email, a.status, a.raw)
	}
	return a
}

func TestRegistration(t *testing.T) {
	f := newFixture(t)
	tr, en := f.browser("tr"), f.browser("en")

	a := en.do("POST", "register", map[string]any{})
	if a.status != 400 || a.field("fullName") != "This field is required." || a.field("email") != "This field is required." ||
		a.field("password") != "This field is required." || a.field("acceptTerms") != "You must accept the membership agreement." {
		t.Errorf("empty form: %d %s", a.status, a.raw)
	}
	for _, c := range []struct {
		name, lang, password, confirm, email, field, want string
	}{
		{"bad email", "en", goodPassword, goodPassword, "ayse@", "email", "Enter a valid email address."},
		{"short password", "tr", "kisa-123", "kisa-123", "a@b.co", "password", "Parola en az 10 karakter olmalı."},
		{"common password", "en", "Galatasaray1905", "Galatasaray1905", "a@b.co", "password", "This password is too common; choose another."},
		{"mismatch", "tr", goodPassword, goodPassword + "x", "a@b.co", "confirmPassword", "Yeni parolalar eşleşmiyor!"},
		{"mismatch", "en", goodPassword, goodPassword + "x", "a@b.co", "confirmPassword", "New passwords do not match!"},
	} {
		b := f.browser(c.lang)
		a := b.do("POST", "register", map[string]any{"fullName": "Ayşe Yılmaz", "email": c.email, "password": c.password, "confirmPassword": c.confirm, "acceptTerms": true})
		if a.status != 400 || a.field(c.field) != c.want {
			t.Errorf("%s (%s): %d %s", c.name, c.lang, a.status, a.raw)
		}
	}
	if a := en.do("POST", "register", "not an object"); a.status != 400 || a.code() != "malformed_json" {
		t.Errorf("malformed body: %d %s", a.status, a.raw)
	}

	a = tr.register("Ayşe Yılmaz", "Ayse@Example.com")
	u := a.user()
	if u["email"] != "ayse@example.com" || u["type"] != "customer" || u["fullName"] != "Ayşe Yılmaz" || u["id"] == "" {
		t.Errorf("user %v", u)
	}
	token, refresh, userData := a.cookies[authn.TokenCookie], a.cookies[authn.RefreshCookie], a.cookies[authn.UserCookie]
	if token == nil || !token.HttpOnly || !token.Secure || token.SameSite != http.SameSiteStrictMode || token.Path != "/" || token.MaxAge != 7*24*3600 {
		t.Errorf("authToken cookie %+v", token)
	}
	if refresh == nil || !refresh.HttpOnly || refresh.Path != "/api/v1/auth" {
		t.Errorf("refreshToken cookie %+v", refresh)
	}
	if userData == nil || userData.HttpOnly || !userData.Secure || userData.MaxAge != 7*24*3600 {
		t.Fatalf("userData cookie %+v", userData)
	}
	decoded, _ := url.QueryUnescape(userData.Value)
	if decoded != `{"name":"Ayşe Yılmaz","type":"customer"}` || strings.Contains(userData.Value, "+") {
		t.Errorf("userData %q → %q", userData.Value, decoded)
	}
	if me := tr.do("GET", "me", nil); me.status != 200 || me.user()["email"] != "ayse@example.com" {
		t.Errorf("signed in after registering: %d %s", me.status, me.raw)
	}
	again := f.browser("en").do("POST", "register", map[string]any{"fullName": "Someone", "email": " AYSE@example.COM ", "password": goodPassword, "confirmPassword": goodPassword, "acceptTerms": true})
	if again.status != 409 || again.code() != "email_taken" {
		t.Errorf("the same email in other case: %d %s", again.status, again.raw)
	}
}

func TestLogin(t *testing.T) {
	f := newFixture(t)
	f.browser("tr").register("Mehmet Demir", "mehmet@example.com")

	en := f.browser("en")
	wrong := en.do("POST", "login", map[string]any{"email": "mehmet@example.com", "password": "wrong-password-1"})
	unknown := en.do("POST", "login", map[string]any{"email": "nobody@example.com", "password": "wrong-password-1"})
	if wrong.status != 401 || unknown.status != 401 || wrong.message() != unknown.message() || wrong.message() != "The email address or password is incorrect." {
		t.Errorf("wrong password %d %q, unknown email %d %q", wrong.status, wrong.message(), unknown.status, unknown.message())
	}
	if tr := f.browser("tr").do("POST", "login", map[string]any{"email": "mehmet@example.com", "password": "yanlis-parola"}); tr.message() != "E-posta adresi veya parola hatalı." {
		t.Errorf("Turkish: %s", tr.raw)
	}

	ok := en.do("POST", "login", map[string]any{"email": "MEHMET@example.com", "password": goodPassword, "rememberMe": true})
	if ok.status != 200 || ok.user()["fullName"] != "Mehmet Demir" || ok.cookies[authn.TokenCookie].MaxAge != 30*24*3600 || ok.cookies[authn.UserCookie].MaxAge != 30*24*3600 {
		t.Fatalf("login with remember me: %d %s %+v", ok.status, ok.raw, ok.cookies[authn.TokenCookie])
	}
	short := f.browser("en").do("POST", "login", map[string]any{"email": "mehmet@example.com", "password": goodPassword})
	if short.cookies[authn.TokenCookie].MaxAge != 7*24*3600 {
		t.Errorf("login without remember me lasts %d s", short.cookies[authn.TokenCookie].MaxAge)
	}

	// Five failures for one email from one address hold that pair back, with Retry-After.
	attacker := f.browser("en")
	attacker.ip = "198.51.100.9"
	for i := range 5 {
		if a := attacker.do("POST", "login", map[string]any{"email": "mehmet@example.com", "password": "guess-number-" + string(rune('0'+i))}); a.status != 401 {
			t.Fatalf("failure %d: %d", i+1, a.status)
		}
	}
	blocked := attacker.do("POST", "login", map[string]any{"email": "mehmet@example.com", "password": goodPassword})
	if blocked.status != 429 || blocked.code() != "too_many_attempts" || blocked.header.Get("Retry-After") == "" {
		t.Errorf("sixth attempt, even with the right password: %d %s Retry-After %q", blocked.status, blocked.raw, blocked.header.Get("Retry-After"))
	}
	if secs := blocked.header.Get("Retry-After"); secs < "1" || len(secs) > 3 {
		t.Errorf("Retry-After %q", secs)
	}
	if a := f.browser("en").do("POST", "login", map[string]any{"email": "mehmet@example.com", "password": goodPassword}); a.status != 200 {
		t.Errorf("another address is not held back: %d", a.status)
	}
}

func TestTokensAndSessions(t *testing.T) {
	clock := &fakeClock{}
	f := startFixture(t, fixtureConfig{clock: clock})
	b := f.browser("en")
	b.register("Zeynep Kaya", "zeynep@example.com")
	token := b.cookies[authn.TokenCookie].Value

	bearer := f.browser("en")
	if a := bearer.do("GET", "me", nil, "Authorization", "Bearer "+token); a.status != 200 || a.user()["fullName"] != "Zeynep Kaya" {
		t.Errorf("bearer: %d %s", a.status, a.raw)
	}
	if a := f.browser("en").do("GET", "me", nil); a.status != 401 || a.code() != "unauthenticated" {
		t.Errorf("visitor: %d %s", a.status, a.raw)
	}
	parts := strings.Split(token, ".")
	if a := bearer.do("GET", "me", nil, "Authorization", "Bearer "+parts[0]+"."+parts[1]+"x."+parts[2]); a.status != 401 || a.code() != "invalid_token" {
		t.Errorf("tampered: %d %s", a.status, a.raw)
	}
	var claims authn.Claims
	if _, err := authn.NewVerifier(authn.StaticKeys{f.signer.KeyID(): f.signer.PublicKey()}, nil).VerifySignature(context.Background(), token); err != nil {
		t.Fatal(err)
	}
	raw, _ := decodeClaims(token)
	_ = json.Unmarshal(raw, &claims)
	claims.ExpiresAt = time.Now().Add(-time.Minute).Unix()
	expired, _ := f.signer.Sign(claims)
	if a := bearer.do("GET", "me", nil, "Authorization", "Bearer "+expired); a.status != 401 || a.code() != "token_expired" {
		t.Errorf("expired: %d %s", a.status, a.raw)
	}

	// A cookie-authenticated write needs the site's Origin.
	if a := b.do("PATCH", "me", map[string]any{"fullName": "Zeynep K."}, "Origin", "https://evil.example"); a.status != 403 || a.code() != "bad_origin" {
		t.Errorf("cross-site write: %d %s", a.status, a.raw)
	}

	// Refresh rotates the refresh token; presenting the old one again, once the grace for tabs
	// renewing at once is over, ends the session.
	oldRefresh := b.cookies[authn.RefreshCookie].Value
	r := b.do("POST", "refresh", nil)
	if r.status != 200 || r.cookies[authn.RefreshCookie] == nil || r.cookies[authn.RefreshCookie].Value == oldRefresh || r.cookies[authn.TokenCookie].Value == token {
		t.Fatalf("refresh: %d %s", r.status, r.raw)
	}
	if a := b.do("GET", "me", nil); a.status != 200 {
		t.Errorf("after refresh: %d", a.status)
	}
	clock.Advance(auth.RefreshGrace + time.Second)
	thief := f.browser("en")
	thief.cookies[authn.RefreshCookie] = &http.Cookie{Name: authn.RefreshCookie, Value: oldRefresh, Path: "/api/v1/auth"}
	if a := thief.do("POST", "refresh", nil); a.status != 401 || a.code() != "session_expired" {
		t.Errorf("reused refresh token: %d %s", a.status, a.raw)
	}
	if a := b.do("GET", "me", nil); a.status != 401 || a.code() != "session_revoked" {
		t.Errorf("the session a reused refresh token belonged to goes on: %d %s", a.status, a.raw)
	}

	// Logout revokes the session everywhere and clears the cookies.
	b = f.browser("en")
	b.do("POST", "login", map[string]any{"email": "zeynep@example.com", "password": goodPassword})
	token = b.cookies[authn.TokenCookie].Value
	out := b.do("POST", "logout", nil)
	if out.status != 204 || out.cookies[authn.TokenCookie] == nil || out.cookies[authn.TokenCookie].MaxAge >= 0 || out.cookies[authn.UserCookie].MaxAge >= 0 {
		t.Errorf("logout: %d %+v", out.status, out.cookies)
	}
	if a := f.browser("en").do("GET", "me", nil, "Authorization", "Bearer "+token); a.status != 401 || a.code() != "session_revoked" {
		t.Errorf("token after logout: %d %s", a.status, a.raw)
	}

	// The JWKS publishes the key the tokens verify with.
	jwks := f.browser("en").do("GET", ".well-known/jwks.json", nil)
	var set authn.JWKS
	_ = json.Unmarshal([]byte(jwks.raw), &set)
	if keys := set.Ed25519Keys(); len(keys) != 1 || !keys[f.signer.KeyID()].Equal(f.signer.PublicKey()) {
		t.Errorf("jwks %s", jwks.raw)
	}
}

func decodeClaims(token string) ([]byte, error) {
	return base64URL(strings.Split(token, ".")[1])
}

func TestPersonalInfoAndPassword(t *testing.T) {
	f := newFixture(t)
	b := f.browser("tr")
	b.register("Can Öztürk", "can@example.com")
	other := f.browser("tr")
	other.do("POST", "login", map[string]any{"email": "can@example.com", "password": goodPassword})

	bad := b.do("PATCH", "me", map[string]any{"fullName": "", "phone": "abc", "companyName": strings.Repeat("x", 121), "address": ""})
	if bad.status != 400 || bad.field("fullName") != "Bu alan zorunludur." || bad.field("phone") != "Geçerli bir telefon numarası girin." || bad.field("companyName") == "" {
		t.Errorf("invalid personal info: %d %s", bad.status, bad.raw)
	}
	if me := b.do("GET", "me", nil); me.user()["fullName"] != "Can Öztürk" {
		t.Errorf("a refused update changed the account: %s", me.raw)
	}
	ok := b.do("PATCH", "me", map[string]any{"fullName": "Can Öztürk Yılmaz", "phone": "+90 532 111 22 33", "companyName": "Öztürk Hukuk", "address": "Kadıköy, İstanbul"})
	u := ok.user()
	if ok.status != 200 || u["phone"] != "+90 532 111 22 33" || u["companyName"] != "Öztürk Hukuk" || u["address"] != "Kadıköy, İstanbul" {
		t.Errorf("update: %d %s", ok.status, ok.raw)
	}
	if c := ok.cookies[authn.UserCookie]; c == nil || !strings.Contains(mustUnescape(c.Value), "Can Öztürk Yılmaz") || c.MaxAge < 7*24*3600-60 {
		t.Errorf("userData after renaming: %+v", c)
	}

	for lang, want := range map[string]string{"tr": "Yeni parolalar eşleşmiyor!", "en": "New passwords do not match!"} {
		b.lang = lang
		a := b.do("POST", "password", map[string]any{"currentPassword": goodPassword, "newPassword": "Yepyeni-Parola-7", "confirmPassword": "Yepyeni-Parola-8"})
		if a.status != 400 || a.code() != "password_mismatch" || a.message() != want || a.field("confirmPassword") != want {
			t.Errorf("mismatch (%s): %d %s", lang, a.status, a.raw)
		}
	}
	b.lang = "en"
	if a := b.do("POST", "password", map[string]any{"currentPassword": "not-my-password", "newPassword": "Yepyeni-Parola-7", "confirmPassword": "Yepyeni-Parola-7"}); a.status != 400 || a.code() != "wrong_password" {
		t.Errorf("wrong current password: %d %s", a.status, a.raw)
	}
	if a := b.do("POST", "password", map[string]any{"currentPassword": goodPassword, "newPassword": "Yepyeni-Parola-7", "confirmPassword": "Yepyeni-Parola-7"}); a.status != 204 {
		t.Fatalf("change: %d %s", a.status, a.raw)
	}
	if a := b.do("GET", "me", nil); a.status != 200 {
		t.Errorf("the session that changed the password ended: %d", a.status)
	}
	if a := other.do("GET", "me", nil); a.status != 401 || a.code() != "session_revoked" {
		t.Errorf("another session survived the password change: %d %s", a.status, a.raw)
	}
	if a := f.browser("en").do("POST", "login", map[string]any{"email": "can@example.com", "password": "Yepyeni-Parola-7"}); a.status != 200 {
		t.Errorf("login with the new password: %d", a.status)
	}
}

var linkPattern = regexp.MustCompile(`https://site\.test/(tr/parola-sifirla|en/reset-password)\?token=([A-Za-z0-9_-]+)`)

func TestPasswordReset(t *testing.T) {
	f := newFixture(t)
	b := f.browser("en")
	b.register("Elif Şahin", "elif@example.com")

	if a := f.browser("en").do("POST", "password/forgot", map[string]any{"email": "nobody@example.com"}); a.status != 202 {
		t.Errorf("unknown email: %d %s", a.status, a.raw)
	}
	if a := f.browser("en").do("POST", "password/forgot", map[string]any{"email": "ELIF@example.com"}); a.status != 202 {
		t.Fatalf("known email: %d %s", a.status, a.raw)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	msg, err := f.mail.Wait(ctx, func(c mailcapture.Captured) bool {
		return len(c.To) == 1 && c.To[0] == "elif@example.com" && c.Subject == "Reset your LinguaPort password"
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range f.mail.Messages() {
		if c.To[0] != "elif@example.com" {
			t.Errorf("a mail to %v; the unknown address must get none", c.To)
		}
	}
	m := linkPattern.FindStringSubmatch(msg.Text)
	if m == nil || m[1] != "en/reset-password" || !strings.Contains(msg.Text, "one hour") || !strings.Contains(msg.HTML, `href="https://site.test/en/reset-password?token=`) {
		t.Fatalf("mail %q:\n%s", msg.Subject, msg.Text)
	}
	token := m[2]

	if a := f.browser("en").do("POST", "password/reset", map[string]any{"token": token, "newPassword": "Bambaska-Parola-1", "confirmPassword": "Bambaska-Parola-2"}); a.status != 400 || a.message() != "New passwords do not match!" {
		t.Errorf("mismatch: %d %s", a.status, a.raw)
	}
	if a := f.browser("en").do("POST", "password/reset", map[string]any{"token": token, "newPassword": "Bambaska-Parola-1", "confirmPassword": "Bambaska-Parola-1"}); a.status != 204 {
		t.Fatalf("reset: %d %s", a.status, a.raw)
	}
	if a := f.browser("en").do("POST", "password/reset", map[string]any{"token": token, "newPassword": "Ucuncu-Parola-33", "confirmPassword": "Ucuncu-Parola-33"}); a.status != 400 || a.code() != "invalid_token" {
		t.Errorf("a used token: %d %s", a.status, a.raw)
	}
	if a := b.do("GET", "me", nil); a.status != 401 {
		t.Errorf("a session survived the reset: %d", a.status)
	}
	if a := f.browser("en").do("POST", "login", map[string]any{"email": "elif@example.com", "password": "Bambaska-Parola-1"}); a.status != 200 {
		t.Errorf("login with the reset password: %d", a.status)
	}

	// A token is good for its lifetime only.
	short, err := f.sessions.NewResetToken(context.Background(), "someone", 300*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(400 * time.Millisecond)
	if _, err := f.sessions.UseResetToken(context.Background(), short); err != auth.ErrInvalidResetToken {
		t.Errorf("an expired token: %v", err)
	}
}

// Ordering's events (svc-orders/API.md) reach the customer's inbox through Redis, once each.
func TestOrderEventsBecomeMessages(t *testing.T) {
	f := newFixture(t)
	b := f.browser("en")
	b.register("Selin Kaya", "selin@example.com")
	me := b.do("GET", "me", nil)
	userID := me.body["user"].(map[string]any)["id"].(string)
	ctx := context.Background()
	pub := events.NewPublisher(f.redis.Client)
	quote, _ := events.New(ctx, auth.EventQuoteCreated, map[string]any{"quoteId": "q1", "number": "Q-2026-00042", "customerId": userID,
		"total": map[string]any{"amount": 561000, "currency": "TRY", "decimals": 2, "formatted": "₺5,610.00"}})
	delivered, _ := events.New(ctx, auth.EventOrderStatusChanged, map[string]any{"orderId": "o1", "number": "O-2026-00007", "customerId": userID, "status": "delivered", "at": time.Now().UTC()})
	someoneElse, _ := events.New(ctx, auth.EventOrderStatusChanged, map[string]any{"orderId": "o2", "number": "O-2026-00008", "customerId": "another-user", "status": "completed", "at": time.Now().UTC()})
	for _, e := range []events.Event{quote, delivered, delivered, someoneElse} { // delivered twice: redelivery
		if err := pub.Publish(ctx, events.Stream("orders"), e); err != nil {
			t.Fatal(err)
		}
	}
	var list answer
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if list = b.do("GET", "messages", nil); strings.Contains(list.raw, "O-2026-00007") && strings.Contains(list.raw, "Q-2026-00042") {
			break
		}
	}
	msgs, _ := list.body["messages"].([]any)
	if len(msgs) != 3 { // welcome, quote, delivery
		t.Fatalf("messages: %s", list.raw)
	}
	if !strings.Contains(list.raw, "Quote Q-2026-00042 comes to ₺5,610.00.") || !strings.Contains(list.raw, "Order O-2026-00007 is delivered.") || strings.Contains(list.raw, "O-2026-00008") {
		t.Errorf("messages: %s", list.raw)
	}
	tr := f.browser("tr")
	tr.cookies = b.cookies
	if l := tr.do("GET", "messages", nil); !strings.Contains(l.raw, "Teklifiniz hazır: Q-2026-00042") || !strings.Contains(l.raw, "O-2026-00007 numaralı siparişiniz teslim edildi.") {
		t.Errorf("Turkish messages: %s", l.raw)
	}
}

func TestMessages(t *testing.T) {
	f := newFixture(t)
	b := f.browser("tr")
	b.register("Deniz Arslan", "deniz@example.com")
	var list answer
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if list = b.do("GET", "messages", nil); strings.Contains(list.raw, "hoş geldiniz") {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	msgs, _ := list.body["messages"].([]any)
	if len(msgs) != 1 {
		t.Fatalf("welcome message did not arrive: %s", list.raw)
	}
	m := msgs[0].(map[string]any)
	if m["read"] != false || !strings.Contains(m["body"].(string), "Deniz Arslan") {
		t.Errorf("message %v", m)
	}
	if en := b.do("GET", "messages?lang=en", nil); !strings.Contains(en.raw, "Welcome to LinguaPort") {
		t.Errorf("English: %s", en.raw)
	}

	stranger := f.browser("tr")
	stranger.register("Başka Biri", "baska@example.com")
	if a := stranger.do("POST", "messages/"+m["id"].(string)+"/read", nil); a.status != 404 {
		t.Errorf("marking someone else's message: %d", a.status)
	}
	if a := b.do("POST", "messages/"+m["id"].(string)+"/read", nil); a.status != 204 {
		t.Errorf("mark read: %d %s", a.status, a.raw)
	}
	if a := b.do("GET", "messages", nil); !strings.Contains(a.raw, `"read":true`) {
		t.Errorf("after marking: %s", a.raw)
	}
}

func mustUnescape(s string) string {
	v, _ := url.QueryUnescape(s)
	return v
}

func base64URL(s string) ([]byte, error) { return base64.RawURLEncoding.DecodeString(s) }
