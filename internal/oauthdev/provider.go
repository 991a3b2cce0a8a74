// Package oauthdev is a local identity provider that stands in for Google ("Sign in with
// Google", OpenID Connect) and Facebook ("Sign in with Facebook", OAuth 2.0 plus the Graph API's
// /me) where tests and the local dev stack cannot reach the real ones.
//
// It speaks the real protocols: the authorization-code flow with state, PKCE (S256 only) and,
// for OpenID Connect, nonce; client authentication by client_secret_basic or client_secret_post;
// single-use codes that expire after 60 s; RS256-signed ID tokens with discovery and a JWKS.
// Instead of a consent screen, /authorize signs in at once the configured user named by the
// login_hint parameter (email, or subject), or the first user when there is no hint. With
// Options.SignInPage it shows instead a small page, clearly labelled as a local stand-in, where
// the person at the browser types or picks who signs in (what `make up` uses; see StartLocal).
//
// It is a stand-in for a third party in development and tests only: every answer it gives is
// as trustworthy as anyone who can reach its port.
package oauthdev

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

const (
	// CodeTTL is how long an authorization code can be exchanged.
	CodeTTL = 60 * time.Second
	// AccessTokenTTL is how long an access token (and an ID token) is valid.
	AccessTokenTTL = time.Hour

	maxFormBytes = 64 << 10
)

// Options configures one provider.
type Options struct {
	// Addr is the listen address; "127.0.0.1:0" (any free loopback port) when empty.
	Addr string
	// ClientID and ClientSecret are the one client (the relying party) the provider knows.
	ClientID, ClientSecret string
	// RedirectURIs, when set, is the exact list of redirect URIs the client may use, as
	// registered with the real providers; when empty any absolute http(s) URI is accepted.
	RedirectURIs []string
	// Users are the accounts that can sign in; the first one signs in when no login_hint is given.
	Users []User
	// SignInPage makes /authorize show a local sign-in page (labelled "Local sign-in stand-in —
	// not Google/Facebook") where the person at the browser types an email and a name, or picks
	// one of Users, instead of signing in at once; an account that does not exist yet is made on
	// the spot, and "Cancel" answers access_denied. Off, /authorize signs in at once as above,
	// which is what tests want.
	SignInPage bool
}

// User is an account at the provider.
type User struct {
	// Subject is the stable user id: "sub" at Google, "id" at Facebook. Required and unique.
	Subject string
	// Email may be empty (a Facebook account registered by phone has none).
	Email         string
	Name          string
	EmailVerified bool
}

type kind int

const (
	kindGoogle kind = iota
	kindFacebook
)

// Provider is one running identity provider.
type Provider struct {
	kind         kind
	clientID     string
	clientSecret string
	redirectURIs []string
	url          string
	signInPage   bool
	shutdown     func() error // closes the server the provider is served by
	signer       *signer      // Google only
	clock        atomic.Pointer[func() time.Time]

	closeOnce sync.Once
	closeErr  error

	mu             sync.Mutex
	users          []User
	codes          map[[32]byte]*authCode  // by SHA-256 of the code
	used           map[[32]byte]*usedCode  // exchanged (or burnt) codes, to refuse and revoke on reuse
	tokens         map[[32]byte]*grantInfo // access tokens by SHA-256
	authorizations int
	exchanges      int
}

// grantInfo is what an authorization code or an access token stands for.
type grantInfo struct {
	user     User
	clientID string
	scopes   []string
	expires  time.Time
}

type authCode struct {
	grantInfo
	redirectURI string
	nonce       string
	challenge   string
}

type usedCode struct {
	expires time.Time
	tokens  [][32]byte
}

// StartGoogle starts a Google-like OpenID Connect provider.
func StartGoogle(opts Options) (*Provider, error) {
	s, err := newSigner()
	if err != nil {
		return nil, err
	}
	return start(kindGoogle, opts, s)
}

// StartFacebook starts a Facebook-like OAuth 2.0 provider with the Graph API's /me.
func StartFacebook(opts Options) (*Provider, error) {
	return start(kindFacebook, opts, nil)
}

