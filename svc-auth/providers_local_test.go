package main

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"

	"linguaport/internal/authn"
	"linguaport/internal/httpx"
	"linguaport/svc-auth/api"
)

// GET providers answers {"google":bool,"facebook":bool,"local":bool}; local is true only when an
// offered provider is served from this machine, as `make up`'s stand-in is.
func TestProvidersSayWhenTheyAreTheLocalStandIn(t *testing.T) {
	real := map[string]api.ProviderConfig{
		"google":   {ClientID: "id", ClientSecret: "s", Issuer: "https://accounts.google.com"},
		"facebook": {ClientID: "id", ClientSecret: "s", AuthURL: "https://www.facebook.com/v21.0/dialog/oauth", TokenURL: "https://graph.facebook.com/v21.0/oauth/access_token", UserInfoURL: "https://graph.facebook.com/v21.0/me"},
	}
	local := map[string]api.ProviderConfig{
		"google":   {ClientID: "id", ClientSecret: "s", Issuer: "http://127.0.0.1:8090/google"},
		"facebook": {ClientID: "id", ClientSecret: "s", AuthURL: "http://127.0.0.1:8090/facebook/dialog/oauth", TokenURL: "http://127.0.0.1:8090/facebook/oauth/access_token", UserInfoURL: "http://127.0.0.1:8090/facebook/me"},
	}
	cases := []struct {
		name      string
		providers map[string]api.ProviderConfig
		want      map[string]bool
	}{
		{"none configured (defaults point at the real providers)", map[string]api.ProviderConfig{
			"google":   {Issuer: "https://accounts.google.com"},
			"facebook": {AuthURL: "https://www.facebook.com/v21.0/dialog/oauth"},
		}, map[string]bool{"google": false, "facebook": false, "local": false}},
		{"the real providers", real, map[string]bool{"google": true, "facebook": true, "local": false}},
		{"the local stand-in", local, map[string]bool{"google": true, "facebook": true, "local": true}},
		{"only Facebook, local", map[string]api.ProviderConfig{"google": {Issuer: "https://accounts.google.com"}, "facebook": local["facebook"]},
			map[string]bool{"google": false, "facebook": true, "local": true}},
		{"a loopback URL of a provider that is not offered", map[string]api.ProviderConfig{"google": real["google"], "facebook": {AuthURL: "http://127.0.0.1:1/x"}},
			map[string]bool{"google": true, "facebook": false, "local": false}},
		{"localhost", map[string]api.ProviderConfig{"google": {ClientID: "id", Issuer: "http://localhost:9/"}},
			map[string]bool{"google": true, "facebook": false, "local": true}},
		{"IPv6 loopback", map[string]api.ProviderConfig{"google": {ClientID: "id", Issuer: "http://[::1]:9/"}},
			map[string]bool{"google": true, "facebook": false, "local": true}},
		{"a host merely named like it", map[string]api.ProviderConfig{"google": {ClientID: "id", Issuer: "https://127.0.0.1.example.com/"}},
			map[string]bool{"google": true, "facebook": false, "local": false}},
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := api.Routes(api.MakeEndpoints(nil, nil), signInRoutes(api.NewOAuth(nil, nil, "http://localhost:8000", c.providers, log), c.providers, log),
				nil, authn.JWKS{}, httpx.TrustedProxies{}).Handler(authn.NewAuthenticator(nil, nil))
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/v1/auth/providers", nil))
			var got map[string]bool
			if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil || rec.Code != http.StatusOK {
				t.Fatalf("%d %s", rec.Code, rec.Body)
			}
			if len(got) != len(c.want) {
				t.Errorf("got %v, want %v", got, c.want)
			}
			for k, v := range c.want {
				if got[k] != v {
					t.Errorf("got %v, want %v", got, c.want)
				}
			}
		})
	}
}
