package logging

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"regexp"
	"strconv"
	"testing"
	"time"

	"go.opentelemetry.io/otel/trace"
)

// The access line written directly is the line slog's JSON handler writes for the same request,
// byte for byte but for the time, and both are valid JSON.
func TestAccessLinesAreSlogsLines(t *testing.T) {
	traceID, _ := trace.TraceIDFromHex("4bf92f3577b34da6a3ce929d0e0e4736")
	spanID, _ := trace.SpanIDFromHex("00f067aa0ba902b7")
	traced := trace.ContextWithSpanContext(context.Background(), trace.NewSpanContext(trace.SpanContextConfig{TraceID: traceID, SpanID: spanID}))
	cases := []struct {
		name       string
		ctx        context.Context
		level      slog.Level
		method     string
		path       string
		status     int
		bytes      int
		durationMS float64
		remote     string
	}{
		{"traced, with an id", WithRequestID(traced, "0af7651916cd43dd8448eb211c80319c"), slog.LevelInfo, "GET", "/api/v1/geo/lookup", 200, 123, 0.412, "127.0.0.1:54321"},
		{"no trace, no id", context.Background(), slog.LevelInfo, "POST", "/api/v1/orders/quotes", 201, 0, 12, "[::1]:8080"},
		{"zero duration", context.Background(), slog.LevelWarn, "GET", "/x", 503, 97, 0, "10.0.0.1:1"},
		{"long duration", context.Background(), slog.LevelError, "PUT", "/a/b", 500, 1 << 20, 30001.25, "10.0.0.1:1"},
		{"html-ish path", context.Background(), slog.LevelInfo, "GET", "/a<b>&c?'", 404, 5, 1.5, "10.0.0.1:1"},
		{"path that needs escaping", context.Background(), slog.LevelInfo, "GET", "/ü\"\\\x01", 404, 5, 1.5, "10.0.0.1:1"},
		{"tiny float", context.Background(), slog.LevelInfo, "GET", "/", 200, 5, 1e-7, "10.0.0.1:1"},
	}
	timeField := regexp.MustCompile(`^\{"time":"[^"]+",`)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var fast, viaSlog bytes.Buffer
			before := time.Now()
			Access(tc.ctx, New(&fast, "svc-test", "info"), tc.level, tc.method, tc.path, tc.status, tc.bytes, tc.durationMS, tc.remote)
			New(&viaSlog, "svc-test", "info").LogAttrs(tc.ctx, tc.level, "request", slog.String("method", tc.method), slog.String("path", tc.path),
				slog.Int("status", tc.status), slog.Int("bytes", tc.bytes), slog.Float64("duration_ms", tc.durationMS), slog.String("remote", tc.remote))
			Flush()
			if got, want := timeField.ReplaceAll(fast.Bytes(), nil), timeField.ReplaceAll(viaSlog.Bytes(), nil); !bytes.Equal(got, want) {
				t.Errorf("access line\n got %s\nwant %s", fast.Bytes(), viaSlog.Bytes())
			}
			var line struct{ Time time.Time }
			if err := json.Unmarshal(fast.Bytes(), &line); err != nil {
				t.Fatalf("not one JSON line: %q: %v", fast.Bytes(), err)
			}
			if line.Time.Before(before.Add(-time.Millisecond)) || time.Since(line.Time) > time.Minute {
				t.Errorf("time %v, want about %v", line.Time, before)
			}
		})
	}
}

// Below the logger's level nothing is written; a logger with more attributes still gets them.
func TestAccessFollowsTheLogger(t *testing.T) {
	var buf bytes.Buffer
	Access(context.Background(), New(&buf, "svc-test", "warn"), slog.LevelInfo, "GET", "/", 200, 1, 1, "a:1")
	Access(context.Background(), New(&buf, "svc-test", "info").With("instance", "b"), slog.LevelInfo, "GET", "/", 200, 1, 1, "a:1")
	Flush()
	if n := bytes.Count(buf.Bytes(), []byte("\n")); n != 1 || !bytes.Contains(buf.Bytes(), []byte(`"service":"svc-test","instance":"b","method":"GET"`)) {
		t.Errorf("want only the info logger's line, with its attribute: %s", buf.Bytes())
	}
}

func BenchmarkAccessLine(b *testing.B) {
	log := New(discard{}, "gateway", "info")
	ctx := WithRequestID(context.Background(), "4bf92f3577b34da6a3ce929d0e0e4736")
	b.Run("Access", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			Access(ctx, log, slog.LevelInfo, "GET", "/api/v1/geo/lookup", 200, 123, 0.412, "127.0.0.1:54321")
		}
	})
	b.Run("slog", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			log.LogAttrs(ctx, slog.LevelInfo, "request", slog.String("method", "GET"), slog.String("path", "/api/v1/geo/lookup"), slog.Int("status", 200),
				slog.Int("bytes", 123), slog.Float64("duration_ms", 0.412), slog.String("remote", "127.0.0.1:54321"))
		}
	})
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

// Durations are written exactly as strconv's shortest form writes them, the fast path included.
func TestAppendMillisMatchesStrconv(t *testing.T) {
	check := func(ms float64) {
		if got, want := string(appendMillis(nil, ms)), strconv.FormatFloat(ms, 'f', -1, 64); got != want {
			t.Fatalf("appendMillis(%v) = %s, want %s", ms, got, want)
		}
	}
	for us := range int64(3_000_000) {
		check(float64(us) / 1000)
	}
	for _, ms := range []float64{1e9 + 0.001, 123456789.123, 0.0005, 1.0 / 3, 2.5e-7, 9007199254740.993, 1e18} {
		check(ms)
	}
}
