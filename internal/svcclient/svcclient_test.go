package svcclient_test

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/propagation"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/trace"

	"linguaport/internal/discovery"
	"linguaport/internal/errs"
	"linguaport/internal/svcclient"
	"linguaport/internal/testenv"
)

func TestMain(m *testing.M) { testenv.Main(m) }

// instance is one copy of a service under test: it counts the requests it gets and answers
// with its own name, or 500 while broken.
type instance struct {
	name   string
	hits   atomic.Int64
	broken atomic.Bool
	parent atomic.Value // the trace id of the last request's traceparent
	srv    *httptest.Server
}

func startInstance(t *testing.T, name string) *instance {
	in := &instance{name: name}
	in.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/healthz" {
			return
		}
		in.hits.Add(1)
		sc := trace.SpanContextFromContext(otel.GetTextMapPropagator().Extract(r.Context(), propagation.HeaderCarrier(r.Header)))
		in.parent.Store(sc.TraceID().String())
		if in.broken.Load() {
			http.Error(w, "broken", http.StatusInternalServerError)
			return
		}
		fmt.Fprintf(w, "%s %s %s", in.name, r.Method, r.URL.RequestURI())
	}))
	t.Cleanup(in.srv.Close)
	return in
}

func (in *instance) port() int { return in.srv.Listener.Addr().(*net.TCPAddr).Port }

// register puts the instances in Consul under one service name and returns a watch of it that
// already sees them all.
func register(t *testing.T, instances ...*instance) *discovery.Instances {
	c := testenv.Consul(t)
	service := "svc-client-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	for _, in := range instances {
		deregister, err := discovery.Register(c, discovery.Registration{Name: service, Host: "127.0.0.1", Port: in.port(), CheckInterval: time.Minute})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(deregister)
	}
	w := discovery.Watch(c, service, nil)
	t.Cleanup(w.Stop)
	deadline := time.Now().Add(10 * time.Second)
	for {
		if addrs, _ := w.Snapshot(); len(addrs) == len(instances) {
			return w
		}
		if time.Now().After(deadline) {
			t.Fatalf("consul never listed the %d instances", len(instances))
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func body(t *testing.T, resp *http.Response) string {
	t.Helper()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Calls are spread round-robin over the instances Consul lists.
func TestGetBalancesOverInstances(t *testing.T) {
	a, b := startInstance(t, "a"), startInstance(t, "b")
	client := svcclient.New(register(t, a, b), 3*time.Second)
	defer client.Close()
	waitForEndpoints(t, client)
	a.hits.Store(0)
	b.hits.Store(0)
	for i := range 10 {
		resp, err := client.Get(context.Background(), "/api/v1/x?n="+strconv.Itoa(i), nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := body(t, resp); got != "a GET /api/v1/x?n="+strconv.Itoa(i) && got != "b GET /api/v1/x?n="+strconv.Itoa(i) {
			t.Fatalf("answer %q", got)
		}
	}
	if a.hits.Load() != 5 || b.hits.Load() != 5 {
		t.Fatalf("hits a=%d b=%d, want 5 each", a.hits.Load(), b.hits.Load())
	}
}

// An idempotent call moves on to another instance when one fails or cannot be reached; a POST is
// sent once and its failure reported.
func TestGetRetriesOnAnotherInstancePostDoesNot(t *testing.T) {
	good, bad := startInstance(t, "good"), startInstance(t, "bad")
	bad.broken.Store(true)
	gone := startInstance(t, "gone")
	client := svcclient.New(register(t, good, bad, gone), 3*time.Second)
	defer client.Close()
	waitForEndpoints(t, client)
	gone.srv.Close() // listed in Consul, refusing connections

	for range 9 {
		resp, err := client.Get(context.Background(), "/ping", nil)
		if err != nil {
			t.Fatalf("GET with one good instance of three: %v", err)
		}
		if got := body(t, resp); got != "good GET /ping" {
			t.Fatalf("answer %q", got)
		}
	}

	good.broken.Store(true)
	before := good.hits.Load() + bad.hits.Load()
	if _, err := client.Post(context.Background(), "/orders", nil, []byte("{}")); err == nil {
		t.Fatal("POST to broken instances succeeded")
	}
	// One attempt: either a broken instance once, or the closed one (no hit at all).
	if n := good.hits.Load() + bad.hits.Load() - before; n > 1 {
		t.Fatalf("POST was sent %d times", n)
	}
	if _, err := client.Get(context.Background(), "/ping", nil); err == nil || !errs.Unavailable(err) {
		t.Fatalf("GET with every instance broken: %v, want an unavailable dependency (503)", err)
	}
}

// A service with no instance at all is an unavailable dependency for its caller, answered 503.
func TestNoInstanceIsUnavailable(t *testing.T) {
	w := discovery.Watch(testenv.Consul(t), "svc-none-"+strconv.FormatInt(time.Now().UnixNano(), 36), nil)
	t.Cleanup(w.Stop)
	client := svcclient.New(w, time.Second)
	defer client.Close()
	_, err := client.Get(context.Background(), "/ping", nil)
	if err == nil || !errs.Unavailable(err) {
		t.Fatalf("GET with no instance: %v, want an unavailable dependency (503)", err)
	}
}

// The called instance receives the caller's trace, and each attempt is a client span.
func TestCallsContinueTheTrace(t *testing.T) {
	rec, tp := testenv.RecordSpans(t)

	in := startInstance(t, "traced")
	client := svcclient.Fixed(in.srv.URL, 3*time.Second)
	defer client.Close()
	ctx, span := tp.Tracer("test").Start(context.Background(), "request")
	if _, err := client.Get(ctx, "/api/v1/geo/convert", nil); err != nil {
		t.Fatal(err)
	}
	span.End()
	if got, want := in.parent.Load(), span.SpanContext().TraceID().String(); got != want {
		t.Fatalf("instance saw trace %v, want the caller's %s", got, want)
	}
	var client1 sdktrace.ReadOnlySpan
	for _, s := range rec.Ended() {
		if s.SpanKind() == trace.SpanKindClient {
			client1 = s
		}
	}
	if client1 == nil || client1.Parent().SpanID() != span.SpanContext().SpanID() {
		t.Fatalf("no client span under the caller's span: %v", rec.Ended())
	}
	if client1.Name() != in.srv.Listener.Addr().String()+" GET /api/v1/geo/convert" {
		t.Fatalf("client span named %q", client1.Name())
	}
}

// waitForEndpoints waits until the endpointer has been fed the instances, which happens
// asynchronously after the client is made.
func waitForEndpoints(t *testing.T, c *svcclient.Client) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		if _, err := c.Get(context.Background(), "/healthz", nil); err == nil {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("client never found an instance")
		}
		time.Sleep(20 * time.Millisecond)
	}
}
