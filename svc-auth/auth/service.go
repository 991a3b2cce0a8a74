// Package auth owns identity: users and their roles, password hashes, sessions, password
// change and reset, sign-in with Google and Facebook, personal info, and each user's system
// messages, built from other services' events.
package auth

import (
	"context"
	"errors"
	"fmt"
	"net/mail"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"linguaport/internal/authn"
	"linguaport/internal/events"
)

// Errors the service answers with; the transport maps them to HTTP in encodeError.
var (
	ErrEmailTaken         = errors.New("email already registered")
	ErrInvalidCredentials = errors.New("wrong email or password")
	ErrWrongPassword      = errors.New("current password is wrong")
	ErrInvalidResetToken  = errors.New("reset token invalid, used or expired")
	ErrSessionExpired     = errors.New("session expired or revoked")
	ErrNotFound           = errors.New("not found")
	ErrTooManyRequests    = errors.New("too many requests")
)

// ValidationError lists the fields of an input that break a rule, each with a reason code
// (required, email, too_long, password_short, password_common, password_mismatch, terms, ...).
type ValidationError struct{ Fields map[string]string }

func (e *ValidationError) Error() string { return fmt.Sprintf("invalid input: %v", e.Fields) }

// RateLimitedError says when the caller may try again.
type RateLimitedError struct{ RetryAfter time.Duration }

func (e *RateLimitedError) Error() string { return ErrTooManyRequests.Error() }
func (e *RateLimitedError) Unwrap() error { return ErrTooManyRequests }

// User is an account as its owner and the site see it; it never carries the password hash.
type User struct {
	ID          string     `json:"id"`
	FullName    string     `json:"fullName"`
	Email       string     `json:"email"`
	Type        authn.Role `json:"type"`
	Phone       string     `json:"phone"`
	CompanyName string     `json:"companyName"`
	Address     string     `json:"address"`
}

// Registration is the sign-up form (spec §3).
type Registration struct {
	FullName, Email, Password, ConfirmPassword string
	AcceptTerms                                bool
	Lang                                       string // the language the welcome message and mails use
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
}

// Lifetimes of spec §9 and DESIGN §5.
const (
	AccessTokenTTL   = 15 * time.Minute
	SessionTTL       = 7 * 24 * time.Hour
	RememberedTTL    = 30 * 24 * time.Hour
	ResetTokenTTL    = time.Hour
	LoginFailures    = 5
	LoginFailWindow  = 15 * time.Minute
	minPasswordRunes = 10
	maxPasswordRunes = 128
)

// Deps are what the service needs from the outside.
type Deps struct {
	Users    *UserStore
	Inbox    *InboxStore
	Sessions *Sessions
	Signer   *authn.Signer
	Mailer   Mailer
	// SiteURL is where the mailed reset link points, e.g. https://www.linguaport.com.
	SiteURL string
	// RegisterLimit and ForgotLimit hold back floods by address (DESIGN §5).
	RegisterLimit, ForgotLimit Limiter
	NewID                      func() string
	Now                        func() time.Time
	// Kick tells the outbox relay that a write queued events.
	Kick func()
}

// Limiter is a fixed-window counter (internal/ratelimit).
type Limiter interface {
	Allow(ctx context.Context, key string) (bool, time.Duration, error)
}

// Mailer sends a plain-text mail.
type Mailer interface {
	Send(ctx context.Context, to, subject, text string) error
}

type service struct{ Deps }

// NewService returns the service over d.
func NewService(d Deps) Service {
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Kick == nil {
		d.Kick = func() {}
	}
	return &service{d}
}

