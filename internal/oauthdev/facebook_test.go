package oauthdev_test

import (
	"net/http"
	"net/url"
	"testing"
	"time"

	"golang.org/x/oauth2"

	"linguaport/internal/oauthdev"
)

const fbCallback = "http://127.0.0.1:9/api/v1/auth/oauth/facebook/callback"

func startFacebook(t *testing.T, users ...oauthdev.User) *oauthdev.Provider {
	t.Helper()
	p, err := oauthdev.StartFacebook(oauthdev.Options{ClientID: clientID, ClientSecret: clientSecret, Users: users})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = p.Close() })
	return p
}

func facebookConfig(p *oauthdev.Provider, style oauth2.AuthStyle) oauth2.Config {
	return oauth2.Config{
		ClientID: clientID, ClientSecret: clientSecret, RedirectURL: fbCallback,
		Endpoint: oauth2.Endpoint{AuthURL: p.AuthURL(), TokenURL: p.TokenURL(), AuthStyle: style},
		Scopes:   []string{"email", "public_profile"},
	}
}

func fbStart(cfg oauth2.Config, extra ...oauth2.AuthCodeOption) (authURL, state, verifier string) {
	state, verifier = oauth2.GenerateVerifier(), oauth2.GenerateVerifier()
	return cfg.AuthCodeURL(state, append([]oauth2.AuthCodeOption{oauth2.S256ChallengeOption(verifier)}, extra...)...), state, verifier
}

func TestFacebookSignIn(t *testing.T) {
	ctx := ctxT(t)
	p := startFacebook(t, ayse, mehmet)
	if p.Issuer() != "" || p.JWKSURL() != "" {
		t.Errorf("Facebook is not OpenID Connect: issuer %q jwks %q", p.Issuer(), p.JWKSURL())
	}
	for _, style := range []oauth2.AuthStyle{oauth2.AuthStyleInParams, oauth2.AuthStyleInHeader} {
		cfg := facebookConfig(p, style)
		authURL, state, verifier := fbStart(cfg)
		code := authorizeOK(t, authURL, fbCallback, state)
		tok, err := cfg.Exchange(ctx, code, oauth2.VerifierOption(verifier))
		if err != nil {
			t.Fatalf("exchange (style %d): %v", style, err)
		}
		if tok.Type() != "Bearer" || time.Until(tok.Expiry) < 50*time.Minute {
			t.Errorf("token type %q expiry %v", tok.Type(), tok.Expiry)
		}

		// As svc-auth will call it: the oauth2 client adds "Authorization: Bearer".
		status, _, me := getJSON(t, cfg.Client(ctx, tok), p.UserInfoURL()+"?fields=id,name,email", nil)
		if status != 200 || me["id"] != ayse.Subject || me["name"] != ayse.Name || me["email"] != ayse.Email {
			t.Errorf("/me with Bearer: %d %v", status, me)
		}
		// Facebook's own habit: the token as a query parameter.
		status, _, me = getJSON(t, http.DefaultClient, p.UserInfoURL()+"?"+url.Values{"fields": {"id,name,email"}, "access_token": {tok.AccessToken}}.Encode(), nil)
		if status != 200 || me["id"] != ayse.Subject || me["email"] != ayse.Email {
			t.Errorf("/me with access_token: %d %v", status, me)
		}
		// Without fields, Graph answers id and name only.
		status, _, me = getJSON(t, cfg.Client(ctx, tok), p.UserInfoURL(), nil)
		if _, has := me["email"]; status != 200 || has || me["name"] != ayse.Name {
			t.Errorf("/me without fields: %d %v", status, me)
		}
	}
	if p.Authorizations() != 2 || p.Exchanges() != 2 {
		t.Errorf("counters %d/%d", p.Authorizations(), p.Exchanges())
	}
}

func TestFacebookEmailOmitted(t *testing.T) {
	ctx := ctxT(t)
	p := startFacebook(t, ayse, mehmet)
	cfg := facebookConfig(p, oauth2.AuthStyleInParams)

	// A user without an email address, selected by id.
	authURL, state, verifier := fbStart(cfg, oauth2.SetAuthURLParam("login_hint", mehmet.Subject))
	tok, err := cfg.Exchange(ctx, authorizeOK(t, authURL, fbCallback, state), oauth2.VerifierOption(verifier))
	if err != nil {
		t.Fatal(err)
	}
	status, _, me := getJSON(t, cfg.Client(ctx, tok), p.UserInfoURL()+"?fields=id,name,email", nil)
	if _, has := me["email"]; status != 200 || has || me["id"] != mehmet.Subject || me["name"] != mehmet.Name {
		t.Errorf("/me for a user without email: %d %v", status, me)
	}

	// A user with an address who did not grant the email permission.
	cfg.Scopes = []string{"public_profile"}
	authURL, state, verifier = fbStart(cfg)
	tok, err = cfg.Exchange(ctx, authorizeOK(t, authURL, fbCallback, state), oauth2.VerifierOption(verifier))
	if err != nil {
		t.Fatal(err)
	}
	status, _, me = getJSON(t, cfg.Client(ctx, tok), p.UserInfoURL()+"?fields=id,name,email", nil)
	if _, has := me["email"]; status != 200 || has || me["id"] != ayse.Subject {
		t.Errorf("/me without the email permission: %d %v", status, me)
	}
}

