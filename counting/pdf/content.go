package pdf

// Content streams: the operators that place text (and images, to find scanned pages),
// interpreted with the graphics state they need; Form XObjects are drawn where they are used.

import (
	"bytes"
	"math"
)

type matrix [6]float64

var identity = matrix{1, 0, 0, 1, 0, 0}

func (m matrix) mul(n matrix) matrix {
	return matrix{
		m[0]*n[0] + m[1]*n[2],
		m[0]*n[1] + m[1]*n[3],
		m[2]*n[0] + m[3]*n[2],
		m[2]*n[1] + m[3]*n[3],
		m[4]*n[0] + m[5]*n[2] + n[4],
		m[4]*n[1] + m[5]*n[3] + n[5],
	}
}

type graphicsState struct {
	ctm                matrix
	tc, tw, th, tl, ts float64
	font               *font
	fs                 float64
}

type interpreter struct {
	d      *document
	out    *textOut
	gs     graphicsState
	stack  []graphicsState
	tm     matrix
	tlm    matrix
	image  float64 // largest image area drawn on the page
	forms  []int
	defont *font
}

// operand is an operand of a content stream operator; numbers are not boxed.
type operand struct {
	kind tokenKind
	f    float64
	s    []byte    // strings and names
	obj  pdfObject // arrays, dictionaries, booleans
}

func (in *interpreter) run(content []byte, res pdfDict, depth int) {
	d := in.d
	if d.work += int64(len(content)); d.work > d.limits.ContentBytes {
		fail(bomb("the pages draw more than %d bytes of content", d.limits.ContentBytes))
	}
	l := lexer{b: content}
	p := parser{l: &l}
	ops := make([]operand, 0, 16)
	push := func(o operand) {
		if len(ops) >= 64 {
			ops = ops[:0]
		}
		ops = append(ops, o)
	}
	for {
		t := l.next()
		switch t.kind {
		case tokEOF:
			return
		case tokKeyword:
			switch string(t.s) {
			case "true", "false", "null":
				push(operand{kind: tokKeyword})
				continue
			}
			in.op(t.s, ops, res, &l, depth)
			ops = ops[:0]
		case tokInt, tokReal:
			push(operand{kind: tokReal, f: t.f})
		case tokString, tokName:
			push(operand{kind: t.kind, s: t.s})
		case tokArrayOpen, tokDictOpen:
			v, err := p.parseTok(t, 0)
			if err != nil && v == nil {
				continue
			}
			push(operand{kind: t.kind, obj: v})
		}
	}
}

// nums are the last n operands as numbers.
func numbers(ops []operand, n int) (v [6]float64, ok bool) {
	if len(ops) < n {
		return v, false
	}
	for i, o := range ops[len(ops)-n:] {
		if o.kind != tokReal {
			return v, false
		}
		v[i] = o.f
	}
	return v, true
}

func lastOperand(ops []operand, kind tokenKind) (operand, bool) {
	if len(ops) == 0 || ops[len(ops)-1].kind != kind {
		return operand{}, false
	}
	return ops[len(ops)-1], true
}

