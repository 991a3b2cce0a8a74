// Command svc-auth owns identity: accounts, sessions, sign-in, password changes and resets,
// and each user's system messages.
//
//	svc-auth                                   serve
//	svc-auth create-user ROLE EMAIL FULL NAME  create a customer, translator or admin account;
//	                                           the password is read from the PASSWORD variable
package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/netip"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/redis/go-redis/v9"

	"linguaport/internal/audit"
	"linguaport/internal/authn"
	"linguaport/internal/company"
	"linguaport/internal/config"
	"linguaport/internal/events"
	"linguaport/internal/httpx"
	"linguaport/internal/i18n"
	"linguaport/internal/ids"
	"linguaport/internal/mail"
	"linguaport/internal/mongox"
	"linguaport/internal/platform"
	"linguaport/internal/privacy"
	"linguaport/internal/ratelimit"
	"linguaport/svc-auth/api"
	"linguaport/svc-auth/auth"
)

func main() {
	platform.ContractCommand(api.Routes(api.Endpoints{}, nil, nil, authn.JWKS{}, httpx.TrustedProxies{}).Contract())
	if len(os.Args) >= 2 && os.Args[1] == "create-user" {
		if err := createUser(os.Args[2:]); err != nil {
			fmt.Fprintln(os.Stderr, "create-user:", err)
			os.Exit(1)
		}
		return
	}
	env := config.FromOS()
	cfg := config.LoadService(env, "svc-auth", ":8081")
	siteURL := env.String("SITE_URL", "http://localhost:8000")
	origins := env.List("SITE_ORIGINS", nil)
	registerPerHour := env.Int("REGISTRATIONS_PER_HOUR", 20)
	resetsPerHour := env.Int("PASSWORD_RESETS_PER_HOUR", 5)
	resendsPerHour := env.Int("VERIFY_RESENDS_PER_HOUR", 3)
	// Mails: links are signed with MAIL_LINK_SECRET (one-click unsubscribe, address confirmation,
	// password links), and staff mails go to the agency's own address.
	// The agency's facts end every mail (COMPANY_FACTS_FILE; the demo set when unset).
	facts, _, factsErr := company.FromEnv(env)
	mailSettings := auth.MailConfig{
		SiteURL: siteURL, Secret: []byte(env.Required("MAIL_LINK_SECRET")),
		StaffTo: env.Required("STAFF_MAIL_TO"), StaffLang: i18n.Parse(env.String("STAFF_MAIL_LANG", "tr")),
		Footer: facts.MailFooter,
	}
	// The relay is told which accounts got events; the sweep only finds what a crash left.
	outboxSweep := env.Duration("OUTBOX_SWEEP_EVERY", events.DefaultSweepEvery)
	mailCfg := mail.ConfigFromEnv(env)
	// Sign-in providers are offered only when their client id is set. `make up` points them at
	// its local stand-in (internal/oauthdev) on a loopback port; see signInRoutes.
	providers := map[string]api.ProviderConfig{
		"google": {
			ClientID: env.String("GOOGLE_CLIENT_ID", ""), ClientSecret: env.String("GOOGLE_CLIENT_SECRET", ""),
			Issuer: env.String("GOOGLE_ISSUER", "https://accounts.google.com"),
		},
		"facebook": {
			ClientID: env.String("FACEBOOK_CLIENT_ID", ""), ClientSecret: env.String("FACEBOOK_CLIENT_SECRET", ""),
			AuthURL:     env.String("FACEBOOK_AUTH_URL", "https://www.facebook.com/v21.0/dialog/oauth"),
			TokenURL:    env.String("FACEBOOK_TOKEN_URL", "https://graph.facebook.com/v21.0/oauth/access_token"),
			UserInfoURL: env.String("FACEBOOK_USERINFO_URL", "https://graph.facebook.com/v21.0/me"),
		},
	}
	p := platform.Start(env, cfg, platform.Needs{Mongo: true})
	defer p.Close()
	ctx, db, rdb, log := p.Ctx, p.DB, p.Redis, p.Log

	store, err := auth.NewMongoStore(ctx, db)
	p.ExitOn("store", err)
	p.ExitOn("company facts", factsErr)
	p.ExitOn("mail settings", checkMailSettings(mailSettings))
	mails, mailSender := auth.NewMails(store, auth.NewSessions(rdb), mailSettings), mail.NewSender(mailCfg)
	mailRelays := store.StartMail(mails.Render, mailSender, log, outboxSweep)
	go mailRelays.Run(ctx)
	p.ExitOn("search keys", store.FillSearchKeys(ctx))
	signer, err := auth.SigningKey(ctx, db)
	p.ExitOn("signing key", err)

	metrics := prometheus.NewRegistry()
	eventMetrics := events.NewMetrics(metrics, log)
	relay := events.NewRelay(store.Users(), events.Stream("auth"), events.NewPublisher(rdb), log, outboxSweep)
	eventMetrics.Outboxes(relay)
	go relay.Run(ctx)
	// The inbox is built from our own events, from ordering's (quotes, order states) and from
	// svc-translators' (support replies, which are mailed too). On svc-translators' stream the
	// group svc-auth is the accounts' consumer below, and a group splits its events between its
	// consumers, so the inbox reads that stream in a group of its own (its processed ids are
	// kept apart by the group's name too).
	// Billing's (payouts, declared transfers) and the catalogue's (chats waiting with nobody
	// online) come in for the mails they cause.
	inboxGroups := map[string]string{"auth": cfg.Name, "orders": cfg.Name, "translators": cfg.Name + "-inbox",
		"billing": cfg.Name, "catalog": cfg.Name}
	for area, group := range inboxGroups {
		consumer := p.Consumer(events.Stream(area), group, db.Collection("processed_events"),
			auth.InboxHandler(store))
		eventMetrics.Consumers(consumer)
		go func() { p.ExitOn(area+" inbox consumer", ignoreCanceled(consumer.Run(ctx))) }()
	}
	// Approved applicants become translators (svc-translators' stream): their account, and a
	// mail with the link to set its password, sent like a reset link.
	translators := p.Consumer(events.Stream("translators"), cfg.Name, db.Collection("processed_events"),
		auth.TranslatorHandler(store, log))
	eventMetrics.Consumers(translators)
	go func() { p.ExitOn("translators consumer", ignoreCanceled(translators.Run(ctx))) }()

	liveRoutes := startLive(p, eventMetrics)

	sessions := auth.NewSessions(rdb)
	svc := auth.NewService(store, sessions, signer, ids.New,
		auth.WithLinkSecret(mailSettings.Secret),
		auth.WithLimits(
			ratelimit.New(rdb, "auth-register", int64(registerPerHour), time.Hour),
			ratelimit.New(rdb, "auth-forgot", int64(resetsPerHour), time.Hour)),
		auth.WithResendLimit(ratelimit.New(rdb, "auth-verify-resend", int64(resendsPerHour), time.Hour)),
		auth.WithKick(relay.Kick))
	svc = auth.LoggingMiddleware(log)(svc)
	svc = auth.InstrumentingMiddleware(metrics)(svc)
	authenticator, jwks := ownKeys(signer, rdb, origins)
	// KVKK requests: announced on our stream from their own outbox; every service's answer
	// comes back on the privacy stream, and our own part from our own announcement, through a
	// group of its own apart from the inbox's. Keeping a copy's pieces rests as their gathering
	// does (privacy.Paced), so a large copy never crowds out other people's requests.
	privacyRelay := events.NewRelay(store.PrivacyRequests(), events.Stream("auth"), events.NewPublisher(rdb), log, outboxSweep)
	store.KickPrivacyEvents(privacyRelay.Kick)
	eventMetrics.Outboxes(privacyRelay)
	go privacyRelay.Run(ctx)
	auditLog, err := audit.NewLog(ctx, db, log)
	p.ExitOn("audit log", err)
	keySvc := startKeys(p, store, signer, auditLog)
	webhookSvc := startWebhooks(p, env, cfg.Name, eventMetrics, mails.Render, mailSender, outboxSweep)
	privacySvc := auth.NewPrivacy(store, sessions, keySvc, webhookSvc, mailSettings.Secret,
		ratelimit.New(rdb, "auth-privacy", privacyRequestsPerHour, time.Hour), ids.New, time.Now)
	for _, area := range []string{"auth", privacy.Stream} {
		consumer := p.Consumer(events.Stream(area), cfg.Name+"-privacy", db.Collection("processed_events"), privacy.Paced(privacySvc.Answer))
		eventMetrics.Consumers(consumer)
		go func() { p.ExitOn(area+" privacy consumer", ignoreCanceled(consumer.Run(ctx))) }()
	}

	table := api.Routes(api.MakeEndpoints(svc, auth.NewStaff(store)).WithPrivacy(privacySvc).WithKeys(keySvc, auditLog).WithWebhooks(webhookSvc),
		signInRoutes(api.NewOAuth(svc, rdb, siteURL, providers, log), providers, log), liveRoutes, jwks, p.Trusted)
	p.Serve(httpx.NewServer(httpx.Options{
		Name:      cfg.Name,
		Handler:   table.Handler(authenticator),
		Logger:    log,
		AccessLog: p.AccessLog,
		Registry:  metrics,
		Checks:    p.Checks,
	}), table.Contract())
}

