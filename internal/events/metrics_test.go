package events_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"
	"github.com/redis/go-redis/v9"
	"go.mongodb.org/mongo-driver/v2/bson"

	"linguaport/internal/events"
	"linguaport/internal/mongox"
	"linguaport/internal/outbox"
	"linguaport/internal/testenv"
)

// gauge reads one series of a gathered gauge; ok is false when the series is absent.
func gauge(t *testing.T, reg *prometheus.Registry, name string, labels map[string]string) (v float64, ok bool) {
	t.Helper()
	families, err := reg.Gather()
	if err != nil {
		t.Fatalf("gather: %v", err)
	}
	for _, f := range families {
		if f.GetName() != name {
			continue
		}
		for _, m := range f.GetMetric() {
			if sameLabels(m.GetLabel(), labels) {
				return m.GetGauge().GetValue(), true
			}
		}
	}
	return 0, false
}

func sameLabels(got []*dto.LabelPair, want map[string]string) bool {
	if len(got) != len(want) {
		return false
	}
	for _, l := range got {
		if want[l.GetName()] != l.GetValue() {
			return false
		}
	}
	return true
}

func mustGauge(t *testing.T, reg *prometheus.Registry, name string, labels map[string]string) float64 {
	t.Helper()
	v, ok := gauge(t, reg, name, labels)
	if !ok {
		t.Fatalf("%s%v is not served", name, labels)
	}
	return v
}

