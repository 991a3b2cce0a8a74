// Package keys is the customers' API keys (DESIGN §15): a customer creates keys in their panel,
// sees each secret once, and revokes them; staff see and revoke any. A key acts as its customer
// and nothing more: the gateway exchanges it with svc-auth (Exchange) for the same signed access
// token a session gives, naming the key as its session, so every service checks it as it checks
// a session's and a revoked key's tokens stop everywhere at once (authn.SessionKey is deleted).
//
// A secret is "lp_live_" or "lp_test_" (a sandbox key) and 32 random base-32 characters
// (160 bits). Only its SHA-256 is stored: it is unguessable, so a slow hash would add nothing,
// and what the database holds cannot be presented as a key.
package keys

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base32"
	"encoding/hex"
	"errors"
	"strings"
	"time"

	"linguaport/internal/authn"
)

// Prefixes of the secrets: what tells a key from a session's token, and a sandbox key from a
// live one, at a glance.
const (
	LivePrefix = authn.KeyPrefix + "live_"
	TestPrefix = authn.KeyPrefix + "test_"
)

// secretChars is how many random characters follow the prefix.
const secretChars = 32

// Scope is what a key may do.
type Scope string

const (
	// ScopeRead keys may only read (GET): a write is refused 403 by every service.
	ScopeRead Scope = "read"
	// ScopeWrite keys may do what their customer may.
	ScopeWrite Scope = "read+write"
)

// Valid reports whether s is one of the two scopes.
func (s Scope) Valid() bool { return s == ScopeRead || s == ScopeWrite }

// Limits of what a customer may set.
const (
	// MaxNameRunes is the longest name a key may have.
	MaxNameRunes = 60
	// MaxActive is how many keys, not revoked and not expired, one customer may hold.
	MaxActive = 20
	// Listed is how many of a customer's keys their panel lists, newest first: the active ones
	// and the latest revoked or expired.
	Listed = 100
	// MaxLifetime is the furthest an expiry may be set.
	MaxLifetime = 2 * 365 * 24 * time.Hour
	// shownRandom is how many of a secret's random characters the panel shows after its prefix,
	// to tell keys apart.
	shownRandom = 4
)

// TokenLifetime is how long an access token made from a key lasts. The gateway keeps it only
// seconds (authn.KeyCache); revoking the key ends it at once anyway (its session is deleted).
const TokenLifetime = 5 * time.Minute

// LastUseEvery is how often a key's last use is written: the panel shows it to the minute, and
// a busy key is not a write per request.
const LastUseEvery = time.Minute

// Key is an API key as its customer and staff see it: never its secret or its hash.
type Key struct {
	ID         string     `json:"id"`
	OwnerID    string     `json:"ownerId"`
	Name       string     `json:"name"`
	Scope      Scope      `json:"scope"`
	Sandbox    bool       `json:"sandbox"`
	Shown      string     `json:"shown"` // "lp_test_ab3d", the start of the secret
	CreatedAt  time.Time  `json:"createdAt"`
	ExpiresAt  *time.Time `json:"expiresAt"`
	LastUsedAt *time.Time `json:"lastUsedAt"`
	RevokedAt  *time.Time `json:"revokedAt"`
	// RevokedBy is who revoked the key: "owner" or "staff".
	RevokedBy string `json:"revokedBy,omitempty"`
}

// Created is a new key with its secret, which is shown this once.
type Created struct {
	Key
	Secret string `json:"secret"`
}

// NewKey is what a customer asks for.
type NewKey struct {
	Name      string     `json:"name"`
	Scope     Scope      `json:"scope"`
	Sandbox   bool       `json:"sandbox"`
	ExpiresAt *time.Time `json:"expiresAt"`
}

// Reasons a new key is refused, beside "required" and "too_long" for its name.
const (
	ReasonScope      = "key_scope"
	ReasonExpiryPast = "key_expiry_past"
	ReasonExpiryFar  = "key_expiry_too_far"
)

// Errors the API words (api/errors.go).
var (
	ErrNotFound      = errors.New("keys: no such key")
	ErrTooMany       = errors.New("keys: too many active keys")
	ErrNotCustomer   = errors.New("keys: only customers hold keys")
	ErrKeyCannotKey  = errors.New("keys: a key cannot manage keys")
	ErrUnknownSecret = errors.New("keys: no key has this secret")
	ErrRevoked       = errors.New("keys: the key was revoked")
	ErrExpired       = errors.New("keys: the key has expired")
	// ErrTooManyFailures: the address failed too often (errs.RateLimited carries it).
	ErrTooManyFailures = errors.New("keys: too many failed exchanges")
)

