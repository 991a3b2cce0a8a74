package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/hex"
	"errors"
	"io"
	"net"
	"net/http"
	"net/textproto"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"go.opentelemetry.io/otel/baggage"
	"go.opentelemetry.io/otel/trace"

	"linguaport/internal/contract"
	"linguaport/internal/httpx"
	"linguaport/internal/i18n"
	"linguaport/internal/logging"
)

// forwardedHeaders are the only client request headers a service ever sees. Anything else,
// notably identity headers such as X-User-Id that only the gateway may set after checking a
// token, is dropped here. X-Request-Id is written from the request's context: the client's
// when it was valid, otherwise the one the gateway made (httpx).
var forwardedHeaders = canonical(
	"Accept", "Accept-Encoding", "Accept-Language", "Authorization", "Cache-Control", "Content-Type",
	"Cookie", "Idempotency-Key", "If-Match", "If-Modified-Since", "If-None-Match", "If-Unmodified-Since",
	"Last-Event-ID", // where a reconnecting event stream resumes
	"Origin", "Range", "Referer", "User-Agent",
	"X-Chat-Token",     // a visitor's hold on their live support conversation (svc-catalog/chat)
	"X-Upload-Token",   // a visitor's hold on the documents they uploaded (svc-orders/API.md)
	"Stripe-Signature", // the payment provider's proof on its webhooks (svc-billing/API.md)
)

type headerName struct{ name, key string } // as sent, and as net/http keys it

func canonical(names ...string) []headerName {
	out := make([]headerName, len(names))
	for i, n := range names {
		out[i] = headerName{name: n, key: textproto.CanonicalMIMEHeaderKey(n)}
	}
	return out
}

// maxAttempts bounds how many instances one request may try.
const maxAttempts = 3

var errNoInstance = errors.New("no healthy instance")

// upstream proxies one area's requests to its service's instances. It writes each request to a
// pooled connection itself and copies the answer back, rather than through httputil's
// ReverseProxy: the proxy's copies of the request, its headers and its answer were a third of
// the gateway's CPU per request (bench/gateway/README.md).
type upstream struct {
	service string
	trusted httpx.TrustedProxies
	conns   *upstreamTransport
}

func newUpstream(service string, trusted httpx.TrustedProxies, conns *upstreamTransport) *upstream {
	return &upstream{service: service, trusted: trusted, conns: conns}
}

// serve passes r on to the instances at addrs, tried in turn, within its route's limits.
func (u *upstream) serve(w http.ResponseWriter, r *http.Request, limits contract.Limits, addrs []string) {
	limit, upload := bodyLimit(limits, r)
	if r.ContentLength > limit {
		httpx.EncodeError(r.Context(), httpx.ErrBodyTooLarge, w)
		return
	}
	var body *guardedBody
	if r.Body != nil && r.Body != http.NoBody {
		r.Body = http.MaxBytesReader(w, r.Body, limit)
		// A small body of unknown length is read here whole, so one over the limit is refused
		// before the service sees a byte of it; uploads stream through under their limit.
		if !upload && r.ContentLength < 0 {
			all, err := io.ReadAll(r.Body)
			if err != nil {
				u.fail(w, r.Context(), err)
				return
			}
			r.Body, r.ContentLength = io.NopCloser(bytes.NewReader(all)), int64(len(all))
		}
		body = &guardedBody{rc: r.Body}
	}
	// The route's timeout bounds the whole exchange with the service (connecting, sending, the
	// answer's head and body) as a deadline on its connection, unless the answer turns out to be
	// an event stream: then only the client leaving ends it.
	ctx := r.Context()
	resp, err := u.send(ctx, time.Now().Add(limits.Timeout()), r, body, addrs)
	if err != nil {
		u.fail(w, ctx, err)
		return
	}
	defer resp.Body.Close()
	streaming := isEventStream(resp)
	if streaming {
		resp.Body.(*upstreamBody).lift()
	}
	copyResponseHeader(w.Header(), resp)
	w.WriteHeader(resp.StatusCode)
	// Event streams and answers of unknown length (streamed downloads) are passed on as they
	// come, as httputil does; others through the server's buffer.
	if err := copyBody(w, resp.Body, streaming || resp.ContentLength < 0); err != nil {
		// The answer has begun: all that is left is to cut the connection, so the client sees
		// an incomplete answer rather than a short one it might take for whole.
		httpx.AbortAnswer(ctx)
		return
	}
	for k, vv := range resp.Trailer {
		w.Header()[http.TrailerPrefix+k] = vv
	}
}

