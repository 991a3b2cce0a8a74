package oauthdev_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"

	"linguaport/internal/oauthdev"
)

func startGoogle(t *testing.T, users ...oauthdev.User) *oauthdev.Provider {
	t.Helper()
	p, err := oauthdev.StartGoogle(oauthdev.Options{
		Addr: "127.0.0.1:0", ClientID: clientID, ClientSecret: clientSecret, Users: users,
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := p.Close(); err != nil {
			t.Errorf("close: %v", err)
		}
	})
	return p
}

// googleClient is what svc-auth will hold: the discovered provider and an oauth2 config.
type googleClient struct {
	op  *oidc.Provider
	cfg oauth2.Config
}

func newGoogleClient(t *testing.T, p *oauthdev.Provider, style oauth2.AuthStyle) *googleClient {
	t.Helper()
	op, err := oidc.NewProvider(ctxT(t), p.Issuer())
	if err != nil {
		t.Fatalf("discovery: %v", err)
	}
	ep := op.Endpoint()
	ep.AuthStyle = style
	return &googleClient{op: op, cfg: oauth2.Config{
		ClientID: clientID, ClientSecret: clientSecret, Endpoint: ep, RedirectURL: callback,
		Scopes: []string{oidc.ScopeOpenID, "email", "profile"},
	}}
}

// start builds the authorization URL as the client would, with fresh state, nonce and verifier.
func (c *googleClient) start(extra ...oauth2.AuthCodeOption) (authURL, state, nonce, verifier string) {
	state, nonce, verifier = oauth2.GenerateVerifier(), oauth2.GenerateVerifier(), oauth2.GenerateVerifier()
	opts := append([]oauth2.AuthCodeOption{oidc.Nonce(nonce), oauth2.S256ChallengeOption(verifier)}, extra...)
	return c.cfg.AuthCodeURL(state, opts...), state, nonce, verifier
}

type googleClaims struct {
	Email         string `json:"email"`
	EmailVerified *bool  `json:"email_verified"`
	Name          string `json:"name"`
	AZP           string `json:"azp"`
}

func TestGoogleDiscovery(t *testing.T) {
	p := startGoogle(t, ayse)
	op, err := oidc.NewProvider(ctxT(t), p.Issuer())
	if err != nil {
		t.Fatal(err)
	}
	if p.Issuer() != p.URL() {
		t.Errorf("issuer %s, URL %s", p.Issuer(), p.URL())
	}
	if ep := op.Endpoint(); ep.AuthURL != p.AuthURL() || ep.TokenURL != p.TokenURL() {
		t.Errorf("discovered %s %s, want %s %s", ep.AuthURL, ep.TokenURL, p.AuthURL(), p.TokenURL())
	}
	if op.UserInfoEndpoint() != p.UserInfoURL() {
		t.Errorf("userinfo %s, want %s", op.UserInfoEndpoint(), p.UserInfoURL())
	}
	var doc struct {
		JWKSURI    string   `json:"jwks_uri"`
		Algs       []string `json:"id_token_signing_alg_values_supported"`
		Challenges []string `json:"code_challenge_methods_supported"`
		AuthMeths  []string `json:"token_endpoint_auth_methods_supported"`
		Responses  []string `json:"response_types_supported"`
	}
	if err := op.Claims(&doc); err != nil {
		t.Fatal(err)
	}
	if doc.JWKSURI != p.URL()+"/jwks" || fmt.Sprint(doc.Algs) != "[RS256]" || fmt.Sprint(doc.Challenges) != "[S256]" ||
		fmt.Sprint(doc.Responses) != "[code]" || len(doc.AuthMeths) != 2 {
		t.Errorf("discovery document: %+v", doc)
	}
	status, _, jwks := getJSON(t, http.DefaultClient, doc.JWKSURI, nil)
	keys, _ := jwks["keys"].([]any)
	if status != 200 || len(keys) != 1 {
		t.Fatalf("jwks: %d %v", status, jwks)
	}
	k := keys[0].(map[string]any)
	if k["kty"] != "RSA" || k["alg"] != "RS256" || k["use"] != "sig" || k["kid"] == "" || k["e"] != "AQAB" {
		t.Errorf("jwk: %v", k)
	}
	if _, has := k["d"]; has {
		t.Fatal("the JWKS leaks the private exponent")
	}
}

