// Command svc-translators keeps the translator side of the agency: the applications of people
// who want to translate for it, the translators' profiles (competencies, bank accounts,
// vacations) and their support tickets (DESIGN §10).
package main

import (
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
	"linguaport/svc-translators/api"
	"linguaport/svc-translators/applications"
	"linguaport/svc-translators/datacopy"
	"linguaport/svc-translators/profiles"
	"linguaport/svc-translators/support"
)

func main() {
	platform.ContractCommand(api.Routes(api.Endpoints{}, httpx.TrustedProxies{}).Contract())
	env := config.FromOS()
	cfg := config.LoadService(env, "svc-translators", ":8085")
	outboxSweep := env.Duration("OUTBOX_SWEEP_EVERY", events.DefaultSweepEvery)
	// The applicants' mails go out as svc-auth's do, to the SMTP server of SMTP_ADDR.
	mailCfg := mail.ConfigFromEnv(env)
	applicationsPerHour := env.Int("APPLICATIONS_PER_HOUR", applications.PerAddressPerHour)
	// The agency's facts end every mail (COMPANY_FACTS_FILE; the demo set when unset).
	facts, _, factsErr := company.FromEnv(env)
	p := platform.Start(env, cfg, platform.Needs{Mongo: true})
	defer p.Close()
	p.ExitOn("company facts", factsErr)

	metrics := prometheus.NewRegistry()
	eventMetrics := events.NewMetrics(metrics, p.Log)

	// Profile changes leave through the profiles' outboxes for svc-orders' job pool.
	profileStore, err := profiles.NewMongoStore(p.Ctx, p.DB)
	p.ExitOn("profiles", err)
	profileRelay := events.NewRelay(profileStore.Collection(), events.Stream("translators"),
		events.NewPublisher(p.Redis), p.Log, outboxSweep)
	eventMetrics.Outboxes(profileRelay)
	go profileRelay.Run(p.Ctx)
	profileSvc := profiles.NewService(profileStore, time.Now, profileRelay.Kick)
	profileSvc = profiles.LoggingMiddleware(p.Log)(profileSvc)
	profileSvc = profiles.InstrumentingMiddleware(metrics)(profileSvc)

	// Applications: the approvals (translator.approved, for svc-auth) leave through the
	// applications' outboxes of events, the applicants' mails through their mailboxes, each
	// queued in the write that receives or decides the application.
	applicationStore, err := applications.NewMongoStore(p.Ctx, p.DB)
	p.ExitOn("applications", err)
	applicationRelay := events.NewRelay(applicationStore.Collection(), events.Stream("translators"),
		events.NewPublisher(p.Redis), p.Log, outboxSweep)
	eventMetrics.Outboxes(applicationRelay)
	go applicationRelay.Run(p.Ctx)
	applicationMails := mailbox.NewRelay(applicationStore.Collection(), applications.MailRender(applicationStore, facts.MailFooter),
		mail.NewSender(mailCfg), p.Log, outboxSweep)
	go applicationMails.Run(p.Ctx)
	applicationSvc := applications.NewService(applicationStore,
		ratelimit.New(p.Redis, "translator-applications", int64(applicationsPerHour), time.Hour),
		ids.New, time.Now, func(ids ...any) { applicationRelay.Kick(ids...); applicationMails.Kick(ids...) })
	applicationSvc = applications.LoggingMiddleware(p.Log)(applicationSvc)
	applicationSvc = applications.InstrumentingMiddleware(metrics)(applicationSvc)

	// An approved applicant's profile opens from translator.approved.
	processed := p.DB.Collection("processed_events")
	approvals := p.Consumer(events.Stream("translators"), cfg.Name, processed, profiles.ApprovedHandler(profileSvc))
	eventMetrics.Consumers(approvals)
	go func() { p.ExitOn("approvals", approvals.Run(p.Ctx)) }()

	// Support tickets: staff replies (ticket.answered, for svc-auth's inbox and mail) and the
	// translators' new tickets and messages leave through the tickets' outboxes.
	auditLog, err := audit.NewLog(p.Ctx, p.DB, p.Log)
	p.ExitOn("audit log", err)
	ticketStore, err := support.NewMongoStore(p.Ctx, p.DB)
	p.ExitOn("tickets", err)
	ticketRelay := events.NewRelay(ticketStore.Collection(), events.Stream("translators"),
		events.NewPublisher(p.Redis), p.Log, outboxSweep)
	eventMetrics.Outboxes(ticketRelay)
	go ticketRelay.Run(p.Ctx)
	supportSvc := support.NewService(ticketStore, ids.New, time.Now, ticketRelay.Kick)
	supportSvc = support.LoggingMiddleware(p.Log)(supportSvc)
	supportSvc = support.InstrumentingMiddleware(metrics)(supportSvc)

	// KVKK copies and erasures (internal/privacy): svc-auth's privacy.requested on its stream is
	// answered with what this service keeps about the person (datacopy.Gather), or with the report
	// of its erasure (datacopy.Erase: all of it goes, the profile's departure announced on
	// events:translators first), through the privacy_parts outbox to privacy.part_ready on this
	// service's stream. The group is the service's name, as for every consumer: this is
	// svc-translators' only one on events:auth.
	partStore, err := privacy.NewPartStore(p.Ctx, p.DB)
	p.ExitOn("privacy parts", err)
	partRelay := partStore.Relay(events.NewPublisher(p.Redis), p.Log, outboxSweep)
	eventMetrics.Outboxes(partRelay)
	go partRelay.Run(p.Ctx)
	gather := datacopy.Gather(datacopy.Sources{Profiles: profileStore, Applications: applicationStore, Tickets: ticketStore}, time.Now)
	erase := datacopy.Erase(datacopy.ErasureSources{Profiles: profileStore, Applications: applicationStore, Tickets: ticketStore,
		Events: events.NewPublisher(p.Redis), Audit: auditLog}, time.Now)
	privacyRequests := p.Consumer(events.Stream("auth"), cfg.Name, processed,
		privacy.Handler(datacopy.Service, privacy.Answers{Copy: gather, Erase: erase}, partStore, partRelay.Kick, time.Now))
	eventMetrics.Consumers(privacyRequests)
	go func() { p.ExitOn("privacy requests", privacyRequests.Run(p.Ctx)) }()

	// Tokens are checked here too (DESIGN §5, defence in depth), with svc-auth's published keys.
	auth := p.Authenticator()
	table := api.Routes(api.MakeEndpoints(api.Services{Profiles: profileSvc, Applications: applicationSvc, Support: supportSvc, Audit: auditLog}), p.Trusted)
	p.Serve(httpx.NewServer(httpx.Options{
		Name:      cfg.Name,
		Handler:   table.Handler(auth),
		Logger:    p.Log,
		AccessLog: p.AccessLog,
		Registry:  metrics,
		Checks:    p.Checks,
	}), table.Contract())
}
