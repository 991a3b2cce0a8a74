package counting

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
	"unicode/utf16"

	"golang.org/x/text/encoding/charmap"

	"linguaport/counting/countingtest"
)

// Fixture documents, built in memory: the smallest set of parts each format needs.

func src(b []byte) Source { return bytes.NewReader(b) }

type part struct{ name, body string }

// zipOf is an archive of the parts in order; an ODF mimetype is stored, as ODF wants it.
func zipOf(t testing.TB, parts ...part) []byte {
	zps := make([]*countingtest.Part, len(parts))
	for i, p := range parts {
		if p.name == "mimetype" {
			zps[i] = countingtest.StoredPartOf(p.name, p.body)
		} else {
			zps[i] = countingtest.PartOf(p.name, p.body)
		}
	}
	return countingtest.Zip(t, zps...)
}

const xmlHead = countingtest.XMLHead

const (
	ctDocMain   = "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"
	ctXlsMain   = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"
	ctPptMain   = "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"
	wNamespaces = `xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" ` +
		`xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" ` +
		`xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape" ` +
		`xmlns:v="urn:schemas-microsoft-com:vml" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" ` +
		`xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" ` +
		`xmlns:w14="http://schemas.microsoft.com/office/word/2010/wordml" ` +
		`xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" mc:Ignorable="w14"`
)

// contentTypesXML declares each part by its name.
func contentTypesXML(parts []part) string {
	types := map[string]string{
		"word/document.xml":      ctDocMain,
		"word/styles.xml":        ctWordMl + "styles+xml",
		"word/footnotes.xml":     ctWordMl + "footnotes+xml",
		"word/endnotes.xml":      ctWordMl + "endnotes+xml",
		"word/comments.xml":      ctWordMl + "comments+xml",
		"xl/workbook.xml":        ctXlsMain,
		"xl/sharedStrings.xml":   ctSheetMl + "sharedStrings+xml",
		"ppt/presentation.xml":   ctPptMain,
		"docProps/core.xml":      "application/vnd.openxmlformats-package.core-properties+xml",
		"xl/styles.xml":          ctSheetMl + "styles+xml",
		"ppt/slideLayouts/a.xml": ctPresentMl + "slideLayout+xml",
	}
	var overrides []string
	for _, p := range parts {
		t := types[p.name]
		switch {
		case strings.HasPrefix(p.name, "word/header"):
			t = ctWordMl + "header+xml"
		case strings.HasPrefix(p.name, "word/footer"):
			t = ctWordMl + "footer+xml"
		case strings.HasPrefix(p.name, "xl/worksheets/"):
			t = ctSheetMl + "worksheet+xml"
		case strings.HasPrefix(p.name, "ppt/slides/"):
			t = ctPresentMl + "slide+xml"
		case strings.HasPrefix(p.name, "ppt/notesSlides/"):
			t = ctPresentMl + "notesSlide+xml"
		}
		if t != "" {
			overrides = append(overrides, p.name, t)
		}
	}
	return countingtest.ContentTypes(overrides...)
}

func ooxmlZip(t testing.TB, main string, parts ...part) []byte {
	all := append([]part{{"[Content_Types].xml", contentTypesXML(parts)}, {"_rels/.rels", countingtest.Rels("officeDocument", main)}}, parts...)
	return zipOf(t, all...)
}

// wDoc wraps body XML in a w:document.
func wDoc(body string) string {
	return xmlHead + `<w:document ` + wNamespaces + `><w:body>` + body + `<w:sectPr/></w:body></w:document>`
}

func wPart(root, inner string) string {
	return xmlHead + `<w:` + root + ` ` + wNamespaces + `>` + inner + `</w:` + root + `>`
}

// wp is a paragraph with one run per argument.
func wp(runs ...string) string {
	var b strings.Builder
	b.WriteString(`<w:p w:rsidR="00A1B2C3"><w:pPr><w:pStyle w:val="Normal"/></w:pPr>`)
	for _, r := range runs {
		b.WriteString(`<w:r><w:rPr><w:lang w:val="tr-TR"/></w:rPr><w:t xml:space="preserve">` + r + `</w:t></w:r>`)
	}
	b.WriteString(`</w:p>`)
	return b.String()
}

func docx(t testing.TB, body string, extra ...part) []byte {
	parts := append([]part{{"word/document.xml", wDoc(body)}}, extra...)
	return ooxmlZip(t, "word/document.xml", parts...)
}

