package pdf_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"linguaport/counting"
	"linguaport/counting/countingtest"
	"linguaport/counting/pdf"
)

func TestPDFContentCases(t *testing.T) {
	res := "<< /Font << /F1 " + helvetica + " >> >>"
	cases := []struct {
		name, content string
		words, chars  int
	}{
		{"inline image with EI in its data",
			"q 10 0 0 10 0 0 cm BI /W 4 /H 1 /BPC 8 /CS /G ID \n EI  EI\nQ BT /F1 10 Tf 10 10 Td (after the image) Tj ET", 3, 13},
		{"inline image with a filter",
			"BI /W 4 /H 1 /BPC 8 /CS /G /F /AHx ID 00ff00ff> EI BT /F1 10 Tf 10 10 Td (still read) Tj ET", 2, 9},
		{"rotated text", "BT /F1 10 Tf 0 1 -1 0 300 100 Tm [(up) -600 (the) -600 (page)] TJ (wards) Tj ET", 3, 14},
		{"scaled by cm", "q 2 0 0 2 0 0 cm BT /F1 5 Tf 10 10 Td (tiny) Tj 12 0 Td (text) Tj ET Q", 2, 8},
		{"letter spacing", "BT /F1 10 Tf 5 Tc 10 10 Td (spaced) Tj ET", 1, 6},
		{"word spacing", "BT /F1 10 Tf 40 Tw 10 10 Td (far apart) Tj ET", 2, 8},
		{"horizontal scaling", "BT /F1 10 Tf 50 Tz 10 10 Td (nar) Tj 6.95 0 Td (row) Tj ET", 1, 6},
		{"one glyph at a time", "BT /F1 10 Tf 10 10 Td (w) Tj 7.22 0 Td (o) Tj 5.56 0 Td (r) Tj 3.33 0 Td (d) Tj 30 0 Td (s) Tj ET", 2, 5},
		{"show with quote operators", "BT /F1 10 Tf 12 TL 10 100 Td (first) Tj (second) ' 1 2 (third) \" ET", 3, 16},
		{"unbalanced and junk", "BT /F1 10 Tf 10 10 Td (ok) Tj ] >> } Q Q Q EMC ET ET 0 -20 Td (loose) Tj [(open array", 2, 7},
		{"no font selected", "BT 10 10 Td (no font) Tj ET", 2, 6},
		{"deep nesting", "BT /F1 10 Tf " + strings.Repeat("[", 100000) + " ET BT /F1 10 Tf 10 10 Td (after) Tj ET", 1, 5},
		{"empty actual text drops a copy", "BT /F1 10 Tf 10 10 Td (bold) Tj 1 0 0 1 10.3 10 Tm /Span << /ActualText () >> BDC (bold) Tj EMC ET", 1, 4},
		{"actual text replaces glyphs", "BT /F1 10 Tf 10 10 Td /Span << /ActualText <FEFF0066006C006F0077> >> BDC (fl) Tj (ow) Tj EMC ( on) Tj ET", 2, 6},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := mustCountPDF(t, countingtest.PDFPages(res, countingtest.PDFStream("", []byte(c.content))).Bytes())
			expectCounts(t, got, c.words, c.chars)
		})
	}
}

func TestPDFStandardEncodingAndType1Builtin(t *testing.T) {
	// No Encoding: a standard Type 1 font uses StandardEncoding (' is a right quote, a joiner).
	std := "<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman >>"
	got := mustCountPDF(t, countingtest.PDFPages("<< /Font << /F1 "+std+" >> >>", countingtest.PDFStream("", []byte("BT /F1 10 Tf 10 10 Td (don't stop) Tj ET"))).Bytes())
	expectCounts(t, got, 2, 9)
	if got.Preview != "don’t stop" {
		t.Errorf("preview %q", got.Preview)
	}
	// An embedded Type 1 font with its own encoding (as TeX writes them): code 12 is "fi".
	p := countingtest.PDFPages("<< /Font << /F1 3 0 R >> >>")
	p.Objects = p.Objects[:2]
	p.Add("<< /Type /Font /Subtype /Type1 /BaseFont /ABCDEF+CMR10 /FirstChar 0 /LastChar 127 /Widths [" +
		strings.Repeat("500 ", 128) + "] /FontDescriptor 4 0 R >>")
	p.Add(fmt.Sprintf("<< /Type /FontDescriptor /FontName /ABCDEF+CMR10 /Flags 4 /FontFile %d 0 R >>", 5))
	p.Add(countingtest.PDFStream("/Length1 120 /Length2 0 /Length3 0", []byte("%!PS-AdobeFont-1.0: CMR10\n/Encoding 256 array\n0 1 255 {1 index exch /.notdef put} for\ndup 12 /fi put\ndup 100 /d put\ndup 101 /e put\ndup 110 /n put\nreadonly def\ncurrentfile eexec\n\x8f\x01")))
	page := p.Add("")
	cs := p.Add(countingtest.PDFStream("", []byte("BT /F1 10 Tf 10 10 Td (de\\014ne) Tj ET")))
	p.Set(page, fmt.Sprintf("<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 3 0 R >> >> /Contents %d 0 R >>", cs))
	p.Set(2, fmt.Sprintf("<< /Type /Pages /Kids [%d 0 R] /Count 1 >>", page))
	got = mustCountPDF(t, p.Bytes())
	expectCounts(t, got, 1, 6)
	if got.Preview != "define" {
		t.Errorf("preview %q", got.Preview)
	}
}

