package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	consul "github.com/hashicorp/consul/api"

	"linguaport/internal/authn"
	"linguaport/internal/contract"
	"linguaport/internal/discovery"
	"linguaport/internal/httpx"
	"linguaport/internal/logging"
	"linguaport/internal/telemetry"
	"linguaport/internal/testenv"
)

func TestMain(m *testing.M) { testenv.Main(m) }

// backend is one instance of a test service, registered in the real Consul agent.
type backend struct {
	name       string
	port       int
	srv        *http.Server
	deregister func()
	newConns   atomic.Int64
	requests   atomic.Int64 // requests that reached the instance, health checks aside
}

// testLimits are a test area's limits unless it says otherwise.
var testLimits = contract.Limits{TimeoutMs: 5000, MaxBody: 1 << 20}

// startBackend runs an instance of service that answers with its name, the headers it received
// and the body it read ("/slow" takes two seconds), publishing a contract with no routes: every
// request passes the edge unchecked, within testLimits.
func startBackend(t *testing.T, c *consul.Client, service, name string) *backend {
	t.Helper()
	return startServing(t, c, contract.New(service, testLimits, nil), name)
}

// startServing is startBackend publishing api; a zero api publishes no contract at all.
func startServing(t *testing.T, c *consul.Client, api contract.Contract, name string) *backend {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusOK) })
	var requests *atomic.Int64
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		if strings.HasSuffix(r.URL.Path, "/big") {
			w.Header().Set("Content-Type", "application/octet-stream")
			_, _ = w.Write(bytes.Repeat([]byte("0123456789abcdef"), 1<<16)) // 1 MiB, unknown length: chunked
			return
		}
		if strings.HasSuffix(r.URL.Path, "/broken") {
			// Half a chunked answer, then the connection drops, as when a service crashes midway.
			_, _ = w.Write(bytes.Repeat([]byte("x"), 64<<10))
			http.NewResponseController(w).Flush()
			panic(http.ErrAbortHandler)
		}
		if strings.HasSuffix(r.URL.Path, "/slow") {
			select {
			case <-time.After(2 * time.Second):
			case <-r.Context().Done():
				return
			}
		}
		body, _ := io.ReadAll(r.Body)
		_ = httpx.WriteJSON(w, http.StatusOK, map[string]any{"instance": name, "path": r.URL.Path, "query": r.URL.RawQuery, "headers": r.Header, "body": string(body)})
	})
	b := &backend{name: name, srv: &http.Server{Handler: mux}}
	requests = &b.requests
	b.srv.ConnState = func(_ net.Conn, state http.ConnState) {
		if state == http.StateNew {
			b.newConns.Add(1)
		}
	}
	go func() { _ = b.srv.Serve(ln) }()
	b.port = ln.Addr().(*net.TCPAddr).Port
	b.deregister, err = register(c, api, b.port)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.deregister(); _ = b.srv.Close() })
	return b
}

// register registers an instance of api's service on port, its contract published as a
// service's is (platform.Serve); with no routes and no limits, it publishes none.
func register(c *consul.Client, api contract.Contract, port int) (func(), error) {
	reg := discovery.Registration{Name: api.Service, Host: "127.0.0.1", Port: port, CheckInterval: 500 * time.Millisecond, Tags: []string{contract.Tag}}
	if api.TimeoutMs > 0 {
		reg.Meta = contract.Meta(api)
		reg.Publish = func(ctx context.Context) error { return contract.Publish(ctx, c.KV(), api) }
	}
	return discovery.Register(c, reg)
}

// crash stops the instance without leaving Consul, as a killed process would.
func (b *backend) crash() { _ = b.srv.Close() }

type echo struct {
	Instance string              `json:"instance"`
	Path     string              `json:"path"`
	Query    string              `json:"query"`
	Headers  map[string][]string `json:"headers"`
	Body     string              `json:"body"`
}

