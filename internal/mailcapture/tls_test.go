package mailcapture_test

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"net"
	"net/smtp"
	"net/textproto"
	"strings"
	"testing"

	"linguaport/internal/mailcapture"
)

// These talk to the capture with Go's own net/smtp, a client independent of internal/mail.

func roots(t *testing.T, srv *mailcapture.Server) *tls.Config {
	t.Helper()
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(srv.CAPEM()) {
		t.Fatal("CAPEM holds no certificate")
	}
	return &tls.Config{RootCAs: pool, ServerName: "127.0.0.1"}
}

func startWith(t *testing.T, opts ...mailcapture.Option) *mailcapture.Server {
	t.Helper()
	srv, err := mailcapture.Start("127.0.0.1:0", opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = srv.Close() })
	return srv
}

func TestPlainCaptureHasNoTLSOrAuth(t *testing.T) {
	srv := start(t)
	if srv.CAPEM() != nil {
		t.Error("a plain capture has a CA")
	}
	c, err := smtp.Dial(srv.Addr())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.Hello("test"); err != nil {
		t.Fatal(err)
	}
	for _, ext := range []string{"STARTTLS", "AUTH"} {
		if ok, _ := c.Extension(ext); ok {
			t.Errorf("offers %s", ext)
		}
	}
}

func TestSTARTTLSAndAuth(t *testing.T) {
	srv := startWith(t, mailcapture.WithSTARTTLS(), mailcapture.WithAuth("ofis", "parola"))
	c, err := smtp.Dial(srv.Addr())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.Hello("test"); err != nil {
		t.Fatal(err)
	}
	// No AUTH before TLS: a relay never takes a password in the clear.
	if ok, _ := c.Extension("AUTH"); ok {
		t.Error("AUTH offered before STARTTLS")
	}
	var reply *textproto.Error
	if err := c.Mail("a@example.com"); !errors.As(err, &reply) || reply.Code != 530 {
		t.Errorf("MAIL before AUTH: %v, want 530", err)
	}
	if err := c.Reset(); err != nil {
		t.Fatal(err)
	}
	if err := c.StartTLS(roots(t, srv)); err != nil {
		t.Fatal(err)
	}
	if ok, mechs := c.Extension("AUTH"); !ok || mechs != "PLAIN LOGIN" {
		t.Errorf("AUTH after STARTTLS: %v %q", ok, mechs)
	}
	if err := c.Auth(smtp.PlainAuth("", "ofis", "parola", "127.0.0.1")); err != nil {
		t.Fatal(err)
	}
	sendRaw(t, c, "Subject: TLS\r\n\r\nmerhaba\r\n")
	got := srv.Messages()
	if len(got) != 1 || !got[0].TLS || got[0].User != "ofis" || got[0].Text != "merhaba" {
		t.Errorf("captured %+v", got)
	}
}

func TestWrongPasswordGets535(t *testing.T) {
	srv := startWith(t, mailcapture.WithSTARTTLS(), mailcapture.WithAuth("ofis", "parola"))
	for _, auth := range []smtp.Auth{
		smtp.PlainAuth("", "ofis", "yanlis", "127.0.0.1"),
		smtp.PlainAuth("", "baskasi", "parola", "127.0.0.1"),
		smtp.PlainAuth("admin", "ofis", "parola", "127.0.0.1"), // acting for another identity
		loginAuth{"ofis", "yanlis"},
	} {
		c, err := smtp.Dial(srv.Addr())
		if err != nil {
			t.Fatal(err)
		}
		if err := c.StartTLS(roots(t, srv)); err != nil {
			t.Fatal(err)
		}
		var reply *textproto.Error
		if err := c.Auth(auth); !errors.As(err, &reply) || reply.Code != 535 {
			t.Errorf("%+v: %v, want 535", auth, err)
		}
		c.Close()
	}
}

