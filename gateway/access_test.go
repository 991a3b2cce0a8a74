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
	"strings"
	"testing"
	"time"

	"linguaport/internal/authn"
	"linguaport/internal/contract"
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
	prefix := contract.PrefixOf(svc)
	startServing(t, c, contract.New(svc, testLimits, []authn.Rule{
		{Pattern: "GET " + prefix + "/open", Access: authn.Anyone},
		{Pattern: "GET " + prefix + "/me", Access: authn.SignedIn},
		{Pattern: "GET " + prefix + "/translators/", Access: authn.Only(authn.RoleTranslator)},
	}), "a")
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
	gw := startGatewayWith(t, httpx.LoopbackOnly, authn.NewAuthenticator(authn.NewVerifier(keys, authn.NewRedisSessions(r.Client)), nil))

	waitInstances(t, gw+prefix+"/open", 1)

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
		{"public path, no token", prefix + "/open", "", 200, ""},
		{"public path, expired token", prefix + "/open", expired, 200, ""},
		{"signed-in path, visitor", prefix + "/me", "", 401, "unauthenticated"},
		{"signed-in path, customer", prefix + "/me", customer, 200, ""},
		{"revoked session", prefix + "/me", revoked, 401, "session_revoked"},
		{"expired token", prefix + "/me", expired, 401, "token_expired"},
		{"tampered token", prefix + "/me", tampered, 401, "invalid_token"},
		{"token signed by another key", prefix + "/me", forged, 401, "invalid_token"},
		{"customer on a translator-only route", prefix + "/translators/jobs", customer, 403, "forbidden"},
		{"translator on a translator-only route", prefix + "/translators/jobs", translator, 200, ""},
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
	if resp, err := http.Get(gw + prefix + "/no-rule/42"); err == nil {
		resp.Body.Close()
	}
	resp, err := http.Get(gw + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	metrics, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	for _, want := range []string{
		`http_requests_total{code="200",method="GET",route="GET ` + prefix + `/me"} 1`,
		`http_requests_total{code="401",method="GET",route="GET ` + prefix + `/me"} 5`,
		`http_requests_total{code="403",method="GET",route="GET ` + prefix + `/translators/"} 1`,
		`http_requests_total{code="200",method="GET",route="GET ` + prefix + `/translators/"} 1`,
		`http_request_duration_seconds_count{method="GET",route="GET ` + prefix + `/open"}`,
		`route="` + prefix + `/"}`,
	} {
		if !strings.Contains(string(metrics), want) {
			t.Errorf("metrics lack %s", want)
		}
	}
	if strings.Contains(string(metrics), "no-rule/42") {
		t.Error("a request's path became a metric label")
	}
}

// At the edge, a request matching a published rule is refused exactly as the service would
// refuse it: visitors on signed-in routes 401, wrong roles 403, writes from another site's page
// where the route sets cookies or the browser sends them; open routes pass. Every kind of access
// a service can declare is here, as a contract carries it.
func TestEdgeRefusesWhatTheContractRefuses(t *testing.T) {
	signer := authn.NewSigner("k", func() ed25519.PrivateKey { _, k, _ := ed25519.GenerateKey(rand.Reader); return k }())
	keys := authn.StaticKeys{signer.KeyID(): signer.PublicKey()}
	api := contract.New("svc-kinds", testLimits, []authn.Rule{
		{Pattern: "GET /api/v1/kinds/open", Access: authn.Anyone},
		{Pattern: "POST /api/v1/kinds/open", Access: authn.Anyone},
		{Pattern: "POST /api/v1/kinds/login", Access: authn.Anyone.SetsCookies()},
		{Pattern: "GET /api/v1/kinds/me", Access: authn.SignedIn},
		{Pattern: "PUT /api/v1/kinds/things/{id}", Access: authn.Only(authn.RoleCustomer, authn.RoleAdmin).Owned()},
		{Pattern: "GET /api/v1/kinds/jobs", Access: authn.Only(authn.RoleTranslator)},
		{Pattern: "DELETE /api/v1/kinds/admin/things/{id}", Access: authn.Only(authn.RoleAdmin)},
	})
	// Read back as the gateway reads it, so what is checked is what was published.
	raw, _ := json.Marshal(api)
	var published contract.Contract
	if err := json.Unmarshal(raw, &published); err != nil {
		t.Fatal(err)
	}
	api = published
	guard := compile(api, api.Version(), authn.NewAuthenticator(authn.NewVerifier(keys, nil), nil)).guard
	passed := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusTeapot) })
	h := guard.Wrap(passed)
	now := time.Now()
	{
		for _, rule := range api.Rules() {
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
