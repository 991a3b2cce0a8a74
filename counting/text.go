package counting

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// CountText applies the counting rules (README.md) to s: the one definition of a word and a
// character that every format uses.
//
// Words: runs of Unicode letters and digits; an apostrophe (' ’) or hyphen (- ‐ ‑) between two
// of them keeps one word (İstanbul'da, e-posta, don't); digits joined by '.' or ',' are one
// number (1.250,50, 3.14); every Han, Hiragana or Katakana character is a word of its own;
// punctuation and symbols alone are not words. Characters: every rune that is not whitespace
// (invisible control and format characters such as a zero-width space or a soft hyphen are
// not counted either).
func CountText(s string) (words, characters int) {
	var c counter
	c.WriteString(s)
	return c.words, c.chars
}

// pages is the number of standard pages, rounded up.
func pages(characters int) int {
	if characters <= 0 {
		return 0
	}
	return (characters + PageCharacters - 1) / PageCharacters
}

// class is what a rune is to the counter.
type class uint8

const (
	clOther     class = iota // punctuation, symbols: a character, never a word
	clSpace                  // whitespace and control characters: not counted, ends a word
	clInvisible              // format characters (ZWJ, soft hyphen, BOM): not counted, transparent
	clLetter                 // letters and non-decimal numbers
	clDigit                  // decimal digits
	clCJK                    // Han, Hiragana, Katakana: each one a word
	clMark                   // combining marks: part of the character before
	clJoin                   // apostrophes and hyphens: joins letters and digits into one word
	clNumSep                 // '.' and ',': joins digits into one number
)

var asciiClass = func() (t [utf8.RuneSelf]class) {
	for i := range t {
		r := rune(i)
		switch {
		case r <= ' ' || r == 0x7f:
			t[i] = clSpace
		case r >= '0' && r <= '9':
			t[i] = clDigit
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z':
			t[i] = clLetter
		case r == '\'' || r == '-':
			t[i] = clJoin
		case r == '.' || r == ',':
			t[i] = clNumSep
		default:
			t[i] = clOther
		}
	}
	return t
}()

// latinClass is classOf for Latin-1 and Latin Extended-A and -B (Turkish, the other European
// languages), looked up rather than worked out: most of a page that is not ASCII is here.
const latinClasses = 0x250

var latinClass = func() (t [latinClasses]class) {
	for r := range rune(latinClasses) {
		t[r] = classOfRune(r)
	}
	return t
}()

func classOf(r rune) class {
	if r < latinClasses && r >= 0 {
		return latinClass[r]
	}
	return classOfRune(r)
}

func classOfRune(r rune) class {
	if r < utf8.RuneSelf {
		return asciiClass[r]
	}
	switch r {
	case '\u2019', '\u2010', '\u2011':
		return clJoin
	case '\u200b': // zero-width space: a word boundary in scripts without spaces
		return clSpace
	case '\u30fc', '\uff70': // Katakana prolonged sound mark (Common script)
		return clCJK
	}
	if r < 0xa0 { // C1 controls
		return clSpace
	}
	if unicode.IsSpace(r) {
		return clSpace
	}
	if unicode.Is(unicode.Cf, r) {
		return clInvisible
	}
	if unicode.IsMark(r) {
		return clMark
	}
	if unicode.IsDigit(r) {
		return clDigit
	}
	if unicode.IsLetter(r) || unicode.IsNumber(r) {
		if r >= 0x2e80 && (unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r)) {
			return clCJK
		}
		return clLetter
	}
	if unicode.Is(unicode.Cc, r) || unicode.Is(unicode.Cs, r) {
		return clSpace
	}
	return clOther
}

// maxCount caps counts that are multiplied (repeated spreadsheet cells) so they cannot overflow.
const maxCount = 1 << 50

func satAdd(a, b int) int {
	if s := a + b; s < maxCount {
		return s
	}
	return maxCount
}

func satMul(a, n int) int {
	if a == 0 || n == 0 {
		return 0
	}
	if a > maxCount/n {
		return maxCount
	}
	return a * n
}

// counter applies the rules to text that arrives in pieces (XML character data, lines, cells)
// and keeps the preview. The zero value is ready; brk marks a boundary (end of a paragraph, a
// cell, a line) that no word crosses.
type counter struct {
	words, chars int
	inWord       bool // the last counted rune was part of a word
	lastDigit    bool // ... and it was a digit
	lastCJK      bool // the last counted rune was a CJK word
	pending      bool // a joiner followed the word; the next rune decides
	pendingNum   bool // the pending joiner is '.' or ',' (only a digit continues the number)
	pv           preview
}

// preview keeps the start of the counted text, whitespace collapsed: about a standard page
// (PageCharacters characters without spaces), ended at a word (a word running on past the page
// by more than pageSlack is left out). Counts.Preview is its first PreviewRunes runes
// (shortPreview), Counts.FirstPage all of it.
type preview struct {
	buf       []byte
	runes     int
	chars     int  // runes in buf that are not spaces
	space     bool // a space is due before the next rune
	lastBreak int  // len(buf) before the last space written
	done      bool
}

// pageSlack is how far past the page a word may run before the page ends at the word before it.
const pageSlack = 40

