package keys

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"linguaport/internal/mongox"
)

// MongoStore keeps the keys in "api_keys". Every query it sends is served by one of the indexes
// NewMongoStore makes: the secret's digest (unique: the gateway's lookup), an owner's keys newest
// first, and every key newest first (staff's pages, by creation time then id).
type MongoStore struct {
	coll *mongo.Collection
}

// NewMongoStore opens the collection and makes sure of its indexes.
func NewMongoStore(ctx context.Context, db *mongo.Database) (*MongoStore, error) {
	coll := db.Collection("api_keys")
	err := mongox.EnsureIndexes(ctx, coll,
		mongo.IndexModel{Keys: bson.D{{Key: "digest", Value: 1}}, Options: options.Index().SetUnique(true)},
		mongo.IndexModel{Keys: bson.D{{Key: "ownerId", Value: 1}, {Key: "createdAt", Value: -1}}},
		// An owner's keys not revoked, by expiry: the active ones, counted before a new key.
		mongo.IndexModel{Keys: bson.D{{Key: "ownerId", Value: 1}, {Key: "revokedAt", Value: 1}, {Key: "expiresAt", Value: 1}}},
		mongo.IndexModel{Keys: bson.D{{Key: "createdAt", Value: -1}, {Key: "_id", Value: -1}}})
	if err != nil {
		return nil, fmt.Errorf("api_keys indexes: %w", err)
	}
	return &MongoStore{coll: coll}, nil
}

func (s *MongoStore) Insert(ctx context.Context, d Doc) error {
	if _, err := s.coll.InsertOne(ctx, d); err != nil {
		return fmt.Errorf("insert key %s: %w", d.ID, err)
	}
	return nil
}

func (s *MongoStore) one(ctx context.Context, filter bson.D) (Doc, error) {
	var d Doc
	err := s.coll.FindOne(ctx, filter).Decode(&d)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return Doc{}, ErrNotFound
	}
	if err != nil {
		return Doc{}, fmt.Errorf("read key: %w", err)
	}
	return d, nil
}

func (s *MongoStore) ByDigest(ctx context.Context, digest string) (Doc, error) {
	return s.one(ctx, bson.D{{Key: "digest", Value: digest}})
}

func (s *MongoStore) ByID(ctx context.Context, id string) (Doc, error) {
	return s.one(ctx, bson.D{{Key: "_id", Value: id}})
}

func (s *MongoStore) Owned(ctx context.Context, owner string) ([]Doc, error) {
	return s.owned(ctx, owner, 0)
}

// Newest lists an owner's newest keys, at most limit: the panel's list, which revoked and expired
// keys would otherwise make grow without end.
func (s *MongoStore) Newest(ctx context.Context, owner string, limit int) ([]Doc, error) {
	return s.owned(ctx, owner, limit)
}

func (s *MongoStore) owned(ctx context.Context, owner string, limit int) ([]Doc, error) {
	cur, err := s.coll.Find(ctx, bson.D{{Key: "ownerId", Value: owner}}, options.Find().SetSort(bson.D{{Key: "createdAt", Value: -1}}).SetLimit(int64(limit)))
	if err != nil {
		return nil, fmt.Errorf("keys of %s: %w", owner, err)
	}
	out := []Doc{}
	if err := cur.All(ctx, &out); err != nil {
		return nil, fmt.Errorf("keys of %s: %w", owner, err)
	}
	return out, nil
}

// CountActive counts the owner's keys neither revoked nor expired, reading those alone (at most
// MaxActive of them can be), not the revoked and expired ones that pile up over the years.
func (s *MongoStore) CountActive(ctx context.Context, owner string, now time.Time) (int, error) {
	n, err := s.coll.CountDocuments(ctx, bson.D{{Key: "ownerId", Value: owner}, {Key: "revokedAt", Value: nil}, {Key: "$or", Value: bson.A{
		bson.D{{Key: "expiresAt", Value: nil}},
		bson.D{{Key: "expiresAt", Value: bson.D{{Key: "$gt", Value: now}}}},
	}}})
	if err != nil {
		return 0, fmt.Errorf("active keys of %s: %w", owner, err)
	}
	return int(n), nil
}

// Revoke is one conditional write: of two revocations at once, one revokes and the other finds
// it done.
func (s *MongoStore) Revoke(ctx context.Context, id string, now time.Time, by string) (Doc, bool, error) {
	now = now.Truncate(time.Millisecond)
	res, err := s.coll.UpdateOne(ctx, bson.D{{Key: "_id", Value: id}, {Key: "revokedAt", Value: nil}},
		bson.D{{Key: "$set", Value: bson.D{{Key: "revokedAt", Value: now}, {Key: "revokedBy", Value: by}}}})
	if err != nil {
		return Doc{}, false, fmt.Errorf("revoke key %s: %w", id, err)
	}
	d, err := s.ByID(ctx, id)
	return d, res.ModifiedCount == 1, err
}

func (s *MongoStore) Used(ctx context.Context, id string, now time.Time) error {
	now = now.Truncate(time.Millisecond)
	_, err := s.coll.UpdateOne(ctx, bson.D{{Key: "_id", Value: id}, {Key: "$or", Value: bson.A{
		bson.D{{Key: "lastUsedAt", Value: nil}},
		bson.D{{Key: "lastUsedAt", Value: bson.D{{Key: "$lt", Value: now.Add(-LastUseEvery)}}}},
	}}}, bson.D{{Key: "$set", Value: bson.D{{Key: "lastUsedAt", Value: now}}}})
	if err != nil {
		return fmt.Errorf("key %s used: %w", id, err)
	}
	return nil
}

func (s *MongoStore) Page(ctx context.Context, after string, limit int) ([]Doc, error) {
	filter := bson.D{}
	if after != "" {
		last, err := s.ByID(ctx, after)
		if err != nil {
			return nil, err
		}
		filter = bson.D{{Key: "$or", Value: bson.A{
			bson.D{{Key: "createdAt", Value: bson.D{{Key: "$lt", Value: last.CreatedAt}}}},
			bson.D{{Key: "createdAt", Value: last.CreatedAt}, {Key: "_id", Value: bson.D{{Key: "$lt", Value: last.ID}}}},
		}}}
	}
	cur, err := s.coll.Find(ctx, filter, options.Find().SetSort(bson.D{{Key: "createdAt", Value: -1}, {Key: "_id", Value: -1}}).SetLimit(int64(limit)))
	if err != nil {
		return nil, fmt.Errorf("page of keys: %w", err)
	}
	out := []Doc{}
	if err := cur.All(ctx, &out); err != nil {
		return nil, fmt.Errorf("page of keys: %w", err)
	}
	return out, nil
}

func (s *MongoStore) RevokeOwned(ctx context.Context, owner string, now time.Time, by string) ([]string, error) {
	docs, err := s.Owned(ctx, owner)
	if err != nil {
		return nil, err
	}
	ids := make([]string, 0, len(docs))
	for _, d := range docs {
		if _, _, err := s.Revoke(ctx, d.ID, now, by); err != nil {
			return nil, err
		}
		ids = append(ids, d.ID)
	}
	return ids, nil
}

func (s *MongoStore) DeleteOwned(ctx context.Context, owner string) (int, error) {
	res, err := s.coll.DeleteMany(ctx, bson.D{{Key: "ownerId", Value: owner}})
	if err != nil {
		return 0, fmt.Errorf("delete keys of %s: %w", owner, err)
	}
	return int(res.DeletedCount), nil
}
