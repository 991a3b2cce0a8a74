package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httputil"
	"os"
	"sync"
	"syscall"
	"time"
)

// upstreamTransport is the HTTP/1.1 client the gateway talks to services with. It does each
// exchange on the calling goroutine: write the request, read the response head, hand back a
// body that reads straight from the connection and returns it to the pool when done.
// net/http.Transport passes every exchange through two goroutines per connection; on the
// 2-core machines we measure on, those hand-offs were the largest cost the gateway added.
type upstreamTransport struct {
	dialer         net.Dialer
	maxIdlePerHost int
	idleTimeout    time.Duration // below the services' own keep-alive limit, so we close first

	mu   sync.Mutex
	idle map[string][]*upstreamConn
}

func newUpstreamTransport() *upstreamTransport {
	return &upstreamTransport{
		dialer:         net.Dialer{Timeout: 2 * time.Second, KeepAlive: 30 * time.Second},
		maxIdlePerHost: 256,
		idleTimeout:    90 * time.Second,
		idle:           map[string][]*upstreamConn{},
	}
}

type upstreamConn struct {
	t        *upstreamTransport
	host     string
	conn     net.Conn
	br       *bufio.Reader // both through watchedConn
	bw       *bufio.Writer
	lastUsed time.Time
	// Of the exchange under way: the route's deadline (zero: none, an event stream), and the
	// client's request, whose end ends the exchange.
	deadline time.Time
	ctx      context.Context
	armed    time.Time // the deadline set on conn
}

// watchSlice is how long a read or write on a service's connection waits before it looks
// whether the client has left. Polling this way instead of context.AfterFunc saves each request
// a callback registered on, and removed from, the client's context (allocations and a lock);
// the price is that a client leaving is noticed within this time rather than at once.
const watchSlice = time.Second

// watchedConn is a service's connection whose reads and writes wait in slices of watchSlice,
// up to the exchange's deadline, ending early when the client has left.
type watchedConn struct{ uc *upstreamConn }

func (w watchedConn) Read(p []byte) (int, error) {
	for {
		n, err := w.uc.conn.Read(p)
		if n > 0 || err == nil || !w.uc.waitMore(err) {
			return n, err
		}
	}
}

func (w watchedConn) Write(p []byte) (int, error) {
	written := 0
	for {
		n, err := w.uc.conn.Write(p[written:])
		written += n
		if err == nil || !w.uc.waitMore(err) {
			return written, err
		}
	}
}

// waitMore tells whether an operation that stopped with err may go on waiting: it ran into
// the end of a slice, the client is still there and the exchange's deadline has not passed.
// It then sets the next slice.
func (uc *upstreamConn) waitMore(err error) bool {
	if !errors.Is(err, os.ErrDeadlineExceeded) || uc.ctx == nil || uc.ctx.Err() != nil {
		return false
	}
	now := time.Now()
	if !uc.deadline.IsZero() && !now.Before(uc.deadline) {
		return false
	}
	uc.armSlice(now)
	return true
}

// armSlice sets the connection's deadline to the end of the next slice, or the exchange's
// deadline when that comes first. A slice armed for an earlier exchange on the connection that
// still has a while to run and ends before this one's deadline is kept: most exchanges take a
// millisecond, and setting a deadline moves two of the runtime's timers.
func (uc *upstreamConn) armSlice(now time.Time) {
	if uc.armed.After(now.Add(watchSlice/4)) && (uc.deadline.IsZero() || !uc.armed.After(uc.deadline)) {
		return
	}
	next := now.Add(watchSlice)
	if !uc.deadline.IsZero() && uc.deadline.Before(next) {
		next = uc.deadline
	}
	uc.armed = next
	_ = uc.conn.SetDeadline(next)
}

var (
	errStaleConn = errors.New("pooled upstream connection closed by the service")
	errTimedOut  = fmt.Errorf("no answer within the route's timeout: %w", context.DeadlineExceeded)
)

// roundTrip sends r (its head written by head, then body if any) to the instance at addr on a
// pooled connection, or a new one, and reads the answer's head. The answer's body reads straight
// from the connection, which goes back to the pool once the body is read and closed.
// ctx ends when the client leaves; deadline is the route's.
func (t *upstreamTransport) roundTrip(ctx context.Context, deadline time.Time, addr string, r *http.Request, body *guardedBody, head headFunc) (*http.Response, error) {
	for {
		// A request without a body can be sent again when a pooled connection turns out closed;
		// one with a body is only given a connection checked to be open.
		uc, reused, err := t.get(ctx, deadline, addr, body != nil)
		if err != nil {
			return nil, err
		}
		resp, err := uc.exchange(ctx, r, body, head)
		if err == nil {
			return resp, nil
		}
		uc.conn.Close()
		// A connection from the pool may have been closed by the service just before we used it.
		// Sending again on a new one is safe only when nothing of a body was consumed.
		if reused && errors.Is(err, errStaleConn) && (body == nil || !body.read.Load()) && ctx.Err() == nil {
			continue
		}
		return nil, err
	}
}

// headFunc writes a request's line and headers for the instance at addr; chunked: the body
// follows in chunks.
type headFunc func(ctx context.Context, bw *bufio.Writer, r *http.Request, addr string, chunked bool)

