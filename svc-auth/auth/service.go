// Package auth owns identity: users and their roles, password hashes, sessions, password
// change and reset, sign-in with Google and Facebook, personal info, and each user's system
// messages, built from other services' events.
package auth

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"linguaport/internal/authn"
	"linguaport/internal/errs"
	"linguaport/internal/events"
	"linguaport/internal/i18n"
	"linguaport/internal/mailbox"
)

// Errors the service answers with; the API words them in api/errors.go. Input that
// breaks rules is an errs.Fields whose reasons are codes of API.md (required, email, too_long,
// password_short, password_common, password_mismatch, terms, ...); a caller held back is an
// errs.RateLimited with ErrTooManyRequests.
var (
	ErrEmailTaken         = errors.New("email already registered")
	ErrInvalidCredentials = errors.New("wrong email or password")
	ErrWrongPassword      = errors.New("current password is wrong")
	ErrInvalidResetToken  = errors.New("reset token invalid, used or expired")
	ErrSessionExpired     = errors.New("session expired or revoked")
	ErrNotFound           = errors.New("not found")
	ErrTooManyRequests    = errors.New("too many requests")
	// ErrProviderNotConfigured: a sign-in route names a provider this site does not offer.
	ErrProviderNotConfigured = errors.New("sign-in provider not configured")
	// ErrProviderEmail: the provider gave no verified email, so no account can be made or linked.
	ErrProviderEmail = errors.New("the provider gave no verified email")
)

// User is an account as its owner and the site see it; it never carries the password hash.
type User struct {
	ID          string     `json:"id"`
	FullName    string     `json:"fullName"`
	Email       string     `json:"email"`
	Type        authn.Role `json:"type"`
	Phone       string     `json:"phone"`
	CompanyName string     `json:"companyName"`
	Address     string     `json:"address"`
	// EmailVerified: the owner confirmed the address (a mailed link), or Google or Facebook did.
	// An unconfirmed address holds nothing back; the profile offers to send the link again.
	EmailVerified bool `json:"emailVerified"`
}

// Registration is the sign-up form (spec §3).
type Registration struct {
	FullName, Email, Password, ConfirmPassword string
	AcceptTerms                                bool
	Lang                                       string // the language the welcome message and mails use
	// The consents of a sign-up (consents.go): the optional marketing e-mails, and the versions
	// of the privacy notice and membership agreement the page showed.
	MarketingEmails             bool
	NoticeVersion, TermsVersion string
}

// Credentials is the login form (spec §3).
type Credentials struct {
	Email, Password string
	RememberMe      bool
}

// PersonalInfo is what a user edits about themselves.
type PersonalInfo struct {
	FullName, Phone, CompanyName, Address string
}

// PasswordChange is the settings form; PasswordReset the form behind the mailed link.
type PasswordChange struct{ CurrentPassword, NewPassword, ConfirmPassword string }
type PasswordReset struct{ Token, NewPassword, ConfirmPassword string }

// Client is who is asking, for rate limits.
type Client struct{ IP string }

// Session is what signing in yields: the cookies' contents and how long they last.
type Session struct {
	User         User
	AccessToken  string
	RefreshToken string
	MaxAge       time.Duration
}

// Message is a system notification in the user's inbox, in one language.
type Message struct {
	ID        string    `json:"id"`
	Title     string    `json:"title"`
	Body      string    `json:"body"`
	CreatedAt time.Time `json:"createdAt"`
	Read      bool      `json:"read"`
}

// Service is svc-auth's behaviour.
type Service interface {
	Register(ctx context.Context, r Registration, c Client) (Session, error)
	Login(ctx context.Context, cr Credentials, c Client) (Session, error)
	Logout(ctx context.Context, refreshToken string, claims *authn.Claims) error
	Refresh(ctx context.Context, refreshToken string) (Session, error)
	Me(ctx context.Context, userID string) (User, error)
	UpdateMe(ctx context.Context, userID string, p PersonalInfo) (User, error)
	ChangePassword(ctx context.Context, claims authn.Claims, p PasswordChange) error
	ForgotPassword(ctx context.Context, email, lang string, c Client) error
	ResetPassword(ctx context.Context, p PasswordReset) error
	Messages(ctx context.Context, userID, lang string) ([]Message, error)
	MarkRead(ctx context.Context, userID, messageID string) error
	// SignInWithProvider signs in (linking or creating the account) whom Google or Facebook vouched for.
	SignInWithProvider(ctx context.Context, id ExternalIdentity) (Session, error)
	// CreateUser makes an account with a role directly: staff and demo accounts.
	CreateUser(ctx context.Context, fullName, email, password string, role authn.Role) (User, error)
	// Consents is the caller's consent history; SetMarketing records their marketing choice
	// (consents.go).
	Consents(ctx context.Context, c authn.Caller) (Consents, error)
	SetMarketing(ctx context.Context, c authn.Caller, on bool) (Consents, error)
	AccountMail
}

