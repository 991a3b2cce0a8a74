// Command svc-billing keeps the money side of the platform: the customers' billing details and
// the invoices issued to them from svc-orders' approved quotes.
package main

import (
	"fmt"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"linguaport/internal/authn"
	"linguaport/internal/config"
	"linguaport/internal/events"
	"linguaport/internal/httpx"
	"linguaport/internal/platform"
	"linguaport/internal/svcclient"
	"linguaport/svc-billing/api"
	"linguaport/svc-billing/invoices"
	"linguaport/svc-billing/profile"
)

func main() {
	env := config.FromOS()
	cfg := config.LoadService(env, "svc-billing", ":8084")
	origins := env.List("SITE_ORIGINS", nil)
	vatPercent := env.Int("VAT_RATE_PERCENT", invoices.DefaultVATRatePercent)
	p := platform.Start(env, cfg, platform.Needs{Mongo: true})
	defer p.Close()
	if vatPercent < 0 || vatPercent > 100 {
		p.ExitOn("config", fmt.Errorf("VAT_RATE_PERCENT=%d is not a percentage", vatPercent))
	}

	profileStore, err := profile.NewMongoStore(p.Ctx, p.DB)
	p.ExitOn("profiles", err)
	invoiceStore, err := invoices.NewMongoStore(p.Ctx, p.DB)
	p.ExitOn("invoices", err)

	metrics := prometheus.NewRegistry()
	profileSvc := profile.NewService(profileStore, time.Now)
	profileSvc = profile.LoggingMiddleware(p.Log)(profile.InstrumentingMiddleware(metrics)(profileSvc))
	// Invoices read the billing details from the profiles' store: the same service's data.
	invoiceSvc := invoices.NewService(invoiceStore, profileStore, vatPercent, time.Now)
	invoiceSvc = invoices.LoggingMiddleware(p.Log)(invoices.InstrumentingMiddleware(metrics)(invoiceSvc))

	// Every approved quote becomes an invoice; a billing that was down catches up from the stream.
	consumer := events.NewConsumer(p.Redis, events.Stream("orders"), cfg.Name, p.DB.Collection("processed_events"),
		invoices.Handler(invoiceSvc), p.Log)
	go func() { p.ExitOn("orders events", consumer.Run(p.Ctx)) }()

	// Tokens are checked here too (DESIGN §5, defence in depth), with svc-auth's published keys.
	authClient := svcclient.New(p.Watch("svc-auth"), 5*time.Second)
	defer authClient.Close()
	keys := authn.NewRemoteKeys(authn.FetchFrom(authClient))
	auth := authn.NewAuthenticator(authn.NewVerifier(keys, authn.NewRedisSessions(p.Redis)), origins)
	p.Serve(httpx.NewServer(httpx.Options{
		Name:      cfg.Name,
		Handler:   api.MakeHandler(api.MakeEndpoints(api.Services{Profile: profileSvc, Invoices: invoiceSvc}), auth),
		Logger:    p.Log,
		AccessLog: p.AccessLog,
		Registry:  metrics,
		Checks:    p.Checks,
	}))
}
