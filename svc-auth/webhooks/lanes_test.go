package webhooks

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"linguaport/internal/ids"
	"linguaport/internal/testenv"
)

// A lane's later deliveries wait on its first (ahead names the lane's first, not the one just
// before): when the first arrives after a retry, the second is sent, and then the third, each
// at once rather than after the lease they were put behind.
func TestWaitingLaneFollowsInTurn(t *testing.T) {
	f := newFixture(t, DispatcherOptions{Schedule: []time.Duration{2 * time.Second}})
	ctx := context.Background()
	r := newReceiver(t, failsFirst)
	ep := f.endpoint(t, r.srv.URL)
	t0 := time.Now()
	behind := func(n int) func() bool {
		return func() bool {
			cur, err := f.store.deliveries.Find(ctx, bson.D{{Key: "lane", Value: ep.ID + "/ol"}, {Key: "state", Value: Pending}})
			var ds []DeliveryDoc
			if err != nil || cur.All(ctx, &ds) != nil {
				return false
			}
			waiting := 0
			for _, d := range ds {
				if d.NextAt.After(time.Now().Add(10 * time.Second)) {
					waiting++
				}
			}
			return waiting == n
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

// The dispatcher asks for an endpoint's work by keys that only work not done carries: a delivery
// being retried has pendingFor, and once every delivery has arrived none has, while the log keeps
// each one.
func TestOnlyWorkLeftIsKeyed(t *testing.T) {
	f := newFixture(t, DispatcherOptions{Schedule: []time.Duration{time.Second}})
	ctx := context.Background()
	r := newReceiver(t, failsFirst)
	ep := f.endpoint(t, r.srv.URL)
	keyed := func() int {
		n, err := f.store.deliveries.CountDocuments(ctx, bson.D{{Key: "pendingFor", Value: ep.ID}})
		if err != nil {
			t.Fatal(err)
		}
		return int(n)
	}
	if err := f.svc.Handle(ctx, orderEvent(t, "ok", "in_progress", "", time.Now())); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the failed first attempt", 5*time.Second, func() bool { return len(r.requests()) == 1 })
	if n := keyed(); n != 1 {
		t.Fatalf("%d deliveries keyed pending while one is retried", n)
	}
	for i, status := range []string{"assigned", "delivered"} {
		if err := f.svc.Handle(ctx, orderEvent(t, "ok", status, "", time.Now().Add(time.Duration(i+1)*time.Millisecond))); err != nil {
			t.Fatal(err)
		}
	}
	waitFor(t, "three deliveries after the retry", 10*time.Second, func() bool { return len(r.requests()) == 4 })
	waitFor(t, "no work left keyed", 5*time.Second, func() bool { return keyed() == 0 })
	logged, err := f.svc.Deliveries(ctx, alice, ep.ID, "")
	if err != nil || len(logged.Deliveries) != 3 {
		t.Fatalf("the log holds %d deliveries, want 3: %v", len(logged.Deliveries), err)
	}
	for _, d := range logged.Deliveries {
		if d.State != Delivered {
			t.Errorf("delivery %s: %s", d.ID, d.State)
		}
	}
}

// The log keeps 14 days; a delivery held longer (its endpoint disabled) goes with it.
func TestPruneTakesWhatIsPastTheLog(t *testing.T) {
	ctx := context.Background()
	s, err := NewStore(ctx, testenv.Mongo(t))
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC().Truncate(time.Millisecond)
	if err := s.insertDeliveries(ctx, []DeliveryDoc{
		{ID: "old", EndpointID: "we_p", OwnerID: "o", Lane: "we_p/a", Seq: 1, State: Held, HeldFor: "we_p", NextAt: now, CreatedAt: now.Add(-LogFor - time.Hour), Attempts: []Attempt{}},
		{ID: "young", EndpointID: "we_p", OwnerID: "o", Lane: "we_p/b", Seq: 1, State: Held, HeldFor: "we_p", NextAt: now, CreatedAt: now.Add(-time.Hour), Attempts: []Attempt{}},
	}); err != nil {
		t.Fatal(err)
	}
	n, err := s.prune(ctx, now.Add(-LogFor), 10)
	if err != nil || n != 1 {
		t.Fatalf("pruned %d: %v", n, err)
	}
	if _, err := s.Delivery(ctx, "old"); !errors.Is(err, ErrNoDelivery) {
		t.Fatalf("the old delivery is still logged: %v", err)
	}
	if err := s.release(ctx, "we_p", now); err != nil {
		t.Fatal(err)
	}
	due, err := s.dueDeliveries(ctx, "we_p", now, 10)
	if err != nil || len(due) != 1 || due[0].ID != "young" || due[0].HeldFor != "" || due[0].PendingFor != "we_p" {
		t.Fatalf("due after the prune and a release: %+v %v", due, err)
	}
}

// A worker that has sent everything due keeps its endpoint for Linger: the next event's delivery
// is sent under the same lease, not a new one written around it. Then it rests, writing no due
// time and giving the lease up; a dispatcher stopped while its worker lingers gives it up at once.
func TestWorkerLingersUnderOneLease(t *testing.T) {
	f := newFixture(t, DispatcherOptions{Linger: time.Second})
	ctx := context.Background()
	r := newReceiver(t, func(int) int { return http.StatusOK })
	ep := f.endpoint(t, r.srv.URL)
	lease := func() (string, *time.Time) {
		doc, err := f.store.Endpoint(ctx, ep.ID)
		if err != nil {
			t.Fatal(err)
		}
		return doc.LeaseBy, doc.LeaseUntil
	}
	if err := f.svc.Handle(ctx, orderEvent(t, "og", "in_progress", "", time.Now())); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the first delivery", 5*time.Second, func() bool { return len(r.requests()) == 1 })
	by, first := lease()
	if by == "" || first == nil {
		t.Fatal("no lease held after the first delivery")
	}
	if err := f.svc.Handle(ctx, orderEvent(t, "og", "assigned", "", time.Now())); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the second delivery", 5*time.Second, func() bool { return len(r.requests()) == 2 })
	if by2, second := lease(); by2 != by || second == nil || !second.Equal(*first) {
		t.Fatalf("the lease was written again: %v %v, then %v %v", by, first, by2, second)
	}
	waitFor(t, "the worker to rest", 5*time.Second, func() bool {
		doc, _ := f.store.Endpoint(ctx, ep.ID)
		return doc.LeaseBy == "" && doc.DueAt == nil
	})

	// Stopped while lingering: the lease is given up, so another replica need not wait it out.
	stopping := NewDispatcher(f.store, slog.New(slog.DiscardHandler), DispatcherOptions{Name: "stopping", Linger: time.Minute,
		Guard: Guard{AllowHTTP: true, AllowPrivate: true}, SweepEvery: 20 * time.Millisecond, Schedule: fast})
	stopCtx, stop := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { stopping.Run(stopCtx); close(done) }()
	svc := NewService(f.store, Guard{AllowHTTP: true, AllowPrivate: true}, stopping.Kick, ids.New, time.Now)
	// The fixture's dispatcher may take this one; the test needs the lingering one's lease.
	waitFor(t, "a lease of the stopping dispatcher", 10*time.Second, func() bool {
		if err := svc.Handle(ctx, orderEvent(t, fmt.Sprintf("os-%d", time.Now().UnixNano()), "in_progress", "", time.Now())); err != nil {
			t.Fatal(err)
		}
		time.Sleep(100 * time.Millisecond)
		by, _ := lease()
		return by == "stopping"
	})
	stop()
	<-done
	if by, until := lease(); by != "" || until != nil {
		t.Fatalf("a stopped dispatcher holds the lease: %s until %v", by, until)
	}
}

// failsFirst answers a receiver's first request 500 and every later one 200.
func failsFirst(n int) int {
	if n == 1 {
		return http.StatusInternalServerError
	}
	return http.StatusOK
}
