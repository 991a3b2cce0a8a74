package sniff_test

import (
	"archive/zip"
	"bytes"
	"errors"
	"testing"

	"linguaport/internal/sniff"
)

func zipOf(t *testing.T, entries ...string) []byte {
	t.Helper()
	var b bytes.Buffer
	w := zip.NewWriter(&b)
	for i := 0; i+1 < len(entries); i += 2 {
		f, err := w.Create(entries[i])
		if err != nil {
			t.Fatal(err)
		}
		_, _ = f.Write([]byte(entries[i+1]))
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// Each kind is told by its content; what merely looks like one (a zip that is no Word document,
// an OpenDocument spreadsheet, a PNG, a short or empty file) is refused.
func TestDocument(t *testing.T) {
	cases := []struct {
		name string
		data []byte
		want sniff.Kind
	}{
		{"pdf", []byte("%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF"), sniff.PDF},
		{"pdf after junk", append(bytes.Repeat([]byte{' '}, 200), "%PDF-1.4 x"...), sniff.PDF},
		{"docx", zipOf(t, "[Content_Types].xml", "<Types/>", "_rels/.rels", "<r/>", "word/document.xml", "<w:document/>"), sniff.DOCX},
		{"odt", zipOf(t, "mimetype", "application/vnd.oasis.opendocument.text", "content.xml", "<office:document-content/>"), sniff.ODT},
		{"ods", zipOf(t, "mimetype", "application/vnd.oasis.opendocument.spreadsheet"), ""},
		{"xlsx", zipOf(t, "[Content_Types].xml", "<Types/>", "xl/workbook.xml", "<w/>"), ""},
		{"plain zip", zipOf(t, "a.txt", "hello"), ""},
		{"png", []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), ""},
		{"truncated zip", zipOf(t, "word/document.xml", "x")[:20], ""},
		{"empty", nil, ""},
	}
	for _, c := range cases {
		got, err := sniff.Document(bytes.NewReader(c.data), int64(len(c.data)))
		if got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
		if c.want == "" && !errors.Is(err, sniff.ErrUnknown) {
			t.Errorf("%s: error %v, want ErrUnknown", c.name, err)
		}
	}
}