func (s *service) Register(ctx context.Context, r Registration, c Client) (Session, error) {
	email := normalizeEmail(r.Email)
	fields := map[string]string{}
	checkName(fields, "fullName", r.FullName)
	checkEmail(fields, email)
	checkNewPassword(fields, "password", r.Password, r.ConfirmPassword)
	if !r.AcceptTerms {
		fields["acceptTerms"] = "terms"
	}
	if len(fields) > 0 {
		return Session{}, &ValidationError{Fields: fields}
	}
	if err := s.limit(ctx, s.RegisterLimit, c.IP); err != nil {
		return Session{}, err
	}
	hash, err := HashPassword(r.Password)
	if err != nil {
		return Session{}, err
	}
	now := s.Now().UTC()
	doc := &userDoc{
		ID: s.NewID(), Email: email, FullName: strings.TrimSpace(r.FullName), Role: authn.RoleCustomer,
		PasswordHash: hash, Lang: langOrTR(r.Lang), CreatedAt: now, UpdatedAt: now,
	}
	if err := s.openAccount(ctx, doc); err != nil {
		return Session{}, err
	}
	return s.startSession(ctx, doc, false)
}

// openAccount stores a customer who signed up (by form or through a provider) together with the
// account.registered event that welcomes them, in one write.
func (s *service) openAccount(ctx context.Context, doc *userDoc) error {
	ev, err := events.New(ctx, EventRegistered, Registered{UserID: doc.ID, FullName: doc.FullName, Email: doc.Email, Lang: doc.Lang})
	if err != nil {
		return err
	}
	doc.Outbox.Add(ev)
	if err := s.Users.Insert(ctx, doc); err != nil {
		return err
	}
	s.Kick()
	return nil
}

func (s *service) Login(ctx context.Context, cr Credentials, c Client) (Session, error) {
	email := normalizeEmail(cr.Email)
	fields := map[string]string{}
	if email == "" {
		fields["email"] = "required"
	}
	if cr.Password == "" {
		fields["password"] = "required"
	}
	if len(fields) > 0 {
		return Session{}, &ValidationError{Fields: fields}
	}
	if wait, err := s.Sessions.LoginBlocked(ctx, email, c.IP); err != nil {
		return Session{}, err
	} else if wait > 0 {
		return Session{}, &RateLimitedError{RetryAfter: wait}
	}
	doc, err := s.Users.ByEmail(ctx, email)
	if err != nil && !errors.Is(err, ErrNotFound) {
		return Session{}, err
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
		if err := s.Sessions.LoginFailed(ctx, email, c.IP); err != nil {
			return Session{}, err
		}
		return Session{}, ErrInvalidCredentials
	}
	if err := s.Sessions.LoginSucceeded(ctx, email, c.IP); err != nil {
		return Session{}, err
	}
	return s.startSession(ctx, doc, cr.RememberMe)
}

func (s *service) Logout(ctx context.Context, refreshToken string, claims *authn.Claims) error {
	if claims != nil {
		return s.Sessions.Revoke(ctx, claims.Subject, claims.Session)
	}
	if sid, _, ok := splitRefresh(refreshToken); ok {
		uid, err := s.Sessions.Owner(ctx, sid)
		if err != nil || uid == "" {
			return err
		}
		return s.Sessions.Revoke(ctx, uid, sid)
	}
	return nil
}

func (s *service) Refresh(ctx context.Context, refreshToken string) (Session, error) {
	rec, next, err := s.Sessions.Rotate(ctx, refreshToken)
	if err != nil {
		return Session{}, err
	}
	doc, err := s.Users.ByID(ctx, rec.UserID)
	if errors.Is(err, ErrNotFound) {
		_ = s.Sessions.Revoke(ctx, rec.UserID, rec.ID)
		return Session{}, ErrSessionExpired
	}
	if err != nil {
		return Session{}, err
	}
	access, err := s.accessToken(doc, rec.ID, s.Now().Add(rec.TTL))
	if err != nil {
		return Session{}, err
	}
	return Session{User: doc.user(), AccessToken: access, RefreshToken: next, MaxAge: rec.TTL}, nil
}

func (s *service) Me(ctx context.Context, userID string) (User, error) {
	doc, err := s.Users.ByID(ctx, userID)
	if err != nil {
		return User{}, err
	}
	return doc.user(), nil
}

var phonePattern = regexp.MustCompile(`^\+?[0-9 ()\-]{7,20}$`)

