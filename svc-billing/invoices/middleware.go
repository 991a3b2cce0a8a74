package invoices

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

// InstrumentingMiddleware counts issued invoices by market (turkey, abroad) and failures to
// issue: a growing "failed" means approved quotes are waiting for their invoice.
func InstrumentingMiddleware(reg prometheus.Registerer) Middleware {
	issued := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "billing_invoices_issued_total", Help: "quote.approved events handled, by market and outcome.",
	}, []string{"market", "outcome"})
	reg.MustRegister(issued)
	return func(next Service) Service { return instrumenting{Service: next, issued: issued} }
}

type instrumenting struct {
	Service
	issued *prometheus.CounterVec
}

func (m instrumenting) Issue(ctx context.Context, q QuoteApproved) (Invoice, error) {
	inv, err := m.Service.Issue(ctx, q)
	market, outcome := "abroad", "issued"
	if inv.InTurkey {
		market = "turkey"
	}
	if err != nil {
		market, outcome = "unknown", "failed"
	}
	m.issued.WithLabelValues(market, outcome).Inc()
	return inv, err
}

// LoggingMiddleware logs every call with its duration and error (logging.Call); not-found
// answers are the caller's mistake, not the service's.
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

// Refused reports whether err is the service refusing a request (an invoice the caller may not
// see, a transition its state does not allow, a field it will not take) rather than failing:
// the caller's to fix, not an operator's alarm.
func Refused(err error) bool {
	var (
		illegal *IllegalTransition
		fields  errs.Fields
	)
	return errors.Is(err, ErrNotFound) || errors.Is(err, ErrAlreadyRefunded) || errors.Is(err, ErrNotPending) ||
		errors.As(err, &illegal) || errors.As(err, &fields)
}

func (m loggingMiddleware) Issue(ctx context.Context, q QuoteApproved) (_ Invoice, err error) {
	defer m.done(ctx, "Issue", time.Now(), &err)
	return m.next.Issue(ctx, q)
}

func (m loggingMiddleware) Invoices(ctx context.Context, customerID string, q OwnQuery) (_ []Invoice, _ string, err error) {
	defer m.done(ctx, "Invoices", time.Now(), &err)
	return m.next.Invoices(ctx, customerID, q)
}

func (m loggingMiddleware) Invoice(ctx context.Context, c authn.Caller, id string) (_ Invoice, err error) {
	defer m.done(ctx, "Invoice", time.Now(), &err)
	return m.next.Invoice(ctx, c, id)
}

func (m loggingMiddleware) MarkPaid(ctx context.Context, id string, p Payment) (_ Invoice, err error) {
	defer m.done(ctx, "MarkPaid", time.Now(), &err)
	return m.next.MarkPaid(ctx, id, p)
}

func (m loggingMiddleware) OpenCheckout(ctx context.Context, id string, c Checkout) (_ Invoice, err error) {
	defer m.done(ctx, "OpenCheckout", time.Now(), &err)
	return m.next.OpenCheckout(ctx, id, c)
}

func (m loggingMiddleware) ForgetCheckout(ctx context.Context, id, sessionID string) (err error) {
	defer m.done(ctx, "ForgetCheckout", time.Now(), &err)
	return m.next.ForgetCheckout(ctx, id, sessionID)
}

func (m loggingMiddleware) Refund(ctx context.Context, id string) (_ Invoice, err error) {
	defer m.done(ctx, "Refund", time.Now(), &err)
	return m.next.Refund(ctx, id)
}

func (m loggingMiddleware) List(ctx context.Context, q StaffQuery) (_ Page, err error) {
	defer m.done(ctx, "List", time.Now(), &err)
	return m.next.List(ctx, q)
}

func (m loggingMiddleware) Revenue(ctx context.Context) (_ Revenue, err error) {
	defer m.done(ctx, "Revenue", time.Now(), &err)
	return m.next.Revenue(ctx)
}

func (m loggingMiddleware) Documents(ctx context.Context, from, to time.Time, fn func(Invoice, bool) error) (err error) {
	defer m.done(ctx, "Documents", time.Now(), &err)
	return m.next.Documents(ctx, from, to, fn)
}

func (m loggingMiddleware) RecordSent(ctx context.Context, id string, ofReturn bool, t Transmission) (_ Invoice, err error) {
	defer m.done(ctx, "RecordSent", time.Now(), &err)
	return m.next.RecordSent(ctx, id, ofReturn, t)
}

func (m loggingMiddleware) CountPastDue(ctx context.Context) (_ int64, err error) {
	defer m.done(ctx, "CountPastDue", time.Now(), &err)
	return m.next.CountPastDue(ctx)
}

func (m loggingMiddleware) PayByTransfer(ctx context.Context, id string, p TransferPayment) (_ Invoice, _ bool, err error) {
	defer m.done(ctx, "PayByTransfer", time.Now(), &err)
	return m.next.PayByTransfer(ctx, id, p)
}

func (m loggingMiddleware) Tax(ctx context.Context, q TaxQuery) (_ Tax, err error) {
	defer m.done(ctx, "Tax", time.Now(), &err)
	return m.next.Tax(ctx, q)
}
