package pdf

// The document: its objects, found through the cross-reference data (or a scan of the file),
// parsed from the file the first time they are asked for and kept.

import (
	"bytes"
	"io"
	"math"
)

// xrefEntry is where the cross-reference data says an object is.
type xrefEntry struct {
	off uint32 // the offset, or the object stream's number
	idx uint32 // index in the object stream
	typ uint8  // 0 free, 1 at an offset, 2 in an object stream
}

// objectStream is an object stream, decoded: the objects it holds, by number and offset.
type objectStream struct {
	data  []byte
	first int
	nums  []int
	offs  []int
}

// document is a document being read; it is read once, by one goroutine.
type document struct {
	f             *file
	limits        Limits
	xref          map[int32]xrefEntry
	trailer       pdfDict
	cache         map[int]pdfObject
	objStms       map[int]*objectStream
	scanned       map[int]int64 // object number -> offset, found by scanning the file
	scanStms      []int64       // offsets of objects that look like object streams
	scanTrailers  []int64       // offsets of "trailer" keywords
	scanIndex     map[int][2]int
	scanDone      bool
	reconstructed bool
	endstreams    []int64
	endstreamsSet bool
	crypt         *decrypter
	fonts         map[int]*font
	cmapLeft      int // CMap entries the document may still hold
	memoLeft      int // decoded codes the fonts may still remember
	directFonts   map[uintptr]*font
	cmaps         map[int]*cmap
	readers       readers
	decoded       int64 // bytes produced by filters
	work          int64 // content bytes interpreted
	parseWork     int64 // bytes lexed while parsing objects
	elements      int
	depth         int
}

