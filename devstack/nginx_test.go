package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"linguaport/internal/config"
	"linguaport/internal/proc"
)

// The web UI's nginx server block (webui/nginx/default.conf.template), run by the real nginx in
// front of a stand-in gateway: the event streams (live support's, staff's live notices) pass
// through event by event, never compressed, and end upstream when the browser leaves.
func TestNginxPassesEventStreamsThrough(t *testing.T) {
	send := make(chan string)
	gone := make(chan string, 4)
	gw, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasSuffix(r.URL.Path, "/events") {
			w.Header().Set("Content-Type", "application/json")
			_, _ = fmt.Fprint(w, `{"ok":true}`)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream; charset=utf-8")
		w.WriteHeader(http.StatusOK)
		rc := http.NewResponseController(w)
		_, _ = fmt.Fprint(w, "retry: 3000\n\n")
		_ = rc.Flush()
		for {
			select {
			case <-r.Context().Done():
				gone <- r.URL.Path
				return
			case data := <-send:
				// Small events: a buffering or compressing proxy would sit on them.
				_, _ = fmt.Fprintf(w, "event: message\ndata: %s\n\n", data)
				_ = rc.Flush()
			}
		}
	})}
	go func() { _ = srv.Serve(gw) }()
	t.Cleanup(func() { _ = srv.Close() })

	web := startNginx(t, gw)

	for _, stream := range []string{"/api/v1/catalog/chat/conversations/c1/events", "/api/v1/catalog/admin/chat/events", "/api/v1/auth/admin/live/events"} {
		ctx, cancel := context.WithCancel(context.Background())
		req, _ := http.NewRequestWithContext(ctx, "GET", web+stream+"?token=t", nil)
		req.Header.Set("Accept", "text/event-stream")
		req.Header.Set("Accept-Encoding", "gzip, br")
		// A proxy holding the stream back holds its head back too: wait for it for a while only.
		held := time.AfterFunc(5*time.Second, cancel)
		resp, err := http.DefaultTransport.RoundTrip(req)
		if err != nil || !held.Stop() {
			cancel()
			t.Fatalf("%s: no answer within 5 s: %v", stream, err)
		}
		if resp.StatusCode != 200 || resp.Header.Get("Content-Encoding") != "" {
			t.Fatalf("%s: %d, encoding %q", stream, resp.StatusCode, resp.Header.Get("Content-Encoding"))
		}
		lines := make(chan string, 8)
		go func() {
			sc := bufio.NewScanner(resp.Body)
			for sc.Scan() {
				if data, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
					lines <- data
				}
			}
			close(lines)
		}()
		for i := range 3 {
			want := fmt.Sprintf("e%d", i)
			select {
			case send <- want:
			case <-time.After(5 * time.Second):
				t.Fatalf("%s: the stream never reached the gateway", stream)
			}
			select {
			case got := <-lines:
				if got != want {
					t.Fatalf("%s: got %q, want %q", stream, got, want)
				}
			case <-time.After(5 * time.Second):
				t.Fatalf("%s: %q was held back by nginx while the stream is open", stream, want)
			}
		}
		cancel()
		resp.Body.Close()
		select {
		case path := <-gone:
			if path != stream {
				t.Fatalf("closed %s, want %s", path, stream)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: the browser left but the stream upstream is still open", stream)
		}
	}
}

// startNginx runs the real nginx with the web UI's server block in front of the stand-in gateway
// listening on gw, and answers the site's address.
func startNginx(t *testing.T, gw net.Listener) string {
	t.Helper()
	return startNginxTracing(t, gw, 0)
}

// startNginxTracing is startNginx sending nginx's spans to the OTLP/HTTP receiver on otlpPort.
func startNginxTracing(t *testing.T, gw net.Listener, otlpPort int) string {
	t.Helper()
	web, _ := startNginxWith(t, gw, otlpPort, nil)
	return web
}

