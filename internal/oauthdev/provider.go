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
	"errors"
	"fmt"
	"net"
	"net/http"
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
