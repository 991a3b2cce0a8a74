package main

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"linguaport/internal/authn"
	"linguaport/internal/discovery"
	"linguaport/internal/httpx"
	"linguaport/internal/logging"
	"linguaport/internal/svcclient"
	"linguaport/internal/testenv"
)

// TestAccessChecksAtTheEdge runs the gateway with its token checks: keys come from a JWKS
// served by an instance found in Consul (as svc-auth's are), sessions from redis-server.
func TestAccessChecksAtTheEdge(t *testing.T) {
	ctx := context.Background()
	c := testenv.Consul(t)
	r := testenv.StartRedis(t)
	_, key, _ := ed25519.GenerateKey(rand.Reader)
	signer := authn.NewSigner("edge-key", key)

	authService := serviceName(t) + "-auth"
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/healthz", func(w http.ResponseWriter, _ *http.Request) {})
	mux.HandleFunc(authn.JWKSPath, func(w http.ResponseWriter, _ *http.Request) {
		_ = json.NewEncoder(w).Encode(authn.JWKS{Keys: []authn.JWK{authn.PublicJWK(signer.KeyID(), signer.PublicKey())}})
	})
	jwksSrv := &http.Server{Handler: mux}
	go func() { _ = jwksSrv.Serve(ln) }()
	deregister, err := discovery.Register(c, discovery.Registration{Name: authService, Host: "127.0.0.1", Port: ln.Addr().(*net.TCPAddr).Port, CheckInterval: 500 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { deregister(); _ = jwksSrv.Close() })
	authInstances := discovery.Watch(c, authService, logging.New(io.Discard, "test", "error"))
	t.Cleanup(authInstances.Stop)

	svc := serviceName(t)
	startBackend(t, c, svc, "a")
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if addrs, _ := authInstances.Snapshot(); len(addrs) > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the auth instance never became healthy in Consul")
		}
	}
	authClient := svcclient.New(authInstances, 5*time.Second)
	t.Cleanup(authClient.Close)
	keys := authn.NewRemoteKeys(authn.FetchFrom(authClient))
	guard := authn.NewGuard(authn.NewAuthenticator(authn.NewVerifier(keys, authn.NewRedisSessions(r.Client)), nil), []authn.Rule{
		{Pattern: "GET /api/v1/test/open", Access: authn.Anyone},
		{Pattern: "GET /api/v1/test/me", Access: authn.SignedIn},
		{Pattern: "/api/v1/test/translators/", Access: authn.Only(authn.RoleTranslator)},
	})
	gw := startGuardedGateway(t, []Route{{Prefix: "/api/v1/test", Service: svc, Timeout: 5 * time.Second, MaxBody: 1 << 20}}, httpx.LoopbackOnly, guard)

	waitInstances(t, gw+"/api/v1/test/open", 1)

	token := func(sid string, role authn.Role, ttl time.Duration) string {
		now := time.Now()
		tok, _ := signer.Sign(authn.Claims{Issuer: authn.Issuer, Subject: "u-" + sid, Session: sid, Role: role, ID: sid, IssuedAt: now.Unix(), ExpiresAt: now.Add(ttl).Unix()})
		return tok
	}
	r.Client.Set(ctx, authn.SessionKey("customer"), "1", time.Hour)
	r.Client.Set(ctx, authn.SessionKey("translator"), "1", time.Hour)
	customer := token("customer", authn.RoleCustomer, time.Minute)
	translator := token("translator", authn.RoleTranslator, time.Minute)
	revoked := token("logged-out", authn.RoleCustomer, time.Minute)
	expired := token("customer", authn.RoleCustomer, -time.Hour)
	parts := strings.Split(customer, ".")
	payload, _ := base64.RawURLEncoding.DecodeString(parts[1])
	tampered := parts[0] + "." + base64.RawURLEncoding.EncodeToString([]byte(strings.Replace(string(payload), `"customer"`, `"translator"`, 1))) + "." + parts[2]
	_, otherKey, _ := ed25519.GenerateKey(rand.Reader)
	forged, _ := authn.NewSigner("edge-key", otherKey).Sign(authn.Claims{Issuer: authn.Issuer, Subject: "x", Session: "customer", Role: authn.RoleTranslator, ExpiresAt: time.Now().Add(time.Hour).Unix()})

	for _, c := range []struct {
		name, path, token string
		status            int
		code              string
	}{
		{"public path, no token", "/api/v1/test/open", "", 200, ""},
		{"public path, expired token", "/api/v1/test/open", expired, 200, ""},
		{"signed-in path, visitor", "/api/v1/test/me", "", 401, "unauthenticated"},
		{"signed-in path, customer", "/api/v1/test/me", customer, 200, ""},
		{"revoked session", "/api/v1/test/me", revoked, 401, "session_revoked"},
		{"expired token", "/api/v1/test/me", expired, 401, "token_expired"},
		{"tampered token", "/api/v1/test/me", tampered, 401, "invalid_token"},
		{"token signed by another key", "/api/v1/test/me", forged, 401, "invalid_token"},
		{"customer on a translator-only route", "/api/v1/test/translators/jobs", customer, 403, "forbidden"},
		{"translator on a translator-only route", "/api/v1/test/translators/jobs", translator, 200, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			req, _ := http.NewRequest("GET", gw+c.path, nil)
			req.Header.Set("Accept-Language", "en")
			if c.token != "" {
				req.Header.Set("Authorization", "Bearer "+c.token)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			var body errorBody
			_ = json.NewDecoder(resp.Body).Decode(&body)
			if resp.StatusCode != c.status || body.Error.Code != c.code {
				t.Errorf("got %d %q (%s), want %d %q", resp.StatusCode, body.Error.Code, body.Error.Message, c.status, c.code)
			}
		})
	}

	// Metrics are per route: the access rule that matched, refused or let through, else the
	// prefix (a path no rule names), never the path itself.
	if resp, err := http.Get(gw + "/api/v1/test/no-rule/42"); err == nil {
		resp.Body.Close()
	}
	resp, err := http.Get(gw + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	metrics, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	for _, want := range []string{
		`http_requests_total{code="200",method="GET",route="GET /api/v1/test/me"} 1`,
		`http_requests_total{code="401",method="GET",route="GET /api/v1/test/me"} 5`,
		`http_requests_total{code="403",method="GET",route="/api/v1/test/translators/"} 1`,
		`http_requests_total{code="200",method="GET",route="/api/v1/test/translators/"} 1`,
		`http_request_duration_seconds_count{method="GET",route="GET /api/v1/test/open"}`,
		`route="/api/v1/test/"}`,
	} {
		if !strings.Contains(string(metrics), want) {
			t.Errorf("metrics lack %s", want)
		}
	}
	if strings.Contains(string(metrics), "no-rule/42") {
		t.Error("a request's path became a metric label")
	}
}

