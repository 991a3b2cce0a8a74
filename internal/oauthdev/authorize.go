package oauthdev

// The authorization endpoint, shared by both providers.

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"
)

var (
	googleScopes   = []string{"openid", "email", "profile"}
	facebookScopes = []string{"public_profile", "email"}
)

func (p *Provider) authorize(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Referrer-Policy", "no-referrer")
	r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
	if err := r.ParseForm(); err != nil {
		writeOAuthError(w, &oauthError{http.StatusBadRequest, "invalid_request", "malformed request", ""})
		return
	}
	q := r.Form

	// Until the client and its redirect URI are known good, errors go to the browser, never to
	// the redirect URI (RFC 6749 §4.1.2.1).
	clientID, err := single(q, "client_id")
	if err != nil || clientID == "" {
		writeOAuthError(w, &oauthError{http.StatusBadRequest, "invalid_request", "client_id is required, once", ""})
		return
	}
	if !secretEqual(clientID, p.clientID) {
		writeOAuthError(w, &oauthError{http.StatusUnauthorized, "invalid_client", "unknown client_id", ""})
		return
	}
	redirectURI, err := single(q, "redirect_uri")
	if err != nil || redirectURI == "" {
		writeOAuthError(w, &oauthError{http.StatusBadRequest, "invalid_request", "redirect_uri is required, once", ""})
		return
	}
	if err := p.allowedRedirect(redirectURI); err != nil {
		writeOAuthError(w, &oauthError{http.StatusBadRequest, "invalid_request", "redirect_uri: " + err.Error(), ""})
		return
	}

	state, err := single(q, "state")
	if err != nil {
		redirectError(w, r, redirectURI, "", "invalid_request", "state must be sent once")
		return
	}
	fail := func(code, desc string) { redirectError(w, r, redirectURI, state, code, desc) }
	params := map[string]string{}
	for _, name := range []string{"response_type", "scope", "nonce", "code_challenge", "code_challenge_method", "login_hint"} {
		v, err := single(q, name)
		if err != nil {
			fail("invalid_request", err.Error())
			return
		}
		params[name] = v
	}
	switch rt := params["response_type"]; {
	case rt == "":
		fail("invalid_request", "response_type is required")
		return
	case rt != "code":
		fail("unsupported_response_type", "only response_type=code is supported")
		return
	}
	if state == "" {
		fail("invalid_request", "state is required")
		return
	}
	scopes, known := parseScopes(params["scope"]), googleScopes
	if p.kind == kindFacebook {
		known = facebookScopes
	}
	for _, s := range scopes {
		if !contains(known, s) {
			fail("invalid_scope", fmt.Sprintf("unknown scope %q", s))
			return
		}
	}
	if p.kind == kindGoogle {
		if !contains(scopes, "openid") {
			fail("invalid_scope", "scope must contain openid")
			return
		}
		if params["nonce"] == "" {
			fail("invalid_request", "nonce is required")
			return
		}
	} else if len(scopes) == 0 {
		scopes = []string{"public_profile"}
	}
	switch m := params["code_challenge_method"]; {
	case params["code_challenge"] == "":
		fail("invalid_request", "code_challenge is required (PKCE)")
		return
	case m == "" || m == "plain":
		fail("invalid_request", "code_challenge_method must be S256; plain is not supported")
		return
	case m != "S256":
		fail("invalid_request", "unsupported code_challenge_method; use S256")
		return
	case !validChallenge(params["code_challenge"]):
		fail("invalid_request", "code_challenge must be the base64url SHA-256 of the code_verifier (43 characters)")
		return
	}
	if p.signInPage {
		// The page posts back here with the same parameters and the person's choice.
		switch action := r.PostForm.Get("action"); {
		case r.Method != http.MethodPost || action == "":
			p.showSignInPage(w, r, params, state, redirectURI)
			return
		case action == "cancel":
			fail("access_denied", "the user cancelled the sign-in")
			return
		case action != "sign-in":
			fail("invalid_request", "unknown action")
			return
		}
		user, err := p.userFromPage(r.PostForm)
		if err != nil {
			p.showSignInPage(w, r, params, state, redirectURI, err.Error())
			return
		}
		params["login_hint"] = user.Subject
	}
	user, ok := p.findUser(params["login_hint"])
	if !ok {
		fail("access_denied", "the user did not sign in")
		return
	}

	code, key, err := newSecret()
	if err != nil {
		http.Error(w, "out of randomness", http.StatusInternalServerError)
		return
	}
	now := p.now()
	p.mu.Lock()
	p.sweep(now)
	p.codes[key] = &authCode{
		grantInfo:   grantInfo{user: user, clientID: clientID, scopes: scopes, expires: now.Add(CodeTTL)},
		redirectURI: redirectURI,
		nonce:       params["nonce"],
		challenge:   params["code_challenge"],
	}
	p.authorizations++
	p.mu.Unlock()
	redirectWith(w, r, redirectURI, url.Values{"code": {code}, "state": {state}})
}

func (p *Provider) allowedRedirect(uri string) error {
	if err := checkRedirectURI(uri); err != nil {
		return err
	}
	if len(p.redirectURIs) > 0 && !contains(p.redirectURIs, uri) {
		return errors.New("not registered for this client")
	}
	return nil
}

func checkRedirectURI(uri string) error {
	u, err := url.Parse(uri)
	if err != nil {
		return errors.New("not a URI")
	}
	if u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		return errors.New("must be an absolute http(s) URI")
	}
	if u.Fragment != "" || strings.Contains(uri, "#") {
		return errors.New("must not contain a fragment")
	}
	return nil
}

// sweep forgets expired codes and tokens. Called with p.mu held.
func (p *Provider) sweep(now time.Time) {
	for k, c := range p.codes {
		if now.After(c.expires) {
			delete(p.codes, k)
		}
	}
	for k, u := range p.used {
		if now.After(u.expires) {
			delete(p.used, k)
		}
	}
	for k, t := range p.tokens {
		if now.After(t.expires) {
			delete(p.tokens, k)
		}
	}
}
