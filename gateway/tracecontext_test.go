package main

import (
	"bufio"
	"bytes"
	"context"
	"net/http"
	"net/textproto"
	"strings"
	"testing"

	"go.opentelemetry.io/otel/baggage"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace"
)

// The gateway writes the trace context into a proxied request itself (writeTraceContext): what
// it writes must be what the propagators telemetry.Setup installs would write, for a sampled
// span with trace state and baggage, an unsampled one, and no span at all.
func TestTraceContextAsPropagators(t *testing.T) {
	propagators := propagation.NewCompositeTextMapPropagator(propagation.TraceContext{}, propagation.Baggage{})
	traceID, _ := trace.TraceIDFromHex("4bf92f3577b34da6a3ce929d0e0e4736")
	spanID, _ := trace.SpanIDFromHex("00f067aa0ba902b7")
	state, err := trace.ParseTraceState("vendor=abc,other=x-y")
	if err != nil {
		t.Fatal(err)
	}
	member, _ := baggage.NewMember("tenant", "agency 7")
	bag, _ := baggage.New(member)
	cases := map[string]context.Context{
		"sampled, with state and baggage": baggage.ContextWithBaggage(trace.ContextWithSpanContext(context.Background(), trace.NewSpanContext(trace.SpanContextConfig{
			TraceID: traceID, SpanID: spanID, TraceFlags: trace.FlagsSampled, TraceState: state, Remote: true,
		})), bag),
		"unsampled": trace.ContextWithSpanContext(context.Background(), trace.NewSpanContext(trace.SpanContextConfig{TraceID: traceID, SpanID: spanID})),
		"no span":   context.Background(),
	}
	for name, ctx := range cases {
		want := http.Header{}
		propagators.Inject(ctx, propagation.HeaderCarrier(want))

		var head bytes.Buffer
		bw := bufio.NewWriter(&head)
		writeTraceContext(bw, ctx)
		_ = bw.Flush()
		got, err := textproto.NewReader(bufio.NewReader(strings.NewReader(head.String() + "\r\n"))).ReadMIMEHeader()
		if err != nil {
			t.Fatalf("%s: %q is not a header block: %v", name, head.String(), err)
		}
		if len(got) != len(want) {
			t.Errorf("%s: wrote %v, the propagators %v", name, got, want)
		}
		for k := range want {
			if got.Get(k) != want.Get(k) {
				t.Errorf("%s: %s is %q, the propagators write %q", name, k, got.Get(k), want.Get(k))
			}
		}
		if name != "no span" && want.Get("Traceparent") == "" {
			t.Fatalf("%s: the propagators wrote no traceparent: the case tests nothing", name)
		}
	}
}
