package events_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"go.mongodb.org/mongo-driver/v2/bson"

	"linguaport/internal/events"
	"linguaport/internal/mongox"
	"linguaport/internal/outbox"
	"linguaport/internal/testenv"
)

func TestMain(m *testing.M) { testenv.Main(m) }

// order is a stand-in producer document: a domain change and its events in one write.
type order struct {
	ID            string `bson:"_id"`
	Status        string `bson:"status"`
	events.Outbox `bson:",inline"`
}

type recorder struct {
	mu    sync.Mutex
	seen  map[string]int
	total int
}

func (r *recorder) handle(_ context.Context, e events.Event) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.seen[e.ID]++
	r.total++
	return nil
}

func (r *recorder) count() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.seen)
}

func TestOutboxRelayAndConsumersDeliverEveryEventOnce(t *testing.T) {
	ctx := context.Background()
	db := testenv.Mongo(t)
	rdb := madeUpRedis(t)
	orders := db.Collection("orders")
	if err := mongox.EnsureIndexes(ctx, orders, events.OutboxIndex()); err != nil {
		t.Fatal(err)
	}
	stream := events.Stream("orders")

	// Producers: 30 orders, each created with one event; then a second event pushed onto 10 of
	// them by an atomic update, the way a state change is written.
	var want []string
	for i := range 30 {
		e, err := events.New(ctx, "order.created", map[string]any{"n": i})
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, e.ID)
		o := order{ID: fmt.Sprintf("o%02d", i), Status: "new"}
		o.Add(e)
		if _, err := orders.InsertOne(ctx, o); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 10 {
		e, _ := events.New(ctx, "order.paid", map[string]any{"n": i})
		want = append(want, e.ID)
		push, mark := events.PushUpdate(e)
		_, err := orders.UpdateOne(ctx, bson.D{{Key: "_id", Value: fmt.Sprintf("o%02d", i)}},
			bson.D{{Key: "$set", Value: bson.D{{Key: "status", Value: "paid"}, mark}}, {Key: "$push", Value: bson.D{push}}})
		if err != nil {
			t.Fatal(err)
		}
	}

	// A crashed relay published the first three events without removing them: they will go out twice.
	var first []order
	cur, _ := orders.Find(ctx, bson.D{})
	if err := cur.All(ctx, &first); err != nil {
		t.Fatal(err)
	}
	pub := events.NewPublisher(rdb)
	for _, o := range first[:3] {
		if err := pub.Publish(ctx, stream, o.Pending[0]); err != nil {
			t.Fatal(err)
		}
	}

	relay := events.NewRelay(orders, stream, pub, nil, time.Hour)
	n, err := relay.Sweep(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if n != 40 {
		t.Fatalf("relayed %d events, want 40", n)
	}
	if left, _ := orders.CountDocuments(ctx, bson.D{{Key: outbox.Waiting(events.OutboxField), Value: true}}); left != 0 {
		t.Fatalf("%d outboxes still pending after relay", left)
	}
	var paid order
	if err := orders.FindOne(ctx, bson.D{{Key: "_id", Value: "o03"}}).Decode(&paid); err != nil || paid.Status != "paid" {
		t.Fatalf("domain state lost by the relay: %+v %v", paid, err)
	}

	processed := db.Collection("processed_events")
	rec := &recorder{seen: map[string]int{}}

	// The first consumer handles events until it is stopped abruptly mid-stream: the handler
	// blocks the 10th event forever, so that entry stays delivered but unacknowledged.
	ctx1, stop1 := context.WithCancel(ctx)
	var calls int
	var callsMu sync.Mutex
	crashing := func(ctx context.Context, e events.Event) error {
		callsMu.Lock()
		calls++
		c := calls
		callsMu.Unlock()
		if c >= 10 {
			<-ctx.Done()
			return ctx.Err()
		}
		return rec.handle(ctx, e)
	}
	c1 := events.NewConsumer(rdb, stream, "svc-billing", processed, crashing, nil).WithName("billing-1")
	c1.Block = 100 * time.Millisecond
	done1 := make(chan struct{})
	go func() { _ = c1.Run(ctx1); close(done1) }()
	waitUntil(t, 10*time.Second, func() bool { callsMu.Lock(); defer callsMu.Unlock(); return calls >= 10 })
	stop1()
	<-done1
	if got := rec.count(); got != 9 {
		t.Fatalf("first consumer handled %d events before stopping, want 9", got)
	}

	// A new instance (a different consumer name, as after a redeploy) takes over the entries the
	// first one left unacknowledged and reads the rest.
	c2 := events.NewConsumer(rdb, stream, "svc-billing", processed, rec.handle, nil).WithName("billing-2")
	c2.Block, c2.ClaimAfter = 100*time.Millisecond, 300*time.Millisecond
	ctx2, stop2 := context.WithCancel(ctx)
	done2 := make(chan struct{})
	go func() { _ = c2.Run(ctx2); close(done2) }()
	waitUntil(t, 15*time.Second, func() bool { return rec.count() == len(want) })

	// More events after the restart flow through the running consumer as well.
	e, _ := events.New(ctx, "order.completed", map[string]any{"n": 99})
	want = append(want, e.ID)
	push, mark := events.PushUpdate(e)
	if _, err := orders.UpdateOne(ctx, bson.D{{Key: "_id", Value: "o05"}}, bson.D{{Key: "$push", Value: bson.D{push}}, {Key: "$set", Value: bson.D{mark}}}); err != nil {
		t.Fatal(err)
	}
	if _, err := relay.Sweep(ctx); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, 10*time.Second, func() bool { return rec.count() == len(want) })
	time.Sleep(500 * time.Millisecond) // room for any duplicate to arrive
	stop2()
	<-done2

	rec.mu.Lock()
	defer rec.mu.Unlock()
	for _, id := range want {
		if rec.seen[id] != 1 {
			t.Errorf("event %s handled %d times, want exactly once", id, rec.seen[id])
		}
	}
	if rec.total != len(want) {
		t.Errorf("handler ran %d times for %d events", rec.total, len(want))
	}
	pending, err := rdb.XPending(ctx, stream, "svc-billing").Result()
	if err != nil {
		t.Fatal(err)
	}
	if pending.Count != 0 {
		t.Errorf("%d entries left unacknowledged", pending.Count)
	}
}

