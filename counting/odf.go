package counting

import (
	"encoding/xml"
	"fmt"
	"strconv"
	"strings"
)

// OpenDocument (odt, ods, odp): content.xml holds the body; styles.xml the named styles (some
// hide text) and, for text documents, the page headers and footers.

const (
	nsOffice = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
	nsText   = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"
	nsTable  = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
	nsStyle  = "urn:oasis:names:tc:opendocument:xmlns:style:1.0"
	nsDraw   = "urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"
	nsSVG    = "urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"
	nsPres   = "urn:oasis:names:tc:opendocument:xmlns:presentation:1.0"
)

// Repetition factors of spreadsheet rows and columns are capped at the sizes of a sheet.
const (
	maxRepeatColumns = 16384
	maxRepeatRows    = 1 << 20
)

var odfMimeKinds = map[string]Format{
	"application/vnd.oasis.opendocument.text":                  ODT,
	"application/vnd.oasis.opendocument.text-template":         ODT,
	"application/vnd.oasis.opendocument.text-master":           ODT,
	"application/vnd.oasis.opendocument.spreadsheet":           ODS,
	"application/vnd.oasis.opendocument.spreadsheet-template":  ODS,
	"application/vnd.oasis.opendocument.presentation":          ODP,
	"application/vnd.oasis.opendocument.presentation-template": ODP,
}

var odfBodyKinds = map[string]Format{"text": ODT, "spreadsheet": ODS, "presentation": ODP}

func countODF(src Source, want Format) (*counter, error) {
	a, err := openArchive(src)
	if err != nil {
		return nil, err
	}
	if f := a.file("mimetype"); f != nil {
		b, err := a.readSmall(f, 256)
		if err != nil {
			return nil, err
		}
		mt := strings.TrimSpace(string(b))
		if k := odfMimeKinds[mt]; k != want {
			return nil, fmt.Errorf("%w: an OpenDocument archive of type %q is not a .%s file", ErrMismatch, mt, want)
		}
	}
	if a.file("content.xml") == nil {
		return nil, fmt.Errorf("%w: a zip archive without content.xml is not a .%s file", ErrMismatch, want)
	}
	common := odfStyleMap{}
	side := &counter{} // headers and footers, added after the body so the preview starts with it
	if a.file("styles.xml") != nil {
		h := &odfHandler{kind: want, c: side, common: common, auto: odfStyleMap{}, stylesFile: true}
		if err := a.parsePart("styles.xml", h); err != nil {
			return nil, err
		}
	}
	c := &counter{}
	h := &odfHandler{kind: want, c: c, common: common, auto: odfStyleMap{}}
	if err := a.parsePart("content.xml", h); err != nil {
		return nil, err
	}
	if h.body == "" {
		return nil, fmt.Errorf("%w: content.xml has no document body", ErrMalformed)
	}
	c.addScaled(side, 1)
	return c, nil
}

type odfStyle struct {
	parent string
	hidden int8 // 1: text:display="none"; -1: explicitly shown; 0: inherited
}

type odfStyleMap map[string]odfStyle

// odfHandler walks content.xml (or styles.xml with stylesFile set).
type odfHandler struct {
	kind       Format
	stylesFile bool
	c          *counter // where text goes now (a cell's own counter inside a repeated cell)
	main       *counter // the document's counter while c is a cell's
	cell       counter
	common     odfStyleMap // office:styles (from styles.xml)
	auto       odfStyleMap // office:automatic-styles of this file

	body      string // the office:body child: text, spreadsheet, presentation, ...
	depth     int
	bodyDepth int // depth of office:body; 0 when outside
	hfDepth   int // depth of a header/footer in styles.xml; 0 when outside
	inStyles  int // inside office:styles (1) or office:automatic-styles (2)
	curStyle  string

	paras     []odfPara
	mute      int // open paragraphs hidden by text:hidden-paragraph
	rowRep    int
	cellRep   int
	cellOpen  bool
	cellDepth int
}

type odfPara struct {
	snap counter
	on   *counter
	dead bool
}

func (h *odfHandler) hiddenStyle(name string) bool {
	for i := 0; i < 32 && name != ""; i++ {
		st, ok := h.auto[name]
		if !ok {
			st, ok = h.common[name]
		}
		if !ok {
			return false
		}
		if st.hidden != 0 {
			return st.hidden == 1
		}
		name = st.parent
	}
	return false
}

func repeat(e *xml.StartElement, local string, limit int) int {
	v, ok := attr(e, local)
	if !ok {
		return 1
	}
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil || n < 1 {
		return 1
	}
	return min(n, limit)
}

// counting reports whether character data here is document text.
func (h *odfHandler) counting() bool {
	if len(h.paras) == 0 || h.mute > 0 {
		return false
	}
	if h.stylesFile {
		return h.hfDepth > 0
	}
	if h.bodyDepth == 0 {
		return false
	}
	if h.kind == ODS {
		return h.cellOpen
	}
	return true
}

