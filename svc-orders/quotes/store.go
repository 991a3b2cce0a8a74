package quotes

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"linguaport/internal/events"
	"linguaport/internal/mailbox"
	"linguaport/internal/mongox"
	"linguaport/svc-orders/internal/newest"
)

// MongoStore keeps quotes in the "quotes" collection.
type MongoStore struct{ coll *mongo.Collection }

// NewMongoStore opens the quotes collection and makes sure its indexes exist.
func NewMongoStore(ctx context.Context, db *mongo.Database) (*MongoStore, error) {
	s := &MongoStore{coll: db.Collection("quotes")}
	err := mongox.EnsureIndexes(ctx, s.coll,
		// The customers' own lists and staff's (each filter with the cursor's tie-break on _id).
		mongo.IndexModel{Keys: bson.D{{Key: "createdAt", Value: -1}, {Key: "_id", Value: -1}}},
		mongo.IndexModel{Keys: bson.D{{Key: "status", Value: 1}, {Key: "createdAt", Value: -1}, {Key: "_id", Value: -1}}},
		mongo.IndexModel{Keys: bson.D{{Key: "customerId", Value: 1}, {Key: "createdAt", Value: -1}, {Key: "_id", Value: -1}}},
		mongo.IndexModel{Keys: bson.D{{Key: "customerId", Value: 1}, {Key: "status", Value: 1}, {Key: "createdAt", Value: -1}, {Key: "_id", Value: -1}}},
		// A customer's KVKK copy reads their quotes a slice at a time (EveryQuoteOf).
		mongo.IndexModel{Keys: bson.D{{Key: "customerId", Value: 1}, {Key: mongox.SliceField, Value: 1}}},
		mongo.IndexModel{Keys: bson.D{{Key: "number", Value: 1}, {Key: "status", Value: 1}}},
		// Expiry, and the pending ones counted for the dashboard.
		mongo.IndexModel{Keys: bson.D{{Key: "status", Value: 1}, {Key: "expiresAt", Value: 1}}},
		events.OutboxIndex(), mailbox.Index(),
	)
	if err != nil {
		return nil, fmt.Errorf("quotes indexes: %w", err)
	}
	return s, nil
}

// Collection is where quotes and their outboxes live, for the outbox relay.
func (s *MongoStore) Collection() *mongo.Collection { return s.coll }

func (s *MongoStore) Insert(ctx context.Context, q *Quote) error {
	q.Sliced = mongox.SliceFor(q.ID)
	if _, err := s.coll.InsertOne(ctx, q); err != nil {
		return fmt.Errorf("insert quote: %w", err)
	}
	return nil
}

func (s *MongoStore) Quote(ctx context.Context, id string) (*Quote, error) {
	q := new(Quote)
	if err := s.coll.FindOne(ctx, bson.D{{Key: "_id", Value: id}}).Decode(q); err != nil {
		if errors.Is(err, mongo.ErrNoDocuments) {
			return nil, ErrNotFound
		}
		return nil, fmt.Errorf("load quote %s: %w", id, err)
	}
	return q, nil
}

// QuotesOf is served by the customerId, createdAt, _id index, as staff's list of a customer's.
func (s *MongoStore) QuotesOf(ctx context.Context, customerID string, p newest.Page) ([]*Quote, string, error) {
	return newest.First(ctx, s.coll, bson.D{{Key: "customerId", Value: customerID}}, p, func(q *Quote) string { return q.ID })
}

func (s *MongoStore) Update(ctx context.Context, id string, change func(*Quote) (*Quote, error)) (*Quote, error) {
	q, err := mongox.Update(ctx, s.coll, id, change)
	if errors.Is(err, mongox.ErrNotFound) {
		return nil, ErrNotFound
	}
	return q, err
}

// ExpireOverdue changes each quote in its own conditional write, so a quote approved meanwhile
// stays approved.
func (s *MongoStore) ExpireOverdue(ctx context.Context, now time.Time) (int64, error) {
	res, err := s.coll.UpdateMany(ctx,
		bson.D{{Key: "status", Value: QuotePending}, {Key: "expiresAt", Value: bson.D{{Key: "$lte", Value: now}}}},
		bson.D{{Key: "$set", Value: bson.D{{Key: "status", Value: QuoteExpired}}}, {Key: "$inc", Value: bson.D{{Key: "version", Value: 1}}}})
	if err != nil {
		return 0, fmt.Errorf("expire quotes: %w", err)
	}
	return res.ModifiedCount, nil
}

// List answers up to f.Limit quotes matching f, newest (or oldest) first, after f.After; a
// number is a point lookup.
func (s *MongoStore) List(ctx context.Context, f ListFilter) ([]*Quote, error) {
	base := bson.D{}
	switch {
	case f.Number != "":
		base = append(base, bson.E{Key: "number", Value: f.Number})
	case f.CustomerID != "":
		base = append(base, bson.E{Key: "customerId", Value: f.CustomerID})
	}
	if f.Status != "" {
		base = append(base, bson.E{Key: "status", Value: f.Status})
	}
	filter, opts := base, options.Find().SetLimit(int64(f.Limit))
	if f.Number == "" {
		page := mongox.Keyset{Key: "createdAt", Ascending: f.Oldest, Limit: int64(f.Limit)}
		if f.After != nil {
			page.After, page.AfterID = f.After.CreatedAt, f.After.ID
		}
		filter, opts = page.Filter(base), page.Options()
	}
	cur, err := s.coll.Find(ctx, filter, opts)
	if err != nil {
		return nil, fmt.Errorf("list quotes: %w", err)
	}
	out := []*Quote{}
	if err := cur.All(ctx, &out); err != nil {
		return nil, fmt.Errorf("read quotes: %w", err)
	}
	return out, nil
}

func (s *MongoStore) PendingCount(ctx context.Context, now time.Time) (int64, error) {
	n, err := s.coll.CountDocuments(ctx, bson.D{{Key: "status", Value: QuotePending}, {Key: "expiresAt", Value: bson.D{{Key: "$gt", Value: now}}}})
	if err != nil {
		return 0, fmt.Errorf("count pending quotes: %w", err)
	}
	return n, nil
}

// Counters hand out numbers from the "counters" collection, one document per prefix and year.
type Counters struct{ coll *mongo.Collection }

// NewCounters opens the counters collection.
func NewCounters(db *mongo.Database) *Counters { return &Counters{coll: db.Collection("counters")} }

func (c *Counters) Next(ctx context.Context, prefix string, year int) (string, error) {
	var d struct {
		Seq int64 `bson:"seq"`
	}
	err := c.coll.FindOneAndUpdate(ctx, bson.D{{Key: "_id", Value: fmt.Sprintf("%s-%d", prefix, year)}},
		bson.D{{Key: "$inc", Value: bson.D{{Key: "seq", Value: 1}}}},
		options.FindOneAndUpdate().SetUpsert(true).SetReturnDocument(options.After)).Decode(&d)
	if err != nil {
		return "", fmt.Errorf("next %s number: %w", prefix, err)
	}
	return fmt.Sprintf("%s-%d-%05d", prefix, year, d.Seq), nil
}
