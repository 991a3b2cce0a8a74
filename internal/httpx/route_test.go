package httpx_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/propagation"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"

	"linguaport/internal/httpx"
)

// A request's span is named by its route once, with the method: from a pattern that has one, a
// pattern that has none, or the name a handler behind a catch-all gave it.
func TestServerSpansAreNamedByRoute(t *testing.T) {
	rec := tracetest.NewSpanRecorder()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))
	prev := otel.GetTracerProvider()
	otel.SetTracerProvider(tp)
	t.Cleanup(func() { otel.SetTracerProvider(prev) })

	ok := func(w http.ResponseWriter, _ *http.Request) {}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /things/{id}", ok)
	mux.HandleFunc("/plain/{id}", ok)
	mux.HandleFunc("/proxied/", func(w http.ResponseWriter, r *http.Request) {
		httpx.SetRoute(r.Context(), "POST /proxied/orders")
	})
	srv := httptest.NewServer(httpx.NewServer(httpx.Options{Name: "svc-test", Handler: mux}).Handler())
	defer srv.Close()
	for _, req := range [][2]string{{"GET", "/things/1"}, {"DELETE", "/plain/2"}, {"POST", "/proxied/orders"}, {"GET", "/nowhere"}} {
		r, _ := http.NewRequest(req[0], srv.URL+req[1], nil)
		resp, err := http.DefaultClient.Do(r)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	var names []string
	for _, s := range rec.Ended() {
		names = append(names, s.Name())
	}
	slices.Sort(names)
	want := []string{"DELETE /plain/{id}", "GET /things/{id}", "GET unmatched", "POST /proxied/orders"}
	if !slices.Equal(names, want) {
		t.Errorf("span names %q, want %q", names, want)
	}
}

// The server hands the application its requests without ServeMux's matching, yet answers as the
// mux would where that matters: an unclean path is redirected to its clean form and the
// operations paths are its own. A method outside HTTP's is counted as _OTHER, so that the
// metric's label values stay a bounded set whatever clients send.
func TestServerRoutingAndMethodLabels(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/things/{id}", func(w http.ResponseWriter, r *http.Request) { _, _ = io.WriteString(w, r.PathValue("id")) })
	h := httpx.NewServer(httpx.Options{Name: "svc-test", Handler: mux}).Handler()
	serve := func(method, target string) *httptest.ResponseRecorder {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest(method, target, nil))
		return w
	}
	ref := httptest.NewRecorder() // what ServeMux itself answers
	mux.ServeHTTP(ref, httptest.NewRequest("GET", "/things/../things/3", nil))
	if w := serve("GET", "/things/../things/3"); w.Code != ref.Code || w.Code/100 != 3 || w.Header().Get("Location") != "/things/3" {
		t.Errorf("unclean path: %d to %q, want ServeMux's %d to /things/3", w.Code, w.Header().Get("Location"), ref.Code)
	}
	if w := serve("GET", "/things/4"); w.Code != http.StatusOK || w.Body.String() != "4" {
		t.Errorf("app route: %d %q", w.Code, w.Body.String())
	}
	if w := serve("HEAD", "/healthz"); w.Code != http.StatusOK {
		t.Errorf("HEAD /healthz: %d", w.Code)
	}
	for _, m := range []string{"BREW", "X-RANDOM-1", "X-RANDOM-2"} {
		serve(m, "/things/5")
	}
	metrics := serve("GET", "/metrics").Body.String()
	if !strings.Contains(metrics, `http_requests_total{code="200",method="_OTHER",route="/things/{id}"} 3`) || strings.Contains(metrics, "BREW") {
		t.Errorf("unknown methods not counted as _OTHER:\n%s", metrics)
	}
}

// A request that brings no usable id of its own is known by its trace's id, as nginx names it:
// the caller's trace when it continues one, a new one otherwise.
func TestRequestIDIsTheTraceIDWhenNoneIsGiven(t *testing.T) {
	prev, prevProp := otel.GetTracerProvider(), otel.GetTextMapPropagator()
	otel.SetTracerProvider(sdktrace.NewTracerProvider(sdktrace.WithSampler(sdktrace.NeverSample())))
	otel.SetTextMapPropagator(propagation.TraceContext{})
	t.Cleanup(func() { otel.SetTracerProvider(prev); otel.SetTextMapPropagator(prevProp) })
	h := httpx.NewServer(httpx.Options{Name: "svc-test", Handler: http.NotFoundHandler()}).Handler()
	const traceID = "4bf92f3577b34da6a3ce929d0e0e4736"
	for _, tc := range []struct{ traceparent, requestID, want string }{
		{"00-" + traceID + "-00f067aa0ba902b7-01", "", traceID},
		{"00-" + traceID + "-00f067aa0ba902b7-01", "not valid!", traceID},
		{"00-" + traceID + "-00f067aa0ba902b7-01", "client-id-123", "client-id-123"},
	} {
		r := httptest.NewRequest("GET", "/x", nil)
		r.Header.Set("traceparent", tc.traceparent)
		if tc.requestID != "" {
			r.Header.Set("X-Request-Id", tc.requestID)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if got := w.Header().Get("X-Request-Id"); got != tc.want {
			t.Errorf("traceparent %q and X-Request-Id %q: request id %q, want %q", tc.traceparent, tc.requestID, got, tc.want)
		}
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", "/x", nil))
	if id := w.Header().Get("X-Request-Id"); len(id) != 32 || id == traceID || !httpx.ValidRequestID(id) {
		t.Errorf("request id of a new trace: %q", id)
	}
}
