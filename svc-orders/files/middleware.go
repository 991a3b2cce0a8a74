package files

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"linguaport/counting"
	"linguaport/internal/authn"
	"linguaport/internal/logging"
)

// Middleware decorates a Service.
type Middleware func(Service) Service

// InstrumentingMiddleware measures the documents coming in: by format and outcome, and how long
// counting and storing an accepted one takes.
func InstrumentingMiddleware(reg prometheus.Registerer) Middleware {
	uploads := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "orders_uploads_total", Help: "Uploaded documents by format and outcome.",
	}, []string{"format", "outcome"})
	uploadTime := prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name: "orders_upload_seconds", Help: "Time to count and store an accepted upload, by format.",
		Buckets: []float64{.01, .05, .1, .25, .5, 1, 2.5, 5, 10, 30},
	}, []string{"format"})
	reg.MustRegister(uploads, uploadTime)
	return func(next Service) Service {
		return instrumenting{Service: next, uploads: uploads, uploadTime: uploadTime}
	}
}

type instrumenting struct {
	Service
	uploads    *prometheus.CounterVec
	uploadTime *prometheus.HistogramVec
}

func uploadOutcome(err error) string {
	switch {
	case err == nil:
		return "ok"
	case errors.Is(err, ErrTooManyUploads):
		return "limited"
	case errors.Is(err, counting.ErrUnsupported), errors.Is(err, counting.ErrTooLarge), errors.Is(err, ErrTooManyFiles):
		return "refused"
	case errors.Is(err, counting.ErrMismatch), errors.Is(err, counting.ErrZipBomb), errors.Is(err, counting.ErrMalformed):
		return "unreadable"
	default:
		return "failed"
	}
}

func (m instrumenting) UploadFile(ctx context.Context, c authn.Caller, in UploadInput) (UploadAnswer, error) {
	start := time.Now()
	ans, err := m.Service.UploadFile(ctx, c, in)
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

// Refused reports whether err is the service refusing a request (a document it will not take, a
// file the caller may not reach) rather than failing.
func Refused(err error) bool {
	for _, refusal := range []error{ErrNoFile, ErrTooManyFiles, ErrNotFound, counting.ErrUnsupported,
		counting.ErrTooLarge, counting.ErrMismatch, counting.ErrZipBomb, counting.ErrMalformed} {
		if errors.Is(err, refusal) {
			return true
		}
	}
	return false
}

// LoggingMiddleware logs every call with its duration and error; see logging.Call for levels.
// What Refused names is the caller's to fix, not an operator's alarm.
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

func (m loggingMiddleware) UploadFile(ctx context.Context, c authn.Caller, in UploadInput) (_ UploadAnswer, err error) {
	defer m.done(ctx, "UploadFile", time.Now(), &err)
	return m.next.UploadFile(ctx, c, in)
}

func (m loggingMiddleware) Files(ctx context.Context, c authn.Caller) (_ []File, err error) {
	defer m.done(ctx, "Files", time.Now(), &err)
	return m.next.Files(ctx, c)
}

func (m loggingMiddleware) OpenFile(ctx context.Context, c authn.Caller, id, uploadToken string) (_ File, _ io.ReadCloser, err error) {
	defer m.done(ctx, "OpenFile", time.Now(), &err)
	return m.next.OpenFile(ctx, c, id, uploadToken)
}

func (m loggingMiddleware) FirstPages(ctx context.Context, ids []string) (_ map[string]string, err error) {
	defer m.done(ctx, "FirstPages", time.Now(), &err)
	return m.next.FirstPages(ctx, ids)
}

func (m loggingMiddleware) Usable(ctx context.Context, c authn.Caller, ids []string, uploadToken string) (_ []File, err error) {
	defer m.done(ctx, "Usable", time.Now(), &err)
	return m.next.Usable(ctx, c, ids, uploadToken)
}

func (m loggingMiddleware) Claim(ctx context.Context, c authn.Caller, ids []string, uploadToken string) (err error) {
	defer m.done(ctx, "Claim", time.Now(), &err)
	return m.next.Claim(ctx, c, ids, uploadToken)
}

func (m loggingMiddleware) MarkDelivered(ctx context.Context, c authn.Caller, ids []string, orderID string) (err error) {
	defer m.done(ctx, "MarkDelivered", time.Now(), &err)
	return m.next.MarkDelivered(ctx, c, ids, orderID)
}

func (m loggingMiddleware) SaveMade(ctx context.Context, c authn.Caller, name string, content []byte) (_ File, err error) {
	defer m.done(ctx, "SaveMade", time.Now(), &err)
	return m.next.SaveMade(ctx, c, name, content)
}

func (m loggingMiddleware) DeleteUnclaimed(ctx context.Context) (err error) {
	defer m.done(ctx, "DeleteUnclaimed", time.Now(), &err)
	return m.next.DeleteUnclaimed(ctx)
}
