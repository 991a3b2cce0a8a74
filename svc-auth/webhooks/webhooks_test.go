package webhooks

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"
	"go.mongodb.org/mongo-driver/v2/bson"

	"linguaport/internal/authn"
	"linguaport/internal/events"
	"linguaport/internal/ids"
	"linguaport/internal/testenv"
)

func TestMain(m *testing.M) { testenv.Main(m) }

// The signature is the one the Standard Webhooks reference library makes for the specification's
// published example, and the library (code this team did not write) accepts every delivery's
// header under either secret during a rotation's overlap.
func TestSignaturesAreStandardWebhooks(t *testing.T) {
	got, err := Sign("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, []byte(`{"test": 2432232314}`))
	if err != nil || got != "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=" {
		t.Fatalf("published example: %q, %v", got, err)
	}
	old, _ := newSecret()
	current, _ := newSecret()
	if old == current || !strings.HasPrefix(old, "whsec_") {
		t.Fatalf("secrets %q %q", old, current)
	}
	now := time.Now()
	until := now.Add(time.Hour)
	body := []byte(`{"type":"order.paid"}`)
	header, err := signatures([]Secret{{Value: current}, {Value: old, ExpiresAt: &until}}, "msg_1", now.Unix(), body)
	if err != nil || len(strings.Fields(header)) != 2 {
		t.Fatalf("header %q, %v", header, err)
	}
	h := http.Header{}
	h.Set("webhook-id", "msg_1")
	h.Set("webhook-timestamp", strconv.FormatInt(now.Unix(), 10))
	h.Set("webhook-signature", header)
	for _, secret := range []string{old, current} {
		wh, err := standardwebhooks.NewWebhook(secret)
		if err != nil {
			t.Fatal(err)
		}
		if err := wh.Verify(body, h); err != nil {
			t.Errorf("the reference library refuses a delivery under %s…: %v", secret[:10], err)
		}
		if err := wh.Verify([]byte(`{"type":"order.paid","x":1}`), h); err == nil {
			t.Error("a changed body verifies")
		}
	}
	stranger, _ := newSecret()
	if wh, _ := standardwebhooks.NewWebhook(stranger); wh.Verify(body, h) == nil {
		t.Error("another secret verifies")
	}
}

// received is one request a receiver got.
type received struct {
	id, timestamp, signature string
	body                     []byte
	payload                  Payload
}

// receiver is a local endpoint answering what answer says for the n-th request (from 1).
type receiver struct {
	t      *testing.T
	srv    *httptest.Server
	mu     sync.Mutex
	got    []received
	answer func(n int) int
	delay  time.Duration
}

func newReceiver(t *testing.T, answer func(n int) int) *receiver {
	r := &receiver{t: t, answer: answer}
	r.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(req.Body)
		var p Payload
		if err := json.Unmarshal(body, &p); err != nil {
			t.Errorf("body %s: %v", body, err)
		}
		r.mu.Lock()
		r.got = append(r.got, received{id: req.Header.Get("webhook-id"), timestamp: req.Header.Get("webhook-timestamp"),
			signature: req.Header.Get("webhook-signature"), body: body, payload: p})
		n, delay := len(r.got), r.delay
		r.mu.Unlock()
		if delay > 0 {
			select {
			case <-time.After(delay):
			case <-req.Context().Done():
			}
		}
		status := http.StatusNoContent
		if r.answer != nil {
			status = r.answer(n)
		}
		w.WriteHeader(status)
		fmt.Fprintf(w, "answer %d", n)
	}))
	t.Cleanup(r.srv.Close)
	return r
}

func (r *receiver) requests() []received {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]received(nil), r.got...)
}

// verify checks every request with the reference library under secret.
func (r *receiver) verify(secret string) {
	r.t.Helper()
	wh, err := standardwebhooks.NewWebhook(secret)
	if err != nil {
		r.t.Fatal(err)
	}
	for _, got := range r.requests() {
		h := http.Header{}
		h.Set("webhook-id", got.id)
		h.Set("webhook-timestamp", got.timestamp)
		h.Set("webhook-signature", got.signature)
		if err := wh.Verify(got.body, h); err != nil {
			r.t.Errorf("delivery %s does not verify: %v", got.id, err)
		}
	}
}

// fixture is the service and a running dispatcher on a fresh database.
type fixture struct {
	store *Store
	svc   Service
	disp  *Dispatcher
	mails chan any
	clock *clock
}