func (p *preview) add(r rune) {
	if p.done {
		return
	}
	if p.space {
		p.space = false
		if p.runes > 0 {
			if p.chars >= PageCharacters { // the page is full and its last word ended
				p.done = true
				return
			}
			p.lastBreak = len(p.buf)
			p.buf = append(p.buf, ' ')
			p.runes++
		}
	}
	if p.chars >= PageCharacters+pageSlack {
		// The page ends at the word before the one running past it; a text with no space in its
		// first page (one endless "word") is cut at the page's edge instead of read to its end.
		if p.lastBreak > 0 {
			p.buf = p.buf[:p.lastBreak]
		}
		p.done = true
		return
	}
	p.buf = utf8.AppendRune(p.buf, r)
	p.runes++
	p.chars++
}

func (p *preview) full() bool { return p.done }

func (p *preview) String() string { return string(p.buf) }

// shortPreview is the first PreviewRunes runes of s, whitespace collapsed to single spaces,
// with no space left at the end.
func shortPreview(s string) string {
	var b strings.Builder
	n, space := 0, false
	for _, r := range s {
		if unicode.IsSpace(r) || unicode.Is(unicode.Cc, r) {
			space = true
			continue
		}
		if unicode.Is(unicode.Cf, r) {
			continue
		}
		if space && n > 0 {
			if n+1 >= PreviewRunes {
				break
			}
			b.WriteByte(' ')
			n++
		}
		space = false
		b.WriteRune(r)
		if n++; n >= PreviewRunes {
			break
		}
	}
	return b.String()
}

// firstPage is about a standard page of s, whitespace collapsed, ended at a word (preview).
func firstPage(s string) string {
	var p preview
	p.addText(s)
	return p.String()
}

// addText feeds already counted text to the preview only.
func (p *preview) addText(s string) {
	for _, r := range s {
		if p.full() {
			return
		}
		switch classOf(r) {
		case clSpace:
			p.space = true
		case clInvisible:
		default:
			p.add(r)
		}
	}
}

func (c *counter) endWord() {
	c.inWord, c.lastDigit, c.lastCJK, c.pending = false, false, false, false
}

// brk is a boundary no word crosses; it reads as a space in the preview.
func (c *counter) brk() {
	c.endWord()
	c.pv.space = true
}

func (c *counter) put(r rune) {
	cl := classOf(r)
	switch cl {
	case clSpace:
		c.brk()
		return
	case clInvisible:
		return
	}
	c.chars++
	if !c.pv.done {
		c.pv.add(r)
	}
	switch cl {
	case clLetter, clDigit:
		if !c.inWord || (c.pending && c.pendingNum && !(cl == clDigit && c.lastDigit)) {
			c.words++
		}
		c.inWord, c.lastDigit, c.lastCJK, c.pending = true, cl == clDigit, false, false
	case clCJK:
		c.words++
		c.inWord, c.lastDigit, c.lastCJK, c.pending = false, false, true, false
	case clMark:
		if c.pending {
			c.endWord()
		}
	case clJoin:
		if c.inWord && !c.pending {
			c.pending, c.pendingNum = true, false
		} else {
			c.endWord()
		}
	case clNumSep:
		if c.inWord && !c.pending && c.lastDigit {
			c.pending, c.pendingNum = true, true
		} else {
			c.endWord()
		}
	default:
		c.endWord()
	}
}

// WriteString counts s as the continuation of the text so far.
func (c *counter) WriteString(s string) {
	for i := 0; i < len(s); {
		if b := s[i]; b < utf8.RuneSelf {
			c.putASCII(b)
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		c.put(r)
		i += n
	}
}

// Write counts b as the continuation of the text so far (UTF-8; invalid bytes are U+FFFD).
func (c *counter) Write(b []byte) {
	for i := 0; i < len(b); {
		if x := b[i]; x < utf8.RuneSelf {
			c.putASCII(x)
			i++
			continue
		}
		r, n := utf8.DecodeRune(b[i:])
		c.put(r)
		i += n
	}
}

// putASCII is put for the common case, without the table-independent branches.
func (c *counter) putASCII(b byte) {
	switch asciiClass[b] {
	case clLetter, clDigit:
		if c.inWord && !c.pending {
			c.chars++
			if !c.pv.done {
				c.pv.add(rune(b))
			}
			c.lastDigit = asciiClass[b] == clDigit
			return
		}
	case clSpace:
		c.brk()
		return
	}
	c.put(rune(b))
}

// add adds a block counted elsewhere: its words and characters, and its preview text pv.
func (c *counter) add(words, chars int, pv string) {
	c.brk()
	c.words = satAdd(c.words, words)
	c.chars = satAdd(c.chars, chars)
	if !c.pv.full() {
		c.pv.addText(pv)
	}
	c.brk()
}

// addScaled adds what sub counted, n times (repeated cells); its preview is taken once.
func (c *counter) addScaled(sub *counter, n int) {
	c.brk()
	c.words = satAdd(c.words, satMul(sub.words, n))
	c.chars = satAdd(c.chars, satMul(sub.chars, n))
	if !c.pv.full() && sub.pv.runes > 0 {
		c.pv.addText(sub.pv.String())
	}
	c.brk()
}

// snapshot and restore let a parser take back what it counted (a paragraph found hidden at
// its end).
func (c *counter) snapshot() counter { return *c }

func (c *counter) restore(s counter) { *c = s }