func TestConsumerRetriesAFailedHandler(t *testing.T) {
	ctx := context.Background()
	db := testenv.Mongo(t)
	rdb := madeUpRedis(t)
	stream := events.Stream("auth")
	e, _ := events.New(ctx, "account.registered", map[string]string{"email": "a@example.com"})
	if err := events.NewPublisher(rdb).Publish(ctx, stream, e); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	attempts := 0
	var got map[string]string
	c := events.NewConsumer(rdb, stream, "svc-mail", db.Collection("processed_events"), func(_ context.Context, ev events.Event) error {
		mu.Lock()
		defer mu.Unlock()
		attempts++
		if attempts < 3 {
			return fmt.Errorf("mail server down (attempt %d)", attempts)
		}
		return ev.Decode(&got)
	}, nil)
	c.Block, c.ClaimAfter = 50*time.Millisecond, 200*time.Millisecond
	runCtx, stop := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { _ = c.Run(runCtx); close(done) }()
	waitUntil(t, 10*time.Second, func() bool {
		p, err := rdb.XPending(ctx, stream, "svc-mail").Result()
		return err == nil && p.Count == 0 && attemptsSoFar(&mu, &attempts) >= 3
	})
	stop()
	<-done
	if got["email"] != "a@example.com" || attempts != 3 {
		t.Fatalf("got %v after %d attempts", got, attempts)
	}
	var rec bson.M
	if err := db.Collection("processed_events").FindOne(ctx, bson.D{{Key: "_id", Value: "svc-mail/" + e.ID}}).Decode(&rec); err != nil {
		t.Fatalf("processed record missing: %v", err)
	}
}

