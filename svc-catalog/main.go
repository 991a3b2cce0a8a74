// Command svc-catalog serves the agency's public content, takes contact and corporate inquiries
// and live support chats, and answers KVKK copy and erasure requests for what it keeps of them.
package main

import (
	"context"
	"encoding/json"
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
	"linguaport/internal/ratelimit"
	"linguaport/svc-catalog/api"
	"linguaport/svc-catalog/catalog"
)

func main() {
	platform.ContractCommand(api.Routes(api.Endpoints{}, nil, httpx.TrustedProxies{}, 0).Contract())
	// `svc-catalog snapshot FILE` writes the public answers for the seed content, which the web
	// UI's build prerenders pages from.
	if len(os.Args) == 3 && os.Args[1] == "snapshot" {
		if err := writeSnapshot(os.Args[2]); err != nil {
			fmt.Fprintln(os.Stderr, "snapshot:", err)
			os.Exit(1)
		}
		return
	}
	env := config.FromOS()
	cfg := config.LoadService(env, "svc-catalog", ":8082")
	inquiriesPerHour := env.Int("INQUIRIES_PER_HOUR", 5)
	outboxSweep := env.Duration("OUTBOX_SWEEP_EVERY", events.DefaultSweepEvery)
	// Staff's replies to inquiries go out as svc-auth's mails do, to the SMTP server of SMTP_ADDR.
	mailCfg := mail.ConfigFromEnv(env)
	// The agency's facts: the legal texts are rendered with them and GET company answers them.
	facts, demoFacts, factsErr := company.FromEnv(env)
	p := platform.Start(env, cfg, platform.Needs{Mongo: true})
	defer p.Close()
	p.ExitOn("company facts", factsErr)
	if demoFacts {
		p.Log.Info("company facts: COMPANY_FACTS_FILE is unset, showing the embedded demo set")
	}

	store, err := catalog.NewMongoStore(p.Ctx, p.DB)
	p.ExitOn("store", err)
	content, err := catalog.SeedContent()
	p.ExitOn("seed content", err)
	added, err := store.Seed(p.Ctx, content)
	p.ExitOn("seed", err)
	p.Log.Info("catalogue seeded", "added", added)

	metrics := prometheus.NewRegistry()
	limiter := ratelimit.New(p.Redis, "catalog-inquiries", int64(inquiriesPerHour), time.Hour)
	svc := catalog.NewService(store, limiter, ids.New, facts)
	svc = catalog.LoggingMiddleware(p.Log)(svc)
	svc = catalog.InstrumentingMiddleware(metrics)(svc)

	// Staff's side: every change recorded in the audit log; a reply's mail is queued in the
	// inquiry's mailbox in the same write and sent by the mail relay.
	auditLog, err := audit.NewLog(p.Ctx, p.DB, p.Log)
	p.ExitOn("audit log", err)
	replyRelay := events.NewRelay(store.Collection(), events.Stream("catalog"), events.NewPublisher(p.Redis), p.Log, outboxSweep)
	eventMetrics := events.NewMetrics(metrics, p.Log)
	eventMetrics.Outboxes(replyRelay)
	go replyRelay.Run(p.Ctx)
	replyMails := mailbox.NewRelay(store.Collection(), catalog.MailRender(store, facts.MailFooter), mail.NewSender(mailCfg), p.Log, outboxSweep)
	go replyMails.Run(p.Ctx)
	staffSvc := catalog.NewStaffService(store, auditLog, p.Log, time.Now, ids.New,
		func(ids ...any) { replyRelay.Kick(ids...); replyMails.Kick(ids...) })
	staffSvc = catalog.StaffLoggingMiddleware(p.Log)(staffSvc)

	chats, chatStore, chatSenders := startChat(p, env, svc, metrics, eventMetrics)
	// KVKK: svc-auth's requests for a person's copy, answered with their inquiries and chats, and
	// for erasure, answered by deleting them.
	startPrivacy(p, cfg.Name, privacy.Answers{
		Copy:  privacyGather(store, chatStore),
		Erase: privacyErase(store, chatStore, chatSenders, auditLog),
	}, eventMetrics, outboxSweep)

	// Staff and customers are identified by their tokens here too (DESIGN §5, defence in depth).
	auth := p.Authenticator()
	table := api.Routes(api.MakeEndpoints(svc, staffSvc, chats, auditLog), chats, p.Trusted, api.DefaultHeartbeat)
	p.Serve(httpx.NewServer(httpx.Options{
		Name:      cfg.Name,
		Handler:   table.Handler(auth),
		Logger:    p.Log,
		AccessLog: p.AccessLog,
		Registry:  metrics,
		Checks:    p.Checks,
	}), table.Contract())
}

// writeSnapshot writes the snapshot with the facts the build is given (COMPANY_FACTS_FILE, as
// the services read it; unset, the demo set), so prerendered pages say what the API says.
func writeSnapshot(file string) error {
	content, err := catalog.SeedContent()
	if err != nil {
		return err
	}
	facts, _, err := company.FromEnv(config.FromOS())
	if err != nil {
		return err
	}
	snap, err := api.Snapshot(context.Background(), content, facts)
	if err != nil {
		return err
	}
	data, err := json.Marshal(snap)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return err
	}
	return os.WriteFile(file, data, 0o644)
}
