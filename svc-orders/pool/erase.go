package pool

import (
	"context"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// A translator in a KVKK erasure (svc-orders/datacopy): the pool's copy of their profile and
// their pool notices are deleted, each a point delete by the translator's id. The read model
// keeps no tombstone: a translator.profile_changed of theirs handled after the erasure would
// store the profile again.

// Forget deletes the pool's copy of the translator's profile, and answers whether there was one.
func (s *MongoStore) Forget(ctx context.Context, translatorID string) (bool, error) {
	res, err := s.coll.DeleteOne(ctx, bson.D{{Key: "_id", Value: translatorID}})
	if err != nil {
		return false, fmt.Errorf("delete translator %s: %w", translatorID, err)
	}
	return res.DeletedCount > 0, nil
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
