package oauthdev_test

import (
	"html"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"

	"linguaport/internal/oauthdev"
	"linguaport/internal/proc"
)

const (
	localGoogleCallback   = "http://localhost:8000/api/v1/auth/oauth/google/callback"
	localFacebookCallback = "http://localhost:8000/api/v1/auth/oauth/facebook/callback"
)

func startLocal(t *testing.T, users ...oauthdev.User) *oauthdev.Local {
	t.Helper()
	l, err := oauthdev.StartLocal("127.0.0.1:0",
		oauthdev.Options{ClientID: clientID, ClientSecret: clientSecret, RedirectURIs: []string{localGoogleCallback}, Users: users, SignInPage: true},
		oauthdev.Options{ClientID: clientID, ClientSecret: clientSecret, RedirectURIs: []string{localFacebookCallback}, SignInPage: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := l.Close(); err != nil {
			t.Errorf("close: %v", err)
		}
	})
	return l
}

// signInPage is the stand-in's page as a test reads it: the hidden fields of its main form.
type signInPage struct {
	status int
	body   string
	action *url.URL // where the form posts, resolved against the page's address
	hidden url.Values
}

var (
	formRe   = regexp.MustCompile(`(?s)<form method="post" action="([^"]*)">(.*?)</form>`)
	hiddenRe = regexp.MustCompile(`<input type="hidden" name="([^"]+)" value="([^"]*)">`)
)

func readPage(t *testing.T, resp *http.Response) signInPage {
	t.Helper()
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	p := signInPage{status: resp.StatusCode, body: string(raw), hidden: url.Values{}}
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
		t.Fatalf("status %d, Content-Type %q, want the sign-in page: %s", resp.StatusCode, ct, raw)
	}
	m := formRe.FindStringSubmatch(p.body)
	if m == nil {
		t.Fatalf("no form on the page:\n%s", raw)
	}
	action, err := resp.Request.URL.Parse(html.UnescapeString(m[1]))
	if err != nil {
		t.Fatal(err)
	}
	p.action = action
	for _, h := range hiddenRe.FindAllStringSubmatch(m[2], -1) {
		p.hidden.Add(html.UnescapeString(h[1]), html.UnescapeString(h[2]))
	}
	return p
}

func openPage(t *testing.T, authURL string) signInPage {
	t.Helper()
	resp, err := browser.Get(authURL)
	if err != nil {
		t.Fatal(err)
	}
	p := readPage(t, resp)
	if p.status != http.StatusOK {
		t.Fatalf("page status %d", p.status)
	}
	return p
}

