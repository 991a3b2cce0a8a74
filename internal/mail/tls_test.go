package mail_test

import (
	"bufio"
	"context"
	"crypto/x509"
	"errors"
	"net"
	"net/textproto"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"linguaport/internal/mail"
	"linguaport/internal/mailcapture"
)

// The tests here talk to mailcapture speaking as a production relay does: STARTTLS or implicit
// TLS with a certificate of its own CA, AUTH with credentials, refusals on demand.

const (
	user     = "bildirim@linguaport.com"
	password = "Gizli-Parola-2026"
)

func mailcaptureTLS() []mailcapture.Option {
	return []mailcapture.Option{mailcapture.WithSTARTTLS(), mailcapture.WithAuth(user, password)}
}

// caFile writes the capture's CA where SMTP_CA_FILE would name it.
func caFile(t *testing.T, srv *mailcapture.Server) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "ca.pem")
	if err := os.WriteFile(path, srv.CAPEM(), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func tlsConfig(t *testing.T, srv *mailcapture.Server, mode mail.TLSMode) mail.Config {
	return mail.Config{Addr: srv.Addr(), From: mail.DefaultFrom, TLS: mode, CAFile: caFile(t, srv), Username: user, Password: password}
}

func send(t *testing.T, cfg mail.Config, m mail.Message) error {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	return mail.NewSender(cfg).Send(ctx, m)
}

func waitOne(t *testing.T, srv *mailcapture.Server) mailcapture.Captured {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
	defer cancel()
	c, err := srv.Wait(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(srv.Messages()); n != 1 {
		t.Fatalf("%d messages kept, want 1", n)
	}
	return c
}

var hello = mail.Message{To: []string{"Ayşe <ayse@example.com>"}, Subject: "Hoş geldiniz", Text: "Merhaba Ayşe", HTML: "<p>Merhaba <b>Ayşe</b></p>"}

func TestSTARTTLSWithAuth(t *testing.T) {
	for _, mechs := range [][]string{
		{mailcapture.MechPlain, mailcapture.MechLogin},
		{mailcapture.MechLogin},
		{mailcapture.MechCRAMMD5},
	} {
		t.Run(strings.Join(mechs, "+"), func(t *testing.T) {
			srv := startCapture(t, append(mailcaptureTLS(), mailcapture.WithAuthMechanisms(mechs...))...)
			if err := send(t, tlsConfig(t, srv, mail.TLSStartTLS), hello); err != nil {
				t.Fatal(err)
			}
			c := waitOne(t, srv)
			if !c.TLS || c.User != user || c.Subject != hello.Subject || c.Text != hello.Text || c.HTML != hello.HTML {
				t.Errorf("captured tls=%v user=%q subject=%q text=%q html=%q", c.TLS, c.User, c.Subject, c.Text, c.HTML)
			}
		})
	}
}

func TestImplicitTLSWithAuth(t *testing.T) {
	// On a free port, as 465 is for root; the client does not care which port it is.
	srv := startCapture(t, mailcapture.WithImplicitTLS(), mailcapture.WithAuth(user, password))
	if err := send(t, tlsConfig(t, srv, mail.TLSImplicit), hello); err != nil {
		t.Fatal(err)
	}
	if c := waitOne(t, srv); !c.TLS || c.User != user || c.Text != hello.Text {
		t.Errorf("captured tls=%v user=%q text=%q", c.TLS, c.User, c.Text)
	}

	// TLS without credentials is fine too, for a relay that trusts the network.
	srv = startCapture(t, mailcapture.WithImplicitTLS())
	cfg := tlsConfig(t, srv, mail.TLSImplicit)
	cfg.Username, cfg.Password = "", ""
	if err := send(t, cfg, hello); err != nil {
		t.Fatal(err)
	}
	if c := waitOne(t, srv); !c.TLS || c.User != "" {
		t.Errorf("captured tls=%v user=%q", c.TLS, c.User)
	}
}

// isTemporary is how an outbox reads an error: neither "fix the input" nor "never again".
func isTemporary(err error) bool {
	return err != nil && !errors.Is(err, mail.ErrInvalid) && !errors.Is(err, mail.ErrPermanent)
}

func TestWrongPasswordRefused(t *testing.T) {
	for _, mode := range []mail.TLSMode{mail.TLSStartTLS, mail.TLSImplicit} {
		opt := mailcapture.WithSTARTTLS()
		if mode == mail.TLSImplicit {
			opt = mailcapture.WithImplicitTLS()
		}
		srv := startCapture(t, opt, mailcapture.WithAuth(user, password))
		cfg := tlsConfig(t, srv, mode)
		cfg.Password = "yanlis-parola"
		err := send(t, cfg, hello)
		var reply *textproto.Error
		if !errors.As(err, &reply) || reply.Code != 535 {
			t.Errorf("%s: err = %v, want the server's 535", mode, err)
		}
		// Credentials are fixed once for every mail: not a reason to drop this one.
		if !isTemporary(err) {
			t.Errorf("%s: err = %v, want a temporary error", mode, err)
		}
		if n := len(srv.Messages()); n != 0 {
			t.Errorf("%s: %d messages kept", mode, n)
		}
	}
}

func TestTLSRequiredButMissing(t *testing.T) {
	plain := startCapture(t)
	tlsSrv := startCapture(t, mailcaptureTLS()...)

	// A server that does not offer STARTTLS gets nothing, credentials least of all.
	cfg := tlsConfig(t, tlsSrv, mail.TLSStartTLS)
	cfg.Addr = plain.Addr()
	if err := send(t, cfg, hello); err == nil || !strings.Contains(err.Error(), "STARTTLS") || !isTemporary(err) {
		t.Errorf("no STARTTLS offered: err = %v, want a temporary STARTTLS refusal", err)
	}

	// Implicit TLS to a plain-text server: the handshake fails at once.
	cfg.TLS = mail.TLSImplicit
	start := time.Now()
	if err := send(t, cfg, hello); err == nil || !strings.Contains(err.Error(), "tls") || !isTemporary(err) {
		t.Errorf("implicit TLS to plain text: err = %v", err)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("took %v", d)
	}

	// A certificate the client was not told to trust.
	cfg = tlsConfig(t, tlsSrv, mail.TLSStartTLS)
	cfg.CAFile = ""
	var unknown x509.UnknownAuthorityError
	if err := send(t, cfg, hello); !errors.As(err, &unknown) {
		t.Errorf("untrusted certificate: err = %v, want x509.UnknownAuthorityError", err)
	}
	// Trusted, but for another name than the one dialled.
	cfg = tlsConfig(t, tlsSrv, mail.TLSStartTLS)
	_, port, _ := net.SplitHostPort(tlsSrv.Addr())
	if ips, _ := net.LookupHost("localhost"); len(ips) > 0 {
		cfg.Addr = net.JoinHostPort("localhost", port)
		if err := send(t, cfg, hello); err != nil {
			t.Errorf("localhost, which the certificate names: %v", err)
		}
	}
	// Trusted, but at an address the certificate does not name (127.0.0.2 is loopback on Linux).
	if other, err := mailcapture.Start("127.0.0.2:0", mailcaptureTLS()...); err == nil {
		t.Cleanup(func() { _ = other.Close() })
		var hostErr x509.HostnameError
		if err := send(t, tlsConfig(t, other, mail.TLSStartTLS), hello); !errors.As(err, &hostErr) {
			t.Errorf("127.0.0.2, which the certificate does not name: err = %v", err)
		}
	}

	for _, srv := range []*mailcapture.Server{plain} {
		if n := len(srv.Messages()); n != 0 {
			t.Errorf("%d messages kept", n)
		}
	}
}

func TestAuthRequiredWithoutCredentials(t *testing.T) {
	srv := startCapture(t, mailcaptureTLS()...)
	cfg := tlsConfig(t, srv, mail.TLSStartTLS)
	cfg.Username, cfg.Password = "", ""
	err := send(t, cfg, hello)
	var reply *textproto.Error
	if !errors.As(err, &reply) || reply.Code != 530 || !isTemporary(err) {
		t.Errorf("err = %v, want a temporary 530", err)
	}
}

func TestRefusalsTemporaryAndPermanent(t *testing.T) {
	srv := startCapture(t)
	s := mail.NewSender(mail.Config{Addr: srv.Addr(), From: mail.DefaultFrom})
	m := mail.Message{To: []string{"a@example.com"}, Subject: "Fatura", Text: "x"}
	try := func() error {
		ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
		defer cancel()
		return s.Send(ctx, m)
	}

	srv.Refuse(2, 451) // greylisting: twice, then accepted
	for i := range 2 {
		err := try()
		var reply *textproto.Error
		if !errors.As(err, &reply) || reply.Code != 451 || !isTemporary(err) {
			t.Errorf("try %d: err = %v, want a temporary 451", i+1, err)
		}
	}
	if err := try(); err != nil {
		t.Errorf("after the refusals: %v", err)
	}
	if n := len(srv.Messages()); n != 1 {
		t.Errorf("%d messages kept, want 1", n)
	}

	for _, c := range []struct {
		step      mailcapture.Step
		code      int
		permanent bool
	}{
		{mailcapture.StepRcpt, 550, true},  // no such mailbox
		{mailcapture.StepRcpt, 452, false}, // mailbox full
		{mailcapture.StepMail, 553, true},  // sender refused
		{mailcapture.StepMail, 421, false}, // shutting down
		{mailcapture.StepData, 554, true},  // content refused
		{mailcapture.StepData, 552, true},  // too large
		{mailcapture.StepData, 451, false}, // local error
		{mailcapture.StepMail, 530, false}, // authentication required: the configuration, not the mail
	} {
		srv.RefuseAt(c.step, 1, c.code)
		err := try()
		var reply *textproto.Error
		if !errors.As(err, &reply) || reply.Code != c.code {
			t.Errorf("%d at step %d: err = %v", c.code, c.step, err)
		}
		if got := errors.Is(err, mail.ErrPermanent); got != c.permanent || errors.Is(err, mail.ErrInvalid) {
			t.Errorf("%d at step %d: permanent = %v, want %v (%v)", c.code, c.step, got, c.permanent, err)
		}
		if srv.Refusing() != 0 {
			t.Errorf("%d at step %d: the refusal was not used", c.code, c.step)
		}
	}
	if n := len(srv.Messages()); n != 1 {
		t.Errorf("%d messages kept, want still 1", n)
	}
}

// fakeRelay accepts one message and then drops the connection instead of answering QUIT, as a
// relay that crashes (or a network that breaks) right after queueing the mail.
func fakeRelay(t *testing.T) (string, <-chan string) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	got := make(chan string, 1)
	go func() {
		c, err := ln.Accept()
		ln.Close()
		if err != nil {
			return
		}
		defer c.Close()
		r := bufio.NewReader(c)
		say := func(s string) { _, _ = c.Write([]byte(s + "\r\n")) }
		say("220 relay.test ESMTP")
		var data strings.Builder
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return
			}
			cmd := strings.ToUpper(strings.TrimSpace(line))
			switch {
			case strings.HasPrefix(cmd, "EHLO"):
				say("250-relay.test")
				say("250 8BITMIME")
			case strings.HasPrefix(cmd, "MAIL"), strings.HasPrefix(cmd, "RCPT"):
				say("250 OK")
			case cmd == "DATA":
				say("354 go ahead")
				for {
					l, err := r.ReadString('\n')
					if err != nil {
						return
					}
					if l == ".\r\n" {
						break
					}
					data.WriteString(l)
				}
				say("250 2.0.0 queued as 42")
				got <- data.String()
			case cmd == "QUIT":
				return // hang up without 221
			default:
				say("502 unknown")
			}
		}
	}()
	return ln.Addr().String(), got
}

func TestAcceptedMailIsSentEvenIfQuitFails(t *testing.T) {
	addr, got := fakeRelay(t)
	if err := send(t, mail.Config{Addr: addr, From: mail.DefaultFrom}, hello); err != nil {
		t.Fatalf("Send = %v after the relay accepted the message", err)
	}
	select {
	case data := <-got:
		if !strings.Contains(data, "Subject: =?UTF-8?q?Ho=C5=9F_geldiniz?=") {
			t.Errorf("relay got:\n%s", data)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the relay got nothing")
	}
}
