package events_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"

	"linguaport/internal/events"
	"linguaport/internal/testenv"
)

func spansNamed(rec *tracetest.SpanRecorder, name string) []sdktrace.ReadOnlySpan {
	var out []sdktrace.ReadOnlySpan
	for _, s := range rec.Ended() {
		if s.Name() == name {
			out = append(out, s)
		}
	}
	return out
}

func attr(s sdktrace.ReadOnlySpan, key string) (attribute.Value, bool) {
	for _, a := range s.Attributes() {
		if string(a.Key) == key {
			return a.Value, true
		}
	}
	return attribute.Value{}, false
}

// A request that makes an event and the consumer that handles it are one trace: the consumer's
// span is a child of the producer's span and links to it, and the handler's own spans nest under
// the consumer's; a failing attempt is an error span, a redelivered duplicate a marked one.
func TestEventSpansContinueTheRequestsTrace(t *testing.T) {
	rec, _ := testenv.RecordSpans(t)
	ctx := context.Background()
	db := testenv.Mongo(t)
	rdb := madeUpRedis(t)
	stream := events.Stream("orders")

	reqCtx, req := otel.Tracer("test").Start(ctx, "POST /api/v1/orders", trace.WithSpanKind(trace.SpanKindServer))
	e, err := events.New(reqCtx, "order.paid", map[string]int{"n": 1})
	if err != nil {
		t.Fatal(err)
	}
	req.End()
	if err := events.NewPublisher(rdb).Publish(ctx, stream, e); err != nil {
		t.Fatal(err)
	}

	var mu sync.Mutex
	attempts := 0
	c := events.NewConsumer(rdb, stream, "svc-billing", db.Collection("processed_events"), func(ctx context.Context, _ events.Event) error {
		_, work := otel.Tracer("test").Start(ctx, "issue invoice")
		defer work.End()
		mu.Lock()
		defer mu.Unlock()
		attempts++
		if attempts == 1 {
			return errors.New("database away")
		}
		return nil
	}, nil)
	c.Block, c.ClaimAfter = 50*time.Millisecond, 200*time.Millisecond
	runCtx, stop := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { _ = c.Run(runCtx); close(done) }()
	t.Cleanup(func() { stop(); <-done })
	waitUntil(t, 10*time.Second, func() bool { return len(spansNamed(rec, "process order.paid")) == 2 })

	// Redelivered after it was handled (a relay that crashed before removing it publishes it
	// again): processed once, seen once more.
	if err := events.NewPublisher(rdb).Publish(ctx, stream, e); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, 10*time.Second, func() bool { return len(spansNamed(rec, "process order.paid")) == 3 })

	created := spansNamed(rec, "create order.paid")
	if len(created) != 1 {
		t.Fatalf("%d create spans, want 1", len(created))
	}
	producer := created[0]
	if producer.SpanKind() != trace.SpanKindProducer || producer.Parent().SpanID() != req.SpanContext().SpanID() ||
		producer.SpanContext().TraceID() != req.SpanContext().TraceID() {
		t.Fatalf("create span: kind %v, parent %v; want a producer under the request %v", producer.SpanKind(), producer.Parent().SpanID(), req.SpanContext().SpanID())
	}
	if v, _ := attr(producer, "messaging.message.id"); v.AsString() != e.ID {
		t.Errorf("create span's message id %q, want %q", v.AsString(), e.ID)
	}

	// Each publication is a "send" span under "create", naming the stream.
	sent := spansNamed(rec, "send order.paid")
	if len(sent) != 2 {
		t.Fatalf("%d send spans, want 2 (published twice)", len(sent))
	}
	for _, s := range sent {
		if s.SpanKind() != trace.SpanKindProducer || s.Parent().SpanID() != producer.SpanContext().SpanID() {
			t.Errorf("send span: kind %v, parent %v; want a producer under the create span %v", s.SpanKind(), s.Parent().SpanID(), producer.SpanContext().SpanID())
		}
		if v, _ := attr(s, "messaging.destination.name"); v.AsString() != stream {
			t.Errorf("send span's destination %q, want %q", v.AsString(), stream)
		}
	}

	processes := spansNamed(rec, "process order.paid")
	for i, p := range processes {
		if p.SpanKind() != trace.SpanKindConsumer {
			t.Errorf("process span %d has kind %v", i, p.SpanKind())
		}
		if p.SpanContext().TraceID() != req.SpanContext().TraceID() || p.Parent().SpanID() != producer.SpanContext().SpanID() {
			t.Errorf("process span %d: trace %v parent %v; want the request's trace under the create span", i, p.SpanContext().TraceID(), p.Parent().SpanID())
		}
		if l := p.Links(); len(l) != 1 || l[0].SpanContext.SpanID() != producer.SpanContext().SpanID() {
			t.Errorf("process span %d links %v, want the create span", i, l)
		}
		if v, _ := attr(p, "messaging.destination.name"); v.AsString() != stream {
			t.Errorf("process span %d destination %q", i, v.AsString())
		}
		if v, _ := attr(p, "messaging.consumer.group.name"); v.AsString() != "svc-billing" {
			t.Errorf("process span %d group %q", i, v.AsString())
		}
	}
	if s := processes[0].Status(); s.Code != codes.Error {
		t.Errorf("the failed attempt's span has status %v, want an error", s)
	}
	if s := processes[1].Status(); s.Code == codes.Error {
		t.Errorf("the successful retry's span has status %v", s)
	}
	if v, ok := attr(processes[2], "linguaport.event.duplicate"); !ok || !v.AsBool() {
		t.Error("the redelivered duplicate's span is not marked as one")
	}

	work := spansNamed(rec, "issue invoice")
	if len(work) != 2 {
		t.Fatalf("handler ran %d times, want 2 (a failure and its retry, not the duplicate)", len(work))
	}
	for i, w := range work {
		if w.Parent().SpanID() != processes[i].SpanContext().SpanID() {
			t.Errorf("handler span %d is not under its process span", i)
		}
	}
}

// An event made outside any request (by a sweep) starts a trace of its own at its create span,
// and its consumer continues that trace.
func TestEventSpansWithoutARequest(t *testing.T) {
	rec, _ := testenv.RecordSpans(t)
	ctx := context.Background()
	db := testenv.Mongo(t)
	rdb := madeUpRedis(t)
	stream := events.Stream("orders")
	e, _ := events.New(ctx, "quote.expired", map[string]int{"n": 1})
	if err := events.NewPublisher(rdb).Publish(ctx, stream, e); err != nil {
		t.Fatal(err)
	}
	c := events.NewConsumer(rdb, stream, "svc-auth", db.Collection("processed_events"),
		func(context.Context, events.Event) error { return nil }, nil)
	c.Block = 50 * time.Millisecond
	runCtx, stop := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { _ = c.Run(runCtx); close(done) }()
	t.Cleanup(func() { stop(); <-done })
	waitUntil(t, 10*time.Second, func() bool { return len(spansNamed(rec, "process quote.expired")) == 1 })
	producer := spansNamed(rec, "create quote.expired")[0]
	p := spansNamed(rec, "process quote.expired")[0]
	if producer.Parent().IsValid() {
		t.Error("create span outside a request has a parent")
	}
	if p.Parent().SpanID() != producer.SpanContext().SpanID() || len(p.Links()) != 1 {
		t.Errorf("process span parent %v links %v; want the create span", p.Parent().SpanID(), p.Links())
	}
}
