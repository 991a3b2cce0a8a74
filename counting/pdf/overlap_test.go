package pdf_test

import (
	"fmt"
	"strings"
	"testing"

	"linguaport/counting/countingtest"
)

// texFont is a font as pdfTeX embeds Computer Modern (OT1): its own widths, and accents as
// glyphs of their own (16 dotless i, 19 acute, 21 breve, 24 cedilla, 95 dot accent, 127
// dieresis ...; 12 ogonek as T1 has it), so that Ş is drawn as S and a cedilla, ğ as a breve
// and g.
const texFont = "<< /Type /Font /Subtype /Type1 /BaseFont /ABCDEF+CMR10 /FirstChar 0 /LastChar 255 /Widths [%s] " +
	"/Encoding << /Type /Encoding /Differences [12 /ogonek 16 /dotlessi 18 /grave 19 /acute 20 /caron 21 /breve 22 /macron " +
	"23 /ring 24 /cedilla 94 /circumflex 95 /dotaccent 125 /hungarumlaut 126 /tilde 127 /dieresis] >> >>"

// texWidths are the widths of texFont (thousandths of an em) that are not 500.
var texWidths = map[byte]int{16: 278, 24: 444, 95: 278, 'I': 361, 'i': 278, 'l': 278, 'r': 392, 'B': 708,
	'A': 750, 'S': 556, 'L': 625, 'G': 785, 'f': 306, 'v': 528, ',': 278, 't': 389, 'T': 722}

func texUnits(c byte) int {
	if w, ok := texWidths[c]; ok {
		return w
	}
	return 500
}

func texWidth(c byte) float64 { return float64(texUnits(c)) / 100 } // at 10 pt

// texText lays out glyphs of texFont at 10 pt, each placed with Tm as TeX places them.
type texText struct {
	b    strings.Builder
	x, y float64
}

func (t *texText) draw(c byte, x, y float64) {
	fmt.Fprintf(&t.b, "1 0 0 1 %.3f %.3f Tm (\\%03o) Tj\n", x, y, c)
}

func (t *texText) letters(s string) {
	for i := 0; i < len(s); i++ {
		t.draw(s[i], t.x, t.y)
		t.x += texWidth(s[i])
	}
}

// accented draws the accent acc centred on the letter base, before it (TeX's \accent: Ğ, ç)
// or after it (\ooalign: Ş), raised by raise for a capital.
func (t *texText) accented(base, acc byte, accentFirst bool, raise float64) {
	ax := t.x + (texWidth(base)-texWidth(acc))/2
	if accentFirst {
		t.draw(acc, ax, t.y+raise)
	}
	t.draw(base, t.x, t.y)
	if !accentFirst {
		t.draw(acc, ax, t.y+raise)
	}
	t.x += texWidth(base)
}

func (t *texText) space() { t.x += 3.33 }

func texAccentsPDF() *countingtest.PDF {
	t := &texText{x: 72, y: 700}
	t.letters("BA")
	t.accented('S', 24, false, 0)
	t.letters("LI")
	t.accented('G', 21, true, 2.5)
	t.letters("I")
	t.space()
	t.letters("a")
	t.accented('g', 21, true, 0)
	t.letters("\020r")
	t.space()
	t.accented('I', 95, true, 2.5)
	t.accented('s', 24, true, 0)
	t.accented('c', 24, true, 0)
	t.letters("i")
	t.space()
	t.letters("g")
	t.accented('o', 127, false, 0)
	t.letters("l")
	t.accented('u', 127, true, 0)
	t.space()
	t.letters("\023") // an acute alone between words
	t.space()
	t.letters("son")
	t.space()
	t.letters("caf")
	t.accented('e', 19, true, 0)
	t.space()
	t.letters("na")
	t.accented('\020', 127, true, 0)
	t.letters("ve")
	return t.pdf()
}

