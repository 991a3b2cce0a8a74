// Command svc-billing keeps the money side of the platform: the customers' billing details, the
// invoices issued to them from svc-orders' approved quotes, their payment from the balance or by
// card at the payment provider, each customer's balance with its ledger, and the translators'
// earnings with their payouts.
package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
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
	"linguaport/internal/svcclient"
	"linguaport/svc-billing/api"
	"linguaport/svc-billing/balance"
	"linguaport/svc-billing/datacopy"
	"linguaport/svc-billing/earnings"
	"linguaport/svc-billing/einvoice"
	"linguaport/svc-billing/invoices"
	"linguaport/svc-billing/paying"
	"linguaport/svc-billing/payments"
	"linguaport/svc-billing/profile"
)

func main() {
	platform.ContractCommand(api.Routes(api.Endpoints{}).Contract())
	env := config.FromOS()
	cfg := config.LoadService(env, "svc-billing", ":8084")
	lim, limErr := readLimits(env)
	vatPercent, dueDays, payoutThreshold := lim.vatPercent, lim.dueDays, lim.payoutThreshold
	outboxSweep := env.Duration("OUTBOX_SWEEP_EVERY", events.DefaultSweepEvery)
	// The card payment provider: Stripe, or the local stand-in `make up` runs (STRIPE_API_BASE).
	stripeKey := env.Required("STRIPE_SECRET_KEY")
	stripeWebhookSecret := env.Required("STRIPE_WEBHOOK_SECRET")
	stripeAPIBase := env.String("STRIPE_API_BASE", "")
	// The agency's facts: the seller on invoices and the accounts customers transfer to.
	facts, demoFacts, factsErr := company.FromEnv(env)
	// The Central Bank's rates for e-Arşiv documents in other currencies than TRY: a file of
	// them, or the demo rates (the site's fixed ones) when unset.
	ratesFile := env.String("TCMB_RATES_FILE", "")
	// The GİB special integrator the e-Arşiv documents go to: "local" records them in
	// EINVOICE_RECORD_DIR and sends nothing (API.md, "e-Arşiv", says what a deployment configures).
	integratorName := env.String("EINVOICE_INTEGRATOR", "local")
	recordDir := env.String("EINVOICE_RECORD_DIR", filepath.Join(os.TempDir(), "linguaport-e-documents"))
	// The customers' invoices, receipts and refunds are mailed through SMTP_ADDR, their links
	// starting with SITE_URL.
	mailCfg := mail.ConfigFromEnv(env)
	siteURL := env.String("SITE_URL", "http://localhost:8000")
	p := platform.Start(env, cfg, platform.Needs{Mongo: true})
	defer p.Close()
	p.ExitOn("config", limErr)
	p.ExitOn("company facts", factsErr)
	if demoFacts {
		p.Log.Info("company facts: COMPANY_FACTS_FILE is unset, showing the embedded demo set")
	}
	rates, err := einvoice.LoadRates(ratesFile)
	p.ExitOn("TCMB_RATES_FILE", err)
	if ratesFile == "" {
		p.Log.Info("TCMB rates: TCMB_RATES_FILE is unset, e-Arşiv documents in other currencies use the demo rates")
	}
	if integratorName != "local" {
		p.ExitOn("EINVOICE_INTEGRATOR", fmt.Errorf("%q: no adapter for it; the one built is \"local\"", integratorName))
	}
	integrator, err := einvoice.NewRecorder(recordDir)
	p.ExitOn("e-document recorder", err)
	p.Log.Info("e-Arşiv documents: recorded, not sent", "integrator", integrator.Name(), "dir", integrator.Dir())
	provider, err := payments.NewStripe(stripeKey, stripeAPIBase, stripeWebhookSecret)
	p.ExitOn("payment provider", err)

	profileStore, err := profile.NewMongoStore(p.Ctx, p.DB)
	p.ExitOn("profiles", err)
	invoiceStore, err := invoices.NewMongoStore(p.Ctx, p.DB)
	p.ExitOn("invoices", err)
	p.ExitOn("invoice due dates", invoiceStore.FillDueDates(p.Ctx, dueDays))
	p.BackfillSlices(invoiceStore.Collection())
	balanceStore, err := balance.NewMongoStore(p.Ctx, p.DB)
	p.ExitOn("balances", err)
	// Translators' earnings: the same ledger as the customers' balances, in collections of their own.
	earningsLedgerStore, err := balance.NewMongoStoreNamed(p.Ctx, p.DB, "earnings")
	p.ExitOn("earnings", err)
	earningsStore, err := earnings.NewMongoStore(p.Ctx, p.DB)
	p.ExitOn("payouts", err)
	webhookLog, err := payments.NewMongoWebhookLog(p.Ctx, p.DB)
	p.ExitOn("webhook log", err)
	auditLog, err := audit.NewLog(p.Ctx, p.DB, p.Log)
	p.ExitOn("audit log", err)
	// svc-billing's answers to KVKK requests, each kept with its event until published.
	partStore, err := privacy.NewPartStore(p.Ctx, p.DB)
	p.ExitOn("privacy parts", err)

	// Issued, paid and refunded invoices and balance debits leave through their documents' outboxes.
	publisher := events.NewPublisher(p.Redis)
	invoiceRelay := events.NewRelay(invoiceStore.Collection(), events.Stream("billing"), publisher, p.Log, outboxSweep)
	accountRelay := events.NewRelay(balanceStore.Accounts(), events.Stream("billing"), publisher, p.Log, outboxSweep)
	go invoiceRelay.Run(p.Ctx)
	go accountRelay.Run(p.Ctx)
	// The invoice, the receipt and the refund leave through the invoices' mailboxes, queued in
	// the same writes as their events.
	invoiceMails := mailbox.NewRelay(invoiceStore.Collection(), invoices.Mails(invoiceStore, siteURL, facts),
		mail.NewSender(mailCfg), p.Log, outboxSweep)
	go invoiceMails.Run(p.Ctx)
	kickInvoice := func(ids ...any) {
		invoiceRelay.Kick(ids...)
		invoiceMails.Kick(ids...)
	}
	earningsRelay := events.NewRelay(earningsLedgerStore.Accounts(), events.Stream("billing"), publisher, p.Log, outboxSweep)
	go earningsRelay.Run(p.Ctx)
	// Staff's decisions on payouts (payout.paid, payout.rejected) leave through the payouts' own.
	payoutRelay := events.NewRelay(earningsStore.Collection(), events.Stream("billing"), publisher, p.Log, outboxSweep)
	go payoutRelay.Run(p.Ctx)
	// Declared bank transfers leave through the transfers' outboxes (transfer.declared).
	transferRelay := events.NewRelay(balanceStore.Transfers(), events.Stream("billing"), publisher, p.Log, outboxSweep)
	go transferRelay.Run(p.Ctx)
	// A person's copy of their billing data, or the report of its erasure (privacy.part_ready),
	// leaves through its answer's outbox.
	partRelay := partStore.Relay(publisher, p.Log, outboxSweep)
	go partRelay.Run(p.Ctx)

	metrics := prometheus.NewRegistry()
	eventMetrics := events.NewMetrics(metrics, p.Log)
	eventMetrics.Outboxes(invoiceRelay, accountRelay, earningsRelay, payoutRelay, transferRelay, partRelay)
	profileSvc := profile.NewService(profileStore, time.Now)
	profileSvc = profile.LoggingMiddleware(p.Log)(profileSvc)
	profileSvc = profile.InstrumentingMiddleware(metrics)(profileSvc)
	// Invoices read the billing details from the profiles' store: the same service's data.
	// The dashboard's revenue is converted to TRY at svc-geo's fixed rates (its table only).
	geo := svcclient.New(p.Watch("svc-geo"), 3*time.Second)
	defer geo.Close()
	registrations := profile.NewRegistrations(p.DB)
	invoiceSvc := invoices.NewService(invoiceStore, profileStore, vatPercent, dueDays, time.Now, kickInvoice,
		invoices.WithRates(invoices.NewGeoRates(geo)), invoices.WithRegistrations(registrations))
	invoiceSvc = invoices.LoggingMiddleware(p.Log)(invoiceSvc)
	invoiceSvc = invoices.InstrumentingMiddleware(metrics)(invoiceSvc)
	balanceSvc := balance.NewService(balanceStore, time.Now, ids.New, accountRelay.Kick, balance.WithTransfersKick(transferRelay.Kick))
	balanceSvc = balance.LoggingMiddleware(p.Log)(balanceSvc)
	balanceSvc = balance.InstrumentingMiddleware(metrics)(balanceSvc)
	payKeys := paying.NewMongoKeys(p.DB)
	payingSvc := paying.NewService(webhookLog, payKeys, invoiceSvc, balanceSvc, provider, provider,
		cfg.SiteOrigins, time.Now, p.Log)
	payingSvc = paying.LoggingMiddleware(p.Log)(payingSvc)
	payingSvc = paying.InstrumentingMiddleware(metrics)(payingSvc)
	earningsLedger := balance.NewService(earningsLedgerStore, time.Now, ids.New, earningsRelay.Kick)
	earningsSvc := earnings.NewService(earningsStore, earningsLedger, int64(payoutThreshold), time.Now,
		earnings.WithKick(payoutRelay.Kick))
	earningsSvc = earnings.LoggingMiddleware(p.Log)(earningsSvc)
	earningsSvc = earnings.InstrumentingMiddleware(metrics)(earningsSvc)

	// A KVKK copy request (svc-auth's privacy.requested) is answered with what svc-billing's own
	// stores keep about the person, read by their id.
	gather := datacopy.Gather(datacopy.Sources{Profiles: profileStore, Registrations: registrations, Invoices: invoiceStore,
		Balance: balanceStore, Transfers: balanceStore, Earnings: earningsLedgerStore, Payouts: earningsStore})
	// An erasure removes what no law makes svc-billing keep and reports what the retention list
	// makes it keep (API.md "KVKK copy", "Erasure").
	erase := datacopy.Erase(datacopy.ErasureSources{Profiles: profileStore, Registrations: registrations, Keys: payKeys,
		Invoices: invoiceStore, Balance: balanceStore, Transfers: balanceStore, Earnings: earningsLedgerStore, Payouts: earningsStore, Audit: auditLog,
		SandboxInvoices: invoiceStore, SandboxBalance: balanceStore})

	// Every approved quote becomes an invoice; our own stream finishes payments and refunds a
	// crash interrupted; svc-auth's brings the KVKK requests. A billing that was down catches up
	// from the streams.
	processed := p.DB.Collection("processed_events")
	for area, handle := range map[string]events.Handler{
		"orders":  invoices.Handler(invoiceSvc),
		"billing": paying.Handler(payingSvc),
		"auth":    privacy.Handler(datacopy.Service, privacy.Answers{Copy: gather, Erase: erase}, partStore, partRelay.Kick, time.Now),
	} {
		consumer := p.Consumer(events.Stream(area), cfg.Name, processed, handle)
		eventMetrics.Consumers(consumer)
		go func() { p.ExitOn(area+" events", consumer.Run(p.Ctx)) }()
	}
	// Issued invoices and refunds send their e-Arşiv documents to the integrator, in a group of
	// their own, so an integrator that is down holds up nothing else.
	edocs := p.Consumer(events.Stream("billing"), cfg.Name+"-edocuments", processed,
		einvoice.Handler(invoiceSvc, einvoice.Issuer{Seller: facts, Rates: rates}, integrator))
	eventMetrics.Consumers(edocs)
	go func() { p.ExitOn("billing events for e-documents", edocs.Run(p.Ctx)) }()
	// Earnings follow completed orders, the translators' bank accounts and their own payouts in a
	// group of their own, so a failing credit never holds up invoices (or the other way round).
	for _, area := range []string{"orders", "translators", "billing"} {
		consumer := p.Consumer(events.Stream(area), cfg.Name+"-earnings", processed,
			earnings.Handler(earningsSvc, p.Log))
		eventMetrics.Consumers(consumer)
		go func() { p.ExitOn(area+" events for earnings", consumer.Run(p.Ctx)) }()
	}

	// Tokens are checked here too (DESIGN §5, defence in depth), with svc-auth's published keys.
	auth := p.Authenticator()
	table := api.Routes(api.MakeEndpoints(api.Services{Profile: profileSvc, Invoices: invoiceSvc, Paying: payingSvc,
		Balance: balanceSvc, Earnings: earningsSvc, Audit: auditLog, Company: facts, Rates: rates, Registrations: registrations}))
	p.Serve(httpx.NewServer(httpx.Options{
		Name:      cfg.Name,
		Handler:   table.Handler(auth),
		Logger:    p.Log,
		AccessLog: p.AccessLog,
		Registry:  metrics,
		Checks:    p.Checks,
	}), table.Contract())
}

