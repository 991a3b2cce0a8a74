// Package sniff tells what kind of document an upload is from its bytes, never from its name or
// the uploader's Content-Type: a PDF, a Word document (DOCX) or an OpenDocument text (ODT), the
// kinds a CV or a portfolio may be. (package counting sniffs its own, wider set of formats
// while it counts them; this is the small check for services that only store documents.)
package sniff

import (
	"archive/zip"
	"bytes"
	"errors"
	"io"
)

// Kind is a document kind recognised by its content.
type Kind string

const (
	PDF  Kind = "pdf"
	DOCX Kind = "docx"
	ODT  Kind = "odt"
)

// ContentType is the media type a document of kind k is served as.
func (k Kind) ContentType() string {
	switch k {
	case PDF:
		return "application/pdf"
	case DOCX:
		return "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
	case ODT:
		return "application/vnd.oasis.opendocument.text"
	}
	return "application/octet-stream"
}

// Ext is the file name extension of kind k, with its dot.
func (k Kind) Ext() string { return "." + string(k) }

// ErrUnknown is content that is none of the kinds asked for.
var ErrUnknown = errors.New("not a PDF, DOCX or ODT document")

// pdfWindow is where a PDF's header may start: readers accept it within the first 1024 bytes.
const pdfWindow = 1024

// odtMime is what an ODT's "mimetype" entry says (ODF 1.2 part 3, §3.3).
const odtMime = "application/vnd.oasis.opendocument.text"

// Document is the kind of the document in r (size bytes, random access: the upload spooled to
// disk), or ErrUnknown. A zip is opened through its central directory, which reads only the
// directory and, for ODT, the few bytes of the "mimetype" entry: a zip bomb costs nothing here.
func Document(r io.ReaderAt, size int64) (Kind, error) {
	head := make([]byte, min(size, pdfWindow))
	if n, err := r.ReadAt(head, 0); n < len(head) {
		return "", errors.Join(ErrUnknown, err)
	}
	if bytes.Contains(head, []byte("%PDF-")) {
		return PDF, nil
	}
	if !bytes.HasPrefix(head, []byte("PK\x03\x04")) {
		return "", ErrUnknown
	}
	z, err := zip.NewReader(r, size)
	if err != nil {
		return "", ErrUnknown
	}
	var contentTypes, wordDocument bool
	for _, f := range z.File {
		switch f.Name {
		case "mimetype":
			if isODT(f) {
				return ODT, nil
			}
		case "[Content_Types].xml":
			contentTypes = true
		case "word/document.xml":
			wordDocument = true
		}
	}
	if contentTypes && wordDocument {
		return DOCX, nil
	}
	return "", ErrUnknown
}

// isODT reads at most a few bytes more than the ODT media type from the "mimetype" entry.
func isODT(f *zip.File) bool {
	if f.UncompressedSize64 > 256 {
		return false
	}
	rc, err := f.Open()
	if err != nil {
		return false
	}
	defer rc.Close()
	b, err := io.ReadAll(io.LimitReader(rc, 257))
	return err == nil && string(bytes.TrimSpace(b)) == odtMime
}