// fullDOCX has every kind of content the counter must take or leave: see TestDOCX.
func fullDOCX(t testing.TB) []byte {
	body := wp("Merhaba dünya") +
		wp("Hel", "lo") +
		`<w:p><w:r><w:rPr><w:vanish/></w:rPr><w:t>gizli metin</w:t></w:r>` +
		`<w:r><w:rPr><w:vanish w:val="false"/></w:rPr><w:t xml:space="preserve"> görünür</w:t></w:r>` +
		`<w:r><w:rPr><w:rStyle w:val="HiddenChar"/></w:rPr><w:t xml:space="preserve"> stil gizli</w:t></w:r></w:p>` +
		// a PAGE field: the code is not counted, the result (7) is
		`<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> PAGE </w:instrText></w:r>` +
		`<w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>7</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>` +
		// text in a field's code part (between begin and separate) is not counted either
		`<w:r><w:t xml:space="preserve"> </w:t></w:r><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:t>KOD</w:t></w:r>` +
		`<w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>sonuç</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>` +
		`<w:tbl><w:tr><w:tc>` + wp("Hücre1") + `</w:tc><w:tc>` + wp("Hücre2") + `</w:tc></w:tr></w:tbl>` +
		// a text box, written twice by Word: DrawingML (counted) and VML fallback (not again)
		`<w:p><w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing><wp:anchor><a:graphic><a:graphicData><wps:wsp><wps:txbx><w:txbxContent>` +
		wp("Kutu yazısı") + `</w:txbxContent></wps:txbx></wps:wsp></a:graphicData></a:graphic></wp:anchor></w:drawing></mc:Choice>` +
		`<mc:Fallback><w:pict><v:shape><v:textbox><w:txbxContent>` + wp("Kutu yazısı") + `</w:txbxContent></v:textbox></v:shape></w:pict></mc:Fallback></mc:AlternateContent></w:r></w:p>` +
		// a hidden paragraph mark does not hide the paragraph's text
		`<w:p><w:pPr><w:rPr><w:vanish/></w:rPr></w:pPr><w:r><w:t>Paragraf</w:t></w:r></w:p>` +
		`<w:p><w:del w:id="1" w:author="x"><w:r><w:delText>silindi</w:delText></w:r></w:del><w:ins w:id="2" w:author="x"><w:r><w:t>eklendi</w:t></w:r></w:ins></w:p>` +
		`<w:p><w:r><w:t>a</w:t><w:tab/><w:t>b</w:t></w:r></w:p>`
	styles := wPart("styles", `<w:docDefaults><w:rPrDefault><w:rPr><w:lang w:val="tr-TR"/></w:rPr></w:rPrDefault></w:docDefaults>`+
		`<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>`+
		`<w:style w:type="character" w:styleId="HiddenBase"><w:rPr><w:vanish/></w:rPr></w:style>`+
		`<w:style w:type="character" w:styleId="HiddenChar"><w:basedOn w:val="HiddenBase"/></w:style>`)
	return docx(t, body,
		part{"word/styles.xml", styles},
		part{"word/header1.xml", wPart("hdr", wp("Üstbilgi metni"))},
		part{"word/footer1.xml", wPart("ftr", wp("Altbilgi"))},
		part{"word/footnotes.xml", wPart("footnotes", `<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>`+
			`<w:footnote w:id="1"><w:p><w:r><w:footnoteRef/></w:r><w:r><w:t xml:space="preserve"> Dipnot açıklaması</w:t></w:r></w:p></w:footnote>`)},
		part{"word/endnotes.xml", wPart("endnotes", `<w:endnote w:id="1">`+wp("Sonnot")+`</w:endnote>`)},
		part{"word/comments.xml", wPart("comments", `<w:comment w:id="0">`+wp("Yorum metni")+`</w:comment>`)},
	)
}

func sheetXML(rows string) string {
	return xmlHead + `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>` + rows + `</sheetData></worksheet>`
}

func xlsx(t testing.TB, sst []string, sheets ...string) []byte {
	var s strings.Builder
	fmt.Fprintf(&s, xmlHead+`<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="%d" uniqueCount="%d">`, len(sst), len(sst))
	for _, x := range sst {
		s.WriteString(`<si><t>` + x + `</t></si>`)
	}
	s.WriteString(`</sst>`)
	parts := []part{
		{"xl/workbook.xml", xmlHead + `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets/></workbook>`},
		{"xl/sharedStrings.xml", s.String()},
	}
	for i, sh := range sheets {
		parts = append(parts, part{fmt.Sprintf("xl/worksheets/sheet%d.xml", i+1), sheetXML(sh)})
	}
	return ooxmlZip(t, "xl/workbook.xml", parts...)
}

