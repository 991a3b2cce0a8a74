package auth

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
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
	"linguaport/internal/ratelimit"
)

// Sessions keeps sign-in state in Redis (DESIGN §4: what expires lives there). A session is the
// hash at authn.SessionKey(id) with the owner and the hash of its current refresh token; it
// expires with the session, and every verifier checks it exists, so deleting it signs the
// session out everywhere at once. Only digests of tokens are stored: what Redis holds cannot be
// presented as a token.
type Sessions struct {
	rdb    *redis.Client
	logins *ratelimit.Limiter
}

// NewSessions returns the session store over rdb.
func NewSessions(rdb *redis.Client) *Sessions {
	return &Sessions{rdb: rdb, logins: ratelimit.New(rdb, "auth-login", LoginFailures, LoginFailWindow)}
}

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

// RandomToken is a fresh unguessable token (sessions, reset links, the OAuth flow's state and
// nonce).
func RandomToken() (string, error) { return randomToken() }

// Digest is what is stored of a token: its SHA-256, so a leaked key names no live token.
func Digest(s string) string { return digest(s) }

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
// presented again means it was copied, and the session is ended rather than renewed; except the
// token rotated just now, within the grace period: two tabs that renew at once present the same
// token, and the later one is answered with the token the earlier one got (sealed under the
// presented secret, so only its holder can open it).
//
// KEYS[1] the session; ARGV: presented digest, next digest, next token sealed, now (ms), grace (ms).
// Answers {1} rotated, {2, sealed} the token just rotated to, {0} no session, {-1} reuse: ended.
var rotate = redis.NewScript(`
local s = redis.call('HMGET', KEYS[1], 'refresh', 'prev', 'rotatedAt', 'prevNext')
if not s[1] then return {0} end
if s[1] == ARGV[1] then
  redis.call('HSET', KEYS[1], 'refresh', ARGV[2], 'prev', ARGV[1], 'rotatedAt', ARGV[4], 'prevNext', ARGV[3])
  return {1}
end
if s[2] == ARGV[1] and tonumber(ARGV[4]) - tonumber(s[3]) <= tonumber(ARGV[5]) then
  return {2, s[4]}
end
redis.call('DEL', KEYS[1])
return {-1}
`)

// Rotate checks a refresh token presented at now and replaces it with a new one; the session
// keeps its lifetime. The token rotated less than RefreshGrace ago is answered with its
// successor (see rotate).
func (s *Sessions) Rotate(ctx context.Context, refresh string, now time.Time) (SessionRecord, string, error) {
	sid, secret, ok := splitRefresh(refresh)
	if !ok {
		return SessionRecord{}, "", ErrSessionExpired
	}
	next, err := randomToken()
	if err != nil {
		return SessionRecord{}, "", err
	}
	sealed, err := seal(secret, next)
	if err != nil {
		return SessionRecord{}, "", err
	}
	key := authn.SessionKey(sid)
	res, err := rotate.Run(ctx, s.rdb, []string{key}, digest(secret), digest(next), sealed, now.UnixMilli(), RefreshGrace.Milliseconds()).Slice()
	if err != nil {
		return SessionRecord{}, "", fmt.Errorf("rotate refresh token: %w", err)
	}
	switch code, _ := res[0].(int64); code {
	case 1:
	case 2:
		sealedNext, _ := res[1].(string)
		if next, err = unseal(secret, sealedNext); err != nil {
			return SessionRecord{}, "", ErrSessionExpired
		}
	default:
		return SessionRecord{}, "", ErrSessionExpired
	}
	uid, err := s.rdb.HGet(ctx, key, "uid").Result()
	ttl, err2 := s.rdb.PTTL(ctx, key).Result()
	if errors.Is(err, redis.Nil) {
		return SessionRecord{}, "", ErrSessionExpired // ended in between
	}
	if err := errors.Join(err, err2); err != nil {
		return SessionRecord{}, "", fmt.Errorf("read session: %w", err)
	}
	return SessionRecord{ID: sid, UserID: uid, TTL: ttl}, sid + "." + next, nil
}