func TestGoogleSignIn(t *testing.T) {
	for _, tc := range []struct {
		name  string
		style oauth2.AuthStyle
	}{
		{"client_secret_basic", oauth2.AuthStyleInHeader},
		{"client_secret_post", oauth2.AuthStyleInParams},
		{"auto-detected", oauth2.AuthStyleAutoDetect},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := ctxT(t)
			p := startGoogle(t, ayse, john)
			c := newGoogleClient(t, p, tc.style)
			authURL, state, nonce, verifier := c.start(oauth2.SetAuthURLParam("login_hint", "JOHN@example.com"))
			code := authorizeOK(t, authURL, callback, state)

			tok, err := c.cfg.Exchange(ctx, code, oauth2.VerifierOption(verifier))
			if err != nil {
				t.Fatalf("exchange: %v", err)
			}
			if tok.TokenType != "Bearer" || tok.AccessToken == "" || time.Until(tok.Expiry) < 50*time.Minute {
				t.Errorf("token: type %q, expiry %v", tok.TokenType, tok.Expiry)
			}
			if got := tok.Extra("scope"); got != "openid email profile" {
				t.Errorf("scope = %v", got)
			}
			raw, _ := tok.Extra("id_token").(string)
			if raw == "" {
				t.Fatal("no id_token")
			}
			idt, err := c.op.Verifier(&oidc.Config{ClientID: clientID}).Verify(ctx, raw)
			if err != nil {
				t.Fatalf("verify id_token: %v", err)
			}
			if idt.Nonce != nonce {
				t.Errorf("nonce = %q, want %q", idt.Nonce, nonce)
			}
			if idt.Subject != john.Subject || idt.Issuer != p.Issuer() || fmt.Sprint(idt.Audience) != "["+clientID+"]" {
				t.Errorf("id_token sub %q iss %q aud %v", idt.Subject, idt.Issuer, idt.Audience)
			}
			if d := idt.Expiry.Sub(idt.IssuedAt); d != time.Hour {
				t.Errorf("id_token lifetime %v", d)
			}
			if err := idt.VerifyAccessToken(tok.AccessToken); err != nil {
				t.Errorf("at_hash: %v", err)
			}
			var cl googleClaims
			if err := idt.Claims(&cl); err != nil {
				t.Fatal(err)
			}
			if cl.Email != john.Email || cl.EmailVerified == nil || *cl.EmailVerified || cl.Name != john.Name || cl.AZP != clientID {
				t.Errorf("claims %+v", cl)
			}
			// A verifier for another client refuses the token (aud).
			if _, err := c.op.Verifier(&oidc.Config{ClientID: "someone-else"}).Verify(ctx, raw); err == nil {
				t.Error("id_token accepted for another audience")
			}

			ui, err := c.op.UserInfo(ctx, oauth2.StaticTokenSource(tok))
			if err != nil {
				t.Fatalf("userinfo: %v", err)
			}
			var uiName struct{ Name string }
			_ = ui.Claims(&uiName)
			if ui.Subject != john.Subject || ui.Email != john.Email || ui.EmailVerified || uiName.Name != john.Name {
				t.Errorf("userinfo %+v name %q", ui, uiName.Name)
			}
			if p.Authorizations() != 1 || p.Exchanges() != 1 {
				t.Errorf("counters: %d authorizations, %d exchanges", p.Authorizations(), p.Exchanges())
			}
		})
	}
}

