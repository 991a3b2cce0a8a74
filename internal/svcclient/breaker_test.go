package svcclient_test

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sony/gobreaker"

	"linguaport/internal/errs"
	"linguaport/internal/svcclient"
)

// breaker is a breaker for tests: thresholds given, the ratio rule off unless set, and a
// cool-down long enough never to end within a test unless the test says so.
func breaker(failures uint32) svcclient.Breaker {
	return svcclient.Breaker{Failures: failures, Window: time.Minute, CoolDown: time.Minute}
}

// post sends a POST, which is never retried, so each call is at most one attempt: the breakers'
// counts follow the calls one for one.
func post(c *svcclient.Client, path string) error {
	_, err := c.Post(context.Background(), path, nil, []byte("{}"))
	return err
}

// refusedAtOnce checks that a call failed as a 503 because a breaker is open, in well under the
// time an attempt could take, and without reaching any of the instances.
func refusedAtOnce(t *testing.T, call func() error, instances ...*instance) {
	t.Helper()
	before := hitsOf(instances...)
	start := time.Now()
	err := call()
	// Microseconds in fact; the bound leaves room for a loaded machine, still far below any
	// attempt's timeout.
	if took := time.Since(start); took > 250*time.Millisecond {
		t.Errorf("a refused call took %v", took)
	}
	if err == nil || !errs.Unavailable(err) || !errors.Is(err, gobreaker.ErrOpenState) {
		t.Fatalf("call with the breaker open: %v, want an open breaker answered as unavailable (503)", err)
	}
	if n := hitsOf(instances...) - before; n != 0 {
		t.Fatalf("a refused call reached the instances %d times", n)
	}
}

func hitsOf(instances ...*instance) int64 {
	var n int64
	for _, in := range instances {
		n += in.hits.Load()
	}
	return n
}

// After Failures failures in a row the service is refused at once, and the change is logged
// once, not per refused call.
func TestBreakerOpensAfterFailuresInARow(t *testing.T) {
	in := startInstance(t, "broken")
	in.broken.Store(true)
	logs := &records{}
	client := svcclient.Fixed(in.srv.URL, 3*time.Second, svcclient.WithBreaker(breaker(3)), svcclient.WithLogger(slog.New(logs)))
	defer client.Close()

	for i := range 3 {
		if err := post(client, "/orders"); err == nil || !errs.Unavailable(err) || errors.Is(err, gobreaker.ErrOpenState) {
			t.Fatalf("failure %d: %v, want the instance's 500 answered as unavailable", i+1, err)
		}
	}
	if in.hits.Load() != 3 {
		t.Fatalf("%d attempts reached the instance, want 3", in.hits.Load())
	}
	for range 10 {
		refusedAtOnce(t, func() error { return post(client, "/orders") }, in)
		_, err := client.Get(context.Background(), "/x", nil)
		if !errors.Is(err, gobreaker.ErrOpenState) {
			t.Fatalf("GET with the breaker open: %v", err)
		}
	}
	// The service's breaker and the instance's opened, once each.
	if got := logs.count("circuit breaker open"); got != 2 {
		t.Fatalf("%d logged openings, want 2 (service and instance): %v", got, logs.all())
	}
}

// A service failing every other call never fails Failures in a row, but the ratio opens its
// breaker once MinRequests calls are counted.
func TestBreakerOpensOnFailureRatio(t *testing.T) {
	in := startInstance(t, "flaky")
	flaky := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/fail") {
			in.hits.Add(1)
			http.Error(w, "failing", http.StatusBadGateway)
			return
		}
		in.srv.Config.Handler.ServeHTTP(w, r)
	}))
	t.Cleanup(flaky.Close)
	b := breaker(100)
	b.Ratio, b.MinRequests = 0.5, 10
	client := svcclient.Fixed(flaky.URL, 3*time.Second, svcclient.WithBreaker(b))
	defer client.Close()

	for i := range 10 {
		path := "/ok"
		if i%2 == 1 {
			path = "/fail"
		}
		err := post(client, path)
		if (err == nil) != (path == "/ok") || errors.Is(err, gobreaker.ErrOpenState) {
			t.Fatalf("call %d to %s: %v", i+1, path, err)
		}
	}
	if in.hits.Load() != 10 {
		t.Fatalf("%d calls reached the instance, want all 10", in.hits.Load())
	}
	refusedAtOnce(t, func() error { return post(client, "/ok") }, in)
}

