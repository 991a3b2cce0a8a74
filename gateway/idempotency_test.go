package main

import (
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"linguaport/internal/testenv"
)

// idemService is a service behind the gateway: it counts what it does and answers 201 with the
// count, or 500 while failing.
type idemService struct {
	done      atomic.Int64
	failing   atomic.Bool
	hold      chan struct{} // when set, each request waits for it
	readsBody bool
}

func (s *idemService) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if s.readsBody {
		_, _ = io.ReadAll(r.Body)
	}
	if s.hold != nil {
		<-s.hold
	}
	if s.failing.Load() {
		http.Error(w, `{"error":{"code":"internal"}}`, http.StatusInternalServerError)
		return
	}
	n := s.done.Add(1)
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Location", fmt.Sprintf("/api/v1/orders/quotes/q%d", n))
	w.WriteHeader(http.StatusCreated)
	fmt.Fprintf(w, `{"id":"q%d"}`, n)
}

func idemPost(d *idempotency, svc http.Handler, caller, key, path, body string) *httptest.ResponseRecorder {
	r := httptest.NewRequest("POST", path, strings.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	if key != "" {
		r.Header.Set(idemHeader, key)
	}
	w := httptest.NewRecorder()
	d.serve(w, r, caller, svc)
	return w
}

// The same request with the same key is done once: the retry gets the first answer back, marked
// replayed; another caller's key of the same name is theirs; a key kept 24 hours.
func TestIdempotentPostIsDoneOnce(t *testing.T) {
	r := testenv.StartRedis(t)
	d := &idempotency{rdb: r.Client}
	svc := &idemService{readsBody: true}
	first := idemPost(d, svc, "key:a", "k-1", "/api/v1/orders/quotes", `{"quantity":300}`)
	again := idemPost(d, svc, "key:a", "k-1", "/api/v1/orders/quotes", `{"quantity":300}`)
	if svc.done.Load() != 1 || first.Code != 201 || again.Code != 201 || again.Body.String() != first.Body.String() ||
		again.Header().Get("Location") != first.Header().Get("Location") || again.Header().Get(idemReplayed) != "true" || first.Header().Get(idemReplayed) != "" {
		t.Fatalf("done %d times: %d %s / %d %s %v", svc.done.Load(), first.Code, first.Body, again.Code, again.Body, again.Header())
	}
	if other := idemPost(d, svc, "key:b", "k-1", "/api/v1/orders/quotes", `{"quantity":300}`); other.Code != 201 || other.Body.String() == first.Body.String() {
		t.Fatalf("another caller's key of the same name: %d %s", other.Code, other.Body)
	}
	keys := r.Client.Keys(t.Context(), "gateway:idem:*").Val()
	if len(keys) != 2 {
		t.Fatalf("%d records kept, want 2", len(keys))
	}
	if ttl := r.Client.TTL(t.Context(), keys[0]).Val(); ttl < 23*time.Hour || ttl > idemKeep {
		t.Errorf("kept for %v, want 24 hours", ttl)
	}
}

// The same key with another request (body, path) is 422 in the request's words, whether or not
// the service read the body; the first answer is untouched.
func TestIdempotencyKeyReusedForAnotherRequest(t *testing.T) {
	r := testenv.StartRedis(t)
	d := &idempotency{rdb: r.Client}
	for _, reads := range []bool{true, false} {
		svc := &idemService{readsBody: reads}
		key := fmt.Sprintf("k-%v", reads)
		first := idemPost(d, svc, "user:u", key, "/api/v1/orders/quotes", `{"quantity":300}`)
		for _, c := range []struct{ path, body string }{
			{"/api/v1/orders/quotes", `{"quantity":301}`},
			{"/api/v1/orders/quotes/q1/approve", `{"quantity":300}`},
			{"/api/v1/orders/quotes?x=1", `{"quantity":300}`},
		} {
			w := idemPost(d, svc, "user:u", key, c.path, c.body)
			if w.Code != 422 || !strings.Contains(w.Body.String(), "idempotency_key_reused") {
				t.Errorf("reads %v, %s %s: %d %s", reads, c.path, c.body, w.Code, w.Body)
			}
		}
		if svc.done.Load() != 1 {
			t.Errorf("reads %v: done %d times", reads, svc.done.Load())
		}
		if w := idemPost(d, svc, "user:u", key, "/api/v1/orders/quotes", `{"quantity":300}`); w.Body.String() != first.Body.String() {
			t.Errorf("the first answer after refusals: %s", w.Body)
		}
	}
}

// A failed answer (5xx) is not kept: the retry does the work.
func TestFailedAnswerIsNotKept(t *testing.T) {
	r := testenv.StartRedis(t)
	d := &idempotency{rdb: r.Client}
	svc := &idemService{readsBody: true}
	svc.failing.Store(true)
	if w := idemPost(d, svc, "user:u", "k", "/api/v1/orders/quotes", `{}`); w.Code != 500 {
		t.Fatalf("failing: %d", w.Code)
	}
	svc.failing.Store(false)
	if w := idemPost(d, svc, "user:u", "k", "/api/v1/orders/quotes", `{}`); w.Code != 201 || w.Header().Get(idemReplayed) != "" || svc.done.Load() != 1 {
		t.Fatalf("the retry after a failure: %d %v, done %d", w.Code, w.Header(), svc.done.Load())
	}
}

// A retry while the first is under way is 409 with Retry-After, never a second run; once the
// first is done, the retry gets its answer. Of many at once, one runs.
func TestConcurrentRetriesWaitForTheFirst(t *testing.T) {
	r := testenv.StartRedis(t)
	d := &idempotency{rdb: r.Client}
	svc := &idemService{readsBody: true, hold: make(chan struct{})}
	var wg sync.WaitGroup
	codes := make(chan int, 10)
	for range 10 {
		wg.Go(func() { codes <- idemPost(d, svc, "user:u", "k", "/api/v1/orders/quotes", `{}`).Code })
	}
	for deadline := time.Now().Add(5 * time.Second); len(codes) < 9; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("only %d answered while the first was held", len(codes))
		}
	}
	close(svc.hold)
	wg.Wait()
	close(codes)
	count := map[int]int{}
	for c := range codes {
		count[c]++
	}
	if count[201] != 1 || count[409] != 9 || svc.done.Load() != 1 {
		t.Fatalf("answers %v, done %d", count, svc.done.Load())
	}
	w := idemPost(d, svc, "user:u", "k", "/api/v1/orders/quotes", `{}`)
	if w.Code != 201 || w.Header().Get(idemReplayed) != "true" {
		t.Fatalf("after the first: %d %v", w.Code, w.Header())
	}
}

