package oauthdev

// The token endpoint, shared by both providers.

import (
	"crypto/sha256"
	"net/http"
	"net/url"
	"strings"
	"time"
)

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
