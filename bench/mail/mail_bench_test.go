// Package mail_test measures internal/mail composing and sending a typical mail of the
// platform (an invoice: HTML and text in Turkish, a 60 KB PDF attached, Reply-To, a stable
// Message-ID) with go-mail, as it does now, against the hand-written composer over net/smtp it
// replaced (handwritten_test.go), in one run. See README.md.
//
//	go test -run='^$' -bench=. -benchtime=2000x ./bench/mail/   # or: make bench-mail
package mail_test

import (
	"bytes"
	"context"
	"io"
	"math/rand/v2"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-smtp"

	lpmail "linguaport/internal/mail"
	"linguaport/internal/mailcapture"
)

const from = "LinguaPort <no-reply@linguaport.com>"

// invoice is the typical mail: what the invoice-issued mail carries.
func invoice() lpmail.Message {
	r := rand.New(rand.NewPCG(24, 60))
	pdf := []byte("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
	for len(pdf) < 60<<10-7 {
		pdf = append(pdf, byte(r.Uint32())) // a PDF's streams are compressed: as good as random
	}
	pdf = append(pdf, "\n%%EOF\n"...)
	var html strings.Builder
	html.WriteString(`<!doctype html><html lang="tr"><head><meta charset="utf-8"><title>Faturanız hazır</title></head>` +
		`<body style="margin:0;background:#f6f7f9;font-family:Arial,sans-serif;color:#1d2430">` +
		`<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td style="background:#14365d;padding:16px 24px">` +
		`<span style="color:#fff;font-size:20px;font-weight:bold">LinguaPort</span></td></tr><tr><td style="padding:24px">` +
		`<p>Merhaba Ayşe Yılmaz,</p><p>LPA2026000000123 numaralı faturanız düzenlendi ve bu e-postanın ekindedir.</p>` +
		`<table style="border-collapse:collapse;width:100%">`)
	for i := range 12 {
		html.WriteString(`<tr><td style="padding:6px;border-bottom:1px solid #e2e5ea">Çeviri hizmeti, sayfa ` +
			string(rune('1'+i%9)) + `</td><td style="padding:6px;border-bottom:1px solid #e2e5ea;text-align:right">1.250,00 ₺</td></tr>`)
	}
	html.WriteString(`</table><p>Toplam (KDV dahil): <b>18.000,00 ₺</b>. Ödeme tarihi: 12.12.2026 17:00 (İstanbul).</p>` +
		`<p><a href="https://www.linguaport.com/tr/hesabim/faturalar/LPA2026000000123" style="background:#14365d;color:#fff;` +
		`padding:10px 16px;text-decoration:none;border-radius:4px">Faturayı görüntüle</a></p>` +
		`<p style="color:#6b7280;font-size:12px">Bu e-postayı LinguaPort hesabınızla ilgili olduğu için aldınız.</p></td></tr></table></body></html>`)
	text := "Merhaba Ayşe Yılmaz,\n\nLPA2026000000123 numaralı faturanız düzenlendi ve bu e-postanın ekindedir.\n\n" +
		strings.Repeat("Çeviri hizmeti, sayfa: 1.250,00 ₺\n", 12) +
		"\nToplam (KDV dahil): 18.000,00 ₺. Ödeme tarihi: 12.12.2026 17:00 (İstanbul).\n\n" +
		"Faturayı görüntüle: https://www.linguaport.com/tr/hesabim/faturalar/LPA2026000000123\n\nLinguaPort\n"
	return lpmail.Message{
		To:          []string{"Ayşe Yılmaz <ayse.yilmaz@example.com>"},
		Subject:     "Faturanız hazır: LPA2026000000123 — 18.000,00 ₺",
		Text:        text,
		HTML:        html.String(),
		ReplyTo:     "LinguaPort Muhasebe <muhasebe@linguaport.com>",
		ID:          "invoice-LPA2026000000123",
		Attachments: []lpmail.Attachment{{Name: "fatura-LPA2026000000123.pdf", ContentType: "application/pdf", Data: pdf}},
	}
}

// sender is one way of sending: go-mail's or the hand-written one.
type sender interface {
	Send(ctx context.Context, m lpmail.Message) error
}

func senders(addr string) []struct {
	name string
	s    sender
} {
	return []struct {
		name string
		s    sender
	}{
		{"go-mail", lpmail.NewSender(lpmail.Config{Addr: addr, From: from})},
		{"handwritten", newHandSender(addr, from)},
	}
}

// TestBothAreCorrect sends the mail both ways to the capture and reads it back: the
// comparison is only fair if both send the same mail. An unsubscribe link and a file name in
// Turkish are added to see how each writes them.
func TestBothAreCorrect(t *testing.T) {
	capture, err := mailcapture.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer capture.Close()
	m := invoice()
	m.Unsubscribe = "https://www.linguaport.com/tr/abonelik/iptal?t=Zm9vYmFy"
	m.Attachments = append(m.Attachments, lpmail.Attachment{Name: "Ödeme planı.pdf", ContentType: "application/pdf", Data: []byte("%PDF-1.4\n")})
	for _, s := range senders(capture.Addr()) {
		capture.Clear()
		ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
		if err := s.s.Send(ctx, m); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		c, err := capture.Wait(ctx, nil)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if c.Subject != m.Subject || c.Text != strings.TrimRight(m.Text, "\n") || c.HTML != m.HTML ||
			c.ReplyTo != "LinguaPort Muhasebe <muhasebe@linguaport.com>" || c.MessageID != "<invoice-LPA2026000000123@linguaport.com>" ||
			c.ListUnsubscribe != "<"+m.Unsubscribe+">" || c.ListUnsubscribePost != "List-Unsubscribe=One-Click" {
			t.Errorf("%s: captured %q %q %q %q", s.name, c.Subject, c.ReplyTo, c.MessageID, c.ListUnsubscribe)
		}
		if len(c.Attachments) != 2 || !bytes.Equal(c.Attachments[0].Data, m.Attachments[0].Data) ||
			c.Attachments[0].Name != "fatura-LPA2026000000123.pdf" || c.Attachments[1].Name != "Ödeme planı.pdf" {
			t.Errorf("%s: attachments %+v", s.name, c.Attachments)
		}
		for i := 0; i < len(c.Raw); i++ {
			if c.Raw[i] >= 0x80 {
				t.Fatalf("%s: not 7-bit at %d", s.name, i)
			}
		}
		for _, line := range strings.Split(c.Raw, "\r\n") {
			if len(line) > 998 {
				t.Errorf("%s: a line of %d characters", s.name, len(line))
			}
		}
		t.Logf("%s: %d bytes on the wire, file names written as: %s", s.name, len(c.Raw), dispositions(c.Raw))
	}
}

func dispositions(raw string) string {
	var out []string
	for _, line := range strings.Split(strings.ReplaceAll(raw, "\r\n ", " "), "\r\n") {
		if strings.HasPrefix(line, "Content-Disposition:") {
			out = append(out, strings.TrimPrefix(line, "Content-Disposition: "))
		}
	}
	return strings.Join(out, " | ")
}

// discard is an SMTP server that reads each message and keeps nothing, so the benchmark
// measures the client: both clients pay the same for it.
func discard(b *testing.B) string {
	b.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	srv := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) { return discardSession{}, nil }))
	srv.Domain = "localhost"
	srv.MaxMessageBytes = 1 << 20
	go func() { _ = srv.Serve(ln) }()
	b.Cleanup(func() { _ = srv.Close() })
	return ln.Addr().String()
}

