package events_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"linguaport/internal/events"
	"linguaport/internal/mongox"
	"linguaport/internal/testenv"
)

// relayFixture is a producer collection with its outbox index, a stream and a relay that sweeps
// only at start-up (its periodic sweep is an hour away), running until the test ends.
type relayFixture struct {
	db     *mongo.Database
	coll   *mongo.Collection
	rdb    *redis.Client
	stream string
	relay  *events.Relay
}

func newRelayFixture(t *testing.T, before func(f *relayFixture)) *relayFixture {
	t.Helper()
	ctx := context.Background()
	db := testenv.Mongo(t)
	f := &relayFixture{db: db, coll: db.Collection("orders"), rdb: madeUpRedis(t), stream: events.Stream("orders")}
	if err := mongox.EnsureIndexes(ctx, f.coll, events.OutboxIndex()); err != nil {
		t.Fatal(err)
	}
	if before != nil {
		before(f)
	}
	f.relay = events.NewRelay(f.coll, f.stream, events.NewPublisher(f.rdb), nil, time.Hour)
	runCtx, stop := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { f.relay.Run(runCtx); close(done) }()
	t.Cleanup(func() { stop(); <-done })
	return f
}

// insert stores a document with n pending events and returns their ids.
func (f *relayFixture) insert(t *testing.T, id string, n int) []string {
	t.Helper()
	o := order{ID: id, Status: "new"}
	var ids []string
	for i := range n {
		e, err := events.New(context.Background(), "order.changed", map[string]any{"order": id, "n": i})
		if err != nil {
			t.Fatal(err)
		}
		o.Add(e)
		ids = append(ids, e.ID)
	}
	if _, err := f.coll.InsertOne(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	return ids
}

// push appends one event to a document's outbox, as a state change does.
func (f *relayFixture) push(t *testing.T, id string) string {
	t.Helper()
	e, err := events.New(context.Background(), "order.changed", map[string]any{"order": id})
	if err != nil {
		t.Error(err)
		return ""
	}
	push, mark := events.PushUpdate(e)
	_, err = f.coll.UpdateOne(context.Background(), bson.D{{Key: "_id", Value: id}}, bson.D{{Key: "$push", Value: bson.D{push}}, {Key: "$set", Value: bson.D{mark}}})
	if err != nil {
		t.Error(err)
	}
	return e.ID
}

// published lists the event ids on the stream, in stream order.
func (f *relayFixture) published(t *testing.T) []string {
	t.Helper()
	msgs, err := f.rdb.XRange(context.Background(), f.stream, "-", "+").Result()
	if err != nil {
		t.Fatal(err)
	}
	ids := make([]string, len(msgs))
	for i, m := range msgs {
		ids[i], _ = m.Values["id"].(string)
	}
	return ids
}

// queries counts the queries sent to the collection whose shape contains part.
func (f *relayFixture) queries(part string) int {
	n := 0
	for _, q := range testenv.Queries(f.db) {
		if q.Collection == "orders" && strings.Contains(q.String(), part) {
			n++
		}
	}
	return n
}

const sweepShape = "find orders {outboxWaiting =}"

func TestRelayPublishesWhatItIsToldWithoutSweeping(t *testing.T) {
	var left []string
	f := newRelayFixture(t, func(f *relayFixture) {
		// A producer died between its write and telling the relay: the start-up sweep finds it.
		left = f.insert(t, "left", 2)
	})
	waitUntil(t, 10*time.Second, func() bool { return len(f.published(t)) == 2 })
	if got := f.published(t); fmt.Sprint(got) != fmt.Sprint(left) {
		t.Fatalf("start-up sweep published %v, want %v in order", got, left)
	}

	// Written but not told: the relay, which no longer sweeps, leaves it alone.
	want := append(left, f.insert(t, "o1", 1)...)
	want = append(want, f.push(t, "o1"))
	time.Sleep(300 * time.Millisecond)
	if got := f.published(t); len(got) != 2 {
		t.Fatalf("published %d events nobody told the relay about", len(got)-2)
	}

	f.relay.Kick("o1")
	waitUntil(t, 5*time.Second, func() bool { return len(f.published(t)) == 4 })
	if got := f.published(t); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("published %v, want %v in order", got, want)
	}
	waitUntil(t, 5*time.Second, func() bool {
		n, err := f.coll.CountDocuments(context.Background(), bson.D{{Key: "_id", Value: "o1"}, {Key: "outbox.0", Value: bson.D{{Key: "$exists", Value: true}}}})
		return err == nil && n == 0
	})
	if n := f.queries(sweepShape); n != 1 {
		t.Errorf("the relay swept the collection %d times, want once (at start-up)", n)
	}
}

