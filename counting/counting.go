// Package counting measures the documents customers upload: words, characters without spaces,
// Turkish standard pages (1,000 characters without spaces) and, for audio and video, minutes.
// The rules are written down in README.md beside this file. It holds the rules and the dispatch
// by format, and reads the text and office formats itself; PDFs are read by the pdf package and
// audio and video by the media package below it. It is a domain package: it parses bytes and
// imports no infrastructure.
package counting

import (
	"io"
	"time"

	"linguaport/counting/internal/refusal"
)

// Errors a count can end with, whichever reader raised them (the pdf and media packages wrap
// the same values); the transport maps them to HTTP (415 for ErrUnsupported, 413 for
// ErrTooLarge, 422 for the rest).
var (
	ErrUnsupported = refusal.ErrUnsupported
	ErrMismatch    = refusal.ErrMismatch
	ErrTooLarge    = refusal.ErrTooLarge
	ErrZipBomb     = refusal.ErrZipBomb
	ErrMalformed   = refusal.ErrMalformed
)

// Limits of what is read. MaxFileBytes is the upload cap (50 MB); the archive limits stop
// zip bombs in docx/xlsx/pptx/odt/ods/odp before they are inflated.
const (
	MaxFileBytes         = 50 << 20
	MaxUncompressedBytes = 200 << 20 // all entries of an archive together
	MaxEntryBytes        = 100 << 20 // one entry
	MaxCompressionRatio  = 100       // uncompressed / compressed, per entry
	MaxArchiveEntries    = 10000
	PageCharacters       = 1000 // a Turkish standard page
	PreviewRunes         = 280
)

// Format names a supported document or media type.
type Format string

const (
	TXT  Format = "txt"
	DOCX Format = "docx"
	XLSX Format = "xlsx"
	PPTX Format = "pptx"
	ODT  Format = "odt"
	ODS  Format = "ods"
	ODP  Format = "odp"
	HTML Format = "html"
	SRT  Format = "srt"
	VTT  Format = "vtt"
	PDF  Format = "pdf"
	MP3  Format = "mp3"
	WAV  Format = "wav"
	MP4  Format = "mp4"
	M4A  Format = "m4a"
)

// Counts is what a document holds.
type Counts struct {
	Format     Format `json:"format"`
	Words      int    `json:"words"`
	Characters int    `json:"characters"` // without spaces
	Pages      int    `json:"pages"`      // standard pages, rounded up
	// Duration of audio, video and subtitles; Minutes is it rounded up to whole minutes.
	Duration time.Duration `json:"-"`
	Minutes  int           `json:"minutes"`
	// ManualCount marks a document whose text could not be read (a scanned PDF): it is counted
	// by a person, not priced as empty.
	ManualCount bool   `json:"manualCount"`
	Preview     string `json:"preview"` // the start of the counted text
	// FirstPage is about the first standard page of the text (PageCharacters characters without
	// spaces, ended at a word) for the job pool's preview. It is not part of the counts as kept
	// with quotes and orders (a page of text in every copy would weigh on each of their writes):
	// svc-orders' files keep it beside the file's description.
	FirstPage string `json:"-" bson:"-"`
}

// Source is an uploaded file: random access, because zip archives and MP4 boxes need it.
type Source interface {
	io.ReaderAt
	Size() int64
}
