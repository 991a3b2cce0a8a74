// Package mail sends mail over SMTP to one configured server: a relay in production (STARTTLS
// on 587 or implicit TLS on 465, with authentication), the mailcapture listener in the devstack
// and in tests. Messages (text, HTML, attachments, headers) are composed by
// github.com/wneessen/go-mail, which also negotiates TLS and picks the authentication mechanism
// the server offers; bench/mail compares it with the hand-written composer it replaced.
//
// Errors fall in three kinds, so that an outbox knows what to do with a mail:
//   - ErrInvalid: the message or the configuration is wrong; sending it again cannot help.
//   - ErrPermanent: the server refused this mail for good (a 5xx reply to MAIL FROM, RCPT TO
//     or DATA: no such mailbox, message too large, content rejected).
//   - anything else: the network, the server or a 4xx reply; try again later.
package mail

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"net"
	"net/mail"
	"os"
	"strconv"
	"strings"
	"time"

	"linguaport/internal/config"
)

// DefaultFrom is the sender when SMTP_FROM is not set.
const DefaultFrom = "LinguaPort <no-reply@linguaport.local>"

// defaultTimeout bounds a Send whose context has no deadline, so that a silent server cannot
// hold a caller forever.
const defaultTimeout = time.Minute

// ErrInvalid is wrapped by every error about the message or the configuration itself, as
// opposed to the server or the network, so callers can tell "fix the input" from "retry".
var ErrInvalid = errors.New("mail: invalid")

// ErrConfig is wrapped (beside ErrInvalid, or ErrPermanent for a sender the server refuses) by
// errors that come from the Sender's configuration rather than the mail: every mail fails alike
// until an operator fixes it, so an outbox keeps its mails instead of dropping them.
var ErrConfig = errors.New("mail: configuration")

// ErrPermanent is wrapped by the error of a Send whose mail the server refused with a 5xx
// reply to MAIL FROM, RCPT TO or the message itself: the same mail would be refused again, so
// an outbox stops retrying it. A 4xx reply (greylisting, a full mailbox, a busy server) is
// temporary and not wrapped. 5xx replies about authentication (530, 534, 535, 538) are not
// permanent either: they say the credentials are wrong, which is fixed once for every mail.
var ErrPermanent = errors.New("mail: refused permanently")

// TLSMode says how the connection to the server is protected.
type TLSMode string

const (
	// TLSNone sends in plain text: only for a server on the same host or network (the devstack's
	// capture); credentials are refused with it.
	TLSNone TLSMode = "none"
	// TLSStartTLS connects in plain text and upgrades with STARTTLS before anything else is
	// said (submission, port 587); a server that does not offer STARTTLS gets nothing.
	TLSStartTLS TLSMode = "starttls"
	// TLSImplicit speaks TLS from the first byte (submissions, port 465; RFC 8314).
	TLSImplicit TLSMode = "implicit"
)

func parseTLSMode(s string) (TLSMode, bool) {
	switch m := TLSMode(strings.ToLower(strings.TrimSpace(s))); m {
	case "", TLSNone:
		return TLSNone, true
	case TLSStartTLS, TLSImplicit:
		return m, true
	}
	return "", false
}

// Config says where and as whom mail is sent.
type Config struct {
	Addr     string // host:port of the SMTP server
	From     string // "LinguaPort <no-reply@linguaport.local>"; its address is also the envelope sender
	Username string // optional; sent only over TLS, with the best mechanism the server offers
	Password string
	TLS      TLSMode // "" is TLSNone
	// CAFile is a PEM file of certificates trusted besides the system's, for a relay with a
	// private CA (and the tests' capture); optional.
	CAFile    string
	HelloName string // EHLO name; "localhost" when empty
}

