package mailcapture

import (
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/mail"
	"slices"
	"strings"
	"time"
)

// Handler serves the kept messages to people and to browser tests:
//
//	GET    /messages            JSON array, newest first
//	GET    /messages?to=ADDR    only those delivered to ADDR (case-insensitive)
//	DELETE /messages            forget them all (204)
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /messages", s.list)
	mux.HandleFunc("DELETE /messages", func(w http.ResponseWriter, _ *http.Request) {
		s.Clear()
		w.WriteHeader(http.StatusNoContent)
	})
	return mux
}

func (s *Server) list(w http.ResponseWriter, r *http.Request) {
	to := strings.TrimSpace(r.URL.Query().Get("to"))
	// Also accept "Name <addr>", the form people copy from a mail client.
	if a, err := mail.ParseAddress(to); err == nil {
		to = a.Address
	}
	msgs := s.Messages()
	slices.Reverse(msgs)
	out := make([]Captured, 0, len(msgs)) // [] rather than null when empty
	for _, c := range msgs {
		if to == "" || slices.ContainsFunc(c.To, func(rcpt string) bool { return strings.EqualFold(rcpt, to) }) {
			out = append(out, c)
		}
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	// Mail holds reset links and changes with every send; no cache may keep it.
	w.Header().Set("Cache-Control", "no-store")
	_ = json.NewEncoder(w).Encode(out) // a failed write means the client has gone
}

// ListenHTTP serves Handler on addr until Close and returns the bound address, so that
// "127.0.0.1:0" can be used.
func (s *Server) ListenHTTP(addr string) (string, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return "", fmt.Errorf("mailcapture: listen http on %s: %w", addr, err)
	}
	h := &http.Server{Handler: s.Handler(), ReadHeaderTimeout: 10 * time.Second}
	s.mu.Lock()
	select {
	case <-s.closed:
		s.mu.Unlock()
		_ = ln.Close()
		return "", ErrClosed
	default:
	}
	s.https = append(s.https, h)
	s.mu.Unlock()
	go func() { _ = h.Serve(ln) }() // ends with http.ErrServerClosed on Close
	return ln.Addr().String(), nil
}
