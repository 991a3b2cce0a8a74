package counting

import (
	"archive/zip"
	"encoding/xml"
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"
)

// Office Open XML (docx, xlsx, pptx): the parts are found by their content types in
// [Content_Types].xml, and read one by one with the archive limits.

const (
	nsW         = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
	nsWStrict   = "http://purl.oclc.org/ooxml/wordprocessingml/main"
	nsA         = "http://schemas.openxmlformats.org/drawingml/2006/main"
	nsAStrict   = "http://purl.oclc.org/ooxml/drawingml/main"
	nsMC        = "http://schemas.openxmlformats.org/markup-compatibility/2006"
	ctPrefix    = "application/vnd.openxmlformats-officedocument."
	ctWordMl    = ctPrefix + "wordprocessingml."
	ctSheetMl   = ctPrefix + "spreadsheetml."
	ctPresentMl = ctPrefix + "presentationml."
)

// contentTypes maps the parts of a package to their content types.
type contentTypes struct {
	overrides map[string]string // lower-case part name without the leading slash
	defaults  map[string]string // lower-case extension without the dot
}

func (ct *contentTypes) typeOf(name string) string {
	low := strings.ToLower(strings.TrimPrefix(name, "/"))
	if t, ok := ct.overrides[low]; ok {
		return t
	}
	ext := path.Ext(low)
	if ext == "" {
		return ""
	}
	return ct.defaults[ext[1:]]
}

type ctHandler struct{ ct *contentTypes }

func (h ctHandler) start(e *xml.StartElement) (bool, error) {
	switch e.Name.Local {
	case "Override":
		name := strings.ToLower(strings.TrimPrefix(attrVal(e, "PartName"), "/"))
		if _, dup := h.ct.overrides[name]; !dup {
			h.ct.overrides[name] = strings.ToLower(strings.TrimSpace(attrVal(e, "ContentType")))
		}
	case "Default":
		ext := strings.ToLower(strings.TrimPrefix(attrVal(e, "Extension"), "."))
		if _, dup := h.ct.defaults[ext]; !dup {
			h.ct.defaults[ext] = strings.ToLower(strings.TrimSpace(attrVal(e, "ContentType")))
		}
	}
	return false, nil
}
func (ctHandler) end(*xml.EndElement) {}
func (ctHandler) text([]byte)         {}

// mainKind is the format a package's main part content type belongs to.
func mainKind(t string) Format {
	if !strings.HasSuffix(t, ".main+xml") {
		return ""
	}
	switch {
	case strings.Contains(t, "wordprocessingml") || strings.Contains(t, "ms-word"):
		return DOCX
	case strings.Contains(t, "spreadsheetml") || strings.Contains(t, "ms-excel"):
		return XLSX
	case strings.Contains(t, "presentationml") || strings.Contains(t, "ms-powerpoint"):
		return PPTX
	}
	return ""
}

// ooxmlPackage is an opened docx/xlsx/pptx.
type ooxmlPackage struct {
	a  *archive
	ct *contentTypes
}

// parts lists the entries whose content type is typ, in natural name order; when the content
// types name none, the entries under fallbackDir ending in .xml.
func (p *ooxmlPackage) parts(typ, fallbackDir string) []*zip.File {
	var out []*zip.File
	seen := map[string]bool{}
	for _, f := range p.a.zr.File {
		name := strings.TrimPrefix(f.Name, "/")
		if seen[name] || strings.HasSuffix(name, "/") {
			continue
		}
		seen[name] = true
		if p.ct.typeOf(name) == typ {
			out = append(out, f)
		}
	}
	if len(out) == 0 && fallbackDir != "" {
		for _, f := range p.a.zr.File {
			name := strings.TrimPrefix(f.Name, "/")
			low := strings.ToLower(name)
			if path.Dir(low) == fallbackDir && path.Ext(low) == ".xml" && p.a.file(name) == f {
				out = append(out, f)
			}
		}
	}
	slices.SortStableFunc(out, func(x, y *zip.File) int {
		switch {
		case natLess(x.Name, y.Name):
			return -1
		case natLess(y.Name, x.Name):
			return 1
		}
		return 0
	})
	return out
}

