package mail

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/textproto"
	"sync"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// deliver runs one SMTP session: go-mail's client connects, greets, secures the connection and
// authenticates (choosing the mechanism from what the server offers); the transaction itself
// is driven here, on the connection it returns, so that the envelope is exactly rcpts and so
// that a refusal is classified by the step it came at.
func (s *Sender) deliver(ctx context.Context, rcpts []string, msg *gomail.Msg) error {
	deadline, _ := ctx.Deadline() // Send gives every ctx one
	budget := time.Until(deadline)
	if budget <= 0 {
		return context.DeadlineExceeded
	}
	var conn *ctxConn // the raw connection, closed here whatever go-mail did with it
	defer func() {
		if conn != nil {
			_ = conn.Close()
		}
	}()
	dial := func(dctx context.Context, network, addr string) (net.Conn, error) {
		raw, err := (&net.Dialer{}).DialContext(dctx, network, addr)
		if err != nil {
			return nil, err
		}
		conn = newCtxConn(ctx, raw)
		if s.mode != TLSImplicit {
			return conn, nil
		}
		tc := tls.Client(conn, s.tls)
		if err := tc.HandshakeContext(dctx); err != nil {
			return nil, fmt.Errorf("tls: %w", err)
		}
		return tc, nil
	}
	hello := s.cfg.HelloName
	if hello == "" {
		hello = "localhost"
	}
	opts := []gomail.Option{
		gomail.WithPort(s.port),
		// go-mail moves the connection's deadline to now+timeout before each command; ctxConn
		// holds it to ctx's deadline, so the budget is the whole Send's, not each step's.
		gomail.WithTimeout(budget),
		gomail.WithHELO(hello),
		gomail.WithDialContextFunc(dial),
		gomail.WithoutNoop(),
		// The message is 7-bit (quoted-printable and base64); SMTPUTF8 is only for addresses
		// that are not ASCII, which the server then has to accept.
		gomail.WithoutSMTPUTF8(),
	}
	switch s.mode {
	case TLSNone:
		opts = append(opts, gomail.WithTLSPolicy(gomail.NoTLS))
	case TLSStartTLS:
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory), gomail.WithTLSConfig(s.tls))
	case TLSImplicit:
		// The dialer above speaks TLS already. go-mail's own implicit TLS (WithSSL) is not used
		// because, with a dialer of ours, it would take the connection for plain text and offer
		// only the mechanisms meant for one. "Opportunistic" makes it look at the connection,
		// find TLS, and skip STARTTLS, which a TLS server does not offer.
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSOpportunistic), gomail.WithTLSConfig(s.tls))
	}
	if s.cfg.Username != "" {
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover),
			gomail.WithUsername(s.cfg.Username), gomail.WithPassword(s.cfg.Password))
	}
	client, err := gomail.NewClient(s.host, opts...)
	if err != nil {
		return fmt.Errorf("%w config: %w", ErrInvalid, err)
	}
	c, err := client.DialToSMTPClientWithContext(ctx)
	if err != nil {
		return fmt.Errorf("connect: %w", err)
	}
	defer func() { _ = c.Close() }()

	if err := c.Mail(s.from.Address); err != nil {
		// The sender is the same for every mail: a refusal of it is the configuration's (a
		// domain the relay does not send for), fixed once for all of them, not this mail's.
		return fmt.Errorf("%w: %w", ErrConfig, refusal("mail from", err))
	}
	for _, r := range rcpts {
		if err := c.Rcpt(r); err != nil {
			return refusal("rcpt to "+r, err)
		}
	}
	w, err := c.Data()
	if err != nil {
		return refusal("data", err)
	}
	if _, err := msg.WriteTo(w); err != nil {
		return fmt.Errorf("data: %w", err)
	}
	if err := w.Close(); err != nil { // the server's verdict on the message
		return refusal("data", err)
	}
	_ = c.Quit() // the message is accepted; see Send
	return nil
}

// refusal wraps an error of the transaction's steps, marking a 5xx reply ErrPermanent.
func refusal(step string, err error) error {
	var reply *textproto.Error
	if errors.As(err, &reply) && reply.Code >= 500 && reply.Code < 600 {
		switch reply.Code {
		case 530, 534, 535, 538: // authentication required, too weak, refused, needs TLS
		default:
			return fmt.Errorf("%s: %w (%w)", step, err, ErrPermanent)
		}
	}
	return fmt.Errorf("%s: %w", step, err)
}

// ctxConn ends every read and write when its context ends: go-mail's client only watches the
// context while dialing, and sets its own deadlines afterwards, which ctxConn keeps within the
// context's. Cancelling the context (a service shutting down) stops a Send at once.
type ctxConn struct {
	net.Conn
	ctx  context.Context
	stop func() bool

	mu   sync.Mutex
	done bool // ctx has ended: every deadline is in the past
}

var past = time.Unix(1, 0)

func newCtxConn(ctx context.Context, c net.Conn) *ctxConn {
	cc := &ctxConn{Conn: c, ctx: ctx}
	_ = cc.SetDeadline(time.Time{})
	// Under mu, so that a deadline go-mail sets at the same moment cannot move this one back.
	cc.stop = context.AfterFunc(ctx, func() {
		cc.mu.Lock()
		defer cc.mu.Unlock()
		cc.done = true
		_ = cc.Conn.SetDeadline(past)
	})
	return cc
}

func (c *ctxConn) clamp(t time.Time, set func(time.Time) error) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.done {
		return set(past)
	}
	if dl, ok := c.ctx.Deadline(); ok && (t.IsZero() || dl.Before(t)) {
		t = dl
	}
	return set(t)
}

func (c *ctxConn) SetDeadline(t time.Time) error      { return c.clamp(t, c.Conn.SetDeadline) }
func (c *ctxConn) SetReadDeadline(t time.Time) error  { return c.clamp(t, c.Conn.SetReadDeadline) }
func (c *ctxConn) SetWriteDeadline(t time.Time) error { return c.clamp(t, c.Conn.SetWriteDeadline) }

func (c *ctxConn) Close() error {
	c.stop()
	return c.Conn.Close()
}