func start(k kind, opts Options, s *signer) (*Provider, error) {
	p, err := newProvider(k, opts, s)
	if err != nil {
		return nil, err
	}
	addr := opts.Addr
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("oauthdev: listen %s: %w", addr, err)
	}
	p.url = "http://" + publicHostPort(ln.Addr().(*net.TCPAddr))
	mux := http.NewServeMux()
	p.mount(mux, "")
	p.shutdown = serve(ln, mux)
	return p, nil
}

// newProvider checks the options; the caller sets url and serves the routes.
func newProvider(k kind, opts Options, s *signer) (*Provider, error) {
	if opts.ClientID == "" || opts.ClientSecret == "" {
		return nil, errors.New("oauthdev: ClientID and ClientSecret are required")
	}
	for _, u := range opts.RedirectURIs {
		if err := checkRedirectURI(u); err != nil {
			return nil, fmt.Errorf("oauthdev: redirect URI %q: %w", u, err)
		}
	}
	p := &Provider{
		kind:         k,
		clientID:     opts.ClientID,
		clientSecret: opts.ClientSecret,
		redirectURIs: append([]string(nil), opts.RedirectURIs...),
		signInPage:   opts.SignInPage,
		signer:       s,
		codes:        map[[32]byte]*authCode{},
		used:         map[[32]byte]*usedCode{},
		tokens:       map[[32]byte]*grantInfo{},
	}
	now := time.Now
	p.clock.Store(&now)
	for _, u := range opts.Users {
		if err := p.AddUser(u); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// mount registers the provider's endpoints on mux below prefix ("" or "/google").
func (p *Provider) mount(mux *http.ServeMux, prefix string) {
	handle := func(method, path string, h http.HandlerFunc) { mux.HandleFunc(method+" "+prefix+path, h) }
	switch p.kind {
	case kindGoogle:
		handle("GET", "/.well-known/openid-configuration", p.discovery)
		handle("GET", "/jwks", p.jwks)
		handle("GET", "/authorize", p.authorize)
		handle("POST", "/authorize", p.authorize)
		handle("POST", "/token", p.token)
		handle("GET", "/userinfo", p.userinfo)
		handle("POST", "/userinfo", p.userinfo)
	case kindFacebook:
		handle("GET", "/dialog/oauth", p.authorize)
		if p.signInPage {
			handle("POST", "/dialog/oauth", p.authorize) // the sign-in page's form
		}
		handle("GET", "/oauth/access_token", p.token)
		handle("POST", "/oauth/access_token", p.token)
		handle("GET", "/me", p.me)
	}
}

// serve serves h on ln until the returned function closes the server and its connections.
func serve(ln net.Listener, h http.Handler) func() error {
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       60 * time.Second,
	}
	go func() { _ = srv.Serve(ln) }()
	return srv.Close
}

// publicHostPort turns a listen address into one a client can dial: a wildcard listener is
// reached over loopback.
func publicHostPort(a *net.TCPAddr) string {
	ip := a.IP
	switch {
	case ip == nil || ip.IsUnspecified() && ip.To4() != nil:
		ip = net.IPv4(127, 0, 0, 1)
	case ip.IsUnspecified():
		ip = net.IPv6loopback
	}
	return net.JoinHostPort(ip.String(), strconv.Itoa(a.Port))
}

// URL is the provider's base URL, e.g. "http://127.0.0.1:43121". For Google it is also the issuer.
func (p *Provider) URL() string { return p.url }

// Issuer is the OpenID Connect issuer ("iss" of ID tokens, the base of discovery); empty for
// Facebook, which is not an OpenID Connect provider.
func (p *Provider) Issuer() string {
	if p.kind != kindGoogle {
		return ""
	}
	return p.url
}

// AuthURL is the authorization endpoint the browser is sent to.
func (p *Provider) AuthURL() string {
	if p.kind == kindFacebook {
		return p.url + "/dialog/oauth"
	}
	return p.url + "/authorize"
}

// TokenURL is the endpoint that exchanges a code for tokens.
func (p *Provider) TokenURL() string {
	if p.kind == kindFacebook {
		return p.url + "/oauth/access_token"
	}
	return p.url + "/token"
}

// UserInfoURL is where the access token buys the user's profile: the OpenID Connect userinfo
// endpoint for Google, the Graph API's /me for Facebook (ask for ?fields=id,name,email).
func (p *Provider) UserInfoURL() string {
	if p.kind == kindFacebook {
		return p.url + "/me"
	}
	return p.url + "/userinfo"
}

// JWKSURL is where Google's ID-token signing key is published; empty for Facebook.
func (p *Provider) JWKSURL() string {
	if p.kind != kindGoogle {
		return ""
	}
	return p.url + "/jwks"
}

// Authorizations counts the authorization requests that ended in a code.
func (p *Provider) Authorizations() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.authorizations
}