type errorBody struct {
	Error struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// startGateway runs the real gateway server against the shared Consul agent; callers are
// identified with no keys (every token is invalid).
func startGateway(t *testing.T, trusted httpx.TrustedProxies) string {
	t.Helper()
	keys := authn.NewRemoteKeys(func(context.Context) (authn.JWKS, error) { return authn.JWKS{}, nil })
	return startGatewayWith(t, trusted, authn.NewAuthenticator(authn.NewVerifier(keys, nil), nil))
}

// startGatewayWith is startGateway identifying callers with auth.
func startGatewayWith(t *testing.T, trusted httpx.TrustedProxies, auth *authn.Authenticator) string {
	t.Helper()
	if _, err := telemetry.Setup(context.Background(), "gateway-test"); err != nil {
		t.Fatal(err)
	}
	c := testenv.Consul(t)
	log := logging.New(io.Discard, "gateway", "error")
	conns := newUpstreamTransport()
	as := watchAreas(c, auth, func(service string) *upstream { return newUpstream(service, trusted, conns) }, log)
	srv := httpx.NewServer(httpx.Options{Name: "gateway", Handler: newRouter(as, nil, nil, log), Logger: log})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { _ = srv.Serve(ctx, ln); close(done) }()
	t.Cleanup(func() {
		cancel()
		<-done
		as.Stop()
	})
	return "http://" + ln.Addr().String()
}

// serviceName is a service of the test's own, svc-t<n>: its area /api/v1/t<n> (contract.PrefixOf).
func serviceName(t *testing.T) string {
	return fmt.Sprintf("svc-t%d", time.Now().UnixNano())
}

func get(t *testing.T, url string, header map[string]string) (*http.Response, []byte) {
	t.Helper()
	return do(t, http.MethodGet, url, "", header)
}

func do(t *testing.T, method, url, body string, header map[string]string) (*http.Response, []byte) {
	t.Helper()
	req, _ := http.NewRequest(method, url, strings.NewReader(body))
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, b
}

func decode[T any](t *testing.T, b []byte) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("decode %q: %v", b, err)
	}
	return v
}

// waitInstances waits until the gateway has seen n instances answer.
func waitInstances(t *testing.T, url string, n int) {
	t.Helper()
	seen := map[string]bool{}
	deadline := time.Now().Add(15 * time.Second)
	for len(seen) < n {
		if time.Now().After(deadline) {
			t.Fatalf("gateway reached only %d of %d instances", len(seen), n)
		}
		resp, body := get(t, url, nil)
		if resp.StatusCode == http.StatusOK {
			seen[decode[echo](t, body).Instance] = true
		} else {
			time.Sleep(50 * time.Millisecond)
		}
	}
}

// waitArea waits until the gateway knows the area of url: it answers other than 404.
func waitArea(t *testing.T, url string) {
	t.Helper()
	for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if resp, _ := get(t, url, nil); resp.StatusCode != http.StatusNotFound {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the gateway never learned the area of %s", url)
		}
	}
}

func TestBalancesAcrossInstancesAndSurvivesOneDying(t *testing.T) {
	svc := serviceName(t)
	prefix := contract.PrefixOf(svc)
	c := testenv.Consul(t)
	a := startBackend(t, c, svc, "a")
	startBackend(t, c, svc, "b")
	gw := startGateway(t, httpx.LoopbackOnly)
	url := gw + prefix + "/things?x=1"
	waitInstances(t, url, 2)

	counts := map[string]int{}
	for range 40 {
		resp, body := get(t, url, nil)
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("status %d: %s", resp.StatusCode, body)
		}
		e := decode[echo](t, body)
		if e.Path != prefix+"/things" || e.Query != "x=1" {
			t.Fatalf("path not forwarded unchanged: %+v", e)
		}
		counts[e.Instance]++
	}
	if counts["a"] < 10 || counts["b"] < 10 {
		t.Fatalf("load not spread across instances: %v", counts)
	}

	// Kill one instance mid-test; Consul still lists it as healthy until its next check, yet every
	// request, with or without a body, must succeed on the other instance.
	a.crash()
	for i := range 60 {
		method, body := http.MethodGet, ""
		if i%2 == 1 {
			method, body = http.MethodPost, fmt.Sprintf(`{"n":%d}`, i)
		}
		resp, raw := do(t, method, url, body, map[string]string{"Content-Type": "application/json"})
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("request %d after crash: status %d: %s", i, resp.StatusCode, raw)
		}
		e := decode[echo](t, raw)
		if e.Instance != "b" || e.Body != body {
			t.Fatalf("request %d after crash answered by %q with body %q", i, e.Instance, e.Body)
		}
	}
}