// ownKeys is svc-auth's authenticator and the key set it publishes. svc-auth signs the tokens,
// so unlike every other service (platform.Authenticator, which fetches this JWKS) it checks them
// with its own key, held in memory; sessions are checked in Redis as everywhere; origins are
// the site's own, the only pages the cookie-setting routes answer.
// privacyRequestsPerHour is how many KVKK requests one address may make through the site's form
// in an hour: each mails a confirmation link, so the form is no way to flood an inbox.
const privacyRequestsPerHour = 10

func ownKeys(signer *authn.Signer, rdb *redis.Client, origins []string) (*authn.Authenticator, authn.JWKS) {
	verifier := authn.NewVerifier(authn.StaticKeys{signer.KeyID(): signer.PublicKey()}, authn.NewRedisSessions(rdb))
	return authn.NewAuthenticator(verifier, origins), authn.JWKS{Keys: []authn.JWK{authn.PublicJWK(signer.KeyID(), signer.PublicKey())}}
}

// signInRoutes marks the provider routes as a local stand-in when an offered provider is
// served from this machine: GET providers then answers "local": true and the sign-in page says
// it is not Google or Facebook. It is read from the providers' own URLs, not from a switch, so
// no deployment can claim it or lose it by a stray variable.
func signInRoutes(o *api.OAuth, providers map[string]api.ProviderConfig, log *slog.Logger) api.OAuthRoutes {
	if !localStandIn(providers) {
		return o
	}
	log.Warn("sign-in providers are a local stand-in on this machine, not Google or Facebook")
	return standIn{o}
}

