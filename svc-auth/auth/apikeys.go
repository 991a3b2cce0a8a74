package auth

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"

	"linguaport/internal/authn"
	"linguaport/svc-auth/keys"
)

// The accounts and sessions as the API keys (svc-auth/keys) need them.

// KeyOwners finds a key's account among the users.
func KeyOwners(s *MongoStore) keys.Owners { return keyOwners{s} }

type keyOwners struct{ store *MongoStore }

func (o keyOwners) Owner(ctx context.Context, id string) (keys.Owner, error) {
	u, err := o.store.UserByID(ctx, id)
	if errors.Is(err, ErrNotFound) {
		return keys.Owner{}, keys.ErrNotFound
	}
	if err != nil {
		return keys.Owner{}, err
	}
	return keys.Owner{Name: u.FullName, Role: u.Role, Closed: u.ClosedAt != nil}, nil
}

// KeySessions keeps a key's session where every verifier looks (authn.SessionKey), apart from
// people's sessions (Sessions): it has no refresh token and no browser, is not listed among the
// account's sessions, and signing out everywhere does not end it; revoking the key does.
func KeySessions(rdb *redis.Client) keys.Sessions { return keySessions{rdb} }

type keySessions struct{ rdb *redis.Client }

func (s keySessions) Open(ctx context.Context, sid, owner string, ttl time.Duration) error {
	_, err := s.rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
		p.HSet(ctx, authn.SessionKey(sid), "uid", owner, "key", "1")
		p.Expire(ctx, authn.SessionKey(sid), ttl)
		return nil
	})
	if err != nil {
		return fmt.Errorf("open key session: %w", err)
	}
	return nil
}

func (s keySessions) Close(ctx context.Context, sid string) error {
	if err := s.rdb.Del(ctx, authn.SessionKey(sid)).Err(); err != nil {
		return fmt.Errorf("close key session: %w", err)
	}
	return nil
}