func TestClientIdentityHeadersNeverReachTheService(t *testing.T) {
	svc := serviceName(t)
	prefix := contract.PrefixOf(svc)
	startBackend(t, testenv.Consul(t), svc, "only")
	// The test client is on loopback; trusting no proxy makes it an ordinary outside client.
	gw := startGateway(t, httpx.TrustedProxies{})
	waitInstances(t, gw+prefix+"/x", 1)

	const traceID = "4bf92f3577b34da6a3ce929d0e0e4736"
	resp, body := get(t, gw+prefix+"/me", map[string]string{
		"X-User-Id":         "admin-1",
		"X-User-Role":       "admin",
		"X-User-Email":      "boss@example.com",
		"X-Internal-Auth":   "trust-me",
		"X-Forwarded-For":   "6.6.6.6",
		"X-Forwarded-Proto": "https",
		"Authorization":     "Bearer token-123",
		"Accept-Language":   "en",
		"X-Upload-Token":    "visitor-token",
		"Stripe-Signature":  "t=1,v1=abc",
		"traceparent":       "00-" + traceID + "-00f067aa0ba902b7-01",
	})
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("status %d: %s", resp.StatusCode, body)
	}
	h := http.Header(decode[echo](t, body).Headers)
	for _, name := range []string{"X-User-Id", "X-User-Role", "X-User-Email", "X-Internal-Auth"} {
		if v := h.Get(name); v != "" {
			t.Errorf("%s reached the service: %q", name, v)
		}
	}
	if got := h.Get("X-Forwarded-For"); got != "127.0.0.1" {
		t.Errorf("X-Forwarded-For = %q: an untrusted client's claim must be replaced by its address", got)
	}
	if got := h.Get("X-Forwarded-Proto"); got != "http" {
		t.Errorf("X-Forwarded-Proto = %q: an untrusted client's claim must be replaced by the scheme it used", got)
	}
	trustedGW := startGateway(t, httpx.LoopbackOnly)
	waitInstances(t, trustedGW+prefix+"/x", 1)
	_, body = get(t, trustedGW+prefix+"/me", map[string]string{"X-Forwarded-For": "88.255.0.1", "X-Forwarded-Proto": "https", "X-User-Id": "admin-1"})
	viaProxy := http.Header(decode[echo](t, body).Headers)
	if got := viaProxy.Get("X-Forwarded-For"); got != "88.255.0.1, 127.0.0.1" {
		t.Errorf("behind a trusted proxy X-Forwarded-For = %q, want the proxy's client followed by the proxy", got)
	}
	if got := viaProxy.Get("X-Forwarded-Proto"); got != "https" {
		t.Errorf("behind a trusted proxy X-Forwarded-Proto = %q, want the proxy's https", got)
	}
	if viaProxy.Get("X-User-Id") != "" {
		t.Error("X-User-Id reached the service from a trusted proxy's request")
	}
	if h.Get("Authorization") != "Bearer token-123" || h.Get("Accept-Language") != "en" || h.Get("X-Upload-Token") != "visitor-token" ||
		h.Get("Stripe-Signature") != "t=1,v1=abc" {
		t.Errorf("allow-listed headers not forwarded: %v", h)
	}
	if id := h.Get("X-Request-Id"); !httpx.ValidRequestID(id) || resp.Header.Get("X-Request-Id") != id {
		t.Errorf("request id %q not forwarded or not echoed (%q)", id, resp.Header.Get("X-Request-Id"))
	}
	// A client's own id goes on to the service when it is valid; an unsafe one is replaced by
	// the gateway's, never passed on.
	for sent, kept := range map[string]bool{"client-req-12345": true, "bad id\twith spaces": false} {
		resp, body := get(t, gw+prefix+"/me", map[string]string{"X-Request-Id": sent})
		seen := http.Header(decode[echo](t, body).Headers).Values("X-Request-Id")
		if len(seen) != 1 || seen[0] != resp.Header.Get("X-Request-Id") || (seen[0] == sent) != kept || !httpx.ValidRequestID(seen[0]) {
			t.Errorf("client sent request id %q: the service saw %q, the client got %q", sent, seen, resp.Header.Get("X-Request-Id"))
		}
	}
	if tp := h.Get("Traceparent"); !strings.HasPrefix(tp, "00-"+traceID+"-") || strings.Contains(tp, "00f067aa0ba902b7") {
		t.Errorf("traceparent %q does not continue trace %s with the gateway's own span", tp, traceID)
	}
}

