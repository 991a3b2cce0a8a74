package auth

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"linguaport/internal/authn"
	"linguaport/internal/errs"
	"linguaport/internal/logging"
)

// Middleware decorates a Service.
type Middleware func(Service) Service

// InstrumentingMiddleware counts sign-ups and sign-ins by outcome: what the agency watches for
// growth, and for password guessing (failed and limited logins).
func InstrumentingMiddleware(reg prometheus.Registerer) Middleware {
	attempts := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "auth_attempts_total", Help: "Registrations and logins by outcome.",
	}, []string{"action", "outcome"})
	reg.MustRegister(attempts)
	return func(next Service) Service { return instrumenting{Service: next, attempts: attempts} }
}

type instrumenting struct {
	Service
	attempts *prometheus.CounterVec
}

func outcome(err error) string {
	var fields errs.Fields
	switch {
	case err == nil:
		return "ok"
	case errors.As(err, &fields):
		return "invalid"
	case errors.Is(err, ErrTooManyRequests):
		return "limited"
	case errors.Is(err, ErrInvalidCredentials), errors.Is(err, ErrEmailTaken):
		return "refused"
	default:
		return "failed"
	}
}

func (m instrumenting) Register(ctx context.Context, r Registration, c Client) (Session, error) {
	s, err := m.Service.Register(ctx, r, c)
	m.attempts.WithLabelValues("register", outcome(err)).Inc()
	return s, err
}

func (m instrumenting) Login(ctx context.Context, cr Credentials, c Client) (Session, error) {
	s, err := m.Service.Login(ctx, cr, c)
	m.attempts.WithLabelValues("login", outcome(err)).Inc()
	return s, err
}

// LoggingMiddleware logs every call with its duration and error; see logging.Call for levels.
// Refusals (Refused) explained to the caller (a wrong password, a taken email, a lockout) are
// the callers' doing, not an operator's alarm. Nothing a caller sent is logged: passwords,
// tokens and reset links stay out of the logs.
func LoggingMiddleware(log *slog.Logger) Middleware {
	return func(next Service) Service { return loggingMiddleware{next: next, log: log} }
}

type loggingMiddleware struct {
	next Service
	log  *slog.Logger
}

// done is deferred with a pointer to the method's named error, so it sees what was returned.
func (m loggingMiddleware) done(ctx context.Context, method string, begin time.Time, err *error) {
	logging.Call(ctx, m.log, method, begin, *err, Refused)
}

// Refused reports what the caller is told and has to fix (a refused field, a wrong password, a
// taken email, a lockout, a bad link: each answered in api/errors.go), and a provider that
// vouched for no email, which the sign-in page explains.
func Refused(err error) bool {
	if errors.As(err, new(errs.Fields)) {
		return true
	}
	for _, refusal := range []error{ErrTooManyRequests, ErrEmailTaken, ErrInvalidCredentials, ErrWrongPassword,
		ErrInvalidResetToken, ErrSessionExpired, ErrProviderNotConfigured, ErrVerifyInvalid, ErrVerifyUsed,
		ErrVerifyExpired, ErrAlreadyVerified, ErrUnsubscribeInvalid, ErrNotFound, ErrProviderEmail} {
		if errors.Is(err, refusal) {
			return true
		}
	}
	return false
}

func (m loggingMiddleware) Register(ctx context.Context, r Registration, c Client) (_ Session, err error) {
	defer m.done(ctx, "Register", time.Now(), &err)
	return m.next.Register(ctx, r, c)
}

func (m loggingMiddleware) Login(ctx context.Context, cr Credentials, c Client) (_ Session, err error) {
	defer m.done(ctx, "Login", time.Now(), &err)
	return m.next.Login(ctx, cr, c)
}

func (m loggingMiddleware) Logout(ctx context.Context, refreshToken string, claims *authn.Claims) (err error) {
	defer m.done(ctx, "Logout", time.Now(), &err)
	return m.next.Logout(ctx, refreshToken, claims)
}

