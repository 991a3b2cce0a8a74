package pdf_test

import (
	"bytes"
	"errors"
	"testing"
	"time"

	"linguaport/counting"
	"linguaport/counting/countingtest"
	"linguaport/counting/pdf"
)

// FuzzPDF: nothing may panic or take more than two seconds, a refusal is one of counting's
// errors and what is read is consistent. Seeds are the test fixtures; crashers found are kept
// under testdata/fuzz/.

func fuzzSeeds(t testing.TB) [][]byte {
	type0 := fontPage("BT /F1 10 Tf 5 5 Td ["+type0Hex("İstanbul")+" -400 "+type0Hex("dağ")+"] TJ ET",
		func(p *countingtest.PDF) int { return addType0Font(p, true) })
	// The same with everything uncompressed, so that mutations reach the CMap and the content.
	plain := &countingtest.PDF{}
	plain.Add("<< /Type /Catalog /Pages 2 0 R >>")
	plain.Add("<< /Type /Pages /Kids [3 0 R] /Count 1 /MediaBox [0 0 595 842] >>")
	plain.Add("<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 6 0 R /F2 7 0 R >> /XObject << /Fm 8 0 R /Im 9 0 R >> " +
		"/Properties << /P1 << /ActualText (x) >> >> >> /Contents 4 0 R >>")
	plain.Add(countingtest.PDFStream("", []byte("q 1 0 0 1 5 5 cm BT /F1 10 Tf 2 Tc 90 Tz 12 TL 5 5 Td ["+type0Hex("İş")+" -300 "+type0Hex("ğı")+"] TJ T* "+
		type0Hex("trans\u00ad")+" Tj ET /Fm Do /Span /P1 BDC BT /F2 9 Tf 0 1 -1 0 50 50 Tm (rot\351) ' EMC ET Q "+
		"BI /W 2 /H 1 /BPC 8 /CS /G ID \x00\xff EI /Im Do")))
	plain.Add(countingtest.PDFStream("", []byte(toUnicodeCMap)))
	plain.Add("<< /Type /Font /Subtype /Type0 /BaseFont /X /Encoding /Identity-H /DescendantFonts [<< /Subtype /CIDFontType2 /DW 500 /W [1 [600 500] 4 10 450] >>] /ToUnicode 5 0 R >>")
	plain.Add(turkishTimes)
	plain.Add(countingtest.PDFStream("/Subtype /Form /Resources << /Font << /F1 7 0 R >> >> /Matrix [1 0 0 1 0 0]", []byte("BT /F1 8 Tf (form) Tj ET /Fm Do")))
	plain.Add(countingtest.PDFStream("/Subtype /Image /Width 1 /Height 1 /BitsPerComponent 8 /ColorSpace /DeviceGray", []byte{0}))
	return [][]byte{
		plain.Bytes(),
		basicDoc(),
		xrefStreamDoc(),
		imagePage("x"),
		encryptedDoc(t, "RC4", false),
		encryptedDoc(t, "AESV2", false),
		type0,
		countingtest.PDFPages("<< /Font << /F1 "+helvetica+" >> >>", countingtest.PDFStream("/Filter /LZWDecode", lzwEncode([]byte("BT /F1 9 Tf (lzw) Tj ET")))).Bytes(),
		texAccentsPDF().Bytes(),
		overprintPDF().Bytes(),
		hyphenatedPDF().Bytes(),
		shadowPDF(shadowed, 10, 1.5, false).Bytes(),
		nearbyRepeatsPDF().Bytes(),
		romanianPDF().pdf().Bytes(),
		[]byte("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF"),
	}
}

func FuzzPDF(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		start := time.Now()
		r, err := pdf.TextWithoutRecover(bytes.NewReader(b), int64(len(b)), countingLimits, counting.CountText) // a panic is a finding
		if err != nil {
			if !errors.Is(err, counting.ErrMalformed) && !errors.Is(err, counting.ErrZipBomb) && !errors.Is(err, counting.ErrTooLarge) && !errors.Is(err, counting.ErrUnsupported) {
				t.Fatalf("unexpected error %v", err)
			}
			return
		}
		if r.Words < 0 || r.Characters < 0 || r.Words > r.Characters || len(r.Head) > 8<<10 ||
			r.Pages <= 0 || r.ScannedPages > r.Pages || r.UnmappedGlyphs > r.Glyphs {
			t.Fatalf("bad result %+v", r)
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Fatalf("took %v", d)
		}
	})
}