// openDocument finds the header and the end of the file, reads the cross-reference data (or
// rebuilds it from a scan of the file) and sets up decryption.
func openDocument(r io.ReaderAt, size int64, limits Limits) *document {
	f := &file{r: r}
	head := make([]byte, min(size, 1024))
	head = head[:f.readAt(head, 0)]
	i := bytes.Index(head, []byte("%PDF-"))
	if i < 0 {
		fail(malformed("no %%PDF- header"))
	}
	f = newFile(r, int64(i), size-int64(i))
	end := f.trimSpace(f.size)
	if start := max(0, end-1024); !f.contains(start, end, "%%EOF") && !f.contains(start, end, "startxref") {
		fail(malformed("the file is truncated (no end-of-file marker)"))
	}
	d := &document{
		f:       f,
		limits:  limits,
		cache:   map[int]pdfObject{},
		objStms: map[int]*objectStream{},
		fonts:   map[int]*font{},

		cmapLeft: maxCMapEntries,
		memoLeft: maxMemo,
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

// lexAt runs fn on a lexer over the file from off and returns where the lexer stopped. When
// fn ran into the end of the window before the end of the file (what it read may be cut
// short), fn runs again over a window eight times larger. fn may change nothing but what it
// returns (the values it parsed are counted again, so their count is put back).
func (d *document) lexAt(off int64, fn func(l *lexer)) int64 {
	elements := d.elements
	for n := firstWindow; ; {
		w := d.f.window(off, n)
		l := lexer{b: w, cut: off+int64(len(w)) < d.f.size}
		fn(&l)
		if !l.overrun || len(w) >= maxWindow {
			return off + int64(l.pos)
		}
		d.elements = elements
		n = min(max(n, len(w))*8, maxWindow)
	}
}

// parseIndirectAt parses "num gen obj ... endobj" at off; want >= 0 checks the number.
func (d *document) parseIndirectAt(off int64, want int) (int, pdfObject) {
	if off < 0 || off >= d.f.size {
		return -1, nil
	}
	var (
		num, gen int
		obj      pdfObject
		found    bool
		stream   bool // obj is the dictionary of a stream whose data follows end
	)
	end := d.lexAt(off, func(l *lexer) {
		found, stream = false, false
		n, g, kw := l.next(), l.next(), l.next()
		if n.kind != tokInt || g.kind != tokInt || kw.kind != tokKeyword || string(kw.s) != "obj" {
			return
		}
		if want >= 0 && n.i != int64(want) {
			return
		}
		p := parser{l: l, d: d, refs: true}
		o, err := p.parse(0)
		if err != nil && o == nil {
			return
		}
		num, gen = int(min(max(n.i, 0), math.MaxInt32)), int(min(max(g.i, 0), math.MaxInt32))
		obj, found = o, true
		if _, ok := o.(pdfDict); ok && err == nil {
			save := l.pos
			if t := l.next(); t.kind == tokKeyword && string(t.s) == "stream" {
				stream = true
				return
			}
			l.pos = save
		}
	})
	if d.parseWork += end - off; d.parseWork > 8*d.f.size+64<<20 {
		fail(malformed("the objects cannot be parsed in bounded time"))
	}
	if !found {
		return -1, nil
	}
	if stream {
		return num, d.streamAt(obj.(pdfDict), end, num, gen)
	}
	return num, obj
}

// streamAt finds the data of a stream whose "stream" keyword ends at pos: Length bytes when
// "endstream" follows them, else up to the next "endstream" (a wrong Length is common).
func (d *document) streamAt(dict pdfDict, pos int64, num, gen int) *pdfStream {
	f := d.f
	for pos < f.size && (f.byteAt(pos) == ' ' || f.byteAt(pos) == '\t') {
		pos++
	}
	if pos < f.size && f.byteAt(pos) == '\r' {
		pos++
	}
	if pos < f.size && f.byteAt(pos) == '\n' {
		pos++
	}
	s := &pdfStream{dict: dict, num: num, gen: gen, off: pos}
	if n, ok := d.resolve(dict["Length"]).(int64); ok && n >= 0 && n <= f.size-pos {
		ends := false
		d.lexAt(pos+n, func(l *lexer) {
			l.skipWS()
			ends = l.hasPrefix("endstream") || l.atEnd()
		})
		if ends {
			s.length = n
			return s
		}
	}
	end := d.endstreamAfter(pos)
	if end < 0 {
		end = f.size
	} else {
		if end > pos && f.byteAt(end-1) == '\n' {
			end--
		}
		if end > pos && f.byteAt(end-1) == '\r' {
			end--
		}
	}
	s.length = end - pos
	return s
}

// get returns object num (nil when it does not exist or cannot be parsed).
func (d *document) get(num int) pdfObject {
	if o, ok := d.cache[num]; ok {
		return o
	}
	if d.depth >= maxRefChain {
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
			_, obj = d.parseIndirectAt(off, num)
		} else if obj == nil {
			obj = d.fromScannedObjStms(num)
		}
	}
	d.cache[num] = obj
	return obj
}

// loadObjStm is object stream num, decoded the first time it is asked for.
func (d *document) loadObjStm(num int) *objectStream {
	if stm, ok := d.objStms[num]; ok {
		return stm
	}
	d.objStms[num] = nil // a stream containing itself finds nothing
	s, ok := d.get(num).(*pdfStream)
	if !ok {
		return nil
	}
	stm := d.objStmFrom(s)
	d.objStms[num] = stm
	return stm
}

func (d *document) objStmFrom(s *pdfStream) *objectStream {
	n, ok1 := s.dict["N"].(int64)
	first, ok2 := s.dict["First"].(int64)
	if !ok1 || !ok2 || n < 0 || n > maxObjects || first < 0 {
		return nil
	}
	data, err := d.decode(s, true)
	if err != nil || first > int64(len(data)) {
		return nil
	}
	stm := &objectStream{data: data, first: int(first)}
	l := lexer{b: data[:first]}
	for range n {
		a, b := l.next(), l.next()
		if a.kind != tokInt || b.kind != tokInt || a.i < 0 || b.i < 0 || a.i > math.MaxInt32 || b.i > int64(len(data)) {
			break
		}
		stm.nums = append(stm.nums, int(a.i))
		stm.offs = append(stm.offs, int(b.i))
	}
	return stm
}

// fromObjStm parses object num, the idx-th in object stream stmNum (or wherever it is in it).
func (d *document) fromObjStm(stmNum, idx, num int) (pdfObject, bool) {
	stm := d.loadObjStm(stmNum)
	if stm == nil {
		return nil, false
	}
	if idx < 0 || idx >= len(stm.nums) || stm.nums[idx] != num {
		idx = -1
		for i, n := range stm.nums {
			if n == num {
				idx = i
				break
			}
		}
		if idx < 0 {
			return nil, false
		}
	}
	pos := stm.first + stm.offs[idx]
	if pos >= len(stm.data) {
		return nil, false
	}
	l := lexer{b: stm.data, pos: pos}
	p := parser{l: &l, d: d, refs: true}
	obj, err := p.parse(0)
	if err != nil {
		return nil, false
	}
	return obj, true
}

// resolve follows references to the object they name.
func (d *document) resolve(o pdfObject) pdfObject {
	for range maxRefChain {
		r, ok := o.(pdfRef)
		if !ok {
			return o
		}
		o = d.get(r.num)
	}
	return nil
}

func (d *document) dictOf(o pdfObject) pdfDict {
	switch v := d.resolve(o).(type) {
	case pdfDict:
		return v
	case *pdfStream:
		return v.dict
	}
	return nil
}

func (d *document) arrayOf(o pdfObject) pdfArray {
	a, _ := d.resolve(o).(pdfArray)
	return a
}

func (d *document) nameOf(o pdfObject) pdfName {
	n, _ := d.resolve(o).(pdfName)
	return n
}

func (d *document) intOf(o pdfObject) (int64, bool) {
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

func toFloat(o pdfObject) (float64, bool) {
	switch v := o.(type) {
	case int64:
		return float64(v), true
	case float64:
		return v, true
	}
	return 0, false
}

func (d *document) numOf(o pdfObject) (float64, bool) { return toFloat(d.resolve(o)) }
