package pdf

// CMaps: ToUnicode maps from a font's codes to text, and the encodings of Type0 fonts from
// codes to CIDs (code space ranges, bfchar and bfrange, cidchar and cidrange).

import (
	"math"
	"sort"
	"unicode/utf16"
)

type codeRange struct {
	n      int
	lo, hi [4]byte
}

type unicodeRange struct {
	lo, hi uint32
	base   []uint16 // UTF-16; the last unit is incremented by code-lo
	arr    []string // or one string per code
}

type cidRange struct {
	lo, hi, cid uint32
}

type cmap struct {
	space   []codeRange
	chars   map[uint32]string
	ranges  []unicodeRange
	cids    []cidRange
	useCMap string
}

// parseCMap reads a CMap; budget is the number of entries the document may still hold.
func parseCMap(b []byte, budget *int) *cmap {
	m := &cmap{chars: map[uint32]string{}}
	l := lexer{b: b}
	var last token
	code := func(s []byte) (uint32, bool) {
		if len(s) == 0 || len(s) > 4 {
			return 0, false
		}
		var v uint32
		for _, c := range s {
			v = v<<8 | uint32(c)
		}
		return v, true
	}
	for *budget > 0 {
		t := l.next()
		if t.kind == tokEOF {
			break
		}
		if t.kind != tokKeyword {
			if t.kind == tokName {
				last = t
			}
			continue
		}
		switch string(t.s) {
		case "usecmap":
			if last.kind == tokName {
				m.useCMap = string(last.s)
			}
		case "begincodespacerange":
			for *budget > 0 {
				a := l.next()
				if a.kind != tokString {
					break
				}
				bb := l.next()
				if bb.kind != tokString || len(a.s) == 0 || len(a.s) > 4 || len(bb.s) != len(a.s) {
					continue
				}
				r := codeRange{n: len(a.s)}
				copy(r.lo[:], a.s)
				copy(r.hi[:], bb.s)
				m.space = append(m.space, r)
				*budget--
			}
		case "beginbfchar":
			for *budget > 0 {
				a := l.next()
				if a.kind != tokString {
					break
				}
				dst := l.next()
				c, ok := code(a.s)
				if !ok {
					continue
				}
				switch dst.kind {
				case tokString:
					m.chars[c] = decodeUTF16(dst.s)
				case tokName:
					m.chars[c] = glyphText(string(dst.s))
				}
				*budget--
			}
		case "beginbfrange":
			for *budget > 0 {
				a := l.next()
				if a.kind != tokString {
					break
				}
				bb, dst := l.next(), l.next()
				lo, ok1 := code(a.s)
				hi, ok2 := code(bb.s)
				*budget--
				switch dst.kind {
				case tokString:
					if ok1 && ok2 && lo <= hi && len(dst.s) >= 1 {
						m.ranges = append(m.ranges, unicodeRange{lo: lo, hi: hi, base: utf16Units(dst.s)})
					}
				case tokArrayOpen:
					var arr []string
					for *budget > 0 {
						x := l.next()
						if x.kind != tokString {
							break
						}
						arr = append(arr, decodeUTF16(x.s))
						*budget--
					}
					if ok1 && ok2 && lo <= hi {
						m.ranges = append(m.ranges, unicodeRange{lo: lo, hi: hi, arr: arr})
					}
				}
			}
		case "begincidrange":
			for *budget > 0 {
				a := l.next()
				if a.kind != tokString {
					break
				}
				bb, c := l.next(), l.next()
				lo, ok1 := code(a.s)
				hi, ok2 := code(bb.s)
				if ok1 && ok2 && lo <= hi && c.kind == tokInt && c.i >= 0 && c.i <= math.MaxUint32 {
					m.cids = append(m.cids, cidRange{lo, hi, uint32(c.i)})
				}
				*budget--
			}
		case "begincidchar":
			for *budget > 0 {
				a := l.next()
				if a.kind != tokString {
					break
				}
				c := l.next()
				lo, ok := code(a.s)
				if ok && c.kind == tokInt && c.i >= 0 && c.i <= math.MaxUint32 {
					m.cids = append(m.cids, cidRange{lo, lo, uint32(c.i)})
				}
				*budget--
			}
		}
	}
	sort.SliceStable(m.ranges, func(a, b int) bool { return m.ranges[a].lo < m.ranges[b].lo })
	sort.SliceStable(m.cids, func(a, b int) bool { return m.cids[a].lo < m.cids[b].lo })
	return m
}

func utf16Units(b []byte) []uint16 {
	if len(b) == 1 {
		return []uint16{uint16(b[0])}
	}
	u := make([]uint16, len(b)/2)
	for i := range u {
		u[i] = uint16(b[2*i])<<8 | uint16(b[2*i+1])
	}
	return u
}

func decodeUTF16(b []byte) string {
	return string(utf16.Decode(utf16Units(b)))
}

func (m *cmap) nextCode(s []byte) (uint32, int) {
	for n := 1; n <= 4 && n <= len(s); n++ {
		for _, r := range m.space {
			if r.n != n {
				continue
			}
			in := true
			for i := range n {
				if s[i] < r.lo[i] || s[i] > r.hi[i] {
					in = false
					break
				}
			}
			if in {
				var v uint32
				for _, c := range s[:n] {
					v = v<<8 | uint32(c)
				}
				return v, n
			}
		}
	}
	n := min(m.space[0].n, len(s))
	var v uint32
	for _, c := range s[:n] {
		v = v<<8 | uint32(c)
	}
	return v, n
}

func (m *cmap) unicode(code uint32) (string, bool) {
	if t, ok := m.chars[code]; ok {
		return t, true
	}
	r := m.ranges
	i := sort.Search(len(r), func(i int) bool { return r[i].lo > code }) - 1
	for k := 0; i >= 0 && k < 8; i, k = i-1, k+1 {
		if code > r[i].hi {
			continue
		}
		off := code - r[i].lo
		if r[i].arr != nil {
			if int(off) < len(r[i].arr) {
				return r[i].arr[off], true
			}
			return "", false
		}
		u := append([]uint16(nil), r[i].base...)
		if len(u) == 0 {
			return "", false
		}
		u[len(u)-1] += uint16(off)
		return string(utf16.Decode(u)), true
	}
	return "", false
}

func (m *cmap) cid(code uint32) (uint32, bool) {
	r := m.cids
	i := sort.Search(len(r), func(i int) bool { return r[i].lo > code }) - 1
	for k := 0; i >= 0 && k < 8; i, k = i-1, k+1 {
		if code <= r[i].hi {
			return r[i].cid + code - r[i].lo, true
		}
	}
	return 0, false
}