func TestPDFFormsAndCycles(t *testing.T) {
	p := &countingtest.PDF{}
	p.Add("<< /Type /Catalog /Pages 2 0 R >>")
	p.Add("<< /Type /Pages /Kids [3 0 R 2 0 R 3 0 R] /Count 1 >>") // a cycle and a repeat
	p.Add("<< /Type /Page /Parent 2 0 R /Resources 4 0 R /Contents 5 0 R >>")
	p.Add("<< /Font << /F1 " + helvetica + " >> /XObject << /Fm1 6 0 R /Fm2 7 0 R >> >>")
	p.Add(countingtest.PDFStream("", []byte("/Fm1 Do q 1 0 0 1 0 100 cm /Fm1 Do Q /Fm2 Do")))
	p.Add(countingtest.PDFFlateStream("/Type /XObject /Subtype /Form /BBox [0 0 500 500] /Matrix [1 0 0 1 0 0]", []byte("BT /F1 10 Tf 10 10 Td (Letterhead text) Tj ET")))
	p.Add(countingtest.PDFStream("/Type /XObject /Subtype /Form /BBox [0 0 500 500] /Resources 4 0 R", []byte("/Fm2 Do BT /F1 10 Tf 10 300 Td (self) Tj ET")))
	c := mustCountPDF(t, p.Bytes())
	expectCounts(t, c, 5, 32) // the letterhead twice, "self" once
}

func TestPDFPreviewAndLimits(t *testing.T) {
	long := strings.Repeat("kelime ", 200)
	c := mustCountPDF(t, countingtest.PDFPages("<< /Font << /F1 "+helvetica+" >> >>",
		countingtest.PDFStream("", []byte("BT /F1 10 Tf 10 10 Td ("+long+") Tj ET"))).Bytes())
	expectCounts(t, c, 200, 1200)
	if n := len([]rune(c.Preview)); n < counting.PreviewRunes-1 || n > counting.PreviewRunes || strings.Contains(c.Preview, "  ") {
		t.Errorf("preview has %d runes: %q", n, c.Preview)
	}
	// Text longer than the pieces it is counted in, and one word longer than a piece.
	big := strings.Repeat("kelime ", 200000)
	c = mustCountPDF(t, countingtest.PDFPages("<< /Font << /F1 "+helvetica+" >> >>",
		countingtest.PDFFlateStream("", []byte("BT /F1 10 Tf 10 10 Td ("+big+") Tj ET")), countingtest.PDFFlateStream("", []byte("BT /F1 10 Tf 10 10 Td ("+strings.Repeat("a", 3<<20)+") Tj ET"))).Bytes())
	if c.Words < 200001 || c.Words > 200004 || c.Characters != 1200000+3<<20 {
		t.Errorf("long text: %d words, %d characters", c.Words, c.Characters)
	}
	// More pages than the bound.
	var kids []string
	for i := range pdf.MaxPages + 1 {
		kids = append(kids, fmt.Sprintf("%d 0 R", i+3))
	}
	p := &countingtest.PDF{}
	p.Add("<< /Type /Catalog /Pages 2 0 R >>")
	p.Add("<< /Type /Pages /Kids [" + strings.Join(kids, " ") + "] >>")
	for range pdf.MaxPages + 1 {
		p.Add("<< /Type /Page /Parent 2 0 R >>")
	}
	if _, err := countPDF(p.Bytes()); !errors.Is(err, counting.ErrTooLarge) {
		t.Errorf("%d pages: %v, want ErrTooLarge", pdf.MaxPages+1, err)
	}
}
