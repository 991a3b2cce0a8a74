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
	"slices"
	"strings"
	"testing"
	"time"

	"linguaport/internal/authn"
	"linguaport/internal/discovery"
	"linguaport/internal/httpx"
	"linguaport/internal/logging"
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
	keys := authn.NewRemoteKeys(authn.FetchFromInstances(http.DefaultClient, authInstances))
	guard := newAccessGuard(authn.NewAuthenticator(authn.NewVerifier(keys, authn.NewRedisSessions(r.Client)), nil), []Access{
		{Pattern: "GET /api/v1/test/me"},
		{Pattern: "/api/v1/test/translators/", Roles: []authn.Role{authn.RoleTranslator}},
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
}

// The real access table: which public paths need a signed-in user or a role (svc-orders/API.md,
// svc-auth/API.md). Services check again; this is what the edge refuses early.
func TestAccessTableDeclaresOrderingRoutes(t *testing.T) {
	g := newAccessGuard(nil, accessTable)
	for _, c := range []struct {
		method, path string
		guarded      bool
		roles        []authn.Role
	}{
		{"POST", "/api/v1/orders/estimate", false, nil},
		{"GET", "/api/v1/orders/prices", false, nil},
		{"PUT", "/api/v1/orders/prices", true, []authn.Role{authn.RoleAdmin}},
		{"POST", "/api/v1/orders/files", false, nil}, // visitors upload with a token
		{"GET", "/api/v1/orders/files/abc", false, nil},
		{"GET", "/api/v1/orders/files", true, nil},
		{"POST", "/api/v1/orders/quotes", true, nil},
		{"GET", "/api/v1/orders/quotes/q1", true, nil},
		{"POST", "/api/v1/orders/quotes/q1/approve", true, nil},
		{"GET", "/api/v1/orders/orders", true, nil},
		{"POST", "/api/v1/orders/orders/o1/revision", true, nil},
		{"POST", "/api/v1/orders/orders/o1/assign", true, []authn.Role{authn.RoleAdmin}},
		{"GET", "/api/v1/admin/users", true, []authn.Role{authn.RoleAdmin}},
		{"GET", "/api/v1/catalog/services", false, nil},
	} {
		req, _ := http.NewRequest(c.method, "http://gw"+c.path, nil)
		_, pattern := g.match.Handler(req)
		if (pattern != "") != c.guarded || !slices.Equal(g.roles[pattern], c.roles) {
			t.Errorf("%s %s: pattern %q roles %v, want guarded=%v roles %v", c.method, c.path, pattern, g.roles[pattern], c.guarded, c.roles)
		}
	}
}
