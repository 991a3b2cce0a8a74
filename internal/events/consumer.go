package events

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"
	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
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
	key := c.group + "/" + e.ID
	n, err := c.processed.CountDocuments(ctx, bson.D{{Key: "_id", Value: key}})
	if err != nil {
		c.log.WarnContext(ctx, "event dedup lookup", "event", e.ID, "err", err)
		return
	}
	if n == 0 {
		if err := c.handle(e.Context(ctx), e); err != nil {
			c.log.WarnContext(ctx, "event handler failed; will retry", "type", e.Type, "event", e.ID, "err", err)
			return
		}
		_, err := c.processed.InsertOne(ctx, bson.D{{Key: "_id", Value: key}, {Key: "type", Value: e.Type}, {Key: "at", Value: time.Now().UTC()}})
		if err != nil && !mongo.IsDuplicateKeyError(err) {
			c.log.WarnContext(ctx, "recording processed event", "event", e.ID, "err", err)
			return
		}
	}
	c.ack(ctx, m.ID)
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
