package main

import (
	"time"

	"linguaport/internal/config"
	"linguaport/internal/events"
	"linguaport/internal/ids"
	"linguaport/internal/mailbox"
	"linguaport/internal/platform"
	"linguaport/svc-auth/webhooks"
)

// startWebhooks runs the customers' webhooks (svc-auth/webhooks): the endpoints' store, the
// dispatcher sending their deliveries, the relay of the mails telling an owner an endpoint was
// disabled (queued in the endpoint's own write), and the consumers turning svc-orders' and
// svc-billing's events into deliveries, in a group of their own on each stream.
//
// In a deployment endpoints are HTTPS URLs on public addresses; `make up` and the tests set
// WEBHOOKS_ALLOW_HTTP and WEBHOOKS_ALLOW_PRIVATE so a receiver on this machine can take them.
func startWebhooks(p *platform.Process, env *config.Env, name string, eventMetrics *events.Metrics,
	render mailbox.Render, sender mailbox.Sender, outboxSweep time.Duration) webhooks.Service {
	guard := webhooks.Guard{AllowHTTP: env.Bool("WEBHOOKS_ALLOW_HTTP", false), AllowPrivate: env.Bool("WEBHOOKS_ALLOW_PRIVATE", false)}
	// The whole-stack tests retry in seconds, not over three days (WEBHOOKS_RETRY_SCHEDULE,
	// durations separated by commas).
	var schedule []time.Duration
	for _, s := range env.List("WEBHOOKS_RETRY_SCHEDULE", nil) {
		d, err := time.ParseDuration(s)
		if err != nil || d <= 0 {
			env.Invalid("WEBHOOKS_RETRY_SCHEDULE must list positive durations such as 1s,5s,30s")
			break
		}
		schedule = append(schedule, d)
	}
	p.ExitOn("configuration", env.Err())
	store, err := webhooks.NewStore(p.Ctx, p.DB)
	p.ExitOn("webhooks", err)
	mails := mailbox.NewRelay(store.Endpoints(), render, sender, p.Log, outboxSweep)
	go mails.Run(p.Ctx)
	dispatcher := webhooks.NewDispatcher(store, p.Log, webhooks.DispatcherOptions{Guard: guard, MailKick: mails.Kick, Schedule: schedule})
	go dispatcher.Run(p.Ctx)
	svc := webhooks.NewService(store, guard, dispatcher.Kick, ids.New, time.Now)
	for _, area := range webhooks.Streams {
		consumer := p.Consumer(events.Stream(area), name+"-webhooks", p.DB.Collection("processed_events"), svc.Handle)
		eventMetrics.Consumers(consumer)
		go func() { p.ExitOn(area+" webhooks consumer", ignoreCanceled(consumer.Run(p.Ctx))) }()
	}
	return svc
}
