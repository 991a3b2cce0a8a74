package counting

import (
	"bytes"
	"fmt"
	"path"
	"strings"
	"time"

	"linguaport/counting/media"
)

// extensions maps lower-case file name extensions to formats.
var extensions = map[string]Format{
	".txt": TXT, ".docx": DOCX, ".xlsx": XLSX, ".pptx": PPTX,
	".odt": ODT, ".ods": ODS, ".odp": ODP,
	".html": HTML, ".htm": HTML,
	".srt": SRT, ".vtt": VTT, ".pdf": PDF,
	".mp3": MP3, ".wav": WAV, ".mp4": MP4, ".m4a": M4A,
}

// FormatOf is the format a file name's extension names, or "" when it is not supported.
func FormatOf(name string) Format {
	name = name[strings.LastIndexAny(name, `/\`)+1:]
	return extensions[strings.ToLower(path.Ext(name))]
}

// Count measures an uploaded file. The format comes from the name's extension and must agree
// with the content (ErrMismatch otherwise: an .exe renamed .docx is refused); an extension
// that is not supported is ErrUnsupported, a file over MaxFileBytes ErrTooLarge, an archive
// over the limits ErrZipBomb, an unreadable document ErrMalformed.
func Count(name string, src Source) (Counts, error) {
	f := FormatOf(name)
	if f == "" {
		return Counts{}, fmt.Errorf("%w: %q", ErrUnsupported, path.Ext(name))
	}
	size := src.Size()
	if size > MaxFileBytes {
		return Counts{}, fmt.Errorf("%w: %d bytes, the limit is %d", ErrTooLarge, size, MaxFileBytes)
	}
	if size < 0 {
		return Counts{}, malformed("negative size")
	}
	head := make([]byte, min(size, sniffBytes))
	if n, _ := src.ReadAt(head, 0); n < len(head) {
		return Counts{}, malformed("short read")
	}
	if err := sniff(f, head); err != nil {
		return Counts{}, err
	}

	var (
		c   *counter
		err error
		out = Counts{Format: f}
	)
	switch f {
	case TXT:
		c, err = countTXT(src)
	case DOCX:
		c, err = countDOCX(src)
	case XLSX:
		c, err = countXLSX(src)
	case PPTX:
		c, err = countPPTX(src)
	case ODT, ODS, ODP:
		c, err = countODF(src, f)
	case HTML:
		c, err = countHTML(src)
	case SRT, VTT:
		c, out.Duration, err = countSubtitles(src, f == VTT)
	case PDF:
		out, err = countPDF(src)
		if err != nil {
			return Counts{}, err
		}
		out.Format = f
		out.Pages = pages(out.Characters)
		return out, nil
	case MP3, WAV, MP4, M4A:
		d, err := media.Duration(src, size, string(f))
		if err != nil {
			return Counts{}, err
		}
		return Counts{Format: f, Duration: d, Minutes: minutes(d)}, nil
	}
	if err != nil {
		return Counts{}, err
	}
	out.Words, out.Characters = c.words, c.chars
	out.Pages = pages(c.chars)
	out.Preview, out.FirstPage = shortPreview(c.pv.String()), c.pv.String()
	out.Minutes = minutes(out.Duration)
	return out, nil
}

// minutes is a duration rounded up to whole minutes.
func minutes(d time.Duration) int {
	if d <= 0 {
		return 0
	}
	return int((d + time.Minute - 1) / time.Minute)
}

// sniffBytes is how much of the start of a file sniffing looks at.
const sniffBytes = 8192

// signatures of formats that are never text, for refusing them under a text extension.
var binarySignatures = [][]byte{
	[]byte("MZ"),                               // Windows executable
	[]byte("\x7fELF"),                          // Linux executable
	[]byte("PK\x03\x04"), []byte("PK\x05\x06"), // zip (and docx, xlsx, odt, ...)
	[]byte("%PDF-"),
	{0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1},                                                       // OLE: .doc, .xls, .msi
	{0xfe, 0xed, 0xfa, 0xce}, {0xfe, 0xed, 0xfa, 0xcf}, {0xce, 0xfa, 0xed, 0xfe}, {0xcf, 0xfa, 0xed, 0xfe}, // Mach-O
	{0xca, 0xfe, 0xba, 0xbe}, // Mach-O fat binary, Java class
	[]byte("\x89PNG"), {0xff, 0xd8, 0xff}, []byte("GIF8"), []byte("RIFF"), []byte("ID3"),
	[]byte("OggS"), []byte("fLaC"), []byte("Rar!"), []byte("7z\xbc\xaf"), {0x1f, 0x8b}, []byte("BZh"),
	{0x00, 0x61, 0x73, 0x6d}, // WebAssembly
}

// sniff checks that the start of the file fits its extension.
func sniff(f Format, head []byte) error {
	mismatch := func(what string) error {
		return fmt.Errorf("%w: a .%s file %s", ErrMismatch, f, what)
	}
	switch f {
	case TXT, HTML, SRT, VTT:
		if bytes.HasPrefix(head, []byte{0xff, 0xfe}) || bytes.HasPrefix(head, []byte{0xfe, 0xff}) {
			return nil // UTF-16: zero bytes are expected
		}
		hasNUL := bytes.IndexByte(head, 0) >= 0
		for _, sig := range binarySignatures {
			// "MZ" or "GIF8" may begin a text; with a zero byte it is the binary file
			if bytes.HasPrefix(head, sig) && (hasNUL || !printable(sig)) {
				return mismatch("holds a binary file")
			}
		}
		if hasNUL {
			return mismatch("holds binary data, not text")
		}
	case DOCX, XLSX, PPTX, ODT, ODS, ODP:
		if !bytes.HasPrefix(head, []byte("PK\x03\x04")) {
			if bytes.HasPrefix(head, []byte("MZ")) {
				return mismatch("is a program")
			}
			return mismatch("is not a zip-based office document")
		}
	case PDF:
		if bytes.Index(head[:min(len(head), 1024)], []byte("%PDF-")) < 0 {
			return mismatch("has no %PDF- header")
		}
	case WAV:
		if len(head) < 12 || !(bytes.HasPrefix(head, []byte("RIFF")) || bytes.HasPrefix(head, []byte("RF64"))) || string(head[8:12]) != "WAVE" {
			return mismatch("is not RIFF/WAVE audio")
		}
	case MP4, M4A:
		if len(head) < 8 {
			return mismatch("is too short for an MP4 file")
		}
		switch string(head[4:8]) {
		case "ftyp", "moov", "mdat", "free", "skip", "wide", "pnot":
		default:
			return mismatch("is not an MP4 (ISO media) file")
		}
	case MP3:
		if bytes.HasPrefix(head, []byte("ID3")) || len(head) >= 2 && head[0] == 0xff && head[1]&0xe0 == 0xe0 {
			return nil
		}
		for _, sig := range binarySignatures {
			if bytes.HasPrefix(head, sig) {
				return mismatch("holds another kind of file")
			}
		}
		if len(head) >= 8 && string(head[4:8]) == "ftyp" {
			return mismatch("is an MP4 file")
		}
	}
	return nil
}

// printable reports a signature made only of printable ASCII (and "%PDF-", which is decisive,
// is not treated as one).
func printable(sig []byte) bool {
	if string(sig) == "%PDF-" {
		return false
	}
	for _, b := range sig {
		if b < 0x20 || b > 0x7e {
			return false
		}
	}
	return true
}
