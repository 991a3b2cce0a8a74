package pdf

// The text out of the glyphs drawn: where words end (gaps and line changes), ActualText,
// soft hyphens at line ends, ligatures spelled out; counted a piece at a time.

// textOut collects the text, decides where words end from where glyphs are drawn, and counts
// it in pieces (cut after a space, so that no word is cut).

import (
	"math"
	"strings"
	"unicode"
	"unicode/utf8"
)

type textOut struct {
	count             func(string) (words, characters int)
	b                 strings.Builder
	words, chars      int
	head              []byte // the first bytes of the text, for the preview
	started           bool   // some text was written
	has               bool
	nx, ny            float64 // where the next glyph would start if it followed on
	ux, uy            float64 // writing direction (unit vector)
	size              float64
	known             bool // the last glyph's width was known
	softHyphen        bool // a soft hyphen waits: dropped inside a line, kept before a break
	lastWS            bool
	glyphs, undecoded int
	marked            []markedContent // open marked-content sequences
	replaced          int             // how many of them replace their glyphs by an ActualText
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
			o.write(m.text)
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
	s := o.b.String()
	cut := len(s)
	if !all {
		cut = strings.LastIndexAny(s, " \n") + 1
		if cut == 0 { // one very long word: cut it at a character
			_, n := utf8.DecodeLastRuneInString(s)
			cut = len(s) - n
		}
	}
	w, c := o.count(s[:cut])
	o.words, o.chars = o.words+w, o.chars+c
	if n := min(cut, headBytes-len(o.head)); n > 0 {
		o.head = append(o.head, s[:n]...)
	}
	rest := s[cut:]
	o.b.Reset()
	o.b.WriteString(rest)
}

func (o *textOut) pageBreak() {
	o.flushSoft()
	o.sep('\n')
	o.has = false
}

func (o *textOut) sep(c byte) {
	if o.started && !o.lastWS {
		o.b.WriteByte(c)
		o.lastWS = true
	}
}

func (o *textOut) flushSoft() {
	if o.softHyphen {
		o.softHyphen = false
		o.b.WriteByte('-')
		o.lastWS, o.started = false, true
	}
}

func (o *textOut) glyph(x, y, ux, uy, size, nx, ny float64, text string, ok, known, symbolic bool) {
	if o.replaced > 0 {
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
	if n := math.Hypot(ux, uy); n > 1e-12 && !math.IsNaN(n) && !math.IsInf(n, 0) {
		ux, uy = ux/n, uy/n
	} else {
		ux, uy = 1, 0
	}
	if o.has {
		sz := max(size, o.size)
		gx, gy := x-o.nx, y-o.ny
		along := gx*o.ux + gy*o.uy
		perp := gy*o.ux - gx*o.uy
		spaceGap := wordGap
		back := -0.5
		if !o.known {
			spaceGap, back = 0.6, -1.2 // the last glyph's advance was a guess
		}
		switch {
		case sz <= 1e-9 || math.IsNaN(along) || math.IsNaN(perp):
		case math.Abs(perp) > lineGap*sz || ux*o.ux+uy*o.uy < 0.9:
			if o.softHyphen {
				o.softHyphen = false // a word broken across lines: joined
			} else {
				o.sep('\n')
			}
		case along > spaceGap*sz || along < back*sz:
			o.flushSoft()
			o.sep(' ')
		}
	}
	if text == "\u00ad" {
		o.softHyphen = true
	} else if text != "" {
		o.flushSoft()
		o.write(text)
	}
	o.has = true
	o.nx, o.ny, o.ux, o.uy, o.size, o.known = nx, ny, ux, uy, size, known
}

// write appends decoded text: controls become spaces, ligatures are spelled out.
func (o *textOut) write(s string) {
	if o.b.Len() > textPiece {
		o.flush(false)
	}
	o.started = true
	if len(s) == 1 && s[0] > ' ' && s[0] < 0x7f {
		o.b.WriteByte(s[0])
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
			o.b.WriteString([]string{"ff", "fi", "fl", "ffi", "ffl", "st", "st"}[r-0xfb00])
		default:
			o.b.WriteRune(r)
		}
		o.lastWS = false
	}
}
