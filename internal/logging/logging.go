// Package logging builds the JSON slog logger every process uses and carries the request id
// through contexts so that each log line can be tied to a request and a trace.
package logging

import (
	"context"
	"io"
	"log/slog"
	"os"
	"strings"

	"go.opentelemetry.io/otel/trace"
)

type requestIDKey struct{}

// WithRequestID returns a context carrying the request id.
func WithRequestID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, requestIDKey{}, id)
}

// RequestScope is what a server keeps about one request in its context, its id among it: one
// context value for all of it instead of one per field (httpx keeps the language and the route
// name beside the id).
type RequestScope interface{ RequestID() string }

// WithRequestScope returns a context carrying s, whose id the request's log lines carry.
func WithRequestScope(ctx context.Context, s RequestScope) context.Context {
	return context.WithValue(ctx, requestIDKey{}, s)
}

// Scope returns the request scope carried by ctx, or nil.
func Scope(ctx context.Context) RequestScope {
	s, _ := ctx.Value(requestIDKey{}).(RequestScope)
	return s
}

// RequestID returns the request id carried by ctx, or "".
func RequestID(ctx context.Context) string {
	switch v := ctx.Value(requestIDKey{}).(type) {
	case string:
		return v
	case RequestScope:
		return v.RequestID()
	}
	return ""
}

// New returns a JSON logger writing to w at the given level ("debug", "info", "warn", "error")
// that adds request_id, trace_id and span_id from the context of each record. Output is
// buffered (see Flush); warnings and errors are written at once.
func New(w io.Writer, service, level string) *slog.Logger {
	bw := newBufferedWriter(w)
	h := slog.NewJSONHandler(bw, &slog.HandlerOptions{Level: ParseLevel(level)})
	ch := contextHandler{Handler: h.WithAttrs([]slog.Attr{slog.String("service", service)}), out: bw}
	if jsonSafe(service) {
		ch.service = service // the access line's own encoder writes it as is (access.go)
	}
	return slog.New(ch)
}

// ExitOn logs err and ends the process when err is not nil; mains use it for start-up failures.
func ExitOn(log *slog.Logger, what string, err error) {
	if err != nil {
		log.Error(what, "err", err)
		Flush()
		os.Exit(1)
	}
}

// ParseLevel maps a level name to a slog level; unknown names mean info.
func ParseLevel(level string) slog.Level {
	switch strings.ToLower(level) {
	case "debug":
		return slog.LevelDebug
	case "warn", "warning":
		return slog.LevelWarn
	case "error":
		return slog.LevelError
	}
	return slog.LevelInfo
}

type contextHandler struct {
	slog.Handler
	out     *bufferedWriter
	service string // set on New's handler only: one with more attributes or a group logs Access lines through slog
}

func (h contextHandler) Handle(ctx context.Context, r slog.Record) error {
	if id := RequestID(ctx); id != "" {
		r.AddAttrs(slog.String("request_id", id))
	}
	if sc := trace.SpanContextFromContext(ctx); sc.IsValid() {
		r.AddAttrs(slog.String("trace_id", sc.TraceID().String()), slog.String("span_id", sc.SpanID().String()))
	}
	err := h.Handler.Handle(ctx, r)
	if r.Level >= slog.LevelWarn {
		h.out.flush()
	}
	return err
}

func (h contextHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return contextHandler{Handler: h.Handler.WithAttrs(attrs), out: h.out}
}

func (h contextHandler) WithGroup(name string) slog.Handler {
	return contextHandler{Handler: h.Handler.WithGroup(name), out: h.out}
}