// send writes r to the instances at addrs in turn (the round-robin's next, then others serving
// the same contract), moving on to the next one when an instance cannot take the request: always
// when the connection was refused (nothing reached the service), and for idempotent requests
// without a body on any transport error.
func (u *upstream) send(ctx context.Context, deadline time.Time, r *http.Request, body *guardedBody, addrs []string) (*http.Response, error) {
	if len(addrs) == 0 {
		return nil, errNoInstance
	}
	var err error
	for i := range min(len(addrs), maxAttempts) {
		var resp *http.Response
		resp, err = u.conns.roundTrip(ctx, deadline, addrs[i], r, body, u.writeHead)
		if err == nil {
			return resp, nil
		}
		if !retryable(ctx, r, err, body) {
			break
		}
	}
	return nil, err
}

// bodyLimit is the largest body r may carry under limits, by its content type: a multipart
// upload's where the route takes uploads, streamed through; otherwise the JSON limit.
func bodyLimit(limits contract.Limits, r *http.Request) (limit int64, upload bool) {
	if limits.MaxUpload > 0 && httpx.IsMultipart(r.Header.Get("Content-Type")) {
		return limits.MaxUpload, true
	}
	return limits.MaxBody, false
}

// isEventStream tells a text/event-stream answer by its media type, without parsing its
// parameters (mime.ParseMediaType allocates a map for every answer).
func isEventStream(resp *http.Response) bool {
	const es = "text/event-stream"
	ct := strings.TrimLeft(resp.Header.Get("Content-Type"), " \t")
	if len(ct) < len(es) || !strings.EqualFold(ct[:len(es)], es) {
		return false
	}
	rest := strings.TrimLeft(ct[len(es):], " \t")
	return rest == "" || rest[0] == ';'
}

// writeHead writes the request line and headers of r as the instance at addr gets it: only the
// forwarded headers, the client's address added to X-Forwarded-For (whose earlier entries, like
// X-Forwarded-Proto, are kept only from a trusted proxy), and the trace context. chunked: the
// body follows in chunks (an upload of unknown length).
func (u *upstream) writeHead(ctx context.Context, bw *bufio.Writer, r *http.Request, addr string, chunked bool) {
	bw.WriteString(r.Method)
	bw.WriteByte(' ')
	writeRequestURI(bw, r.URL)
	bw.WriteString(" HTTP/1.1\r\nHost: ")
	bw.WriteString(addr)
	bw.WriteString("\r\n")
	for _, h := range forwardedHeaders {
		for _, v := range r.Header[h.key] {
			writeHeader(bw, h.name, v)
		}
	}
	if id := logging.RequestID(ctx); id != "" {
		writeHeader(bw, "X-Request-Id", id)
	}
	trusted := false
	if peer, ok := httpx.RemoteAddr(r); ok {
		trusted = u.trusted.Trusts(peer)
	}
	if client, _, err := net.SplitHostPort(r.RemoteAddr); err == nil {
		bw.WriteString("X-Forwarded-For: ")
		if prior := r.Header["X-Forwarded-For"]; trusted && len(prior) > 0 {
			for _, p := range prior {
				bw.WriteString(p)
				bw.WriteString(", ")
			}
		}
		bw.WriteString(client)
		bw.WriteString("\r\n")
	}
	writeHeader(bw, "X-Forwarded-Host", r.Host)
	proto := "http"
	if r.TLS != nil {
		proto = "https"
	}
	if p := r.Header.Get("X-Forwarded-Proto"); trusted && p != "" {
		proto = p
	}
	writeHeader(bw, "X-Forwarded-Proto", proto)
	writeTraceContext(bw, ctx)
	switch {
	case chunked:
		bw.WriteString("Transfer-Encoding: chunked\r\n")
	case r.ContentLength > 0 || r.Method == http.MethodPost || r.Method == http.MethodPut || r.Method == http.MethodPatch:
		bw.WriteString("Content-Length: ")
		bw.WriteString(strconv.FormatInt(max(r.ContentLength, 0), 10))
		bw.WriteString("\r\n")
	}
	bw.WriteString("\r\n")
}

