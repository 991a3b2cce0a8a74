package files

import (
	"context"
	"crypto/rand"
	"fmt"

	"github.com/redis/go-redis/v9"
)

// RedisTokens keeps visitors' upload tokens in Redis, expiring after UploadTokenTTL; only their
// hashes are kept anywhere.
type RedisTokens struct{ rdb *redis.Client }

// NewRedisTokens keeps tokens in rdb.
func NewRedisTokens(rdb *redis.Client) *RedisTokens { return &RedisTokens{rdb: rdb} }

func uploadTokenKey(hash string) string { return "orders:upload:" + hash }

func (t *RedisTokens) Issue(ctx context.Context) (string, error) {
	token := rand.Text()
	if err := t.rdb.Set(ctx, uploadTokenKey(HashToken(token)), "1", UploadTokenTTL).Err(); err != nil {
		return "", fmt.Errorf("issue upload token: %w", err)
	}
	return token, nil
}

func (t *RedisTokens) Valid(ctx context.Context, token string) (bool, error) {
	if token == "" || len(token) > 64 {
		return false, nil
	}
	n, err := t.rdb.Exists(ctx, uploadTokenKey(HashToken(token))).Result()
	if err != nil {
		return false, fmt.Errorf("check upload token: %w", err)
	}
	return n == 1, nil
}
