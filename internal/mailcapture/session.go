package mailcapture

import (
	"io"
	"time"

	"github.com/emersion/go-smtp"
)

// session collects one SMTP transaction's envelope; go-smtp enforces the order of commands,
// MaxRecipients and MaxMessageBytes before these methods are called. After STARTTLS go-smtp
// starts a new session, so tls and user always describe the connection as it is now.
type session struct {
	srv  *Server
	tls  bool   // the connection is TLS (implicit, or after STARTTLS)
	user string // the user name AUTH accepted, "" before
	from string
	to   []string
	// refused is the reply this transaction is being refused with (Refuse), 0 when it is not:
	// once picked, every later step of the same transaction gets it too.
	refused int
}

func (s *session) Mail(from string, _ *smtp.MailOptions) error {
	s.from, s.to, s.refused = from, nil, 0
	if s.srv.opts.username != "" && s.user == "" {
		return errAuthRequired
	}
	return s.refuse(StepMail)
}

func (s *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	if err := s.refuse(StepRcpt); err != nil {
		return err
	}
	s.to = append(s.to, to)
	return nil
}

func (s *session) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		// Returned as is: go-smtp answers its own *SMTPError (552 for a message too large) with
		// the right code.
		return err
	}
	// Refused after the whole message was read, as a relay's content filter refuses it.
	if err := s.refuse(StepData); err != nil {
		return err
	}
	c := parse(s.from, s.to, raw, time.Now())
	c.TLS, c.User = s.tls, s.user
	s.srv.add(c)
	return nil
}

// refuse answers the reply Refuse asked for, if this transaction is one to refuse at step.
func (s *session) refuse(step Step) error {
	if s.refused == 0 {
		s.refused = s.srv.takeRefusal(step)
	}
	if s.refused == 0 {
		return nil
	}
	return refusalError(s.refused)
}

func (s *session) Reset() { s.from, s.to, s.refused = "", nil, 0 }

func (s *session) Logout() error { return nil }
