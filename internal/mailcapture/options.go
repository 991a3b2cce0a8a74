package mailcapture

import (
	"fmt"

	"github.com/emersion/go-smtp"
)

// Option changes how Start's server speaks.
type Option func(*options)

type tlsMode int

const (
	tlsNone tlsMode = iota
	tlsStartTLS
	tlsImplicit
)

type options struct {
	tls                tlsMode
	username, password string
	mechs              []string
}

// WithSTARTTLS offers STARTTLS (as a submission server on 587 does), with a certificate of the
// server's own CA (CAPEM). Plain-text mail is still accepted, as many relays do: a client is
// expected to insist on TLS itself.
func WithSTARTTLS() Option { return func(o *options) { o.tls = tlsStartTLS } }

// WithImplicitTLS speaks TLS from the first byte (as a server on 465 does).
func WithImplicitTLS() Option { return func(o *options) { o.tls = tlsImplicit } }

// WithAuth requires AUTH with these credentials before MAIL FROM (530 otherwise; 535 for wrong
// ones). AUTH is offered only over TLS, as relays do, so it goes with WithSTARTTLS or
// WithImplicitTLS.
func WithAuth(username, password string) Option {
	return func(o *options) { o.username, o.password = username, password }
}

// WithAuthMechanisms sets the mechanisms offered (MechPlain, MechLogin, MechCRAMMD5); PLAIN
// and LOGIN by default.
func WithAuthMechanisms(mechs ...string) Option {
	return func(o *options) { o.mechs = mechs }
}

// Step is the point of a transaction at which Refuse answers.
type Step int

const (
	StepMail Step = iota + 1 // MAIL FROM: the sender (or the whole session) is refused
	StepRcpt                 // RCPT TO: the recipient is refused (no such mailbox, greylisting)
	StepData                 // after the message: its content or size is refused
)

type refusal struct {
	step Step
	n    int
	code int
}

// Refuse makes the next n transactions fail with code (a 4xx, temporary, or 5xx, permanent,
// reply) at RCPT TO, as a relay does that greylists (451) or knows no such mailbox (550), so
// that an outbox's retries can be tested against a real SMTP exchange. It replaces any refusal
// still pending; Refuse(0, 0) ends one. It panics for a code that is not 400 to 599.
func (s *Server) Refuse(n, code int) { s.RefuseAt(StepRcpt, n, code) }

// RefuseAt is Refuse at another step of the transaction.
func (s *Server) RefuseAt(step Step, n, code int) {
	if n > 0 && (code < 400 || code > 599) {
		panic(fmt.Sprintf("mailcapture: Refuse with %d, which is not a 4xx or 5xx reply", code))
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.refusal = refusal{step: step, n: max(n, 0), code: code}
}

// Refusing returns how many transactions are still to be refused.
func (s *Server) Refusing() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.refusal.n
}

// takeRefusal counts one refused transaction if one is pending at step, returning its code.
func (s *Server) takeRefusal(step Step) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.refusal.n == 0 || s.refusal.step != step {
		return 0
	}
	s.refusal.n--
	return s.refusal.code
}

func refusalError(code int) error {
	msg := "Requested action not taken: refused by the capture (Refuse)"
	switch {
	case code == 421:
		msg = "Service not available, closing transmission channel (Refuse)"
	case code < 500:
		msg = "Requested action aborted: try again later (Refuse)"
	case code == 550:
		msg = "Requested action not taken: mailbox unavailable (Refuse)"
	case code == 552:
		msg = "Requested mail action aborted: exceeded storage allocation (Refuse)"
	case code == 554:
		msg = "Transaction failed (Refuse)"
	}
	return &smtp.SMTPError{Code: code, EnhancedCode: smtp.EnhancedCode{code / 100, 0, 0}, Message: msg}
}
