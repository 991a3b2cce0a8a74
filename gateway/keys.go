package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"

	"linguaport/internal/authn"
	"linguaport/internal/errs"
	"linguaport/internal/httpx"
	"linguaport/internal/i18n"
	"linguaport/internal/ratelimit"
	"linguaport/internal/svcclient"
)

// API keys (DESIGN §15). A request signed with a key (Authorization: Bearer lp_live_… or
// lp_test_…) goes on with the access token svc-auth exchanges the key for, the same signed
// identity a session gives, naming the key: every service checks it as it checks any token,
// and a revoked key's tokens stop everywhere at once (their session is gone). The gateway keeps
// a key's token for keyTokenCache, so a busy integrator costs svc-auth one exchange every few
// seconds, not one per request.

// keyTokenCache is how long a key's token is reused.
const keyTokenCache = 10 * time.Second

// maxCachedKeys bounds the cache; past it the cache starts over.
const maxCachedKeys = 10_000

// errKeyWithCookies refuses a request carrying both a key and the site's session cookies: a
// key is for programs, and a browser's cookies beside one would mix two identities.
var errKeyWithCookies = httpx.NewProblem(http.StatusBadRequest, "key_with_cookies", i18n.Text{
	TR: "API anahtarıyla yapılan bir istek sitenin oturum çerezlerini taşıyamaz.",
	EN: "A request made with an API key cannot carry the site's session cookies.",
})

// exchangePath is svc-auth's exchange of a key for a token.
const exchangePath = "/api/v1/auth/keys/token"

// Each key may make KeyRequestsPerWindow requests per keyWindow, shared by every gateway
// instance (Redis). Every answer to a key's request says where the key stands, in the IETF
// draft's fields (draft-ietf-httpapi-ratelimit-headers-10): RateLimit-Policy `"key";q=600;w=60`
// and RateLimit `"key";r=<left>;t=<seconds until the window ends>`; past the quota the answer is
// 429 with Retry-After, never a 5xx.
const (
	KeyRequestsPerWindow = 600
	keyWindow            = time.Minute
	keyPolicy            = "key"
)

// errKeyRateLimited answers a key over its quota.
var errKeyRateLimited = httpx.NewProblem(http.StatusTooManyRequests, "rate_limited", i18n.Text{
	TR: "Bu API anahtarı dakikadaki istek sınırına ulaştı. Retry-After başlığında belirtilen süre kadar bekleyip tekrar deneyin.",
	EN: "This API key has reached its requests per minute. Wait as long as the Retry-After header says, then try again.",
})

type keyTokens struct {
	auth    *svcclient.Client
	trusted httpx.TrustedProxies
	limit   *ratelimit.Limiter // nil: no quota (tests of the exchange alone)
	now     func() time.Time

	mu    sync.Mutex
	cache map[[32]byte]cachedToken
}

type cachedToken struct {
	token string
	until time.Time
}

func newKeyTokens(auth *svcclient.Client, trusted httpx.TrustedProxies, limit *ratelimit.Limiter) *keyTokens {
	return &keyTokens{auth: auth, trusted: trusted, limit: limit, now: time.Now, cache: map[[32]byte]cachedToken{}}
}

// newKeyLimit is the keys' quota in rdb.
func newKeyLimit(rdb *redis.Client) *ratelimit.Limiter {
	return ratelimit.New(rdb, "gateway-api-key", KeyRequestsPerWindow, keyWindow)
}

// apiKeyOf is the key r is signed with, if any.
func apiKeyOf(r *http.Request) (string, bool) {
	t, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	t = strings.TrimSpace(t)
	return t, ok && strings.HasPrefix(t, authn.KeyPrefix)
}

// swap replaces the key r is signed with by its token and answers true; a request with no key
// is left alone. A request whose key is refused, or that carries cookies beside it, is answered
// here (false): svc-auth's own answer (401 in the request's language, 429 with Retry-After).
func (k *keyTokens) swap(w http.ResponseWriter, r *http.Request) bool {
	key, ok := apiKeyOf(r)
	if !ok || k == nil { // nil: a gateway built without svc-auth (tests of routing alone)
		return true
	}
	ctx := r.Context()
	for _, name := range []string{authn.TokenCookie, authn.RefreshCookie, authn.UserCookie} {
		if _, err := r.Cookie(name); err == nil {
			httpx.SetRoute(ctx, "key")
			httpx.EncodeError(ctx, errKeyWithCookies, w)
			return false
		}
	}
	digest := sha256.Sum256([]byte(key))
	token, refused, err := k.token(ctx, key, digest, r)
	if err != nil {
		httpx.SetRoute(ctx, "key")
		httpx.EncodeError(ctx, err, w)
		return false
	}
	if refused != nil {
		httpx.SetRoute(ctx, "key")
		refused.write(w)
		return false
	}
	if !k.within(w, r, digest) {
		return false
	}
	r.Header.Set("Authorization", "Bearer "+token)
	return true
}

