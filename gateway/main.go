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

	"linguaport/internal/config"
	"linguaport/internal/discovery"
	"linguaport/internal/httpx"
	"linguaport/internal/logging"
	"linguaport/internal/telemetry"
)

func main() {
	env := config.FromOS()
	addr := env.String("HTTP_ADDR", ":8080")
	consulAddr := env.String("CONSUL_HTTP_ADDR", "127.0.0.1:8500")
	trustedList := env.List("TRUSTED_PROXIES", []string{"127.0.0.0/8", "::1"})
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
	router := newRouter(routeTable, watch, trusted, log)
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
		Checks:    []httpx.Check{{Name: "consul", Probe: discovery.Ping(consul)}},
	})
	ln, err := net.Listen("tcp", addr)
	logging.ExitOn(log, "listen", err)
	logging.ExitOn(log, "serve", srv.Serve(ctx, ln))
}
