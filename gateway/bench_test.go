package main

import (
	"context"
	"io"
	"net"
	"net/http"
	"strconv"
	"syscall"
	"testing"
	"time"

	"linguaport/internal/authn"
	"linguaport/internal/contract"
	"linguaport/internal/httpx"
	"linguaport/internal/logging"
	"linguaport/internal/telemetry"
)

// BenchmarkProxiedRequest is one public GET through the gateway as it runs in production (its
// server, the contract's rule and limits, request id, span, metrics, access line) to a service
// on loopback, in one process with the client and the service. Their share of ns/op and
// allocs/op is the same from one version of the gateway to the next, so differences are the
// gateway's: a quick, quiet check between runs of bench/gateway, which loads real processes.
func BenchmarkProxiedRequest(b *testing.B) {
	answer := []byte(`{"ip":"88.255.0.1","country":"TR","currency":"TRY","source":"cache"}`)
	service := serve(b, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header()["Content-Type"] = []string{"application/json"}
		w.Header()["Content-Length"] = []string{strconv.Itoa(len(answer))}
		_, _ = w.Write(answer)
	}))

	keys := authn.NewRemoteKeys(func(context.Context) (authn.JWKS, error) { return authn.JWKS{}, nil })
	auth := authn.NewAuthenticator(authn.NewVerifier(keys, nil), nil)
	api := contract.New("svc-bench", contract.Limits{TimeoutMs: 5000, MaxBody: 1 << 20}, []authn.Rule{{Pattern: "GET /api/v1/bench/lookup", Access: authn.Anyone}})
	a := &area{service: api.Service, prefix: api.Prefix, upstream: newUpstream(api.Service, httpx.TrustedProxies{}, newUpstreamTransport())}
	a.instances.Store(&[]instance{{addr: service.String(), api: compile(api, api.Version(), auth)}})
	as := &areas{}
	as.byName.Store(&map[string]*area{"bench": a})
	log := logging.New(io.Discard, "gateway", "info")
	gateway := serve(b, httpx.NewServer(httpx.Options{Name: "gateway", Handler: newRouter(as, nil, nil, log), Logger: log, AccessLog: true}).Handler())

	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 1}}
	req, err := http.NewRequest(http.MethodGet, "http://"+gateway.String()+"/api/v1/bench/lookup?ip=88.255.0.1", nil)
	if err != nil {
		b.Fatal(err)
	}
	req.Header.Set("Accept-Language", "tr-TR,tr;q=0.9,en;q=0.8")
	if _, err := telemetry.Setup(context.Background(), "gateway-bench"); err != nil { // as in production: ids and propagation, no export
		b.Fatal(err)
	}
	b.ReportAllocs()
	cpu := processCPU()
	for b.Loop() {
		resp, err := client.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		n, _ := io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || n != int64(len(answer)) {
			b.Fatalf("status %d, %d bytes", resp.StatusCode, n)
		}
	}
	b.ReportMetric(float64((processCPU()-cpu).Nanoseconds())/float64(b.N), "cpu-ns/op")
}

// processCPU is the CPU time this process has used, user and system: unlike ns/op it does not
// count the time requests spend waiting for one another on a busy machine.
func processCPU() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// serve answers with h on a free loopback port until the test or benchmark ends.
func serve(tb testing.TB, h http.Handler) *net.TCPAddr {
	tb.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	srv := &http.Server{Handler: h}
	go func() { _ = srv.Serve(ln) }()
	tb.Cleanup(func() { _ = srv.Close() })
	return ln.Addr().(*net.TCPAddr)
}