// Lifetimes of spec §9 and DESIGN §5.
const (
	AccessTokenTTL  = 15 * time.Minute
	SessionTTL      = 7 * 24 * time.Hour
	RememberedTTL   = 30 * 24 * time.Hour
	ResetTokenTTL   = time.Hour
	LoginFailures   = 5                // sign-in attempts for one email from one address...
	LoginFailWindow = 15 * time.Minute // ...in this long; a successful one starts again
	// RefreshGrace is how long a refresh token just rotated still renews its session, answered
	// with the token it was rotated to: two tabs renewing at once both stay signed in. After
	// it, presenting a rotated token is reuse of a copied token and ends the session.
	RefreshGrace     = 10 * time.Second
	minPasswordRunes = 10
	maxPasswordRunes = 128
)

// Store keeps the accounts and their system messages; MongoStore is the adapter. Accounts are
// handed over as stored, password hash included: only User leaves the package.
type Store interface {
	InsertUser(ctx context.Context, u *userDoc) error
	UserByID(ctx context.Context, id string) (*userDoc, error)
	UserByEmail(ctx context.Context, email string) (*userDoc, error)
	UserByProvider(ctx context.Context, provider, subject string) (*userDoc, error)
	UpdateUser(ctx context.Context, id string, fn func(*userDoc) (*userDoc, error)) (*userDoc, error)
	Messages(ctx context.Context, userID string, lang i18n.Lang) ([]Message, error)
	MarkRead(ctx context.Context, userID, messageID string, at time.Time) error
	// AddMail queues a mail no account document carries (to an address without an account).
	AddMail(ctx context.Context, m mailbox.Mail) error
}

// SessionStore keeps what expires: sessions with their refresh tokens, sign-in attempts and
// reset tokens; Sessions is the Redis adapter (DESIGN §4).
type SessionStore interface {
	Create(ctx context.Context, uid string, ttl time.Duration) (sid, refresh string, err error)
	Rotate(ctx context.Context, refresh string, now time.Time) (SessionRecord, string, error)
	Owner(ctx context.Context, sid string) (string, error)
	Revoke(ctx context.Context, uid, sid string) error
	RevokeAllExcept(ctx context.Context, uid, keep string) error
	// LoginAttempt counts an attempt before the password is checked; a wait above zero refuses it.
	LoginAttempt(ctx context.Context, email, ip string) (wait time.Duration, err error)
	LoginSucceeded(ctx context.Context, email, ip string) error
	NewResetToken(ctx context.Context, uid string, ttl time.Duration) (string, error)
	UseResetToken(ctx context.Context, token string) (string, error)
	DropResetTokens(ctx context.Context, uid string) error
}

// Limiter is a fixed-window counter (internal/ratelimit).
type Limiter interface {
	Allow(ctx context.Context, key string) (bool, time.Duration, error)
}

type service struct {
	store    Store
	sessions SessionStore
	signer   *authn.Signer
	newID    func() string

	// links signs what mails link to (MAIL_LINK_SECRET): confirmation and password links.
	links mailLinks
	// registerLimit and forgotLimit hold back floods by address (DESIGN §5), verifyLimit new
	// confirmation links by account; nil is no limit.
	registerLimit, forgotLimit, verifyLimit Limiter
	kick                                    func(ids ...any)
	now                                     func() time.Time
}

// Option adds what a running site has to the service. Without them it still keeps accounts,
// as `svc-auth create-user` and tests use it: links signed with a secret of its own, no limits,
// the outbox relays find events and mails on their next sweep, and the clock is the system's.
type Option func(*service)

// WithLimits limits sign-ups per address and reset mails per address and email.
func WithLimits(register, forgot Limiter) Option {
	return func(s *service) { s.registerLimit, s.forgotLimit = register, forgot }
}

// WithResendLimit limits the new confirmation links an account may ask for.
func WithResendLimit(l Limiter) Option {
	return func(s *service) { s.verifyLimit = l }
}

// WithLinkSecret signs the links mails carry with secret (MAIL_LINK_SECRET), the same one the
// renderer (NewMails) derives them with. Without it a random one is used: links work in this
// process only, which is what tests and the create-user command need.
func WithLinkSecret(secret []byte) Option {
	return func(s *service) { s.links = mailLinks{key: secret} }
}

