package counting

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"strconv"
	"strings"

	"golang.org/x/net/html/charset"
)

// xmlHandler receives the tokens of one XML part. start returns skip=true to pass over the
// element's whole subtree (its end is then not reported).
type xmlHandler interface {
	start(e *xml.StartElement) (skip bool, err error)
	end(e *xml.EndElement)
	text(b []byte)
}

// parseXML streams r through h with encoding/xml (xml.Decoder.Token: no whole-part tree in
// memory). A DOCTYPE that declares entities is refused: Go's decoder never expands them, but
// no office format has a reason to carry one.
func parseXML(r io.Reader, h xmlHandler) error {
	d := xml.NewDecoder(r)
	d.CharsetReader = charset.NewReaderLabel
	for {
		t, err := d.Token()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return xmlError(err)
		}
		switch t := t.(type) {
		case xml.StartElement:
			skip, err := h.start(&t)
			if err != nil {
				return err
			}
			if skip {
				if err := d.Skip(); err != nil {
					return xmlError(err)
				}
			}
		case xml.EndElement:
			h.end(&t)
		case xml.CharData:
			h.text(t)
		case xml.Directive:
			if declaresEntities(t) {
				return malformed("XML with a DOCTYPE declaring entities is refused")
			}
		}
	}
}

func xmlError(err error) error {
	if errors.Is(err, ErrZipBomb) || errors.Is(err, ErrMalformed) {
		return err
	}
	return malformed("XML: %v", err)
}

func declaresEntities(d xml.Directive) bool {
	s := bytes.TrimSpace(d)
	if len(s) < 7 || !strings.EqualFold(string(s[:7]), "DOCTYPE") {
		return false
	}
	return bytes.Contains(bytes.ToUpper(s), []byte("ENTITY"))
}

// parsePart reads one archive entry through h.
func (a *archive) parsePart(name string, h xmlHandler) error {
	f := a.file(name)
	if f == nil {
		return nil
	}
	er, err := a.open(f)
	if err != nil {
		return err
	}
	defer er.Close()
	if err := parseXML(er, h); err != nil {
		return er.cause(err)
	}
	return nil
}

// attr is the value of the attribute with the local name, whatever its namespace.
func attr(e *xml.StartElement, local string) (string, bool) {
	for _, a := range e.Attr {
		if a.Name.Local == local {
			return a.Value, true
		}
	}
	return "", false
}

func attrVal(e *xml.StartElement, local string) string {
	v, _ := attr(e, local)
	return v
}

// onOff reads an OOXML on/off property: absent value means on.
func onOff(e *xml.StartElement) int8 {
	v, ok := attr(e, "val")
	if !ok {
		return 1
	}
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "false", "0", "off", "none":
		return -1
	}
	return 1
}

func truthy(s string) bool {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "1", "true", "on":
		return true
	}
	return false
}

// natLess orders part names with their numbers as numbers (slide2 before slide10).
func natLess(a, b string) bool {
	for a != "" && b != "" {
		da, db := digitsPrefix(a), digitsPrefix(b)
		if da > 0 && db > 0 {
			na, ea := strconv.ParseUint(strings.TrimLeft(a[:da], "0"), 10, 64)
			nb, eb := strconv.ParseUint(strings.TrimLeft(b[:db], "0"), 10, 64)
			if ea == nil && eb == nil && na != nb {
				return na < nb
			}
			if a[:da] != b[:db] {
				return a[:da] < b[:db]
			}
			a, b = a[da:], b[db:]
			continue
		}
		if a[0] != b[0] {
			return a[0] < b[0]
		}
		a, b = a[1:], b[1:]
	}
	return len(a) < len(b)
}

func digitsPrefix(s string) int {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i
}
