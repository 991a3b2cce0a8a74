package mailcapture

import (
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/mail"
	"net/textproto"
	"slices"
	"strings"
	"time"
)

// maxDepth bounds nested multiparts (mixed > alternative > related is 3 deep) so that a
// hostile message cannot recurse without end.
const maxDepth = 8

var wordDecoder = new(mime.WordDecoder)

// parse never fails: a message that cannot be read is still kept with its Raw text, because
// a capture exists to show what was sent, broken or not.
func parse(from string, to []string, raw []byte, now time.Time) Captured {
	c := Captured{
		ID:         rand.Text(),
		From:       from,
		To:         slices.Clone(to),
		Raw:        string(raw),
		ReceivedAt: now.UTC(),
	}
	msg, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return c
	}
	c.Subject = decodeHeader(msg.Header.Get("Subject"))
	if f := msg.Header.Get("From"); f != "" {
		c.From = readableAddress(f)
	}
	readBody(&c, textproto.MIMEHeader(msg.Header), msg.Body, 0)
	return c
}

func readBody(c *Captured, h textproto.MIMEHeader, body io.Reader, depth int) {
	mediaType, params, err := mime.ParseMediaType(h.Get("Content-Type"))
	if err != nil {
		mediaType = "text/plain" // the default of RFC 2045, also for a missing header
	}
	if strings.HasPrefix(mediaType, "multipart/") {
		if depth >= maxDepth {
			return
		}
		mr := multipart.NewReader(body, params["boundary"])
		for {
			// Raw parts, because NextPart decodes quoted-printable but not base64 and hides
			// which one it did.
			p, err := mr.NextRawPart()
			if err != nil {
				return
			}
			readBody(c, p.Header, p, depth+1)
		}
	}
	if disp, _, _ := mime.ParseMediaType(h.Get("Content-Disposition")); disp == "attachment" {
		return
	}
	switch {
	case mediaType == "text/plain" && c.Text == "":
		c.Text = decodeText(h, body)
	case mediaType == "text/html" && c.HTML == "":
		c.HTML = decodeText(h, body)
	}
}

// decodeText undoes the transfer encoding. Charsets other than UTF-8 are left as they are:
// the platform only sends UTF-8 and the capture serves the platform.
func decodeText(h textproto.MIMEHeader, body io.Reader) string {
	switch strings.ToLower(strings.TrimSpace(h.Get("Content-Transfer-Encoding"))) {
	case "quoted-printable":
		body = quotedprintable.NewReader(body)
	case "base64":
		body = base64.NewDecoder(base64.StdEncoding, body) // skips the line breaks itself
	}
	b, _ := io.ReadAll(body) // a damaged tail still leaves the part that decoded
	s := strings.ReplaceAll(string(b), "\r\n", "\n")
	// SMTP ends the data with a line break whether or not the text had one.
	return strings.TrimRight(s, "\n")
}

func decodeHeader(v string) string {
	d, err := wordDecoder.DecodeHeader(v)
	if err != nil {
		return v
	}
	return d
}

// readableAddress turns `=?utf-8?q?Ay=C5=9Fe?= <a@b>` into "Ayşe <a@b>".
func readableAddress(v string) string {
	a, err := mail.ParseAddress(v)
	if err != nil {
		return decodeHeader(v)
	}
	if a.Name == "" {
		return a.Address
	}
	return a.Name + " <" + a.Address + ">"
}
