package routes_test

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	kithttp "github.com/go-kit/kit/transport/http"

	"linguaport/internal/authn"
	"linguaport/internal/contract"
	"linguaport/internal/httpx"
	"linguaport/internal/routes"
)

func table() routes.Table {
	echo := func(_ context.Context, req any) (any, error) { return map[string]any{"got": req}, nil }
	decode := func(_ context.Context, r *http.Request) (any, error) { return r.URL.Query().Get("q"), nil }
	encode := func(ctx context.Context, w http.ResponseWriter, resp any) error {
		return httpx.EncodeJSONResponse(ctx, w, resp)
	}
	return routes.Table{
		Service: "svc-things",
		Limits:  contract.Limits{TimeoutMs: 5000, MaxBody: 1 << 10},
		Options: []kithttp.ServerOption{kithttp.ServerErrorEncoder(httpx.ErrorEncoder(func(error) *httpx.Problem { return nil }))},
		Routes: []routes.Route{
			{Pattern: "GET /api/v1/things/open", Access: authn.Anyone, Endpoint: echo, Decode: decode, Encode: encode},
			{Pattern: "GET /api/v1/things/admin/all", Access: authn.Only(authn.RoleAdmin), Endpoint: echo, Decode: decode, Encode: encode},
			{Pattern: "GET /api/v1/things/stream", Access: authn.SignedIn, Limits: contract.Limits{TimeoutMs: 60_000},
				Handler: http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusTeapot) })},
		},
	}
}

// The table is the one source: the contract it publishes holds every route with its access and
// limits, the handler serves exactly those routes behind their checks, and anything else is 404.
func TestTheTableIsServedAndPublishedAlike(t *testing.T) {
	c := table().Contract()
	if err := c.Check(); err != nil {
		t.Fatal(err)
	}
	if c.Prefix != "/api/v1/things" || len(c.Routes) != 3 || c.Routes[2].TimeoutMs != 60_000 || c.LimitsOf(c.Routes[2]).MaxBody != 1<<10 {
		t.Errorf("contract %+v", c)
	}
	_, key, _ := ed25519.GenerateKey(rand.Reader)
	signer := authn.NewSigner("k", key)
	auth := authn.NewAuthenticator(authn.NewVerifier(authn.StaticKeys{signer.KeyID(): signer.PublicKey()}, nil), nil)
	h := table().Handler(auth)
	now := time.Now()
	customer, _ := signer.Sign(authn.Claims{Issuer: authn.Issuer, Subject: "u", Session: "s", Role: authn.RoleCustomer, ID: "j", IssuedAt: now.Unix(), ExpiresAt: now.Add(time.Minute).Unix()})
	for _, c := range []struct {
		path, token string
		status      int
		body        string
	}{
		{"/api/v1/things/open?q=a", "", 200, `"got":"a"`},
		{"/api/v1/things/admin/all", "", 401, "unauthenticated"},
		{"/api/v1/things/admin/all", customer, 403, "forbidden"},
		{"/api/v1/things/stream", customer, 418, ""},
		{"/api/v1/things/stream", "", 401, "unauthenticated"},
		{"/api/v1/things/undeclared", customer, 404, "not_found"},
	} {
		req := httptest.NewRequest("GET", c.path, nil)
		if c.token != "" {
			req.Header.Set("Authorization", "Bearer "+c.token)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != c.status || !strings.Contains(rec.Body.String(), c.body) {
			t.Errorf("%s: %d %s, want %d %s", c.path, rec.Code, rec.Body, c.status, c.body)
		}
	}
}

// A route with neither an endpoint nor a handler, or both, or a table its contract's checks
// refuse (a staff route open to customers, a route outside the service's prefix), stops the start.
func TestAMisdeclaredTableStopsTheStart(t *testing.T) {
	for name, change := range map[string]func(*routes.Table){
		"no endpoint nor handler": func(tb *routes.Table) { tb.Routes[0].Endpoint = nil },
		"both":                    func(tb *routes.Table) { tb.Routes[2].Endpoint = tb.Routes[0].Endpoint },
		"staff route for all":     func(tb *routes.Table) { tb.Routes[1].Access = authn.SignedIn },
		"outside the prefix":      func(tb *routes.Table) { tb.Routes[0].Pattern = "GET /api/v1/orders/open" },
	} {
		t.Run(name, func(t *testing.T) {
			tb := table()
			tb.Routes = append([]routes.Route(nil), tb.Routes...)
			change(&tb)
			defer func() {
				if recover() == nil {
					t.Error("served anyway")
				}
			}()
			tb.Handler(authn.NewAuthenticator(authn.NewVerifier(authn.StaticKeys{}, nil), nil))
		})
	}
}
