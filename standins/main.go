// Command standins runs one of the local stand-ins for the platform's third parties on its own,
// as a pod of a cluster's local overlay (issue 30) where `make up` runs them inside devstack:
//
//	standins payments   Stripe Checkout (internal/stripedev), for svc-billing
//	standins signin     Google and Facebook sign-in (internal/oauthdev), for svc-auth
//	standins mail       an SMTP server keeping the mail it gets (internal/mailcapture), for all
//
// Each is configured from environment variables only, read once at start (a missing required
// one stops it, naming it), with the settings devstack gives them by default
// (internal/standins). None is for production: each trusts whoever reaches its port, which is
// why they run only where the NetworkPolicies let just the platform's pods reach them.
//
// Every command serves HTTP answering 200 on GET / (the mail capture: GET /messages), which is
// what a readiness probe asks, and stops on SIGTERM.
package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"os"
	"os/signal"
	"syscall"

	"linguaport/internal/config"
	"linguaport/internal/logging"
	"linguaport/internal/mailcapture"
	"linguaport/internal/oauthdev"
	"linguaport/internal/standins"
	"linguaport/internal/stripedev"
)

// commands are the stand-ins by name; each starts one from env and says where it is.
var commands = map[string]func(env *config.Env, log *slog.Logger) (io.Closer, error){
	"payments": payments,
	"signin":   signIn,
	"mail":     mail,
}

func main() {
	if len(os.Args) != 2 || commands[os.Args[1]] == nil {
		fmt.Fprintln(os.Stderr, "usage: standins payments|signin|mail (configured by environment variables; see standins/main.go)")
		os.Exit(2)
	}
	name := os.Args[1]
	env := config.FromOS()
	log := logging.New(os.Stderr, "standins-"+name, env.String("LOG_LEVEL", "info"))
	defer logging.Flush()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	srv, err := commands[name](env, log)
	logging.ExitOn(log, "start", err)
	<-ctx.Done()
	if err := srv.Close(); err != nil {
		log.Warn("stop", "err", err)
	}
}

// publicURL reads PUBLIC_URL, the base address the services and the browser reach the stand-in
// at (a Service's name, not the pod's address); empty keeps the listen address.
func publicURL(env *config.Env) string {
	raw := env.String("PUBLIC_URL", "")
	if u, err := url.Parse(raw); raw != "" && (err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https")) {
		env.Invalid(fmt.Sprintf("PUBLIC_URL=%q is not an http(s) URL with a host", raw))
	}
	return raw
}

// payments: svc-billing's STRIPE_API_BASE is this stand-in's PUBLIC_URL, its STRIPE_SECRET_KEY
// and STRIPE_WEBHOOK_SECRET the same variables here (devstack's by default), and the events go
// to STRIPE_WEBHOOK_URL, svc-billing's webhook endpoint through the gateway
// (http://gateway:8080/api/v1/billing/webhooks/stripe). Without it no payment would ever be
// seen as paid, so it is required.
func payments(env *config.Env, log *slog.Logger) (io.Closer, error) {
	addr := env.String("HTTP_ADDR", ":8091")
	cfg := stripedev.Config{
		SecretKey:     env.String("STRIPE_SECRET_KEY", standins.PaymentsSecretKey),
		WebhookSecret: env.String("STRIPE_WEBHOOK_SECRET", standins.PaymentsWebhookSecret),
		WebhookURL:    env.Required("STRIPE_WEBHOOK_URL"),
		PublicURL:     publicURL(env),
	}
	if err := env.Err(); err != nil {
		return nil, err
	}
	srv, err := stripedev.Start(addr, cfg)
	if err != nil {
		return nil, err
	}
	log.Info("card payment stand-in (not Stripe)", "addr", addr, "url", srv.URL(), "webhooks", cfg.WebhookURL)
	return srv, nil
}

// signIn: svc-auth's GOOGLE_ISSUER is PUBLIC_URL/google and its FACEBOOK_*_URL are below
// PUBLIC_URL/facebook; its client id and secret at both are OAUTH_CLIENT_ID (devstack's by
// default) and OAUTH_CLIENT_SECRET (required: devstack makes a new one each start, a cluster
// keeps one in a Secret both pods read). SITE_URL is the site whose callbacks are registered.
func signIn(env *config.Env, log *slog.Logger) (io.Closer, error) {
	addr := env.String("HTTP_ADDR", ":8090")
	public := publicURL(env)
	site := env.Required("SITE_URL")
	id, secret := env.String("OAUTH_CLIENT_ID", standins.SignInClientID), env.Required("OAUTH_CLIENT_SECRET")
	if err := env.Err(); err != nil {
		return nil, err
	}
	l, err := oauthdev.StartLocalAt(addr, public,
		standins.SignInOptions(site, id, secret, "google"), standins.SignInOptions(site, id, secret, "facebook"))
	if err != nil {
		return nil, err
	}
	log.Info("sign-in stand-in (not Google/Facebook)", "addr", addr, "google_issuer", l.Google.Issuer(), "facebook", l.Facebook.URL())
	return l, nil
}

// mail: the services' SMTP_ADDR is this pod's Service on SMTP_ADDR's port; what they sent is
// listed on HTTP_ADDR (/messages, as `make up` shows it). Plain SMTP without AUTH, as devstack's:
// only the namespace's pods reach it.
func mail(env *config.Env, log *slog.Logger) (io.Closer, error) {
	smtpAddr, httpAddr := env.String("SMTP_ADDR", ":1025"), env.String("HTTP_ADDR", ":8025")
	if err := env.Err(); err != nil {
		return nil, err
	}
	srv, err := mailcapture.Start(smtpAddr)
	if err != nil {
		return nil, err
	}
	if _, err := srv.ListenHTTP(httpAddr); err != nil {
		_ = srv.Close()
		return nil, err
	}
	log.Info("mail capture (delivers nothing)", "smtp", smtpAddr, "http", httpAddr)
	return srv, nil
}
