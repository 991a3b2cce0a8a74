package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"linguaport/internal/httpx"
)

// The web tier's request limits (webui/nginx/default.conf.template), run by the real nginx with
// its default limits in front of a stand-in gateway. Clients connect from their own loopback
// addresses (Linux routes all of 127.0.0.0/8 to lo): 127.0.0.2 floods the API and is refused with
// 429, Retry-After and the site's error in tr and en, before anything reaches the gateway, while
// 127.0.0.3, browsing at the same time, is served throughout; a client's own X-Forwarded-For
// changes nothing, a trusted proxy's (127.0.0.4, NGINX_TRUSTED_PROXIES) names the bucket; the
// tight limits on sign-in, registration, password reset, uploads and the forms trip long before
// the general one.
func TestNginxLimitsRequestsPerClientAddress(t *testing.T) {
	gw := startCountingGateway(t)
	web, c := startNginxWith(t, gw.listener, 0, map[string]string{"NGINX_TRUSTED_PROXIES": "127.0.0.4"})

	// (a) 127.0.0.2 floods the API: the burst (100) is served, then about the rate (20 a
	// second); the rest are refused without reaching the gateway, in the language each asked for
	// (internal/httpx's ParseAcceptLanguage: the tr or en of highest quality, else tr).
	languages := []struct{ acceptLanguage, want string }{
		{"", "tr"}, {"tr-TR,tr;q=0.9,en;q=0.8", "tr"}, {"en-GB,en;q=0.9,tr;q=0.8", "en"}, {"de, en;q=0.5", "en"}, {"de", "tr"}, {"tr;q=0.2, en;q=0.7", "en"}, {"en;q=0, tr;q=0.1", "tr"},
	}
	// (b) Once the flood is being refused (200 requests on, of which some 184 answered), a person
	// on 127.0.0.3 browses, ten requests a fifth of a second apart; the flood goes on until then.
	refusing, browsed := make(chan struct{}), make(chan []int, 1)
	bystander := clientFrom(t, "127.0.0.3")
	go func() {
		<-refusing
		var statuses []int
		for range 10 {
			a, err := do(bystander, "GET", web+"/api/v1/geo/currency", nil)
			if err != nil {
				t.Errorf("(b) 127.0.0.3: %v", err)
			}
			statuses = append(statuses, a.status)
			time.Sleep(20 * time.Millisecond)
		}
		browsed <- statuses
	}()
	var statuses []int
	flood := sendMany(t, clientFrom(t, "127.0.0.2"), "GET", web+"/api/v1/geo/currency", 16, func(i int) http.Header {
		return http.Header{"Accept-Language": {languages[i%len(languages)].acceptLanguage}}
	}, func(i int) bool {
		if i == 200 {
			close(refusing)
		}
		if statuses == nil && i >= 400 {
			select {
			case statuses = <-browsed:
			default:
			}
		}
		return i < 400 || statuses == nil
	})
	flood.within(t, "GET /api/ from one address", 100, 20)
	if got := gw.seen("127.0.0.2"); got != flood.passed {
		t.Errorf("the gateway saw %d requests of 127.0.0.2, nginx let %d through", got, flood.passed)
	}
	asked := map[string]bool{}
	for i, a := range flood.refusals {
		l := languages[i%len(languages)]
		a.refusedAs(t, "Accept-Language "+l.acceptLanguage, l.want, "1")
		asked[l.acceptLanguage] = true
	}
	if len(asked) != len(languages) {
		t.Errorf("refusals answered only %d of the %d Accept-Language headers", len(asked), len(languages))
	}
	for i, status := range statuses {
		if status != http.StatusOK {
			t.Errorf("(b) 127.0.0.3's request %d during the flood: %d, want 200", i, status)
		}
	}

	// (c) A client's own X-Forwarded-For is not believed: 127.0.0.5 naming a new address on every
	// request still fills its own bucket, and the gateway is told 127.0.0.5.
	spoofed := burst(t, clientFrom(t, "127.0.0.5"), "GET", web+"/api/v1/geo/currency", 300, 16, func(i int) http.Header {
		return http.Header{"X-Forwarded-For": {fmt.Sprintf("203.0.113.%d", i%250+1)}}
	})
	spoofed.within(t, "GET /api/ from 127.0.0.5 naming other addresses", 100, 20)
	if got := gw.seen("127.0.0.5"); got != spoofed.passed {
		t.Errorf("the gateway was told 127.0.0.5 %d times, nginx let %d of its requests through", got, spoofed.passed)
	}
	// The trusted proxy's: the address it names is the client, its bucket and what the gateway
	// is told (the last address that is not a trusted proxy), and another client behind the same
	// proxy has a bucket of its own.
	behind := burst(t, clientFrom(t, "127.0.0.4"), "GET", web+"/api/v1/geo/currency", 300, 16, func(int) http.Header {
		return http.Header{"X-Forwarded-For": {"203.0.113.9, 198.51.100.7"}}
	})
	behind.within(t, "GET /api/ from 198.51.100.7 behind the trusted proxy", 100, 20)
	if got := gw.seen("198.51.100.7"); got != behind.passed {
		t.Errorf("the gateway was told 198.51.100.7 %d times, nginx let %d of its requests through", got, behind.passed)
	}
	if a := send(t, clientFrom(t, "127.0.0.4"), "GET", web+"/api/v1/geo/currency", http.Header{"X-Forwarded-For": {"198.51.100.8"}}); a.status != http.StatusOK {
		t.Errorf("another client behind the trusted proxy: %d, want 200", a.status)
	}
	if got := gw.seen("127.0.0.4"); got != 0 {
		t.Errorf("the gateway was told the proxy's own address %d times", got)
	}
	// The access log names the same clients (nginx writes a line once the answer is sent).
	var clients map[string]int
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		accessLog, err := os.ReadFile(filepath.Join(c.logDir(), "nginx-access.log"))
		if err != nil {
			t.Fatal(err)
		}
		clients = map[string]int{}
		for line := range strings.Lines(string(accessLog)) {
			addr, _, _ := strings.Cut(line, " ")
			clients[addr]++
		}
		if clients["198.51.100.7"] >= 300 && clients["127.0.0.5"] >= 300 || time.Now().After(deadline) {
			break
		}
	}
	if clients["198.51.100.7"] != 300 || clients["127.0.0.5"] != 300 || clients["127.0.0.4"] != 0 || clients["203.0.113.9"] != 0 {
		t.Errorf("the access log's clients: 198.51.100.7 %d (want 300), 127.0.0.5 %d (want 300), 127.0.0.4 %d, 203.0.113.9 %d (want 0)",
			clients["198.51.100.7"], clients["127.0.0.5"], clients["127.0.0.4"], clients["203.0.113.9"])
	}

	// (d) The tight limits: each path's own bucket, from an address of its own, trips after its
	// burst (defaults: 10, 30 for uploads) while the same address's general bucket (100) is far
	// from full; Retry-After is one request's time at the path's rate.
	for i, tight := range []struct {
		path         string
		burst        int
		perSecond    float64
		retryAfter   string
		kind, method string
	}{
		{"/api/v1/auth/login", 10, 10.0 / 60, "6", "sign-in", "POST"},
		{"/api/v1/auth/register", 10, 10.0 / 60, "6", "registration", "POST"},
		{"/api/v1/auth/password/forgot", 10, 10.0 / 60, "6", "password reset", "POST"},
		{"/api/v1/auth/password/reset", 10, 10.0 / 60, "6", "password reset", "POST"},
		{"/api/v1/orders/files", 30, 1, "1", "upload", "POST"},
		{"/api/v1/catalog/inquiries", 10, 10.0 / 60, "6", "contact form", "POST"},
		{"/api/v1/translators/applications", 10, 10.0 / 60, "6", "translator application", "POST"},
	} {
		client := clientFrom(t, fmt.Sprintf("127.0.1.%d", i+1))
		got := burst(t, client, tight.method, web+tight.path, tight.burst+20, 1, nil)
		got.within(t, tight.kind+" "+tight.path, tight.burst, tight.perSecond)
		got.last.refusedAs(t, tight.path, "tr", tight.retryAfter)
		if a := send(t, client, "GET", web+"/api/v1/geo/currency", nil); a.status != http.StatusOK {
			t.Errorf("%s: the address refused %s is refused everything: %d", tight.path, tight.kind, a.status)
		}
	}
	// One sign-in bucket whatever the gateway would make of the path: a trailing slash or a
	// doubled one is the same sign-in.
	client := clientFrom(t, "127.0.2.1")
	variants := burst(t, client, "POST", web+"/api/v1/auth/login", 12, 1, nil)
	variants.within(t, "sign-in", 10, 10.0/60)
	for _, path := range []string{"/api/v1/auth/login/", "/api/v1//auth/login"} {
		if a := send(t, client, "POST", web+path, nil); a.status != http.StatusTooManyRequests {
			t.Errorf("%s after the sign-in burst: %d, want 429", path, a.status)
		}
	}
	// Reading a page of the API on those paths is not a sign-in or an upload.
	if a := send(t, client, "GET", web+"/api/v1/orders/files", nil); a.status != http.StatusOK {
		t.Errorf("GET /api/v1/orders/files: %d", a.status)
	}
}