type clock struct {
	mu     sync.Mutex
	offset time.Duration
}

func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return time.Now().Add(c.offset)
}

func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	c.offset += d
	c.mu.Unlock()
}

var fast = []time.Duration{20 * time.Millisecond, 20 * time.Millisecond, 20 * time.Millisecond, 20 * time.Millisecond}

func newFixture(t *testing.T, o DispatcherOptions) *fixture {
	t.Helper()
	store, err := NewStore(context.Background(), testenv.Mongo(t))
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{store: store, mails: make(chan any, 10), clock: &clock{}}
	if o.Guard == (Guard{}) {
		o.Guard = Guard{AllowHTTP: true, AllowPrivate: true}
	}
	if o.Schedule == nil {
		o.Schedule = fast
	}
	if o.SweepEvery == 0 {
		o.SweepEvery = 20 * time.Millisecond
	}
	o.Now = f.clock.now
	o.MailKick = func(ids ...any) { f.mails <- ids[0] }
	f.disp = NewDispatcher(store, slog.New(slog.DiscardHandler), o)
	f.svc = NewService(store, o.Guard, f.disp.Kick, ids.New, f.clock.now)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { f.disp.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	return f
}

var alice = authn.Caller{ID: "cust-alice", Role: authn.RoleCustomer}

func (f *fixture) endpoint(t *testing.T, url string, types ...Type) WithSecret {
	t.Helper()
	if len(types) == 0 {
		types = Types
	}
	ep, err := f.svc.Create(context.Background(), alice, Settings{URL: url, Types: types})
	if err != nil {
		t.Fatal(err)
	}
	return ep
}

// orderEvent is svc-orders' order.status_changed as its contract has it.
func orderEvent(t *testing.T, order, status, step string, at time.Time) events.Event {
	t.Helper()
	e, err := events.New(context.Background(), "order.status_changed", map[string]any{
		"orderId": order, "number": "LP-" + order, "customerId": alice.ID, "status": status, "step": step, "at": at})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func waitFor(t *testing.T, what string, timeout time.Duration, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// An order's moves reach the endpoint as their types, in the order they happened, signed, with
// thin payloads; a redelivered event makes no second delivery; a type the endpoint did not pick
// is not sent.
func TestDeliveriesAreSignedThinAndInOrder(t *testing.T) {
	f := newFixture(t, DispatcherOptions{})
	r := newReceiver(t, func(int) int { return http.StatusOK })
	ep := f.endpoint(t, r.srv.URL, OrderPaid, OrderAssigned, OrderDelivered, OrderRevisionDelivered, OrderCompleted)
	ctx := context.Background()
	t0 := time.Now().Add(-time.Minute)
	moves := []events.Event{
		orderEvent(t, "o1", "in_progress", "", t0),
		orderEvent(t, "o1", "assigned", "claimed", t0.Add(time.Second)),
		orderEvent(t, "o1", "delivered", "", t0.Add(2*time.Second)),
		orderEvent(t, "o1", "revision_requested", "", t0.Add(3*time.Second)),
		orderEvent(t, "o1", "delivered", "redelivered", t0.Add(4*time.Second)),
		orderEvent(t, "o1", "completed", "", t0.Add(5*time.Second)),
	}
	quote, _ := events.New(ctx, "quote.created", map[string]any{"quoteId": "q1", "number": "Q-1", "customerId": alice.ID})
	for _, e := range append(moves, quote, moves[0]) { // the first again: redelivered
		if err := f.svc.Handle(ctx, e); err != nil {
			t.Fatal(err)
		}
	}
	waitFor(t, "five deliveries", 10*time.Second, func() bool { return len(r.requests()) >= 5 })
	time.Sleep(200 * time.Millisecond)
	got := r.requests()
	var types []string
	for _, g := range got {
		types = append(types, string(g.payload.Type))
		if g.payload.Data.OrderID != "o1" || g.payload.Data.OrderNumber != "LP-o1" || g.payload.Data.Status == "" {
			t.Errorf("payload %s", g.body)
		}
		if !strings.HasPrefix(g.id, "msg_") {
			t.Errorf("webhook-id %q", g.id)
		}
	}
	want := "order.paid order.assigned order.delivered order.revision_delivered order.completed"
	if strings.Join(types, " ") != want {
		t.Fatalf("got %v, want %s", types, want)
	}
	r.verify(ep.Secret)
	page, err := f.svc.Deliveries(ctx, alice, ep.ID, "")
	if err != nil || len(page.Deliveries) != 5 {
		t.Fatalf("log: %+v, %v", page, err)
	}
	for _, d := range page.Deliveries {
		if d.State != Delivered || len(d.Attempts) != 1 || d.Attempts[0].Status != http.StatusOK || !strings.HasPrefix(d.Attempts[0].Response, "answer ") {
			t.Errorf("logged %+v", d)
		}
	}
	// Someone else's endpoint is not found, nor is its log.
	if _, err := f.svc.Deliveries(ctx, authn.Caller{ID: "cust-bob", Role: authn.RoleCustomer}, ep.ID, ""); err != ErrNotFound {
		t.Errorf("bob reads alice's log: %v", err)
	}
}

// A receiver answering 500 three times and then 200 gets the same delivery four times, with the
// same webhook-id; the log shows the four attempts; the order's next event waits behind it.
func TestRetriesUntilTheEndpointAnswers(t *testing.T) {
	f := newFixture(t, DispatcherOptions{})
	r := newReceiver(t, func(n int) int {
		if n <= 3 {
			return http.StatusInternalServerError
		}
		return http.StatusOK
	})
	ep := f.endpoint(t, r.srv.URL)
	ctx := context.Background()
	t0 := time.Now().Add(-time.Minute)
	for _, e := range []events.Event{orderEvent(t, "o2", "in_progress", "", t0), orderEvent(t, "o2", "assigned", "", t0.Add(time.Second))} {
		if err := f.svc.Handle(ctx, e); err != nil {
			t.Fatal(err)
		}
	}
	waitFor(t, "five requests", 10*time.Second, func() bool { return len(r.requests()) >= 5 })
	got := r.requests()
	for i := range 4 {
		if got[i].id != got[0].id || got[i].payload.Type != OrderPaid {
			t.Fatalf("attempt %d: %s %s", i+1, got[i].id, got[i].payload.Type)
		}
	}
	if got[4].payload.Type != OrderAssigned || got[4].id == got[0].id {
		t.Fatalf("the next event: %s %s", got[4].id, got[4].payload.Type)
	}
	r.verify(ep.Secret)
	d, err := f.svc.Delivery(ctx, alice, ep.ID, got[0].id)
	if err != nil {
		t.Fatal(err)
	}
	var statuses []int
	for _, a := range d.Attempts {
		statuses = append(statuses, a.Status)
	}
	if d.State != Delivered || fmt.Sprint(statuses) != "[500 500 500 200]" {
		t.Fatalf("log: %s %v", d.State, statuses)
	}
	// The endpoint recovered: its failing streak is over.
	e, _ := f.svc.Get(ctx, alice, ep.ID)
	if e.FailingSince != nil || e.DisabledAt != nil {
		t.Errorf("endpoint after recovery: %+v", e)
	}
}

// A delivery that fails every attempt of the schedule has failed; a replay sends it again with
// its webhook-id, and the log marks the replayed attempt.
func TestExhaustedDeliveryIsReplayed(t *testing.T) {
	f := newFixture(t, DispatcherOptions{Schedule: fast[:2]})
	ok := false
	var mu sync.Mutex
	r := newReceiver(t, func(int) int {
		mu.Lock()
		defer mu.Unlock()
		if ok {
			return http.StatusOK
		}
		return http.StatusServiceUnavailable
	})
	ep := f.endpoint(t, r.srv.URL)
	ctx := context.Background()
	if err := f.svc.Handle(ctx, orderEvent(t, "o3", "completed", "", time.Now())); err != nil {
		t.Fatal(err)
	}
	var id string
	waitFor(t, "the delivery to fail", 10*time.Second, func() bool {
		p, _ := f.svc.Deliveries(ctx, alice, ep.ID, "")
		if len(p.Deliveries) == 1 && p.Deliveries[0].State == Failed {
			id = p.Deliveries[0].ID
			return true
		}
		return false
	})
	if n := len(r.requests()); n != 3 {
		t.Fatalf("%d attempts, want 3", n)
	}
	mu.Lock()
	ok = true
	mu.Unlock()
	if _, err := f.svc.Replay(ctx, alice, ep.ID, id); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the replay", 10*time.Second, func() bool {
		d, _ := f.svc.Delivery(ctx, alice, ep.ID, id)
		return d.State == Delivered
	})
	d, _ := f.svc.Delivery(ctx, alice, ep.ID, id)
	last := d.Attempts[len(d.Attempts)-1]
	if len(d.Attempts) != 4 || !last.Replay || last.Status != http.StatusOK || r.requests()[3].id != id {
		t.Fatalf("after the replay: %+v", d.Attempts)
	}
}

// 410 Gone disables the endpoint at once and queues its owner's mail in the same write; what
// happens meanwhile is held, and enabling the endpoint sends it.
func TestGoneDisablesAndEnablingSendsWhatWasHeld(t *testing.T) {
	f := newFixture(t, DispatcherOptions{})
	gone := true
	var mu sync.Mutex
	r := newReceiver(t, func(int) int {
		mu.Lock()
		defer mu.Unlock()
		if gone {
			return http.StatusGone
		}
		return http.StatusOK
	})
	ep := f.endpoint(t, r.srv.URL)
	ctx := context.Background()
	if err := f.svc.Handle(ctx, orderEvent(t, "o4", "in_progress", "", time.Now())); err != nil {
		t.Fatal(err)
	}
	select {
	case id := <-f.mails:
		if id != ep.ID {
			t.Fatalf("mail kicked for %v", id)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no mail")
	}
	doc, _ := f.store.Endpoint(ctx, ep.ID)
	if doc.DisabledAt == nil || doc.DisabledReason != DisabledGone || len(doc.Mails) != 1 || doc.Mails[0].Kind != MailDisabled || doc.Mails[0].To != alice.ID {
		t.Fatalf("disabled endpoint: %+v", doc)
	}
	if err := f.svc.Handle(ctx, orderEvent(t, "o4", "assigned", "", time.Now())); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.SendTest(ctx, alice, ep.ID); err != ErrDisabled {
		t.Fatalf("test event to a disabled endpoint: %v", err)
	}
	time.Sleep(200 * time.Millisecond)
	if n := len(r.requests()); n != 1 {
		t.Fatalf("%d requests to a disabled endpoint", n)
	}
	mu.Lock()
	gone = false
	mu.Unlock()
	if _, err := f.svc.Enable(ctx, alice, ep.ID); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the held deliveries", 10*time.Second, func() bool { return len(r.requests()) == 3 })
	got := r.requests()
	if got[1].payload.Type != OrderPaid || got[2].payload.Type != OrderAssigned {
		t.Fatalf("after enabling: %s then %s", got[1].payload.Type, got[2].payload.Type)
	}
}

// An endpoint that has failed for five days is disabled by its next failure, with the mail.
func TestFailingFiveDaysDisables(t *testing.T) {
	f := newFixture(t, DispatcherOptions{})
	r := newReceiver(t, func(int) int { return http.StatusBadGateway })
	ep := f.endpoint(t, r.srv.URL)
	ctx := context.Background()
	if err := f.svc.Handle(ctx, orderEvent(t, "o5", "in_progress", "", time.Now())); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "a failure", 10*time.Second, func() bool {
		e, _ := f.svc.Get(ctx, alice, ep.ID)
		return e.FailingSince != nil
	})
	if e, _ := f.svc.Get(ctx, alice, ep.ID); e.DisabledAt != nil {
		t.Fatal("disabled after one failure")
	}
	f.clock.advance(DisableAfter + time.Minute)
	select {
	case <-f.mails:
	case <-time.After(10 * time.Second):
		t.Fatal("not disabled five days on")
	}
	e, _ := f.svc.Get(ctx, alice, ep.ID)
	if e.DisabledReason != DisabledFailing {
		t.Fatalf("endpoint: %+v", e)
	}
}

// An endpoint slower than the timeout holds only its own senders: the fast endpoints' deliveries
// go on meanwhile.
func TestSlowEndpointDoesNotDelayOthers(t *testing.T) {
	f := newFixture(t, DispatcherOptions{Timeout: 2 * time.Second, PerEndpoint: 2, Senders: 6, Schedule: []time.Duration{time.Hour}})
	slow := newReceiver(t, nil)
	slow.delay = 5 * time.Second
	quick := newReceiver(t, nil)
	f.endpoint(t, slow.srv.URL)
	f.endpoint(t, quick.srv.URL)
	ctx := context.Background()
	start := time.Now()
	for i := range 20 {
		if err := f.svc.Handle(ctx, orderEvent(t, fmt.Sprintf("s%d", i), "in_progress", "", time.Now())); err != nil {
			t.Fatal(err)
		}
	}
	waitFor(t, "the fast endpoint's twenty", 10*time.Second, func() bool { return len(quick.requests()) == 20 })
	if took := time.Since(start); took > 1500*time.Millisecond {
		t.Fatalf("the fast endpoint took %s beside the slow one", took)
	}
	if n := len(slow.requests()); n > 2 {
		t.Fatalf("%d requests at once to the slow endpoint, want at most 2", n)
	}
}

// In a deployment an endpoint must be HTTPS on a public address: loopback, private and
// link-local addresses are refused when registered and when dialled (a name may change address).
func TestGuardRefusesPrivateAddresses(t *testing.T) {
	g := Guard{Resolver: fakeResolver{"hooks.example.com": {"93.184.215.14"}, "rebind.example.com": {"10.0.0.7"}}}
	ctx := context.Background()
	for url, want := range map[string]string{
		"https://hooks.example.com/lp":        "",
		"http://hooks.example.com/lp":         ReasonHTTPS,
		"https://127.0.0.1/x":                 ReasonPrivate,
		"https://[::1]/x":                     ReasonPrivate,
		"https://169.254.169.254/latest":      ReasonPrivate,
		"https://10.1.2.3/":                   ReasonPrivate,
		"https://100.64.0.1/":                 ReasonPrivate,
		"https://[::ffff:192.168.1.1]/":       ReasonPrivate,
		"https://localhost:8080/":             ReasonPrivate,
		"https://rebind.example.com/":         ReasonPrivate,
		"https://nowhere.example.com/":        ReasonURL,
		"ftp://hooks.example.com/":            ReasonURL,
		"https://user:pw@hooks.example.com/":  ReasonURL,
		"hooks.example.com/lp":                ReasonURL,
		"https://93.184.215.14:8443/hook?x=1": "",
	} {
		if _, got := g.check(ctx, url); got != want {
			t.Errorf("%s: %q, want %q", url, got, want)
		}
	}
	// Dialled: a loopback receiver is never reached.
	f := newFixture(t, DispatcherOptions{Guard: Guard{AllowHTTP: true}, Schedule: []time.Duration{time.Hour}})
	r := newReceiver(t, nil)
	doc := EndpointDoc{ID: "we_local", OwnerID: alice.ID, URL: r.srv.URL, Types: Types, Secrets: []Secret{{Value: "whsec_" + strings.Repeat("A", 44)}}, CreatedAt: time.Now()}
	if err := f.store.insertEndpoint(ctx, doc); err != nil {
		t.Fatal(err)
	}
	if err := f.svc.Handle(ctx, orderEvent(t, "o6", "in_progress", "", time.Now())); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the refused attempt", 10*time.Second, func() bool {
		var d DeliveryDoc
		err := f.store.deliveries.FindOne(ctx, bson.D{{Key: "pendingFor", Value: "we_local"}}).Decode(&d)
		return err == nil && len(d.Attempts) == 1 && strings.Contains(d.Attempts[0].Error, "not public")
	})
	if n := len(r.requests()); n != 0 {
		t.Fatalf("the loopback receiver got %d requests", n)
	}
}

