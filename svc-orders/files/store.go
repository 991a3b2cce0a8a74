package files

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"linguaport/internal/mongox"
)

// MongoStore keeps files: their descriptions and counts in "files", their bytes in the GridFS
// bucket "uploads" under the same id.
type MongoStore struct {
	meta   *mongo.Collection
	bucket *mongo.GridFSBucket
}

// NewMongoStore opens the files collection and bucket and makes sure their indexes exist.
func NewMongoStore(ctx context.Context, db *mongo.Database) (*MongoStore, error) {
	s := &MongoStore{meta: db.Collection("files"), bucket: db.GridFSBucket(options.GridFSBucket().SetName("uploads"))}
	err := mongox.EnsureIndexes(ctx, s.meta,
		// Also the unclaimed files by age (ownerId null), for DeleteUnclaimed.
		mongo.IndexModel{Keys: bson.D{{Key: "ownerId", Value: 1}, {Key: "uploadedAt", Value: -1}}},
		mongo.IndexModel{Keys: bson.D{{Key: "tokenHash", Value: 1}, {Key: "ownerId", Value: 1}}},
	)
	if err != nil {
		return nil, fmt.Errorf("files indexes: %w", err)
	}
	return s, nil
}

// unclaimed matches visitors' files that no account owns yet. Equality to null matches a missing
// field and, unlike $exists: false, is bounded by an index on ownerId (where a missing field is
// stored as null).
var unclaimed = bson.E{Key: "ownerId", Value: nil}

func idIn(ids []string) bson.E {
	return bson.E{Key: "_id", Value: bson.D{{Key: "$in", Value: ids}}}
}

// described is a file's description as stored: the File and its first page of text, which only
// FirstPages reads.
type described struct {
	File      `bson:",inline"`
	FirstPage string `bson:"firstPage,omitempty"`
}

// FirstPages answers the first page of text of each of the files of ids that has one.
func (s *MongoStore) FirstPages(ctx context.Context, ids []string) (map[string]string, error) {
	out := map[string]string{}
	if len(ids) == 0 {
		return out, nil
	}
	cur, err := s.meta.Find(ctx, bson.D{idIn(ids)}, options.Find().SetProjection(bson.D{{Key: "firstPage", Value: 1}}))
	if err != nil {
		return nil, fmt.Errorf("find first pages: %w", err)
	}
	var found []struct {
		ID        string `bson:"_id"`
		FirstPage string `bson:"firstPage"`
	}
	if err := cur.All(ctx, &found); err != nil {
		return nil, fmt.Errorf("read first pages: %w", err)
	}
	for _, f := range found {
		if f.FirstPage != "" {
			out[f.ID] = f.FirstPage
		}
	}
	return out, nil
}

// Save stores the bytes first, then the description.
func (s *MongoStore) Save(ctx context.Context, f File, content io.Reader) error {
	if err := s.bucket.UploadFromStreamWithID(ctx, f.ID, f.Name, content); err != nil {
		return fmt.Errorf("store file %s: %w", f.ID, err)
	}
	if _, err := s.meta.InsertOne(ctx, described{File: f, FirstPage: f.Counts.FirstPage}); err != nil {
		_ = s.bucket.Delete(context.WithoutCancel(ctx), f.ID)
		return fmt.Errorf("describe file %s: %w", f.ID, err)
	}
	return nil
}

func (s *MongoStore) File(ctx context.Context, id string) (File, error) {
	var f File
	if err := s.meta.FindOne(ctx, bson.D{{Key: "_id", Value: id}}).Decode(&f); err != nil {
		if errors.Is(err, mongo.ErrNoDocuments) {
			return File{}, ErrNotFound
		}
		return File{}, fmt.Errorf("load file %s: %w", id, err)
	}
	return f, nil
}

// Open streams a file's bytes.
func (s *MongoStore) Open(ctx context.Context, id string) (io.ReadCloser, error) {
	r, err := s.bucket.OpenDownloadStream(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("open file %s: %w", id, err)
	}
	return r, nil
}

