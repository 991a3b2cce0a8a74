package main

import (
	"time"

	"linguaport/internal/events"
	"linguaport/internal/platform"
	"linguaport/internal/sse"
	"linguaport/svc-auth/api"
	"linguaport/svc-auth/live"
)

// startLive builds staff's live notices (svc-auth/live): a consumer of each stream whose events
// staff must hear of, in a group of its own (svc-auth-live, with its own processed ids), the
// Redis hub that fans the notices out to every instance's staff streams, and their routes.
func startLive(p *platform.Process, eventMetrics *events.Metrics) *api.LiveRoutes {
	store, err := live.NewStore(p.Ctx, p.DB)
	p.ExitOn("live store", err)
	hub, err := live.NewHub(p.Ctx, p.Redis, store, p.Log, time.Now)
	p.ExitOn("live hub", err)
	for _, area := range live.Streams {
		consumer := p.Consumer(events.Stream(area), p.Config.Name+"-live", p.DB.Collection("processed_events"),
			live.Handler(store, hub, time.Now))
		eventMetrics.Consumers(consumer)
		go func() { p.ExitOn(area+" live consumer", ignoreCanceled(consumer.Run(p.Ctx))) }()
	}
	go store.KeepPruned(p.Ctx, time.Hour, time.Now, p.Log)
	return api.NewLiveRoutes(live.NewFeed(store, hub, time.Now, p.Log), sse.DefaultHeartbeat)
}
