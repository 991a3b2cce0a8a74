package keys

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"
	"unicode/utf8"

	"linguaport/internal/audit"
	"linguaport/internal/authn"
	"linguaport/internal/errs"
)

// Service is the keys' use cases: a customer's own (Create, Mine, Revoke), staff's (All,
// RevokeAny) and the gateway's (Exchange).
type Service interface {
	Create(ctx context.Context, caller authn.Caller, n NewKey) (Created, error)
	Mine(ctx context.Context, caller authn.Caller) ([]Key, error)
	Revoke(ctx context.Context, caller authn.Caller, id string) (Key, error)
	All(ctx context.Context, after string) (Page, error)
	RevokeAny(ctx context.Context, id string) (Key, error)
	// Exchange answers a token for a key's secret presented from the address ip.
	Exchange(ctx context.Context, secret, ip string) (Token, error)
	// The account's keys for its KVKK requests: its copy (OfAccount), the account closing
	// (CloseAccount: every key revoked, its tokens ended) and its erasure (EraseAccount: the keys
	// and their audit entries deleted; it answers how many of each).
	OfAccount(ctx context.Context, owner string) ([]Key, error)
	CloseAccount(ctx context.Context, owner string) error
	EraseAccount(ctx context.Context, owner string) (keys, entries int, err error)
}

// Page is one page of staff's list: the keys, newest first, and the cursor of the next page
// ("" at the end).
type Page struct {
	Keys []Key  `json:"keys"`
	Next string `json:"next"`
}

// PageSize is how many keys one page of staff's list holds.
const PageSize = 50

// Token is an access token made from a key, for the gateway to pass on in its place.
type Token struct {
	Token     string    `json:"token"`
	ExpiresAt time.Time `json:"expiresAt"`
}

// Owner is what Exchange needs of the account a key belongs to.
type Owner struct {
	Name   string
	Role   authn.Role
	Closed bool
}

// Owners finds accounts (svc-auth's users).
type Owners interface {
	// Owner answers ErrNotFound for an account that does not exist.
	Owner(ctx context.Context, id string) (Owner, error)
}

// Sessions keeps the sessions keys' tokens name alive (authn.SessionKey).
type Sessions interface {
	// Open makes the session alive for ttl (from now), for owner.
	Open(ctx context.Context, sid, owner string, ttl time.Duration) error
	// Close ends it everywhere at once.
	Close(ctx context.Context, sid string) error
}

// Limiter counts failed exchanges per address (internal/ratelimit).
type Limiter interface {
	Blocked(ctx context.Context, key string) (bool, time.Duration, error)
	Allow(ctx context.Context, key string) (bool, time.Duration, error)
}

// Failed exchanges one address may make per FailureWindow before it is answered 429: a
// secret is 160 random bits, so this only spares the database a flood of lookups.
const (
	MaxFailures   = 20
	FailureWindow = 10 * time.Minute
)

// Auditor records what was done to a key and by whom (the signed-in caller).
type Auditor interface {
	Change(ctx context.Context, action string, obj audit.Object, before, after any) (bool, error)
	Erase(ctx context.Context, kind string, ids []string) (int, error)
}

type service struct {
	store    Store
	owners   Owners
	sessions Sessions
	signer   *authn.Signer
	failures Limiter
	audit    Auditor
	newID    func() string
	now      func() time.Time
}

// NewService returns the keys' service.
func NewService(store Store, owners Owners, sessions Sessions, signer *authn.Signer, failures Limiter, auditor Auditor, newID func() string, now func() time.Time) Service {
	return &service{store: store, owners: owners, sessions: sessions, signer: signer, failures: failures, audit: auditor, newID: newID, now: now}
}

// auditKind is the kind of object key actions are recorded on.
const auditKind = "apikey"

// ownerOnly refuses callers who cannot hold keys: staff and translators, and anyone calling
// with a key (a leaked key must not be able to make more, or revoke its owner's others).
func ownerOnly(caller authn.Caller) error {
	if caller.Key != "" {
		return ErrKeyCannotKey
	}
	if caller.Role != authn.RoleCustomer {
		return ErrNotCustomer
	}
	return nil
}

