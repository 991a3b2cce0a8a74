package paying

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"linguaport/internal/authn"
	"linguaport/internal/errs"
	"linguaport/internal/logging"
	"linguaport/svc-billing/balance"
	"linguaport/svc-billing/invoices"
	"linguaport/svc-billing/payments"
)

// Middleware decorates a Service.
type Middleware func(Service) Service

// InstrumentingMiddleware counts pay requests by method and outcome and webhooks by outcome: a
// growing "refused" among webhooks means someone is sending unsigned ones, or the secret is wrong.
func InstrumentingMiddleware(reg prometheus.Registerer) Middleware {
	pays := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "billing_pay_requests_total", Help: "Pay requests by method and outcome.",
	}, []string{"method", "outcome"})
	hooks := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "billing_webhooks_total", Help: "Provider webhooks by outcome.",
	}, []string{"outcome"})
	reg.MustRegister(pays, hooks)
	return func(next Service) Service { return instrumenting{Service: next, pays: pays, hooks: hooks} }
}

type instrumenting struct {
	Service
	pays, hooks *prometheus.CounterVec
}

func (m instrumenting) Pay(ctx context.Context, c authn.Caller, invoiceID string, r PayRequest) (PayResult, error) {
	res, err := m.Service.Pay(ctx, c, invoiceID, r)
	outcome := "ok"
	var short *balance.InsufficientBalance
	switch {
	case errors.As(err, &short):
		outcome = "insufficient_balance"
	case err != nil:
		outcome = "failed"
	case res.CheckoutURL != "":
		outcome = "checkout"
	}
	m.pays.WithLabelValues(r.Method, outcome).Inc()
	return res, err
}

func (m instrumenting) Webhook(ctx context.Context, payload []byte, signature string) error {
	err := m.Service.Webhook(ctx, payload, signature)
	outcome := "processed"
	switch {
	case errors.Is(err, payments.ErrSignature):
		outcome = "refused"
	case err != nil:
		outcome = "failed"
	}
	m.hooks.WithLabelValues(outcome).Inc()
	return err
}

// LoggingMiddleware logs every call with its duration and error (logging.Call).
func LoggingMiddleware(log *slog.Logger) Middleware {
	return func(next Service) Service { return loggingMiddleware{next: next, log: log} }
}

type loggingMiddleware struct {
	next Service
	log  *slog.Logger
}

// Refused reports whether err is the service refusing a request (an invoice that is not the
// caller's, a balance that does not cover it, a reused key, an unsigned webhook) rather than
// failing: the caller's doing, not the service's.
func Refused(err error) bool {
	var (
		short   *balance.InsufficientBalance
		fields  errs.Fields
		illegal *invoices.IllegalTransition
	)
	return errors.As(err, &short) || errors.As(err, &fields) || errors.As(err, &illegal) ||
		errors.Is(err, invoices.ErrNotFound) || errors.Is(err, invoices.ErrAlreadyRefunded) ||
		errors.Is(err, ErrKeyReused) || errors.Is(err, payments.ErrSignature) || errors.Is(err, balance.ErrSandbox)
}

func (m loggingMiddleware) done(ctx context.Context, method string, begin time.Time, err *error) {
	logging.Call(ctx, m.log, method, begin, *err, Refused)
}

func (m loggingMiddleware) Pay(ctx context.Context, c authn.Caller, invoiceID string, r PayRequest) (_ PayResult, err error) {
	defer m.done(ctx, "Pay", time.Now(), &err)
	return m.next.Pay(ctx, c, invoiceID, r)
}

func (m loggingMiddleware) Reconcile(ctx context.Context, c authn.Caller, invoiceID, sessionID string) (_ invoices.Invoice, err error) {
	defer m.done(ctx, "Reconcile", time.Now(), &err)
	return m.next.Reconcile(ctx, c, invoiceID, sessionID)
}

func (m loggingMiddleware) TopUp(ctx context.Context, customerID string, r TopUpRequest) (_ TopUpResult, err error) {
	defer m.done(ctx, "TopUp", time.Now(), &err)
	return m.next.TopUp(ctx, customerID, r)
}

func (m loggingMiddleware) ReconcileTopUp(ctx context.Context, customerID, sessionID string) (err error) {
	defer m.done(ctx, "ReconcileTopUp", time.Now(), &err)
	return m.next.ReconcileTopUp(ctx, customerID, sessionID)
}

func (m loggingMiddleware) Webhook(ctx context.Context, payload []byte, signature string) (err error) {
	defer m.done(ctx, "Webhook", time.Now(), &err)
	return m.next.Webhook(ctx, payload, signature)
}

func (m loggingMiddleware) Refund(ctx context.Context, invoiceID string) (_ invoices.Invoice, err error) {
	defer m.done(ctx, "Refund", time.Now(), &err)
	return m.next.Refund(ctx, invoiceID)
}

func (m loggingMiddleware) SettleDebit(ctx context.Context, invoiceID string, entry balance.Entry) (_ invoices.Invoice, err error) {
	defer m.done(ctx, "SettleDebit", time.Now(), &err)
	return m.next.SettleDebit(ctx, invoiceID, entry)
}

func (m loggingMiddleware) CreditRefund(ctx context.Context, invoiceID, customerID string, amount invoices.Money) (err error) {
	defer m.done(ctx, "CreditRefund", time.Now(), &err)
	return m.next.CreditRefund(ctx, invoiceID, customerID, amount)
}
