package auth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"linguaport/internal/authn"
)

// Sessions keeps sign-in state in Redis (DESIGN §4: what expires lives there). A session is the
// hash at authn.SessionKey(id) with the owner and the hash of its current refresh token; it
// expires with the session, and every verifier checks it exists, so deleting it signs the
// session out everywhere at once.
type Sessions struct{ rdb *redis.Client }

// NewSessions returns the session store over rdb.
func NewSessions(rdb *redis.Client) *Sessions { return &Sessions{rdb: rdb} }

// SessionRecord is a live session.
type SessionRecord struct {
	ID, UserID string
	TTL        time.Duration // what is left of its lifetime
}

func userSessionsKey(uid string) string { return "auth:user-sessions:" + uid }

func randomToken() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

func digest(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// Create starts a session for uid lasting ttl; it returns the session id and the refresh token.
func (s *Sessions) Create(ctx context.Context, uid string, ttl time.Duration) (sid, refresh string, err error) {
	if sid, err = randomToken(); err != nil {
		return "", "", err
	}
	secret, err := randomToken()
	if err != nil {
		return "", "", err
	}
	_, err = s.rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
		p.HSet(ctx, authn.SessionKey(sid), "uid", uid, "refresh", digest(secret))
		p.Expire(ctx, authn.SessionKey(sid), ttl)
		p.SAdd(ctx, userSessionsKey(uid), sid)
		p.ExpireGT(ctx, userSessionsKey(uid), ttl)
		p.ExpireNX(ctx, userSessionsKey(uid), ttl)
		return nil
	})
	if err != nil {
		return "", "", fmt.Errorf("create session: %w", err)
	}
	return sid, sid + "." + secret, nil
}

func splitRefresh(token string) (sid, secret string, ok bool) {
	sid, secret, ok = strings.Cut(token, ".")
	return sid, secret, ok && sid != "" && secret != "" && len(token) < 200
}

// rotate swaps the refresh token's digest only if the presented one is current. A stale token
// presented again means it was copied: the session is ended rather than renewed.
var rotate = redis.NewScript(`
local current = redis.call('HGET', KEYS[1], 'refresh')
if not current then return 0 end
if current ~= ARGV[1] then
  redis.call('DEL', KEYS[1])
  return -1
end
redis.call('HSET', KEYS[1], 'refresh', ARGV[2])
return 1
`)

// Rotate checks a refresh token and replaces it with a new one; the session keeps its lifetime.
func (s *Sessions) Rotate(ctx context.Context, refresh string) (SessionRecord, string, error) {
	sid, secret, ok := splitRefresh(refresh)
	if !ok {
		return SessionRecord{}, "", ErrSessionExpired
	}
	next, err := randomToken()
	if err != nil {
		return SessionRecord{}, "", err
	}
	key := authn.SessionKey(sid)
	n, err := rotate.Run(ctx, s.rdb, []string{key}, digest(secret), digest(next)).Int()
	if err != nil {
		return SessionRecord{}, "", fmt.Errorf("rotate refresh token: %w", err)
	}
	if n != 1 {
		return SessionRecord{}, "", ErrSessionExpired
	}
	uid, err := s.rdb.HGet(ctx, key, "uid").Result()
	ttl, err2 := s.rdb.PTTL(ctx, key).Result()
	if err := errors.Join(err, err2); err != nil {
		return SessionRecord{}, "", fmt.Errorf("read session: %w", err)
	}
	return SessionRecord{ID: sid, UserID: uid, TTL: ttl}, sid + "." + next, nil
}

// Owner is the user of a live session, or "" when it has ended.
func (s *Sessions) Owner(ctx context.Context, sid string) (string, error) {
	uid, err := s.rdb.HGet(ctx, authn.SessionKey(sid), "uid").Result()
	if errors.Is(err, redis.Nil) {
		return "", nil
	}
	return uid, err
}

// Revoke ends one session.
func (s *Sessions) Revoke(ctx context.Context, uid, sid string) error {
	_, err := s.rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
		p.Del(ctx, authn.SessionKey(sid))
		p.SRem(ctx, userSessionsKey(uid), sid)
		return nil
	})
	return err
}

// RevokeAllExcept ends every session of uid but keep ("" ends them all).
func (s *Sessions) RevokeAllExcept(ctx context.Context, uid, keep string) error {
	sids, err := s.rdb.SMembers(ctx, userSessionsKey(uid)).Result()
	if err != nil {
		return fmt.Errorf("list sessions: %w", err)
	}
	for _, sid := range sids {
		if sid == keep {
			continue
		}
		if err := s.Revoke(ctx, uid, sid); err != nil {
			return fmt.Errorf("revoke session: %w", err)
		}
	}
	return nil
}

func loginFailKey(email, ip string) string { return "auth:login-fail:" + digest(email) + ":" + ip }

// LoginBlocked says how long logins for email from ip are held back after too many failures.
func (s *Sessions) LoginBlocked(ctx context.Context, email, ip string) (time.Duration, error) {
	key := loginFailKey(email, ip)
	n, err := s.rdb.Get(ctx, key).Int()
	if errors.Is(err, redis.Nil) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("read login failures: %w", err)
	}
	if n < LoginFailures {
		return 0, nil
	}
	ttl, err := s.rdb.PTTL(ctx, key).Result()
	if err != nil || ttl <= 0 {
		return time.Second, err
	}
	return ttl, nil
}

// LoginFailed counts a failure; the count lives 15 minutes from the first one.
func (s *Sessions) LoginFailed(ctx context.Context, email, ip string) error {
	key := loginFailKey(email, ip)
	_, err := s.rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
		p.Incr(ctx, key)
		p.ExpireNX(ctx, key, LoginFailWindow)
		return nil
	})
	return err
}

// LoginSucceeded forgets the failures of email from ip.
func (s *Sessions) LoginSucceeded(ctx context.Context, email, ip string) error {
	return s.rdb.Del(ctx, loginFailKey(email, ip)).Err()
}

func resetKey(token string) string { return "auth:reset:" + digest(token) }

// NewResetToken makes a single-use password reset token for uid; only its digest is stored.
func (s *Sessions) NewResetToken(ctx context.Context, uid string, ttl time.Duration) (string, error) {
	token, err := randomToken()
	if err != nil {
		return "", err
	}
	if err := s.rdb.Set(ctx, resetKey(token), uid, ttl).Err(); err != nil {
		return "", fmt.Errorf("store reset token: %w", err)
	}
	return token, nil
}

// UseResetToken consumes a reset token and returns its user.
func (s *Sessions) UseResetToken(ctx context.Context, token string) (string, error) {
	uid, err := s.rdb.GetDel(ctx, resetKey(token)).Result()
	if errors.Is(err, redis.Nil) {
		return "", ErrInvalidResetToken
	}
	if err != nil {
		return "", fmt.Errorf("use reset token: %w", err)
	}
	return uid, nil
}