func writeHeader(bw *bufio.Writer, name, value string) {
	bw.WriteString(name)
	bw.WriteString(": ")
	bw.WriteString(value)
	bw.WriteString("\r\n")
}

// writeTraceContext writes the trace context of ctx's span in W3C's headers, traceparent,
// tracestate and baggage, as the propagators telemetry.Setup installs write them
// (TestTraceContextAsPropagators): written here from one look-up of the span, without the
// propagators' walks of the context and the strings they build, on every proxied request.
func writeTraceContext(bw *bufio.Writer, ctx context.Context) {
	sc := trace.SpanContextFromContext(ctx)
	if sc.IsValid() {
		tid, sid := sc.TraceID(), sc.SpanID()
		// Appended in the writer's own buffer (a local array would escape through Write).
		v := append(bw.AvailableBuffer(), "Traceparent: 00-"...)
		v = hex.AppendEncode(v, tid[:])
		v = append(v, '-')
		v = hex.AppendEncode(v, sid[:])
		v = append(v, '-')
		v = hex.AppendEncode(v, []byte{byte(sc.TraceFlags() & trace.FlagsSampled)})
		v = append(v, "\r\n"...)
		bw.Write(v)
		if ts := sc.TraceState(); ts.Len() > 0 {
			writeHeader(bw, "Tracestate", ts.String())
		}
	}
	if bag := baggage.FromContext(ctx).String(); bag != "" {
		writeHeader(bw, "Baggage", bag)
	}
}

// writeRequestURI writes the path and query the service is asked for: the client's, with a
// query that parsers could read differently (semicolons, bad escapes) re-encoded, as httputil
// does. The common case is written in pieces, without building the string.
func writeRequestURI(bw *bufio.Writer, u *url.URL) {
	if ambiguousQuery(u.RawQuery) {
		clean := *u
		q, _ := url.ParseQuery(u.RawQuery)
		clean.RawQuery = q.Encode()
		bw.WriteString(clean.RequestURI())
		return
	}
	if u.Opaque != "" {
		bw.WriteString(u.RequestURI())
		return
	}
	if p := u.EscapedPath(); p != "" {
		bw.WriteString(p)
	} else {
		bw.WriteByte('/')
	}
	if u.ForceQuery || u.RawQuery != "" {
		bw.WriteByte('?')
		bw.WriteString(u.RawQuery)
	}
}

func ambiguousQuery(q string) bool {
	for i := 0; i < len(q); i++ {
		switch q[i] {
		case ';':
			return true
		case '%':
			if i+2 >= len(q) || !isHex(q[i+1]) || !isHex(q[i+2]) {
				return true
			}
			i += 2
		}
	}
	return false
}

func isHex(c byte) bool { return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }

// hopHeaders are the answer's headers about its own connection, never passed on.
var hopHeaders = map[string]bool{
	"Connection": true, "Keep-Alive": true, "Proxy-Connection": true, "Proxy-Authenticate": true,
	"Proxy-Authorization": true, "Te": true, "Trailer": true, "Transfer-Encoding": true, "Upgrade": true,
	// The gateway already answers with the request id; a second copy would only confuse.
	"X-Request-Id": true,
}

func copyResponseHeader(dst http.Header, resp *http.Response) {
	for k, vv := range resp.Header {
		if !hopHeaders[k] {
			dst[k] = vv
		}
	}
	for _, v := range resp.Header["Connection"] {
		for f := range strings.SplitSeq(v, ",") {
			if f = textproto.TrimString(f); f != "" {
				dst.Del(f)
			}
		}
	}
	if len(resp.Trailer) > 0 {
		names := make([]string, 0, len(resp.Trailer))
		for k := range resp.Trailer {
			names = append(names, k)
		}
		dst["Trailer"] = []string{strings.Join(names, ", ")}
	}
}

// copyBody copies an answer's body to the client, flushing each piece at once when flush is set.
// An error reading the service's answer, as writing to a client who left, ends the copy.
func copyBody(w http.ResponseWriter, body io.Reader, flush bool) error {
	buf := copyBuffers.Get().(*[]byte)
	defer copyBuffers.Put(buf)
	rc := http.NewResponseController(w)
	for {
		n, rerr := body.Read(*buf)
		if n > 0 {
			if _, err := w.Write((*buf)[:n]); err != nil {
				return err
			}
			if flush {
				if err := rc.Flush(); err != nil {
					return err
				}
			}
		}
		if rerr == io.EOF {
			return nil
		}
		if rerr != nil {
			return rerr
		}
	}
}

