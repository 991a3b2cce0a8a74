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
	if err := mongox.EnsureIndexes(ctx, s.coll, mongo.IndexModel{Keys: bson.D{{Key: "poolKeys", Value: 1}}},
		// The translators stored with keys of an older format (renewKeys).
		mongo.IndexModel{Keys: bson.D{{Key: "poolVersion", Value: 1}}}); err != nil {
		return nil, fmt.Errorf("translators indexes: %w", err)
	}
	if err := s.renewKeys(ctx); err != nil {
		return nil, err
	}
	return s, nil
}

// staleKeys are the translators stored before PoolVersion (without the field).
var staleKeys = bson.E{Key: "poolVersion", Value: bson.D{{Key: "$in", Value: bson.A{nil, 1}}}}

// renewKeys gives the translators stored with keys of an older format new ones, so the pool's
// queries find them; each write is conditional on the version read, so a newer profile stored
// meanwhile (with new keys) is kept.
func (s *MongoStore) renewKeys(ctx context.Context) error {
	cur, err := s.coll.Find(ctx, bson.D{staleKeys})
	if err != nil {
		return fmt.Errorf("find translators with old pool keys: %w", err)
	}
	var old []*Translator
	if err := cur.All(ctx, &old); err != nil {
		return fmt.Errorf("read translators with old pool keys: %w", err)
	}
	for _, t := range old {
		_, err := s.coll.UpdateOne(ctx, bson.D{{Key: "_id", Value: t.ID}, {Key: "version", Value: t.Version}, staleKeys},
			bson.D{{Key: "$set", Value: bson.D{{Key: "poolKeys", Value: t.IndexKeys()}, {Key: "poolVersion", Value: PoolVersion}}}})
		if err != nil {
			return fmt.Errorf("pool keys of translator %s: %w", t.ID, err)
		}
	}
	return nil
}

// Covering answers the translators competent for every one of keys (a job's pool keys), whether
// or not they are available now: the caller decides that at its own time. The index finds those
// holding the first key's pair (IndexKey); the rest is checked here (an $all is no better
// bounded).
func (s *MongoStore) Covering(ctx context.Context, keys []string) ([]*Translator, error) {
	if len(keys) == 0 {
		return nil, nil
	}
	cur, err := s.coll.Find(ctx, bson.D{{Key: "poolKeys", Value: IndexKey(keys[0])}})
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
// index bounds the $in to the translators of the keys' pairs, read until limit of them hold one
// of the keys (their service too); the caller decides which of them cover the whole job.
func (s *MongoStore) Holding(ctx context.Context, keys []string, limit int64) ([]*Translator, error) {
	if len(keys) == 0 {
		return nil, nil
	}
	var pairs []string
	for _, k := range keys {
		if p := IndexKey(k); !slices.Contains(pairs, p) {
			pairs = append(pairs, p)
		}
	}
	cur, err := s.coll.Find(ctx, bson.D{{Key: "poolKeys", Value: bson.D{{Key: "$in", Value: pairs}}}})
	if err != nil {
		return nil, fmt.Errorf("find translators holding %v: %w", keys, err)
	}
	defer cur.Close(ctx)
	var found []*Translator
	for int64(len(found)) < limit && cur.Next(ctx) {
		t := new(Translator)
		if err := cur.Decode(t); err != nil {
			return nil, fmt.Errorf("read translators holding %v: %w", keys, err)
		}
		if have := t.Keys(); slices.ContainsFunc(keys, func(k string) bool { return slices.Contains(have, k) }) {
			found = append(found, t)
		}
	}
	if err := cur.Err(); err != nil {
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
	case t.Erased:
		return nil, nil
	}
	return t, nil
}

// Apply stores t unless the stored copy has its version or a newer one, in one conditional
// write: the replace matches only an older version, and the upsert of a translator stored at a
// newer version collides with its _id. It reports whether t was stored.
func (s *MongoStore) Apply(ctx context.Context, t *Translator) (bool, error) {
	t.PoolKeys, t.PoolVersion = t.IndexKeys(), PoolVersion
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
