package pdf

// Glyphs drawn over other glyphs: an accent drawn as a glyph of its own over or under a letter
// (as TeX and some other writers draw Ş, Ğ, İ ... with fonts that have no such letter) is
// composed with it; text drawn again on the same spot (fake bold, shadows) is read once.

import (
	"math"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// seenGlyphs is how many of the last glyphs of a page a glyph drawn again is looked for
// among: a shadowed paragraph of a dozen lines.
const seenGlyphs = 1024

// searchCredit is how many kept glyphs may be looked at for a copy, for every glyph drawn.
const searchCredit = 64

type overlap struct {
	seen        [seenGlyphs]seenGlyph // the last glyphs kept, in drawing order, a ring
	nseen       int                   // glyphs kept on the page; seen[i%seenGlyphs] is the i-th
	again       int                   // the glyph the last dropped one repeated (index), or -1
	runDX       float32               // where the last dropped glyph was drawn from the one it
	runDY       float32               // repeated: the offset of the whole copy
	credit      int                   // glyphs that may still be looked at for a copy
	accent      drawn                 // an accent waiting for the letter drawn after it
	accentWaits bool
}

// seenGlyph is a glyph kept: where it starts, its writing direction, its advance (squared),
// its size, its text. float32 keeps the ring small; positions need no more.
type seenGlyph struct {
	x, y, ux, uy, adv2, size float32
	text                     string
}

func (o *textOut) forget() {
	o.nseen, o.again = 0, -1
}

// remember keeps g, for copies drawn over it later. Every glyph passes here: what a copy is
// is worked out only when one is looked for.
func (o *textOut) remember(g *drawn) {
	dx, dy := g.nx-g.x, g.ny-g.y
	o.seen[o.nseen%seenGlyphs] = seenGlyph{x: float32(g.x), y: float32(g.y), ux: float32(g.ux), uy: float32(g.uy),
		adv2: float32(dx*dx + dy*dy), size: float32(g.size), text: g.text}
	o.nseen++
	o.credit += searchCredit
}

// covers says whether g is a copy of s, the first glyph of a copy: the same text in the same
// direction (not its mirror image) starting within half the advance of s or 0.3 em, whichever
// is more (a shadow 2 to 3 pt away at body sizes). Along the line it must be nearer: on the same
// baseline within half the advance (at least 1.05 pt), off it (a shadow) within 0.8 of the
// advance, so that the same letter twice in a row, "ll", even kerned tight, is two letters (an
// advance counts as at least a quarter of an em).
func (s *seenGlyph) covers(g *drawn) bool {
	dx, dy := float32(g.x)-s.x, float32(g.y)-s.y
	d2 := dx*dx + dy*dy
	a2 := max(s.adv2, 0.0625*s.size*s.size)
	if d2 > max(0.25*a2, 0.09*s.size*s.size) || s.text != g.text { // cheap rejection first
		return false
	}
	along, perp := dx*s.ux+dy*s.uy, dy*s.ux-dx*s.uy
	lim := max(0.25*a2, 1.1025)
	if perp*perp >= 0.0025*s.size*s.size {
		lim = a2
	}
	return along*along <= min(lim, 0.64*a2) && float32(g.ux)*s.ux+float32(g.uy)*s.uy >= 0.9
}

// continues says whether g, drawn after a copy of the glyph before s, is the copy of s: the
// same text drawn at the same offset (within 0.1 pt) from it as the run so far, whatever its
// width (a space, an i or an l of a shadow 1.5 pt away is further from its original than its
// own width).
func (s *seenGlyph) continues(g *drawn, dx, dy float32) bool {
	ex, ey := float32(g.x)-s.x-dx, float32(g.y)-s.y-dy
	return ex*ex+ey*ey <= 0.01 && s.text == g.text && float32(g.ux)*s.ux+float32(g.uy)*s.uy >= 0.9
}

// repeated says whether g is a copy of a glyph drawn before on the same spot. A copy follows the
// glyph after the one the last copy repeated, at the same offset; the first copy of a run is
// looked for only when g does not follow on from the last glyph in reading order (it goes back
// along the line, up, or turns), so that plain text costs no search: among the last few glyphs
// after a step back as small as a kern (a copy of one letter), among all those kept after a
// larger one. Every glyph kept earns searchCredit glyphs of looking, so that a page of nothing
// but steps back costs a bounded multiple of its glyphs.
func (o *textOut) repeated(g *drawn) bool {
	oldest := max(0, o.nseen-seenGlyphs)
	if o.again >= oldest {
		for i := o.again + 1; i < o.nseen && i <= o.again+3; i++ {
			if s := &o.seen[i%seenGlyphs]; s.continues(g, o.runDX, o.runDY) || s.covers(g) {
				o.copyOf(i, g)
				return true
			}
		}
	}
	o.again = -1
	if !o.has {
		return false
	}
	sz := max(g.size, o.size)
	gx, gy := g.x-o.nx, g.y-o.ny
	along := gx*o.ux + gy*o.uy
	perp := gy*o.ux - gx*o.uy
	turned := g.ux*o.ux+g.uy*o.uy < 0.9
	if !turned && !(perp > -lineGap*sz && (along < -0.02*sz || math.Abs(perp) > 0.02*sz)) {
		return false
	}
	n := o.nseen - oldest
	if !turned && along > -wordGap*sz && math.Abs(perp) <= 0.02*sz {
		n = min(n, 4)
	}
	n = min(n, o.credit)
	for k := range n {
		if i := o.nseen - 1 - k; o.seen[i%seenGlyphs].covers(g) {
			o.copyOf(i, g)
			o.credit -= k + 1
			return true
		}
	}
	o.credit -= n
	return false
}

// copyOf notes that g, dropped, repeated the i-th glyph kept.
func (o *textOut) copyOf(i int, g *drawn) {
	s := &o.seen[i%seenGlyphs]
	o.again, o.runDX, o.runDY = i, float32(g.x)-s.x, float32(g.y)-s.y
}

// maybeAccent is a quick look at the bytes of a glyph's text: accents are `, ^, ~ or two-byte
// characters U+0080..U+00BF and U+02C0..U+036F.
func maybeAccent(t string) bool {
	if len(t) == 1 {
		return t[0] == '`' || t[0] == '^' || t[0] == '~'
	}
	return len(t) == 2 && (t[0] == 0xc2 || t[0] >= 0xcb && t[0] <= 0xcd)
}

// accentMark is the combining mark of a glyph that is an accent alone: a spacing accent
// (¸ ˘ ˙ ¨ ´ ` ˆ ˇ ˛ ˚ ˜ ¯ ˝) or a combining mark drawn as a glyph.
func accentMark(text string) (rune, bool) {
	if len(text) == 1 {
		switch text[0] {
		case '`':
			return 0x300, true
		case '^':
			return 0x302, true
		case '~':
			return 0x303, true
		}
		return 0, false
	}
	r, n := utf8.DecodeRuneInString(text)
	if n != len(text) {
		return 0, false
	}
	switch r {
	case 0xb4, 0x2ca:
		return 0x301, true
	case 0x2cb:
		return 0x300, true
	case 0x2c6:
		return 0x302, true
	case 0x2dc:
		return 0x303, true
	case 0xaf, 0x2c9:
		return 0x304, true
	case 0x2d8:
		return 0x306, true
	case 0x2d9:
		return 0x307, true
	case 0xa8:
		return 0x308, true
	case 0x2da:
		return 0x30a, true
	case 0x2dd:
		return 0x30b, true
	case 0x2c7:
		return 0x30c, true
	case 0xb8:
		return 0x327, true
	case 0x2db:
		return 0x328, true
	}
	if r >= 0x300 && r <= 0x36f {
		return r, true
	}
	return 0, false
}

// over says whether the accent a is drawn over or under the glyph that starts at (x, y) and
// advances to (nx, ny) in direction (ux, uy): the middle of the accent's advance (accents are
// centred on their letter) lies within the letter's advance, less than 0.75 em above or below
// its baseline.
func over(a drawn, x, y, nx, ny, ux, uy, size float64) bool {
	sz := max(a.size, size)
	mx, my := (a.x+a.nx)/2-x, (a.y+a.ny)/2-y
	t := mx*ux + my*uy
	w := (nx-x)*ux + (ny-y)*uy
	return a.ux*ux+a.uy*uy >= 0.9 && t >= -0.05*sz && t <= w+0.05*sz && math.Abs(my*ux-mx*uy) <= 0.75*sz
}

// composeLast puts the accent g on the letter placed last, when it is drawn over it.
func (o *textOut) composeLast(g drawn, mark rune) bool {
	if !o.has || o.lastAt < 0 || o.lastWS || o.softHyphen || !over(g, o.lx, o.ly, o.nx, o.ny, o.ux, o.uy, o.size) {
		return false
	}
	r, n := utf8.DecodeLastRune(o.b)
	if len(o.b)-n < o.lastAt || !unicode.IsLetter(r) {
		return false
	}
	o.b = append(o.b[:len(o.b)-n], composed(r, mark)...)
	return true
}

// commaBelow puts a comma drawn under the s or t placed last on it: Romanian ș and ț (Ș, Ț),
// where the font has no such letter, are an s or a t and a comma whose middle lies within the
// first three quarters of the letter's width, not above its baseline. A comma after a word
// starts where the letter ends, so its middle lies past it even kerned close: punctuation.
func (o *textOut) commaBelow(g drawn) bool {
	switch r, _ := utf8.DecodeLastRune(o.b); r {
	case 's', 't', 'S', 'T':
	default:
		return false
	}
	mx, my := (g.x+g.nx)/2-o.lx, (g.y+g.ny)/2-o.ly
	along, w := mx*o.ux+my*o.uy, (o.nx-o.lx)*o.ux+(o.ny-o.ly)*o.uy
	if along < 0 || along > 0.75*w || (g.y-o.ly)*o.ux-(g.x-o.lx)*o.uy > 0.02*max(g.size, o.size) {
		return false
	}
	return o.composeLast(g, 0x326)
}

// composeUnder is the text of g with the accent a, drawn before it, on its first letter.
func composeUnder(a drawn, g drawn) (string, bool) {
	mark, _ := accentMark(a.text)
	r, n := utf8.DecodeRuneInString(g.text)
	if !unicode.IsLetter(r) || !over(a, g.x, g.y, g.nx, g.ny, g.ux, g.uy, g.size) {
		return "", false
	}
	return composed(r, mark) + g.text[n:], true
}

// settle places an accent that no letter came to take.
func (o *textOut) settle() {
	if o.accentWaits {
		o.accentWaits = false
		o.place(&o.accent)
	}
}

// composed is letter r with the combining mark, in NFC (Ş, ğ, İ, é ...). A dotless ı or ȷ
// under an accent above is the dotted letter's base (TeX draws í as ı and ´; i with a dot
// accent is i).
func composed(r, mark rune) string {
	below := (mark >= 0x316 && mark <= 0x333 && mark != 0x31a && mark != 0x31b) || (mark >= 0x339 && mark <= 0x33c)
	if !below && (r == 'ı' || r == 'ȷ') {
		dotted := 'i'
		if r == 'ȷ' {
			dotted = 'j'
		}
		r = dotted
		if mark == 0x307 {
			return string(r)
		}
	}
	return norm.NFC.String(string(r) + string(mark))
}
