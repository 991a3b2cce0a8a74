package mail_test

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"mime"
	"mime/multipart"
	"net/mail"
	"strings"
	"testing"

	lpmail "linguaport/internal/mail"
)

// invoicePDF stands in for an invoice: 60 KB of bytes a PDF has (binary after the header), so
// every byte value must survive base64 and the capture's decoding.
func invoicePDF() []byte {
	r := rand.New(rand.NewPCG(24, 60))
	b := []byte("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
	for len(b) < 60<<10 {
		b = append(b, byte(r.Uint32()))
	}
	return append(b, "\n%%EOF\n"...)
}

func TestAttachmentsAndListHeaders(t *testing.T) {
	srv := startCapture(t)
	pdf := invoicePDF()
	csv := []byte("tarih;tutar\n2026-11-28;1.200,00 ₺\n")
	m := lpmail.Message{
		To:          []string{"Ayşe Yılmaz <ayse@example.com>"},
		Subject:     "Faturanız hazır: LP-2026-000123",
		Text:        "Merhaba Ayşe,\nfaturanız ekte.",
		HTML:        `<p>Merhaba Ayşe,</p><p>faturanız <b>ekte</b>.</p>`,
		ReplyTo:     "LinguaPort Muhasebe <muhasebe@linguaport.com>",
		Unsubscribe: "https://www.linguaport.com/tr/abonelik/iptal?t=Zm9vYmFy&k=teklif",
		ID:          "fatura-LP-2026-000123.v1",
		Attachments: []lpmail.Attachment{
			{Name: "fatura-LP-2026-000123.pdf", ContentType: "application/pdf", Data: pdf},
			{Name: "Ödeme dökümü Kasım.csv", ContentType: "text/csv; charset=utf-8", Data: csv},
			{Name: "notlar.bin", Data: []byte{0, 1, 2}},
		},
	}
	got := sendAndWait(t, srv, m)

	if got.Text != m.Text || got.HTML != m.HTML || got.Subject != m.Subject {
		t.Errorf("text %q html %q subject %q", got.Text, got.HTML, got.Subject)
	}
	want := []struct {
		name, typ string
		data      []byte
	}{
		{"fatura-LP-2026-000123.pdf", "application/pdf", pdf},
		{"Ödeme dökümü Kasım.csv", "text/csv", csv},
		{"notlar.bin", "application/octet-stream", []byte{0, 1, 2}},
	}
	if len(got.Attachments) != len(want) {
		t.Fatalf("%d attachments: %+v", len(got.Attachments), got.Attachments)
	}
	for i, w := range want {
		a := got.Attachments[i]
		if a.Name != w.name || a.ContentType != w.typ || a.Size != len(w.data) || !bytes.Equal(a.Data, w.data) {
			t.Errorf("attachment %d: %q %q %d bytes, equal %v; want %q %q %d", i, a.Name, a.ContentType, a.Size, bytes.Equal(a.Data, w.data), w.name, w.typ, len(w.data))
		}
	}
	if got.MessageID != "<fatura-LP-2026-000123.v1@linguaport.local>" {
		t.Errorf("Message-ID %q", got.MessageID)
	}
	if got.ReplyTo != "LinguaPort Muhasebe <muhasebe@linguaport.com>" {
		t.Errorf("Reply-To %q", got.ReplyTo)
	}
	if got.ListUnsubscribe != "<"+m.Unsubscribe+">" || got.ListUnsubscribePost != "List-Unsubscribe=One-Click" {
		t.Errorf("List-Unsubscribe %q, -Post %q", got.ListUnsubscribe, got.ListUnsubscribePost)
	}
	checkWire(t, got.Raw)

	// The structure clients expect: mixed > (alternative > text, html), then the files.
	msg, err := mail.ReadMessage(strings.NewReader(got.Raw))
	if err != nil {
		t.Fatal(err)
	}
	typ, params, _ := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if typ != "multipart/mixed" {
		t.Fatalf("top type %q", typ)
	}
	mr := multipart.NewReader(msg.Body, params["boundary"])
	var parts []string
	for {
		p, err := mr.NextRawPart()
		if err != nil {
			break
		}
		pt, _, _ := mime.ParseMediaType(p.Header.Get("Content-Type"))
		disp, _, _ := mime.ParseMediaType(p.Header.Get("Content-Disposition"))
		parts = append(parts, pt+" "+disp+" "+p.Header.Get("Content-Transfer-Encoding"))
	}
	if w := "multipart/alternative  |application/pdf attachment base64|text/csv attachment base64|application/octet-stream attachment base64"; strings.Join(parts, "|") != w {
		t.Errorf("parts %q\nwant  %q", strings.Join(parts, "|"), w)
	}
}

func TestStableMessageID(t *testing.T) {
	srv := startCapture(t)
	m := lpmail.Message{To: []string{"a@example.com"}, Subject: "Teklif", Text: "x", ID: "outbox-01JDX5Q7"}
	first := sendAndWait(t, srv, m)
	second := sendAndWait(t, srv, m)
	if first.MessageID != "<outbox-01JDX5Q7@linguaport.local>" || second.MessageID != first.MessageID {
		t.Errorf("Message-IDs %q and %q, want one stable id", first.MessageID, second.MessageID)
	}
	m.ID = ""
	a, b := sendAndWait(t, srv, m), sendAndWait(t, srv, m)
	if a.MessageID == b.MessageID || !strings.HasSuffix(a.MessageID, "@linguaport.local>") {
		t.Errorf("random Message-IDs %q and %q", a.MessageID, b.MessageID)
	}
	if a.ListUnsubscribe != "" || a.ListUnsubscribePost != "" || a.ReplyTo != "" || len(a.Attachments) != 0 {
		t.Errorf("a plain mail has list headers, a reply-to or attachments: %+v", a)
	}
}

func TestUnsubscribeOnLoopbackMayBeHTTP(t *testing.T) {
	srv := startCapture(t)
	for _, u := range []string{"http://localhost:8000/en/unsubscribe?t=x", "http://127.0.0.1:8000/tr/abonelik?t=x"} {
		got := sendAndWait(t, srv, lpmail.Message{To: []string{"a@example.com"}, Text: "x", Unsubscribe: u})
		if got.ListUnsubscribe != "<"+u+">" {
			t.Errorf("List-Unsubscribe %q", got.ListUnsubscribe)
		}
	}
}

func TestBadMessageOptionsRefused(t *testing.T) {
	srv := startCapture(t)
	s := newSender(srv.Addr())
	base := lpmail.Message{To: []string{"a@example.com"}, Subject: "x", Text: "x"}
	for name, edit := range map[string]func(*lpmail.Message){
		"unsubscribe http":       func(m *lpmail.Message) { m.Unsubscribe = "http://www.linguaport.com/u?t=1" },
		"unsubscribe mailto":     func(m *lpmail.Message) { m.Unsubscribe = "mailto:unsubscribe@linguaport.com" },
		"unsubscribe javascript": func(m *lpmail.Message) { m.Unsubscribe = "javascript:alert(1)" },
		"unsubscribe relative":   func(m *lpmail.Message) { m.Unsubscribe = "/tr/abonelik?t=1" },
		"unsubscribe bracket":    func(m *lpmail.Message) { m.Unsubscribe = "https://www.linguaport.com/u?t=1>, <https://evil.test/" },
		"unsubscribe CRLF":       func(m *lpmail.Message) { m.Unsubscribe = "https://www.linguaport.com/u\r\nBcc: v@example.com" },
		"unsubscribe non-ASCII":  func(m *lpmail.Message) { m.Unsubscribe = "https://www.linguaport.com/abonelik/iptal?ad=Ayşe" },
		"unsubscribe userinfo":   func(m *lpmail.Message) { m.Unsubscribe = "https://user:pw@www.linguaport.com/u" },
		"unsubscribe too long": func(m *lpmail.Message) {
			m.Unsubscribe = "https://www.linguaport.com/u?t=" + strings.Repeat("a", lpmail.MaxUnsubscribeLength)
		},
		"id with @":            func(m *lpmail.Message) { m.ID = "a@b" },
		"id with space":        func(m *lpmail.Message) { m.ID = "a b" },
		"id with >":            func(m *lpmail.Message) { m.ID = "a>\r\nBcc: v@example.com" },
		"id dot first":         func(m *lpmail.Message) { m.ID = ".abc" },
		"id too long":          func(m *lpmail.Message) { m.ID = strings.Repeat("a", lpmail.MaxIDLength+1) },
		"reply-to CRLF":        func(m *lpmail.Message) { m.ReplyTo = "a@example.com\r\nBcc: v@example.com" },
		"reply-to not address": func(m *lpmail.Message) { m.ReplyTo = "destek" },
		"attachment no name":   func(m *lpmail.Message) { m.Attachments = []lpmail.Attachment{{Data: []byte("x")}} },
		"attachment path": func(m *lpmail.Message) {
			m.Attachments = []lpmail.Attachment{{Name: "../../etc/passwd", Data: []byte("x")}}
		},
		"attachment quote": func(m *lpmail.Message) { m.Attachments = []lpmail.Attachment{{Name: `a".pdf`, Data: []byte("x")}} },
		"attachment CRLF name": func(m *lpmail.Message) {
			m.Attachments = []lpmail.Attachment{{Name: "a\r\nX: y.pdf", Data: []byte("x")}}
		},
		"attachment bad type": func(m *lpmail.Message) {
			m.Attachments = []lpmail.Attachment{{Name: "a.pdf", ContentType: "pdf", Data: []byte("x")}}
		},
		"attachment multipart": func(m *lpmail.Message) {
			m.Attachments = []lpmail.Attachment{{Name: "a", ContentType: "multipart/mixed; boundary=x"}}
		},
	} {
		m := base
		edit(&m)
		if err := s.Send(t.Context(), m); !errors.Is(err, lpmail.ErrInvalid) {
			t.Errorf("%s: err = %v, want ErrInvalid", name, err)
		}
	}
	if n := len(srv.Messages()); n != 0 {
		t.Errorf("%d messages were sent", n)
	}
}
