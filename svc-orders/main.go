// Command svc-orders prices and takes orders: the price list and estimator, document counting,
// files, quotes and orders with their lifecycle.
package main

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"linguaport/internal/authn"
	"linguaport/internal/config"
	"linguaport/internal/events"
	"linguaport/internal/httpx"
	"linguaport/internal/platform"
	"linguaport/internal/ratelimit"
	"linguaport/svc-orders/orders"
)

func main() {
	env := config.FromOS()
	cfg := config.LoadService(env, "svc-orders", ":8083")
	origins := env.List("SITE_ORIGINS", nil)
	uploadsPerHour := env.Int("UPLOADS_PER_HOUR", 200)
	p := platform.Start(env, cfg, platform.Needs{Mongo: true})
	defer p.Close()
	ctx, db, rdb, log := p.Ctx, p.DB, p.Redis, p.Log
	geoInstances := p.Watch("svc-geo")
	authInstances := p.Watch("svc-auth")

	prices, err := orders.NewPriceStore(ctx, db, orders.SeedPriceList())
	p.ExitOn("price list", err)
	files, err := orders.NewFileStore(ctx, db)
	p.ExitOn("files", err)
	quotes, err := orders.NewQuoteStore(ctx, db)
	p.ExitOn("quotes", err)
	orderStore, err := orders.NewOrderStore(ctx, db)
	p.ExitOn("orders", err)

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
		go func() { p.ExitOn(area+" events", consumer.Run(ctx)) }()
	}
	go sweep(ctx, svc, log, time.Minute)

	keys := authn.NewRemoteKeys(authn.FetchFromInstances(&http.Client{Timeout: 5 * time.Second}, authInstances))
	auth := authn.NewAuthenticator(authn.NewVerifier(keys, authn.NewRedisSessions(rdb)), origins)
	p.Serve(httpx.NewServer(httpx.Options{
		Name:      cfg.Name,
		Handler:   orders.MakeHandler(orders.MakeEndpoints(svc), auth, p.Trusted),
		Logger:    log,
		AccessLog: p.AccessLog,
		Registry:  metrics,
		Checks:    p.Checks,
	}))
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
