package counting

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// Fuzz targets of the counting rules and the formats parsed here: nothing may panic or hang on
// malformed input, and what comes out must be consistent. Seeds are the test fixtures. Found
// crashers are kept in testdata/fuzz/. The PDF and media readers have theirs in their packages.

var countErrors = []error{ErrUnsupported, ErrMismatch, ErrTooLarge, ErrZipBomb, ErrMalformed}

func checkResult(t *testing.T, what string, c Counts, err error) {
	t.Helper()
	if err != nil {
		for _, e := range countErrors {
			if errors.Is(err, e) {
				return
			}
		}
		t.Fatalf("%s: error outside the package's errors: %v", what, err)
	}
	if c.Words < 0 || c.Characters < 0 || c.Words > c.Characters {
		t.Fatalf("%s: %d words, %d characters", what, c.Words, c.Characters)
	}
	if c.Pages != pages(c.Characters) {
		t.Fatalf("%s: %d pages for %d characters", what, c.Pages, c.Characters)
	}
	if n := utf8.RuneCountInString(c.Preview); n > PreviewRunes || !utf8.ValidString(c.Preview) {
		t.Fatalf("%s: preview of %d runes %q", what, n, c.Preview)
	}
	// The first page: about a standard page, ended at a word, beginning with the preview.
	if n := utf8.RuneCountInString(strings.ReplaceAll(c.FirstPage, " ", "")); n > PageCharacters+pageSlack || !utf8.ValidString(c.FirstPage) ||
		!strings.HasPrefix(c.FirstPage, c.Preview) || strings.HasSuffix(c.FirstPage, " ") {
		t.Fatalf("%s: first page of %d characters %q (preview %q)", what, n, c.FirstPage, c.Preview)
	}
	if c.Duration < 0 || c.Minutes != minutes(c.Duration) {
		t.Fatalf("%s: duration %v, minutes %d", what, c.Duration, c.Minutes)
	}
}

// slowGuard fails an input that takes more than a few seconds: nothing may hang.
func slowGuard(t *testing.T) func() {
	start := time.Now()
	return func() {
		if d := time.Since(start); d > 5*time.Second {
			t.Fatalf("one input took %v", d)
		}
	}
}

func counterResult(c *counter, err error) (Counts, error) {
	if err != nil {
		return Counts{}, err
	}
	return Counts{Words: c.words, Characters: c.chars, Pages: pages(c.chars), Preview: shortPreview(c.pv.String()), FirstPage: c.pv.String()}, nil
}

func FuzzCountText(f *testing.F) {
	for _, s := range []string{"", "İstanbul'da e-posta don't", "1.250,50 3.14 2026", "日本語のテキスト コーヒー",
		"한국어 텍스트", "'quoted' -dash- a--b 3.a", "cafe\u0301 x² soft\u00adhyphen zero\u200bwidth", "\xff\xfe\x00",
		turkishText, fullSRT, fullHTML} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		defer slowGuard(t)()
		w, c := CountText(s)
		if w < 0 || c < 0 || w > c || c > utf8.RuneCountInString(s) {
			t.Fatalf("%q: %d words %d chars", s, w, c)
		}
		// a text and a space-separated copy of it: exactly twice the counts
		w2, c2 := CountText(s + " " + s)
		if w2 != 2*w || c2 != 2*c {
			t.Fatalf("%q: doubled gives %d/%d, want %d/%d", s, w2, c2, 2*w, 2*c)
		}
		// fed in two pieces at a rune boundary: the same counts (the counter keeps its state)
		cut := len(s) / 2
		for cut > 0 && !utf8.RuneStart(s[cut]) && cut > len(s)/2-utf8.UTFMax {
			cut--
		}
		if cut < len(s) && utf8.RuneStart(s[cut]) {
			var k counter
			k.WriteString(s[:cut])
			k.Write([]byte(s[cut:]))
			if k.chars != c || k.words != w {
				t.Fatalf("%q cut at %d: %d/%d, want %d/%d", s, cut, k.words, k.chars, w, c)
			}
		}
	})
}

