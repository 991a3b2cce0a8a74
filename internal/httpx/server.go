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
	"path"
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

	"linguaport/internal/i18n"
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
		Handler:           appFirst{mux: mux, app: app},
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       120 * time.Second,
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
	}
	return s
}

// appFirst hands the application's requests straight to it, and only the operations paths and
// requests ServeMux would redirect (unclean paths) or treat apart (CONNECT) to the mux. Its
// pattern matching allocated on every request only to pick "/" again.
type appFirst struct {
	mux *http.ServeMux
	app http.Handler
}

func (h appFirst) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch r.URL.Path {
	case "/healthz", "/readyz", "/metrics":
		h.mux.ServeHTTP(w, r)
		return
	}
	if p := r.URL.EscapedPath(); r.Method == http.MethodConnect || cleanPath(p) != p {
		h.mux.ServeHTTP(w, r)
		return
	}
	r.Pattern = "/" // as the mux's catch-all would name it
	h.app.ServeHTTP(w, r)
}

// cleanPath is ServeMux's: the canonical form of p, which it redirects any other form to.
func cleanPath(p string) string {
	if p == "" {
		return "/"
	}
	if p[0] != '/' {
		p = "/" + p
	}
	np := path.Clean(p)
	// path.Clean removes a trailing slash except for the root; put it back.
	if p[len(p)-1] == '/' && np != "/" {
		if len(p) == len(np)+1 && strings.HasPrefix(p, np) {
			np = p
		} else {
			np += "/"
		}
	}
	return np
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
// written out rather than taken from otelhttp, whose wrappers cost the gateway a tenth of its CPU,
// and allocates as little as it can: it runs for every request of every process.
func instrument(next http.Handler, log *slog.Logger, accessLog bool, requests *prometheus.CounterVec, latency *prometheus.HistogramVec, tracer trace.Tracer) http.Handler {
	series := &metricSeries{requests: requests, latency: latency}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		ctx := otel.GetTextMapPropagator().Extract(r.Context(), traceCarrier(r.Header))
		ctx, span := tracer.Start(ctx, r.Method, serverSpan...)
		defer span.End()
		info := &requestInfo{id: r.Header.Get("X-Request-Id"), lang: ParseAcceptLanguage(r.Header.Get("Accept-Language"))}
		if !ValidRequestID(info.id) {
			// The request's trace id, as nginx gives it (devstack), when there is one: already
			// random, and one id less to tell apart in the logs.
			if sc := span.SpanContext(); sc.HasTraceID() {
				info.id = sc.TraceID().String()
			} else {
				info.id = NewRequestID()
			}
		}
		id := info.id
		info.idHeader[0] = id
		w.Header()["X-Request-Id"] = info.idHeader[:]
		ctx = logging.WithRequestScope(ctx, info)
		r = r.WithContext(ctx)

		rec := &info.rec
		*rec = statusRecorder{ResponseWriter: w, status: http.StatusOK}
		next.ServeHTTP(rec, r)

		elapsed := time.Since(start)
		route := r.Pattern
		if info.route != "" {
			route = info.route
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
		series.observe(route, metricMethod(r.Method), rec.status, elapsed)
		if accessLog || rec.status >= 500 || info.aborted {
			level := slog.LevelInfo
			switch {
			case info.aborted:
				level = slog.LevelWarn
			case rec.status == http.StatusServiceUnavailable:
				// A dependency is down, which its own warning already names: every request
				// answered meanwhile is not another error.
				level = slog.LevelWarn
			case rec.status >= 500:
				level = slog.LevelError
			}
			logging.Access(ctx, log, level, r.Method, r.URL.Path, rec.status, rec.bytes, float64(elapsed.Microseconds())/1000, r.RemoteAddr)
		}
		if info.aborted {
			panic(http.ErrAbortHandler) // net/http closes the connection, quietly
		}
	})
}

// serverSpan is the server span's option, made once: a fresh one per request is an allocation.
var serverSpan = []trace.SpanStartOption{trace.WithSpanKind(trace.SpanKindServer)}

// requestInfo is what the server keeps about a request in its context (one value, as
// logging.RequestScope): its id, its language, and the route a handler behind a catch-all names
// (SetRoute); with it, in the same allocation, the answer's recorder and request id header.
type requestInfo struct {
	id       string
	lang     i18n.Lang
	route    string
	aborted  bool
	idHeader [1]string
	rec      statusRecorder
}

// AbortAnswer has the client's connection cut once the handler returns and the answer is
// recorded, for an answer that broke off after it began: cut, it is seen as incomplete, where
// ending it normally (a chunked answer's last chunk) would pass a short answer off as whole.
// Panicking with http.ErrAbortHandler in the handler does the same only when nothing between
// it and the server recovers panics (Gin's recovery takes that one for a broken pipe).
func AbortAnswer(ctx context.Context) {
	if info, ok := logging.Scope(ctx).(*requestInfo); ok {
		info.aborted = true
	}
}

func (i *requestInfo) RequestID() string { return i.id }

// SetRoute names the route a request matched, for its metrics and span, when the handler that
// knows it sits behind a catch-all pattern (the gateway proxies whole prefixes; its access rules
// know the route). pattern must come from a fixed set, never from the request, or the metrics'
// label values would grow without bound.
func SetRoute(ctx context.Context, pattern string) {
	if info, ok := logging.Scope(ctx).(*requestInfo); ok {
		info.route = pattern
	}
}

// traceCarrier reads the trace propagators' headers without canonicalising their lower-case
// names on every request, which http.Header.Get does by allocating a new string.
type traceCarrier http.Header

func (c traceCarrier) Get(key string) string {
	var vv []string
	switch key {
	case "traceparent":
		vv = c["Traceparent"]
	case "tracestate":
		vv = c["Tracestate"]
	case "baggage":
		vv = c["Baggage"]
	default:
		return http.Header(c).Get(key)
	}
	if len(vv) == 0 {
		return ""
	}
	return vv[0]
}

func (c traceCarrier) Set(key, value string) { http.Header(c).Set(key, value) }

func (c traceCarrier) Keys() []string { return propagation.HeaderCarrier(c).Keys() }

// metricSeries records answers in the request counter and latency histogram. The series of a
// route, method and status are looked up once and kept: the label values are hashed and
// checked on every WithLabelValues, and a process answers from a fixed, small set of them.
type metricSeries struct {
	requests *prometheus.CounterVec
	latency  *prometheus.HistogramVec
	known    sync.Map // seriesKey → *seriesHandles
}

// metricMethod is a request's method as a metric label: one of HTTP's own, or _OTHER (as
// OpenTelemetry's conventions name it), since a client may send any token as a method and
// label values must come from a bounded set.
func metricMethod(m string) string {
	switch m {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
		http.MethodDelete, http.MethodOptions, http.MethodConnect, http.MethodTrace:
		return m
	}
	return "_OTHER"
}

type seriesKey struct {
	route, method string
	status        int
}

type seriesHandles struct {
	requests prometheus.Counter
	latency  prometheus.Observer
}

func (m *metricSeries) observe(route, method string, status int, elapsed time.Duration) {
	key := seriesKey{route, method, status}
	h, ok := m.known.Load(key)
	if !ok {
		h, _ = m.known.LoadOrStore(key, &seriesHandles{
			requests: m.requests.WithLabelValues(route, method, strconv.Itoa(status)),
			latency:  m.latency.WithLabelValues(route, method),
		})
	}
	handles := h.(*seriesHandles)
	handles.requests.Inc()
	handles.latency.Observe(elapsed.Seconds())
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
