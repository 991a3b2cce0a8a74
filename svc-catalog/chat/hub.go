package chat

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
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
// streams; staff presence is a sorted set of stream ids scored by when each expires.
type Hub struct {
	rdb *redis.Client
	ttl time.Duration
	log *slog.Logger
	now func() time.Time

	mu   sync.Mutex
	subs map[*sub]struct{}
}

type sub struct {
	conv string // "" follows every conversation
	ch   chan Event
}

// NewHub subscribes to the events channel and forwards what arrives until ctx ends. ttl is the
// presence TTL (DefaultPresenceTTL when 0).
func NewHub(ctx context.Context, rdb *redis.Client, ttl time.Duration, log *slog.Logger) (*Hub, error) {
	if ttl <= 0 {
		ttl = DefaultPresenceTTL
	}
	h := &Hub{rdb: rdb, ttl: ttl, log: log, now: time.Now, subs: map[*sub]struct{}{}}
	ps := rdb.Subscribe(ctx, eventsChannel)
	// Wait for the subscription, so events published once NewHub returns are heard.
	if _, err := ps.Receive(ctx); err != nil {
		_ = ps.Close()
		return nil, fmt.Errorf("chat: subscribe: %w", err)
	}
	go func() {
		defer ps.Close()
		ch := ps.Channel()
		for {
			select {
			case <-ctx.Done():
				h.closeAll()
				return
			case m, ok := <-ch:
				if !ok {
					h.closeAll()
					return
				}
				var e Event
				if err := json.Unmarshal([]byte(m.Payload), &e); err != nil {
					h.log.Warn("chat: unreadable event", "err", err)
					continue
				}
				h.deliver(e)
			}
		}
	}()
	return h, nil
}

// Publish sends e to every instance, this one included.
func (h *Hub) Publish(ctx context.Context, e Event) error {
	data, err := json.Marshal(e)
	if err != nil {
		return fmt.Errorf("chat: encode event: %w", err)
	}
	if err := h.rdb.Publish(ctx, eventsChannel, data).Err(); err != nil {
		return fmt.Errorf("chat: publish: %w", err)
	}
	return nil
}

func (h *Hub) deliver(e Event) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for s := range h.subs {
		if s.conv != "" && s.conv != e.Conversation.ID {
			continue
		}
		select {
		case s.ch <- e:
		default:
			// Too far behind: end the stream rather than skip an event silently.
			delete(h.subs, s)
			close(s.ch)
		}
	}
}

// Subscribe follows one conversation ("" for all) until ctx ends.
func (h *Hub) Subscribe(ctx context.Context, conv string) <-chan Event {
	s := &sub{conv: conv, ch: make(chan Event, subBuffer)}
	h.mu.Lock()
	h.subs[s] = struct{}{}
	h.mu.Unlock()
	context.AfterFunc(ctx, func() { h.remove(s) })
	return s.ch
}

func (h *Hub) remove(s *sub) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if _, ok := h.subs[s]; ok {
		delete(h.subs, s)
		close(s.ch)
	}
}

func (h *Hub) closeAll() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for s := range h.subs {
		delete(h.subs, s)
		close(s.ch)
	}
}

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
