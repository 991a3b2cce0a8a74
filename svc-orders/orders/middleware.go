package orders

import (
	"context"
	"errors"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"linguaport/svc-orders/counting"
)

// Middleware decorates a Service.
type Middleware func(Service) Service

// InstrumentingMiddleware measures what the agency watches in ordering: documents coming in (by
// format and outcome, and how long counting and storing them takes), the quote funnel (created,
// approved, rejected) and what people do to orders (assign, deliver, accept, ask for a revision).
func InstrumentingMiddleware(reg prometheus.Registerer) Middleware {
	uploads := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "orders_uploads_total", Help: "Uploaded documents by format and outcome.",
	}, []string{"format", "outcome"})
	uploadTime := prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name: "orders_upload_seconds", Help: "Time to count and store an accepted upload, by format.",
		Buckets: []float64{.01, .05, .1, .25, .5, 1, 2.5, 5, 10, 30},
	}, []string{"format"})
	quotes := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "orders_quotes_total", Help: "Quotes created, approved and rejected.",
	}, []string{"event"})
	actions := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "orders_actions_total", Help: "Order actions done, by action.",
	}, []string{"action"})
	reg.MustRegister(uploads, uploadTime, quotes, actions)
	return func(next Service) Service {
		return instrumenting{Service: next, uploads: uploads, uploadTime: uploadTime, quotes: quotes, actions: actions}
	}
}

type instrumenting struct {
	Service
	uploads    *prometheus.CounterVec
	uploadTime *prometheus.HistogramVec
	quotes     *prometheus.CounterVec
	actions    *prometheus.CounterVec
}

func uploadOutcome(err error) string {
	var limited *RateLimitedError
	switch {
	case err == nil:
		return "ok"
	case errors.As(err, &limited):
		return "limited"
	case errors.Is(err, counting.ErrUnsupported), errors.Is(err, counting.ErrTooLarge), errors.Is(err, ErrTooManyFiles):
		return "refused"
	case errors.Is(err, counting.ErrMismatch), errors.Is(err, counting.ErrZipBomb), errors.Is(err, counting.ErrMalformed):
		return "unreadable"
	default:
		return "failed"
	}
}

func (m instrumenting) UploadFile(ctx context.Context, in UploadInput) (UploadAnswer, error) {
	start := time.Now()
	ans, err := m.Service.UploadFile(ctx, in)
	format := string(counting.FormatOf(in.Name))
	if format == "" {
		format = "other"
	}
	m.uploads.WithLabelValues(format, uploadOutcome(err)).Inc()
	if err == nil {
		m.uploadTime.WithLabelValues(format).Observe(time.Since(start).Seconds())
	}
	return ans, err
}

func (m instrumenting) CreateQuote(ctx context.Context, in QuoteInput) (*Quote, error) {
	q, err := m.Service.CreateQuote(ctx, in)
	if err == nil {
		m.quotes.WithLabelValues("created").Inc()
	}
	return q, err
}

func (m instrumenting) ApproveQuote(ctx context.Context, id string) (Approval, error) {
	a, err := m.Service.ApproveQuote(ctx, id)
	if err == nil && a.Decided {
		m.quotes.WithLabelValues("approved").Inc()
	}
	return a, err
}

func (m instrumenting) RejectQuote(ctx context.Context, id, reason string) (*Quote, error) {
	q, err := m.Service.RejectQuote(ctx, id, reason)
	if err == nil {
		m.quotes.WithLabelValues("rejected").Inc()
	}
	return q, err
}

func (m instrumenting) done(action string, v OrderView, err error) (OrderView, error) {
	if err == nil {
		m.actions.WithLabelValues(action).Inc()
	}
	return v, err
}

func (m instrumenting) Assign(ctx context.Context, id, translatorID string) (OrderView, error) {
	v, err := m.Service.Assign(ctx, id, translatorID)
	return m.done("assign", v, err)
}

func (m instrumenting) Deliver(ctx context.Context, id string, fileIDs []string, note string) (OrderView, error) {
	v, err := m.Service.Deliver(ctx, id, fileIDs, note)
	return m.done("deliver", v, err)
}

func (m instrumenting) Complete(ctx context.Context, id string) (OrderView, error) {
	v, err := m.Service.Complete(ctx, id)
	return m.done("complete", v, err)
}

func (m instrumenting) RequestRevision(ctx context.Context, id, reason string) (OrderView, error) {
	v, err := m.Service.RequestRevision(ctx, id, reason)
	return m.done("revision", v, err)
}
