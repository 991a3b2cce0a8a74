// Command svc-geo tells the display currency for a visitor's address and converts between
// currencies at the fixed rates.
package main

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"linguaport/internal/config"
	"linguaport/internal/discovery"
	"linguaport/internal/httpx"
	"linguaport/internal/logging"
	"linguaport/internal/redisx"
	"linguaport/internal/telemetry"
	"linguaport/svc-geo/geo"
)

func main() {
	env := config.FromOS()
	cfg := config.LoadService(env, "svc-geo", ":8086")
	cacheTTL := env.Duration("GEO_CACHE_TTL", 24*time.Hour)
	accessLog := env.Bool("ACCESS_LOG", true)
	trusted, err := httpx.ParseTrustedProxies(env.List("TRUSTED_PROXIES", []string{"127.0.0.0/8", "::1"}))
	log := logging.New(os.Stdout, cfg.Name, cfg.LogLevel)
	slog.SetDefault(log)
	defer logging.Flush()
	if err := errors.Join(env.Err(), err); err != nil {
		log.Error("configuration", "err", err)
		os.Exit(2)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	shutdownTracing, err := telemetry.Setup(ctx, cfg.Name)
	logging.ExitOn(log, "telemetry", err)
	defer shutdownTracing(context.Background())

	rdb, err := redisx.Connect(ctx, cfg.RedisURL)
	logging.ExitOn(log, "redis", err)
	defer rdb.Close()
	consul, err := discovery.NewClient(cfg.ConsulAddr)
	logging.ExitOn(log, "consul", err)

	metrics := prometheus.NewRegistry()
	svc := geo.NewService(geo.NewCachedLocator(geo.EmbeddedLocator{}, rdb, cacheTTL))
	svc = geo.InstrumentingMiddleware(metrics)(svc)
	srv := httpx.NewServer(httpx.Options{
		Name:      cfg.Name,
		Handler:   geo.MakeHandler(geo.MakeEndpoints(svc), trusted),
		Logger:    log,
		AccessLog: accessLog,
		Registry:  metrics,
		Checks:    []httpx.Check{{Name: "redis", Probe: redisx.Ping(rdb)}},
	})

	ln, err := net.Listen("tcp", cfg.HTTPAddr)
	logging.ExitOn(log, "listen", err)
	deregister, err := discovery.Register(consul, discovery.Registration{
		Name: cfg.Name, Host: cfg.AdvertiseHost, Port: ln.Addr().(*net.TCPAddr).Port, CheckInterval: cfg.CheckInterval,
	})
	logging.ExitOn(log, "consul register", err)
	srv.OnShutdown(deregister)
	logging.ExitOn(log, "serve", srv.Serve(ctx, ln))
}
