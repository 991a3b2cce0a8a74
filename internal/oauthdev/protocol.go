package oauthdev

// What both endpoints share: OAuth error answers, redirects, parameters, PKCE and secrets.

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

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
