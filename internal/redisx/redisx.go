// Package redisx builds Redis clients from a URL.
package redisx

import (
	"context"
	"fmt"
	"time"

	"github.com/redis/go-redis/extra/redisotel/v9"
	"github.com/redis/go-redis/v9"
)

// Connect parses a redis:// URL, opens a client and checks the server answers. Every command
// (and pipeline) is a client span, child of the caller's span, named after the command ("get",
// "xadd", "redis.pipeline ..."). The spans leave out the command's arguments: keys and values
// hold session tokens, emails and the like.
func Connect(ctx context.Context, url string) (*redis.Client, error) {
	ropts, err := redis.ParseURL(url)
	if err != nil {
		return nil, fmt.Errorf("redis url: %w", err)
	}
	ropts.PoolSize = 64
	// go-redis waits 5 s per dial and per read and tries a command four times: a Redis that hangs
	// would hold a request for 20 s. Two seconds and one retry (enough for a connection the
	// server dropped while idle) answer within a few seconds; the URL may say otherwise.
	if ropts.DialTimeout == 0 {
		ropts.DialTimeout = 2 * time.Second
	}
	if ropts.ReadTimeout == 0 {
		ropts.ReadTimeout = 2 * time.Second
	}
	if ropts.WriteTimeout == 0 {
		ropts.WriteTimeout = 2 * time.Second
	}
	if ropts.MaxRetries == 0 {
		ropts.MaxRetries = 1
	}
	client := redis.NewClient(ropts)
	if err := redisotel.InstrumentTracing(client,
		redisotel.WithDBStatement(false),
	); err != nil {
		_ = client.Close()
		return nil, fmt.Errorf("redis tracing: %w", err)
	}
	pingCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := client.Ping(pingCtx).Err(); err != nil {
		_ = client.Close()
		return nil, fmt.Errorf("redis ping %s: %w", ropts.Addr, err)
	}
	return client, nil
}

// Ping is a readiness probe.
func Ping(client *redis.Client) func(context.Context) error {
	return func(ctx context.Context) error { return client.Ping(ctx).Err() }
}
