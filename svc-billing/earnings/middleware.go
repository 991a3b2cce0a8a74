package earnings

import (
	"context"
	"log/slog"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"linguaport/internal/logging"
	"linguaport/svc-billing/balance"
)

// Middleware decorates a Service.
type Middleware func(Service) Service

// InstrumentingMiddleware counts earnings credited and payouts requested, paid and rejected: a
// growing "requested" with a flat "paid" is payouts waiting for staff.
func InstrumentingMiddleware(reg prometheus.Registerer) Middleware {
	counts := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "billing_earnings_events_total", Help: "Earnings credited and payouts requested, paid and rejected.",
	}, []string{"event"})
	reg.MustRegister(counts)
	return func(next Service) Service { return instrumenting{Service: next, counts: counts} }
}

type instrumenting struct {
	Service
	counts *prometheus.CounterVec
}

func (m instrumenting) count(event string, err error) {
	if err == nil {
		m.counts.WithLabelValues(event).Inc()
	}
}

func (m instrumenting) Earn(ctx context.Context, orderID, number, translatorID string, pay balance.Money) error {
	err := m.Service.Earn(ctx, orderID, number, translatorID, pay)
	m.count("earned", err)
	return err
}

func (m instrumenting) RequestPayout(ctx context.Context, translatorID string, r PayoutRequest) (Payout, error) {
	p, err := m.Service.RequestPayout(ctx, translatorID, r)
	m.count("requested", err)
	return p, err
}

func (m instrumenting) MarkPaid(ctx context.Context, id, by string) (Payout, error) {
	p, err := m.Service.MarkPaid(ctx, id, by)
	m.count("paid", err)
	return p, err
}

func (m instrumenting) Reject(ctx context.Context, id, by, reason string) (Payout, error) {
	p, err := m.Service.Reject(ctx, id, by, reason)
	m.count("rejected", err)
	return p, err
}

// LoggingMiddleware logs every call with its duration and error (logging.Call); refusals
// (Refused) are the caller's business.
func LoggingMiddleware(log *slog.Logger) Middleware {
	return func(next Service) Service { return logged{next: next, log: log} }
}

type logged struct {
	next Service
	log  *slog.Logger
}

func (m logged) done(ctx context.Context, method string, begin time.Time, err *error) {
	logging.Call(ctx, m.log, method, begin, *err, Refused)
}

func (m logged) Earn(ctx context.Context, orderID, number, translatorID string, pay balance.Money) (err error) {
	defer m.done(ctx, "Earn", time.Now(), &err)
	return m.next.Earn(ctx, orderID, number, translatorID, pay)
}

func (m logged) SetAccounts(ctx context.Context, a PayoutAccounts) (err error) {
	defer m.done(ctx, "SetAccounts", time.Now(), &err)
	return m.next.SetAccounts(ctx, a)
}

func (m logged) Earnings(ctx context.Context, translatorID, before string) (_ View, err error) {
	defer m.done(ctx, "Earnings", time.Now(), &err)
	return m.next.Earnings(ctx, translatorID, before)
}

func (m logged) RequestPayout(ctx context.Context, translatorID string, r PayoutRequest) (_ Payout, err error) {
	defer m.done(ctx, "RequestPayout", time.Now(), &err)
	return m.next.RequestPayout(ctx, translatorID, r)
}

func (m logged) EnsurePayout(ctx context.Context, p Payout) (err error) {
	defer m.done(ctx, "EnsurePayout", time.Now(), &err)
	return m.next.EnsurePayout(ctx, p)
}

func (m logged) Payouts(ctx context.Context, translatorID string) (_ []Payout, err error) {
	defer m.done(ctx, "Payouts", time.Now(), &err)
	return m.next.Payouts(ctx, translatorID)
}

func (m logged) CountIn(ctx context.Context, status string) (_ int64, err error) {
	defer m.done(ctx, "CountIn", time.Now(), &err)
	return m.next.CountIn(ctx, status)
}

func (m logged) PayoutsIn(ctx context.Context, q PayoutQuery) (_ PayoutPage, err error) {
	defer m.done(ctx, "PayoutsIn", time.Now(), &err)
	return m.next.PayoutsIn(ctx, q)
}

func (m logged) PayoutsExport(ctx context.Context, q PayoutQuery) (_ []Payout, err error) {
	defer m.done(ctx, "PayoutsExport", time.Now(), &err)
	return m.next.PayoutsExport(ctx, q)
}

func (m logged) Payout(ctx context.Context, id string) (_ Payout, err error) {
	defer m.done(ctx, "Payout", time.Now(), &err)
	return m.next.Payout(ctx, id)
}

func (m logged) MarkPaid(ctx context.Context, id, by string) (_ Payout, err error) {
	defer m.done(ctx, "MarkPaid", time.Now(), &err)
	return m.next.MarkPaid(ctx, id, by)
}

func (m logged) Reject(ctx context.Context, id, by, reason string) (_ Payout, err error) {
	defer m.done(ctx, "Reject", time.Now(), &err)
	return m.next.Reject(ctx, id, by, reason)
}