func attemptsSoFar(mu *sync.Mutex, n *int) int {
	mu.Lock()
	defer mu.Unlock()
	return *n
}

func waitUntil(t *testing.T, timeout time.Duration, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("condition not met in time")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// madeUpRedis is a Redis for the bus's own tests: their events stand for no service's, so no
// event contract applies to them.
func madeUpRedis(t *testing.T) *redis.Client {
	r := testenv.StartRedis(t)
	r.MadeUpEvents()
	return r.Client
}

// A consumer that stops with an entry handed to it but not acknowledged (the process died) gets
// that entry back as soon as it runs again under the same name, without waiting ClaimAfter for
// another consumer to claim it: why platform names consumers by instance, not by pid.
func TestRestartedConsumerResumesItsOwnPending(t *testing.T) {
	ctx := context.Background()
	rdb := madeUpRedis(t)
	processed := testenv.Mongo(t).Collection("processed_events")
	stream := events.Stream("orders")
	e, _ := events.New(ctx, "order.created", map[string]any{"n": 1})
	if err := events.NewPublisher(rdb).Publish(ctx, stream, e); err != nil {
		t.Fatal(err)
	}
	handed := make(chan struct{})
	stuck := func(ctx context.Context, _ events.Event) error { close(handed); <-ctx.Done(); return ctx.Err() }
	first := events.NewConsumer(rdb, stream, "svc-x", processed, stuck, nil).WithName("svc-x-host-8083")
	first.Block = 100 * time.Millisecond
	ctx1, crash := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { _ = first.Run(ctx1); close(done) }()
	<-handed
	crash()
	<-done

	rec := &recorder{seen: map[string]int{}}
	again := events.NewConsumer(rdb, stream, "svc-x", processed, rec.handle, nil).WithName("svc-x-host-8083")
	again.Block = 100 * time.Millisecond // ClaimAfter stays 30 s: the entry must not need a claim
	ctx2, stop := context.WithCancel(ctx)
	defer stop()
	go func() { _ = again.Run(ctx2) }()
	waitUntil(t, 5*time.Second, func() bool { return rec.count() == 1 })
}

// A handling slower than ClaimAfter (a KVKK copy: minutes of paced reads) stays its consumer's:
// another consumer of the group, claiming what has been idle too long, does not take it over and
// handle it a second time while the first is still at work.
func TestSlowHandlingIsNotTakenOver(t *testing.T) {
	ctx := context.Background()
	rdb := madeUpRedis(t)
	processed := testenv.Mongo(t).Collection("processed_events")
	stream := events.Stream("auth")
	e, _ := events.New(ctx, "privacy.requested", map[string]any{"n": 1})
	if err := events.NewPublisher(rdb).Publish(ctx, stream, e); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	handlings := 0
	slow := func(ctx context.Context, _ events.Event) error {
		mu.Lock()
		handlings++
		mu.Unlock()
		sleep := time.NewTimer(2 * time.Second) // ten times ClaimAfter
		defer sleep.Stop()
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-sleep.C:
			return nil
		}
	}
	runCtx, stop := context.WithCancel(ctx)
	defer stop()
	var wg sync.WaitGroup
	for _, name := range []string{"svc-x-a", "svc-x-b"} {
		c := events.NewConsumer(rdb, stream, "svc-x", processed, slow, nil).WithName(name)
		c.Block, c.ClaimAfter = 50*time.Millisecond, 200*time.Millisecond
		wg.Add(1)
		go func() { defer wg.Done(); _ = c.Run(runCtx) }()
	}
	waitUntil(t, 10*time.Second, func() bool {
		p, err := rdb.XPending(ctx, stream, "svc-x").Result()
		return err == nil && p.Count == 0 && attemptsSoFar(&mu, &handlings) >= 1
	})
	time.Sleep(300 * time.Millisecond) // a claim that came late would show now
	stop()
	wg.Wait()
	if handlings != 1 {
		t.Errorf("handled %d times, want once", handlings)
	}
}
