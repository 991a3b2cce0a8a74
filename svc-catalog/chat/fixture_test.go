package chat_test

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"linguaport/internal/audit"
	"linguaport/internal/authn"
	"linguaport/internal/company"
	"linguaport/internal/httpx"
	"linguaport/internal/ids"
	"linguaport/internal/ratelimit"
	ssewire "linguaport/internal/sse"
	"linguaport/internal/testenv"
	"linguaport/svc-catalog/api"
	"linguaport/svc-catalog/catalog"
	"linguaport/svc-catalog/chat"
)

func TestMain(m *testing.M) { testenv.Main(m) }

// inquiries records the contact inquiries the chat makes, standing in for the catalogue.
type inquiries struct {
	mu   sync.Mutex
	sent []inquiry
}

type inquiry struct{ Name, Email, Message, Language, From string }

func (q *inquiries) Contact(_ context.Context, name, email, message, language, from string) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.sent = append(q.sent, inquiry{name, email, message, language, from})
	return nil
}

func (q *inquiries) all() []inquiry {
	q.mu.Lock()
	defer q.mu.Unlock()
	return append([]inquiry(nil), q.sent...)
}

// fixture is several svc-catalog chat instances on one database and one redis-server.
type fixture struct {
	urls      []string
	signer    *authn.Signer
	redis     *testenv.Redis
	db        *mongo.Database
	inquiries *inquiries
}

type options struct {
	instances   int
	perMinute   int64
	presenceTTL time.Duration
}

func newFixture(t *testing.T, o options) *fixture {
	t.Helper()
	if o.instances == 0 {
		o.instances = 2
	}
	if o.perMinute == 0 {
		o.perMinute = 100
	}
	db := testenv.Mongo(t)
	r := testenv.StartRedis(t)
	_, key, _ := ed25519.GenerateKey(rand.Reader)
	f := &fixture{signer: authn.NewSigner("k", key), redis: r, db: db, inquiries: &inquiries{}}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	trusted, _ := httpx.ParseTrustedProxies([]string{"127.0.0.0/8"})
	for range o.instances {
		store, err := chat.NewStore(ctx, db)
		if err != nil {
			t.Fatal(err)
		}
		hub, err := chat.NewHub(ctx, r.Client, o.presenceTTL, log)
		if err != nil {
			t.Fatal(err)
		}
		auditLog, err := audit.NewLog(ctx, db, log)
		if err != nil {
			t.Fatal(err)
		}
		auth := authn.NewAuthenticator(authn.NewVerifier(authn.StaticKeys{"k": f.signer.PublicKey()}, authn.NewRedisSessions(r.Client)), nil)
		metrics := prometheus.NewRegistry()
		svc := chat.NewService(chat.Config{Store: store, Bus: hub,
			Messages:  ratelimit.New(r.Client, "chat-messages", o.perMinute, time.Minute),
			Starts:    ratelimit.New(r.Client, "chat-starts", 100, time.Hour),
			Inquiries: f.inquiries, Now: time.Now, NewID: ids.New})
		svc = chat.LoggingMiddleware(log)(chat.InstrumentingMiddleware(metrics)(svc))
		// The one route table serves the catalogue too: here over the same database, unseeded.
		content, err := catalog.NewMongoStore(ctx, db)
		if err != nil {
			t.Fatal(err)
		}
		pages := catalog.NewService(content, ratelimit.New(r.Client, "inquiries", 5, time.Hour), ids.New, company.Demo())
		staff := catalog.NewStaffService(content, auditLog, log, time.Now, ids.New, func(...any) {})
		table := api.Routes(api.MakeEndpoints(pages, staff, svc, auditLog), svc, trusted, api.Heartbeat(time.Second))
		handler := table.Handler(auth)
		srv := httptest.NewServer(httpx.NewServer(httpx.Options{Name: "svc-catalog", Handler: handler, Logger: log, Registry: metrics}).Handler())
		t.Cleanup(srv.Close)
		f.urls = append(f.urls, srv.URL)
	}
	return f
}

