package geo

import (
	"context"
	"log/slog"
	"net/netip"
	"time"

	"github.com/phuslu/iploc"
	"github.com/redis/go-redis/v9"
)

// EmbeddedLocator looks addresses up in the IP-to-country database compiled into the binary
// (phuslu/iploc, IP2Location LITE data).
type EmbeddedLocator struct{}

func (EmbeddedLocator) Country(_ context.Context, ip netip.Addr) (string, error) {
	country := iploc.IPCountry(ip)
	if country == "ZZ" {
		return "", nil
	}
	return country, nil
}

// cachedLocator remembers answers in Redis so that every instance shares them and a slower
// locator behind it is asked once per address and day.
type cachedLocator struct {
	next CountryLocator
	rdb  *redis.Client
	ttl  time.Duration
}

// NewCachedLocator puts a Redis cache in front of next.
func NewCachedLocator(next CountryLocator, rdb *redis.Client, ttl time.Duration) CountryLocator {
	return &cachedLocator{next: next, rdb: rdb, ttl: ttl}
}

// unknownCountry marks a cached "not known" answer; an empty string would be a miss.
const unknownCountry = "-"

func (c *cachedLocator) Country(ctx context.Context, ip netip.Addr) (string, error) {
	key := "geo:country:" + ip.String()
	cached, err := c.rdb.Get(ctx, key).Result()
	switch {
	case err == nil:
		if cached == unknownCountry {
			return "", nil
		}
		return cached, nil
	case err != redis.Nil:
		// The cache is an optimisation: answer without it rather than fail the visitor.
		slog.WarnContext(ctx, "geo cache read", "err", err)
	}
	country, err := c.next.Country(ctx, ip)
	if err != nil {
		return "", err
	}
	value := country
	if value == "" {
		value = unknownCountry
	}
	if err := c.rdb.Set(ctx, key, value, c.ttl).Err(); err != nil {
		slog.WarnContext(ctx, "geo cache write", "err", err)
	}
	return country, nil
}
