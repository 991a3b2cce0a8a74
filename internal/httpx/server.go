package httpx

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace"

	"linguaport/internal/logging"
)

// Check probes one dependency for /readyz.
type Check struct {
	Name  string
	Probe func(ctx context.Context) error
}

// Server is the HTTP server every process runs: the application handler plus /healthz,
// /readyz and /metrics, with request ids, language, tracing, access logs and metrics around it.
type Server struct {
	name     string
	log      *slog.Logger
	checks   []Check
	registry *prometheus.Registry
	srv      *http.Server

	mu         sync.Mutex
	onShutdown []func()
}

// Options configures a Server.
type Options struct {
	Name    string
	Handler http.Handler
	Checks  []Check
	Logger  *slog.Logger
	// Registry receives the server's metrics and is served on /metrics; services register their
	// own metrics in it too. A fresh one is made when nil.
	Registry *prometheus.Registry
	// AccessLog logs one line per request at info level; off, only 5xx answers are logged.
	AccessLog bool
}

// NewServer wraps the application handler.
func NewServer(o Options) *Server {
	s := &Server{name: o.Name, log: o.Logger, checks: o.Checks, registry: o.Registry}
	if s.registry == nil {
		s.registry = prometheus.NewRegistry()
	}
	if s.log == nil {
		s.log = slog.Default()
	}
	s.registry.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	requests := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "http_requests_total", Help: "HTTP requests answered, by route pattern, method and status.",
	}, []string{"route", "method", "code"})
	latency := prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name: "http_request_duration_seconds", Help: "Time to answer HTTP requests.",
		Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30},
	}, []string{"route", "method"})
	s.registry.MustRegister(requests, latency)

	app := instrument(o.Handler, s.log, o.AccessLog, requests, latency, otel.Tracer("linguaport/httpx"))

	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) {
		_ = WriteJSON(w, http.StatusOK, map[string]string{"status": "ok"})
	})
	mux.HandleFunc("GET /readyz", s.ready)
	mux.Handle("GET /metrics", promhttp.HandlerFor(s.registry, promhttp.HandlerOpts{}))
	mux.Handle("/", app)

	s.srv = &http.Server{
		Handler:           mux,
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       120 * time.Second,
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
	}
	return s
}

// Handler is everything the server answers, for tests that serve it with httptest.
func (s *Server) Handler() http.Handler { return s.srv.Handler }

// OnShutdown runs f when shutdown starts, before in-flight requests are drained; services use
// it to leave Consul first so no new traffic is sent their way while they drain.
func (s *Server) OnShutdown(f func()) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.onShutdown = append(s.onShutdown, f)
}

// Serve answers on ln until ctx is done, then shuts down gracefully within 15 seconds.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	errc := make(chan error, 1)
	go func() { errc <- s.srv.Serve(ln) }()
	s.log.Info("listening", "addr", ln.Addr().String())
	select {
	case err := <-errc:
		return fmt.Errorf("serve %s: %w", ln.Addr(), err)
	case <-ctx.Done():
	}
	s.mu.Lock()
	hooks := s.onShutdown
	s.mu.Unlock()
	for _, f := range hooks {
		f()
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	if err := s.srv.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	s.log.Info("stopped")
	return nil
}

// probeTimeout bounds each readiness probe: Consul's check of /readyz must get an answer even
// when a database hangs instead of refusing, and a dependency this slow is as good as down.
const probeTimeout = time.Second

// ready runs every probe at once, each within probeTimeout, and does not wait for a probe that
// ignores its context, so the answer comes within about a second whatever the dependencies do.
func (s *Server) ready(w http.ResponseWriter, r *http.Request) {
	results := make([]chan error, len(s.checks))
	for i, c := range s.checks {
		results[i] = make(chan error, 1)
		go func() {
			ctx, cancel := context.WithTimeout(r.Context(), probeTimeout)
			defer cancel()
			results[i] <- c.Probe(ctx)
		}()
	}
	waited, stop := context.WithTimeout(context.Background(), probeTimeout+100*time.Millisecond)
	defer stop()
	status, code := map[string]string{}, http.StatusOK
	for i, c := range s.checks {
		var err error
		select {
		case err = <-results[i]:
		case <-waited.Done():
			err = fmt.Errorf("no answer within %s", probeTimeout)
		}
		if err != nil {
			status[c.Name] = err.Error()
			code = http.StatusServiceUnavailable
			continue
		}
		status[c.Name] = "ok"
	}
	_ = WriteJSON(w, code, map[string]any{"ready": code == http.StatusOK, "checks": status})
}