// A key must be 1 to 255 printable ASCII characters.
func TestIdempotencyKeyForm(t *testing.T) {
	r := testenv.StartRedis(t)
	d := &idempotency{rdb: r.Client}
	svc := &idemService{}
	for _, k := range []string{" ", "a b", strings.Repeat("k", 256), "anahtar-ş"} {
		if w := idemPost(d, svc, "user:u", k, "/api/v1/orders/quotes", `{}`); w.Code != 400 || !strings.Contains(w.Body.String(), "idempotency_key_invalid") {
			t.Errorf("%q: %d %s", k, w.Code, w.Body)
		}
	}
	if svc.done.Load() != 0 {
		t.Error("a request with a bad key was done")
	}
}

// An upload is the same request whatever boundary its client picked: the retry is answered from
// what was kept; another file under the same key is 422.
func TestIdempotentUploadIgnoresItsBoundary(t *testing.T) {
	r := testenv.StartRedis(t)
	d := &idempotency{rdb: r.Client}
	svc := &idemService{readsBody: true}
	upload := func(boundary, content string) *httptest.ResponseRecorder {
		var body strings.Builder
		mw := multipart.NewWriter(&body)
		if err := mw.SetBoundary(boundary); err != nil {
			t.Fatal(err)
		}
		fw, _ := mw.CreateFormFile("file", "belge.txt")
		_, _ = io.WriteString(fw, content)
		_ = mw.Close()
		req := httptest.NewRequest("POST", "/api/v1/orders/files", strings.NewReader(body.String()))
		req.Header.Set("Content-Type", mw.FormDataContentType())
		req.Header.Set(idemHeader, "upload-1")
		w := httptest.NewRecorder()
		d.serve(w, req, "key:k", svc)
		return w
	}
	first := upload("boundary-one", "Çevrilecek metin.")
	again := upload("another-boundary-2", "Çevrilecek metin.")
	if first.Code != 201 || again.Code != 201 || again.Header().Get(idemReplayed) != "true" || again.Body.String() != first.Body.String() || svc.done.Load() != 1 {
		t.Fatalf("the same upload with another boundary: %d / %d %v, done %d", first.Code, again.Code, again.Header(), svc.done.Load())
	}
	if other := upload("boundary-three", "Başka bir metin."); other.Code != 422 {
		t.Fatalf("another file under the same key: %d %s", other.Code, other.Body)
	}
}

// A service that refuses early and closes the body unread still leaves the whole body's
// fingerprint: the same request again is answered from what was kept.
func TestEarlyAnswerStillFingerprintsTheWholeBody(t *testing.T) {
	r := testenv.StartRedis(t)
	d := &idempotency{rdb: r.Client}
	refusing := http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		_ = req.Body.Close()
		http.Error(w, `{"error":{"code":"validation_failed"}}`, http.StatusBadRequest)
	})
	big := strings.Repeat("x", 100_000)
	post := func() *httptest.ResponseRecorder {
		req := httptest.NewRequest("POST", "/api/v1/orders/quotes", nil)
		req.Body = &closableBody{r: strings.NewReader(big)} // reads fail once closed, as a server's do
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set(idemHeader, "k")
		w := httptest.NewRecorder()
		d.serve(w, req, "user:u", refusing)
		return w
	}
	first, again := post(), post()
	if first.Code != 400 || again.Code != 400 || again.Header().Get(idemReplayed) != "true" {
		t.Fatalf("an early refusal retried: %d / %d %v", first.Code, again.Code, again.Header())
	}
}

// closableBody is a request body whose reads fail once it is closed.
type closableBody struct {
	r      io.Reader
	closed bool
}

func (b *closableBody) Read(p []byte) (int, error) {
	if b.closed {
		return 0, http.ErrBodyReadAfterClose
	}
	return b.r.Read(p)
}

func (b *closableBody) Close() error { b.closed = true; return nil }
