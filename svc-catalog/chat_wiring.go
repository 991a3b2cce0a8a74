package main

import (
	"context"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"linguaport/internal/audit"
	"linguaport/internal/authn"
	"linguaport/internal/config"
	"linguaport/internal/events"
	"linguaport/internal/ids"
	"linguaport/internal/platform"
	"linguaport/internal/ratelimit"
	"linguaport/internal/svcclient"
	"linguaport/svc-catalog/catalog"
	"linguaport/svc-catalog/chat"
)

// startChat builds the live support chat (svc-catalog/chat) beside the catalogue, whose contact
// inquiries take what visitors write while no staff member is online. New conversations and
// visitors' messages leave through the conversations' outboxes on events:catalog (chat.opened,
// chat.message), which svc-auth turns into staff's live notices.
func startChat(p *platform.Process, env *config.Env, inquiries catalog.Service, metrics *prometheus.Registry, eventMetrics *events.Metrics,
	auth *authn.Authenticator, auditLog *audit.Log) http.Handler {
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
	svc := chat.NewService(chat.Config{
		Store:     store,
		Bus:       hub,
		Messages:  ratelimit.New(p.Redis, "chat-messages", int64(messagesPerMinute), time.Minute),
		Starts:    ratelimit.New(p.Redis, "chat-conversations", int64(startsPerHour), time.Hour),
		Inquiries: chatInquiries{inquiries},
		Now:       time.Now,
		NewID:     ids.New,
		OnError: func(ctx context.Context, what string, err error) {
			p.Log.ErrorContext(ctx, what, "err", err)
		},
		Kick: relay.Kick,
	})
	svc = chat.LoggingMiddleware(p.Log)(chat.InstrumentingMiddleware(metrics)(svc))
	return chat.MakeHandler(chat.MakeEndpoints(svc, auditLog), svc, auth, p.Trusted, chat.DefaultHeartbeat)
}

// newAuthenticator identifies customers and staff by their tokens, checked with svc-auth's
// published keys and the shared session store (DESIGN §5).
func newAuthenticator(p *platform.Process, env *config.Env) *authn.Authenticator {
	authClient := svcclient.New(p.Watch("svc-auth"), 5*time.Second)
	context.AfterFunc(p.Ctx, authClient.Close)
	keys := authn.NewRemoteKeys(authn.FetchFrom(authClient))
	return authn.NewAuthenticator(authn.NewVerifier(keys, authn.NewRedisSessions(p.Redis)), env.List("SITE_ORIGINS", nil))
}

// withChat serves the chat's two areas with the chat's handler and everything else with the
// catalogue's.
func withChat(catalogHandler, chatHandler http.Handler) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/api/v1/catalog/chat/", chatHandler)
	mux.Handle("/api/v1/catalog/admin/chat/", chatHandler)
	mux.Handle("/", catalogHandler)
	return mux
}

// chatInquiries passes the chat's offline words on as the catalogue's contact inquiries.
type chatInquiries struct{ catalog catalog.Service }

func (c chatInquiries) Contact(ctx context.Context, name, email, message, language, from string) error {
	_, err := c.catalog.SubmitInquiry(ctx, catalog.Inquiry{Kind: "contact", Name: name, Email: email,
		Message: message, Language: language, From: from})
	return err
}
