// Command svc-orders prices and takes orders: the price list and estimator, document counting,
// files, quotes and orders with their lifecycle.
package main

import (
	"context"
	"log/slog"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"linguaport/internal/audit"
	"linguaport/internal/company"
	"linguaport/internal/config"
	"linguaport/internal/events"
	"linguaport/internal/httpx"
	"linguaport/internal/ids"
	"linguaport/internal/mail"
	"linguaport/internal/mailbox"
	"linguaport/internal/platform"
	"linguaport/internal/privacy"
	"linguaport/internal/ratelimit"
	"linguaport/internal/svcclient"
	"linguaport/svc-orders/api"
	"linguaport/svc-orders/billing"
	"linguaport/svc-orders/datacopy"
	"linguaport/svc-orders/files"
	"linguaport/svc-orders/orders"
	"linguaport/svc-orders/pool"
	"linguaport/svc-orders/pricing"
	"linguaport/svc-orders/quotes"
)

func main() {
	platform.ContractCommand(api.Routes(api.Endpoints{}, httpx.TrustedProxies{}).Contract())
	env := config.FromOS()
	cfg := config.LoadService(env, "svc-orders", ":8083")
	uploadsPerHour := env.Int("UPLOADS_PER_HOUR", 200)
	// The relays are told which documents got events; the sweep only finds what a crash left.
	outboxSweep := env.Duration("OUTBOX_SWEEP_EVERY", events.DefaultSweepEvery)
	// How long a paid job may wait in the pool before staff are told and the customer reads that
	// a translator is being arranged.
	windows := orders.Windows{
		Urgent: env.Duration("POOL_WINDOW_URGENT", orders.DefaultWindows.Urgent),
		Normal: env.Duration("POOL_WINDOW_NORMAL", orders.DefaultWindows.Normal),
	}
	// How long a translator has to redeliver a revision, in clock hours from its request.
	revisionHours := orders.RevisionHours{
		Urgent: time.Duration(env.Int("REVISION_HOURS_URGENT", 24)) * time.Hour,
		Normal: time.Duration(env.Int("REVISION_HOURS_NORMAL", 48)) * time.Hour,
	}
	// The API sandbox's simulated translator (issue 29): how long it takes to claim a paid sandbox
	// order and to deliver it (or redeliver a revision), and how often every replica looks for
	// the steps due.
	sandboxTimes := orders.SandboxTimes{
		ClaimAfter:   env.Duration("ORDERS_SANDBOX_CLAIM_AFTER", orders.DefaultSandboxTimes.ClaimAfter),
		DeliverAfter: env.Duration("ORDERS_SANDBOX_DELIVER_AFTER", orders.DefaultSandboxTimes.DeliverAfter),
	}
	sandboxPoll := env.Duration("ORDERS_SANDBOX_POLL", time.Second)
	// The agency's facts: the issuer printed on quote PDFs.
	facts, demoFacts, factsErr := company.FromEnv(env)
	p := platform.Start(env, cfg, platform.Needs{Mongo: true})
	defer p.Close()
	ctx, db, rdb, log := p.Ctx, p.DB, p.Redis, p.Log
	p.ExitOn("company facts", factsErr)
	if demoFacts {
		log.Info("company facts: COMPANY_FACTS_FILE is unset, showing the embedded demo set")
	}

	priceStore, err := pricing.NewMongoStore(ctx, db, pricing.SeedPriceList())
	p.ExitOn("price list", err)
	fileStore, err := files.NewMongoStore(ctx, db)
	p.ExitOn("files", err)
	quoteStore, err := quotes.NewMongoStore(ctx, db)
	p.ExitOn("quotes", err)
	orderStore, err := orders.NewMongoStore(ctx, db)
	p.ExitOn("orders", err)
	p.BackfillSlices(quoteStore.Collection(), orderStore.Collection())

	publisher := events.NewPublisher(rdb)
	quoteRelay := events.NewRelay(quoteStore.Collection(), events.Stream("orders"), publisher, log, outboxSweep)
	orderRelay := events.NewRelay(orderStore.Collection(), events.Stream("orders"), publisher, log, outboxSweep)
	go quoteRelay.Run(ctx)
	go orderRelay.Run(ctx)
	// The accepted contract is mailed from the quotes' mailboxes (orders.ContractMails), queued
	// in the approval's write, through SMTP_ADDR, its link starting with SITE_URL.
	contractMails := mailbox.NewRelay(quoteStore.Collection(), orders.ContractMails(quoteStore, env.String("SITE_URL", "http://localhost:8000"), facts),
		mail.NewSender(mail.ConfigFromEnv(env)), log, outboxSweep)
	go contractMails.Run(ctx)
	kickQuote := func(ids ...any) {
		quoteRelay.Kick(ids...)
		contractMails.Kick(ids...)
	}

	geo := svcclient.New(p.Watch("svc-geo"), 3*time.Second)
	defer geo.Close()
	// svc-billing, asked on the caller's behalf: billing details before an approval, the VAT a
	// quote's invoice will carry for its PDF.
	billingClient := svcclient.New(p.Watch("svc-billing"), 3*time.Second)
	defer billingClient.Close()
	bills := billing.New(billingClient)
	metrics := prometheus.NewRegistry()
	eventMetrics := events.NewMetrics(metrics, log)
	eventMetrics.Outboxes(quoteRelay, orderRelay)

	uploadLimit := ratelimit.New(rdb, "orders-uploads", int64(uploadsPerHour), time.Hour)
	fileSvc := files.NewService(fileStore, files.NewRedisTokens(rdb), orderStore, uploadLimit, 0, ids.New, time.Now)
	fileSvc = files.LoggingMiddleware(log)(fileSvc)
	fileSvc = files.InstrumentingMiddleware(metrics)(fileSvc)
	priceSvc := pricing.NewService(priceStore, fileSvc, pricing.NewGeoConverter(geo), time.Now)
	priceSvc = pricing.LoggingMiddleware(log)(priceSvc)
	quoteSvc := quotes.NewService(quoteStore, quotes.NewCounters(db), priceSvc, fileSvc, ids.New, time.Now, kickQuote)
	quoteSvc = quotes.LoggingMiddleware(log)(quoteSvc)
	quoteSvc = quotes.InstrumentingMiddleware(metrics)(quoteSvc)
	translatorStore, err := pool.NewMongoStore(ctx, db)
	p.ExitOn("translators", err)
	// Translators hear of new jobs in their pool, in batches (pool.jobs_available on our stream).
	var noticeRelay *events.Relay
	notices, err := pool.NewNotices(ctx, db, time.Now, func(ids ...any) { noticeRelay.Kick(ids...) })
	p.ExitOn("pool notices", err)
	noticeRelay = events.NewRelay(notices.Collection(), events.Stream("orders"), publisher, log, outboxSweep)
	eventMetrics.Outboxes(noticeRelay)
	go noticeRelay.Run(ctx)
	orderSvc := orders.NewService(orderStore, quoteSvc, fileSvc, translatorStore, priceSvc, time.Now, orderRelay.Kick,
		orders.WithPoolNotices(notices), orders.WithEscalation(windows), orders.WithBilling(bills), orders.WithRevisionHours(revisionHours),
		orders.WithContracts(facts, pricing.AddOnNames(priceSvc)), orders.WithSandbox(sandboxTimes))
	orderSvc = orders.LoggingMiddleware(log)(orderSvc)
	orderSvc = orders.InstrumentingMiddleware(metrics)(orderSvc)

	// Paid invoices start the work; our own stream is replayed so every approved quote has its order.
	processed := db.Collection("processed_events")
	for _, area := range []string{"billing", "orders"} {
		consumer := p.Consumer(events.Stream(area), cfg.Name, processed, orders.EventHandler(orderSvc))
		eventMetrics.Consumers(consumer)
		go func() { p.ExitOn(area+" events", consumer.Run(ctx)) }()
	}
	// The job pool's read model of the translators, from svc-translators' profile changes.
	translatorEvents := p.Consumer(events.Stream("translators"), cfg.Name, processed, pool.EventHandler(translatorStore))
	eventMetrics.Consumers(translatorEvents)
	go func() { p.ExitOn("translators events", translatorEvents.Run(ctx)) }()
	// KVKK requests (internal/privacy): svc-auth's privacy.requested on its stream is answered,
	// for a copy, with what this service keeps about the person and, for an erasure, with the
	// report of what it erased and kept (datacopy), through the privacy_parts outbox to
	// privacy.part_ready on our stream.
	partStore, err := privacy.NewPartStore(ctx, db)
	p.ExitOn("privacy parts", err)
	partRelay := partStore.Relay(publisher, log, outboxSweep)
	eventMetrics.Outboxes(partRelay)
	go partRelay.Run(ctx)
	auditLog, err := audit.NewLog(ctx, db, log)
	p.ExitOn("audit log", err)
	gather := datacopy.Gather(datacopy.Sources{Quotes: quoteStore, Orders: orderStore, Files: fileStore, Pool: translatorStore, Notices: notices}, time.Now)
	erase := datacopy.Erase(datacopy.ErasureSources{Quotes: quoteStore, Orders: orderStore, Files: fileStore, Pool: translatorStore, Notices: notices, Audit: auditLog})
	privacyRequests := p.Consumer(events.Stream("auth"), cfg.Name, processed,
		privacy.Handler(datacopy.Service, privacy.Answers{Copy: gather, Attach: datacopy.Attach(fileStore), Erase: erase}, partStore, partRelay.Kick, time.Now))
	eventMetrics.Consumers(privacyRequests)
	go func() { p.ExitOn("privacy requests", privacyRequests.Run(ctx)) }()
	// SWEEP_EVERY: how often time-made changes are looked for; the browser tests shorten it with
	// the pool windows to see a job escalated.
	go sweep(ctx, log, env.Duration("SWEEP_EVERY", time.Minute), []sweepJob{
		{"expire quotes", quoteSvc.ExpireOverdue},
		{"delete unclaimed files", fileSvc.DeleteUnclaimed},
		{"complete orders", orderSvc.CompleteOverdue},
		{"escalate unclaimed jobs and overdue revisions", orderSvc.EscalateOverdue},
		{"remind translators of revisions due soon", orderSvc.RemindRevisions},
		{"send pool notices", notices.SendDue},
	})
	// The sandbox's simulated translator works from the orders' own due times, so any replica may
	// take a step and a restart loses none; the orders' conditional writes make each step once.
	go sweep(ctx, log, max(sandboxPoll, 100*time.Millisecond), []sweepJob{
		{"sandbox translator", orderSvc.WorkSandbox},
	})

	// Tokens are checked here too (DESIGN §5, defence in depth), with svc-auth's published keys.
	auth := p.Authenticator()
	services := api.Services{Pricing: priceSvc, Files: fileSvc, Quotes: quoteSvc, Orders: orderSvc, Billing: bills, Audit: auditLog, Company: facts}
	table := api.Routes(api.MakeEndpoints(services), p.Trusted)
	p.Serve(httpx.NewServer(httpx.Options{
		Name:      cfg.Name,
		Handler:   table.Handler(auth),
		Logger:    log,
		AccessLog: p.AccessLog,
		Registry:  metrics,
		Checks:    p.Checks,
	}), table.Contract())
}

// sweepJob is a change that time makes: quotes expire, visitors' files nobody claimed go, orders
// complete when their revision period passed, jobs nobody claimed and revisions not redelivered
// in time are escalated, translators are reminded of revisions falling due, translators'
// batched pool notices fall due.
type sweepJob struct {
	name string
	run  func(context.Context) error
}

// sweep runs the jobs every interval; a job that fails is tried again at the next round and
// does not hold the others back.
func sweep(ctx context.Context, log *slog.Logger, interval time.Duration, jobs []sweepJob) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		for _, job := range jobs {
			if err := job.run(ctx); err != nil && ctx.Err() == nil {
				log.WarnContext(ctx, "sweep", "job", job.name, "err", err)
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
