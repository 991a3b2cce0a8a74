package webhooks

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"linguaport/internal/mailbox"
	"linguaport/internal/mongox"
)

// Store keeps the endpoints ("webhook_endpoints") and their deliveries ("webhook_deliveries").
// Every query it sends is served by one of the indexes NewStore makes.
type Store struct {
	endpoints  *mongo.Collection
	deliveries *mongo.Collection
}

// NewStore opens the collections and makes sure of their indexes.
func NewStore(ctx context.Context, db *mongo.Database) (*Store, error) {
	s := &Store{endpoints: db.Collection("webhook_endpoints"), deliveries: db.Collection("webhook_deliveries")}
	err := mongox.EnsureIndexes(ctx, s.endpoints,
		// An owner's endpoints: the panel, and the ones an event goes to.
		mongo.IndexModel{Keys: bson.D{{Key: "ownerId", Value: 1}, {Key: "createdAt", Value: 1}}},
		// The endpoints with deliveries due: the dispatcher's sweep.
		mongo.IndexModel{Keys: bson.D{{Key: "dueAt", Value: 1}}},
		mailbox.Index())
	if err != nil {
		return nil, fmt.Errorf("webhook_endpoints indexes: %w", err)
	}
	err = mongox.EnsureIndexes(ctx, s.deliveries,
		// An endpoint's pending deliveries, soonest first (the dispatcher), and its held ones; named
		// by keys only work not done carries (DeliveryDoc.PendingFor).
		mongo.IndexModel{Keys: bson.D{{Key: "pendingFor", Value: 1}, {Key: "nextAt", Value: 1}}},
		mongo.IndexModel{Keys: bson.D{{Key: "heldFor", Value: 1}}},
		// The deliveries of one lane in the order of their events: what is before one.
		mongo.IndexModel{Keys: bson.D{{Key: "lane", Value: 1}, {Key: "state", Value: 1}, {Key: "seq", Value: 1}}},
		// An endpoint's log, newest first.
		mongo.IndexModel{Keys: bson.D{{Key: "endpointId", Value: 1}, {Key: "createdAt", Value: -1}, {Key: "_id", Value: -1}}},
		// What is past LogFor, deleted by the sweep.
		mongo.IndexModel{Keys: bson.D{{Key: "createdAt", Value: 1}}},
		// An owner's deliveries, for an erasure.
		mongo.IndexModel{Keys: bson.D{{Key: "ownerId", Value: 1}}})
	if err != nil {
		return nil, fmt.Errorf("webhook_deliveries indexes: %w", err)
	}
	return s, nil
}

// Endpoints is the endpoints' collection, whose mailboxes the mail relay sends.
func (s *Store) Endpoints() *mongo.Collection { return s.endpoints }

func (s *Store) insertEndpoint(ctx context.Context, d EndpointDoc) error {
	if _, err := s.endpoints.InsertOne(ctx, d); err != nil {
		return fmt.Errorf("insert endpoint %s: %w", d.ID, err)
	}
	return nil
}

// Endpoint reads one endpoint.
func (s *Store) Endpoint(ctx context.Context, id string) (EndpointDoc, error) {
	var d EndpointDoc
	err := s.endpoints.FindOne(ctx, bson.D{{Key: "_id", Value: id}}).Decode(&d)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return EndpointDoc{}, ErrNotFound
	}
	if err != nil {
		return EndpointDoc{}, fmt.Errorf("read endpoint %s: %w", id, err)
	}
	return d, nil
}

// OwnedBy lists an owner's endpoints, oldest first: at most MaxEndpoints of them exist.
func (s *Store) OwnedBy(ctx context.Context, owner string) ([]EndpointDoc, error) {
	cur, err := s.endpoints.Find(ctx, bson.D{{Key: "ownerId", Value: owner}},
		options.Find().SetSort(bson.D{{Key: "createdAt", Value: 1}}))
	if err != nil {
		return nil, fmt.Errorf("endpoints of %s: %w", owner, err)
	}
	out := []EndpointDoc{}
	if err := cur.All(ctx, &out); err != nil {
		return nil, fmt.Errorf("endpoints of %s: %w", owner, err)
	}
	return out, nil
}

