package main

import (
	"context"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"linguaport/internal/config"
	"linguaport/internal/events"
	"linguaport/internal/ids"
	"linguaport/internal/platform"
	"linguaport/internal/ratelimit"
	"linguaport/svc-catalog/catalog"
	"linguaport/svc-catalog/chat"
)

// startChat builds the live support chat (svc-catalog/chat) beside the catalogue, whose contact
// inquiries take what visitors write while no staff member is online. New conversations and
// visitors' messages leave through the conversations' outboxes on events:catalog (chat.opened,
// chat.message), which svc-auth turns into staff's live notices. The store is answered too, for
// the KVKK copy and erasure of a person's conversations (privacy.go), and the message limiter,
// whose counts an erasure forgets.
func startChat(p *platform.Process, env *config.Env, inquiries catalog.Service, metrics *prometheus.Registry,
	eventMetrics *events.Metrics) (chat.Service, *chat.Store, *ratelimit.Limiter) {
	messagesPerMinute := env.Int("CHAT_MESSAGES_PER_MINUTE", 20)
	startsPerHour := env.Int("CHAT_CONVERSATIONS_PER_HOUR", 10)
	outboxSweep := env.Duration("OUTBOX_SWEEP_EVERY", events.DefaultSweepEvery)

	store, err := chat.NewStore(p.Ctx, p.DB)
	p.ExitOn("chat store", err)
	relay := events.NewRelay(store.Conversations(), events.Stream("catalog"), events.NewPublisher(p.Redis), p.Log, outboxSweep)
	eventMetrics.Outboxes(relay)
	go relay.Run(p.Ctx)
	hub, err := chat.NewHub(p.Ctx, p.Redis, chat.DefaultPresenceTTL, p.Log)
	p.ExitOn("chat hub", err)
	messages := ratelimit.New(p.Redis, "chat-messages", int64(messagesPerMinute), time.Minute)
	svc := chat.NewService(chat.Config{
		Store:     store,
		Bus:       hub,
		Messages:  messages,
		Starts:    ratelimit.New(p.Redis, "chat-conversations", int64(startsPerHour), time.Hour),
		Inquiries: chatInquiries{inquiries},
		Now:       time.Now,
		NewID:     ids.New,
		OnError: func(ctx context.Context, what string, err error) {
			p.Log.ErrorContext(ctx, what, "err", err)
		},
		Kick: relay.Kick,
	})
	svc = chat.LoggingMiddleware(p.Log)(svc)
	svc = chat.InstrumentingMiddleware(metrics)(svc)
	return svc, store, messages
}

// chatInquiries passes the chat's offline words on as the catalogue's contact inquiries.
type chatInquiries struct{ catalog catalog.Service }

func (c chatInquiries) Contact(ctx context.Context, name, email, message, language, from string) error {
	_, err := c.catalog.SubmitInquiry(ctx, catalog.Inquiry{Kind: "contact", Name: name, Email: email,
		Message: message, Language: language, From: from})
	return err
}
