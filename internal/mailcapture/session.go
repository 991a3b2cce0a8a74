package mailcapture

import (
	"io"
	"time"

	"github.com/emersion/go-smtp"
)

// session collects one SMTP transaction's envelope; go-smtp enforces the order of commands,
// MaxRecipients and MaxMessageBytes before these methods are called.
type session struct {
	srv  *Server
	from string
	to   []string
}

func (s *session) Mail(from string, _ *smtp.MailOptions) error {
	s.from, s.to = from, nil
	return nil
}

func (s *session) Rcpt(to string, _ *smtp.RcptOptions) error {
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
	s.srv.add(parse(s.from, s.to, raw, time.Now()))
	return nil
}

func (s *session) Reset() { s.from, s.to = "", nil }

func (s *session) Logout() error { return nil }