// updateEndpoint changes one endpoint with fn, as one conditional write (mongox.Update).
func (s *Store) updateEndpoint(ctx context.Context, id string, fn func(*EndpointDoc) (*EndpointDoc, error)) (EndpointDoc, error) {
	d, err := mongox.Update(ctx, s.endpoints, id, fn)
	if errors.Is(err, mongox.ErrNotFound) {
		return EndpointDoc{}, ErrNotFound
	}
	if err != nil {
		return EndpointDoc{}, err
	}
	return *d, nil
}

func (s *Store) deleteEndpoint(ctx context.Context, id string) error {
	if _, err := s.endpoints.DeleteOne(ctx, bson.D{{Key: "_id", Value: id}}); err != nil {
		return fmt.Errorf("delete endpoint %s: %w", id, err)
	}
	// Its log goes with it: nothing could show it any more.
	if _, err := s.deliveries.DeleteMany(ctx, bson.D{{Key: "endpointId", Value: id}}); err != nil {
		return fmt.Errorf("drop deliveries of %s: %w", id, err)
	}
	return nil
}

// due marks the endpoint as having a delivery due at at, unless one is due sooner: one write
// that matches nothing when the endpoint is due already, so a busy endpoint is not rewritten per
// event.
func (s *Store) due(ctx context.Context, endpointID string, at time.Time) error {
	at = at.Truncate(time.Millisecond)
	_, err := s.endpoints.UpdateOne(ctx, bson.D{{Key: "_id", Value: endpointID}, {Key: "disabledAt", Value: nil}, {Key: "$or", Value: bson.A{
		bson.D{{Key: "dueAt", Value: nil}}, bson.D{{Key: "dueAt", Value: bson.D{{Key: "$gt", Value: at}}}},
	}}}, bson.D{{Key: "$set", Value: bson.D{{Key: "dueAt", Value: at}}}})
	if err != nil {
		return fmt.Errorf("endpoint %s due: %w", endpointID, err)
	}
	return nil
}

// dueAll is due for several endpoints in one write.
func (s *Store) dueAll(ctx context.Context, endpointIDs []string, at time.Time) error {
	if len(endpointIDs) == 0 {
		return nil
	}
	at = at.Truncate(time.Millisecond)
	_, err := s.endpoints.UpdateMany(ctx, bson.D{{Key: "_id", Value: bson.D{{Key: "$in", Value: endpointIDs}}}, {Key: "disabledAt", Value: nil}, {Key: "$or", Value: bson.A{
		bson.D{{Key: "dueAt", Value: nil}}, bson.D{{Key: "dueAt", Value: bson.D{{Key: "$gt", Value: at}}}},
	}}}, bson.D{{Key: "$set", Value: bson.D{{Key: "dueAt", Value: at}}}})
	if err != nil {
		return fmt.Errorf("endpoints due: %w", err)
	}
	return nil
}

// rest sets when the endpoint is next due (nil: nothing pending) and ends by's lease, after its
// worker found nothing due now.
func (s *Store) rest(ctx context.Context, endpointID, by string, next *time.Time) error {
	unset := bson.D{{Key: "leaseUntil", Value: ""}, {Key: "leaseBy", Value: ""}}
	var set bson.D
	if next != nil {
		set = bson.D{{Key: "dueAt", Value: next.Truncate(time.Millisecond)}}
	} else {
		unset = append(unset, bson.E{Key: "dueAt", Value: ""})
	}
	update := bson.D{{Key: "$unset", Value: unset}}
	if set != nil {
		update = append(update, bson.E{Key: "$set", Value: set})
	}
	if _, err := s.endpoints.UpdateOne(ctx, bson.D{{Key: "_id", Value: endpointID}, {Key: "leaseBy", Value: by}}, update); err != nil {
		return fmt.Errorf("endpoint %s rest: %w", endpointID, err)
	}
	return nil
}

