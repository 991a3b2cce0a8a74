package pdf

// Stream filters. A stream's data is read from the file as it is decoded (decrypted on the
// way); what the filters produce is held in memory, each stream within Limits.StreamBytes (and
// Limits.Ratio once past ratioFloor), all of them within Limits.DecodedBytes.

import (
	"bufio"
	"bytes"
	"compress/flate"
	"compress/zlib"
	"errors"
	"fmt"
	"io"
)

// limitWriter collects a filter's output within the limits.
type limitWriter struct {
	d        *document
	buf      []byte
	rawLen   int64 // the stream's size before any filter
	consumed int64 // input an inflater has read so far (0 for other filters)
}

func (w *limitWriter) Write(p []byte) (int, error) {
	lim := w.d.limits
	n := int64(len(w.buf) + len(p))
	if n > lim.StreamBytes {
		fail(bomb("a stream inflates beyond %d bytes", lim.StreamBytes))
	}
	in := w.rawLen
	if w.consumed > 0 {
		in = min(in, w.consumed)
	}
	if n > ratioFloor && n/max(in, 1) > lim.Ratio {
		fail(bomb("a stream inflates more than %d times", lim.Ratio))
	}
	if w.d.decoded += int64(len(p)); w.d.decoded > lim.DecodedBytes {
		fail(bomb("the streams inflate beyond %d bytes together", lim.DecodedBytes))
	}
	w.buf = append(w.buf, p...)
	return len(p), nil
}

func (w *limitWriter) WriteByte(c byte) error {
	_, err := w.Write([]byte{c})
	return err
}

// decode applies the stream's filters (and decryption when crypt is set).
func (d *document) decode(s *pdfStream, crypt bool) ([]byte, error) {
	filters, parms := d.filters(s.dict)
	if len(filters) > maxFilters {
		return nil, errors.New("too many filters")
	}
	decrypt := crypt && d.crypt != nil && !(len(filters) > 0 && filters[0] == "Crypt")
	// input opens what the next filter reads: the stream's data in the file first, then the
	// last filter's output. FlateDecode may open it twice (raw deflate after a bad zlib header).
	input := func() io.Reader {
		r := d.f.section(s.off, s.length)
		if decrypt {
			return d.crypt.reader(s.num, s.gen, r, s.length)
		}
		return r
	}
	if len(filters) == 0 {
		return readAll(input(), s.length), nil
	}
	var data []byte
	var err error
	for i, f := range filters {
		switch f {
		case "FlateDecode", "Fl":
			data, err = d.inflate(input, s.length)
			if err == nil {
				data, err = unpredict(d, data, parms[i])
			}
		case "LZWDecode", "LZW":
			early := int64(1)
			if v, ok := d.intOf(parms[i]["EarlyChange"]); ok {
				early = v
			}
			data, err = d.lzw(d.byteReaderOf(input()), early != 0, s.length)
			if err == nil {
				data, err = unpredict(d, data, parms[i])
			}
		case "ASCIIHexDecode", "AHx":
			data = asciiHexDecode(d.byteReaderOf(input()))
		case "ASCII85Decode", "A85":
			data, err = d.ascii85(d.byteReaderOf(input()), s.length)
		case "RunLengthDecode", "RL":
			data, err = d.runLength(d.byteReaderOf(input()), s.length)
		case "Crypt": // the data as it is (the Identity crypt filter)
			if i == 0 {
				data = readAll(input(), s.length)
			}
		default:
			return nil, fmt.Errorf("unsupported filter %s", f)
		}
		if err != nil {
			return nil, err
		}
		out := data
		input = func() io.Reader { return bytes.NewReader(out) }
	}
	return data, nil
}

// readAll reads r, at most n bytes.
func readAll(r io.Reader, n int64) []byte {
	if br, ok := r.(*bytes.Reader); ok {
		n = min(n, int64(br.Len()))
	}
	b := make([]byte, n)
	k, _ := io.ReadFull(r, b)
	return b[:k]
}

// byteReader is what the decoders read: the inflater reads it a byte at a time, so that what
// it consumed is known exactly.
type byteReader interface {
	io.Reader
	io.ByteReader
}

// readers are the buffers and decompressors of the last stream decoded, reset for the next:
// they are most of what decoding a stream allocates. Decoders do not nest (nothing is resolved
// while one reads), so one set serves a document.
type readers struct {
	buffered *bufio.Reader
	zlib     io.ReadCloser // nil until a stream had a zlib header
	deflate  io.ReadCloser
	copyBuf  []byte
}

// byteReaderOf reads r a byte at a time, through a buffer unless r is in memory.
func (d *document) byteReaderOf(r io.Reader) byteReader {
	if br, ok := r.(byteReader); ok {
		return br
	}
	if d.readers.buffered == nil {
		d.readers.buffered = bufio.NewReaderSize(r, 32<<10)
	} else {
		d.readers.buffered.Reset(r)
	}
	return d.readers.buffered
}

