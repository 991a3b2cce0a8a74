// Package counting_test measures how fast package counting counts large uploads through its
// public API, counting.Count: a 100-page docx, an xlsx just under the 50 MB upload limit, the
// subtitles of a two-hour film and a 100-page pdf with a photo on every page. The fixtures are
// counting/countingtest's generators. See README.md.
//
//	go test -run='^$' -bench=. -benchtime=5x ./bench/counting/   # or: make bench-counting
package counting_test

import (
	"bytes"
	"html"
	"strings"
	"sync"
	"testing"

	"linguaport/counting"
	"linguaport/counting/countingtest"
)

// fixture is a generated file and what counting it must give.
type fixture struct {
	name    string
	data    []byte
	words   int
	minutes int
}

// once builds a fixture the first time it is asked for (go test -count=N runs a benchmark N
// times; generating the xlsx takes seconds).
func once(build func(testing.TB) fixture) func(testing.TB) fixture {
	var (
		mu sync.Mutex
		f  *fixture
	)
	return func(tb testing.TB) fixture {
		mu.Lock()
		defer mu.Unlock()
		if f == nil {
			x := build(tb)
			f = &x
		}
		return *f
	}
}

var (
	docxFixture = once(func(tb testing.TB) fixture {
		doc, words := countingtest.HundredPageDOCX(tb)
		return fixture{name: "contract.docx", data: doc, words: words}
	})
	xlsxFixture = once(func(tb testing.TB) fixture {
		doc, words, _ := countingtest.BigXLSX(tb, counting.MaxFileBytes, counting.MaxUncompressedBytes)
		return fixture{name: "segments.xlsx", data: doc, words: words}
	})
	srtFixture = once(func(testing.TB) fixture {
		doc, words := countingtest.TwoHourSRT()
		return fixture{name: "film.srt", data: doc, words: words, minutes: 120}
	})
	htmlFixture = once(func(testing.TB) fixture {
		doc, words := articlePage(1 << 20)
		return fixture{name: "news.html", data: doc, words: words}
	})
	pdfFixture = once(func(testing.TB) fixture {
		doc, words := countingtest.HundredPagePDF(pdfPhotoBytes)
		return fixture{name: "brochure.pdf", data: doc, words: words}
	})
)

// benchCount counts f with counting.Count b.N times and reports MB/s, words, pages (and
// minutes for subtitles); a count that differs from what the generator wrote fails.
func benchCount(b *testing.B, f fixture) {
	b.ReportAllocs()
	b.SetBytes(int64(len(f.data)))
	b.ResetTimer()
	var c counting.Counts
	for b.Loop() {
		var err error
		if c, err = counting.Count(f.name, bytes.NewReader(f.data)); err != nil {
			b.Fatalf("%s (%d bytes): %v", f.name, len(f.data), err)
		}
	}
	b.StopTimer()
	if c.Words != f.words || c.Minutes != f.minutes {
		b.Fatalf("%s: %d words, %d minutes; the generator wrote %d words, %d minutes", f.name, c.Words, c.Minutes, f.words, f.minutes)
	}
	b.ReportMetric(float64(c.Words), "words")
	b.ReportMetric(float64(c.Pages), "pages")
	if f.minutes > 0 {
		b.ReportMetric(float64(c.Minutes), "minutes")
	}
}

// BenchmarkCountDOCX100Pages: about 50,000 words; the goal is under 200 ms an operation.
func BenchmarkCountDOCX100Pages(b *testing.B) { benchCount(b, docxFixture(b)) }

// BenchmarkCountXLSX50MB: an xlsx just under counting.MaxFileBytes.
func BenchmarkCountXLSX50MB(b *testing.B) {
	f := xlsxFixture(b)
	if n := len(f.data); n > counting.MaxFileBytes || n < counting.MaxFileBytes-(1<<20) {
		b.Fatalf("the xlsx is %d bytes, not just under %d", n, counting.MaxFileBytes)
	}
	benchCount(b, f)
}

// BenchmarkCountSRT2Hours: 2,400 cues over two hours.
func BenchmarkCountSRT2Hours(b *testing.B) { benchCount(b, srtFixture(b)) }

// articlePage is a news page of about size bytes as sites make them: paragraphs with links whose
// title tooltip repeats the link's text (counted once), and the words a translator gets.
func articlePage(size int) ([]byte, int) {
	g := countingtest.NewTextGen(7)
	var b strings.Builder
	b.WriteString(`<!doctype html><html lang="tr"><head><meta charset="utf-8"><title>Haberler</title></head><body><main>`)
	for b.Len() < size {
		b.WriteString("<p>" + html.EscapeString(g.Text(20, 60)) + " ")
		link := html.EscapeString(g.Text(2, 5))
		b.WriteString(`<a href="/haber" title="` + link + `">` + link + "</a></p>\n")
	}
	b.WriteString("</main></body></html>")
	return []byte(b.String()), g.Words + 1 // and the title
}

// BenchmarkCountHTMLArticle: a 1 MB news page whose links repeat their text in a title.
func BenchmarkCountHTMLArticle(b *testing.B) { benchCount(b, htmlFixture(b)) }

// pdfPhotoBytes is the photo on every page of the pdf: 100 of them make a 30 MB file, most of
// which the counter has no need to read.
const pdfPhotoBytes = 300 << 10

// BenchmarkCountPDF100Pages: about 50,000 words on 100 pages, 30 MB with the photos. B/op
// shows what a count holds: not the file.
func BenchmarkCountPDF100Pages(b *testing.B) { benchCount(b, pdfFixture(b)) }

// TestFixtures keeps the generators honest where it is cheap (go test ./... runs it): the docx,
// the srt, the html and the pdf count to what was written, and a sample of generated text is as many
// words as the generator says by counting.CountText. The 50 MB xlsx is checked by its
// benchmark.
func TestFixtures(t *testing.T) {
	g := countingtest.NewTextGen(1)
	for range 2000 {
		before := g.Words
		s := g.Text(1, 60)
		if w, _ := counting.CountText(s); w != g.Words-before {
			t.Fatalf("%q: %d words by CountText, the generator wrote %d", s, w, g.Words-before)
		}
	}
	for _, f := range []fixture{docxFixture(t), srtFixture(t), htmlFixture(t), pdfFixture(t)} {
		c, err := counting.Count(f.name, bytes.NewReader(f.data))
		if err != nil {
			t.Fatalf("%s: %v", f.name, err)
		}
		if c.Words != f.words || c.Minutes != f.minutes {
			t.Errorf("%s: %d words, %d minutes; the generator wrote %d words, %d minutes", f.name, c.Words, c.Minutes, f.words, f.minutes)
		}
		if f.name == "contract.docx" && (c.Pages < 100 || c.Words < 50000) {
			t.Errorf("%s: %d words, %d pages: not a 100-page document", f.name, c.Words, c.Pages)
		}
		if f.name == "brochure.pdf" && (c.ManualCount || c.Words < 48000 || len(f.data) < 100*pdfPhotoBytes) {
			t.Errorf("%s: %d words (manual %v), %d bytes: not the 100-page brochure", f.name, c.Words, c.ManualCount, len(f.data))
		}
	}
}