// seal encrypts plain with a key only the holder of secret can derive (AES-256-GCM).
func seal(secret, plain string) (string, error) {
	aead, err := graceCipher(secret)
	if err != nil {
		return "", err
	}
	nonce := make([]byte, aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(aead.Seal(nonce, nonce, []byte(plain), nil)), nil
}

func unseal(secret, sealed string) (string, error) {
	aead, err := graceCipher(secret)
	if err != nil {
		return "", err
	}
	raw, err := base64.RawURLEncoding.DecodeString(sealed)
	if err != nil || len(raw) < aead.NonceSize() {
		return "", errors.New("sealed refresh token malformed")
	}
	plain, err := aead.Open(nil, raw[:aead.NonceSize()], raw[aead.NonceSize():], nil)
	return string(plain), err
}

func graceCipher(secret string) (cipher.AEAD, error) {
	key := sha256.Sum256([]byte("linguaport refresh grace\x00" + secret))
	block, err := aes.NewCipher(key[:])
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(block)
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

func loginKey(email, ip string) string { return digest(email) + ":" + ip }

// LoginAttempt counts an attempt to sign in as email from ip before its password is checked,
// and says how long to wait when it is one too many: LoginFailures attempts in LoginFailWindow,
// however many arrive at once, since the count is one atomic step (internal/ratelimit).
func (s *Sessions) LoginAttempt(ctx context.Context, email, ip string) (time.Duration, error) {
	ok, wait, err := s.logins.Allow(ctx, loginKey(email, ip))
	if err != nil || ok {
		return 0, err
	}
	return max(wait, time.Second), nil
}

// LoginSucceeded forgets the attempts of email from ip.
func (s *Sessions) LoginSucceeded(ctx context.Context, email, ip string) error {
	return s.logins.Forget(ctx, loginKey(email, ip))
}

func resetKey(token string) string { return "auth:reset:" + digest(token) }

// latestResetKey holds the digest of the newest reset token of a user: the only one that works.
func latestResetKey(uid string) string { return "auth:reset-latest:" + uid }

// NewResetToken makes a single-use password reset token for uid; only its digest is stored. It
// supersedes every earlier token of uid: only the newest link mailed works.
func (s *Sessions) NewResetToken(ctx context.Context, uid string, ttl time.Duration) (string, error) {
	token, err := randomToken()
	if err != nil {
		return "", err
	}
	_, err = s.rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
		p.Set(ctx, resetKey(token), uid, ttl)
		p.Set(ctx, latestResetKey(uid), digest(token), ttl)
		return nil
	})
	if err != nil {
		return "", fmt.Errorf("store reset token: %w", err)
	}
	return token, nil
}

// issueOnce stores a reset token's owner (KEYS[1] the token's key, KEYS[2] the owner's newest) for
// ARGV[3] ms unless the token was issued before: used or not, it is left as it is.
var issueOnce = redis.NewScript(`
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[3]) then
  redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[3])
  return 1
end
return 0
`)

// IssueResetToken makes token, which the mail carrying it derived from its own id, uid's newest
// reset token for ttl: it supersedes earlier ones, as NewResetToken's do. A token issued before
// is left alone, so a mail rendered again (its send retried, or repeated after a crash) carries a
// link that works as long as the first, and one that was used stays used.
func (s *Sessions) IssueResetToken(ctx context.Context, uid, token string, ttl time.Duration) error {
	err := issueOnce.Run(ctx, s.rdb, []string{resetKey(token), latestResetKey(uid)}, uid, digest(token), ttl.Milliseconds()).Err()
	if err != nil {
		return fmt.Errorf("issue reset token: %w", err)
	}
	return nil
}

// usedToken is what a reset token's key holds once used, until it expires.
const usedToken = "\x00used"

// useToken marks KEYS[1] (a reset token) used, keeping its expiry, and returns its owner; nil when
// it is unknown, expired or used.
var useToken = redis.NewScript(`
local uid = redis.call('GET', KEYS[1])
if not uid or uid == ARGV[1] then return false end
redis.call('SET', KEYS[1], ARGV[1], 'KEEPTTL')
return uid
`)

// useLatest deletes KEYS[1] (the user's newest reset token) if it is ARGV[1]: the token presented.
var useLatest = redis.NewScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`)

// UseResetToken consumes a reset token and returns its user. A token is good once, within its
// lifetime, while it is its user's newest and no password was set since (DropResetTokens).
func (s *Sessions) UseResetToken(ctx context.Context, token string) (string, error) {
	uid, err := useToken.Run(ctx, s.rdb, []string{resetKey(token)}, usedToken).Text()
	if errors.Is(err, redis.Nil) {
		return "", ErrInvalidResetToken
	}
	if err != nil {
		return "", fmt.Errorf("use reset token: %w", err)
	}
	latest, err := useLatest.Run(ctx, s.rdb, []string{latestResetKey(uid)}, digest(token)).Int()
	if err != nil {
		return "", fmt.Errorf("use reset token: %w", err)
	}
	if latest != 1 {
		return "", ErrInvalidResetToken
	}
	return uid, nil
}

// DropResetTokens makes every reset link of uid stop working: its password was just set.
func (s *Sessions) DropResetTokens(ctx context.Context, uid string) error {
	if err := s.rdb.Del(ctx, latestResetKey(uid)).Err(); err != nil {
		return fmt.Errorf("drop reset tokens: %w", err)
	}
	return nil
}

// ActiveSession is one session of an account as a copy of its data shows it: which, and until
// when it lasts unless renewed.
type ActiveSession struct {
	ID        string    `json:"id"`
	ExpiresAt time.Time `json:"expiresAt"`
}

// Active lists the account's sessions that are still alive.
func (s *Sessions) Active(ctx context.Context, uid string) ([]ActiveSession, error) {
	sids, err := s.rdb.SMembers(ctx, userSessionsKey(uid)).Result()
	if err != nil {
		return nil, fmt.Errorf("sessions of %s: %w", uid, err)
	}
	out := []ActiveSession{}
	now := time.Now()
	for _, sid := range sids {
		ttl, err := s.rdb.PTTL(ctx, authn.SessionKey(sid)).Result()
		if err != nil {
			return nil, fmt.Errorf("session %s: %w", sid, err)
		}
		if ttl <= 0 {
			continue // ended; the set keeps its id until the set itself expires
		}
		out = append(out, ActiveSession{ID: sid, ExpiresAt: now.Add(ttl).UTC().Truncate(time.Second)})
	}
	return out, nil
}
