package pdf_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"testing"

	"linguaport/counting"
	"linguaport/counting/countingtest"
	"linguaport/counting/pdf"
)

func TestPDFMalformed(t *testing.T) {
	basic := basicDoc()
	cases := map[string][]byte{
		"empty":            nil,
		"not a pdf":        []byte("hello"),
		"truncated":        basic[:len(basic)/2],
		"truncated header": basic[:20],
		"no catalog":       []byte("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF"),
		"no pages":         (&countingtest.PDF{Objects: []string{"<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [] /Count 0 >>"}}).Bytes(),
	}
	for name, b := range cases {
		// the reader itself: counting.Count refuses the first two before reading (ErrMismatch)
		c, err := pdf.Text(bytes.NewReader(b), int64(len(b)), countingLimits, counting.CountText)
		if !errors.Is(err, counting.ErrMalformed) {
			t.Errorf("%s: got %+v, %v; want ErrMalformed", name, c, err)
		}
	}
}

// xrefStreamDoc writes the basic document the way PDF 1.5 writers do: the dictionaries in
// an object stream, a cross-reference stream with the PNG Up predictor.
func xrefStreamDoc() []byte {
	objs := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
		helvetica,
	}
	var head, body bytes.Buffer
	for i, o := range objs {
		fmt.Fprintf(&head, "%d %d ", i+1, body.Len())
		body.WriteString(o + "\n")
	}
	stm := append(head.Bytes(), body.Bytes()...)
	var b bytes.Buffer
	b.WriteString("%PDF-1.5\n%\xe2\xe3\xcf\xd3\n")
	off5 := b.Len()
	fmt.Fprintf(&b, "5 0 obj\n%s\nendobj\n", countingtest.PDFFlateStream("", []byte("BT /F1 12 Tf 72 700 Td (Object streams work) Tj ET")))
	off6 := b.Len()
	fmt.Fprintf(&b, "6 0 obj\n%s\nendobj\n", countingtest.PDFFlateStream(fmt.Sprintf("/Type /ObjStm /N 4 /First %d", head.Len()), stm))
	off7 := b.Len()
	// Rows: type (1 byte), field 2 (4 bytes), field 3 (2 bytes); PNG Up predictor.
	rows := [][]byte{}
	row := func(typ byte, f2 uint32, f3 uint16) {
		r := []byte{typ, 0, 0, 0, 0, 0, 0}
		binary.BigEndian.PutUint32(r[1:], f2)
		binary.BigEndian.PutUint16(r[5:], f3)
		rows = append(rows, r)
	}
	row(0, 0, 65535)
	for i := range 4 {
		row(2, 6, uint16(i))
	}
	row(1, uint32(off5), 0)
	row(1, uint32(off6), 0)
	row(1, uint32(off7), 0)
	var pred []byte
	prev := make([]byte, 7)
	for _, r := range rows {
		pred = append(pred, 2)
		for i := range r {
			pred = append(pred, r[i]-prev[i])
		}
		prev = r
	}
	fmt.Fprintf(&b, "7 0 obj\n%s\nendobj\n", countingtest.PDFFlateStream("/Type /XRef /Size 8 /W [1 4 2] /Root 1 0 R /DecodeParms << /Predictor 12 /Columns 7 >>", pred))
	fmt.Fprintf(&b, "startxref\n%d\n%%%%EOF\n", off7)
	return b.Bytes()
}

func TestPDFObjectAndXrefStreams(t *testing.T) {
	b := xrefStreamDoc()
	expectCounts(t, mustCountPDF(t, b), 3, 17)
	// The same file with its cross-reference stream unreadable is read by scanning.
	broken := bytes.Replace(b, []byte("/Type /XRef"), []byte("/Type /XXef"), 1)
	expectCounts(t, mustCountPDF(t, broken), 3, 17)
}

func TestPDFRepair(t *testing.T) {
	basic := basicDoc()
	i := bytes.LastIndex(basic, []byte("startxref"))
	cases := map[string][]byte{
		"junk before the header": append([]byte("garbage from a mail program\r\n"), basic...),
		"wrong startxref":        append(append([]byte(nil), basic[:i]...), "startxref\n12345\n%%EOF\n"...),
		"no xref table":          append(bytes.Replace(basic[:i], []byte("xref\n0 9"), []byte("xxxx\n0 9"), 1), "startxref\n0\n%%EOF\n"...),
		"offsets shifted":        bytes.Replace(basic, []byte("%PDF-1.4\n"), []byte("%PDF-1.4\n%% a comment that moves every object\n"), 1),
		"trailing zeros":         append(append([]byte(nil), basic...), make([]byte, 3000)...),
	}
	for name, b := range cases {
		c, err := countPDF(b)
		if err != nil || c.Words != 19 || c.Characters != 92 {
			t.Errorf("%s: %+v, %v", name, c, err)
		}
	}
}
