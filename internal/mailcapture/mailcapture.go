// Package mailcapture is a real SMTP server that delivers nothing: it keeps every message it
// receives in memory so that the devstack can show people the mail the platform sent and tests
// can read it back (a password-reset link, an order confirmation) over the same protocol a
// production relay speaks.
//
// By default it accepts mail from anyone, without authentication or TLS, for any recipient.
// That is only safe because it listens exactly where it is told; give it a loopback address
// such as "127.0.0.1:1025", never a public interface. Options make it speak as a production
// relay does, for the tests of internal/mail: STARTTLS or implicit TLS with a certificate of
// its own CA (CAPEM), AUTH with configured credentials, and refusals on demand (Refuse).
package mailcapture

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"slices"
	"strings"
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

	// The header fields a test or a reader looks for, decoded; "" when absent.
	MessageID           string `json:"messageId"`
	ReplyTo             string `json:"replyTo"`
	ListUnsubscribe     string `json:"listUnsubscribe"`
	ListUnsubscribePost string `json:"listUnsubscribePost"`
	// Headers are every header field of the message in order, encoded words decoded.
	Headers []Header `json:"headers"`
	// Attachments are the parts sent as files (Content-Disposition: attachment, or a named
	// part that is not the text or HTML body), in order.
	Attachments []Attachment `json:"attachments"`
	// TLS says the message came over TLS (implicit, or after STARTTLS); User is the user
	// name the client authenticated as, "" without AUTH.
	TLS  bool   `json:"tls"`
	User string `json:"user"`
}

// Header is one header field.
type Header struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// Attachment is one file of a message.
type Attachment struct {
	Name        string `json:"name"`
	ContentType string `json:"contentType"` // the media type, without parameters: "application/pdf"
	Size        int    `json:"size"`        // bytes, decoded
	// URL is where Handler serves the file: /messages/{id}/attachments/{n}, n from 0.
	URL  string `json:"url"`
	Data []byte `json:"-"`
}

// Header returns the first value of the named header field, decoded, or "".
func (c Captured) Header(name string) string {
	for _, h := range c.Headers {
		if strings.EqualFold(h.Name, name) {
			return h.Value
		}
	}
	return ""
}

// clone copies what a caller could change in place; the attachments' bytes are shared, as
// nothing writes them after parse.
func (c Captured) clone() Captured {
	c.To = slices.Clone(c.To)
	c.Headers = slices.Clone(c.Headers)
	c.Attachments = slices.Clone(c.Attachments)
	return c
}

func (c Captured) size() int {
	n := len(c.Raw) + len(c.Text) + len(c.HTML)
	for _, a := range c.Attachments {
		n += len(a.Data)
	}
	return n
}

// Server is a running capture. Its methods are safe for concurrent use.
type Server struct {
	smtp  *smtp.Server
	ln    net.Listener
	addr  string
	opts  options
	caPEM []byte

	mu      sync.Mutex
	msgs    []Captured    // oldest first
	bytes   int           // sum of size() over msgs
	arrived chan struct{} // closed and replaced on every arrival, waking every Wait at once
	https   []*http.Server

	refusal refusal // pending refusals (Refuse), under mu

	closeOnce sync.Once
	closed    chan struct{}
	closeErr  error
}

// Start listens for SMTP on addr ("127.0.0.1:0" picks a free port; see Addr) and serves until
// Close. Without options it is the devstack's capture: plain SMTP, no AUTH.
func Start(addr string, opts ...Option) (*Server, error) {
	o := options{mechs: []string{MechPlain, MechLogin}}
	for _, opt := range opts {
		opt(&o)
	}
	s := &Server{
		opts:    o,
		arrived: make(chan struct{}),
		closed:  make(chan struct{}),
	}
	var tlsConfig *tls.Config
	if o.tls != tlsNone {
		cert, caPEM, err := newCertificate(time.Now())
		if err != nil {
			return nil, err
		}
		s.caPEM = caPEM
		tlsConfig = &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("mailcapture: listen on %s: %w", addr, err)
	}
	s.addr = ln.Addr().String()
	if o.tls == tlsImplicit {
		ln = tls.NewListener(ln, tlsConfig)
	}
	s.ln = ln
	srv := smtp.NewServer(smtp.BackendFunc(func(c *smtp.Conn) (smtp.Session, error) {
		_, isTLS := c.TLSConnectionState()
		return &session{srv: s, tls: isTLS}, nil
	}))
	// Set for implicit TLS too; go-smtp offers STARTTLS only on a connection that is not TLS.
	srv.TLSConfig = tlsConfig
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

// CAPEM is the PEM of the CA that signed the server's certificate (for localhost, 127.0.0.1
// and ::1), for a client to trust (SMTP_CA_FILE); nil without TLS.
func (s *Server) CAPEM() []byte { return slices.Clone(s.caPEM) }

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
