package counting_test

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"fmt"
	"hash"
	"hash/crc32"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"linguaport/svc-orders/counting"
)

// Fixtures for the benchmarks, generated in memory and deterministically (fixed PCG seeds): a
// 100-page docx, an xlsx just under counting.MaxFileBytes and a two-hour srt. Every word the
// generators write is one word by the counting rules, so they know how many words to expect.

// ---- text ----

// commonWords head the vocabulary (the most frequent words of a Turkish/English contract and
// software text); made-up words from Turkish syllables follow, so the text compresses like
// prose, not like a short list repeated.
var commonWords = strings.Fields(`ve bir bu için ile de da olarak olan çeviri belge sözleşme hizmet
	müşteri taraf tarafından gün içinde teslim ücret ödeme fatura proje dosya metin sayfa kelime
	dil hedef kaynak süre tarih madde hüküm gizlilik yükümlülük kapsam onay talep sipariş teklif
	kalite kontrol editör çevirmen terim sözlük bölüm ek tablo şekil not açıklama uygun gerekli
	olması halinde ancak veya ise her tüm daha en çok az yeni son ilk İstanbul'da Ankara'da e-posta
	the of and to in a is that for on with as by this be are or from shall will translation
	document customer service delivery within days agreement party parties fee payment invoice
	project file text page word language source target date clause terms confidential quality
	review translator glossary section annex table figure note required provided however each
	all more new first last don't e-mail follow-up`)

const syllables = "ba be bi bo bu da de di do du ka ke ki ko ku la le li lo lu ma me mi mo mu na ne ni no nu " +
	"ra re ri ro ru sa se si so su ta te ti to tu ya ye yo yu za ze ça çe çi şa şe şi ğa ğı ğu " +
	"ğü lı mı nı rı sı tı kı ön ün öz üz ar er ır ur an en in on al el il ol ak ek ık ok ay ey oy"

// vocabulary is commonWords then made-up words, in rank order for a Zipf distribution.
var vocabulary = func() []string {
	r := rand.New(rand.NewPCG(1, 2))
	syl := strings.Fields(syllables)
	seen := map[string]bool{}
	v := append([]string(nil), commonWords...)
	for _, w := range v {
		seen[w] = true
	}
	for len(v) < 20000 {
		var b strings.Builder
		for range 1 + r.IntN(4) {
			b.WriteString(syl[r.IntN(len(syl))])
		}
		if w := b.String(); !seen[w] {
			seen[w] = true
			v = append(v, w)
		}
	}
	return v
}()

// textGen writes sentences; words counts every word written.
type textGen struct {
	r     *rand.Rand
	z     *rand.Zipf
	words int
}

func newTextGen(seed uint64) *textGen {
	r := rand.New(rand.NewPCG(seed, 0x6c696e677561))
	return &textGen{r: r, z: rand.NewZipf(r, 1.07, 2, uint64(len(vocabulary)-1))}
}

// word is one word: from the vocabulary, now and then a number ("2026", "1.250,50", "30").
func (g *textGen) word() string {
	g.words++
	switch n := g.r.IntN(40); {
	case n == 0:
		return fmt.Sprintf("%d.%03d,%02d", 1+g.r.IntN(99), g.r.IntN(1000), g.r.IntN(100))
	case n == 1:
		return fmt.Sprint(1 + g.r.IntN(2100))
	}
	return vocabulary[g.z.Uint64()]
}

// sentence writes lo..hi words to b: the first capitalised, commas now and then, a full stop.
func (g *textGen) sentence(b *strings.Builder, lo, hi int) {
	n := lo + g.r.IntN(hi-lo+1)
	for i := range n {
		if i > 0 {
			b.WriteByte(' ')
		}
		w := g.word()
		if i == 0 && w[0] >= 'a' && w[0] <= 'z' {
			b.WriteByte(w[0] - 'a' + 'A')
			w = w[1:]
		}
		b.WriteString(w)
		if i < n-1 && g.r.IntN(9) == 0 {
			b.WriteByte(',')
		}
	}
	b.WriteByte('.')
}

