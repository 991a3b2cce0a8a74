package pdf

// The text out of the glyphs drawn: where words end (gaps and line changes), ActualText,
// soft hyphens and hyphenated words at line ends, ligatures spelled out; counted a piece at a
// time. Accents drawn as glyphs of their own and text drawn twice on the same spot are in
// overlap.go.

// textOut collects the text, decides where words end from where glyphs are drawn, and counts
// it in pieces (cut after a space, so that no word is cut).

import (
	"bytes"
	"math"
	"strings"
	"unicode"
	"unicode/utf8"
)

type textOut struct {
	count             func(string) (words, characters int)
	b                 []byte // the text not counted yet
	lastAt            int    // where in b the last glyph's text starts; -1 when something followed it
	words, chars      int
	head              []byte // the first bytes of the text, for the preview
	started           bool   // some text was written
	has               bool
	lx, ly            float64    // where the last glyph placed starts
	nx, ny            float64    // where the next glyph would start if it followed on
	ux, uy            float64    // writing direction (unit vector)
	rawDir, dir       [2]float64 // the last direction given to glyph, and as a unit vector
	dirKnown          bool
	size              float64
	known             bool // the last glyph's width was known
	softHyphen        bool // a soft hyphen waits: dropped inside a line, kept before a break
	lastWS            bool
	glyphs, undecoded int
	marked            []markedContent // open marked-content sequences
	replaced          int             // how many of them replace their glyphs by an ActualText
	overlap
}

// drawn is a glyph as drawn: where it starts, its writing direction (unit vector), its size,
// where the next glyph would start and its text.
type drawn struct {
	x, y, ux, uy, size, nx, ny float64
	text                       string
	known                      bool // its width was known
}

// markedContent is a marked-content sequence; one with an ActualText stands for its glyphs.
type markedContent struct {
	actual  bool
	text    string
	written bool
}

func (o *textOut) beginMarked(actual []byte) {
	if len(o.marked) >= maxStack {
		return
	}
	m := markedContent{actual: actual != nil && o.replaced == 0}
	if m.actual {
		m.text = textString(actual)
		o.replaced++
	}
	o.marked = append(o.marked, m)
}

func (o *textOut) endMarked() {
	n := len(o.marked)
	if n == 0 {
		return
	}
	m := o.marked[n-1]
	o.marked = o.marked[:n-1]
	if m.actual {
		o.replaced--
		if !m.written {
			o.settle()
			o.write(m.text)
			o.lastAt = -1
		}
	}
}

// textString decodes a PDF text string (UTF-16BE with a byte order mark, UTF-8 with one, or
// PDFDocEncoding).
func textString(b []byte) string {
	switch {
	case len(b) >= 2 && b[0] == 0xfe && b[1] == 0xff:
		return decodeUTF16(b[2:])
	case len(b) >= 3 && b[0] == 0xef && b[1] == 0xbb && b[2] == 0xbf:
		return strings.ToValidUTF8(string(b[3:]), "")
	}
	high := []rune(docEncodingHigh)
	var sb strings.Builder
	for _, c := range b {
		switch {
		case c >= 0x80 && c < 0xa0:
			sb.WriteRune(high[c-0x80])
		case c == 0xa0:
			sb.WriteRune('€')
		default:
			sb.WriteRune(rune(c))
		}
	}
	return sb.String()
}

// PDFDocEncoding 0x80..0x9F.
const docEncodingHigh = "•†‡…—–ƒ⁄‹›−‰„“”‘" +
	"’‚™ﬁﬂŁŒŠŸŽıłœšž�"

// flush counts the text collected so far: all of it, or up to its last space.
func (o *textOut) flush(all bool) {
	cut := len(o.b)
	if !all {
		cut = bytes.LastIndexAny(o.b, " \n") + 1
		if cut == 0 { // one very long word: cut it at a character
			_, n := utf8.DecodeLastRune(o.b)
			cut = len(o.b) - n
		}
	}
	w, c := o.count(string(o.b[:cut]))
	o.words, o.chars = o.words+w, o.chars+c
	if n := min(cut, headBytes-len(o.head)); n > 0 {
		o.head = append(o.head, o.b[:n]...)
	}
	o.b = o.b[:copy(o.b, o.b[cut:])]
	if o.lastAt -= cut; o.lastAt < 0 {
		o.lastAt = -1
	}
}

func (o *textOut) pageBreak() {
	o.endText()
	o.sep('\n')
	o.has = false
	o.forget()
}

// endText writes what still waits for the glyph after it: an accent, a soft hyphen.
func (o *textOut) endText() {
	o.settle()
	o.flushSoft()
}

func (o *textOut) sep(c byte) {
	if o.started && !o.lastWS {
		o.b = append(o.b, c)
		o.lastWS = true
		o.lastAt = -1
	}
}

func (o *textOut) flushSoft() {
	if o.softHyphen {
		o.softHyphen = false
		o.b = append(o.b, '-')
		o.lastWS, o.started = false, true
		o.lastAt = -1
	}
}

