package counting

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"linguaport/counting/countingtest"
)

func TestCountText(t *testing.T) {
	cases := []struct {
		in           string
		words, chars int
	}{
		{"", 0, 0},
		{"   \n\t ", 0, 0},
		{"İstanbul'da e-posta don't", 3, 23},
		{"İstanbul’da e‐posta", 2, 18},
		{"1.250,50 3.14 2026", 3, 16},
		{"Merhaba, dünya!", 2, 14},
		{"ışığı ĞÜŞÖÇİ", 2, 11},
		{"日本語のテキスト", 8, 8},
		{"コーヒー", 4, 4},
		{"한국어 텍스트", 2, 6},
		{"東京タワーへ行く。Tokyo", 9, 14},
		{"— … !!! % ©", 0, 7},
		{"'quoted' -dash- end.", 3, 18},
		{"a--b", 2, 4},
		{"3-4 COVID-19 v2.0", 3, 15},
		{"end.Start", 2, 9},
		{"2026.", 1, 5},
		{"1,2,3 ve 1, 2, 3", 5, 12},
		{"a\u00a0b", 2, 2},
		{"zero\u200bwidth", 2, 9},
		{"soft\u00adhyphen", 1, 10},
		{"cafe\u0301", 1, 5},
		{"x² ½", 2, 3},
		{"info@linguaport.com", 3, 19},
		{"\x00\x01abc\x7f", 1, 3},
		{"\xff\xfe", 0, 2},
	}
	for _, c := range cases {
		w, ch := CountText(c.in)
		if w != c.words || ch != c.chars {
			t.Errorf("CountText(%q) = %d words, %d chars; want %d, %d", c.in, w, ch, c.words, c.chars)
		}
	}
}

// Pieces of one text counted one after another give the same as the text at once: words
// that cross a piece boundary stay one word.
func TestCounterPieces(t *testing.T) {
	text := "İstanbul'da 1.250,50 TL ödedik; e-posta ile 日本 gönderildi."
	ww, wc := CountText(text)
	for cut := 0; cut <= len(text); cut++ {
		var c counter
		c.WriteString(text[:cut])
		c.Write([]byte(text[cut:]))
		if c.words != ww || c.chars != wc {
			// a cut inside a multi-byte rune legitimately differs
			if cut < len(text) && !isRuneStart(text, cut) {
				continue
			}
			t.Fatalf("cut at %d: %d/%d, want %d/%d", cut, c.words, c.chars, ww, wc)
		}
	}
}

func isRuneStart(s string, i int) bool { return s[i]&0xc0 != 0x80 }

func TestPreview(t *testing.T) {
	got := mustCount(t, "a.txt", []byte("  Birinci   satır\n\n\tikinci\r\nsatır  "))
	if got.Preview != "Birinci satır ikinci satır" {
		t.Errorf("preview %q", got.Preview)
	}
	word := mustCount(t, "a.txt", []byte(strings.Repeat("ş", 1000)))
	if n := len([]rune(word.Preview)); n != PreviewRunes {
		t.Errorf("preview has %d runes, want %d", n, PreviewRunes)
	}
	long := strings.Repeat("kelime ", 200)
	got = mustCount(t, "a.txt", []byte(long))
	if n := len([]rune(got.Preview)); n > PreviewRunes || strings.HasSuffix(got.Preview, " ") || !strings.HasPrefix(long, got.Preview) {
		t.Errorf("preview %q (%d runes)", got.Preview, n)
	}
	if got.Words != 200 || got.Characters != 1200 || got.Pages != 2 {
		t.Errorf("got %+v", got)
	}
}

func mustCount(t *testing.T, name string, b []byte) Counts {
	t.Helper()
	c, err := Count(name, src(b))
	if err != nil {
		t.Fatalf("Count(%s): %v", name, err)
	}
	return c
}

