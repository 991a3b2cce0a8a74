package counting

// The comparison form of texts, for telling whether an HTML attribute repeats the text around
// it (htmlattr.go): runs of visible text are kept as written, and put in comparison form only
// when an attribute could repeat them, only as far as the longest such attribute.

import (
	"unicode"
	"unicode/utf8"
)

// textKey is the comparison form of a text: whitespace runs as one space and none at either
// end, letters in lower case (Turkish İ and ı as i), invisible characters left out.
type textKey struct {
	b     []byte
	space bool // a space is due before the next character
	limit int  // nothing is kept past this length ...
	over  bool // ... and the text went on: it equals nothing compared with it
}

func (k *textKey) write(s []byte) {
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf { // most of a page, even a Turkish one
			i++
			if asciiClass[c] == clSpace {
				k.space = true
				continue
			}
			if len(k.b) >= k.limit {
				k.over = true
				return
			}
			if k.space && len(k.b) > 0 {
				k.b = append(k.b, ' ')
			}
			k.space = false
			if c >= 'A' && c <= 'Z' {
				c += 'a' - 'A'
			}
			k.b = append(k.b, c)
			continue
		}
		r, n := utf8.DecodeRune(s[i:])
		i += n
		var f rune
		if r < latinKeys {
			f = latinFold[r]
		} else {
			switch classOf(r) {
			case clSpace:
				f = -1
			case clInvisible:
				f = 0
			default:
				f = foldKey(r)
			}
		}
		switch f {
		case -1:
			k.space = true
			continue
		case 0:
			continue
		}
		if len(k.b) >= k.limit {
			k.over = true
			return
		}
		if k.space && len(k.b) > 0 {
			k.b = append(k.b, ' ')
		}
		k.space = false
		k.b = utf8.AppendRune(k.b, f)
	}
}

// latinFold is what write makes of the Latin letters (Turkish among them) without looking
// them up: -1 a space, 0 nothing (a soft hyphen), else the folded letter.
const latinKeys = 0x250

var latinFold = func() (t [latinKeys]rune) {
	for r := range rune(latinKeys) {
		switch classOf(r) {
		case clSpace:
			t[r] = -1
		case clInvisible:
			t[r] = 0
		default:
			t[r] = foldKey(r)
		}
	}
	return t
}()

func (k *textKey) reset() { k.b, k.space, k.over = k.b[:0], false, false }

// equals reports whether the text is key (a key of an attribute: never empty).
func (k *textKey) equals(key string) bool { return !k.over && string(k.b) == key }

// foldKey is the lower case of a letter that is not ASCII (write does ASCII itself).
func foldKey(r rune) rune {
	if r == 'İ' || r == 'ı' {
		return 'i'
	}
	return unicode.ToLower(r)
}

// rawRun is a run of visible text as written (entities decoded), up to rawRunLimit bytes.
type rawRun struct {
	b     []byte
	over  bool // it went on past rawRunLimit: it equals no attribute
	first rune // (once hasText said so) its first character in comparison form
}

func (r *rawRun) write(b []byte) {
	if r.over {
		return
	}
	if len(r.b)+len(b) > rawRunLimit {
		r.over = true
		return
	}
	r.b = append(r.b, b...)
}

func (r *rawRun) reset() { r.b, r.over = r.b[:0], false }

// hasText says whether the run has a character that is not a space (nor invisible), and
// notes the first one in comparison form: an attribute that starts otherwise is not compared.
func (r *rawRun) hasText() bool {
	r.first = -1
	if r.over {
		return true
	}
	for i := 0; i < len(r.b); {
		if c := r.b[i]; c < utf8.RuneSelf {
			i++
			if asciiClass[c] == clSpace {
				continue
			}
			if c >= 'A' && c <= 'Z' {
				c += 'a' - 'A'
			}
			r.first = rune(c)
			return true
		}
		ru, n := utf8.DecodeRune(r.b[i:])
		i += n
		f := rune(-1)
		if ru < latinKeys {
			f = latinFold[ru]
		} else if cl := classOf(ru); cl == clInvisible {
			f = 0
		} else if cl != clSpace {
			f = foldKey(ru)
		}
		if f > 0 {
			r.first = f
			return true
		}
	}
	return false
}

// mayEqual says whether the run (one hasText said has text) could be any of attrs.
func (r *rawRun) mayEqual(attrs []htmlAttr) bool {
	if r.first < 0 {
		return true
	}
	for _, a := range attrs {
		if f, _ := utf8.DecodeRuneInString(a.key); f == r.first {
			return true
		}
	}
	return false
}

// keyOf puts r in comparison form in h.cmp, as far as the longest of attrs (further, it equals
// none of them: over).
func (h *htmlText) keyOf(r *rawRun, attrs []htmlAttr) *textKey {
	h.cmp.reset()
	h.cmp.limit = 0
	for _, a := range attrs {
		h.cmp.limit = max(h.cmp.limit, len(a.key))
	}
	if r.over {
		h.cmp.over = true
		return &h.cmp
	}
	h.cmp.write(r.b)
	return &h.cmp
}
