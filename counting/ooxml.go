package counting

// Office Open XML (docx, xlsx, pptx): the parts are found by their content types in
// [Content_Types].xml, and read one by one with the archive limits.

import (
	"archive/zip"
	"encoding/xml"
	"fmt"
	"path"
	"slices"
	"strings"
)

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

// PowerPoint presentations (pptx): the text of every slide's shapes and tables, and the
// speaker notes.

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