// Exchanges counts the codes successfully exchanged for tokens.
func (p *Provider) Exchanges() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.exchanges
}

// AddUser adds an account that can sign in from now on.
func (p *Provider) AddUser(u User) error {
	if u.Subject == "" {
		return errors.New("oauthdev: user without Subject")
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, o := range p.users {
		if o.Subject == u.Subject {
			return fmt.Errorf("oauthdev: duplicate user subject %q", u.Subject)
		}
		if u.Email != "" && strings.EqualFold(o.Email, u.Email) {
			return fmt.Errorf("oauthdev: duplicate user email %q", u.Email)
		}
	}
	p.users = append(p.users, u)
	return nil
}

// Close stops the server at once, closing its connections; it is safe to call more than once.
func (p *Provider) Close() error {
	p.closeOnce.Do(func() { p.closeErr = p.shutdown() })
	return p.closeErr
}

func (p *Provider) now() time.Time { return (*p.clock.Load())() }

// findUser picks who signs in: the user whose email (case-insensitively) or subject is the
// hint, or the first user without a hint.
func (p *Provider) findUser(hint string) (User, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if hint == "" {
		if len(p.users) == 0 {
			return User{}, false
		}
		return p.users[0], true
	}
	for _, u := range p.users {
		if u.Email != "" && strings.EqualFold(u.Email, hint) || u.Subject == hint {
			return u, true
		}
	}
	return User{}, false
}

// ---- the authorization endpoint (both providers) ----

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

// ---- the token endpoint (both providers) ----

type tokenGrant struct {
	grantInfo
	accessToken string
	nonce       string
}

func (p *Provider) token(w http.ResponseWriter, r *http.Request) {
	var form url.Values
	if r.Method == http.MethodPost {
		r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
		if err := r.ParseForm(); err != nil {
			writeOAuthError(w, &oauthError{http.StatusBadRequest, "invalid_request", "malformed form body", ""})
			return
		}
		form = r.PostForm
	} else { // Facebook also takes the exchange as a GET with query parameters
		form = r.URL.Query()
	}
	g, oerr := p.exchange(r, form)
	if oerr != nil {
		writeOAuthError(w, oerr)
		return
	}
	expiresIn := int(AccessTokenTTL / time.Second)
	if p.kind == kindFacebook {
		writeJSON(w, http.StatusOK, map[string]any{
			"access_token": g.accessToken,
			"token_type":   "bearer",
			"expires_in":   expiresIn,
		})
		return
	}
	idToken, err := p.idToken(g)
	if err != nil {
		writeOAuthError(w, &oauthError{http.StatusInternalServerError, "server_error", "could not sign the ID token", ""})
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"access_token": g.accessToken,
		"token_type":   "Bearer",
		"expires_in":   expiresIn,
		"scope":        strings.Join(g.scopes, " "),
		"id_token":     idToken,
	})
}