// dueEndpoints lists the ids of endpoints with a delivery due by now whose deliveries no worker
// holds: a worker lingering for more (Linger) keeps its endpoint's lease while events mark it
// due, and it finds their deliveries itself; starting another worker for it would only write a
// lease that fails, every sweep.
func (s *Store) dueEndpoints(ctx context.Context, now time.Time, limit int) ([]string, error) {
	cur, err := s.endpoints.Find(ctx, bson.D{{Key: "dueAt", Value: bson.D{{Key: "$lte", Value: now}}}},
		options.Find().SetSort(bson.D{{Key: "dueAt", Value: 1}}).SetLimit(int64(limit)).
			SetProjection(bson.D{{Key: "_id", Value: 1}, {Key: "leaseUntil", Value: 1}}))
	if err != nil {
		return nil, fmt.Errorf("due endpoints: %w", err)
	}
	var docs []struct {
		ID         string     `bson:"_id"`
		LeaseUntil *time.Time `bson:"leaseUntil"`
	}
	if err := cur.All(ctx, &docs); err != nil {
		return nil, fmt.Errorf("due endpoints: %w", err)
	}
	ids := make([]string, 0, len(docs))
	for _, d := range docs {
		if d.LeaseUntil == nil || !d.LeaseUntil.After(now) {
			ids = append(ids, d.ID)
		}
	}
	return ids, nil
}

// insertDeliveries stores new deliveries in one write; one that exists (a redelivered event) is
// left as it is.
func (s *Store) insertDeliveries(ctx context.Context, ds []DeliveryDoc) error {
	docs := make([]any, len(ds))
	for i, d := range ds {
		docs[i] = d
	}
	_, err := s.deliveries.InsertMany(ctx, docs, options.InsertMany().SetOrdered(false))
	var bulk mongo.BulkWriteException
	if errors.As(err, &bulk) && bulk.WriteConcernError == nil && len(bulk.WriteErrors) > 0 {
		for _, we := range bulk.WriteErrors {
			if !mongo.IsDuplicateKeyError(we) {
				return fmt.Errorf("insert deliveries: %w", err)
			}
		}
		return nil
	}
	if err != nil {
		return fmt.Errorf("insert deliveries: %w", err)
	}
	return nil
}

// Delivery reads one delivery.
func (s *Store) Delivery(ctx context.Context, id string) (DeliveryDoc, error) {
	var d DeliveryDoc
	err := s.deliveries.FindOne(ctx, bson.D{{Key: "_id", Value: id}}).Decode(&d)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return DeliveryDoc{}, ErrNoDelivery
	}
	if err != nil {
		return DeliveryDoc{}, fmt.Errorf("read delivery %s: %w", id, err)
	}
	return d, nil
}

// dueDeliveries lists an endpoint's deliveries due by now, soonest first.
func (s *Store) dueDeliveries(ctx context.Context, endpointID string, now time.Time, limit int) ([]DeliveryDoc, error) {
	cur, err := s.deliveries.Find(ctx, bson.D{{Key: "pendingFor", Value: endpointID}, {Key: "nextAt", Value: bson.D{{Key: "$lte", Value: now}}}},
		options.Find().SetSort(bson.D{{Key: "nextAt", Value: 1}}).SetLimit(int64(limit)))
	if err != nil {
		return nil, fmt.Errorf("due deliveries of %s: %w", endpointID, err)
	}
	out := []DeliveryDoc{}
	if err := cur.All(ctx, &out); err != nil {
		return nil, fmt.Errorf("due deliveries of %s: %w", endpointID, err)
	}
	return out, nil
}

// nextPending is when the endpoint's soonest pending delivery is due, nil when none is pending.
func (s *Store) nextPending(ctx context.Context, endpointID string) (*time.Time, error) {
	var d DeliveryDoc
	err := s.deliveries.FindOne(ctx, bson.D{{Key: "pendingFor", Value: endpointID}},
		options.FindOne().SetSort(bson.D{{Key: "nextAt", Value: 1}})).Decode(&d)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("next delivery of %s: %w", endpointID, err)
	}
	return &d.NextAt, nil
}

// ahead finds the pending delivery of d's lane before it, if any.
func (s *Store) ahead(ctx context.Context, d DeliveryDoc) (DeliveryDoc, bool, error) {
	var before DeliveryDoc
	err := s.deliveries.FindOne(ctx, bson.D{{Key: "lane", Value: d.Lane}, {Key: "state", Value: Pending},
		{Key: "seq", Value: bson.D{{Key: "$lt", Value: d.Seq}}}},
		options.FindOne().SetSort(bson.D{{Key: "seq", Value: 1}})).Decode(&before)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return DeliveryDoc{}, false, nil
	}
	if err != nil {
		return DeliveryDoc{}, false, fmt.Errorf("lane of %s: %w", d.ID, err)
	}
	return before, true, nil
}

