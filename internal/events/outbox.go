package events

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"reflect"
	"sync"
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

// OutboxIndex is the index every producer collection declares for the relay's sweep. It is
// sparse, so it holds only the documents with pending events and MongoDB serves the sweep's
// {"outbox.id": {$exists: true}} from it instead of reading the collection. (FerretDB 1.x accepts
// the option and ignores it; its SQLite backend pushes down no filter but _id anyway, which is why
// the relay reads told documents by _id and sweeps rarely.)
func OutboxIndex() mongo.IndexModel {
	return mongo.IndexModel{Keys: bson.D{{Key: OutboxField + ".id", Value: 1}}, Options: options.Index().SetSparse(true)}
}

// pendingFilter finds the documents with pending events through OutboxIndex.
var pendingFilter = bson.D{{Key: OutboxField + ".id", Value: bson.D{{Key: "$exists", Value: true}}}}

const (
	// DefaultSweepEvery is how often a relay sweeps unless told otherwise.
	DefaultSweepEvery = 5 * time.Minute
	// sweepBatch bounds one read of the sweep.
	sweepBatch = 500
	// maxTold bounds what the relay remembers between rounds; past it, a sweep stands in for the ids.
	maxTold = 10_000
	// retryAfter is how soon a round that failed (Redis or Mongo away) is tried again.
	retryAfter = 2 * time.Second
)

// Relay publishes the outboxes of one collection to one stream.
//
// Producers tell it which documents they queued events in (Kick), and it reads exactly those by
// _id: a point read on any backend, so the cost of relaying follows the writes, not the size of
// the collection. What nobody told it about (a producer that died between its write and its
// Kick, a relay that died mid-publish) is found by a sweep at start-up and then every sweepEvery.
type Relay struct {
	coll       *mongo.Collection
	stream     string
	pub        *Publisher
	log        *slog.Logger
	sweepEvery time.Duration

	mu        sync.Mutex
	told      map[any]struct{}
	needSweep bool
	wake      chan struct{}
}

// NewRelay relays coll's outboxes to stream: the documents Kick names as soon as it names them,
// and whatever a sweep finds at start-up and every sweepEvery (minutes: it is only the safety
// net; DefaultSweepEvery if not positive).
// coll must have OutboxIndex.
func NewRelay(coll *mongo.Collection, stream string, pub *Publisher, log *slog.Logger, sweepEvery time.Duration) *Relay {
	if log == nil {
		log = slog.Default()
	}
	if sweepEvery <= 0 {
		sweepEvery = DefaultSweepEvery
	}
	return &Relay{coll: coll, stream: stream, pub: pub, log: log, sweepEvery: sweepEvery,
		told: map[any]struct{}{}, wake: make(chan struct{}, 1)}
}

// Kick tells the relay that the documents with these _id values got events; producers call it
// after the write. It never blocks: ids told again before the relay got to them are read once.
func (r *Relay) Kick(ids ...any) {
	if len(ids) == 0 {
		return
	}
	r.mu.Lock()
	for _, id := range ids {
		if len(r.told) >= maxTold || !reflect.ValueOf(id).Comparable() {
			// Too much to remember (the relay is stuck), or an id that cannot be a key: the
			// sweep finds these documents just as well.
			clear(r.told)
			r.needSweep = true
			break
		}
		r.told[id] = struct{}{}
	}
	r.mu.Unlock()
	select {
	case r.wake <- struct{}{}:
	default:
	}
}

// take hands over what the relay was told since the last round.
func (r *Relay) take() (ids []any, sweep bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for id := range r.told {
		ids = append(ids, id)
	}
	clear(r.told)
	sweep, r.needSweep = r.needSweep, false
	return ids, sweep
}

// retell keeps what a failed round did not finish for the next one.
func (r *Relay) retell(ids []any, sweep bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, id := range ids {
		if len(r.told) >= maxTold {
			clear(r.told)
			r.needSweep = true
			return
		}
		r.told[id] = struct{}{}
	}
	r.needSweep = r.needSweep || sweep
}