// After the cool-down one call probes the service: its success closes the breaker, its failure
// opens it again at once.
func TestBreakerHalfOpenProbe(t *testing.T) {
	in := startInstance(t, "recovering")
	in.broken.Store(true)
	b := breaker(2)
	b.CoolDown = time.Second
	client := svcclient.Fixed(in.srv.URL, 3*time.Second, svcclient.WithBreaker(b))
	defer client.Close()
	open := func() {
		t.Helper()
		for range 2 {
			if err := post(client, "/x"); err == nil || errors.Is(err, gobreaker.ErrOpenState) {
				t.Fatalf("a broken instance's call: %v", err)
			}
		}
		refusedAtOnce(t, func() error { return post(client, "/x") }, in)
	}

	// A probe that fails opens the breaker for another cool-down.
	open()
	time.Sleep(b.CoolDown + 50*time.Millisecond)
	before := in.hits.Load()
	if err := post(client, "/x"); err == nil || errors.Is(err, gobreaker.ErrOpenState) {
		t.Fatalf("the probe: %v, want the instance's failure", err)
	}
	if in.hits.Load() != before+1 {
		t.Fatal("the probe did not reach the instance")
	}
	refusedAtOnce(t, func() error { return post(client, "/x") }, in)

	// The instance recovers: refused until the cool-down ends, then the probe closes the breaker.
	in.broken.Store(false)
	refusedAtOnce(t, func() error { return post(client, "/x") }, in)
	time.Sleep(b.CoolDown + 50*time.Millisecond)
	for i := range 5 {
		if _, err := client.Get(context.Background(), "/x", nil); err != nil {
			t.Fatalf("call %d after recovery: %v", i+1, err)
		}
	}
}

// While the probe of a service that still hangs is under way, other calls are refused at once
// rather than queueing behind it; and a hanging service is refused at once after a few slow
// failures.
func TestHangingServiceIsRefusedAtOnce(t *testing.T) {
	var hits atomic.Int64
	hang := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		<-r.Context().Done() // until the client gives up
	}))
	t.Cleanup(hang.Close)
	const timeout = time.Second
	b := breaker(3)
	b.CoolDown = 2 * time.Second
	client := svcclient.Fixed(hang.URL, timeout, svcclient.WithBreaker(b))
	defer client.Close()

	for i := range 3 {
		start := time.Now()
		_, err := client.Get(context.Background(), "/api/v1/geo/convert", nil)
		if err == nil || !errs.Unavailable(err) || time.Since(start) < timeout {
			t.Fatalf("slow failure %d: %v after %v", i+1, err, time.Since(start))
		}
	}
	time.Sleep(20 * time.Millisecond) // the instance's breaker counts the last timeout as the call returns
	for range 20 {
		start := time.Now()
		_, err := client.Get(context.Background(), "/api/v1/geo/convert", nil)
		if !errors.Is(err, gobreaker.ErrOpenState) || !errs.Unavailable(err) || time.Since(start) > 250*time.Millisecond {
			t.Fatalf("call with the breaker open: %v after %v", err, time.Since(start))
		}
	}
	if hits.Load() != 3 {
		t.Fatalf("the hanging service got %d calls, want the 3 slow ones", hits.Load())
	}

	time.Sleep(b.CoolDown + 50*time.Millisecond)
	probe := make(chan error, 1)
	go func() { _, err := client.Get(context.Background(), "/probe", nil); probe <- err }()
	time.Sleep(100 * time.Millisecond)
	for range 5 {
		start := time.Now()
		_, err := client.Get(context.Background(), "/other", nil)
		if !errors.Is(err, gobreaker.ErrTooManyRequests) || !errs.Unavailable(err) || time.Since(start) > 250*time.Millisecond {
			t.Fatalf("call during the probe: %v after %v", err, time.Since(start))
		}
	}
	if err := <-probe; err == nil || errors.Is(err, gobreaker.ErrOpenState) {
		t.Fatalf("the probe of a hanging service: %v", err)
	}
	if hits.Load() != 4 {
		t.Fatalf("the hanging service got %d calls, want 3 and the probe", hits.Load())
	}
}