func TestRelayToldConcurrentlyPublishesEachEventOnce(t *testing.T) {
	f := newRelayFixture(t, nil)
	want := map[string]bool{}
	for _, id := range f.insert(t, "o1", 5) {
		want[id] = true
	}
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range 4 { // producers changing the same order, each telling the relay
		wg.Go(func() {
			for range 5 {
				id := f.push(t, "o1")
				mu.Lock()
				want[id] = true
				mu.Unlock()
				f.relay.Kick("o1")
			}
		})
	}
	for range 16 { // and many more tellings of the same document
		wg.Go(func() {
			for range 20 {
				f.relay.Kick("o1")
			}
		})
	}
	wg.Wait()
	waitUntil(t, 10*time.Second, func() bool { return len(f.published(t)) >= len(want) })
	time.Sleep(300 * time.Millisecond) // room for a duplicate to arrive
	got := f.published(t)
	seen := map[string]int{}
	for _, id := range got {
		seen[id]++
	}
	for id := range want {
		if seen[id] != 1 {
			t.Errorf("event %s published %d times, want once", id, seen[id])
		}
	}
	if len(got) != len(want) {
		t.Errorf("published %d events, want %d", len(got), len(want))
	}
}

func TestRelayToldAboutADocumentWithoutEventsDoesNothing(t *testing.T) {
	f := newRelayFixture(t, func(f *relayFixture) { f.insert(t, "plain", 0) })
	waitUntil(t, 10*time.Second, func() bool { return f.queries(sweepShape) == 1 })
	f.relay.Kick("plain", "missing")
	waitUntil(t, 5*time.Second, func() bool { return f.queries("find orders {_id =}") == 2 })
	time.Sleep(200 * time.Millisecond) // room for anything it would do next
	if n := f.queries("update orders"); n != 0 {
		t.Errorf("the relay sent %d updates for documents without events", n)
	}
	if got := f.published(t); len(got) != 0 {
		t.Errorf("published %v", got)
	}
	if n := f.queries(sweepShape); n != 1 {
		t.Errorf("the relay swept %d times, want once (at start-up)", n)
	}
}

// An id the relay cannot keep (here one that is no map key) is not lost: a sweep stands in for it.
func TestRelayToldWhatItCannotKeepSweeps(t *testing.T) {
	f := newRelayFixture(t, nil)
	waitUntil(t, 10*time.Second, func() bool { return f.queries(sweepShape) == 1 })
	want := f.insert(t, "o1", 1)
	f.relay.Kick(bson.D{{Key: "compound", Value: "id"}})
	waitUntil(t, 5*time.Second, func() bool { return len(f.published(t)) == 1 })
	if got := f.published(t); got[0] != want[0] {
		t.Fatalf("published %v, want %v", got, want)
	}
	if n := f.queries(sweepShape); n != 2 {
		t.Errorf("swept %d times, want twice (start-up, then for the id)", n)
	}
}