func TestFacebookGraphErrors(t *testing.T) {
	ctx := ctxT(t)
	p := startFacebook(t, ayse)
	cfg := facebookConfig(p, oauth2.AuthStyleInParams)
	authURL, state, verifier := fbStart(cfg)
	tok, err := cfg.Exchange(ctx, authorizeOK(t, authURL, fbCallback, state), oauth2.VerifierOption(verifier))
	if err != nil {
		t.Fatal(err)
	}
	code := func(m map[string]any) any {
		e, _ := m["error"].(map[string]any)
		return e["code"]
	}
	status, h, m := getJSON(t, http.DefaultClient, p.UserInfoURL()+"?access_token=forged", nil)
	if status != 400 || code(m) != float64(190) || h.Get("WWW-Authenticate") == "" {
		t.Errorf("forged token: %d %v", status, m)
	}
	status, _, m = getJSON(t, http.DefaultClient, p.UserInfoURL()+"?fields=id", nil)
	if status != 400 || code(m) != float64(2500) {
		t.Errorf("no token: %d %v", status, m)
	}
	status, _, m = getJSON(t, cfg.Client(ctx, tok), p.UserInfoURL()+"?fields=id,birthday", nil)
	if status != 400 || code(m) != float64(100) {
		t.Errorf("unknown field: %d %v", status, m)
	}
	status, _, m = getJSON(t, http.DefaultClient, p.UserInfoURL()+"?access_token=other", http.Header{"Authorization": {"Bearer " + tok.AccessToken}})
	if status != 400 || code(m) != float64(100) {
		t.Errorf("two different tokens: %d %v", status, m)
	}
}

func TestFacebookFailures(t *testing.T) {
	p := startFacebook(t, ayse, mehmet)
	cfg := facebookConfig(p, oauth2.AuthStyleInParams)

	t.Run("wrong code_verifier", func(t *testing.T) {
		authURL, state, _ := fbStart(cfg)
		code := authorizeOK(t, authURL, fbCallback, state)
		_, err := cfg.Exchange(ctxT(t), code, oauth2.VerifierOption(oauth2.GenerateVerifier()))
		wantRetrieveError(t, err, "invalid_grant", http.StatusBadRequest)
	})
	t.Run("reused code", func(t *testing.T) {
		ctx := ctxT(t)
		authURL, state, verifier := fbStart(cfg)
		code := authorizeOK(t, authURL, fbCallback, state)
		tok, err := cfg.Exchange(ctx, code, oauth2.VerifierOption(verifier))
		if err != nil {
			t.Fatal(err)
		}
		_, err = cfg.Exchange(ctx, code, oauth2.VerifierOption(verifier))
		wantRetrieveError(t, err, "invalid_grant", http.StatusBadRequest)
		if status, _, m := getJSON(t, cfg.Client(ctx, tok), p.UserInfoURL(), nil); status != 400 {
			t.Errorf("token of a reused code still works: %d %v", status, m)
		}
	})
	t.Run("wrong redirect_uri", func(t *testing.T) {
		authURL, state, verifier := fbStart(cfg)
		code := authorizeOK(t, authURL, fbCallback, state)
		other := cfg
		other.RedirectURL = fbCallback + "/other"
		_, err := other.Exchange(ctxT(t), code, oauth2.VerifierOption(verifier))
		wantRetrieveError(t, err, "invalid_grant", http.StatusBadRequest)
	})
	t.Run("wrong client secret", func(t *testing.T) {
		authURL, state, verifier := fbStart(cfg)
		code := authorizeOK(t, authURL, fbCallback, state)
		bad := cfg
		bad.ClientSecret = "guess"
		_, err := bad.Exchange(ctxT(t), code, oauth2.VerifierOption(verifier))
		wantRetrieveError(t, err, "invalid_client", http.StatusUnauthorized)
	})
	t.Run("plain PKCE refused", func(t *testing.T) {
		v := oauth2.GenerateVerifier()
		authURL := cfg.AuthCodeURL("s-plain", oauth2.SetAuthURLParam("code_challenge", v), oauth2.SetAuthURLParam("code_challenge_method", "plain"))
		authorizeErr(t, authURL, "s-plain", "invalid_request")
	})
	t.Run("no PKCE", func(t *testing.T) {
		authorizeErr(t, cfg.AuthCodeURL("s-none"), "s-none", "invalid_request")
	})
	t.Run("unknown login_hint", func(t *testing.T) {
		authURL, state, _ := fbStart(cfg, oauth2.SetAuthURLParam("login_hint", "nobody@example.com"))
		authorizeErr(t, authURL, state, "access_denied")
	})
	t.Run("unknown scope", func(t *testing.T) {
		c := cfg
		c.Scopes = []string{"email", "user_friends"}
		authURL, state, _ := fbStart(c)
		authorizeErr(t, authURL, state, "invalid_scope")
	})
	t.Run("exchange as GET with query parameters", func(t *testing.T) {
		authURL, state, verifier := fbStart(cfg)
		code := authorizeOK(t, authURL, fbCallback, state)
		// Facebook documents this form: no grant_type, credentials in the query.
		q := url.Values{"client_id": {clientID}, "client_secret": {clientSecret}, "redirect_uri": {fbCallback},
			"code": {code}, "code_verifier": {verifier}}
		status, _, m := getJSON(t, http.DefaultClient, p.TokenURL()+"?"+q.Encode(), nil)
		if status != 200 || m["access_token"] == nil || m["token_type"] != "bearer" {
			t.Errorf("GET exchange: %d %v", status, m)
		}
	})
}