// WithKick tells the outbox relay at once which accounts a write queued events in.
func WithKick(kick func(ids ...any)) Option {
	return func(s *service) { s.kick = kick }
}

// WithClock replaces the system clock, for tests of lifetimes.
func WithClock(now func() time.Time) Option {
	return func(s *service) { s.now = now }
}

// NewService returns the service keeping accounts in store and sign-in state in sessions,
// signing access tokens with signer and naming new accounts with newID.
func NewService(store Store, sessions SessionStore, signer *authn.Signer, newID func() string, opts ...Option) Service {
	s := &service{store: store, sessions: sessions, signer: signer, newID: newID,
		links: mailLinks{key: newLinkSecret()}, kick: func(...any) {}, now: time.Now}
	for _, o := range opts {
		o(s)
	}
	return s
}

func (s *service) Register(ctx context.Context, r Registration, c Client) (Session, error) {
	email := normalizeEmail(r.Email)
	fields := errs.Fields{}
	checkName(fields, "fullName", r.FullName)
	checkEmail(fields, email)
	checkNewPassword(fields, "password", r.Password, r.ConfirmPassword)
	if !r.AcceptTerms {
		fields.Add("acceptTerms", "terms")
	}
	if err := fields.Err(); err != nil {
		return Session{}, err
	}
	now := s.now().UTC()
	consents, err := signUpConsents(r, string(i18n.Parse(r.Lang)), now)
	if err != nil {
		return Session{}, err
	}
	if err := s.limit(ctx, s.registerLimit, c.IP); err != nil {
		return Session{}, err
	}
	hash, err := HashPassword(r.Password)
	if err != nil {
		return Session{}, err
	}
	doc := &userDoc{
		ID: s.newID(), Email: email, FullName: strings.TrimSpace(r.FullName), Role: authn.RoleCustomer,
		PasswordHash: hash, Lang: string(i18n.Parse(r.Lang)), CreatedAt: now, UpdatedAt: now, Consents: consents,
	}
	// The welcome asks them to confirm the address; one per account, named by it.
	s.queueVerification(doc, "welcome-"+doc.ID, KindWelcome, doc.Lang)
	if err := s.openAccount(ctx, doc); err != nil {
		return Session{}, err
	}
	return s.startSession(ctx, doc, false)
}

// openAccount stores a customer who signed up (by form or through a provider) together with the
// account.registered event that welcomes them and the welcome mail, in one write.
func (s *service) openAccount(ctx context.Context, doc *userDoc) error {
	ev, err := events.New(ctx, EventRegistered, Registered{UserID: doc.ID, FullName: doc.FullName, Email: doc.Email, Lang: doc.Lang})
	if err != nil {
		return err
	}
	doc.Outbox.Add(ev)
	if err := s.store.InsertUser(ctx, doc); err != nil {
		return err
	}
	s.kick(doc.ID)
	return nil
}

func (s *service) Login(ctx context.Context, cr Credentials, c Client) (Session, error) {
	email := normalizeEmail(cr.Email)
	fields := errs.Fields{}
	if email == "" {
		fields.Add("email", "required")
	}
	if cr.Password == "" {
		fields.Add("password", "required")
	}
	if err := fields.Err(); err != nil {
		return Session{}, err
	}
	// Counted before the password is checked, so attempts sent at once cannot all be tried.
	if wait, err := s.sessions.LoginAttempt(ctx, email, c.IP); err != nil {
		return Session{}, err
	} else if wait > 0 {
		return Session{}, &errs.RateLimited{RetryAfter: wait, Reason: ErrTooManyRequests}
	}
	doc, err := s.store.UserByEmail(ctx, email)
	if err != nil && !errors.Is(err, ErrNotFound) {
		return Session{}, err
	}
	if doc != nil && doc.ClosedAt != nil {
		doc = nil // an account being erased signs in no more: as if it were not there
	}
	hash := dummyHash // an unknown email costs as much time as a wrong password
	if doc != nil && doc.PasswordHash != "" {
		hash = doc.PasswordHash
	}
	ok, err := VerifyPassword(cr.Password, hash)
	if err != nil {
		return Session{}, err
	}
	if doc == nil || !ok {
		return Session{}, ErrInvalidCredentials
	}
	if err := s.sessions.LoginSucceeded(ctx, email, c.IP); err != nil {
		return Session{}, err
	}
	return s.startSession(ctx, doc, cr.RememberMe)
}

