package mail

import (
	"bytes"
	"crypto/rand"
	"fmt"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/mail"
	"net/textproto"
	"strings"
	"time"
)

// maxLine is where headers are folded: RFC 5322 allows 998 characters but recommends 78, and
// some relays rewrap longer lines in ways that break encoded words.
const maxLine = 78

// compose validates m and returns the message as sent on the wire (CRLF line ends) and the
// envelope recipients.
func compose(from *mail.Address, m Message, now time.Time) ([]byte, []string, error) {
	if len(m.To) == 0 {
		return nil, nil, fmt.Errorf("%w message: no recipients", ErrInvalid)
	}
	if strings.ContainsAny(m.Subject, "\r\n") {
		return nil, nil, fmt.Errorf("%w message: subject contains a line break", ErrInvalid)
	}
	to := make([]string, 0, len(m.To))
	var rcpts []string
	seen := map[string]bool{}
	for _, raw := range m.To {
		a, err := parseAddress("recipient", raw)
		if err != nil {
			return nil, nil, err
		}
		to = append(to, a.String())
		// A duplicated address would be delivered twice by some relays.
		if key := strings.ToLower(a.Address); !seen[key] {
			seen[key] = true
			rcpts = append(rcpts, a.Address)
		}
	}

	var b bytes.Buffer
	writeHeader(&b, "Date", now.UTC().Format(time.RFC1123Z))
	writeHeader(&b, "From", from.String())
	writeHeader(&b, "To", strings.Join(to, ", "))
	writeHeader(&b, "Subject", mime.QEncoding.Encode("utf-8", m.Subject))
	writeHeader(&b, "Message-ID", messageID(m.ID, from.Address))
	writeHeader(&b, "MIME-Version", "1.0")

	if m.HTML == "" {
		writeHeader(&b, "Content-Type", "text/plain; charset=utf-8")
		writeHeader(&b, "Content-Transfer-Encoding", "quoted-printable")
		b.WriteString("\r\n")
		writeQP(&b, m.Text)
		return b.Bytes(), rcpts, nil
	}

	mw := multipart.NewWriter(&b)
	writeHeader(&b, "Content-Type", mime.FormatMediaType("multipart/alternative", map[string]string{"boundary": mw.Boundary()}))
	b.WriteString("\r\n")
	// Plain text first: in multipart/alternative the last part the client can show wins.
	for _, p := range []struct{ typ, body string }{{"text/plain", m.Text}, {"text/html", m.HTML}} {
		pw, err := mw.CreatePart(textproto.MIMEHeader{
			"Content-Type":              {p.typ + "; charset=utf-8"},
			"Content-Transfer-Encoding": {"quoted-printable"},
		})
		if err != nil {
			return nil, nil, fmt.Errorf("mail: compose: %w", err)
		}
		var part bytes.Buffer
		writeQP(&part, p.body)
		if _, err := pw.Write(part.Bytes()); err != nil {
			return nil, nil, fmt.Errorf("mail: compose: %w", err)
		}
	}
	if err := mw.Close(); err != nil {
		return nil, nil, fmt.Errorf("mail: compose: %w", err)
	}
	return b.Bytes(), rcpts, nil
}

// parseAddress refuses line breaks before parsing because they are how headers get injected,
// and names the field so the error says which input was wrong.
func parseAddress(field, s string) (*mail.Address, error) {
	if strings.ContainsAny(s, "\r\n") {
		return nil, fmt.Errorf("%w %s address: it contains a line break", ErrInvalid, field)
	}
	a, err := mail.ParseAddress(s)
	if err != nil {
		return nil, fmt.Errorf("%w %s address %q: %w", ErrInvalid, field, s, err)
	}
	return a, nil
}

// writeHeader folds at single spaces only: the unfolding of Go's and most readers collapses
// runs of white space, so folding inside a run would change the value.
func writeHeader(b *bytes.Buffer, name, value string) {
	b.WriteString(name)
	b.WriteString(":")
	col := len(name) + 1
	words := strings.Split(value, " ")
	for i, word := range words {
		// Folding before the first word, right after the colon, is what keeps a 75-character
		// encoded word within the 76 that RFC 2047 allows a line.
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

// writeQP encodes s as quoted-printable, turning its line ends into CRLF, so any UTF-8 text
// travels through 7-bit relays unchanged.
func writeQP(b *bytes.Buffer, s string) {
	w := quotedprintable.NewWriter(b)
	_, _ = w.Write([]byte(s)) // writes to a bytes.Buffer cannot fail
	_ = w.Close()
}

func messageID(id, from string) string {
	domain := "localhost"
	if at := strings.LastIndexByte(from, '@'); at >= 0 && at < len(from)-1 {
		domain = from[at+1:]
	}
	left := rand.Text()
	if id != "" {
		// Only atext survives in a msg-id's left part; anything else becomes a dot.
		left = strings.Map(func(r rune) rune {
			if r < 128 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("!#$%&'*+-/=?^_`{|}~", r)) {
				return r
			}
			return '.'
		}, id)
	}
	return "<" + left + "@" + domain + ">"
}
