package authn

import (
	"context"

	"github.com/redis/go-redis/v9"
)

// SessionKey is the Redis key that exists exactly as long as a session is alive. svc-auth
// writes it with the session's lifetime as TTL and deletes it on logout; every verifier only
// reads it.
func SessionKey(sessionID string) string { return "authn:session:" + sessionID }

// RedisSessions checks sessions in the shared Redis.
type RedisSessions struct{ rdb *redis.Client }

// NewRedisSessions returns a SessionChecker over rdb.
func NewRedisSessions(rdb *redis.Client) RedisSessions { return RedisSessions{rdb: rdb} }

func (s RedisSessions) Alive(ctx context.Context, sessionID string) (bool, error) {
	n, err := s.rdb.Exists(ctx, SessionKey(sessionID)).Result()
	return n == 1, err
}
