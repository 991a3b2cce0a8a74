// Command svc-orders prices and takes orders: the price list and estimator, and (as ordering
// grows) document counting, files, quotes and orders.
package main

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"linguaport/internal/authn"
	"linguaport/internal/config"
	"linguaport/internal/discovery"
	"linguaport/internal/httpx"
	"linguaport/internal/logging"
	"linguaport/internal/mongox"
	"linguaport/internal/redisx"
	"linguaport/internal/telemetry"
	"linguaport/svc-orders/orders"
)

func main() {
	env := config.FromOS()
	cfg := config.LoadService(env, "svc-orders", ":8083")
	accessLog := env.Bool("ACCESS_LOG", true)
	origins := env.List("SITE_ORIGINS", nil)
	log := logging.New(os.Stdout, cfg.Name, cfg.LogLevel)
	slog.SetDefault(log)
	defer logging.Flush()
	if err := errors.Join(env.Err()); err != nil {
		log.Error("configuration", "err", err)
		os.Exit(2)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	shutdownTracing, err := telemetry.Setup(ctx, cfg.Name)
	logging.ExitOn(log, "telemetry", err)
	defer shutdownTracing(context.Background())

	mongo, err := mongox.Connect(ctx, cfg.MongoURI)
	logging.ExitOn(log, "mongo", err)
	defer mongo.Disconnect(context.Background())
	rdb, err := redisx.Connect(ctx, cfg.RedisURL)
	logging.ExitOn(log, "redis", err)
	defer rdb.Close()
	consul, err := discovery.NewClient(cfg.ConsulAddr)
	logging.ExitOn(log, "consul", err)
	geoInstances := discovery.Watch(consul, "svc-geo", log)
	defer geoInstances.Stop()
	authInstances := discovery.Watch(consul, "svc-auth", log)
	defer authInstances.Stop()

	prices, err := orders.NewPriceStore(ctx, mongo.Database(cfg.MongoDatabase), orders.SeedPriceList())
	logging.ExitOn(log, "price list", err)
	svc := orders.NewService(prices, orders.NewGeoConverter(geoInstances))
	keys := authn.NewRemoteKeys(authn.FetchFromInstances(&http.Client{Timeout: 5 * time.Second}, authInstances))
	auth := authn.NewAuthenticator(authn.NewVerifier(keys, authn.NewRedisSessions(rdb)), origins)
	srv := httpx.NewServer(httpx.Options{
		Name:      cfg.Name,
		Handler:   orders.MakeHandler(orders.MakeEndpoints(svc), auth),
		Logger:    log,
		AccessLog: accessLog,
		Checks:    []httpx.Check{{Name: "mongo", Probe: mongox.Ping(mongo)}, {Name: "redis", Probe: redisx.Ping(rdb)}},
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
