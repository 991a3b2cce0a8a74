package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"linguaport/internal/httpx"
	"linguaport/internal/ratelimit"
	"linguaport/internal/svcclient"
	"linguaport/internal/testenv"
)

// fakeExchange is svc-auth's POST keys/token as the gateway sees it: it answers a token for
// the good key and refuses the others as svc-auth does, counting the exchanges asked for.
type fakeExchange struct {
	calls     atomic.Int64
	lastIP    atomic.Value
	lastLang  atomic.Value
	expiresIn time.Duration
}

const goodKey = "lp_live_abcdefghijklmnopqrstuvwxyz234567"

func (f *fakeExchange) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.calls.Add(1)
	f.lastIP.Store(r.Header.Get("X-Forwarded-For"))
	f.lastLang.Store(r.Header.Get("Accept-Language"))
	var b struct{ Key string }
	_ = json.NewDecoder(r.Body).Decode(&b)
	switch b.Key {
	case goodKey:
		_ = httpx.WriteJSON(w, http.StatusOK, map[string]any{"token": "jwt-for-" + b.Key[:12], "expiresAt": time.Now().Add(f.expiresIn)})
	case "lp_live_limited":
		w.Header().Set("Retry-After", "42")
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.WriteHeader(http.StatusTooManyRequests)
		_, _ = io.WriteString(w, `{"error":{"code":"too_many_key_failures","message":"Çok fazla"}}`)
	case "lp_live_broken":
		w.WriteHeader(http.StatusInternalServerError)
	default:
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.WriteHeader(http.StatusUnauthorized)
		_, _ = io.WriteString(w, `{"error":{"code":"invalid_key","message":"API anahtarı geçersiz."}}`)
	}
}

func newKeyTokensFor(t *testing.T, f *fakeExchange) *keyTokens {
	t.Helper()
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	c := svcclient.Fixed(srv.URL, 5*time.Second)
	t.Cleanup(c.Close)
	trusted, err := httpx.ParseTrustedProxies([]string{"127.0.0.0/8"})
	if err != nil {
		t.Fatal(err)
	}
	return newKeyTokens(c, trusted, nil)
}

func keyRequest(key string, cookies ...string) *http.Request {
	r := httptest.NewRequest("GET", "/api/v1/orders/quotes", nil)
	r.RemoteAddr = "127.0.0.1:5000"
	r.Header.Set("X-Forwarded-For", "203.0.113.50")
	r.Header.Set("Accept-Language", "tr")
	r.Header.Set("Authorization", "Bearer "+key)
	for _, c := range cookies {
		r.AddCookie(&http.Cookie{Name: c, Value: "x"})
	}
	return r
}

// A key is swapped for the token svc-auth exchanges it for, which is kept for seconds: a burst
// of requests costs one exchange. The client's address and language go with the exchange.
func TestKeySwappedForItsTokenAndKept(t *testing.T) {
	f := &fakeExchange{expiresIn: 5 * time.Minute}
	k := newKeyTokensFor(t, f)
	now := time.Now()
	k.now = func() time.Time { return now }
	for range 5 {
		r := keyRequest(goodKey)
		if !k.swap(httptest.NewRecorder(), r) || r.Header.Get("Authorization") != "Bearer jwt-for-lp_live_abcd" {
			t.Fatalf("swapped to %q", r.Header.Get("Authorization"))
		}
	}
	if n := f.calls.Load(); n != 1 {
		t.Fatalf("%d exchanges for a burst, want 1", n)
	}
	if f.lastIP.Load() != "203.0.113.50" || f.lastLang.Load() != "tr" {
		t.Errorf("the exchange was told %v in %v", f.lastIP.Load(), f.lastLang.Load())
	}
	now = now.Add(keyTokenCache + time.Second)
	k.swap(httptest.NewRecorder(), keyRequest(goodKey))
	if n := f.calls.Load(); n != 2 {
		t.Fatalf("%d exchanges after the cache ran out, want 2", n)
	}
	// A token ending sooner than the cache would keep it is kept only until just before its end.
	f.expiresIn = 3 * time.Second
	k.now = time.Now
	clear(k.cache)
	k.swap(httptest.NewRecorder(), keyRequest(goodKey))
	time.Sleep(2100 * time.Millisecond)
	k.swap(httptest.NewRecorder(), keyRequest(goodKey))
	if n := f.calls.Load(); n != 4 {
		t.Fatalf("%d exchanges, want a new one for a token about to end", n)
	}
}

