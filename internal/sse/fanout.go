package sse

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"sync"

	"github.com/redis/go-redis/v9"
)

// A live stream's updates reach every instance of its service over one Redis pub/sub channel
// (Channel), and each instance hands them to the streams it holds (Subscribers): a browser's
// stream stays on the instance it connected to, whichever instance the update began on.

// Channel carries messages of type M, as JSON, between a service's instances over one Redis
// pub/sub channel: each instance publishes on it and hears all that is published, its own too.
type Channel[M any] struct {
	rdb  *redis.Client
	name string
}

// Listen subscribes to the channel name and calls deliver with each message, in order and in
// one goroutine, until ctx ends or the subscription does; then it calls done, which ends the
// instance's streams so their browsers reconnect (to this instance or another). It returns once
// the subscription is in place, so what is published after it returns is heard. A message that
// is not an M is logged and skipped.
func Listen[M any](ctx context.Context, rdb *redis.Client, name string, log *slog.Logger, deliver func(context.Context, M), done func()) (*Channel[M], error) {
	ps := rdb.Subscribe(ctx, name)
	if _, err := ps.Receive(ctx); err != nil {
		_ = ps.Close()
		return nil, fmt.Errorf("sse: subscribe %s: %w", name, err)
	}
	go func() {
		defer ps.Close()
		defer done()
		ch := ps.Channel()
		for {
			select {
			case <-ctx.Done():
				return
			case m, ok := <-ch:
				if !ok {
					return
				}
				var msg M
				if err := json.Unmarshal([]byte(m.Payload), &msg); err != nil {
					log.Warn("sse: unreadable message", "channel", name, "err", err)
					continue
				}
				deliver(ctx, msg)
			}
		}
	}()
	return &Channel[M]{rdb: rdb, name: name}, nil
}

// Publish sends m to every instance listening, this one included.
func (c *Channel[M]) Publish(ctx context.Context, m M) error {
	data, err := json.Marshal(m)
	if err != nil {
		return fmt.Errorf("sse: encode for %s: %w", c.name, err)
	}
	if err := c.rdb.Publish(ctx, c.name, data).Err(); err != nil {
		return fmt.Errorf("sse: publish on %s: %w", c.name, err)
	}
	return nil
}

// Subscribers are the streams one instance holds, each following a key (whom or what it is
// for) on a channel of T that buffers a given number of updates. A stream that falls that far
// behind is ended rather than skip an update silently: its client reconnects and starts again
// from a snapshot.
type Subscribers[T any] struct {
	buffer int

	mu   sync.Mutex
	subs map[*Sub[T]]struct{}
}

// Sub is one stream held by Subscribers.
type Sub[T any] struct {
	Key string
	ch  chan T
}

// NewSubscribers holds streams that may each fall buffer updates behind.
func NewSubscribers[T any](buffer int) *Subscribers[T] {
	return &Subscribers[T]{buffer: buffer, subs: map[*Sub[T]]struct{}{}}
}

// Add opens a stream following key until ctx ends, when its channel is closed.
func (s *Subscribers[T]) Add(ctx context.Context, key string) <-chan T {
	sub := &Sub[T]{Key: key, ch: make(chan T, s.buffer)}
	s.mu.Lock()
	s.subs[sub] = struct{}{}
	s.mu.Unlock()
	context.AfterFunc(ctx, func() { s.remove(sub) })
	return sub.ch
}

// Send hands v to every stream whose key match accepts.
func (s *Subscribers[T]) Send(match func(key string) bool, v T) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for sub := range s.subs {
		if match(sub.Key) {
			s.offer(sub, v)
		}
	}
}

// Matching is the streams whose key match accepts, as they are now: for an update made for each
// of them (outside the lock, which Send holds) and handed over with SendTo.
func (s *Subscribers[T]) Matching(match func(key string) bool) []*Sub[T] {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []*Sub[T]
	for sub := range s.subs {
		if match(sub.Key) {
			out = append(out, sub)
		}
	}
	return out
}

// SendTo hands v to those of subs that are still open.
func (s *Subscribers[T]) SendTo(subs []*Sub[T], v T) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, sub := range subs {
		if _, ok := s.subs[sub]; ok { // else it left meanwhile
			s.offer(sub, v)
		}
	}
}

// offer sends without waiting; s.mu is held.
func (s *Subscribers[T]) offer(sub *Sub[T], v T) {
	select {
	case sub.ch <- v:
	default:
		// Too far behind: end the stream rather than skip an update silently.
		delete(s.subs, sub)
		close(sub.ch)
	}
}

func (s *Subscribers[T]) remove(sub *Sub[T]) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.subs[sub]; ok {
		delete(s.subs, sub)
		close(sub.ch)
	}
}

// CloseAll ends every stream (the instance is stopping, or its channel is gone).
func (s *Subscribers[T]) CloseAll() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for sub := range s.subs {
		delete(s.subs, sub)
		close(sub.ch)
	}
}

// Len is how many streams are open.
func (s *Subscribers[T]) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.subs)
}