func fullXLSX(t testing.TB) []byte {
	return xlsx(t,
		[]string{"Merhaba dünya", "Kullanılmayan metin", "Tekrar"},
		`<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1"><v>1234.5</v></c>`+
			`<c r="C1" t="str"><f>A1&amp;"x"</f><v>Merhaba dünyax</v></c>`+
			`<c r="D1" t="inlineStr"><is><t>Satır içi yazı</t></is></c><c r="E1" t="s"><v>2</v></c></row>`,
		`<row r="1"><c r="A1" t="s"><v>2</v></c><c r="B1" t="b"><v>1</v></c>`+
			`<c r="C1" t="s"><f>INDIRECT("x")</f><v>1</v></c><c r="D1" t="e"><v>#DIV/0!</v></c><c r="E1" t="s"><v>99</v></c></row>`,
	)
}

const pNamespaces = `xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" ` +
	`xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" ` +
	`xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"`

func pShape(paras ...string) string {
	var b strings.Builder
	b.WriteString(`<p:sp><p:nvSpPr><p:cNvPr id="2" name="Title 1" descr="alt metin"/></p:nvSpPr><p:txBody><a:bodyPr/>`)
	for _, p := range paras {
		b.WriteString(`<a:p><a:r><a:rPr lang="tr-TR"/><a:t>` + p + `</a:t></a:r></a:p>`)
	}
	b.WriteString(`</p:txBody></p:sp>`)
	return b.String()
}

func pSlide(root, shapes string) string {
	return xmlHead + `<p:` + root + ` ` + pNamespaces + `><p:cSld><p:spTree>` + shapes + `</p:spTree></p:cSld></p:` + root + `>`
}

const slideNumberField = `<p:sp><p:txBody><a:p><a:fld id="{1}" type="slidenum"><a:t>1</a:t></a:fld></a:p></p:txBody></p:sp>`

func pptx(t testing.TB, slides, notes []string) []byte {
	parts := []part{{"ppt/presentation.xml", xmlHead + `<p:presentation ` + pNamespaces + `/>`}}
	for i, s := range slides {
		parts = append(parts, part{fmt.Sprintf("ppt/slides/slide%d.xml", i+1), pSlide("sld", s)})
	}
	for i, s := range notes {
		parts = append(parts, part{fmt.Sprintf("ppt/notesSlides/notesSlide%d.xml", i+1), pSlide("notes", s)})
	}
	return ooxmlZip(t, "ppt/presentation.xml", parts...)
}

func fullPPTX(t testing.TB) []byte {
	table := `<p:graphicFrame><a:graphic><a:graphicData><a:tbl><a:tr><a:tc><a:txBody><a:p><a:r><a:t>Tablo</a:t></a:r></a:p></a:txBody></a:tc></a:tr></a:tbl></a:graphicData></a:graphic></p:graphicFrame>`
	return pptx(t,
		[]string{pShape("Sunum başlığı") + pShape("Birinci madde") + table + slideNumberField, pShape("İkinci slayt")},
		[]string{pShape("Konuşmacı notu") + slideNumberField},
	)
}

const odfNamespaces = `xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" ` +
	`xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" ` +
	`xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" ` +
	`xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" ` +
	`xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" ` +
	`xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" ` +
	`xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" ` +
	`xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0" ` +
	`xmlns:dc="http://purl.org/dc/elements/1.1/" office:version="1.3"`

var odfMime = map[Format]string{
	ODT: "application/vnd.oasis.opendocument.text",
	ODS: "application/vnd.oasis.opendocument.spreadsheet",
	ODP: "application/vnd.oasis.opendocument.presentation",
}

func odfContent(autoStyles, body string) string {
	return xmlHead + `<office:document-content ` + odfNamespaces + `><office:automatic-styles>` + autoStyles +
		`</office:automatic-styles><office:body>` + body + `</office:body></office:document-content>`
}

func odfStyles(styles, master string) string {
	return xmlHead + `<office:document-styles ` + odfNamespaces + `><office:styles>` + styles +
		`</office:styles><office:automatic-styles/><office:master-styles>` + master + `</office:master-styles></office:document-styles>`
}

