package mail_test

import (
	"context"
	"errors"
	"net"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"linguaport/internal/mail"
	"linguaport/internal/mailcapture"
)

const turkishSubject = "Parolanızı sıfırlayın — İstanbul"

func startCapture(t *testing.T, opts ...mailcapture.Option) *mailcapture.Server {
	t.Helper()
	srv, err := mailcapture.Start("127.0.0.1:0", opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = srv.Close() })
	return srv
}

func newSender(addr string) *mail.Sender {
	return mail.NewSender(mail.Config{Addr: addr, From: mail.DefaultFrom, HelloName: "test.linguaport.local"})
}

func sendAndWait(t *testing.T, srv *mailcapture.Server, m mail.Message) mailcapture.Captured {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	if err := newSender(srv.Addr()).Send(ctx, m); err != nil {
		t.Fatal(err)
	}
	got, err := srv.Wait(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// checkWire asserts what relays require of the raw message: 7-bit, CRLF, short header lines.
func checkWire(t *testing.T, raw string) {
	t.Helper()
	for i := 0; i < len(raw); i++ {
		if raw[i] >= 0x80 {
			t.Fatalf("raw message has a non-ASCII byte at %d: %q", i, raw[max(0, i-20):min(len(raw), i+20)])
		}
	}
	head, _, ok := strings.Cut(raw, "\r\n\r\n")
	if !ok {
		t.Fatalf("no CRLF blank line after the header:\n%s", raw)
	}
	for _, line := range strings.Split(head, "\r\n") {
		// A List-Unsubscribe URL cannot be folded; 78 is only RFC 5322's recommendation.
		if len(line) > 78 && !strings.HasPrefix(line, "List-Unsubscribe: <") {
			t.Errorf("header line of %d characters: %q", len(line), line)
		}
		if strings.ContainsAny(line, "\r\n") {
			t.Errorf("bare line break in header line %q", line)
		}
	}
	for _, line := range strings.Split(raw, "\r\n") {
		if len(line) > 998 {
			t.Errorf("line of %d characters", len(line))
		}
	}
}

func TestTurkishPlainTextSurvives(t *testing.T) {
	srv := startCapture(t)
	text := "Merhaba Ayşe,\n\n" +
		"Parolanızı sıfırlamak için bu bağlantıya tıklayın: https://linguaport.local/tr/parola?token=a=b&c=ç\n" +
		".Nokta ile başlayan satır ve = işareti korunur.\n" +
		strings.Repeat("Çağrı Öğün ŞIĞ İıĞğÜüŞşÖöÇç ", 10) + "\n" +
		"İyi çalışmalar,\nLinguaPort"
	got := sendAndWait(t, srv, mail.Message{To: []string{"ayse@example.com"}, Subject: turkishSubject, Text: text})

	if got.Subject != turkishSubject {
		t.Errorf("subject = %q", got.Subject)
	}
	if got.Text != text {
		t.Errorf("text = %q\nwant   %q", got.Text, text)
	}
	if got.HTML != "" {
		t.Errorf("html = %q, want none", got.HTML)
	}
	if got.From != mail.DefaultFrom {
		t.Errorf("from = %q", got.From)
	}
	if !slices.Equal(got.To, []string{"ayse@example.com"}) {
		t.Errorf("to = %q", got.To)
	}
	checkWire(t, got.Raw)
	for _, want := range []string{
		"\r\nMIME-Version: 1.0\r\n",
		"\r\nContent-Transfer-Encoding: quoted-printable\r\n",
		"\r\nMessage-ID: <",
		"@linguaport.local>\r\n",
		"\r\nTo: <ayse@example.com>\r\n",
		"\r\nFrom: \"LinguaPort\" <no-reply@linguaport.local>\r\n",
	} {
		if !strings.Contains(got.Raw, want) {
			t.Errorf("raw message lacks %q:\n%s", want, got.Raw)
		}
	}
	if ct := headerValue(got.Raw, "Content-Type"); !strings.EqualFold(ct, "text/plain; charset=utf-8") {
		t.Errorf("content type %q, want text/plain in UTF-8", ct)
	}
	// RFC 2047: the charset's case does not matter.
	if subj := headerValue(got.Raw, "Subject"); !strings.HasPrefix(strings.ToLower(subj), "=?utf-8?q?") {
		t.Errorf("subject header %q is not RFC 2047 encoded", subj)
	}
	if _, err := time.Parse(time.RFC1123Z, headerValue(got.Raw, "Date")); err != nil {
		t.Errorf("date: %v", err)
	}
}

func TestLongSubjectIsFoldedAndSurvives(t *testing.T) {
	srv := startCapture(t)
	subject := strings.Repeat("Çeviri siparişiniz İstanbul ofisimizde hazırlandı; ", 6) + "teşekkürler"
	got := sendAndWait(t, srv, mail.Message{To: []string{"a@example.com"}, Subject: subject, Text: "x"})
	if got.Subject != subject {
		t.Errorf("subject = %q\nwant      %q", got.Subject, subject)
	}
	checkWire(t, got.Raw)

	ascii := strings.Repeat("Your translation order is ready ", 8) + "thanks"
	got = sendAndWait(t, srv, mail.Message{To: []string{"a@example.com"}, Subject: ascii, Text: "x"})
	if got.Subject != ascii {
		t.Errorf("subject = %q\nwant      %q", got.Subject, ascii)
	}
	checkWire(t, got.Raw)
}

func TestMultipartWithHTML(t *testing.T) {
	srv := startCapture(t)
	text := "Siparişiniz hazır: https://linguaport.local/tr/siparis/42"
	html := `<!doctype html><p>Siparişiniz <b>hazır</b>: <a href="https://linguaport.local/tr/siparis/42?a=1&amp;b=2">görüntüle</a></p>` +
		"\n<p>" + strings.Repeat("Şirketimiz ", 30) + "</p>"
	got := sendAndWait(t, srv, mail.Message{To: []string{"musteri@example.com"}, Subject: "Siparişiniz hazır", Text: text, HTML: html})

	if got.Text != text {
		t.Errorf("text = %q", got.Text)
	}
	if got.HTML != html {
		t.Errorf("html = %q\nwant   %q", got.HTML, html)
	}
	if !strings.HasPrefix(headerValue(got.Raw, "Content-Type"), "multipart/alternative; boundary=") {
		t.Errorf("not multipart/alternative:\n%s", got.Raw)
	}
	if strings.Index(got.Raw, "Content-Type: text/plain") > strings.Index(got.Raw, "Content-Type: text/html") {
		t.Error("the HTML part must come after the text part, so that clients prefer it")
	}
	checkWire(t, got.Raw)
}

func TestSeveralRecipients(t *testing.T) {
	srv := startCapture(t)
	got := sendAndWait(t, srv, mail.Message{
		To:      []string{"Ayşe Yılmaz <ayse@example.com>", "bob@example.com", "Bob <BOB@example.com>", "ops@linguaport.local"},
		Subject: "Yeni teklif",
		Text:    "Merhaba",
	})
	if want := []string{"ayse@example.com", "bob@example.com", "ops@linguaport.local"}; !slices.Equal(got.To, want) {
		t.Errorf("envelope recipients = %q, want %q (one delivery per address)", got.To, want)
	}
	to := headerValue(got.Raw, "To")
	for _, want := range []string{"=?utf-8?q?Ay=C5=9Fe_Y=C4=B1lmaz?= <ayse@example.com>", "<bob@example.com>", `"Bob" <BOB@example.com>`, "<ops@linguaport.local>"} {
		if !strings.Contains(to, want) {
			t.Errorf("To header %q lacks %q", to, want)
		}
	}
	checkWire(t, got.Raw)
}

func TestHeaderInjectionRefused(t *testing.T) {
	srv := startCapture(t)
	ctx := t.Context()
	s := newSender(srv.Addr())
	for name, m := range map[string]mail.Message{
		"subject CRLF":   {To: []string{"a@example.com"}, Subject: "Merhaba\r\nBcc: victim@example.com", Text: "x"},
		"subject LF":     {To: []string{"a@example.com"}, Subject: "Merhaba\nBcc: victim@example.com", Text: "x"},
		"recipient CRLF": {To: []string{"a@example.com\r\nBcc: victim@example.com"}, Text: "x"},
		"recipient name": {To: []string{"Eve\r\nBcc: victim@example.com <a@example.com>"}, Text: "x"},
		"two in one":     {To: []string{"a@example.com, victim@example.com"}, Text: "x"},
		"no recipient":   {Subject: "x", Text: "x"},
	} {
		if err := s.Send(ctx, m); !errors.Is(err, mail.ErrInvalid) {
			t.Errorf("%s: err = %v, want ErrInvalid", name, err)
		}
	}
	bad := mail.NewSender(mail.Config{Addr: srv.Addr(), From: "LinguaPort <no-reply@linguaport.local>\r\nBcc: victim@example.com"})
	if err := bad.Send(ctx, mail.Message{To: []string{"a@example.com"}, Text: "x"}); !errors.Is(err, mail.ErrInvalid) {
		t.Errorf("from with CRLF: err = %v, want ErrInvalid", err)
	}
	if n := len(srv.Messages()); n != 0 {
		t.Errorf("%d messages were sent", n)
	}
}

func TestClosedPortFailsFast(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()

	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
	defer cancel()
	start := time.Now()
	err = newSender(addr).Send(ctx, mail.Message{To: []string{"a@example.com"}, Subject: "x", Text: "x"})
	if elapsed := time.Since(start); elapsed > time.Second {
		t.Errorf("took %v", elapsed)
	}
	var opErr *net.OpError
	if !errors.As(err, &opErr) || !errors.Is(err, syscall.ECONNREFUSED) {
		t.Errorf("err = %v, want a wrapped connection refused", err)
	}
	if !strings.Contains(err.Error(), addr) {
		t.Errorf("err = %v does not name the server", err)
	}
}

// silentServer accepts connections and never greets, like a hung relay or a black-holed port.
func silentServer(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() {
		var conns []net.Conn
		defer func() {
			for _, c := range conns {
				c.Close()
			}
			close(done)
		}()
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			conns = append(conns, c)
		}
	}()
	t.Cleanup(func() { ln.Close(); <-done })
	return ln.Addr().String()
}

func TestDeadlineOnSilentServer(t *testing.T) {
	addr := silentServer(t)
	ctx, cancel := context.WithTimeout(t.Context(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	err := newSender(addr).Send(ctx, mail.Message{To: []string{"a@example.com"}, Text: "x"})
	elapsed := time.Since(start)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("err = %v, want DeadlineExceeded", err)
	}
	if elapsed < 250*time.Millisecond || elapsed > 2*time.Second {
		t.Errorf("took %v for a 300ms deadline", elapsed)
	}
}

func TestCancelOnSilentServer(t *testing.T) {
	addr := silentServer(t)
	ctx, cancel := context.WithCancel(t.Context())
	time.AfterFunc(200*time.Millisecond, cancel)
	start := time.Now()
	err := newSender(addr).Send(ctx, mail.Message{To: []string{"a@example.com"}, Text: "x"})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want Canceled", err)
	}
	if elapsed := time.Since(start); elapsed > 2*time.Second {
		t.Errorf("took %v after a cancel at 200ms", elapsed)
	}
}

func headerValue(raw, name string) string {
	head, _, _ := strings.Cut(raw, "\r\n\r\n")
	head = strings.ReplaceAll(head, "\r\n ", " ") // unfold
	for _, line := range strings.Split(head, "\r\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.EqualFold(k, name) {
			return strings.TrimSpace(v)
		}
	}
	return ""
}
