package events

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	semconv "go.opentelemetry.io/otel/semconv/v1.40.0"
	"go.opentelemetry.io/otel/trace"
)

// Handler handles one event. Returning an error leaves the event unacknowledged; it is delivered
// again after the consumer's claim delay.
type Handler func(ctx context.Context, e Event) error

// Consumer reads one stream as one consumer group.
type Consumer struct {
	rdb       *redis.Client
	stream    string
	group     string
	name      string
	processed *mongo.Collection
	handle    Handler
	log       *slog.Logger

	// Block is how long one read waits for new entries.
	Block time.Duration
	// ClaimAfter is how long an entry may stay unacknowledged by a consumer (crashed, or its
	// handler failed) before another consumer of the group takes it over.
	ClaimAfter time.Duration
}

// NewConsumer makes a consumer of stream in group (the consuming service's name). processed is
// the consuming service's own collection of handled event ids.
func NewConsumer(rdb *redis.Client, stream, group string, processed *mongo.Collection, handle Handler, log *slog.Logger) *Consumer {
	if log == nil {
		log = slog.Default()
	}
	host, _ := os.Hostname()
	return &Consumer{
		rdb: rdb, stream: stream, group: group, processed: processed, handle: handle, log: log,
		name:  fmt.Sprintf("%s-%s-%d", group, host, os.Getpid()),
		Block: 2 * time.Second, ClaimAfter: 30 * time.Second,
	}
}

// WithName sets the consumer's name within the group (default: group, host and pid).
func (c *Consumer) WithName(name string) *Consumer { c.name = name; return c }

// Run consumes until ctx ends. A new group starts at the beginning of the stream so that events
// published before the consuming service first ran are not missed.
func (c *Consumer) Run(ctx context.Context) error {
	err := c.rdb.XGroupCreateMkStream(ctx, c.stream, c.group, "0").Err()
	if err != nil && !strings.Contains(err.Error(), "BUSYGROUP") {
		return fmt.Errorf("create group %s on %s: %w", c.group, c.stream, err)
	}
	// Entries this consumer received before a restart but never acknowledged come first.
	if err := c.read(ctx, "0", 0); err != nil && ctx.Err() == nil {
		c.log.WarnContext(ctx, "event consumer pending", "stream", c.stream, "err", err)
	}
	lastClaim := time.Time{}
	for ctx.Err() == nil {
		if time.Since(lastClaim) >= c.ClaimAfter/2 {
			lastClaim = time.Now()
			if err := c.claim(ctx); err != nil && ctx.Err() == nil {
				c.log.WarnContext(ctx, "event consumer claim", "stream", c.stream, "err", err)
			}
		}
		if err := c.read(ctx, ">", c.Block); err != nil && ctx.Err() == nil {
			c.log.WarnContext(ctx, "event consumer read", "stream", c.stream, "err", err)
			sleep(ctx, time.Second)
		}
	}
	return nil
}

func (c *Consumer) read(ctx context.Context, from string, block time.Duration) error {
	args := &redis.XReadGroupArgs{Group: c.group, Consumer: c.name, Streams: []string{c.stream, from}, Count: 100, Block: block}
	if block == 0 {
		args.Block = -1 // no BLOCK argument: return at once
	}
	res, err := c.rdb.XReadGroup(ctx, args).Result()
	if errors.Is(err, redis.Nil) {
		return nil
	}
	if err != nil {
		return err
	}
	for _, s := range res {
		for _, m := range s.Messages {
			if ctx.Err() != nil {
				return nil
			}
			c.deliver(ctx, m)
		}
	}
	return nil
}

func (c *Consumer) claim(ctx context.Context) error {
	start := "0-0"
	for {
		msgs, next, err := c.rdb.XAutoClaim(ctx, &redis.XAutoClaimArgs{
			Stream: c.stream, Group: c.group, Consumer: c.name, MinIdle: c.ClaimAfter, Start: start, Count: 100,
		}).Result()
		if err != nil {
			return err
		}
		for _, m := range msgs {
			if ctx.Err() != nil {
				return nil
			}
			c.deliver(ctx, m)
		}
		if next == "0-0" || len(msgs) == 0 {
			return nil
		}
		start = next
	}
}

func (c *Consumer) deliver(ctx context.Context, m redis.XMessage) {
	if len(m.Values) == 0 {
		// Deleted from the stream by trimming while pending: nothing left to handle.
		c.ack(ctx, m.ID)
		return
	}
	e, err := fromMessage(m)
	if err != nil {
		c.log.ErrorContext(ctx, "dropping malformed stream entry", "stream", c.stream, "err", err)
		c.ack(ctx, m.ID)
		return
	}
	c.process(ctx, m.ID, e)
}