func expect(t *testing.T, name string, got Counts, words, chars int) {
	t.Helper()
	if got.Words != words || got.Characters != chars || got.Pages != pages(chars) {
		t.Errorf("%s: %d words, %d chars, %d pages; want %d, %d, %d (preview %q)",
			name, got.Words, got.Characters, got.Pages, words, chars, pages(chars), got.Preview)
	}
}

func TestTXTEncodings(t *testing.T) {
	for name, b := range map[string][]byte{
		"utf8":     []byte(turkishText),
		"utf8bom":  append([]byte{0xef, 0xbb, 0xbf}, turkishText...),
		"utf16le":  utf16Bytes(turkishText, false),
		"utf16be":  utf16Bytes(turkishText, true),
		"win1254":  win1254(t, turkishText),
		"win1254+": win1254(t, strings.Repeat(turkishText+"\n", 20000)), // chunked: invalid UTF-8 far from the start
	} {
		got := mustCount(t, "belge.TXT", b)
		n := 1
		if name == "win1254+" {
			n = 20000
		}
		expect(t, name, got, 6*n, 35*n)
		if got.Format != TXT || got.Preview[:len(turkishText)] != turkishText {
			t.Errorf("%s: format %q preview %q", name, got.Format, got.Preview)
		}
	}
}

func TestDOCX(t *testing.T) {
	got := mustCount(t, "sözleşme.docx", fullDOCX(t))
	// Merhaba dünya | Hello | görünür | 7 sonuç | Hücre1 Hücre2 | Kutu yazısı | Paragraf | eklendi | a b
	// header: Üstbilgi metni, footer: Altbilgi, footnote: Dipnot açıklaması, endnote: Sonnot.
	// Not: gizli metin (w:vanish), stil gizli (hidden character style), PAGE and KOD (field
	// codes), the VML copy of the text box, silindi (deleted), Yorum metni (comments).
	expect(t, "docx", got, 20, 112)
	want := "Merhaba dünya Hello görünür 7 sonuç Hücre1 Hücre2 Kutu yazısı Paragraf eklendi a b Üstbilgi metni Altbilgi Dipnot açıklaması Sonnot"
	if got.Preview != want {
		t.Errorf("preview\n%q\nwant\n%q", got.Preview, want)
	}
}

func TestDOCXDefaultsAndStyles(t *testing.T) {
	// a hidden paragraph style hides its runs unless a run says otherwise
	styles := wPart("styles", `<w:style w:type="paragraph" w:styleId="Gizli"><w:rPr><w:vanish/></w:rPr></w:style>`)
	body := `<w:p><w:pPr><w:pStyle w:val="Gizli"/></w:pPr><w:r><w:t>saklı</w:t></w:r><w:r><w:rPr><w:vanish w:val="0"/></w:rPr><w:t xml:space="preserve"> açık</w:t></w:r></w:p>` +
		`<w:p><w:r><w:t>normal</w:t></w:r><w:r><w:noBreakHyphen/><w:t>tire</w:t></w:r><w:r><w:softHyphen/><w:t>ek</w:t></w:r></w:p>`
	got := mustCount(t, "a.docx", docx(t, body, part{"word/styles.xml", styles}))
	// açık | normal‑tire (non-breaking hyphen keeps one word) + ek joined by a soft hyphen
	expect(t, "docx styles", got, 2, 17)
}

func TestXLSX(t *testing.T) {
	got := mustCount(t, "tablo.xlsx", fullXLSX(t))
	// Merhaba dünya, Satır içi yazı, Tekrar (two cells refer to it); not the number, the
	// formula cells, the boolean, the error, the unreferenced shared string.
	expect(t, "xlsx", got, 7, 36)
	if !strings.HasPrefix(got.Preview, "Merhaba dünya Satır içi yazı Tekrar") {
		t.Errorf("preview %q", got.Preview)
	}
}

