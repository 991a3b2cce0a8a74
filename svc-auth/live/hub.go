package live

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/redis/go-redis/v9"

	"linguaport/internal/sse"
)

const (
	// channel is the Redis pub/sub channel every svc-auth instance's hub listens on.
	channel = "auth:staff-live"
	// subBuffer is how many updates one stream may fall behind; past it the stream is ended and
	// the browser reconnects, starting again from a snapshot of the counts.
	subBuffer = 32
	// countTimeout bounds the counting of one delivery.
	countTimeout = 5 * time.Second
)

// Update is what a staff stream carries: the counts (all of them on connecting and after the
// staff member looked at a screen, in any tab), or a notice with its category's count after it.
type Update struct {
	Notice *Notice        `json:"notice,omitempty"`
	Counts map[string]int `json:"counts"`
	kind   string         // "counts" or "notice": the event's name
}

// Kind is the update's event name on the stream: "counts" or "notice".
func (u Update) Kind() string { return u.kind }

// wire is what travels between instances on the channel.
type wire struct {
	Notice *Notice `json:"notice,omitempty"`
	// Staff looked at a screen: their streams get fresh counts.
	Seen string `json:"seen,omitempty"`
}

// Hub fans staff notices out to every svc-auth instance over Redis pub/sub, and forwards them to
// the staff streams this instance holds (keyed by staff member), each with its staff member's
// count.
type Hub struct {
	channel *sse.Channel[wire]
	subs    *sse.Subscribers[Update]
	store   *Store
	log     *slog.Logger
	now     func() time.Time
}

// NewHub subscribes to the channel and forwards what arrives until ctx ends.
func NewHub(ctx context.Context, rdb *redis.Client, store *Store, log *slog.Logger, now func() time.Time) (*Hub, error) {
	h := &Hub{subs: sse.NewSubscribers[Update](subBuffer), store: store, log: log, now: now}
	c, err := sse.Listen(ctx, rdb, channel, log, h.deliver, h.subs.CloseAll)
	if err != nil {
		return nil, fmt.Errorf("live: %w", err)
	}
	h.channel = c
	return h, nil
}

// Announce sends a stored notice to every instance's streams, this one's included.
func (h *Hub) Announce(ctx context.Context, n Notice) error { return h.publish(ctx, wire{Notice: &n}) }

// Seen tells every instance that staff looked at a screen, so each of their streams gets fresh
// counts (another tab, another instance).
func (h *Hub) Seen(ctx context.Context, staff string) error { return h.publish(ctx, wire{Seen: staff}) }

func (h *Hub) publish(ctx context.Context, w wire) error {
	if err := h.channel.Publish(ctx, w); err != nil {
		return fmt.Errorf("live: %w", err)
	}
	return nil
}

// deliver hands w to this instance's streams it concerns: a notice to every staff stream with
// that staff member's count of its category (read once per staff member), a seen mark to that
// staff member's streams with all their counts.
func (h *Hub) deliver(ctx context.Context, w wire) {
	byStaff := map[string][]*sse.Sub[Update]{}
	for _, s := range h.subs.Matching(func(staff string) bool { return w.Notice != nil || staff == w.Seen }) {
		byStaff[s.Key] = append(byStaff[s.Key], s)
	}
	// The counts are read here, in the one goroutine that receives from Redis: a database that is
	// slow to answer holds deliveries up for at most this long each.
	ctx, cancel := context.WithTimeout(ctx, countTimeout)
	defer cancel()
	for staff, subs := range byStaff {
		u := Update{kind: "counts"}
		var err error
		if w.Notice != nil {
			u.kind, u.Notice = "notice", w.Notice
			u.Counts, err = h.store.CountsOf(ctx, staff, h.now(), w.Notice.Category)
		} else {
			u.Counts, err = h.store.Counts(ctx, staff, h.now())
		}
		if err != nil {
			if w.Notice == nil {
				// Nothing to tell without the counts; the next update or reconnection brings them.
				h.log.WarnContext(ctx, "live: counts", "err", err)
				continue
			}
			// The notice still goes out; the page counts it on top of what it had.
			h.log.WarnContext(ctx, "live: count", "err", err)
			u.Counts = map[string]int{}
		}
		// A stream that left meanwhile is skipped; one too far behind is ended.
		h.subs.SendTo(subs, u)
	}
}

// Subscribe follows staff's updates until ctx ends.
func (h *Hub) Subscribe(ctx context.Context, staff string) <-chan Update {
	return h.subs.Add(ctx, staff)
}

// Streams is how many staff streams this instance holds.
func (h *Hub) Streams() int { return h.subs.Len() }
