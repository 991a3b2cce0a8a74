// Package mailcapture is a real SMTP server that delivers nothing: it keeps every message it
// receives in memory so that the devstack can show people the mail the platform sent and tests
// can read it back (a password-reset link, an order confirmation) over the same protocol a
// production relay speaks.
//
// It accepts mail from anyone, without authentication or TLS, for any recipient. That is only
// safe because it listens exactly where it is told; give it a loopback address such as
// "127.0.0.1:1025", never a public interface.
package mailcapture

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"slices"
	"sync"
	"time"

	"github.com/emersion/go-smtp"
)

// Limits. Mail the platform sends is small; these only stop a stray client from filling memory.
const (
	MaxMessageBytes = 10 << 20  // per message, as SIZE in EHLO
	MaxRecipients   = 100       // per message
	MaxKept         = 1000      // newest messages kept
	maxKeptBytes    = 200 << 20 // all kept messages together, so that MaxKept large ones cannot exhaust memory
)

// ErrClosed is returned by Wait once the server has been closed.
var ErrClosed = errors.New("mailcapture: server closed")

// Captured is one received message, decoded for reading.
type Captured struct {
	ID string `json:"id"`
	// From is the From header as a person reads it ("LinguaPort <no-reply@linguaport.local>"),
	// or the envelope sender when the header is missing.
	From string `json:"from"`
	// To holds the envelope recipients: everyone the message was delivered to, Bcc included.
	To      []string `json:"to"`
	Subject string   `json:"subject"`
	// Text and HTML are the decoded text/plain and text/html bodies with "\n" line ends and
	// no trailing ones (SMTP adds one); HTML is "" for plain-text mail.
	Text       string    `json:"text"`
	HTML       string    `json:"html"`
	Raw        string    `json:"raw"` // the message as received
	ReceivedAt time.Time `json:"receivedAt"`
}

func (c Captured) clone() Captured {
	c.To = slices.Clone(c.To)
	return c
}

func (c Captured) size() int { return len(c.Raw) + len(c.Text) + len(c.HTML) }

// Server is a running capture. Its methods are safe for concurrent use.
type Server struct {
	smtp *smtp.Server
	ln   net.Listener
	addr string

	mu      sync.Mutex
	msgs    []Captured    // oldest first
	bytes   int           // sum of size() over msgs
	arrived chan struct{} // closed and replaced on every arrival, waking every Wait at once
	https   []*http.Server

	closeOnce sync.Once
	closed    chan struct{}
	closeErr  error
}

// Start listens for SMTP on addr ("127.0.0.1:0" picks a free port; see Addr) and serves until
// Close.
func Start(addr string) (*Server, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("mailcapture: listen on %s: %w", addr, err)
	}
	s := &Server{
		ln:      ln,
		addr:    ln.Addr().String(),
		arrived: make(chan struct{}),
		closed:  make(chan struct{}),
	}
	srv := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) {
		return &session{srv: s}, nil
	}))
	srv.Domain = "localhost"
	srv.MaxMessageBytes = MaxMessageBytes
	srv.MaxRecipients = MaxRecipients
	srv.ReadTimeout = time.Minute
	srv.WriteTimeout = time.Minute
	srv.EnableSMTPUTF8 = true // everything is kept as bytes, so international addresses cost nothing
	srv.ErrorLog = slog.NewLogLogger(slog.Default().With("component", "mailcapture").Handler(), slog.LevelWarn)
	s.smtp = srv
	go func() { _ = srv.Serve(ln) }() // returns when Close closes the listener
	return s, nil
}

// Addr is the address the SMTP listener is bound to, with the real port.
func (s *Server) Addr() string { return s.addr }

// Close stops the SMTP listener, drops open connections, stops the HTTP listeners started by
// ListenHTTP and ends every Wait with ErrClosed. Captured messages stay readable.
func (s *Server) Close() error {
	s.closeOnce.Do(func() {
		close(s.closed)
		errs := []error{s.smtp.Close()}
		// Closed here too: a Close right after Start can come before Serve has registered the
		// listener with go-smtp, which would then accept forever.
		if err := s.ln.Close(); !errors.Is(err, net.ErrClosed) {
			errs = append(errs, err)
		}
		s.mu.Lock()
		https := s.https
		s.https = nil
		s.mu.Unlock()
		for _, h := range https {
			errs = append(errs, h.Close())
		}
		if err := errors.Join(errs...); err != nil {
			s.closeErr = fmt.Errorf("mailcapture: close: %w", err)
		}
	})
	return s.closeErr
}

// Messages returns copies of the kept messages, oldest first.
func (s *Server) Messages() []Captured {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Captured, len(s.msgs))
	for i, c := range s.msgs {
		out[i] = c.clone()
	}
	return out
}

// Clear forgets every kept message.
func (s *Server) Clear() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.msgs = nil
	s.bytes = 0
}

// Wait returns the newest kept message for which match is true (any message when match is
// nil), waiting for one to arrive if none has. Newest, because a test that triggers a mail
// twice wants the mail of its latest step; Clear first to ignore earlier ones entirely.
func (s *Server) Wait(ctx context.Context, match func(Captured) bool) (Captured, error) {
	for {
		// match runs without the lock so that it may call back into s.
		msgs, arrived := s.snapshot()
		for i := len(msgs) - 1; i >= 0; i-- {
			if match == nil || match(msgs[i]) {
				return msgs[i], nil
			}
		}
		select {
		case <-arrived:
		case <-s.closed:
			return Captured{}, ErrClosed
		case <-ctx.Done():
			return Captured{}, fmt.Errorf("mailcapture: wait: %w", ctx.Err())
		}
	}
}

func (s *Server) snapshot() ([]Captured, <-chan struct{}) {
	s.mu.Lock()
	arrived := s.arrived
	s.mu.Unlock()
	// Taken after the channel: a message that arrives in between is in the copy or wakes us.
	return s.Messages(), arrived
}

func (s *Server) add(c Captured) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.msgs = append(s.msgs, c)
	s.bytes += c.size()
	drop := 0
	for len(s.msgs)-drop > MaxKept || (s.bytes > maxKeptBytes && len(s.msgs)-drop > 1) {
		s.bytes -= s.msgs[drop].size()
		drop++
	}
	if drop > 0 {
		// A fresh slice lets the dropped messages be collected.
		s.msgs = slices.Clone(s.msgs[drop:])
	}
	close(s.arrived)
	s.arrived = make(chan struct{})
}
