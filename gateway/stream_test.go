package main

import (
	"bufio"
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"linguaport/internal/contract"
	"linguaport/internal/httpx"
	"linguaport/internal/testenv"
)

// An event stream (live support, svc-catalog/chat) passes through as it is written: each event
// reaches the client while the service is still holding the answer open, the stream outlives
// the route's timeout, and the client leaving ends the service's side.
func TestEventStreamsFlowThroughAndEndWithTheClient(t *testing.T) {
	c := testenv.Consul(t)
	svc := serviceName(t)
	prefix := contract.PrefixOf(svc)
	send := make(chan string)
	gone := make(chan struct{})
	mux := http.NewServeMux()
	mux.HandleFunc("/healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusOK) })
	mux.HandleFunc(prefix+"/events", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		w.WriteHeader(http.StatusOK)
		rc := http.NewResponseController(w)
		_, _ = fmt.Fprint(w, "retry: 1000\n\n")
		_ = rc.Flush()
		for {
			select {
			case <-r.Context().Done():
				close(gone)
				return
			case data := <-send:
				_, _ = fmt.Fprintf(w, "event: message\ndata: %s\n\n", data)
				_ = rc.Flush()
			}
		}
	})
	mux.HandleFunc(prefix+"/x", func(w http.ResponseWriter, _ *http.Request) {
		_ = httpx.WriteJSON(w, http.StatusOK, map[string]string{"instance": "streamer"})
	})
	addr := serve(t, mux)
	const timeout = 300 * time.Millisecond
	dereg, err := register(c, contract.New(svc, contract.Limits{TimeoutMs: timeout.Milliseconds(), MaxBody: 16}, nil), addr.Port)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(dereg)
	gw := startGateway(t, httpx.LoopbackOnly)
	waitInstances(t, gw+prefix+"/x", 1)

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", gw+prefix+"/events", nil)
	req.Header.Set("Accept", "text/event-stream")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		t.Fatalf("stream: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	lines := make(chan string, 16)
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
		want := fmt.Sprintf("event %d", i)
		send <- want
		select {
		case got, ok := <-lines:
			if !ok || got != want {
				t.Fatalf("got %q (open %v), want %q", got, ok, want)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%q did not come through while the stream is open: the gateway buffers it", want)
		}
		// The next event comes after the route's timeout: a stream is not cut by it.
		time.Sleep(timeout)
	}

	cancel()
	select {
	case <-gone:
	case <-time.After(5 * time.Second):
		t.Fatal("the client left but the service's stream is still open")
	}
}

func TestEventStreamsAreToldByTheirMediaType(t *testing.T) {
	for ct, want := range map[string]bool{
		"text/event-stream": true, "text/event-stream; charset=utf-8": true, "Text/Event-Stream ;charset=utf-8": true, " text/event-stream": true,
		"text/event-streams": false, "text/event": false, "application/json": false, "": false, "text/event-stream-x; a=b": false,
	} {
		if got := isEventStream(&http.Response{Header: http.Header{"Content-Type": {ct}}}); got != want {
			t.Errorf("isEventStream(%q) = %v, want %v", ct, got, want)
		}
	}
}

// The service is asked for the client's path and query as sent, except a query parsers could
// read differently (semicolons, bad escapes), which is re-encoded as httputil does.
func TestRequestURIWrittenToTheService(t *testing.T) {
	for target, want := range map[string]string{
		"/api/v1/geo/lookup?ip=88.255.0.1":                "/api/v1/geo/lookup?ip=88.255.0.1",
		"/api/v1/blog/posts/a%2Fb?tag=%C3%A7eviri&page=2": "/api/v1/blog/posts/a%2Fb?tag=%C3%A7eviri&page=2",
		"/api/v1/geo/lookup?":                             "/api/v1/geo/lookup?",
		"/api/v1/geo/lookup?a=1;b=2&c=3":                  "/api/v1/geo/lookup?c=3",
		"/api/v1/geo/lookup?a=%zz&c=3":                    "/api/v1/geo/lookup?c=3",
	} {
		u, err := url.ParseRequestURI(target)
		if err != nil {
			t.Fatal(err)
		}
		var sb strings.Builder
		bw := bufio.NewWriter(&sb)
		writeRequestURI(bw, u)
		_ = bw.Flush()
		if sb.String() != want {
			t.Errorf("%s written as %s, want %s", target, sb.String(), want)
		}
	}
}
