package api

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"github.com/redis/go-redis/v9"
	"golang.org/x/oauth2"

	"linguaport/internal/i18n"
	"linguaport/svc-auth/auth"
)

// Sign-in with Google and Facebook over the web: the redirect to the provider and its redirect
// back, served as handlers of the route table (routes.go). Who signs in, and the account it
// links to or opens, is the service's (auth.SignInWithProvider).

// ProviderSignIn is the part of the service the OAuth routes call.
type ProviderSignIn interface {
	SignInWithProvider(ctx context.Context, id auth.ExternalIdentity) (auth.Session, error)
}

// ProviderConfig configures one sign-in provider. Google is found by OpenID Connect discovery
// at Issuer; Facebook by its three endpoints.
type ProviderConfig struct {
	ClientID, ClientSecret         string
	Issuer                         string // Google
	AuthURL, TokenURL, UserInfoURL string // Facebook
}

// OAuth serves sign-in with Google (OpenID Connect) and Facebook (OAuth 2.0): authorization
// code flow with state, PKCE (S256) and, for Google, a nonce checked in the ID token.
type OAuth struct {
	svc       ProviderSignIn
	rdb       *redis.Client
	siteURL   string
	log       *slog.Logger
	configs   map[string]ProviderConfig
	client    *http.Client
	mu        sync.Mutex
	verifiers map[string]*oidc.IDTokenVerifier
	endpoints map[string]oauth2.Endpoint
}

// NewOAuth returns the provider routes; providers without a client id are not offered.
func NewOAuth(svc ProviderSignIn, rdb *redis.Client, siteURL string, configs map[string]ProviderConfig, log *slog.Logger) *OAuth {
	on := map[string]ProviderConfig{}
	for name, c := range configs {
		if c.ClientID != "" {
			on[name] = c
		}
	}
	return &OAuth{svc: svc, rdb: rdb, siteURL: strings.TrimRight(siteURL, "/"), log: log, configs: on,
		client: &http.Client{Timeout: 10 * time.Second}, verifiers: map[string]*oidc.IDTokenVerifier{}, endpoints: map[string]oauth2.Endpoint{}}
}

func (o *OAuth) Providers() map[string]bool {
	out := map[string]bool{}
	for name := range o.configs {
		out[name] = true
	}
	return out
}

type oauthState struct {
	Provider, Verifier, Nonce, ReturnTo, Lang string
}

const (
	stateCookie = "oauthState"
	stateTTL    = 10 * time.Minute
)

func stateKey(state string) string { return "auth:oauth-state:" + auth.Digest(state) }

func (o *OAuth) config(ctx context.Context, name string) (*oauth2.Config, error) {
	c := o.configs[name]
	endpoint, err := o.endpoint(ctx, name, c)
	if err != nil {
		return nil, err
	}
	scopes := []string{"email", "public_profile"}
	if name == "google" {
		scopes = []string{oidc.ScopeOpenID, "email", "profile"}
	}
	return &oauth2.Config{ClientID: c.ClientID, ClientSecret: c.ClientSecret, Endpoint: endpoint, Scopes: scopes,
		RedirectURL: o.siteURL + "/api/v1/auth/oauth/" + name + "/callback"}, nil
}