func (d *document) filters(dict pdfDict) ([]pdfName, []pdfDict) {
	var names []pdfName
	var parms []pdfDict
	switch f := d.resolve(dict["Filter"]).(type) {
	case pdfName:
		names = []pdfName{f}
	case pdfArray:
		for _, x := range f {
			names = append(names, d.nameOf(x))
		}
	}
	switch p := d.resolve(dict["DecodeParms"]).(type) {
	case pdfDict:
		parms = []pdfDict{p}
	case pdfArray:
		for _, x := range p {
			parms = append(parms, d.dictOf(x))
		}
	}
	for len(parms) < len(names) {
		parms = append(parms, nil)
	}
	return names, parms
}

// countingReader counts the compressed bytes the inflater has consumed (it reads a
// ByteReader one byte at a time, so the count is exact).
type countingReader struct {
	r byteReader
	w *limitWriter
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.w.consumed += int64(n)
	return n, err
}

func (c *countingReader) ReadByte() (byte, error) {
	b, err := c.r.ReadByte()
	if err == nil {
		c.w.consumed++
	}
	return b, err
}

// inflate decodes FlateDecode data: a zlib stream, or raw deflate from writers that leave out
// the zlib header.
func (d *document) inflate(input func() io.Reader, rawLen int64) ([]byte, error) {
	w := &limitWriter{d: d, rawLen: rawLen}
	rs := &d.readers
	var r io.Reader
	if err := rs.resetZlib(&countingReader{d.byteReaderOf(input()), w}); err == nil {
		r = rs.zlib
	} else {
		w.consumed = 0
		r = rs.resetDeflate(&countingReader{d.byteReaderOf(input()), w})
	}
	if rs.copyBuf == nil {
		rs.copyBuf = make([]byte, 32<<10)
	}
	_, err := io.CopyBuffer(w, r, rs.copyBuf)
	if err != nil && len(w.buf) == 0 {
		return nil, err
	}
	return w.buf, nil // a damaged end keeps what was inflated before it
}

// resetZlib starts the zlib reader on r: an error is a header that is not zlib's.
func (rs *readers) resetZlib(r io.Reader) error {
	if rs.zlib != nil {
		return rs.zlib.(zlib.Resetter).Reset(r, nil)
	}
	zr, err := zlib.NewReader(r)
	if err == nil {
		rs.zlib = zr
	}
	return err
}

// resetDeflate starts the raw deflate reader on r.
func (rs *readers) resetDeflate(r io.Reader) io.Reader {
	if rs.deflate == nil {
		rs.deflate = flate.NewReader(r)
	} else {
		rs.deflate.(flate.Resetter).Reset(r, nil)
	}
	return rs.deflate
}