func TestPPTX(t *testing.T) {
	got := mustCount(t, "sunum.pptx", fullPPTX(t))
	// slides: Sunum başlığı, Birinci madde, Tablo, İkinci slayt; notes: Konuşmacı notu;
	// not the slide number fields.
	expect(t, "pptx", got, 9, 53)
	if got.Preview != "Sunum başlığı Birinci madde Tablo İkinci slayt Konuşmacı notu" {
		t.Errorf("preview %q", got.Preview)
	}
}

func TestPPTXSlideOrder(t *testing.T) {
	slides := make([]string, 11)
	for i := range slides {
		slides[i] = pShape(fmt.Sprintf("s%d", i+1))
	}
	got := mustCount(t, "a.pptx", pptx(t, slides, nil))
	if got.Preview != "s1 s2 s3 s4 s5 s6 s7 s8 s9 s10 s11" {
		t.Errorf("preview %q", got.Preview)
	}
}

func TestODT(t *testing.T) {
	got := mustCount(t, "a.odt", fullODT(t))
	// Merhaba dünya, Dipnot metni, a b, Hücre; header Sayfa başlığı. Not: hidden spans,
	// hidden text, a hidden section, the note citation, the comment, tracked deletions, a
	// hidden paragraph, a span with a hidden common style, index templates, a disabled footer.
	expect(t, "odt", got, 9, 42)
	if got.Preview != "Merhaba dünya Dipnot metni a b Hücre Sayfa başlığı" {
		t.Errorf("preview %q", got.Preview)
	}
}

func TestODS(t *testing.T) {
	got := mustCount(t, "a.ods", fullODS(t))
	// Merhaba dünya, Tekrar ×3 (repeated columns), Satır ×2 (repeated rows); not numbers,
	// formulas, annotations, shapes or print headers.
	expect(t, "ods", got, 7, 40)
}

func TestODP(t *testing.T) {
	got := mustCount(t, "a.odp", fullODP(t))
	expect(t, "odp", got, 4, 22)
	if got.Preview != "Slayt başlığı Sunucu notu" {
		t.Errorf("preview %q", got.Preview)
	}
}

func TestHTML(t *testing.T) {
	got := mustCount(t, "sayfa.html", []byte(fullHTML))
	// Sayfa | Başlık | Merhaba dünya & herkes | Resim açıklaması (alt) | tıkla | Bağlantı ipucu
	// (title, after its link) | bir | iki. Not: style, script, comments, noscript, template.
	expect(t, "html", got, 12, 69)
	if got.Preview != "Sayfa Başlık Merhaba dünya & herkes Resim açıklaması tıkla Bağlantı ipucu bir iki" {
		t.Errorf("preview %q", got.Preview)
	}
	// Windows-1254 without a declaration, and ISO-8859-9 declared
	w := mustCount(t, "a.htm", win1254(t, "<p>"+turkishText+"</p>"))
	expect(t, "html 1254", w, 6, 35)
	l := mustCount(t, "a.htm", win1254(t, `<meta charset="iso-8859-9"><p>`+turkishText+"</p>"))
	expect(t, "html latin5", l, 6, 35)
}

func TestSRT(t *testing.T) {
	got := mustCount(t, "film.srt", []byte(fullSRT))
	expect(t, "srt", got, 7, 36)
	if got.Duration != time.Hour+2*time.Minute+3500*time.Millisecond || got.Minutes != 63 {
		t.Errorf("duration %v, minutes %d; want 1h2m3.5s, 63", got.Duration, got.Minutes)
	}
	if got.Preview != "Merhaba dünya! İkinci satır ve devamı Son." {
		t.Errorf("preview %q", got.Preview)
	}
}

func TestVTT(t *testing.T) {
	got := mustCount(t, "film.vtt", []byte(fullVTT))
	expect(t, "vtt", got, 5, 27)
	if got.Duration != 90*time.Second || got.Minutes != 2 {
		t.Errorf("duration %v, minutes %d", got.Duration, got.Minutes)
	}
	if got.Preview != "Merhaba & hoş geldiniz Sarı yazı" {
		t.Errorf("preview %q", got.Preview)
	}
}