// openOOXML opens the package and checks that it is the wanted kind.
func openOOXML(src Source, want Format) (*ooxmlPackage, error) {
	a, err := openArchive(src)
	if err != nil {
		return nil, err
	}
	ctf := a.file("[Content_Types].xml")
	if ctf == nil {
		return nil, fmt.Errorf("%w: a zip archive without [Content_Types].xml is not a .%s file", ErrMismatch, want)
	}
	p := &ooxmlPackage{a: a, ct: &contentTypes{overrides: map[string]string{}, defaults: map[string]string{}}}
	if err := a.parsePart(ctf.Name, ctHandler{p.ct}); err != nil {
		return nil, err
	}
	var found Format
	for _, f := range a.zr.File {
		if k := mainKind(p.ct.typeOf(f.Name)); k != "" {
			if k == want {
				return p, nil
			}
			found = k
		}
	}
	if found != "" {
		return nil, fmt.Errorf("%w: the archive is a .%s file, not .%s", ErrMismatch, found, want)
	}
	fallback := map[Format]string{DOCX: "word/document.xml", XLSX: "xl/workbook.xml", PPTX: "ppt/presentation.xml"}[want]
	if a.file(fallback) != nil {
		return p, nil
	}
	return nil, fmt.Errorf("%w: no %s main part in the package", ErrMismatch, want)
}

func (p *ooxmlPackage) parse(f *zip.File, h xmlHandler) error { return p.a.parsePart(f.Name, h) }

// ---- docx ----

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

// ---- xlsx ----

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

// sheetHandler counts text cells: shared strings (t="s") and inline strings, never numbers,
// booleans, dates, errors or anything with a formula.
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
			}
		}
		h.inCell, h.inV, h.inT, h.inIS = false, false, false, false
	}
}

func (h *sheetHandler) text(b []byte) {
	switch {
	case h.inT:
		h.inline = append(h.inline, b...)
	case h.inV && len(h.v) < 32:
		h.v = append(h.v, b...)
	}
}

// ---- pptx ----

func countPPTX(src Source) (*counter, error) {
	p, err := openOOXML(src, PPTX)
	if err != nil {
		return nil, err
	}
	c := &counter{}
	parts := p.parts(ctPresentMl+"slide+xml", "ppt/slides")
	parts = append(parts, p.parts(ctPresentMl+"notesslide+xml", "ppt/notesslides")...)
	for _, f := range parts {
		if err := p.parse(f, &drawingTextHandler{c: c}); err != nil {
			return nil, err
		}
		c.brk()
	}
	return c, nil
}

// drawingTextHandler counts DrawingML text (a:t) of shapes and tables on slides and notes,
// without fields (slide numbers, dates).
type drawingTextHandler struct {
	c   *counter
	inT bool
}

func isA(n xml.Name) bool { return n.Space == nsA || n.Space == nsAStrict }

func (h *drawingTextHandler) start(e *xml.StartElement) (bool, error) {
	if e.Name.Space == nsMC && e.Name.Local == "Fallback" {
		return true, nil
	}
	if !isA(e.Name) {
		return false, nil
	}
	switch e.Name.Local {
	case "fld":
		return true, nil
	case "t":
		h.inT = true
	case "br":
		h.c.brk()
	}
	return false, nil
}

func (h *drawingTextHandler) end(e *xml.EndElement) {
	if !isA(e.Name) {
		return
	}
	switch e.Name.Local {
	case "t":
		h.inT = false
	case "p", "tc", "txBody":
		h.c.brk()
	}
}

func (h *drawingTextHandler) text(b []byte) {
	if h.inT {
		h.c.Write(b)
	}
}
