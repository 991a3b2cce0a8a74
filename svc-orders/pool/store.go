package pool

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"linguaport/internal/mongox"
)

// MongoStore keeps the read model as one document per translator in svc-orders' own
// "translators" collection; a translator is read by _id, the translators competent for a job by
// their pool keys.
type MongoStore struct{ coll *mongo.Collection }

// NewMongoStore opens the translators collection and the index on the pool keys.
func NewMongoStore(ctx context.Context, db *mongo.Database) (*MongoStore, error) {
	s := &MongoStore{coll: db.Collection("translators")}
	if err := mongox.EnsureIndexes(ctx, s.coll, mongo.IndexModel{Keys: bson.D{{Key: "poolKeys", Value: 1}}}); err != nil {
		return nil, fmt.Errorf("translators indexes: %w", err)
	}
	return s, nil
}

// Covering answers the translators competent for every one of keys (a job's pool keys), whether
// or not they are available now: the caller decides that at its own time. The index finds those
// holding the first key; the others are checked here (an $all is no better bounded).
func (s *MongoStore) Covering(ctx context.Context, keys []string) ([]*Translator, error) {
	if len(keys) == 0 {
		return nil, nil
	}
	cur, err := s.coll.Find(ctx, bson.D{{Key: "poolKeys", Value: keys[0]}})
	if err != nil {
		return nil, fmt.Errorf("find translators of %v: %w", keys, err)
	}
	var found []*Translator
	if err := cur.All(ctx, &found); err != nil {
		return nil, fmt.Errorf("read translators of %v: %w", keys, err)
	}
	return slices.DeleteFunc(found, func(t *Translator) bool { return !t.Covers(keys) }), nil
}

// Holding answers up to limit translators competent for any of keys, in no order: the pool keys
// index bounds the $in; the caller decides which of them cover the whole job.
func (s *MongoStore) Holding(ctx context.Context, keys []string, limit int64) ([]*Translator, error) {
	if len(keys) == 0 {
		return nil, nil
	}
	cur, err := s.coll.Find(ctx, bson.D{{Key: "poolKeys", Value: bson.D{{Key: "$in", Value: keys}}}}, options.Find().SetLimit(limit))
	if err != nil {
		return nil, fmt.Errorf("find translators holding %v: %w", keys, err)
	}
	var found []*Translator
	if err := cur.All(ctx, &found); err != nil {
		return nil, fmt.Errorf("read translators holding %v: %w", keys, err)
	}
	return found, nil
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
	t.PoolKeys = t.Keys()
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
