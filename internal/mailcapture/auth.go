package mailcapture

import (
	"crypto/hmac"
	"crypto/md5"
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// The mechanisms the capture can check. A relay offers some of them; WithAuthMechanisms makes
// the capture offer a chosen few, so a client's choice among them can be tested.
const (
	MechPlain   = "PLAIN"
	MechLogin   = "LOGIN"
	MechCRAMMD5 = "CRAM-MD5"
)

var errBadCredentials = &smtp.SMTPError{Code: 535, EnhancedCode: smtp.EnhancedCode{5, 7, 8}, Message: "Authentication credentials invalid"}

// errAuthRequired answers a transaction started before AUTH on a server that has credentials.
var errAuthRequired = &smtp.SMTPError{Code: 530, EnhancedCode: smtp.EnhancedCode{5, 7, 0}, Message: "Authentication required"}

func (s *session) AuthMechanisms() []string {
	if s.srv.opts.username == "" {
		return nil // no AUTH advertised: anyone may send, as to the devstack's capture
	}
	return s.srv.opts.mechs
}

func (s *session) Auth(mech string) (sasl.Server, error) {
	o := s.srv.opts
	if o.username == "" || !containsFold(o.mechs, mech) {
		return nil, smtp.ErrAuthUnknownMechanism
	}
	check := func(user, pass string) error {
		// Constant time, as a relay would compare; the capture's secrets are only a test's.
		if subtle.ConstantTimeCompare([]byte(user), []byte(o.username)) != 1 ||
			subtle.ConstantTimeCompare([]byte(pass), []byte(o.password)) != 1 {
			return errBadCredentials
		}
		s.user = user
		return nil
	}
	switch strings.ToUpper(mech) {
	case MechPlain:
		return sasl.NewPlainServer(func(identity, user, pass string) error {
			if identity != "" && identity != user {
				return errBadCredentials
			}
			return check(user, pass)
		}), nil
	case MechLogin:
		return &loginServer{check: check}, nil
	case MechCRAMMD5:
		return &cramMD5Server{user: o.username, secret: o.password, done: func(user string) { s.user = user }}, nil
	}
	return nil, smtp.ErrAuthUnknownMechanism
}

func containsFold(list []string, s string) bool {
	for _, v := range list {
		if strings.EqualFold(v, s) {
			return true
		}
	}
	return false
}

// loginServer is the server side of LOGIN (draft-murchison-sasl-login), which go-sasl only
// implements for clients: the server asks "Username:" and "Password:", each answered alone.
type loginServer struct {
	check func(user, pass string) error
	step  int
	user  string
}

func (l *loginServer) Next(response []byte) ([]byte, bool, error) {
	switch l.step {
	case 0:
		l.step++
		if len(response) == 0 {
			return []byte("Username:"), false, nil
		}
		// A client may send the user name with the AUTH command (an initial response).
		l.user = string(response)
		l.step++
		return []byte("Password:"), false, nil
	case 1:
		l.step++
		l.user = string(response)
		return []byte("Password:"), false, nil
	case 2:
		l.step++
		return nil, true, l.check(l.user, string(response))
	}
	return nil, false, errors.New("unexpected LOGIN response")
}

// cramMD5Server is the server side of CRAM-MD5 (RFC 2195): a challenge, answered with the
// user name and the HMAC-MD5 of the challenge keyed with the password.
type cramMD5Server struct {
	user, secret string
	done         func(user string)
	challenge    []byte
}

func (c *cramMD5Server) Next(response []byte) ([]byte, bool, error) {
	if c.challenge == nil {
		c.challenge = fmt.Appendf(nil, "<%s.%d@localhost>", rand.Text(), time.Now().Unix())
		return c.challenge, false, nil
	}
	user, digest, ok := strings.Cut(string(response), " ")
	if !ok {
		return nil, true, errBadCredentials
	}
	mac := hmac.New(md5.New, []byte(c.secret))
	mac.Write(c.challenge)
	want := hex.EncodeToString(mac.Sum(nil))
	if subtle.ConstantTimeCompare([]byte(user), []byte(c.user)) != 1 || !hmac.Equal([]byte(strings.ToLower(digest)), []byte(want)) {
		return nil, true, errBadCredentials
	}
	c.done(user)
	return nil, true, nil
}
