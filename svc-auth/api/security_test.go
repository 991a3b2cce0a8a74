package api_test

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"linguaport/internal/authn"
	"linguaport/internal/httpx"
	"linguaport/internal/mailcapture"
	"linguaport/svc-auth/api"
	"linguaport/svc-auth/auth"
)

// fakeClock is the system's clock moved on by hand: tokens it dates stay valid for verifiers on
// the system's clock, and lifetimes can be passed without waiting.
type fakeClock struct {
	mu     sync.Mutex
	offset time.Duration
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return time.Now().Add(c.offset)
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.offset += d
}

// Another site's page cannot sign a visitor in (to the attacker's account), out, or renew their
// session: the routes that set or clear the session cookies answer only the site's own Origin or
// a Bearer token, and JSON routes take nothing a page may post without asking (text, forms).
func TestCrossSiteRequestsCannotSetCookies(t *testing.T) {
	f := newFixture(t)
	owner := f.browser("en")
	owner.register("Derya Koç", "derya@example.com")

	var declared []string
	for _, r := range api.Routes(api.Endpoints{}, nil, nil, authn.JWKS{}, httpx.TrustedProxies{}).Rules() {
		if r.Access.IsCookieSetting() {
			declared = append(declared, r.Pattern)
		}
	}
	for _, want := range []string{"register", "login", "logout", "refresh"} {
		if !slices.Contains(declared, "POST /api/v1/auth/"+want) {
			t.Errorf("POST %s sets cookies but is not declared so (declared: %v)", want, declared)
		}
	}

	login := map[string]any{"email": "derya@example.com", "password": goodPassword}
	for _, origin := range []string{"", "null", "https://evil.example", "https://site.test.evil.example"} {
		for lang, want := range map[string]string{"en": "The request did not come from this site.", "tr": "İstek bu siteden gelmiyor."} {
			a := f.browser(lang).do("POST", "login", login, "Origin", origin)
			if a.status != 403 || a.code() != "bad_origin" || a.message() != want || len(a.cookies) != 0 {
				t.Errorf("sign-in from %q (%s): %d %s, cookies %v", origin, lang, a.status, a.raw, a.cookies)
			}
		}
	}
	// Each declared route refuses a visitor's request without Origin before anything else.
	for _, pattern := range declared {
		method, path, _ := strings.Cut(pattern, " ")
		a := f.browser("en").do(method, strings.TrimPrefix(path, "/api/v1/auth/"), map[string]any{}, "Origin", "")
		if a.status != 403 || a.code() != "bad_origin" {
			t.Errorf("%s without Origin: %d %s", pattern, a.status, a.raw)
		}
	}

	// A signed-in browser is not signed out, nor its session renewed, by another site.
	if a := owner.do("POST", "logout", nil, "Origin", "https://evil.example"); a.status != 403 || len(a.cookies) != 0 {
		t.Errorf("cross-site logout: %d %s", a.status, a.raw)
	}
	refresh := owner.cookies[authn.RefreshCookie].Value
	if a := owner.do("POST", "refresh", nil, "Origin", ""); a.status != 403 || len(a.cookies) != 0 {
		t.Errorf("refresh without Origin: %d %s", a.status, a.raw)
	}
	if a := owner.do("GET", "me", nil); a.status != 200 || owner.cookies[authn.RefreshCookie].Value != refresh {
		t.Errorf("the session after refused requests: %d %s", a.status, a.raw)
	}
	// A forged request carrying the session cookie is refused even on an open route.
	if a := owner.do("POST", "password/forgot", map[string]any{"email": "derya@example.com"}, "Origin", "https://evil.example"); a.status != 403 || a.code() != "bad_origin" {
		t.Errorf("cross-site write carrying the session cookie: %d %s", a.status, a.raw)
	}

	// A Bearer token cannot be forged by a page, so it needs no Origin, even where cookies are set.
	token := owner.cookies[authn.TokenCookie].Value
	if a := f.browser("en").do("PATCH", "me", map[string]any{"fullName": "Derya Koç Ak"}, "Origin", "", "Authorization", "Bearer "+token); a.status != 200 {
		t.Errorf("bearer write without Origin: %d %s", a.status, a.raw)
	}

	// JSON routes refuse what a page of another site may post without a preflight, in the
	// request's language; the site's own JSON with a charset is fine.
	for _, ct := range []string{"text/plain", "text/plain; charset=utf-8", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", ""} {
		a := f.browser("tr").do("POST", "login", login, "Content-Type", ct)
		if a.status != 415 || a.code() != "unsupported_media_type" || a.message() != "İstek gövdesi JSON olmalı (Content-Type: application/json)." || len(a.cookies) != 0 {
			t.Errorf("sign-in as %q: %d %s", ct, a.status, a.raw)
		}
	}
	if a := f.browser("en").do("POST", "password/forgot", map[string]any{"email": "derya@example.com"}, "Content-Type", "text/plain"); a.status != 415 || a.message() != "The request body must be JSON (Content-Type: application/json)." {
		t.Errorf("forgot as text: %d %s", a.status, a.raw)
	}
	if a := f.browser("en").do("POST", "login", login, "Content-Type", "application/json; charset=utf-8"); a.status != 200 {
		t.Errorf("sign-in as JSON with a charset: %d %s", a.status, a.raw)
	}
}