// startNginxWith is startNginxTracing with env as devstack's environment (the web tier's NGINX_*
// variables); it also answers the configuration it ran, whose logDir holds nginx's logs.
func startNginxWith(t *testing.T, gw net.Listener, otlpPort int, env map[string]string) (string, stackConfig) {
	t.Helper()
	if _, err := os.Stat("/usr/sbin/nginx"); err != nil {
		t.Fatal("nginx is not installed: make test-deps installs it")
	}
	root, err := proc.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	free, err := proc.FreePorts(1)
	if err != nil {
		t.Fatal(err)
	}
	webPort := free[0]
	c := stackConfig{root: root, dataDir: t.TempDir(), ports: map[string]int{
		"DEVSTACK_WEB_PORT": webPort, "DEVSTACK_GATEWAY_PORT": gw.Addr().(*net.TCPAddr).Port, "DEVSTACK_JAEGER_OTLP_PORT": otlpPort,
	}, env: config.FromMap(env)}
	for _, dir := range []string{c.logDir(), filepath.Join(c.dataDir, "nginx")} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	path, err := writeNginx(c)
	if err != nil {
		t.Fatal(err)
	}
	p, err := proc.Start("nginx", "-p", filepath.Join(c.dataDir, "nginx"), "-c", path, "-e", "stderr", "-g", "daemon off;")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.Stop)
	web := fmt.Sprintf("http://127.0.0.1:%d", webPort)
	if err := proc.WaitFor(10*time.Second, func() error {
		resp, err := http.Get(web + "/api/v1/nginx-started")
		if err == nil {
			resp.Body.Close()
		}
		return err
	}); err != nil {
		t.Fatalf("nginx did not start: %v\n%s", err, p.Output())
	}

	return web, c
}

// A post staff published after the build has no prerendered page: nginx asks svc-catalog whether
// it is published and serves the SPA shell with 200 (the page fetches the post); an unknown slug
// still gets the shell with status 404, and a prerendered post its own page.
func TestNginxServesPostsPublishedSinceTheBuild(t *testing.T) {
	asked := make(chan string, 16)
	gw, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/api/v1/catalog/blog/") {
			asked <- r.Method + " " + r.URL.Path
		}
		switch r.URL.Path {
		case "/api/v1/catalog/blog/tr/yeni-yazi", "/api/v1/catalog/blog/en/new-post":
			w.Header().Set("Content-Type", "application/json")
			_, _ = fmt.Fprint(w, `{"slug":"new"}`)
		default:
			http.NotFound(w, r)
		}
	})}
	go func() { _ = srv.Serve(gw) }()
	t.Cleanup(func() { _ = srv.Close() })
	web := startNginx(t, gw)
	root, _ := proc.RepoRoot()
	shell, err := os.ReadFile(filepath.Join(root, "webui", "dist", "index.html"))
	if err != nil {
		t.Fatal("the web UI is not built: make webui builds it")
	}
	seeded, _ := filepath.Glob(filepath.Join(root, "webui", "dist", "tr", "blog", "*", "index.html"))
	if len(seeded) == 0 {
		t.Fatal("no prerendered post in webui/dist")
	}
	get := func(path string) (int, string) {
		t.Helper()
		resp, err := http.Get(web + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var b strings.Builder
		_, _ = bufio.NewReader(resp.Body).WriteTo(&b)
		return resp.StatusCode, b.String()
	}
	for path, want := range map[string]int{"/tr/blog/yeni-yazi": 200, "/en/blog/new-post/": 200, "/tr/blog/boyle-bir-yazi-yok": 404, "/en/blog/Not%20A%20Slug": 404} {
		status, body := get(path)
		if status != want || body != string(shell) {
			t.Errorf("%s: %d (want %d), the SPA shell: %v\n%.300s", path, status, want, body == string(shell), body)
		}
	}
	post := filepath.Base(filepath.Dir(seeded[0]))
	for len(asked) > 0 {
		<-asked
	}
	if status, body := get("/tr/blog/" + post); status != 200 || body == string(shell) {
		t.Errorf("the prerendered %s: %d, its own page: %v", post, status, body != string(shell))
	}
	select {
	case q := <-asked:
		t.Errorf("a prerendered post asked svc-catalog: %s", q)
	default:
	}
}

