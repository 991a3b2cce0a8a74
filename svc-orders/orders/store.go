package orders

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"linguaport/internal/events"
	"linguaport/internal/mongox"
	"linguaport/svc-orders/files"
	"linguaport/svc-orders/internal/newest"
	"linguaport/svc-orders/pricing"
)

// MongoStore keeps orders in the "orders" collection. It also answers files.Orders: who reaches
// a file through an order. Its translators' desks (desk.go) are in "desks".
type MongoStore struct{ coll, desks *mongo.Collection }

// NewMongoStore opens the orders collection and makes sure the indexes its queries need exist;
// one order per quote is a unique index, so an approval replayed from any path makes one order.
func NewMongoStore(ctx context.Context, db *mongo.Database) (*MongoStore, error) {
	s := &MongoStore{coll: db.Collection("orders"), desks: db.Collection("desks")}
	indexes := append([]mongo.IndexModel{
		mongo.IndexModel{Keys: bson.D{{Key: "quoteId", Value: 1}}, Options: options.Index().SetUnique(true)},
		mongo.IndexModel{Keys: bson.D{{Key: "status", Value: 1}, {Key: "deliveredAt", Value: 1}}},
		mongo.IndexModel{Keys: bson.D{{Key: "customerId", Value: 1}, {Key: "deliveredAt", Value: -1}}},
		// Who reaches a file through an order: its customer (a delivery) or its translator.
		mongo.IndexModel{Keys: bson.D{{Key: "customerId", Value: 1}, {Key: "deliveries._id", Value: 1}}},
		mongo.IndexModel{Keys: bson.D{{Key: "translatorId", Value: 1}, {Key: "files._id", Value: 1}}},
		// The job pool: the orders waiting there by their pool keys, and a translator's desk.
		mongo.IndexModel{Keys: bson.D{{Key: "status", Value: 1}, {Key: "poolKeys", Value: 1}}},
		mongo.IndexModel{Keys: bson.D{{Key: "translatorId", Value: 1}, {Key: "status", Value: 1}}},
		// Escalation: the live jobs of an urgency waiting since their payment, never escalated
		// (sandbox orders are never escalated: sandbox.go).
		mongo.IndexModel{Keys: bson.D{{Key: "status", Value: 1}, {Key: "urgency", Value: 1}, {Key: "escalatedAt", Value: 1}, {Key: "sandbox", Value: 1}, {Key: "paidAt", Value: 1}}},
		// Live revisions past their deadline, never escalated (and the dashboard's count of the escalated).
		mongo.IndexModel{Keys: bson.D{{Key: "status", Value: 1}, {Key: "revisionEscalatedAt", Value: 1}, {Key: "sandbox", Value: 1}, {Key: "revisionDue", Value: 1}}},
		// Revisions whose translator is due a reminder: only rounds still to remind have the time.
		mongo.IndexModel{Keys: bson.D{{Key: "status", Value: 1}, {Key: "revisionRemindAt", Value: 1}}},
		// The dashboard's charts (trends.go): the live orders paid, and those completed, in its
		// weeks, a range on each date.
		mongo.IndexModel{Keys: bson.D{{Key: "sandbox", Value: 1}, {Key: "paidAt", Value: 1}}},
		mongo.IndexModel{Keys: bson.D{{Key: "sandbox", Value: 1}, {Key: "completedAt", Value: 1}}},
		// The sandbox's simulated translator's work, and the live orders by status (sandbox.go).
		sandboxIndex,
		// A translator's KVKK copy (privacy.go): the orders whose timeline names them, given to
		// them by staff or taken from them for a revision (a claim names nobody: translatorId
		// does). Sparse, as most timelines name no translator.
		mongo.IndexModel{Keys: bson.D{{Key: "history.translatorId", Value: 1}}, Options: options.Index().SetSparse(true)},
		mongo.IndexModel{Keys: bson.D{{Key: "history.previousTranslatorId", Value: 1}}, Options: options.Index().SetSparse(true)},
		// A customer's KVKK copy reads their orders a slice at a time (EveryOrderOf).
		mongo.IndexModel{Keys: bson.D{{Key: "customerId", Value: 1}, {Key: mongox.SliceField, Value: 1}}},
		events.OutboxIndex(),
	}, staffListIndexes()...)
	err := mongox.EnsureIndexes(ctx, s.coll, indexes...)
	if err != nil {
		return nil, fmt.Errorf("orders indexes: %w", err)
	}
	return s, nil
}

// Collection is where orders and their outboxes live, for the outbox relay.
func (s *MongoStore) Collection() *mongo.Collection { return s.coll }