var fuzzExts = []string{".txt", ".docx", ".xlsx", ".pptx", ".odt", ".ods", ".odp", ".html", ".srt", ".vtt", ".pdf", ".mp3", ".wav", ".mp4", ".m4a", ".exe"}

func FuzzCount(f *testing.F) {
	for name, b := range seedFiles(f) {
		ext := name[strings.LastIndexByte(name, '.'):]
		for i, e := range fuzzExts {
			if e == ext {
				f.Add(uint8(i), b)
			}
		}
	}
	f.Add(uint8(1), []byte("MZ\x90\x00\x03\x00\x00\x00"))
	f.Fuzz(func(t *testing.T, ext uint8, data []byte) {
		defer slowGuard(t)()
		e := fuzzExts[int(ext)%len(fuzzExts)]
		c, err := Count("file"+e, src(data))
		switch FormatOf("file" + e) {
		case PDF, MP3, WAV, MP4, M4A:
			return // the pdf and media packages have their own fuzz targets
		}
		checkResult(t, e, c, err)
	})
}

func FuzzTXT(f *testing.F) {
	f.Add([]byte(turkishText))
	f.Add(append([]byte{0xef, 0xbb, 0xbf}, turkishText...))
	f.Add(utf16Bytes(turkishText, false))
	f.Add(utf16Bytes(turkishText, true))
	f.Add(win1254(f, turkishText))
	f.Add([]byte{0xff, 0xfe, 0x00, 0xd8}) // a lone surrogate
	f.Fuzz(func(t *testing.T, data []byte) {
		defer slowGuard(t)()
		c, err := counterResult(countTXT(src(data)))
		checkResult(t, "txt", c, err)
	})
}

// ooxmlFuzzPackage puts data into a package as one part, or takes it whole when it is a zip.
func ooxmlFuzzPackage(t testing.TB, kind uint8, data []byte) (Format, []byte) {
	if bytes.HasPrefix(data, []byte("PK")) {
		return []Format{DOCX, XLSX, PPTX}[kind%3], data
	}
	switch kind % 5 {
	case 0:
		return DOCX, docx(t, "", part{"word/document.xml", string(data)})
	case 1:
		return DOCX, docx(t, wp("metin"), part{"word/styles.xml", string(data)}, part{"word/header1.xml", string(data)})
	case 2:
		return XLSX, ooxmlZip(t, "xl/workbook.xml", part{"xl/workbook.xml", "<workbook/>"},
			part{"xl/sharedStrings.xml", `<sst><si><t>a</t></si><si><t>b c</t></si></sst>`}, part{"xl/worksheets/sheet1.xml", string(data)})
	case 3:
		return XLSX, ooxmlZip(t, "xl/workbook.xml", part{"xl/workbook.xml", "<workbook/>"}, part{"xl/sharedStrings.xml", string(data)},
			part{"xl/worksheets/sheet1.xml", sheetXML(`<row><c t="s"><v>0</v></c><c t="s"><v>1</v></c><c t="s"><v>1</v></c></row>`)})
	default:
		return PPTX, ooxmlZip(t, "ppt/presentation.xml", part{"ppt/presentation.xml", "<p/>"},
			part{"ppt/slides/slide1.xml", string(data)}, part{"ppt/notesSlides/notesSlide1.xml", string(data)})
	}
}

