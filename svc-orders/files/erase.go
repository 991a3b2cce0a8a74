package files

import (
	"context"
	"errors"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
)

// A person's files in a KVKK erasure (svc-orders/datacopy): the bytes and the description of
// each are deleted, whoever uploaded it, by the file's id.

// DeleteFiles deletes the files of ids: each one's bytes (GridFS) first, then its description,
// so a failure half-way leaves the file to be found and deleted again by the next attempt. A file
// already gone is no error. It answers how many of the files it found, bytes or description.
func (s *MongoStore) DeleteFiles(ctx context.Context, ids []string) (int, error) {
	n := 0
	for _, id := range ids {
		found := true
		if err := s.bucket.Delete(ctx, id); errors.Is(err, mongo.ErrFileNotFound) {
			found = false
		} else if err != nil {
			return n, fmt.Errorf("delete file %s: %w", id, err)
		}
		res, err := s.meta.DeleteOne(ctx, bson.D{{Key: "_id", Value: id}})
		if err != nil {
			return n, fmt.Errorf("forget file %s: %w", id, err)
		}
		if found || res.DeletedCount > 0 {
			n++
		}
	}
	return n, nil
}
