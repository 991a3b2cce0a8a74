// Package refusal holds the errors a count can end with, for the counting package and the
// readers under it (pdf, media) to wrap: one definition each, so that errors.Is(err,
// counting.ErrMalformed) holds whichever package raised it. counting re-exports them; callers
// outside counting use those names.
package refusal

import "errors"

var (
	ErrUnsupported = errors.New("unsupported file type")
	ErrMismatch    = errors.New("the content does not match the file's extension")
	ErrTooLarge    = errors.New("file too large")
	ErrZipBomb     = errors.New("archive expands beyond the allowed size or ratio")
	ErrMalformed   = errors.New("malformed document")
)
