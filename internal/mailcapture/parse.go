package mailcapture

import (
	"bufio"
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"fmt"
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
	c.Headers = orderedHeaders(raw)
	c.Subject = decodeHeader(msg.Header.Get("Subject"))
	if f := msg.Header.Get("From"); f != "" {
		c.From = readableAddress(f)
	}
	if r := msg.Header.Get("Reply-To"); r != "" {
		c.ReplyTo = readableAddress(r)
	}
	c.MessageID = strings.TrimSpace(msg.Header.Get("Message-ID"))
	c.ListUnsubscribe = strings.TrimSpace(msg.Header.Get("List-Unsubscribe"))
	c.ListUnsubscribePost = strings.TrimSpace(msg.Header.Get("List-Unsubscribe-Post"))
	readBody(&c, textproto.MIMEHeader(msg.Header), msg.Body, 0)
	for i := range c.Attachments {
		c.Attachments[i].URL = fmt.Sprintf("/messages/%s/attachments/%d", c.ID, i)
	}
	return c
}

// orderedHeaders lists the header fields as they came (net/mail keeps them in a map), unfolded
// and decoded, so that a reader sees the message's header as a mail client's "show original"
// does, only readable.
func orderedHeaders(raw []byte) []Header {
	head := raw
	// The blank line ending the header, also in a message with bare LF line ends.
	for _, sep := range []string{"\r\n\r\n", "\n\n"} {
		if i := bytes.Index(head, []byte(sep)); i >= 0 {
			head = head[:i]
		}
	}
	var out []Header
	sc := bufio.NewScanner(bytes.NewReader(head))
	sc.Buffer(nil, len(head)+1)
	for sc.Scan() {
		line := sc.Text()
		if (strings.HasPrefix(line, " ") || strings.HasPrefix(line, "\t")) && len(out) > 0 {
			out[len(out)-1].Value += " " + strings.TrimSpace(line)
			continue
		}
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		out = append(out, Header{Name: strings.TrimSpace(name), Value: strings.TrimSpace(value)})
	}
	for i := range out {
		out[i].Value = decodeHeader(out[i].Value)
	}
	return out
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
	disp, dparams, _ := mime.ParseMediaType(h.Get("Content-Disposition"))
	name := decodeHeader(dparams["filename"])
	if name == "" {
		name = decodeHeader(params["name"])
	}
	isBody := (mediaType == "text/plain" && c.Text == "") || (mediaType == "text/html" && c.HTML == "")
	if disp == "attachment" || !isBody && (name != "" || !strings.HasPrefix(mediaType, "text/")) {
		data := decode(h, body)
		c.Attachments = append(c.Attachments, Attachment{Name: name, ContentType: mediaType, Size: len(data), Data: data})
		return
	}
	if !isBody {
		return // a second text part without a name: the first one is the body
	}
	switch mediaType {
	case "text/plain":
		c.Text = bodyText(decode(h, body))
	case "text/html":
		c.HTML = bodyText(decode(h, body))
	}
}

// decode undoes the transfer encoding. Charsets other than UTF-8 are left as they are: the
// platform only sends UTF-8 and the capture serves the platform.
func decode(h textproto.MIMEHeader, body io.Reader) []byte {
	switch strings.ToLower(strings.TrimSpace(h.Get("Content-Transfer-Encoding"))) {
	case "quoted-printable":
		body = quotedprintable.NewReader(body)
	case "base64":
		body = base64.NewDecoder(base64.StdEncoding, body) // skips the line breaks itself
	}
	b, _ := io.ReadAll(body) // a damaged tail still leaves the part that decoded
	return b
}

// bodyText has "\n" line ends and none at the end: SMTP ends the data with a line break
// whether or not the text had one.
func bodyText(b []byte) string {
	return strings.TrimRight(strings.ReplaceAll(string(b), "\r\n", "\n"), "\n")
}

// decodeHeader decodes RFC 2047 encoded words, also inside a quoted file name where go-mail
// and Outlook put them (`filename="=?UTF-8?q?Fatura_=C5=9Eubat.pdf?="`), which RFC 2231 would
// write as filename*= (mime.ParseMediaType decodes that form itself).
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
