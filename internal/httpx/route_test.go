package httpx_test

import (
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"

	"go.opentelemetry.io/otel"
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
