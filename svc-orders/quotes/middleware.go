package quotes

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"linguaport/internal/authn"
	"linguaport/internal/errs"
	"linguaport/internal/logging"
	"linguaport/svc-orders/contracts"
	"linguaport/svc-orders/internal/newest"
	"linguaport/svc-orders/pricing"
)

// Middleware decorates a Service.
type Middleware func(Service) Service

// InstrumentingMiddleware counts the quote funnel: quotes created, approved and rejected.
func InstrumentingMiddleware(reg prometheus.Registerer) Middleware {
	quotes := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "orders_quotes_total", Help: "Quotes created, approved and rejected.",
	}, []string{"event"})
	reg.MustRegister(quotes)
	return func(next Service) Service { return instrumenting{Service: next, quotes: quotes} }
}

type instrumenting struct {
	Service
	quotes *prometheus.CounterVec
}

func (m instrumenting) CreateQuote(ctx context.Context, c authn.Caller, in QuoteInput) (*Quote, error) {
	q, err := m.Service.CreateQuote(ctx, c, in)
	if err == nil {
		m.quotes.WithLabelValues("created").Inc()
	}
	return q, err
}

func (m instrumenting) Approve(ctx context.Context, c authn.Caller, id string, version int, contract *contracts.Accepted) (*Quote, bool, error) {
	q, decided, err := m.Service.Approve(ctx, c, id, version, contract)
	if err == nil && decided {
		m.quotes.WithLabelValues("approved").Inc()
	}
	return q, decided, err
}

func (m instrumenting) RejectQuote(ctx context.Context, c authn.Caller, id, reason string) (*Quote, error) {
	q, err := m.Service.RejectQuote(ctx, c, id, reason)
	if err == nil {
		m.quotes.WithLabelValues("rejected").Inc()
	}
	return q, err
}

// Refused reports whether err is the service refusing a request (a quote that is not the
// caller's or no longer open, an estimate it will not make) rather than failing.
func Refused(err error) bool {
	return errors.Is(err, ErrNotFound) || errors.Is(err, ErrQuoteExpired) || errors.Is(err, ErrQuoteNotPending) ||
		errors.Is(err, ErrPriceChanged) || errors.Is(err, ErrBeingApproved) || errors.Is(err, ErrUnknownCursor) ||
		errors.Is(err, ErrForbidden) || errors.As(err, new(errs.Fields)) ||
		pricing.Refused(err)
}

// LoggingMiddleware logs every call with its duration and error; see logging.Call for levels.
// What Refused names is the caller's to fix, not an operator's alarm.
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

func (m loggingMiddleware) CreateQuote(ctx context.Context, c authn.Caller, in QuoteInput) (_ *Quote, err error) {
	defer m.done(ctx, "CreateQuote", time.Now(), &err)
	return m.next.CreateQuote(ctx, c, in)
}

func (m loggingMiddleware) Quotes(ctx context.Context, c authn.Caller, p newest.Page) (_ []*Quote, _ string, err error) {
	defer m.done(ctx, "Quotes", time.Now(), &err)
	return m.next.Quotes(ctx, c, p)
}

func (m loggingMiddleware) Quote(ctx context.Context, c authn.Caller, id string) (_ *Quote, err error) {
	defer m.done(ctx, "Quote", time.Now(), &err)
	return m.next.Quote(ctx, c, id)
}

func (m loggingMiddleware) Approve(ctx context.Context, c authn.Caller, id string, version int, contract *contracts.Accepted) (_ *Quote, _ bool, err error) {
	defer m.done(ctx, "Approve", time.Now(), &err)
	return m.next.Approve(ctx, c, id, version, contract)
}

func (m loggingMiddleware) StaffQuotes(ctx context.Context, c authn.Caller, q StaffQuery) (_ QuotePage, err error) {
	defer m.done(ctx, "StaffQuotes", time.Now(), &err)
	return m.next.StaffQuotes(ctx, c, q)
}

func (m loggingMiddleware) StaffQuote(ctx context.Context, c authn.Caller, id string) (_ StaffQuote, err error) {
	defer m.done(ctx, "StaffQuote", time.Now(), &err)
	return m.next.StaffQuote(ctx, c, id)
}

func (m loggingMiddleware) Revise(ctx context.Context, c authn.Caller, id string, in RevisionInput) (_ *Quote, err error) {
	defer m.done(ctx, "Revise", time.Now(), &err)
	return m.next.Revise(ctx, c, id, in)
}

func (m loggingMiddleware) Cancel(ctx context.Context, c authn.Caller, id, reason string) (_ *Quote, err error) {
	defer m.done(ctx, "Cancel", time.Now(), &err)
	return m.next.Cancel(ctx, c, id, reason)
}

func (m loggingMiddleware) PendingCount(ctx context.Context, c authn.Caller) (_ int64, err error) {
	defer m.done(ctx, "PendingCount", time.Now(), &err)
	return m.next.PendingCount(ctx, c)
}

func (m loggingMiddleware) RejectQuote(ctx context.Context, c authn.Caller, id, reason string) (_ *Quote, err error) {
	defer m.done(ctx, "RejectQuote", time.Now(), &err)
	return m.next.RejectQuote(ctx, c, id, reason)
}

func (m loggingMiddleware) Lookup(ctx context.Context, id string) (_ *Quote, err error) {
	defer m.done(ctx, "Lookup", time.Now(), &err)
	return m.next.Lookup(ctx, id)
}

func (m loggingMiddleware) ExpireOverdue(ctx context.Context) (err error) {
	defer m.done(ctx, "ExpireOverdue", time.Now(), &err)
	return m.next.ExpireOverdue(ctx)
}