func sendRaw(t *testing.T, c *smtp.Client, raw string) {
	t.Helper()
	if err := c.Mail("a@example.com"); err != nil {
		t.Fatal(err)
	}
	if err := c.Rcpt("b@example.com"); err != nil {
		t.Fatal(err)
	}
	w, err := c.Data()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write([]byte(raw)); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

// loginAuth is LOGIN for Go's net/smtp, which has none: the password is sent as asked for.
type loginAuth struct{ user, pass string }

func (a loginAuth) Start(*smtp.ServerInfo) (string, []byte, error) { return "LOGIN", nil, nil }
func (a loginAuth) Next(from []byte, more bool) ([]byte, error) {
	switch {
	case !more:
		return nil, nil
	case string(from) == "Username:":
		return []byte(a.user), nil
	case string(from) == "Password:":
		return []byte(a.pass), nil
	}
	return nil, errors.New("unexpected challenge " + string(from))
}

func TestImplicitTLSAndMechanisms(t *testing.T) {
	srv := startWith(t, mailcapture.WithImplicitTLS(), mailcapture.WithAuth("ofis", "parola"),
		mailcapture.WithAuthMechanisms(mailcapture.MechLogin, mailcapture.MechCRAMMD5))
	for _, auth := range []smtp.Auth{loginAuth{"ofis", "parola"}, smtp.CRAMMD5Auth("ofis", "parola")} {
		conn, err := tls.Dial("tcp", srv.Addr(), roots(t, srv))
		if err != nil {
			t.Fatal(err)
		}
		c, err := smtp.NewClient(conn, "127.0.0.1")
		if err != nil {
			t.Fatal(err)
		}
		if ok, _ := c.Extension("STARTTLS"); ok {
			t.Error("STARTTLS offered on a TLS connection")
		}
		if ok, mechs := c.Extension("AUTH"); !ok || mechs != "LOGIN CRAM-MD5" {
			t.Errorf("AUTH %v %q", ok, mechs)
		}
		if err := c.Auth(auth); err != nil {
			t.Fatalf("%T: %v", auth, err)
		}
		sendRaw(t, c, "Subject: 465\r\n\r\nx\r\n")
		_ = c.Quit()
	}
	for _, m := range srv.Messages() {
		if !m.TLS || m.User != "ofis" {
			t.Errorf("captured tls=%v user=%q", m.TLS, m.User)
		}
	}

	// A plain-text client gets nothing from an implicit-TLS port.
	conn, err := net.Dial("tcp", srv.Addr())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_, _ = conn.Write([]byte("EHLO x\r\n"))
	buf := make([]byte, 64)
	n, _ := conn.Read(buf)
	if strings.HasPrefix(string(buf[:n]), "220") || strings.HasPrefix(string(buf[:n]), "250") {
		t.Errorf("answered plain text: %q", buf[:n])
	}
}

func TestCRAMMD5WrongSecret(t *testing.T) {
	srv := startWith(t, mailcapture.WithImplicitTLS(), mailcapture.WithAuth("ofis", "parola"), mailcapture.WithAuthMechanisms(mailcapture.MechCRAMMD5))
	conn, err := tls.Dial("tcp", srv.Addr(), roots(t, srv))
	if err != nil {
		t.Fatal(err)
	}
	c, err := smtp.NewClient(conn, "127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	var reply *textproto.Error
	if err := c.Auth(smtp.CRAMMD5Auth("ofis", "yanlis")); !errors.As(err, &reply) || reply.Code != 535 {
		t.Errorf("err = %v, want 535", err)
	}
}

func TestRefuseCountsTransactions(t *testing.T) {
	srv := start(t)
	srv.Refuse(2, 450)
	var codes []int
	for range 3 {
		err := smtp.SendMail(srv.Addr(), nil, "a@example.com", []string{"b@example.com", "c@example.com"}, []byte("Subject: x\r\n\r\nx\r\n"))
		var reply *textproto.Error
		if errors.As(err, &reply) {
			codes = append(codes, reply.Code)
		} else if err != nil {
			t.Fatal(err)
		} else {
			codes = append(codes, 250)
		}
	}
	if len(codes) != 3 || codes[0] != 450 || codes[1] != 450 || codes[2] != 250 {
		t.Errorf("replies %v, want 450 450 250", codes)
	}
	if len(srv.Messages()) != 1 || srv.Refusing() != 0 {
		t.Errorf("%d kept, %d refusals left", len(srv.Messages()), srv.Refusing())
	}

	srv.RefuseAt(mailcapture.StepData, 1, 554)
	err := smtp.SendMail(srv.Addr(), nil, "a@example.com", []string{"b@example.com"}, []byte("Subject: y\r\n\r\ny\r\n"))
	var reply *textproto.Error
	if !errors.As(err, &reply) || reply.Code != 554 || len(srv.Messages()) != 1 {
		t.Errorf("refused at DATA: %v, %d kept", err, len(srv.Messages()))
	}

	defer func() {
		if recover() == nil {
			t.Error("Refuse(1, 250) did not panic")
		}
	}()
	srv.Refuse(1, 250)
}