// A dead instance is skipped once its breaker opens, while the others serve: GETs still retry on
// another instance, POSTs are sent once, to a live instance, and the service's breaker stays
// closed.
func TestDeadInstanceIsSkippedWhileOthersServe(t *testing.T) {
	good, bad := startInstance(t, "good"), startInstance(t, "bad")
	logs := &records{}
	client := svcclient.New(register(t, good, bad), 3*time.Second, svcclient.WithBreaker(breaker(2)), svcclient.WithLogger(slog.New(logs)))
	defer client.Close()
	waitForEndpoints(t, client)
	bad.broken.Store(true)
	good.hits.Store(0)
	bad.hits.Store(0)

	for i := range 10 {
		resp, err := client.Get(context.Background(), "/ping", nil)
		if err != nil {
			t.Fatalf("GET %d with one good instance of two: %v", i+1, err)
		}
		if got := body(t, resp); got != "good GET /ping" {
			t.Fatalf("answer %q", got)
		}
	}
	if bad.hits.Load() != 2 {
		t.Fatalf("the broken instance got %d attempts, want 2 before its breaker opened", bad.hits.Load())
	}
	before := good.hits.Load()
	for i := range 10 {
		if err := post(client, "/orders"); err != nil {
			t.Fatalf("POST %d with the broken instance skipped: %v", i+1, err)
		}
	}
	if n := good.hits.Load() - before; n != 10 || bad.hits.Load() != 2 {
		t.Fatalf("10 POSTs reached good %d times and bad %d times, want 10 and none", n, bad.hits.Load()-2)
	}
	if logs.count("circuit breaker open") != 1 || !strings.Contains(logs.all(), bad.srv.Listener.Addr().String()) {
		t.Fatalf("want only the bad instance's breaker opened: %v", logs.all())
	}
}

// The service's breaker opens on failed calls even while each instance has failed too few times
// for its own: three POSTs, one per instance.
func TestServiceBreakerOpensWhenEveryInstanceFails(t *testing.T) {
	a, b, c := startInstance(t, "a"), startInstance(t, "b"), startInstance(t, "c")
	client := svcclient.New(register(t, a, b, c), 3*time.Second, svcclient.WithBreaker(breaker(3)))
	defer client.Close()
	waitForEndpoints(t, client)
	for _, in := range []*instance{a, b, c} {
		in.broken.Store(true)
		in.hits.Store(0)
	}
	for i := range 3 {
		if err := post(client, "/orders"); err == nil || errors.Is(err, gobreaker.ErrOpenState) {
			t.Fatalf("POST %d: %v, want the instance's failure", i+1, err)
		}
	}
	if a.hits.Load() != 1 || b.hits.Load() != 1 || c.hits.Load() != 1 {
		t.Fatalf("hits a=%d b=%d c=%d, want one each", a.hits.Load(), b.hits.Load(), c.hits.Load())
	}
	refusedAtOnce(t, func() error { return post(client, "/orders") }, a, b, c)
	refusedAtOnce(t, func() error { _, err := client.Get(context.Background(), "/x", nil); return err }, a, b, c)
}

// A caller that gives up (its request's client went away) says nothing about the service: such
// calls open no breaker.
func TestCallerGivingUpIsNotAFailure(t *testing.T) {
	var hanging atomic.Bool
	hanging.Store(true)
	in := startInstance(t, "slow")
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if hanging.Load() {
			in.hits.Add(1)
			<-r.Context().Done()
			return
		}
		in.srv.Config.Handler.ServeHTTP(w, r)
	}))
	t.Cleanup(slow.Close)
	client := svcclient.Fixed(slow.URL, 3*time.Second, svcclient.WithBreaker(breaker(2)))
	defer client.Close()
	for range 5 {
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(30*time.Millisecond, cancel)
		if _, err := client.Get(ctx, "/x", nil); !errors.Is(err, context.Canceled) {
			t.Fatalf("a call its caller gave up: %v", err)
		}
	}
	hanging.Store(false)
	if _, err := client.Get(context.Background(), "/x", nil); err != nil {
		t.Fatalf("after calls given up by their callers: %v, want the breakers closed", err)
	}
}

// records is a slog handler keeping what it is given, to count the breakers' log lines.
type records struct {
	mu    sync.Mutex
	lines []string
}

func (r *records) Enabled(context.Context, slog.Level) bool { return true }

func (r *records) Handle(_ context.Context, rec slog.Record) error {
	line := rec.Message
	rec.Attrs(func(a slog.Attr) bool { line += " " + a.String(); return true })
	r.mu.Lock()
	r.lines = append(r.lines, line)
	r.mu.Unlock()
	return nil
}

func (r *records) WithAttrs([]slog.Attr) slog.Handler { return r }
func (r *records) WithGroup(string) slog.Handler      { return r }

func (r *records) count(message string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := 0
	for _, l := range r.lines {
		if strings.HasPrefix(l, message+" ") {
			n++
		}
	}
	return n
}

func (r *records) all() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return strings.Join(r.lines, "\n")
}
