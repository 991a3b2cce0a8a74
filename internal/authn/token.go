// Package authn issues and checks LinguaPort's access tokens: short-lived Ed25519 JWTs signed
// by svc-auth, whose public keys every service and the gateway read from svc-auth's JWKS. A
// token also names its session, which must still be alive in Redis, so logging out revokes a
// token everywhere before it expires (DESIGN §5).
package authn

import (
	"context"
	"crypto/ed25519"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Issuer is the iss claim of every access token.
const Issuer = "linguaport-auth"

// Role is what a signed-in user may do (spec §6, DESIGN §1).
type Role string

const (
	RoleCustomer   Role = "customer"
	RoleTranslator Role = "translator"
	RoleAdmin      Role = "admin"
)

// Valid reports whether r is one of the three roles.
func (r Role) Valid() bool {
	return r == RoleCustomer || r == RoleTranslator || r == RoleAdmin
}

// Claims is what an access token says about its holder.
type Claims struct {
	Issuer    string `json:"iss"`
	Subject   string `json:"sub"` // the user's id
	Session   string `json:"sid"` // the session the token belongs to
	Role      Role   `json:"role"`
	Name      string `json:"name"`
	ID        string `json:"jti"`
	IssuedAt  int64  `json:"iat"`
	ExpiresAt int64  `json:"exp"`
	// SessionExpiresAt is when the session ends, so cookies re-issued during it end with it.
	SessionExpiresAt int64 `json:"sxp,omitempty"`
	// Key is the API key the token was made from (svc-auth/keys), "" for a person's session;
	// Scope is what the key may do (a read-only key's writes are refused: Identify), and Sandbox
	// marks a sandbox key's token.
	Key     string `json:"key,omitempty"`
	Scope   Scope  `json:"scope,omitempty"`
	Sandbox bool   `json:"sbx,omitempty"`
}

// Scope is what an API key's token may do; a session's token has none and may do what its
// holder may.
type Scope string

const (
	ScopeRead  Scope = "read"
	ScopeWrite Scope = "write"
)

// KeyPrefix starts every API key's secret ("lp_live_…", "lp_test_…"), which is how the gateway
// tells a key from a token in an Authorization header.
const KeyPrefix = "lp_"

// Errors of token checking, each answered with 401 by the middleware.
var (
	ErrMalformed      = errors.New("malformed token")
	ErrBadSignature   = errors.New("bad token signature")
	ErrUnknownKey     = errors.New("token signed with an unknown key")
	ErrExpired        = errors.New("token expired")
	ErrSessionRevoked = errors.New("session revoked")
)

type header struct {
	Alg string `json:"alg"`
	Typ string `json:"typ"`
	Kid string `json:"kid"`
}

var b64 = base64.RawURLEncoding

// Signer signs access tokens with one Ed25519 key, named by kid in the JWKS.
type Signer struct {
	kid string
	key ed25519.PrivateKey
}

// NewSigner returns a Signer for key, published under kid.
func NewSigner(kid string, key ed25519.PrivateKey) *Signer { return &Signer{kid: kid, key: key} }

// KeyID is the kid of the signing key.
func (s *Signer) KeyID() string { return s.kid }

// PublicKey is the key verifiers check signatures with.
func (s *Signer) PublicKey() ed25519.PublicKey { return s.key.Public().(ed25519.PublicKey) }

// Sign returns the compact JWS of c.
func (s *Signer) Sign(c Claims) (string, error) {
	h, err := json.Marshal(header{Alg: "EdDSA", Typ: "JWT", Kid: s.kid})
	if err != nil {
		return "", err
	}
	p, err := json.Marshal(c)
	if err != nil {
		return "", err
	}
	signingInput := b64.EncodeToString(h) + "." + b64.EncodeToString(p)
	sig := ed25519.Sign(s.key, []byte(signingInput))
	return signingInput + "." + b64.EncodeToString(sig), nil
}

// KeySource finds the public key a token names.
type KeySource interface {
	Key(ctx context.Context, kid string) (ed25519.PublicKey, error)
}

// SessionChecker tells whether a session is still alive (not logged out, not expired).
type SessionChecker interface {
	Alive(ctx context.Context, sessionID string) (bool, error)
}

// Verifier checks access tokens: signature by a known key, issuer, expiry, live session.
type Verifier struct {
	keys     KeySource
	sessions SessionChecker
	now      func() time.Time
	leeway   time.Duration
}

// NewVerifier returns a Verifier; sessions may be nil only where revocation is checked elsewhere.
func NewVerifier(keys KeySource, sessions SessionChecker) *Verifier {
	return &Verifier{keys: keys, sessions: sessions, now: time.Now, leeway: 30 * time.Second}
}

// WithClock returns a copy of v that reads the time from now (tests of expiry).
func (v *Verifier) WithClock(now func() time.Time) *Verifier {
	c := *v
	c.now = now
	return &c
}

// Verify returns the claims of a valid token for a live session.
func (v *Verifier) Verify(ctx context.Context, token string) (Claims, error) {
	c, err := v.VerifySignature(ctx, token)
	if err != nil {
		return Claims{}, err
	}
	if v.now().Add(-v.leeway).Unix() >= c.ExpiresAt {
		return c, ErrExpired
	}
	if v.sessions != nil {
		alive, err := v.sessions.Alive(ctx, c.Session)
		if err != nil {
			return Claims{}, fmt.Errorf("checking session: %w", err)
		}
		if !alive {
			return c, ErrSessionRevoked
		}
	}
	return c, nil
}

// VerifySignature checks the token's form, signature and issuer, but not its expiry or session.
func (v *Verifier) VerifySignature(ctx context.Context, token string) (Claims, error) {
	parts := strings.Split(token, ".")
	if len(parts) != 3 || len(token) > 4096 {
		return Claims{}, ErrMalformed
	}
	var h header
	if err := decodeSegment(parts[0], &h); err != nil || h.Alg != "EdDSA" || h.Kid == "" {
		return Claims{}, ErrMalformed
	}
	sig, err := b64.DecodeString(parts[2])
	if err != nil || len(sig) != ed25519.SignatureSize {
		return Claims{}, ErrMalformed
	}
	key, err := v.keys.Key(ctx, h.Kid)
	if err != nil {
		return Claims{}, err
	}
	if !ed25519.Verify(key, []byte(parts[0]+"."+parts[1]), sig) {
		return Claims{}, ErrBadSignature
	}
	var c Claims
	if err := decodeSegment(parts[1], &c); err != nil {
		return Claims{}, ErrMalformed
	}
	if c.Issuer != Issuer || c.Subject == "" || c.Session == "" || !c.Role.Valid() || c.ExpiresAt == 0 {
		return Claims{}, ErrMalformed
	}
	return c, nil
}

func decodeSegment(seg string, v any) error {
	raw, err := b64.DecodeString(seg)
	if err != nil {
		return err
	}
	return json.Unmarshal(raw, v)
}