func (s *service) Logout(ctx context.Context, refreshToken string, claims *authn.Claims) error {
	if claims != nil {
		return s.sessions.Revoke(ctx, claims.Subject, claims.Session)
	}
	if sid, _, ok := splitRefresh(refreshToken); ok {
		uid, err := s.sessions.Owner(ctx, sid)
		if err != nil || uid == "" {
			return err
		}
		return s.sessions.Revoke(ctx, uid, sid)
	}
	return nil
}

func (s *service) Refresh(ctx context.Context, refreshToken string) (Session, error) {
	rec, next, err := s.sessions.Rotate(ctx, refreshToken, s.now())
	if err != nil {
		return Session{}, err
	}
	doc, err := s.store.UserByID(ctx, rec.UserID)
	if errors.Is(err, ErrNotFound) || (err == nil && doc.ClosedAt != nil) {
		_ = s.sessions.Revoke(ctx, rec.UserID, rec.ID)
		return Session{}, ErrSessionExpired
	}
	if err != nil {
		return Session{}, err
	}
	access, err := s.accessToken(doc, rec.ID, s.now().Add(rec.TTL))
	if err != nil {
		return Session{}, err
	}
	return Session{User: doc.user(), AccessToken: access, RefreshToken: next, MaxAge: rec.TTL}, nil
}

func (s *service) Me(ctx context.Context, userID string) (User, error) {
	doc, err := s.store.UserByID(ctx, userID)
	if err != nil {
		return User{}, err
	}
	return doc.user(), nil
}

func (s *service) UpdateMe(ctx context.Context, userID string, p PersonalInfo) (User, error) {
	fields := errs.Fields{}
	checkName(fields, "fullName", p.FullName)
	phone := strings.TrimSpace(p.Phone)
	if phone != "" && !phonePattern.MatchString(phone) {
		fields.Add("phone", "phone")
	}
	checkMax(fields, "companyName", p.CompanyName, 120)
	checkMax(fields, "address", p.Address, 500)
	if err := fields.Err(); err != nil {
		return User{}, err
	}
	doc, err := s.store.UpdateUser(ctx, userID, func(u *userDoc) (*userDoc, error) {
		u.FullName = strings.TrimSpace(p.FullName)
		u.Phone = phone
		u.CompanyName = strings.TrimSpace(p.CompanyName)
		u.Address = strings.TrimSpace(p.Address)
		u.UpdatedAt = s.now().UTC()
		return u, nil
	})
	if err != nil {
		return User{}, err
	}
	return doc.user(), nil
}

func (s *service) ChangePassword(ctx context.Context, claims authn.Claims, p PasswordChange) error {
	fields := errs.Fields{}
	if p.CurrentPassword == "" {
		fields.Add("currentPassword", "required")
	}
	checkNewPassword(fields, "newPassword", p.NewPassword, p.ConfirmPassword)
	if err := fields.Err(); err != nil {
		return err
	}
	doc, err := s.store.UserByID(ctx, claims.Subject)
	if err != nil {
		return err
	}
	ok, err := VerifyPassword(p.CurrentPassword, orDummy(doc.PasswordHash))
	if err != nil {
		return err
	}
	if !ok {
		return ErrWrongPassword
	}
	if err := s.setPassword(ctx, doc.ID, p.NewPassword, false); err != nil {
		return err
	}
	// A reset link mailed earlier would set the password back to whatever its finder chooses.
	if err := s.sessions.DropResetTokens(ctx, doc.ID); err != nil {
		return err
	}
	// Whoever else holds a session (a stolen cookie, say) is signed out; this one goes on.
	return s.sessions.RevokeAllExcept(ctx, doc.ID, claims.Session)
}

func (s *service) ForgotPassword(ctx context.Context, email, lang string, c Client) error {
	email = normalizeEmail(email)
	fields := errs.Fields{}
	checkEmail(fields, email)
	if err := fields.Err(); err != nil {
		return err
	}
	if err := s.limit(ctx, s.forgotLimit, c.IP+"|"+email); err != nil {
		return err
	}
	doc, err := s.store.UserByEmail(ctx, email)
	if errors.Is(err, ErrNotFound) {
		return nil // the answer is the same whether or not the account exists
	}
	if err != nil {
		return err
	}
	// The mail is queued with the account; its link is made when it is sent (mails_kinds.go).
	_, err = s.store.UpdateUser(ctx, doc.ID, func(u *userDoc) (*userDoc, error) {
		u.Box.Add(newMail("reset-"+s.newID(), KindPasswordReset, u.ID, string(i18n.Parse(lang)), nil, s.now()))
		return u, nil
	})
	if errors.Is(err, ErrNotFound) {
		return nil // removed since it was read: as if it never existed
	}
	if err != nil {
		return fmt.Errorf("queueing the reset mail: %w", err)
	}
	return nil
}

