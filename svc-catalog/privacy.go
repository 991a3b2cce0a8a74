package main

import (
	"context"
	"time"

	"linguaport/internal/events"
	"linguaport/internal/platform"
	"linguaport/internal/privacy"
	"linguaport/svc-catalog/catalog"
	"linguaport/svc-catalog/chat"
)

// The KVKK request's events as svc-catalog names them (internal/privacy; contracts in
// internal/events/contracts): it reads svc-auth's requests from events:auth and answers a copy
// on events:catalog.
const (
	EventPrivacyRequested = "privacy.requested"
	EventPrivacyPartReady = "privacy.part_ready"
)

// privacyService is svc-catalog's name among the services that answer a request
// (privacy.Services): svc-auth waits for an answer under it.
const privacyService = "svc-catalog"

// privacyGather collects what svc-catalog keeps about the person a request names: the inquiries
// they sent and their live support conversations, one file each (API.md "KVKK copy"). Both files
// are always there, empty lists included, so the person reads that nothing is kept rather than
// wondering whether this service was asked.
func privacyGather(inquiries *catalog.MongoStore, chats *chat.Store) privacy.Gather {
	return func(ctx context.Context, r privacy.Requested) ([]privacy.File, error) {
		sent, err := catalog.PrivacyInquiries(ctx, inquiries, r)
		if err != nil {
			return nil, err
		}
		talked, err := chat.PrivacyChats(ctx, chats, r)
		if err != nil {
			return nil, err
		}
		return []privacy.File{sent, talked}, nil
	}
}

// startPrivacy answers svc-auth's KVKK requests as group (the service's name): a copy's files
// are recorded with their privacy.part_ready in the service's privacy_parts, in one write, and
// its relay publishes them on events:catalog, so an answer survives a crash between the two. The
// consumer's processed_events make a redelivered request one handling; the part store makes a
// request announced twice one answer.
func startPrivacy(p *platform.Process, group string, gather privacy.Gather, eventMetrics *events.Metrics, outboxSweep time.Duration) {
	parts, err := privacy.NewPartStore(p.Ctx, p.DB)
	p.ExitOn("privacy parts", err)
	relay := events.NewRelay(parts.Collection(), events.Stream("catalog"), events.NewPublisher(p.Redis), p.Log, outboxSweep)
	eventMetrics.Outboxes(relay)
	go relay.Run(p.Ctx)
	processed := p.DB.Collection("processed_events")
	requests := p.Consumer(events.Stream("auth"), group, processed,
		privacy.Handler(privacyService, privacy.Answers{Copy: gather}, parts, relay.Kick, time.Now))
	eventMetrics.Consumers(requests)
	go func() { p.ExitOn("auth events", requests.Run(p.Ctx)) }()
}
