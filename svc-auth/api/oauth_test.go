package api_test

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"linguaport/internal/authn"
	"linguaport/internal/httpx"
	"linguaport/internal/oauthdev"
	"linguaport/svc-auth/api"
)

var noRedirect = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

// signInWith walks the authorization-code flow as a browser would: start at svc-auth, sign in
// at the provider as hint, come back to the callback; it returns the callback's answer.
func (b *browser) signInWith(provider, hint, returnTo string) *http.Response {
	t := b.f.t
	t.Helper()
	get := func(u string, cookies ...*http.Cookie) *http.Response {
		req, _ := http.NewRequest("GET", u, nil)
		for _, c := range cookies {
			req.AddCookie(&http.Cookie{Name: c.Name, Value: c.Value})
		}
		resp, err := noRedirect.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp
	}
	start := get(b.f.url + "/api/v1/auth/oauth/" + provider + "/start?lang=en&returnTo=" + url.QueryEscape(returnTo))
	if start.StatusCode != http.StatusFound {
		t.Fatalf("start: %d", start.StatusCode)
	}
	var state *http.Cookie
	for _, c := range start.Cookies() {
		if c.Name == "oauthState" {
			state = c
		}
	}
	if state == nil || !state.HttpOnly || state.SameSite != http.SameSiteLaxMode {
		t.Fatalf("state cookie %+v", state)
	}
	authorize, _ := url.Parse(start.Header.Get("Location"))
	q := authorize.Query()
	if q.Get("code_challenge_method") != "S256" || q.Get("code_challenge") == "" || q.Get("state") != state.Value {
		t.Fatalf("authorization request without PKCE or state: %s", authorize)
	}
	q.Set("login_hint", hint)
	authorize.RawQuery = q.Encode()
	back := get(authorize.String())
	if back.StatusCode != http.StatusFound {
		t.Fatalf("provider: %d", back.StatusCode)
	}
	done := get(back.Header.Get("Location"), state)
	for _, c := range done.Cookies() {
		b.cookies[c.Name] = c
	}
	return done
}

