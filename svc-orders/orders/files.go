package orders

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"linguaport/svc-orders/counting"
)

// Purpose says why a file was uploaded.
type Purpose string

const (
	SourceFile   Purpose = "source"   // a customer's document to translate
	DeliveryFile Purpose = "delivery" // a translator's result for an order
)

// MaxFilesPerOrder caps the documents of one quote or order, and what a visitor's upload token holds.
const MaxFilesPerOrder = 20

// File is an uploaded document with what the platform counted in it. The bytes live in GridFS
// under the same id.
type File struct {
	ID          string          `json:"id" bson:"_id"`
	Name        string          `json:"name" bson:"name"`
	Size        int64           `json:"size" bson:"size"`
	Format      counting.Format `json:"format" bson:"format"`
	ContentType string          `json:"contentType" bson:"contentType"`
	Purpose     Purpose         `json:"purpose" bson:"purpose"`
	OrderID     string          `json:"orderId" bson:"orderId,omitempty"`
	Counts      counting.Counts `json:"counts" bson:"counts"`
	UploadedAt  time.Time       `json:"uploadedAt" bson:"uploadedAt"`
	// OwnerID is the signed-in uploader; a visitor's file has none until a quote claims it, and
	// is reachable only with the upload token whose hash it carries.
	OwnerID   string `json:"-" bson:"ownerId,omitempty"`
	TokenHash string `json:"-" bson:"tokenHash,omitempty"`
}

// Errors of uploads.
var (
	ErrNoFile       = errors.New("no file in the upload")
	ErrTooManyFiles = errors.New("too many files")
	ErrNotFound     = errors.New("not found")
)

// RateLimitedError is an upload refused because its sender uploaded too much lately.
type RateLimitedError struct{ RetryAfter time.Duration }

func (e *RateLimitedError) Error() string { return "too many uploads" }

// Limiter decides whether a sender (an address or a user) may upload another file now.
type Limiter interface {
	Allow(ctx context.Context, key string) (ok bool, retryAfter time.Duration, err error)
}

// contentTypes are what downloads are served as; the format was sniffed at upload, so the type
// is ours, never the uploader's claim.
var contentTypes = map[counting.Format]string{
	counting.TXT:  "text/plain; charset=utf-8",
	counting.DOCX: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
	counting.XLSX: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
	counting.PPTX: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
	counting.ODT:  "application/vnd.oasis.opendocument.text",
	counting.ODS:  "application/vnd.oasis.opendocument.spreadsheet",
	counting.ODP:  "application/vnd.oasis.opendocument.presentation",
	counting.HTML: "text/html; charset=utf-8",
	counting.SRT:  "application/x-subrip",
	counting.VTT:  "text/vtt",
	counting.PDF:  "application/pdf",
	counting.MP3:  "audio/mpeg",
	counting.WAV:  "audio/wav",
	counting.MP4:  "video/mp4",
	counting.M4A:  "audio/mp4",
}

// ContentTypeOf is the media type a format is served as.
func ContentTypeOf(f counting.Format) string {
	if ct, ok := contentTypes[f]; ok {
		return ct
	}
	return "application/octet-stream"
}

// CleanFileName keeps what a customer recognises of an uploaded name and drops what could
// mislead a download or a log: directories, control and bidi-override characters, excess length.
func CleanFileName(name string) string {
	name = name[strings.LastIndexAny(name, `/\`)+1:]
	name = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r) || r == utf8.RuneError {
			return -1
		}
		return r
	}, name)
	name = strings.TrimSpace(name)
	if utf8.RuneCountInString(name) > 200 {
		ext := name[strings.LastIndex(name, "."):]
		if len(ext) > 10 {
			ext = ""
		}
		name = string([]rune(name)[:200-utf8.RuneCountInString(ext)]) + ext
	}
	if name == "" || name == "." || name == ".." {
		return "document"
	}
	return name
}

// quantityOf is what files hold in a service's unit: words added up; pages from all characters
// added up; minutes from all durations added up, each rounded up once. A file whose text could
// not be read (a scanned PDF) cannot be priced from its count.
func quantityOf(unit Unit, files []File) (int, error) {
	fields := FieldErrors{}
	var words, chars int
	var duration time.Duration
	for i, f := range files {
		if f.Counts.ManualCount {
			fields[fmt.Sprintf("fileIds.%d", i)] = "manual_count"
		}
		words += f.Counts.Words
		chars += f.Counts.Characters
		duration += f.Counts.Duration
	}
	if len(fields) > 0 {
		return 0, fields
	}
	var q int
	switch unit {
	case PerWord:
		q = words
	case PerPage:
		q = (chars + counting.PageCharacters - 1) / counting.PageCharacters
	case PerMinute:
		q = int((duration + time.Minute - 1) / time.Minute)
	}
	if q <= 0 {
		return 0, FieldErrors{"fileIds": "nothing_to_count"}
	}
	return q, nil
}