type fakeResolver map[string][]string

func (f fakeResolver) LookupNetIP(_ context.Context, _, host string) ([]netip.Addr, error) {
	var out []netip.Addr
	for _, s := range f[host] {
		out = append(out, netip.MustParseAddr(s))
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no such host %s", host)
	}
	return out, nil
}

// Rotating a secret signs with both for the overlap, then with the new one alone; the test event
// reaches the endpoint whatever types it picked; the settings are checked.
func TestRotationTestEventAndSettings(t *testing.T) {
	f := newFixture(t, DispatcherOptions{})
	r := newReceiver(t, nil)
	ctx := context.Background()
	ep := f.endpoint(t, r.srv.URL, InvoicePaid)
	rotated, err := f.svc.Rotate(ctx, alice, ep.ID)
	if err != nil || rotated.Secret == ep.Secret || rotated.SecretsValid != 2 {
		t.Fatalf("rotate: %+v, %v", rotated, err)
	}
	d, err := f.svc.SendTest(ctx, alice, ep.ID)
	if err != nil || d.Type != TestEvent {
		t.Fatalf("test: %+v, %v", d, err)
	}
	waitFor(t, "the test event", 10*time.Second, func() bool { return len(r.requests()) == 1 })
	r.verify(ep.Secret)
	r.verify(rotated.Secret)
	if got := r.requests()[0]; len(strings.Fields(got.signature)) != 2 || got.payload.Data.EndpointID != ep.ID {
		t.Fatalf("test delivery: %+v", got)
	}
	f.clock.advance(RotationOverlap + time.Minute)
	if e, _ := f.svc.Get(ctx, alice, ep.ID); e.SecretsValid != 1 {
		t.Fatalf("after the overlap: %d secrets", e.SecretsValid)
	}
	secret, _ := f.svc.Secret(ctx, alice, ep.ID)
	if secret.Secret != rotated.Secret {
		t.Fatal("the current secret is not the rotated one")
	}
	for _, bad := range []Settings{{URL: "", Types: Types}, {URL: r.srv.URL}, {URL: r.srv.URL, Types: []Type{"order.lost"}},
		{URL: r.srv.URL, Types: Types, Description: strings.Repeat("ş", MaxDescription+1)}} {
		if _, err := f.svc.Create(ctx, alice, bad); err == nil {
			t.Errorf("accepted %+v", bad)
		}
	}
	if _, err := f.svc.Create(ctx, authn.Caller{ID: "st", Role: authn.RoleAdmin}, Settings{URL: r.srv.URL, Types: Types}); err != ErrNotCustomer {
		t.Errorf("staff endpoint: %v", err)
	}
	for range MaxEndpoints - 1 {
		f.endpoint(t, r.srv.URL)
	}
	if _, err := f.svc.Create(ctx, alice, Settings{URL: r.srv.URL, Types: Types}); err != ErrTooMany {
		t.Errorf("endpoint %d: %v", MaxEndpoints+1, err)
	}
	// Erasing the account deletes its endpoints and their deliveries.
	eps, dels, err := f.svc.EraseAccount(ctx, alice.ID)
	if err != nil || eps != MaxEndpoints || dels != 1 {
		t.Fatalf("erased %d endpoints and %d deliveries: %v", eps, dels, err)
	}
}

