// Command svc-auth owns identity: accounts, sessions, sign-in, password changes and resets,
// and each user's system messages.
//
//	svc-auth                                   serve
//	svc-auth create-user ROLE EMAIL FULL NAME  create a customer, translator or admin account;
//	                                           the password is read from the PASSWORD variable
package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"linguaport/internal/authn"
	"linguaport/internal/config"
	"linguaport/internal/discovery"
	"linguaport/internal/events"
	"linguaport/internal/httpx"
	"linguaport/internal/logging"
	"linguaport/internal/mail"
	"linguaport/internal/mongox"
	"linguaport/internal/ratelimit"
	"linguaport/internal/redisx"
	"linguaport/internal/telemetry"
	"linguaport/svc-auth/auth"
)

func main() {
	if len(os.Args) >= 2 && os.Args[1] == "create-user" {
		if err := createUser(os.Args[2:]); err != nil {
			fmt.Fprintln(os.Stderr, "create-user:", err)
			os.Exit(1)
		}
		return
	}
	env := config.FromOS()
	cfg := config.LoadService(env, "svc-auth", ":8081")
	accessLog := env.Bool("ACCESS_LOG", true)
	siteURL := env.String("SITE_URL", "http://localhost:8000")
	origins := env.List("SITE_ORIGINS", nil)
	registerPerHour := env.Int("REGISTRATIONS_PER_HOUR", 20)
	resetsPerHour := env.Int("PASSWORD_RESETS_PER_HOUR", 5)
	mailCfg := mail.ConfigFromEnv(env)
	// Sign-in providers are offered only when their client id is set.
	providers := map[string]auth.ProviderConfig{
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
	db := mongo.Database(cfg.MongoDatabase)
	rdb, err := redisx.Connect(ctx, cfg.RedisURL)
	logging.ExitOn(log, "redis", err)
	defer rdb.Close()
	consul, err := discovery.NewClient(cfg.ConsulAddr)
	logging.ExitOn(log, "consul", err)

	users, err := auth.NewUserStore(ctx, db)
	logging.ExitOn(log, "users", err)
	inbox, err := auth.NewInboxStore(ctx, db)
	logging.ExitOn(log, "inbox", err)
	signer, err := auth.SigningKey(ctx, db)
	logging.ExitOn(log, "signing key", err)

	relay := events.NewRelay(users.Collection(), events.Stream("auth"), events.NewPublisher(rdb), log, 2*time.Second)
	go relay.Run(ctx)
	// The inbox is built from our own events and from ordering's (quotes, order states).
	for _, area := range []string{"auth", "orders"} {
		consumer := events.NewConsumer(rdb, events.Stream(area), cfg.Name, db.Collection("processed_events"), auth.InboxHandler(inbox), log)
		go func() { logging.ExitOn(log, area+" inbox consumer", ignoreCanceled(consumer.Run(ctx))) }()
	}

	metrics := prometheus.NewRegistry()
	svc := auth.NewService(auth.Deps{
		Users: users, Inbox: inbox, Sessions: auth.NewSessions(rdb), Signer: signer,
		Mailer:        mailer{mail.NewSender(mailCfg)},
		SiteURL:       siteURL,
		RegisterLimit: ratelimit.New(rdb, "auth-register", int64(registerPerHour), time.Hour),
		ForgotLimit:   ratelimit.New(rdb, "auth-forgot", int64(resetsPerHour), time.Hour),
		NewID:         newID,
		Kick:          relay.Kick,
	})
	svc = auth.InstrumentingMiddleware(metrics)(svc)
	verifier := authn.NewVerifier(authn.StaticKeys{signer.KeyID(): signer.PublicKey()}, authn.NewRedisSessions(rdb))
	handler := auth.MakeHandler(auth.MakeEndpoints(svc), auth.Transport{
		Authenticator: authn.NewAuthenticator(verifier, origins),
		Trusted:       trusted,
		JWKS:          authn.JWKS{Keys: []authn.JWK{authn.PublicJWK(signer.KeyID(), signer.PublicKey())}},
		OAuth:         auth.NewOAuth(svc, rdb, siteURL, providers, log),
	})
	srv := httpx.NewServer(httpx.Options{
		Name:      cfg.Name,
		Handler:   handler,
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

// mailer adapts the SMTP sender to the service's plain-text mails.
type mailer struct{ s *mail.Sender }

func (m mailer) Send(ctx context.Context, to, subject, text string) error {
	return m.s.Send(ctx, mail.Message{To: []string{to}, Subject: subject, Text: text})
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
	users, err := auth.NewUserStore(ctx, client.Database(cfg.MongoDatabase))
	if err != nil {
		return err
	}
	svc := auth.NewService(auth.Deps{Users: users, NewID: newID})
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

func newID() string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