// nginx begins every request's trace (webui/nginx/default.conf.template, lp_trace.lua): the
// upstream's traceparent names nginx's span (the request id's last 16 hex digits) in the trace
// the request came with, or, without a valid one, in a new trace whose id is nginx's request id;
// nginx sends that span to the OTLP/HTTP receiver, with the caller's span as its parent. An
// unsampled trace stays unsampled and is not sent; an invalid traceparent is replaced and its
// tracestate dropped. The API, live support's event streams and the published-post subrequest
// all pass it on; pages and files from disk make no span.
func TestNginxBeginsTheTrace(t *testing.T) {
	type seen struct{ path, requestID, traceparent, tracestate string }
	got := make(chan seen, 16)
	gw, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/v1/nginx-started" { // startNginx's probe
			got <- seen{r.URL.Path, r.Header.Get("X-Request-Id"), r.Header.Get("Traceparent"), r.Header.Get("Tracestate")}
		}
		w.Header().Set("Content-Type", "application/json")
		if r.URL.Path == "/api/v1/geo/broken" {
			w.WriteHeader(http.StatusBadGateway)
		}
		_, _ = fmt.Fprint(w, `{}`)
	})}
	go func() { _ = srv.Serve(gw) }()
	t.Cleanup(func() { _ = srv.Close() })
	otlp := startOTLPReceiver(t)
	web := startNginxTracing(t, gw, otlp.port)

	send := func(path string, header ...string) seen {
		t.Helper()
		req, _ := http.NewRequest(http.MethodGet, web+path, nil)
		for i := 0; i+1 < len(header); i += 2 {
			req.Header.Set(header[i], header[i+1])
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		select {
		case s := <-got:
			return s
		case <-time.After(5 * time.Second):
			t.Fatalf("%s never reached the upstream", path)
			return seen{}
		}
	}
	requestID := regexp.MustCompile(`^[0-9a-f]{32}$`)
	nginxSpan := func(s seen) string {
		t.Helper()
		if !requestID.MatchString(s.requestID) {
			t.Fatalf("%s: request id %q is not 32 hex digits", s.path, s.requestID)
		}
		return s.requestID[16:]
	}

	const caller = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"
	type want struct{ trace, span, parent, name string }
	var sent []want
	spanNames := map[string]string{"/api/v1/geo/currency": "GET /api/", "/api/v1/catalog/admin/chat/events": "GET /api/"}
	for _, path := range []string{"/api/v1/geo/currency", "/api/v1/catalog/admin/chat/events", "/tr/blog/yeni-yazi"} {
		s := send(path)
		if want := "00-" + s.requestID + "-" + nginxSpan(s) + "-01"; s.traceparent != want || s.tracestate != "" {
			t.Errorf("%s without a traceparent: upstream got %q (tracestate %q), want %q", path, s.traceparent, s.tracestate, want)
		}
		if name, ok := spanNames[path]; ok { // the blog page's span is its own request's, not the subrequest's
			sent = append(sent, want{s.requestID, nginxSpan(s), "", name})
		}
		s = send(path, "traceparent", caller, "tracestate", "vendor=1")
		if want := "00-4bf92f3577b34da6a3ce929d0e0e4736-" + nginxSpan(s) + "-01"; s.traceparent != want || s.tracestate != "vendor=1" {
			t.Errorf("%s with a caller's traceparent: upstream got %q (tracestate %q), want %q", path, s.traceparent, s.tracestate, want)
		}
	}
	s := send("/api/v1/geo/currency", "traceparent", caller)
	sent = append(sent, want{"4bf92f3577b34da6a3ce929d0e0e4736", nginxSpan(s), "00f067aa0ba902b7", "GET /api/"})
	unsampled := send("/api/v1/geo/currency", "traceparent", "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00")
	if want := "00-4bf92f3577b34da6a3ce929d0e0e4736-" + nginxSpan(unsampled) + "-00"; unsampled.traceparent != want {
		t.Errorf("an unsampled trace: upstream got %q, want %q", unsampled.traceparent, want)
	}
	for _, bad := range []string{
		"garbage",
		"00-00000000000000000000000000000000-00f067aa0ba902b7-01", // all-zero trace id
		"00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01", // all-zero span id
		"00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01", // upper case
		"00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-extra",
	} {
		s := send("/api/v1/geo/currency", "traceparent", bad, "tracestate", "vendor=1")
		if want := "00-" + s.requestID + "-" + nginxSpan(s) + "-01"; s.traceparent != want || s.tracestate != "" {
			t.Errorf("invalid %q: upstream got %q (tracestate %q), want %q and no tracestate", bad, s.traceparent, s.tracestate, want)
		}
	}
	broken := send("/api/v1/geo/broken")
	resp, err := http.Get(web + "/robots.txt") // from disk: no span
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()

	spans := otlp.await(t, func(spans map[string]otlpSpan) bool { _, ok := spans[nginxSpan(broken)]; return ok })
	for _, w := range sent {
		sp, ok := spans[w.span]
		switch {
		case !ok:
			t.Errorf("no span %s sent (trace %s)", w.span, w.trace)
		case sp.TraceID != w.trace || sp.ParentSpanID != w.parent || sp.Name != w.name || sp.Kind != 2 || sp.service != "nginx":
			t.Errorf("span %s: %+v, want trace %s, parent %q, name %q, server kind, service nginx", w.span, sp, w.trace, w.parent, w.name)
		case sp.attr("http.response.status_code") != "200" || sp.attr("http.request.method") != "GET" || !strings.HasPrefix(sp.attr("url.path"), "/api/v1/") ||
			sp.Status.Code != 0 || sp.start() > sp.end():
			t.Errorf("span %s: attributes %v, status %d, times %d–%d", w.span, sp.Attributes, sp.Status.Code, sp.start(), sp.end())
		}
	}
	if sp := spans[nginxSpan(broken)]; sp.Status.Code != 2 || sp.attr("http.response.status_code") != "502" || sp.attr("http.request.id") != broken.requestID {
		t.Errorf("a 502's span: %+v", sp)
	}
	if _, ok := spans[nginxSpan(unsampled)]; ok {
		t.Error("an unsampled trace's span was sent")
	}
	for _, sp := range spans {
		if p := sp.attr("url.path"); !strings.HasPrefix(p, "/api/") && !strings.HasPrefix(p, "/tr/blog/") {
			t.Errorf("a span for %s, which nginx served from disk", p)
		}
	}
}