// The limits are the environment's (NGINX_*, the README's table), and NGINX_RATE_LIMITS=off
// counts nothing (the whole-stack tests, which call every route within seconds).
func TestNginxLimitsFollowTheEnvironment(t *testing.T) {
	gw := startCountingGateway(t)
	web, _ := startNginxWith(t, gw.listener, 0, map[string]string{
		"NGINX_SIGNIN_RATE": "2r/m", "NGINX_SIGNIN_BURST": "2", "NGINX_API_RATE": "1r/s", "NGINX_API_BURST": "5",
	})
	signIn := burst(t, clientFrom(t, "127.0.0.2"), "POST", web+"/api/v1/auth/login", 6, 1, nil)
	signIn.within(t, "sign-in at 2r/m, burst 2", 2, 2.0/60)
	signIn.last.refusedAs(t, "sign-in at 2r/m", "tr", "30")
	api := burst(t, clientFrom(t, "127.0.0.3"), "GET", web+"/api/v1/geo/currency", 20, 4, nil)
	api.within(t, "GET /api/ at 1r/s, burst 5", 5, 1)

	off, _ := startNginxWith(t, gw.listener, 0, map[string]string{"NGINX_RATE_LIMITS": "off"})
	if all := burst(t, clientFrom(t, "127.0.0.2"), "POST", off+"/api/v1/auth/login", 150, 8, nil); all.refused != 0 {
		t.Errorf("with NGINX_RATE_LIMITS=off %d of 150 sign-ins were refused", all.refused)
	}
}