// A paced relay (the KVKK copy's answers: half a megabyte a piece) rests after each document it
// delivers, told what that took, whether the document was kicked or swept, and after the sweep's
// read; a rest cut short (the process stopping) ends the round with nothing lost.
func TestPacedRelayRestsAfterEachDocument(t *testing.T) {
	ctx := context.Background()
	db := testenv.Mongo(t)
	f := &relayFixture{db: db, coll: db.Collection("orders"), rdb: madeUpRedis(t), stream: events.Stream("orders")}
	if err := mongox.EnsureIndexes(ctx, f.coll, events.OutboxIndex()); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var rests []time.Duration
	stopAfter := -1 // the rest that fails, as when ctx ends; -1: none
	relay := events.NewRelay(f.coll, f.stream, events.NewPublisher(f.rdb), nil, time.Hour)
	relay.Rest = func(_ context.Context, took time.Duration) error {
		mu.Lock()
		defer mu.Unlock()
		rests = append(rests, took)
		if len(rests) == stopAfter {
			return context.Canceled
		}
		return nil
	}
	restsSoFar := func() []time.Duration {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(rests)
	}

	// A sweep: one rest for its read, then one per document, each told a real time.
	want := append(f.insert(t, "a", 2), f.insert(t, "b", 1)...)
	if n, err := relay.Sweep(ctx); err != nil || n != 3 {
		t.Fatalf("sweep delivered %d (%v), want 3", n, err)
	}
	got := restsSoFar()
	if len(got) != 3 {
		t.Fatalf("the sweep rested %d times, want 3 (its read, a, b)", len(got))
	}
	for i, took := range got {
		if took <= 0 {
			t.Errorf("rest %d was told the work took %v", i, took)
		}
	}

	// A sweep whose rest is cut short after its first document stops there; the other
	// document keeps its event for the next round.
	want = append(want, f.insert(t, "c", 1)...)
	want = append(want, f.insert(t, "d", 1)...)
	stopAfter = len(got) + 2 // the read's rest passes, the first document's fails
	if _, err := relay.Sweep(ctx); err == nil {
		t.Fatal("a sweep whose rest failed reported no error")
	}
	if n := len(f.published(t)); n != 4 {
		t.Fatalf("published %d events after the cut sweep, want 4 (a's two, b's, then one of c and d)", n)
	}
	stopAfter = -1

	// Running, the relay sweeps at start-up (the document left behind) and then delivers
	// kicked documents, resting after each.
	before := len(restsSoFar())
	runCtx, stop := context.WithCancel(ctx)
	done := make(chan struct{})
	t.Cleanup(func() { stop(); <-done })
	go func() { relay.Run(runCtx); close(done) }()
	waitUntil(t, 10*time.Second, func() bool { return len(f.published(t)) == len(want) })
	want = append(want, f.insert(t, "e", 1)...)
	want = append(want, f.insert(t, "f", 1)...)
	relay.Kick("e", "f")
	waitUntil(t, 10*time.Second, func() bool { return len(f.published(t)) == len(want) })
	if got := f.published(t); fmt.Sprint(sorted(got)) != fmt.Sprint(sorted(want)) {
		t.Fatalf("published %v, want each of %v once", got, want)
	}
	// The start-up sweep: its read and the document left; then e and f, kicked.
	waitUntil(t, 5*time.Second, func() bool { return len(restsSoFar())-before >= 4 })
	if n := len(restsSoFar()) - before; n != 4 {
		t.Errorf("the running relay rested %d times, want 4 (the sweep's read, the document left, e, f)", n)
	}
}

// versionedOrder is a producer's document as services keep them: optimistic updates by version.
type versionedOrder struct {
	ID             string `bson:"_id"`
	Status         string `bson:"status"`
	mongox.Version `bson:",inline"`
	events.Outbox  `bson:",inline"`
}

// A producer that read a document before the relay published and removed its event writes again
// from the fresh document: the event is not put back and published a second time.
func TestRelayRemovalIsAChangeOptimisticUpdatesSee(t *testing.T) {
	f := newRelayFixture(t, nil)
	ctx := context.Background()
	e, err := events.New(ctx, "order.changed", map[string]any{"order": "o1"})
	if err != nil {
		t.Fatal(err)
	}
	doc := versionedOrder{ID: "o1", Status: "new"}
	doc.Add(e)
	if _, err := f.coll.InsertOne(ctx, doc); err != nil {
		t.Fatal(err)
	}
	calls := 0
	_, err = mongox.Update(ctx, f.coll, "o1", func(o *versionedOrder) (*versionedOrder, error) {
		calls++
		if calls == 1 { // the relay publishes between this update's read and its write
			f.relay.Kick("o1")
			waitUntil(t, 10*time.Second, func() bool {
				var now versionedOrder
				return f.coll.FindOne(ctx, bson.D{{Key: "_id", Value: "o1"}}).Decode(&now) == nil && len(now.Pending) == 0
			})
		}
		o.Status = "paid"
		return o, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	f.relay.Kick("o1")
	time.Sleep(300 * time.Millisecond) // a republished event would be out by now
	if got := f.published(t); len(got) != 1 || got[0] != e.ID || calls != 2 {
		t.Errorf("published %v after %d attempts, want %s once after 2", got, calls, e.ID)
	}
}

func sorted(ids []string) []string {
	out := slices.Clone(ids)
	slices.Sort(out)
	return out
}
