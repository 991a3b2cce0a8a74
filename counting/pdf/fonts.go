package pdf

// Fonts: from the codes of a string to its text (a ToUnicode CMap, an encoding, a Type0 CMap)
// and to the glyphs' widths, which say where the next glyph would follow on.

import (
	"bytes"
	"math"
	"reflect"
	"sort"
	"strings"
	"unicode/utf16"
)

type font struct {
	simple    bool
	enc       *[256]string // simple fonts: the text of each code ("" unknown)
	toUni     *cmap
	cmap      *cmap // Type0: an embedded encoding CMap
	identity  bool  // Type0: Identity-H/V, CID = code
	ucs2      bool  // Type0: the codes are UTF-16 (Uni*-UCS2-*, Uni*-UTF16-*)
	vertical  bool
	symbolic  bool // Symbol, ZapfDingbats, Wingdings...: glyphs are not text
	widths    []float64
	first     int
	missing   float64
	cidW      []widthRange
	dw        float64
	std       *stdMetrics
	scale     float64 // width units to text space
	sizeScale float64
	hasWidths bool
	memo      map[uint32]string
	memoLeft  *int
}

type widthRange struct {
	lo, hi uint32
	w      float64
}

func defaultFont() *font {
	return &font{simple: true, enc: encodingTable("WinAnsiEncoding"), scale: 0.001, sizeScale: 1}
}

func (f *font) next(s []byte) (uint32, int) {
	if f.simple {
		return uint32(s[0]), 1
	}
	if f.cmap != nil && len(f.cmap.space) > 0 {
		return f.cmap.nextCode(s)
	}
	if !f.identity && !f.ucs2 && f.toUni != nil && len(f.toUni.space) > 0 {
		return f.toUni.nextCode(s)
	}
	if len(s) >= 2 {
		return uint32(s[0])<<8 | uint32(s[1]), 2
	}
	return uint32(s[0]), 1
}

func (f *font) text(code uint32) (string, bool) {
	if t, ok := f.memo[code]; ok {
		return t, t != "" || f.symbolic
	}
	t := f.lookup(code)
	if f.memoLeft != nil && *f.memoLeft > 0 {
		if f.memo == nil {
			f.memo = map[uint32]string{}
		}
		f.memo[code] = t
		*f.memoLeft--
	}
	return t, t != "" || f.symbolic
}

func (f *font) lookup(code uint32) string {
	if f.toUni != nil {
		if t, ok := f.toUni.unicode(code); ok {
			return t
		}
	}
	if f.simple {
		if f.symbolic {
			return ""
		}
		return f.enc[code&0xff]
	}
	if f.ucs2 {
		if utf16.IsSurrogate(rune(code)) {
			return ""
		}
		return string(rune(code))
	}
	return ""
}

// width is the glyph's advance in text space units per unit of font size.
func (f *font) width(code uint32) (float64, bool) {
	if f.simple {
		if i := int(code) - f.first; f.hasWidths && i >= 0 && i < len(f.widths) {
			return f.widths[i] * f.scale, true
		}
		if f.std != nil {
			if w, ok := f.std.width(f.enc[code&0xff]); ok {
				return w * f.scale, true
			}
		}
		if f.hasWidths {
			return f.missing * f.scale, true
		}
		if code == 32 {
			return 0.25, false
		}
		return 0.5, false
	}
	cid := code
	if !f.identity {
		if f.cmap == nil {
			return f.dw * f.scale, len(f.cidW) == 0
		}
		c, ok := f.cmap.cid(code)
		if !ok {
			return f.dw * f.scale, true
		}
		cid = c
	}
	r := f.cidW
	i := sort.Search(len(r), func(i int) bool { return r[i].hi >= cid })
	if i < len(r) && r[i].lo <= cid {
		return r[i].w * f.scale, true
	}
	return f.dw * f.scale, true
}