func (s *service) UpdateMe(ctx context.Context, userID string, p PersonalInfo) (User, error) {
	fields := map[string]string{}
	checkName(fields, "fullName", p.FullName)
	phone := strings.TrimSpace(p.Phone)
	if phone != "" && !phonePattern.MatchString(phone) {
		fields["phone"] = "phone"
	}
	checkMax(fields, "companyName", p.CompanyName, 120)
	checkMax(fields, "address", p.Address, 500)
	if len(fields) > 0 {
		return User{}, &ValidationError{Fields: fields}
	}
	doc, err := s.Users.Update(ctx, userID, func(u *userDoc) (*userDoc, error) {
		u.FullName = strings.TrimSpace(p.FullName)
		u.Phone = phone
		u.CompanyName = strings.TrimSpace(p.CompanyName)
		u.Address = strings.TrimSpace(p.Address)
		u.UpdatedAt = s.Now().UTC()
		return u, nil
	})
	if err != nil {
		return User{}, err
	}
	return doc.user(), nil
}

func (s *service) ChangePassword(ctx context.Context, claims authn.Claims, p PasswordChange) error {
	fields := map[string]string{}
	if p.CurrentPassword == "" {
		fields["currentPassword"] = "required"
	}
	checkNewPassword(fields, "newPassword", p.NewPassword, p.ConfirmPassword)
	if len(fields) > 0 {
		return &ValidationError{Fields: fields}
	}
	doc, err := s.Users.ByID(ctx, claims.Subject)
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
	if err := s.setPassword(ctx, doc.ID, p.NewPassword); err != nil {
		return err
	}
	// Whoever else holds a session (a stolen cookie, say) is signed out; this one goes on.
	return s.Sessions.RevokeAllExcept(ctx, doc.ID, claims.Session)
}

func (s *service) ForgotPassword(ctx context.Context, email, lang string, c Client) error {
	email = normalizeEmail(email)
	fields := map[string]string{}
	checkEmail(fields, email)
	if len(fields) > 0 {
		return &ValidationError{Fields: fields}
	}
	if err := s.limit(ctx, s.ForgotLimit, c.IP+"|"+email); err != nil {
		return err
	}
	doc, err := s.Users.ByEmail(ctx, email)
	if errors.Is(err, ErrNotFound) {
		return nil // the answer is the same whether or not the account exists
	}
	if err != nil {
		return err
	}
	token, err := s.Sessions.NewResetToken(ctx, doc.ID, ResetTokenTTL)
	if err != nil {
		return err
	}
	subject, body := resetMail(langOrTR(lang), doc.FullName, s.resetLink(langOrTR(lang), token))
	if err := s.Mailer.Send(ctx, doc.Email, subject, body); err != nil {
		return fmt.Errorf("mailing the reset link: %w", err)
	}
	return nil
}

func (s *service) ResetPassword(ctx context.Context, p PasswordReset) error {
	fields := map[string]string{}
	if strings.TrimSpace(p.Token) == "" {
		fields["token"] = "required"
	}
	checkNewPassword(fields, "newPassword", p.NewPassword, p.ConfirmPassword)
	if len(fields) > 0 {
		return &ValidationError{Fields: fields}
	}
	userID, err := s.Sessions.UseResetToken(ctx, p.Token)
	if err != nil {
		return err
	}
	if err := s.setPassword(ctx, userID, p.NewPassword); err != nil {
		if errors.Is(err, ErrNotFound) {
			return ErrInvalidResetToken
		}
		return err
	}
	return s.Sessions.RevokeAllExcept(ctx, userID, "")
}

func (s *service) Messages(ctx context.Context, userID, lang string) ([]Message, error) {
	return s.Inbox.List(ctx, userID, langOrTR(lang))
}

func (s *service) MarkRead(ctx context.Context, userID, messageID string) error {
	return s.Inbox.MarkRead(ctx, userID, messageID, s.Now().UTC())
}