func odf(t testing.TB, kind Format, content, styles string) []byte {
	parts := []part{{"mimetype", odfMime[kind]}, {"content.xml", content}}
	if styles != "" {
		parts = append(parts, part{"styles.xml", styles})
	}
	parts = append(parts, part{"META-INF/manifest.xml", xmlHead + `<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"/>`})
	return zipOf(t, parts...)
}

func fullODT(t testing.TB) []byte {
	auto := `<style:style style:name="T1" style:family="text"><style:text-properties text:display="none"/></style:style>` +
		`<style:style style:name="P1" style:family="paragraph" style:parent-style-name="Standard"/>`
	body := `<office:text><text:sequence-decls/>` +
		`<text:p text:style-name="P1">Merhaba <text:span text:style-name="T1">gizli</text:span>dünya` +
		`<text:hidden-text text:condition="ooow:1" text:string-value="saklı" text:is-hidden="true">saklı</text:hidden-text>` +
		`<text:note text:id="n1" text:note-class="footnote"><text:note-citation>1</text:note-citation><text:note-body><text:p>Dipnot metni</text:p></text:note-body></text:note>` +
		`<office:annotation><dc:creator>x</dc:creator><text:p>Yorum</text:p></office:annotation></text:p>` +
		`<text:section text:name="S1" text:display="none"><text:p>Gizli bölüm</text:p></text:section>` +
		`<text:p>a<text:s/>b</text:p>` +
		`<table:table><table:table-row><table:table-cell office:value-type="string"><text:p>Hücre</text:p></table:table-cell></table:table-row></table:table>` +
		`<text:tracked-changes><text:changed-region text:id="c1"><text:deletion><text:p>silinen</text:p></text:deletion></text:changed-region></text:tracked-changes>` +
		`<text:p>Gizli paragraf<text:hidden-paragraph text:condition="ooow:1" text:is-hidden="true"/></text:p>` +
		`<text:p><text:span text:style-name="Gizli">ortak stil gizli</text:span></text:p>` +
		`<text:table-of-content><text:table-of-content-source><text:index-title-template>İçindekiler şablonu</text:index-title-template></text:table-of-content-source></text:table-of-content>` +
		`</office:text>`
	styles := odfStyles(`<style:style style:name="GizliTaban" style:family="text"><style:text-properties text:display="none"/></style:style>`+
		`<style:style style:name="Gizli" style:family="text" style:parent-style-name="GizliTaban"/>`,
		`<style:master-page style:name="Standard"><style:header><text:p>Sayfa başlığı</text:p></style:header>`+
			`<style:footer style:display="false"><text:p>Kapalı altbilgi</text:p></style:footer></style:master-page>`)
	return odf(t, ODT, odfContent(auto, body), styles)
}

func fullODS(t testing.TB) []byte {
	body := `<office:spreadsheet><table:table table:name="Sayfa1">` +
		`<table:shapes><draw:frame><draw:text-box><text:p>Şekil</text:p></draw:text-box></draw:frame></table:shapes>` +
		`<table:table-row><table:table-cell office:value-type="string"><text:p>Merhaba dünya</text:p></table:table-cell>` +
		`<table:table-cell office:value-type="float" office:value="1234"><text:p>1.234</text:p></table:table-cell>` +
		`<table:table-cell table:formula="of:=[.A1]&amp;&quot;x&quot;" office:value-type="string" office:string-value="Merhaba dünyax"><text:p>Merhaba dünyax</text:p></table:table-cell>` +
		`<table:table-cell table:number-columns-repeated="3" office:value-type="string"><text:p>Tekrar</text:p></table:table-cell>` +
		`<table:table-cell office:value-type="string"><office:annotation><text:p>Not</text:p></office:annotation></table:table-cell>` +
		`</table:table-row>` +
		`<table:table-row table:number-rows-repeated="2"><table:table-cell office:value-type="string"><text:p>Satır</text:p></table:table-cell></table:table-row>` +
		`<table:table-row table:number-rows-repeated="1048000"><table:table-cell table:number-columns-repeated="1024"/></table:table-row>` +
		`</table:table></office:spreadsheet>`
	return odf(t, ODS, odfContent("", body), odfStyles("", `<style:master-page style:name="Default"><style:header><text:p>Yazdırma başlığı</text:p></style:header></style:master-page>`))
}

