// Package mail sends mail over SMTP to one configured server: a relay in production, the
// mailcapture listener in the devstack and in tests. It writes the whole RFC 5322 message
// itself so that every service sends the same well-formed UTF-8 mail whatever the language.
package mail

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/mail"
	"net/smtp"
	"net/textproto"
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

// ErrConfig is wrapped (beside ErrInvalid) by errors about the Sender's configuration: no mail
// can go until an operator fixes it, so an outbox keeps its mails instead of dropping them.
var ErrConfig = errors.New("mail: bad configuration")

// ErrPermanent is wrapped by an error the server gave as permanent (a 5xx reply): sending the
// same mail again will not help, as opposed to a 4xx or a network error, which may pass.
var ErrPermanent = errors.New("mail: refused for good")

// Config says where and as whom mail is sent.
type Config struct {
	Addr      string // host:port of the SMTP server
	From      string // "LinguaPort <no-reply@linguaport.local>"; its address is also the envelope sender
	Username  string // optional; PLAIN auth, only ever sent over TLS
	Password  string
	StartTLS  bool   // require STARTTLS: refuse to send when the server does not offer it
	HelloName string // EHLO name; "localhost" when empty
}

// ConfigFromEnv reads SMTP_ADDR, SMTP_FROM, SMTP_USERNAME, SMTP_PASSWORD and SMTP_STARTTLS.
func ConfigFromEnv(env *config.Env) Config {
	return Config{
		Addr:     env.String("SMTP_ADDR", "127.0.0.1:1025"),
		From:     env.String("SMTP_FROM", DefaultFrom),
		Username: env.String("SMTP_USERNAME", ""),
		Password: env.String("SMTP_PASSWORD", ""),
		StartTLS: env.Bool("SMTP_STARTTLS", false),
	}
}

// Message is one mail to one or more recipients. To holds addresses, with or without a
// display name ("Ayşe <ayse@example.com>"). HTML, when given, is sent as the alternative
// to Text, which mail clients without HTML (and spam filters) still read.
type Message struct {
	To      []string
	Subject string
	Text    string
	HTML    string
	// ID, when set, is the left part of the Message-ID, so that a mail sent again after a crash
	// carries the same one and clients fold the two.
	ID string
	// Unsubscribe is the one-click address of an optional mail (RFC 8058).
	Unsubscribe string
	Attachments []Attachment
}

// Attachment is a file sent with a mail.
type Attachment struct {
	Name        string
	ContentType string
	Data        []byte
}

// Sender sends messages with one Config. It keeps no connection open between sends, so it is
// safe for concurrent use and survives server restarts.
type Sender struct {
	cfg  Config
	host string // for TLS verification and PLAIN auth
	from *mail.Address
	err  error // a bad Config, reported by every Send so that NewSender cannot fail at start-up wiring
}

// NewSender returns a Sender for cfg. A malformed cfg is reported by Send.
func NewSender(cfg Config) *Sender {
	s := &Sender{cfg: cfg}
	var err error
	s.host, _, err = net.SplitHostPort(cfg.Addr)
	switch {
	case err != nil:
		s.err = fmt.Errorf("%w %w: SMTP address %q: %w", ErrInvalid, ErrConfig, cfg.Addr, err)
	case cfg.Username != "" && !cfg.StartTLS:
		s.err = fmt.Errorf("%w %w: SMTP credentials are only sent over TLS, so StartTLS is required", ErrInvalid, ErrConfig)
	case strings.ContainsAny(cfg.HelloName, "\r\n"):
		s.err = fmt.Errorf("%w %w: hello name contains a line break", ErrInvalid, ErrConfig)
	default:
		if s.from, s.err = parseAddress("from", cfg.From); s.err != nil {
			s.err = fmt.Errorf("%w: %w", ErrConfig, s.err)
		}
	}
	return s
}

// Send delivers m in one SMTP transaction. It gives up when ctx ends, whatever step it is in.
// Once the server has accepted the message Send reports success even if the goodbye fails,
// because a retry would deliver the mail twice.
func (s *Sender) Send(ctx context.Context, m Message) error {
	if s.err != nil {
		return s.err
	}
	raw, rcpts, err := compose(s.from, m, time.Now())
	if err != nil {
		return err
	}
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, defaultTimeout)
		defer cancel()
	}
	if err := s.deliver(ctx, rcpts, raw); err != nil {
		var tp *textproto.Error
		if errors.As(err, &tp) && tp.Code >= 500 {
			err = fmt.Errorf("%w: %w", ErrPermanent, err)
		}
		// A timed-out read says "i/o timeout"; naming the context lets callers use errors.Is.
		if cerr := contextErr(ctx); cerr != nil {
			return fmt.Errorf("mail: send via %s: %w: %w", s.cfg.Addr, cerr, err)
		}
		return fmt.Errorf("mail: send via %s: %w", s.cfg.Addr, err)
	}
	return nil
}

func (s *Sender) deliver(ctx context.Context, rcpts []string, raw []byte) error {
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", s.cfg.Addr)
	if err != nil {
		return fmt.Errorf("dial: %w", err)
	}
	defer conn.Close()
	deadline, _ := ctx.Deadline()
	if err := conn.SetDeadline(deadline); err != nil {
		return fmt.Errorf("set deadline: %w", err)
	}
	// The deadline covers expiry; a cancellation must also unblock a read from a silent server.
	stop := context.AfterFunc(ctx, func() { _ = conn.SetDeadline(time.Unix(1, 0)) })
	defer stop()

	c, err := smtp.NewClient(conn, s.host)
	if err != nil {
		return fmt.Errorf("greeting: %w", err)
	}
	defer c.Close()
	hello := s.cfg.HelloName
	if hello == "" {
		hello = "localhost"
	}
	if err := c.Hello(hello); err != nil {
		return fmt.Errorf("hello: %w", err)
	}
	if s.cfg.StartTLS {
		if ok, _ := c.Extension("STARTTLS"); !ok {
			return errors.New("server does not offer STARTTLS, which the configuration requires")
		}
		if err := c.StartTLS(&tls.Config{ServerName: s.host, MinVersion: tls.VersionTLS12}); err != nil {
			return fmt.Errorf("starttls: %w", err)
		}
	}
	if s.cfg.Username != "" {
		if err := c.Auth(smtp.PlainAuth("", s.cfg.Username, s.cfg.Password, s.host)); err != nil {
			return fmt.Errorf("auth: %w", err)
		}
	}
	if err := c.Mail(s.from.Address); err != nil {
		return fmt.Errorf("mail from: %w", err)
	}
	for _, r := range rcpts {
		if err := c.Rcpt(r); err != nil {
			return fmt.Errorf("rcpt to %s: %w", r, err)
		}
	}
	w, err := c.Data()
	if err != nil {
		return fmt.Errorf("data: %w", err)
	}
	if _, err := w.Write(raw); err != nil {
		return fmt.Errorf("data: %w", err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("data: %w", err)
	}
	_ = c.Quit() // the message is accepted; see Send
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
