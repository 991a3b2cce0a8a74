package telemetry

import (
	"net/http"
	"time"

	"go.opentelemetry.io/contrib/instrumentation/net/http/otelhttp"
)

// Transport wraps base (http.DefaultTransport when nil) for calls to other services: every
// request is a client span, child of the span in the request's context, and carries that
// context in W3C trace-context headers (the global propagator Setup installs), so the callee
// continues the trace. opts override the defaults (global tracer provider and propagator).
func Transport(base http.RoundTripper, opts ...otelhttp.Option) http.RoundTripper {
	if base == nil {
		base = http.DefaultTransport
	}
	return otelhttp.NewTransport(base, opts...)
}

// HTTPClient is an http.Client with the given timeout whose requests are traced and propagate
// the trace (see Transport). Send requests built with the caller's context
// (http.NewRequestWithContext) so the spans have the right parent.
func HTTPClient(timeout time.Duration, opts ...otelhttp.Option) *http.Client {
	return &http.Client{Timeout: timeout, Transport: Transport(nil, opts...)}
}
