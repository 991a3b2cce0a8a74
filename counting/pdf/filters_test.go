package pdf_test

import (
	"bytes"
	"compress/lzw"
	"compress/zlib"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"linguaport/counting"
	"linguaport/counting/countingtest"
)

// zerosZlib is a zlib stream of n MiB of zeros, built from one sync-flushed chunk
// repeated (so that making it is fast).
func zerosZlib(mib int) []byte {
	var chunk bytes.Buffer
	w, _ := zlib.NewWriterLevel(&chunk, zlib.BestCompression)
	w.Write(make([]byte, 1<<20))
	w.Flush()
	c := chunk.Bytes()[2:] // without the zlib header
	out := []byte{0x78, 0xda}
	for range mib {
		out = append(out, c...)
	}
	return append(out, 0x03, 0x00, 0, 0, 0, 0) // final empty block, (wrong) checksum
}

func TestPDFBomb(t *testing.T) {
	oneGiB := zerosZlib(1024)
	double := countingtest.Zlib(zerosZlib(2048)) // two layers: 2 GiB from a few kilobytes
	for name, s := range map[string]string{
		"1 GiB":               countingtest.PDFStream("/Filter /FlateDecode", oneGiB),
		"2 GiB in two layers": countingtest.PDFStream("/Filter [/FlateDecode /FlateDecode]", double),
	} {
		p := countingtest.PDFPages("<< >>", s)
		b := p.Bytes()
		start := time.Now()
		_, err := countPDF(b)
		if !errors.Is(err, counting.ErrZipBomb) {
			t.Errorf("%s (%d bytes): %v, want ErrZipBomb", name, len(b), err)
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("%s: refused after %v", name, d)
		}
	}
	// A stream under the ratio drawn many times still stops at the total.
	var content bytes.Buffer
	rnd := rand.New(rand.NewPCG(1, 2))
	for content.Len() < 1<<20 {
		fmt.Fprintf(&content, "%d.%d %d m\n", rnd.IntN(1000), rnd.IntN(100), rnd.IntN(1000))
	}
	p := &countingtest.PDF{}
	p.Add("<< /Type /Catalog /Pages 2 0 R >>")
	p.Add("<< /Type /Pages /Kids [4 0 R] >>")
	p.Add(countingtest.PDFFlateStream("", content.Bytes()))
	p.Add("<< /Type /Page /Parent 2 0 R /Contents [" + strings.Repeat("3 0 R ", 250) + "] >>")
	_, err := countPDF(p.Bytes())
	if !errors.Is(err, counting.ErrZipBomb) {
		t.Errorf("one stream drawn 250 times: %v, want ErrZipBomb", err)
	}
}

// lzwEncode encodes data the PDF way (MSB first, codes 9 to 12 bits, EarlyChange 1).
func lzwEncode(data []byte) []byte {
	var out []byte
	var acc uint64
	bits := 0
	width := 9
	put := func(code int) {
		acc = acc<<width | uint64(code)
		bits += width
		for bits >= 8 {
			out = append(out, byte(acc>>(bits-8)))
			bits -= 8
		}
	}
	dict := map[string]int{}
	next := 258
	put(256)
	w := ""
	for _, c := range data {
		wc := w + string([]byte{c})
		if _, ok := dict[wc]; ok || len(wc) == 1 {
			w = wc
			continue
		}
		if len(w) == 1 {
			put(int(w[0]))
		} else {
			put(dict[w])
		}
		dict[wc] = next
		next++
		if next >= 1<<width && width < 12 {
			width++
		}
		w = string([]byte{c})
	}
	if w != "" {
		if len(w) == 1 {
			put(int(w[0]))
		} else {
			put(dict[w])
		}
	}
	put(257)
	if bits > 0 {
		out = append(out, byte(acc<<(8-bits)))
	}
	return out
}

func TestPDFFilters(t *testing.T) {
	content := []byte("BT /F1 10 Tf 10 10 Td (" + strings.Repeat("filtered text ", 300) + ") Tj ET")
	var goLZW bytes.Buffer
	lw := lzw.NewWriter(&goLZW, lzw.MSB, 8)
	lw.Write(content)
	lw.Close()
	var a85 strings.Builder
	for i := 0; i < len(content); i += 4 {
		chunk := make([]byte, 4)
		n := copy(chunk, content[i:])
		v := binary.BigEndian.Uint32(chunk)
		var g [5]byte
		for k := 4; k >= 0; k-- {
			g[k] = byte(v%85) + '!'
			v /= 85
		}
		a85.Write(g[:n+1])
	}
	var rl []byte
	for i := 0; i < len(content); i += 100 {
		chunk := content[i:min(i+100, len(content))]
		rl = append(append(rl, byte(len(chunk)-1)), chunk...)
	}
	rl = append(rl, 128)
	streams := map[string]string{
		"LZW":             countingtest.PDFStream("/Filter /LZWDecode", lzwEncode(content)),
		"LZW EarlyChange": countingtest.PDFStream("/Filter /LZWDecode /DecodeParms << /EarlyChange 0 >>", goLZW.Bytes()),
		"ASCIIHex+Flate":  countingtest.PDFStream("/Filter [/AHx /Fl]", []byte(hex.EncodeToString(countingtest.Zlib(content))+">")),
		"ASCII85":         countingtest.PDFStream("/Filter /ASCII85Decode", []byte(a85.String()+"~>")),
		"RunLength":       countingtest.PDFStream("/Filter /RunLengthDecode", rl),
	}
	for name, s := range streams {
		got := mustCountPDF(t, countingtest.PDFPages("<< /Font << /F1 "+helvetica+" >> >>", s).Bytes())
		if got.Words != 600 || got.Characters != 3600 {
			t.Errorf("%s: %d words, %d characters", name, got.Words, got.Characters)
		}
	}
}
