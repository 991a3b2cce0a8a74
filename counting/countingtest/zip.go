package countingtest

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"fmt"
	"hash"
	"hash/crc32"
	"io"
	"strings"
	"testing"
)

// XMLHead is the XML declaration office programs write.
const XMLHead = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` + "\r\n"

// Part is one zip entry, compressed as it is written (the way office programs write them, at
// the default level) and added to the archive whole: several parts can be written at the same
// time and the archive's size is known while it grows.
type Part struct {
	name   string
	stored bool // not compressed (an ODF mimetype)
	buf    bytes.Buffer
	fw     *flate.Writer
	crc    hash.Hash32
	size   int64
}

// NewPart is an empty deflated entry.
func NewPart(name string) *Part {
	p := &Part{name: name, crc: crc32.NewIEEE()}
	p.fw, _ = flate.NewWriter(&p.buf, flate.DefaultCompression)
	return p
}

// PartOf is a deflated entry holding body.
func PartOf(name, body string) *Part {
	p := NewPart(name)
	p.WriteString(body)
	return p
}

// StoredPartOf is an entry holding body uncompressed.
func StoredPartOf(name, body string) *Part {
	p := &Part{name: name, stored: true, crc: crc32.NewIEEE()}
	p.WriteString(body)
	return p
}

func (p *Part) WriteString(s string) {
	io.WriteString(p.crc, s)
	p.size += int64(len(s))
	if p.stored {
		p.buf.WriteString(s)
		return
	}
	p.fw.Write([]byte(s))
}

// Size is the bytes written, CompressedSize what they take in the archive so far (the
// compressor holds up to about 64 KB back until the part is closed).
func (p *Part) Size() int64           { return p.size }
func (p *Part) CompressedSize() int64 { return int64(p.buf.Len()) }

// Zip is the archive of the parts, in order; it closes them.
func Zip(tb testing.TB, parts ...*Part) []byte {
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	for _, p := range parts {
		method := zip.Store
		if !p.stored {
			method = zip.Deflate
			p.fw.Close()
		}
		w, err := zw.CreateRaw(&zip.FileHeader{Name: p.name, Method: method, CRC32: p.crc.Sum32(),
			CompressedSize64: uint64(p.buf.Len()), UncompressedSize64: uint64(p.size)})
		if err != nil {
			tb.Fatal(err)
		}
		if _, err := w.Write(p.buf.Bytes()); err != nil {
			tb.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		tb.Fatal(err)
	}
	return out.Bytes()
}

const (
	relsNS = `http://schemas.openxmlformats.org/package/2006/relationships`
	relNS  = `http://schemas.openxmlformats.org/officeDocument/2006/relationships/`
)

// Rels is a relationships part: type, target, type, target ... (types relative to the
// officeDocument relationships namespace: "officeDocument", "styles", "worksheet" ...).
func Rels(targets ...string) string {
	var b strings.Builder
	b.WriteString(XMLHead + `<Relationships xmlns="` + relsNS + `">`)
	for i := 0; i+1 < len(targets); i += 2 {
		fmt.Fprintf(&b, `<Relationship Id="rId%d" Type="%s%s" Target="%s"/>`, i/2+1, relNS, targets[i], targets[i+1])
	}
	b.WriteString(`</Relationships>`)
	return b.String()
}

// ContentTypes is a [Content_Types].xml: part, content type, part, content type ...
func ContentTypes(overrides ...string) string {
	var b strings.Builder
	b.WriteString(XMLHead + `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
		`<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
		`<Default Extension="xml" ContentType="application/xml"/>`)
	for i := 0; i+1 < len(overrides); i += 2 {
		fmt.Fprintf(&b, `<Override PartName="/%s" ContentType="%s"/>`, overrides[i], overrides[i+1])
	}
	b.WriteString(`</Types>`)
	return b.String()
}

// OOXML content types, as the generators' parts declare them.
const ooxmlType = "application/vnd.openxmlformats-"

// docProps are the core and app properties parts Office adds to every package.
var docProps = []string{
	"docProps/core.xml", XMLHead + `<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ` +
		`xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Çeviri Hizmetleri</dc:title><dc:creator>LinguaPort</dc:creator></cp:coreProperties>`,
	"docProps/app.xml", XMLHead + `<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties">` +
		`<Application>Microsoft Office Word</Application></Properties>`,
}
