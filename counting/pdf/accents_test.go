package pdf_test

import (
	"fmt"
	"testing"

	"golang.org/x/text/unicode/norm"
)

// Every Latin accent drawn as a glyph of its own, before or after its letter, over (raised for
// a capital) or under it, is composed with the letter in NFC.
func TestPDFAccentTable(t *testing.T) {
	const ogonek, grave, acute, caron, breve, macron, ring, cedilla = 12, 18, 19, 20, 21, 22, 23, 24
	const circumflex, dot, hungarumlaut, tilde, dieresis, dotless = 94, 95, 125, 126, 127, 16
	for _, tc := range []struct {
		base, accent byte
		raise        float64
		want         string
	}{
		{'a', ogonek, 0, "ą"}, {'A', ogonek, 0, "Ą"}, {'e', ogonek, 0, "ę"},
		{'c', caron, 0, "č"}, {'s', caron, 0, "š"}, {'Z', caron, 2.5, "Ž"},
		{'a', ring, 0, "å"}, {'U', ring, 2.5, "Ů"},
		{'o', hungarumlaut, 0, "ő"}, {'U', hungarumlaut, 2.5, "Ű"},
		{'n', tilde, 0, "ñ"}, {'A', tilde, 2.5, "Ã"},
		{'a', macron, 0, "ā"}, {'E', macron, 2.5, "Ē"},
		{'a', circumflex, 0, "â"}, {'I', circumflex, 2.5, "Î"}, {dotless, circumflex, 0, "î"},
		{'O', dieresis, 2.5, "Ö"}, {'U', dieresis, 2.5, "Ü"},
		{'C', cedilla, 0, "Ç"}, {'c', cedilla, 0, "ç"}, {'S', cedilla, 0, "Ş"},
		{'I', dot, 2.5, "İ"}, {'e', grave, 0, "è"}, {'e', acute, 0, "é"}, {'G', breve, 2.5, "Ğ"},
	} {
		for _, before := range []bool{true, false} {
			t.Run(fmt.Sprintf("%s/before=%v", tc.want, before), func(t *testing.T) {
				tx := &texText{x: 72, y: 700}
				tx.letters("k")
				tx.accented(tc.base, tc.accent, before, tc.raise)
				tx.letters("k")
				c := mustCountPDF(t, tx.pdf().Bytes())
				want := "k" + tc.want + "k"
				if !norm.NFC.IsNormalString(want) {
					t.Fatalf("%q is not NFC", want)
				}
				expectCounts(t, c, 1, 3)
				if c.Preview != want {
					t.Errorf("preview %q, want %q", c.Preview, want)
				}
			})
		}
	}
}

// commaBelow draws a comma under the letter c, lowered by drop, as a Romanian ș or ț is drawn
// with a font without them.
func (t *texText) commaBelow(c byte, drop float64) {
	t.draw(c, t.x, t.y)
	t.draw(',', t.x+(texWidth(c)-texWidth(','))/2, t.y-drop)
	t.x += texWidth(c)
}

func romanianPDF() *texText {
	t := &texText{x: 72, y: 700}
	t.commaBelow('S', 0)
	t.letters("tefan")
	t.space()
	t.commaBelow('s', 0.8)
	t.letters("i")
	t.space()
	t.commaBelow('t', 0.8)
	t.letters("ara,") // a comma after a word
	t.space()
	t.letters("tot,")
	t.space()
	t.letters("sus,")
	t.space()
	t.letters("tot")
	t.draw(',', t.x-1, t.y) // kerned close, as a font may kern "t,"
	t.x += texWidth(',') - 1
	t.space()
	t.commaBelow('T', 0)
	t.letters("ara")
	return t
}

// An s or t with a comma drawn under it is ș or ț (one character, NFC); a comma after an s or a
// t at the end of a word, where the letter ends or kerned 0.1 em closer, is punctuation.
func TestPDFCommaBelowRomanian(t *testing.T) {
	c := mustCountPDF(t, romanianPDF().pdf().Bytes())
	const want = "Ștefan și țara, tot, sus, tot, Țara"
	expectCounts(t, c, 7, 29)
	if c.Preview != want {
		t.Errorf("preview\n got %q\nwant %q", c.Preview, want)
	}
}
