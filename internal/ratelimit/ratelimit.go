// Package ratelimit counts attempts per key in Redis within a fixed window, so every instance of
// a service shares one count (DESIGN §5: login, register, password reset, applications, contact).
package ratelimit

import (
	"context"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

// Limiter allows Max attempts per key within Window.
type Limiter struct {
	rdb    *redis.Client
	prefix string
	Max    int64
	Window time.Duration
}

// New returns a limiter whose keys live under "ratelimit:<name>:".
func New(rdb *redis.Client, name string, max int64, window time.Duration) *Limiter {
	return &Limiter{rdb: rdb, prefix: "ratelimit:" + name + ":", Max: max, Window: window}
}

// The count and its expiry are set in one step, so a key never outlives its window.
var hit = redis.NewScript(`
local n = redis.call("INCR", KEYS[1])
if n == 1 then redis.call("PEXPIRE", KEYS[1], ARGV[1]) end
return {n, redis.call("PTTL", KEYS[1])}
`)

// Allow records an attempt for key and reports whether it is within the limit; when it is not,
// retryAfter says how long until the window ends. The attempt is counted before the caller does
// what is limited, in one atomic step: of any number of attempts at once, exactly Max are allowed.
func (l *Limiter) Allow(ctx context.Context, key string) (ok bool, retryAfter time.Duration, err error) {
	n, reset, err := l.Hit(ctx, key)
	if err != nil {
		return false, 0, err
	}
	if n <= l.Max {
		return true, 0, nil
	}
	return false, reset, nil
}

// Hit records an attempt for key and answers how many its window holds now, this one included,
// and how long until the window ends: for callers that tell the client what is left (the API's
// RateLimit header fields).
func (l *Limiter) Hit(ctx context.Context, key string) (n int64, reset time.Duration, err error) {
	res, err := hit.Run(ctx, l.rdb, []string{l.prefix + key}, l.Window.Milliseconds()).Int64Slice()
	if err != nil {
		return 0, 0, fmt.Errorf("rate limit %s: %w", l.prefix, err)
	}
	return res[0], time.Duration(res[1]) * time.Millisecond, nil
}

// Forget clears key's count, as when what the attempts guard succeeded (a sign-in with the right
// password).
func (l *Limiter) Forget(ctx context.Context, key string) error {
	if err := l.rdb.Del(ctx, l.prefix+key).Err(); err != nil {
		return fmt.Errorf("rate limit %s: %w", l.prefix, err)
	}
	return nil
}

// Blocked reports, without counting an attempt, whether key has had Max attempts in its window
// already, and how long until the window ends: for limits on failures, checked before the attempt and counted
// (Allow) only when it fails.
func (l *Limiter) Blocked(ctx context.Context, key string) (blocked bool, retryAfter time.Duration, err error) {
	var n *redis.StringCmd
	var ttl *redis.DurationCmd
	_, err = l.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		n = p.Get(ctx, l.prefix+key)
		ttl = p.PTTL(ctx, l.prefix+key)
		return nil
	})
	if err != nil && err != redis.Nil {
		return false, 0, fmt.Errorf("rate limit %s: %w", l.prefix, err)
	}
	count, _ := n.Int64()
	if count < l.Max {
		return false, 0, nil
	}
	return true, max(ttl.Val(), time.Millisecond), nil
}