var (
	msgNoInstance = i18n.Text{TR: "Hizmet şu anda kullanılamıyor: çalışan bir örnek yok. Lütfen biraz sonra tekrar deneyin.", EN: "The service is unavailable right now: no healthy instance is running. Please try again shortly."}
	msgTimeout    = i18n.Text{TR: "Hizmet zamanında yanıt vermedi. Lütfen tekrar deneyin.", EN: "The service did not answer in time. Please try again."}
	msgRefused    = i18n.Text{TR: "Hizmete ulaşılamadı: bağlantı reddedildi. Lütfen biraz sonra tekrar deneyin.", EN: "The service could not be reached: the connection was refused. Please try again shortly."}
	msgUnreached  = i18n.Text{TR: "Hizmete ulaşılamadı. Lütfen biraz sonra tekrar deneyin.", EN: "The service could not be reached. Please try again shortly."}
	msgBrokenOff  = i18n.Text{TR: "Hizmetin yanıtı alınamadı: bağlantı, hizmet yanıt vermeden kapandı. Lütfen tekrar deneyin.", EN: "The service's answer could not be read: the connection ended before it answered. Please try again."}
	msgNoRoute    = i18n.Text{TR: "Böyle bir API adresi yok.", EN: "There is no such API path."}
)

var (
	errNoInstanceProblem = httpx.NewProblem(http.StatusServiceUnavailable, "no_healthy_instance", msgNoInstance)
	errTimeoutProblem    = httpx.NewProblem(http.StatusGatewayTimeout, "upstream_timeout", msgTimeout)
	errNoRoute           = httpx.NewProblem(http.StatusNotFound, "route_not_found", msgNoRoute)
)

func (u *upstream) fail(w http.ResponseWriter, ctx context.Context, err error) {
	var tooLarge *http.MaxBytesError
	switch {
	case errors.Is(context.Cause(ctx), context.Canceled):
		return // the client left; nobody reads an answer
	case errors.Is(err, errNoInstance):
		httpx.EncodeError(ctx, errNoInstanceProblem, w)
	case errors.Is(err, errTimedOut):
		httpx.EncodeError(ctx, errTimeoutProblem, w)
	case errors.As(err, &tooLarge):
		httpx.EncodeError(ctx, httpx.ErrBodyTooLarge, w)
	default:
		httpx.EncodeError(ctx, &httpx.Problem{Status: http.StatusBadGateway, Code: "upstream_unavailable", Message: badGatewayMessage(err), Cause: err}, w)
	}
}

// badGatewayMessage says what failed on the way to the service: no connection could be made
// (refused, or otherwise), or the connection ended before the answer came.
func badGatewayMessage(err error) i18n.Text {
	var op *net.OpError
	switch {
	case errors.Is(err, syscall.ECONNREFUSED):
		return msgRefused
	case errors.As(err, &op) && op.Op == "dial":
		return msgUnreached
	}
	return msgBrokenOff
}

func retryable(ctx context.Context, r *http.Request, err error, body *guardedBody) bool {
	if ctx.Err() != nil || errors.Is(err, errTimedOut) {
		return false
	}
	if body != nil && body.read.Load() {
		return false // part of the body is gone; it cannot be sent again
	}
	var op *net.OpError
	if errors.As(err, &op) && op.Op == "dial" {
		return true
	}
	switch r.Method {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
		return body == nil
	}
	return false
}

// guardedBody is a request body that may be offered to several instances in turn; reads are
// noted because a body that was partly sent cannot be replayed.
type guardedBody struct {
	rc   io.ReadCloser
	read atomic.Bool
}

func (g *guardedBody) Read(p []byte) (int, error) {
	g.read.Store(true)
	return g.rc.Read(p)
}

// copyBuffers recycles the buffers answers are copied through; without it every proxied
// request allocates 32 KiB, which showed up as a tenth of the gateway's CPU in GC work.
var copyBuffers = sync.Pool{New: func() any { b := make([]byte, 32<<10); return &b }}
