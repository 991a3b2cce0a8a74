package mail_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"linguaport/internal/config"
	"linguaport/internal/mail"
)

func TestConfigFromEnv(t *testing.T) {
	env := config.FromMap(nil)
	got := mail.ConfigFromEnv(env)
	want := mail.Config{Addr: "127.0.0.1:1025", From: "LinguaPort <no-reply@linguaport.local>", TLS: mail.TLSNone}
	if got != want || env.Err() != nil {
		t.Errorf("defaults = %+v (%v), want %+v", got, env.Err(), want)
	}

	ca := filepath.Join(t.TempDir(), "ca.pem")
	if err := os.WriteFile(ca, startCapture(t, mailcaptureTLS()...).CAPEM(), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		env  map[string]string
		want mail.Config
	}{
		{map[string]string{
			"SMTP_ADDR": "smtp.example.com:587", "SMTP_FROM": "Ofis <ofis@example.com>",
			"SMTP_USERNAME": "u", "SMTP_PASSWORD": "p", "SMTP_TLS": "starttls", "SMTP_HELO": "app.example.com",
		}, mail.Config{Addr: "smtp.example.com:587", From: "Ofis <ofis@example.com>", Username: "u", Password: "p",
			TLS: mail.TLSStartTLS, HelloName: "app.example.com"}},
		// The older spelling still works, and agrees with the new one.
		{map[string]string{"SMTP_USERNAME": "u", "SMTP_PASSWORD": "p", "SMTP_STARTTLS": "true"},
			mail.Config{Addr: "127.0.0.1:1025", From: mail.DefaultFrom, Username: "u", Password: "p", TLS: mail.TLSStartTLS}},
		{map[string]string{"SMTP_TLS": "STARTTLS", "SMTP_STARTTLS": "yes"},
			mail.Config{Addr: "127.0.0.1:1025", From: mail.DefaultFrom, TLS: mail.TLSStartTLS}},
		{map[string]string{"SMTP_TLS": "none", "SMTP_STARTTLS": "false"},
			mail.Config{Addr: "127.0.0.1:1025", From: mail.DefaultFrom, TLS: mail.TLSNone}},
		{map[string]string{"SMTP_ADDR": "smtp.example.com:465", "SMTP_TLS": "implicit", "SMTP_USERNAME": "u", "SMTP_PASSWORD": "p", "SMTP_CA_FILE": ca},
			mail.Config{Addr: "smtp.example.com:465", From: mail.DefaultFrom, Username: "u", Password: "p", TLS: mail.TLSImplicit, CAFile: ca}},
	} {
		env := config.FromMap(c.env)
		if got := mail.ConfigFromEnv(env); got != c.want || env.Err() != nil {
			t.Errorf("%v:\n got %+v (%v)\nwant %+v", c.env, got, env.Err(), c.want)
		}
	}

	// Each refused at start, with a message naming the variables; never quoting the password.
	for _, c := range []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"SMTP_STARTTLS": "sometimes"}, `SMTP_STARTTLS="sometimes"`},
		{map[string]string{"SMTP_TLS": "ssl"}, `SMTP_TLS="ssl" is not one of none, starttls, implicit`},
		{map[string]string{"SMTP_TLS": "implicit", "SMTP_STARTTLS": "true"}, "contradicts"},
		{map[string]string{"SMTP_TLS": "starttls", "SMTP_STARTTLS": "false"}, "contradicts"},
		{map[string]string{"SMTP_USERNAME": "u", "SMTP_PASSWORD": "hunter2"}, "only sent over TLS"},
		{map[string]string{"SMTP_TLS": "none", "SMTP_USERNAME": "u", "SMTP_PASSWORD": "hunter2"}, "only sent over TLS"},
		{map[string]string{"SMTP_TLS": "starttls", "SMTP_PASSWORD": "hunter2"}, "without SMTP_USERNAME"},
		{map[string]string{"SMTP_TLS": "starttls", "SMTP_CA_FILE": filepath.Join(t.TempDir(), "missing.pem")}, "SMTP_CA_FILE"},
		{map[string]string{"SMTP_TLS": "starttls", "SMTP_CA_FILE": filepath.Join("config_test.go")}, "no PEM certificate"},
		{map[string]string{"SMTP_CA_FILE": ca}, "SMTP_TLS is none"},
		{map[string]string{"SMTP_ADDR": "smtp.example.com"}, "SMTP_ADDR"},
		{map[string]string{"SMTP_ADDR": "smtp.example.com:smtp"}, "no port number"},
		{map[string]string{"SMTP_FROM": "LinguaPort"}, "SMTP_FROM"},
		{map[string]string{"SMTP_HELO": "two words"}, "SMTP_HELO"},
	} {
		env := config.FromMap(c.env)
		mail.ConfigFromEnv(env)
		err := env.Err()
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "hunter2") {
			t.Errorf("%v: err = %v, want one saying %q", c.env, err, c.want)
		}
	}
}

func TestBadConfigRefused(t *testing.T) {
	srv := startCapture(t)
	ctx := t.Context()
	m := mail.Message{To: []string{"a@example.com"}, Text: "x"}
	for name, cfg := range map[string]mail.Config{
		"address without port":     {Addr: "127.0.0.1", From: mail.DefaultFrom},
		"credentials in the clear": {Addr: srv.Addr(), From: mail.DefaultFrom, Username: "u", Password: "p"},
		"credentials, TLS none":    {Addr: srv.Addr(), From: mail.DefaultFrom, Username: "u", Password: "p", TLS: mail.TLSNone},
		"unknown TLS mode":         {Addr: srv.Addr(), From: mail.DefaultFrom, TLS: "ssl"},
		"missing CA file":          {Addr: srv.Addr(), From: mail.DefaultFrom, TLS: mail.TLSStartTLS, CAFile: "/nonexistent/ca.pem"},
		"hello with a line break":  {Addr: srv.Addr(), From: mail.DefaultFrom, HelloName: "a\r\nMAIL FROM:<x@example.com>"},
		"from with CRLF":           {Addr: srv.Addr(), From: "LinguaPort <no-reply@linguaport.local>\r\nBcc: victim@example.com"},
	} {
		if err := mail.NewSender(cfg).Send(ctx, m); !errors.Is(err, mail.ErrInvalid) || errors.Is(err, mail.ErrPermanent) {
			t.Errorf("%s: err = %v, want ErrInvalid", name, err)
		}
	}
	if n := len(srv.Messages()); n != 0 {
		t.Errorf("%d messages were sent", n)
	}
}
