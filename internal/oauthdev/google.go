package oauthdev

import (
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math/big"
	"net/http"
)

// signer holds the RS256 key generated at start; its public half is served as the JWKS.
type signer struct {
	key *rsa.PrivateKey
	kid string
	jwk map[string]string
}

func newSigner() (*signer, error) {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		return nil, fmt.Errorf("oauthdev: generate RSA key: %w", err)
	}
	n := b64(key.N.Bytes())
	e := b64(big.NewInt(int64(key.E)).Bytes())
	// The key id is the RFC 7638 thumbprint: SHA-256 of the required members in lexical order.
	thumb := sha256.Sum256([]byte(`{"e":"` + e + `","kty":"RSA","n":"` + n + `"}`))
	kid := b64(thumb[:])
	return &signer{
		key: key,
		kid: kid,
		jwk: map[string]string{"kty": "RSA", "use": "sig", "alg": "RS256", "kid": kid, "n": n, "e": e},
	}, nil
}

// sign returns a compact JWS (RS256) of the claims.
func (s *signer) sign(claims map[string]any) (string, error) {
	header, err := json.Marshal(map[string]string{"alg": "RS256", "kid": s.kid, "typ": "JWT"})
	if err != nil {
		return "", err
	}
	payload, err := json.Marshal(claims)
	if err != nil {
		return "", err
	}
	input := b64(header) + "." + b64(payload)
	digest := sha256.Sum256([]byte(input))
	sig, err := rsa.SignPKCS1v15(rand.Reader, s.key, crypto.SHA256, digest[:])
	if err != nil {
		return "", err
	}
	return input + "." + b64(sig), nil
}

func b64(b []byte) string { return base64.RawURLEncoding.EncodeToString(b) }

func (p *Provider) discovery(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{
		"issuer":                                p.url,
		"authorization_endpoint":                p.AuthURL(),
		"token_endpoint":                        p.TokenURL(),
		"userinfo_endpoint":                     p.UserInfoURL(),
		"jwks_uri":                              p.JWKSURL(),
		"response_types_supported":              []string{"code"},
		"response_modes_supported":              []string{"query"},
		"grant_types_supported":                 []string{"authorization_code"},
		"subject_types_supported":               []string{"public"},
		"id_token_signing_alg_values_supported": []string{"RS256"},
		"scopes_supported":                      googleScopes,
		"token_endpoint_auth_methods_supported": []string{"client_secret_basic", "client_secret_post"},
		"claims_supported":                      []string{"aud", "email", "email_verified", "exp", "iat", "iss", "name", "nonce", "sub", "azp", "at_hash"},
		"code_challenge_methods_supported":      []string{"S256"},
	})
}

func (p *Provider) jwks(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{"keys": []map[string]string{p.signer.jwk}})
}

// profileClaims are the user's claims the granted scopes allow, as Google gives them: email and
// email_verified with "email", name with "profile".
func profileClaims(g grantInfo, into map[string]any) {
	into["sub"] = g.user.Subject
	if contains(g.scopes, "email") && g.user.Email != "" {
		into["email"] = g.user.Email
		into["email_verified"] = g.user.EmailVerified
	}
	if contains(g.scopes, "profile") && g.user.Name != "" {
		into["name"] = g.user.Name
	}
}

func (p *Provider) idToken(g *tokenGrant) (string, error) {
	issued := g.expires.Add(-AccessTokenTTL)
	// at_hash: the left half of the SHA-256 of the access token (OpenID Connect Core §3.1.3.6).
	atHash := sha256.Sum256([]byte(g.accessToken))
	claims := map[string]any{
		"iss":     p.url,
		"aud":     g.clientID,
		"azp":     g.clientID,
		"iat":     issued.Unix(),
		"exp":     g.expires.Unix(),
		"nonce":   g.nonce,
		"at_hash": b64(atHash[:16]),
	}
	profileClaims(g.grantInfo, claims)
	return p.signer.sign(claims)
}

// userinfo is the OpenID Connect userinfo endpoint: a Bearer access token buys the profile.
func (p *Provider) userinfo(w http.ResponseWriter, r *http.Request) {
	token, ok := bearer(r)
	if !ok {
		w.Header().Set("WWW-Authenticate", `Bearer realm="oauthdev"`)
		writeOAuthError(w, &oauthError{http.StatusUnauthorized, "invalid_request", "a Bearer access token is required", ""})
		return
	}
	g, ok := p.lookupToken(token)
	if !ok {
		writeOAuthError(w, &oauthError{http.StatusUnauthorized, "invalid_token", "the access token is invalid, expired or revoked",
			`Bearer realm="oauthdev", error="invalid_token"`})
		return
	}
	out := map[string]any{}
	profileClaims(g, out)
	writeJSON(w, http.StatusOK, out)
}