func (s *service) CreateUser(ctx context.Context, fullName, email, password string, role authn.Role) (User, error) {
	email = normalizeEmail(email)
	fields := map[string]string{}
	checkName(fields, "fullName", fullName)
	checkEmail(fields, email)
	checkNewPassword(fields, "password", password, password)
	if !role.Valid() {
		fields["type"] = "role"
	}
	if len(fields) > 0 {
		return User{}, &ValidationError{Fields: fields}
	}
	hash, err := HashPassword(password)
	if err != nil {
		return User{}, err
	}
	now := s.Now().UTC()
	doc := &userDoc{ID: s.NewID(), Email: email, FullName: strings.TrimSpace(fullName), Role: role, PasswordHash: hash, Lang: "tr", CreatedAt: now, UpdatedAt: now}
	if err := s.Users.Insert(ctx, doc); err != nil {
		return User{}, err
	}
	return doc.user(), nil
}

func (s *service) setPassword(ctx context.Context, userID, password string) error {
	hash, err := HashPassword(password)
	if err != nil {
		return err
	}
	_, err = s.Users.Update(ctx, userID, func(u *userDoc) (*userDoc, error) {
		u.PasswordHash = hash
		u.UpdatedAt = s.Now().UTC()
		return u, nil
	})
	return err
}

func (s *service) startSession(ctx context.Context, doc *userDoc, remember bool) (Session, error) {
	ttl := SessionTTL
	if remember {
		ttl = RememberedTTL
	}
	sid, refresh, err := s.Sessions.Create(ctx, doc.ID, ttl)
	if err != nil {
		return Session{}, err
	}
	access, err := s.accessToken(doc, sid, s.Now().Add(ttl))
	if err != nil {
		return Session{}, err
	}
	return Session{User: doc.user(), AccessToken: access, RefreshToken: refresh, MaxAge: ttl}, nil
}

func (s *service) accessToken(doc *userDoc, sid string, sessionEnds time.Time) (string, error) {
	now := s.Now()
	return s.Signer.Sign(authn.Claims{
		Issuer: authn.Issuer, Subject: doc.ID, Session: sid, Role: doc.Role, Name: doc.FullName,
		ID: s.NewID(), IssuedAt: now.Unix(), ExpiresAt: now.Add(AccessTokenTTL).Unix(), SessionExpiresAt: sessionEnds.Unix(),
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
		return &RateLimitedError{RetryAfter: wait}
	}
	return nil
}

func (s *service) resetLink(lang, token string) string {
	path := "/tr/parola-sifirla"
	if lang == "en" {
		path = "/en/reset-password"
	}
	return strings.TrimRight(s.SiteURL, "/") + path + "?token=" + token
}

func normalizeEmail(e string) string { return strings.ToLower(strings.TrimSpace(e)) }

func langOrTR(l string) string {
	if l == "en" {
		return "en"
	}
	return "tr"
}

func orDummy(hash string) string {
	if hash == "" {
		return dummyHash
	}
	return hash
}

func checkName(fields map[string]string, field, v string) {
	n := utf8.RuneCountInString(strings.TrimSpace(v))
	switch {
	case n == 0:
		fields[field] = "required"
	case n < 2:
		fields[field] = "too_short"
	case n > 100:
		fields[field] = "too_long"
	}
}

func checkEmail(fields map[string]string, email string) {
	if email == "" {
		fields["email"] = "required"
		return
	}
	addr, err := mail.ParseAddress(email)
	if err != nil || addr.Address != email || len(email) > 254 || !strings.Contains(email[strings.LastIndexByte(email, '@'):], ".") {
		fields["email"] = "email"
	}
}

func checkMax(fields map[string]string, field, v string, max int) {
	if utf8.RuneCountInString(strings.TrimSpace(v)) > max {
		fields[field] = "too_long"
	}
}

// checkNewPassword applies the password rules to a new password and its confirmation; the
// mismatch is reported on the confirmation, as the form shows it there (spec §5).
func checkNewPassword(fields map[string]string, field, password, confirm string) {
	n := utf8.RuneCountInString(password)
	switch {
	case n == 0:
		fields[field] = "required"
	case n < minPasswordRunes:
		fields[field] = "password_short"
	case n > maxPasswordRunes:
		fields[field] = "too_long"
	case IsCommonPassword(password):
		fields[field] = "password_common"
	}
	if password != confirm {
		fields["confirmPassword"] = "password_mismatch"
	}
}
