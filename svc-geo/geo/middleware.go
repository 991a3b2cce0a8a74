package geo

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

// InstrumentingMiddleware counts lookups by outcome: a known country, or the USD fallback.
func InstrumentingMiddleware(reg prometheus.Registerer) Middleware {
	lookups := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "geo_lookups_total", Help: "Address lookups by outcome (country, fallback, error).",
	}, []string{"outcome"})
	conversions := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "geo_conversions_total", Help: "Currency conversions by target currency.",
	}, []string{"to"})
	reg.MustRegister(lookups, conversions)
	return func(next Service) Service {
		return instrumenting{Service: next, lookups: lookups, conversions: conversions}
	}
}

type instrumenting struct {
	Service
	lookups     *prometheus.CounterVec
	conversions *prometheus.CounterVec
}

func (m instrumenting) Locate(ctx context.Context, ip string) (Location, error) {
	loc, err := m.Service.Locate(ctx, ip)
	switch {
	case err != nil:
		m.lookups.WithLabelValues("error").Inc()
	case loc.Country == "":
		m.lookups.WithLabelValues("fallback").Inc()
	default:
		m.lookups.WithLabelValues("country").Inc()
	}
	return loc, err
}

func (m instrumenting) Convert(ctx context.Context, amount int64, from, to, lang string) (Conversion, error) {
	c, err := m.Service.Convert(ctx, amount, from, to, lang)
	if err == nil {
		label := "other" // unlisted codes are unbounded; keep the label set small
		if _, listed := RateMicros(c.To); listed {
			label = c.To
		}
		m.conversions.WithLabelValues(label).Inc()
	}
	return c, err
}

// LoggingMiddleware logs every call with its duration and error; see logging.Call for levels.
// Addresses are not logged: they are the visitors' personal data.
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

// Refused reports whether err is the service refusing a request (an address that is not one, a
// currency code or amount it cannot convert) rather than failing: the caller's to fix, not an
// operator's alarm.
func Refused(err error) bool {
	return errors.Is(err, ErrInvalidIP) || errors.Is(err, ErrInvalidCurrency) || errors.Is(err, ErrNegativeAmount) ||
		errors.Is(err, ErrAmountTooLarge) || errors.As(err, new(errs.Fields))
}

func (m loggingMiddleware) Locate(ctx context.Context, ip string) (_ Location, err error) {
	defer m.done(ctx, "Locate", time.Now(), &err)
	return m.next.Locate(ctx, ip)
}

func (m loggingMiddleware) Currencies(ctx context.Context) []Currency {
	var err error
	defer m.done(ctx, "Currencies", time.Now(), &err)
	return m.next.Currencies(ctx)
}

func (m loggingMiddleware) Rates(ctx context.Context) RateTable {
	var err error
	defer m.done(ctx, "Rates", time.Now(), &err)
	return m.next.Rates(ctx)
}

func (m loggingMiddleware) Convert(ctx context.Context, amount int64, from, to, lang string) (_ Conversion, err error) {
	defer m.done(ctx, "Convert", time.Now(), &err)
	return m.next.Convert(ctx, amount, from, to, lang)
}
