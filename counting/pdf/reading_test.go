package pdf_test

import (
	"bytes"
	"io"
	"strings"
	"sync/atomic"
	"testing"

	"linguaport/counting/countingtest"
	"linguaport/counting/pdf"
)

// The reader reads the file through 64 KiB blocks and parses objects from windows of it that
// grow when an object does not fit. The basic document is moved along a block boundary a byte
// at a time, so that the boundary cuts every token of its objects, its cross-reference table
// and its trailer, and the windows start at one byte: read through the table or, with a wrong
// startxref, by scanning the file, it must always count the same.
func TestPDFObjectsAcrossBlocks(t *testing.T) {
	defer pdf.SetFirstWindow(1)()
	const block = 64 << 10
	doc := basicPDF()
	after := len(doc.Bytes()) // the objects, the table and the trailer follow the header
	for shift := 0; shift < after; shift++ {
		const header = "%PDF-1.4\n%"
		p := countingtest.PDF{Objects: doc.Objects, Header: header + strings.Repeat("x", block-len(header)-1-shift) + "\n"}
		b := p.Bytes()
		c, err := countPDF(b)
		if err != nil || c.Words != 19 || c.Characters != 92 {
			t.Fatalf("boundary %d bytes after the header: %+v, %v", shift, c, err)
		}
		i := bytes.LastIndex(b, []byte("startxref"))
		broken := append(append([]byte(nil), b[:i]...), "startxref\n99\n%%EOF\n"...)
		if c, err := countPDF(broken); err != nil || c.Words != 19 || c.Characters != 92 {
			t.Fatalf("boundary %d bytes after the header, repaired: %+v, %v", shift, c, err)
		}
	}
}

// readCounter counts the bytes read from the file.
type readCounter struct {
	r *bytes.Reader
	n atomic.Int64
}

func (c *readCounter) ReadAt(p []byte, off int64) (int, error) {
	n, err := c.r.ReadAt(p, off)
	c.n.Add(int64(n))
	return n, err
}

func (c *readCounter) Size() int64 { return c.r.Size() }

// The reader reads what it needs from the file, not the file: the 8 MB image on the page of
// this document is not read, nor is the file copied into memory.
func TestPDFReadsOnlyWhatItNeeds(t *testing.T) {
	p := countingtest.PDFPages("<< /Font << /F1 "+helvetica+" >> /XObject << /Im 4 0 R >> >>",
		countingtest.PDFFlateStream("", []byte("q 100 0 0 100 0 0 cm /Im Do Q BT /F1 10 Tf 10 10 Td (photo caption) Tj ET")))
	image := bytes.Repeat([]byte{0xff, 0xd8, 0x42, 0x17}, 2<<20)
	p.Add(countingtest.PDFStream("/Type /XObject /Subtype /Image /Width 1000 /Height 1000 /Filter /DCTDecode", image))
	b := p.Bytes()
	r := &readCounter{r: bytes.NewReader(b)}
	var _ io.ReaderAt = r
	c, err := countPDFFrom(r)
	if err != nil || c.Words != 2 {
		t.Fatalf("%+v, %v", c, err)
	}
	if n := r.n.Load(); n > 1<<20 {
		t.Errorf("read %d bytes of a %d-byte file", n, len(b))
	}
}
