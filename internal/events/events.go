// Package events moves domain events between services over Redis Streams (DESIGN §4).
//
// A producer stores its pending events inside the document it changes (the embedded outbox),
// in the same single-document write; a Relay publishes them to the producer's stream and only
// then removes them. Consumers read through a consumer group and record every processed event id
// under a unique key, so redelivery after a crash or a restart is harmless: delivery is at least
// once, handling is once per event id.
package events

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/propagation"
	semconv "go.opentelemetry.io/otel/semconv/v1.40.0"
	"go.opentelemetry.io/otel/trace"
)

// tracer makes the spans of events: "create <type>" where a request makes one, "process <type>"
// where a consumer handles it. It is asked of the global provider at each use, as a provider set
// later (a test's) would not receive a tracer kept from before.
func tracer() trace.Tracer { return otel.Tracer("linguaport/events") }

// messagingSystem is what semconv's messaging.system names the transport; Redis Streams has no
// registered value, so the broker's name stands.
var messagingSystem = semconv.MessagingSystemKey.String("redis")

// Event is one fact a service announces, such as "quote.approved".
type Event struct {
	ID         string    `bson:"id" json:"id"`
	Type       string    `bson:"type" json:"type"`
	Data       string    `bson:"data" json:"data"` // JSON payload
	OccurredAt time.Time `bson:"occurredAt" json:"occurredAt"`
	// Trace carries the W3C trace context of the request that caused the event.
	Trace map[string]string `bson:"trace,omitempty" json:"trace,omitempty"`
}

// New builds an event with a fresh id, the payload encoded as JSON and the caller's trace context.
//
// It records the event's creation as a producer span in the caller's trace and carries that
// span's context, so the relay's "send" and the consumers' "process" spans continue the request's
// trace under it. The stream is the relay's choice, so this span names no destination.
func New(ctx context.Context, typ string, payload any) (Event, error) {
	data, err := json.Marshal(payload)
	if err != nil {
		return Event{}, fmt.Errorf("event %s payload: %w", typ, err)
	}
	var id [16]byte
	if _, err := rand.Read(id[:]); err != nil {
		return Event{}, err
	}
	e := Event{ID: hex.EncodeToString(id[:]), Type: typ, Data: string(data), OccurredAt: time.Now().UTC()}
	ctx, span := tracer().Start(ctx, "create "+typ, trace.WithSpanKind(trace.SpanKindProducer),
		trace.WithAttributes(messagingSystem, semconv.MessagingOperationTypeCreate,
			semconv.MessagingOperationName("create"), semconv.MessagingMessageID(e.ID)))
	defer span.End()
	carrier := propagation.MapCarrier{}
	otel.GetTextMapPropagator().Inject(ctx, carrier)
	e.Trace = carrier
	return e, nil
}

// Decode unmarshals the payload.
func (e Event) Decode(v any) error { return json.Unmarshal([]byte(e.Data), v) }

// Context returns ctx joined to the trace of the request that produced the event.
func (e Event) Context(ctx context.Context) context.Context {
	return otel.GetTextMapPropagator().Extract(ctx, propagation.MapCarrier(e.Trace))
}

// Stream is the Redis stream of one producing area ("orders" → "events:orders").
func Stream(area string) string { return "events:" + area }

// streamCap bounds a stream's length; consumers that fall this far behind lose the oldest entries,
// which at our volumes means being down for weeks.
const streamCap = 1_000_000

// Publisher appends events to streams.
type Publisher struct{ rdb *redis.Client }

// NewPublisher returns a publisher writing to rdb.
func NewPublisher(rdb *redis.Client) *Publisher { return &Publisher{rdb: rdb} }

// Publish appends e to stream, under a producer span "send <type>" below e's "create" span in
// the trace of the request that made it, so the trace shows when the outbox let it go.
func (p *Publisher) Publish(ctx context.Context, stream string, e Event) (err error) {
	ctx, span := tracer().Start(e.Context(ctx), "send "+e.Type, trace.WithSpanKind(trace.SpanKindProducer),
		trace.WithAttributes(messagingSystem, semconv.MessagingOperationTypeSend, semconv.MessagingOperationName("send"),
			semconv.MessagingDestinationName(stream), semconv.MessagingMessageID(e.ID)))
	defer func() {
		if err != nil {
			span.RecordError(err)
			span.SetStatus(codes.Error, "publish")
		}
		span.End()
	}()
	traceContext, err := json.Marshal(e.Trace)
	if err != nil {
		return err
	}
	err = p.rdb.XAdd(ctx, &redis.XAddArgs{
		Stream: stream,
		MaxLen: streamCap,
		Approx: true,
		Values: []any{"id", e.ID, "type", e.Type, "data", e.Data, "occurredAt", e.OccurredAt.Format(time.RFC3339Nano), "trace", string(traceContext)},
	}).Err()
	if err != nil {
		return fmt.Errorf("publish %s to %s: %w", e.Type, stream, err)
	}
	return nil
}

func fromMessage(m redis.XMessage) (Event, error) {
	str := func(k string) string { s, _ := m.Values[k].(string); return s }
	e := Event{ID: str("id"), Type: str("type"), Data: str("data")}
	if e.ID == "" || e.Type == "" {
		return Event{}, fmt.Errorf("stream entry %s is not an event", m.ID)
	}
	if t, err := time.Parse(time.RFC3339Nano, str("occurredAt")); err == nil {
		e.OccurredAt = t
	}
	if tr := str("trace"); tr != "" {
		_ = json.Unmarshal([]byte(tr), &e.Trace)
	}
	return e, nil
}