// firstOfLane is the pending delivery of a lane with the smallest seq.
func (s *Store) firstOfLane(ctx context.Context, lane string) (DeliveryDoc, bool, error) {
	var d DeliveryDoc
	err := s.deliveries.FindOne(ctx, bson.D{{Key: "lane", Value: lane}, {Key: "state", Value: Pending}},
		options.FindOne().SetSort(bson.D{{Key: "seq", Value: 1}})).Decode(&d)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return DeliveryDoc{}, false, nil
	}
	if err != nil {
		return DeliveryDoc{}, false, fmt.Errorf("lane %s: %w", lane, err)
	}
	return d, true, nil
}

// lease gives the endpoint's deliveries to one worker (by) until until: one conditional write, so
// of two replicas' workers one sends and the other leaves it. A worker that dies leaves it to
// another when its lease ends. It answers the endpoint, and false when another worker holds it.
func (s *Store) lease(ctx context.Context, id, by string, now, until time.Time) (EndpointDoc, bool, error) {
	var d EndpointDoc
	err := s.endpoints.FindOneAndUpdate(ctx, bson.D{{Key: "_id", Value: id}, {Key: "$or", Value: bson.A{
		bson.D{{Key: "leaseUntil", Value: nil}}, bson.D{{Key: "leaseUntil", Value: bson.D{{Key: "$lt", Value: now}}}}, bson.D{{Key: "leaseBy", Value: by}},
	}}}, bson.D{{Key: "$set", Value: bson.D{{Key: "leaseUntil", Value: until.Truncate(time.Millisecond)}, {Key: "leaseBy", Value: by}}}},
		options.FindOneAndUpdate().SetReturnDocument(options.After)).Decode(&d)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return EndpointDoc{}, false, nil
	}
	if err != nil {
		return EndpointDoc{}, false, fmt.Errorf("lease endpoint %s: %w", id, err)
	}
	return d, true, nil
}

// postpone moves a delivery's next try to at without an attempt (its lane is busy).
func (s *Store) postpone(ctx context.Context, d DeliveryDoc, at time.Time) error {
	_, err := s.deliveries.UpdateOne(ctx, bson.D{{Key: "_id", Value: d.ID}, {Key: "state", Value: Pending}, {Key: "nextAt", Value: d.NextAt}},
		bson.D{{Key: "$set", Value: bson.D{{Key: "nextAt", Value: at.Truncate(time.Millisecond)}}}})
	if err != nil {
		return fmt.Errorf("postpone delivery %s: %w", d.ID, err)
	}
	return nil
}

// hurry makes the first pending delivery of a lane due by at (the one before it is done) and
// marks it waited on: a later delivery of the lane may have waited on the one done, not on this
// one (ahead names the lane's first), so finishing this one must make the next due in turn.
func (s *Store) hurry(ctx context.Context, id string, at time.Time) error {
	_, err := s.deliveries.UpdateOne(ctx, bson.D{{Key: "_id", Value: id}, {Key: "state", Value: Pending}},
		bson.D{{Key: "$min", Value: bson.D{{Key: "nextAt", Value: at.Truncate(time.Millisecond)}}},
			{Key: "$set", Value: bson.D{{Key: "waited", Value: true}}}})
	if err != nil {
		return fmt.Errorf("hurry delivery %s: %w", id, err)
	}
	return nil
}