// within counts the request against its key's quota, says where the key stands in the answer's
// headers, and answers 429 (false) past the quota. A quota that cannot be counted (Redis away)
// lets the request through: the services it goes to need Redis too, and answer for themselves.
func (k *keyTokens) within(w http.ResponseWriter, r *http.Request, digest [32]byte) bool {
	if k.limit == nil {
		return true
	}
	ctx := r.Context()
	n, reset, err := k.limit.Hit(ctx, hex.EncodeToString(digest[:16]))
	if err != nil {
		slog.WarnContext(ctx, "api key quota not counted", "err", err)
		return true
	}
	seconds := int64(math.Ceil(reset.Seconds()))
	h := w.Header()
	h.Set("RateLimit-Policy", fmt.Sprintf("%q;q=%d;w=%d", keyPolicy, k.limit.Max, int64(k.limit.Window.Seconds())))
	h.Set("RateLimit", fmt.Sprintf("%q;r=%d;t=%d", keyPolicy, max(0, k.limit.Max-n), seconds))
	if n <= k.limit.Max {
		return true
	}
	httpx.SetRoute(ctx, "key")
	httpx.EncodeError(ctx, &errs.RateLimited{RetryAfter: reset, Reason: errKeyRateLimited}, w)
	return false
}

// refusal is svc-auth's answer refusing a key, passed to the client as it came.
type refusal struct {
	status int
	header http.Header
	body   []byte
}

func (f *refusal) write(w http.ResponseWriter) {
	for _, h := range []string{"Content-Type", "Content-Language", "Retry-After"} {
		if v := f.header.Get(h); v != "" {
			w.Header().Set(h, v)
		}
	}
	w.WriteHeader(f.status)
	_, _ = w.Write(f.body)
}

// token is key's token, from the cache or a new exchange.
func (k *keyTokens) token(ctx context.Context, key string, digest [32]byte, r *http.Request) (string, *refusal, error) {
	now := k.now()
	k.mu.Lock()
	c, ok := k.cache[digest]
	k.mu.Unlock()
	if ok && now.Before(c.until) {
		return c.token, nil, nil
	}
	body, _ := json.Marshal(map[string]string{"key": key})
	header := http.Header{"Content-Type": {"application/json"}}
	if l := r.Header.Get("Accept-Language"); l != "" {
		header.Set("Accept-Language", l)
	}
	if ip, ok := k.trusted.ClientIP(r); ok {
		header.Set("X-Forwarded-For", ip.String())
	}
	resp, err := k.auth.Post(ctx, exchangePath, header, body)
	if err != nil {
		return "", nil, unavailable(fmt.Errorf("exchange an API key: %w", err))
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if err != nil {
		return "", nil, unavailable(fmt.Errorf("exchange an API key: %w", err))
	}
	if resp.StatusCode >= 400 && resp.StatusCode < 500 {
		return "", &refusal{status: resp.StatusCode, header: resp.Header, body: raw}, nil
	}
	var t struct {
		Token     string    `json:"token"`
		ExpiresAt time.Time `json:"expiresAt"`
	}
	if resp.StatusCode != http.StatusOK || json.NewDecoder(bytes.NewReader(raw)).Decode(&t) != nil || t.Token == "" {
		return "", nil, unavailable(fmt.Errorf("exchange an API key: svc-auth answered %s", resp.Status))
	}
	until := now.Add(keyTokenCache)
	if end := t.ExpiresAt.Add(-time.Second); end.Before(until) {
		until = end
	}
	k.mu.Lock()
	if len(k.cache) >= maxCachedKeys {
		clear(k.cache)
	}
	k.cache[digest] = cachedToken{token: t.Token, until: until}
	k.mu.Unlock()
	return t.Token, nil, nil
}

// unavailable answers 503 with Retry-After for an exchange that got no usable answer: the key
// may well be good.
func unavailable(err error) error {
	u := httpx.ErrUnavailable
	return &httpx.Problem{Status: u.Status, Code: u.Code, Message: u.Message, Cause: err}
}