func (p *Provider) exchange(r *http.Request, form url.Values) (*tokenGrant, *oauthError) {
	clientID, oerr := p.authenticateClient(r, form)
	if oerr != nil {
		return nil, oerr
	}
	params := map[string]string{}
	for _, name := range []string{"grant_type", "code", "redirect_uri", "code_verifier"} {
		v, err := single(form, name)
		if err != nil {
			return nil, &oauthError{http.StatusBadRequest, "invalid_request", err.Error(), ""}
		}
		if name == "grant_type" && v == "" && p.kind == kindFacebook {
			v = "authorization_code" // Facebook's documented exchange sends no grant_type
		}
		if v == "" {
			return nil, &oauthError{http.StatusBadRequest, "invalid_request", name + " is required", ""}
		}
		params[name] = v
	}
	if params["grant_type"] != "authorization_code" {
		return nil, &oauthError{http.StatusBadRequest, "unsupported_grant_type", "only grant_type=authorization_code is supported", ""}
	}
	invalidGrant := func(desc string) *oauthError {
		return &oauthError{http.StatusBadRequest, "invalid_grant", desc, ""}
	}

	now := p.now()
	key := sha256.Sum256([]byte(params["code"]))
	p.mu.Lock()
	defer p.mu.Unlock()
	c, ok := p.codes[key]
	if !ok {
		if u, ok := p.used[key]; ok {
			// A code presented twice may have been stolen: refuse it and revoke what it bought
			// (RFC 6749 §4.1.2).
			for _, t := range u.tokens {
				delete(p.tokens, t)
			}
			u.tokens = nil
			return nil, invalidGrant("authorization code already used")
		}
		return nil, invalidGrant("authorization code is invalid or expired")
	}
	// One attempt per code, right or wrong: a code cannot be used to guess its verifier.
	delete(p.codes, key)
	used := &usedCode{expires: now.Add(AccessTokenTTL)}
	p.used[key] = used
	switch {
	case now.After(c.expires):
		return nil, invalidGrant("authorization code expired")
	case c.clientID != clientID:
		return nil, invalidGrant("authorization code was issued to another client")
	case params["redirect_uri"] != c.redirectURI:
		return nil, invalidGrant("redirect_uri does not match the authorization request")
	case !validVerifier(params["code_verifier"]) || !secretEqual(s256(params["code_verifier"]), c.challenge):
		return nil, invalidGrant("code_verifier does not match the code_challenge")
	}
	token, tkey, err := newSecret()
	if err != nil {
		return nil, &oauthError{http.StatusInternalServerError, "server_error", "out of randomness", ""}
	}
	g := c.grantInfo
	g.expires = now.Add(AccessTokenTTL)
	p.tokens[tkey] = &g
	used.tokens = append(used.tokens, tkey)
	p.exchanges++
	return &tokenGrant{grantInfo: g, accessToken: token, nonce: c.nonce}, nil
}

// authenticateClient checks client_secret_basic or client_secret_post (exactly one of them) and
// returns the client id.
func (p *Provider) authenticateClient(r *http.Request, form url.Values) (string, *oauthError) {
	formID, err := single(form, "client_id")
	if err != nil {
		return "", &oauthError{http.StatusBadRequest, "invalid_request", err.Error(), ""}
	}
	formSecret, err := single(form, "client_secret")
	if err != nil {
		return "", &oauthError{http.StatusBadRequest, "invalid_request", err.Error(), ""}
	}
	var id, secret, challenge string
	if bid, bsecret, basic := r.BasicAuth(); basic {
		challenge = `Basic realm="oauthdev"`
		if formSecret != "" {
			return "", &oauthError{http.StatusBadRequest, "invalid_request", "use one client authentication method, not two", ""}
		}
		// RFC 6749 §2.3.1: both are form-encoded before they go into the Basic header.
		var err1, err2 error
		id, err1 = url.QueryUnescape(bid)
		secret, err2 = url.QueryUnescape(bsecret)
		if err1 != nil || err2 != nil {
			return "", &oauthError{http.StatusUnauthorized, "invalid_client", "malformed client credentials", challenge}
		}
		if formID != "" && formID != id {
			return "", &oauthError{http.StatusBadRequest, "invalid_request", "client_id differs from the authenticated client", ""}
		}
	} else {
		id, secret = formID, formSecret
		if id == "" || secret == "" {
			return "", &oauthError{http.StatusUnauthorized, "invalid_client", "client authentication required", ""}
		}
	}
	if !(secretEqual(id, p.clientID) && secretEqual(secret, p.clientSecret)) {
		return "", &oauthError{http.StatusUnauthorized, "invalid_client", "client authentication failed", challenge}
	}
	return id, nil
}