// record writes an attempt's outcome at d: the attempt appended, the state and the next try set.
// It reads the document as it was (FerretDB takes no projection here) and answers whether a later
// delivery of the lane waits on this one (waitOn, hurry), which is then to be made due.
func (s *Store) record(ctx context.Context, d DeliveryDoc, a Attempt, state string, tries int, next time.Time) (bool, error) {
	var before struct {
		Waited bool `bson:"waited"`
	}
	id := d.ID
	update := becomes(d.EndpointID, state, bson.D{{Key: "tries", Value: tries}, {Key: "replay", Value: false},
		{Key: "nextAt", Value: next.Truncate(time.Millisecond)}})
	update = append(update, bson.E{Key: "$push", Value: bson.D{{Key: "attempts", Value: a}}})
	err := s.deliveries.FindOneAndUpdate(ctx, bson.D{{Key: "_id", Value: id}, {Key: "state", Value: Pending}}, update).Decode(&before)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("record attempt of %s: %w", id, err)
	}
	return before.Waited, nil
}

// waitOn marks a pending delivery as one a later delivery of its lane waits on, and says whether
// it is still pending.
func (s *Store) waitOn(ctx context.Context, id string) (bool, error) {
	res, err := s.deliveries.UpdateOne(ctx, bson.D{{Key: "_id", Value: id}, {Key: "state", Value: Pending}},
		bson.D{{Key: "$set", Value: bson.D{{Key: "waited", Value: true}}}})
	if err != nil {
		return false, fmt.Errorf("wait on delivery %s: %w", id, err)
	}
	return res.MatchedCount == 1, nil
}

// hold parks a pending delivery of a disabled endpoint.
func (s *Store) hold(ctx context.Context, d DeliveryDoc) error {
	_, err := s.deliveries.UpdateOne(ctx, bson.D{{Key: "_id", Value: d.ID}, {Key: "state", Value: Pending}}, becomes(d.EndpointID, Held, nil))
	if err != nil {
		return fmt.Errorf("hold delivery %s: %w", d.ID, err)
	}
	return nil
}

// release makes an enabled endpoint's held deliveries pending, due at now.
func (s *Store) release(ctx context.Context, endpointID string, now time.Time) error {
	_, err := s.deliveries.UpdateMany(ctx, bson.D{{Key: "heldFor", Value: endpointID}},
		becomes(endpointID, Pending, bson.D{{Key: "tries", Value: 0}, {Key: "nextAt", Value: now.Truncate(time.Millisecond)}}))
	if err != nil {
		return fmt.Errorf("release deliveries of %s: %w", endpointID, err)
	}
	return nil
}

// replay starts a new round of a delivered or failed delivery d, due at now.
func (s *Store) replay(ctx context.Context, d DeliveryDoc, now time.Time) (bool, error) {
	res, err := s.deliveries.UpdateOne(ctx, bson.D{{Key: "_id", Value: d.ID}, {Key: "state", Value: bson.D{{Key: "$in", Value: bson.A{Delivered, Failed}}}}},
		becomes(d.EndpointID, Pending, bson.D{{Key: "tries", Value: 0}, {Key: "replay", Value: true}, {Key: "nextAt", Value: now.Truncate(time.Millisecond)}}))
	if err != nil {
		return false, fmt.Errorf("replay delivery %s: %w", d.ID, err)
	}
	return res.ModifiedCount == 1, nil
}

// becomes is the update that puts a delivery of endpointID in state, with set's other fields: the
// state and the key that goes with it (DeliveryDoc.PendingFor, HeldFor) set, the other key unset.
func becomes(endpointID, state string, set bson.D) bson.D {
	set = append(set, bson.E{Key: "state", Value: state})
	var unset bson.D
	switch state {
	case Pending:
		set = append(set, bson.E{Key: "pendingFor", Value: endpointID})
		unset = bson.D{{Key: "heldFor", Value: ""}}
	case Held:
		set = append(set, bson.E{Key: "heldFor", Value: endpointID})
		unset = bson.D{{Key: "pendingFor", Value: ""}}
	default:
		unset = bson.D{{Key: "pendingFor", Value: ""}, {Key: "heldFor", Value: ""}}
	}
	return bson.D{{Key: "$set", Value: set}, {Key: "$unset", Value: unset}}
}

