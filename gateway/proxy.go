package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"mime"
	"net"
	"net/http"
	"net/http/httputil"
	"sync"
	"sync/atomic"
	"time"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/propagation"

	"linguaport/internal/contract"
	"linguaport/internal/httpx"
	"linguaport/internal/i18n"
)

// forwardedHeaders are the only client request headers a service ever sees. Anything else,
// notably identity headers such as X-User-Id that only the gateway may set after checking a
// token, is dropped here.
var forwardedHeaders = []string{
	"Accept", "Accept-Encoding", "Accept-Language", "Authorization", "Cache-Control", "Content-Type",
	"Cookie", "Idempotency-Key", "If-Match", "If-Modified-Since", "If-None-Match", "If-Unmodified-Since",
	"Last-Event-ID", // where a reconnecting event stream resumes
	"Origin", "Range", "Referer", "User-Agent", "X-Request-Id",
	"X-Chat-Token",     // a visitor's hold on their live support conversation (svc-catalog/chat)
	"X-Upload-Token",   // a visitor's hold on the documents they uploaded (svc-orders/API.md)
	"Stripe-Signature", // the payment provider's proof on its webhooks (svc-billing/API.md)
}

// maxAttempts bounds how many instances one request may try.
const maxAttempts = 3

var errNoInstance = errors.New("no healthy instance")

// upstream proxies one area's requests to its service's instances.
type upstream struct {
	service string
	trusted httpx.TrustedProxies
	proxy   *httputil.ReverseProxy
}

func newUpstream(service string, trusted httpx.TrustedProxies, transport http.RoundTripper) *upstream {
	u := &upstream{service: service, trusted: trusted}
	u.proxy = &httputil.ReverseProxy{
		Rewrite:      u.rewrite,
		Transport:    &balancer{next: transport},
		ErrorHandler: u.fail,
		BufferPool:   copyBuffers,
		ModifyResponse: func(resp *http.Response) error {
			// The gateway already answers with the request id; a second copy would only confuse.
			resp.Header.Del("X-Request-Id")
			if isEventStream(resp) {
				// A stream lasts as long as its reader stays; the client leaving still ends it.
				if lift, ok := resp.Request.Context().Value(liftTimeoutKey{}).(func() bool); ok {
					lift()
				}
			}
			return nil
		},
	}
	return u
}

// serve passes r on to the instances at addrs, tried in turn, within its route's limits.
func (u *upstream) serve(w http.ResponseWriter, r *http.Request, limits contract.Limits, addrs []string) {
	limit, upload := bodyLimit(limits, r)
	if r.ContentLength > limit {
		httpx.EncodeError(r.Context(), httpx.ErrBodyTooLarge, w)
		return
	}
	if r.Body != nil && r.Body != http.NoBody {
		r.Body = http.MaxBytesReader(w, r.Body, limit)
		// A small body of unknown length is read here whole, so one over the limit is refused
		// before the service sees a byte of it; uploads stream through under their limit.
		if !upload && r.ContentLength < 0 {
			body, err := io.ReadAll(r.Body)
			if err != nil {
				u.fail(w, r, err)
				return
			}
			r.Body, r.ContentLength, r.TransferEncoding = io.NopCloser(bytes.NewReader(body)), int64(len(body)), nil
		}
	}
	// The route's timeout bounds the whole exchange, unless the answer turns out to be an event
	// stream (ModifyResponse lifts it): then only the client leaving ends it. httputil flushes
	// each write of a text/event-stream answer at once.
	ctx, cancel := context.WithCancelCause(r.Context())
	defer cancel(nil)
	timer := time.AfterFunc(limits.Timeout(), func() { cancel(context.DeadlineExceeded) })
	defer timer.Stop()
	ctx = context.WithValue(ctx, liftTimeoutKey{}, timer.Stop)
	ctx = context.WithValue(ctx, addrsKey{}, addrs)
	u.proxy.ServeHTTP(w, r.WithContext(ctx))
}

// bodyLimit is the largest body r may carry under limits, by its content type: a multipart
// upload's where the route takes uploads, streamed through; otherwise the JSON limit.
func bodyLimit(limits contract.Limits, r *http.Request) (limit int64, upload bool) {
	if limits.MaxUpload > 0 && httpx.IsMultipart(r.Header.Get("Content-Type")) {
		return limits.MaxUpload, true
	}
	return limits.MaxBody, false
}

// addrsKey holds, in an upstream request's context, the instances it may be sent to, in order.
type addrsKey struct{}

// liftTimeoutKey holds, in an upstream request's context, the function that lifts the route's
// timeout.
type liftTimeoutKey struct{}

func isEventStream(resp *http.Response) bool {
	ct, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	return ct == "text/event-stream"
}

func (u *upstream) rewrite(pr *httputil.ProxyRequest) {
	in, out := pr.In, pr.Out
	out.URL.Scheme = "http"
	out.URL.Host = u.service // replaced by the balancer with a real instance
	out.Host = ""

	out.Header = make(http.Header, len(forwardedHeaders)+4)
	for _, h := range forwardedHeaders {
		if v := in.Header.Values(h); len(v) > 0 {
			out.Header[h] = v
		}
	}
	if peer, ok := httpx.RemoteAddr(in); ok && u.trusted.Trusts(peer) {
		if xff := in.Header.Values("X-Forwarded-For"); len(xff) > 0 {
			out.Header["X-Forwarded-For"] = xff
		}
		if proto := in.Header.Get("X-Forwarded-Proto"); proto != "" {
			out.Header.Set("X-Forwarded-Proto", proto)
		}
	}
	pr.SetXForwarded()
	otel.GetTextMapPropagator().Inject(in.Context(), propagation.HeaderCarrier(out.Header))
}