func (t *upstreamTransport) get(ctx context.Context, deadline time.Time, host string, checked bool) (*upstreamConn, bool, error) {
	t.mu.Lock()
	for list := t.idle[host]; len(list) > 0; list = t.idle[host] {
		uc := list[len(list)-1]
		t.idle[host] = list[:len(list)-1]
		if time.Since(uc.lastUsed) < t.idleTimeout {
			t.mu.Unlock()
			uc.begin(ctx, deadline)
			if !checked || uc.alive() {
				return uc, true, nil
			}
			uc.conn.Close()
			t.mu.Lock()
			continue
		}
		uc.conn.Close()
	}
	t.mu.Unlock()
	dialer := t.dialer
	dialer.Deadline = deadline
	conn, err := dialer.DialContext(ctx, "tcp", host)
	if err != nil {
		if errors.Is(err, os.ErrDeadlineExceeded) && !time.Now().Before(deadline) {
			return nil, false, errTimedOut
		}
		return nil, false, err
	}
	uc := &upstreamConn{t: t, host: host, conn: conn}
	uc.br, uc.bw = bufio.NewReaderSize(watchedConn{uc}, 16<<10), bufio.NewWriterSize(watchedConn{uc}, 8<<10)
	uc.begin(ctx, deadline)
	return uc, false, nil
}

// begin bounds every read and write of the exchange about to start by deadline (a zero time:
// none) and by the client's staying (ctx).
func (uc *upstreamConn) begin(ctx context.Context, deadline time.Time) {
	uc.ctx, uc.deadline = ctx, deadline
	uc.armSlice(time.Now())
}

// alive peeks at an idle connection without blocking: a service that stopped or crashed has
// closed it (EOF) and it must not carry a request, whose body could not be sent again. One
// non-blocking recv costs far less than the background reader goroutine net/http keeps per
// connection to notice the same.
func (uc *upstreamConn) alive() bool {
	sc, ok := uc.conn.(syscall.Conn)
	if !ok {
		return true
	}
	raw, err := sc.SyscallConn()
	if err != nil {
		return false
	}
	alive := false
	var buf [1]byte
	err = raw.Read(func(fd uintptr) bool {
		_, _, err := syscall.Recvfrom(int(fd), buf[:], syscall.MSG_PEEK|syscall.MSG_DONTWAIT)
		// Nothing to read is the healthy state of an idle connection; data or EOF is not.
		alive = errors.Is(err, syscall.EAGAIN)
		return true
	})
	return err == nil && alive
}

func (t *upstreamTransport) put(uc *upstreamConn) {
	uc.lastUsed = time.Now()
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.idle[uc.host]) >= t.maxIdlePerHost {
		uc.conn.Close()
		return
	}
	t.idle[uc.host] = append(t.idle[uc.host], uc)
}

// exchange writes r and reads the answer's head. The client leaving or the route's deadline
// passing (begin) ends it, reported as the context's error or errTimedOut.
func (uc *upstreamConn) exchange(ctx context.Context, r *http.Request, body *guardedBody, head headFunc) (*http.Response, error) {
	chunked := body != nil && r.ContentLength < 0
	head(ctx, uc.bw, r, uc.host, chunked)
	if err := uc.writeBody(body, chunked); err != nil {
		return nil, uc.wrap(ctx, err)
	}
	if err := uc.bw.Flush(); err != nil {
		if ctx.Err() == nil && (body == nil || !body.read.Load()) {
			return nil, errStaleConn // the service closed the connection; nothing of a body is lost
		}
		return nil, uc.wrap(ctx, err)
	}
	resp, err := http.ReadResponse(uc.br, r)
	for err == nil && resp.StatusCode < 200 && resp.StatusCode != http.StatusSwitchingProtocols {
		resp, err = http.ReadResponse(uc.br, r) // an interim answer (100 Continue): the real one follows
	}
	if err != nil {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, errStaleConn
		}
		return nil, uc.wrap(ctx, err)
	}
	resp.Body = &upstreamBody{rc: resp.Body, uc: uc, ctx: ctx, reusable: !resp.Close}
	return resp, nil
}

// writeBody writes a request's body after its head: as is when its length was announced,
// otherwise in chunks.
func (uc *upstreamConn) writeBody(body *guardedBody, chunked bool) error {
	if body == nil {
		return nil
	}
	if !chunked {
		_, err := io.Copy(uc.bw, body)
		return err
	}
	cw := httputil.NewChunkedWriter(uc.bw)
	if _, err := io.Copy(cw, body); err != nil {
		return err
	}
	if err := cw.Close(); err != nil {
		return err
	}
	_, err := uc.bw.WriteString("\r\n") // no trailers
	return err
}

// wrap reports an exchange the client left as the context's error, and one the route's deadline
// cut short as errTimedOut, which the gateway answers 504, rather than as the I/O error the
// deadline caused.
func (uc *upstreamConn) wrap(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return context.Cause(ctx)
	}
	if errors.Is(err, os.ErrDeadlineExceeded) && !uc.deadline.IsZero() && !time.Now().Before(uc.deadline) {
		return errTimedOut
	}
	return err
}

// upstreamBody returns its connection to the pool once the body has been read to the end.
type upstreamBody struct {
	rc       io.ReadCloser
	uc       *upstreamConn
	ctx      context.Context
	reusable bool
	eof      bool
	closed   bool
}

func (b *upstreamBody) Read(p []byte) (int, error) {
	n, err := b.rc.Read(p)
	if err == io.EOF {
		b.eof = true
	} else if err != nil {
		err = b.uc.wrap(b.ctx, err)
	}
	return n, err
}

// lift lets the body be read for as long as the client stays (an event stream), past the
// route's deadline.
func (b *upstreamBody) lift() {
	b.uc.begin(b.ctx, time.Time{})
}

func (b *upstreamBody) Close() error {
	if b.closed {
		return nil
	}
	b.closed = true
	_ = b.rc.Close()
	b.uc.ctx = nil // the pool keeps no client's context alive
	if b.eof && b.reusable && b.uc.br.Buffered() == 0 {
		b.uc.t.put(b.uc)
		return nil
	}
	return b.uc.conn.Close()
}