func unpredict(d *document, data []byte, parms pdfDict) ([]byte, error) {
	if parms == nil {
		return data, nil
	}
	get := func(k pdfName, def int64) int64 {
		if v, ok := d.intOf(parms[k]); ok {
			return v
		}
		return def
	}
	pred := get("Predictor", 1)
	if pred < 2 {
		return data, nil
	}
	colors, bpc, columns := get("Colors", 1), get("BitsPerComponent", 8), get("Columns", 1)
	if colors < 1 || colors > 32 || columns < 1 || columns > 1<<20 || (bpc != 1 && bpc != 2 && bpc != 4 && bpc != 8 && bpc != 16) {
		return nil, errors.New("bad predictor parameters")
	}
	bpp := int(max((colors*bpc)/8, 1))
	rowLen := int((colors*bpc*columns + 7) / 8)
	if pred == 2 {
		if bpc != 8 {
			return data, nil
		}
		out := append([]byte(nil), data...)
		for r := 0; r < len(out); r += rowLen {
			row := out[r:min(r+rowLen, len(out))]
			for i := bpp; i < len(row); i++ {
				row[i] += row[i-bpp]
			}
		}
		return out, nil
	}
	out := make([]byte, 0, len(data))
	prev := make([]byte, rowLen)
	cur := make([]byte, rowLen)
	for len(data) > 0 {
		ft := data[0]
		n := copy(cur, data[1:])
		clear(cur[n:])
		data = data[min(len(data), 1+rowLen):]
		for i := range cur {
			var a, c byte
			b := prev[i]
			if i >= bpp {
				a, c = cur[i-bpp], prev[i-bpp]
			}
			switch ft {
			case 1:
				cur[i] += a
			case 2:
				cur[i] += b
			case 3:
				cur[i] += byte((int(a) + int(b)) / 2)
			case 4:
				p := int(a) + int(b) - int(c)
				pa, pb, pc := abs(p-int(a)), abs(p-int(b)), abs(p-int(c))
				switch {
				case pa <= pb && pa <= pc:
					cur[i] += a
				case pb <= pc:
					cur[i] += b
				default:
					cur[i] += c
				}
			}
		}
		out = append(out, cur...)
		prev, cur = cur, prev
	}
	return out, nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func (d *document) lzw(in io.ByteReader, early bool, rawLen int64) ([]byte, error) {
	w := &limitWriter{d: d, rawLen: rawLen}
	type entry struct {
		prefix int32
		last   byte
		length int32
	}
	table := make([]entry, 4096)
	for i := range 256 {
		table[i] = entry{prefix: -1, last: byte(i), length: 1}
	}
	next, width, prev := 258, 9, -1
	var bitBuf uint32
	bits := 0
	tmp := make([]byte, 4096)
	e := 0
	if early {
		e = 1
	}
	for {
		for bits < width {
			c, err := in.ReadByte()
			if err != nil {
				break
			}
			bitBuf = bitBuf<<8 | uint32(c)
			bits += 8
		}
		if bits < width {
			break
		}
		code := int(bitBuf>>(bits-width)) & (1<<width - 1)
		bits -= width
		if code == 256 {
			next, width, prev = 258, 9, -1
			continue
		}
		if code == 257 {
			break
		}
		var first byte
		switch {
		case code < 256 || (code >= 258 && code < next):
			n := int(table[code].length)
			for c, i := code, n-1; i >= 0 && c >= 0; i-- {
				tmp[i] = table[c].last
				c = int(table[c].prefix)
			}
			first = tmp[0]
			if _, err := w.Write(tmp[:n]); err != nil {
				return nil, err
			}
		case code == next && prev >= 0:
			n := int(table[prev].length)
			for c, i := prev, n-1; i >= 0 && c >= 0; i-- {
				tmp[i] = table[c].last
				c = int(table[c].prefix)
			}
			first = tmp[0]
			if n < len(tmp) {
				tmp[n] = first
				if _, err := w.Write(tmp[:n+1]); err != nil {
					return nil, err
				}
			}
		default:
			return w.buf, nil // damaged: keep what was decoded
		}
		if prev >= 0 && next < 4096 {
			if l := table[prev].length + 1; l <= 4096 {
				table[next] = entry{prefix: int32(prev), last: first, length: l}
				next++
			}
		}
		prev = code
		if next+e >= 1<<width && width < 12 {
			width++
		}
	}
	return w.buf, nil
}

// asciiHexDecode decodes ASCIIHexDecode data, which ends at '>'.
func asciiHexDecode(in byteReader) []byte {
	var digits []byte
	for {
		c, err := in.ReadByte()
		if err != nil || c == '>' {
			break
		}
		digits = append(digits, c)
	}
	return hexDecode(make([]byte, 0, len(digits)/2), digits)
}

// hexDecode appends to out the bytes the hex digits of in stand for, up to the first '>':
// other characters (white space) are skipped, and an odd last digit is followed by a 0.
func hexDecode(out, in []byte) []byte {
	hi := -1
	for _, c := range in {
		if c == '>' {
			break
		}
		v := hexVal(c)
		if v < 0 {
			continue
		}
		if hi < 0 {
			hi = v
		} else {
			out = append(out, byte(hi<<4|v))
			hi = -1
		}
	}
	if hi >= 0 {
		out = append(out, byte(hi<<4))
	}
	return out
}

func (d *document) ascii85(in io.ByteReader, rawLen int64) ([]byte, error) {
	w := &limitWriter{d: d, rawLen: rawLen}
	var group [5]byte
	n := 0
	flush := func(k int) {
		var v uint32
		for i := range 5 {
			v = v*85 + uint32(group[i])
		}
		b := []byte{byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)}
		_, _ = w.Write(b[:k])
	}
	for {
		c, err := in.ReadByte()
		if err != nil || c == '~' {
			break
		}
		switch {
		case isSpace(c):
		case c == 'z' && n == 0:
			_, _ = w.Write([]byte{0, 0, 0, 0})
		case c >= '!' && c <= 'u':
			group[n] = c - '!'
			if n++; n == 5 {
				flush(4)
				n = 0
			}
		}
	}
	if n > 1 {
		for i := n; i < 5; i++ {
			group[i] = 84
		}
		flush(n - 1)
	}
	return w.buf, nil
}

func (d *document) runLength(in byteReader, rawLen int64) ([]byte, error) {
	w := &limitWriter{d: d, rawLen: rawLen}
	run := make([]byte, 128)
	for {
		c, err := in.ReadByte()
		if err != nil {
			return w.buf, nil
		}
		switch n := int(c); {
		case n < 128: // n+1 bytes as they are
			k, _ := io.ReadFull(in, run[:n+1])
			_, _ = w.Write(run[:k])
			if k <= n {
				return w.buf, nil
			}
		case n > 128: // one byte, 257-n times
			b, err := in.ReadByte()
			if err != nil {
				return w.buf, nil
			}
			_, _ = w.Write(bytes.Repeat([]byte{b}, 257-n))
		default:
			return w.buf, nil
		}
	}
}
