package main

import (
	"bufio"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/pprof"
	"runtime/debug"
	"sync"
	"time"
)

// runFloor serves the floor proxy on addr, with Go's profiler on pprofAddr when set. Its server
// has the gateway's timeouts and the gateway's GC setting (gateway/main.go): a Go proxy facing
// clients needs the first, and any can have the second, so neither counts as the gateway's own.
func runFloor(addr, upstream, pprofAddr string) error {
	debug.SetGCPercent(400)
	if pprofAddr != "" {
		mux := http.NewServeMux()
		mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
		go func() { log.Print(http.ListenAndServe(pprofAddr, mux)) }()
	}
	srv := &http.Server{Addr: addr, Handler: &floorProxy{upstream: upstream}, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 120 * time.Second}
	return srv.ListenAndServe()
}

// floorProxy is the least a Go proxy on net/http can do: net/http's server, and each request
// written by hand to a kept-alive connection to one upstream, its answer copied back. No
// routing, checks, ids, tracing, metrics or logs. What the gateway costs over it is what its
// own work costs; what this costs over nginx is Go's HTTP server and scheduler (bench README).
type floorProxy struct {
	upstream string
	mu       sync.Mutex
	idle     []*floorConn
}

type floorConn struct {
	conn net.Conn
	br   *bufio.Reader
	bw   *bufio.Writer
}

func (p *floorProxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	c, err := p.get()
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	c.bw.WriteString(r.Method + " " + r.URL.RequestURI() + " HTTP/1.1\r\nHost: " + p.upstream + "\r\n")
	for _, h := range []string{"Accept", "Accept-Language", "User-Agent"} {
		if v := r.Header.Get(h); v != "" {
			c.bw.WriteString(h + ": " + v + "\r\n")
		}
	}
	c.bw.WriteString("X-Forwarded-For: " + r.RemoteAddr + "\r\n\r\n")
	if err := c.bw.Flush(); err != nil {
		c.conn.Close()
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	resp, err := http.ReadResponse(c.br, r)
	if err != nil {
		c.conn.Close()
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	for k, v := range resp.Header {
		w.Header()[k] = v
	}
	w.WriteHeader(resp.StatusCode)
	_, err = io.Copy(w, resp.Body)
	resp.Body.Close()
	if err != nil || resp.Close {
		c.conn.Close()
		return
	}
	p.mu.Lock()
	p.idle = append(p.idle, c)
	p.mu.Unlock()
}

func (p *floorProxy) get() (*floorConn, error) {
	p.mu.Lock()
	if n := len(p.idle); n > 0 {
		c := p.idle[n-1]
		p.idle = p.idle[:n-1]
		p.mu.Unlock()
		return c, nil
	}
	p.mu.Unlock()
	conn, err := net.Dial("tcp", p.upstream)
	if err != nil {
		return nil, err
	}
	return &floorConn{conn: conn, br: bufio.NewReader(conn), bw: bufio.NewWriter(conn)}, nil
}
