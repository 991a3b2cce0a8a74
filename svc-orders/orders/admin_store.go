package orders

import (
	"context"
	"fmt"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

// The staff list's queries. Each filter the list allows (none, a status, a customer or a
// translator, each with or without a status) has an index for each sort, ending in the sort key
// and _id, so a page and the cursor after it are one range of one index. An order number is a
// point lookup.

// staffListOwners are the fields the list filters on first; "" is no such filter.
var staffListOwners = []string{"", "customerId", "translatorId"}

// staffListIndexes serve List, the customers' and translators' own lists (newest first) too.
func staffListIndexes() []mongo.IndexModel {
	var out []mongo.IndexModel
	for _, sort := range []bson.D{
		{{Key: "createdAt", Value: -1}, {Key: "_id", Value: -1}},
		{{Key: "deadline", Value: 1}, {Key: "_id", Value: 1}},
	} {
		for _, owner := range staffListOwners {
			for _, status := range []bool{false, true} {
				keys := bson.D{}
				if owner != "" {
					keys = append(keys, bson.E{Key: owner, Value: 1})
				}
				if status {
					keys = append(keys, bson.E{Key: "status", Value: 1})
				}
				out = append(out, mongo.IndexModel{Keys: append(keys, sort...)})
			}
		}
	}
	// An order number names one order (a status filter rides along); the dashboard counts the
	// escalated orders still waiting.
	return append(out,
		mongo.IndexModel{Keys: bson.D{{Key: "number", Value: 1}, {Key: "status", Value: 1}}},
		mongo.IndexModel{Keys: bson.D{{Key: "status", Value: 1}, {Key: "escalatedAt", Value: 1}, {Key: "_id", Value: 1}}},
	)
}

// anyTime matches every set time: a range rather than $exists, so an index bounds it.
var anyTime = bson.D{{Key: "$gte", Value: time.Time{}}}

// List answers up to f.Limit orders matching f: newest first, or by deadline (the soonest first,
// orders without one left out), after f.After.
func (s *MongoStore) List(ctx context.Context, f ListFilter) ([]*Order, error) {
	base := bson.D{}
	opts := options.Find().SetLimit(int64(f.Limit))
	switch {
	case f.Number != "":
		base = append(base, bson.E{Key: "number", Value: f.Number})
	case f.CustomerID != "":
		base = append(base, bson.E{Key: "customerId", Value: f.CustomerID})
	case f.TranslatorID != "":
		base = append(base, bson.E{Key: "translatorId", Value: f.TranslatorID})
	}
	if f.Status != "" {
		base = append(base, bson.E{Key: "status", Value: f.Status})
	}
	filter := base
	if f.Number == "" {
		key, dir, op := "createdAt", -1, "$lt"
		switch {
		case f.Escalated:
			key, dir, op = "escalatedAt", 1, "$gt"
		case f.ByDeadline:
			key, dir, op = "deadline", 1, "$gt"
		}
		opts.SetSort(bson.D{{Key: key, Value: dir}, {Key: "_id", Value: dir}})
		switch {
		case f.After != nil:
			at := f.After.CreatedAt
			switch {
			case f.Escalated:
				at = *f.After.EscalatedAt
			case f.ByDeadline:
				at = *f.After.Deadline
			}
			past := append(append(bson.D{}, base...), bson.E{Key: key, Value: bson.D{{Key: op, Value: at}}})
			tie := append(append(bson.D{}, base...), bson.E{Key: key, Value: at}, bson.E{Key: "_id", Value: bson.D{{Key: op, Value: f.After.ID}}})
			filter = bson.D{{Key: "$or", Value: bson.A{past, tie}}}
		case f.Escalated || f.ByDeadline:
			filter = append(append(bson.D{}, base...), bson.E{Key: key, Value: anyTime})
		}
	}
	cur, err := s.coll.Find(ctx, filter, opts)
	if err != nil {
		return nil, fmt.Errorf("list orders: %w", err)
	}
	out := []*Order{}
	if err := cur.All(ctx, &out); err != nil {
		return nil, fmt.Errorf("read orders: %w", err)
	}
	return out, nil
}

func (s *MongoStore) Waiting(ctx context.Context) (Waiting, error) {
	var w Waiting
	var err error
	if w.Unassigned, err = s.coll.CountDocuments(ctx, bson.D{{Key: "status", Value: InProgress}}); err != nil {
		return Waiting{}, fmt.Errorf("count unassigned orders: %w", err)
	}
	if w.Escalated, err = s.coll.CountDocuments(ctx, bson.D{{Key: "status", Value: InProgress}, {Key: "escalatedAt", Value: anyTime}}); err != nil {
		return Waiting{}, fmt.Errorf("count escalated orders: %w", err)
	}
	return w, nil
}
