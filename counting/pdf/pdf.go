// Package pdf reads the text layer of PDF documents, for counting their words: a small reader
// written for this purpose (no dependency) of objects, cross-reference tables and streams,
// object streams, the Standard security handler with an empty user password, the
// FlateDecode/LZW/ASCII85/ASCIIHex/RunLength filters with PNG/TIFF predictors, the page tree,
// content streams (text operators, q/Q/cm, Form XObjects) and fonts (ToUnicode CMaps, simple
// encodings with Differences, Type0 CMaps, widths). Words are separated by where the glyphs
// are drawn, not only by space characters: a gap of 0.15 em or more along the line, or a move
// to another line, ends a word. An accent drawn as a glyph of its own over or under a letter is
// put on the letter, text drawn again on the same spot (fake bold, shadows) is read once, and a
// word hyphenated at a line end is joined.
//
// The document is read where it lies (an io.ReaderAt over the uploaded file), through a few
// cached blocks: objects are parsed from windows of the file just large enough to hold them,
// and only the streams that carry text (content streams, object streams, cross-reference
// streams, CMaps, embedded Type 1 encodings) are decoded into memory, within Limits.
//
// Everything it reads is bounded: every decoded stream, all decoded streams together, the
// content interpreted (Form XObjects drawn many times count every time), pages, objects,
// nesting and parsing work. Errors wrap the counting package's: a document past a size bound
// is ErrZipBomb or ErrTooLarge, a password-protected one ErrUnsupported, anything unreadable
// ErrMalformed (a panic in the reader included).
package pdf

import (
	"fmt"
	"io"

	"linguaport/counting/internal/refusal"
)

// Limits bound the memory and work of reading one document; past one, Text stops with
// ErrZipBomb.
type Limits struct {
	StreamBytes  int64 // one stream, decoded
	DecodedBytes int64 // all streams decoded, together
	ContentBytes int64 // content interpreted, a Form XObject drawn n times counting n times
	Ratio        int64 // decoded to encoded size of one stream, once it is past 8 MiB
}

// Result is what the text layer of a document holds.
type Result struct {
	Words, Characters int    // the text, as the count function counted it
	Head              string // the start of the text (8 KiB), for a preview
	Pages             int
	// ScannedPages draw an image over half the page and fewer than 50 characters.
	ScannedPages int
	// Glyphs drawn in fonts that stand for text (not Symbol, Dingbats ...), and those of them
	// no character could be found for.
	Glyphs, UnmappedGlyphs int
}

// Text reads the text layer of the document in r, size bytes long, and counts it with count:
// the text goes to count in pieces of about 1 MiB, each ending after a space or a line break
// (a word longer than a piece is cut), so that the text of a document is never held whole.
func Text(r io.ReaderAt, size int64, limits Limits, count func(text string) (words, characters int)) (res Result, err error) {
	defer func() {
		if p := recover(); p != nil {
			res, err = Result{}, fmt.Errorf("%w: pdf: unreadable document (%v)", refusal.ErrMalformed, p)
		}
	}()
	return text(r, size, limits, count)
}

// text is Text without the recover of unexpected panics: the fuzz target calls it, so that a
// bug shows as a crash.
func text(r io.ReaderAt, size int64, limits Limits, count func(string) (int, int)) (res Result, err error) {
	defer func() {
		if p := recover(); p != nil {
			a, ok := p.(abort)
			if !ok {
				panic(p)
			}
			res, err = Result{}, a.err
		}
	}()
	if size < 0 {
		return Result{}, malformed("negative size")
	}
	d := openDocument(r, size, limits)
	pages := d.pages()
	if len(pages) == 0 {
		return Result{}, malformed("the document has no pages")
	}
	return d.extract(pages, count), nil
}

// Bounds of the reader that do not depend on the caller.
const (
	maxPages         = 10000
	maxObjects       = 1 << 20 // cross-reference entries, or objects found by a scan
	maxNesting       = 64      // arrays and dictionaries inside each other, the page tree
	maxRefChain      = 32      // objects resolved inside the resolution of another
	maxFormDepth     = 12      // Form XObjects drawn inside each other
	maxElements      = 2 << 20 // values parsed from objects in one document
	maxArrayLen      = 1 << 19 // values in one array or dictionary
	ratioFloor       = 8 << 20 // Limits.Ratio applies past this many bytes
	maxStack         = 1024    // graphics states saved, marked-content sequences open
	maxCMapEntries   = 1 << 20 // in all the CMaps of a document
	maxMemo          = 1 << 20 // decoded codes remembered, all fonts together
	textPiece        = 1 << 20 // text is counted in pieces of about this size
	headBytes        = 8 << 10 // text kept for the preview
	maxFilters       = 8
	maxXrefSections  = 512
	scannedPageChars = 50 // a page drawing a page-size image with less text is a scan
	wordGap          = 0.15
	lineGap          = 0.5
)

// abort carries an error out of the reader's recursion; text turns it back into one.
type abort struct{ err error }

func fail(err error) { panic(abort{err}) }

func malformed(format string, args ...any) error {
	return fmt.Errorf("%w: pdf: %s", refusal.ErrMalformed, fmt.Sprintf(format, args...))
}

func bomb(format string, args ...any) error {
	return fmt.Errorf("%w: pdf: %s", refusal.ErrZipBomb, fmt.Sprintf(format, args...))
}

func tooLarge(format string, args ...any) error {
	return fmt.Errorf("%w: pdf: %s", refusal.ErrTooLarge, fmt.Sprintf(format, args...))
}

func unsupported(format string, args ...any) error {
	return fmt.Errorf("%w: %s", refusal.ErrUnsupported, fmt.Sprintf(format, args...))
}