// limits are svc-billing's numeric settings. A value that is no integer is reported by name by
// platform.Start (config.Env); one out of range is this error, naming the variable too.
type limits struct{ vatPercent, dueDays, payoutThreshold int }

func readLimits(env *config.Env) (limits, error) {
	l := limits{
		vatPercent: env.Int("VAT_RATE_PERCENT", invoices.DefaultVATRatePercent),
		// How many days a customer has to pay an invoice; past it, staff see it as past due.
		dueDays: env.Int("INVOICE_DUE_DAYS", invoices.DefaultDueDays),
		// The smallest payout of a translator's earnings, in TRY minor units.
		payoutThreshold: env.Int("PAYOUT_THRESHOLD_MINOR", earnings.DefaultThresholdMinor),
	}
	var bad []error
	if l.vatPercent < 0 || l.vatPercent > 100 {
		bad = append(bad, fmt.Errorf("VAT_RATE_PERCENT=%d is not a percentage", l.vatPercent))
	}
	if l.dueDays < 0 || l.dueDays > 365 {
		bad = append(bad, fmt.Errorf("INVOICE_DUE_DAYS=%d is not 0 to 365 days", l.dueDays))
	}
	if l.payoutThreshold < 1 {
		bad = append(bad, fmt.Errorf("PAYOUT_THRESHOLD_MINOR=%d is not a positive amount", l.payoutThreshold))
	}
	return l, errors.Join(bad...)
}
