// Command svc-billing keeps the money side of the platform: today the customers' billing
// details, which invoices are issued to.
package main

import (
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"linguaport/internal/authn"
	"linguaport/internal/config"
	"linguaport/internal/httpx"
	"linguaport/internal/platform"
	"linguaport/internal/svcclient"
	"linguaport/svc-billing/api"
	"linguaport/svc-billing/profile"
)

func main() {
	env := config.FromOS()
	cfg := config.LoadService(env, "svc-billing", ":8084")
	origins := env.List("SITE_ORIGINS", nil)
	p := platform.Start(env, cfg, platform.Needs{Mongo: true})
	defer p.Close()

	profileStore, err := profile.NewMongoStore(p.Ctx, p.DB)
	p.ExitOn("profiles", err)

	metrics := prometheus.NewRegistry()
	profileSvc := profile.NewService(profileStore, time.Now)
	profileSvc = profile.LoggingMiddleware(p.Log)(profile.InstrumentingMiddleware(metrics)(profileSvc))

	// Tokens are checked here too (DESIGN §5, defence in depth), with svc-auth's published keys.
	authClient := svcclient.New(p.Watch("svc-auth"), 5*time.Second)
	defer authClient.Close()
	keys := authn.NewRemoteKeys(authn.FetchFrom(authClient))
	auth := authn.NewAuthenticator(authn.NewVerifier(keys, authn.NewRedisSessions(p.Redis)), origins)
	p.Serve(httpx.NewServer(httpx.Options{
		Name:      cfg.Name,
		Handler:   api.MakeHandler(api.MakeEndpoints(api.Services{Profile: profileSvc}), auth),
		Logger:    p.Log,
		AccessLog: p.AccessLog,
		Registry:  metrics,
		Checks:    p.Checks,
	}))
}