// lookupToken finds the grant behind a live access token.
func (p *Provider) lookupToken(token string) (grantInfo, bool) {
	if token == "" {
		return grantInfo{}, false
	}
	now := p.now()
	key := sha256.Sum256([]byte(token))
	p.mu.Lock()
	defer p.mu.Unlock()
	g, ok := p.tokens[key]
	if !ok || now.After(g.expires) {
		return grantInfo{}, false
	}
	return *g, true
}

// bearer is the token of an "Authorization: Bearer …" header.
func bearer(r *http.Request) (string, bool) {
	h := r.Header.Get("Authorization")
	if len(h) < 7 || !strings.EqualFold(h[:7], "Bearer ") {
		return "", false
	}
	return strings.TrimSpace(h[7:]), true
}

// ---- helpers ----

type oauthError struct {
	status      int
	code        string
	description string
	authHeader  string // WWW-Authenticate, when set
}

func writeOAuthError(w http.ResponseWriter, e *oauthError) {
	if e.authHeader != "" {
		w.Header().Set("WWW-Authenticate", e.authHeader)
	}
	writeJSON(w, e.status, map[string]string{"error": e.code, "error_description": e.description})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		http.Error(w, "encoding failed", http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("Pragma", "no-cache")
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	_, _ = w.Write(append(b, '\n'))
}

// redirectWith sends the browser back to the client with extra query parameters, keeping the
// redirect URI's own query as it was.
func redirectWith(w http.ResponseWriter, r *http.Request, redirectURI string, v url.Values) {
	sep := "?"
	if strings.Contains(redirectURI, "?") {
		sep = "&"
	}
	http.Redirect(w, r, redirectURI+sep+v.Encode(), http.StatusFound)
}

func redirectError(w http.ResponseWriter, r *http.Request, redirectURI, state, code, desc string) {
	v := url.Values{"error": {code}, "error_description": {desc}}
	if state != "" {
		v.Set("state", state)
	}
	redirectWith(w, r, redirectURI, v)
}

// single returns a parameter that must not be repeated (RFC 6749 §3.1).
func single(v url.Values, name string) (string, error) {
	switch vs := v[name]; len(vs) {
	case 0:
		return "", nil
	case 1:
		return vs[0], nil
	default:
		return "", fmt.Errorf("%s must not be repeated", name)
	}
}

// parseScopes splits a scope list on spaces (RFC 6749) or commas (Facebook's habit).
func parseScopes(s string) []string {
	var out []string
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' }) {
		if !contains(out, f) {
			out = append(out, f)
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// secretEqual compares in time that depends on neither value's content nor length.
func secretEqual(a, b string) bool {
	ha, hb := sha256.Sum256([]byte(a)), sha256.Sum256([]byte(b))
	return subtle.ConstantTimeCompare(ha[:], hb[:]) == 1
}

// newSecret returns a fresh random token and the key it is stored under (its SHA-256, so a map
// lookup never compares secrets).
func newSecret() (string, [32]byte, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", [32]byte{}, err
	}
	s := base64.RawURLEncoding.EncodeToString(b)
	return s, sha256.Sum256([]byte(s)), nil
}

func s256(verifier string) string {
	sum := sha256.Sum256([]byte(verifier))
	return base64.RawURLEncoding.EncodeToString(sum[:])
}

// validChallenge: an S256 challenge is 43 base64url characters.
func validChallenge(s string) bool {
	if len(s) != 43 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(isAlnum(c) || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// validVerifier: 43 to 128 unreserved characters (RFC 7636 §4.1).
func validVerifier(s string) bool {
	if len(s) < 43 || len(s) > 128 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(isAlnum(c) || c == '-' || c == '.' || c == '_' || c == '~') {
			return false
		}
	}
	return true
}

func isAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}