var (
	msgNoInstance = i18n.Text{TR: "Hizmet şu anda kullanılamıyor: çalışan bir örnek yok. Lütfen biraz sonra tekrar deneyin.", EN: "The service is unavailable right now: no healthy instance is running. Please try again shortly."}
	msgTimeout    = i18n.Text{TR: "Hizmet zamanında yanıt vermedi. Lütfen tekrar deneyin.", EN: "The service did not answer in time. Please try again."}
	msgBadGateway = i18n.Text{TR: "Hizmete ulaşılamadı: bağlantı reddedildi. Lütfen biraz sonra tekrar deneyin.", EN: "The service could not be reached: the connection was refused. Please try again shortly."}
	msgNoRoute    = i18n.Text{TR: "Böyle bir API adresi yok.", EN: "There is no such API path."}
)

var (
	errNoInstanceProblem = httpx.NewProblem(http.StatusServiceUnavailable, "no_healthy_instance", msgNoInstance)
	errTimeoutProblem    = httpx.NewProblem(http.StatusGatewayTimeout, "upstream_timeout", msgTimeout)
	errBadGateway        = httpx.NewProblem(http.StatusBadGateway, "upstream_unavailable", msgBadGateway)
	errNoRoute           = httpx.NewProblem(http.StatusNotFound, "route_not_found", msgNoRoute)
)

func (u *upstream) fail(w http.ResponseWriter, r *http.Request, err error) {
	var tooLarge *http.MaxBytesError
	switch {
	case errors.Is(context.Cause(r.Context()), context.Canceled):
		return // the client left; nobody reads an answer
	case errors.Is(err, errNoInstance):
		httpx.EncodeError(r.Context(), errNoInstanceProblem, w)
	case errors.Is(err, context.DeadlineExceeded), errors.Is(context.Cause(r.Context()), context.DeadlineExceeded):
		httpx.EncodeError(r.Context(), errTimeoutProblem, w)
	case errors.As(err, &tooLarge):
		httpx.EncodeError(r.Context(), httpx.ErrBodyTooLarge, w)
	default:
		httpx.EncodeError(r.Context(), &httpx.Problem{Status: errBadGateway.Status, Code: errBadGateway.Code, Message: errBadGateway.Message, Cause: err}, w)
	}
}

// balancer sends a request to the instances picked for it in turn (the round-robin's next, then
// others serving the same contract), moving on to the next instance when one cannot take the
// request: always when the connection was refused (nothing reached the service), and for
// idempotent requests without a body on any transport error.
type balancer struct {
	next http.RoundTripper
}

func (b *balancer) RoundTrip(req *http.Request) (*http.Response, error) {
	addrs, _ := req.Context().Value(addrsKey{}).([]string)
	if len(addrs) == 0 {
		if req.Body != nil {
			_ = req.Body.Close()
		}
		return nil, errNoInstance
	}
	var body *guardedBody
	if req.Body != nil && req.Body != http.NoBody {
		body = &guardedBody{rc: req.Body}
		defer body.rc.Close()
	}
	var err error
	for i := range min(len(addrs), maxAttempts) {
		attempt := *req
		u := *req.URL
		u.Host = addrs[i]
		attempt.URL = &u
		if body != nil {
			attempt.Body = body
		}
		var resp *http.Response
		resp, err = b.next.RoundTrip(&attempt)
		if err == nil {
			return resp, nil
		}
		if !retryable(req, err, body) {
			break
		}
	}
	return nil, err
}

func retryable(req *http.Request, err error, body *guardedBody) bool {
	if req.Context().Err() != nil {
		return false
	}
	if body != nil && body.read.Load() {
		return false // part of the body is gone; it cannot be sent again
	}
	var op *net.OpError
	if errors.As(err, &op) && op.Op == "dial" {
		return true
	}
	switch req.Method {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
		return body == nil
	}
	return false
}

// guardedBody lets a request body survive a failed attempt: the transport closes the body it is
// given on every error, so the real close waits for the balancer, and reads are noted because a
// body that was partly sent cannot be replayed.
type guardedBody struct {
	rc   io.ReadCloser
	read atomic.Bool
}

func (g *guardedBody) Read(p []byte) (int, error) {
	g.read.Store(true)
	return g.rc.Read(p)
}

func (g *guardedBody) Close() error { return nil }

// copyBuffers recycles the buffers responses are copied through; without it every proxied
// request allocates 32 KiB, which showed up as a tenth of the gateway's CPU in GC work.
var copyBuffers = &bufferPool{pool: sync.Pool{New: func() any { b := make([]byte, 32<<10); return &b }}}

type bufferPool struct{ pool sync.Pool }

func (p *bufferPool) Get() []byte  { return *p.pool.Get().(*[]byte) }
func (p *bufferPool) Put(b []byte) { p.pool.Put(&b) }