// svc-auth's refusals reach the client as they came (its words, Retry-After); a key beside the
// site's cookies is refused without an exchange; an exchange that fails is 503, never a 500; a
// request with a session's token or none passes untouched.
func TestKeyRefusals(t *testing.T) {
	f := &fakeExchange{expiresIn: time.Minute}
	k := newKeyTokensFor(t, f)
	for _, c := range []struct {
		key, code, retry string
		status           int
	}{
		{"lp_live_unknown", "invalid_key", "", 401},
		{"lp_live_limited", "too_many_key_failures", "42", 429},
		{"lp_live_broken", "unavailable", "5", 503},
	} {
		w := httptest.NewRecorder()
		if k.swap(w, keyRequest(c.key)) {
			t.Fatalf("%s went on", c.key)
		}
		if w.Code != c.status || !strings.Contains(w.Body.String(), `"code":"`+c.code+`"`) || w.Header().Get("Retry-After") != c.retry ||
			!strings.HasPrefix(w.Header().Get("Content-Type"), "application/json") {
			t.Errorf("%s: %d %v %s", c.key, w.Code, w.Header(), w.Body)
		}
	}
	before := f.calls.Load()
	for _, cookie := range []string{"authToken", "refreshToken", "userData"} {
		w := httptest.NewRecorder()
		if k.swap(w, keyRequest(goodKey, cookie)) || w.Code != 400 || !strings.Contains(w.Body.String(), "key_with_cookies") {
			t.Errorf("a key with %s: %d %s", cookie, w.Code, w.Body)
		}
	}
	if f.calls.Load() != before {
		t.Error("a key with cookies was exchanged")
	}
	for _, auth := range []string{"", "Bearer eyJhbGciOiJFZERTQSJ9.e30.sig", "Basic " + goodKey} {
		r := keyRequest("")
		r.Header.Set("Authorization", auth)
		if !k.swap(httptest.NewRecorder(), r) || r.Header.Get("Authorization") != auth {
			t.Errorf("%q was changed to %q", auth, r.Header.Get("Authorization"))
		}
	}
}

// Each key has its quota per minute, shared through Redis: every answer says how much is left and
// when the window ends (RateLimit-Policy, RateLimit), and past it the key is answered 429 with
// Retry-After in the request's language, while another key goes on.
func TestKeyQuota(t *testing.T) {
	f := &fakeExchange{expiresIn: 5 * time.Minute}
	k := newKeyTokensFor(t, f)
	r := testenv.StartRedis(t)
	k.limit = ratelimit.New(r.Client, "test-keys", 3, time.Minute)
	for i := range 3 {
		w := httptest.NewRecorder()
		if !k.swap(w, keyRequest(goodKey)) {
			t.Fatalf("request %d refused: %d %s", i, w.Code, w.Body)
		}
		if got := w.Header().Get("RateLimit-Policy"); got != `"key";q=3;w=60` {
			t.Errorf("policy %q", got)
		}
		if got := w.Header().Get("RateLimit"); !strings.HasPrefix(got, fmt.Sprintf(`"key";r=%d;t=`, 2-i)) {
			t.Errorf("request %d: RateLimit %q", i, got)
		}
	}
	w := httptest.NewRecorder()
	if k.swap(w, keyRequest(goodKey)) {
		t.Fatal("the fourth request went on")
	}
	retry, _ := strconv.Atoi(w.Header().Get("Retry-After"))
	if w.Code != 429 || !strings.Contains(w.Body.String(), `"code":"rate_limited"`) || !strings.Contains(w.Body.String(), "dakikadaki") ||
		retry < 1 || retry > 60 || !strings.HasPrefix(w.Header().Get("RateLimit"), `"key";r=0;t=`) {
		t.Fatalf("over the quota: %d %v %s", w.Code, w.Header(), w.Body)
	}
	other := keyRequest("lp_live_" + strings.Repeat("b", 32))
	f2 := httptest.NewRecorder()
	k.swap(f2, other) // refused by the stand-in as unknown: not counted, and not held up by the first key
	if f2.Code != 401 {
		t.Errorf("another key: %d", f2.Code)
	}
}
