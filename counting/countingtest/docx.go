package countingtest

import (
	"fmt"
	"strings"
	"testing"
)

const wNS = `xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" ` +
	`xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" ` +
	`xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" ` +
	`xmlns:w14="http://schemas.microsoft.com/office/word/2010/wordml" mc:Ignorable="w14"`

// docxHeaderFooterWords are the words of the header (5) and the footer (3: "Sayfa", the PAGE and the
// NUMPAGES field results).
const docxHeaderFooterWords = 8

// HundredPageDOCX is a contract of 100 printed pages (about 500 words a page, 50,000
// in all) written the way Word writes one: headings, justified paragraphs of several runs with
// properties and revision ids (some words split across runs, some bold or italic), a
// 4-column table of 30 rows, a header and a footer with PAGE/NUMPAGES fields.
func HundredPageDOCX(tb testing.TB) (doc []byte, words int) {
	g := NewTextGen(100)
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
					g.Words++
				case col == 0:
					text = fmt.Sprint(row)
					g.Words++
				case col == 3:
					text = fmt.Sprintf("%d,%02d", 50+g.r.IntN(5000), g.r.IntN(100))
					g.Words++
				default:
					text = g.Text(2, 12)
				}
				para("TableContents", "left", text)
				body.WriteString(`</w:tc>`)
			}
			body.WriteString(`</w:tr>`)
		}
		body.WriteString(`</w:tbl>`)
	}
	for p, tabled := 0, false; g.Words < 50000; p++ {
		switch {
		case p%14 == 0:
			var b strings.Builder
			fmt.Fprintf(&b, "%d. ", p/14+1)
			g.Words++
			g.Sentence(&b, 2, 6)
			para("Heading1", "left", strings.TrimSuffix(b.String(), "."))
		case !tabled && g.Words > 20000:
			table()
			tabled = true
		default:
			para("Normal", "both", g.Text(25, 140))
		}
	}
	words = g.Words + docxHeaderFooterWords

	field := func(code, result string) string {
		return `<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> ` + code + ` </w:instrText></w:r>` +
			`<w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>` + result + `</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>`
	}
	header := XMLHead + `<w:hdr ` + wNS + `><w:p><w:pPr><w:pStyle w:val="Header"/></w:pPr>` +
		`<w:r><w:t>LinguaPort Çeviri Hizmetleri Sözleşmesi – Gizlidir</w:t></w:r></w:p></w:hdr>`
	footer := XMLHead + `<w:ftr ` + wNS + `><w:p><w:pPr><w:pStyle w:val="Footer"/><w:jc w:val="center"/></w:pPr>` +
		`<w:r><w:t xml:space="preserve">Sayfa </w:t></w:r>` + field("PAGE", "1") + `<w:r><w:t xml:space="preserve"> / </w:t></w:r>` +
		field("NUMPAGES", "100") + `</w:p></w:ftr>`
	document := XMLHead + `<w:document ` + wNS + `><w:body>` + body.String() +
		`<w:sectPr><w:headerReference w:type="default" r:id="rId3"/><w:footerReference w:type="default" r:id="rId4"/>` +
		`<w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1417" w:right="1417" w:bottom="1417" w:left="1417" w:header="708" w:footer="708" w:gutter="0"/>` +
		`</w:sectPr></w:body></w:document>`
	styles := XMLHead + `<w:styles ` + wNS + `><w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri"/>` +
		`<w:lang w:val="tr-TR"/></w:rPr></w:rPrDefault></w:docDefaults>` +
		`<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>` +
		`<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/><w:rPr><w:b/><w:sz w:val="32"/></w:rPr></w:style>` +
		`<w:style w:type="paragraph" w:styleId="TableContents"><w:name w:val="Table Contents"/><w:basedOn w:val="Normal"/></w:style>` +
		`<w:style w:type="paragraph" w:styleId="Header"><w:name w:val="header"/><w:basedOn w:val="Normal"/></w:style>` +
		`<w:style w:type="paragraph" w:styleId="Footer"><w:name w:val="footer"/><w:basedOn w:val="Normal"/></w:style>` +
		`<w:style w:type="table" w:styleId="TableGrid"><w:name w:val="Table Grid"/></w:style></w:styles>`
	const wml = ooxmlType + "officedocument.wordprocessingml."
	parts := []*Part{
		PartOf("[Content_Types].xml", ContentTypes("word/document.xml", wml+"document.main+xml", "word/styles.xml", wml+"styles+xml",
			"word/settings.xml", wml+"settings+xml", "word/header1.xml", wml+"header+xml", "word/footer1.xml", wml+"footer+xml",
			"docProps/core.xml", ooxmlType+"package.core-properties+xml", "docProps/app.xml", ooxmlType+"officedocument.extended-properties+xml")),
		PartOf("_rels/.rels", Rels("officeDocument", "word/document.xml", "metadata/core-properties", "docProps/core.xml",
			"extended-properties", "docProps/app.xml")),
		PartOf("word/document.xml", document),
		PartOf("word/_rels/document.xml.rels", Rels("styles", "styles.xml", "settings", "settings.xml", "header", "header1.xml", "footer", "footer1.xml")),
		PartOf("word/styles.xml", styles),
		PartOf("word/settings.xml", XMLHead+`<w:settings `+wNS+`><w:defaultTabStop w:val="708"/><w:characterSpacingControl w:val="doNotCompress"/></w:settings>`),
		PartOf("word/header1.xml", header),
		PartOf("word/footer1.xml", footer),
		PartOf(docProps[0], docProps[1]),
		PartOf(docProps[2], docProps[3]),
	}
	return Zip(tb, parts...), words
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
