package countingtest

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"strings"
)

// PDF is a document being written: objects 1..n, object 1 the catalog, and a
// cross-reference table that gives their offsets.
type PDF struct {
	Objects []string // the objects' bodies, object i+1 at index i
	Trailer string   // entries added to the trailer dictionary
	Header  string   // the file's first lines; "%PDF-1.4" and a binary comment when empty
}

// Add appends an object and returns its number.
func (p *PDF) Add(body string) int {
	p.Objects = append(p.Objects, body)
	return len(p.Objects)
}

// Set replaces object num (adding null objects up to it).
func (p *PDF) Set(num int, body string) {
	for len(p.Objects) < num {
		p.Objects = append(p.Objects, "null")
	}
	p.Objects[num-1] = body
}

// Bytes is the file.
func (p *PDF) Bytes() []byte {
	var b bytes.Buffer
	if p.Header == "" {
		p.Header = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n"
	}
	b.WriteString(p.Header)
	offs := make([]int, len(p.Objects))
	for i, o := range p.Objects {
		offs[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(p.Objects)+1)
	for _, off := range offs {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R %s >>\nstartxref\n%d\n%%%%EOF\n", len(p.Objects)+1, p.Trailer, xref)
	return b.Bytes()
}

// PDFStream is a stream object: dict's entries, a /Length and the data as it is.
func PDFStream(dict string, data []byte) string {
	return fmt.Sprintf("<< %s /Length %d >>\nstream\n%s\nendstream", dict, len(data), data)
}

// Zlib is data compressed the way FlateDecode streams are (a zlib stream).
func Zlib(data []byte) []byte {
	var b bytes.Buffer
	w := zlib.NewWriter(&b)
	w.Write(data)
	w.Close()
	return b.Bytes()
}

// PDFFlateStream is a stream object holding data compressed with FlateDecode.
func PDFFlateStream(dict string, data []byte) string {
	return PDFStream(dict+" /Filter /FlateDecode", Zlib(data))
}

// PDFPages makes the catalog (1), the page tree (2) and one A4 page per content stream
// object, all with the given resources.
func PDFPages(resources string, contents ...string) *PDF {
	p := &PDF{}
	p.Add("<< /Type /Catalog /Pages 2 0 R >>")
	p.Add("")
	var kids []string
	for _, c := range contents {
		page := p.Add("")
		cs := p.Add(c)
		p.Set(page, fmt.Sprintf("<< /Type /Page /Parent 2 0 R /Resources %s /Contents %d 0 R >>", resources, cs))
		kids = append(kids, fmt.Sprintf("%d 0 R", page))
	}
	p.Set(2, fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d /MediaBox [0 0 595 842] >>", strings.Join(kids, " "), len(kids)))
	return p
}

// pdfTurkish encodes text for the Times-Roman font of HundredPagePDF: WinAnsi, and the Turkish
// letters WinAnsi lacks at 128 to 133 (its Differences).
var pdfTurkish = strings.NewReplacer("ğ", "\x80", "ş", "\x81", "ı", "\x82", "İ", "\x83", "Ğ", "\x84", "Ş", "\x85",
	"ç", "\xe7", "ö", "\xf6", "ü", "\xfc", "Ç", "\xc7", "Ö", "\xd6", "Ü", "\xdc", "â", "\xe2", "(", `\(`, ")", `\)`, `\`, `\\`)

// HundredPagePDF is a 100-page brochure as a word processor exports one: on every A4 page
// about 500 words set in 10-point Times-Roman lines of up to 95 characters (Turkish letters
// through a Differences encoding), in a FlateDecode content stream, and a photo of photoBytes
// (a JPEG stream, which the counter never decodes). It returns the file and the words on its
// pages.
func HundredPagePDF(photoBytes int) (doc []byte, words int) {
	g := NewTextGen(500)
	photo := make([]byte, 0, photoBytes+8)
	for len(photo) < photoBytes {
		photo = binary.LittleEndian.AppendUint64(photo, g.r.Uint64())
	}
	photo = photo[:photoBytes]
	copy(photo, "\xff\xd8\xff\xe0")
	p := &PDF{Header: "%PDF-1.7\n%\xe2\xe3\xcf\xd3\n"}
	p.Add("<< /Type /Catalog /Pages 2 0 R >>")
	p.Add("")
	font := p.Add("<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman /Encoding << /Type /Encoding " +
		"/BaseEncoding /WinAnsiEncoding /Differences [128 /gbreve /scedilla /dotlessi /Idotaccent /Gbreve /Scedilla] >> >>")
	var kids []string
	for range 100 {
		var content strings.Builder
		content.WriteString("q 200 0 0 150 340 640 cm /Im1 Do Q\nBT /F1 10 Tf 12 TL 56 800 Td\n")
		line := ""
		for _, w := range strings.Fields(g.Text(480, 520)) {
			if line != "" && len(line)+1+len(w) > 95 {
				fmt.Fprintf(&content, "(%s) Tj T*\n", pdfTurkish.Replace(line))
				line = ""
			}
			if line != "" {
				line += " "
			}
			line += w
		}
		fmt.Fprintf(&content, "(%s) Tj\nET\n", pdfTurkish.Replace(line))
		image := p.Add(PDFStream("/Type /XObject /Subtype /Image /Width 800 /Height 600 /ColorSpace /DeviceRGB "+
			"/BitsPerComponent 8 /Filter /DCTDecode", photo))
		contents := p.Add(PDFFlateStream("", []byte(content.String())))
		page := p.Add(fmt.Sprintf("<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 %d 0 R >> /XObject << /Im1 %d 0 R >> >> "+
			"/Contents %d 0 R >>", font, image, contents))
		kids = append(kids, fmt.Sprintf("%d 0 R", page))
	}
	p.Set(2, fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d /MediaBox [0 0 595 842] >>", strings.Join(kids, " "), len(kids)))
	return p.Bytes(), g.Words
}
