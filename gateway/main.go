// Command gateway is the public HTTP API: it routes /api/v1/<area>/... to the healthy instances
// of svc-<area> found in Consul, checking each request against the contract the instance it goes
// to publishes (areas.go). It compiles in no service.
package main

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"
	"time"

	"linguaport/internal/authn"
	"linguaport/internal/config"
	"linguaport/internal/discovery"
	"linguaport/internal/httpx"
	"linguaport/internal/logging"
	"linguaport/internal/redisx"
	"linguaport/internal/svcclient"
	"linguaport/internal/telemetry"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == "openapi" {
		if err := docCommand(os.Args[2:], os.Stdout); err != nil {
			slog.Error("openapi", "err", err)
			os.Exit(1)
		}
		return
	}
	env := config.FromOS()
	addr := env.String("HTTP_ADDR", ":8080")
	consulAddr := env.String("CONSUL_HTTP_ADDR", "127.0.0.1:8500")
	trustedList := env.List("TRUSTED_PROXIES", []string{"127.0.0.0/8", "::1"})
	redisURL := env.String("REDIS_URL", "redis://127.0.0.1:6390/0")
	origins := env.List("SITE_ORIGINS", nil)
	logLevel := env.String("LOG_LEVEL", "info")
	accessLog := env.Bool("ACCESS_LOG", true)
	pprofAddr := env.String("PPROF_ADDR", "")
	log := logging.New(os.Stdout, "gateway", logLevel)
	slog.SetDefault(log)
	defer logging.Flush()
	trusted, err := httpx.ParseTrustedProxies(trustedList)
	if err := errors.Join(env.Err(), err); err != nil {
		log.Error("configuration", "err", err)
		os.Exit(2)
	}

	if os.Getenv("GOGC") == "" {
		// The gateway's live heap is a few MB of routing state; collecting at 4x instead of 2x of
		// it halves GC work per request for a few MB more memory.
		debug.SetGCPercent(400)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	shutdownTracing, err := telemetry.Setup(ctx, "gateway")
	logging.ExitOn(log, "telemetry", err)
	defer shutdownTracing(context.Background())

	consul, err := discovery.NewClient(consulAddr)
	logging.ExitOn(log, "consul", err)
	rdb, err := redisx.Connect(ctx, redisURL)
	logging.ExitOn(log, "redis", err)
	defer rdb.Close()
	// Tokens are checked with svc-auth's published keys and the shared session store.
	authWatch := discovery.Watch(consul, "svc-auth", log)
	defer authWatch.Stop()
	authClient := svcclient.New(authWatch, 5*time.Second)
	defer authClient.Close()
	keys := authn.NewRemoteKeys(authn.FetchFrom(authClient))
	auth := authn.NewAuthenticator(authn.NewVerifier(keys, authn.NewRedisSessions(rdb)), origins)
	conns := newUpstreamTransport()
	as := watchAreas(consul, auth, func(service string) *upstream { return newUpstream(service, trusted, conns) }, log)
	defer as.Stop()

	srv := httpx.NewServer(httpx.Options{
		Name:      "gateway",
		Handler:   newRouter(as, newKeyTokens(authClient, trusted, newKeyLimit(rdb)), &idempotency{rdb: rdb, trusted: trusted}, log),
		Logger:    log,
		AccessLog: accessLog,
		Checks:    []httpx.Check{{Name: "consul", Probe: discovery.Ping(consul)}, {Name: "redis", Probe: redisx.Ping(rdb)}, {Name: "areas", Probe: as.Ready}},
	})
	if pprofAddr != "" {
		// Go's profiler on an address of its own, never the public one: the gateway benchmark
		// (bench/gateway -profile) reads where the gateway's CPU goes under load.
		go func() { log.Warn("pprof", "err", http.ListenAndServe(pprofAddr, pprofMux())) }()
	}
	ln, err := net.Listen("tcp", addr)
	logging.ExitOn(log, "listen", err)
	logging.ExitOn(log, "serve", srv.Serve(ctx, ln))
}

func pprofMux() *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	return mux
}