// registerUnchecked registers an instance of service on port, with a contract with no routes,
// whose health is checked only once a day: it stays listed whatever the port does.
func registerUnchecked(t *testing.T, c *consul.Client, service string, port int) {
	t.Helper()
	api := contract.New(service, testLimits, nil)
	// Consul runs a check first at a random moment within its interval, so with a minute the
	// refusing port's check sometimes ran during the test and took its instance away (503, not
	// the 502 the test is about); in a day it does not.
	dereg, err := discovery.Register(c, discovery.Registration{Name: service, Host: "127.0.0.1", Port: port, CheckInterval: 24 * time.Hour,
		Tags: []string{contract.Tag}, Meta: contract.Meta(api),
		Publish: func(ctx context.Context) error { return contract.Publish(ctx, c.KV(), api) }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(dereg)
}

func TestGatewayErrors(t *testing.T) {
	c := testenv.Consul(t)
	slow := serviceName(t)
	startServing(t, c, contract.New(slow, contract.Limits{TimeoutMs: 300, MaxBody: 16}, nil), "slow")
	// An instance that is registered and still considered healthy, but whose port refuses connections.
	refused := serviceName(t)
	registerUnchecked(t, c, refused, testenv.FreePort(t))
	// An instance that passes its health checks but closes every other connection without
	// answering (a handler crashing the process's connection, say).
	hangsUp := serviceName(t)
	registerUnchecked(t, c, hangsUp, serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/healthz" {
			return
		}
		if conn, _, err := http.NewResponseController(w).Hijack(); err == nil {
			conn.Close()
		}
	})).Port)
	// A service whose only instance has left: its area stays known, answering 503.
	gone := serviceName(t)
	left := startBackend(t, c, gone, "left")

	gw := startGateway(t, httpx.LoopbackOnly)
	waitInstances(t, gw+contract.PrefixOf(slow)+"/fast", 1)
	waitInstances(t, gw+contract.PrefixOf(gone)+"/x", 1)
	waitArea(t, gw+contract.PrefixOf(refused)+"/x")
	waitArea(t, gw+contract.PrefixOf(hangsUp)+"/x")
	left.deregister()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if resp, _ := get(t, gw+contract.PrefixOf(gone)+"/x", nil); resp.StatusCode == http.StatusServiceUnavailable {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the gateway still routes to an instance that left Consul")
		}
	}

	cases := []struct {
		name, method, path, body, lang string
		status                         int
		code, message                  string
	}{
		{"slow upstream", "GET", contract.PrefixOf(slow) + "/slow", "", "en", 504, "upstream_timeout", "The service did not answer in time. Please try again."},
		{"slow upstream in Turkish", "GET", contract.PrefixOf(slow) + "/slow", "", "tr-TR,tr;q=0.9", 504, "upstream_timeout", "Hizmet zamanında yanıt vermedi. Lütfen tekrar deneyin."},
		{"no instance", "GET", contract.PrefixOf(gone) + "/x", "", "en", 503, "no_healthy_instance", "The service is unavailable right now: no healthy instance is running. Please try again shortly."},
		{"refused", "GET", contract.PrefixOf(refused) + "/x", "", "en", 502, "upstream_unavailable", "The service could not be reached: the connection was refused. Please try again shortly."},
		{"refused in Turkish", "GET", contract.PrefixOf(refused) + "/x", "", "tr", 502, "upstream_unavailable", "Hizmete ulaşılamadı: bağlantı reddedildi. Lütfen biraz sonra tekrar deneyin."},
		{"hung up", "GET", contract.PrefixOf(hangsUp) + "/x", "", "en", 502, "upstream_unavailable", "The service's answer could not be read: the connection ended before it answered. Please try again."},
		{"hung up in Turkish", "GET", contract.PrefixOf(hangsUp) + "/x", "", "tr", 502, "upstream_unavailable", "Hizmetin yanıtı alınamadı: bağlantı, hizmet yanıt vermeden kapandı. Lütfen tekrar deneyin."},
		{"unknown route", "GET", "/api/v1/nothing/here", "", "en", 404, "route_not_found", "There is no such API path."},
		{"unknown route, default Turkish", "GET", "/elsewhere", "", "", 404, "route_not_found", "Böyle bir API adresi yok."},
		{"an area's bare prefix", "GET", contract.PrefixOf(slow), "", "en", 404, "route_not_found", "There is no such API path."},
		{"body too large", "POST", contract.PrefixOf(slow) + "/x", strings.Repeat("x", 17), "en", 413, "body_too_large", "The request body is larger than allowed."},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			resp, body := do(t, tc.method, gw+tc.path, tc.body, map[string]string{"Accept-Language": tc.lang})
			if resp.StatusCode != tc.status {
				t.Fatalf("status %d, want %d: %s", resp.StatusCode, tc.status, body)
			}
			e := decode[errorBody](t, body)
			if e.Error.Code != tc.code || e.Error.Message != tc.message {
				t.Errorf("error = %+v, want %s %q", e.Error, tc.code, tc.message)
			}
			if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
				t.Errorf("content type %q", ct)
			}
			if tc.status == 504 && time.Since(start) > 1500*time.Millisecond {
				t.Errorf("timeout answer took %v; the route allows 300ms", time.Since(start))
			}
		})
	}
}

