package authn_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"linguaport/internal/authn"
	"linguaport/internal/i18n"
)

// TestOriginRule is CheckOrigin's rule as a service's Mux applies it: a route that sets the
// session cookies, or a request carrying them, answers only the site's own page; a Bearer token
// needs no Origin; a visitor's write without cookies to an ordinary route is not a forgery risk.
func TestOriginRule(t *testing.T) {
	s := newSigner(t, "k1")
	v := authn.NewVerifier(authn.StaticKeys{"k1": s.PublicKey()}, nil)
	customer, _ := s.Sign(claims("c", authn.RoleCustomer, time.Minute))
	const site = "https://www.linguaport.test"
	m := authn.NewMux(authn.NewAuthenticator(v, []string{site}), []authn.Rule{
		{Pattern: "POST /login", Access: authn.Anyone.SetsCookies()},
		{Pattern: "POST /contact", Access: authn.Anyone},
		{Pattern: "GET /me", Access: authn.SignedIn},
		{Pattern: "PATCH /me", Access: authn.SignedIn.SetsCookies()},
	})
	ok := func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) }
	for _, p := range []string{"POST /login", "POST /contact", "GET /me", "PATCH /me"} {
		m.HandleFunc(p, ok)
	}
	h := m.Handler()

	for _, c := range []struct {
		name, method, path, origin, bearer, cookie string
		status                                     int
		code                                       string
	}{
		{"sign-in from the site", "POST", "/login", site, "", "", 204, ""},
		{"sign-in from the site, trailing slash", "POST", "/login", site + "/", "", "", 204, ""},
		{"sign-in without Origin (a script, or a forgery)", "POST", "/login", "", "", "", 403, "bad_origin"},
		{"sign-in from an opaque origin (sandboxed frame, data: URL)", "POST", "/login", "null", "", "", 403, "bad_origin"},
		{"sign-in from another site", "POST", "/login", "https://evil.example", "", "", 403, "bad_origin"},
		{"sign-in from a look-alike host", "POST", "/login", "https://www.linguaport.test.evil.example", "", "", 403, "bad_origin"},
		{"sign-in with a Bearer header cannot be forged", "POST", "/login", "", "anything", "", 204, ""},
		{"a visitor's write without cookies", "POST", "/contact", "", "", "", 204, ""},
		{"a write carrying the session cookie needs the site", "POST", "/contact", "", "", authn.TokenCookie, 403, "bad_origin"},
		{"a write carrying the refresh cookie needs the site", "POST", "/contact", "https://evil.example", "", authn.RefreshCookie, 403, "bad_origin"},
		{"a write carrying cookies from the site", "POST", "/contact", site, "", authn.TokenCookie, 204, ""},
		{"a read needs no Origin", "GET", "/me", "", "", authn.TokenCookie, 204, ""},
		{"a signed-in write by cookie without Origin", "PATCH", "/me", "", "", authn.TokenCookie, 403, "bad_origin"},
		{"a signed-in write by cookie from the site", "PATCH", "/me", site, "", authn.TokenCookie, 204, ""},
		{"a signed-in write by Bearer", "PATCH", "/me", "", customer, "", 204, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := httptest.NewRequest(c.method, "http://svc-auth"+c.path, nil)
			r.Header.Set("Accept-Language", "en")
			if c.origin != "" {
				r.Header.Set("Origin", c.origin)
			}
			if c.bearer != "" {
				r.Header.Set("Authorization", "Bearer "+c.bearer)
			}
			if c.cookie != "" {
				r.AddCookie(&http.Cookie{Name: c.cookie, Value: customer})
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, r)
			var body struct {
				Error struct{ Code, Message string }
			}
			_ = json.Unmarshal(rec.Body.Bytes(), &body)
			if rec.Code != c.status || body.Error.Code != c.code {
				t.Errorf("got %d %q, want %d %q", rec.Code, body.Error.Code, c.status, c.code)
			}
		})
	}
	if authn.ErrBadOrigin.Message != (i18n.Text{TR: "İstek bu siteden gelmiyor.", EN: "The request did not come from this site."}) {
		t.Errorf("bad_origin says %+v", authn.ErrBadOrigin.Message)
	}
}

// A declaration that cannot be checked as written stops the service at start.
func TestCookieSettingDeclarations(t *testing.T) {
	v := authn.NewVerifier(authn.StaticKeys{}, nil)
	for name, build := range map[string]func(){
		"a GET route": func() {
			authn.NewMux(authn.NewAuthenticator(v, nil), []authn.Rule{{Pattern: "GET /x", Access: authn.Anyone.SetsCookies()}})
		},
		"a route with no method": func() {
			authn.NewGuard(authn.NewAuthenticator(v, nil), []authn.Rule{{Pattern: "/x", Access: authn.Anyone.SetsCookies()}})
		},
		"a service that checks no origin": func() { authn.NewMux(nil, []authn.Rule{{Pattern: "POST /x", Access: authn.Anyone.SetsCookies()}}) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s declared as setting cookies was accepted", name)
				}
			}()
			build()
		}()
	}
}

// A route below /admin/ is staff only, whatever a service declares: anything else is refused when
// the service or the gateway starts.
func TestStaffRoutesAreAdminOnly(t *testing.T) {
	v := authn.NewVerifier(authn.StaticKeys{}, nil)
	auth := authn.NewAuthenticator(v, nil)
	for _, access := range []authn.Access{authn.Anyone, authn.SignedIn, authn.Only(authn.RoleCustomer), authn.Only(authn.RoleAdmin, authn.RoleTranslator)} {
		for name, build := range map[string]func(){
			"service": func() { authn.NewMux(auth, []authn.Rule{{Pattern: "GET /api/v1/x/admin/things", Access: access}}) },
			"gateway": func() {
				authn.NewGuard(auth, []authn.Rule{{Pattern: "POST /api/v1/x/admin/things/{id}", Access: access}})
			},
		} {
			func() {
				defer func() {
					if recover() == nil {
						t.Errorf("%s accepted a staff route declared %s", name, access)
					}
				}()
				build()
			}()
		}
	}
	authn.NewMux(auth, []authn.Rule{{Pattern: "GET /api/v1/x/admin/things", Access: authn.Only(authn.RoleAdmin)}})
	authn.NewGuard(auth, []authn.Rule{{Pattern: "GET /api/v1/x/admin/things", Access: authn.Only(authn.RoleAdmin).Owned()}})
}
