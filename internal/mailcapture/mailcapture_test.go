package mailcapture_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/smtp"
	"net/textproto"
	"slices"
	"strings"
	"testing"
	"time"

	"linguaport/internal/mail"
	"linguaport/internal/mailcapture"
)

func start(t *testing.T) *mailcapture.Server {
	t.Helper()
	srv, err := mailcapture.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = srv.Close() })
	return srv
}

func send(t *testing.T, srv *mailcapture.Server, m mail.Message) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	if err := mail.NewSender(mail.Config{Addr: srv.Addr(), From: mail.DefaultFrom}).Send(ctx, m); err != nil {
		t.Fatal(err)
	}
}

func to(addr string) func(mailcapture.Captured) bool {
	return func(c mailcapture.Captured) bool { return slices.Contains(c.To, addr) }
}

func TestWaitBlocksUntilArrival(t *testing.T) {
	srv := start(t)
	send(t, srv, mail.Message{To: []string{"other@example.com"}, Subject: "önce", Text: "x"})

	type result struct {
		c   mailcapture.Captured
		err error
	}
	got := make(chan result, 1)
	go func() {
		ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
		defer cancel()
		c, err := srv.Wait(ctx, to("ayse@example.com"))
		got <- result{c, err}
	}()
	select {
	case r := <-got:
		t.Fatalf("Wait returned before the mail was sent: %+v", r)
	case <-time.After(200 * time.Millisecond):
	}

	send(t, srv, mail.Message{To: []string{"ayse@example.com"}, Subject: "Hoş geldiniz", Text: "Merhaba"})
	select {
	case r := <-got:
		if r.err != nil || r.c.Subject != "Hoş geldiniz" {
			t.Fatalf("Wait = %+v, %v", r.c, r.err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Wait did not return after the mail arrived")
	}

	// Already there: no waiting, and the newest of several matches.
	send(t, srv, mail.Message{To: []string{"ayse@example.com"}, Subject: "İkinci", Text: "x"})
	ctx, cancel := context.WithTimeout(t.Context(), 100*time.Millisecond)
	defer cancel()
	c, err := srv.Wait(ctx, to("ayse@example.com"))
	if err != nil || c.Subject != "İkinci" {
		t.Fatalf("Wait = %+v, %v; want the newest match", c, err)
	}
	if msgs := srv.Messages(); len(msgs) != 3 || msgs[0].Subject != "önce" || msgs[2].Subject != "İkinci" {
		t.Errorf("Messages not oldest first: %+v", msgs)
	}
}

func TestWaitHonoursContextAndClose(t *testing.T) {
	srv := start(t)
	ctx, cancel := context.WithTimeout(t.Context(), 150*time.Millisecond)
	defer cancel()
	begin := time.Now()
	_, err := srv.Wait(ctx, nil)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("err = %v, want DeadlineExceeded", err)
	}
	if elapsed := time.Since(begin); elapsed < 100*time.Millisecond || elapsed > 2*time.Second {
		t.Errorf("waited %v for a 150ms deadline", elapsed)
	}

	done := make(chan error, 1)
	go func() {
		_, err := srv.Wait(context.Background(), nil)
		done <- err
	}()
	time.Sleep(50 * time.Millisecond)
	if err := srv.Close(); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		if !errors.Is(err, mailcapture.ErrClosed) {
			t.Errorf("err = %v, want ErrClosed", err)
		}
	case <-time.After(2 * time.Second):
		t.Fatal("Close did not end Wait")
	}
	if err := srv.Close(); err != nil {
		t.Errorf("second Close = %v", err)
	}
}

