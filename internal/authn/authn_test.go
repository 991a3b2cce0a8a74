package authn_test

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"linguaport/internal/authn"
	"linguaport/internal/svcclient"
	"linguaport/internal/testenv"
)

func newSigner(t *testing.T, kid string) *authn.Signer {
	t.Helper()
	_, key, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return authn.NewSigner(kid, key)
}

func claims(sid string, role authn.Role, ttl time.Duration) authn.Claims {
	now := time.Now()
	return authn.Claims{Issuer: authn.Issuer, Subject: "u1", Session: sid, Role: role, Name: "Ayşe", ID: "j-" + sid, IssuedAt: now.Unix(), ExpiresAt: now.Add(ttl).Unix()}
}

func TestTokens(t *testing.T) {
	ctx := context.Background()
	r := testenv.StartRedis(t)
	s := newSigner(t, "k1")
	v := authn.NewVerifier(authn.StaticKeys{"k1": s.PublicKey()}, authn.NewRedisSessions(r.Client))
	r.Client.Set(ctx, authn.SessionKey("live"), "1", time.Hour)

	good, _ := s.Sign(claims("live", authn.RoleCustomer, 15*time.Minute))
	c, err := v.Verify(ctx, good)
	if err != nil || c.Subject != "u1" || c.Role != authn.RoleCustomer || c.Name != "Ayşe" {
		t.Fatalf("valid token: %+v %v", c, err)
	}

	expired, _ := s.Sign(claims("live", authn.RoleCustomer, -time.Minute))
	if _, err := v.Verify(ctx, expired); !errors.Is(err, authn.ErrExpired) {
		t.Errorf("expired token: %v", err)
	}
	revoked, _ := s.Sign(claims("gone", authn.RoleCustomer, 15*time.Minute))
	if _, err := v.Verify(ctx, revoked); !errors.Is(err, authn.ErrSessionRevoked) {
		t.Errorf("token of a revoked session: %v", err)
	}
	// A revoked session stops its tokens at once, before they expire.
	r.Client.Del(ctx, authn.SessionKey("live"))
	if _, err := v.Verify(ctx, good); !errors.Is(err, authn.ErrSessionRevoked) {
		t.Errorf("after logout: %v", err)
	}
	r.Client.Set(ctx, authn.SessionKey("live"), "1", time.Hour)

	parts := strings.Split(good, ".")
	payload, _ := base64.RawURLEncoding.DecodeString(parts[1])
	tampered := strings.Replace(string(payload), `"customer"`, `"admin"`, 1)
	forged := parts[0] + "." + base64.RawURLEncoding.EncodeToString([]byte(tampered)) + "." + parts[2]
	if _, err := v.Verify(ctx, forged); !errors.Is(err, authn.ErrBadSignature) {
		t.Errorf("tampered role: %v", err)
	}
	other := newSigner(t, "k1")
	byOther, _ := other.Sign(claims("live", authn.RoleAdmin, 15*time.Minute))
	if _, err := v.Verify(ctx, byOther); !errors.Is(err, authn.ErrBadSignature) {
		t.Errorf("signed by another key under the same kid: %v", err)
	}
	unknownKid, _ := newSigner(t, "k9").Sign(claims("live", authn.RoleAdmin, 15*time.Minute))
	if _, err := v.Verify(ctx, unknownKid); !errors.Is(err, authn.ErrUnknownKey) {
		t.Errorf("unknown kid: %v", err)
	}
	none := base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"none","kid":"k1"}`)) + "." + parts[1] + "."
	for _, bad := range []string{"", "a.b", none, good + "x", strings.Repeat("a", 5000)} {
		if _, err := v.Verify(ctx, bad); err == nil {
			t.Errorf("accepted %.40q", bad)
		}
	}
}

func TestRemoteKeysRefetchOnNewKeyAtMostEvery10s(t *testing.T) {
	ctx := context.Background()
	k1, k2 := newSigner(t, "k1"), newSigner(t, "k2")
	var published atomic.Pointer[authn.JWKS]
	published.Store(&authn.JWKS{Keys: []authn.JWK{authn.PublicJWK("k1", k1.PublicKey())}})
	var fetches atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fetches.Add(1)
		_ = json.NewEncoder(w).Encode(published.Load())
	}))
	defer srv.Close()
	keys := authn.NewRemoteKeys(authn.FetchFrom(svcclient.Fixed(srv.URL, 5*time.Second)))
	v := authn.NewVerifier(keys, nil)

	t1, _ := k1.Sign(claims("s", authn.RoleCustomer, time.Minute))
	for range 3 {
		if _, err := v.Verify(ctx, t1); err != nil {
			t.Fatal(err)
		}
	}
	if n := fetches.Load(); n != 1 {
		t.Fatalf("%d fetches for one key", n)
	}
	// A new key published after the first read is not found until the refetch pause has passed.
	published.Store(&authn.JWKS{Keys: []authn.JWK{authn.PublicJWK("k1", k1.PublicKey()), authn.PublicJWK("k2", k2.PublicKey())}})
	t2, _ := k2.Sign(claims("s", authn.RoleCustomer, time.Minute))
	if _, err := v.Verify(ctx, t2); !errors.Is(err, authn.ErrUnknownKey) {
		t.Fatalf("within the pause: %v", err)
	}
	if n := fetches.Load(); n != 1 {
		t.Fatalf("unknown kid refetched at once: %d fetches", n)
	}
}

func TestMiddleware(t *testing.T) {
	ctx := context.Background()
	r := testenv.StartRedis(t)
	s := newSigner(t, "k1")
	v := authn.NewVerifier(authn.StaticKeys{"k1": s.PublicKey()}, authn.NewRedisSessions(r.Client))
	r.Client.Set(ctx, authn.SessionKey("c"), "1", time.Hour)
	r.Client.Set(ctx, authn.SessionKey("t"), "1", time.Hour)
	customer, _ := s.Sign(claims("c", authn.RoleCustomer, time.Minute))
	translator, _ := s.Sign(claims("t", authn.RoleTranslator, time.Minute))
	expired, _ := s.Sign(claims("c", authn.RoleCustomer, -time.Hour))
	// API keys' tokens: a read-only one, a read+write one, and one whose key was revoked.
	r.Client.Set(ctx, authn.SessionKey("apikey-r"), "1", time.Hour)
	r.Client.Set(ctx, authn.SessionKey("apikey-w"), "1", time.Hour)
	keyToken := func(sid string, scope authn.Scope) string {
		c := claims(sid, authn.RoleCustomer, time.Minute)
		c.Key, c.Scope = sid, scope
		tok, _ := s.Sign(c)
		return tok
	}
	readKey, writeKey, revokedKey := keyToken("apikey-r", authn.ScopeRead), keyToken("apikey-w", authn.ScopeWrite), keyToken("apikey-gone", authn.ScopeWrite)

	mux := http.NewServeMux()
	mux.Handle("/public", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, signedIn := authn.FromContext(r.Context())
		_, _ = w.Write([]byte(map[bool]string{true: "member", false: "visitor"}[signedIn]))
	}))
	ok := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNoContent) })
	mux.Handle("/any", authn.Require()(ok))
	mux.Handle("/translators", authn.Require(authn.RoleTranslator)(ok))
	srv := httptest.NewServer(authn.NewAuthenticator(v, nil).Middleware(mux))
	defer srv.Close()

	type call struct {
		name, method, path, bearer, cookie, origin string
		status                                     int
		code                                       string
	}
	for _, c := range []call{
		{"visitor on a public route", "GET", "/public", "", "", "", 200, ""},
		{"expired cookie on a public route is a visitor", "GET", "/public", "", expired, "", 200, ""},
		{"visitor", "GET", "/any", "", "", "", 401, "unauthenticated"},
		{"customer by cookie", "GET", "/any", "", customer, "", 204, ""},
		{"customer by bearer", "GET", "/any", customer, "", "", 204, ""},
		{"expired", "GET", "/any", expired, "", "", 401, "token_expired"},
		{"garbage", "GET", "/any", "x.y.z", "", "", 401, "invalid_token"},
		{"customer on a translator-only route", "GET", "/translators", customer, "", "", 403, "forbidden"},
		{"translator on a translator-only route", "GET", "/translators", translator, "", "", 204, ""},
		{"cookie write without Origin", "POST", "/any", "", customer, "", 403, "bad_origin"},
		{"cookie write from another site", "POST", "/any", "", customer, "https://evil.example", 403, "bad_origin"},
		{"cookie write from the site", "POST", "/any", "", customer, "http://127.0.0.1:1234", 204, ""},
		{"bearer write needs no Origin", "POST", "/any", customer, "", "", 204, ""},
		{"a read-only key reads", "GET", "/any", readKey, "", "", 204, ""},
		{"a read-only key writing", "POST", "/any", readKey, "", "", 403, "read_only_key"},
		{"a read-only key writing to a public route is a visitor", "POST", "/public", readKey, "", "", 200, ""},
		{"a read+write key writes", "POST", "/any", writeKey, "", "", 204, ""},
		{"a revoked key", "GET", "/any", revokedKey, "", "", 401, "key_revoked"},
		{"a revoked session is not a key", "GET", "/any", func() string { t, _ := s.Sign(claims("gone", authn.RoleCustomer, time.Minute)); return t }(), "", "", 401, "session_revoked"},
	} {
		t.Run(c.name, func(t *testing.T) {
			req, _ := http.NewRequest(c.method, srv.URL+c.path, nil)
			if c.bearer != "" {
				req.Header.Set("Authorization", "Bearer "+c.bearer)
			}
			if c.cookie != "" {
				req.AddCookie(&http.Cookie{Name: authn.TokenCookie, Value: c.cookie})
			}
			if c.origin != "" {
				req.Header.Set("Origin", c.origin)
			}
			resp, err := srv.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			var body struct {
				Error struct{ Code, Message string }
			}
			_ = json.NewDecoder(resp.Body).Decode(&body)
			if resp.StatusCode != c.status || body.Error.Code != c.code {
				t.Errorf("got %d %q, want %d %q", resp.StatusCode, body.Error.Code, c.status, c.code)
			}
		})
	}
}
