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

	"github.com/prometheus/client_golang/prometheus"

	"linguaport/internal/authn"
	"linguaport/internal/config"
	"linguaport/internal/discovery"
	"linguaport/internal/events"
	"linguaport/internal/httpx"
	"linguaport/internal/logging"
	"linguaport/internal/mongox"
	"linguaport/internal/ratelimit"
	"linguaport/internal/redisx"
	"linguaport/internal/telemetry"
	"linguaport/svc-orders/orders"
)

func main() {
	env := config.FromOS()
	cfg := config.LoadService(env, "svc-orders", ":8083")
	accessLog := env.Bool("ACCESS_LOG", true)
	origins := env.List("SITE_ORIGINS", nil)
	uploadsPerHour := env.Int("UPLOADS_PER_HOUR", 200)
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

	db := mongo.Database(cfg.MongoDatabase)
	prices, err := orders.NewPriceStore(ctx, db, orders.SeedPriceList())
	logging.ExitOn(log, "price list", err)
	files, err := orders.NewFileStore(ctx, db)
	logging.ExitOn(log, "files", err)
	quotes, err := orders.NewQuoteStore(ctx, db)
	logging.ExitOn(log, "quotes", err)
	orderStore, err := orders.NewOrderStore(ctx, db)
	logging.ExitOn(log, "orders", err)

	publisher := events.NewPublisher(rdb)
	quoteRelay := events.NewRelay(quotes.Collection(), events.Stream("orders"), publisher, log, 2*time.Second)
	orderRelay := events.NewRelay(orderStore.Collection(), events.Stream("orders"), publisher, log, 2*time.Second)
	go quoteRelay.Run(ctx)
	go orderRelay.Run(ctx)

	svc := orders.NewService(orders.Deps{
		Prices: prices, Files: files, Tokens: orders.NewUploadTokens(rdb), Quotes: quotes, Orders: orderStore,
		Counters: orders.NewCounters(db), Converter: orders.NewGeoConverter(geoInstances),
		UploadLimit: ratelimit.New(rdb, "orders-uploads", int64(uploadsPerHour), time.Hour),
		Published:   func() { quoteRelay.Kick(); orderRelay.Kick() },
	})
	metrics := prometheus.NewRegistry()
	svc = orders.InstrumentingMiddleware(metrics)(svc)

	// Paid invoices start the work; our own stream is replayed so every approved quote has its order.
	processed := db.Collection("processed_events")
	for _, area := range []string{"billing", "orders"} {
		consumer := events.NewConsumer(rdb, events.Stream(area), cfg.Name, processed, orders.EventHandler(svc), log)
		go func() { logging.ExitOn(log, area+" events", consumer.Run(ctx)) }()
	}
	go sweep(ctx, svc, log, time.Minute)

	keys := authn.NewRemoteKeys(authn.FetchFromInstances(&http.Client{Timeout: 5 * time.Second}, authInstances))
	auth := authn.NewAuthenticator(authn.NewVerifier(keys, authn.NewRedisSessions(rdb)), origins)
	srv := httpx.NewServer(httpx.Options{
		Name:      cfg.Name,
		Handler:   orders.MakeHandler(orders.MakeEndpoints(svc), auth, trusted),
		Logger:    log,
		AccessLog: accessLog,
		Registry:  metrics,
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

// sweep expires quotes and completes orders whose revision period passed, every interval.
func sweep(ctx context.Context, svc orders.Service, log *slog.Logger, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		if err := svc.Sweep(ctx); err != nil && ctx.Err() == nil {
			log.WarnContext(ctx, "sweep", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
