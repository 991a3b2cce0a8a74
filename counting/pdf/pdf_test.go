package pdf_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"unicode/utf16"

	"linguaport/counting"
	"linguaport/counting/countingtest"
	"linguaport/counting/pdf"
	"os"
)

// The PDF reader's tests count through the counting package, as svc-orders does: the words
// and characters are counting's rules applied to the text the reader extracts.

// countPDF counts b as an uploaded .pdf file.
func countPDF(b []byte) (counting.Counts, error) { return countPDFFrom(bytes.NewReader(b)) }

func countPDFFrom(src counting.Source) (counting.Counts, error) {
	return counting.Count("document.pdf", src)
}

// countingLimits are the limits counting reads PDFs with (its archive limits).
var countingLimits = pdf.Limits{StreamBytes: counting.MaxEntryBytes, DecodedBytes: counting.MaxUncompressedBytes,
	ContentBytes: counting.MaxUncompressedBytes, Ratio: counting.MaxCompressionRatio}

func mustCountPDF(t *testing.T, b []byte) counting.Counts {
	t.Helper()
	c, err := countPDF(b)
	if err != nil {
		t.Fatalf("countPDF: %v", err)
	}
	if c.Format != counting.PDF {
		t.Errorf("format %q", c.Format)
	}
	return c
}

func expectCounts(t *testing.T, c counting.Counts, words, chars int) {
	t.Helper()
	if c.ManualCount || c.Words != words || c.Characters != chars {
		t.Errorf("got %d words, %d characters (manual %v), want %d and %d; preview %q", c.Words, c.Characters, c.ManualCount, words, chars, c.Preview)
	}
}

const helvetica = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"

// Turkish letters outside WinAnsi through Differences: 128 ğ, 129 ş, 130 ı, 131 İ, 132 Ğ, 133 Ş.
const turkishTimes = "<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman /Encoding << /Type /Encoding " +
	"/BaseEncoding /WinAnsiEncoding /Differences [128 /gbreve /scedilla /dotlessi /Idotaccent /Gbreve /Scedilla] >> >>"

// basicDoc is two pages: positioning cases in Helvetica (no Widths: the standard metrics),
// uncompressed; Turkish in a WinAnsi font with Differences, FlateDecode.
func basicDoc() []byte { return basicPDF().Bytes() }

func basicPDF() *countingtest.PDF {
	p := &countingtest.PDF{}
	p.Add("<< /Type /Catalog /Pages 2 0 R >>")
	p.Add("<< /Type /Pages /Kids [3 0 R 6 0 R] /Count 2 /MediaBox [0 0 595 842] >>")
	p.Add("<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 4 0 R /F2 8 0 R >> >> /Contents 5 0 R >>")
	p.Add(helvetica)
	p.Add(countingtest.PDFStream("", []byte(`BT
/F1 12 Tf
72 770 Td
(Hello world, this is a test.) Tj
0 -20 Td
[(Ke) 20 (rn) -15 (ing) -1000 (spaced) -300 (apart)] TJ
0 -20 Td
(one) Tj
100 0 Td
(two) Tj
ET
BT
/F1 12 Tf
72 690 Td
(glu) Tj
16.008 0 Td
(ed) Tj
ET
BT
/F1 12 Tf
14 TL
72 660 Td
(line) Tj
T*
(next) Tj
(word) '
ET`)))
	p.Add("<< /Type /Page /Parent 2 0 R /Resources << /Font << /F2 8 0 R >> >> /Contents 7 0 R >>")
	p.Add(countingtest.PDFFlateStream("", []byte("BT /F2 11 Tf 72 770 Td (\xc7a\x80da\x81 \x83stanbul'da \\202l\\202k G\xfcne\x81li) Tj ET")))
	p.Add(turkishTimes)
	return p
}

func TestPDFBasic(t *testing.T) {
	c := mustCountPDF(t, basicDoc())
	// Hello world, this is a test. | Kerning spaced apart | one two | glued | line next word
	// Çağdaş İstanbul'da ılık Güneşli
	expectCounts(t, c, 19, 92)
	want := "Hello world, this is a test. Kerning spaced apart one two glued line next word Çağdaş İstanbul'da ılık Güneşli"
	if c.Preview != want {
		t.Errorf("preview\n got %q\nwant %q", c.Preview, want)
	}
	if c.Pages != 1 {
		t.Errorf("pages %d", c.Pages)
	}
}

// type0Hex writes s in the codes of the Type0 test font: a..z are 0x10.., and a few others.
func type0Hex(s string) string {
	var b strings.Builder
	b.WriteByte('<')
	for _, r := range s {
		var c int
		switch {
		case r >= 'a' && r <= 'z':
			c = 0x10 + int(r-'a')
		case r == 'İ':
			c = 1
		case r == 'ş':
			c = 2
		case r == ' ':
			c = 3
		case r == 'ğ':
			c = 4
		case r == 'ı':
			c = 5
		case r == '\u00ad':
			c = 6
		case r == 'ﬁ':
			c = 0x30
		case r == 'A':
			c = 0x31
		default:
			panic(string(r))
		}
		fmt.Fprintf(&b, "%04X", c)
	}
	b.WriteByte('>')
	return b.String()
}

const toUnicodeCMap = `/CIDInit /ProcSet findresource begin
12 dict begin
begincmap
/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
/CMapName /Adobe-Identity-UCS def
/CMapType 2 def
1 begincodespacerange
<0000> <FFFF>
endcodespacerange
6 beginbfchar
<0001> <0130>
<0002> <015F>
<0003> <0020>
<0004> <011F>
<0005> <0131>
<0006> <00AD>
endbfchar
2 beginbfrange
<0010> <0029> <0061>
<0030> <0031> [<00660069> <D835DC00>]
endbfrange
endcmap
CMapName currentdict /CMap defineresource pop
end
end`

