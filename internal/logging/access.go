package logging

import (
	"context"
	"encoding/hex"
	"log/slog"
	"math"
	"strconv"
	"sync"
	"time"

	"go.opentelemetry.io/otel/trace"
)

// Access logs one answered request ("msg":"request") with the logger's JSON handler's keys, in
// its order and its encoding, as log.LogAttrs(ctx, level, "request", method, path, status,
// bytes, duration_ms, remote...) would. Every process writes one for every request, and slog's
// general path (the caller's program counter, attribute values, floats through encoding/json)
// cost the gateway a tenth of its CPU under load; this writes the line directly for a loggers
// made by New, and through slog for any other, or for a value that needs escaping.
func Access(ctx context.Context, log *slog.Logger, level slog.Level, method, path string, status, bytes int, durationMS float64, remote string) {
	if !log.Enabled(ctx, level) {
		return
	}
	h, ok := log.Handler().(contextHandler)
	id := RequestID(ctx)
	if !ok || h.service == "" || !jsonSafe(method) || !jsonSafe(path) || !jsonSafe(remote) || !jsonSafe(id) || !plainFloat(durationMS) {
		log.LogAttrs(ctx, level, "request", slog.String("method", method), slog.String("path", path), slog.Int("status", status),
			slog.Int("bytes", bytes), slog.Float64("duration_ms", durationMS), slog.String("remote", remote))
		return
	}
	buf := lines.Get().(*[]byte)
	b := append((*buf)[:0], `{"time":"`...)
	b = time.Now().AppendFormat(b, time.RFC3339Nano)
	b = append(b, `","level":"`...)
	b = append(b, level.String()...)
	b = append(b, `","msg":"request","service":"`...)
	b = append(b, h.service...)
	b = append(b, `","method":"`...)
	b = append(b, method...)
	b = append(b, `","path":"`...)
	b = append(b, path...)
	b = append(b, `","status":`...)
	b = strconv.AppendInt(b, int64(status), 10)
	b = append(b, `,"bytes":`...)
	b = strconv.AppendInt(b, int64(bytes), 10)
	b = append(b, `,"duration_ms":`...)
	b = appendMillis(b, durationMS)
	b = append(b, `,"remote":"`...)
	b = append(b, remote...)
	b = append(b, '"')
	if id != "" {
		b = append(b, `,"request_id":"`...)
		b = append(b, id...)
		b = append(b, '"')
	}
	if sc := trace.SpanContextFromContext(ctx); sc.IsValid() {
		tid, sid := sc.TraceID(), sc.SpanID()
		b = append(b, `,"trace_id":"`...)
		b = hex.AppendEncode(b, tid[:])
		b = append(b, `","span_id":"`...)
		b = hex.AppendEncode(b, sid[:])
		b = append(b, '"')
	}
	b = append(b, "}\n"...)
	_, _ = h.out.Write(b)
	if level >= slog.LevelWarn {
		h.out.flush()
	}
	*buf = b
	lines.Put(buf)
}

// appendMillis appends ms as strconv's shortest 'f' form does, the common case (a whole number
// of microseconds, as servers measure) written digit by digit: AppendFloat's general shortest
// search was a sixth of the access line's cost.
func appendMillis(b []byte, ms float64) []byte {
	us := math.Round(ms * 1000)
	if us < 0 || us >= 1<<53 || us/1000 != ms {
		return strconv.AppendFloat(b, ms, 'f', -1, 64)
	}
	n := int64(us)
	b = strconv.AppendInt(b, n/1000, 10)
	frac := n % 1000
	if frac == 0 {
		return b
	}
	digits := [3]byte{byte('0' + frac/100), byte('0' + frac/10%10), byte('0' + frac%10)}
	end := 3
	for digits[end-1] == '0' {
		end--
	}
	b = append(b, '.')
	return append(b, digits[:end]...)
}

var lines = sync.Pool{New: func() any { b := make([]byte, 0, 512); return &b }}

// jsonSafe reports whether s is written the same inside a JSON string as it is: printable ASCII
// without quotes or backslashes (slog's JSON handler escapes nothing else of ASCII).
func jsonSafe(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}

// plainFloat reports whether f is written by strconv's shortest 'f' form exactly as
// encoding/json (which slog's JSON handler uses for floats) writes it.
func plainFloat(f float64) bool {
	return f == 0 || f >= 1e-6 && f < 1e21
}