func TestMetricsOutboxBacklogFollowsTheRelay(t *testing.T) {
	ctx := context.Background()
	db := testenv.Mongo(t)
	rdb := madeUpRedis(t)
	orders, quotes := db.Collection("orders"), db.Collection("quotes")
	for _, c := range []string{"orders", "quotes"} {
		if err := mongox.EnsureIndexes(ctx, db.Collection(c), events.OutboxIndex()); err != nil {
			t.Fatal(err)
		}
	}
	pub := events.NewPublisher(rdb)
	stream := events.Stream("orders")
	orderRelay := events.NewRelay(orders, stream, pub, nil, time.Hour)
	quoteRelay := events.NewRelay(quotes, stream, pub, nil, time.Hour)
	reg := prometheus.NewRegistry()
	events.NewMetrics(reg, nil).Outboxes(orderRelay, quoteRelay)

	if n := mustGauge(t, reg, events.MetricOutboxBacklog, map[string]string{"outbox": "orders"}); n != 0 {
		t.Fatalf("empty outbox has backlog %v", n)
	}
	// Three events in two documents, written and not relayed; a document whose outbox was
	// emptied before counts nothing.
	for id, n := range map[string]int{"o1": 1, "o2": 2} {
		o := order{ID: id, Status: "new"}
		for i := range n {
			e, _ := events.New(ctx, "order.changed", map[string]any{"n": i})
			o.Add(e)
		}
		if _, err := orders.InsertOne(ctx, o); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := orders.InsertOne(ctx, order{ID: "o3", Status: "done"}); err != nil {
		t.Fatal(err)
	}
	if n := mustGauge(t, reg, events.MetricOutboxBacklog, map[string]string{"outbox": "orders"}); n != 3 {
		t.Fatalf("backlog %v after 3 events written, want 3", n)
	}
	if n := mustGauge(t, reg, events.MetricOutboxBacklog, map[string]string{"outbox": "quotes"}); n != 0 {
		t.Fatalf("quotes' backlog %v, want 0: outboxes are counted apart", n)
	}

	if _, err := orderRelay.Sweep(ctx); err != nil {
		t.Fatal(err)
	}
	if n := mustGauge(t, reg, events.MetricOutboxBacklog, map[string]string{"outbox": "orders"}); n != 0 {
		t.Fatalf("backlog %v after relaying, want 0", n)
	}
	// The relay takes the mark the backlog reads off each document it empties, so a scrape reads
	// only documents with something waiting (FerretDB decodes every document it is handed).
	for _, id := range []string{"o1", "o2", "o3"} {
		raw, err := orders.FindOne(ctx, bson.D{{Key: "_id", Value: id}}).Raw()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := raw.LookupErr(outbox.Waiting(events.OutboxField)); err == nil {
			t.Errorf("%s is still marked waiting after relaying: %s", id, raw)
		}
	}
}

func TestMetricsConsumerLagAndPending(t *testing.T) {
	ctx := context.Background()
	db := testenv.Mongo(t)
	rdb := madeUpRedis(t)
	stream := events.Stream("orders")
	pub := events.NewPublisher(rdb)

	var mu sync.Mutex
	failing := ""
	handled := map[string]bool{}
	c := events.NewConsumer(rdb, stream, "svc-billing", db.Collection("processed_events"), func(_ context.Context, e events.Event) error {
		mu.Lock()
		defer mu.Unlock()
		if e.ID == failing {
			return errors.New("not yet")
		}
		handled[e.ID] = true
		return nil
	}, nil)
	c.Block, c.ClaimAfter = 50*time.Millisecond, 300*time.Millisecond
	// Another group on the same stream, not this program's, is not reported as ours.
	if err := rdb.XGroupCreateMkStream(ctx, stream, "svc-other", "0").Err(); err != nil {
		t.Fatal(err)
	}
	reg := prometheus.NewRegistry()
	events.NewMetrics(reg, nil).Consumers(c)
	group := map[string]string{"stream": stream, "group": "svc-billing"}
	if _, ok := gauge(t, reg, events.MetricConsumerLag, group); ok {
		t.Fatal("lag served for a group that does not exist yet")
	}

	// The group exists (as a consumer that ran once leaves it) and 5 events arrive while the
	// consumer is down: it is 5 behind.
	if err := rdb.XGroupCreate(ctx, stream, "svc-billing", "0").Err(); err != nil {
		t.Fatal(err)
	}
	var ids []string
	for i := range 5 {
		e, _ := events.New(ctx, "order.changed", map[string]any{"n": i})
		ids = append(ids, e.ID)
		if err := pub.Publish(ctx, stream, e); err != nil {
			t.Fatal(err)
		}
	}
	if lag := mustGauge(t, reg, events.MetricConsumerLag, group); lag != 5 {
		t.Fatalf("lag %v with 5 events unread, want 5", lag)
	}
	if p := mustGauge(t, reg, events.MetricConsumerPending, group); p != 0 {
		t.Fatalf("pending %v before any delivery, want 0", p)
	}
	if _, ok := gauge(t, reg, events.MetricConsumerLag, map[string]string{"stream": stream, "group": "svc-other"}); ok {
		t.Fatal("another program's group is reported")
	}

	// The consumer catches up, except one event its handler keeps failing: lag 0, pending 1.
	mu.Lock()
	failing = ids[2]
	mu.Unlock()
	runCtx, stop := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { _ = c.Run(runCtx); close(done) }()
	t.Cleanup(func() { stop(); <-done })
	waitUntil(t, 10*time.Second, func() bool { mu.Lock(); defer mu.Unlock(); return len(handled) == 4 })
	if lag := mustGauge(t, reg, events.MetricConsumerLag, group); lag != 0 {
		t.Fatalf("lag %v after the consumer read everything, want 0", lag)
	}
	// The last handled events are acknowledged just after their handler returns.
	waitUntil(t, 5*time.Second, func() bool {
		v, ok := gauge(t, reg, events.MetricConsumerPending, group)
		return ok && v == 1
	})

	// The handler recovers; the retry acknowledges it.
	mu.Lock()
	failing = ""
	mu.Unlock()
	waitUntil(t, 10*time.Second, func() bool {
		v, ok := gauge(t, reg, events.MetricConsumerPending, group)
		return ok && v == 0
	})
}

func TestMetricsScrapeSurvivesRedisDown(t *testing.T) {
	// Nothing listens on this port: the lag cannot be read, and the scrape still answers,
	// promptly, with everything else.
	rdb := redis.NewClient(&redis.Options{Addr: fmt.Sprintf("127.0.0.1:%d", testenv.FreePort(t)), MaxRetries: -1})
	t.Cleanup(func() { _ = rdb.Close() })
	c := events.NewConsumer(rdb, events.Stream("orders"), "svc-billing", nil, nil, nil)
	reg := prometheus.NewRegistry()
	events.NewMetrics(reg, nil).Consumers(c)
	up := prometheus.NewGauge(prometheus.GaugeOpts{Name: "still_served", Help: "A metric beside the event metrics."})
	up.Set(1)
	reg.MustRegister(up)

	start := time.Now()
	if v := mustGauge(t, reg, "still_served", map[string]string{}); v != 1 {
		t.Fatalf("other metric %v", v)
	}
	if _, ok := gauge(t, reg, events.MetricConsumerLag, map[string]string{"stream": events.Stream("orders"), "group": "svc-billing"}); ok {
		t.Fatal("lag served without Redis")
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Fatalf("scrapes took %s without Redis", d)
	}
}