func TestProviderSignIn(t *testing.T) {
	users := []oauthdev.User{
		{Subject: "g-1", Email: "new.person@example.com", Name: "New Person", EmailVerified: true},
		{Subject: "g-2", Email: "linked@example.com", Name: "Linked Google", EmailVerified: true},
		{Subject: "g-3", Email: "unverified@example.com", Name: "Unverified", EmailVerified: false},
	}
	google, err := oauthdev.StartGoogle(oauthdev.Options{ClientID: "lp-google", ClientSecret: "g-secret", Users: users})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = google.Close() })
	facebook, err := oauthdev.StartFacebook(oauthdev.Options{ClientID: "lp-facebook", ClientSecret: "f-secret", Users: []oauthdev.User{
		{Subject: "fb-1", Email: "fb.person@example.com", Name: "Facebook Person", EmailVerified: true},
		{Subject: "fb-2", Name: "No Email"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = facebook.Close() })
	f := newFixture(t, map[string]api.ProviderConfig{
		"google":   {ClientID: "lp-google", ClientSecret: "g-secret", Issuer: google.Issuer()},
		"facebook": {ClientID: "lp-facebook", ClientSecret: "f-secret", AuthURL: facebook.AuthURL(), TokenURL: facebook.TokenURL(), UserInfoURL: facebook.UserInfoURL()},
	})

	if p := f.browser("en").do("GET", "providers", nil); p.body["google"] != true || p.body["facebook"] != true {
		t.Errorf("providers %s", p.raw)
	}

	// A first sign-in creates a customer and lands where the visitor was going.
	b := f.browser("en")
	done := b.signInWith("google", "new.person@example.com", "/en/account/personal-info")
	if done.StatusCode != http.StatusFound || done.Header.Get("Location") != "/en/account/personal-info" || b.cookies[authn.TokenCookie] == nil {
		t.Fatalf("callback: %d → %s", done.StatusCode, done.Header.Get("Location"))
	}
	if b.cookies[authn.TokenCookie].MaxAge != 30*24*3600 {
		t.Errorf("provider sessions last %d s", b.cookies[authn.TokenCookie].MaxAge)
	}
	me := b.do("GET", "me", nil)
	if me.status != 200 || me.user()["email"] != "new.person@example.com" || me.user()["type"] != "customer" || me.user()["fullName"] != "New Person" {
		t.Fatalf("me after Google sign-in: %d %s", me.status, me.raw)
	}
	if me.user()["emailVerified"] != true {
		t.Errorf("Google vouched for the address: %s", me.raw)
	}
	// Welcomed without a link to confirm the address, in the language signed in from.
	welcome := f.mailFor("new.person@example.com", "Welcome to LinguaPort")
	if strings.Contains(welcome.Text, "verify-email") || !strings.Contains(welcome.Text, "https://site.test/en/account/overview") {
		t.Errorf("welcome after Google sign-up:\n%s", welcome.Text)
	}
	firstID := me.user()["id"]
	again := f.browser("en")
	again.signInWith("google", "new.person@example.com", "/en")
	if id := again.do("GET", "me", nil).user()["id"]; id != firstID {
		t.Errorf("a second sign-in made another account: %v vs %v", id, firstID)
	}

	// The same verified email links to the account registered with a password.
	reg := f.browser("en").register("Linked Person", "linked@example.com")
	l := f.browser("en")
	l.signInWith("google", "linked@example.com", "/en")
	if linked := l.do("GET", "me", nil).user(); linked["id"] != reg.user()["id"] || linked["emailVerified"] != true {
		t.Errorf("not linked to the registered account, or its address not confirmed: %v vs %v", linked, reg.user()["id"])
	}
	if a := f.browser("en").do("POST", "login", map[string]any{"email": "linked@example.com", "password": goodPassword}); a.status != 200 {
		t.Errorf("linking broke the password: %d", a.status)
	}

	// An unverified email neither links nor creates an account.
	u := f.browser("en")
	if done := u.signInWith("google", "unverified@example.com", "/en"); done.Header.Get("Location") != "/en/login?oauthError=email_required" {
		t.Errorf("unverified email: → %s", done.Header.Get("Location"))
	}

	// Facebook: the Graph profile decides; a profile without email cannot sign in.
	fb := f.browser("en")
	if done := fb.signInWith("facebook", "fb.person@example.com", "/tr/hesabim/genel-bakis"); done.Header.Get("Location") != "/tr/hesabim/genel-bakis" {
		t.Fatalf("facebook: → %s", done.Header.Get("Location"))
	}
	if me := fb.do("GET", "me", nil); me.user()["fullName"] != "Facebook Person" {
		t.Errorf("facebook me: %s", me.raw)
	}
	if done := f.browser("en").signInWith("facebook", "fb-2", "/en"); !strings.HasSuffix(done.Header.Get("Location"), "oauthError=email_required") {
		t.Errorf("no email: → %s", done.Header.Get("Location"))
	}

	// A callback whose state is not the browser's is refused, and returnTo stays on the site.
	req, _ := http.NewRequest("GET", f.url+"/api/v1/auth/oauth/google/callback?code=x&state=forged", nil)
	req.AddCookie(&http.Cookie{Name: "oauthState", Value: "other"})
	resp, err := noRedirect.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if !strings.Contains(resp.Header.Get("Location"), "oauthError=state_mismatch") {
		t.Errorf("forged state: → %s", resp.Header.Get("Location"))
	}
	if done := f.browser("en").signInWith("google", "new.person@example.com", "https://evil.example/"); done.Header.Get("Location") != "/en/account/overview" {
		t.Errorf("off-site returnTo: → %s", done.Header.Get("Location"))
	}
}

func TestProvidersNotConfigured(t *testing.T) {
	f := newFixture(t)
	if p := f.browser("en").do("GET", "providers", nil); p.body["google"] != false || p.body["facebook"] != false {
		t.Errorf("providers %s", p.raw)
	}
	resp, err := noRedirect.Get(f.url + "/api/v1/auth/oauth/google/start")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("start without configuration: %d", resp.StatusCode)
	}
}

// A site without any provider routes still serves the sign-in routes its access rules declare,
// answering that the provider is not configured.
func TestSignInRoutesWithoutOAuth(t *testing.T) {
	h := api.Routes(api.MakeEndpoints(nil, nil), nil, nil, authn.JWKS{}, httpx.TrustedProxies{}).Handler(authn.NewAuthenticator(nil, nil))
	for _, step := range []string{"start", "callback"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/v1/auth/oauth/google/"+step, nil))
		if rec.Code != http.StatusNotFound || !strings.Contains(rec.Body.String(), `"code":"provider_not_configured"`) {
			t.Errorf("%s: %d %s", step, rec.Code, rec.Body)
		}
	}
}