// font loads the font named in the resources (cached by object, or by dictionary when the
// font is not an indirect object).
func (d *document) font(res pdfDict, name pdfName) *font {
	fonts := d.dictOf(res["Font"])
	if fonts == nil {
		return nil
	}
	ref := fonts[name]
	key := -1
	if r, ok := ref.(pdfRef); ok {
		key = r.num
	}
	fd := d.dictOf(ref)
	if fd == nil {
		return nil
	}
	if key < 0 {
		if d.directFonts == nil {
			d.directFonts = map[uintptr]*font{}
		}
		p := reflect.ValueOf(fd).Pointer()
		if f, ok := d.directFonts[p]; ok {
			return f
		}
		f := d.loadFont(fd)
		d.directFonts[p] = f
		return f
	}
	if f, ok := d.fonts[key]; ok {
		return f
	}
	f := d.loadFont(fd)
	d.fonts[key] = f
	return f
}

func (d *document) loadFont(fd pdfDict) *font {
	if fd == nil {
		return nil
	}
	f := &font{scale: 0.001, sizeScale: 1, memoLeft: &d.memoLeft}
	base := string(d.nameOf(fd["BaseFont"]))
	if i := strings.IndexByte(base, '+'); i == 6 {
		base = base[i+1:]
	}
	lbase := strings.ToLower(base)
	if s, ok := d.resolve(fd["ToUnicode"]).(*pdfStream); ok {
		f.toUni = d.cmapOf(fd["ToUnicode"], s)
	}
	subtype := d.nameOf(fd["Subtype"])
	if subtype == "Type0" {
		desc := fd
		if arr := d.arrayOf(fd["DescendantFonts"]); len(arr) > 0 {
			if dd := d.dictOf(arr[0]); dd != nil {
				desc = dd
			}
		}
		f.dw = 1000
		if v, ok := d.numOf(desc["DW"]); ok {
			f.dw = v
		}
		f.cidW = d.parseW(d.arrayOf(desc["W"]))
		switch e := d.resolve(fd["Encoding"]).(type) {
		case pdfName:
			f.setPredefinedCMap(string(e))
		case *pdfStream:
			if m := d.cmapOf(fd["Encoding"], e); m != nil {
				f.cmap = m
				if m.useCMap != "" && len(m.space) == 0 {
					f.setPredefinedCMap(m.useCMap)
					f.cmap = nil
				}
			}
			if v, ok := e.dict["WMode"].(int64); ok && v == 1 {
				f.vertical = true
			}
		default:
			f.identity = true
		}
		return f
	}
	f.simple = true
	desc := d.dictOf(fd["FontDescriptor"])
	if strings.Contains(lbase, "symbol") || strings.Contains(lbase, "dingbat") ||
		strings.Contains(lbase, "wingding") || strings.Contains(lbase, "webding") {
		f.symbolic = f.toUni == nil
	}
	f.enc = d.simpleEncoding(fd, desc)
	if subtype == "Type3" {
		if m := d.arrayOf(fd["FontMatrix"]); len(m) == 6 {
			if a, ok := d.numOf(m[0]); ok && a != 0 && !math.IsInf(a, 0) {
				f.scale = a
			}
			if dd, ok := d.numOf(m[3]); ok && dd != 0 && !math.IsInf(dd, 0) {
				f.sizeScale = math.Abs(dd) * 1000
			}
		}
	}
	if w := d.arrayOf(fd["Widths"]); len(w) > 0 {
		first, _ := d.intOf(fd["FirstChar"])
		if first >= 0 && first < 256 && len(w) <= 256 {
			f.first = int(first)
			f.widths = make([]float64, len(w))
			for i, x := range w {
				f.widths[i], _ = d.numOf(x)
			}
			f.hasWidths = true
		}
	}
	if v, ok := d.numOf(desc["MissingWidth"]); ok {
		f.missing = v
	}
	if !f.hasWidths {
		f.std = stdFontMetrics(lbase)
	}
	return f
}

// cmapOf parses a CMap stream once however many fonts use it.
func (d *document) cmapOf(ref pdfObject, s *pdfStream) *cmap {
	r, isRef := ref.(pdfRef)
	if isRef {
		if m, ok := d.cmaps[r.num]; ok {
			return m
		}
	}
	var m *cmap
	if b, err := d.decode(s, true); err == nil {
		m = parseCMap(b, &d.cmapLeft)
	}
	if isRef {
		if d.cmaps == nil {
			d.cmaps = map[int]*cmap{}
		}
		d.cmaps[r.num] = m
	}
	return m
}