// ConfigFromEnv reads SMTP_ADDR, SMTP_FROM, SMTP_USERNAME, SMTP_PASSWORD, SMTP_TLS (none,
// starttls or implicit; SMTP_STARTTLS=true is the older spelling of starttls), SMTP_CA_FILE and
// SMTP_HELO. A configuration Send would refuse (credentials without TLS, an unknown TLS mode, an
// unreadable CA file) is recorded in env, so the process stops at start instead of at its first
// mail.
func ConfigFromEnv(env *config.Env) Config {
	c := Config{
		Addr:      env.String("SMTP_ADDR", "127.0.0.1:1025"),
		From:      env.String("SMTP_FROM", DefaultFrom),
		Username:  env.String("SMTP_USERNAME", ""),
		Password:  env.String("SMTP_PASSWORD", ""),
		CAFile:    env.String("SMTP_CA_FILE", ""),
		HelloName: env.String("SMTP_HELO", ""),
	}
	rawTLS := env.String("SMTP_TLS", "")
	rawStartTLS := env.String("SMTP_STARTTLS", "")
	startTLS := env.Bool("SMTP_STARTTLS", false)
	c.TLS = TLSMode(rawTLS) // an unknown mode is reported by check
	if mode, ok := parseTLSMode(rawTLS); ok {
		c.TLS = mode
		switch {
		case rawTLS == "" && startTLS:
			c.TLS = TLSStartTLS
		case rawTLS != "" && rawStartTLS != "" && startTLS != (mode == TLSStartTLS):
			env.Invalid(fmt.Sprintf("SMTP_STARTTLS=%q contradicts SMTP_TLS=%q; set only SMTP_TLS", rawStartTLS, rawTLS))
		}
	}
	if err := c.check(); err != nil {
		env.Invalid(strings.TrimPrefix(err.Error(), ErrInvalid.Error()+" config: "))
	}
	return c
}

// check reports what NewSender would refuse, naming the environment variables as well as the
// fields, since most configurations come from ConfigFromEnv.
func (c Config) check() error {
	if _, port, err := net.SplitHostPort(c.Addr); err != nil {
		return fmt.Errorf("%w config: SMTP_ADDR=%q is not host:port: %w", ErrInvalid, c.Addr, err)
	} else if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
		return fmt.Errorf("%w config: SMTP_ADDR=%q has no port number", ErrInvalid, c.Addr)
	}
	mode, ok := parseTLSMode(string(c.TLS))
	switch {
	case !ok:
		return fmt.Errorf("%w config: SMTP_TLS=%q is not one of none, starttls, implicit", ErrInvalid, c.TLS)
	case (c.Username != "" || c.Password != "") && mode == TLSNone:
		return fmt.Errorf("%w config: SMTP_USERNAME and SMTP_PASSWORD are only sent over TLS: set SMTP_TLS=starttls or implicit", ErrInvalid)
	case c.Password != "" && c.Username == "":
		return fmt.Errorf("%w config: SMTP_PASSWORD is set without SMTP_USERNAME", ErrInvalid)
	case c.CAFile != "" && mode == TLSNone:
		return fmt.Errorf("%w config: SMTP_CA_FILE is set but SMTP_TLS is none, so it would never be used", ErrInvalid)
	case strings.ContainsAny(c.HelloName, "\r\n \t"):
		return fmt.Errorf("%w config: SMTP_HELO %q is not a host name", ErrInvalid, c.HelloName)
	}
	if a, err := mail.ParseAddress(c.From); err != nil || strings.ContainsAny(c.From, "\r\n") || !strings.Contains(a.Address, "@") {
		return fmt.Errorf("%w config: SMTP_FROM=%q is not an address such as %q", ErrInvalid, c.From, "LinguaPort <no-reply@linguaport.com>")
	}
	if c.CAFile != "" {
		if _, err := loadCAs(c.CAFile); err != nil {
			return fmt.Errorf("%w config: SMTP_CA_FILE: %w", ErrInvalid, err)
		}
	}
	return nil
}

