package payments

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"linguaport/internal/mongox"
)

// WebhookLog remembers the webhook events already processed, so that each event id changes
// things once however often the provider delivers it.
//
// The order is: Seen; if not seen, process the event idempotently; then Done. Marking an event
// before processing it would lose it for good if the process died in between (the provider's
// redelivery would be skipped as seen); marking after means a crash in between processes it
// again on redelivery, which the idempotent processing (conditional writes, unique ledger keys)
// turns into a no-op. Two deliveries racing past Seen are harmless for the same reason.
type WebhookLog interface {
	// Seen reports whether the event id was processed.
	Seen(ctx context.Context, id string) (bool, error)
	// Done records the event id as processed; recording it again changes nothing.
	Done(ctx context.Context, id, typ string) error
}

// MongoWebhookLog keeps one document per processed event in "webhook_events", its _id the
// event id.
type MongoWebhookLog struct {
	events *mongo.Collection
	now    func() time.Time
}

var _ WebhookLog = (*MongoWebhookLog)(nil)

// NewMongoWebhookLog uses db's "webhook_events"; _id is its only key, so it needs no index.
func NewMongoWebhookLog(_ context.Context, db *mongo.Database) (*MongoWebhookLog, error) {
	return &MongoWebhookLog{events: db.Collection("webhook_events"), now: time.Now}, nil
}

// Collection is the log's collection (tests look inside).
func (l *MongoWebhookLog) Collection() *mongo.Collection { return l.events }

func (l *MongoWebhookLog) Seen(ctx context.Context, id string) (bool, error) {
	err := l.events.FindOne(ctx, bson.D{{Key: "_id", Value: id}}, options.FindOne().SetProjection(bson.D{{Key: "_id", Value: 1}})).Err()
	switch {
	case errors.Is(err, mongo.ErrNoDocuments):
		return false, nil
	case err != nil:
		return false, fmt.Errorf("find webhook event %s: %w", id, err)
	}
	return true, nil
}

func (l *MongoWebhookLog) Done(ctx context.Context, id, typ string) error {
	// $setOnInsert keeps the first processedAt: a second Done is a no-op, not a rewrite.
	_, err := l.events.UpdateOne(ctx, bson.D{{Key: "_id", Value: id}},
		bson.D{{Key: "$setOnInsert", Value: bson.D{{Key: "type", Value: typ}, {Key: "processedAt", Value: l.now().UTC()}}}},
		options.UpdateOne().SetUpsert(true))
	if mongox.IsDuplicateKey(err) {
		// Two upserts of the same id raced; the other inserted it, which is all Done asks.
		return nil
	}
	if err != nil {
		return fmt.Errorf("record webhook event %s: %w", id, err)
	}
	return nil
}
