package logging

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"

	"go.opentelemetry.io/otel/trace"
)

func TestLogLinesCarryRequestAndTraceIDs(t *testing.T) {
	var buf bytes.Buffer
	log := New(&buf, "svc-test", "info")
	traceID, _ := trace.TraceIDFromHex("4bf92f3577b34da6a3ce929d0e0e4736")
	spanID, _ := trace.SpanIDFromHex("00f067aa0ba902b7")
	ctx := trace.ContextWithSpanContext(context.Background(), trace.NewSpanContext(trace.SpanContextConfig{TraceID: traceID, SpanID: spanID, TraceFlags: trace.FlagsSampled}))
	ctx = WithRequestID(ctx, "req-123")

	log.DebugContext(ctx, "hidden")
	log.With("k", "v").InfoContext(ctx, "hello")
	if buf.Len() != 0 {
		t.Fatalf("info line written before a flush: %q", buf.String())
	}
	Flush()

	var line map[string]any
	if err := json.Unmarshal(buf.Bytes(), &line); err != nil {
		t.Fatalf("want exactly one JSON line (debug filtered), got %q: %v", buf.String(), err)
	}
	want := map[string]any{"msg": "hello", "service": "svc-test", "k": "v", "request_id": "req-123", "trace_id": traceID.String(), "span_id": spanID.String()}
	for k, v := range want {
		if line[k] != v {
			t.Errorf("%s = %v, want %v", k, line[k], v)
		}
	}
	buf.Reset()
	log.ErrorContext(ctx, "broken")
	if !bytes.Contains(buf.Bytes(), []byte(`"msg":"broken"`)) {
		t.Errorf("error line not written at once: %q", buf.String())
	}
}
