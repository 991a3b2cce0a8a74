package counting

import (
	"bytes"
	"errors"
	"io"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"
)

// Plain text (txt, and the bytes of html, srt and vtt): UTF-8 (with or without a BOM),
// UTF-16 LE/BE with a BOM, or Windows-1254 (Turkish) when the bytes are not valid UTF-8.

const chunkSize = 64 << 10

// textReader returns the decoded text of src as UTF-8. fallback decodes bytes that are not
// valid UTF-8 and have no BOM (nil: Windows-1254).
func textReader(src Source, fallback encoding.Encoding) (io.Reader, error) {
	size := src.Size()
	var bom [3]byte
	n, _ := src.ReadAt(bom[:], 0)
	b := bom[:n]
	switch {
	case bytes.HasPrefix(b, []byte{0xef, 0xbb, 0xbf}):
		return io.NewSectionReader(src, 3, size-3), nil
	case bytes.HasPrefix(b, []byte{0xff, 0xfe}):
		return transform.NewReader(io.NewSectionReader(src, 2, size-2), unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM).NewDecoder()), nil
	case bytes.HasPrefix(b, []byte{0xfe, 0xff}):
		return transform.NewReader(io.NewSectionReader(src, 2, size-2), unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM).NewDecoder()), nil
	}
	ok, err := validUTF8(src)
	if err != nil {
		return nil, err
	}
	if ok {
		return io.NewSectionReader(src, 0, size), nil
	}
	if fallback == nil {
		fallback = charmap.Windows1254
	}
	return transform.NewReader(io.NewSectionReader(src, 0, size), fallback.NewDecoder()), nil
}

// validUTF8 checks the whole of src in chunks, without holding it.
func validUTF8(src Source) (bool, error) {
	valid := true
	err := chunks(io.NewSectionReader(src, 0, src.Size()), func(b []byte) bool {
		valid = utf8.Valid(b)
		return valid
	})
	return valid, err
}

// chunks reads r in pieces that never split a UTF-8 sequence (a sequence cut by the end of a
// piece is carried into the next) and hands each to fn until it returns false.
func chunks(r io.Reader, fn func([]byte) bool) error {
	buf := make([]byte, chunkSize+utf8.UTFMax)
	carry := 0
	for {
		n, err := io.ReadFull(r, buf[carry:chunkSize+carry])
		data := buf[:carry+n]
		last := err != nil
		cut := len(data)
		if !last {
			cut = completePrefix(data)
		}
		if cut > 0 && !fn(data[:cut]) {
			return nil
		}
		if last {
			if err == io.EOF || errors.Is(err, io.ErrUnexpectedEOF) {
				return nil
			}
			return malformed("reading: %v", err)
		}
		carry = copy(buf, data[cut:])
	}
}

// completePrefix is the length of b without a trailing incomplete UTF-8 sequence.
func completePrefix(b []byte) int {
	for i := len(b) - 1; i >= 0 && i >= len(b)-utf8.UTFMax; i-- {
		if utf8.RuneStart(b[i]) {
			if utf8.FullRune(b[i:]) {
				return len(b)
			}
			return i
		}
	}
	return len(b)
}

func countTXT(src Source) (*counter, error) {
	r, err := textReader(src, nil)
	if err != nil {
		return nil, err
	}
	c := &counter{}
	if err := chunks(r, func(b []byte) bool { c.Write(b); return true }); err != nil {
		return nil, err
	}
	return c, nil
}

// readText decodes all of src (html parsing and subtitles want it whole; files are capped).
func readText(src Source, fallback encoding.Encoding) (string, error) {
	r, err := textReader(src, fallback)
	if err != nil {
		return "", err
	}
	var sb bytes.Buffer
	if _, err := sb.ReadFrom(r); err != nil {
		return "", malformed("decoding text: %v", err)
	}
	return sb.String(), nil
}
