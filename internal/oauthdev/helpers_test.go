package oauthdev_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"golang.org/x/oauth2"

	"linguaport/internal/oauthdev"
)

const (
	clientID     = "linguaport-web"
	clientSecret = "dev-secret-7f3a"
	callback     = "http://127.0.0.1:9/api/v1/auth/oauth/google/callback" // never dialled
)

var (
	ayse = oauthdev.User{Subject: "108123456789012345678", Email: "ayse@example.com", Name: "Ayşe Yılmaz", EmailVerified: true}
	john = oauthdev.User{Subject: "108999888777666555444", Email: "john@example.com", Name: "John Smith"}
	// A Facebook account registered with a phone number has no email address.
	mehmet = oauthdev.User{Subject: "10160000000000001", Name: "Mehmet Demir"}
)

func ctxT(t *testing.T) context.Context {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// browser is an http.Client that, like a test standing in for a browser, stops at redirects so
// the Location can be read.
var browser = &http.Client{
	Timeout:       10 * time.Second,
	CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
}

// visit GETs an authorization URL and returns where the provider redirects the browser.
func visit(t *testing.T, authURL string) *url.URL {
	t.Helper()
	resp, err := browser.Get(authURL)
	if err != nil {
		t.Fatalf("GET %s: %v", authURL, err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusFound {
		t.Fatalf("GET %s: status %d, want 302; body %s", authURL, resp.StatusCode, body)
	}
	if cc := resp.Header.Get("Cache-Control"); cc != "no-store" {
		t.Errorf("authorization answer Cache-Control = %q, want no-store", cc)
	}
	loc, err := resp.Location()
	if err != nil {
		t.Fatalf("no Location: %v", err)
	}
	return loc
}

// authorizeOK visits the authorization URL and checks the redirect carries a code and our state.
func authorizeOK(t *testing.T, authURL, redirectURI, state string) string {
	t.Helper()
	loc := visit(t, authURL)
	q := loc.Query()
	if e := q.Get("error"); e != "" {
		t.Fatalf("authorization failed: %s: %s", e, q.Get("error_description"))
	}
	if got := loc.Scheme + "://" + loc.Host + loc.Path; got != redirectURI {
		t.Fatalf("redirected to %s, want %s", got, redirectURI)
	}
	if got := q.Get("state"); got != state {
		t.Fatalf("state = %q, want %q", got, state)
	}
	code := q.Get("code")
	if code == "" {
		t.Fatalf("no code in %s", loc)
	}
	return code
}

// authorizeErr visits the authorization URL and expects to be sent back with an OAuth error.
func authorizeErr(t *testing.T, authURL, state, wantErr string) {
	t.Helper()
	loc := visit(t, authURL)
	q := loc.Query()
	if got := q.Get("error"); got != wantErr {
		t.Fatalf("error = %q (%s), want %q; Location %s", got, q.Get("error_description"), wantErr, loc)
	}
	if q.Get("code") != "" {
		t.Fatalf("a code was issued despite the error: %s", loc)
	}
	if state != "" && q.Get("state") != state {
		t.Fatalf("state = %q, want %q", q.Get("state"), state)
	}
}

// noRedirect expects the authorization endpoint to answer itself (no redirect to an untrusted
// redirect URI) with the given status and OAuth error.
func noRedirect(t *testing.T, authURL string, wantStatus int, wantErr string) {
	t.Helper()
	resp, err := browser.Get(authURL)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != wantStatus || resp.Header.Get("Location") != "" {
		t.Fatalf("status %d Location %q, want %d and no redirect", resp.StatusCode, resp.Header.Get("Location"), wantStatus)
	}
	var e struct{ Error string }
	if err := json.NewDecoder(resp.Body).Decode(&e); err != nil || e.Error != wantErr {
		t.Fatalf("error = %q (%v), want %q", e.Error, err, wantErr)
	}
}

// wantRetrieveError expects a token-endpoint failure with the given OAuth error and status.
func wantRetrieveError(t *testing.T, err error, wantCode string, wantStatus int) {
	t.Helper()
	var re *oauth2.RetrieveError
	if !errors.As(err, &re) {
		t.Fatalf("err = %v, want an *oauth2.RetrieveError %s", err, wantCode)
	}
	if re.ErrorCode != wantCode || re.Response.StatusCode != wantStatus {
		t.Fatalf("got %s (%q) status %d, want %s status %d", re.ErrorCode, re.ErrorDescription, re.Response.StatusCode, wantCode, wantStatus)
	}
}

// getJSON does a GET and decodes the JSON answer.
func getJSON(t *testing.T, c *http.Client, u string, header http.Header) (int, http.Header, map[string]any) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header[k] = v
	}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var m map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&m); err != nil {
		t.Fatalf("GET %s: decode: %v", u, err)
	}
	return resp.StatusCode, resp.Header, m
}

// postForm posts a raw token request, for cases a well-behaved oauth2 client cannot produce.
func postForm(t *testing.T, u string, form url.Values, user, pass string) (int, map[string]any) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, u, strings.NewReader(form.Encode()))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if user != "" {
		req.SetBasicAuth(url.QueryEscape(user), url.QueryEscape(pass))
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var m map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&m); err != nil {
		t.Fatalf("POST %s: decode: %v", u, err)
	}
	return resp.StatusCode, m
}