func (s *service) Create(ctx context.Context, caller authn.Caller, n NewKey) (Created, error) {
	if err := ownerOnly(caller); err != nil {
		return Created{}, err
	}
	now := s.now().UTC()
	n.Name = strings.TrimSpace(n.Name)
	fields := errs.Fields{}
	switch l := utf8.RuneCountInString(n.Name); {
	case l == 0:
		fields.Add("name", "required")
	case l > MaxNameRunes:
		fields.Add("name", "too_long")
	}
	if !n.Scope.Valid() {
		fields.Add("scope", ReasonScope)
	}
	if n.ExpiresAt != nil {
		switch at := n.ExpiresAt.UTC(); {
		case !at.After(now):
			fields.Add("expiresAt", ReasonExpiryPast)
		case at.After(now.Add(MaxLifetime)):
			fields.Add("expiresAt", ReasonExpiryFar)
		default:
			at = at.Truncate(time.Millisecond) // what the database keeps
			n.ExpiresAt = &at
		}
	}
	if err := fields.Err(); err != nil {
		return Created{}, err
	}
	active, err := s.store.CountActive(ctx, caller.ID, now)
	if err != nil {
		return Created{}, err
	}
	if active >= MaxActive {
		return Created{}, ErrTooMany
	}
	secret, err := newSecret(n.Sandbox)
	if err != nil {
		return Created{}, fmt.Errorf("new key: %w", err)
	}
	d := Doc{ID: s.newID(), OwnerID: caller.ID, Name: n.Name, Scope: n.Scope, Sandbox: n.Sandbox, Digest: Digest(secret),
		Shown: shown(secret), CreatedAt: now.Truncate(time.Millisecond), ExpiresAt: n.ExpiresAt}
	if err := s.store.Insert(ctx, d); err != nil {
		return Created{}, err
	}
	s.record(ctx, "apikey.create", d.ID, nil, d.Key())
	return Created{Key: d.Key(), Secret: secret}, nil
}

func (s *service) Mine(ctx context.Context, caller authn.Caller) ([]Key, error) {
	if err := ownerOnly(caller); err != nil {
		return nil, err
	}
	docs, err := s.store.Newest(ctx, caller.ID, Listed)
	if err != nil {
		return nil, err
	}
	out := make([]Key, len(docs))
	for i, d := range docs {
		out[i] = d.Key()
	}
	return out, nil
}

func (s *service) Revoke(ctx context.Context, caller authn.Caller, id string) (Key, error) {
	if err := ownerOnly(caller); err != nil {
		return Key{}, err
	}
	d, err := s.store.ByID(ctx, id)
	if err != nil {
		return Key{}, err
	}
	if d.OwnerID != caller.ID {
		return Key{}, ErrNotFound // another's key does not exist for this caller
	}
	return s.revoke(ctx, d, "owner")
}

func (s *service) RevokeAny(ctx context.Context, id string) (Key, error) {
	d, err := s.store.ByID(ctx, id)
	if err != nil {
		return Key{}, err
	}
	return s.revoke(ctx, d, "staff")
}

// revoke marks the key revoked, then ends its session, so no token made from it passes any
// service from then on; revoking it again answers it as it is.
func (s *service) revoke(ctx context.Context, before Doc, by string) (Key, error) {
	after, changed, err := s.store.Revoke(ctx, before.ID, s.now().UTC(), by)
	if err != nil {
		return Key{}, err
	}
	// Always, not only when this call revoked it: a revocation whose session close failed is
	// finished by the next attempt.
	if err := s.sessions.Close(ctx, Session(before.ID)); err != nil {
		return Key{}, err
	}
	if changed {
		s.record(ctx, "apikey.revoke", before.ID, before.Key(), after.Key())
	}
	return after.Key(), nil
}

func (s *service) All(ctx context.Context, after string) (Page, error) {
	docs, err := s.store.Page(ctx, after, PageSize+1)
	if err != nil {
		return Page{}, err
	}
	p := Page{Keys: []Key{}}
	for i, d := range docs {
		if i == PageSize {
			p.Next = docs[i-1].ID
			break
		}
		p.Keys = append(p.Keys, d.Key())
	}
	return p, nil
}

func (s *service) OfAccount(ctx context.Context, owner string) ([]Key, error) {
	docs, err := s.store.Owned(ctx, owner)
	if err != nil {
		return nil, err
	}
	out := make([]Key, len(docs))
	for i, d := range docs {
		out[i] = d.Key()
	}
	return out, nil
}

// EraseAccount revokes and deletes an erased account's keys and the audit entries about them,
// which would keep the names its customer gave them and point at nothing. Run again, it finds
// nothing more to delete.
func (s *service) EraseAccount(ctx context.Context, owner string) (int, int, error) {
	if err := s.CloseAccount(ctx, owner); err != nil {
		return 0, 0, err
	}
	docs, err := s.store.Owned(ctx, owner)
	if err != nil {
		return 0, 0, err
	}
	ids := make([]string, len(docs))
	for i, d := range docs {
		ids[i] = d.ID
	}
	entries := 0
	if s.audit != nil {
		if entries, err = s.audit.Erase(ctx, auditKind, ids); err != nil {
			return 0, 0, err
		}
	}
	n, err := s.store.DeleteOwned(ctx, owner)
	return n, entries, err
}

