package files

import (
	"context"
	"fmt"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"linguaport/counting"
)

// A person's files in their KVKK copy (svc-orders/datacopy): what the platform knows of each
// document, never its bytes (GridFS) nor its text (the counted preview, the pool's first page).
// The person has the documents themselves; the copy says what was kept about them.

// Metadata is a file as a person's copy of their data lists it.
type Metadata struct {
	ID          string          `json:"id"`
	Name        string          `json:"name"`
	Format      counting.Format `json:"format"`
	ContentType string          `json:"contentType"`
	Size        int64           `json:"size"`
	Purpose     Purpose         `json:"purpose,omitempty"`
	// OrderID is the order a delivery was made for.
	OrderID    string        `json:"orderId,omitempty"`
	UploadedAt time.Time     `json:"uploadedAt"`
	Counts     CountMetadata `json:"counts"`
}

// CountMetadata is what was counted in a file, without the text it was counted from.
type CountMetadata struct {
	Words       int  `json:"words"`
	Characters  int  `json:"characters"`
	Pages       int  `json:"pages"`
	Minutes     int  `json:"minutes"`
	ManualCount bool `json:"manualCount"`
}

// MetadataOf is f as a copy lists it.
func MetadataOf(f File) Metadata {
	c := f.Counts
	return Metadata{ID: f.ID, Name: f.Name, Format: f.Format, ContentType: f.ContentType, Size: f.Size, Purpose: f.Purpose,
		OrderID: f.OrderID, UploadedAt: f.UploadedAt,
		Counts: CountMetadata{Words: c.Words, Characters: c.Characters, Pages: c.Pages, Minutes: c.Minutes, ManualCount: c.ManualCount}}
}

// MetadataOfAll lists files as a copy does; never nil, so an empty list reads as [].
func MetadataOfAll(list []File) []Metadata {
	out := make([]Metadata, len(list))
	for i, f := range list {
		out[i] = MetadataOf(f)
	}
	return out
}

// EveryFileOf answers every file owner uploaded, newest first, whatever its age or purpose: a
// copy lists them all, where a screen shows a page. One range of the ownerId+uploadedAt index, so
// it reads the owner's files and no one else's; the pool's first pages stay in the database.
func (s *MongoStore) EveryFileOf(ctx context.Context, owner string) ([]File, error) {
	cur, err := s.meta.Find(ctx, bson.D{{Key: "ownerId", Value: owner}},
		options.Find().SetSort(bson.D{{Key: "uploadedAt", Value: -1}}).SetProjection(bson.D{{Key: "firstPage", Value: 0}}))
	if err != nil {
		return nil, fmt.Errorf("find files of %s: %w", owner, err)
	}
	out := []File{}
	if err := cur.All(ctx, &out); err != nil {
		return nil, fmt.Errorf("read files of %s: %w", owner, err)
	}
	return out, nil
}
