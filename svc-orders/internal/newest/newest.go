// Package newest lists the documents people read as lists (a customer's quotes, a translator's
// orders) the way svc-orders' stores all do: newest first, by their creation time, at most a
// page that no screen outgrows.
package newest

import (
	"context"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

// Limit is the most documents one list holds.
const Limit = 500

// First lists the documents of coll matching filter, newest first by "createdAt".
func First[T any](ctx context.Context, coll *mongo.Collection, filter bson.D) ([]*T, error) {
	cur, err := coll.Find(ctx, filter, options.Find().SetSort(bson.D{{Key: "createdAt", Value: -1}}).SetLimit(Limit))
	if err != nil {
		return nil, fmt.Errorf("find %s: %w", coll.Name(), err)
	}
	out := []*T{}
	if err := cur.All(ctx, &out); err != nil {
		return nil, fmt.Errorf("read %s: %w", coll.Name(), err)
	}
	return out, nil
}