// Run relays until ctx ends. One goroutine does all the work, so an event is never published by
// two rounds of the same relay at once.
func (r *Relay) Run(ctx context.Context) {
	sweeps := time.NewTicker(r.sweepEvery)
	defer sweeps.Stop()
	var retry <-chan time.Time
	r.mu.Lock()
	r.needSweep = true // whatever the last run left behind
	r.mu.Unlock()
	for {
		ids, sweep := r.take()
		var sweepErr error
		if sweep {
			_, sweepErr = r.Sweep(ctx)
		}
		failed, err := r.publishTold(ctx, ids)
		retry = nil
		if err = errors.Join(sweepErr, err); err != nil {
			if ctx.Err() == nil {
				r.log.WarnContext(ctx, "outbox relay", "stream", r.stream, "err", err)
			}
			r.retell(failed, sweepErr != nil)
			retry = time.After(retryAfter)
		}
		select {
		case <-ctx.Done():
			return
		case <-sweeps.C:
			r.mu.Lock()
			r.needSweep = true
			r.mu.Unlock()
		case <-r.wake:
		case <-retry:
		}
	}
}

// publishTold publishes the outboxes of the documents with the given ids and returns those it
// could not finish. A document without events costs one read by _id and nothing else.
func (r *Relay) publishTold(ctx context.Context, ids []any) ([]any, error) {
	var failed []any
	var errs []error
	for i, id := range ids {
		if ctx.Err() != nil {
			return append(failed, ids[i:]...), ctx.Err()
		}
		var d outboxDoc
		err := r.coll.FindOne(ctx, bson.D{{Key: "_id", Value: id}},
			options.FindOne().SetProjection(bson.D{{Key: OutboxField, Value: 1}})).Decode(&d)
		if errors.Is(err, mongo.ErrNoDocuments) {
			continue
		}
		if err == nil {
			_, err = r.publish(ctx, d)
		} else {
			err = fmt.Errorf("read outbox of %v: %w", id, err)
		}
		if err != nil {
			failed = append(failed, id)
			errs = append(errs, err)
		}
	}
	return failed, errors.Join(errs...)
}

type outboxDoc struct {
	ID     any     `bson:"_id"`
	Outbox []Event `bson:"outbox"`
}

// Sweep publishes every pending event in the collection and returns how many it published. Run
// sweeps at start-up and every sweepEvery; calling it beside a running Run may publish an event
// twice, which consumers absorb.
func (r *Relay) Sweep(ctx context.Context) (int, error) {
	total := 0
	for {
		cur, err := r.coll.Find(ctx, pendingFilter,
			options.Find().SetProjection(bson.D{{Key: OutboxField, Value: 1}}).SetLimit(sweepBatch))
		if err != nil {
			return total, fmt.Errorf("find outboxes: %w", err)
		}
		var docs []outboxDoc
		if err := cur.All(ctx, &docs); err != nil {
			return total, fmt.Errorf("read outboxes: %w", err)
		}
		published := 0
		var errs []error
		for _, d := range docs {
			n, err := r.publish(ctx, d)
			published += n
			if err != nil {
				errs = append(errs, err)
			}
		}
		total += published
		if len(errs) > 0 {
			return total, errors.Join(errs...)
		}
		// A full batch may hide more; one that published nothing was emptied by someone else.
		if len(docs) < sweepBatch || published == 0 {
			return total, nil
		}
	}
}

// publish publishes one document's outbox, as read, and returns how many events it published.
//
// Events leave a document's outbox oldest first, and each is removed only if it is still at the
// head of the outbox ("$pop" guarded by its id), so a concurrent producer appending to the same
// document or a second relay instance never makes an event disappear unpublished. A crash
// between publishing and removing publishes the event again, which consumers absorb. The
// removal counts as a change of the document (its version moves), so a producer's optimistic
// update that read the outbox before it writes again from the fresh document instead of putting
// the published event back.
func (r *Relay) publish(ctx context.Context, d outboxDoc) (int, error) {
	published := 0
	for _, e := range d.Outbox {
		if err := r.pub.Publish(ctx, r.stream, e); err != nil {
			return published, err
		}
		published++
		res, err := r.coll.UpdateOne(ctx,
			bson.D{{Key: "_id", Value: d.ID}, {Key: OutboxField + ".0.id", Value: e.ID}},
			bson.D{{Key: "$pop", Value: bson.D{{Key: OutboxField, Value: -1}}}, {Key: "$inc", Value: bson.D{{Key: "version", Value: 1}}}})
		if err != nil {
			return published, fmt.Errorf("remove published event %s: %w", e.ID, err)
		}
		if res.ModifiedCount == 0 {
			// Another relay got here first; its view of this outbox is the fresher one.
			return published, nil
		}
	}
	return published, nil
}