func (in *interpreter) op(name []byte, ops []operand, res pdfDict, l *lexer, depth int) {
	gs := &in.gs
	switch string(name) {
	case "q":
		if len(in.stack) < maxStack {
			in.stack = append(in.stack, *gs)
		}
	case "Q":
		if n := len(in.stack); n > 0 {
			*gs = in.stack[n-1]
			in.stack = in.stack[:n-1]
		}
	case "cm":
		if v, ok := numbers(ops, 6); ok {
			gs.ctm = matrix(v).mul(gs.ctm)
		}
	case "BT":
		in.tm, in.tlm = identity, identity
	case "Tc":
		if v, ok := numbers(ops, 1); ok {
			gs.tc = v[0]
		}
	case "Tw":
		if v, ok := numbers(ops, 1); ok {
			gs.tw = v[0]
		}
	case "Tz":
		if v, ok := numbers(ops, 1); ok {
			gs.th = v[0] / 100
		}
	case "TL":
		if v, ok := numbers(ops, 1); ok {
			gs.tl = v[0]
		}
	case "Ts":
		if v, ok := numbers(ops, 1); ok {
			gs.ts = v[0]
		}
	case "Tf":
		if v, ok := numbers(ops, 1); ok && len(ops) >= 2 {
			if n := ops[len(ops)-2]; n.kind == tokName {
				gs.font = in.d.font(res, pdfName(n.s))
			}
			gs.fs = v[0]
		}
	case "Td":
		if v, ok := numbers(ops, 2); ok {
			in.moveText(v[0], v[1])
		}
	case "TD":
		if v, ok := numbers(ops, 2); ok {
			gs.tl = -v[1]
			in.moveText(v[0], v[1])
		}
	case "Tm":
		if v, ok := numbers(ops, 6); ok {
			in.tlm = matrix(v)
			in.tm = in.tlm
		}
	case "T*":
		in.moveText(0, -gs.tl)
	case "Tj":
		if s, ok := lastOperand(ops, tokString); ok {
			in.show(s.s)
		}
	case "'":
		in.moveText(0, -gs.tl)
		if s, ok := lastOperand(ops, tokString); ok {
			in.show(s.s)
		}
	case "\"":
		if len(ops) >= 3 {
			if v, ok := numbers(ops[:len(ops)-1], 2); ok {
				gs.tw, gs.tc = v[0], v[1]
			}
			in.moveText(0, -gs.tl)
			if s, ok := lastOperand(ops, tokString); ok {
				in.show(s.s)
			}
		}
	case "TJ":
		if a, ok := lastOperand(ops, tokArrayOpen); ok {
			arr, _ := a.obj.(pdfArray)
			for _, x := range arr {
				switch v := x.(type) {
				case pdfString:
					in.show(v)
				case int64, float64:
					f, _ := toFloat(v)
					in.advance(-f / 1000 * gs.fs)
				}
			}
		}
	case "Do":
		if n, ok := lastOperand(ops, tokName); ok {
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
			case tokDictOpen:
				props, _ = v.obj.(pdfDict)
			case tokName:
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

func (in *interpreter) moveText(tx, ty float64) {
	in.tlm = matrix{1, 0, 0, 1, tx, ty}.mul(in.tlm)
	in.tm = in.tlm
}

// advance moves the text position by a TJ adjustment (in text space, before scaling).
func (in *interpreter) advance(t float64) {
	f := in.gs.font
	if f != nil && f.vertical {
		in.tm = matrix{1, 0, 0, 1, 0, t}.mul(in.tm)
		return
	}
	in.tm = matrix{1, 0, 0, 1, t * in.gs.th, 0}.mul(in.tm)
}

func (in *interpreter) show(s []byte) {
	gs := &in.gs
	f := gs.font
	if f == nil {
		if in.defont == nil {
			in.defont = defaultFont()
		}
		f = in.defont
	}
	for len(s) > 0 {
		code, n := f.next(s)
		s = s[n:]
		text, ok := f.text(code)
		// m is the text matrix on the page. The glyph's matrix, [fs·th 0 0 fs 0 ts] × m, and
		// the next glyph's start (the advance moves along m's first row, or its second for a
		// vertical font) are worked out from it by hand: one matrix product a glyph, not five.
		m := in.tm.mul(gs.ctm)
		x, y := gs.ts*m[2]+m[4], gs.ts*m[3]+m[5]
		w, known := f.width(code)
		space := 0.0
		if n == 1 && code == 32 {
			space = gs.tw
		}
		ux, uy := gs.fs*gs.th*m[0], gs.fs*gs.th*m[1]
		var nx, ny float64
		if f.vertical {
			ty := -w*gs.fs + gs.tc + space
			in.tm[4], in.tm[5] = ty*in.tm[2]+in.tm[4], ty*in.tm[3]+in.tm[5]
			nx, ny = x+ty*m[2], y+ty*m[3]
			ux, uy = -gs.fs*m[2], -gs.fs*m[3]
		} else {
			tx := (w*gs.fs + gs.tc + space) * gs.th
			in.tm[4], in.tm[5] = tx*in.tm[0]+in.tm[4], tx*in.tm[1]+in.tm[5]
			nx, ny = x+tx*m[0], y+tx*m[1]
		}
		size := math.Hypot(gs.fs*m[2], gs.fs*m[3]) * f.sizeScale
		in.out.glyph(x, y, ux, uy, size, nx, ny, text, ok, known, f.symbolic)
	}
}

func (in *interpreter) doXObject(res pdfDict, name pdfName, depth int) {
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
		if depth >= maxFormDepth {
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
			var v matrix
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
func (in *interpreter) inlineImage(l *lexer) {
	p := parser{l: l}
	params := pdfDict{}
	for {
		t := l.next()
		if t.kind == tokEOF {
			return
		}
		if t.kind == tokKeyword && string(t.s) == "ID" {
			break
		}
		if t.kind != tokName {
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
	if l.pos < len(l.b) && isSpace(l.b[l.pos]) {
		l.pos++
	}
	start := l.pos
	// Without a filter the data's length is known.
	if params["F"] == nil && params["Filter"] == nil {
		w, _ := toFloat(firstOf(params, "W", "Width"))
		h, _ := toFloat(firstOf(params, "H", "Height"))
		bpc, ok := toFloat(firstOf(params, "BPC", "BitsPerComponent"))
		if !ok {
			bpc = 1
		}
		comps := 1.0
		switch cs := firstOf(params, "CS", "ColorSpace").(type) {
		case pdfName:
			switch cs {
			case "RGB", "DeviceRGB", "CalRGB":
				comps = 3
			case "CMYK", "DeviceCMYK":
				comps = 4
			}
		}
		if im, _ := firstOf(params, "IM", "ImageMask").(bool); im {
			comps, bpc = 1, 1
		}
		if size := h * math.Ceil(w*comps*bpc/8); w > 0 && h > 0 && size < float64(len(l.b)-start) {
			end := start + int(size)
			e := lexer{b: l.b, pos: end}
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
		if (k == start || isSpace(l.b[k-1])) && (k+2 == len(l.b) || isSpace(l.b[k+2]) || isDelim(l.b[k+2])) {
			l.pos = k + 2
			return
		}
		i = k + 2
	}
	l.pos = len(l.b)
}

func firstOf(d pdfDict, keys ...pdfName) pdfObject {
	for _, k := range keys {
		if v, ok := d[k]; ok {
			return v
		}
	}
	return nil
}