func (s *service) CloseAccount(ctx context.Context, owner string) error {
	ids, err := s.store.RevokeOwned(ctx, owner, s.now().UTC(), "account")
	if err != nil {
		return err
	}
	var errsClose []error
	for _, id := range ids {
		errsClose = append(errsClose, s.sessions.Close(ctx, Session(id)))
	}
	return errors.Join(errsClose...)
}

// Exchange answers an access token for a key's secret: the same token a session of the key's
// customer gets, naming the key (its id, scope and sandbox) and its own session; a sandbox key's
// names the customer's sandbox id (authn.SandboxID). The session is
// made alive before the key is read a second time, so a revocation between the two reads is
// seen here, or its Close comes after this Open: a revoked key never leaves a live session.
// An address that failed MaxFailures times in FailureWindow is answered 429 until it ends.
func (s *service) Exchange(ctx context.Context, secret, ip string) (Token, error) {
	blocked, retry, err := s.failures.Blocked(ctx, ip)
	if err != nil {
		return Token{}, err
	}
	if blocked {
		return Token{}, &errs.RateLimited{RetryAfter: retry, Reason: ErrTooManyFailures}
	}
	t, err := s.exchange(ctx, secret)
	if errors.Is(err, ErrUnknownSecret) || errors.Is(err, ErrRevoked) || errors.Is(err, ErrExpired) {
		if _, _, cerr := s.failures.Allow(ctx, ip); cerr != nil {
			return Token{}, cerr
		}
	}
	return t, err
}

func (s *service) exchange(ctx context.Context, secret string) (Token, error) {
	if !WellFormed(secret) {
		return Token{}, ErrUnknownSecret
	}
	d, err := s.store.ByDigest(ctx, Digest(secret))
	if errors.Is(err, ErrNotFound) {
		return Token{}, ErrUnknownSecret
	}
	if err != nil {
		return Token{}, err
	}
	now := s.now()
	if err := usable(d, now); err != nil {
		return Token{}, err
	}
	owner, err := s.owners.Owner(ctx, d.OwnerID)
	if errors.Is(err, ErrNotFound) {
		return Token{}, ErrRevoked
	}
	if err != nil {
		return Token{}, err
	}
	if owner.Closed || owner.Role != authn.RoleCustomer {
		return Token{}, ErrRevoked
	}
	sid := Session(d.ID)
	// The session outlives the token by the verifiers' leeway; each exchange renews it.
	if err := s.sessions.Open(ctx, sid, d.OwnerID, TokenLifetime+time.Minute); err != nil {
		return Token{}, err
	}
	if d, err = s.store.ByID(ctx, d.ID); err != nil {
		return Token{}, err
	}
	if err := usable(d, now); err != nil {
		_ = s.sessions.Close(ctx, sid)
		return Token{}, err
	}
	exp := now.Add(TokenLifetime)
	if d.ExpiresAt != nil && d.ExpiresAt.Before(exp) {
		exp = *d.ExpiresAt
	}
	scope := authn.ScopeWrite
	if d.Scope == ScopeRead {
		scope = authn.ScopeRead
	}
	// A sandbox key acts as the customer's sandbox id: a second account its work belongs to.
	subject := d.OwnerID
	if d.Sandbox {
		subject = authn.SandboxID(d.OwnerID)
	}
	token, err := s.signer.Sign(authn.Claims{Issuer: authn.Issuer, Subject: subject, Session: sid, Role: owner.Role, Name: owner.Name,
		ID: s.newID(), IssuedAt: now.Unix(), ExpiresAt: exp.Unix(), Key: d.ID, Scope: scope, Sandbox: d.Sandbox})
	if err != nil {
		return Token{}, fmt.Errorf("sign key token: %w", err)
	}
	if err := s.store.Used(ctx, d.ID, now.UTC()); err != nil {
		return Token{}, err
	}
	return Token{Token: token, ExpiresAt: exp.UTC()}, nil
}

func usable(d Doc, now time.Time) error {
	switch {
	case d.RevokedAt != nil:
		return ErrRevoked
	case d.ExpiresAt != nil && !now.Before(*d.ExpiresAt):
		return ErrExpired
	}
	return nil
}

// record writes an audit entry for a key action. The action has happened; a record that cannot
// be written is logged and does not undo it (internal/audit).
func (s *service) record(ctx context.Context, action, id string, before, after any) {
	if s.audit == nil {
		return
	}
	if _, err := s.audit.Change(ctx, action, audit.Object{Kind: auditKind, ID: id}, before, after); err != nil {
		slog.ErrorContext(ctx, "audit record lost", "action", action, "key", id, "err", err)
	}
}