func TestSubtitleTimestamps(t *testing.T) {
	for in, want := range map[string]time.Duration{
		"00:00:01,000": time.Second,
		"1:02:03,500":  time.Hour + 2*time.Minute + 3500*time.Millisecond,
		"01:30.000":    90 * time.Second,
		"100:00:00.5":  100*time.Hour + 500*time.Millisecond,
	} {
		if got, ok := parseTimestamp(in); !ok || got != want {
			t.Errorf("%s: %v %v, want %v", in, got, ok, want)
		}
	}
	for _, bad := range []string{"", "1", "00:61:00,000", "a:b:c", "00:00:00,", "999999999:00:00"} {
		if _, ok := parseTimestamp(bad); ok {
			t.Errorf("%q parsed", bad)
		}
	}
}

func TestRefusals(t *testing.T) {
	exe := append([]byte("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff"), make([]byte, 200)...)
	cases := []struct {
		name string
		b    []byte
		want error
	}{
		{"setup.docx", exe, ErrMismatch},
		{"setup.txt", exe, ErrMismatch},
		{"setup.html", exe, ErrMismatch},
		{"a.docx", fullXLSX(t), ErrMismatch},
		{"a.xlsx", fullDOCX(t), ErrMismatch},
		{"a.pptx", fullODP(t), ErrMismatch},
		{"a.odt", fullODS(t), ErrMismatch},
		{"a.ods", fullDOCX(t), ErrMismatch},
		{"a.odt", zipOf(t, part{"content.xml", odfContent("", "<office:spreadsheet/>")}), ErrMismatch},
		{"a.docx", []byte("just text"), ErrMismatch},
		{"a.docx", zipOf(t, part{"readme.txt", "x"}), ErrMismatch},
		{"a.txt", fullDOCX(t), ErrMismatch},
		{"a.pdf", []byte("not a pdf"), ErrMismatch},
		{"a.wav", []byte("text, not audio"), ErrMismatch},
		{"a.mp4", exe, ErrMismatch},
		{"a.mp3", exe, ErrMismatch},
		{"virus.exe", exe, ErrUnsupported},
		{"eski.doc", []byte{0xd0, 0xcf, 0x11, 0xe0}, ErrUnsupported},
		{"README", []byte("text"), ErrUnsupported},
		{"a.docx", []byte("PK\x03\x04 broken"), ErrMalformed},
		{"a.docx", docx(t, "<w:p>"), ErrMalformed},
		{"a.docx", zipOf(t, part{"[Content_Types].xml", contentTypesXML([]part{{"word/document.xml", ""}})},
			part{"word/document.xml", `<!DOCTYPE d [<!ENTITY x "y">]><w:document ` + wNamespaces + `>&x;</w:document>`}), ErrMalformed},
	}
	for i, c := range cases {
		_, err := Count(c.name, src(c.b))
		if !errors.Is(err, c.want) {
			t.Errorf("%d %s: %v, want %v", i, c.name, err, c.want)
		}
	}
}

// hugeSource claims a size without holding it.
type hugeSource struct{ size int64 }

func (h hugeSource) ReadAt(p []byte, off int64) (int, error) { clear(p); return len(p), nil }
func (h hugeSource) Size() int64                             { return h.size }

func TestTooLarge(t *testing.T) {
	if _, err := Count("a.txt", hugeSource{MaxFileBytes + 1}); !errors.Is(err, ErrTooLarge) {
		t.Fatal(err)
	}
}

func TestZipBomb(t *testing.T) {
	b := bombDOCX(t)
	start := time.Now()
	_, err := Count("bomba.docx", src(b))
	if !errors.Is(err, ErrZipBomb) {
		t.Fatalf("%d-byte bomb: %v", len(b), err)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("refused in %v", d)
	}
}