// Two replicas' dispatchers on one store: every delivery arrives, each once, as one worker at a
// time holds an endpoint's lease; a lease left by a worker that stopped passes to the other.
func TestTwoReplicasSendEachDeliveryOnce(t *testing.T) {
	f := newFixture(t, DispatcherOptions{Name: "replica-a"})
	second := NewDispatcher(f.store, slog.New(slog.DiscardHandler), DispatcherOptions{Name: "replica-b",
		Guard: Guard{AllowHTTP: true, AllowPrivate: true}, SweepEvery: 20 * time.Millisecond, Schedule: fast})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { second.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	r := newReceiver(t, func(int) int { return http.StatusOK })
	ep := f.endpoint(t, r.srv.URL)
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 50 {
				// Two services handling events at once, each kicking its own dispatcher.
				svc := f.svc
				if w%2 == 1 {
					svc = NewService(f.store, Guard{AllowHTTP: true, AllowPrivate: true}, second.Kick, ids.New, time.Now)
				}
				if err := svc.Handle(context.Background(), orderEvent(t, fmt.Sprintf("r%d-%d", w, i), "in_progress", "", time.Now())); err != nil {
					t.Error(err)
				}
			}
		}()
	}
	wg.Wait()
	waitFor(t, "200 deliveries", 20*time.Second, func() bool { return len(r.requests()) >= 200 })
	time.Sleep(300 * time.Millisecond)
	seen := map[string]int{}
	for _, got := range r.requests() {
		seen[got.id]++
	}
	for id, n := range seen {
		if n != 1 {
			t.Errorf("%s sent %d times", id, n)
		}
	}
	if len(seen) != 200 {
		t.Fatalf("%d distinct deliveries, want 200", len(seen))
	}
	// Once the work is done the endpoint rests: no lease held, nothing due.
	waitFor(t, "the endpoint to rest", 10*time.Second, func() bool {
		doc, _ := f.store.Endpoint(context.Background(), ep.ID)
		return doc.LeaseBy == "" && doc.DueAt == nil
	})
}