// A message composed by hand in the forms other senders use: a base64 subject, a base64 text
// part inside multipart/mixed > multipart/alternative, and an attachment that must not be
// mistaken for the body.
func TestParsesOtherEncodings(t *testing.T) {
	srv := start(t)
	raw := strings.Join([]string{
		"From: =?utf-8?b?xZ51bGUgw5Z6dMO8cms=?= <sule@example.com>",
		"To: ops@linguaport.local",
		"Subject: =?UTF-8?B?UGFyb2xhbsSxesSxIHPEsWbEsXJsYXnEsW4=?= =?UTF-8?Q?_=E2=80=94_=C4=B0stanbul?=",
		"MIME-Version: 1.0",
		`Content-Type: multipart/mixed; boundary="outer"`,
		"",
		"--outer",
		`Content-Type: multipart/alternative; boundary="inner"`,
		"",
		"--inner",
		"Content-Type: text/plain; charset=UTF-8",
		"Content-Transfer-Encoding: base64",
		"",
		"xLBzdGFuYnVsJ2RhIMOnZXZpcmkK",
		"--inner",
		"Content-Type: text/html; charset=UTF-8",
		"",
		"<p>İstanbul</p>",
		"--inner--",
		"--outer",
		"Content-Type: text/plain",
		`Content-Disposition: attachment; filename="not-the-body.txt"`,
		"",
		"attachment",
		"--outer",
		"Content-Type: application/pdf",
		"Content-Transfer-Encoding: base64",
		`Content-Disposition: attachment; filename*=UTF-8''%C3%96deme%20d%C3%B6k%C3%BCm%C3%BC.pdf`,
		"",
		"JVBERi0xLjQK/wA=",
		"--outer",
		"Content-Type: image/png",
		"Content-Transfer-Encoding: base64",
		"",
		"iVBORw0KGgo=",
		"--outer--",
		"",
	}, "\r\n")
	if err := smtp.SendMail(srv.Addr(), nil, "sule@example.com", []string{"ops@linguaport.local", "Audit@Example.com"}, []byte(raw)); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
	defer cancel()
	c, err := srv.Wait(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := mailcapture.Captured{
		From:    "Şule Öztürk <sule@example.com>",
		To:      []string{"ops@linguaport.local", "Audit@Example.com"},
		Subject: "Parolanızı sıfırlayın — İstanbul",
		Text:    "İstanbul'da çeviri",
		HTML:    "<p>İstanbul</p>",
	}
	if c.From != want.From || !slices.Equal(c.To, want.To) || c.Subject != want.Subject || c.Text != want.Text || c.HTML != want.HTML {
		t.Errorf("captured %+v\nwant     %+v", c, want)
	}
	type file struct {
		name, typ, data string
	}
	var files []file
	for _, a := range c.Attachments {
		files = append(files, file{a.Name, a.ContentType, string(a.Data)})
		if a.Size != len(a.Data) {
			t.Errorf("%s: size %d of %d bytes", a.Name, a.Size, len(a.Data))
		}
	}
	// RFC 2231's filename*, and an unnamed part that is no body.
	if w := []file{{"not-the-body.txt", "text/plain", "attachment"}, {"Ödeme dökümü.pdf", "application/pdf", "%PDF-1.4\n\xff\x00"}, {"", "image/png", "\x89PNG\r\n\x1a\n"}}; !slices.Equal(files, w) {
		t.Errorf("attachments %q\nwant        %q", files, w)
	}
	if c.ID == "" || c.ReceivedAt.IsZero() || c.ReceivedAt.Location() != time.UTC || !strings.HasPrefix(c.Raw, "From: ") {
		t.Errorf("id %q, receivedAt %v, raw %.20q", c.ID, c.ReceivedAt, c.Raw)
	}
}

func TestLimits(t *testing.T) {
	srv := start(t)
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	s := mail.NewSender(mail.Config{Addr: srv.Addr(), From: mail.DefaultFrom})

	var many []string
	for i := range mailcapture.MaxRecipients + 1 {
		many = append(many, fmt.Sprintf("r%d@example.com", i))
	}
	err := s.Send(ctx, mail.Message{To: many, Text: "x"})
	var protoErr *textproto.Error
	if !errors.As(err, &protoErr) || protoErr.Code != 452 {
		t.Errorf("%d recipients: err = %v, want 452", len(many), err)
	}

	err = s.Send(ctx, mail.Message{To: []string{"a@example.com"}, Text: strings.Repeat("a", mailcapture.MaxMessageBytes)})
	if !errors.As(err, &protoErr) || protoErr.Code != 552 {
		t.Errorf("oversized message: err = %v, want 552", err)
	}
	if n := len(srv.Messages()); n != 0 {
		t.Errorf("%d messages kept", n)
	}
}

func TestHTTPHandler(t *testing.T) {
	srv := start(t)
	httpAddr, err := srv.ListenHTTP("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	base := "http://" + httpAddr + "/messages"
	send(t, srv, mail.Message{To: []string{"Alice@Example.com"}, Subject: "bir", Text: "1"})
	send(t, srv, mail.Message{To: []string{"bob@example.com"}, Subject: "iki", Text: "2"})
	send(t, srv, mail.Message{To: []string{"bob@example.com", "alice@example.com"}, Subject: "üç", Text: "3", HTML: "<p>3</p>"})

	list := func(query string) []mailcapture.Captured {
		t.Helper()
		resp, err := http.Get(base + query)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") || resp.Header.Get("Cache-Control") != "no-store" {
			t.Fatalf("GET %s: %s %v", query, resp.Status, resp.Header)
		}
		var out []mailcapture.Captured
		if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
			t.Fatal(err)
		}
		if out == nil {
			t.Fatalf("GET %s: null instead of a list", query)
		}
		return out
	}
	subjects := func(cs []mailcapture.Captured) string {
		var s []string
		for _, c := range cs {
			s = append(s, c.Subject)
		}
		return strings.Join(s, ",")
	}

	all := list("")
	if got := subjects(all); got != "üç,iki,bir" {
		t.Errorf("all, newest first = %s", got)
	}
	if all[0].HTML != "<p>3</p>" || all[0].Text != "3" || all[0].ReceivedAt.IsZero() {
		t.Errorf("decoded fields missing from JSON: %+v", all[0])
	}
	if got := subjects(list("?to=ALICE@example.COM")); got != "üç,bir" {
		t.Errorf("to=alice = %s", got)
	}
	if got := subjects(list("?to=Bob+%3Cbob@example.com%3E")); got != "üç,iki" {
		t.Errorf("to=Bob <bob@…> = %s", got)
	}
	if got := list("?to=nobody@example.com"); len(got) != 0 {
		t.Errorf("to=nobody = %s", subjects(got))
	}

	resp, err := http.Post(base, "application/json", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST = %s", resp.Status)
	}

	req, _ := http.NewRequestWithContext(t.Context(), http.MethodDelete, base, nil)
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNoContent {
		t.Errorf("DELETE = %s", resp.Status)
	}
	if got := list(""); len(got) != 0 {
		t.Errorf("after DELETE: %s", subjects(got))
	}

	// Close stops the HTTP listener too.
	if err := srv.Close(); err != nil {
		t.Fatal(err)
	}
	if resp, err := http.Get(base); err == nil {
		resp.Body.Close()
		t.Error("HTTP still served after Close")
	}
}
