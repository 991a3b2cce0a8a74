package counting

// Word documents (docx): the main document, headers, footers, footnotes, endnotes and text
// boxes, without hidden text (direct or through styles), field codes and deleted changes.

import (
	"archive/zip"
	"encoding/xml"
	"slices"
	"strconv"
)

func countDOCX(src Source) (*counter, error) {
	p, err := openOOXML(src, DOCX)
	if err != nil {
		return nil, err
	}
	st := &wordStyles{styles: map[string]wordStyle{}}
	for _, f := range p.parts(ctWordMl+"styles+xml", "") {
		if err := p.parse(f, &wordStylesHandler{s: st}); err != nil {
			return nil, err
		}
	}
	if len(st.styles) == 0 && p.a.file("word/styles.xml") != nil {
		if err := p.a.parsePart("word/styles.xml", &wordStylesHandler{s: st}); err != nil {
			return nil, err
		}
	}
	var main []*zip.File
	for _, f := range p.a.zr.File {
		if mainKind(p.ct.typeOf(f.Name)) == DOCX && !slices.Contains(main, f) {
			main = append(main, f)
		}
	}
	if len(main) == 0 {
		main = append(main, p.a.file("word/document.xml"))
	}
	main = main[:1]
	for _, kind := range []string{"header", "footer", "footnotes", "endnotes"} {
		main = append(main, p.parts(ctWordMl+kind+"+xml", "")...)
	}
	c := &counter{}
	for _, f := range main {
		h := &docxHandler{c: c, st: st}
		if err := p.parse(f, h); err != nil {
			return nil, err
		}
		c.brk()
	}
	return c, nil
}

// wordStyles knows which paragraph and character styles hide their text (w:vanish).
type wordStyles struct {
	defHidden   int8
	defaultPara string
	styles      map[string]wordStyle
	cur         string
}

type wordStyle struct {
	basedOn string
	vanish  int8 // 0 not set, 1 hidden, -1 explicitly visible
}

func (s *wordStyles) hidden(id string) int8 {
	for i := 0; i < 32 && id != ""; i++ {
		st, ok := s.styles[id]
		if !ok {
			return 0
		}
		if st.vanish != 0 {
			return st.vanish
		}
		id = st.basedOn
	}
	return 0
}

type wordStylesHandler struct {
	s     *wordStyles
	stack []string
}

func isW(n xml.Name) bool { return n.Space == nsW || n.Space == nsWStrict }

func (h *wordStylesHandler) start(e *xml.StartElement) (bool, error) {
	parent := ""
	if len(h.stack) > 0 {
		parent = h.stack[len(h.stack)-1]
	}
	h.stack = append(h.stack, e.Name.Local)
	if !isW(e.Name) {
		return false, nil
	}
	s := h.s
	switch e.Name.Local {
	case "style":
		s.cur = attrVal(e, "styleId")
		if _, ok := s.styles[s.cur]; !ok {
			s.styles[s.cur] = wordStyle{}
		}
		if attrVal(e, "type") == "paragraph" && truthy(attrVal(e, "default")) {
			s.defaultPara = s.cur
		}
	case "basedOn":
		if parent == "style" {
			st := s.styles[s.cur]
			st.basedOn = attrVal(e, "val")
			s.styles[s.cur] = st
		}
	case "vanish":
		if parent != "rPr" || len(h.stack) < 3 {
			break
		}
		switch h.stack[len(h.stack)-3] {
		case "style":
			st := s.styles[s.cur]
			st.vanish = onOff(e)
			s.styles[s.cur] = st
		case "rPrDefault":
			s.defHidden = onOff(e)
		}
	}
	return false, nil
}

func (h *wordStylesHandler) end(*xml.EndElement) {
	if len(h.stack) > 0 {
		h.stack = h.stack[:len(h.stack)-1]
	}
}
func (h *wordStylesHandler) text([]byte) {}

// docxHandler counts a document, header, footer, footnotes or endnotes part: w:t text of runs
// that are not hidden and not field codes, in paragraphs, tables and text boxes.
type docxHandler struct {
	c     *counter
	st    *wordStyles
	stack []string // local names of the open elements
	paras []string // pStyle of each open paragraph
	runs  []wordRun
	// fields: true while in the code part (begin .. separate) of an open field
	fields    []bool
	codeDepth int
	inT       bool
	countT    bool
}

