package pdf_test

import (
	"fmt"
	"testing"

	"linguaport/counting/countingtest"
)

const shadowed = "Shadowed first line with little tilt"

// shadowPDF is text in Helvetica and its drop shadow, the same text drawn off by (off, -off)
// points, before or after it.
func shadowPDF(text string, size, off float64, shadowFirst bool) *countingtest.PDF {
	a := fmt.Sprintf("1 0 0 1 72 700 Tm (%s) Tj\n", text)
	b := fmt.Sprintf("1 0 0 1 %.2f %.2f Tm (%s) Tj\n", 72+off, 700-off, text)
	if shadowFirst {
		a, b = b, a
	}
	return countingtest.PDFPages("<< /Font << /F1 "+helvetica+" >> >>",
		countingtest.PDFStream("", []byte(fmt.Sprintf("BT /F1 %g Tf\n%s%sET", size, a, b))))
}

// A drop shadow 1 to 2 pt away is read once at body and heading sizes, whichever is drawn
// first: the copy is followed glyph by glyph at the offset of its first glyph, through the
// spaces and narrow letters (i, l, t, f) that are narrower than the offset.
func TestPDFDropShadowOnce(t *testing.T) {
	for _, size := range []float64{10, 12, 18} {
		for _, off := range []float64{1, 1.5, 2} {
			for _, first := range []bool{false, true} {
				t.Run(fmt.Sprintf("%gpt/off%g/shadowFirst=%v", size, off, first), func(t *testing.T) {
					c := mustCountPDF(t, shadowPDF(shadowed, size, off, first).Bytes())
					expectCounts(t, c, 6, 31)
					if c.Preview != shadowed {
						t.Errorf("preview %q", c.Preview)
					}
				})
			}
		}
	}
	c := mustCountPDF(t, shadowPDF("Title", 10, 1, false).Bytes())
	if c.Words != 1 || c.Preview != "Title" {
		t.Errorf("a shadowed title: %d words, %q", c.Words, c.Preview)
	}
}

func nearbyRepeatsPDF() *countingtest.PDF {
	return countingtest.PDFPages("<< /Font << /F1 "+helvetica+" >> >>", countingtest.PDFStream("", []byte(`BT /F1 10 Tf
1 0 0 1 72 700 Tm (la) Tj 1 0 0 1 86 700 Tm (la) Tj 1 0 0 1 100 700 Tm (la) Tj
1 0 0 1 72 680 Tm [(la) -250 (la) -250 (la)] TJ
1 0 0 1 72 660 Tm [(l) 20 (l) 30 (l) 30 (o)] TJ
1 0 0 1 72 640 Tm (Col) Tj 1 0 0 1 72 628 Tm (Col) Tj 1 0 0 1 200 640 Tm (Col) Tj 1 0 0 1 200 628 Tm (Col) Tj
1 0 0 1 72 610 Tm (11 11) Tj 1 0 0 1 72 601 Tm (11 11) Tj
ET`)))
}

// The same text near itself but not on the same spot is text: "la la la" drawn word by word or
// with gaps in a TJ, the same letter kerned tight ("lllo"), the same word in the cells of a table
// (columns and rows apart), figures on lines 9 pt apart.
func TestPDFNearbyRepeatsStay(t *testing.T) {
	c := mustCountPDF(t, nearbyRepeatsPDF().Bytes())
	const want = "la la la la la la lllo Col Col Col Col 11 11 11 11"
	if c.Words != 15 || c.Preview != want {
		t.Errorf("%d words, preview\n got %q\nwant %q", c.Words, c.Preview, want)
	}
}