// text is sentences of lo..hi words in all, 4 to 18 words a sentence.
func (g *textGen) text(lo, hi int) string {
	var b strings.Builder
	n := lo + g.r.IntN(hi-lo+1)
	for n > 0 {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		k := min(4+g.r.IntN(15), n)
		g.sentence(&b, k, k)
		n -= k
	}
	return b.String()
}

// ---- zip ----

const xmlHead = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` + "\r\n"

// deflatedPart is one zip entry compressed as it is written (the way office programs write
// them, at the default level), added to the archive with CreateRaw: several parts can be
// written at the same time and the archive's size is known while it grows.
type deflatedPart struct {
	name string
	buf  bytes.Buffer
	fw   *flate.Writer
	crc  hash.Hash32
	size int64
}

func newPart(name string) *deflatedPart {
	p := &deflatedPart{name: name, crc: crc32.NewIEEE()}
	p.fw, _ = flate.NewWriter(&p.buf, flate.DefaultCompression)
	return p
}

func (p *deflatedPart) WriteString(s string) {
	io.WriteString(p.crc, s)
	p.size += int64(len(s))
	p.fw.Write([]byte(s))
}

func (p *deflatedPart) close() { p.fw.Close() }

func writeZip(tb testing.TB, parts []*deflatedPart) []byte {
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	for _, p := range parts {
		p.close()
		w, err := zw.CreateRaw(&zip.FileHeader{Name: p.name, Method: zip.Deflate, CRC32: p.crc.Sum32(),
			CompressedSize64: uint64(p.buf.Len()), UncompressedSize64: uint64(p.size)})
		if err != nil {
			tb.Fatal(err)
		}
		if _, err := w.Write(p.buf.Bytes()); err != nil {
			tb.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		tb.Fatal(err)
	}
	return out.Bytes()
}

func partOf(name, body string) *deflatedPart {
	p := newPart(name)
	p.WriteString(body)
	return p
}

const relsNS = `http://schemas.openxmlformats.org/package/2006/relationships`
const relNS = `http://schemas.openxmlformats.org/officeDocument/2006/relationships/`

func rels(targets ...string) string { // type, target, type, target ...
	var b strings.Builder
	b.WriteString(xmlHead + `<Relationships xmlns="` + relsNS + `">`)
	for i := 0; i+1 < len(targets); i += 2 {
		fmt.Fprintf(&b, `<Relationship Id="rId%d" Type="%s%s" Target="%s"/>`, i/2+1, relNS, targets[i], targets[i+1])
	}
	b.WriteString(`</Relationships>`)
	return b.String()
}

func contentTypes(overrides ...string) string { // part, type, part, type ...
	var b strings.Builder
	b.WriteString(xmlHead + `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
		`<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
		`<Default Extension="xml" ContentType="application/xml"/>`)
	for i := 0; i+1 < len(overrides); i += 2 {
		fmt.Fprintf(&b, `<Override PartName="/%s" ContentType="application/vnd.openxmlformats-%s"/>`, overrides[i], overrides[i+1])
	}
	b.WriteString(`</Types>`)
	return b.String()
}

var docProps = []string{
	"docProps/core.xml", xmlHead + `<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ` +
		`xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Çeviri Hizmetleri</dc:title><dc:creator>LinguaPort</dc:creator></cp:coreProperties>`,
	"docProps/app.xml", xmlHead + `<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties">` +
		`<Application>Microsoft Office Word</Application></Properties>`,
}

// ---- docx ----

const wNS = `xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" ` +
	`xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" ` +
	`xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" ` +
	`xmlns:w14="http://schemas.microsoft.com/office/word/2010/wordml" mc:Ignorable="w14"`

// docxHeaderFooterWords are the words of the header (5) and the footer (3: "Sayfa", the PAGE and the
// NUMPAGES field results).
const docxHeaderFooterWords = 8

