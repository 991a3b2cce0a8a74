package mail_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"net/smtp"
	"net/textproto"
	"strings"
	"time"

	lpmail "linguaport/internal/mail"
)

// The peer: internal/mail as it was before go-mail (8b5def9: its own RFC 5322 writer over
// net/smtp), extended with what the new Message carries (attachments in multipart/mixed,
// Reply-To, List-Unsubscribe, a given Message-ID) the way it would have been written by hand.
// The validation of the inputs is left out on both sides' behalf: it is the same code.

const maxLine = 78

type handSender struct {
	addr string
	from *mail.Address
}

func newHandSender(addr, from string) *handSender {
	a, err := mail.ParseAddress(from)
	if err != nil {
		panic(err)
	}
	return &handSender{addr: addr, from: a}
}

func (s *handSender) Send(ctx context.Context, m lpmail.Message) error {
	raw, rcpts, err := handCompose(s.from, m, time.Now())
	if err != nil {
		return err
	}
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", s.addr)
	if err != nil {
		return err
	}
	defer conn.Close()
	if dl, ok := ctx.Deadline(); ok {
		_ = conn.SetDeadline(dl)
	}
	host, _, _ := net.SplitHostPort(s.addr)
	c, err := smtp.NewClient(conn, host)
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.Hello("localhost"); err != nil {
		return err
	}
	if err := c.Mail(s.from.Address); err != nil {
		return err
	}
	for _, r := range rcpts {
		if err := c.Rcpt(r); err != nil {
			return err
		}
	}
	w, err := c.Data()
	if err != nil {
		return err
	}
	if _, err := w.Write(raw); err != nil {
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	_ = c.Quit()
	return nil
}

func handCompose(from *mail.Address, m lpmail.Message, now time.Time) ([]byte, []string, error) {
	to := make([]string, 0, len(m.To))
	var rcpts []string
	seen := map[string]bool{}
	for _, raw := range m.To {
		a, err := mail.ParseAddress(raw)
		if err != nil {
			return nil, nil, err
		}
		to = append(to, a.String())
		if key := strings.ToLower(a.Address); !seen[key] {
			seen[key] = true
			rcpts = append(rcpts, a.Address)
		}
	}

	var b bytes.Buffer
	writeHeader(&b, "Date", now.UTC().Format(time.RFC1123Z))
	writeHeader(&b, "From", from.String())
	writeHeader(&b, "To", strings.Join(to, ", "))
	if m.ReplyTo != "" {
		a, err := mail.ParseAddress(m.ReplyTo)
		if err != nil {
			return nil, nil, err
		}
		writeHeader(&b, "Reply-To", a.String())
	}
	writeHeader(&b, "Subject", mime.QEncoding.Encode("utf-8", m.Subject))
	writeHeader(&b, "Message-ID", messageID(m.ID, from.Address))
	if m.Unsubscribe != "" {
		b.WriteString("List-Unsubscribe: <" + m.Unsubscribe + ">\r\n") // a URL is not folded
		writeHeader(&b, "List-Unsubscribe-Post", "List-Unsubscribe=One-Click")
	}
	writeHeader(&b, "MIME-Version", "1.0")

	body := &b
	var mixed *multipart.Writer
	if len(m.Attachments) > 0 {
		mixed = multipart.NewWriter(&b)
		writeHeader(&b, "Content-Type", mime.FormatMediaType("multipart/mixed", map[string]string{"boundary": mixed.Boundary()}))
		b.WriteString("\r\n")
		body = new(bytes.Buffer)
	}
	if m.HTML == "" {
		writeHeader(body, "Content-Type", "text/plain; charset=utf-8")
		writeHeader(body, "Content-Transfer-Encoding", "quoted-printable")
		body.WriteString("\r\n")
		writeQP(body, m.Text)
	} else {
		alt := multipart.NewWriter(body)
		writeHeader(body, "Content-Type", mime.FormatMediaType("multipart/alternative", map[string]string{"boundary": alt.Boundary()}))
		body.WriteString("\r\n")
		for _, p := range []struct{ typ, text string }{{"text/plain", m.Text}, {"text/html", m.HTML}} {
			pw, err := alt.CreatePart(textproto.MIMEHeader{
				"Content-Type":              {p.typ + "; charset=utf-8"},
				"Content-Transfer-Encoding": {"quoted-printable"},
			})
			if err != nil {
				return nil, nil, err
			}
			var part bytes.Buffer
			writeQP(&part, p.text)
			if _, err := pw.Write(part.Bytes()); err != nil {
				return nil, nil, err
			}
		}
		if err := alt.Close(); err != nil {
			return nil, nil, err
		}
	}
	if mixed == nil {
		return b.Bytes(), rcpts, nil
	}

	// The body as the first part of the mixed one: its own header lines became the part's.
	head, rest, _ := bytes.Cut(body.Bytes(), []byte("\r\n\r\n"))
	h := textproto.MIMEHeader{}
	for _, line := range strings.Split(strings.ReplaceAll(string(head), "\r\n ", " "), "\r\n") {
		k, v, _ := strings.Cut(line, ":")
		h.Set(k, strings.TrimSpace(v))
	}
	pw, err := mixed.CreatePart(h)
	if err != nil {
		return nil, nil, err
	}
	if _, err := pw.Write(rest); err != nil {
		return nil, nil, err
	}
	for _, a := range m.Attachments {
		ct := a.ContentType
		if ct == "" {
			ct = "application/octet-stream"
		}
		typ, params, err := mime.ParseMediaType(ct)
		if err != nil {
			return nil, nil, err
		}
		params["name"] = a.Name
		pw, err := mixed.CreatePart(textproto.MIMEHeader{
			"Content-Type":              {mime.FormatMediaType(typ, params)},
			"Content-Disposition":       {mime.FormatMediaType("attachment", map[string]string{"filename": a.Name})}, // RFC 2231 when not ASCII
			"Content-Transfer-Encoding": {"base64"},
		})
		if err != nil {
			return nil, nil, err
		}
		writeBase64(pw, a.Data)
	}
	if err := mixed.Close(); err != nil {
		return nil, nil, err
	}
	return b.Bytes(), rcpts, nil
}

// writeBase64 writes data in lines of 76 characters, as RFC 2045 requires.
func writeBase64(w interface{ Write([]byte) (int, error) }, data []byte) {
	line := make([]byte, 76+2)
	for len(data) > 0 {
		n := min(len(data), 57)
		base64.StdEncoding.Encode(line, data[:n])
		enc := base64.StdEncoding.EncodedLen(n)
		line[enc], line[enc+1] = '\r', '\n'
		_, _ = w.Write(line[:enc+2])
		data = data[n:]
	}
}

// writeHeader folds at single spaces only: the unfolding of Go's and most readers collapses
// runs of white space, so folding inside a run would change the value.
func writeHeader(b *bytes.Buffer, name, value string) {
	b.WriteString(name)
	b.WriteString(":")
	col := len(name) + 1
	words := strings.Split(value, " ")
	for i, word := range words {
		single := word != "" && (i == 0 || words[i-1] != "")
		if single && col+1+len(word) > maxLine {
			b.WriteString("\r\n")
			col = 0
		}
		b.WriteByte(' ')
		b.WriteString(word)
		col += 1 + len(word)
	}
	b.WriteString("\r\n")
}

func writeQP(b *bytes.Buffer, s string) {
	w := quotedprintable.NewWriter(b)
	_, _ = w.Write([]byte(s))
	_ = w.Close()
}

func messageID(id, from string) string {
	if id == "" {
		id = rand.Text()
	}
	domain := "localhost"
	if at := strings.LastIndexByte(from, '@'); at >= 0 && at < len(from)-1 {
		domain = from[at+1:]
	}
	return fmt.Sprintf("<%s@%s>", id, domain)
}