func TestZipTooManyEntries(t *testing.T) {
	parts := []part{{"[Content_Types].xml", contentTypesXML([]part{{"word/document.xml", ""}})}, {"word/document.xml", wDoc(wp("x"))}}
	for i := range MaxArchiveEntries {
		parts = append(parts, part{fmt.Sprintf("f%d", i), ""})
	}
	if _, err := Count("a.docx", src(zipOf(t, parts...))); !errors.Is(err, ErrZipBomb) {
		t.Fatal(err)
	}
}

// Entries whose header is within the limits are still stopped while they inflate.
func TestZipLimitWhileReading(t *testing.T) {
	doc := docx(t, wp(strings.Repeat("söz ", 5000)))
	a, err := openArchive(src(doc))
	if err != nil {
		t.Fatal(err)
	}
	a.budget = 1000
	er, err := a.open(a.file("word/document.xml"))
	if err != nil {
		t.Fatal(err)
	}
	defer er.Close()
	if _, err := io.Copy(io.Discard, er); !errors.Is(err, ErrZipBomb) {
		t.Fatalf("read past the budget: %v", err)
	}
	// and through the parser, the cause is kept
	a, _ = openArchive(src(doc))
	a.budget = 1000
	if err := a.parsePart("word/document.xml", &docxHandler{c: &counter{}, st: &wordStyles{}}); !errors.Is(err, ErrZipBomb) {
		t.Fatalf("parser: %v", err)
	}
}

func TestZipHeaderRatio(t *testing.T) {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, _ := zw.Create("[Content_Types].xml")
	io.WriteString(w, contentTypesXML([]part{{"word/document.xml", ""}}))
	w, _ = zw.Create("word/document.xml")
	w.Write(make([]byte, 5<<20)) // 5 MB of zeros: about 1000 to 1
	zw.Close()
	if _, err := Count("a.docx", src(buf.Bytes())); !errors.Is(err, ErrZipBomb) {
		t.Fatal(err)
	}
}

func TestFormatOf(t *testing.T) {
	for name, want := range map[string]Format{
		"a.DOCX": DOCX, `C:\x\y.Pdf`: PDF, "dir.docx/a.txt": TXT, "a.tar.gz": "", ".docx": DOCX, "a.": "", "a.htm": HTML,
	} {
		if got := FormatOf(name); got != want {
			t.Errorf("%s: %q want %q", name, got, want)
		}
	}
}

func TestEmptyAndOddInputs(t *testing.T) {
	for _, name := range []string{"a.txt", "a.html", "a.srt", "a.vtt"} {
		got := mustCount(t, name, nil)
		if got.Words != 0 || got.Characters != 0 || got.Pages != 0 || got.Minutes != 0 {
			t.Errorf("%s: %+v", name, got)
		}
	}
	// a cue whose text contains an arrow, a blank line inside a cue, a lone index
	srt := "1\n00:00:00,000 --> 00:00:59,000\nA --> B\n\nstill text\n\n2\n"
	got := mustCount(t, "a.srt", []byte(srt))
	expect(t, "odd srt", got, 4, 14)
	if got.Minutes != 1 {
		t.Errorf("minutes %d", got.Minutes)
	}
}

func TestSniffMedia(t *testing.T) {
	// media passes sniffing and is handed to the media package
	for name, b := range seedFiles(t) {
		if f := FormatOf(name); f == WAV || f == MP4 || f == MP3 {
			head := b[:min(len(b), sniffBytes)]
			if err := sniff(f, head); err != nil {
				t.Errorf("%s: %v", name, err)
			}
		}
	}
}

// TestHundredPageDOCX counts bench/counting's 100-page contract (countingtest.HundredPageDOCX,
// marked up the way Word writes it): every word its generator wrote, 100 pages or more.
func TestHundredPageDOCX(t *testing.T) {
	doc, words := countingtest.HundredPageDOCX(t)
	got := mustCount(t, "a.docx", doc)
	if got.Words != words || got.Pages < 100 {
		t.Errorf("%d words (want %d), %d pages", got.Words, words, got.Pages)
	}
}
