package support

import (
	"context"
	"log/slog"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"linguaport/internal/authn"
	"linguaport/internal/logging"
)

// Middleware decorates a Service.
type Middleware func(Service) Service

// InstrumentingMiddleware counts the writes on tickets by action (open, write, reply, close)
// and outcome (ok, refused, failed): how much support work comes in and how much staff answer.
func InstrumentingMiddleware(reg prometheus.Registerer) Middleware {
	calls := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "translators_tickets_total", Help: "Support ticket writes, by action and outcome.",
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

func (m instrumenting) Open(ctx context.Context, c authn.Caller, in NewTicket) (Ticket, error) {
	t, err := m.Service.Open(ctx, c, in)
	m.count("open", err)
	return t, err
}

func (m instrumenting) Write(ctx context.Context, c authn.Caller, id, body string) (Ticket, error) {
	t, err := m.Service.Write(ctx, c, id, body)
	m.count("write", err)
	return t, err
}

func (m instrumenting) Reply(ctx context.Context, staff authn.Caller, id, body string) (Ticket, error) {
	t, err := m.Service.Reply(ctx, staff, id, body)
	m.count("reply", err)
	return t, err
}

func (m instrumenting) Close(ctx context.Context, c authn.Caller, id string) (Ticket, error) {
	t, err := m.Service.Close(ctx, c, id)
	m.count("close", err)
	return t, err
}

func (m instrumenting) CloseAsStaff(ctx context.Context, staff authn.Caller, id string) (Ticket, error) {
	t, err := m.Service.CloseAsStaff(ctx, staff, id)
	m.count("close", err)
	return t, err
}

// LoggingMiddleware logs every call with its duration and error (logging.Call), never the
// tickets' contents: what translators write to support is theirs.
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

func (m loggingMiddleware) Open(ctx context.Context, c authn.Caller, in NewTicket) (_ Ticket, err error) {
	defer m.done(ctx, "Open", time.Now(), &err)
	return m.next.Open(ctx, c, in)
}

func (m loggingMiddleware) Mine(ctx context.Context, c authn.Caller, f Filter) (_ Page, err error) {
	defer m.done(ctx, "Mine", time.Now(), &err)
	return m.next.Mine(ctx, c, f)
}

func (m loggingMiddleware) Own(ctx context.Context, c authn.Caller, id string) (_ Ticket, err error) {
	defer m.done(ctx, "Own", time.Now(), &err)
	return m.next.Own(ctx, c, id)
}

func (m loggingMiddleware) Write(ctx context.Context, c authn.Caller, id, body string) (_ Ticket, err error) {
	defer m.done(ctx, "Write", time.Now(), &err)
	return m.next.Write(ctx, c, id, body)
}

func (m loggingMiddleware) Close(ctx context.Context, c authn.Caller, id string) (_ Ticket, err error) {
	defer m.done(ctx, "Close", time.Now(), &err)
	return m.next.Close(ctx, c, id)
}

func (m loggingMiddleware) List(ctx context.Context, f Filter) (_ Page, err error) {
	defer m.done(ctx, "List", time.Now(), &err)
	return m.next.List(ctx, f)
}

func (m loggingMiddleware) Count(ctx context.Context, status Status) (_ int64, err error) {
	defer m.done(ctx, "Count", time.Now(), &err)
	return m.next.Count(ctx, status)
}

func (m loggingMiddleware) Ticket(ctx context.Context, id string) (_ Ticket, err error) {
	defer m.done(ctx, "Ticket", time.Now(), &err)
	return m.next.Ticket(ctx, id)
}

func (m loggingMiddleware) Reply(ctx context.Context, staff authn.Caller, id, body string) (_ Ticket, err error) {
	defer m.done(ctx, "Reply", time.Now(), &err)
	return m.next.Reply(ctx, staff, id, body)
}

func (m loggingMiddleware) CloseAsStaff(ctx context.Context, staff authn.Caller, id string) (_ Ticket, err error) {
	defer m.done(ctx, "CloseAsStaff", time.Now(), &err)
	return m.next.CloseAsStaff(ctx, staff, id)
}