// Attempts sent at once are counted before any password is checked: of 30 wrong passwords in
// parallel exactly LoginFailures are checked (401) and the rest are held back (429 with
// Retry-After), and the right password is held back too until the window ends.
func TestLoginLockoutHoldsUnderConcurrency(t *testing.T) {
	f := newFixture(t)
	f.browser("en").register("Kerem Aydın", "kerem@example.com")

	const attempts = 30
	answers := make([]answer, attempts)
	errs := make([]error, attempts)
	var wg sync.WaitGroup
	for i := range attempts {
		b := f.browser("en")
		b.ip = "198.51.100.77"
		wg.Go(func() {
			answers[i], errs[i] = b.send("POST", "login", map[string]any{"email": "kerem@example.com", "password": "wrong-guess-" + strings.Repeat("x", i)})
		})
	}
	wg.Wait()
	counts := map[int]int{}
	for i, a := range answers {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
		counts[a.status]++
		if a.status == 429 && (a.code() != "too_many_attempts" || a.header.Get("Retry-After") == "" || a.header.Get("Retry-After") == "0") {
			t.Errorf("held back without a wait: %s Retry-After %q", a.raw, a.header.Get("Retry-After"))
		}
	}
	if counts[401] != auth.LoginFailures || counts[429] != attempts-auth.LoginFailures {
		t.Fatalf("30 parallel wrong passwords answered %v, want %d × 401 and %d × 429", counts, auth.LoginFailures, attempts-auth.LoginFailures)
	}
	b := f.browser("en")
	b.ip = "198.51.100.77"
	if a := b.do("POST", "login", map[string]any{"email": "kerem@example.com", "password": goodPassword}); a.status != 429 || len(a.cookies) != 0 {
		t.Errorf("the right password while held back: %d %s", a.status, a.raw)
	}
	if a := f.browser("en").do("POST", "login", map[string]any{"email": "kerem@example.com", "password": goodPassword}); a.status != 200 {
		t.Errorf("another address: %d %s", a.status, a.raw)
	}
}

// resetToken asks for a reset link for email and returns the token in the mail that brings it.
func (f *fixture) resetToken(email string) string {
	f.t.Helper()
	resets := func() []mailcapture.Captured {
		var out []mailcapture.Captured
		for _, m := range f.mail.Messages() {
			if m.To[0] == email && m.Subject == "Reset your LinguaPort password" {
				out = append(out, m)
			}
		}
		return out
	}
	before := len(resets())
	if a := f.browser("en").do("POST", "password/forgot", map[string]any{"email": email}); a.status != 202 {
		f.t.Fatalf("forgot: %d %s", a.status, a.raw)
	}
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if msgs := resets(); len(msgs) > before {
			m := linkPattern.FindStringSubmatch(msgs[before].Text)
			if m == nil {
				f.t.Fatalf("no link in %q", msgs[before].Text)
			}
			return m[2]
		}
	}
	f.t.Fatal("no reset mail")
	return ""
}