// submit posts the page's main form with the person's choice; it returns the raw answer.
func (p signInPage) submit(t *testing.T, choice url.Values) *http.Response {
	t.Helper()
	form := url.Values{}
	for k, v := range p.hidden {
		form[k] = v
	}
	for k, v := range choice {
		form[k] = v
	}
	resp, err := browser.PostForm(p.action.String(), form)
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

func redirected(t *testing.T, resp *http.Response) *url.URL {
	t.Helper()
	resp.Body.Close()
	loc, err := resp.Location()
	if resp.StatusCode != http.StatusFound || err != nil {
		t.Fatalf("status %d (%v), want a redirect", resp.StatusCode, err)
	}
	return loc
}

func TestLocalSignInPageGoogle(t *testing.T) {
	ctx := ctxT(t)
	l := startLocal(t, ayse)
	if l.Google.Issuer() != l.URL()+"/google" || !strings.HasPrefix(l.Facebook.AuthURL(), l.URL()+"/facebook/") {
		t.Fatalf("issuer %s, Facebook %s, base %s", l.Google.Issuer(), l.Facebook.AuthURL(), l.URL())
	}
	op, err := oidc.NewProvider(ctx, l.Google.Issuer())
	if err != nil {
		t.Fatalf("discovery below /google: %v", err)
	}
	cfg := oauth2.Config{ClientID: clientID, ClientSecret: clientSecret, Endpoint: op.Endpoint(), RedirectURL: localGoogleCallback,
		Scopes: []string{oidc.ScopeOpenID, "email", "profile"}}
	verifier := op.Verifier(&oidc.Config{ClientID: clientID})

	signIn := func(choice url.Values) *oidc.IDToken {
		t.Helper()
		state, nonce, pkce := oauth2.GenerateVerifier(), oauth2.GenerateVerifier(), oauth2.GenerateVerifier()
		page := openPage(t, cfg.AuthCodeURL(state, oidc.Nonce(nonce), oauth2.S256ChallengeOption(pkce)))
		if !strings.Contains(page.body, "<title>"+oauthdev.PageTitle+"</title>") || !strings.Contains(page.body, "<h1>"+oauthdev.PageTitle+"</h1>") {
			t.Fatalf("the page is not labelled as the local stand-in:\n%s", page.body)
		}
		if page.hidden.Get("state") != state || page.hidden.Get("nonce") != nonce || page.hidden.Get("redirect_uri") != localGoogleCallback {
			t.Fatalf("the form does not carry the request: %v", page.hidden)
		}
		loc := redirected(t, page.submit(t, choice))
		if got := loc.Scheme + "://" + loc.Host + loc.Path; got != localGoogleCallback || loc.Query().Get("state") != state || loc.Query().Get("code") == "" {
			t.Fatalf("redirected to %s", loc)
		}
		tok, err := cfg.Exchange(ctx, loc.Query().Get("code"), oauth2.VerifierOption(pkce))
		if err != nil {
			t.Fatalf("exchange: %v", err)
		}
		raw, _ := tok.Extra("id_token").(string)
		idt, err := verifier.Verify(ctx, raw)
		if err != nil || idt.Nonce != nonce {
			t.Fatalf("id_token: %v (nonce %q)", err, idt.Nonce)
		}
		return idt
	}
	claims := func(idt *oidc.IDToken) (c googleClaims) {
		if err := idt.Claims(&c); err != nil {
			t.Fatal(err)
		}
		return c
	}

	// Someone the stand-in has not seen becomes an account with a stable numeric id.
	first := signIn(url.Values{"action": {"sign-in"}, "email": {"yeni@example.com"}, "name": {"Yeni  Müşteri"}, "email_verified": {"true"}})
	if c := claims(first); c.Email != "yeni@example.com" || c.Name != "Yeni Müşteri" || c.EmailVerified == nil || !*c.EmailVerified {
		t.Errorf("claims %+v", c)
	}
	if !regexp.MustCompile(`^1[0-9]{20}$`).MatchString(first.Subject) {
		t.Errorf("subject %q, want 21 digits as at Google", first.Subject)
	}
	again := signIn(url.Values{"action": {"sign-in"}, "email": {"YENI@example.com"}})
	if again.Subject != first.Subject {
		t.Errorf("the same address signed in as %s, then %s", first.Subject, again.Subject)
	}
	if c := claims(again); c.Name != "Yeni Müşteri" || c.EmailVerified == nil || *c.EmailVerified {
		t.Errorf("second sign-in (no name given, box unticked): %+v", c)
	}
	// A configured user signs in as configured.
	if idt := signIn(url.Values{"action": {"sign-in"}, "email": {ayse.Email}, "email_verified": {"true"}}); idt.Subject != ayse.Subject {
		t.Errorf("picked %s, got %s", ayse.Email, idt.Subject)
	}
	// The stand-in does not mint a fresh id for a restart: the id depends on the address only.
	l2 := startLocal(t)
	op2, err := oidc.NewProvider(ctx, l2.Google.Issuer())
	if err != nil {
		t.Fatal(err)
	}
	cfg.Endpoint, verifier = op2.Endpoint(), op2.Verifier(&oidc.Config{ClientID: clientID})
	if idt := signIn(url.Values{"action": {"sign-in"}, "email": {"yeni@example.com"}, "email_verified": {"true"}}); idt.Subject != first.Subject {
		t.Errorf("after a restart: subject %s, want %s", idt.Subject, first.Subject)
	}
	cfg.Endpoint, verifier = op.Endpoint(), op.Verifier(&oidc.Config{ClientID: clientID})

	t.Run("people who signed in are offered to pick", func(t *testing.T) {
		page := openPage(t, cfg.AuthCodeURL("s", oidc.Nonce("n"), oauth2.S256ChallengeOption(oauth2.GenerateVerifier())))
		if !strings.Contains(page.body, "Yeni Müşteri — yeni@example.com") || !strings.Contains(page.body, ayse.Name+" — "+ayse.Email) {
			t.Errorf("users not listed:\n%s", page.body)
		}
	})
	t.Run("login_hint fills the address in", func(t *testing.T) {
		page := openPage(t, cfg.AuthCodeURL("s", oidc.Nonce("n"), oauth2.S256ChallengeOption(oauth2.GenerateVerifier()), oauth2.SetAuthURLParam("login_hint", "hint@example.com")))
		if !strings.Contains(page.body, `value="hint@example.com"`) {
			t.Errorf("hint not filled in")
		}
	})
	t.Run("cancel denies access", func(t *testing.T) {
		page := openPage(t, cfg.AuthCodeURL("s1", oidc.Nonce("n"), oauth2.S256ChallengeOption(oauth2.GenerateVerifier())))
		loc := redirected(t, page.submit(t, url.Values{"action": {"cancel"}}))
		if loc.Query().Get("error") != "access_denied" || loc.Query().Get("state") != "s1" || loc.Query().Get("code") != "" {
			t.Errorf("cancel: %s", loc)
		}
	})
	t.Run("a bad address shows the page again", func(t *testing.T) {
		before := l.Google.Authorizations()
		page := openPage(t, cfg.AuthCodeURL("s", oidc.Nonce("n"), oauth2.S256ChallengeOption(oauth2.GenerateVerifier())))
		for _, email := range []string{"", "not an address", "Ayşe <a@example.com>"} {
			again := readPage(t, page.submit(t, url.Values{"action": {"sign-in"}, "email": {email}}))
			if again.status != http.StatusUnprocessableEntity || !strings.Contains(again.body, `class="problem"`) || again.hidden.Get("state") != "s" {
				t.Errorf("email %q: status %d\n%s", email, again.status, again.body)
			}
		}
		if l.Google.Authorizations() != before {
			t.Error("a code was issued for a bad address")
		}
	})
	t.Run("the request is still checked", func(t *testing.T) {
		// An unregistered redirect URI gets no page and no redirect.
		bad := cfg
		bad.RedirectURL = "http://evil.example/callback"
		noRedirect(t, bad.AuthCodeURL("s", oidc.Nonce("n"), oauth2.S256ChallengeOption(oauth2.GenerateVerifier())), http.StatusBadRequest, "invalid_request")
		// Without PKCE the browser is sent back with the error, not shown the page.
		authorizeErr(t, cfg.AuthCodeURL("s", oidc.Nonce("n")), "s", "invalid_request")
	})
	t.Run("the page is marked and framed by nobody", func(t *testing.T) {
		resp, err := browser.Get(cfg.AuthCodeURL("s", oidc.Nonce("n"), oauth2.S256ChallengeOption(oauth2.GenerateVerifier())))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		csp := resp.Header.Get("Content-Security-Policy")
		if !strings.Contains(csp, "frame-ancestors 'none'") || !strings.Contains(csp, "form-action 'self' http://localhost:8000") || resp.Header.Get("Cache-Control") != "no-store" {
			t.Errorf("headers %v", resp.Header)
		}
	})
	t.Run("index names both", func(t *testing.T) {
		resp, err := http.Get(l.URL() + "/")
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(string(body), oauthdev.PageTitle) || !strings.Contains(string(body), l.Google.Issuer()) {
			t.Errorf("index: %d %s", resp.StatusCode, body)
		}
	})
}

func TestLocalSignInPageFacebook(t *testing.T) {
	ctx := ctxT(t)
	l := startLocal(t)
	cfg := oauth2.Config{ClientID: clientID, ClientSecret: clientSecret, RedirectURL: localFacebookCallback,
		Endpoint: oauth2.Endpoint{AuthURL: l.Facebook.AuthURL(), TokenURL: l.Facebook.TokenURL()}, Scopes: []string{"email", "public_profile"}}
	me := func(choice url.Values) map[string]any {
		t.Helper()
		authURL, state, pkce := fbStart(cfg)
		page := openPage(t, authURL)
		if !strings.Contains(page.body, oauthdev.PageTitle) || !strings.Contains(page.body, "<strong>Facebook</strong>") {
			t.Fatalf("page:\n%s", page.body)
		}
		loc := redirected(t, page.submit(t, choice))
		if loc.Query().Get("state") != state {
			t.Fatalf("redirected to %s", loc)
		}
		tok, err := cfg.Exchange(ctx, loc.Query().Get("code"), oauth2.VerifierOption(pkce))
		if err != nil {
			t.Fatalf("exchange: %v", err)
		}
		status, _, body := getJSON(t, cfg.Client(ctx, tok), l.Facebook.UserInfoURL()+"?fields=id,name,email", nil)
		if status != 200 {
			t.Fatalf("/me: %d %v", status, body)
		}
		return body
	}
	got := me(url.Values{"action": {"sign-in"}, "email": {"fb@example.com"}, "name": {"Face Book"}})
	if got["email"] != "fb@example.com" || got["name"] != "Face Book" || !regexp.MustCompile(`^1[0-9]{16}$`).MatchString(got["id"].(string)) {
		t.Errorf("/me %v", got)
	}
	// An account registered by phone: a name and no address.
	got = me(url.Values{"action": {"sign-in"}, "name": {"Telefonla Kayıtlı"}})
	if _, has := got["email"]; has || got["name"] != "Telefonla Kayıtlı" {
		t.Errorf("/me without an address %v", got)
	}
	if again := me(url.Values{"action": {"sign-in"}, "name": {"Telefonla Kayıtlı"}}); again["id"] != got["id"] {
		t.Errorf("the same name signed in as %v, then %v", got["id"], again["id"])
	}
}

// Without SignInPage, POST to Facebook's dialog is not a route: the page is an option, the
// automatic sign-in tests rely on stays the default.
func TestFacebookDialogPostOnlyWithPage(t *testing.T) {
	p := startFacebook(t, ayse)
	resp, err := browser.PostForm(p.AuthURL(), url.Values{"client_id": {clientID}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("status %d, want 405", resp.StatusCode)
	}
}

// TestLocalPublicURL: stand-ins reached through a name of their own (a Kubernetes Service) put
// that name in the issuer and in the discovery document, which svc-auth and the browser follow.
func TestLocalPublicURL(t *testing.T) {
	ports, err := proc.FreePorts(1)
	if err != nil {
		t.Fatal(err)
	}
	listen := "127.0.0.1:" + strconv.Itoa(ports[0])
	l, err := oauthdev.StartLocalAt(listen, "http://signin.example:8090/",
		oauthdev.Options{ClientID: clientID, ClientSecret: clientSecret, RedirectURIs: []string{localGoogleCallback}, SignInPage: true},
		oauthdev.Options{ClientID: clientID, ClientSecret: clientSecret, RedirectURIs: []string{localFacebookCallback}, SignInPage: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = l.Close() })
	if l.URL() != "http://signin.example:8090" || l.Google.Issuer() != "http://signin.example:8090/google" ||
		l.Facebook.AuthURL() != "http://signin.example:8090/facebook/dialog/oauth" {
		t.Fatalf("URL %s, issuer %s, Facebook's dialog %s: want them below the public URL", l.URL(), l.Google.Issuer(), l.Facebook.AuthURL())
	}
	// Served where it listens, naming the public URL.
	status, _, doc := getJSON(t, http.DefaultClient, "http://"+listen+"/google/.well-known/openid-configuration", nil)
	if status != http.StatusOK || doc["issuer"] != l.Google.Issuer() || doc["authorization_endpoint"] != l.Google.AuthURL() {
		t.Errorf("discovery: %d %v", status, doc)
	}
}
