package logging

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"linguaport/internal/errs"
)

// Call logs the end of a call to a service method that began at begin, for the services'
// logging middlewares. The level says who has to act: nobody for a success (Debug: the request
// has its access-log line already), the caller for a refusal (Info: input breaking rules, a
// sender over their allowance, a caller gone before the answer, and whatever refused says is
// the service's own refusal, such as not found, and a conflict with a concurrent change), the
// operators for a dependency that is down (Warn: it is answered 503 and the readiness probe tells
// them already) and for any other error (Error).
// Only the method and the error are logged, never the arguments: they carry passwords, tokens
// and personal data.
func Call(ctx context.Context, log *slog.Logger, method string, begin time.Time, err error, refused func(error) bool) {
	took := float64(time.Since(begin).Microseconds()) / 1000
	if err == nil {
		log.DebugContext(ctx, "call", "method", method, "duration_ms", took)
		return
	}
	level := slog.LevelError
	switch {
	case commonRefusal(err) || refused(err):
		level = slog.LevelInfo
	case errs.Unavailable(err):
		level = slog.LevelWarn
	}
	log.Log(ctx, level, "call", "method", method, "duration_ms", took, "err", err)
}

func commonRefusal(err error) bool {
	var (
		fields  errs.Fields
		limited *errs.RateLimited
	)
	return errors.As(err, &fields) || errors.As(err, &limited) || errors.Is(err, context.Canceled) || errors.Is(err, errs.ErrConflict)
}
