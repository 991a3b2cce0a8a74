package pdf

// The lexer: tokens of PDF syntax, from the file (a window of it) or from a decoded stream.

import (
	"bytes"
	"math"
	"strconv"
	"strings"
)

type tokenKind uint8

const (
	tokEOF tokenKind = iota
	tokInt
	tokReal
	tokString
	tokName
	tokKeyword
	tokArrayOpen
	tokArrayClose
	tokDictOpen
	tokDictClose
)

// token is one token; s (strings, names, keywords) may point into the lexer's bytes.
type token struct {
	kind tokenKind
	i    int64
	f    float64
	s    []byte
}

// lexer reads tokens from b. When b is a window of the file that ends before the file does
// (cut), reaching its end sets overrun: what was read may be cut short, and is read again from
// a larger window.
type lexer struct {
	b       []byte
	pos     int
	cut     bool
	overrun bool
}

// Character classes of PDF syntax.
const (
	classRegular = iota
	classSpace
	classDelim
)

var charClass = func() (t [256]uint8) {
	for _, c := range []byte(" \n\r\t\f\x00") {
		t[c] = classSpace
	}
	for _, c := range []byte("()<>[]{}/%") {
		t[c] = classDelim
	}
	return t
}()

func isSpace(c byte) bool   { return charClass[c] == classSpace }
func isDelim(c byte) bool   { return charClass[c] == classDelim }
func isRegular(c byte) bool { return charClass[c] == classRegular }

func (l *lexer) skipWS() {
	b := l.b
	for l.pos < len(b) {
		c := b[l.pos]
		if charClass[c] == classSpace {
			l.pos++
			continue
		}
		if c == '%' {
			for l.pos < len(b) && b[l.pos] != '\n' && b[l.pos] != '\r' {
				l.pos++
			}
			continue
		}
		return
	}
	l.overrun = l.overrun || l.cut
}

// hasPrefix reports the bytes at the position starting with p.
func (l *lexer) hasPrefix(p string) bool {
	if len(l.b)-l.pos < len(p) {
		l.overrun = l.overrun || l.cut
		return false
	}
	return string(l.b[l.pos:l.pos+len(p)]) == p
}

// atEnd reports the end of the data (not of a cut window).
func (l *lexer) atEnd() bool {
	if l.pos < len(l.b) {
		return false
	}
	l.overrun = l.overrun || l.cut
	return !l.cut
}

// next is the next token.
func (l *lexer) next() token {
	t := l.token()
	if l.pos >= len(l.b) && l.cut {
		l.overrun = true
	}
	return t
}

func (l *lexer) token() token {
	l.skipWS()
	if l.pos >= len(l.b) {
		return token{kind: tokEOF}
	}
	c := l.b[l.pos]
	switch c {
	case '[':
		l.pos++
		return token{kind: tokArrayOpen}
	case ']':
		l.pos++
		return token{kind: tokArrayClose}
	case '<':
		if l.pos+1 < len(l.b) && l.b[l.pos+1] == '<' {
			l.pos += 2
			return token{kind: tokDictOpen}
		}
		return token{kind: tokString, s: l.hexString()}
	case '>':
		if l.pos+1 < len(l.b) && l.b[l.pos+1] == '>' {
			l.pos += 2
			return token{kind: tokDictClose}
		}
		l.pos++
		return token{kind: tokKeyword, s: []byte{'>'}}
	case '(':
		return token{kind: tokString, s: l.literalString()}
	case ')', '{', '}':
		l.pos++
		return token{kind: tokKeyword, s: []byte{c}}
	case '/':
		return token{kind: tokName, s: l.name()}
	}
	start := l.pos
	for l.pos < len(l.b) && charClass[l.b[l.pos]] == classRegular {
		l.pos++
	}
	tok := l.b[start:l.pos]
	if c := tok[0]; (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' {
		if t, ok := parseNumber(tok); ok {
			return t
		}
	}
	return token{kind: tokKeyword, s: tok}
}