// token signs subject in with role, with a live session.
func (f *fixture) token(subject string, role authn.Role) string {
	f.redis.Client.Set(context.Background(), authn.SessionKey("s-"+subject), "1", time.Hour)
	tok, _ := f.signer.Sign(authn.Claims{Issuer: authn.Issuer, Subject: subject, Session: "s-" + subject, Role: role,
		Name: "Ayşe " + subject, ExpiresAt: time.Now().Add(time.Hour).Unix()})
	return tok
}

// who makes a request: a bearer token, a visitor's chat token, a language, an idempotency key.
type who struct {
	bearer, chatToken, lang, key string
}

type answer struct {
	status int
	body   map[string]any
	raw    []byte
}

func (a answer) errorCode() string {
	e, _ := a.body["error"].(map[string]any)
	c, _ := e["code"].(string)
	return c
}

func (a answer) field(name string) string {
	e, _ := a.body["error"].(map[string]any)
	fields, _ := e["fields"].(map[string]any)
	v, _ := fields[name].(string)
	return v
}

func (f *fixture) do(t *testing.T, instance int, method, path string, w who, body any) answer {
	t.Helper()
	var rd io.Reader
	if body != nil {
		data, _ := json.Marshal(body)
		rd = bytes.NewReader(data)
	}
	req, _ := http.NewRequest(method, f.urls[instance]+path, rd)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	lang := w.lang
	if lang == "" {
		lang = "en"
	}
	req.Header.Set("Accept-Language", lang)
	if w.bearer != "" {
		req.Header.Set("Authorization", "Bearer "+w.bearer)
	}
	if w.chatToken != "" {
		req.Header.Set(api.TokenHeader, w.chatToken)
	}
	if w.key != "" {
		req.Header.Set("Idempotency-Key", w.key)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	a := answer{status: resp.StatusCode, raw: raw}
	_ = json.Unmarshal(raw, &a.body)
	return a
}

// sse is a Server-Sent Events client reading one stream.
type sse struct {
	pings  atomic.Int64 // heartbeat comments received
	events chan sseEvent
	cancel context.CancelFunc
	done   chan struct{}
}

type sseEvent struct {
	id, name string
	data     chat.Event
}

// follow opens path as an event stream and waits until the service has started it.
func (f *fixture) follow(t *testing.T, instance int, path string, w who) *sse {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", f.urls[instance]+path, nil)
	if w.bearer != "" {
		req.Header.Set("Authorization", "Bearer "+w.bearer)
	}
	body, err := ssewire.Open(http.DefaultClient, req)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	s := &sse{events: make(chan sseEvent, 64), cancel: cancel, done: make(chan struct{})}
	started := make(chan struct{})
	go func() {
		defer close(s.done)
		defer body.Close()
		_ = ssewire.Read(body, func(f ssewire.Frame) bool {
			switch {
			case f.Retry > 0:
				close(started)
			case f.Comment == "ping":
				s.pings.Add(1)
			case f.Event != "":
				ev := sseEvent{id: f.ID, name: f.Event}
				_ = json.Unmarshal([]byte(f.Data), &ev.data)
				s.events <- ev
			}
			return true
		})
	}()
	select {
	case <-started:
	case <-time.After(5 * time.Second):
		t.Fatalf("GET %s: the stream did not start", path)
	}
	t.Cleanup(s.close)
	return s
}

func (s *sse) close() {
	s.cancel()
	<-s.done
}

// next waits for the next event of type name, skipping others.
func (s *sse) next(t *testing.T, name string) sseEvent {
	t.Helper()
	timeout := time.After(5 * time.Second)
	for {
		select {
		case e := <-s.events:
			if e.name == name {
				return e
			}
		case <-timeout:
			t.Fatalf("no %q event within 5 s", name)
		}
	}
}

// nothing checks that no event of type name arrives for a moment.
func (s *sse) nothing(t *testing.T, name string, wait time.Duration) {
	t.Helper()
	timeout := time.After(wait)
	for {
		select {
		case e := <-s.events:
			if e.name == name {
				t.Fatalf("unexpected %q event: %+v", name, e.data)
			}
		case <-timeout:
			return
		}
	}
}

func str(m map[string]any, path ...string) string {
	var v any = m
	for _, p := range path {
		mm, _ := v.(map[string]any)
		v = mm[p]
	}
	s, _ := v.(string)
	return s
}