// hundredPageDOCX is a contract of 100 printed pages (about 500 words a page, 50,000
// in all) written the way Word writes one: headings, justified paragraphs of several runs with
// properties and revision ids (some words split across runs, some bold or italic), a
// 4-column table of 30 rows, a header and a footer with PAGE/NUMPAGES fields.
func hundredPageDOCX(tb testing.TB) (doc []byte, words int) {
	g := newTextGen(100)
	rsid := func() string { return fmt.Sprintf("00%06X", g.r.IntN(1<<24)) }
	var body strings.Builder
	run := func(props, text string) {
		fmt.Fprintf(&body, `<w:r w:rsidRPr="%s"><w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri" w:cs="Calibri"/>%s`+
			`<w:sz w:val="22"/><w:szCs w:val="22"/><w:lang w:val="tr-TR"/></w:rPr><w:t xml:space="preserve">%s</w:t></w:r>`, rsid(), props, text)
	}
	para := func(style, jc string, text string) {
		fmt.Fprintf(&body, `<w:p w14:paraId="%08X" w14:textId="77777777" w:rsidR="%s" w:rsidRDefault="%s" w:rsidP="%s">`+
			`<w:pPr><w:pStyle w:val="%s"/><w:spacing w:after="120" w:line="276" w:lineRule="auto"/><w:jc w:val="%s"/>`+
			`<w:rPr><w:lang w:val="tr-TR"/></w:rPr></w:pPr>`, g.r.Uint32(), rsid(), rsid(), rsid(), style, jc)
		// runs of 3 to 30 words; now and then a run ends inside a word (Word's spell-check and
		// revision marks do that), which the counter must join again
		for text != "" {
			cut := len(text)
			if sp := nthSpace(text, 3+g.r.IntN(28)); sp > 0 {
				cut = sp + 1
				if g.r.IntN(5) == 0 && cut+3 < len(text) && isASCIILetters(text[cut:cut+3]) {
					cut += 2 // "…ka" + "lite …"
				}
			}
			props := ""
			switch g.r.IntN(12) {
			case 0:
				props = `<w:b/><w:bCs/>`
			case 1:
				props = `<w:i/><w:iCs/>`
			}
			run(props, text[:cut])
			text = text[cut:]
		}
		body.WriteString(`</w:p>`)
	}
	table := func() {
		body.WriteString(`<w:tbl><w:tblPr><w:tblStyle w:val="TableGrid"/><w:tblW w:w="0" w:type="auto"/>` +
			`<w:tblLook w:val="04A0" w:firstRow="1" w:lastRow="0" w:firstColumn="1" w:lastColumn="0" w:noHBand="0" w:noVBand="1"/></w:tblPr>` +
			`<w:tblGrid><w:gridCol w:w="1500"/><w:gridCol w:w="3000"/><w:gridCol w:w="3000"/><w:gridCol w:w="1500"/></w:tblGrid>`)
		for row := range 30 {
			fmt.Fprintf(&body, `<w:tr w:rsidR="%s">`, rsid())
			for col, width := range []int{1500, 3000, 3000, 1500} {
				fmt.Fprintf(&body, `<w:tc><w:tcPr><w:tcW w:w="%d" w:type="dxa"/></w:tcPr>`, width)
				var text string
				switch {
				case row == 0:
					text = []string{"Madde", "Hizmet", "Açıklama", "Ücret"}[col]
					g.words++
				case col == 0:
					text = fmt.Sprint(row)
					g.words++
				case col == 3:
					text = fmt.Sprintf("%d,%02d", 50+g.r.IntN(5000), g.r.IntN(100))
					g.words++
				default:
					text = g.text(2, 12)
				}
				para("TableContents", "left", text)
				body.WriteString(`</w:tc>`)
			}
			body.WriteString(`</w:tr>`)
		}
		body.WriteString(`</w:tbl>`)
	}
	for p, tabled := 0, false; g.words < 50000; p++ {
		switch {
		case p%14 == 0:
			var b strings.Builder
			fmt.Fprintf(&b, "%d. ", p/14+1)
			g.words++
			g.sentence(&b, 2, 6)
			para("Heading1", "left", strings.TrimSuffix(b.String(), "."))
		case !tabled && g.words > 20000:
			table()
			tabled = true
		default:
			para("Normal", "both", g.text(25, 140))
		}
	}
	words = g.words + docxHeaderFooterWords

	field := func(code, result string) string {
		return `<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> ` + code + ` </w:instrText></w:r>` +
			`<w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>` + result + `</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>`
	}
	header := xmlHead + `<w:hdr ` + wNS + `><w:p><w:pPr><w:pStyle w:val="Header"/></w:pPr>` +
		`<w:r><w:t>LinguaPort Çeviri Hizmetleri Sözleşmesi – Gizlidir</w:t></w:r></w:p></w:hdr>`
	footer := xmlHead + `<w:ftr ` + wNS + `><w:p><w:pPr><w:pStyle w:val="Footer"/><w:jc w:val="center"/></w:pPr>` +
		`<w:r><w:t xml:space="preserve">Sayfa </w:t></w:r>` + field("PAGE", "1") + `<w:r><w:t xml:space="preserve"> / </w:t></w:r>` +
		field("NUMPAGES", "100") + `</w:p></w:ftr>`
	document := xmlHead + `<w:document ` + wNS + `><w:body>` + body.String() +
		`<w:sectPr><w:headerReference w:type="default" r:id="rId3"/><w:footerReference w:type="default" r:id="rId4"/>` +
		`<w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1417" w:right="1417" w:bottom="1417" w:left="1417" w:header="708" w:footer="708" w:gutter="0"/>` +
		`</w:sectPr></w:body></w:document>`
	styles := xmlHead + `<w:styles ` + wNS + `><w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri"/>` +
		`<w:lang w:val="tr-TR"/></w:rPr></w:rPrDefault></w:docDefaults>` +
		`<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>` +
		`<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/><w:rPr><w:b/><w:sz w:val="32"/></w:rPr></w:style>` +
		`<w:style w:type="paragraph" w:styleId="TableContents"><w:name w:val="Table Contents"/><w:basedOn w:val="Normal"/></w:style>` +
		`<w:style w:type="paragraph" w:styleId="Header"><w:name w:val="header"/><w:basedOn w:val="Normal"/></w:style>` +
		`<w:style w:type="paragraph" w:styleId="Footer"><w:name w:val="footer"/><w:basedOn w:val="Normal"/></w:style>` +
		`<w:style w:type="table" w:styleId="TableGrid"><w:name w:val="Table Grid"/></w:style></w:styles>`
	const wml = "officedocument.wordprocessingml."
	parts := []*deflatedPart{
		partOf("[Content_Types].xml", contentTypes("word/document.xml", wml+"document.main+xml", "word/styles.xml", wml+"styles+xml",
			"word/settings.xml", wml+"settings+xml", "word/header1.xml", wml+"header+xml", "word/footer1.xml", wml+"footer+xml",
			"docProps/core.xml", "package.core-properties+xml", "docProps/app.xml", "officedocument.extended-properties+xml")),
		partOf("_rels/.rels", rels("officeDocument", "word/document.xml", "metadata/core-properties", "docProps/core.xml",
			"extended-properties", "docProps/app.xml")),
		partOf("word/document.xml", document),
		partOf("word/_rels/document.xml.rels", rels("styles", "styles.xml", "settings", "settings.xml", "header", "header1.xml", "footer", "footer1.xml")),
		partOf("word/styles.xml", styles),
		partOf("word/settings.xml", xmlHead+`<w:settings `+wNS+`><w:defaultTabStop w:val="708"/><w:characterSpacingControl w:val="doNotCompress"/></w:settings>`),
		partOf("word/header1.xml", header),
		partOf("word/footer1.xml", footer),
		partOf(docProps[0], docProps[1]),
		partOf(docProps[2], docProps[3]),
	}
	return writeZip(tb, parts), words
}