func (s *MongoStore) HeldBy(ctx context.Context, ids []string, h Holder) ([]File, error) {
	var holders bson.A
	if h.OwnerID != "" {
		holders = append(holders, bson.D{{Key: "ownerId", Value: h.OwnerID}})
	}
	if h.TokenHash != "" {
		holders = append(holders, bson.D{{Key: "tokenHash", Value: h.TokenHash}, unclaimed})
	}
	out := make([]File, len(ids)) // a zero File marks one that is not held
	if len(holders) == 0 {
		return out, nil
	}
	found, err := s.find(ctx, bson.D{idIn(ids), {Key: "$or", Value: holders}})
	if err != nil {
		return nil, err
	}
	byID := make(map[string]File, len(found))
	for _, f := range found {
		byID[f.ID] = f
	}
	for i, id := range ids {
		out[i] = byID[id]
	}
	return out, nil
}

func (s *MongoStore) OwnedBy(ctx context.Context, owner string) ([]File, error) {
	return s.find(ctx, bson.D{{Key: "ownerId", Value: owner}})
}

func (s *MongoStore) find(ctx context.Context, filter bson.D) ([]File, error) {
	cur, err := s.meta.Find(ctx, filter, options.Find().SetSort(bson.D{{Key: "uploadedAt", Value: -1}}).SetLimit(1000))
	if err != nil {
		return nil, fmt.Errorf("find files: %w", err)
	}
	files := []File{}
	if err := cur.All(ctx, &files); err != nil {
		return nil, fmt.Errorf("read files: %w", err)
	}
	return files, nil
}

func (s *MongoStore) CountUnclaimed(ctx context.Context, tokenHash string) (int64, error) {
	n, err := s.meta.CountDocuments(ctx, bson.D{{Key: "tokenHash", Value: tokenHash}, unclaimed})
	if err != nil {
		return 0, fmt.Errorf("count token files: %w", err)
	}
	return n, nil
}

// DeleteUnclaimed deletes the bytes first, then the description, so a failure leaves the file
// to the next attempt.
func (s *MongoStore) DeleteUnclaimed(ctx context.Context, before time.Time) (int, error) {
	stale, err := s.find(ctx, bson.D{unclaimed, {Key: "uploadedAt", Value: bson.D{{Key: "$lt", Value: before}}}})
	if err != nil {
		return 0, err
	}
	for i, f := range stale {
		if err := s.bucket.Delete(ctx, f.ID); err != nil && !errors.Is(err, mongo.ErrFileNotFound) {
			return i, fmt.Errorf("delete file %s: %w", f.ID, err)
		}
		if _, err := s.meta.DeleteOne(ctx, bson.D{{Key: "_id", Value: f.ID}, unclaimed}); err != nil {
			return i, fmt.Errorf("forget file %s: %w", f.ID, err)
		}
	}
	return len(stale), nil
}

// Claim changes each file in its own conditional write.
func (s *MongoStore) Claim(ctx context.Context, ids []string, tokenHash, owner string) error {
	_, err := s.meta.UpdateMany(ctx,
		bson.D{idIn(ids), {Key: "tokenHash", Value: tokenHash}, unclaimed},
		bson.D{{Key: "$set", Value: bson.D{{Key: "ownerId", Value: owner}}}})
	if err != nil {
		return fmt.Errorf("claim files: %w", err)
	}
	return nil
}

func (s *MongoStore) MarkDelivered(ctx context.Context, ids []string, owner, orderID string) error {
	_, err := s.meta.UpdateMany(ctx,
		bson.D{idIn(ids), {Key: "ownerId", Value: owner}},
		bson.D{{Key: "$set", Value: bson.D{{Key: "purpose", Value: DeliveryFile}, {Key: "orderId", Value: orderID}}}})
	if err != nil {
		return fmt.Errorf("mark delivered files: %w", err)
	}
	return nil
}
