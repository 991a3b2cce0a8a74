// Command gateway is the public HTTP API: it routes /api/v1/<area>/... to the healthy instances
// of the area's service found in Consul.
package main

import (
	"context"
	"errors"
	"log/slog"
	"net"
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
	env := config.FromOS()
	addr := env.String("HTTP_ADDR", ":8080")
	consulAddr := env.String("CONSUL_HTTP_ADDR", "127.0.0.1:8500")
	trustedList := env.List("TRUSTED_PROXIES", []string{"127.0.0.0/8", "::1"})
	redisURL := env.String("REDIS_URL", "redis://127.0.0.1:6390/0")
	origins := env.List("SITE_ORIGINS", nil)
	logLevel := env.String("LOG_LEVEL", "info")
	accessLog := env.Bool("ACCESS_LOG", true)
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
	var watches []*discovery.Instances
	watch := func(service string) *discovery.Instances {
		w := discovery.Watch(consul, service, log)
		watches = append(watches, w)
		return w
	}
	rdb, err := redisx.Connect(ctx, redisURL)
	logging.ExitOn(log, "redis", err)
	defer rdb.Close()
	// Tokens are checked with svc-auth's published keys and the shared session store.
	authClient := svcclient.New(watch("svc-auth"), 5*time.Second)
	defer authClient.Close()
	keys := authn.NewRemoteKeys(authn.FetchFrom(authClient))
	guard := authn.NewGuard(authn.NewAuthenticator(authn.NewVerifier(keys, authn.NewRedisSessions(rdb)), origins), edgeRules(routeTable))
	router := newRouter(routeTable, watch, trusted, guard, log)
	defer func() {
		for _, w := range watches {
			w.Stop()
		}
	}()

	srv := httpx.NewServer(httpx.Options{
		Name:      "gateway",
		Handler:   router,
		Logger:    log,
		AccessLog: accessLog,
		Checks:    []httpx.Check{{Name: "consul", Probe: discovery.Ping(consul)}, {Name: "redis", Probe: redisx.Ping(rdb)}},
	})
	ln, err := net.Listen("tcp", addr)
	logging.ExitOn(log, "listen", err)
	logging.ExitOn(log, "serve", srv.Serve(ctx, ln))
}
