package chat

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"

	"linguaport/internal/sse"
)

// Redis names the hub uses, shared by every svc-catalog instance.
const (
	eventsChannel = "chat:events"
	presenceKey   = "chat:staff-online"
	// DefaultPresenceTTL is how long a staff stream counts as online without a refresh: an
	// instance that crashed takes its staff off the list within it.
	DefaultPresenceTTL = 30 * time.Second
	// subBuffer is how many events one stream may fall behind; past it the stream is ended and
	// the client reconnects, catching up from the database.
	subBuffer = 64
)

// Hub is the Bus over Redis: events go out by pub/sub and come back to every instance's
// streams (keyed by conversation, "" following every conversation); staff presence is a sorted
// set of stream ids scored by when each expires.
type Hub struct {
	rdb     *redis.Client
	channel *sse.Channel[Event]
	subs    *sse.Subscribers[Event]
	ttl     time.Duration
	log     *slog.Logger
	now     func() time.Time
}

// NewHub subscribes to the events channel and forwards what arrives until ctx ends. ttl is the
// presence TTL (DefaultPresenceTTL when 0).
func NewHub(ctx context.Context, rdb *redis.Client, ttl time.Duration, log *slog.Logger) (*Hub, error) {
	if ttl <= 0 {
		ttl = DefaultPresenceTTL
	}
	h := &Hub{rdb: rdb, subs: sse.NewSubscribers[Event](subBuffer), ttl: ttl, log: log, now: time.Now}
	c, err := sse.Listen(ctx, rdb, eventsChannel, log, h.deliver, h.subs.CloseAll)
	if err != nil {
		return nil, fmt.Errorf("chat: %w", err)
	}
	h.channel = c
	return h, nil
}

// Publish sends e to every instance, this one included.
func (h *Hub) Publish(ctx context.Context, e Event) error {
	if err := h.channel.Publish(ctx, e); err != nil {
		return fmt.Errorf("chat: %w", err)
	}
	return nil
}

// deliver hands e to the streams following its conversation or all of them.
func (h *Hub) deliver(_ context.Context, e Event) {
	h.subs.Send(func(conv string) bool { return conv == "" || conv == e.Conversation.ID }, e)
}

// Subscribe follows one conversation ("" for all) until ctx ends.
func (h *Hub) Subscribe(ctx context.Context, conv string) <-chan Event { return h.subs.Add(ctx, conv) }

// StaffOnline reports whether any staff stream, on any instance, is alive.
func (h *Hub) StaffOnline(ctx context.Context) (bool, error) {
	n, err := h.rdb.ZCount(ctx, presenceKey, strconv.FormatInt(h.now().UnixMilli(), 10), "+inf").Result()
	if err != nil {
		return false, fmt.Errorf("chat: presence: %w", err)
	}
	return n > 0, nil
}

// Present marks streamID online and refreshes it every third of the TTL until ctx ends, when it
// is taken off at once.
func (h *Hub) Present(ctx context.Context, streamID string) error {
	if err := h.mark(ctx, streamID); err != nil {
		return err
	}
	go func() {
		tick := time.NewTicker(h.ttl / 3)
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				// ctx is over; the removal still has to be sent.
				bg, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Second)
				_ = h.rdb.ZRem(bg, presenceKey, streamID).Err()
				cancel()
				return
			case <-tick.C:
				if err := h.mark(ctx, streamID); err != nil && ctx.Err() == nil {
					h.log.Warn("chat: presence refresh", "err", err)
				}
			}
		}
	}()
	return nil
}

func (h *Hub) mark(ctx context.Context, streamID string) error {
	now := h.now()
	pipe := h.rdb.TxPipeline()
	pipe.ZAdd(ctx, presenceKey, redis.Z{Score: float64(now.Add(h.ttl).UnixMilli()), Member: streamID})
	// Streams of crashed instances are swept here, by whoever is alive.
	pipe.ZRemRangeByScore(ctx, presenceKey, "-inf", "("+strconv.FormatInt(now.UnixMilli(), 10))
	if _, err := pipe.Exec(ctx); err != nil {
		return fmt.Errorf("chat: presence: %w", err)
	}
	return nil
}
