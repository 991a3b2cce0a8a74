package counting

// PDF: the text layer of every page, read by a small PDF reader written for this purpose
// (no dependency): objects, cross-reference tables and streams, object streams, the Standard
// security handler with an empty user password, the FlateDecode/LZW/ASCII85/ASCIIHex/RunLength
// filters with PNG/TIFF predictors, the page tree, content streams (text operators, q/Q/cm,
// Form XObjects) and fonts (ToUnicode CMaps, simple encodings with Differences, Type0 CMaps,
// widths). Words are separated by where the glyphs are drawn, not only by space characters: a
// gap of 0.15 em or more along the line, or a move to another line, ends a word.
//
// Everything it reads is bounded: the file (MaxFileBytes), every decoded stream (MaxEntryBytes
// and MaxCompressionRatio once past 8 MiB), all decoded streams together
// (MaxUncompressedBytes), the content interpreted (Form XObjects drawn many times count every
// time), pages, objects, nesting and parsing work. A document past a size bound is refused with
// ErrZipBomb or ErrTooLarge; anything unreadable is ErrMalformed; a panic is turned into
// ErrMalformed.

import (
	"bytes"
	"compress/flate"
	"compress/zlib"
	"crypto/aes"
	"crypto/cipher"
	"crypto/md5"
	"crypto/rc4"
	"crypto/sha256"
	"crypto/sha512"
	"errors"
	"fmt"
	"hash"
	"io"
	"math"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// Bounds of the PDF reader.
const (
	pdfMaxPages         = 10000
	pdfMaxObjects       = 1 << 20 // cross-reference entries, or objects found by a scan
	pdfMaxNesting       = 64      // arrays and dictionaries inside each other, the page tree
	pdfMaxRefChain      = 32      // objects resolved inside the resolution of another
	pdfMaxFormDepth     = 12      // Form XObjects drawn inside each other
	pdfMaxElements      = 2 << 20 // values parsed from objects in one document
	pdfMaxArray         = 1 << 19 // values in one array or dictionary
	pdfMaxStreamBytes   = MaxEntryBytes
	pdfMaxDecodedBytes  = MaxUncompressedBytes
	pdfMaxContentBytes  = MaxUncompressedBytes // content interpreted, repeats included
	pdfBombFloor        = 8 << 20              // the ratio applies past this many bytes
	pdfMaxGStateStack   = 1024
	pdfMaxCMapEntries   = 1 << 20 // in all the CMaps of a document
	pdfMaxMemo          = 1 << 20 // decoded codes remembered, all fonts together
	pdfTextChunk        = 1 << 20 // text is counted in pieces of about this size
	pdfHeadBytes        = 8 << 10 // text kept for the preview
	pdfMaxFilters       = 8
	pdfMaxXrefSections  = 512
	pdfScannedPageChars = 50 // a page drawing a page-size image with less text is a scan
	pdfSpaceGap         = 0.15
	pdfLineGap          = 0.5
)

// countPDF counts the text layer of a PDF. A document without readable text (a scan, or fonts
// whose glyphs cannot be mapped to characters) is returned with ManualCount set and no counts.
func countPDF(src Source) (c Counts, err error) {
	defer func() {
		if r := recover(); r != nil {
			c, err = Counts{}, fmt.Errorf("%w: pdf: unreadable document (%v)", ErrMalformed, r)
		}
	}()
	data, err := pdfReadSource(src)
	if err != nil {
		return Counts{}, err
	}
	return pdfCount(data)
}

func pdfReadSource(src Source) ([]byte, error) {
	n := src.Size()
	if n < 0 {
		return nil, pdfMalformed("negative size")
	}
	if n > MaxFileBytes {
		return nil, fmt.Errorf("%w: %d bytes (the limit is %d)", ErrTooLarge, n, MaxFileBytes)
	}
	buf := make([]byte, n)
	if _, err := io.ReadFull(io.NewSectionReader(src, 0, n), buf); err != nil {
		return nil, fmt.Errorf("pdf: reading the file: %w", err)
	}
	return buf, nil
}

// pdfAbort carries an error out of the reader's recursion; pdfCount turns it back into one.
type pdfAbort struct{ err error }

func pdfFail(err error) { panic(pdfAbort{err}) }

func pdfMalformed(format string, args ...any) error {
	return fmt.Errorf("%w: pdf: %s", ErrMalformed, fmt.Sprintf(format, args...))
}

func pdfBomb(format string, args ...any) error {
	return fmt.Errorf("%w: pdf: %s", ErrZipBomb, fmt.Sprintf(format, args...))
}

// pdfCount is countPDF without the recover of unexpected panics (the fuzz target calls it, so
// that a bug shows as a crash).
func pdfCount(data []byte) (c Counts, err error) {
	defer func() {
		if r := recover(); r != nil {
			a, ok := r.(pdfAbort)
			if !ok {
				panic(r)
			}
			c, err = Counts{}, a.err
		}
	}()
	d := pdfOpen(data)
	pages := d.pages()
	if len(pages) == 0 {
		return Counts{}, pdfMalformed("the document has no pages")
	}
	res := d.extract(pages)
	words, chars := res.words, res.chars
	manual := chars == 0 ||
		(res.glyphs > 0 && res.undecoded*2 > res.glyphs) ||
		res.scannedPages*2 >= len(pages)
	if manual {
		return Counts{Format: PDF, ManualCount: true}, nil
	}
	return Counts{
		Format:     PDF,
		Words:      words,
		Characters: chars,
		Pages:      (chars + PageCharacters - 1) / PageCharacters,
		Preview:    pdfPreview(res.head),
	}, nil
}

// pdfPreview is the first PreviewRunes runes of s, whitespace collapsed to single spaces.
func pdfPreview(s string) string {
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

// ---- Objects ----

type (
	pdfObject  = any // nil, bool, int64, float64, pdfName, pdfString, pdfArray, pdfDict, pdfRef, *pdfStream, pdfKeyword
	pdfName    string
	pdfString  []byte
	pdfArray   []pdfObject
	pdfDict    map[pdfName]pdfObject
	pdfKeyword string
	pdfRef     struct{ num, gen int }
)

type pdfStream struct {
	dict     pdfDict
	raw      []byte
	num, gen int
}

// ---- Lexer ----

type pdfTokKind uint8

const (
	pdfTEOF pdfTokKind = iota
	pdfTInt
	pdfTReal
	pdfTString
	pdfTName
	pdfTKeyword
	pdfTArrOpen
	pdfTArrClose
	pdfTDictOpen
	pdfTDictClose
)

type pdfTok struct {
	kind pdfTokKind
	i    int64
	f    float64
	s    []byte
}

type pdfLex struct {
	b   []byte
	pos int
}

// Character classes of PDF syntax.
const (
	pdfRegular = iota
	pdfSpace
	pdfDelim
)

var pdfClass = func() (t [256]uint8) {
	for _, c := range []byte(" \n\r\t\f\x00") {
		t[c] = pdfSpace
	}
	for _, c := range []byte("()<>[]{}/%") {
		t[c] = pdfDelim
	}
	return t
}()

func pdfIsWS(c byte) bool      { return pdfClass[c] == pdfSpace }
func pdfIsDelim(c byte) bool   { return pdfClass[c] == pdfDelim }
func pdfIsRegular(c byte) bool { return pdfClass[c] == pdfRegular }

func (l *pdfLex) skipWS() {
	b := l.b
	for l.pos < len(b) {
		c := b[l.pos]
		if pdfClass[c] == pdfSpace {
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
}

func (l *pdfLex) next() pdfTok {
	l.skipWS()
	if l.pos >= len(l.b) {
		return pdfTok{kind: pdfTEOF}
	}
	c := l.b[l.pos]
	switch c {
	case '[':
		l.pos++
		return pdfTok{kind: pdfTArrOpen}
	case ']':
		l.pos++
		return pdfTok{kind: pdfTArrClose}
	case '<':
		if l.pos+1 < len(l.b) && l.b[l.pos+1] == '<' {
			l.pos += 2
			return pdfTok{kind: pdfTDictOpen}
		}
		return pdfTok{kind: pdfTString, s: l.hexString()}
	case '>':
		if l.pos+1 < len(l.b) && l.b[l.pos+1] == '>' {
			l.pos += 2
			return pdfTok{kind: pdfTDictClose}
		}
		l.pos++
		return pdfTok{kind: pdfTKeyword, s: []byte{'>'}}
	case '(':
		return pdfTok{kind: pdfTString, s: l.literalString()}
	case ')', '{', '}':
		l.pos++
		return pdfTok{kind: pdfTKeyword, s: []byte{c}}
	case '/':
		return pdfTok{kind: pdfTName, s: l.name()}
	}
	start := l.pos
	for l.pos < len(l.b) && pdfClass[l.b[l.pos]] == pdfRegular {
		l.pos++
	}
	tok := l.b[start:l.pos]
	if c := tok[0]; (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' {
		if t, ok := pdfNumber(tok); ok {
			return t
		}
	}
	return pdfTok{kind: pdfTKeyword, s: tok}
}

// pdfNumber parses an integer or real (signs repeated by broken writers are tolerated).
func pdfNumber(tok []byte) (pdfTok, bool) {
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
			return pdfTok{}, false
		}
		if digits <= 18 {
			if neg {
				ip = -ip
			}
			return pdfTok{kind: pdfTInt, i: ip, f: float64(ip)}, true
		}
	} else if tok[j] != '.' {
		return pdfTok{}, false
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
		return pdfTok{}, false
	}
	v := float64(ip) + fp/scale
	if digits > 18 {
		f, err := strconv.ParseFloat(strings.TrimLeft(string(tok), "+-"), 64)
		if err != nil || math.IsInf(f, 0) {
			return pdfTok{}, false
		}
		v = f
	}
	if neg {
		v = -v
	}
	return pdfTok{kind: pdfTReal, f: v}, true
}

func (l *pdfLex) literalString() []byte {
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

func pdfHexVal(c byte) int {
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
func (l *pdfLex) hexString() []byte {
	l.pos++ // <
	rest := l.b[l.pos:]
	end := bytes.IndexByte(rest, '>')
	if end < 0 {
		end = len(rest)
	}
	l.pos += min(end+1, len(rest))
	return pdfHexDecode(nil, rest[:end])
}

func (l *pdfLex) name() []byte {
	l.pos++ // /
	start := l.pos
	for l.pos < len(l.b) && pdfIsRegular(l.b[l.pos]) && l.b[l.pos] != '#' {
		l.pos++
	}
	if l.pos >= len(l.b) || l.b[l.pos] != '#' {
		return l.b[start:l.pos:l.pos]
	}
	out := append([]byte(nil), l.b[start:l.pos]...)
	for l.pos < len(l.b) && pdfIsRegular(l.b[l.pos]) {
		c := l.b[l.pos]
		if c == '#' && l.pos+2 < len(l.b) && pdfHexVal(l.b[l.pos+1]) >= 0 && pdfHexVal(l.b[l.pos+2]) >= 0 {
			out = append(out, byte(pdfHexVal(l.b[l.pos+1])<<4|pdfHexVal(l.b[l.pos+2])))
			l.pos += 3
			continue
		}
		out = append(out, c)
		l.pos++
	}
	return out
}

// ---- Parser ----

var errPDFSyntax = errors.New("syntax error")

type pdfParser struct {
	l    *pdfLex
	d    *pdfDoc // counts parsed values; nil in content streams
	refs bool    // "n g R" is a reference (objects, not content streams)
}

func (p *pdfParser) count() {
	if p.d == nil {
		return
	}
	if p.d.elements++; p.d.elements > pdfMaxElements {
		pdfFail(fmt.Errorf("%w: pdf: more than %d values in objects", ErrTooLarge, pdfMaxElements))
	}
}

func (p *pdfParser) parse(depth int) (pdfObject, error) {
	return p.parseTok(p.l.next(), depth)
}

// pdfStopKeyword reports keywords that cannot be inside an object: an unterminated array or
// dictionary ends there instead of swallowing the rest of the file.
func pdfStopKeyword(s []byte) bool {
	switch string(s) {
	case "obj", "endobj", "stream", "endstream", "xref", "trailer", "startxref", "BT", "ET", "ID", "EI":
		return true
	}
	return false
}

func (p *pdfParser) parseTok(t pdfTok, depth int) (pdfObject, error) {
	if depth > pdfMaxNesting {
		return nil, errPDFSyntax
	}
	p.count()
	switch t.kind {
	case pdfTEOF:
		return nil, io.ErrUnexpectedEOF
	case pdfTInt:
		if p.refs {
			save := p.l.pos
			if t2 := p.l.next(); t2.kind == pdfTInt {
				if t3 := p.l.next(); t3.kind == pdfTKeyword && len(t3.s) == 1 && t3.s[0] == 'R' {
					if t.i >= 0 && t.i < math.MaxInt32 && t2.i >= 0 && t2.i < math.MaxInt32 {
						return pdfRef{int(t.i), int(t2.i)}, nil
					}
					return nil, nil
				}
			}
			p.l.pos = save
		}
		return t.i, nil
	case pdfTReal:
		return t.f, nil
	case pdfTString:
		return pdfString(t.s), nil
	case pdfTName:
		return pdfName(t.s), nil
	case pdfTArrOpen:
		var arr pdfArray
		for {
			t := p.l.next()
			switch {
			case t.kind == pdfTArrClose:
				return arr, nil
			case t.kind == pdfTEOF, t.kind == pdfTDictClose:
				return arr, errPDFSyntax
			case t.kind == pdfTKeyword && pdfStopKeyword(t.s):
				return arr, errPDFSyntax
			}
			v, err := p.parseTok(t, depth+1)
			if err != nil {
				return arr, err
			}
			if len(arr) >= pdfMaxArray {
				return arr, errPDFSyntax
			}
			arr = append(arr, v)
		}
	case pdfTDictOpen:
		dict := pdfDict{}
		for {
			t := p.l.next()
			switch {
			case t.kind == pdfTDictClose:
				return dict, nil
			case t.kind == pdfTEOF, t.kind == pdfTArrClose:
				return dict, errPDFSyntax
			case t.kind == pdfTKeyword && pdfStopKeyword(t.s):
				return dict, errPDFSyntax
			case t.kind != pdfTName:
				continue // a stray value where a key should be: skip it
			}
			key := pdfName(t.s)
			vt := p.l.next()
			if vt.kind == pdfTDictClose {
				return dict, nil
			}
			if vt.kind == pdfTKeyword && pdfStopKeyword(vt.s) {
				return dict, errPDFSyntax
			}
			v, err := p.parseTok(vt, depth+1)
			if err != nil {
				return dict, err
			}
			if len(dict) >= pdfMaxArray {
				return dict, errPDFSyntax
			}
			if v != nil {
				dict[key] = v
			}
		}
	case pdfTKeyword:
		switch string(t.s) {
		case "true":
			return true, nil
		case "false":
			return false, nil
		case "null":
			return nil, nil
		}
		return pdfKeyword(t.s), nil
	}
	return nil, errPDFSyntax
}

// ---- Document ----

type pdfXref struct {
	off uint32 // the offset, or the object stream's number
	idx uint32 // index in the object stream
	typ uint8  // 0 free, 1 at an offset, 2 in an object stream
}

type pdfObjStm struct {
	data  []byte
	first int
	nums  []int
	offs  []int
}

type pdfDoc struct {
	data          []byte
	xref          map[int32]pdfXref
	trailer       pdfDict
	cache         map[int]pdfObject
	objStms       map[int]*pdfObjStm
	scanned       map[int]int // object number -> offset, found by scanning the file
	scanStms      []int       // offsets of objects that look like object streams
	scanTrailers  []int       // offsets of "trailer" keywords
	scanIndex     map[int][2]int
	scanDone      bool
	reconstructed bool
	endstreams    []int
	endstreamsSet bool
	crypt         *pdfCrypt
	fonts         map[int]*pdfFont
	cmapLeft      int // CMap entries the document may still hold
	memoLeft      int // decoded codes the fonts may still remember
	directFonts   map[uintptr]*pdfFont
	cmaps         map[int]*pdfCMap
	decoded       int64 // bytes produced by filters
	work          int64 // content bytes interpreted
	parseWork     int64 // bytes lexed while parsing objects
	elements      int
	depth         int
}

func pdfOpen(data []byte) *pdfDoc {
	head := data[:min(len(data), 1024)]
	i := bytes.Index(head, []byte("%PDF-"))
	if i < 0 {
		pdfFail(pdfMalformed("no %%PDF- header"))
	}
	data = data[i:]
	end := len(data)
	for end > 0 && pdfIsWS(data[end-1]) {
		end--
	}
	tail := data[max(0, end-1024):end]
	if !bytes.Contains(tail, []byte("%%EOF")) && !bytes.Contains(tail, []byte("startxref")) {
		pdfFail(pdfMalformed("the file is truncated (no end-of-file marker)"))
	}
	d := &pdfDoc{
		data:    data,
		cache:   map[int]pdfObject{},
		objStms: map[int]*pdfObjStm{},
		fonts:   map[int]*pdfFont{},

		cmapLeft: pdfMaxCMapEntries,
		memoLeft: pdfMaxMemo,
	}
	if err := d.loadXref(); err != nil || d.trailer == nil || d.trailer["Root"] == nil {
		d.reconstruct()
	}
	if enc := d.trailer["Encrypt"]; enc != nil {
		d.setupCrypt(enc)
		// Object streams read before the key was known were not decrypted.
		clear(d.cache)
		clear(d.objStms)
		d.scanIndex = nil
	}
	return d
}

// loadXref reads the cross-reference sections from the last startxref along the Prev chain.
func (d *pdfDoc) loadXref() error {
	i := bytes.LastIndex(d.data, []byte("startxref"))
	if i < 0 {
		return errors.New("no startxref")
	}
	l := pdfLex{b: d.data, pos: i + len("startxref")}
	t := l.next()
	if t.kind != pdfTInt {
		return errors.New("bad startxref")
	}
	d.xref = map[int32]pdfXref{}
	off := t.i
	seen := map[int64]bool{}
	for n := 0; ; n++ {
		if off <= 0 || off >= int64(len(d.data)) || seen[off] || n >= pdfMaxXrefSections {
			if n == 0 {
				return errors.New("bad startxref offset")
			}
			return nil
		}
		seen[off] = true
		trailer, err := d.readXrefSection(off)
		if err != nil {
			if n == 0 {
				return err
			}
			return nil
		}
		if d.trailer == nil {
			d.trailer = trailer
		} else {
			for _, k := range []pdfName{"Root", "Encrypt", "ID", "Info"} {
				if d.trailer[k] == nil && trailer[k] != nil {
					d.trailer[k] = trailer[k]
				}
			}
		}
		if xs, ok := trailer["XRefStm"].(int64); ok && xs > 0 && xs < int64(len(d.data)) && !seen[xs] {
			seen[xs] = true
			_, _ = d.readXrefSection(xs)
		}
		prev, ok := trailer["Prev"].(int64)
		if !ok {
			return nil
		}
		off = prev
	}
}

func (d *pdfDoc) setXref(num int64, e pdfXref) error {
	if e.typ == 0 || num < 0 || num > math.MaxInt32 {
		return nil // free entries are not kept: a deleted object is not referenced either
	}
	if _, ok := d.xref[int32(num)]; ok {
		return nil // a newer section already said
	}
	// More objects than the file can hold (a few bytes each even in object streams) is a
	// cross-reference section made to exhaust memory; the file is then scanned instead.
	if n := min(pdfMaxObjects, 1000+len(d.data)/8); len(d.xref) >= n {
		return fmt.Errorf("more than %d objects", n)
	}
	d.xref[int32(num)] = e
	return nil
}

func (d *pdfDoc) readXrefSection(off int64) (pdfDict, error) {
	l := pdfLex{b: d.data, pos: int(off)}
	l.skipWS()
	if !bytes.HasPrefix(d.data[l.pos:], []byte("xref")) {
		return d.readXrefStream(int64(l.pos))
	}
	l.pos += 4
	for {
		t := l.next()
		if t.kind == pdfTKeyword && string(t.s) == "trailer" {
			p := pdfParser{l: &l, d: d, refs: true}
			obj, err := p.parse(0)
			dict, ok := obj.(pdfDict)
			if err != nil || !ok {
				return nil, errors.New("bad trailer")
			}
			return dict, nil
		}
		c := l.next()
		if t.kind != pdfTInt || c.kind != pdfTInt || t.i < 0 || c.i < 0 || t.i > pdfMaxObjects || c.i > pdfMaxObjects {
			return nil, errors.New("bad xref subsection")
		}
		for k := int64(0); k < c.i; k++ {
			a, b, f := l.next(), l.next(), l.next()
			if a.kind != pdfTInt || b.kind != pdfTInt || f.kind != pdfTKeyword || len(f.s) != 1 {
				return nil, errors.New("bad xref entry")
			}
			e := pdfXref{}
			if f.s[0] == 'n' && a.i > 0 && a.i < math.MaxUint32 {
				e = pdfXref{typ: 1, off: uint32(a.i)}
			}
			if err := d.setXref(t.i+k, e); err != nil {
				return nil, err
			}
		}
	}
}

func (d *pdfDoc) readXrefStream(off int64) (pdfDict, error) {
	_, obj := d.parseIndirectAt(off, -1)
	s, ok := obj.(*pdfStream)
	if !ok || s.dict["Type"] != pdfName("XRef") {
		return nil, errors.New("no xref stream")
	}
	data, err := d.decode(s, false)
	if err != nil {
		return nil, err
	}
	wa, _ := s.dict["W"].(pdfArray)
	if len(wa) < 3 {
		return nil, errors.New("bad W")
	}
	var w [3]int
	for i := range 3 {
		v, ok := wa[i].(int64)
		if !ok || v < 0 || v > 8 {
			return nil, errors.New("bad W")
		}
		w[i] = int(v)
	}
	width := w[0] + w[1] + w[2]
	if width == 0 {
		return nil, errors.New("bad W")
	}
	size, _ := s.dict["Size"].(int64)
	index, _ := s.dict["Index"].(pdfArray)
	if index == nil {
		index = pdfArray{int64(0), size}
	}
	field := func(b []byte, def int64) int64 {
		if len(b) == 0 {
			return def
		}
		var v int64
		for _, c := range b {
			v = v<<8 | int64(c)
		}
		return v
	}
	pos := 0
	for i := 0; i+1 < len(index); i += 2 {
		start, ok1 := index[i].(int64)
		count, ok2 := index[i+1].(int64)
		if !ok1 || !ok2 || start < 0 || count < 0 || start > pdfMaxObjects || count > pdfMaxObjects {
			return nil, errors.New("bad Index")
		}
		for k := int64(0); k < count; k++ {
			if pos+width > len(data) {
				return s.dict, nil
			}
			b := data[pos : pos+width]
			pos += width
			typ := field(b[:w[0]], 1)
			f2 := field(b[w[0]:w[0]+w[1]], 0)
			f3 := field(b[w[0]+w[1]:], 0)
			var e pdfXref
			switch {
			case f2 < 0 || f2 >= math.MaxUint32 || f3 < 0 || f3 >= math.MaxUint32:
			case typ == 1:
				e = pdfXref{typ: 1, off: uint32(f2)}
			case typ == 2:
				e = pdfXref{typ: 2, off: uint32(f2), idx: uint32(f3)}
			}
			if err := d.setXref(start+k, e); err != nil {
				return nil, err
			}
		}
	}
	return s.dict, nil
}

// parseIndirectAt parses "num gen obj ... endobj" at off; want >= 0 checks the number.
func (d *pdfDoc) parseIndirectAt(off int64, want int) (int, pdfObject) {
	if off < 0 || off >= int64(len(d.data)) {
		return -1, nil
	}
	l := pdfLex{b: d.data, pos: int(off)}
	defer func() {
		d.parseWork += int64(l.pos) - off
		if d.parseWork > 8*int64(len(d.data))+64<<20 {
			pdfFail(pdfMalformed("the objects cannot be parsed in bounded time"))
		}
	}()
	n, g, kw := l.next(), l.next(), l.next()
	if n.kind != pdfTInt || g.kind != pdfTInt || kw.kind != pdfTKeyword || string(kw.s) != "obj" {
		return -1, nil
	}
	if want >= 0 && n.i != int64(want) {
		return -1, nil
	}
	p := pdfParser{l: &l, d: d, refs: true}
	obj, err := p.parse(0)
	if err != nil && obj == nil {
		return -1, nil
	}
	num, gen := int(min(max(n.i, 0), math.MaxInt32)), int(min(max(g.i, 0), math.MaxInt32))
	if dict, ok := obj.(pdfDict); ok && err == nil {
		save := l.pos
		if t := l.next(); t.kind == pdfTKeyword && string(t.s) == "stream" {
			return num, d.streamAt(dict, l.pos, num, gen)
		}
		l.pos = save
	}
	return num, obj
}

// streamAt reads the data of a stream whose "stream" keyword ends at pos.
func (d *pdfDoc) streamAt(dict pdfDict, pos, num, gen int) *pdfStream {
	for pos < len(d.data) && (d.data[pos] == ' ' || d.data[pos] == '\t') {
		pos++
	}
	if pos < len(d.data) && d.data[pos] == '\r' {
		pos++
	}
	if pos < len(d.data) && d.data[pos] == '\n' {
		pos++
	}
	s := &pdfStream{dict: dict, num: num, gen: gen}
	if n, ok := d.resolve(dict["Length"]).(int64); ok && n >= 0 && n <= int64(len(d.data)-pos) {
		end := pos + int(n)
		l := pdfLex{b: d.data, pos: end}
		l.skipWS()
		if bytes.HasPrefix(d.data[l.pos:], []byte("endstream")) || l.pos >= len(d.data) {
			s.raw = d.data[pos:end:end]
			return s
		}
	}
	end := d.endstreamAfter(pos)
	if end < 0 {
		end = len(d.data)
	} else {
		if end > pos && d.data[end-1] == '\n' {
			end--
		}
		if end > pos && d.data[end-1] == '\r' {
			end--
		}
	}
	s.raw = d.data[pos:end:end]
	return s
}

// endstreamAfter is the offset of the first "endstream" at or after pos, or -1.
func (d *pdfDoc) endstreamAfter(pos int) int {
	if !d.endstreamsSet {
		d.endstreamsSet = true
		key := []byte("endstream")
		for i := 0; ; {
			j := bytes.Index(d.data[i:], key)
			if j < 0 {
				break
			}
			d.endstreams = append(d.endstreams, i+j)
			i += j + len(key)
		}
	}
	k := sort.SearchInts(d.endstreams, pos)
	if k < len(d.endstreams) {
		return d.endstreams[k]
	}
	return -1
}

// get returns object num (nil when it does not exist or cannot be parsed).
func (d *pdfDoc) get(num int) pdfObject {
	if o, ok := d.cache[num]; ok {
		return o
	}
	if d.depth >= pdfMaxRefChain {
		return nil
	}
	d.depth++
	defer func() { d.depth-- }()
	var obj pdfObject
	found := false
	if e, ok := d.xref[int32(num)]; ok && num >= 0 && num <= math.MaxInt32 {
		switch e.typ {
		case 1:
			var n int
			n, obj = d.parseIndirectAt(int64(e.off), num)
			found = n == num
		case 2:
			obj, found = d.fromObjStm(int(min(e.off, math.MaxInt32)), int(min(e.idx, math.MaxInt32)), num)
		}
	}
	if !found {
		d.scan()
		if off, ok := d.scanned[num]; ok {
			_, obj = d.parseIndirectAt(int64(off), num)
		} else if obj == nil {
			obj = d.fromScannedObjStms(num)
		}
	}
	d.cache[num] = obj
	return obj
}

func (d *pdfDoc) loadObjStm(num int) *pdfObjStm {
	if os, ok := d.objStms[num]; ok {
		return os
	}
	d.objStms[num] = nil // a stream containing itself finds nothing
	s, ok := d.get(num).(*pdfStream)
	if !ok {
		return nil
	}
	os := d.objStmFrom(s)
	d.objStms[num] = os
	return os
}

func (d *pdfDoc) objStmFrom(s *pdfStream) *pdfObjStm {
	n, ok1 := s.dict["N"].(int64)
	first, ok2 := s.dict["First"].(int64)
	if !ok1 || !ok2 || n < 0 || n > pdfMaxObjects || first < 0 {
		return nil
	}
	data, err := d.decode(s, true)
	if err != nil || first > int64(len(data)) {
		return nil
	}
	os := &pdfObjStm{data: data, first: int(first)}
	l := pdfLex{b: data[:first]}
	for range n {
		a, b := l.next(), l.next()
		if a.kind != pdfTInt || b.kind != pdfTInt || a.i < 0 || b.i < 0 || a.i > math.MaxInt32 || b.i > int64(len(data)) {
			break
		}
		os.nums = append(os.nums, int(a.i))
		os.offs = append(os.offs, int(b.i))
	}
	return os
}

func (d *pdfDoc) fromObjStm(stm, idx, num int) (pdfObject, bool) {
	os := d.loadObjStm(stm)
	if os == nil {
		return nil, false
	}
	if idx < 0 || idx >= len(os.nums) || os.nums[idx] != num {
		idx = -1
		for i, n := range os.nums {
			if n == num {
				idx = i
				break
			}
		}
		if idx < 0 {
			return nil, false
		}
	}
	pos := os.first + os.offs[idx]
	if pos >= len(os.data) {
		return nil, false
	}
	l := pdfLex{b: os.data, pos: pos}
	p := pdfParser{l: &l, d: d, refs: true}
	obj, err := p.parse(0)
	if err != nil {
		return nil, false
	}
	return obj, true
}

// scan finds every "num gen obj" in the file, for files whose cross-reference data is wrong.
func (d *pdfDoc) scan() {
	if d.scanDone {
		return
	}
	d.scanDone = true
	d.scanned = map[int]int{}
	data := d.data
	for i := 0; ; {
		j := bytes.Index(data[i:], []byte("obj"))
		if j < 0 {
			break
		}
		k := i + j
		i = k + 3
		if i < len(data) && pdfIsRegular(data[i]) {
			continue
		}
		// Walk back over: ws, gen digits, ws, num digits.
		p := k
		ws := func() bool {
			q := p
			for p > 0 && pdfIsWS(data[p-1]) {
				p--
			}
			return p < q
		}
		digits := func() (int, bool) {
			q := p
			for p > 0 && data[p-1] >= '0' && data[p-1] <= '9' && q-p < 10 {
				p--
			}
			if p == q {
				return 0, false
			}
			v, err := strconv.Atoi(string(data[p:q]))
			return v, err == nil
		}
		ws()
		if _, ok := digits(); !ok {
			continue
		}
		if !ws() {
			continue
		}
		num, ok := digits()
		if !ok || (p > 0 && pdfIsRegular(data[p-1])) {
			continue
		}
		if len(d.scanned) >= pdfMaxObjects {
			if _, ok := d.scanned[num]; !ok {
				continue
			}
		}
		d.scanned[num] = p
		if bytes.Contains(data[i:min(len(data), i+256)], []byte("/ObjStm")) {
			d.scanStms = append(d.scanStms, p)
		}
	}
	for i := 0; ; {
		j := bytes.Index(data[i:], []byte("trailer"))
		if j < 0 {
			break
		}
		d.scanTrailers = append(d.scanTrailers, i+j)
		i += j + 7
	}
}

// fromScannedObjStms looks for num in the object streams the scan found.
func (d *pdfDoc) fromScannedObjStms(num int) pdfObject {
	if d.scanIndex == nil {
		d.scanIndex = map[int][2]int{}
		for _, off := range d.scanStms {
			n, obj := d.parseIndirectAt(int64(off), -1)
			s, ok := obj.(*pdfStream)
			if !ok || n < 0 {
				continue
			}
			if _, ok := d.objStms[n]; !ok {
				d.objStms[n] = d.objStmFrom(s)
			}
			if os := d.objStms[n]; os != nil {
				for i, m := range os.nums {
					if _, ok := d.scanIndex[m]; !ok && len(d.scanIndex) < pdfMaxObjects {
						d.scanIndex[m] = [2]int{n, i}
					}
				}
			}
		}
	}
	if e, ok := d.scanIndex[num]; ok {
		if o, ok := d.fromObjStm(e[0], e[1], num); ok {
			return o
		}
	}
	return nil
}

// reconstruct rebuilds the trailer from a scan of the file.
func (d *pdfDoc) reconstruct() {
	if d.reconstructed {
		return
	}
	d.reconstructed = true
	d.xref = nil
	clear(d.cache)
	clear(d.objStms)
	d.scanIndex = nil
	d.scan()
	old := d.trailer
	d.trailer = nil
	for i := len(d.scanTrailers) - 1; i >= 0 && d.trailer == nil; i-- {
		l := pdfLex{b: d.data, pos: d.scanTrailers[i] + len("trailer")}
		p := pdfParser{l: &l, d: d, refs: true}
		if t, err := p.parse(0); err == nil {
			if dict, ok := t.(pdfDict); ok && dict["Root"] != nil {
				d.trailer = dict
			}
		}
	}
	if d.trailer == nil && old != nil && old["Root"] != nil {
		d.trailer = old
	}
	if d.trailer == nil {
		// The objects that say /XRef (a cross-reference stream holds the trailer) or /Catalog.
		offs := make([]int, 0, len(d.scanned))
		for _, off := range d.scanned {
			offs = append(offs, off)
		}
		sort.Ints(offs)
		find := func(key string, accept func(pdfObject) pdfDict) {
			last := -1
			for i := 0; d.trailer == nil; {
				j := bytes.Index(d.data[i:], []byte(key))
				if j < 0 {
					return
				}
				i += j + len(key)
				k := sort.SearchInts(offs, i) - 1
				if k < 0 || k == last {
					continue // each object is looked at once
				}
				last = k
				n, obj := d.parseIndirectAt(int64(offs[k]), -1)
				if n >= 0 {
					if t := accept(obj); t != nil {
						if t["Root"] == nil {
							t = pdfDict{"Root": pdfRef{n, 0}}
						}
						d.trailer = t
					}
				}
			}
		}
		find("/XRef", func(o pdfObject) pdfDict {
			if s, ok := o.(*pdfStream); ok && s.dict["Type"] == pdfName("XRef") && s.dict["Root"] != nil {
				return s.dict
			}
			return nil
		})
		find("/Catalog", func(o pdfObject) pdfDict {
			if dict, ok := o.(pdfDict); ok && dict["Type"] == pdfName("Catalog") {
				return pdfDict{}
			}
			return nil
		})
	}
	if d.trailer == nil {
		d.fromScannedObjStms(-1)
		nums := make([]int, 0, len(d.scanIndex))
		for n := range d.scanIndex {
			nums = append(nums, n)
		}
		sort.Ints(nums)
		for _, n := range nums {
			if dict, ok := d.get(n).(pdfDict); ok && dict["Type"] == pdfName("Catalog") {
				d.trailer = pdfDict{"Root": pdfRef{n, 0}}
				break
			}
		}
	}
	if d.trailer == nil {
		pdfFail(pdfMalformed("no document catalog"))
	}
	if old != nil && d.trailer["Encrypt"] == nil && old["Encrypt"] != nil {
		d.trailer["Encrypt"] = old["Encrypt"]
		d.trailer["ID"] = old["ID"]
	}
}

func (d *pdfDoc) resolve(o pdfObject) pdfObject {
	for range pdfMaxRefChain {
		r, ok := o.(pdfRef)
		if !ok {
			return o
		}
		o = d.get(r.num)
	}
	return nil
}

func (d *pdfDoc) dictOf(o pdfObject) pdfDict {
	switch v := d.resolve(o).(type) {
	case pdfDict:
		return v
	case *pdfStream:
		return v.dict
	}
	return nil
}

func (d *pdfDoc) arrayOf(o pdfObject) pdfArray {
	a, _ := d.resolve(o).(pdfArray)
	return a
}

func (d *pdfDoc) nameOf(o pdfObject) pdfName {
	n, _ := d.resolve(o).(pdfName)
	return n
}

func (d *pdfDoc) intOf(o pdfObject) (int64, bool) {
	switch v := d.resolve(o).(type) {
	case int64:
		return v, true
	case float64:
		if v >= math.MinInt32 && v <= math.MaxInt32 {
			return int64(v), true
		}
	}
	return 0, false
}

func pdfNum(o pdfObject) (float64, bool) {
	switch v := o.(type) {
	case int64:
		return float64(v), true
	case float64:
		return v, true
	}
	return 0, false
}

func (d *pdfDoc) numOf(o pdfObject) (float64, bool) { return pdfNum(d.resolve(o)) }

// ---- Streams and filters ----

type pdfLimitWriter struct {
	d        *pdfDoc
	buf      []byte
	rawLen   int // the stream's size before any filter
	consumed int // input an inflater has read so far (0 for other filters)
}

func (w *pdfLimitWriter) Write(p []byte) (int, error) {
	n := len(w.buf) + len(p)
	if n > pdfMaxStreamBytes {
		pdfFail(pdfBomb("a stream inflates beyond %d bytes", pdfMaxStreamBytes))
	}
	in := w.rawLen
	if w.consumed > 0 {
		in = min(in, w.consumed)
	}
	if n > pdfBombFloor && n/max(in, 1) > MaxCompressionRatio {
		pdfFail(pdfBomb("a stream inflates more than %d times", MaxCompressionRatio))
	}
	if w.d.decoded += int64(len(p)); w.d.decoded > pdfMaxDecodedBytes {
		pdfFail(pdfBomb("the streams inflate beyond %d bytes together", pdfMaxDecodedBytes))
	}
	w.buf = append(w.buf, p...)
	return len(p), nil
}

func (w *pdfLimitWriter) WriteByte(c byte) error {
	_, err := w.Write([]byte{c})
	return err
}

// decode applies the stream's filters (and decryption when crypt is set).
func (d *pdfDoc) decode(s *pdfStream, crypt bool) ([]byte, error) {
	data := s.raw
	filters, parms := d.filters(s.dict)
	if crypt && d.crypt != nil && !(len(filters) > 0 && filters[0] == "Crypt") {
		data = d.crypt.decrypt(s.num, s.gen, data)
	}
	if len(filters) > pdfMaxFilters {
		return nil, errors.New("too many filters")
	}
	var err error
	for i, f := range filters {
		switch f {
		case "FlateDecode", "Fl":
			data, err = d.inflate(data, len(s.raw))
			if err == nil {
				data, err = pdfUnpredict(d, data, parms[i])
			}
		case "LZWDecode", "LZW":
			early := int64(1)
			if v, ok := d.intOf(parms[i]["EarlyChange"]); ok {
				early = v
			}
			data, err = d.lzw(data, early != 0, len(s.raw))
			if err == nil {
				data, err = pdfUnpredict(d, data, parms[i])
			}
		case "ASCIIHexDecode", "AHx":
			data = pdfASCIIHex(data)
		case "ASCII85Decode", "A85":
			data, err = d.ascii85(data, len(s.raw))
		case "RunLengthDecode", "RL":
			data, err = d.runLength(data, len(s.raw))
		case "Crypt":
		default:
			return nil, fmt.Errorf("unsupported filter %s", f)
		}
		if err != nil {
			return nil, err
		}
	}
	return data, nil
}

func (d *pdfDoc) filters(dict pdfDict) ([]pdfName, []pdfDict) {
	var names []pdfName
	var parms []pdfDict
	switch f := d.resolve(dict["Filter"]).(type) {
	case pdfName:
		names = []pdfName{f}
	case pdfArray:
		for _, x := range f {
			names = append(names, d.nameOf(x))
		}
	}
	switch p := d.resolve(dict["DecodeParms"]).(type) {
	case pdfDict:
		parms = []pdfDict{p}
	case pdfArray:
		for _, x := range p {
			parms = append(parms, d.dictOf(x))
		}
	}
	for len(parms) < len(names) {
		parms = append(parms, nil)
	}
	return names, parms
}

// pdfCountingReader counts the compressed bytes the inflater has consumed (it reads a
// ByteReader one byte at a time, so the count is exact).
type pdfCountingReader struct {
	r *bytes.Reader
	w *pdfLimitWriter
}

func (c *pdfCountingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.w.consumed += n
	return n, err
}

func (c *pdfCountingReader) ReadByte() (byte, error) {
	b, err := c.r.ReadByte()
	if err == nil {
		c.w.consumed++
	}
	return b, err
}

func (d *pdfDoc) inflate(in []byte, rawLen int) ([]byte, error) {
	w := &pdfLimitWriter{d: d, rawLen: rawLen}
	var r io.Reader
	if zr, err := zlib.NewReader(&pdfCountingReader{bytes.NewReader(in), w}); err == nil {
		r = zr
	} else {
		w.consumed = 0
		r = flate.NewReader(&pdfCountingReader{bytes.NewReader(in), w})
	}
	buf := make([]byte, 32<<10)
	_, err := io.CopyBuffer(w, r, buf)
	if err != nil && len(w.buf) == 0 {
		return nil, err
	}
	return w.buf, nil // a damaged end keeps what was inflated before it
}

func pdfUnpredict(d *pdfDoc, data []byte, parms pdfDict) ([]byte, error) {
	if parms == nil {
		return data, nil
	}
	get := func(k pdfName, def int64) int64 {
		if v, ok := d.intOf(parms[k]); ok {
			return v
		}
		return def
	}
	pred := get("Predictor", 1)
	if pred < 2 {
		return data, nil
	}
	colors, bpc, columns := get("Colors", 1), get("BitsPerComponent", 8), get("Columns", 1)
	if colors < 1 || colors > 32 || columns < 1 || columns > 1<<20 || (bpc != 1 && bpc != 2 && bpc != 4 && bpc != 8 && bpc != 16) {
		return nil, errors.New("bad predictor parameters")
	}
	bpp := int(max((colors*bpc)/8, 1))
	rowLen := int((colors*bpc*columns + 7) / 8)
	if pred == 2 {
		if bpc != 8 {
			return data, nil
		}
		out := append([]byte(nil), data...)
		for r := 0; r < len(out); r += rowLen {
			row := out[r:min(r+rowLen, len(out))]
			for i := bpp; i < len(row); i++ {
				row[i] += row[i-bpp]
			}
		}
		return out, nil
	}
	out := make([]byte, 0, len(data))
	prev := make([]byte, rowLen)
	cur := make([]byte, rowLen)
	for len(data) > 0 {
		ft := data[0]
		n := copy(cur, data[1:])
		clear(cur[n:])
		data = data[min(len(data), 1+rowLen):]
		for i := range cur {
			var a, c byte
			b := prev[i]
			if i >= bpp {
				a, c = cur[i-bpp], prev[i-bpp]
			}
			switch ft {
			case 1:
				cur[i] += a
			case 2:
				cur[i] += b
			case 3:
				cur[i] += byte((int(a) + int(b)) / 2)
			case 4:
				p := int(a) + int(b) - int(c)
				pa, pb, pc := pdfAbs(p-int(a)), pdfAbs(p-int(b)), pdfAbs(p-int(c))
				switch {
				case pa <= pb && pa <= pc:
					cur[i] += a
				case pb <= pc:
					cur[i] += b
				default:
					cur[i] += c
				}
			}
		}
		out = append(out, cur...)
		prev, cur = cur, prev
	}
	return out, nil
}

func pdfAbs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func (d *pdfDoc) lzw(in []byte, early bool, rawLen int) ([]byte, error) {
	w := &pdfLimitWriter{d: d, rawLen: rawLen}
	type entry struct {
		prefix int32
		last   byte
		length int32
	}
	table := make([]entry, 4096)
	for i := range 256 {
		table[i] = entry{prefix: -1, last: byte(i), length: 1}
	}
	next, width, prev := 258, 9, -1
	var bitBuf uint32
	bits, pos := 0, 0
	tmp := make([]byte, 4096)
	e := 0
	if early {
		e = 1
	}
	for {
		for bits < width && pos < len(in) {
			bitBuf = bitBuf<<8 | uint32(in[pos])
			pos++
			bits += 8
		}
		if bits < width {
			break
		}
		code := int(bitBuf>>(bits-width)) & (1<<width - 1)
		bits -= width
		if code == 256 {
			next, width, prev = 258, 9, -1
			continue
		}
		if code == 257 {
			break
		}
		var first byte
		switch {
		case code < 256 || (code >= 258 && code < next):
			n := int(table[code].length)
			for c, i := code, n-1; i >= 0 && c >= 0; i-- {
				tmp[i] = table[c].last
				c = int(table[c].prefix)
			}
			first = tmp[0]
			if _, err := w.Write(tmp[:n]); err != nil {
				return nil, err
			}
		case code == next && prev >= 0:
			n := int(table[prev].length)
			for c, i := prev, n-1; i >= 0 && c >= 0; i-- {
				tmp[i] = table[c].last
				c = int(table[c].prefix)
			}
			first = tmp[0]
			if n < len(tmp) {
				tmp[n] = first
				if _, err := w.Write(tmp[:n+1]); err != nil {
					return nil, err
				}
			}
		default:
			return w.buf, nil // damaged: keep what was decoded
		}
		if prev >= 0 && next < 4096 {
			if l := table[prev].length + 1; l <= 4096 {
				table[next] = entry{prefix: int32(prev), last: first, length: l}
				next++
			}
		}
		prev = code
		if next+e >= 1<<width && width < 12 {
			width++
		}
	}
	return w.buf, nil
}

func pdfASCIIHex(in []byte) []byte { return pdfHexDecode(make([]byte, 0, len(in)/2), in) }

// pdfHexDecode appends to out the bytes the hex digits of in stand for, up to the first '>':
// other characters (white space) are skipped, and an odd last digit is followed by a 0.
func pdfHexDecode(out, in []byte) []byte {
	hi := -1
	for _, c := range in {
		if c == '>' {
			break
		}
		v := pdfHexVal(c)
		if v < 0 {
			continue
		}
		if hi < 0 {
			hi = v
		} else {
			out = append(out, byte(hi<<4|v))
			hi = -1
		}
	}
	if hi >= 0 {
		out = append(out, byte(hi<<4))
	}
	return out
}

func (d *pdfDoc) ascii85(in []byte, rawLen int) ([]byte, error) {
	w := &pdfLimitWriter{d: d, rawLen: rawLen}
	var group [5]byte
	n := 0
	flush := func(k int) {
		var v uint32
		for i := range 5 {
			v = v*85 + uint32(group[i])
		}
		b := []byte{byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)}
		_, _ = w.Write(b[:k])
	}
	for i := 0; i < len(in); i++ {
		c := in[i]
		switch {
		case pdfIsWS(c):
		case c == '~':
			i = len(in)
		case c == 'z' && n == 0:
			_, _ = w.Write([]byte{0, 0, 0, 0})
		case c >= '!' && c <= 'u':
			group[n] = c - '!'
			if n++; n == 5 {
				flush(4)
				n = 0
			}
		}
	}
	if n > 1 {
		for i := n; i < 5; i++ {
			group[i] = 84
		}
		flush(n - 1)
	}
	return w.buf, nil
}

func (d *pdfDoc) runLength(in []byte, rawLen int) ([]byte, error) {
	w := &pdfLimitWriter{d: d, rawLen: rawLen}
	for i := 0; i < len(in); {
		n := int(in[i])
		i++
		switch {
		case n < 128:
			end := min(i+n+1, len(in))
			_, _ = w.Write(in[i:end])
			i = end
		case n > 128:
			if i < len(in) {
				_, _ = w.Write(bytes.Repeat(in[i:i+1], 257-n))
				i++
			}
		default:
			return w.buf, nil
		}
	}
	return w.buf, nil
}

// ---- Encryption (Standard security handler, empty user password) ----

var pdfPasswordPad = []byte{
	0x28, 0xBF, 0x4E, 0x5E, 0x4E, 0x75, 0x8A, 0x41, 0x64, 0x00, 0x4E, 0x56, 0xFF, 0xFA, 0x01, 0x08,
	0x2E, 0x2E, 0x00, 0xB6, 0xD0, 0x68, 0x3E, 0x80, 0x2F, 0x0C, 0xA9, 0xFE, 0x64, 0x53, 0x69, 0x7A,
}

type pdfCrypt struct {
	key    []byte
	method string // "RC4", "AESV2", "AESV3" or "None"
}

func pdfProtected() error {
	return fmt.Errorf("%w: the PDF is protected by a password", ErrUnsupported)
}

func (d *pdfDoc) setupCrypt(encObj pdfObject) {
	enc := d.dictOf(encObj)
	if enc == nil {
		pdfFail(pdfMalformed("bad Encrypt dictionary"))
	}
	if f := d.nameOf(enc["Filter"]); f != "Standard" {
		pdfFail(fmt.Errorf("%w: the PDF is encrypted with the %q security handler", ErrUnsupported, string(f)))
	}
	v, _ := d.intOf(enc["V"])
	r, _ := d.intOf(enc["R"])
	length, ok := d.intOf(enc["Length"])
	if !ok {
		length = 40
	}
	o, _ := d.resolve(enc["O"]).(pdfString)
	u, _ := d.resolve(enc["U"]).(pdfString)
	p, _ := d.intOf(enc["P"])
	var id0 []byte
	if ids := d.arrayOf(d.trailer["ID"]); len(ids) > 0 {
		id0, _ = d.resolve(ids[0]).(pdfString)
	}
	encMeta := true
	if b, ok := d.resolve(enc["EncryptMetadata"]).(bool); ok {
		encMeta = b
	}
	method := "RC4"
	if v == 4 || v == 5 {
		method = "None"
		stmf := d.nameOf(enc["StmF"])
		if stmf != "" && stmf != "Identity" {
			cf := d.dictOf(d.dictOf(enc["CF"])[stmf])
			switch d.nameOf(cf["CFM"]) {
			case "V2":
				method = "RC4"
				if l, ok := d.intOf(cf["Length"]); ok {
					if l <= 16 {
						l *= 8
					}
					length = l
				}
			case "AESV2":
				method, length = "AESV2", 128
			case "AESV3":
				method, length = "AESV3", 256
			case "None":
			default:
				pdfFail(fmt.Errorf("%w: unknown PDF crypt filter", ErrUnsupported))
			}
		}
	}
	c := &pdfCrypt{method: method}
	switch r {
	case 2, 3, 4:
		if len(o) < 32 || len(u) < 16 {
			pdfFail(pdfMalformed("bad Encrypt dictionary"))
		}
		n := 5
		if r >= 3 {
			n = int(min(max(length/8, 5), 16))
		}
		h := md5.New()
		h.Write(pdfPasswordPad)
		h.Write(o[:32])
		h.Write([]byte{byte(p), byte(p >> 8), byte(p >> 16), byte(p >> 24)})
		h.Write(id0)
		if r >= 4 && !encMeta {
			h.Write([]byte{0xff, 0xff, 0xff, 0xff})
		}
		sum := h.Sum(nil)
		if r >= 3 {
			for range 50 {
				s := md5.Sum(sum[:n])
				sum = s[:]
			}
		}
		c.key = sum[:n]
		if !pdfCheckUserKey(c.key, int(r), u, id0) {
			pdfFail(pdfProtected())
		}
	case 5, 6:
		ue, _ := d.resolve(enc["UE"]).(pdfString)
		if len(u) < 48 || len(ue) < 32 {
			pdfFail(pdfMalformed("bad Encrypt dictionary"))
		}
		if !bytes.Equal(pdfHashR6(nil, u[32:40], int(r)), u[:32]) {
			pdfFail(pdfProtected())
		}
		ik := pdfHashR6(nil, u[40:48], int(r))
		block, _ := aes.NewCipher(ik)
		key := make([]byte, 32)
		cipher.NewCBCDecrypter(block, make([]byte, 16)).CryptBlocks(key, ue[:32])
		c.key = key
		if method == "RC4" {
			c.method = "AESV3"
		}
	default:
		pdfFail(fmt.Errorf("%w: unknown PDF encryption revision %d", ErrUnsupported, r))
	}
	d.crypt = c
}

func pdfCheckUserKey(key []byte, r int, u, id0 []byte) bool {
	c, err := rc4.NewCipher(key)
	if err != nil {
		return false
	}
	if r == 2 {
		out := make([]byte, 32)
		c.XORKeyStream(out, pdfPasswordPad)
		return len(u) >= 32 && bytes.Equal(out, u[:32])
	}
	h := md5.New()
	h.Write(pdfPasswordPad)
	h.Write(id0)
	x := h.Sum(nil)
	c.XORKeyStream(x, x)
	k := make([]byte, len(key))
	for i := 1; i <= 19; i++ {
		for j := range key {
			k[j] = key[j] ^ byte(i)
		}
		ci, _ := rc4.NewCipher(k)
		ci.XORKeyStream(x, x)
	}
	return bytes.Equal(x[:16], u[:16])
}

// pdfHashR6 is the password hash of revisions 5 and 6 (ISO 32000-2, algorithm 2.B).
func pdfHashR6(pw, salt []byte, r int) []byte {
	h := sha256.New()
	h.Write(pw)
	h.Write(salt)
	k := h.Sum(nil)
	if r == 5 {
		return k
	}
	for i := 1; ; i++ {
		k1 := bytes.Repeat(append(append([]byte(nil), pw...), k...), 64)
		block, _ := aes.NewCipher(k[:16])
		e := make([]byte, len(k1))
		cipher.NewCBCEncrypter(block, k[16:32]).CryptBlocks(e, k1)
		sum := 0
		for _, b := range e[:16] {
			sum += int(b)
		}
		var hh hash.Hash
		switch sum % 3 {
		case 0:
			hh = sha256.New()
		case 1:
			hh = sha512.New384()
		default:
			hh = sha512.New()
		}
		hh.Write(e)
		k = hh.Sum(nil)
		if i >= 64 && int(e[len(e)-1]) <= i-32 {
			break
		}
	}
	return k[:32]
}

func (c *pdfCrypt) decrypt(num, gen int, data []byte) []byte {
	switch c.method {
	case "None":
		return data
	case "AESV3":
		return pdfAESDecrypt(c.key, data)
	}
	k := append(append([]byte(nil), c.key...), byte(num), byte(num>>8), byte(num>>16), byte(gen), byte(gen>>8))
	if c.method == "AESV2" {
		k = append(k, "sAlT"...)
	}
	sum := md5.Sum(k)
	ok := sum[:min(len(c.key)+5, 16)]
	if c.method == "AESV2" {
		return pdfAESDecrypt(ok, data)
	}
	rc, err := rc4.NewCipher(ok)
	if err != nil {
		return data
	}
	out := make([]byte, len(data))
	rc.XORKeyStream(out, data)
	return out
}

func pdfAESDecrypt(key, data []byte) []byte {
	block, err := aes.NewCipher(key)
	if err != nil || len(data) < 32 {
		return nil
	}
	body := data[16 : 16+(len(data)-16)/16*16]
	out := make([]byte, len(body))
	cipher.NewCBCDecrypter(block, data[:16]).CryptBlocks(out, body)
	if n := len(out); n > 0 {
		if pad := int(out[n-1]); pad >= 1 && pad <= 16 && pad <= n {
			out = out[:n-pad]
		}
	}
	return out
}

// ---- Pages ----

type pdfPage struct {
	dict pdfDict
	res  pdfDict
	area float64
}

func (d *pdfDoc) pages() []pdfPage {
	pages := d.walkPages()
	if len(pages) == 0 && !d.reconstructed {
		d.reconstruct()
		pages = d.walkPages()
	}
	return pages
}

func (d *pdfDoc) walkPages() []pdfPage {
	cat := d.dictOf(d.trailer["Root"])
	if cat == nil {
		return nil
	}
	var pages []pdfPage
	visited := map[int]bool{}
	var walk func(node pdfObject, res pdfDict, box pdfArray, depth int)
	walk = func(node pdfObject, res pdfDict, box pdfArray, depth int) {
		if depth > pdfMaxNesting {
			return
		}
		if r, ok := node.(pdfRef); ok {
			if visited[r.num] {
				return
			}
			visited[r.num] = true
		}
		dict := d.dictOf(node)
		if dict == nil {
			return
		}
		if r := d.dictOf(dict["Resources"]); r != nil {
			res = r
		}
		if b := d.arrayOf(dict["MediaBox"]); len(b) == 4 {
			box = b
		}
		kids := d.arrayOf(dict["Kids"])
		if t := d.nameOf(dict["Type"]); t == "Pages" || (t != "Page" && kids != nil) {
			for _, k := range kids {
				walk(k, res, box, depth+1)
			}
			return
		}
		if len(pages) >= pdfMaxPages {
			pdfFail(fmt.Errorf("%w: more than %d pages", ErrTooLarge, pdfMaxPages))
		}
		pages = append(pages, pdfPage{dict: dict, res: res, area: d.boxArea(box)})
	}
	walk(cat["Pages"], nil, nil, 0)
	return pages
}

func (d *pdfDoc) boxArea(box pdfArray) float64 {
	if len(box) == 4 {
		var v [4]float64
		ok := true
		for i := range 4 {
			v[i], ok = d.numOf(box[i])
			if !ok {
				break
			}
		}
		if a := math.Abs((v[2] - v[0]) * (v[3] - v[1])); ok && a > 1 && !math.IsInf(a, 0) {
			return a
		}
	}
	return 612 * 792
}

// content is the page's content streams, decoded and joined.
func (d *pdfDoc) content(o pdfObject) []byte {
	var parts [][]byte
	add := func(x pdfObject) {
		if s, ok := d.resolve(x).(*pdfStream); ok {
			if b, err := d.decode(s, true); err == nil {
				parts = append(parts, b)
			}
		}
	}
	switch v := d.resolve(o).(type) {
	case pdfArray:
		for _, x := range v {
			add(x)
		}
	case *pdfStream:
		add(v)
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return bytes.Join(parts, []byte{'\n'})
}

// ---- Text extraction ----

type pdfResult struct {
	words, chars      int
	head              string // the start of the text
	glyphs, undecoded int
	scannedPages      int
}

func (d *pdfDoc) extract(pages []pdfPage) pdfResult {
	out := &pdfOut{}
	in := &pdfInterp{d: d, out: out}
	var res pdfResult
	for _, pg := range pages {
		out.pageBreak()
		start := out.chars
		in.image = 0
		in.gs = pdfGState{ctm: pdfIdentity, th: 1}
		in.stack = in.stack[:0]
		in.run(d.content(pg.dict["Contents"]), pg.res, 0)
		for len(out.marked) > 0 {
			out.endMarked()
		}
		out.flushSoft()
		out.flush(true)
		chars := out.chars - start
		if in.image >= 0.5*pg.area && chars < pdfScannedPageChars {
			res.scannedPages++
		}
	}
	out.flushSoft()
	out.flush(true)
	res.words, res.chars, res.head = out.words, out.chars, string(out.head)
	res.glyphs, res.undecoded = out.glyphs, out.undecoded
	return res
}

type pdfMatrix [6]float64

var pdfIdentity = pdfMatrix{1, 0, 0, 1, 0, 0}

func (m pdfMatrix) mul(n pdfMatrix) pdfMatrix {
	return pdfMatrix{
		m[0]*n[0] + m[1]*n[2],
		m[0]*n[1] + m[1]*n[3],
		m[2]*n[0] + m[3]*n[2],
		m[2]*n[1] + m[3]*n[3],
		m[4]*n[0] + m[5]*n[2] + n[4],
		m[4]*n[1] + m[5]*n[3] + n[5],
	}
}

type pdfGState struct {
	ctm                pdfMatrix
	tc, tw, th, tl, ts float64
	font               *pdfFont
	fs                 float64
}

type pdfInterp struct {
	d      *pdfDoc
	out    *pdfOut
	gs     pdfGState
	stack  []pdfGState
	tm     pdfMatrix
	tlm    pdfMatrix
	image  float64 // largest image area drawn on the page
	forms  []int
	defont *pdfFont
}

// pdfOperand is an operand of a content stream operator; numbers are not boxed.
type pdfOperand struct {
	kind pdfTokKind
	f    float64
	s    []byte    // strings and names
	obj  pdfObject // arrays, dictionaries, booleans
}

func (in *pdfInterp) run(content []byte, res pdfDict, depth int) {
	d := in.d
	if d.work += int64(len(content)); d.work > pdfMaxContentBytes {
		pdfFail(pdfBomb("the pages draw more than %d bytes of content", pdfMaxContentBytes))
	}
	l := pdfLex{b: content}
	p := pdfParser{l: &l}
	ops := make([]pdfOperand, 0, 16)
	push := func(o pdfOperand) {
		if len(ops) >= 64 {
			ops = ops[:0]
		}
		ops = append(ops, o)
	}
	for {
		t := l.next()
		switch t.kind {
		case pdfTEOF:
			return
		case pdfTKeyword:
			switch string(t.s) {
			case "true", "false", "null":
				push(pdfOperand{kind: pdfTKeyword})
				continue
			}
			in.op(t.s, ops, res, &l, depth)
			ops = ops[:0]
		case pdfTInt, pdfTReal:
			push(pdfOperand{kind: pdfTReal, f: t.f})
		case pdfTString, pdfTName:
			push(pdfOperand{kind: t.kind, s: t.s})
		case pdfTArrOpen, pdfTDictOpen:
			v, err := p.parseTok(t, 0)
			if err != nil && v == nil {
				continue
			}
			push(pdfOperand{kind: t.kind, obj: v})
		}
	}
}

// nums are the last n operands as numbers.
func pdfNums(ops []pdfOperand, n int) (v [6]float64, ok bool) {
	if len(ops) < n {
		return v, false
	}
	for i, o := range ops[len(ops)-n:] {
		if o.kind != pdfTReal {
			return v, false
		}
		v[i] = o.f
	}
	return v, true
}

func pdfLast(ops []pdfOperand, kind pdfTokKind) (pdfOperand, bool) {
	if len(ops) == 0 || ops[len(ops)-1].kind != kind {
		return pdfOperand{}, false
	}
	return ops[len(ops)-1], true
}

func (in *pdfInterp) op(name []byte, ops []pdfOperand, res pdfDict, l *pdfLex, depth int) {
	gs := &in.gs
	switch string(name) {
	case "q":
		if len(in.stack) < pdfMaxGStateStack {
			in.stack = append(in.stack, *gs)
		}
	case "Q":
		if n := len(in.stack); n > 0 {
			*gs = in.stack[n-1]
			in.stack = in.stack[:n-1]
		}
	case "cm":
		if v, ok := pdfNums(ops, 6); ok {
			gs.ctm = pdfMatrix(v).mul(gs.ctm)
		}
	case "BT":
		in.tm, in.tlm = pdfIdentity, pdfIdentity
	case "Tc":
		if v, ok := pdfNums(ops, 1); ok {
			gs.tc = v[0]
		}
	case "Tw":
		if v, ok := pdfNums(ops, 1); ok {
			gs.tw = v[0]
		}
	case "Tz":
		if v, ok := pdfNums(ops, 1); ok {
			gs.th = v[0] / 100
		}
	case "TL":
		if v, ok := pdfNums(ops, 1); ok {
			gs.tl = v[0]
		}
	case "Ts":
		if v, ok := pdfNums(ops, 1); ok {
			gs.ts = v[0]
		}
	case "Tf":
		if v, ok := pdfNums(ops, 1); ok && len(ops) >= 2 {
			if n := ops[len(ops)-2]; n.kind == pdfTName {
				gs.font = in.d.font(res, pdfName(n.s))
			}
			gs.fs = v[0]
		}
	case "Td":
		if v, ok := pdfNums(ops, 2); ok {
			in.moveText(v[0], v[1])
		}
	case "TD":
		if v, ok := pdfNums(ops, 2); ok {
			gs.tl = -v[1]
			in.moveText(v[0], v[1])
		}
	case "Tm":
		if v, ok := pdfNums(ops, 6); ok {
			in.tlm = pdfMatrix(v)
			in.tm = in.tlm
		}
	case "T*":
		in.moveText(0, -gs.tl)
	case "Tj":
		if s, ok := pdfLast(ops, pdfTString); ok {
			in.show(s.s)
		}
	case "'":
		in.moveText(0, -gs.tl)
		if s, ok := pdfLast(ops, pdfTString); ok {
			in.show(s.s)
		}
	case "\"":
		if len(ops) >= 3 {
			if v, ok := pdfNums(ops[:len(ops)-1], 2); ok {
				gs.tw, gs.tc = v[0], v[1]
			}
			in.moveText(0, -gs.tl)
			if s, ok := pdfLast(ops, pdfTString); ok {
				in.show(s.s)
			}
		}
	case "TJ":
		if a, ok := pdfLast(ops, pdfTArrOpen); ok {
			arr, _ := a.obj.(pdfArray)
			for _, x := range arr {
				switch v := x.(type) {
				case pdfString:
					in.show(v)
				case int64, float64:
					f, _ := pdfNum(v)
					in.advance(-f / 1000 * gs.fs)
				}
			}
		}
	case "Do":
		if n, ok := pdfLast(ops, pdfTName); ok {
			in.doXObject(res, pdfName(n.s), depth)
		}
	case "BI":
		in.inlineImage(l)
	case "BMC":
		in.out.beginMarked(nil)
	case "BDC":
		var props pdfDict
		if len(ops) >= 2 {
			switch v := ops[len(ops)-1]; v.kind {
			case pdfTDictOpen:
				props, _ = v.obj.(pdfDict)
			case pdfTName:
				props = in.d.dictOf(in.d.dictOf(res["Properties"])[pdfName(v.s)])
			}
		}
		var actual []byte
		if props != nil {
			if s, ok := in.d.resolve(props["ActualText"]).(pdfString); ok {
				actual = s
				if actual == nil {
					actual = []byte{}
				}
			}
		}
		in.out.beginMarked(actual)
	case "EMC":
		in.out.endMarked()
	}
}

func (in *pdfInterp) moveText(tx, ty float64) {
	in.tlm = pdfMatrix{1, 0, 0, 1, tx, ty}.mul(in.tlm)
	in.tm = in.tlm
}

// advance moves the text position by a TJ adjustment (in text space, before scaling).
func (in *pdfInterp) advance(t float64) {
	f := in.gs.font
	if f != nil && f.vertical {
		in.tm = pdfMatrix{1, 0, 0, 1, 0, t}.mul(in.tm)
		return
	}
	in.tm = pdfMatrix{1, 0, 0, 1, t * in.gs.th, 0}.mul(in.tm)
}

func (in *pdfInterp) show(s []byte) {
	gs := &in.gs
	f := gs.font
	if f == nil {
		if in.defont == nil {
			in.defont = pdfDefaultFont()
		}
		f = in.defont
	}
	for len(s) > 0 {
		code, n := f.next(s)
		s = s[n:]
		text, ok := f.text(code)
		trm := pdfMatrix{gs.fs * gs.th, 0, 0, gs.fs, 0, gs.ts}.mul(in.tm).mul(gs.ctm)
		w, known := f.width(code)
		var tx, ty float64
		space := 0.0
		if n == 1 && code == 32 {
			space = gs.tw
		}
		if f.vertical {
			ty = -w*gs.fs + gs.tc + space
			in.tm = pdfMatrix{1, 0, 0, 1, 0, ty}.mul(in.tm)
		} else {
			tx = (w*gs.fs + gs.tc + space) * gs.th
			in.tm = pdfMatrix{1, 0, 0, 1, tx, 0}.mul(in.tm)
		}
		next := pdfMatrix{gs.fs * gs.th, 0, 0, gs.fs, 0, gs.ts}.mul(in.tm).mul(gs.ctm)
		ux, uy := trm[0], trm[1]
		if f.vertical {
			ux, uy = -trm[2], -trm[3]
		}
		size := math.Hypot(trm[2], trm[3]) * f.sizeScale
		in.out.glyph(trm[4], trm[5], ux, uy, size, next[4], next[5], text, ok, known, f.symbolic)
	}
}

func (in *pdfInterp) doXObject(res pdfDict, name pdfName, depth int) {
	d := in.d
	xo := d.dictOf(res["XObject"])
	if xo == nil {
		return
	}
	ref := xo[name]
	s, ok := d.resolve(ref).(*pdfStream)
	if !ok {
		return
	}
	switch d.nameOf(s.dict["Subtype"]) {
	case "Image":
		m := in.gs.ctm
		if a := math.Abs(m[0]*m[3] - m[1]*m[2]); a > in.image {
			in.image = a
		}
	case "Form":
		if depth >= pdfMaxFormDepth {
			return
		}
		num := -1
		if r, ok := ref.(pdfRef); ok {
			num = r.num
			for _, f := range in.forms {
				if f == num {
					return
				}
			}
		}
		data, err := d.decode(s, true)
		if err != nil {
			return
		}
		fres := d.dictOf(s.dict["Resources"])
		if fres == nil {
			fres = res
		}
		saved, savedStack := in.gs, len(in.stack)
		savedTm, savedTlm := in.tm, in.tlm
		if m := d.arrayOf(s.dict["Matrix"]); len(m) == 6 {
			var v pdfMatrix
			okm := true
			for i := range 6 {
				if v[i], ok = d.numOf(m[i]); !ok {
					okm = false
				}
			}
			if okm {
				in.gs.ctm = v.mul(in.gs.ctm)
			}
		}
		in.forms = append(in.forms, num)
		marked := len(in.out.marked)
		in.run(data, fres, depth+1)
		for len(in.out.marked) > marked {
			in.out.endMarked()
		}
		in.forms = in.forms[:len(in.forms)-1]
		in.gs, in.stack = saved, in.stack[:min(savedStack, len(in.stack))]
		in.tm, in.tlm = savedTm, savedTlm
	}
}

// inlineImage skips "BI ... ID <data> EI" and records the image's area.
func (in *pdfInterp) inlineImage(l *pdfLex) {
	p := pdfParser{l: l}
	params := pdfDict{}
	for {
		t := l.next()
		if t.kind == pdfTEOF {
			return
		}
		if t.kind == pdfTKeyword && string(t.s) == "ID" {
			break
		}
		if t.kind != pdfTName {
			continue
		}
		v, err := p.parse(1)
		if err != nil {
			return
		}
		params[pdfName(t.s)] = v
	}
	m := in.gs.ctm
	if a := math.Abs(m[0]*m[3] - m[1]*m[2]); a > in.image {
		in.image = a
	}
	if l.pos < len(l.b) && pdfIsWS(l.b[l.pos]) {
		l.pos++
	}
	start := l.pos
	// Without a filter the data's length is known.
	if params["F"] == nil && params["Filter"] == nil {
		w, _ := pdfNum(pdfFirst(params, "W", "Width"))
		h, _ := pdfNum(pdfFirst(params, "H", "Height"))
		bpc, ok := pdfNum(pdfFirst(params, "BPC", "BitsPerComponent"))
		if !ok {
			bpc = 1
		}
		comps := 1.0
		switch cs := pdfFirst(params, "CS", "ColorSpace").(type) {
		case pdfName:
			switch cs {
			case "RGB", "DeviceRGB", "CalRGB":
				comps = 3
			case "CMYK", "DeviceCMYK":
				comps = 4
			}
		}
		if im, _ := pdfFirst(params, "IM", "ImageMask").(bool); im {
			comps, bpc = 1, 1
		}
		if size := h * math.Ceil(w*comps*bpc/8); w > 0 && h > 0 && size < float64(len(l.b)-start) {
			end := start + int(size)
			e := pdfLex{b: l.b, pos: end}
			e.skipWS()
			if bytes.HasPrefix(l.b[e.pos:], []byte("EI")) {
				l.pos = e.pos + 2
				return
			}
		}
	}
	for i := start; i < len(l.b); {
		j := bytes.Index(l.b[i:], []byte("EI"))
		if j < 0 {
			break
		}
		k := i + j
		if (k == start || pdfIsWS(l.b[k-1])) && (k+2 == len(l.b) || pdfIsWS(l.b[k+2]) || pdfIsDelim(l.b[k+2])) {
			l.pos = k + 2
			return
		}
		i = k + 2
	}
	l.pos = len(l.b)
}

func pdfFirst(d pdfDict, keys ...pdfName) pdfObject {
	for _, k := range keys {
		if v, ok := d[k]; ok {
			return v
		}
	}
	return nil
}

// pdfOut collects the text, decides where words end from where glyphs are drawn, and counts
// it in pieces (cut after a space, so that no word is cut).
type pdfOut struct {
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
	marked            []pdfMarked // open marked-content sequences
	replaced          int         // how many of them replace their glyphs by an ActualText
}

// pdfMarked is a marked-content sequence; one with an ActualText stands for its glyphs.
type pdfMarked struct {
	actual  bool
	text    string
	written bool
}

func (o *pdfOut) beginMarked(actual []byte) {
	if len(o.marked) >= pdfMaxGStateStack {
		return
	}
	m := pdfMarked{actual: actual != nil && o.replaced == 0}
	if m.actual {
		m.text = pdfTextString(actual)
		o.replaced++
	}
	o.marked = append(o.marked, m)
}

func (o *pdfOut) endMarked() {
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

// pdfTextString decodes a PDF text string (UTF-16BE with a byte order mark, UTF-8 with one, or
// PDFDocEncoding).
func pdfTextString(b []byte) string {
	switch {
	case len(b) >= 2 && b[0] == 0xfe && b[1] == 0xff:
		return pdfUTF16(b[2:])
	case len(b) >= 3 && b[0] == 0xef && b[1] == 0xbb && b[2] == 0xbf:
		return strings.ToValidUTF8(string(b[3:]), "")
	}
	high := []rune(pdfDocHigh)
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
const pdfDocHigh = "•†‡…—–ƒ⁄‹›−‰„“”‘" +
	"’‚™ﬁﬂŁŒŠŸŽıłœšž�"

// flush counts the text collected so far: all of it, or up to its last space.
func (o *pdfOut) flush(all bool) {
	s := o.b.String()
	cut := len(s)
	if !all {
		cut = strings.LastIndexAny(s, " \n") + 1
		if cut == 0 { // one very long word: cut it at a character
			_, n := utf8.DecodeLastRuneInString(s)
			cut = len(s) - n
		}
	}
	w, c := CountText(s[:cut])
	o.words, o.chars = o.words+w, o.chars+c
	if n := min(cut, pdfHeadBytes-len(o.head)); n > 0 {
		o.head = append(o.head, s[:n]...)
	}
	rest := s[cut:]
	o.b.Reset()
	o.b.WriteString(rest)
}

func (o *pdfOut) pageBreak() {
	o.flushSoft()
	o.sep('\n')
	o.has = false
}

func (o *pdfOut) sep(c byte) {
	if o.started && !o.lastWS {
		o.b.WriteByte(c)
		o.lastWS = true
	}
}

func (o *pdfOut) flushSoft() {
	if o.softHyphen {
		o.softHyphen = false
		o.b.WriteByte('-')
		o.lastWS, o.started = false, true
	}
}

func (o *pdfOut) glyph(x, y, ux, uy, size, nx, ny float64, text string, ok, known, symbolic bool) {
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
		spaceGap := pdfSpaceGap
		back := -0.5
		if !o.known {
			spaceGap, back = 0.6, -1.2 // the last glyph's advance was a guess
		}
		switch {
		case sz <= 1e-9 || math.IsNaN(along) || math.IsNaN(perp):
		case math.Abs(perp) > pdfLineGap*sz || ux*o.ux+uy*o.uy < 0.9:
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
func (o *pdfOut) write(s string) {
	if o.b.Len() > pdfTextChunk {
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

// ---- Fonts ----

type pdfFont struct {
	simple    bool
	enc       *[256]string // simple fonts: the text of each code ("" unknown)
	toUni     *pdfCMap
	cmap      *pdfCMap // Type0: an embedded encoding CMap
	identity  bool     // Type0: Identity-H/V, CID = code
	ucs2      bool     // Type0: the codes are UTF-16 (Uni*-UCS2-*, Uni*-UTF16-*)
	vertical  bool
	symbolic  bool // Symbol, ZapfDingbats, Wingdings...: glyphs are not text
	widths    []float64
	first     int
	missing   float64
	cidW      []pdfWRange
	dw        float64
	std       *pdfStdMetrics
	scale     float64 // width units to text space
	sizeScale float64
	hasWidths bool
	memo      map[uint32]string
	memoLeft  *int
}

type pdfWRange struct {
	lo, hi uint32
	w      float64
}

func pdfDefaultFont() *pdfFont {
	return &pdfFont{simple: true, enc: pdfEncodingTable("WinAnsiEncoding"), scale: 0.001, sizeScale: 1}
}

func (f *pdfFont) next(s []byte) (uint32, int) {
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

func (f *pdfFont) text(code uint32) (string, bool) {
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

func (f *pdfFont) lookup(code uint32) string {
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
func (f *pdfFont) width(code uint32) (float64, bool) {
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
func (d *pdfDoc) font(res pdfDict, name pdfName) *pdfFont {
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
			d.directFonts = map[uintptr]*pdfFont{}
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

func (d *pdfDoc) loadFont(fd pdfDict) *pdfFont {
	if fd == nil {
		return nil
	}
	f := &pdfFont{scale: 0.001, sizeScale: 1, memoLeft: &d.memoLeft}
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
		f.std = pdfStdFont(lbase)
	}
	return f
}

// cmapOf parses a CMap stream once however many fonts use it.
func (d *pdfDoc) cmapOf(ref pdfObject, s *pdfStream) *pdfCMap {
	r, isRef := ref.(pdfRef)
	if isRef {
		if m, ok := d.cmaps[r.num]; ok {
			return m
		}
	}
	var m *pdfCMap
	if b, err := d.decode(s, true); err == nil {
		m = pdfParseCMap(b, &d.cmapLeft)
	}
	if isRef {
		if d.cmaps == nil {
			d.cmaps = map[int]*pdfCMap{}
		}
		d.cmaps[r.num] = m
	}
	return m
}

func (f *pdfFont) setPredefinedCMap(name string) {
	switch {
	case strings.HasPrefix(name, "Identity-"):
		f.identity = true
	case strings.Contains(name, "UCS2") || strings.Contains(name, "UTF16"):
		f.ucs2 = true
	}
	f.vertical = strings.HasSuffix(name, "-V")
}

func (d *pdfDoc) parseW(w pdfArray) []pdfWRange {
	var out []pdfWRange
	for i := 0; i < len(w) && len(out) < pdfMaxCMapEntries; {
		first, ok := d.intOf(w[i])
		if !ok || first < 0 || i+1 >= len(w) {
			break
		}
		if arr := d.arrayOf(w[i+1]); arr != nil {
			for k, x := range arr {
				v, _ := d.numOf(x)
				c := uint32(first) + uint32(k)
				out = append(out, pdfWRange{c, c, v})
			}
			i += 2
			continue
		}
		last, ok1 := d.intOf(w[i+1])
		if i+2 >= len(w) || !ok1 || last < first {
			break
		}
		v, _ := d.numOf(w[i+2])
		out = append(out, pdfWRange{uint32(first), uint32(last), v})
		i += 3
	}
	sort.SliceStable(out, func(a, b int) bool { return out[a].lo < out[b].lo })
	return out
}

func (d *pdfDoc) simpleEncoding(fd, desc pdfDict) *[256]string {
	var base *[256]string
	subtype := d.nameOf(fd["Subtype"])
	if subtype == "Type1" || subtype == "MMType1" {
		base = pdfEncodingTable("StandardEncoding")
	}
	var diffs pdfArray
	explicit := false
	switch e := d.resolve(fd["Encoding"]).(type) {
	case pdfName:
		base, explicit = pdfEncodingTable(string(e)), true
	case pdfDict:
		if b := d.nameOf(e["BaseEncoding"]); b != "" {
			base, explicit = pdfEncodingTable(string(b)), true
		}
		diffs = d.arrayOf(e["Differences"])
	}
	if !explicit && base != nil {
		// An embedded Type 1 font has its own encoding (TeX fonts, for one).
		if s, ok := d.resolve(desc["FontFile"]).(*pdfStream); ok {
			if b, err := d.decode(s, true); err == nil {
				if t := pdfType1Encoding(b); t != nil {
					base = t
				}
			}
		}
	}
	if base == nil {
		base = pdfEncodingTable("WinAnsiEncoding")
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
				t[code] = pdfGlyphText(string(v))
			}
			if code >= 0 {
				code++
			}
		}
	}
	return &t
}

// pdfType1Encoding reads "dup <code> /<name> put" from the clear-text part of a Type 1 font
// program; nil when the font uses StandardEncoding or says nothing.
func pdfType1Encoding(b []byte) *[256]string {
	if i := bytes.Index(b, []byte("eexec")); i >= 0 {
		b = b[:i]
	}
	i := bytes.Index(b, []byte("/Encoding"))
	if i < 0 {
		return nil
	}
	b = b[i+len("/Encoding"):]
	l := pdfLex{b: b}
	var t [256]string
	found := false
	var prev [3]pdfTok
	for n := 0; n < 4096; n++ {
		tok := l.next()
		if tok.kind == pdfTEOF {
			break
		}
		if tok.kind == pdfTKeyword {
			switch string(tok.s) {
			case "StandardEncoding":
				if !found {
					return nil
				}
			case "put":
				if prev[0].kind == pdfTKeyword && string(prev[0].s) == "dup" && prev[1].kind == pdfTInt &&
					prev[1].i >= 0 && prev[1].i < 256 && prev[2].kind == pdfTName {
					t[prev[1].i] = pdfGlyphText(string(prev[2].s))
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

// ---- CMaps ----

type pdfCodeRange struct {
	n      int
	lo, hi [4]byte
}

type pdfUniRange struct {
	lo, hi uint32
	base   []uint16 // UTF-16; the last unit is incremented by code-lo
	arr    []string // or one string per code
}

type pdfCIDRange struct {
	lo, hi, cid uint32
}

type pdfCMap struct {
	space   []pdfCodeRange
	chars   map[uint32]string
	ranges  []pdfUniRange
	cids    []pdfCIDRange
	useCMap string
}

// pdfParseCMap reads a CMap; budget is the number of entries the document may still hold.
func pdfParseCMap(b []byte, budget *int) *pdfCMap {
	m := &pdfCMap{chars: map[uint32]string{}}
	l := pdfLex{b: b}
	var last pdfTok
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
		if t.kind == pdfTEOF {
			break
		}
		if t.kind != pdfTKeyword {
			if t.kind == pdfTName {
				last = t
			}
			continue
		}
		switch string(t.s) {
		case "usecmap":
			if last.kind == pdfTName {
				m.useCMap = string(last.s)
			}
		case "begincodespacerange":
			for *budget > 0 {
				a := l.next()
				if a.kind != pdfTString {
					break
				}
				bb := l.next()
				if bb.kind != pdfTString || len(a.s) == 0 || len(a.s) > 4 || len(bb.s) != len(a.s) {
					continue
				}
				r := pdfCodeRange{n: len(a.s)}
				copy(r.lo[:], a.s)
				copy(r.hi[:], bb.s)
				m.space = append(m.space, r)
				*budget--
			}
		case "beginbfchar":
			for *budget > 0 {
				a := l.next()
				if a.kind != pdfTString {
					break
				}
				dst := l.next()
				c, ok := code(a.s)
				if !ok {
					continue
				}
				switch dst.kind {
				case pdfTString:
					m.chars[c] = pdfUTF16(dst.s)
				case pdfTName:
					m.chars[c] = pdfGlyphText(string(dst.s))
				}
				*budget--
			}
		case "beginbfrange":
			for *budget > 0 {
				a := l.next()
				if a.kind != pdfTString {
					break
				}
				bb, dst := l.next(), l.next()
				lo, ok1 := code(a.s)
				hi, ok2 := code(bb.s)
				*budget--
				switch dst.kind {
				case pdfTString:
					if ok1 && ok2 && lo <= hi && len(dst.s) >= 1 {
						m.ranges = append(m.ranges, pdfUniRange{lo: lo, hi: hi, base: pdfUnits(dst.s)})
					}
				case pdfTArrOpen:
					var arr []string
					for *budget > 0 {
						x := l.next()
						if x.kind != pdfTString {
							break
						}
						arr = append(arr, pdfUTF16(x.s))
						*budget--
					}
					if ok1 && ok2 && lo <= hi {
						m.ranges = append(m.ranges, pdfUniRange{lo: lo, hi: hi, arr: arr})
					}
				}
			}
		case "begincidrange":
			for *budget > 0 {
				a := l.next()
				if a.kind != pdfTString {
					break
				}
				bb, c := l.next(), l.next()
				lo, ok1 := code(a.s)
				hi, ok2 := code(bb.s)
				if ok1 && ok2 && lo <= hi && c.kind == pdfTInt && c.i >= 0 && c.i <= math.MaxUint32 {
					m.cids = append(m.cids, pdfCIDRange{lo, hi, uint32(c.i)})
				}
				*budget--
			}
		case "begincidchar":
			for *budget > 0 {
				a := l.next()
				if a.kind != pdfTString {
					break
				}
				c := l.next()
				lo, ok := code(a.s)
				if ok && c.kind == pdfTInt && c.i >= 0 && c.i <= math.MaxUint32 {
					m.cids = append(m.cids, pdfCIDRange{lo, lo, uint32(c.i)})
				}
				*budget--
			}
		}
	}
	sort.SliceStable(m.ranges, func(a, b int) bool { return m.ranges[a].lo < m.ranges[b].lo })
	sort.SliceStable(m.cids, func(a, b int) bool { return m.cids[a].lo < m.cids[b].lo })
	return m
}

func pdfUnits(b []byte) []uint16 {
	if len(b) == 1 {
		return []uint16{uint16(b[0])}
	}
	u := make([]uint16, len(b)/2)
	for i := range u {
		u[i] = uint16(b[2*i])<<8 | uint16(b[2*i+1])
	}
	return u
}

func pdfUTF16(b []byte) string {
	return string(utf16.Decode(pdfUnits(b)))
}

func (m *pdfCMap) nextCode(s []byte) (uint32, int) {
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

func (m *pdfCMap) unicode(code uint32) (string, bool) {
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

func (m *pdfCMap) cid(code uint32) (uint32, bool) {
	r := m.cids
	i := sort.Search(len(r), func(i int) bool { return r[i].lo > code }) - 1
	for k := 0; i >= 0 && k < 8; i, k = i-1, k+1 {
		if code <= r[i].hi {
			return r[i].cid + code - r[i].lo, true
		}
	}
	return 0, false
}

// ---- Encodings and glyph names ----

// Latin-1 Supplement (U+00A0..U+00FF) and Latin Extended-A (U+0100..U+017F) glyph names, in
// code point order.
const pdfLatinNames = "space exclamdown cent sterling currency yen brokenbar section dieresis copyright " +
	"ordfeminine guillemotleft logicalnot hyphen registered macron degree plusminus twosuperior " +
	"threesuperior acute mu paragraph periodcentered cedilla onesuperior ordmasculine guillemotright " +
	"onequarter onehalf threequarters questiondown Agrave Aacute Acircumflex Atilde Adieresis Aring AE " +
	"Ccedilla Egrave Eacute Ecircumflex Edieresis Igrave Iacute Icircumflex Idieresis Eth Ntilde Ograve " +
	"Oacute Ocircumflex Otilde Odieresis multiply Oslash Ugrave Uacute Ucircumflex Udieresis Yacute Thorn " +
	"germandbls agrave aacute acircumflex atilde adieresis aring ae ccedilla egrave eacute ecircumflex " +
	"edieresis igrave iacute icircumflex idieresis eth ntilde ograve oacute ocircumflex otilde odieresis " +
	"divide oslash ugrave uacute ucircumflex udieresis yacute thorn ydieresis " +
	"Amacron amacron Abreve abreve Aogonek aogonek Cacute cacute Ccircumflex ccircumflex Cdotaccent " +
	"cdotaccent Ccaron ccaron Dcaron dcaron Dcroat dcroat Emacron emacron Ebreve ebreve Edotaccent " +
	"edotaccent Eogonek eogonek Ecaron ecaron Gcircumflex gcircumflex Gbreve gbreve Gdotaccent gdotaccent " +
	"Gcommaaccent gcommaaccent Hcircumflex hcircumflex Hbar hbar Itilde itilde Imacron imacron Ibreve " +
	"ibreve Iogonek iogonek Idotaccent dotlessi IJ ij Jcircumflex jcircumflex Kcommaaccent kcommaaccent " +
	"kgreenlandic Lacute lacute Lcommaaccent lcommaaccent Lcaron lcaron Ldot ldot Lslash lslash Nacute " +
	"nacute Ncommaaccent ncommaaccent Ncaron ncaron napostrophe Eng eng Omacron omacron Obreve obreve " +
	"Ohungarumlaut ohungarumlaut OE oe Racute racute Rcommaaccent rcommaaccent Rcaron rcaron Sacute " +
	"sacute Scircumflex scircumflex Scedilla scedilla Scaron scaron Tcommaaccent tcommaaccent Tcaron " +
	"tcaron Tbar tbar Utilde utilde Umacron umacron Ubreve ubreve Uring uring Uhungarumlaut uhungarumlaut " +
	"Uogonek uogonek Wcircumflex wcircumflex Ycircumflex ycircumflex Ydieresis Zacute zacute Zdotaccent " +
	"zdotaccent Zcaron zcaron longs"

// ASCII glyph names from U+0020.
const pdfASCIINames = "space exclam quotedbl numbersign dollar percent ampersand quotesingle parenleft " +
	"parenright asterisk plus comma hyphen period slash zero one two three four five six seven eight " +
	"nine colon semicolon less equal greater question at A B C D E F G H I J K L M N O P Q R S T U V W X " +
	"Y Z bracketleft backslash bracketright asciicircum underscore grave a b c d e f g h i j k l m n o p q " +
	"r s t u v w x y z braceleft bar braceright asciitilde"

var pdfOtherNames = map[string]rune{
	"quoteleft": '\u2018', "quoteright": '\u2019', "quotedblleft": '\u201c', "quotedblright": '\u201d',
	"quotesinglbase": '\u201a', "quotedblbase": '\u201e', "guilsinglleft": '\u2039', "guilsinglright": '\u203a',
	"endash": '\u2013', "emdash": '\u2014', "bullet": '\u2022', "ellipsis": '\u2026', "dagger": '\u2020',
	"daggerdbl": '\u2021', "perthousand": '\u2030', "trademark": '\u2122', "Euro": '\u20ac', "florin": '\u0192',
	"circumflex": '\u02c6', "tilde": '\u02dc', "breve": '\u02d8', "dotaccent": '\u02d9', "ring": '\u02da',
	"ogonek": '\u02db', "caron": '\u02c7', "hungarumlaut": '\u02dd', "fraction": '\u2044', "minus": '\u2212',
	"fi": '\ufb01', "fl": '\ufb02', "ff": '\ufb00', "ffi": '\ufb03', "ffl": '\ufb04',
	"nbspace": '\u00a0', "sfthyphen": '\u00ad', "periodcentered": '\u00b7', "middot": '\u00b7',
	"Scommaaccent": '\u0218', "scommaaccent": '\u0219', "Tcedilla": '\u0162', "tcedilla": '\u0163',
	"Delta": '\u2206', "Omega": '\u2126', "pi": '\u03c0', "mu": '\u00b5', "lozenge": '\u25ca',
	"notequal": '\u2260', "lessequal": '\u2264', "greaterequal": '\u2265', "infinity": '\u221e',
	"partialdiff": '\u2202', "summation": '\u2211', "product": '\u220f', "integral": '\u222b',
	"radical": '\u221a', "approxequal": '\u2248', "dotlessj": '\u0237', "commaaccent": '\u0326',
	"Gcedilla": '\u0122', "gcedilla": '\u0123', "Kcedilla": '\u0136', "kcedilla": '\u0137',
	"Lcedilla": '\u013b', "lcedilla": '\u013c', "Ncedilla": '\u0145', "ncedilla": '\u0146',
	"Rcedilla": '\u0156', "rcedilla": '\u0157', "Dslash": '\u0110', "dslash": '\u0111',
	"Idot": '\u0130', "afii61289": '\u2113', "estimated": '\u212e', "onethird": '\u2153',
	"twothirds": '\u2154', "arrowleft": '\u2190', "arrowright": '\u2192', "arrowup": '\u2191',
	"arrowdown": '\u2193', "section": '\u00a7', "numero": '\u2116', "afii61352": '\u2116',
}

var (
	pdfNamesOnce sync.Once
	pdfNames     map[string]rune
	pdfRuneNames map[rune]string
)

func pdfInitNames() {
	pdfNamesOnce.Do(func() {
		pdfNames = map[string]rune{}
		pdfRuneNames = map[rune]string{}
		for i, n := range strings.Fields(pdfASCIINames) {
			pdfNames[n] = rune(0x20 + i)
		}
		for i, n := range strings.Fields(pdfLatinNames) {
			if _, ok := pdfNames[n]; !ok {
				pdfNames[n] = rune(0xa0 + i)
			}
		}
		for n, r := range pdfOtherNames {
			if _, ok := pdfNames[n]; !ok {
				pdfNames[n] = r
			}
		}
		for n, r := range pdfNames {
			if old, ok := pdfRuneNames[r]; !ok || n < old {
				pdfRuneNames[r] = n
			}
		}
		pdfRuneNames[0x20] = "space"
		pdfRuneNames[0xad] = "hyphen"
		pdfRuneNames[0xb7] = "periodcentered"
	})
}

// pdfGlyphText maps a glyph name to its text (Adobe Glyph List rules, for the names that
// Latin-script documents use, uniXXXX and uXXXX[XX]).
func pdfGlyphText(name string) string {
	pdfInitNames()
	if i := strings.IndexByte(name, '.'); i > 0 {
		name = name[:i]
	} else if i == 0 {
		return ""
	}
	if strings.Contains(name, "_") {
		var b strings.Builder
		for _, part := range strings.Split(name, "_") {
			b.WriteString(pdfGlyphText(part))
		}
		return b.String()
	}
	if r, ok := pdfNames[name]; ok {
		if r == 0xad {
			return "-"
		}
		return string(r)
	}
	if strings.HasPrefix(name, "uni") && len(name) >= 7 && (len(name)-3)%4 == 0 {
		var u []uint16
		for i := 3; i < len(name); i += 4 {
			v, err := strconv.ParseUint(name[i:i+4], 16, 16)
			if err != nil {
				return ""
			}
			u = append(u, uint16(v))
		}
		return string(utf16.Decode(u))
	}
	if len(name) >= 5 && len(name) <= 7 && name[0] == 'u' {
		if v, err := strconv.ParseUint(name[1:], 16, 32); err == nil && v <= unicode.MaxRune && !utf16.IsSurrogate(rune(v)) {
			return string(rune(v))
		}
	}
	return ""
}

// Code 0x80..0xFF of WinAnsiEncoding and MacRomanEncoding (PDF 32000 Annex D).
const (
	pdfWinAnsiHigh = "\u20ac\u2022\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u2022\u017d\u2022" +
		"\u2022\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u2022\u017e\u0178"
	pdfMacRomanHigh = "\u00C4\u00C5\u00C7\u00C9\u00D1\u00D6\u00DC\u00E1\u00E0\u00E2\u00E4\u00E3\u00E5\u00E7\u00E9\u00E8" +
		"\u00EA\u00EB\u00ED\u00EC\u00EE\u00EF\u00F1\u00F3\u00F2\u00F4\u00F6\u00F5\u00FA\u00F9\u00FB\u00FC" +
		"\u2020\u00B0\u00A2\u00A3\u00A7\u2022\u00B6\u00DF\u00AE\u00A9\u2122\u00B4\u00A8\u2260\u00C6\u00D8" +
		"\u221E\u00B1\u2264\u2265\u00A5\u00B5\u2202\u2211\u220F\u03C0\u222B\u00AA\u00BA\u03A9\u00E6\u00F8" +
		"\u00BF\u00A1\u00AC\u221A\u0192\u2248\u2206\u00AB\u00BB\u2026\u00A0\u00C0\u00C3\u00D5\u0152\u0153" +
		"\u2013\u2014\u201C\u201D\u2018\u2019\u00F7\u25CA\u00FF\u0178\u2044\u00A4\u2039\u203A\uFB01\uFB02" +
		"\u2021\u00B7\u201A\u201E\u2030\u00C2\u00CA\u00C1\u00CB\u00C8\u00CD\u00CE\u00CF\u00CC\u00D3\u00D4" +
		"\uFFFD\u00D2\u00DA\u00DB\u00D9\u0131\u02C6\u02DC\u00AF\u02D8\u02D9\u02DA\u00B8\u02DD\u02DB\u02C7"
)

// StandardEncoding above 0x7F: code and glyph name.
var pdfStandardHigh = map[byte]string{
	0xa1: "exclamdown", 0xa2: "cent", 0xa3: "sterling", 0xa4: "fraction", 0xa5: "yen", 0xa6: "florin",
	0xa7: "section", 0xa8: "currency", 0xa9: "quotesingle", 0xaa: "quotedblleft", 0xab: "guillemotleft",
	0xac: "guilsinglleft", 0xad: "guilsinglright", 0xae: "fi", 0xaf: "fl", 0xb1: "endash", 0xb2: "dagger",
	0xb3: "daggerdbl", 0xb4: "periodcentered", 0xb6: "paragraph", 0xb7: "bullet", 0xb8: "quotesinglbase",
	0xb9: "quotedblbase", 0xba: "quotedblright", 0xbb: "guillemotright", 0xbc: "ellipsis", 0xbd: "perthousand",
	0xbf: "questiondown", 0xc1: "grave", 0xc2: "acute", 0xc3: "circumflex", 0xc4: "tilde", 0xc5: "macron",
	0xc6: "breve", 0xc7: "dotaccent", 0xc8: "dieresis", 0xca: "ring", 0xcb: "cedilla", 0xcd: "hungarumlaut",
	0xce: "ogonek", 0xcf: "caron", 0xd0: "emdash", 0xe1: "AE", 0xe3: "ordfeminine", 0xe8: "Lslash",
	0xe9: "Oslash", 0xea: "OE", 0xeb: "ordmasculine", 0xf1: "ae", 0xf5: "dotlessi", 0xf8: "lslash",
	0xf9: "oslash", 0xfa: "oe", 0xfb: "germandbls",
}

var (
	pdfEncOnce   sync.Once
	pdfEncTables map[string]*[256]string
)

func pdfEncodingTable(name string) *[256]string {
	pdfEncOnce.Do(func() {
		var win, mac, std [256]string
		for c := 0x20; c < 0x7f; c++ {
			win[c], mac[c], std[c] = string(rune(c)), string(rune(c)), string(rune(c))
		}
		std[0x27], std[0x60] = "\u2019", "\u2018"
		for i, r := range []rune(pdfWinAnsiHigh) {
			win[0x80+i] = string(r)
		}
		for c := 0xa0; c <= 0xff; c++ {
			win[c] = string(rune(c))
		}
		win[0xa0], win[0xad] = " ", "-"
		win[0x7f] = "\u2022"
		for i, r := range []rune(pdfMacRomanHigh) {
			if r != '\ufffd' {
				mac[0x80+i] = string(r)
			}
		}
		mac[0xca] = " "
		for c, n := range pdfStandardHigh {
			std[c] = pdfGlyphText(n)
		}
		pdfEncTables = map[string]*[256]string{
			"WinAnsiEncoding": &win, "MacRomanEncoding": &mac, "StandardEncoding": &std,
		}
	})
	if t, ok := pdfEncTables[name]; ok {
		return t
	}
	return pdfEncTables["WinAnsiEncoding"]
}

// ---- Metrics of the standard fonts (used when a font has no Widths) ----

type pdfStdMetrics struct {
	fixed float64
	w     map[rune]float64
}

func (m *pdfStdMetrics) width(text string) (float64, bool) {
	if m.fixed > 0 {
		return m.fixed, true
	}
	r, n := utf8.DecodeRuneInString(text)
	if n == 0 || n != len(text) {
		return 0, false
	}
	if w, ok := m.w[r]; ok {
		return w, true
	}
	// An accented letter is as wide as its base letter in these fonts.
	pdfInitNames()
	if name := pdfRuneNames[r]; len(name) > 1 {
		if r == 0x131 {
			return m.w['i'], true
		}
		if w, ok := m.w[rune(name[0])]; ok && (name[0]|0x20) >= 'a' && (name[0]|0x20) <= 'z' {
			return w, true
		}
	}
	return 0, false
}

// pdfStd14 maps lower-case standard font names (and their usual aliases) to metrics families.
var pdfStd14 = map[string]string{
	"helvetica": "H", "helvetica-oblique": "H", "helvetica-bold": "HB", "helvetica-boldoblique": "HB",
	"arial": "H", "arialmt": "H", "arial,italic": "H", "arial-italicmt": "H", "arial,bold": "HB",
	"arial-boldmt": "HB", "arial,bolditalic": "HB", "arial-bolditalicmt": "HB",
	"times-roman": "T", "times-italic": "TI", "times-bold": "TB", "times-bolditalic": "TBI",
	"timesnewroman": "T", "timesnewromanpsmt": "T", "timesnewroman,italic": "TI",
	"timesnewromanps-italicmt": "TI", "timesnewroman,bold": "TB", "timesnewromanps-boldmt": "TB",
	"timesnewroman,bolditalic": "TBI", "timesnewromanps-bolditalicmt": "TBI",
	"courier": "C", "courier-oblique": "C", "courier-bold": "C", "courier-boldoblique": "C",
	"couriernew": "C", "couriernewpsmt": "C", "symbol": "", "zapfdingbats": "",
}

var (
	pdfStdOnce    sync.Once
	pdfStdMetric  map[string]*pdfStdMetrics
	pdfStdCourier = &pdfStdMetrics{fixed: 600}
)

func pdfStdFont(lname string) *pdfStdMetrics {
	fam, ok := pdfStd14[lname]
	if !ok || fam == "" {
		return nil
	}
	if fam == "C" {
		return pdfStdCourier
	}
	pdfStdOnce.Do(func() {
		pdfStdMetric = map[string]*pdfStdMetrics{}
		runes := []rune(pdfStdRunes)
		for fam, ws := range pdfStdWidths {
			m := &pdfStdMetrics{w: map[rune]float64{}}
			for i, w := range ws {
				if i < len(runes) && w > 0 {
					m.w[runes[i]] = float64(w)
				}
			}
			pdfStdMetric[fam] = m
		}
	})
	return pdfStdMetric[fam]
}

// Widths of the standard fonts (from their Adobe AFM files, as shipped in groff's devps fonts),
// for pdfStdRunes in order.
const pdfStdRunes = " !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~€•‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”–—˜™š›œžŸ¡¢£¤¥¦§¨©ª«¬®¯°±²³´µ¶·¸¹º»¼½¾¿ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖ×ØÙÚÛÜÝÞßàáâãäåæçèéêëìíîïðñòóôõö÷øùúûüýþÿ"

var pdfStdWidths = map[string][]uint16{
	"H":   {278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, 556, 350, 222, 556, 333, 1000, 556, 556, 333, 1000, 667, 333, 1000, 611, 222, 222, 333, 333, 556, 1000, 333, 1000, 500, 333, 944, 500, 667, 333, 556, 556, 556, 556, 260, 556, 333, 737, 370, 556, 584, 737, 333, 400, 584, 333, 333, 333, 578, 537, 278, 333, 333, 365, 556, 834, 834, 834, 611, 667, 667, 667, 667, 667, 667, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278, 722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611, 556, 556, 556, 556, 556, 556, 889, 500, 556, 556, 556, 556, 278, 278, 278, 278, 556, 556, 556, 556, 556, 556, 556, 584, 611, 556, 556, 556, 556, 500, 556, 500},
	"HB":  {278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584, 556, 350, 278, 556, 500, 1000, 556, 556, 333, 1000, 667, 333, 1000, 611, 278, 278, 500, 500, 556, 1000, 333, 1000, 556, 333, 944, 500, 667, 333, 556, 556, 556, 556, 280, 556, 333, 737, 370, 556, 584, 737, 333, 400, 584, 333, 333, 333, 611, 556, 278, 333, 333, 365, 556, 834, 834, 834, 611, 722, 722, 722, 722, 722, 722, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278, 722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611, 556, 556, 556, 556, 556, 556, 889, 556, 556, 556, 556, 556, 278, 278, 278, 278, 611, 611, 611, 611, 611, 611, 611, 584, 611, 611, 611, 611, 611, 556, 611, 556},
	"T":   {250, 333, 408, 500, 500, 833, 778, 180, 333, 333, 500, 564, 250, 333, 250, 278, 500, 500, 500, 500, 500, 500, 500, 500, 500, 500, 278, 278, 564, 564, 564, 444, 921, 722, 667, 667, 722, 611, 556, 722, 722, 333, 389, 722, 611, 889, 722, 722, 556, 722, 667, 556, 611, 722, 722, 944, 722, 722, 611, 333, 278, 333, 469, 500, 333, 444, 500, 444, 500, 444, 333, 500, 500, 278, 278, 500, 278, 778, 500, 500, 500, 500, 333, 389, 278, 500, 500, 722, 500, 500, 444, 480, 200, 480, 541, 500, 350, 333, 500, 444, 1000, 500, 500, 333, 1000, 556, 333, 889, 611, 333, 333, 444, 444, 500, 1000, 333, 980, 389, 333, 722, 444, 722, 333, 500, 500, 500, 500, 200, 500, 333, 760, 276, 500, 564, 760, 333, 400, 564, 300, 300, 333, 510, 453, 250, 333, 300, 310, 500, 750, 750, 750, 444, 722, 722, 722, 722, 722, 722, 889, 667, 611, 611, 611, 611, 333, 333, 333, 333, 722, 722, 722, 722, 722, 722, 722, 564, 722, 722, 722, 722, 722, 722, 556, 500, 444, 444, 444, 444, 444, 444, 667, 444, 444, 444, 444, 444, 278, 278, 278, 278, 500, 500, 500, 500, 500, 500, 500, 564, 500, 500, 500, 500, 500, 500, 500, 500},
	"TB":  {250, 333, 555, 500, 500, 1000, 833, 278, 333, 333, 500, 570, 250, 333, 250, 278, 500, 500, 500, 500, 500, 500, 500, 500, 500, 500, 333, 333, 570, 570, 570, 500, 930, 722, 667, 722, 722, 667, 611, 778, 778, 389, 500, 778, 667, 944, 722, 778, 611, 778, 722, 556, 667, 722, 722, 1000, 722, 722, 667, 333, 278, 333, 581, 500, 333, 500, 556, 444, 556, 444, 333, 500, 556, 278, 333, 556, 278, 833, 556, 500, 556, 556, 444, 389, 333, 556, 500, 722, 500, 500, 444, 394, 220, 394, 520, 500, 350, 333, 500, 500, 1000, 500, 500, 333, 1000, 556, 333, 1000, 667, 333, 333, 500, 500, 500, 1000, 333, 1000, 389, 333, 722, 444, 722, 333, 500, 500, 500, 500, 220, 500, 333, 747, 300, 500, 570, 747, 333, 400, 570, 300, 300, 333, 601, 540, 250, 333, 300, 330, 500, 750, 750, 750, 500, 722, 722, 722, 722, 722, 722, 1000, 722, 667, 667, 667, 667, 389, 389, 389, 389, 722, 722, 778, 778, 778, 778, 778, 570, 778, 722, 722, 722, 722, 722, 611, 556, 500, 500, 500, 500, 500, 500, 722, 444, 444, 444, 444, 444, 278, 278, 278, 278, 500, 556, 500, 500, 500, 500, 500, 570, 500, 556, 556, 556, 556, 500, 556, 500},
	"TI":  {250, 333, 420, 500, 500, 833, 778, 214, 333, 333, 500, 675, 250, 333, 250, 278, 500, 500, 500, 500, 500, 500, 500, 500, 500, 500, 333, 333, 675, 675, 675, 500, 920, 611, 611, 667, 722, 611, 611, 722, 722, 333, 444, 667, 556, 833, 667, 722, 611, 722, 611, 500, 556, 722, 611, 833, 611, 556, 556, 389, 278, 389, 422, 500, 333, 500, 500, 444, 500, 444, 278, 500, 500, 278, 278, 444, 278, 722, 500, 500, 500, 500, 389, 389, 278, 500, 444, 667, 444, 444, 389, 400, 275, 400, 541, 500, 350, 333, 500, 556, 889, 500, 500, 333, 1000, 500, 333, 944, 556, 333, 333, 556, 556, 500, 889, 333, 980, 389, 333, 667, 389, 556, 389, 500, 500, 500, 500, 275, 500, 333, 760, 276, 500, 675, 760, 333, 400, 675, 300, 300, 333, 514, 523, 250, 333, 300, 310, 500, 750, 750, 750, 500, 611, 611, 611, 611, 611, 611, 889, 667, 611, 611, 611, 611, 333, 333, 333, 333, 722, 667, 722, 722, 722, 722, 722, 675, 722, 722, 722, 722, 722, 556, 611, 500, 500, 500, 500, 500, 500, 500, 667, 444, 444, 444, 444, 444, 278, 278, 278, 278, 500, 500, 500, 500, 500, 500, 500, 675, 500, 500, 500, 500, 500, 444, 500, 444},
	"TBI": {250, 389, 555, 500, 500, 833, 778, 278, 333, 333, 500, 570, 250, 333, 250, 278, 500, 500, 500, 500, 500, 500, 500, 500, 500, 500, 333, 333, 570, 570, 570, 500, 832, 667, 667, 667, 722, 667, 667, 722, 778, 389, 500, 667, 611, 889, 722, 722, 611, 722, 667, 556, 611, 722, 667, 889, 667, 611, 611, 333, 278, 333, 570, 500, 333, 500, 500, 444, 500, 444, 333, 500, 556, 278, 278, 500, 278, 778, 556, 500, 500, 500, 389, 389, 278, 556, 444, 667, 500, 444, 389, 348, 220, 348, 570, 500, 350, 333, 500, 500, 1000, 500, 500, 333, 1000, 556, 333, 944, 611, 333, 333, 500, 500, 500, 1000, 333, 1000, 389, 333, 722, 389, 611, 389, 500, 500, 500, 500, 220, 500, 333, 747, 266, 500, 606, 747, 333, 400, 570, 300, 300, 333, 532, 500, 250, 333, 300, 300, 500, 750, 750, 750, 500, 667, 667, 667, 667, 667, 667, 944, 667, 667, 667, 667, 667, 389, 389, 389, 389, 722, 722, 722, 722, 722, 722, 722, 570, 722, 722, 722, 722, 722, 611, 611, 500, 500, 500, 500, 500, 500, 500, 722, 444, 444, 444, 444, 444, 278, 278, 278, 278, 500, 556, 500, 500, 500, 500, 500, 570, 500, 556, 556, 556, 556, 444, 500, 444},
}