// nthSpace is the index of the n-th space in s, or -1.
func nthSpace(s string, n int) int {
	for i := 0; i < len(s); i++ {
		if s[i] == ' ' {
			if n--; n == 0 {
				return i
			}
		}
	}
	return -1
}

func isASCIILetters(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i] | 0x20; c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

// ---- xlsx ----

// xlsxSheetRows is how many rows one worksheet gets (each about 30 MB of XML: well under
// counting.MaxEntryBytes).
const xlsxSheetRows = 100000

// bigXLSX is a translation memory export as Excel writes one, grown until the file is just
// under maxBytes (and its parts inflate to less than counting.MaxUncompressedBytes): rows of
// an id, a source segment, a context note (in most rows), a status from a short list (shared
// strings used over and over), a length limit, a price, a date and a formula, 100,000 rows a
// sheet. It returns the file and the words the text cells hold.
func bigXLSX(tb testing.TB, maxBytes int64) (doc []byte, words int, rows int) {
	g := newTextGen(50)
	const sml = "officedocument.spreadsheetml."
	// the table's count and uniqueCount attributes are optional and left out: they are only
	// known at the end, and the counter does not read them
	sst := newPart("xl/sharedStrings.xml")
	sst.WriteString(xmlHead + `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">`)
	var sheets []*deflatedPart
	statuses := []string{"Yeni", "Çevrildi", "Onaylandı", "İncelemede", "Beklemede"}
	var nsst int
	addString := func(s string) int {
		sst.WriteString(`<si><t>` + s + `</t></si>`)
		nsst++
		return nsst - 1
	}
	for _, s := range statuses {
		addString(s)
	}
	statusWords := 0
	// the central directory and the small parts take less than this
	const reserve = 64 << 10
	var sheet *deflatedPart
	var row strings.Builder
	compressed := func() int64 {
		n := int64(sst.buf.Len())
		for _, s := range sheets {
			n += int64(s.buf.Len())
		}
		return n
	}
	inflated := func() int64 {
		n := sst.size
		for _, s := range sheets {
			n += s.size
		}
		return n
	}
	for r := 1; ; r++ {
		// flate keeps up to about 64 KB of a part's output back until it is flushed
		if compressed()+int64(len(sheets)+1)*(64<<10)+reserve > maxBytes || inflated() > counting.MaxUncompressedBytes-(2<<20) {
			break
		}
		if sheet == nil || (r-1)%xlsxSheetRows == 0 {
			if sheet != nil {
				sheet.WriteString(`</sheetData></worksheet>`)
			}
			sheet = newPart(fmt.Sprintf("xl/worksheets/sheet%d.xml", len(sheets)+1))
			sheets = append(sheets, sheet)
			sheet.WriteString(xmlHead + `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ` +
				`xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">` +
				`<dimension ref="A1:H100000"/><sheetViews><sheetView workbookViewId="0"/></sheetViews>` +
				`<sheetFormatPr defaultRowHeight="15"/><cols><col min="2" max="3" width="60" customWidth="1"/></cols><sheetData>`)
		}
		rows++
		n := (r-1)%xlsxSheetRows + 1
		row.Reset()
		fmt.Fprintf(&row, `<row r="%d" spans="1:8">`, n)
		fmt.Fprintf(&row, `<c r="A%d"><v>%d</v></c>`, n, r)
		fmt.Fprintf(&row, `<c r="B%d" t="s"><v>%d</v></c>`, n, addString(g.text(3, 40)))
		if g.r.IntN(10) < 7 {
			fmt.Fprintf(&row, `<c r="C%d" s="1" t="s"><v>%d</v></c>`, n, addString(g.text(2, 14)))
		}
		fmt.Fprintf(&row, `<c r="D%d" t="s"><v>%d</v></c>`, n, g.r.IntN(len(statuses)))
		statusWords++
		fmt.Fprintf(&row, `<c r="E%d"><v>%d</v></c>`, n, 20+g.r.IntN(480))
		price := float64(g.r.IntN(100000)) / 100
		fmt.Fprintf(&row, `<c r="F%d" s="2"><v>%g</v></c>`, n, price)
		fmt.Fprintf(&row, `<c r="G%d" s="3"><v>%d</v></c>`, n, 45000+g.r.IntN(1500))
		fmt.Fprintf(&row, `<c r="H%d" s="2"><f>E%d*F%d</f><v>%g</v></c></row>`, n, n, n, price*float64(20+g.r.IntN(480)))
		sheet.WriteString(row.String())
	}
	sheet.WriteString(`</sheetData></worksheet>`)
	sst.WriteString(`</sst>`)
	words = g.words + statusWords

	var ct, wbRels, wbSheets []string
	ct = append(ct, "xl/workbook.xml", sml+"sheet.main+xml", "xl/sharedStrings.xml", sml+"sharedStrings+xml",
		"xl/styles.xml", sml+"styles+xml")
	for i, s := range sheets {
		ct = append(ct, s.name, sml+"worksheet+xml")
		wbRels = append(wbRels, "worksheet", fmt.Sprintf("worksheets/sheet%d.xml", i+1))
		wbSheets = append(wbSheets, fmt.Sprintf(`<sheet name="Segmentler %d" sheetId="%d" r:id="rId%d"/>`, i+1, i+1, i+1))
	}
	wbRels = append(wbRels, "sharedStrings", "sharedStrings.xml", "styles", "styles.xml")
	parts := []*deflatedPart{
		partOf("[Content_Types].xml", contentTypes(ct...)),
		partOf("_rels/.rels", rels("officeDocument", "xl/workbook.xml", "metadata/core-properties", "docProps/core.xml",
			"extended-properties", "docProps/app.xml")),
		partOf("xl/workbook.xml", xmlHead+`<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" `+
			`xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>`+strings.Join(wbSheets, "")+`</sheets></workbook>`),
		partOf("xl/_rels/workbook.xml.rels", rels(wbRels...)),
		partOf("xl/styles.xml", xmlHead+`<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">`+
			`<numFmts count="1"><numFmt numFmtId="164" formatCode="#,##0.00\ &quot;₺&quot;"/></numFmts>`+
			`<cellXfs count="4"><xf numFmtId="0"/><xf numFmtId="0" applyAlignment="1"><alignment wrapText="1"/></xf>`+
			`<xf numFmtId="164" applyNumberFormat="1"/><xf numFmtId="14" applyNumberFormat="1"/></cellXfs></styleSheet>`),
		partOf(docProps[0], docProps[1]),
		partOf(docProps[2], strings.Replace(docProps[3], "Word", "Excel", 1)),
	}
	parts = append(parts, sheets...)
	parts = append(parts, sst)
	return writeZip(tb, parts), words, rows
}