// process handles e once per group under a consumer span that continues the producer's trace (so
// a request and everything its events cause read as one trace) and links to the producer's span,
// as semconv asks of consumers. A duplicate (redelivered after its handling was recorded) gets
// the span too, marked, with only the lookup and the acknowledgement under it: the redelivery
// itself is worth seeing when one hunts a slow or repeated event.
func (c *Consumer) process(ctx context.Context, entryID string, e Event) {
	parent := e.Context(ctx)
	ctx, span := tracer().Start(parent, "process "+e.Type, trace.WithSpanKind(trace.SpanKindConsumer),
		trace.WithLinks(trace.Link{SpanContext: trace.SpanContextFromContext(parent)}),
		trace.WithAttributes(messagingSystem, semconv.MessagingOperationTypeProcess,
			semconv.MessagingOperationName("process"), semconv.MessagingDestinationName(c.stream),
			semconv.MessagingConsumerGroupName(c.group), semconv.MessagingMessageID(e.ID)))
	defer span.End()
	fail := func(msg string, err error) {
		span.RecordError(err)
		span.SetStatus(codes.Error, msg)
	}
	key := c.group + "/" + e.ID
	n, err := c.processed.CountDocuments(ctx, bson.D{{Key: "_id", Value: key}})
	if err != nil {
		c.log.WarnContext(ctx, "event dedup lookup", "event", e.ID, "err", err)
		fail("dedup lookup", err)
		return
	}
	if n == 0 {
		stopHolding := c.hold(ctx, entryID)
		err = c.handle(ctx, e)
		stopHolding()
		if err != nil {
			c.log.WarnContext(ctx, "event handler failed; will retry", "type", e.Type, "event", e.ID, "err", err)
			fail("handler", err)
			return
		}
		_, err = c.processed.InsertOne(ctx, bson.D{{Key: "_id", Value: key}, {Key: "type", Value: e.Type}, {Key: "at", Value: time.Now().UTC()}})
		if err != nil && !mongo.IsDuplicateKeyError(err) {
			c.log.WarnContext(ctx, "recording processed event", "event", e.ID, "err", err)
			fail("recording processed event", err)
			return
		}
	} else {
		span.SetAttributes(attribute.Bool("linguaport.event.duplicate", true))
	}
	c.ack(ctx, entryID)
}

// hold keeps the entry this consumer is handling its own for as long as the handler runs: every
// third of ClaimAfter it claims the entry again for itself (XCLAIM, which resets the entry's idle
// time), so another consumer of the group does not take over a handling that is slow but alive
// (a KVKK copy reads a history for minutes, resting between its reads) and do it a second time
// at once. A consumer that dies stops claiming, and ClaimAfter later its entry is taken over as
// before. Most handlings take milliseconds, so the claims ride on a timer armed for the first of
// them, not a goroutine per entry. The returned func stops the holding and waits for a claim
// under way.
func (c *Consumer) hold(ctx context.Context, entryID string) (stop func()) {
	every := c.ClaimAfter / 3
	if every <= 0 {
		return func() {}
	}
	ctx, cancel := context.WithCancel(ctx)
	var (
		mu      sync.Mutex // held by a claim under way, and by stop
		stopped bool
		timer   *time.Timer
	)
	mu.Lock() // the timer is set before its first claim reads it
	defer mu.Unlock()
	timer = time.AfterFunc(every, func() {
		mu.Lock()
		defer mu.Unlock()
		if stopped {
			return
		}
		err := c.rdb.XClaimJustID(ctx, &redis.XClaimArgs{Stream: c.stream, Group: c.group, Consumer: c.name,
			Messages: []string{entryID}}).Err()
		if err != nil && ctx.Err() == nil {
			c.log.WarnContext(ctx, "event consumer hold", "stream", c.stream, "id", entryID, "err", err)
		}
		timer.Reset(every)
	})
	return func() {
		cancel()
		mu.Lock()
		defer mu.Unlock()
		stopped = true
		timer.Stop()
	}
}

func (c *Consumer) ack(ctx context.Context, id string) {
	if err := c.rdb.XAck(ctx, c.stream, c.group, id).Err(); err != nil {
		c.log.WarnContext(ctx, "event ack", "stream", c.stream, "id", id, "err", err)
	}
}

func sleep(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}
