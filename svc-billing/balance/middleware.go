package balance

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"linguaport/internal/logging"
)

// Middleware decorates a Service.
type Middleware func(Service) Service

// InstrumentingMiddleware counts movements by kind, reason and outcome (ok, insufficient,
// failed) and transfer decisions: a growing "failed" means payments or credits are waiting, a
// growing "insufficient" of invoice debits customers trying to pay with too little.
func InstrumentingMiddleware(reg prometheus.Registerer) Middleware {
	moves := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "billing_balance_movements_total", Help: "Balance movements asked for, by kind, reason and outcome.",
	}, []string{"kind", "reason", "outcome"})
	transfers := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "billing_balance_transfers_total", Help: "Bank transfers declared, confirmed and rejected.",
	}, []string{"event"})
	reg.MustRegister(moves, transfers)
	return func(next Service) Service { return instrumenting{Service: next, moves: moves, transfers: transfers} }
}

type instrumenting struct {
	Service
	moves, transfers *prometheus.CounterVec
}

func (m instrumenting) Move(ctx context.Context, mv Movement) (Entry, error) {
	e, err := m.Service.Move(ctx, mv)
	outcome := "ok"
	var low *InsufficientBalance
	switch {
	case errors.As(err, &low):
		outcome = "insufficient"
	case err != nil:
		outcome = "failed"
	}
	// Kind and reason are checked by Move; unknown ones are counted under one label.
	kind, reason := string(mv.Kind), mv.Reason
	if mv.check() != nil {
		kind, reason = "invalid", "invalid"
	}
	m.moves.WithLabelValues(kind, reason, outcome).Inc()
	return e, err
}

func (m instrumenting) DeclareTransfer(ctx context.Context, customerID string, in TransferInput) (Transfer, error) {
	t, err := m.Service.DeclareTransfer(ctx, customerID, in)
	if err == nil {
		m.transfers.WithLabelValues("declared").Inc()
	}
	return t, err
}

func (m instrumenting) ConfirmTransfer(ctx context.Context, id string) (Transfer, error) {
	t, err := m.Service.ConfirmTransfer(ctx, id)
	if err == nil {
		m.transfers.WithLabelValues("confirmed").Inc()
	}
	return t, err
}

func (m instrumenting) RejectTransfer(ctx context.Context, id, reason string) (Transfer, error) {
	t, err := m.Service.RejectTransfer(ctx, id, reason)
	if err == nil {
		m.transfers.WithLabelValues("rejected").Inc()
	}
	return t, err
}

// LoggingMiddleware logs every call with its duration and error (logging.Call); refusals
// (Refused) are the caller's business, a reused key or an invalid movement a bug worth an error.
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

func (m loggingMiddleware) Move(ctx context.Context, mv Movement) (_ Entry, err error) {
	defer m.done(ctx, "Move", time.Now(), &err)
	return m.next.Move(ctx, mv)
}

func (m loggingMiddleware) Balance(ctx context.Context, customerID, currency, before string) (_ View, err error) {
	defer m.done(ctx, "Balance", time.Now(), &err)
	return m.next.Balance(ctx, customerID, currency, before)
}

func (m loggingMiddleware) DeclareTransfer(ctx context.Context, customerID string, in TransferInput) (_ Transfer, err error) {
	defer m.done(ctx, "DeclareTransfer", time.Now(), &err)
	return m.next.DeclareTransfer(ctx, customerID, in)
}

func (m loggingMiddleware) Transfers(ctx context.Context, q TransferQuery) (_ TransferPage, err error) {
	defer m.done(ctx, "Transfers", time.Now(), &err)
	return m.next.Transfers(ctx, q)
}

func (m loggingMiddleware) Transfer(ctx context.Context, id string) (_ Transfer, err error) {
	defer m.done(ctx, "Transfer", time.Now(), &err)
	return m.next.Transfer(ctx, id)
}

func (m loggingMiddleware) ConfirmTransfer(ctx context.Context, id string) (_ Transfer, err error) {
	defer m.done(ctx, "ConfirmTransfer", time.Now(), &err)
	return m.next.ConfirmTransfer(ctx, id)
}

func (m loggingMiddleware) RejectTransfer(ctx context.Context, id, reason string) (_ Transfer, err error) {
	defer m.done(ctx, "RejectTransfer", time.Now(), &err)
	return m.next.RejectTransfer(ctx, id, reason)
}

func (m loggingMiddleware) Accounts(ctx context.Context, q, before string) (_ AccountPage, err error) {
	defer m.done(ctx, "Accounts", time.Now(), &err)
	return m.next.Accounts(ctx, q, before)
}

func (m loggingMiddleware) Adjust(ctx context.Context, customerID, staffID string, in Adjustment) (_ Adjusted, err error) {
	defer m.done(ctx, "Adjust", time.Now(), &err)
	return m.next.Adjust(ctx, customerID, staffID, in)
}

func (m loggingMiddleware) CountTransfers(ctx context.Context, status string) (_ int64, err error) {
	defer m.done(ctx, "CountTransfers", time.Now(), &err)
	return m.next.CountTransfers(ctx, status)
}
