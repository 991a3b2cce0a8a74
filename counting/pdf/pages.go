package pdf

// Pages: the page tree, each page's content streams, and the text drawn on the pages.

import (
	"bytes"
	"fmt"
	"math"

	"linguaport/counting/internal/refusal"
)

type page struct {
	dict pdfDict
	res  pdfDict
	area float64
}

func (d *document) pages() []page {
	pages := d.walkPages()
	if len(pages) == 0 && !d.reconstructed {
		d.reconstruct()
		pages = d.walkPages()
	}
	return pages
}

func (d *document) walkPages() []page {
	cat := d.dictOf(d.trailer["Root"])
	if cat == nil {
		return nil
	}
	var pages []page
	visited := map[int]bool{}
	var walk func(node pdfObject, res pdfDict, box pdfArray, depth int)
	walk = func(node pdfObject, res pdfDict, box pdfArray, depth int) {
		if depth > maxNesting {
			return
		}
		if r, ok := node.(pdfRef); ok {
			if visited[r.num] {
				return
			}
			visited[r.num] = true
		}
		dict := d.dictOf(node)
		if dict == nil {
			return
		}
		if r := d.dictOf(dict["Resources"]); r != nil {
			res = r
		}
		if b := d.arrayOf(dict["MediaBox"]); len(b) == 4 {
			box = b
		}
		kids := d.arrayOf(dict["Kids"])
		if t := d.nameOf(dict["Type"]); t == "Pages" || (t != "Page" && kids != nil) {
			for _, k := range kids {
				walk(k, res, box, depth+1)
			}
			return
		}
		if len(pages) >= maxPages {
			fail(fmt.Errorf("%w: more than %d pages", refusal.ErrTooLarge, maxPages))
		}
		pages = append(pages, page{dict: dict, res: res, area: d.boxArea(box)})
	}
	walk(cat["Pages"], nil, nil, 0)
	return pages
}

func (d *document) boxArea(box pdfArray) float64 {
	if len(box) == 4 {
		var v [4]float64
		ok := true
		for i := range 4 {
			v[i], ok = d.numOf(box[i])
			if !ok {
				break
			}
		}
		if a := math.Abs((v[2] - v[0]) * (v[3] - v[1])); ok && a > 1 && !math.IsInf(a, 0) {
			return a
		}
	}
	return 612 * 792
}

// content is the page's content streams, decoded and joined.
func (d *document) content(o pdfObject) []byte {
	var parts [][]byte
	add := func(x pdfObject) {
		if s, ok := d.resolve(x).(*pdfStream); ok {
			if b, err := d.decode(s, true); err == nil {
				parts = append(parts, b)
			}
		}
	}
	switch v := d.resolve(o).(type) {
	case pdfArray:
		for _, x := range v {
			add(x)
		}
	case *pdfStream:
		add(v)
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return bytes.Join(parts, []byte{'\n'})
}

func (d *document) extract(pages []page, count func(string) (int, int)) Result {
	out := &textOut{count: count, lastAt: -1}
	out.forget()
	in := &interpreter{d: d, out: out}
	res := Result{Pages: len(pages)}
	for _, pg := range pages {
		out.pageBreak()
		start := out.chars
		in.image = 0
		in.gs = graphicsState{ctm: identity, th: 1}
		in.stack = in.stack[:0]
		in.run(d.content(pg.dict["Contents"]), pg.res, 0)
		for len(out.marked) > 0 {
			out.endMarked()
		}
		out.endText()
		out.flush(true)
		chars := out.chars - start
		if in.image >= 0.5*pg.area && chars < scannedPageChars {
			res.ScannedPages++
		}
	}
	out.endText()
	out.flush(true)
	res.Words, res.Characters, res.Head = out.words, out.chars, string(out.head)
	res.Glyphs, res.UnmappedGlyphs = out.glyphs, out.undecoded
	return res
}
