package datacopy

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"go.mongodb.org/mongo-driver/v2/mongo"

	"linguaport/internal/privacy"
	"linguaport/svc-orders/files"
)

// Documents are the stored bytes of the files (files.MongoStore, GridFS).
type Documents interface {
	EveryFileOf(ctx context.Context, owner string) ([]files.File, error)
	Open(ctx context.Context, id string) (io.ReadCloser, error)
}

// Attach adds to a customer's copy the documents they uploaded, as they uploaded them
// (orders/files/<id>-<name> in the ZIP); translations delivered to them are listed in
// files.json, not attached, being the translator's work. A translator's copy attaches nothing:
// what they uploaded are deliveries for customers' orders.
func Attach(docs Documents) privacy.Attach {
	return func(ctx context.Context, r privacy.Requested) ([]privacy.Attachment, error) {
		if r.UserID == "" || r.Role != "customer" {
			return nil, nil
		}
		owned, err := docs.EveryFileOf(ctx, r.UserID)
		if err != nil {
			return nil, err
		}
		var out []privacy.Attachment
		for _, f := range owned {
			if f.Purpose != files.SourceFile {
				continue
			}
			id := f.ID
			out = append(out, privacy.Attachment{Name: id + "-" + safeName(f.Name), Size: f.Size,
				Open: func(ctx context.Context) (io.ReadCloser, error) {
					rc, err := docs.Open(ctx, id)
					if errors.Is(err, mongo.ErrFileNotFound) {
						return nil, fmt.Errorf("file %s: %w", id, privacy.ErrNoContent)
					}
					return rc, err
				}})
		}
		return out, nil
	}
}

// safeName is a file name that stays one name inside a ZIP: no folders, no control characters.
func safeName(name string) string {
	return strings.Map(func(r rune) rune {
		if r == '/' || r == '\\' || r < 0x20 {
			return '_'
		}
		return r
	}, name)
}