// A delivery still being tried cannot be replayed (a second send of the same thing at once), nor
// can another customer's; one of a deleted endpoint is not found.
func TestReplayRefusals(t *testing.T) {
	f := newFixture(t, DispatcherOptions{Schedule: []time.Duration{time.Hour}})
	r := newReceiver(t, func(int) int { return http.StatusServiceUnavailable })
	ep := f.endpoint(t, r.srv.URL)
	ctx := context.Background()
	if err := f.svc.Handle(ctx, orderEvent(t, "o7", "in_progress", "", time.Now())); err != nil {
		t.Fatal(err)
	}
	var id string
	waitFor(t, "the first attempt", 10*time.Second, func() bool {
		p, _ := f.svc.Deliveries(ctx, alice, ep.ID, "")
		if len(p.Deliveries) == 1 && len(p.Deliveries[0].Attempts) == 1 {
			id = p.Deliveries[0].ID
			return true
		}
		return false
	})
	if _, err := f.svc.Replay(ctx, alice, ep.ID, id); err != ErrNotReplayable {
		t.Errorf("replaying a pending delivery: %v", err)
	}
	bob := authn.Caller{ID: "cust-bob", Role: authn.RoleCustomer}
	if _, err := f.svc.Replay(ctx, bob, ep.ID, id); err != ErrNotFound {
		t.Errorf("bob replays alice's delivery: %v", err)
	}
	if err := f.svc.Delete(ctx, alice, ep.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.Delivery(ctx, alice, ep.ID, id); err != ErrNotFound {
		t.Errorf("a deleted endpoint's delivery: %v", err)
	}
	if _, err := f.store.Delivery(ctx, id); err != ErrNoDelivery {
		t.Errorf("the deleted endpoint's log is kept: %v", err)
	}
}

// A customer's sandbox space (authn.SandboxID) has its own endpoints: a sandbox order's events
// reach only them and a live order's only the live ones; a sandbox endpoint answering 410 is
// disabled and the mail goes to the live customer, marked sandbox.
func TestSandboxSpaceHasItsOwnEndpoints(t *testing.T) {
	f := newFixture(t, DispatcherOptions{})
	ctx := context.Background()
	sandbox := authn.Caller{ID: authn.SandboxID(alice.ID), Role: authn.RoleCustomer, Sandbox: true}
	liveRcv := newReceiver(t, nil)
	sbxRcv := newReceiver(t, func(n int) int {
		if n > 1 {
			return http.StatusGone
		}
		return http.StatusOK
	})
	live := f.endpoint(t, liveRcv.srv.URL)
	sbx, err := f.svc.Create(ctx, sandbox, Settings{URL: sbxRcv.srv.URL, Types: Types})
	if err != nil {
		t.Fatal(err)
	}
	if list, _ := f.svc.List(ctx, alice); len(list) != 1 || list[0].ID != live.ID {
		t.Fatalf("the live account lists %+v", list)
	}
	if _, err := f.svc.Get(ctx, alice, sbx.ID); err == nil {
		t.Fatal("the live account reads the sandbox's endpoint")
	}
	sbxEvent, _ := events.New(ctx, "order.status_changed", map[string]any{"orderId": "o-sbx", "number": "LP-o-sbx", "customerId": sandbox.ID,
		"status": "in_progress", "at": time.Now()})
	for _, e := range []events.Event{sbxEvent, orderEvent(t, "o-live", "in_progress", "", time.Now())} {
		if err := f.svc.Handle(ctx, e); err != nil {
			t.Fatal(err)
		}
	}
	waitFor(t, "both deliveries", 10*time.Second, func() bool { return len(liveRcv.requests()) == 1 && len(sbxRcv.requests()) == 1 })
	if l, s := liveRcv.requests()[0].payload.Data.OrderID, sbxRcv.requests()[0].payload.Data.OrderID; l != "o-live" || s != "o-sbx" {
		t.Fatalf("the live endpoint got %q, the sandbox's %q", l, s)
	}
	gone, _ := events.New(ctx, "order.status_changed", map[string]any{"orderId": "o-sbx", "number": "LP-o-sbx", "customerId": sandbox.ID,
		"status": "assigned", "at": time.Now()})
	if err := f.svc.Handle(ctx, gone); err != nil {
		t.Fatal(err)
	}
	select {
	case <-f.mails:
	case <-time.After(10 * time.Second):
		t.Fatal("the sandbox endpoint answering 410 was not disabled")
	}
	doc, _ := f.store.Endpoint(ctx, sbx.ID)
	if len(doc.Mails) != 1 || doc.Mails[0].To != alice.ID || !strings.Contains(string(doc.Mails[0].Data), `"sandbox":true`) {
		t.Fatalf("the sandbox endpoint's mail: %+v", doc.Mails)
	}
}