func (f *font) setPredefinedCMap(name string) {
	switch {
	case strings.HasPrefix(name, "Identity-"):
		f.identity = true
	case strings.Contains(name, "UCS2") || strings.Contains(name, "UTF16"):
		f.ucs2 = true
	}
	f.vertical = strings.HasSuffix(name, "-V")
}

func (d *document) parseW(w pdfArray) []widthRange {
	var out []widthRange
	for i := 0; i < len(w) && len(out) < maxCMapEntries; {
		first, ok := d.intOf(w[i])
		if !ok || first < 0 || i+1 >= len(w) {
			break
		}
		if arr := d.arrayOf(w[i+1]); arr != nil {
			for k, x := range arr {
				v, _ := d.numOf(x)
				c := uint32(first) + uint32(k)
				out = append(out, widthRange{c, c, v})
			}
			i += 2
			continue
		}
		last, ok1 := d.intOf(w[i+1])
		if i+2 >= len(w) || !ok1 || last < first {
			break
		}
		v, _ := d.numOf(w[i+2])
		out = append(out, widthRange{uint32(first), uint32(last), v})
		i += 3
	}
	sort.SliceStable(out, func(a, b int) bool { return out[a].lo < out[b].lo })
	return out
}

func (d *document) simpleEncoding(fd, desc pdfDict) *[256]string {
	var base *[256]string
	subtype := d.nameOf(fd["Subtype"])
	if subtype == "Type1" || subtype == "MMType1" {
		base = encodingTable("StandardEncoding")
	}
	var diffs pdfArray
	explicit := false
	switch e := d.resolve(fd["Encoding"]).(type) {
	case pdfName:
		base, explicit = encodingTable(string(e)), true
	case pdfDict:
		if b := d.nameOf(e["BaseEncoding"]); b != "" {
			base, explicit = encodingTable(string(b)), true
		}
		diffs = d.arrayOf(e["Differences"])
	}
	if !explicit && base != nil {
		// An embedded Type 1 font has its own encoding (TeX fonts, for one).
		if s, ok := d.resolve(desc["FontFile"]).(*pdfStream); ok {
			if b, err := d.decode(s, true); err == nil {
				if t := type1Encoding(b); t != nil {
					base = t
				}
			}
		}
	}
	if base == nil {
		base = encodingTable("WinAnsiEncoding")
	}
	t := *base
	code := -1
	for _, x := range diffs {
		switch v := d.resolve(x).(type) {
		case int64:
			code = int(v)
		case float64:
			code = int(v)
		case pdfName:
			if code >= 0 && code < 256 {
				t[code] = glyphText(string(v))
			}
			if code >= 0 {
				code++
			}
		}
	}
	return &t
}

// type1Encoding reads "dup <code> /<name> put" from the clear-text part of a Type 1 font
// program; nil when the font uses StandardEncoding or says nothing.
func type1Encoding(b []byte) *[256]string {
	if i := bytes.Index(b, []byte("eexec")); i >= 0 {
		b = b[:i]
	}
	i := bytes.Index(b, []byte("/Encoding"))
	if i < 0 {
		return nil
	}
	b = b[i+len("/Encoding"):]
	l := lexer{b: b}
	var t [256]string
	found := false
	var prev [3]token
	for n := 0; n < 4096; n++ {
		tok := l.next()
		if tok.kind == tokEOF {
			break
		}
		if tok.kind == tokKeyword {
			switch string(tok.s) {
			case "StandardEncoding":
				if !found {
					return nil
				}
			case "put":
				if prev[0].kind == tokKeyword && string(prev[0].s) == "dup" && prev[1].kind == tokInt &&
					prev[1].i >= 0 && prev[1].i < 256 && prev[2].kind == tokName {
					t[prev[1].i] = glyphText(string(prev[2].s))
					found = true
				}
			case "def", "readonly":
				if found {
					return &t
				}
			}
		}
		prev[0], prev[1], prev[2] = prev[1], prev[2], tok
	}
	if found {
		return &t
	}
	return nil
}
