package profile

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"linguaport/internal/errs"
	"linguaport/internal/logging"
)

// Middleware decorates a Service.
type Middleware func(Service) Service

// InstrumentingMiddleware counts saves by billing type and outcome (saved, invalid, failed): how
// many customers get ready to be invoiced, and how often the form's rules stop them.
func InstrumentingMiddleware(reg prometheus.Registerer) Middleware {
	saves := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "billing_profile_saves_total", Help: "Billing details saved, by type and outcome.",
	}, []string{"type", "outcome"})
	reg.MustRegister(saves)
	return func(next Service) Service { return instrumenting{Service: next, saves: saves} }
}

type instrumenting struct {
	Service
	saves *prometheus.CounterVec
}

func (m instrumenting) SaveProfile(ctx context.Context, customerID string, d Details) (Profile, error) {
	p, err := m.Service.SaveProfile(ctx, customerID, d)
	kind := Normalize(d).Type
	if kind != Individual && kind != Company {
		kind = "other"
	}
	var fields errs.Fields
	outcome := "saved"
	switch {
	case errors.As(err, &fields):
		outcome = "invalid"
	case err != nil:
		outcome = "failed"
	}
	m.saves.WithLabelValues(kind, outcome).Inc()
	return p, err
}

// LoggingMiddleware logs every call with its duration and error (logging.Call), never the
// details themselves: they are personal data.
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

// Refused reports whether err is the service refusing a request rather than failing. The
// service refuses nothing but field errors, which logging.Call knows already.
func Refused(error) bool { return false }

func (m loggingMiddleware) Profile(ctx context.Context, customerID string) (_ Profile, err error) {
	defer m.done(ctx, "Profile", time.Now(), &err)
	return m.next.Profile(ctx, customerID)
}

func (m loggingMiddleware) SaveProfile(ctx context.Context, customerID string, d Details) (_ Profile, err error) {
	defer m.done(ctx, "SaveProfile", time.Now(), &err)
	return m.next.SaveProfile(ctx, customerID, d)
}