func fullODP(t testing.TB) []byte {
	body := `<office:presentation><draw:page draw:name="Slayt1">` +
		`<draw:frame presentation:class="title"><draw:text-box><text:p>Slayt başlığı</text:p></draw:text-box></draw:frame>` +
		`<draw:frame><draw:image/><svg:title>Alternatif</svg:title><svg:desc>Açıklama</svg:desc></draw:frame>` +
		`<presentation:notes><draw:page-thumbnail/><draw:frame><draw:text-box><text:p>Sunucu notu</text:p></draw:text-box></draw:frame></presentation:notes>` +
		`</draw:page></office:presentation>`
	return odf(t, ODP, odfContent("", body), "")
}

const fullHTML = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Sayfa</title>` +
	`<style>body{color:red}</style><script>var x = "gizli metin";</script></head><body>` +
	`<!-- yorum satırı --><h1>Başlık</h1><p>Merhaba <b>dün</b>ya &amp; herkes</p>` +
	`<img src="a.png" alt="Resim açıklaması"><a href="#" title="Bağlantı ipucu">tıkla</a>` +
	`<noscript>JS yok</noscript><template><p>şablon</p></template>` +
	`<ul><li>bir</li><li>iki</li></ul></body></html>`

const fullSRT = "1\r\n00:00:01,000 --> 00:00:04,000\r\n<i>Merhaba</i> dünya!\r\n\r\n" +
	"2\r\n00:00:05,000 --> 00:00:08,000\r\n{\\an8}İkinci satır\r\nve devamı\r\n\r\n" +
	"3\r\n1:02:00,000 --> 1:02:03,500\r\nSon.\r\n"

const fullVTT = "WEBVTT - başlık metni\n\n" +
	"NOTE bu bir not\niki satır\n\n" +
	"STYLE\n::cue { color: red }\n\n" +
	"intro\n00:00.000 --> 00:02.500 align:start\n<v Ahmet>Merhaba &amp; hoş geldiniz\n\n" +
	"00:03.000 --> 01:30.000\n<c.yellow>Sarı</c> yazı\n"

const turkishText = "Günaydın İstanbul'da şöyle bir ağaç var."

func utf16Bytes(s string, bigEndian bool) []byte {
	out := []byte{0xff, 0xfe}
	if bigEndian {
		out = []byte{0xfe, 0xff}
	}
	for _, u := range utf16.Encode([]rune(s)) {
		if bigEndian {
			out = append(out, byte(u>>8), byte(u))
		} else {
			out = append(out, byte(u), byte(u>>8))
		}
	}
	return out
}

func win1254(t testing.TB, s string) []byte {
	b, err := charmap.Windows1254.NewEncoder().Bytes([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// bombZip is a docx whose document part is 200 MB of zeros (about 200 KB compressed).
var bombOnce struct {
	sync.Once
	b []byte
}

func bombDOCX(t testing.TB) []byte {
	bombOnce.Do(func() {
		var buf bytes.Buffer
		zw := zip.NewWriter(&buf)
		zw.RegisterCompressor(zip.Deflate, func(w io.Writer) (io.WriteCloser, error) {
			return flate.NewWriter(w, flate.BestSpeed)
		})
		w, _ := zw.Create("[Content_Types].xml")
		io.WriteString(w, contentTypesXML([]part{{"word/document.xml", ""}}))
		w, _ = zw.Create("word/document.xml")
		zeros := make([]byte, 1<<20)
		for range 200 {
			w.Write(zeros)
		}
		zw.Close()
		bombOnce.b = buf.Bytes()
	})
	return bombOnce.b
}

// seedFiles are one file of every format, for the fuzz targets.
func seedFiles(t testing.TB) map[string][]byte {
	return map[string][]byte{
		"a.docx": fullDOCX(t),
		"a.xlsx": fullXLSX(t),
		"a.pptx": fullPPTX(t),
		"a.odt":  fullODT(t),
		"a.ods":  fullODS(t),
		"a.odp":  fullODP(t),
		"a.html": []byte(fullHTML),
		"a.srt":  []byte(fullSRT),
		"a.vtt":  []byte(fullVTT),
		"a.txt":  []byte(turkishText),
		"b.txt":  utf16Bytes(turkishText, false),
		"c.txt":  win1254(t, turkishText),
		"a.pdf":  []byte("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF"),
		"a.wav":  append([]byte("RIFF\x24\x00\x00\x00WAVEfmt "), make([]byte, 32)...),
		"a.mp4":  append([]byte("\x00\x00\x00\x18ftypisom"), make([]byte, 16)...),
		"a.mp3":  append([]byte("ID3\x04\x00\x00\x00\x00\x00\x00"), make([]byte, 16)...),
	}
}