type wordRun struct {
	vanish int8
	style  string
}

func (h *docxHandler) parent() string {
	if len(h.stack) < 2 {
		return ""
	}
	return h.stack[len(h.stack)-2]
}

// visible reports whether text in the current run is counted.
func (h *docxHandler) visible() bool {
	if h.codeDepth > 0 {
		return false
	}
	var v int8
	if n := len(h.runs); n > 0 {
		r := h.runs[n-1]
		v = r.vanish
		if v == 0 {
			v = h.st.hidden(r.style)
		}
	}
	if v == 0 && len(h.paras) > 0 {
		ps := h.paras[len(h.paras)-1]
		if ps == "" {
			ps = h.st.defaultPara
		}
		v = h.st.hidden(ps)
	}
	if v == 0 {
		v = h.st.defHidden
	}
	return v != 1
}

func (h *docxHandler) start(e *xml.StartElement) (bool, error) {
	if e.Name.Space == nsMC && e.Name.Local == "Fallback" {
		return true, nil // the same content again, for older readers
	}
	if !isW(e.Name) {
		h.stack = append(h.stack, e.Name.Local)
		return false, nil
	}
	parent := ""
	if len(h.stack) > 0 {
		parent = h.stack[len(h.stack)-1]
	}
	switch e.Name.Local {
	case "del", "moveFrom", "instrText", "delText", "delInstrText", "rt", "pPrChange", "rPrChange":
		return true, nil // deleted or moved-away text, field codes, ruby guides, former formatting
	case "rPr":
		if parent != "r" {
			return true, nil // paragraph mark and other non-run properties
		}
	}
	h.stack = append(h.stack, e.Name.Local)
	switch e.Name.Local {
	case "p":
		h.c.brk()
		h.paras = append(h.paras, "")
	case "pStyle":
		if parent == "pPr" && len(h.paras) > 0 {
			h.paras[len(h.paras)-1] = attrVal(e, "val")
		}
	case "r":
		h.runs = append(h.runs, wordRun{})
	case "rStyle":
		if parent == "rPr" && len(h.runs) > 0 {
			h.runs[len(h.runs)-1].style = attrVal(e, "val")
		}
	case "vanish":
		if parent == "rPr" && len(h.runs) > 0 {
			h.runs[len(h.runs)-1].vanish = onOff(e)
		}
	case "fldChar":
		switch attrVal(e, "fldCharType") {
		case "begin":
			h.fields = append(h.fields, true)
			h.codeDepth++
		case "separate":
			if n := len(h.fields); n > 0 && h.fields[n-1] {
				h.fields[n-1] = false
				h.codeDepth--
			}
		case "end":
			if n := len(h.fields); n > 0 {
				if h.fields[n-1] {
					h.codeDepth--
				}
				h.fields = h.fields[:n-1]
			}
		}
	case "t":
		if parent == "r" {
			h.inT, h.countT = true, h.visible()
		}
	case "tab", "br", "cr", "ptab":
		if parent == "r" {
			h.c.brk()
		}
	case "noBreakHyphen":
		if parent == "r" && h.visible() {
			h.c.put('\u2011')
		}
	case "sym":
		if parent == "r" && h.visible() {
			if n, err := strconv.ParseUint(attrVal(e, "char"), 16, 32); err == nil && n > 0 && n < 0x110000 {
				h.c.put(rune(n))
			}
		}
	case "txbxContent":
		h.c.brk()
	}
	return false, nil
}

func (h *docxHandler) end(e *xml.EndElement) {
	if len(h.stack) > 0 {
		h.stack = h.stack[:len(h.stack)-1]
	}
	if !isW(e.Name) {
		return
	}
	switch e.Name.Local {
	case "t":
		h.inT = false
	case "r":
		if len(h.runs) > 0 {
			h.runs = h.runs[:len(h.runs)-1]
		}
	case "p":
		if len(h.paras) > 0 {
			h.paras = h.paras[:len(h.paras)-1]
		}
		h.c.brk()
	case "tc", "txbxContent", "footnote", "endnote":
		h.c.brk()
	}
}

func (h *docxHandler) text(b []byte) {
	if h.inT && h.countT {
		h.c.Write(b)
	}
}