// instrument continues the caller's trace (W3C traceparent) in a server span, adds the request
// id and language to the context, then records the answer in metrics and the access log. It is
// written out rather than taken from otelhttp, whose wrappers cost the gateway a tenth of its CPU.
func instrument(next http.Handler, log *slog.Logger, accessLog bool, requests *prometheus.CounterVec, latency *prometheus.HistogramVec, tracer trace.Tracer) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		ctx := otel.GetTextMapPropagator().Extract(r.Context(), propagation.HeaderCarrier(r.Header))
		ctx, span := tracer.Start(ctx, r.Method, trace.WithSpanKind(trace.SpanKindServer))
		defer span.End()
		id := r.Header.Get("X-Request-Id")
		if !ValidRequestID(id) {
			id = NewRequestID()
			r.Header.Set("X-Request-Id", id)
		}
		w.Header().Set("X-Request-Id", id)
		ctx = logging.WithRequestID(ctx, id)
		ctx = WithLang(ctx, ParseAcceptLanguage(r.Header.Get("Accept-Language")))
		named := new(string)
		ctx = context.WithValue(ctx, routeKey{}, named)
		r = r.WithContext(ctx)

		rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
		next.ServeHTTP(rec, r)

		elapsed := time.Since(start)
		route := r.Pattern
		if *named != "" {
			route = *named
		}
		if route == "" {
			route = "unmatched"
		}
		if span.IsRecording() {
			name := route
			if !strings.Contains(route, " ") { // a pattern without its method ("/", "/things/{id}")
				name = r.Method + " " + route
			}
			span.SetName(name)
			span.SetAttributes(attribute.String("http.request.method", r.Method), attribute.String("url.path", r.URL.Path),
				attribute.Int("http.response.status_code", rec.status), attribute.String("http.request.id", id))
			if rec.status >= 500 {
				span.SetStatus(codes.Error, http.StatusText(rec.status))
			}
		}
		requests.WithLabelValues(route, r.Method, strconv.Itoa(rec.status)).Inc()
		latency.WithLabelValues(route, r.Method).Observe(elapsed.Seconds())
		if accessLog || rec.status >= 500 {
			level := slog.LevelInfo
			switch {
			case rec.status == http.StatusServiceUnavailable:
				// A dependency is down, which its own warning already names: every request
				// answered meanwhile is not another error.
				level = slog.LevelWarn
			case rec.status >= 500:
				level = slog.LevelError
			}
			logging.Access(ctx, log, level, r.Method, r.URL.Path, rec.status, rec.bytes, float64(elapsed.Microseconds())/1000, r.RemoteAddr)
		}
	})
}

type routeKey struct{}

// SetRoute names the route a request matched, for its metrics and span, when the handler that
// knows it sits behind a catch-all pattern (the gateway proxies whole prefixes; its access rules
// know the route). pattern must come from a fixed set, never from the request, or the metrics'
// label values would grow without bound.
func SetRoute(ctx context.Context, pattern string) {
	if named, ok := ctx.Value(routeKey{}).(*string); ok {
		*named = pattern
	}
}

// ValidRequestID accepts ids that are safe to echo and log: 8 to 64 letters, digits and dashes.
func ValidRequestID(id string) bool {
	if len(id) < 8 || len(id) > 64 {
		return false
	}
	for _, c := range id {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// NewRequestID returns 128 random bits in hex.
func NewRequestID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

type statusRecorder struct {
	http.ResponseWriter
	status      int
	bytes       int
	wroteHeader bool
}

func (r *statusRecorder) WriteHeader(code int) {
	if !r.wroteHeader {
		r.status, r.wroteHeader = code, true
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *statusRecorder) Write(b []byte) (int, error) {
	r.wroteHeader = true
	n, err := r.ResponseWriter.Write(b)
	r.bytes += n
	return n, err
}

// Unwrap lets http.ResponseController reach the underlying writer (flushing, deadlines).
func (r *statusRecorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

// Flush keeps streamed responses (proxied downloads) streaming.
func (r *statusRecorder) Flush() {
	if f, ok := r.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}