func (h *odfHandler) start(e *xml.StartElement) (bool, error) {
	n := e.Name
	// collect styles
	if n.Space == nsOffice && (n.Local == "styles" || n.Local == "automatic-styles") && h.bodyDepth == 0 {
		h.inStyles = 1
		if n.Local == "automatic-styles" {
			h.inStyles = 2
		}
	}
	if h.inStyles > 0 && n.Space == nsStyle {
		switch n.Local {
		case "style":
			h.curStyle = attrVal(e, "name")
			m := h.common
			if h.inStyles == 2 || !h.stylesFile {
				m = h.auto
			}
			m[h.curStyle] = odfStyle{parent: attrVal(e, "parent-style-name")}
		case "text-properties":
			if d, ok := attr(e, "display"); ok && h.curStyle != "" {
				m := h.common
				if h.inStyles == 2 || !h.stylesFile {
					m = h.auto
				}
				st := m[h.curStyle]
				st.hidden = -1
				if d == "none" {
					st.hidden = 1
				}
				m[h.curStyle] = st
			}
		}
	}

	switch n.Space {
	case nsOffice:
		switch n.Local {
		case "body":
			h.bodyDepth = h.depth + 1
		case "text", "spreadsheet", "presentation", "drawing", "chart", "image":
			if h.bodyDepth == h.depth && h.body == "" && !h.stylesFile {
				h.body = n.Local
				if k := odfBodyKinds[n.Local]; k != h.kind {
					return false, fmt.Errorf("%w: the document body is %q, not a .%s file", ErrMismatch, n.Local, h.kind)
				}
			}
		case "annotation", "annotation-end", "binary-data", "forms", "scripts", "event-listeners", "settings":
			return true, nil
		}
	case nsStyle:
		switch n.Local {
		case "header", "footer", "header-left", "footer-left", "header-first", "footer-first":
			if !h.stylesFile || h.kind != ODT || attrVal(e, "display") == "false" {
				return true, nil
			}
			if h.hfDepth == 0 {
				h.hfDepth = h.depth + 1
			}
		}
	case nsSVG:
		if n.Local == "title" || n.Local == "desc" {
			return true, nil // alternative text of frames and shapes
		}
	case nsDraw:
		if n.Local == "page-thumbnail" {
			return true, nil
		}
	case nsText:
		switch n.Local {
		case "tracked-changes", "note-citation", "hidden-paragraph":
			if n.Local == "hidden-paragraph" && attrVal(e, "is-hidden") == "true" && len(h.paras) > 0 {
				p := &h.paras[len(h.paras)-1]
				if !p.dead {
					p.on.restore(p.snap)
					p.dead = true
					h.mute++
				}
			}
			return true, nil
		case "hidden-text":
			if attrVal(e, "is-hidden") == "true" {
				return true, nil
			}
		case "section":
			if attrVal(e, "display") == "none" || h.hiddenStyle(attrVal(e, "style-name")) {
				return true, nil
			}
		case "p", "h":
			if h.hiddenStyle(attrVal(e, "style-name")) {
				return true, nil
			}
			h.c.brk()
			h.paras = append(h.paras, odfPara{snap: h.c.snapshot(), on: h.c})
		case "span", "a":
			if h.hiddenStyle(attrVal(e, "style-name")) {
				return true, nil
			}
		case "s", "tab", "line-break":
			h.c.brk()
		default:
			if strings.HasSuffix(n.Local, "-source") {
				return true, nil // templates of generated indexes
			}
		}
	case nsTable:
		switch n.Local {
		case "table-row":
			h.rowRep = repeat(e, "number-rows-repeated", maxRepeatRows)
		case "covered-table-cell":
			return true, nil
		case "table-cell":
			if h.kind == ODS && h.bodyDepth > 0 && !h.stylesFile {
				vt, _ := attr(e, "value-type")
				if _, f := attr(e, "formula"); f || vt != "string" {
					return true, nil
				}
				if h.cellOpen { // a cell inside a cell: count it in place
					break
				}
				h.cellOpen, h.cellDepth = true, h.depth
				h.cellRep = repeat(e, "number-columns-repeated", maxRepeatColumns) * max(h.rowRep, 1)
				h.main, h.cell = h.c, counter{}
				h.c = &h.cell
			}
		}
	}
	h.depth++
	return false, nil
}

func (h *odfHandler) end(e *xml.EndElement) {
	h.depth--
	n := e.Name
	if n.Space == nsOffice {
		switch n.Local {
		case "styles", "automatic-styles":
			if h.bodyDepth == 0 {
				h.inStyles = 0
			}
		case "body":
			h.bodyDepth = 0
		}
	}
	if h.hfDepth > 0 && h.depth < h.hfDepth {
		h.hfDepth = 0
		h.c.brk()
	}
	switch n.Space {
	case nsStyle:
		if n.Local == "style" {
			h.curStyle = ""
		}
	case nsText:
		switch n.Local {
		case "p", "h":
			if k := len(h.paras); k > 0 {
				if h.paras[k-1].dead {
					h.mute--
				}
				h.paras = h.paras[:k-1]
			}
			h.c.brk()
		}
	case nsTable:
		switch n.Local {
		case "table-row":
			h.rowRep = 1
		case "table-cell":
			if h.cellOpen && h.depth == h.cellDepth {
				h.cellOpen = false
				h.c = h.main
				h.c.addScaled(&h.cell, h.cellRep)
			} else {
				h.c.brk()
			}
		}
	}
}

func (h *odfHandler) text(b []byte) {
	if h.counting() {
		h.c.Write(b)
	}
}
