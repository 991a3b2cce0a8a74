package orders

import (
	"context"
	"fmt"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"linguaport/internal/mongox"
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

// List answers up to f.Limit orders matching f in its order (newest or oldest first, by deadline
// or escalation, the soonest first, orders without one left out), after f.After.
func (s *MongoStore) List(ctx context.Context, f ListFilter) ([]*Order, error) {
	base := bson.D{}
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
	filter, opts := base, options.Find().SetLimit(int64(f.Limit))
	if f.Number == "" {
		page := mongox.Keyset{Key: "createdAt", Ascending: f.Oldest, Limit: int64(f.Limit)}
		timed := f.Escalated || f.ByDeadline
		switch {
		case f.Escalated:
			page.Key, page.Ascending = "escalatedAt", true
		case f.ByDeadline:
			page.Key, page.Ascending = "deadline", true
		}
		if f.After != nil {
			page.After, page.AfterID = f.After.CreatedAt, f.After.ID
			switch {
			case f.Escalated:
				page.After = *f.After.EscalatedAt
			case f.ByDeadline:
				page.After = *f.After.Deadline
			}
		} else if timed {
			base = append(base, bson.E{Key: page.Key, Value: anyTime})
		}
		filter, opts = page.Filter(base), page.Options()
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
	// Sandbox orders wait for no one (sandbox.go): the count is of live ones, on sandboxIndex.
	if w.Unassigned, err = s.coll.CountDocuments(ctx, bson.D{live, {Key: "status", Value: InProgress}}); err != nil {
		return Waiting{}, fmt.Errorf("count unassigned orders: %w", err)
	}
	if w.Escalated, err = s.coll.CountDocuments(ctx, bson.D{{Key: "status", Value: InProgress}, {Key: "escalatedAt", Value: anyTime}}); err != nil {
		return Waiting{}, fmt.Errorf("count escalated orders: %w", err)
	}
	if w.RevisionsEscalated, err = s.coll.CountDocuments(ctx, bson.D{{Key: "status", Value: RevisionRequested}, {Key: "revisionEscalatedAt", Value: anyTime}}); err != nil {
		return Waiting{}, fmt.Errorf("count escalated revisions: %w", err)
	}
	return w, nil
}
