package svcclient

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"

	"github.com/go-kit/kit/sd/lb"
	"github.com/sony/gobreaker"
)

// Breaker says when a client stops calling what keeps failing, and when it tries again. A
// client keeps one breaker per instance and one for the whole service:
//
//   - An instance's breaker opens after its own failures. Calls then skip it at once, as if it
//     were not listed, while the other instances serve; a GET's retries still reach the others,
//     and a POST, never sent to the skipped instance, goes to the next one. Consul takes an
//     instance out only when its health check fails, but an instance can pass /healthz and still
//     hang or fail its API (a stuck dependency, a full pool): that is the case this covers.
//   - The service's breaker opens after failed calls, each of which already tried the instances
//     its retries allowed. Then the service is down as a whole for the caller, who answers 503
//     at once instead of holding its own request for the client's timeout. It covers what the
//     instances' breakers cannot: instances coming back under new addresses (a restart, a new
//     pod), which start with closed breakers and would each take their share of timeouts again,
//     and a service with many instances, which the per-instance breakers would take many failed
//     calls to close off entirely.
//
// Failures are attempts that got no answer (refused, reset, timed out) or a 5xx; an answer below
// 500 (a 404, a 400 for a bad currency) is the instance working. A call its own caller gave up
// on (context canceled) says nothing about the service and is not counted as a failure; neither
// is a call made while Consul lists no instance, which is already answered at once and must not
// keep the service closed off once an instance appears. (gobreaker v1 has no neutral outcome, so
// these count as successes: a probe whose caller gave up closes the breaker, and the next
// failures open it again.)
type Breaker struct {
	// Failures is how many failures in a row open a breaker.
	Failures uint32
	// Ratio opens a breaker when at least this share of its calls since its Window began
	// failed, once there are MinRequests of them or more: a service failing every other call
	// never fails Failures in a row.
	Ratio       float64
	MinRequests uint32
	// Window is how long a closed breaker remembers its calls before counting afresh, so that
	// a few failures spread over an hour never add up to an open breaker.
	Window time.Duration
	// CoolDown is how long the service's breaker stays open before it lets one call through
	// (half-open): that call's success closes it, its failure opens it for another CoolDown.
	// An instance's breaker cools down for half of it, so that the service's probe finds the
	// instances half-open, ready to take it, rather than still skipped.
	CoolDown time.Duration
}

// DefaultBreaker is what New and Fixed use: 5 failures in a row, or half of 20 calls or more in
// 30 s, open a breaker; a service is tried again after 5 s (the Retry-After httpx gives its 503),
// an instance after 2.5 s.
var DefaultBreaker = Breaker{Failures: 5, Ratio: 0.5, MinRequests: 20, Window: 30 * time.Second, CoolDown: 5 * time.Second}

// Option changes how a client is made.
type Option func(*options)

type options struct {
	breaker Breaker
	log     *slog.Logger
}

// WithBreaker sets the client's breakers' thresholds and cool-down instead of DefaultBreaker.
// Every field is used as given: MinRequests 0 turns the ratio rule off, Window 0 never forgets
// a closed breaker's counts; Failures and CoolDown must be set (a breaker opening on no failure,
// or cooling down for gobreaker's default minute, is a mistake, refused at start).
func WithBreaker(b Breaker) Option {
	if b.Failures == 0 || b.CoolDown <= 0 {
		panic(fmt.Sprintf("svcclient: breaker %+v needs Failures and CoolDown", b))
	}
	return func(o *options) { o.breaker = b }
}

// WithLogger sets where the breakers' state changes are logged (slog.Default otherwise).
func WithLogger(l *slog.Logger) Option { return func(o *options) { o.log = l } }

func optionsOf(opts []Option) options {
	o := options{breaker: DefaultBreaker, log: slog.Default()}
	for _, opt := range opts {
		opt(&o)
	}
	return o
}

// newBreaker makes a gobreaker for service, or for one instance of it, with b's rules, cooling
// down for coolDown. Its state changes are logged once each, not per call: open is a warning,
// half-open and closed are news.
func newBreaker(service, instance string, b Breaker, coolDown time.Duration, log *slog.Logger) *gobreaker.CircuitBreaker {
	attrs := []any{"service", service}
	if instance != "" {
		attrs = append(attrs, "instance", instance)
	}
	return gobreaker.NewCircuitBreaker(gobreaker.Settings{
		Name: strings.TrimSpace(service + " " + instance),
		// One probe while half-open: when the service is still hanging, one request waits for
		// it, not every request that arrives during the probe.
		MaxRequests: 1,
		Interval:    b.Window,
		Timeout:     coolDown,
		ReadyToTrip: func(c gobreaker.Counts) bool {
			return c.ConsecutiveFailures >= b.Failures ||
				(b.MinRequests > 0 && c.Requests >= b.MinRequests && float64(c.TotalFailures) >= b.Ratio*float64(c.Requests))
		},
		IsSuccessful: countsAsSuccess,
		// Called under the breaker's lock: it must not call the breaker back.
		OnStateChange: func(_ string, from, to gobreaker.State) {
			level := slog.LevelInfo
			if to == gobreaker.StateOpen {
				level = slog.LevelWarn
			}
			log.Log(context.Background(), level, "circuit breaker "+to.String(), slices.Concat(attrs, []any{"from", from.String()})...)
		},
	})
}

// countsAsSuccess is whether a call's error leaves the breaker's failures as they were: no
// error, a caller that gave up, or no instance listed (see Breaker).
func countsAsSuccess(err error) bool {
	return err == nil || errors.Is(err, context.Canceled) || errors.Is(err, lb.ErrNoEndpoints)
}

// rejected is whether err is a breaker refusing a call, which therefore was not sent: open, or
// half-open with its one probe already under way.
func rejected(err error) bool {
	return errors.Is(err, gobreaker.ErrOpenState) || errors.Is(err, gobreaker.ErrTooManyRequests)
}
