package pool

import (
	"context"
	"errors"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"linguaport/internal/mongox"
)

// MongoStore keeps the read model as one document per translator in svc-orders' own
// "translators" collection; every query is by _id.
type MongoStore struct{ coll *mongo.Collection }

// NewMongoStore opens the translators collection (its _id index is all it needs).
func NewMongoStore(_ context.Context, db *mongo.Database) (*MongoStore, error) {
	return &MongoStore{coll: db.Collection("translators")}, nil
}

// Translator is nil, without an error, for a translator the pool has heard nothing of.
func (s *MongoStore) Translator(ctx context.Context, id string) (*Translator, error) {
	t := new(Translator)
	err := s.coll.FindOne(ctx, bson.D{{Key: "_id", Value: id}}).Decode(t)
	switch {
	case errors.Is(err, mongo.ErrNoDocuments):
		return nil, nil
	case err != nil:
		return nil, fmt.Errorf("load translator %s: %w", id, err)
	}
	return t, nil
}

// Apply stores t unless the stored copy has its version or a newer one, in one conditional
// write: the replace matches only an older version, and the upsert of a translator stored at a
// newer version collides with its _id. It reports whether t was stored.
func (s *MongoStore) Apply(ctx context.Context, t *Translator) (bool, error) {
	_, err := s.coll.ReplaceOne(ctx, bson.D{{Key: "_id", Value: t.ID}, {Key: "version", Value: bson.D{{Key: "$lt", Value: t.Version}}}}, t,
		options.Replace().SetUpsert(true))
	switch {
	case mongox.IsDuplicateKey(err):
		return false, nil // the stored profile is as new or newer: a redelivery or a late event
	case err != nil:
		return false, fmt.Errorf("store translator %s: %w", t.ID, err)
	}
	return true, nil
}
