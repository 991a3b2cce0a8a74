package geo

import (
	"context"

	"github.com/prometheus/client_golang/prometheus"
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
