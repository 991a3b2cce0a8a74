// Command svc-geo tells the display currency for a visitor's address and converts between
// currencies at the fixed rates.
package main

import (
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"linguaport/internal/config"
	"linguaport/internal/httpx"
	"linguaport/internal/platform"
	"linguaport/svc-geo/api"
	"linguaport/svc-geo/geo"
)

func main() {
	platform.ContractCommand(api.Routes(api.Endpoints{}, httpx.TrustedProxies{}).Contract())
	env := config.FromOS()
	cfg := config.LoadService(env, "svc-geo", ":8086")
	cacheTTL := env.Duration("GEO_CACHE_TTL", 24*time.Hour)
	p := platform.Start(env, cfg, platform.Needs{})
	defer p.Close()

	metrics := prometheus.NewRegistry()
	svc := geo.NewService(geo.NewCachedLocator(geo.EmbeddedLocator{}, p.Redis, cacheTTL))
	svc = geo.LoggingMiddleware(p.Log)(svc)
	svc = geo.InstrumentingMiddleware(metrics)(svc)
	table := api.Routes(api.MakeEndpoints(svc), p.Trusted)
	p.Serve(httpx.NewServer(httpx.Options{
		Name:      cfg.Name,
		Handler:   table.Handler(nil), // every route is public: no caller to identify
		Logger:    p.Log,
		AccessLog: p.AccessLog,
		Registry:  metrics,
		Checks:    p.Checks,
	}), table.Contract())
}
