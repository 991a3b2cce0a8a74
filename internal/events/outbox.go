package events

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

// OutboxField is the name of the array of pending events inside a producer's documents.
const OutboxField = "outbox"

// Outbox is embedded, inline, in a producer's documents.
type Outbox struct {
	Pending []Event `bson:"outbox,omitempty" json:"-"`
}

// Add queues e to be published once the document is written.
func (o *Outbox) Add(e Event) { o.Pending = append(o.Pending, e) }

// PushUpdate is the update fragment that appends events to a document's outbox in the same write
// as the domain change: merge it into a $push of an UpdateOne/FindOneAndUpdate.
func PushUpdate(evs ...Event) bson.E {
	return bson.E{Key: OutboxField, Value: bson.D{{Key: "$each", Value: evs}}}
}

// Relay publishes the outboxes of one collection to one stream.
type Relay struct {
	coll     *mongo.Collection
	stream   string
	pub      *Publisher
	log      *slog.Logger
	interval time.Duration
	kick     chan struct{}
}

// NewRelay relays coll's outboxes to stream, looking every interval and whenever Kick is called.
func NewRelay(coll *mongo.Collection, stream string, pub *Publisher, log *slog.Logger, interval time.Duration) *Relay {
	if log == nil {
		log = slog.Default()
	}
	return &Relay{coll: coll, stream: stream, pub: pub, log: log, interval: interval, kick: make(chan struct{}, 1)}
}

// Kick asks the relay to look now; producers call it after a write that queued events.
func (r *Relay) Kick() {
	select {
	case r.kick <- struct{}{}:
	default:
	}
}

// Run relays until ctx ends.
func (r *Relay) Run(ctx context.Context) {
	t := time.NewTicker(r.interval)
	defer t.Stop()
	for {
		if _, err := r.RelayOnce(ctx); err != nil && ctx.Err() == nil {
			r.log.WarnContext(ctx, "outbox relay", "stream", r.stream, "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-r.kick:
		}
	}
}

// RelayOnce publishes every pending event it finds and returns how many it published.
//
// Events leave a document's outbox oldest first, and each is removed only if it is still at the
// head of the outbox ("$pop" guarded by its id), so a concurrent producer appending to the same
// document or a second relay instance never makes an event disappear unpublished. A crash
// between publishing and removing publishes the event again, which consumers absorb.
func (r *Relay) RelayOnce(ctx context.Context) (int, error) {
	cur, err := r.coll.Find(ctx, bson.D{{Key: OutboxField + ".0", Value: bson.D{{Key: "$exists", Value: true}}}},
		options.Find().SetProjection(bson.D{{Key: OutboxField, Value: 1}}).SetLimit(500))
	if err != nil {
		return 0, fmt.Errorf("find outboxes: %w", err)
	}
	var docs []struct {
		ID     any     `bson:"_id"`
		Outbox []Event `bson:"outbox"`
	}
	if err := cur.All(ctx, &docs); err != nil {
		return 0, fmt.Errorf("read outboxes: %w", err)
	}
	published := 0
	var errs []error
	for _, d := range docs {
		for _, e := range d.Outbox {
			if err := r.pub.Publish(ctx, r.stream, e); err != nil {
				errs = append(errs, err)
				break
			}
			published++
			res, err := r.coll.UpdateOne(ctx,
				bson.D{{Key: "_id", Value: d.ID}, {Key: OutboxField + ".0.id", Value: e.ID}},
				bson.D{{Key: "$pop", Value: bson.D{{Key: OutboxField, Value: -1}}}})
			if err != nil {
				errs = append(errs, fmt.Errorf("remove published event %s: %w", e.ID, err))
				break
			}
			if res.ModifiedCount == 0 {
				// Another relay got here first; its view of this outbox is the fresher one.
				break
			}
		}
	}
	return published, errors.Join(errs...)
}