func (s *MongoStore) Create(ctx context.Context, o *Order) (*Order, error) {
	o.Sliced = mongox.SliceFor(o.ID)
	_, err := s.coll.InsertOne(ctx, o)
	if err == nil {
		return o, nil
	}
	if !mongox.IsDuplicateKey(err) {
		return nil, fmt.Errorf("insert order: %w", err)
	}
	existing := new(Order)
	if err := s.coll.FindOne(ctx, bson.D{{Key: "quoteId", Value: o.QuoteID}}).Decode(existing); err != nil {
		return nil, fmt.Errorf("load order of quote %s: %w", o.QuoteID, err)
	}
	return existing, nil
}

func (s *MongoStore) Order(ctx context.Context, id string) (*Order, error) {
	o := new(Order)
	if err := s.coll.FindOne(ctx, bson.D{{Key: "_id", Value: id}}).Decode(o); err != nil {
		if errors.Is(err, mongo.ErrNoDocuments) {
			return nil, ErrNotFound
		}
		return nil, fmt.Errorf("load order %s: %w", id, err)
	}
	return o, nil
}

func (s *MongoStore) OrdersOf(ctx context.Context, customerID string, p newest.Page) ([]*Order, string, error) {
	return s.find(ctx, bson.D{{Key: "customerId", Value: customerID}}, p)
}

func (s *MongoStore) AssignedTo(ctx context.Context, translatorID string, p newest.Page) ([]*Order, string, error) {
	return s.find(ctx, bson.D{{Key: "translatorId", Value: translatorID}}, p)
}

func (s *MongoStore) Recent(ctx context.Context, p newest.Page) ([]*Order, string, error) {
	return s.find(ctx, bson.D{}, p)
}

func (s *MongoStore) Update(ctx context.Context, id string, change func(*Order) (*Order, error)) (*Order, error) {
	o, err := mongox.Update(ctx, s.coll, id, change)
	if errors.Is(err, mongox.ErrNotFound) {
		return nil, ErrNotFound
	}
	return o, err
}

// Pool answers at most a page of the orders waiting in the pool under any of keys, in no order:
// an $in over the keys cannot also walk the index in time order, so the caller sorts.
func (s *MongoStore) Pool(ctx context.Context, keys []string) ([]*Order, error) {
	if len(keys) == 0 {
		return nil, nil
	}
	cur, err := s.coll.Find(ctx, bson.D{{Key: "status", Value: InProgress}, {Key: "poolKeys", Value: bson.D{{Key: "$in", Value: keys}}}},
		options.Find().SetLimit(newest.Limit))
	if err != nil {
		return nil, fmt.Errorf("find pool orders: %w", err)
	}
	var found []*Order
	if err := cur.All(ctx, &found); err != nil {
		return nil, fmt.Errorf("read pool orders: %w", err)
	}
	return found, nil
}

// activeStatuses are the states in which an order is on its translator's desk.
var activeStatuses = bson.A{Assigned, RevisionRequested}

func (s *MongoStore) ActiveCount(ctx context.Context, translatorID string) (int, error) {
	n, err := s.coll.CountDocuments(ctx, bson.D{{Key: "translatorId", Value: translatorID}, {Key: "status", Value: bson.D{{Key: "$in", Value: activeStatuses}}}})
	if err != nil {
		return 0, fmt.Errorf("count active orders of %s: %w", translatorID, err)
	}
	return int(n), nil
}

// DeliveredBefore answers the oldest deliveries first, a page at a time: the sweep that completes
// them comes back for the rest.
func (s *MongoStore) DeliveredBefore(ctx context.Context, t time.Time) ([]string, error) {
	cur, err := s.coll.Find(ctx, bson.D{{Key: "status", Value: Delivered}, {Key: "deliveredAt", Value: bson.D{{Key: "$lte", Value: t}}}},
		options.Find().SetSort(bson.D{{Key: "deliveredAt", Value: 1}}).SetLimit(newest.Limit).SetProjection(bson.D{{Key: "_id", Value: 1}}))
	if err != nil {
		return nil, fmt.Errorf("find delivered orders: %w", err)
	}
	return readIDs(ctx, cur)
}

// readIDs reads the _id of every order a cursor answers.
func readIDs(ctx context.Context, cur *mongo.Cursor) ([]string, error) {
	var found []struct {
		ID string `bson:"_id"`
	}
	if err := cur.All(ctx, &found); err != nil {
		return nil, fmt.Errorf("read orders: %w", err)
	}
	ids := make([]string, len(found))
	for i, o := range found {
		ids[i] = o.ID
	}
	return ids, nil
}

