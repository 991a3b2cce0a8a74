package live_test

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
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"linguaport/internal/authn"
	"linguaport/internal/events"
	"linguaport/internal/httpx"
	"linguaport/internal/sse"
	"linguaport/internal/testenv"
	"linguaport/svc-auth/api"
	"linguaport/svc-auth/live"
)

func TestMain(m *testing.M) { testenv.Main(m) }

const (
	eventsPath = "/api/v1/auth/admin/live/events"
	seenPath   = "/api/v1/auth/admin/live/seen"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// fixture is svc-auth instances serving the live feed on one database and one redis-server, as
// two replicas would.
type fixture struct {
	db        *mongo.Database
	redis     *testenv.Redis
	signer    *authn.Signer
	instances []*instance
}

// instance is one svc-auth process: its store, hub and handler, stopped by stop (a restart is a
// stop and a new instance).
type instance struct {
	url   string
	store *live.Store
	hub   *live.Hub
	stop  func()
}

func newFixture(t *testing.T, instances int) *fixture {
	t.Helper()
	_, key, _ := ed25519.GenerateKey(rand.Reader)
	f := &fixture{db: testenv.Mongo(t), redis: testenv.StartRedis(t), signer: authn.NewSigner("k", key)}
	for range instances {
		f.instances = append(f.instances, f.start(t))
	}
	return f
}

// start runs one more instance.
func (f *fixture) start(t *testing.T) *instance {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	store, err := live.NewStore(ctx, f.db)
	if err != nil {
		t.Fatal(err)
	}
	hub, err := live.NewHub(ctx, f.redis.Client, store, quiet, time.Now)
	if err != nil {
		t.Fatal(err)
	}
	verifier := authn.NewVerifier(authn.StaticKeys{"k": f.signer.PublicKey()}, authn.NewRedisSessions(f.redis.Client))
	handler := api.Routes(api.MakeEndpoints(nil, nil), nil, api.NewLiveRoutes(live.NewFeed(store, hub, time.Now, quiet), sse.Heartbeat(200*time.Millisecond)), authn.JWKS{}, httpx.TrustedProxies{}).
		Handler(authn.NewAuthenticator(verifier, nil))
	srv := httptest.NewServer(httpx.NewServer(httpx.Options{Name: "svc-auth", Handler: handler, Logger: quiet, Registry: prometheus.NewRegistry()}).Handler())
	in := &instance{url: srv.URL, store: store, hub: hub}
	stopped := false
	in.stop = func() {
		if !stopped {
			stopped = true
			cancel()
			srv.CloseClientConnections()
			srv.Close()
		}
	}
	t.Cleanup(in.stop)
	return in
}

// token signs subject in with role, with a live session, for ttl.
func (f *fixture) token(subject string, role authn.Role, ttl time.Duration) string {
	f.redis.Client.Set(context.Background(), authn.SessionKey("s-"+subject), "1", time.Hour)
	tok, _ := f.signer.Sign(authn.Claims{Issuer: authn.Issuer, Subject: subject, Session: "s-" + subject, Role: role,
		Name: "Staff " + subject, ExpiresAt: time.Now().Add(ttl).Unix()})
	return tok
}

func (f *fixture) staff(subject string) string { return f.token(subject, authn.RoleAdmin, time.Hour) }

// handle runs instance i's consumer handler on an event made of typ and payload at when.
func (f *fixture) handle(t *testing.T, i int, typ string, payload map[string]any, when time.Time) events.Event {
	t.Helper()
	e := event(t, typ, payload, when)
	if err := live.Handler(f.instances[i].store, f.instances[i].hub, time.Now)(context.Background(), e); err != nil {
		t.Fatalf("%s: %v", typ, err)
	}
	return e
}

func event(t *testing.T, typ string, payload map[string]any, when time.Time) events.Event {
	t.Helper()
	e, err := events.New(context.Background(), typ, payload)
	if err != nil {
		t.Fatal(err)
	}
	e.OccurredAt = when.UTC()
	return e
}

// paid is order.status_changed in_progress for an order.
func paid(order, number string) (string, map[string]any) {
	return live.EventOrderStatusChanged, map[string]any{"orderId": order, "number": number, "customerId": "c1", "status": "in_progress", "at": time.Now()}
}

// answer is a JSON answer.
type answer struct {
	status int
	body   map[string]any
	raw    string
}

func (f *fixture) do(t *testing.T, i int, method, path, token, lang string, body any) answer {
	t.Helper()
	var rd io.Reader
	if body != nil {
		data, _ := json.Marshal(body)
		rd = bytes.NewReader(data)
	}
	req, _ := http.NewRequest(method, f.instances[i].url+path, rd)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept-Language", lang)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	a := answer{status: resp.StatusCode, raw: string(raw)}
	_ = json.Unmarshal(raw, &a.body)
	return a
}

// update is one event of a staff stream.
type update struct {
	name   string
	Notice *live.Notice   `json:"notice"`
	Counts map[string]int `json:"counts"`
}

// stream is a staff member's open live stream, read as a browser's EventSource would.
type stream struct {
	updates chan update
	ended   chan struct{}
	cancel  context.CancelFunc
}

// open opens the live stream on instance i with the token as the authToken cookie (an
// EventSource sends no headers) and waits for its first event, the counts.
func (f *fixture) open(t *testing.T, i int, token string) (*stream, map[string]int) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", f.instances[i].url+eventsPath, nil)
	req.AddCookie(&http.Cookie{Name: authn.TokenCookie, Value: token})
	body, err := sse.Open(http.DefaultClient, req)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	s := &stream{updates: make(chan update, 64), ended: make(chan struct{}), cancel: cancel}
	go func() {
		defer close(s.ended)
		defer body.Close()
		_ = sse.Read(body, func(fr sse.Frame) bool {
			if fr.Event != "" {
				u := update{name: fr.Event}
				_ = json.Unmarshal([]byte(fr.Data), &u)
				s.updates <- u
			}
			return true
		})
	}()
	t.Cleanup(func() { cancel(); <-s.ended })
	first := s.next(t, "counts")
	return s, first.Counts
}

// next waits for the next update, which must be of kind name.
func (s *stream) next(t *testing.T, name string) update {
	t.Helper()
	select {
	case u := <-s.updates:
		if u.name != name {
			t.Fatalf("got a %q update %+v, want %q", u.name, u, name)
		}
		return u
	case <-time.After(5 * time.Second):
		t.Fatalf("no %q update within 5 s", name)
	}
	return update{}
}

// quiet checks that nothing arrives for a moment.
func (s *stream) quiet(t *testing.T, wait time.Duration) {
	t.Helper()
	select {
	case u := <-s.updates:
		t.Fatalf("unexpected %q update: %+v", u.name, u)
	case <-time.After(wait):
	}
}

// end waits for the server to end the stream.
func (s *stream) end(t *testing.T, within time.Duration) {
	t.Helper()
	select {
	case <-s.ended:
	case <-time.After(within):
		t.Fatalf("the stream is still open after %v", within)
	}
}

// counts is every category counted 0, but those given.
func counts(nonzero map[string]int) map[string]int {
	out := map[string]int{}
	for _, c := range live.Categories {
		out[c] = nonzero[c]
	}
	return out
}

func sameCounts(got, want map[string]int) bool {
	if len(got) != len(want) {
		return false
	}
	for k, v := range want {
		if got[k] != v {
			return false
		}
	}
	return true
}
