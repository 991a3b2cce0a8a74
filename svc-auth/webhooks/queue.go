package webhooks

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

// The queue ("webhook_queue") is the deliveries not yet done (pending or held), one small entry
// each, apart from the 14-day log ("webhook_deliveries") the panel reads. Every question the
// dispatcher asks (what is due for an endpoint, what is before a delivery in its lane) is asked
// of the queue, whose size is the work left, not the log's. On MongoDB the log's indexes would
// serve the same questions; on FerretDB 1.24, which pushes an equality down as jsonb containment
// that its btree indexes cannot answer, every such query reads its whole collection, and run 4
// of bench/webhooks showed the dispatcher slowing as the log grew to 120,000 deliveries.
//
// Without transactions the two are written one after the other, and each reading repairs what
// a crash between two writes left: the queue says when (and whether, pending or held) a
// delivery is tried; the log says whether it is done. A queued delivery whose log entry is done
// (delivered or failed), or missing, is dropped from the queue once it has been queued for
// queueSettle, so a write still under way (a replay, an insert) is not mistaken for debris.

// queueSettle is how long a queue entry may wait for its log entry to agree with it.
const queueSettle = time.Minute

// queueEntry is one delivery not yet done.
type queueEntry struct {
	ID         string    `bson:"_id"`
	EndpointID string    `bson:"endpointId"`
	OwnerID    string    `bson:"ownerId"`
	Lane       string    `bson:"lane"`
	Seq        int64     `bson:"seq"`
	State      string    `bson:"state"` // Pending or Held
	NextAt     time.Time `bson:"nextAt"`
	Waited     bool      `bson:"waited,omitempty"`
	QueuedAt   time.Time `bson:"queuedAt"`
}

func entryOf(d DeliveryDoc, now time.Time) queueEntry {
	return queueEntry{ID: d.ID, EndpointID: d.EndpointID, OwnerID: d.OwnerID, Lane: d.Lane, Seq: d.Seq, State: d.State,
		NextAt: d.NextAt, Waited: d.Waited, QueuedAt: now.Truncate(time.Millisecond)}
}

// doc is the entry as the dispatcher reads a delivery's place: its id, endpoint, lane and when.
func (e queueEntry) doc() DeliveryDoc {
	return DeliveryDoc{ID: e.ID, EndpointID: e.EndpointID, OwnerID: e.OwnerID, Lane: e.Lane, Seq: e.Seq, State: e.State,
		NextAt: e.NextAt, Waited: e.Waited}
}

// queueIndexes serve every query the queue is asked.
func queueIndexes() []mongo.IndexModel {
	return []mongo.IndexModel{
		// An endpoint's due deliveries, soonest first, and its held ones.
		{Keys: bson.D{{Key: "endpointId", Value: 1}, {Key: "state", Value: 1}, {Key: "nextAt", Value: 1}}},
		// A lane's deliveries in the order of their events.
		{Keys: bson.D{{Key: "lane", Value: 1}, {Key: "state", Value: 1}, {Key: "seq", Value: 1}}},
		// An owner's, for an erasure.
		{Keys: bson.D{{Key: "ownerId", Value: 1}}},
	}
}

// enqueue adds entries; one queued already (a redelivered event) is left as it is.
func (s *Store) enqueue(ctx context.Context, entries []queueEntry) error {
	docs := make([]any, len(entries))
	for i, e := range entries {
		docs[i] = e
	}
	return ignoreDuplicates(s.queue.InsertMany(ctx, docs, options.InsertMany().SetOrdered(false)))
}

// ignoreDuplicates is an unordered InsertMany's error, without the documents that existed.
func ignoreDuplicates(_ *mongo.InsertManyResult, err error) error {
	var bulk mongo.BulkWriteException
	if errors.As(err, &bulk) && bulk.WriteConcernError == nil && len(bulk.WriteErrors) > 0 {
		for _, we := range bulk.WriteErrors {
			if !mongo.IsDuplicateKeyError(we) {
				return err
			}
		}
		return nil
	}
	return err
}

// dequeue drops a delivery that is done.
func (s *Store) dequeue(ctx context.Context, id string) error {
	if _, err := s.queue.DeleteOne(ctx, bson.D{{Key: "_id", Value: id}}); err != nil {
		return fmt.Errorf("dequeue delivery %s: %w", id, err)
	}
	return nil
}

// setQueued changes a queued delivery's fields (filter adds conditions to its id); it says
// whether the entry matched.
func (s *Store) setQueued(ctx context.Context, id string, filter, set bson.D) (bool, error) {
	res, err := s.queue.UpdateOne(ctx, append(bson.D{{Key: "_id", Value: id}}, filter...), bson.D{{Key: "$set", Value: set}})
	if err != nil {
		return false, fmt.Errorf("queued delivery %s: %w", id, err)
	}
	return res.MatchedCount == 1, nil
}

// queued lists the entries filter finds, in sort's order, at most limit (0: all).
func (s *Store) queued(ctx context.Context, filter, sort bson.D, limit int) ([]queueEntry, error) {
	opts := options.Find().SetSort(sort)
	if limit > 0 {
		opts.SetLimit(int64(limit))
	}
	cur, err := s.queue.Find(ctx, filter, opts)
	if err != nil {
		return nil, fmt.Errorf("queued deliveries: %w", err)
	}
	out := []queueEntry{}
	if err := cur.All(ctx, &out); err != nil {
		return nil, fmt.Errorf("queued deliveries: %w", err)
	}
	return out, nil
}

// firstQueued is the first entry filter finds in sort's order.
func (s *Store) firstQueued(ctx context.Context, filter, sort bson.D) (queueEntry, bool, error) {
	var e queueEntry
	err := s.queue.FindOne(ctx, filter, options.FindOne().SetSort(sort)).Decode(&e)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return queueEntry{}, false, nil
	}
	if err != nil {
		return queueEntry{}, false, fmt.Errorf("queued delivery: %w", err)
	}
	return e, true, nil
}

// logged reads a queued delivery's log entry, repairing what a crash left between the two: a
// delivery done in the log, or gone from it, leaves the queue once settled; one the queue made
// pending again (release) while the log still holds it is made pending in the log. ok is false
// when the delivery is not to be sent now.
func (s *Store) logged(ctx context.Context, e queueEntry, now time.Time) (DeliveryDoc, bool, error) {
	d, err := s.Delivery(ctx, e.ID)
	settled := now.Sub(e.QueuedAt) >= queueSettle
	switch {
	case errors.Is(err, ErrNoDelivery):
		if settled {
			return DeliveryDoc{}, false, s.dequeue(ctx, e.ID)
		}
		return DeliveryDoc{}, false, nil
	case err != nil:
		return DeliveryDoc{}, false, err
	case d.State == Delivered || d.State == Failed:
		if settled {
			return DeliveryDoc{}, false, s.dequeue(ctx, e.ID)
		}
		return DeliveryDoc{}, false, nil
	case d.State == Held:
		if _, err := s.deliveries.UpdateOne(ctx, bson.D{{Key: "_id", Value: e.ID}, {Key: "state", Value: Held}},
			bson.D{{Key: "$set", Value: bson.D{{Key: "state", Value: Pending}, {Key: "tries", Value: 0}, {Key: "nextAt", Value: e.NextAt}}}}); err != nil {
			return DeliveryDoc{}, false, fmt.Errorf("release delivery %s: %w", e.ID, err)
		}
		d.State, d.Tries = Pending, 0
	}
	// The queue says when: a postponement or a hurry may not have reached the log.
	d.NextAt, d.Waited = e.NextAt, e.Waited || d.Waited
	return d, true, nil
}