// The gateway checks exactly what the services declare: every rule of every service's access
// package, under that service's prefix, and nothing else. A rule the gateway kept on its own, or
// a service route the gateway forgot, would fail here.
func TestEdgeRulesAreTheServicesDeclarations(t *testing.T) {
	rules := edgeRules(routeTable)
	seen := map[string]bool{}
	for _, route := range routeTable {
		for _, rule := range route.Access {
			path := rule.Pattern[strings.Index(rule.Pattern, " ")+1:]
			if path != route.Prefix && !strings.HasPrefix(path, route.Prefix+"/") {
				t.Errorf("%s declares %q outside its area %s", route.Service, rule.Pattern, route.Prefix)
			}
			seen[rule.Pattern] = true
		}
	}
	if len(seen) != len(rules) {
		t.Errorf("the edge checks %d rules, the services declare %d distinct ones", len(rules), len(seen))
	}
	for _, want := range []string{"svc-auth", "svc-catalog", "svc-orders", "svc-geo"} {
		if !slices.ContainsFunc(routeTable, func(r Route) bool { return r.Service == want && len(r.Access) > 0 }) {
			t.Errorf("%s's declarations are not in the route table", want)
		}
	}
}

// At the edge, a request matching a declared rule is refused exactly as the service would
// refuse it: visitors on signed-in routes 401, wrong roles 403; open routes pass.
func TestEdgeRefusesWhatTheDeclarationsRefuse(t *testing.T) {
	signer := authn.NewSigner("k", func() ed25519.PrivateKey { _, k, _ := ed25519.GenerateKey(rand.Reader); return k }())
	keys := authn.StaticKeys{signer.KeyID(): signer.PublicKey()}
	guard := authn.NewGuard(authn.NewAuthenticator(authn.NewVerifier(keys, nil), nil), edgeRules(routeTable))
	passed := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusTeapot) })
	h := guard.Wrap(passed)
	now := time.Now()
	for _, route := range routeTable {
		for _, rule := range route.Access {
			method, path, ok := strings.Cut(rule.Pattern, " ")
			if !ok {
				method, path = "GET", rule.Pattern
			}
			path = strings.NewReplacer("{id}", "x1", "{provider}", "google", "{lang}", "tr", "{slug}", "s", "{doc}", "privacy").Replace(path)
			for _, role := range []authn.Role{"", authn.RoleCustomer, authn.RoleTranslator, authn.RoleAdmin} {
				req := httptest.NewRequest(method, "http://gw"+path, nil)
				req.Header.Set("Origin", "http://gw")
				if role != "" {
					tok, _ := signer.Sign(authn.Claims{Issuer: authn.Issuer, Subject: "u", Session: "s", Role: role, ID: "j", IssuedAt: now.Unix(), ExpiresAt: now.Add(time.Minute).Unix()})
					req.Header.Set("Authorization", "Bearer "+tok)
				}
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, req)
				want := http.StatusTeapot
				switch {
				case rule.Access.Allows(role):
				case role == "":
					want = http.StatusUnauthorized
				default:
					want = http.StatusForbidden
				}
				if rec.Code != want {
					t.Errorf("%s as %q: %d, want %d (declared %v)", rule.Pattern, role, rec.Code, want, rule.Access)
				}
			}
			if method == "GET" {
				continue
			}
			// Another site's page: refused where the route sets cookies or the browser sends them.
			for _, c := range []struct {
				origin string
				cookie bool
			}{{"", false}, {"null", false}, {"https://evil.example", false}, {"", true}, {"https://evil.example", true}} {
				req := httptest.NewRequest(method, "http://gw"+path, nil)
				if c.origin != "" {
					req.Header.Set("Origin", c.origin)
				}
				if c.cookie {
					req.AddCookie(&http.Cookie{Name: authn.TokenCookie, Value: "x.y.z"})
				}
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, req)
				forged := rule.Access.IsCookieSetting() || c.cookie
				if got := rec.Code == http.StatusForbidden && strings.Contains(rec.Body.String(), "bad_origin"); got != forged {
					t.Errorf("%s from %q (cookie %v): %d %s", rule.Pattern, c.origin, c.cookie, rec.Code, rec.Body)
				}
			}
		}
	}
}