type discardSession struct{}

func (discardSession) Mail(string, *smtp.MailOptions) error { return nil }
func (discardSession) Rcpt(string, *smtp.RcptOptions) error { return nil }
func (discardSession) Data(r io.Reader) error {
	_, err := io.Copy(io.Discard, r)
	return err
}
func (discardSession) Reset()        {}
func (discardSession) Logout() error { return nil }

// BenchmarkCompose builds the message alone, into io.Discard.
func BenchmarkCompose(b *testing.B) {
	m := invoice()
	b.Run("go-mail", func(b *testing.B) {
		s := lpmail.NewSender(lpmail.Config{Addr: "127.0.0.1:25", From: from})
		b.ReportAllocs()
		for b.Loop() {
			if err := s.Compose(io.Discard, m); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("handwritten", func(b *testing.B) {
		f := newHandSender("127.0.0.1:25", from).from
		b.ReportAllocs()
		for b.Loop() {
			raw, _, err := handCompose(f, m, time.Now())
			if err != nil {
				b.Fatal(err)
			}
			_, _ = io.Discard.Write(raw)
		}
	})
}

// BenchmarkComposeInterleaved alternates the two composers in one loop (see
// BenchmarkSendInterleaved).
func BenchmarkComposeInterleaved(b *testing.B) {
	m := invoice()
	s := lpmail.NewSender(lpmail.Config{Addr: "127.0.0.1:25", From: from})
	f := newHandSender("127.0.0.1:25", from).from
	var goMail, hand time.Duration
	for b.Loop() {
		start := time.Now()
		if err := s.Compose(io.Discard, m); err != nil {
			b.Fatal(err)
		}
		mid := time.Now()
		raw, _, err := handCompose(f, m, time.Now())
		if err != nil {
			b.Fatal(err)
		}
		_, _ = io.Discard.Write(raw)
		goMail, hand = goMail+mid.Sub(start), hand+time.Since(mid)
	}
	b.ReportMetric(float64(goMail.Nanoseconds())/float64(b.N), "go-mail-ns/mail")
	b.ReportMetric(float64(hand.Nanoseconds())/float64(b.N), "handwritten-ns/mail")
	b.ReportMetric(float64(goMail)/float64(hand), "go-mail/handwritten")
}

// BenchmarkSend composes and sends over a fresh loopback connection each time, as Send does.
func BenchmarkSend(b *testing.B) {
	addr := discard(b)
	m := invoice()
	for _, s := range senders(addr) {
		b.Run(s.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
				err := s.s.Send(ctx, m)
				cancel()
				if err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkSendInterleaved alternates the two in one loop, so a busy machine slows both alike,
// and reports each one's time and go-mail's as a multiple of the hand-written one's.
func BenchmarkSendInterleaved(b *testing.B) {
	addr := discard(b)
	m := invoice()
	ss := senders(addr)
	spent := make([]time.Duration, len(ss))
	for b.Loop() {
		for i, s := range ss {
			start := time.Now()
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			err := s.s.Send(ctx, m)
			cancel()
			if err != nil {
				b.Fatal(err)
			}
			spent[i] += time.Since(start)
		}
	}
	n := float64(b.N)
	b.ReportMetric(float64(spent[0].Nanoseconds())/n, "go-mail-ns/send")
	b.ReportMetric(float64(spent[1].Nanoseconds())/n, "handwritten-ns/send")
	b.ReportMetric(float64(spent[0])/float64(spent[1]), "go-mail/handwritten")
}