func FuzzOOXML(f *testing.F) {
	f.Add(uint8(0), []byte(wDoc(wp("Merhaba dünya"))))
	f.Add(uint8(1), []byte(wPart("styles", `<w:style w:type="character" w:styleId="X"><w:basedOn w:val="X"/><w:rPr><w:vanish/></w:rPr></w:style>`)))
	f.Add(uint8(2), []byte(sheetXML(`<row><c t="s"><v>1</v></c><c t="inlineStr"><is><t>x y</t></is></c><c><f>1</f><v>2</v></c></row>`)))
	f.Add(uint8(3), []byte(`<sst><si><r><t>a</t></r><rPh><t>b</t></rPh></si></sst>`))
	f.Add(uint8(2), []byte(sheetXML(`<row><c t="str"><v>yazılan metin</v></c><c t="str"><f>A1</f><v>sonuç</v></c></row>`)))
	f.Add(uint8(4), []byte(pSlide("sld", pShape("Başlık")+slideNumberField)))
	f.Add(uint8(0), fullDOCX(f))
	f.Add(uint8(1), fullXLSX(f))
	f.Add(uint8(2), fullPPTX(f))
	f.Fuzz(func(t *testing.T, kind uint8, data []byte) {
		defer slowGuard(t)()
		format, doc := ooxmlFuzzPackage(t, kind, data)
		var c *counter
		var err error
		switch format {
		case DOCX:
			c, err = countDOCX(src(doc))
		case XLSX:
			c, err = countXLSX(src(doc))
		case PPTX:
			c, err = countPPTX(src(doc))
		}
		res, err := counterResult(c, err)
		checkResult(t, string(format), res, err)
	})
}

func FuzzODF(f *testing.F) {
	f.Add(uint8(0), []byte(odfContent(`<style:style style:name="T1"><style:text-properties text:display="none"/></style:style>`,
		`<office:text><text:p>a<text:span text:style-name="T1">b</text:span><text:s/>c<text:hidden-paragraph text:is-hidden="true"/></text:p></office:text>`)))
	f.Add(uint8(1), []byte(odfContent("", `<office:spreadsheet><table:table><table:table-row table:number-rows-repeated="9">`+
		`<table:table-cell office:value-type="string" table:number-columns-repeated="99"><text:p>x</text:p></table:table-cell></table:table-row></table:table></office:spreadsheet>`)))
	f.Add(uint8(2), []byte(odfContent("", `<office:presentation><draw:page><presentation:notes><text:p>n</text:p></presentation:notes></draw:page></office:presentation>`)))
	f.Add(uint8(0), fullODT(f))
	f.Add(uint8(1), fullODS(f))
	f.Add(uint8(2), fullODP(f))
	f.Fuzz(func(t *testing.T, kind uint8, data []byte) {
		defer slowGuard(t)()
		format := []Format{ODT, ODS, ODP}[kind%3]
		doc := data
		if !bytes.HasPrefix(data, []byte("PK")) {
			doc = odf(t, format, string(data), odfStyles(`<style:style style:name="H"><style:text-properties text:display="none"/></style:style>`,
				`<style:master-page><style:header><text:p>üst</text:p></style:header></style:master-page>`))
		}
		res, err := counterResult(countODF(src(doc), format))
		checkResult(t, string(format), res, err)
	})
}

func FuzzHTML(f *testing.F) {
	f.Add([]byte(fullHTML))
	f.Add([]byte(`<template><template></template><p title="t">x</template><script>a<b</script><img alt=a alt=b>`))
	f.Add(win1254(f, `<meta charset="iso-8859-9"><p>`+turkishText))
	page, _ := articlePage()
	f.Add([]byte(page))
	f.Add([]byte(`<select><optgroup label=a><option label=b>b<a title="x y"><img alt="X  Y"></a><input type=submit value=x>`))
	f.Fuzz(func(t *testing.T, data []byte) {
		defer slowGuard(t)()
		res, err := counterResult(countHTML(src(data)))
		checkResult(t, "html", res, err)
	})
}

func FuzzSubtitles(f *testing.F) {
	f.Add([]byte(fullSRT), false)
	f.Add([]byte(fullVTT), true)
	f.Add([]byte("1\n99999:59:59,999999999 --> 99999:59:59,999999999\n<i><b>{\\a}x</b>\n"), false)
	f.Add(utf16Bytes(fullSRT, false), false)
	f.Fuzz(func(t *testing.T, data []byte, vtt bool) {
		defer slowGuard(t)()
		c, d, err := countSubtitles(src(data), vtt)
		res, err := counterResult(c, err)
		res.Duration, res.Minutes = d, minutes(d)
		checkResult(t, fmt.Sprint("subtitles vtt=", vtt), res, err)
	})
}