// page lists an endpoint's deliveries since since, newest first, after the cursor.
func (s *Store) page(ctx context.Context, endpointID string, since time.Time, after string, limit int) ([]DeliveryDoc, error) {
	k := mongox.Keyset{Key: "createdAt", Limit: int64(limit)}
	if after != "" {
		last, err := s.Delivery(ctx, after)
		if err != nil || last.EndpointID != endpointID {
			return nil, ErrNoDelivery
		}
		k.After, k.AfterID = last.CreatedAt, last.ID
	}
	filter := k.Filter(bson.D{{Key: "endpointId", Value: endpointID}})
	filter = bson.D{{Key: "$and", Value: bson.A{filter, bson.D{{Key: "endpointId", Value: endpointID}, {Key: "createdAt", Value: bson.D{{Key: "$gte", Value: since}}}}}}}
	cur, err := s.deliveries.Find(ctx, filter, k.Options())
	if err != nil {
		return nil, fmt.Errorf("deliveries of %s: %w", endpointID, err)
	}
	out := []DeliveryDoc{}
	if err := cur.All(ctx, &out); err != nil {
		return nil, fmt.Errorf("deliveries of %s: %w", endpointID, err)
	}
	return out, nil
}

// prune deletes the deliveries older than before (a held one too: its endpoint has been disabled
// for as long as the log keeps), at most limit at a time, and says how many.
func (s *Store) prune(ctx context.Context, before time.Time, limit int) (int, error) {
	cur, err := s.deliveries.Find(ctx, bson.D{{Key: "createdAt", Value: bson.D{{Key: "$lt", Value: before}}}},
		options.Find().SetSort(bson.D{{Key: "createdAt", Value: 1}}).SetLimit(int64(limit)).SetProjection(bson.D{{Key: "_id", Value: 1}}))
	if err != nil {
		return 0, fmt.Errorf("old deliveries: %w", err)
	}
	var docs []struct {
		ID string `bson:"_id"`
	}
	if err := cur.All(ctx, &docs); err != nil {
		return 0, fmt.Errorf("old deliveries: %w", err)
	}
	if len(docs) == 0 {
		return 0, nil
	}
	ids := make(bson.A, len(docs))
	for i, d := range docs {
		ids[i] = d.ID
	}
	res, err := s.deliveries.DeleteMany(ctx, bson.D{{Key: "_id", Value: bson.D{{Key: "$in", Value: ids}}}})
	if err != nil {
		return 0, fmt.Errorf("delete old deliveries: %w", err)
	}
	return int(res.DeletedCount), nil
}

// eraseOwner deletes every endpoint and delivery of an owner and says how many of each.
func (s *Store) eraseOwner(ctx context.Context, owner string) (int, int, error) {
	eps, err := s.endpoints.DeleteMany(ctx, bson.D{{Key: "ownerId", Value: owner}})
	if err != nil {
		return 0, 0, fmt.Errorf("delete endpoints of %s: %w", owner, err)
	}
	dels, err := s.deliveries.DeleteMany(ctx, bson.D{{Key: "ownerId", Value: owner}})
	if err != nil {
		return 0, 0, fmt.Errorf("delete deliveries of %s: %w", owner, err)
	}
	return int(eps.DeletedCount), int(dels.DeletedCount), nil
}

// failing notes that a delivery to ep failed at now and answers since when it has been failing:
// the first failure after a success is written, the later ones only read.
func (s *Store) failing(ctx context.Context, ep EndpointDoc, now time.Time) (time.Time, error) {
	if ep.FailingSince != nil {
		return *ep.FailingSince, nil
	}
	now = now.Truncate(time.Millisecond)
	if _, err := s.endpoints.UpdateOne(ctx, bson.D{{Key: "_id", Value: ep.ID}, {Key: "failingSince", Value: nil}},
		bson.D{{Key: "$set", Value: bson.D{{Key: "failingSince", Value: now}}}}); err != nil {
		return time.Time{}, fmt.Errorf("endpoint %s failing: %w", ep.ID, err)
	}
	return now, nil
}

// succeeded clears an endpoint's failing streak.
func (s *Store) succeeded(ctx context.Context, id string) error {
	if _, err := s.endpoints.UpdateOne(ctx, bson.D{{Key: "_id", Value: id}, {Key: "failingSince", Value: bson.D{{Key: "$ne", Value: nil}}}},
		bson.D{{Key: "$unset", Value: bson.D{{Key: "failingSince", Value: ""}}}}); err != nil {
		return fmt.Errorf("endpoint %s succeeded: %w", id, err)
	}
	return nil
}