type standIn struct{ *api.OAuth }

func (standIn) Local() bool { return true }

// localStandIn: an offered provider (one with a client id) has an endpoint on a loopback host.
func localStandIn(providers map[string]api.ProviderConfig) bool {
	for _, c := range providers {
		if c.ClientID == "" {
			continue
		}
		for _, raw := range []string{c.Issuer, c.AuthURL, c.TokenURL, c.UserInfoURL} {
			if u, err := url.Parse(raw); raw != "" && err == nil && loopbackHost(u.Hostname()) {
				return true
			}
		}
	}
	return false
}

func loopbackHost(host string) bool {
	host = strings.ToLower(strings.TrimSuffix(host, "."))
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip, err := netip.ParseAddr(host)
	return err == nil && ip.Unmap().IsLoopback()
}

// checkMailSettings refuses a link secret short enough to guess and a staff address mail cannot
// go to.
func checkMailSettings(c auth.MailConfig) error {
	if len(c.Secret) < 32 {
		return errors.New("MAIL_LINK_SECRET must be at least 32 characters (openssl rand -base64 32)")
	}
	if !mail.ValidAddress(c.StaffTo) {
		return fmt.Errorf("STAFF_MAIL_TO %q is not an e-mail address", c.StaffTo)
	}
	return nil
}

// createUser makes an account from the command line: staff (admin) accounts, and the demo
// accounts `make up` seeds. An existing account is left as it is, so seeding can run every time.
func createUser(args []string) error {
	if len(args) < 3 {
		return errors.New("usage: svc-auth create-user customer|translator|admin EMAIL FULL NAME (password in PASSWORD)")
	}
	role, email, name := authn.Role(args[0]), args[1], strings.Join(args[2:], " ")
	password := os.Getenv("PASSWORD")
	if password == "" {
		return errors.New("set the password in the PASSWORD environment variable")
	}
	env := config.FromOS()
	cfg := config.LoadService(env, "svc-auth", ":8081")
	if err := env.Err(); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	client, err := mongox.Connect(ctx, cfg.MongoURI)
	if err != nil {
		return err
	}
	defer client.Disconnect(context.Background())
	store, err := auth.NewMongoStore(ctx, client.Database(cfg.MongoDatabase))
	if err != nil {
		return err
	}
	// Creating an account signs no one in: no sessions, no tokens.
	svc := auth.NewService(store, nil, nil, ids.New)
	u, err := svc.CreateUser(ctx, name, email, password, role)
	if errors.Is(err, auth.ErrEmailTaken) {
		fmt.Printf("%s already exists\n", email)
		return nil
	}
	if err != nil {
		return err
	}
	fmt.Printf("created %s %s (%s)\n", u.Type, u.Email, u.ID)
	return nil
}

func ignoreCanceled(err error) error {
	if errors.Is(err, context.Canceled) {
		return nil
	}
	return err
}