func (o *OAuth) endpoint(ctx context.Context, name string, c ProviderConfig) (oauth2.Endpoint, error) {
	if name != "google" {
		return oauth2.Endpoint{AuthURL: c.AuthURL, TokenURL: c.TokenURL}, nil
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if e, ok := o.endpoints[name]; ok {
		return e, nil
	}
	p, err := oidc.NewProvider(oidc.ClientContext(ctx, o.client), c.Issuer)
	if err != nil {
		return oauth2.Endpoint{}, fmt.Errorf("google discovery: %w", err)
	}
	o.endpoints[name] = p.Endpoint()
	o.verifiers[name] = p.Verifier(&oidc.Config{ClientID: c.ClientID})
	return p.Endpoint(), nil
}

// Start sends the browser to the provider.
func (o *OAuth) Start(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("provider")
	if _, ok := o.configs[name]; !ok {
		encodeError(r.Context(), auth.ErrProviderNotConfigured, w)
		return
	}
	lang := string(i18n.Parse(r.URL.Query().Get("lang")))
	cfg, err := o.config(r.Context(), name)
	if err != nil {
		o.fail(w, r, lang, "provider_unavailable", err)
		return
	}
	state, err1 := auth.RandomToken()
	nonce, err2 := auth.RandomToken()
	if err := errors.Join(err1, err2); err != nil {
		o.fail(w, r, lang, "provider_unavailable", err)
		return
	}
	st := oauthState{Provider: name, Verifier: oauth2.GenerateVerifier(), Nonce: nonce, ReturnTo: safeReturnTo(r.URL.Query().Get("returnTo"), lang), Lang: lang}
	data, _ := json.Marshal(st)
	if err := o.rdb.Set(r.Context(), stateKey(state), data, stateTTL).Err(); err != nil {
		o.fail(w, r, lang, "provider_unavailable", err)
		return
	}
	// Lax, not Strict: the provider sends the browser back with a cross-site navigation.
	http.SetCookie(w, &http.Cookie{Name: stateCookie, Value: state, Path: "/api/v1/auth/oauth", MaxAge: int(stateTTL / time.Second),
		Secure: true, HttpOnly: true, SameSite: http.SameSiteLaxMode})
	opts := []oauth2.AuthCodeOption{oauth2.S256ChallengeOption(st.Verifier)}
	if name == "google" {
		opts = append(opts, oidc.Nonce(nonce))
	}
	http.Redirect(w, r, cfg.AuthCodeURL(state, opts...), http.StatusFound)
}

// Callback finishes the flow: checks state, exchanges the code with the PKCE verifier, reads
// who signed in, starts a session and returns to where the visitor was.
func (o *OAuth) Callback(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	name := r.PathValue("provider")
	q := r.URL.Query()
	cookie, err := r.Cookie(stateCookie)
	http.SetCookie(w, &http.Cookie{Name: stateCookie, Value: "", Path: "/api/v1/auth/oauth", MaxAge: -1, Secure: true, HttpOnly: true, SameSite: http.SameSiteLaxMode})
	if err != nil || q.Get("state") == "" || cookie.Value != q.Get("state") {
		o.fail(w, r, "tr", "state_mismatch", errors.New("state missing or not this browser's"))
		return
	}
	raw, err := o.rdb.GetDel(ctx, stateKey(cookie.Value)).Bytes()
	var st oauthState
	if err == nil {
		err = json.Unmarshal(raw, &st)
	}
	if err == nil && st.Provider != name {
		err = fmt.Errorf("state of %s, not %s", st.Provider, name)
	}
	if err != nil {
		o.fail(w, r, "tr", "state_mismatch", fmt.Errorf("state unknown or used: %w", err))
		return
	}
	if e := q.Get("error"); e != "" {
		o.fail(w, r, st.Lang, "provider_denied", errors.New(e))
		return
	}
	cfg, err := o.config(ctx, name)
	if err != nil {
		o.fail(w, r, st.Lang, "provider_unavailable", err)
		return
	}
	tok, err := cfg.Exchange(oidc.ClientContext(ctx, o.client), q.Get("code"), oauth2.VerifierOption(st.Verifier))
	if err != nil {
		o.fail(w, r, st.Lang, "exchange_failed", err)
		return
	}
	var id auth.ExternalIdentity
	if name == "google" {
		id, err = o.googleIdentity(ctx, tok, st.Nonce)
	} else {
		id, err = o.facebookIdentity(ctx, tok)
	}
	if err != nil {
		o.fail(w, r, st.Lang, "identity_failed", err)
		return
	}
	id.Lang = st.Lang
	sess, err := o.svc.SignInWithProvider(ctx, id)
	if errors.Is(err, auth.ErrProviderEmail) {
		o.fail(w, r, st.Lang, "email_required", err)
		return
	}
	if err != nil {
		o.fail(w, r, st.Lang, "sign_in_failed", err)
		return
	}
	setSessionCookies(w, sess)
	http.Redirect(w, r, st.ReturnTo, http.StatusFound)
}

func (o *OAuth) googleIdentity(ctx context.Context, tok *oauth2.Token, nonce string) (auth.ExternalIdentity, error) {
	raw, _ := tok.Extra("id_token").(string)
	if raw == "" {
		return auth.ExternalIdentity{}, errors.New("no id_token in the token response")
	}
	o.mu.Lock()
	verifier := o.verifiers["google"]
	o.mu.Unlock()
	idt, err := verifier.Verify(oidc.ClientContext(ctx, o.client), raw)
	if err != nil {
		return auth.ExternalIdentity{}, fmt.Errorf("id_token: %w", err)
	}
	if idt.Nonce != nonce {
		return auth.ExternalIdentity{}, errors.New("id_token nonce does not match")
	}
	var c struct {
		Email         string `json:"email"`
		EmailVerified bool   `json:"email_verified"`
		Name          string `json:"name"`
	}
	if err := idt.Claims(&c); err != nil {
		return auth.ExternalIdentity{}, err
	}
	return auth.ExternalIdentity{Provider: "google", Subject: idt.Subject, Email: c.Email, EmailVerified: c.EmailVerified, Name: c.Name}, nil
}

func (o *OAuth) facebookIdentity(ctx context.Context, tok *oauth2.Token) (auth.ExternalIdentity, error) {
	u, err := url.Parse(o.configs["facebook"].UserInfoURL)
	if err != nil {
		return auth.ExternalIdentity{}, err
	}
	u.RawQuery = url.Values{"fields": {"id,name,email"}}.Encode()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	req.Header.Set("Authorization", "Bearer "+tok.AccessToken)
	resp, err := o.client.Do(req)
	if err != nil {
		return auth.ExternalIdentity{}, fmt.Errorf("graph /me: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return auth.ExternalIdentity{}, fmt.Errorf("graph /me: %s", resp.Status)
	}
	var me struct{ ID, Name, Email string }
	if err := json.NewDecoder(io.LimitReader(resp.Body, 1<<16)).Decode(&me); err != nil {
		return auth.ExternalIdentity{}, fmt.Errorf("graph /me: %w", err)
	}
	if me.ID == "" {
		return auth.ExternalIdentity{}, errors.New("graph /me: no user id")
	}
	// Facebook only returns an address its owner has confirmed.
	return auth.ExternalIdentity{Provider: "facebook", Subject: me.ID, Email: me.Email, EmailVerified: me.Email != "", Name: me.Name}, nil
}

// fail sends the browser back to the login page with an error code the page explains.
func (o *OAuth) fail(w http.ResponseWriter, r *http.Request, lang, code string, err error) {
	o.log.WarnContext(r.Context(), "provider sign-in failed", "provider", r.PathValue("provider"), "code", code, "err", err)
	login := "/tr/giris"
	if lang == "en" {
		login = "/en/login"
	}
	http.Redirect(w, r, login+"?oauthError="+code, http.StatusFound)
}

// safeReturnTo keeps the visitor on this site: a path of one of its languages, or the account.
func safeReturnTo(p, lang string) string {
	if (strings.HasPrefix(p, "/tr/") || strings.HasPrefix(p, "/en/") || p == "/tr" || p == "/en") && !strings.ContainsAny(p, "\\\r\n") && !strings.HasPrefix(p, "//") {
		return p
	}
	if lang == "en" {
		return "/en/account/overview"
	}
	return "/tr/hesabim/genel-bakis"
}