func TestGoogleDefaultUserAndScopes(t *testing.T) {
	ctx := ctxT(t)
	p := startGoogle(t, ayse, john)
	c := newGoogleClient(t, p, oauth2.AuthStyleInHeader)
	c.cfg.Scopes = []string{oidc.ScopeOpenID} // neither email nor profile
	authURL, state, nonce, verifier := c.start()
	tok, err := c.cfg.Exchange(ctx, authorizeOK(t, authURL, callback, state), oauth2.VerifierOption(verifier))
	if err != nil {
		t.Fatal(err)
	}
	idt, err := c.op.Verifier(&oidc.Config{ClientID: clientID}).Verify(ctx, tok.Extra("id_token").(string))
	if err != nil {
		t.Fatal(err)
	}
	var cl googleClaims
	_ = idt.Claims(&cl)
	if idt.Subject != ayse.Subject || idt.Nonce != nonce {
		t.Errorf("without login_hint the first user signs in; got %q", idt.Subject)
	}
	if cl.Email != "" || cl.EmailVerified != nil || cl.Name != "" {
		t.Errorf("scope openid alone must not release email or name: %+v", cl)
	}
	ui, err := c.op.UserInfo(ctx, oauth2.StaticTokenSource(tok))
	if err != nil || ui.Subject != ayse.Subject || ui.Email != "" {
		t.Errorf("userinfo %+v %v", ui, err)
	}
}