// parseNumber parses an integer or real (signs repeated by broken writers are tolerated).
func parseNumber(tok []byte) (token, bool) {
	i, neg := 0, false
	for i < len(tok) && (tok[i] == '-' || tok[i] == '+') {
		neg = neg || tok[i] == '-'
		i++
	}
	var ip int64
	digits, j := 0, i
	for ; j < len(tok) && tok[j] >= '0' && tok[j] <= '9'; j++ {
		if digits < 18 {
			ip = ip*10 + int64(tok[j]-'0')
		}
		digits++
	}
	if j == len(tok) {
		if digits == 0 {
			return token{}, false
		}
		if digits <= 18 {
			if neg {
				ip = -ip
			}
			return token{kind: tokInt, i: ip, f: float64(ip)}, true
		}
	} else if tok[j] != '.' {
		return token{}, false
	}
	j++
	var fp, scale float64 = 0, 1
	fd := 0
	for ; j < len(tok) && tok[j] >= '0' && tok[j] <= '9'; j++ {
		if fd < 15 {
			fp = fp*10 + float64(tok[j]-'0')
			scale *= 10
		}
		fd++
	}
	if j < len(tok) || digits+fd == 0 {
		return token{}, false
	}
	v := float64(ip) + fp/scale
	if digits > 18 {
		f, err := strconv.ParseFloat(strings.TrimLeft(string(tok), "+-"), 64)
		if err != nil || math.IsInf(f, 0) {
			return token{}, false
		}
		v = f
	}
	if neg {
		v = -v
	}
	return token{kind: tokReal, f: v}, true
}

func (l *lexer) literalString() []byte {
	l.pos++ // (
	var out []byte
	depth := 1
	for l.pos < len(l.b) {
		c := l.b[l.pos]
		l.pos++
		switch c {
		case '(':
			depth++
			out = append(out, c)
		case ')':
			if depth--; depth == 0 {
				return out
			}
			out = append(out, c)
		case '\\':
			if l.pos >= len(l.b) {
				return out
			}
			e := l.b[l.pos]
			l.pos++
			switch e {
			case 'n':
				out = append(out, '\n')
			case 'r':
				out = append(out, '\r')
			case 't':
				out = append(out, '\t')
			case 'b':
				out = append(out, '\b')
			case 'f':
				out = append(out, '\f')
			case '\r':
				if l.pos < len(l.b) && l.b[l.pos] == '\n' {
					l.pos++
				}
			case '\n':
			default:
				if e >= '0' && e <= '7' {
					v := int(e - '0')
					for k := 0; k < 2 && l.pos < len(l.b) && l.b[l.pos] >= '0' && l.b[l.pos] <= '7'; k++ {
						v = v*8 + int(l.b[l.pos]-'0')
						l.pos++
					}
					out = append(out, byte(v))
				} else {
					out = append(out, e)
				}
			}
		case '\r':
			out = append(out, '\n')
			if l.pos < len(l.b) && l.b[l.pos] == '\n' {
				l.pos++
			}
		default:
			out = append(out, c)
		}
	}
	return out
}

func hexVal(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// hexString reads a <...> string: its digits up to the closing '>' (or the end of the data),
// decoded as the ASCIIHex filter decodes a stream.
func (l *lexer) hexString() []byte {
	l.pos++ // <
	rest := l.b[l.pos:]
	end := bytes.IndexByte(rest, '>')
	if end < 0 {
		end = len(rest)
	}
	l.pos += min(end+1, len(rest))
	return hexDecode(nil, rest[:end])
}

func (l *lexer) name() []byte {
	l.pos++ // /
	start := l.pos
	for l.pos < len(l.b) && isRegular(l.b[l.pos]) && l.b[l.pos] != '#' {
		l.pos++
	}
	if l.pos >= len(l.b) || l.b[l.pos] != '#' {
		return l.b[start:l.pos:l.pos]
	}
	out := append([]byte(nil), l.b[start:l.pos]...)
	for l.pos < len(l.b) && isRegular(l.b[l.pos]) {
		c := l.b[l.pos]
		if c == '#' && l.pos+2 < len(l.b) && hexVal(l.b[l.pos+1]) >= 0 && hexVal(l.b[l.pos+2]) >= 0 {
			out = append(out, byte(hexVal(l.b[l.pos+1])<<4|hexVal(l.b[l.pos+2])))
			l.pos += 3
			continue
		}
		out = append(out, c)
		l.pos++
	}
	return out
}
