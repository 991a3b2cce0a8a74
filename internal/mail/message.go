package mail

import (
	"bytes"
	"crypto/rand"
	"fmt"
	"mime"
	"net"
	"net/mail"
	"net/url"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// Message is one mail to one or more recipients. To holds addresses, with or without a
// display name ("Ayşe <ayse@example.com>"). HTML, when given, is sent as the alternative
// to Text, which mail clients without HTML (and spam filters) still read.
type Message struct {
	To      []string
	Subject string
	Text    string
	HTML    string
	// Attachments are sent after the body (multipart/mixed), in this order.
	Attachments []Attachment
	// ReplyTo is where answers go when not to From ("Destek <destek@linguaport.com>"); optional.
	ReplyTo string
	// Unsubscribe is the absolute https URL that ends the kind of mail this is, for mails a
	// recipient may turn off. It is sent as List-Unsubscribe (RFC 2369) with
	// List-Unsubscribe-Post: List-Unsubscribe=One-Click (RFC 8058), so mail clients offer an
	// unsubscribe button that POSTs "List-Unsubscribe=One-Click" to it; the page must answer
	// that POST without a session or a confirmation. http is accepted only for a loopback host
	// (the devstack). Mails a user cannot turn off (invoices, security) leave it empty.
	Unsubscribe string
	// ID, when set, makes the Message-ID <ID@the sender's domain> instead of a random one, so a
	// mail sent again after a failure (an outbox retry) keeps one Message-ID and mail clients
	// show one mail. Letters, digits and . _ - + = only, at most MaxIDLength.
	ID string
}

// Attachment is one file sent with a Message.
type Attachment struct {
	Name        string // the file name shown to the reader: "fatura-LPA2026000000123.pdf"
	ContentType string // "application/pdf"; application/octet-stream when empty
	Data        []byte
}

// MaxIDLength bounds Message.ID so the Message-ID header stays on one short line.
const MaxIDLength = 64

// MaxUnsubscribeLength bounds Message.Unsubscribe: a URL is not folded, and RFC 5322 ends a
// line at 998 characters. (Beyond 78 is allowed, and usual for these URLs' tokens.)
const MaxUnsubscribeLength = 900

// compose validates m and returns it as go-mail builds it, with the envelope recipients.
func compose(from *mail.Address, m Message, now time.Time) (*gomail.Msg, []string, error) {
	if len(m.To) == 0 {
		return nil, nil, fmt.Errorf("%w message: no recipients", ErrInvalid)
	}
	if strings.ContainsAny(m.Subject, "\r\n") {
		return nil, nil, fmt.Errorf("%w message: subject contains a line break", ErrInvalid)
	}
	to := make([]*mail.Address, 0, len(m.To))
	var rcpts []string
	seen := map[string]bool{}
	for _, raw := range m.To {
		a, err := parseAddress("recipient", raw)
		if err != nil {
			return nil, nil, err
		}
		to = append(to, a)
		// A duplicated address would be delivered twice by some relays.
		if key := strings.ToLower(a.Address); !seen[key] {
			seen[key] = true
			rcpts = append(rcpts, a.Address)
		}
	}

	msg := gomail.NewMsg(gomail.WithNoDefaultUserAgent(), gomail.WithCharset(gomail.CharsetUTF8), gomail.WithEncoding(gomail.EncodingQP))
	msg.FromMailAddress(from)
	msg.ToMailAddress(to...)
	msg.Subject(m.Subject)
	msg.SetDateWithValue(now.UTC())
	id, err := messageID(m.ID, from.Address)
	if err != nil {
		return nil, nil, err
	}
	msg.SetMessageIDWithValue(id)
	if m.ReplyTo != "" {
		a, err := parseAddress("reply-to", m.ReplyTo)
		if err != nil {
			return nil, nil, err
		}
		msg.ReplyToMailAddress(a)
	}
	if m.Unsubscribe != "" {
		u, err := unsubscribeURL(m.Unsubscribe)
		if err != nil {
			return nil, nil, err
		}
		// Set by hand rather than with SetListUnsubscribeOneClick, which takes https only: the
		// devstack's site is http on a loopback address.
		msg.SetListUnsubscribe(u)
		msg.SetListUnsubscribePost()
	}

	// Plain text first: in multipart/alternative the last part the client can show wins.
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	if m.HTML != "" {
		msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	}
	for i, a := range m.Attachments {
		ct, err := attachmentType(i, a)
		if err != nil {
			return nil, nil, err
		}
		// A ReadSeeker is read where it lies when the message is written; AttachReader would copy it.
		msg.AttachReadSeeker(a.Name, bytes.NewReader(a.Data), gomail.WithFileContentType(gomail.ContentType(ct)))
	}
	return msg, rcpts, nil
}

func attachmentType(i int, a Attachment) (string, error) {
	switch {
	case strings.TrimSpace(a.Name) == "":
		return "", fmt.Errorf("%w message: attachment %d has no name", ErrInvalid, i+1)
	case strings.ContainsAny(a.Name, "\r\n\"/\\") || strings.ContainsFunc(a.Name, func(r rune) bool { return r < 0x20 || r == 0x7f }):
		// A path would be a file name some clients write where it points.
		return "", fmt.Errorf("%w message: attachment name %q must be a plain file name", ErrInvalid, a.Name)
	case a.ContentType == "":
		return "application/octet-stream", nil
	}
	typ, params, err := mime.ParseMediaType(a.ContentType)
	if err != nil || !strings.Contains(typ, "/") || strings.HasPrefix(typ, "multipart/") || strings.ContainsAny(a.ContentType, "\r\n") {
		return "", fmt.Errorf("%w message: attachment %q has content type %q", ErrInvalid, a.Name, a.ContentType)
	}
	return mime.FormatMediaType(typ, params), nil
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

// messageID is the Message-ID's content (without the angle brackets): id, or a random one,
// at the sender's domain.
func messageID(id, from string) (string, error) {
	if id == "" {
		id = rand.Text()
	} else if len(id) > MaxIDLength || strings.ContainsFunc(id, func(r rune) bool {
		return !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || strings.ContainsRune("._-+=", r))
	}) || strings.HasPrefix(id, ".") || strings.HasSuffix(id, ".") || strings.Contains(id, "..") {
		// The characters of RFC 5322's dot-atom that no relay or client treats specially.
		return "", fmt.Errorf("%w message: id %q must be at most %d letters, digits and . _ - + =", ErrInvalid, id, MaxIDLength)
	}
	domain := "localhost"
	if at := strings.LastIndexByte(from, '@'); at >= 0 && at < len(from)-1 {
		domain = from[at+1:]
	}
	return id + "@" + domain, nil
}

// unsubscribeURL checks Message.Unsubscribe: RFC 8058 wants one https URI, which clients
// POST to without showing it, so it must be absolute, plain ASCII and free of the characters
// that end it inside the header's angle brackets.
func unsubscribeURL(s string) (string, error) {
	bad := func(why string) error {
		return fmt.Errorf("%w message: unsubscribe URL %q %s", ErrInvalid, s, why)
	}
	if len(s) > MaxUnsubscribeLength {
		return "", bad(fmt.Sprintf("is longer than %d bytes", MaxUnsubscribeLength))
	}
	if strings.ContainsFunc(s, func(r rune) bool { return r <= ' ' || r >= 0x7f || strings.ContainsRune(`<>"`, r) }) {
		return "", bad("must be ASCII without spaces, quotes or angle brackets (percent-encode them)")
	}
	u, err := url.Parse(s)
	if err != nil || u.Host == "" || u.User != nil {
		return "", bad("is not an absolute URL")
	}
	switch u.Scheme {
	case "https":
	case "http":
		if !loopback(u.Hostname()) {
			return "", bad("must be https (http only for a loopback host)")
		}
	default:
		return "", bad("must be https")
	}
	return s, nil
}

func loopback(host string) bool {
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
