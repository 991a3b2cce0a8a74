package counting

import (
	"bytes"
	"errors"
	"io"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/charset"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
)

// HTML: the text a reader sees plus the translatable attributes, each once (htmlattr.go); not
// the contents of script, style, template, noscript (nor iframe, noembed, noframes
// fallbacks), not comments.

// htmlSkipRaw are elements whose raw contents are never shown.
var htmlSkipRaw = map[string]bool{
	"script": true, "style": true, "noscript": true, "iframe": true, "noembed": true, "noframes": true,
}

// htmlBlocks are elements that separate words (an inline element such as <b> does not:
// <b>Hel</b>lo is one word).
var htmlBlocks = map[string]bool{
	"address": true, "article": true, "aside": true, "blockquote": true, "body": true, "br": true,
	"button": true, "caption": true, "dd": true, "details": true, "dialog": true, "div": true,
	"dl": true, "dt": true, "fieldset": true, "figcaption": true, "figure": true, "footer": true,
	"form": true, "h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true,
	"head": true, "header": true, "hgroup": true, "hr": true, "html": true, "img": true,
	"input": true, "label": true, "legend": true, "li": true, "main": true, "menu": true,
	"nav": true, "ol": true, "optgroup": true, "option": true, "p": true, "pre": true,
	"section": true, "select": true, "summary": true, "table": true, "tbody": true, "td": true,
	"textarea": true, "tfoot": true, "th": true, "thead": true, "title": true, "tr": true,
	"ul": true, "area": true, "video": true, "audio": true, "object": true, "embed": true,
	"canvas": true, "svg": true, "math": true, "ruby": true, "rt": true, "template": true,
}

// htmlFallback picks the encoding of an HTML file that is not valid UTF-8 and has no BOM:
// its <meta charset>, else Windows-1254.
func htmlFallback(src Source) encoding.Encoding {
	head := make([]byte, 1024)
	n, _ := src.ReadAt(head, 0)
	head = head[:n]
	if utf8.Valid(head) && !bytes.Contains(bytes.ToLower(head), []byte("charset")) {
		return nil
	}
	e, name, _ := charset.DetermineEncoding(head, "text/html")
	if name == "windows-1252" && !bytes.Contains(bytes.ToLower(head), []byte("1252")) &&
		!bytes.Contains(bytes.ToLower(head), []byte("8859-1")) && !bytes.Contains(bytes.ToLower(head), []byte("latin1")) {
		return charmap.Windows1254 // the default guess of the charset package, not a declaration
	}
	if name == "utf-8" {
		return nil
	}
	return e
}

func countHTML(src Source) (*counter, error) {
	r, err := textReader(src, htmlFallback(src))
	if err != nil {
		return nil, err
	}
	c := &counter{}
	if err := countHTMLFrom(r, c); err != nil {
		return nil, err
	}
	return c, nil
}

func countHTMLFrom(r io.Reader, c *counter) error {
	z := html.NewTokenizer(r)
	h := newHTMLText(c)
	skipNextText := false // the raw contents of a skipped element come next
	template := 0
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			if err := z.Err(); err != nil && !errors.Is(err, io.EOF) {
				return malformed("html: %v", err)
			}
			h.finish()
			return nil
		case html.TextToken:
			if !skipNextText && template == 0 {
				b := z.Text()
				h.text(b)
				c.Write(b)
			}
			skipNextText = false
			continue
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			tag := string(name)
			if tag == "template" && tt == html.StartTagToken {
				template++
			}
			if template == 0 {
				h.startTag(tag)
			}
			if htmlBlocks[tag] {
				c.brk()
				h.boundary()
			}
			if template == 0 {
				h.tag(z, tag, hasAttr, tt == html.SelfClosingTagToken)
				if tag == "title" && tt == html.StartTagToken && !h.titleSeen {
					h.inTitle, h.titleSeen = true, true
				}
			}
			skipNextText = htmlSkipRaw[tag] && tt == html.StartTagToken
			continue
		case html.EndTagToken:
			name, _ := z.TagName()
			tag := string(name)
			if tag == "template" && template > 0 {
				template--
			}
			if template == 0 {
				h.endTag(tag)
			}
			if tag == "title" {
				h.inTitle = false
			}
			if htmlBlocks[tag] {
				c.brk()
				h.boundary()
			}
		}
		skipNextText = false
	}
}
