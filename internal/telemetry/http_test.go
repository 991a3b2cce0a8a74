package telemetry_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"go.opentelemetry.io/contrib/instrumentation/net/http/otelhttp"
	"go.opentelemetry.io/otel/propagation"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"

	"linguaport/internal/telemetry"
)

// A call made with HTTPClient is a client span under the caller's span, and the callee gets
// that span in its traceparent header.
func TestHTTPClientTracesAndPropagates(t *testing.T) {
	got := make(chan string, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got <- r.Header.Get("Traceparent")
	}))
	defer srv.Close()

	rec := tracetest.NewSpanRecorder()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))
	defer func() { _ = tp.Shutdown(context.Background()) }()
	client := telemetry.HTTPClient(5*time.Second, otelhttp.WithTracerProvider(tp), otelhttp.WithPropagators(propagation.TraceContext{}))

	ctx, parent := tp.Tracer("test").Start(context.Background(), "quote.price")
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL+"/api/v1/geo/rates", nil)
	res, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_ = res.Body.Close()
	parent.End()

	spans := rec.Ended()
	var call sdktrace.ReadOnlySpan
	for _, s := range spans {
		if s.SpanKind() == trace.SpanKindClient {
			call = s
		}
	}
	if call == nil {
		t.Fatalf("no client span among %d spans", len(spans))
	}
	if call.Parent().SpanID() != parent.SpanContext().SpanID() {
		t.Errorf("client span's parent %v, want %v", call.Parent().SpanID(), parent.SpanContext().SpanID())
	}
	header := <-got
	if !strings.Contains(header, call.SpanContext().TraceID().String()) || !strings.Contains(header, call.SpanContext().SpanID().String()) {
		t.Errorf("traceparent %q does not carry the client span %v", header, call.SpanContext())
	}
}