// addType0Font adds a Type0 Identity-H font with a ToUnicode CMap (as Word and LibreOffice
// write them) and returns its object number.
func addType0Font(p *countingtest.PDF, toUnicode bool) int {
	desc := p.Add("<< /Type /Font /Subtype /CIDFontType2 /BaseFont /ABCDEF+LiberationSerif " +
		"/CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /DW 500 /W [1 [600 500 300] 4 10 450] >>")
	tu := ""
	if toUnicode {
		tu = fmt.Sprintf("/ToUnicode %d 0 R", p.Add(countingtest.PDFFlateStream("", []byte(toUnicodeCMap))))
	}
	return p.Add(fmt.Sprintf("<< /Type /Font /Subtype /Type0 /BaseFont /ABCDEF+LiberationSerif /Encoding /Identity-H /DescendantFonts [%d 0 R] %s >>", desc, tu))
}

// fontPage is a one-page document whose font F1 is added by font.
func fontPage(content string, font func(p *countingtest.PDF) int) []byte {
	p := &countingtest.PDF{}
	p.Add("<< /Type /Catalog /Pages 2 0 R >>")
	p.Add("<< /Type /Pages /Kids [3 0 R] /Count 1 /MediaBox [0 0 595 842] >>")
	p.Add("")
	f := font(p)
	cs := p.Add(countingtest.PDFFlateStream("", []byte(content)))
	p.Set(3, fmt.Sprintf("<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 %d 0 R >> >> /Contents %d 0 R >>", f, cs))
	return p.Bytes()
}

func TestPDFType0ToUnicode(t *testing.T) {
	content := fmt.Sprintf(`BT /F1 10 Tf 50 700 Td
[%s %s %s -400 %s -30 %s %s %s] TJ
0 -14 Td %s Tj
0 -14 Td %s Tj 0 -14 Td %s Tj
ET`, type0Hex("İstanbul"), type0Hex(" "), type0Hex("dağ"), type0Hex("baş"), type0Hex("arılı"), type0Hex(" "), type0Hex("ﬁle"),
		type0Hex("A"), type0Hex("trans\u00ad"), type0Hex("lation"))
	c := mustCountPDF(t, fontPage(content, func(p *countingtest.PDF) int { return addType0Font(p, true) }))
	// İstanbul dağ başarılı file 𝐀 translation (a soft hyphen at the end of a line joins)
	expectCounts(t, c, 6, 35)
	if want := "İstanbul dağ başarılı file 𝐀 translation"; c.Preview != want {
		t.Errorf("preview %q, want %q", c.Preview, want)
	}
}

func TestPDFUndecodableFontIsManual(t *testing.T) {
	content := "BT /F1 12 Tf 10 10 Td " + type0Hex("merhaba dostlar") + " Tj ET"
	c := mustCountPDF(t, fontPage(content, func(p *countingtest.PDF) int { return addType0Font(p, false) }))
	if c != (counting.Counts{Format: counting.PDF, ManualCount: true}) {
		t.Errorf("got %+v, want a manual count", c)
	}
}

func imagePage(text string) []byte {
	p := &countingtest.PDF{}
	p.Add("<< /Type /Catalog /Pages 2 0 R >>")
	p.Add("<< /Type /Pages /Kids [3 0 R] /Count 1 /MediaBox [0 0 595 842] >>")
	p.Add("<< /Type /Page /Parent 2 0 R /Resources << /XObject << /Im1 5 0 R >> /Font << /F1 6 0 R >> >> /Contents 4 0 R >>")
	content := "q 595 0 0 842 0 0 cm /Im1 Do Q"
	if text != "" {
		content += " BT /F1 8 Tf 20 20 Td (" + text + ") Tj ET"
	}
	p.Add(countingtest.PDFStream("", []byte(content)))
	p.Add(countingtest.PDFStream("/Type /XObject /Subtype /Image /Width 2 /Height 2 /ColorSpace /DeviceGray /BitsPerComponent 8", []byte{0, 255, 255, 0}))
	p.Add(helvetica)
	return p.Bytes()
}

func TestPDFScannedIsManual(t *testing.T) {
	for _, text := range []string{"", "Scanned with CamScanner"} {
		c, err := countPDF(imagePage(text))
		if err != nil {
			t.Fatal(err)
		}
		if c != (counting.Counts{Format: counting.PDF, ManualCount: true}) {
			t.Errorf("%q: got %+v, want only ManualCount", text, c)
		}
	}
}

func TestPDFTextString(t *testing.T) {
	u := utf16.Encode([]rune("Şu"))
	b := []byte{0xfe, 0xff}
	for _, x := range u {
		b = append(b, byte(x>>8), byte(x))
	}
	if got := pdf.TextString(b); got != "Şu" {
		t.Errorf("%q", got)
	}
	if got := pdf.TextString([]byte("a\x93b\xa0")); got != "a\ufb01b€" {
		t.Errorf("%q", got)
	}
}

// TestPDFRealFiles reads PDFs installed by Debian packages when they are there (the suite does
// not depend on them).
func TestPDFRealFiles(t *testing.T) {
	for _, f := range []string{"/usr/share/doc/libtasn1-doc/libtasn1.pdf", "/usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf"} {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		c, err := countPDF(b)
		if err != nil || c.ManualCount || c.Words < 1000 {
			t.Errorf("%s: %+v, %v", f, c, err)
		}
		t.Logf("%s: %d words, %d characters", f, c.Words, c.Characters)
	}
}