// Only the newest reset link works, and only until the password is set: a newer link, a
// completed reset and a password change each make every older link stop working.
func TestOnlyTheNewestResetLinkWorks(t *testing.T) {
	f := newFixture(t)
	const email = "nur@example.com"
	f.browser("en").register("Nur Çelik", email)
	reset := func(token, password string) answer {
		t.Helper()
		return f.browser("en").do("POST", "password/reset", map[string]any{"token": token, "newPassword": password, "confirmPassword": password})
	}
	refused := func(a answer) bool { return a.status == 400 && a.code() == "invalid_token" }

	older, newer := f.resetToken(email), f.resetToken(email)
	if a := reset(older, "Birinci-Parola-11"); !refused(a) {
		t.Errorf("a link older than the newest: %d %s", a.status, a.raw)
	}
	if a := reset(newer, "Ikinci-Parola-22"); a.status != 204 {
		t.Fatalf("the newest link, after an older one was tried: %d %s", a.status, a.raw)
	}

	older, newer = f.resetToken(email), f.resetToken(email)
	if a := reset(newer, "Ucuncu-Parola-33"); a.status != 204 {
		t.Fatalf("the newest link: %d %s", a.status, a.raw)
	}
	if a := reset(older, "Dorduncu-Parola-44"); !refused(a) {
		t.Errorf("a link older than a completed reset: %d %s", a.status, a.raw)
	}

	mailed := f.resetToken(email)
	b := f.browser("en")
	if a := b.do("POST", "login", map[string]any{"email": email, "password": "Ucuncu-Parola-33"}); a.status != 200 {
		t.Fatalf("login: %d %s", a.status, a.raw)
	}
	if a := b.do("POST", "password", map[string]any{"currentPassword": "Ucuncu-Parola-33", "newPassword": "Besinci-Parola-55", "confirmPassword": "Besinci-Parola-55"}); a.status != 204 {
		t.Fatalf("change: %d %s", a.status, a.raw)
	}
	if a := reset(mailed, "Altinci-Parola-66"); !refused(a) {
		t.Errorf("a link mailed before a password change: %d %s", a.status, a.raw)
	}
	if a := reset(f.resetToken(email), "Yedinci-Parola-77"); a.status != 204 {
		t.Errorf("a link mailed after the change: %d %s", a.status, a.raw)
	}
	if a := f.browser("en").do("POST", "login", map[string]any{"email": email, "password": "Yedinci-Parola-77"}); a.status != 200 {
		t.Errorf("login with the last password set: %d", a.status)
	}
}

// Tabs that renew the session at once present the same refresh token: every one of them is
// renewed, to one and the same new token, and the session goes on.
func TestTabsRefreshingAtOnceStaySignedIn(t *testing.T) {
	f := newFixture(t)
	b := f.browser("en")
	b.register("Ece Yıldız", "ece@example.com")
	for round := range 3 {
		presented := b.cookies[authn.RefreshCookie].Value
		const tabs = 4
		answers := make([]answer, tabs)
		errs := make([]error, tabs)
		var wg sync.WaitGroup
		for i := range tabs {
			tab := f.browser("en")
			tab.cookies[authn.RefreshCookie] = &http.Cookie{Name: authn.RefreshCookie, Value: presented, Path: "/api/v1/auth"}
			wg.Go(func() { answers[i], errs[i] = tab.send("POST", "refresh", nil) })
		}
		wg.Wait()
		next := ""
		for i, a := range answers {
			if errs[i] != nil {
				t.Fatal(errs[i])
			}
			c := a.cookies[authn.RefreshCookie]
			if a.status != 200 || c == nil || c.Value == presented {
				t.Fatalf("round %d, tab %d: %d %s", round, i, a.status, a.raw)
			}
			if next != "" && c.Value != next {
				t.Errorf("round %d: tabs were given different refresh tokens", round)
			}
			next = c.Value
			if me := f.browser("en").do("GET", "me", nil, "Authorization", "Bearer "+a.cookies[authn.TokenCookie].Value); me.status != 200 {
				t.Errorf("round %d, tab %d's access token: %d %s", round, i, me.status, me.raw)
			}
		}
		b.cookies[authn.RefreshCookie] = answers[0].cookies[authn.RefreshCookie]
	}
	if a := b.do("POST", "refresh", nil); a.status != 200 {
		t.Errorf("the shared token renews again: %d %s", a.status, a.raw)
	}
}

