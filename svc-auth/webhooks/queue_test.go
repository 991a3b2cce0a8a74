package webhooks

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"linguaport/internal/testenv"
)

// The dispatcher asks the queue, which holds only what is not done: once every delivery has
// arrived it is empty, while the log keeps each one; a delivery retried stays queued until it
// arrives.
func TestQueueHoldsOnlyWorkNotDone(t *testing.T) {
	f := newFixture(t, DispatcherOptions{})
	ctx := context.Background()
	r := newReceiver(t, func(n int) int {
		if n == 1 {
			return http.StatusInternalServerError
		}
		return http.StatusOK
	})
	ep := f.endpoint(t, r.srv.URL)
	for i, status := range []string{"in_progress", "assigned", "delivered"} {
		if err := f.svc.Handle(ctx, orderEvent(t, "oq", status, "", time.Now().Add(time.Duration(i)*time.Millisecond))); err != nil {
			t.Fatal(err)
		}
	}
	waitFor(t, "three deliveries after a retry", 10*time.Second, func() bool { return len(r.requests()) == 4 })
	waitFor(t, "an empty queue", 5*time.Second, func() bool {
		n, _ := f.store.queue.CountDocuments(ctx, bson.D{})
		return n == 0
	})
	logged, err := f.svc.Deliveries(ctx, alice, ep.ID, "")
	if err != nil || len(logged.Deliveries) != 3 {
		t.Fatalf("the log holds %d deliveries, want 3: %v", len(logged.Deliveries), err)
	}
}

// Without transactions a crash may come between the queue's write and the log's; reading the
// queue repairs it: an entry whose delivery is done in the log, or missing from it, leaves the
// queue once settled (a fresh one waits: its log write may be under way), and an entry the
// queue made pending while the log still holds it is made pending in the log and sent.
func TestQueueRepairsWhatACrashLeft(t *testing.T) {
	ctx := context.Background()
	s, err := NewStore(ctx, testenv.Mongo(t))
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC().Truncate(time.Millisecond)
	old := now.Add(-2 * queueSettle)
	doc := func(id, state string) DeliveryDoc {
		return DeliveryDoc{ID: id, EndpointID: "we_q", OwnerID: "o", Lane: "we_q|" + id, Seq: 1, State: state, NextAt: old, CreatedAt: old, Attempts: []Attempt{}}
	}
	for _, d := range []DeliveryDoc{doc("done", Delivered), doc("held", Held), doc("fresh-done", Failed)} {
		if _, err := s.deliveries.InsertOne(ctx, d); err != nil {
			t.Fatal(err)
		}
	}
	pending := func(id string, queued time.Time) queueEntry {
		e := entryOf(doc(id, Pending), queued)
		return e
	}
	if err := s.enqueue(ctx, []queueEntry{pending("done", old), pending("held", old), pending("fresh-done", now), pending("orphan", old), pending("young-orphan", now)}); err != nil {
		t.Fatal(err)
	}
	due, err := s.dueDeliveries(ctx, "we_q", now, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(due) != 1 || due[0].ID != "held" || due[0].State != Pending {
		t.Fatalf("due: %+v, want the held one made pending", due)
	}
	if d, _ := s.Delivery(ctx, "held"); d.State != Pending {
		t.Fatalf("the log's held delivery: %s", d.State)
	}
	var left []string
	entries, _ := s.queued(ctx, bson.D{}, bson.D{{Key: "_id", Value: 1}}, 0)
	for _, e := range entries {
		left = append(left, e.ID)
	}
	if len(left) != 3 || left[0] != "fresh-done" || left[1] != "held" || left[2] != "young-orphan" {
		t.Fatalf("the queue after repair: %v, want fresh-done, held, young-orphan", left)
	}
}

// A lane's later deliveries wait on its first (ahead names the lane's first, not the one just
// before): when the first arrives after a retry, the second is sent, and then the third, each
// at once rather than after the lease they were put behind.
func TestWaitingLaneFollowsInTurn(t *testing.T) {
	f := newFixture(t, DispatcherOptions{Schedule: []time.Duration{2 * time.Second}})
	ctx := context.Background()
	r := newReceiver(t, func(n int) int {
		if n == 1 {
			return http.StatusInternalServerError
		}
		return http.StatusOK
	})
	ep := f.endpoint(t, r.srv.URL)
	t0 := time.Now()
	behind := func(n int) func() bool {
		return func() bool {
			es, err := f.store.queued(ctx, bson.D{{Key: "lane", Value: ep.ID + "/ol"}, {Key: "state", Value: Pending}}, bson.D{{Key: "seq", Value: 1}}, 0)
			waiting := 0
			for _, e := range es {
				if e.NextAt.After(time.Now().Add(10 * time.Second)) {
					waiting++
				}
			}
			return err == nil && waiting == n
		}
	}
	handle := func(i int, status string) {
		if err := f.svc.Handle(ctx, orderEvent(t, "ol", status, "", t0.Add(time.Duration(i)*time.Millisecond))); err != nil {
			t.Fatal(err)
		}
	}
	handle(0, "in_progress")
	waitFor(t, "the first attempt", 5*time.Second, func() bool { return len(r.requests()) == 1 })
	handle(1, "assigned")
	waitFor(t, "the second behind the first", 5*time.Second, behind(1))
	handle(2, "delivered")
	waitFor(t, "the third behind the first", 5*time.Second, behind(2))
	waitFor(t, "the lane sent in turn", 8*time.Second, func() bool { return len(r.requests()) == 4 })
	var types []Type
	for _, got := range r.requests() {
		types = append(types, got.payload.Type)
	}
	if fmt.Sprint(types) != fmt.Sprint([]Type{OrderPaid, OrderPaid, OrderAssigned, OrderDelivered}) {
		t.Fatalf("sent: %v", types)
	}
}

// The log keeps 14 days; a delivery held longer (its endpoint disabled) leaves the queue with it.
func TestPruneTakesOldDeliveriesFromLogAndQueue(t *testing.T) {
	ctx := context.Background()
	s, err := NewStore(ctx, testenv.Mongo(t))
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC().Truncate(time.Millisecond)
	for _, d := range []DeliveryDoc{
		{ID: "old", EndpointID: "we_p", OwnerID: "o", Lane: "we_p/a", Seq: 1, State: Held, NextAt: now, CreatedAt: now.Add(-LogFor - time.Hour), Attempts: []Attempt{}},
		{ID: "young", EndpointID: "we_p", OwnerID: "o", Lane: "we_p/b", Seq: 1, State: Held, NextAt: now, CreatedAt: now.Add(-time.Hour), Attempts: []Attempt{}},
	} {
		if err := s.insertDeliveries(ctx, []DeliveryDoc{d}); err != nil {
			t.Fatal(err)
		}
	}
	n, err := s.prune(ctx, now.Add(-LogFor), 10)
	if err != nil || n != 1 {
		t.Fatalf("pruned %d: %v", n, err)
	}
	if _, err := s.Delivery(ctx, "old"); !errors.Is(err, ErrNoDelivery) {
		t.Fatalf("the old delivery is still logged: %v", err)
	}
	entries, err := s.queued(ctx, bson.D{{Key: "endpointId", Value: "we_p"}, {Key: "state", Value: Held}}, bson.D{{Key: "nextAt", Value: 1}}, 0)
	if err != nil || len(entries) != 1 || entries[0].ID != "young" {
		t.Fatalf("queued after the prune: %+v %v", entries, err)
	}
}
