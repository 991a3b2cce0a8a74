package contract

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	consul "github.com/hashicorp/consul/api"
)

const (
	// Tag marks a registration as an API the gateway routes.
	Tag = "api"
	// MetaVersion is the registration metadata naming the instance's contract version, MetaPrefix
	// the one naming its prefix (for people reading Consul; the gateway trusts the contract's).
	MetaVersion = "contract"
	MetaPrefix  = "prefix"
	// kvRoot is where contracts are kept: <kvRoot><service>/<version>.
	kvRoot = "linguaport/contracts/"
)

var (
	// ErrNotPublished: no contract is kept under the version an instance names (yet: an instance
	// publishes before it registers, but a reader may look in between).
	ErrNotPublished = errors.New("contract not published")
	// ErrRefused: the contract kept under a version was read whole and is not one to route by.
	// A version's content never changes, so neither does the refusal.
	ErrRefused = errors.New("contract refused")
)

// Key is where service's contract version is kept in Consul's KV.
func Key(service, version string) string { return kvRoot + service + "/" + version }

// Meta is the registration metadata of an instance serving c.
func Meta(c Contract) map[string]string {
	return map[string]string{MetaVersion: c.Version(), MetaPrefix: c.Prefix}
}

// Publish keeps c in Consul's KV under its version. A version is its content, so publishing it
// again (every instance does, at each registration) writes the same bytes.
func Publish(ctx context.Context, kv *consul.KV, c Contract) error {
	if err := c.Check(); err != nil {
		return err
	}
	b, err := json.Marshal(c)
	if err != nil {
		return fmt.Errorf("contract of %s: %w", c.Service, err)
	}
	if _, err := kv.Put(&consul.KVPair{Key: Key(c.Service, c.Version()), Value: b}, (&consul.WriteOptions{}).WithContext(ctx)); err != nil {
		return fmt.Errorf("publish contract of %s: %w", c.Service, err)
	}
	return nil
}

// Fetch reads service's contract version from Consul's KV. One whose content is not that
// version, is another service's, or fails Check is ErrRefused: the gateway routes by none of it.
func Fetch(ctx context.Context, kv *consul.KV, service, version string) (Contract, error) {
	pair, _, err := kv.Get(Key(service, version), (&consul.QueryOptions{}).WithContext(ctx))
	if err != nil {
		return Contract{}, fmt.Errorf("read contract %s of %s: %w", version, service, err)
	}
	if pair == nil {
		return Contract{}, fmt.Errorf("%s of %s: %w", version, service, ErrNotPublished)
	}
	var c Contract
	if err := json.Unmarshal(pair.Value, &c); err != nil {
		return Contract{}, fmt.Errorf("%w: %s of %s: %w", ErrRefused, version, service, err)
	}
	if c.Service != service || c.Version() != version {
		return Contract{}, fmt.Errorf("%w: kept as %s of %s, it is %s of %s", ErrRefused, version, service, c.Version(), c.Service)
	}
	if err := c.Check(); err != nil {
		return Contract{}, fmt.Errorf("%w: %w", ErrRefused, err)
	}
	return c, nil
}