// hyphenBreak joins a word hyphenated at the end of a line, as pdftotext does, when the line
// ends in a hyphen right after a letter: before a lower-case letter the hyphen is dropped
// ("trans-" "lation": translation), before a capital or a digit it stays ("COVID-" "19":
// COVID-19, "X-" "Ray": X-Ray, one word, as on one line). A hyphen inside a line ("well-known")
// is not at a line end, and one after a space or a digit stays apart.
func (o *textOut) hyphenBreak(next string) bool {
	r, _ := utf8.DecodeRuneInString(next)
	lower := unicode.IsLower(r)
	if o.lastWS || !lower && !unicode.IsUpper(r) && !unicode.IsDigit(r) {
		return false
	}
	h, n := utf8.DecodeLastRune(o.b)
	if h != '-' && h != '\u2010' {
		return false
	}
	if l, _ := utf8.DecodeLastRune(o.b[:len(o.b)-n]); !unicode.IsLetter(l) {
		return false
	}
	if lower {
		o.b = o.b[:len(o.b)-n]
	}
	o.lastAt = -1
	return true
}

func (o *textOut) glyph(x, y, ux, uy, size, nx, ny float64, text string, ok, known, symbolic bool) {
	actual := o.replaced > 0
	if actual {
		// Inside an ActualText: its text once, at the first glyph, in place of the glyphs.
		for i := len(o.marked) - 1; i >= 0; i-- {
			if m := &o.marked[i]; m.actual {
				if m.written {
					text, ok, symbolic = "", true, true
				} else {
					m.written = true
					text, ok, symbolic = m.text, true, true
				}
				break
			}
		}
	}
	if !symbolic {
		o.glyphs++
		if !ok {
			o.undecoded++
		}
	}
	if ux != o.rawDir[0] || uy != o.rawDir[1] || !o.dirKnown { // the same for a whole line
		o.rawDir, o.dirKnown = [2]float64{ux, uy}, true
		if n := math.Hypot(ux, uy); n > 1e-12 && !math.IsNaN(n) && !math.IsInf(n, 0) {
			o.dir = [2]float64{ux / n, uy / n}
		} else {
			o.dir = [2]float64{1, 0}
		}
	}
	ux, uy = o.dir[0], o.dir[1]
	g := drawn{x: x, y: y, ux: ux, uy: uy, size: size, nx: nx, ny: ny, text: text, known: known}
	if actual || text == "" || text == "\u00ad" {
		o.settle()
		o.place(&g)
		return
	}
	// Text that follows on from the last glyph, the most of it, is no copy.
	follows := !o.has || g.x == o.nx && g.y == o.ny && g.ux == o.ux && g.uy == o.uy
	if (o.again >= 0 || !follows) && o.repeated(&g) {
		return
	}
	o.remember(&g)
	if o.accentWaits {
		o.accentWaits = false
		if t, ok := composeUnder(o.accent, g); ok {
			g.text = t
		} else {
			o.place(&o.accent)
		}
	}
	if g.text == "," && o.commaBelow(g) {
		return
	}
	if maybeAccent(g.text) {
		if mark, ok := accentMark(g.text); ok {
			if !o.composeLast(g, mark) {
				o.accent, o.accentWaits = g, true // the letter it goes over may be drawn next
			}
			return
		}
	}
	o.place(&g)
}

// place writes a glyph's text after what its position says separates it from the last one: a
// space, a line break, nothing.
func (o *textOut) place(g *drawn) {
	text := g.text
	if o.has {
		sz := max(g.size, o.size)
		gx, gy := g.x-o.nx, g.y-o.ny
		along := gx*o.ux + gy*o.uy
		perp := gy*o.ux - gx*o.uy
		spaceGap := wordGap
		back := -0.5
		if !o.known {
			spaceGap, back = 0.6, -1.2 // the last glyph's advance was a guess
		}
		switch {
		case sz <= 1e-9 || math.IsNaN(along) || math.IsNaN(perp):
		case math.Abs(perp) > lineGap*sz || g.ux*o.ux+g.uy*o.uy < 0.9:
			switch {
			case o.softHyphen:
				o.softHyphen = false // a word broken across lines: joined
			case o.hyphenBreak(text):
			default:
				o.sep('\n')
			}
		case along > spaceGap*sz || along < back*sz:
			o.flushSoft()
			o.sep(' ')
		}
	}
	switch text {
	case "\u00ad":
		o.softHyphen = true
	case "":
		o.lastAt = -1 // an accent over this glyph has no letter to go on
	default:
		o.flushSoft()
		o.write(text)
	}
	o.has = true
	o.lx, o.ly, o.nx, o.ny, o.ux, o.uy, o.size, o.known = g.x, g.y, g.nx, g.ny, g.ux, g.uy, g.size, g.known
}

// write appends decoded text: controls become spaces, ligatures are spelled out.
func (o *textOut) write(s string) {
	if len(o.b) > textPiece {
		o.flush(false)
	}
	o.started = true
	o.lastAt = len(o.b)
	if len(s) == 1 && s[0] > ' ' && s[0] < 0x7f {
		o.b = append(o.b, s[0])
		o.lastWS = false
		return
	}
	for _, r := range s {
		switch {
		case r < ' ' || (r >= 0x7f && r < 0xa0) || unicode.IsSpace(r):
			o.sep(' ')
			continue
		case r == utf8.RuneError, r == '\ufeff':
			continue
		case r >= 0xfb00 && r <= 0xfb06:
			o.b = append(o.b, []string{"ff", "fi", "fl", "ffi", "ffl", "st", "st"}[r-0xfb00]...)
		default:
			o.b = utf8.AppendRune(o.b, r)
		}
		o.lastWS = false
	}
}
