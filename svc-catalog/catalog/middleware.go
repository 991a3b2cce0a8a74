package catalog

import (
	"context"
	"errors"

	"github.com/prometheus/client_golang/prometheus"
)

// Middleware decorates a Service.
type Middleware func(Service) Service

// InstrumentingMiddleware counts inquiries by kind and outcome (accepted, invalid, limited,
// failed), which is what the agency watches: leads coming in and abuse being held back.
func InstrumentingMiddleware(reg prometheus.Registerer) Middleware {
	inquiries := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "catalog_inquiries_total", Help: "Contact and corporate inquiries by kind and outcome.",
	}, []string{"kind", "outcome"})
	reg.MustRegister(inquiries)
	return func(next Service) Service { return instrumenting{Service: next, inquiries: inquiries} }
}

type instrumenting struct {
	Service
	inquiries *prometheus.CounterVec
}

func (m instrumenting) SubmitInquiry(ctx context.Context, in Inquiry) (Inquiry, error) {
	out, err := m.Service.SubmitInquiry(ctx, in)
	kind := in.Kind
	if kind != "contact" && kind != "corporate" {
		kind = "other"
	}
	var verr *ValidationError
	outcome := "accepted"
	switch {
	case errors.As(err, &verr):
		outcome = "invalid"
	case errors.Is(err, ErrTooManyInquiries):
		outcome = "limited"
	case err != nil:
		outcome = "failed"
	}
	m.inquiries.WithLabelValues(kind, outcome).Inc()
	return out, err
}
