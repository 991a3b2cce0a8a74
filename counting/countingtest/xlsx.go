package countingtest

import (
	"fmt"
	"strings"
	"testing"
)

// xlsxSheetRows is how many rows one worksheet gets (each about 30 MB of XML: well under
// counting's 100 MB entry limit).
const xlsxSheetRows = 100000

// BigXLSX is a translation memory export as Excel writes one, grown until the file is just
// under maxBytes (and its parts inflate to less than maxInflated): rows of
// an id, a source segment, a context note (in most rows), a status from a short list (shared
// strings used over and over), a length limit, a price, a date and a formula, 100,000 rows a
// sheet. It returns the file and the words the text cells hold.
func BigXLSX(tb testing.TB, maxBytes, maxInflated int64) (doc []byte, words int, rows int) {
	g := NewTextGen(50)
	const sml = ooxmlType + "officedocument.spreadsheetml."
	// the table's count and uniqueCount attributes are optional and left out: they are only
	// known at the end, and the counter does not read them
	sst := NewPart("xl/sharedStrings.xml")
	sst.WriteString(XMLHead + `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">`)
	var sheets []*Part
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
	var sheet *Part
	var row strings.Builder
	compressed := func() int64 {
		n := sst.CompressedSize()
		for _, s := range sheets {
			n += s.CompressedSize()
		}
		return n
	}
	inflated := func() int64 {
		n := sst.Size()
		for _, s := range sheets {
			n += s.Size()
		}
		return n
	}
	for r := 1; ; r++ {
		// flate keeps up to about 64 KB of a part's output back until it is flushed
		if compressed()+int64(len(sheets)+1)*(64<<10)+reserve > maxBytes || inflated() > maxInflated-(2<<20) {
			break
		}
		if sheet == nil || (r-1)%xlsxSheetRows == 0 {
			if sheet != nil {
				sheet.WriteString(`</sheetData></worksheet>`)
			}
			sheet = NewPart(fmt.Sprintf("xl/worksheets/sheet%d.xml", len(sheets)+1))
			sheets = append(sheets, sheet)
			sheet.WriteString(XMLHead + `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ` +
				`xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">` +
				`<dimension ref="A1:H100000"/><sheetViews><sheetView workbookViewId="0"/></sheetViews>` +
				`<sheetFormatPr defaultRowHeight="15"/><cols><col min="2" max="3" width="60" customWidth="1"/></cols><sheetData>`)
		}
		rows++
		n := (r-1)%xlsxSheetRows + 1
		row.Reset()
		fmt.Fprintf(&row, `<row r="%d" spans="1:8">`, n)
		fmt.Fprintf(&row, `<c r="A%d"><v>%d</v></c>`, n, r)
		fmt.Fprintf(&row, `<c r="B%d" t="s"><v>%d</v></c>`, n, addString(g.Text(3, 40)))
		if g.r.IntN(10) < 7 {
			fmt.Fprintf(&row, `<c r="C%d" s="1" t="s"><v>%d</v></c>`, n, addString(g.Text(2, 14)))
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
	words = g.Words + statusWords

	var ct, wbRels, wbSheets []string
	ct = append(ct, "xl/workbook.xml", sml+"sheet.main+xml", "xl/sharedStrings.xml", sml+"sharedStrings+xml",
		"xl/styles.xml", sml+"styles+xml")
	for i, s := range sheets {
		ct = append(ct, s.name, sml+"worksheet+xml")
		wbRels = append(wbRels, "worksheet", fmt.Sprintf("worksheets/sheet%d.xml", i+1))
		wbSheets = append(wbSheets, fmt.Sprintf(`<sheet name="Segmentler %d" sheetId="%d" r:id="rId%d"/>`, i+1, i+1, i+1))
	}
	wbRels = append(wbRels, "sharedStrings", "sharedStrings.xml", "styles", "styles.xml")
	parts := []*Part{
		PartOf("[Content_Types].xml", ContentTypes(ct...)),
		PartOf("_rels/.rels", Rels("officeDocument", "xl/workbook.xml", "metadata/core-properties", "docProps/core.xml",
			"extended-properties", "docProps/app.xml")),
		PartOf("xl/workbook.xml", XMLHead+`<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" `+
			`xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>`+strings.Join(wbSheets, "")+`</sheets></workbook>`),
		PartOf("xl/_rels/workbook.xml.rels", Rels(wbRels...)),
		PartOf("xl/styles.xml", XMLHead+`<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">`+
			`<numFmts count="1"><numFmt numFmtId="164" formatCode="#,##0.00\ &quot;₺&quot;"/></numFmts>`+
			`<cellXfs count="4"><xf numFmtId="0"/><xf numFmtId="0" applyAlignment="1"><alignment wrapText="1"/></xf>`+
			`<xf numFmtId="164" applyNumberFormat="1"/><xf numFmtId="14" applyNumberFormat="1"/></cellXfs></styleSheet>`),
		PartOf(docProps[0], docProps[1]),
		PartOf(docProps[2], strings.Replace(docProps[3], "Word", "Excel", 1)),
	}
	parts = append(parts, sheets...)
	parts = append(parts, sst)
	return Zip(tb, parts...), words, rows
}

// ---- srt ----