// ---- srt ----

// twoHourSRT is the subtitles of a two-hour film: a cue about every 3 seconds from 0:00:01 to
// 2:00:00 (2,400 cues), each one or two lines, some in italics or placed at the top ({\an8}).
func twoHourSRT() (doc []byte, words int) {
	g := newTextGen(7200)
	var b strings.Builder
	ts := func(ms int) string {
		return fmt.Sprintf("%02d:%02d:%02d,%03d", ms/3600000, ms/60000%60, ms/1000%60, ms%1000)
	}
	const cues = 2400
	for i := range cues {
		start := 1000 + i*3000 + g.r.IntN(300)
		end := start + 1200 + g.r.IntN(1400)
		if i == cues-1 {
			end = 7200 * 1000 // the film ends at 2:00:00
		}
		fmt.Fprintf(&b, "%d\r\n%s --> %s\r\n", i+1, ts(start), ts(end))
		var line strings.Builder
		g.sentence(&line, 2, 8)
		text := line.String()
		switch g.r.IntN(10) {
		case 0:
			text = "<i>" + text + "</i>"
		case 1:
			text = `{\an8}` + text
		}
		b.WriteString(text + "\r\n")
		if g.r.IntN(2) == 0 {
			line.Reset()
			g.sentence(&line, 2, 7)
			b.WriteString("- " + line.String() + "\r\n")
		}
		b.WriteString("\r\n")
	}
	return []byte(b.String()), g.words
}
