// Package files owns the documents customers upload and translators deliver: counted at upload
// (package counting), kept with their bytes, and reachable only by the people they belong to.
package files

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"linguaport/counting"
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

// UploadTokenTTL is how long a visitor's uploads stay reachable without signing in.
const UploadTokenTTL = 2 * time.Hour

// HashToken is what files store of a visitor's upload token: the token itself is never kept.
func HashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}
