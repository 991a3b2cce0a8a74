package catalog_test

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/redis/go-redis/v9"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"linguaport/internal/audit"
	"linguaport/internal/authn"
	"linguaport/internal/company/companytest"
	"linguaport/internal/events"
	"linguaport/internal/httpx"
	"linguaport/internal/ids"
	"linguaport/internal/mail"
	"linguaport/internal/mailbox"
	"linguaport/internal/mailcapture"
	"linguaport/internal/ratelimit"
	"linguaport/internal/testenv"
	"linguaport/svc-catalog/api"
	"linguaport/svc-catalog/catalog"
	"linguaport/svc-catalog/chat"
)

// fixture serves svc-catalog's real handler over FerretDB and redis-server, with the staff's
// side as main wires it: tokens checked against a test signer and Redis sessions, the audit log,
// and the replies' outbox relay and mail consumer sending to an SMTP capture.
type fixture struct {
	url    string
	db     *mongo.Database
	store  *catalog.MongoStore
	redis  *redis.Client
	signer *authn.Signer
	mail   *mailcapture.Server
}

func newFixture(t *testing.T) *fixture { t.Helper(); return newFixtureMailingTo(t, "") }

// newFixtureMailingTo sends mail to smtpAddr, or to a capture of its own when "".
func newFixtureMailingTo(t *testing.T, smtpAddr string) *fixture {
	t.Helper()
	return newFixtureOn(t, smtpAddr, testenv.Mongo(t))
}

// newFixtureOn keeps the catalogue in db (testenv.Mongo or testenv.MongoOnPostgres).
func newFixtureOn(t *testing.T, smtpAddr string, db *mongo.Database) *fixture {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	store, err := catalog.NewMongoStore(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	c, err := catalog.SeedContent()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := store.Seed(ctx, c); err != nil {
		t.Fatal(err)
	}
	r := testenv.StartRedis(t)
	var capture *mailcapture.Server
	if smtpAddr == "" {
		if capture, err = mailcapture.Start("127.0.0.1:0"); err != nil {
			t.Fatal(err)
		}
		smtpAddr = capture.Addr()
		t.Cleanup(func() { _ = capture.Close() })
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	_, key, _ := ed25519.GenerateKey(rand.Reader)
	signer := authn.NewSigner("k", key)
	auth := authn.NewAuthenticator(authn.NewVerifier(authn.StaticKeys{"k": signer.PublicKey()}, authn.NewRedisSessions(r.Client)), nil)

	n := 0
	reg := prometheus.NewRegistry()
	svc := catalog.NewService(store, ratelimit.New(r.Client, "inquiries", 5, time.Hour), func() string { n++; return fmt.Sprintf("inq-%d", n) }, companytest.Other())
	svc = catalog.InstrumentingMiddleware(reg)(svc)

	auditLog, err := audit.NewLog(ctx, db, log)
	if err != nil {
		t.Fatal(err)
	}
	relay := events.NewRelay(store.Collection(), events.Stream("catalog"), events.NewPublisher(r.Client), log, time.Minute)
	sender := mail.NewSender(mail.Config{Addr: smtpAddr, From: mail.DefaultFrom})
	mails := mailbox.NewRelay(store.Collection(), catalog.MailRender(store, companytest.Other().MailFooter), sender, log, time.Minute)
	mails.FirstRetry, mails.MaxRetry = 100*time.Millisecond, time.Second
	staff := catalog.NewStaffService(store, auditLog, log, time.Now, ids.New, func(ids ...any) { relay.Kick(ids...); mails.Kick(ids...) })
	staff = catalog.StaffLoggingMiddleware(log)(staff)
	var running sync.WaitGroup
	running.Go(func() { relay.Run(ctx) })
	running.Go(func() { mails.Run(ctx) })

	chats := newChat(t, ctx, db, r.Client)
	handler := api.Routes(api.MakeEndpoints(svc, staff, chats, auditLog), chats, httpx.LoopbackOnly, api.DefaultHeartbeat).Handler(auth)
	srv := httptest.NewServer(httpx.NewServer(httpx.Options{Name: "svc-catalog", Handler: handler, Registry: reg}).Handler())
	t.Cleanup(func() {
		srv.Close()
		cancel()
		running.Wait()
	})
	return &fixture{url: srv.URL, db: db, store: store, redis: r.Client, signer: signer, mail: capture}
}

// newChat is the live support chat as main wires it beside the catalogue, on db and redis: the
// route table serves the chat's routes too (svc-catalog/chat has its own tests).
func newChat(t *testing.T, ctx context.Context, db *mongo.Database, r *redis.Client) chat.Service {
	t.Helper()
	store, err := chat.NewStore(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	hub, err := chat.NewHub(ctx, r, chat.DefaultPresenceTTL, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	return chat.NewService(chat.Config{Store: store, Bus: hub,
		Messages: ratelimit.New(r, "chat-messages", 20, time.Minute), Starts: ratelimit.New(r, "chat-starts", 10, time.Hour),
		Inquiries: noInquiries{}, Now: time.Now, NewID: ids.New})
}

// noInquiries: the catalogue's tests leave the chat's offline inquiries to the chat's tests.
type noInquiries struct{}

func (noInquiries) Contact(context.Context, string, string, string, string, string) error { return nil }

// token is a signed-in user's bearer token with a live session.
func (f *fixture) token(role authn.Role, subject, name string) string {
	f.redis.Set(context.Background(), authn.SessionKey("s-"+subject), "1", time.Hour)
	tok, _ := f.signer.Sign(authn.Claims{Issuer: authn.Issuer, Subject: subject, Session: "s-" + subject, Role: role,
		Name: name, ExpiresAt: time.Now().Add(time.Hour).Unix()})
	return tok
}

func (f *fixture) staff() string { return f.token(authn.RoleAdmin, "st-1", "Selin Yönetici") }