// newSecret is a fresh secret for a live or sandbox key.
func newSecret(sandbox bool) (string, error) {
	b := make([]byte, secretChars*5/8)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	prefix := LivePrefix
	if sandbox {
		prefix = TestPrefix
	}
	return prefix + strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b)), nil
}

// Digest is what is stored of a secret.
func Digest(secret string) string {
	sum := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(sum[:])
}

// shown is the start of a secret the panel shows.
func shown(secret string) string {
	i := strings.LastIndexByte(secret, '_') + 1
	return secret[:min(len(secret), i+shownRandom)]
}

// WellFormed reports whether s has a key's form, before any lookup.
func WellFormed(s string) bool {
	rest, ok := strings.CutPrefix(s, LivePrefix)
	if !ok {
		rest, ok = strings.CutPrefix(s, TestPrefix)
	}
	if !ok || len(rest) != secretChars {
		return false
	}
	for _, c := range rest {
		if !(c >= 'a' && c <= 'z' || c >= '2' && c <= '7') {
			return false
		}
	}
	return true
}

// Session is the session id a key's tokens name: authn.SessionKey(Session(id)) lives while the
// key does, and revoking deletes it.
func Session(keyID string) string { return "apikey-" + keyID }

// Store keeps the keys.
type Store interface {
	Insert(ctx context.Context, d Doc) error
	ByDigest(ctx context.Context, digest string) (Doc, error)
	ByID(ctx context.Context, id string) (Doc, error)
	// Owned lists all an owner's keys, newest first (a KVKK copy, an erasure); Newest the newest
	// limit of them (the panel).
	Owned(ctx context.Context, owner string) ([]Doc, error)
	Newest(ctx context.Context, owner string, limit int) ([]Doc, error)
	// CountActive counts an owner's keys neither revoked nor expired at now.
	CountActive(ctx context.Context, owner string, now time.Time) (int, error)
	// Revoke marks the key revoked at now by by, unless it is already; it answers the key as
	// stored after and whether this call revoked it.
	Revoke(ctx context.Context, id string, now time.Time, by string) (Doc, bool, error)
	// Used sets the key's last use to now if it is older than LastUseEvery.
	Used(ctx context.Context, id string, now time.Time) error
	// Page lists every key, newest first, after the cursor (staff).
	Page(ctx context.Context, after string, limit int) ([]Doc, error)
	// RevokeOwned revokes every key of owner (the account closed) and answers their ids.
	RevokeOwned(ctx context.Context, owner string, now time.Time, by string) ([]string, error)
	// DeleteOwned deletes every key of owner (the account erased) and answers how many.
	DeleteOwned(ctx context.Context, owner string) (int, error)
}

// Doc is a key as stored.
type Doc struct {
	ID         string     `bson:"_id"`
	OwnerID    string     `bson:"ownerId"`
	Name       string     `bson:"name"`
	Scope      Scope      `bson:"scope"`
	Sandbox    bool       `bson:"sandbox"`
	Digest     string     `bson:"digest"`
	Shown      string     `bson:"shown"`
	CreatedAt  time.Time  `bson:"createdAt"`
	ExpiresAt  *time.Time `bson:"expiresAt,omitempty"`
	LastUsedAt *time.Time `bson:"lastUsedAt,omitempty"`
	RevokedAt  *time.Time `bson:"revokedAt,omitempty"`
	RevokedBy  string     `bson:"revokedBy,omitempty"`
}

// Key is the doc as people see it.
func (d Doc) Key() Key {
	utc := func(t *time.Time) *time.Time {
		if t == nil {
			return nil
		}
		u := t.UTC()
		return &u
	}
	return Key{ID: d.ID, OwnerID: d.OwnerID, Name: d.Name, Scope: d.Scope, Sandbox: d.Sandbox, Shown: d.Shown,
		CreatedAt: d.CreatedAt.UTC(), ExpiresAt: utc(d.ExpiresAt), LastUsedAt: utc(d.LastUsedAt), RevokedAt: utc(d.RevokedAt), RevokedBy: d.RevokedBy}
}
