package pdf

// Cross-reference data: where each object is. Tables and streams are read from the last
// startxref back along the Prev chain, the newest entry for an object winning.

import (
	"errors"
	"fmt"
	"math"
)

// loadXref reads the cross-reference sections from the last startxref along the Prev chain.
func (d *document) loadXref() error {
	i := d.f.lastIndex("startxref")
	if i < 0 {
		return errors.New("no startxref")
	}
	var t token
	d.lexAt(i+int64(len("startxref")), func(l *lexer) { t = l.next() })
	if t.kind != tokInt {
		return errors.New("bad startxref")
	}
	d.xref = map[int32]xrefEntry{}
	off := t.i
	seen := map[int64]bool{}
	for n := 0; ; n++ {
		if off <= 0 || off >= d.f.size || seen[off] || n >= maxXrefSections {
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
		if xs, ok := trailer["XRefStm"].(int64); ok && xs > 0 && xs < d.f.size && !seen[xs] {
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

func (d *document) setXref(num int64, e xrefEntry) error {
	if e.typ == 0 || num < 0 || num > math.MaxInt32 {
		return nil // free entries are not kept: a deleted object is not referenced either
	}
	if _, ok := d.xref[int32(num)]; ok {
		return nil // a newer section already said
	}
	// More objects than the file can hold (a few bytes each even in object streams) is a
	// cross-reference section made to exhaust memory; the file is then scanned instead.
	if n := int(min(maxObjects, 1000+d.f.size/8)); len(d.xref) >= n {
		return fmt.Errorf("more than %d objects", n)
	}
	d.xref[int32(num)] = e
	return nil
}

// readXrefSection reads the table or stream at off and returns its trailer dictionary. A
// table is read an entry at a time, each from the file where the last one ended: a table of a
// million objects is 20 MB.
func (d *document) readXrefSection(off int64) (pdfDict, error) {
	table := false
	pos := d.lexAt(off, func(l *lexer) {
		l.skipWS()
		table = l.hasPrefix("xref")
	})
	if !table {
		return d.readXrefStream(pos)
	}
	pos += int64(len("xref"))
	for {
		var first, count token
		var trailer pdfObject
		var err error
		isTrailer := false
		pos = d.lexAt(pos, func(l *lexer) {
			first = l.next()
			if isTrailer = first.kind == tokKeyword && string(first.s) == "trailer"; isTrailer {
				p := parser{l: l, d: d, refs: true}
				trailer, err = p.parse(0)
				return
			}
			count = l.next()
		})
		if isTrailer {
			dict, ok := trailer.(pdfDict)
			if err != nil || !ok {
				return nil, errors.New("bad trailer")
			}
			return dict, nil
		}
		if first.kind != tokInt || count.kind != tokInt || first.i < 0 || count.i < 0 || first.i > maxObjects || count.i > maxObjects {
			return nil, errors.New("bad xref subsection")
		}
		for k := int64(0); k < count.i; k++ {
			var offset, gen, use token
			var inUse bool
			pos = d.lexAt(pos, func(l *lexer) {
				offset, gen, use = l.next(), l.next(), l.next()
				inUse = len(use.s) == 1 && use.s[0] == 'n'
			})
			if offset.kind != tokInt || gen.kind != tokInt || use.kind != tokKeyword || len(use.s) != 1 {
				return nil, errors.New("bad xref entry")
			}
			e := xrefEntry{}
			if inUse && offset.i > 0 && offset.i < math.MaxUint32 {
				e = xrefEntry{typ: 1, off: uint32(offset.i)}
			}
			if err := d.setXref(first.i+k, e); err != nil {
				return nil, err
			}
		}
	}
}

func (d *document) readXrefStream(off int64) (pdfDict, error) {
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
		if !ok1 || !ok2 || start < 0 || count < 0 || start > maxObjects || count > maxObjects {
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
			var e xrefEntry
			switch {
			case f2 < 0 || f2 >= math.MaxUint32 || f3 < 0 || f3 >= math.MaxUint32:
			case typ == 1:
				e = xrefEntry{typ: 1, off: uint32(f2)}
			case typ == 2:
				e = xrefEntry{typ: 2, off: uint32(f2), idx: uint32(f3)}
			}
			if err := d.setXref(start+k, e); err != nil {
				return nil, err
			}
		}
	}
	return s.dict, nil
}