func (m loggingMiddleware) Refresh(ctx context.Context, refreshToken string) (_ Session, err error) {
	defer m.done(ctx, "Refresh", time.Now(), &err)
	return m.next.Refresh(ctx, refreshToken)
}

func (m loggingMiddleware) Me(ctx context.Context, userID string) (_ User, err error) {
	defer m.done(ctx, "Me", time.Now(), &err)
	return m.next.Me(ctx, userID)
}

func (m loggingMiddleware) UpdateMe(ctx context.Context, userID string, p PersonalInfo) (_ User, err error) {
	defer m.done(ctx, "UpdateMe", time.Now(), &err)
	return m.next.UpdateMe(ctx, userID, p)
}

func (m loggingMiddleware) ChangePassword(ctx context.Context, claims authn.Claims, p PasswordChange) (err error) {
	defer m.done(ctx, "ChangePassword", time.Now(), &err)
	return m.next.ChangePassword(ctx, claims, p)
}

func (m loggingMiddleware) ForgotPassword(ctx context.Context, email, lang string, c Client) (err error) {
	defer m.done(ctx, "ForgotPassword", time.Now(), &err)
	return m.next.ForgotPassword(ctx, email, lang, c)
}

func (m loggingMiddleware) ResetPassword(ctx context.Context, p PasswordReset) (err error) {
	defer m.done(ctx, "ResetPassword", time.Now(), &err)
	return m.next.ResetPassword(ctx, p)
}

func (m loggingMiddleware) Messages(ctx context.Context, userID, lang string) (_ []Message, err error) {
	defer m.done(ctx, "Messages", time.Now(), &err)
	return m.next.Messages(ctx, userID, lang)
}

func (m loggingMiddleware) MarkRead(ctx context.Context, userID, messageID string) (err error) {
	defer m.done(ctx, "MarkRead", time.Now(), &err)
	return m.next.MarkRead(ctx, userID, messageID)
}

func (m loggingMiddleware) SignInWithProvider(ctx context.Context, id ExternalIdentity) (_ Session, err error) {
	defer m.done(ctx, "SignInWithProvider", time.Now(), &err)
	return m.next.SignInWithProvider(ctx, id)
}

func (m loggingMiddleware) CreateUser(ctx context.Context, fullName, email, password string, role authn.Role) (_ User, err error) {
	defer m.done(ctx, "CreateUser", time.Now(), &err)
	return m.next.CreateUser(ctx, fullName, email, password, role)
}

func (m loggingMiddleware) VerifyEmail(ctx context.Context, token string) (err error) {
	defer m.done(ctx, "VerifyEmail", time.Now(), &err)
	return m.next.VerifyEmail(ctx, token)
}

func (m loggingMiddleware) ResendVerification(ctx context.Context, userID, lang string) (err error) {
	defer m.done(ctx, "ResendVerification", time.Now(), &err)
	return m.next.ResendVerification(ctx, userID, lang)
}

func (m loggingMiddleware) MailPreferences(ctx context.Context, userID string) (_ MailPreferences, err error) {
	defer m.done(ctx, "MailPreferences", time.Now(), &err)
	return m.next.MailPreferences(ctx, userID)
}

func (m loggingMiddleware) SetMailPreferences(ctx context.Context, userID string, p MailPreferences) (_ MailPreferences, err error) {
	defer m.done(ctx, "SetMailPreferences", time.Now(), &err)
	return m.next.SetMailPreferences(ctx, userID, p)
}

func (m loggingMiddleware) Consents(ctx context.Context, c authn.Caller) (_ Consents, err error) {
	defer m.done(ctx, "Consents", time.Now(), &err)
	return m.next.Consents(ctx, c)
}

func (m loggingMiddleware) SetMarketing(ctx context.Context, c authn.Caller, on bool) (_ Consents, err error) {
	defer m.done(ctx, "SetMarketing", time.Now(), &err)
	return m.next.SetMarketing(ctx, c, on)
}

func (m loggingMiddleware) Unsubscribe(ctx context.Context, token string) (_ string, err error) {
	defer m.done(ctx, "Unsubscribe", time.Now(), &err)
	return m.next.Unsubscribe(ctx, token)
}