// loadCAs returns the system's roots plus the certificates of the PEM file.
func loadCAs(path string) (*x509.CertPool, error) {
	pemBytes, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	pool, err := x509.SystemCertPool()
	if err != nil {
		pool = x509.NewCertPool() // no system roots (a scratch image): the file alone
	}
	if !pool.AppendCertsFromPEM(pemBytes) {
		return nil, fmt.Errorf("%s holds no PEM certificate", path)
	}
	return pool, nil
}

// Sender sends messages with one Config. It keeps no connection open between sends, so it is
// safe for concurrent use and survives server restarts.
type Sender struct {
	cfg  Config
	host string
	port int
	mode TLSMode
	tls  *tls.Config // nil with TLSNone
	from *mail.Address
	err  error // a bad Config, reported by every Send so that NewSender cannot fail at start-up wiring
}

// NewSender returns a Sender for cfg. A malformed cfg is reported by Send, wrapping ErrInvalid.
func NewSender(cfg Config) *Sender {
	s := &Sender{cfg: cfg}
	if s.err = cfg.check(); s.err != nil {
		s.err = fmt.Errorf("%w: %w", ErrConfig, s.err)
		return s
	}
	host, port, _ := net.SplitHostPort(cfg.Addr) // checked
	s.host = host
	s.port, _ = strconv.Atoi(port)
	s.mode, _ = parseTLSMode(string(cfg.TLS))
	s.from, _ = parseAddress("from", cfg.From)
	if s.mode != TLSNone {
		s.tls = &tls.Config{ServerName: host, MinVersion: tls.VersionTLS12}
		if cfg.CAFile != "" {
			// Read once here: a CA file replaced later takes a restart, like every setting.
			if s.tls.RootCAs, s.err = loadCAs(cfg.CAFile); s.err != nil {
				s.err = fmt.Errorf("%w: %w config: SMTP_CA_FILE: %w", ErrConfig, ErrInvalid, s.err)
			}
		}
	}
	return s
}

// Send delivers m in one SMTP transaction. It gives up when ctx ends, whatever step it is in.
// Once the server has accepted the message Send reports success even if the goodbye fails,
// because a retry would deliver the mail twice. A recipient the server refuses fails the whole
// mail (nothing is delivered; the error names the recipient), so a retry does not reach the
// others twice. The error says what to do (see the package comment): ErrInvalid, ErrPermanent,
// or neither: try again later. A refusal keeps the server's reply in the chain, for
// errors.As(err, *textproto.Error) to read its code.
func (s *Sender) Send(ctx context.Context, m Message) error {
	if s.err != nil {
		return s.err
	}
	msg, rcpts, err := compose(s.from, m, time.Now())
	if err != nil {
		return err
	}
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, defaultTimeout)
		defer cancel()
	}
	if err := s.deliver(ctx, rcpts, msg); err != nil {
		// A timed-out read says "i/o timeout"; naming the context lets callers use errors.Is.
		if cerr := contextErr(ctx); cerr != nil {
			return fmt.Errorf("mail: send via %s: %w: %w", s.cfg.Addr, cerr, err)
		}
		return fmt.Errorf("mail: send via %s: %w", s.cfg.Addr, err)
	}
	return nil
}

// Compose writes m as Send would send it (CRLF line ends, before SMTP's dot-stuffing), for a
// preview of a mail or a measurement of composing alone (bench/mail).
func (s *Sender) Compose(w io.Writer, m Message) error {
	if s.err != nil {
		return s.err
	}
	msg, _, err := compose(s.from, m, time.Now())
	if err != nil {
		return err
	}
	if _, err := msg.WriteTo(w); err != nil {
		return fmt.Errorf("mail: compose: %w", err)
	}
	return nil
}

// contextErr is ctx.Err(), also when the connection deadline fired a moment before the
// context's own timer did.
func contextErr(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if dl, ok := ctx.Deadline(); ok && !time.Now().Before(dl) {
		return context.DeadlineExceeded
	}
	return nil
}