func TestGoogleTokenFailures(t *testing.T) {
	p := startGoogle(t, ayse, john)
	c := newGoogleClient(t, p, oauth2.AuthStyleInParams)

	t.Run("wrong code_verifier", func(t *testing.T) {
		ctx := ctxT(t)
		authURL, state, _, verifier := c.start()
		code := authorizeOK(t, authURL, callback, state)
		_, err := c.cfg.Exchange(ctx, code, oauth2.VerifierOption(oauth2.GenerateVerifier()))
		wantRetrieveError(t, err, "invalid_grant", http.StatusBadRequest)
		// The code was spent on the failed attempt; guessing again gets nothing.
		_, err = c.cfg.Exchange(ctx, code, oauth2.VerifierOption(verifier))
		wantRetrieveError(t, err, "invalid_grant", http.StatusBadRequest)
	})

	t.Run("no code_verifier", func(t *testing.T) {
		authURL, state, _, _ := c.start()
		code := authorizeOK(t, authURL, callback, state)
		_, err := c.cfg.Exchange(ctxT(t), code)
		wantRetrieveError(t, err, "invalid_request", http.StatusBadRequest)
	})

	t.Run("reused code revokes its token", func(t *testing.T) {
		ctx := ctxT(t)
		authURL, state, _, verifier := c.start()
		code := authorizeOK(t, authURL, callback, state)
		tok, err := c.cfg.Exchange(ctx, code, oauth2.VerifierOption(verifier))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := c.op.UserInfo(ctx, oauth2.StaticTokenSource(tok)); err != nil {
			t.Fatalf("userinfo before reuse: %v", err)
		}
		_, err = c.cfg.Exchange(ctx, code, oauth2.VerifierOption(verifier))
		wantRetrieveError(t, err, "invalid_grant", http.StatusBadRequest)
		status, h, body := getJSON(t, http.DefaultClient, p.UserInfoURL(), http.Header{"Authorization": {"Bearer " + tok.AccessToken}})
		if status != http.StatusUnauthorized || body["error"] != "invalid_token" || !strings.Contains(h.Get("WWW-Authenticate"), "invalid_token") {
			t.Errorf("userinfo after reuse: %d %v %q", status, body, h.Get("WWW-Authenticate"))
		}
	})

	t.Run("wrong redirect_uri", func(t *testing.T) {
		authURL, state, _, verifier := c.start()
		code := authorizeOK(t, authURL, callback, state)
		other := c.cfg
		other.RedirectURL = "http://127.0.0.1:9/elsewhere"
		_, err := other.Exchange(ctxT(t), code, oauth2.VerifierOption(verifier))
		wantRetrieveError(t, err, "invalid_grant", http.StatusBadRequest)
	})

	t.Run("unknown code", func(t *testing.T) {
		_, err := c.cfg.Exchange(ctxT(t), "no-such-code", oauth2.VerifierOption(oauth2.GenerateVerifier()))
		wantRetrieveError(t, err, "invalid_grant", http.StatusBadRequest)
	})

	t.Run("wrong client secret", func(t *testing.T) {
		ctx := ctxT(t)
		authURL, state, _, verifier := c.start()
		code := authorizeOK(t, authURL, callback, state)
		for _, style := range []oauth2.AuthStyle{oauth2.AuthStyleInHeader, oauth2.AuthStyleInParams, oauth2.AuthStyleAutoDetect} {
			bad := c.cfg
			bad.ClientSecret = "guess"
			bad.Endpoint.AuthStyle = style
			_, err := bad.Exchange(ctx, code, oauth2.VerifierOption(verifier))
			wantRetrieveError(t, err, "invalid_client", http.StatusUnauthorized)
		}
		// A request that failed client authentication did not spend the code.
		if _, err := c.cfg.Exchange(ctx, code, oauth2.VerifierOption(verifier)); err != nil {
			t.Fatalf("exchange after failed client auth: %v", err)
		}
	})

	t.Run("raw requests", func(t *testing.T) {
		authURL, state, _, verifier := c.start()
		code := authorizeOK(t, authURL, callback, state)
		form := url.Values{"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {callback}, "code_verifier": {verifier}}
		// Two client authentication methods at once.
		withSecret := url.Values{"client_secret": {clientSecret}}
		for k, v := range form {
			withSecret[k] = v
		}
		if status, body := postForm(t, p.TokenURL(), withSecret, clientID, clientSecret); status != 400 || body["error"] != "invalid_request" {
			t.Errorf("basic + post: %d %v", status, body)
		}
		// No client authentication.
		if status, body := postForm(t, p.TokenURL(), form, "", ""); status != 401 || body["error"] != "invalid_client" {
			t.Errorf("anonymous: %d %v", status, body)
		}
		// Another grant type.
		g := url.Values{"grant_type": {"password"}, "code": {code}, "redirect_uri": {callback}, "code_verifier": {verifier}}
		if status, body := postForm(t, p.TokenURL(), g, clientID, clientSecret); status != 400 || body["error"] != "unsupported_grant_type" {
			t.Errorf("password grant: %d %v", status, body)
		}
		// A repeated parameter.
		rep := url.Values{"grant_type": {"authorization_code"}, "code": {code, code}, "redirect_uri": {callback}, "code_verifier": {verifier}}
		if status, body := postForm(t, p.TokenURL(), rep, clientID, clientSecret); status != 400 || body["error"] != "invalid_request" {
			t.Errorf("repeated code: %d %v", status, body)
		}
		// None of that spent the code.
		status, body := postForm(t, p.TokenURL(), form, clientID, clientSecret)
		if status != 200 || body["id_token"] == nil || body["token_type"] != "Bearer" {
			t.Errorf("good request: %d %v", status, body)
		}
	})
}

func TestGoogleAuthorizeFailures(t *testing.T) {
	p := startGoogle(t, ayse)
	c := newGoogleClient(t, p, oauth2.AuthStyleInParams)
	state := "st-" + oauth2.GenerateVerifier()
	verifier := oauth2.GenerateVerifier()
	base := func(mod func(q url.Values)) string {
		q := url.Values{
			"response_type": {"code"}, "client_id": {clientID}, "redirect_uri": {callback},
			"scope": {"openid email"}, "state": {state}, "nonce": {"n-0S6_WzA2Mj"},
			"code_challenge": {oauth2.S256ChallengeFromVerifier(verifier)}, "code_challenge_method": {"S256"},
		}
		mod(q)
		return p.AuthURL() + "?" + q.Encode()
	}
	before := p.Authorizations()

	t.Run("unknown login_hint", func(t *testing.T) {
		authURL, st, _, _ := c.start(oauth2.SetAuthURLParam("login_hint", "nobody@example.com"))
		authorizeErr(t, authURL, st, "access_denied")
	})
	t.Run("plain PKCE refused", func(t *testing.T) {
		authorizeErr(t, base(func(q url.Values) {
			q.Set("code_challenge", verifier)
			q.Set("code_challenge_method", "plain")
		}), state, "invalid_request")
	})
	t.Run("challenge without method (plain by default) refused", func(t *testing.T) {
		authorizeErr(t, base(func(q url.Values) { q.Del("code_challenge_method") }), state, "invalid_request")
	})
	t.Run("no PKCE", func(t *testing.T) {
		authURL, st := c.cfg.AuthCodeURL("s1", oidc.Nonce("n1")), "s1"
		authorizeErr(t, authURL, st, "invalid_request")
	})
	t.Run("malformed challenge", func(t *testing.T) {
		authorizeErr(t, base(func(q url.Values) { q.Set("code_challenge", "short") }), state, "invalid_request")
	})
	t.Run("no nonce", func(t *testing.T) {
		authorizeErr(t, base(func(q url.Values) { q.Del("nonce") }), state, "invalid_request")
	})
	t.Run("no state", func(t *testing.T) {
		authorizeErr(t, base(func(q url.Values) { q.Del("state") }), "", "invalid_request")
	})
	t.Run("no openid scope", func(t *testing.T) {
		authorizeErr(t, base(func(q url.Values) { q.Set("scope", "email profile") }), state, "invalid_scope")
	})
	t.Run("unknown scope", func(t *testing.T) {
		authorizeErr(t, base(func(q url.Values) { q.Set("scope", "openid https://mail.google.com/") }), state, "invalid_scope")
	})
	t.Run("implicit flow", func(t *testing.T) {
		authorizeErr(t, base(func(q url.Values) { q.Set("response_type", "token") }), state, "unsupported_response_type")
	})
	t.Run("repeated parameter", func(t *testing.T) {
		authorizeErr(t, base(func(q url.Values) { q.Add("nonce", "again") }), state, "invalid_request")
	})
	t.Run("unknown client is not redirected", func(t *testing.T) {
		noRedirect(t, base(func(q url.Values) { q.Set("client_id", "intruder") }), http.StatusUnauthorized, "invalid_client")
	})
	t.Run("missing redirect_uri is not redirected", func(t *testing.T) {
		noRedirect(t, base(func(q url.Values) { q.Del("redirect_uri") }), http.StatusBadRequest, "invalid_request")
	})
	t.Run("relative redirect_uri is not redirected", func(t *testing.T) {
		noRedirect(t, base(func(q url.Values) { q.Set("redirect_uri", "/callback") }), http.StatusBadRequest, "invalid_request")
	})
	t.Run("redirect keeps its own query", func(t *testing.T) {
		loc := visit(t, base(func(q url.Values) { q.Set("redirect_uri", callback+"?lang=tr") }))
		if loc.Query().Get("lang") != "tr" || loc.Query().Get("code") == "" {
			t.Errorf("Location %s", loc)
		}
	})
	if got := p.Authorizations() - before; got != 1 {
		t.Errorf("%d authorizations counted, want only the last successful one", got)
	}
}

func TestRegisteredRedirectURIs(t *testing.T) {
	p, err := oauthdev.StartGoogle(oauthdev.Options{
		ClientID: clientID, ClientSecret: clientSecret, Users: []oauthdev.User{ayse},
		RedirectURIs: []string{callback},
	})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	c := newGoogleClient(t, p, oauth2.AuthStyleInHeader)
	authURL, state, _, _ := c.start()
	authorizeOK(t, authURL, callback, state)
	c.cfg.RedirectURL = "http://127.0.0.1:9/not-registered"
	authURL, _, _, _ = c.start()
	noRedirect(t, authURL, http.StatusBadRequest, "invalid_request")
}

func TestGoogleExpiry(t *testing.T) {
	ctx := ctxT(t)
	p := startGoogle(t, ayse)
	var offset atomic.Int64
	oauthdev.SetClock(p, func() time.Time { return time.Now().Add(time.Duration(offset.Load())) })
	c := newGoogleClient(t, p, oauth2.AuthStyleInHeader)

	authURL, state, _, verifier := c.start()
	code := authorizeOK(t, authURL, callback, state)
	offset.Store(int64(61 * time.Second))
	_, err := c.cfg.Exchange(ctx, code, oauth2.VerifierOption(verifier))
	wantRetrieveError(t, err, "invalid_grant", http.StatusBadRequest)

	offset.Store(0)
	authURL, state, _, verifier = c.start()
	code = authorizeOK(t, authURL, callback, state)
	offset.Store(int64(59 * time.Second))
	tok, err := c.cfg.Exchange(ctx, code, oauth2.VerifierOption(verifier))
	if err != nil {
		t.Fatalf("a code is good for 60 s: %v", err)
	}
	offset.Store(int64(59*time.Second + time.Hour + time.Second))
	if _, err := c.op.UserInfo(ctx, oauth2.StaticTokenSource(tok)); err == nil {
		t.Error("userinfo accepted an expired access token")
	}
}

// Many clients signing in at once each get their own user and nonce; run with -race.
func TestGoogleConcurrentSignIns(t *testing.T) {
	ctx := ctxT(t)
	const n = 24
	users := make([]oauthdev.User, n)
	for i := range users {
		users[i] = oauthdev.User{Subject: fmt.Sprint(1000 + i), Email: fmt.Sprintf("user%d@example.com", i), Name: fmt.Sprint("User ", i), EmailVerified: true}
	}
	p := startGoogle(t, users...)
	c := newGoogleClient(t, p, oauth2.AuthStyleInHeader)
	verifier := c.op.Verifier(&oidc.Config{ClientID: clientID})
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			authURL, state, nonce, v := c.start(oauth2.SetAuthURLParam("login_hint", users[i].Email))
			resp, err := browser.Get(authURL)
			if err != nil {
				errs <- err
				return
			}
			resp.Body.Close()
			loc, err := resp.Location()
			if err != nil || loc.Query().Get("state") != state {
				errs <- fmt.Errorf("user %d: bad redirect %v %v", i, loc, err)
				return
			}
			tok, err := c.cfg.Exchange(ctx, loc.Query().Get("code"), oauth2.VerifierOption(v))
			if err != nil {
				errs <- fmt.Errorf("user %d: %w", i, err)
				return
			}
			idt, err := verifier.Verify(ctx, tok.Extra("id_token").(string))
			if err != nil || idt.Subject != users[i].Subject || idt.Nonce != nonce {
				errs <- fmt.Errorf("user %d: id_token %v %v", i, idt, err)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if p.Authorizations() != n || p.Exchanges() != n {
		t.Errorf("counters %d/%d, want %d", p.Authorizations(), p.Exchanges(), n)
	}
}

func TestStartValidation(t *testing.T) {
	for name, o := range map[string]oauthdev.Options{
		"no client id":     {ClientSecret: "x"},
		"no secret":        {ClientID: "x"},
		"user no subject":  {ClientID: "x", ClientSecret: "y", Users: []oauthdev.User{{Email: "a@b.c"}}},
		"duplicate email":  {ClientID: "x", ClientSecret: "y", Users: []oauthdev.User{{Subject: "1", Email: "a@b.c"}, {Subject: "2", Email: "A@b.c"}}},
		"bad redirect uri": {ClientID: "x", ClientSecret: "y", RedirectURIs: []string{"/cb"}},
	} {
		if p, err := oauthdev.StartFacebook(o); err == nil {
			p.Close()
			t.Errorf("%s: started", name)
		}
	}
}
