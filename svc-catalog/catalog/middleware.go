package catalog

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"linguaport/internal/company"
	"linguaport/internal/errs"
	"linguaport/internal/logging"
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
	var fields errs.Fields
	outcome := "accepted"
	switch {
	case errors.As(err, &fields):
		outcome = "invalid"
	case errors.Is(err, ErrTooManyInquiries):
		outcome = "limited"
	case err != nil:
		outcome = "failed"
	}
	m.inquiries.WithLabelValues(kind, outcome).Inc()
	return out, err
}

// LoggingMiddleware logs every call with its duration and error; see logging.Call for levels.
// Inquiries are not logged: they carry the senders' names, addresses and messages.
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

// Refused reports whether err is the catalogue refusing a request (a field that breaks its
// rules, an unknown language or category, a flood of inquiries, a stale or clashing change,
// something that is not there) rather than failing: the caller's to fix, not an operator's alarm.
func Refused(err error) bool {
	if errors.As(err, new(errs.Fields)) {
		return true
	}
	for _, refusal := range []error{ErrTooManyInquiries, ErrNotFound, ErrUnknownLanguage, ErrUnknownCategory,
		ErrStale, ErrSlugTaken, ErrTranslationTaken, ErrPostPublished} {
		if errors.Is(err, refusal) {
			return true
		}
	}
	return false
}

func (m loggingMiddleware) Services(ctx context.Context) (_ []ServiceEntry, err error) {
	defer m.done(ctx, "Services", time.Now(), &err)
	return m.next.Services(ctx)
}

func (m loggingMiddleware) Languages(ctx context.Context) (_ []Language, err error) {
	defer m.done(ctx, "Languages", time.Now(), &err)
	return m.next.Languages(ctx)
}

func (m loggingMiddleware) Posts(ctx context.Context, lang string, page, pageSize int) (_ PostPage, err error) {
	defer m.done(ctx, "Posts", time.Now(), &err)
	return m.next.Posts(ctx, lang, page, pageSize)
}

func (m loggingMiddleware) Post(ctx context.Context, lang, slug string) (_ PostDetail, err error) {
	defer m.done(ctx, "Post", time.Now(), &err)
	return m.next.Post(ctx, lang, slug)
}

func (m loggingMiddleware) FAQ(ctx context.Context, lang, category string) (_ []FAQEntry, err error) {
	defer m.done(ctx, "FAQ", time.Now(), &err)
	return m.next.FAQ(ctx, lang, category)
}

func (m loggingMiddleware) Testimonials(ctx context.Context) (_ []Testimonial, err error) {
	defer m.done(ctx, "Testimonials", time.Now(), &err)
	return m.next.Testimonials(ctx)
}

func (m loggingMiddleware) Stats(ctx context.Context) (_ Stats, err error) {
	defer m.done(ctx, "Stats", time.Now(), &err)
	return m.next.Stats(ctx)
}

func (m loggingMiddleware) Legal(ctx context.Context, id, lang string) (_ LegalPage, err error) {
	defer m.done(ctx, "Legal", time.Now(), &err)
	return m.next.Legal(ctx, id, lang)
}

func (m loggingMiddleware) Company(ctx context.Context) (_ company.Public, err error) {
	defer m.done(ctx, "Company", time.Now(), &err)
	return m.next.Company(ctx)
}

func (m loggingMiddleware) SubmitInquiry(ctx context.Context, in Inquiry) (_ Inquiry, err error) {
	defer m.done(ctx, "SubmitInquiry", time.Now(), &err)
	return m.next.SubmitInquiry(ctx, in)
}
