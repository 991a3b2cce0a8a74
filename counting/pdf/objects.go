package pdf

// Objects: the types of PDF's values (named pdf... where Go has a type of the same name), and
// the parser that builds them from tokens.

import (
	"errors"
	"io"
	"math"
)

type (
	pdfObject  = any // nil, bool, int64, float64, pdfName, pdfString, pdfArray, pdfDict, pdfRef, *pdfStream, pdfKeyword
	pdfName    string
	pdfString  []byte
	pdfArray   []pdfObject
	pdfDict    map[pdfName]pdfObject
	pdfKeyword string
	pdfRef     struct{ num, gen int }
)

// pdfStream is a stream object: its dictionary and where its data is in the file.
type pdfStream struct {
	dict        pdfDict
	off, length int64
	num, gen    int
}

var errSyntax = errors.New("syntax error")

type parser struct {
	l    *lexer
	d    *document // counts parsed values; nil in content streams
	refs bool      // "n g R" is a reference (objects, not content streams)
}

func (p *parser) count() {
	if p.d == nil {
		return
	}
	if p.d.elements++; p.d.elements > maxElements {
		fail(tooLarge("more than %d values in objects", maxElements))
	}
}

func (p *parser) parse(depth int) (pdfObject, error) {
	return p.parseTok(p.l.next(), depth)
}

// stopsObject reports keywords that cannot be inside an object: an unterminated array or
// dictionary ends there instead of swallowing the rest of the file.
func stopsObject(s []byte) bool {
	switch string(s) {
	case "obj", "endobj", "stream", "endstream", "xref", "trailer", "startxref", "BT", "ET", "ID", "EI":
		return true
	}
	return false
}

func (p *parser) parseTok(t token, depth int) (pdfObject, error) {
	if depth > maxNesting {
		return nil, errSyntax
	}
	p.count()
	switch t.kind {
	case tokEOF:
		return nil, io.ErrUnexpectedEOF
	case tokInt:
		if p.refs {
			save := p.l.pos
			if t2 := p.l.next(); t2.kind == tokInt {
				if t3 := p.l.next(); t3.kind == tokKeyword && len(t3.s) == 1 && t3.s[0] == 'R' {
					if t.i >= 0 && t.i < math.MaxInt32 && t2.i >= 0 && t2.i < math.MaxInt32 {
						return pdfRef{int(t.i), int(t2.i)}, nil
					}
					return nil, nil
				}
			}
			p.l.pos = save
		}
		return t.i, nil
	case tokReal:
		return t.f, nil
	case tokString:
		return pdfString(t.s), nil
	case tokName:
		return pdfName(t.s), nil
	case tokArrayOpen:
		var arr pdfArray
		for {
			t := p.l.next()
			switch {
			case t.kind == tokArrayClose:
				return arr, nil
			case t.kind == tokEOF, t.kind == tokDictClose:
				return arr, errSyntax
			case t.kind == tokKeyword && stopsObject(t.s):
				return arr, errSyntax
			}
			v, err := p.parseTok(t, depth+1)
			if err != nil {
				return arr, err
			}
			if len(arr) >= maxArrayLen {
				return arr, errSyntax
			}
			arr = append(arr, v)
		}
	case tokDictOpen:
		dict := pdfDict{}
		for {
			t := p.l.next()
			switch {
			case t.kind == tokDictClose:
				return dict, nil
			case t.kind == tokEOF, t.kind == tokArrayClose:
				return dict, errSyntax
			case t.kind == tokKeyword && stopsObject(t.s):
				return dict, errSyntax
			case t.kind != tokName:
				continue // a stray value where a key should be: skip it
			}
			key := pdfName(t.s)
			vt := p.l.next()
			if vt.kind == tokDictClose {
				return dict, nil
			}
			if vt.kind == tokKeyword && stopsObject(vt.s) {
				return dict, errSyntax
			}
			v, err := p.parseTok(vt, depth+1)
			if err != nil {
				return dict, err
			}
			if len(dict) >= maxArrayLen {
				return dict, errSyntax
			}
			if v != nil {
				dict[key] = v
			}
		}
	case tokKeyword:
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
	return nil, errSyntax
}