// countingGateway stands in for the gateway: it answers every request 200 and counts them by
// the client nginx named in X-Forwarded-For.
type countingGateway struct {
	listener net.Listener
	mu       sync.Mutex
	clients  map[string]int
}

func startCountingGateway(t *testing.T) *countingGateway {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	g := &countingGateway{listener: l, clients: map[string]int{}}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		g.mu.Lock()
		g.clients[r.Header.Get("X-Forwarded-For")]++
		g.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		_, _ = fmt.Fprint(w, `{"ok":true}`)
	})}
	go func() { _ = srv.Serve(l) }()
	t.Cleanup(func() { _ = srv.Close() })
	return g
}

func (g *countingGateway) seen(client string) int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.clients[client]
}

// clientFrom is an HTTP client whose connections come from the loopback address ip.
func clientFrom(t *testing.T, ip string) *http.Client {
	dialer := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 5 * time.Second}
	transport := &http.Transport{DialContext: dialer.DialContext, MaxIdleConnsPerHost: 32}
	t.Cleanup(transport.CloseIdleConnections)
	return &http.Client{Transport: transport, Timeout: 10 * time.Second}
}

type answer struct {
	status int
	header http.Header
	body   []byte
}

// do sends one request (a small JSON body with POST) and reads its answer.
func do(client *http.Client, method, url string, header http.Header) (answer, error) {
	var body io.Reader
	if method == "POST" {
		body = strings.NewReader(`{}`)
	}
	req, err := http.NewRequestWithContext(context.Background(), method, url, body)
	if err != nil {
		return answer{}, err
	}
	for k, v := range header {
		req.Header[k] = v
	}
	resp, err := client.Do(req)
	if err != nil {
		return answer{}, fmt.Errorf("%s %s: %w", method, url, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return answer{}, fmt.Errorf("%s %s: %w", method, url, err)
	}
	return answer{resp.StatusCode, resp.Header, b}, nil
}

// send is do from the test's goroutine, which ends the test when the request fails.
func send(t *testing.T, client *http.Client, method, url string, header http.Header) answer {
	t.Helper()
	a, err := do(client, method, url, header)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// refusedAs checks a is the web tier's 429: the platform's rate-limit error (internal/httpx's
// ErrRateLimited, the services' words) in lang, with Retry-After and the site's security headers.
func (a answer) refusedAs(t *testing.T, what, lang, retryAfter string) {
	t.Helper()
	var body struct {
		Error map[string]any `json:"error"`
	}
	want := httpx.ErrRateLimited.Message.EN
	if lang == "tr" {
		want = httpx.ErrRateLimited.Message.TR
	}
	if a.status != http.StatusTooManyRequests || json.Unmarshal(a.body, &body) != nil || len(body.Error) != 2 ||
		body.Error["code"] != httpx.ErrRateLimited.Code || body.Error["message"] != want {
		t.Errorf("%s: %d %s, want 429 %s %q", what, a.status, a.body, httpx.ErrRateLimited.Code, want)
	}
	if a.header.Get("Retry-After") != retryAfter || a.header.Get("Content-Type") != "application/json; charset=utf-8" ||
		a.header.Get("Cache-Control") != "no-store" || a.header.Get("X-Content-Type-Options") != "nosniff" || a.header.Get("Content-Security-Policy") == "" {
		t.Errorf("%s: headers %v, want Retry-After %s, JSON, no-store and the security headers", what, a.header, retryAfter)
	}
}

// flood is what n requests sent as fast as possible got.
type flood struct {
	passed, refused int
	took            time.Duration
	last            answer         // the last refusal
	refusals        map[int]answer // by request
}

// burst sends n requests from client over conc connections at once; header, when not nil, gives
// request i's headers.
func burst(t *testing.T, client *http.Client, method, url string, n, conc int, header func(i int) http.Header) flood {
	t.Helper()
	return sendMany(t, client, method, url, conc, header, func(i int) bool { return i < n })
}

// sendMany is burst sending request i while more(i).
func sendMany(t *testing.T, client *http.Client, method, url string, conc int, header func(i int) http.Header, more func(i int) bool) flood {
	t.Helper()
	var (
		mu    sync.Mutex
		f     = flood{refusals: map[int]answer{}}
		wg    sync.WaitGroup
		next  = make(chan int)
		start = time.Now()
	)
	for range conc {
		wg.Go(func() {
			for i := range next {
				var h http.Header
				if header != nil {
					h = header(i)
				}
				a, err := do(client, method, url, h)
				mu.Lock()
				switch {
				case err != nil:
					t.Error(err)
				case a.status == http.StatusOK:
					f.passed++
				case a.status == http.StatusTooManyRequests:
					f.refused++
					f.last = a
					f.refusals[i] = a
				default:
					t.Errorf("%s %s: %d %s", method, url, a.status, a.body)
				}
				mu.Unlock()
			}
		})
	}
	for i := 0; more(i); i++ {
		next <- i
	}
	close(next)
	wg.Wait()
	f.took = time.Since(start)
	return f
}

// within checks a flood was let through as a bucket of burst and rate (requests a second) lets
// it: the first request and the burst at once, then what the rate adds while it lasted; the
// rest refused.
func (f flood) within(t *testing.T, what string, burst int, rate float64) {
	t.Helper()
	most := burst + 1 + int(math.Ceil(rate*f.took.Seconds()))
	if f.passed < burst+1 || f.passed > most || f.refused == 0 {
		t.Errorf("%s: %d served and %d refused in %s, want %d–%d served and the rest refused", what, f.passed, f.refused, f.took.Round(time.Millisecond), burst+1, most)
	}
	t.Logf("%s: %d served, %d refused in %s", what, f.passed, f.refused, f.took.Round(time.Millisecond))
}
