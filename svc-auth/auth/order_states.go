package auth

import (
	"context"
	"fmt"
	"slices"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"linguaport/internal/mongox"
)

// What svc-auth knows of a customer's orders: each order's latest status, as svc-orders'
// order.status_changed announces it (collection "order_states", one document per order). It is
// there for one question, asked when an erasure is requested: does the person have work in
// progress? An order paid and not yet completed (in_progress, assigned, delivered,
// revision_requested) is the agency's contract with them in performance (KVKK art. 5/2-c): its
// documents are what the translator works from and the customer may still ask for a revision,
// so the erasure waits until it is completed or cancelled (ErrPrivacyOrdersOpen). An order
// awaiting payment is not work in progress: it is kept as the commercial record it is, and a
// closed account pays nothing more.
//
// Events may arrive late or twice (a retried handler, a redelivery): a status is stored only over
// an older one ("at", svc-orders' time of the change), so the latest change wins whatever the
// order of arrival.

// openOrderStatuses are the statuses of work in progress.
var openOrderStatuses = []string{"in_progress", "assigned", "delivered", "revision_requested"}

type orderStateDoc struct {
	OrderID    string    `bson:"_id"`
	CustomerID string    `bson:"customerId"`
	Number     string    `bson:"number"`
	Status     string    `bson:"status"`
	At         time.Time `bson:"at"`
}

func (s *MongoStore) openOrderStates(ctx context.Context, db *mongo.Database) error {
	s.orderStates = db.Collection("order_states")
	if err := mongox.EnsureIndexes(ctx, s.orderStates, mongo.IndexModel{Keys: bson.D{{Key: "customerId", Value: 1}}}); err != nil {
		return fmt.Errorf("order_states indexes: %w", err)
	}
	return nil
}

// RecordOrderState stores an order's status unless the one stored is as new or newer, in one
// conditional write: the replace matches only an older change, and the upsert of an order stored
// with a newer one collides with its _id.
func (s *MongoStore) RecordOrderState(ctx context.Context, st orderStateDoc) error {
	_, err := s.orderStates.ReplaceOne(ctx, bson.D{{Key: "_id", Value: st.OrderID}, {Key: "at", Value: bson.D{{Key: "$lt", Value: st.At}}}}, st,
		options.Replace().SetUpsert(true))
	if err != nil && !mongox.IsDuplicateKey(err) {
		return fmt.Errorf("order state %s: %w", st.OrderID, err)
	}
	return nil
}

// OpenOrdersOf answers the numbers of the customer's orders in progress, found on the customerId
// index (their own orders only: the read is bounded by the person's history).
func (s *MongoStore) OpenOrdersOf(ctx context.Context, customerID string) ([]string, error) {
	cur, err := s.orderStates.Find(ctx, bson.D{{Key: "customerId", Value: customerID}},
		options.Find().SetProjection(bson.D{{Key: "number", Value: 1}, {Key: "status", Value: 1}}))
	if err != nil {
		return nil, fmt.Errorf("orders of %s: %w", customerID, err)
	}
	var docs []orderStateDoc
	if err := cur.All(ctx, &docs); err != nil {
		return nil, fmt.Errorf("orders of %s: %w", customerID, err)
	}
	var open []string
	for _, d := range docs {
		if slices.Contains(openOrderStatuses, d.Status) {
			open = append(open, d.Number)
		}
	}
	slices.Sort(open)
	return open, nil
}

// DeleteOrderStatesOf deletes what svc-auth knows of the customer's orders, and answers how many.
func (s *MongoStore) DeleteOrderStatesOf(ctx context.Context, customerID string) (int, error) {
	res, err := s.orderStates.DeleteMany(ctx, bson.D{{Key: "customerId", Value: customerID}})
	if err != nil {
		return 0, fmt.Errorf("delete order states of %s: %w", customerID, err)
	}
	return int(res.DeletedCount), nil
}