// Large bodies stream through in both directions and connections to the service are reused.
func TestStreamsBodiesAndReusesConnections(t *testing.T) {
	svc := serviceName(t)
	prefix := contract.PrefixOf(svc)
	b := startBackend(t, testenv.Consul(t), svc, "only")
	gw := startGateway(t, httpx.LoopbackOnly)
	waitInstances(t, gw+prefix+"/x", 1)

	resp, body := get(t, gw+prefix+"/big", nil)
	if resp.StatusCode != 200 || len(body) != 1<<20 || !bytes.Equal(body[:32], []byte("0123456789abcdef0123456789abcdef")) {
		t.Fatalf("big answer: %d, %d bytes", resp.StatusCode, len(body))
	}
	upload := strings.Repeat("ü", 300_000) // 600 kB of UTF-8
	resp, raw := do(t, http.MethodPut, gw+prefix+"/doc", upload, map[string]string{"Content-Type": "text/plain; charset=utf-8"})
	if resp.StatusCode != 200 || decode[echo](t, raw).Body != upload {
		t.Fatalf("upload: %d", resp.StatusCode)
	}

	before := b.newConns.Load()
	for range 100 {
		if resp, _ := get(t, gw+prefix+"/x", nil); resp.StatusCode != 200 {
			t.Fatalf("status %d", resp.StatusCode)
		}
	}
	if opened := b.newConns.Load() - before; opened > 1 {
		t.Errorf("100 sequential requests opened %d new connections to the service, want them reused", opened)
	}
}

// An answer that breaks off midway reaches the client broken off: its connection is cut rather
// than the answer ended as if it were whole, and the request is still counted and logged.
func TestBrokenAnswerIsNotPassedOffAsWhole(t *testing.T) {
	svc := serviceName(t)
	prefix := contract.PrefixOf(svc)
	startBackend(t, testenv.Consul(t), svc, "only")
	gw := startGateway(t, httpx.LoopbackOnly)
	waitInstances(t, gw+prefix+"/x", 1)

	resp, err := http.Get(gw + prefix + "/broken")
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("reading a broken answer through the gateway: %d bytes, error %v; want io.ErrUnexpectedEOF", len(body), err)
	}
	// The gateway goes on answering, on new connections.
	if resp, _ := get(t, gw+prefix+"/x", nil); resp.StatusCode != http.StatusOK {
		t.Errorf("after a broken answer: %d", resp.StatusCode)
	}
}

// Connections the service closed while they sat in the pool (an idle timeout, a restart on the
// same address) never cost a request: one without a body is sent again on a fresh connection,
// one with a body only ever goes out on a connection checked to be open. Each request reaches
// the service once.
func TestConnectionsClosedByTheServiceAreNotUsed(t *testing.T) {
	svc := serviceName(t)
	prefix := contract.PrefixOf(svc)
	b := startBackend(t, testenv.Consul(t), svc, "only")
	gw := startGateway(t, httpx.LoopbackOnly)
	waitInstances(t, gw+prefix+"/x", 1)

	for round := range 3 {
		// Fill the pool with several connections, then have the service close them all.
		var wg sync.WaitGroup
		for range 8 {
			wg.Go(func() {
				if resp, _ := get(t, gw+prefix+"/x", nil); resp.StatusCode != http.StatusOK {
					t.Errorf("status %d", resp.StatusCode)
				}
			})
		}
		wg.Wait()
		b.srv.SetKeepAlivesEnabled(false) // closes the idle ones
		b.srv.SetKeepAlivesEnabled(true)
		time.Sleep(50 * time.Millisecond)

		before := b.requests.Load()
		for i := range 10 {
			method, body := http.MethodPost, fmt.Sprintf(`{"round":%d,"n":%d}`, round, i) // a body first: it cannot be sent twice
			if i%2 == 1 {
				method, body = http.MethodGet, ""
			}
			resp, raw := do(t, method, gw+prefix+"/x", body, map[string]string{"Content-Type": "application/json"})
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("round %d, %s %d on closed pooled connections: status %d: %s", round, method, i, resp.StatusCode, raw)
			}
			if e := decode[echo](t, raw); e.Body != body {
				t.Fatalf("round %d: body %q arrived as %q", round, body, e.Body)
			}
		}
		if n := b.requests.Load() - before; n != 10 {
			t.Errorf("round %d: 10 requests reached the service %d times", round, n)
		}
	}
}
