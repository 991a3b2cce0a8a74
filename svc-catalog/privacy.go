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
// or an erasure on events:catalog.
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

// The collections of svc-catalog's erasure report (API.md "KVKK copy", "Erasure").
const (
	erasedInquiries = "inquiries"
	erasedChats     = "chats"
	erasedMessages  = "chat_messages"
	erasedAudit     = privacy.AuditCollection
)

// privacyErase deletes what svc-catalog keeps about the person a request names (API.md
// "Erasure"): the inquiries sent from their address, with staff's replies; their live support
// conversations (their account's and those they gave the address in) with every message; the
// audit log's entries of those inquiries and conversations, which carry staff's replies to them;
// and the message limiter's counts in Redis under their account and conversations. No law makes
// svc-catalog keep any of it (privacy.Retention has no line for it), so Kept is empty. What
// belongs to an inquiry or a conversation goes before it, so an erasure that stops half way (a
// crash, an error) is finished by the next delivery, which finds the inquiries and conversations
// left; once done, running it again finds nothing and reports zeros.
func privacyErase(inquiries *catalog.MongoStore, chats *chat.Store, senders chat.Forgetter, trail privacy.AuditTrail) privacy.Erase {
	return func(ctx context.Context, r privacy.Requested) (privacy.Erasure, error) {
		sent, err := inquiries.InquiryIDsByEmail(ctx, r.Email)
		if err != nil {
			return privacy.Erasure{}, err
		}
		auditInquiries, err := trail.Erase(ctx, "inquiry", sent)
		if err != nil {
			return privacy.Erasure{}, err
		}
		nInquiries, err := inquiries.DeleteInquiries(ctx, sent)
		if err != nil {
			return privacy.Erasure{}, err
		}
		talked, err := chats.IDsOf(ctx, r.UserID, r.Email)
		if err != nil {
			return privacy.Erasure{}, err
		}
		auditChats, err := trail.Erase(ctx, "chat_conversation", talked)
		if err != nil {
			return privacy.Erasure{}, err
		}
		if err := chat.ForgetSenders(ctx, senders, r.UserID, talked); err != nil {
			return privacy.Erasure{}, err
		}
		nChats, nMessages, err := chats.Delete(ctx, talked)
		if err != nil {
			return privacy.Erasure{}, err
		}
		return privacy.Erasure{
			Erased: []privacy.Count{
				{Collection: erasedInquiries, Count: nInquiries},
				{Collection: erasedChats, Count: nChats},
				{Collection: erasedMessages, Count: nMessages},
				{Collection: erasedAudit, Count: auditInquiries + auditChats},
			},
			Kept: []privacy.Count{},
		}, nil
	}
}

// startPrivacy answers svc-auth's KVKK requests as group (the service's name), a copy with
// answers.Copy's files and an erasure with answers.Erase's report: each answer is recorded with
// its privacy.part_ready in the service's privacy_parts, in one write, and its relay publishes it
// on events:catalog, so an answer survives a crash between the two. The consumer's
// processed_events make a redelivered request one handling; the part store makes a request
// announced twice one answer.
func startPrivacy(p *platform.Process, group string, answers privacy.Answers, eventMetrics *events.Metrics, outboxSweep time.Duration) {
	parts, err := privacy.NewPartStore(p.Ctx, p.DB)
	p.ExitOn("privacy parts", err)
	relay := parts.Relay(events.NewPublisher(p.Redis), p.Log, outboxSweep)
	eventMetrics.Outboxes(relay)
	go relay.Run(p.Ctx)
	processed := p.DB.Collection("processed_events")
	requests := p.Consumer(events.Stream("auth"), group, processed,
		privacy.Handler(privacyService, answers, parts, relay.Kick, time.Now))
	eventMetrics.Consumers(requests)
	go func() { p.ExitOn("auth events", requests.Run(p.Ctx)) }()
}
