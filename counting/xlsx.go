package counting

// Excel workbooks (xlsx): the text cells of every sheet, shared strings counted once for every
// cell that uses them.

import (
	"encoding/xml"
	"strconv"
	"strings"
)

func countXLSX(src Source) (*counter, error) {
	p, err := openOOXML(src, XLSX)
	if err != nil {
		return nil, err
	}
	sst := &sharedStrings{}
	sstParts := p.parts(ctSheetMl+"sharedstrings+xml", "")
	if len(sstParts) == 0 {
		if f := p.a.file("xl/sharedStrings.xml"); f != nil {
			sstParts = append(sstParts, f)
		}
	}
	if len(sstParts) > 0 {
		if err := p.parse(sstParts[0], &sstHandler{sst: sst}); err != nil {
			return nil, err
		}
	}
	c := &counter{}
	for _, f := range p.parts(ctSheetMl+"worksheet+xml", "xl/worksheets") {
		if err := p.parse(f, &sheetHandler{c: c, sst: sst}); err != nil {
			return nil, err
		}
		c.brk()
	}
	return c, nil
}

// sharedStrings is the workbook's string table; a string is counted once for every cell that
// refers to it, from counts computed the first time.
type sharedStrings struct {
	s      []string
	counts []sstCount
}

type sstCount struct {
	words, chars int
	done         bool
}

func (s *sharedStrings) count(i int) (sstCount, bool) {
	if i < 0 || i >= len(s.s) {
		return sstCount{}, false
	}
	if s.counts == nil {
		s.counts = make([]sstCount, len(s.s))
	}
	if !s.counts[i].done {
		var k counter
		k.WriteString(s.s[i])
		s.counts[i] = sstCount{k.words, k.chars, true}
	}
	return s.counts[i], true
}

type sstHandler struct {
	sst   *sharedStrings
	inSI  bool
	inT   bool
	depth int
	buf   []byte
}

func (h *sstHandler) start(e *xml.StartElement) (bool, error) {
	switch e.Name.Local {
	case "si":
		h.inSI, h.buf = true, h.buf[:0]
	case "rPh", "phoneticPr", "extLst":
		return true, nil // phonetic guides
	case "t":
		h.inT = h.inSI
	case "tab", "br":
		if h.inSI {
			h.buf = append(h.buf, ' ')
		}
	}
	return false, nil
}

func (h *sstHandler) end(e *xml.EndElement) {
	switch e.Name.Local {
	case "si":
		if h.inSI {
			h.sst.s = append(h.sst.s, string(h.buf))
		}
		h.inSI, h.inT = false, false
	case "t":
		h.inT = false
	}
}

func (h *sstHandler) text(b []byte) {
	if h.inT {
		h.buf = append(h.buf, b...)
	}
}

// sheetHandler counts text cells: shared strings (t="s"), inline strings and string cells
// (t="str") the customer typed; never numbers, booleans, dates, errors or anything with a
// formula (a t="str" cell with one holds the formula's computed result).
type sheetHandler struct {
	c        *counter
	sst      *sharedStrings
	inCell   bool
	typ      string
	formula  bool
	inV, inT bool
	inIS     bool
	v        []byte
	inline   []byte
}

func (h *sheetHandler) start(e *xml.StartElement) (bool, error) {
	switch e.Name.Local {
	case "c":
		h.inCell, h.typ, h.formula = true, attrVal(e, "t"), false
		h.v, h.inline = h.v[:0], h.inline[:0]
	case "f":
		h.formula = true
		return true, nil
	case "v":
		h.inV = h.inCell
	case "is":
		h.inIS = h.inCell
	case "t":
		h.inT = h.inIS
	case "rPh", "phoneticPr", "extLst":
		return true, nil
	}
	return false, nil
}

func (h *sheetHandler) end(e *xml.EndElement) {
	switch e.Name.Local {
	case "v":
		h.inV = false
	case "t":
		h.inT = false
	case "is":
		h.inIS = false
	case "c":
		if h.inCell && !h.formula {
			switch h.typ {
			case "s":
				if i, err := strconv.Atoi(strings.TrimSpace(string(h.v))); err == nil {
					if n, ok := h.sst.count(i); ok {
						// The preview reads the string only while it is not full.
						h.c.add(n.words, n.chars, h.sst.s[i])
					}
				}
			case "inlineStr":
				h.c.brk()
				h.c.Write(h.inline)
				h.c.brk()
			case "str":
				// Excel writes str only for formula results, but other programs (and
				// exports built by scripts) write typed text this way, with no <f>.
				h.c.brk()
				h.c.Write(h.v)
				h.c.brk()
			}
		}
		h.inCell, h.inV, h.inT, h.inIS = false, false, false, false
	}
}

func (h *sheetHandler) text(b []byte) {
	switch {
	case h.inT:
		h.inline = append(h.inline, b...)
	case h.inV && (len(h.v) < 32 || h.typ == "str"):
		// a str cell's value is its text; any other value is a number (an index, a
		// boolean, an error), and 32 bytes are more than any of them
		h.v = append(h.v, b...)
	}
}
