package auth

import (
	"context"
	"errors"

	"github.com/prometheus/client_golang/prometheus"
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
	var verr *ValidationError
	switch {
	case err == nil:
		return "ok"
	case errors.As(err, &verr):
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
