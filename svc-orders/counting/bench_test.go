package counting

import (
	"fmt"
	"strings"
	"testing"
)

// hundredPageDOCX is a docx of about 50,000 words (100 standard pages) marked up the way Word
// writes it: paragraph and run properties, revision ids, several runs a paragraph, tables,
// a header and footnotes.
func hundredPageDOCX(tb testing.TB) ([]byte, int) {
	words := strings.Fields("Bu sözleşme, taraflar arasında İstanbul'da imzalanmış olup çeviri hizmetlerinin kapsamını, " +
		"teslim sürelerini, ücretleri ve gizlilik yükümlülüklerini düzenler. The translator shall deliver 1.250 " +
		"words per day, e-posta ile bildirim yapılır; ödemeler 30 gün içinde yapılır.")
	var body strings.Builder
	n := 0
	next := func(k int) string {
		var s []string
		for range k {
			s = append(s, words[n%len(words)])
			n++
		}
		return strings.Join(s, " ")
	}
	run := func(text string) string {
		return `<w:r w:rsidRPr="00C4D1E2"><w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri" w:cs="Calibri"/>` +
			`<w:sz w:val="22"/><w:szCs w:val="22"/><w:lang w:val="tr-TR"/></w:rPr><w:t xml:space="preserve">` + text + ` </w:t></w:r>`
	}
	for p := 0; n < 50000; p++ {
		if p%40 == 39 { // a table now and then
			body.WriteString(`<w:tbl><w:tblPr><w:tblStyle w:val="TableGrid"/><w:tblW w:w="0" w:type="auto"/></w:tblPr>`)
			for range 3 {
				body.WriteString(`<w:tr>`)
				for range 3 {
					body.WriteString(`<w:tc><w:tcPr><w:tcW w:w="3005" w:type="dxa"/></w:tcPr><w:p>` + run(next(3)) + `</w:p></w:tc>`)
				}
				body.WriteString(`</w:tr>`)
			}
			body.WriteString(`</w:tbl>`)
			continue
		}
		fmt.Fprintf(&body, `<w:p w14:paraId="%08X" w14:textId="77777777" w:rsidR="00A1B2C3" w:rsidRDefault="00A1B2C3" w:rsidP="00D4E5F6">`+
			`<w:pPr><w:pStyle w:val="Normal"/><w:spacing w:after="120" w:line="276" w:lineRule="auto"/><w:jc w:val="both"/>`+
			`<w:rPr><w:lang w:val="tr-TR"/></w:rPr></w:pPr>`, p)
		for range 5 {
			body.WriteString(run(next(10)))
		}
		body.WriteString(`</w:p>`)
	}
	doc := docx(tb, body.String(),
		part{"word/header1.xml", wPart("hdr", wp("LinguaPort Çeviri Hizmetleri Sözleşmesi"))},
		part{"word/footnotes.xml", wPart("footnotes", `<w:footnote w:id="1">`+wp("Dipnot: taraflar 6098 sayılı Kanun'a tabidir.")+`</w:footnote>`)},
	)
	return doc, n
}

func TestHundredPageDOCX(t *testing.T) {
	doc, n := hundredPageDOCX(t)
	got := mustCount(t, "a.docx", doc)
	// the header has 4 words, the footnote 6
	if got.Words != n+10 || got.Pages < 100 {
		t.Errorf("%d words (want %d), %d pages", got.Words, n+10, got.Pages)
	}
}

func BenchmarkCountDOCX100Pages(b *testing.B) {
	doc, _ := hundredPageDOCX(b)
	b.SetBytes(int64(len(doc)))
	b.ResetTimer()
	var c Counts
	for b.Loop() {
		var err error
		if c, err = Count("a.docx", src(doc)); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(c.Words), "words")
	b.ReportMetric(float64(c.Pages), "pages")
}
