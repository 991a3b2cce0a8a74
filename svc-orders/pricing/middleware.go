package pricing

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"linguaport/internal/authn"
	"linguaport/internal/logging"
	"linguaport/svc-orders/files"
)

// Middleware decorates a Service.
type Middleware func(Service) Service

// LoggingMiddleware logs every call with its duration and error; see logging.Call for levels.
// What Refused names is the caller's to fix, not an operator's alarm.
func LoggingMiddleware(log *slog.Logger) Middleware {
	return func(next Service) Service { return loggingMiddleware{next: next, log: log} }
}

// Refused reports whether err is the service refusing a request (an unknown currency, files the
// caller may not use) rather than failing.
func Refused(err error) bool { return errors.Is(err, ErrCurrency) || files.Refused(err) }

type loggingMiddleware struct {
	next Service
	log  *slog.Logger
}

// done is deferred with a pointer to the method's named error, so it sees what was returned.
func (m loggingMiddleware) done(ctx context.Context, method string, begin time.Time, err *error) {
	logging.Call(ctx, m.log, method, begin, *err, Refused)
}

func (m loggingMiddleware) Estimate(ctx context.Context, c authn.Caller, in EstimateInput) (_ EstimateAnswer, err error) {
	defer m.done(ctx, "Estimate", time.Now(), &err)
	return m.next.Estimate(ctx, c, in)
}

func (m loggingMiddleware) PriceList(ctx context.Context, c authn.Caller) (_ PriceList, err error) {
	defer m.done(ctx, "PriceList", time.Now(), &err)
	return m.next.PriceList(ctx, c)
}

func (m loggingMiddleware) UpdatePriceList(ctx context.Context, in PriceList) (_ PriceList, err error) {
	defer m.done(ctx, "UpdatePriceList", time.Now(), &err)
	return m.next.UpdatePriceList(ctx, in)
}

func (m loggingMiddleware) TranslatorPay(ctx context.Context, r EstimateRequest) (_ Pay, err error) {
	defer m.done(ctx, "TranslatorPay", time.Now(), &err)
	return m.next.TranslatorPay(ctx, r)
}
