package telemetry_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace"

	"linguaport/internal/telemetry"
)

// A local OTLP/HTTP receiver gets the spans, protobuf-encoded, when the standard endpoint
// variable is set; the W3C propagator continues an incoming trace.
func TestExportsOverOTLPAndPropagatesW3C(t *testing.T) {
	var mu sync.Mutex
	var bodies [][]byte
	var contentType string
	collector := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/v1/traces" {
			http.NotFound(w, r)
			return
		}
		b, _ := io.ReadAll(r.Body)
		mu.Lock()
		bodies = append(bodies, b)
		contentType = r.Header.Get("Content-Type")
		mu.Unlock()
		w.Header().Set("Content-Type", "application/x-protobuf")
		w.WriteHeader(http.StatusOK)
	}))
	defer collector.Close()
	t.Setenv("OTEL_EXPORTER_OTLP_ENDPOINT", collector.URL)

	ctx := context.Background()
	shutdown, err := telemetry.Setup(ctx, "svc-telemetry-test")
	if err != nil {
		t.Fatal(err)
	}
	incoming := http.Header{"Traceparent": {"00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"}}
	parent := otel.GetTextMapPropagator().Extract(ctx, propagation.HeaderCarrier(incoming))
	_, span := otel.Tracer("test").Start(parent, "quote.approve")
	if got := span.SpanContext().TraceID().String(); got != "4bf92f3577b34da6a3ce929d0e0e4736" {
		t.Errorf("trace not continued: %s", got)
	}
	span.End()
	if err := shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	all := bytes.Join(bodies, nil)
	if contentType != "application/x-protobuf" || !bytes.Contains(all, []byte("quote.approve")) || !bytes.Contains(all, []byte("svc-telemetry-test")) {
		t.Fatalf("collector got %d requests (%s) without the span and service name", len(bodies), contentType)
	}
}

// Without an endpoint nothing is recorded, yet ids exist for logs and propagation.
func TestWithoutEndpointSpansCarryIDsOnly(t *testing.T) {
	t.Setenv("OTEL_EXPORTER_OTLP_ENDPOINT", "")
	shutdown, err := telemetry.Setup(context.Background(), "svc-quiet")
	if err != nil {
		t.Fatal(err)
	}
	defer shutdown(context.Background())
	_, span := otel.Tracer("test").Start(context.Background(), "x")
	defer span.End()
	if span.IsRecording() || !span.SpanContext().IsValid() {
		t.Errorf("recording %v, valid ids %v", span.IsRecording(), span.SpanContext().IsValid())
	}
	carrier := propagation.HeaderCarrier(http.Header{})
	otel.GetTextMapPropagator().Inject(trace.ContextWithSpan(context.Background(), span), carrier)
	if carrier.Get("traceparent") == "" {
		t.Error("no traceparent injected")
	}
}

// Trace and span ids are valid and never repeat, however many spans start at once.
func TestIDsAreValidAndDistinct(t *testing.T) {
	shutdown, err := telemetry.Setup(context.Background(), "svc-test")
	if err != nil {
		t.Fatal(err)
	}
	defer shutdown(context.Background())
	tracer := otel.Tracer("test")
	var mu sync.Mutex
	traces, spans := map[trace.TraceID]bool{}, map[trace.SpanID]bool{}
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 2000 {
				ctx, root := tracer.Start(context.Background(), "root")
				_, child := tracer.Start(ctx, "child")
				r, c := root.SpanContext(), child.SpanContext()
				mu.Lock()
				if !r.IsValid() || !c.IsValid() || r.TraceID() != c.TraceID() || traces[r.TraceID()] || spans[r.SpanID()] || spans[c.SpanID()] {
					t.Errorf("ids %s/%s and %s/%s: invalid, repeated, or the child left its trace", r.TraceID(), r.SpanID(), c.TraceID(), c.SpanID())
				}
				traces[r.TraceID()], spans[r.SpanID()], spans[c.SpanID()] = true, true, true
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
}
