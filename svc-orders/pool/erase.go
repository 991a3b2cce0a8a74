package pool

import (
	"context"
	"fmt"
	"math"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"linguaport/internal/mongox"
)

// A translator in a KVKK erasure (svc-orders/datacopy): the pool's copy of their profile and
// their pool notices are deleted, each a point write by the translator's id. The profile's place
// keeps a marker of the erasure, the id alone at a version no event reaches: the erasure itself
// announces the translator's departure as a translator.profile_changed (svc-translators), and
// that event, or a redelivered older one, may be handled here after the erasure; Apply's
// version condition then refuses it, so no profile of theirs is stored again.

// erasedVersion is the marker's version, above any profile's.
const erasedVersion = math.MaxInt64

// Forget replaces the pool's copy of the translator's profile with the marker of their erasure,
// and answers whether there was a profile. The marker holds no pairs and no pool keys, so no
// query of the pool finds it, and Translator reads it as no translator.
func (s *MongoStore) Forget(ctx context.Context, translatorID string) (bool, error) {
	marker := bson.D{{Key: "_id", Value: translatorID}, {Key: "version", Value: int64(erasedVersion)}, {Key: "erased", Value: true},
		{Key: "poolKeys", Value: bson.A{}}, {Key: "poolVersion", Value: PoolVersion}}
	res, err := s.coll.ReplaceOne(ctx, bson.D{{Key: "_id", Value: translatorID}, {Key: "erased", Value: bson.D{{Key: "$ne", Value: true}}}}, marker,
		options.Replace().SetUpsert(true))
	switch {
	case mongox.IsDuplicateKey(err):
		return false, nil // erased before: the marker is there
	case err != nil:
		return false, fmt.Errorf("forget translator %s: %w", translatorID, err)
	}
	return res.MatchedCount > 0, nil
}

// Forget deletes the translator's notice document, the jobs waiting for their next notice and
// any notice not yet published with it, and answers whether there was one.
func (n *Notices) Forget(ctx context.Context, translatorID string) (bool, error) {
	res, err := n.coll.DeleteOne(ctx, bson.D{{Key: "_id", Value: translatorID}})
	if err != nil {
		return false, fmt.Errorf("delete notices of %s: %w", translatorID, err)
	}
	return res.DeletedCount > 0, nil
}
