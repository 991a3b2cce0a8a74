// Command svc-translators keeps the translator side of the agency: the applications of people
// who want to translate for it, the translators' profiles (competencies, bank accounts,
// vacations) and their support tickets (DESIGN §10).
package main

import (
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"linguaport/internal/authn"
	"linguaport/internal/config"
	"linguaport/internal/events"
	"linguaport/internal/httpx"
	"linguaport/internal/platform"
	"linguaport/internal/svcclient"
	"linguaport/svc-translators/api"
)

func main() {
	env := config.FromOS()
	cfg := config.LoadService(env, "svc-translators", ":8085")
	origins := env.List("SITE_ORIGINS", nil)
	outboxSweep := env.Duration("OUTBOX_SWEEP_EVERY", events.DefaultSweepEvery)
	p := platform.Start(env, cfg, platform.Needs{Mongo: true})
	defer p.Close()
	_ = outboxSweep

	metrics := prometheus.NewRegistry()

	// Tokens are checked here too (DESIGN §5, defence in depth), with svc-auth's published keys.
	authClient := svcclient.New(p.Watch("svc-auth"), 5*time.Second)
	defer authClient.Close()
	keys := authn.NewRemoteKeys(authn.FetchFrom(authClient))
	auth := authn.NewAuthenticator(authn.NewVerifier(keys, authn.NewRedisSessions(p.Redis)), origins)
	p.Serve(httpx.NewServer(httpx.Options{
		Name:      cfg.Name,
		Handler:   api.MakeHandler(api.Services{}, auth),
		Logger:    p.Log,
		AccessLog: p.AccessLog,
		Registry:  metrics,
		Checks:    p.Checks,
	}))
}
