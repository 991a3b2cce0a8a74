package applications

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"linguaport/internal/errs"
	"linguaport/internal/logging"
)

// Middleware decorates a Service.
type Middleware func(Service) Service

// InstrumentingMiddleware counts submissions and decisions by outcome, and the mails sent or
// failed: a growing "failed" of mails means applicants are waiting for theirs (the mail server).
func InstrumentingMiddleware(reg prometheus.Registerer) Middleware {
	calls := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "translators_applications_total", Help: "Applications submitted, approved and rejected, and their mails, by outcome.",
	}, []string{"action", "outcome"})
	reg.MustRegister(calls)
	return func(next Service) Service { return instrumenting{Service: next, calls: calls} }
}

type instrumenting struct {
	Service
	calls *prometheus.CounterVec
}

func (m instrumenting) count(action string, err error) {
	outcome := "ok"
	switch {
	case err == nil:
	case Refused(err):
		outcome = "refused"
	default:
		outcome = "failed"
	}
	m.calls.WithLabelValues(action, outcome).Inc()
}

func (m instrumenting) Submit(ctx context.Context, s Submission) (Application, error) {
	a, err := m.Service.Submit(ctx, s)
	m.count("submit", err)
	return a, err
}

func (m instrumenting) Approve(ctx context.Context, id string) (Application, error) {
	a, err := m.Service.Approve(ctx, id)
	m.count("approve", err)
	return a, err
}

func (m instrumenting) Reject(ctx context.Context, id, reason string) (Application, error) {
	a, err := m.Service.Reject(ctx, id, reason)
	m.count("reject", err)
	return a, err
}

// LoggingMiddleware logs every call with its duration and error (logging.Call); the caller's
// mistakes are logged as refusals, not failures.
func LoggingMiddleware(log *slog.Logger) Middleware {
	return func(next Service) Service { return loggingMiddleware{next: next, log: log} }
}

type loggingMiddleware struct {
	next Service
	log  *slog.Logger
}

func (m loggingMiddleware) done(ctx context.Context, method string, begin time.Time, err *error) {
	logging.Call(ctx, m.log, method, begin, *err, Refused)
}

// Refused reports whether err is the service refusing a request (a form breaking its rules, an
// address over its hourly allowance, an e-mail with an application under review, an application
// decided already or unknown, a file too large or missing): the caller's to fix, counted as
// refused and logged as information, not as a failure.
func Refused(err error) bool {
	var fields errs.Fields
	return errors.As(err, &fields) || errors.Is(err, ErrOpen) || errors.Is(err, ErrTooManyRequests) ||
		errors.Is(err, ErrFileTooLarge) || errors.Is(err, ErrDecided) || errors.Is(err, ErrNotFound) ||
		errors.Is(err, ErrNoFile)
}

func (m loggingMiddleware) Submit(ctx context.Context, s Submission) (_ Application, err error) {
	defer m.done(ctx, "Submit", time.Now(), &err)
	return m.next.Submit(ctx, s)
}

func (m loggingMiddleware) List(ctx context.Context, f Filter) (_ Page, err error) {
	defer m.done(ctx, "List", time.Now(), &err)
	return m.next.List(ctx, f)
}

func (m loggingMiddleware) Count(ctx context.Context, status Status) (_ int64, err error) {
	defer m.done(ctx, "Count", time.Now(), &err)
	return m.next.Count(ctx, status)
}

func (m loggingMiddleware) Application(ctx context.Context, id string) (_ Application, err error) {
	defer m.done(ctx, "Application", time.Now(), &err)
	return m.next.Application(ctx, id)
}

func (m loggingMiddleware) File(ctx context.Context, id string, which Which) (_ FileInfo, _ io.ReadCloser, err error) {
	defer m.done(ctx, "File", time.Now(), &err)
	return m.next.File(ctx, id, which)
}

func (m loggingMiddleware) Approve(ctx context.Context, id string) (_ Application, err error) {
	defer m.done(ctx, "Approve", time.Now(), &err)
	return m.next.Approve(ctx, id)
}

func (m loggingMiddleware) Reject(ctx context.Context, id, reason string) (_ Application, err error) {
	defer m.done(ctx, "Reject", time.Now(), &err)
	return m.next.Reject(ctx, id, reason)
}