func (s *service) ResetPassword(ctx context.Context, p PasswordReset) error {
	fields := errs.Fields{}
	if strings.TrimSpace(p.Token) == "" {
		fields.Add("token", "required")
	}
	checkNewPassword(fields, "newPassword", p.NewPassword, p.ConfirmPassword)
	if err := fields.Err(); err != nil {
		return err
	}
	userID, err := s.sessions.UseResetToken(ctx, p.Token)
	if err != nil {
		return err
	}
	// The link came by mail to the account's address, so whoever used it reads that mail.
	if err := s.setPassword(ctx, userID, p.NewPassword, true); err != nil {
		if errors.Is(err, ErrNotFound) {
			return ErrInvalidResetToken
		}
		return err
	}
	return s.sessions.RevokeAllExcept(ctx, userID, "")
}

func (s *service) Messages(ctx context.Context, userID, lang string) ([]Message, error) {
	return s.store.Messages(ctx, userID, i18n.Parse(lang))
}

func (s *service) MarkRead(ctx context.Context, userID, messageID string) error {
	return s.store.MarkRead(ctx, userID, messageID, s.now().UTC())
}

func (s *service) CreateUser(ctx context.Context, fullName, email, password string, role authn.Role) (User, error) {
	email = normalizeEmail(email)
	fields := errs.Fields{}
	checkName(fields, "fullName", fullName)
	checkEmail(fields, email)
	checkNewPassword(fields, "password", password, password)
	if !role.Valid() {
		fields.Add("type", "role")
	}
	if err := fields.Err(); err != nil {
		return User{}, err
	}
	hash, err := HashPassword(password)
	if err != nil {
		return User{}, err
	}
	now := s.now().UTC()
	doc := &userDoc{ID: s.newID(), Email: email, FullName: strings.TrimSpace(fullName), Role: role, PasswordHash: hash, Lang: "tr", CreatedAt: now, UpdatedAt: now}
	if err := s.store.InsertUser(ctx, doc); err != nil {
		return User{}, err
	}
	return doc.user(), nil
}

// setPassword sets a new password and, if the account had one, tells its owner by mail in the
// same write (a first password, set from an approved translator's welcome link, is no news).
// byMail: the password was set through a mailed link, which confirms the address too.
func (s *service) setPassword(ctx context.Context, userID, password string, byMail bool) error {
	hash, err := HashPassword(password)
	if err != nil {
		return err
	}
	_, err = s.store.UpdateUser(ctx, userID, func(u *userDoc) (*userDoc, error) {
		now := s.now().UTC()
		if u.PasswordHash != "" {
			u.Box.Add(newMail("password-changed-"+s.newID(), KindPasswordChanged, u.ID, u.Lang, nil, now))
		}
		u.PasswordHash = hash
		u.EmailVerified = u.EmailVerified || byMail
		u.UpdatedAt = now
		return u, nil
	})
	return err
}

func (s *service) startSession(ctx context.Context, doc *userDoc, remember bool) (Session, error) {
	ttl := SessionTTL
	if remember {
		ttl = RememberedTTL
	}
	sid, refresh, err := s.sessions.Create(ctx, doc.ID, ttl)
	if err != nil {
		return Session{}, err
	}
	access, err := s.accessToken(doc, sid, s.now().Add(ttl))
	if err != nil {
		return Session{}, err
	}
	return Session{User: doc.user(), AccessToken: access, RefreshToken: refresh, MaxAge: ttl}, nil
}

func (s *service) accessToken(doc *userDoc, sid string, sessionEnds time.Time) (string, error) {
	now := s.now()
	return s.signer.Sign(authn.Claims{
		Issuer: authn.Issuer, Subject: doc.ID, Session: sid, Role: doc.Role, Name: doc.FullName,
		ID: s.newID(), IssuedAt: now.Unix(), ExpiresAt: now.Add(AccessTokenTTL).Unix(), SessionExpiresAt: sessionEnds.Unix(),
	})
}

func (s *service) limit(ctx context.Context, l Limiter, key string) error {
	if l == nil {
		return nil
	}
	ok, wait, err := l.Allow(ctx, key)
	if err != nil {
		return err
	}
	if !ok {
		return &errs.RateLimited{RetryAfter: wait, Reason: ErrTooManyRequests}
	}
	return nil
}

func orDummy(hash string) string {
	if hash == "" {
		return dummyHash
	}
	return hash
}
