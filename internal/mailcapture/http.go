package mailcapture

import (
	"encoding/json"
	"fmt"
	"mime"
	"net"
	"net/http"
	"net/mail"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Handler serves the kept messages to people and to browser tests. A browser (Accept:
// text/html, or ?format=html) gets pages to read; anything else JSON, as tests have always
// read it:
//
//	GET    /                                  → /messages
//	GET    /messages                          JSON array, newest first; for a browser, the list
//	GET    /messages?to=ADDR                  only those delivered to ADDR (case-insensitive)
//	DELETE /messages                          forget them all (204)
//	GET    /messages/{id}                     one message as JSON; for a browser, the mail itself:
//	                                          its headers, text part, HTML part and attachments
//	GET    /messages/{id}/html                the HTML part, sandboxed (no scripts, no forms)
//	GET    /messages/{id}/raw                 the message as received, text/plain
//	GET    /messages/{id}/attachments/{n}     attachment n (from 0); ?download=1 saves it
//
// Pages are in English, or Turkish for ?lang=tr or a browser that prefers Turkish.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/messages", http.StatusFound)
	})
	mux.HandleFunc("GET /messages", s.list)
	mux.HandleFunc("DELETE /messages", func(w http.ResponseWriter, _ *http.Request) {
		s.Clear()
		w.WriteHeader(http.StatusNoContent)
	})
	mux.HandleFunc("GET /messages/{id}", s.one)
	mux.HandleFunc("GET /messages/{id}/html", s.html)
	mux.HandleFunc("GET /messages/{id}/raw", s.raw)
	mux.HandleFunc("GET /messages/{id}/attachments/{n}", s.attachment)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Mail holds reset links and changes with every send; no cache may keep it.
		w.Header().Set("Cache-Control", "no-store")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		mux.ServeHTTP(w, r)
	})
}

// wantsPage tells a browser's navigation (whose Accept names text/html) from a test's fetch
// (Go's client sends no Accept, fetch "*/*"), which keeps getting JSON.
func wantsPage(r *http.Request) bool {
	switch r.URL.Query().Get("format") {
	case "json":
		return false
	case "html":
		return true
	}
	return strings.Contains(r.Header.Get("Accept"), "text/html")
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
	if wantsPage(r) {
		renderPage(w, r, http.StatusOK, listPage, listData{To: to, Messages: out})
		return
	}
	writeJSON(w, http.StatusOK, out)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v) // a failed write means the client has gone
}

// find returns the kept message with the path's id, or answers 404.
func (s *Server) find(w http.ResponseWriter, r *http.Request) (Captured, bool) {
	id := r.PathValue("id")
	for _, c := range s.Messages() {
		if c.ID == id {
			return c, true
		}
	}
	if wantsPage(r) {
		renderPage(w, r, http.StatusNotFound, notFoundPage, nil)
	} else {
		writeJSON(w, http.StatusNotFound, map[string]string{"error": "no such message (the capture keeps the newest " + strconv.Itoa(MaxKept) + ")"})
	}
	return Captured{}, false
}

func (s *Server) one(w http.ResponseWriter, r *http.Request) {
	c, ok := s.find(w, r)
	if !ok {
		return
	}
	if wantsPage(r) {
		renderPage(w, r, http.StatusOK, messagePage, c)
		return
	}
	writeJSON(w, http.StatusOK, c)
}

// mailCSP lets a mail's HTML show its styles and pictures but run nothing, submit nothing and
// reach nothing of the capture's origin; links open in a new tab outside the sandbox.
const mailCSP = "sandbox allow-popups allow-popups-to-escape-sandbox; default-src 'none'; " +
	"style-src 'unsafe-inline'; img-src data: cid: http: https:; font-src data: http: https:"

func (s *Server) html(w http.ResponseWriter, r *http.Request) {
	c, ok := s.find(w, r)
	if !ok {
		return
	}
	w.Header().Set("Content-Security-Policy", mailCSP)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_, _ = w.Write([]byte(withBaseTarget(c.HTML)))
}

// withBaseTarget makes the mail's links open a new tab rather than the frame it is shown in,
// as a mail client's links do: a <base target> right after <head>, or first when there is none.
func withBaseTarget(html string) string {
	const base = `<base target="_blank">`
	lower := strings.ToLower(html)
	if i := strings.Index(lower, "<head"); i >= 0 {
		if end := strings.IndexByte(lower[i:], '>'); end >= 0 {
			at := i + end + 1
			return html[:at] + base + html[at:]
		}
	}
	return base + html
}

func (s *Server) raw(w http.ResponseWriter, r *http.Request) {
	c, ok := s.find(w, r)
	if !ok {
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	_, _ = w.Write([]byte(c.Raw))
}

// inlineTypes are the attachments a browser shows itself without running anything of theirs on
// the capture's origin; everything else is sent to be saved.
var inlineTypes = map[string]bool{
	"application/pdf": true, "image/png": true, "image/jpeg": true, "image/gif": true, "image/webp": true,
	"text/plain": true, "text/csv": true,
}

func (s *Server) attachment(w http.ResponseWriter, r *http.Request) {
	c, ok := s.find(w, r)
	if !ok {
		return
	}
	n, err := strconv.Atoi(r.PathValue("n"))
	if err != nil || n < 0 || n >= len(c.Attachments) {
		http.Error(w, fmt.Sprintf("message %s has %d attachments, numbered from 0", c.ID, len(c.Attachments)), http.StatusNotFound)
		return
	}
	a := c.Attachments[n]
	typ, disposition := a.ContentType, "inline"
	if !inlineTypes[typ] || r.URL.Query().Get("download") != "" {
		typ, disposition = "application/octet-stream", "attachment"
	}
	if strings.HasPrefix(typ, "text/") {
		typ += "; charset=utf-8"
	}
	if typ != "application/pdf" {
		// Not for PDFs: browsers refuse to start their PDF viewer in a sandboxed document.
		w.Header().Set("Content-Security-Policy", "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
	}
	name := a.Name
	if name == "" {
		name = fmt.Sprintf("attachment-%d", n+1)
	}
	w.Header().Set("Content-Type", typ)
	w.Header().Set("Content-Disposition", mime.FormatMediaType(disposition, map[string]string{"filename": name}))
	w.Header().Set("Content-Length", strconv.Itoa(len(a.Data)))
	_, _ = w.Write(a.Data)
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