// otlpReceiver is an OTLP/HTTP endpoint taking JSON, as the collector's does: the spans it got.
type otlpReceiver struct {
	port  int
	mu    sync.Mutex
	spans map[string]otlpSpan
}

type otlpSpan struct {
	TraceID           string `json:"traceId"`
	SpanID            string `json:"spanId"`
	ParentSpanID      string `json:"parentSpanId"`
	Name              string `json:"name"`
	Kind              int    `json:"kind"`
	StartTimeUnixNano string `json:"startTimeUnixNano"`
	EndTimeUnixNano   string `json:"endTimeUnixNano"`
	Attributes        []struct {
		Key   string `json:"key"`
		Value struct {
			StringValue *string `json:"stringValue"`
			IntValue    *string `json:"intValue"`
		} `json:"value"`
	} `json:"attributes"`
	Status  struct{ Code int } `json:"status"`
	service string
}

func (s otlpSpan) attr(key string) string {
	for _, a := range s.Attributes {
		if a.Key == key && a.Value.StringValue != nil {
			return *a.Value.StringValue
		}
		if a.Key == key && a.Value.IntValue != nil {
			return *a.Value.IntValue
		}
	}
	return ""
}

func (s otlpSpan) start() int64 { n, _ := strconv.ParseInt(s.StartTimeUnixNano, 10, 64); return n }
func (s otlpSpan) end() int64   { n, _ := strconv.ParseInt(s.EndTimeUnixNano, 10, 64); return n }

func startOTLPReceiver(t *testing.T) *otlpReceiver {
	t.Helper()
	o := &otlpReceiver{spans: map[string]otlpSpan{}}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body struct {
			ResourceSpans []struct {
				Resource struct {
					Attributes []struct {
						Key   string
						Value struct{ StringValue string }
					}
				}
				ScopeSpans []struct{ Spans []otlpSpan }
			} `json:"resourceSpans"`
		}
		if r.Method != http.MethodPost || r.URL.Path != "/v1/traces" || r.Header.Get("Content-Type") != "application/json" {
			http.Error(w, "not OTLP/HTTP JSON", http.StatusBadRequest)
			return
		}
		if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
			t.Errorf("nginx sent malformed OTLP JSON: %v", err)
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		o.mu.Lock()
		defer o.mu.Unlock()
		for _, rs := range body.ResourceSpans {
			service := ""
			for _, a := range rs.Resource.Attributes {
				if a.Key == "service.name" {
					service = a.Value.StringValue
				}
			}
			for _, ss := range rs.ScopeSpans {
				for _, sp := range ss.Spans {
					sp.service = service
					o.spans[sp.SpanID] = sp
				}
			}
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = fmt.Fprint(w, `{}`)
	}))
	t.Cleanup(srv.Close)
	o.port = srv.Listener.Addr().(*net.TCPAddr).Port
	return o
}

// await returns the spans received once done says they are complete (nginx sends twice a second).
func (o *otlpReceiver) await(t *testing.T, done func(map[string]otlpSpan) bool) map[string]otlpSpan {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		o.mu.Lock()
		ok := done(o.spans)
		spans := maps.Clone(o.spans)
		o.mu.Unlock()
		if ok {
			time.Sleep(time.Second) // anything sent with it, or late
			o.mu.Lock()
			defer o.mu.Unlock()
			return maps.Clone(o.spans)
		}
		if time.Now().After(deadline) {
			t.Fatalf("nginx's spans did not arrive; got %d", len(spans))
		}
	}
}