// The grace is short: a rotated token presented within RefreshGrace gets the token it was
// rotated to; presented after it, it is a copied token and ends the session.
func TestRefreshGraceEnds(t *testing.T) {
	clock := &fakeClock{}
	f := startFixture(t, fixtureConfig{clock: clock})
	b := f.browser("en")
	b.register("Mert Şen", "mert@example.com")
	rotated := b.cookies[authn.RefreshCookie].Value
	first := b.do("POST", "refresh", nil)
	if first.status != 200 {
		t.Fatalf("refresh: %d %s", first.status, first.raw)
	}
	// Redis keeps the new token for the grace sealed under the rotated one, never as it is.
	sid, secret, _ := strings.Cut(first.cookies[authn.RefreshCookie].Value, ".")
	stored, err := f.redis.Client.HGetAll(context.Background(), authn.SessionKey(sid)).Result()
	if err != nil || len(stored) == 0 {
		t.Fatalf("session %v: %v", stored, err)
	}
	for field, v := range stored {
		if strings.Contains(v, secret) {
			t.Errorf("Redis holds the refresh token in %s", field)
		}
	}
	late := func() answer {
		tab := f.browser("en")
		tab.cookies[authn.RefreshCookie] = &http.Cookie{Name: authn.RefreshCookie, Value: rotated, Path: "/api/v1/auth"}
		return tab.do("POST", "refresh", nil)
	}
	clock.Advance(auth.RefreshGrace - time.Second)
	if a := late(); a.status != 200 || a.cookies[authn.RefreshCookie].Value != first.cookies[authn.RefreshCookie].Value {
		t.Errorf("within the grace: %d %s", a.status, a.raw)
	}
	clock.Advance(2 * time.Second)
	if a := late(); a.status != 401 || a.code() != "session_expired" {
		t.Errorf("after the grace: %d %s", a.status, a.raw)
	}
	if a := b.do("GET", "me", nil); a.status != 401 || a.code() != "session_revoked" {
		t.Errorf("the session a token reused after the grace belonged to goes on: %d %s", a.status, a.raw)
	}
}

// Parallel edits of one account (two tabs saving the profile) all succeed, the last write wins
// whole, and none is answered 5xx: the optimistic update retries a lost race.
func TestParallelProfileEditsAllSucceed(t *testing.T) {
	f := newFixture(t)
	b := f.browser("en")
	b.register("Nil Aydın", "nil@example.com")
	const tabs = 16
	answers := make([]answer, tabs)
	errs := make([]error, tabs)
	var wg sync.WaitGroup
	for i := range tabs {
		tab := f.browser("en")
		tab.cookies[authn.TokenCookie] = b.cookies[authn.TokenCookie]
		wg.Go(func() {
			answers[i], errs[i] = tab.send("PATCH", "me", map[string]any{"fullName": "Nil Aydın " + strings.Repeat("I", i+1), "phone": "+90 532 111 22 33"})
		})
	}
	wg.Wait()
	names := map[string]bool{}
	for i, a := range answers {
		if errs[i] != nil || a.status != 200 {
			t.Fatalf("edit %d: %v %d %s", i, errs[i], a.status, a.raw)
		}
		names["Nil Aydın "+strings.Repeat("I", i+1)] = true
	}
	me := b.do("GET", "me", nil)
	user, _ := me.body["user"].(map[string]any)
	if name, _ := user["fullName"].(string); !names[name] || user["phone"] != "+90 532 111 22 33" {
		t.Errorf("after the edits: %d %s", me.status, me.raw)
	}
}