// pdf is a page with the glyphs laid out.
func (t *texText) pdf() *countingtest.PDF {
	widths := make([]string, 256)
	for c := range widths {
		widths[c] = fmt.Sprint(texUnits(byte(c)))
	}
	return countingtest.PDFPages("<< /Font << /F1 "+fmt.Sprintf(texFont, strings.Join(widths, " "))+" >> >>",
		countingtest.PDFStream("", []byte("BT /F1 10 Tf\n"+t.b.String()+"ET")))
}

// Accents drawn as glyphs of their own over or under a letter, before or after it, are composed
// with it: a Turkish thesis set in LaTeX counts its words, not its accents. An acute between
// two words, over no letter, stays a character of its own.
func TestPDFSeparateAccentsCompose(t *testing.T) {
	c := mustCountPDF(t, texAccentsPDF().Bytes())
	const want = "BAŞLIĞI ağır İşçi gölü ´ son café naïve"
	expectCounts(t, c, 7, 32)
	if c.Preview != want {
		t.Errorf("preview\n got %q\nwant %q", c.Preview, want)
	}
}

func overprintPDF() *countingtest.PDF {
	return countingtest.PDFPages("<< /Font << /F1 "+helvetica+" >> >>", countingtest.PDFStream("", []byte(`BT /F1 10 Tf
1 0 0 1 72 700 Tm (Bold title) Tj
1 0 0 1 72.3 700 Tm (Bold title) Tj
1 0 0 1 72.6 700.2 Tm (Bold title) Tj
1 0 0 1 72.8 679.2 Tm (Shadowed first line) Tj 0 -12 Td (and its second) Tj
1 0 0 1 72 680 Tm (Shadowed first line) Tj 0 -12 Td (and its second) Tj
1 0 0 1 72 640 Tm [(o) 526 (o) (k) 470 (k)] TJ
1 0 0 1 72 620 Tm (la la la all ill) Tj
ET
q -1 0 0 1 144 0 cm BT /F1 10 Tf 1 0 0 1 72 600 Tm (mirror) Tj ET Q
BT /F1 10 Tf 1 0 0 1 72 600 Tm (mirror) Tj ET`)))
}

// Text drawn again on the same spot, a fraction of a point away, is read once: a title made
// bold by drawing it three times, a paragraph drawn first as its own shadow, letters drawn
// twice one by one. The same word again further on, the same letter twice in a row ("all") and
// a word drawn from the same point as its mirror image are text.
func TestPDFOverprintedTextOnce(t *testing.T) {
	c := mustCountPDF(t, overprintPDF().Bytes())
	const want = "Bold title Shadowed first line and its second ok la la la all ill mirror mirror"
	expectCounts(t, c, 16, 64)
	if c.Preview != want {
		t.Errorf("preview\n got %q\nwant %q", c.Preview, want)
	}
}

func hyphenatedPDF() *countingtest.PDF {
	return countingtest.PDFPages("<< /Font << /F1 "+helvetica+" >> >>", countingtest.PDFStream("",
		[]byte("BT /F1 10 Tf 12 TL 72 700 Td (A well-known trans-) Tj T* (lation and an X-) Tj T* (Ray. end -) Tj T* (note, COVID-) Tj "+
			"T* (19 and co-) Tj T* (Operation, 2019-) Tj T* (2020 e-) Tj T* (posta) Tj ET")))
}

// A word hyphenated at the end of a line is one word: when the next line goes on in lower case
// the hyphen is dropped, before a capital or a digit it stays (COVID-19 on one line is one word
// too). A compound's hyphen inside a line stays, and a line-end hyphen after a space or a digit
// stays apart.
func TestPDFHyphenatedLineEndJoins(t *testing.T) {
	c := mustCountPDF(t, hyphenatedPDF().Bytes())
	const want = "A well-known translation and an X-Ray. end - note, COVID-19 and co-Operation, 2019- 2020 eposta"
	expectCounts(t, c, 14, 81)
	if c.Preview != want {
		t.Errorf("preview\n got %q\nwant %q", c.Preview, want)
	}
}
