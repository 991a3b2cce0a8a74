package pdf

// Repair: the objects of a file whose cross-reference data is wrong or missing are found by
// scanning the file for "num gen obj", and its trailer rebuilt (damaged uploads, files cut and
// glued by mail programs, offsets shifted by an editor).

import (
	"slices"
	"sort"
	"strconv"
)

// endstreamAfter is the offset of the first "endstream" at or after pos, or -1.
func (d *document) endstreamAfter(pos int64) int64 {
	if !d.endstreamsSet {
		d.endstreamsSet = true
		const key = "endstream"
		for i := int64(0); ; {
			j := d.f.index(i, key)
			if j < 0 {
				break
			}
			d.endstreams = append(d.endstreams, j)
			i = j + int64(len(key))
		}
	}
	if k, _ := slices.BinarySearch(d.endstreams, pos); k < len(d.endstreams) {
		return d.endstreams[k]
	}
	return -1
}

// scan finds every "num gen obj" in the file, for files whose cross-reference data is wrong.
func (d *document) scan() {
	if d.scanDone {
		return
	}
	d.scanDone = true
	d.scanned = map[int]int64{}
	f := d.f
	for i := int64(0); ; {
		k := f.index(i, "obj")
		if k < 0 {
			break
		}
		i = k + 3
		if i < f.size && isRegular(f.byteAt(i)) {
			continue
		}
		// Walk back over: ws, gen digits, ws, num digits.
		p := k
		ws := func() bool {
			q := p
			for p > 0 && isSpace(f.byteAt(p-1)) {
				p--
			}
			return p < q
		}
		digits := func() (int, bool) {
			q := p
			for p > 0 && isDigit(f.byteAt(p-1)) && q-p < 10 {
				p--
			}
			if p == q {
				return 0, false
			}
			v, err := strconv.Atoi(string(f.window(p, int(q-p))[:q-p]))
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
		if !ok || (p > 0 && isRegular(f.byteAt(p-1))) {
			continue
		}
		if len(d.scanned) >= maxObjects {
			if _, ok := d.scanned[num]; !ok {
				continue
			}
		}
		d.scanned[num] = p
		if f.contains(i, min(f.size, i+256), "/ObjStm") {
			d.scanStms = append(d.scanStms, p)
		}
	}
	for i := int64(0); ; {
		j := f.index(i, "trailer")
		if j < 0 {
			break
		}
		d.scanTrailers = append(d.scanTrailers, j)
		i = j + 7
	}
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// fromScannedObjStms looks for num in the object streams the scan found.
func (d *document) fromScannedObjStms(num int) pdfObject {
	if d.scanIndex == nil {
		d.scanIndex = map[int][2]int{}
		for _, off := range d.scanStms {
			n, obj := d.parseIndirectAt(off, -1)
			s, ok := obj.(*pdfStream)
			if !ok || n < 0 {
				continue
			}
			if _, ok := d.objStms[n]; !ok {
				d.objStms[n] = d.objStmFrom(s)
			}
			if stm := d.objStms[n]; stm != nil {
				for i, m := range stm.nums {
					if _, ok := d.scanIndex[m]; !ok && len(d.scanIndex) < maxObjects {
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
func (d *document) reconstruct() {
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
		var t pdfObject
		var err error
		d.lexAt(d.scanTrailers[i]+int64(len("trailer")), func(l *lexer) {
			p := parser{l: l, d: d, refs: true}
			t, err = p.parse(0)
		})
		if err == nil {
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
		offs := make([]int64, 0, len(d.scanned))
		for _, off := range d.scanned {
			offs = append(offs, off)
		}
		slices.Sort(offs)
		find := func(key string, accept func(pdfObject) pdfDict) {
			last := -1
			for i := int64(0); d.trailer == nil; {
				j := d.f.index(i, key)
				if j < 0 {
					return
				}
				i = j + int64(len(key))
				k, _ := slices.BinarySearch(offs, i)
				if k--; k < 0 || k == last {
					continue // each object is looked at once
				}
				last = k
				n, obj := d.parseIndirectAt(offs[k], -1)
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
		fail(malformed("no document catalog"))
	}
	if old != nil && d.trailer["Encrypt"] == nil && old["Encrypt"] != nil {
		d.trailer["Encrypt"] = old["Encrypt"]
		d.trailer["ID"] = old["ID"]
	}
}