// Unescalated answers the live orders (sandbox ones are never escalated), the longest waiting first, a page at a time: the sweep that escalates them
// comes back for the rest. escalatedAt equal to null matches the orders without it, from the
// index ($exists: false would read the documents).
func (s *MongoStore) Unescalated(ctx context.Context, urgency pricing.Urgency, paidBefore time.Time) ([]string, error) {
	cur, err := s.coll.Find(ctx, bson.D{{Key: "status", Value: InProgress}, {Key: "urgency", Value: urgency},
		{Key: "escalatedAt", Value: nil}, live, {Key: "paidAt", Value: bson.D{{Key: "$lte", Value: paidBefore}}}},
		options.Find().SetSort(bson.D{{Key: "paidAt", Value: 1}}).SetLimit(newest.Limit).SetProjection(bson.D{{Key: "_id", Value: 1}}))
	if err != nil {
		return nil, fmt.Errorf("find unescalated orders: %w", err)
	}
	return readIDs(ctx, cur)
}

// RevisionsDue answers the live revisions longest overdue first, a page at a time, as Unescalated.
func (s *MongoStore) RevisionsDue(ctx context.Context, now time.Time) ([]string, error) {
	cur, err := s.coll.Find(ctx, bson.D{{Key: "status", Value: RevisionRequested}, {Key: "revisionEscalatedAt", Value: nil}, live,
		{Key: "revisionDue", Value: bson.D{{Key: "$lte", Value: now}}}},
		options.Find().SetSort(bson.D{{Key: "revisionDue", Value: 1}}).SetLimit(newest.Limit).SetProjection(bson.D{{Key: "_id", Value: 1}}))
	if err != nil {
		return nil, fmt.Errorf("find overdue revisions: %w", err)
	}
	return readIDs(ctx, cur)
}

// RevisionsToRemind answers the revisions whose reminder fell due by now, the earliest first, a
// page at a time, as RevisionsDue. A date range never matches an order without the time.
func (s *MongoStore) RevisionsToRemind(ctx context.Context, now time.Time) ([]string, error) {
	cur, err := s.coll.Find(ctx, bson.D{{Key: "status", Value: RevisionRequested}, {Key: "revisionRemindAt", Value: bson.D{{Key: "$lte", Value: now}}}},
		options.Find().SetSort(bson.D{{Key: "revisionRemindAt", Value: 1}}).SetLimit(newest.Limit).SetProjection(bson.D{{Key: "_id", Value: 1}}))
	if err != nil {
		return nil, fmt.Errorf("find revisions to remind: %w", err)
	}
	return readIDs(ctx, cur)
}

// everDelivered matches an order with a delivery date: a range over every date rather than
// $exists, so the customerId+deliveredAt index bounds it.
var everDelivered = bson.D{{Key: "$gte", Value: time.Time{}}}

// DeliveriesTo answers the files of a customer's most recently delivered orders.
func (s *MongoStore) DeliveriesTo(ctx context.Context, customerID string) ([]files.File, error) {
	cur, err := s.coll.Find(ctx, bson.D{{Key: "customerId", Value: customerID}, {Key: "deliveredAt", Value: everDelivered}},
		options.Find().SetSort(bson.D{{Key: "deliveredAt", Value: -1}}).SetLimit(newest.Limit).SetProjection(bson.D{{Key: "deliveries", Value: 1}}))
	if err != nil {
		return nil, fmt.Errorf("find delivered orders of %s: %w", customerID, err)
	}
	var orders []Order
	if err := cur.All(ctx, &orders); err != nil {
		return nil, fmt.Errorf("read delivered orders of %s: %w", customerID, err)
	}
	var delivered []files.File
	for _, o := range orders {
		delivered = append(delivered, o.Deliveries...)
	}
	return delivered, nil
}

func (s *MongoStore) Reaches(ctx context.Context, userID, fileID string) (bool, error) {
	err := s.coll.FindOne(ctx, bson.D{{Key: "$or", Value: bson.A{
		bson.D{{Key: "customerId", Value: userID}, {Key: "deliveries._id", Value: fileID}},
		bson.D{{Key: "translatorId", Value: userID}, {Key: "files._id", Value: fileID}},
	}}}, options.FindOne().SetProjection(bson.D{{Key: "_id", Value: 1}})).Err()
	switch {
	case errors.Is(err, mongo.ErrNoDocuments):
		return false, nil
	case err != nil:
		return false, fmt.Errorf("orders reaching file %s: %w", fileID, err)
	}
	return true, nil
}

// find is the page p of the orders matching filter, newest first, and the next page's cursor;
// the cursor must match filter too. The staff list's indexes on createdAt and _id, alone and
// after customerId or translatorId (admin_store.go), serve each.
func (s *MongoStore) find(ctx context.Context, filter bson.D, p newest.Page) ([]*Order, string, error) {
	return newest.First(ctx, s.coll, filter, p, func(o *Order) string { return o.ID })
}
