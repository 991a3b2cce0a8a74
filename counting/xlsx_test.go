package counting

import (
	"strings"
	"testing"
)

// A str cell without a formula is text someone typed (LibreOffice, pandas/openpyxl exports and
// TMS exports write text this way): it is counted, whole, however long. With a formula, plain
// or shared, before or after its value, it is a computed result and is not.
func TestXLSXStringCells(t *testing.T) {
	long := "Teslimattan önce son okuma müşterinin kendi terim listesiyle yapılacaktır" // 9 words, 65 bytes: past the 32 bytes kept of a number
	doc := xlsx(t, []string{"Ortak metin"},
		`<row r="1"><c r="A1" t="str"><v>Müşteri notu</v></c>`+
			`<c r="B1" t="str"><f>CONCAT(A1;"!")</f><v>Müşteri notu!</v></c>`+
			`<c r="C1" t="s"><v>0</v></c></row>`+
			`<row r="2"><c r="A2" t="str" s="1"><v xml:space="preserve">  `+long+` </v></c>`+
			`<c r="B2" t="str"><f t="shared" ref="B2:B9" si="0"/><v>Paylaşılan formül sonucu</v></c>`+
			`<c r="C2" t="str"><v>Fiyat &amp; koşullar</v></c>`+
			`<c r="D2" t="str"><v>Sonra gelen formül</v><f>UPPER(A1)</f></c>`+
			`<c r="E2" t="str"/><c r="F2" t="str"><v></v></c><c r="G2"><v>42</v></c></row>`,
		`<row r="1"><c r="A1" t="str"><v>Müşteri notu</v></c></row>`,
	)
	got := mustCount(t, "tablo.xlsx", doc)
	// Müşteri notu (2), Ortak metin (2), long (9), Fiyat & koşullar (2), Müşteri notu again on
	// the second sheet (2): 17 words. Not: the CONCAT, shared-formula and UPPER results, 42.
	words, chars := CountText("Müşteri notu Ortak metin " + long + " Fiyat & koşullar Müşteri notu")
	if words != 17 {
		t.Fatalf("fixture: %d words", words)
	}
	expect(t, "xlsx str cells", got, words, chars)
	if want := "Müşteri notu Ortak metin " + long + " Fiyat & koşullar Müşteri notu"; got.Preview != want {
		t.Errorf("preview %q\nwant    %q", got.Preview, want)
	}
	if strings.Contains(got.Preview, "sonucu") || strings.Contains(got.Preview, "formül") {
		t.Errorf("a formula result was counted: %q", got.Preview)
	}
}
