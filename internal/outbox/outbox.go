// Package outbox relays what a service's documents queued in an array field of their own in the
// same write as the change that caused it: events to publish (internal/events), mails to send
// (internal/mailbox). Both need the same guarantees, so they share this one relay: each item
// leaves its document only after it was delivered (at least once), oldest first, a document whose
// delivery fails is retried with back-off, and nothing queued is lost across a crash, because a
// sweep finds what nobody told the relay about.
package outbox

import (
	"context"
	"crypto/rand"
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

const (
	// DefaultSweepEvery is how often a relay sweeps unless told otherwise.
	DefaultSweepEvery = 5 * time.Minute
	// sweepBatch bounds one read of the sweep.
	sweepBatch = 500
	// maxTold bounds what the relay remembers between rounds; past it, a sweep stands in for the ids.
	maxTold = 10_000
	// DefaultFirstRetry is how soon a document whose delivery failed is tried again the first
	// time; each further failure doubles the wait up to the relay's MaxRetry.
	DefaultFirstRetry = 2 * time.Second
)

// Deliver hands one queued item over (publishes an event, sends a mail). item is the array
// element as stored. An error wrapping ErrDrop removes the item without delivering it: the
// receiving end refused it for good, and retrying would only hold back what follows.
type Deliver func(ctx context.Context, docID any, item bson.Raw) error

// errLeased says another relay holds the item: not a failure to report, only one to retry.
var errLeased = errors.New("outbox: item leased by another relay")

// ErrDrop marks a delivery error that retrying cannot cure.
var ErrDrop = errors.New("outbox: undeliverable")

// Index is the index every collection a relay reads declares for the sweep and the backlog:
// sparse on the Waiting mark, so it holds only the documents with something queued and their
// {"<field>Waiting": true} reads from it instead of the collection. (FerretDB 1.x accepts
// the option and ignores it; its SQLite backend pushes down no filter but _id anyway, which is why
// the relay reads told documents by _id and sweeps rarely.)
func Index(field string) mongo.IndexModel {
	return mongo.IndexModel{Keys: bson.D{{Key: Waiting(field), Value: 1}}, Options: options.Index().SetSparse(true)}
}

// Waiting is the top-level field a document carries, true, while items wait in its array field:
// events.Outbox and mailbox.Box set it with the items they queue (Add, PushUpdate), in the same
// write, and the relay unsets it with the last item. The sweep and the backlog ask for it, and
// not for "<field>.id" $exists: FerretDB (1.x, on PostgreSQL) hands PostgreSQL only top-level
// equalities, and answered the $exists by decoding every document of the collection, which for
// a thousand quotes with their contracts took seconds of each metrics scrape (every 15 s) and
// was what slowed other people's requests while a KVKK copy was built (bench/privacy).
func Waiting(field string) string { return field + "Waiting" }

// Push is the update fragments that append items to a document's array field in the same write
// as the change that caused them: merge push into the write's $push and mark (Waiting) into its
// $set. events.PushUpdate and mailbox.PushUpdate name the field.
func Push[T any](field string, items []T) (push, mark bson.E) {
	return bson.E{Key: field, Value: bson.D{{Key: "$each", Value: items}}}, bson.E{Key: Waiting(field), Value: true}
}

// Relay delivers the items queued in one array field of one collection's documents.
//
// Producers tell it which documents they queued items in (Kick), and it reads exactly those by
// _id: a point read on any backend, so the cost of relaying follows the writes, not the size of
// the collection. What nobody told it about (a producer that died between its write and its Kick,
// a relay that died mid-delivery) is found by a sweep at start-up and then every sweepEvery.
type Relay struct {
	coll       *mongo.Collection
	field      string
	deliver    Deliver
	log        *slog.Logger
	sweepEvery time.Duration
	what       string // "events to events:orders", for logs

	// FirstRetry and MaxRetry bound the back-off of a document whose delivery failed.
	FirstRetry, MaxRetry time.Duration
	// Lease, when set, makes the relay claim a document's head item before delivering it, for
	// that long, so two relays (two instances of a service, or a sweep beside a kicked round)
	// never deliver one item twice: for deliveries nobody downstream de-duplicates (mails). A
	// relay that dies holding a lease leaves the item to another after it runs out.
	Lease time.Duration
	owner string
	// Rest, when set, is called after each document the relay delivered with the time that
	// took, and the relay waits as long as it says: for background work (a KVKK copy's pieces of
	// half a megabyte each) whose delivery must leave the database to other people's requests
	// as the producer's own paced writes do (mongox.Rest). An error (ctx ended) stops the round.
	Rest func(ctx context.Context, took time.Duration) error

	mu        sync.Mutex
	told      map[any]struct{}
	failing   map[any]*retry // documents waiting out their back-off
	needSweep bool
	wake      chan struct{}
	now       func() time.Time
}

type retry struct {
	failures int
	at       time.Time
}

// NewRelay delivers the items queued in coll's field: those of the documents Kick names as soon
// as it names them, and whatever a sweep finds at start-up and every sweepEvery (minutes: it is
// only the safety net; DefaultSweepEvery if not positive). coll must have Index(field); what
// names the relay in its logs.
func NewRelay(coll *mongo.Collection, field, what string, deliver Deliver, log *slog.Logger, sweepEvery time.Duration) *Relay {
	if log == nil {
		log = slog.Default()
	}
	if sweepEvery <= 0 {
		sweepEvery = DefaultSweepEvery
	}
	return &Relay{coll: coll, field: field, what: what, deliver: deliver, log: log, sweepEvery: sweepEvery,
		FirstRetry: DefaultFirstRetry, MaxRetry: sweepEvery, owner: rand.Text(),
		told: map[any]struct{}{}, failing: map[any]*retry{}, wake: make(chan struct{}, 1), now: time.Now}
}

// Kick tells the relay that the documents with these _id values got items; producers call it
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

// take hands over what the relay was told since the last round and the documents whose
// back-off has ended; documents still waiting one stay told for later.
func (r *Relay) take() (ids []any, sweep bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	now := r.now()
	for id, f := range r.failing {
		if !f.at.After(now) {
			r.told[id] = struct{}{}
		}
	}
	for id := range r.told {
		if f, ok := r.failing[id]; ok && f.at.After(now) {
			continue
		}
		ids = append(ids, id)
		delete(r.told, id)
	}
	sweep, r.needSweep = r.needSweep, false
	return ids, sweep
}

// settle records how the round went for each document: delivered ones forget their back-off,
// failed ones wait twice as long as the last time.
func (r *Relay) settle(done, failed []any, sweepFailed bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, id := range done {
		delete(r.failing, id)
	}
	now := r.now()
	for _, id := range failed {
		if len(r.failing) >= maxTold {
			r.needSweep = true
			continue
		}
		f := r.failing[id]
		if f == nil {
			f = &retry{}
			r.failing[id] = f
		}
		f.failures++
		f.at = now.Add(r.backoff(f.failures))
	}
	r.needSweep = r.needSweep || sweepFailed
}

func (r *Relay) backoff(failures int) time.Duration {
	d := r.FirstRetry
	for i := 1; i < failures && d < r.MaxRetry; i++ {
		d *= 2
	}
	return min(d, r.MaxRetry)
}

// Run relays until ctx ends. One goroutine does all the work, so an item is never delivered by
// two rounds of the same relay at once.
func (r *Relay) Run(ctx context.Context) {
	sweeps := time.NewTicker(r.sweepEvery)
	defer sweeps.Stop()
	r.mu.Lock()
	r.needSweep = true // whatever the last run left behind
	r.mu.Unlock()
	for {
		ids, sweep := r.take()
		var sweepErr error
		if sweep {
			_, sweepErr = r.Sweep(ctx)
		}
		done, failed, err := r.deliverTold(ctx, ids)
		if err = errors.Join(sweepErr, err); err != nil && ctx.Err() == nil {
			r.log.WarnContext(ctx, "outbox relay", "relay", r.what, "err", err)
		}
		r.settle(done, failed, sweepErr != nil)
		var retryC <-chan time.Time
		if next := r.nextRetry(); !next.IsZero() {
			retryC = time.After(max(next.Sub(r.now()), 10*time.Millisecond))
		} else if sweepErr != nil {
			retryC = time.After(r.FirstRetry)
		}
		select {
		case <-ctx.Done():
			return
		case <-sweeps.C:
			r.mu.Lock()
			r.needSweep = true
			r.mu.Unlock()
		case <-r.wake:
		case <-retryC:
		}
	}
}

// nextRetry is when the first back-off ends (zero when nothing is failing).
func (r *Relay) nextRetry() time.Time {
	r.mu.Lock()
	defer r.mu.Unlock()
	var next time.Time
	for _, f := range r.failing {
		if next.IsZero() || f.at.Before(next) {
			next = f.at
		}
	}
	return next
}

// Failing reports how many documents are waiting out a back-off, for metrics and tests.
func (r *Relay) Failing() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.failing)
}

// deliverTold delivers the items of the documents with the given ids and says which documents
// it emptied and which it could not. A document without items costs one read by _id.
func (r *Relay) deliverTold(ctx context.Context, ids []any) (done, failed []any, err error) {
	var errs []error
	for i, id := range ids {
		if ctx.Err() != nil {
			return done, append(failed, ids[i:]...), ctx.Err()
		}
		began := time.Now()
		var d queued
		err := r.coll.FindOne(ctx, bson.D{{Key: "_id", Value: id}},
			options.FindOne().SetProjection(r.projection())).Decode(&d)
		if errors.Is(err, mongo.ErrNoDocuments) {
			done = append(done, id)
			continue
		}
		if err == nil {
			_, err = r.deliverDoc(ctx, id, d.items(r.field), d.marked(r.field))
		} else {
			err = fmt.Errorf("read %s of %v: %w", r.field, id, err)
		}
		if err != nil {
			failed = append(failed, id)
			if !errors.Is(err, errLeased) {
				errs = append(errs, err)
			}
		} else {
			done = append(done, id)
		}
		if err := r.rest(ctx, began); err != nil {
			return done, append(failed, ids[i+1:]...), errors.Join(append(errs, err)...)
		}
	}
	return done, failed, errors.Join(errs...)
}

// rest waits as Rest says for work that began at began (nothing without Rest).
func (r *Relay) rest(ctx context.Context, began time.Time) error {
	if r.Rest == nil {
		return nil
	}
	return r.Rest(ctx, time.Since(began))
}

// queued is a document as the relay reads it (projection): its _id, the one array field and
// its Waiting mark.
type queued bson.Raw

// projection is what the relay reads of a document.
func (r *Relay) projection() bson.D {
	return bson.D{{Key: r.field, Value: 1}, {Key: Waiting(r.field), Value: 1}}
}

// marked reports whether the document carries the Waiting mark.
func (q queued) marked(field string) bool {
	v, err := bson.Raw(q).LookupErr(Waiting(field))
	return err == nil && v.Type == bson.TypeBoolean && v.Boolean()
}

func (q queued) items(field string) []bson.Raw {
	v, err := bson.Raw(q).LookupErr(field)
	if err != nil {
		return nil
	}
	arr, ok := v.ArrayOK()
	if !ok {
		return nil
	}
	vals, _ := arr.Values()
	out := make([]bson.Raw, 0, len(vals))
	for _, v := range vals {
		if doc, ok := v.DocumentOK(); ok {
			out = append(out, doc)
		}
	}
	return out
}

func (q *queued) UnmarshalBSON(b []byte) error {
	*q = append((*q)[:0], b...)
	return nil
}

// Sweep delivers every queued item in the collection and returns how many it delivered. Run
// sweeps at start-up and every sweepEvery; calling it beside a running Run may deliver an item
// twice, which is what at-least-once allows. Documents waiting out a back-off are left to it.
func (r *Relay) Sweep(ctx context.Context) (int, error) {
	total := 0
	filter := bson.D{{Key: Waiting(r.field), Value: true}}
	for {
		began := time.Now()
		cur, err := r.coll.Find(ctx, filter,
			options.Find().SetProjection(r.projection()).SetLimit(sweepBatch))
		if err != nil {
			return total, fmt.Errorf("find queued %s: %w", r.field, err)
		}
		var docs []bson.Raw
		if err := cur.All(ctx, &docs); err != nil {
			return total, fmt.Errorf("read queued %s: %w", r.field, err)
		}
		if err := r.rest(ctx, began); err != nil {
			return total, err
		}
		delivered, skipped := 0, 0
		var errs []error
		var done, failed []any
		for _, raw := range docs {
			id := raw.Lookup("_id")
			var key any
			if err := id.Unmarshal(&key); err != nil {
				errs = append(errs, fmt.Errorf("queued document id: %w", err))
				continue
			}
			if r.waiting(key) {
				skipped++
				continue
			}
			began := time.Now()
			n, err := r.deliverDoc(ctx, key, queued(raw).items(r.field), queued(raw).marked(r.field))
			delivered += n
			if err != nil {
				if !errors.Is(err, errLeased) {
					errs = append(errs, err)
				}
				failed = append(failed, key)
			} else {
				done = append(done, key)
			}
			if err := r.rest(ctx, began); err != nil {
				errs = append(errs, err)
				break
			}
		}
		r.settle(done, failed, false)
		total += delivered
		if len(errs) > 0 {
			return total, errors.Join(errs...)
		}
		// A full batch may hide more; one that delivered nothing was emptied by someone else
		// or is all waiting out back-offs, which Run retries on their own schedule.
		if len(docs) < sweepBatch || delivered == 0 || skipped == len(docs) {
			return total, nil
		}
	}
}

func (r *Relay) waiting(id any) bool {
	if !reflect.ValueOf(id).Comparable() {
		return false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	f, ok := r.failing[id]
	return ok && f.at.After(r.now())
}

// deliverDoc delivers one document's items, as read, and returns how many it delivered.
//
// Items leave oldest first, and each is removed only if it is still at the head of the array
// ("$pop" guarded by its id), so a concurrent producer appending to the same document or a second
// relay instance never makes an item disappear undelivered. A crash between delivering and
// removing delivers the item again, which consumers absorb (events) or which a reader sees twice
// (a mail: the rare duplicate at-least-once allows). The removal counts as a change of the
// document (its version moves), so a producer's optimistic update that read the array before it
// writes again from the fresh document instead of putting the delivered item back.
func (r *Relay) deliverDoc(ctx context.Context, docID any, items []bson.Raw, marked bool) (int, error) {
	delivered := 0
	lease := r.field + "Lease"
	for _, item := range items {
		itemID, _ := item.Lookup("id").StringValueOK()
		if r.Lease > 0 {
			now := r.now()
			res, err := r.coll.UpdateOne(ctx,
				bson.D{{Key: "_id", Value: docID}, {Key: r.field + ".0.id", Value: itemID}, {Key: "$or", Value: bson.A{
					bson.D{{Key: lease, Value: bson.D{{Key: "$exists", Value: false}}}},
					bson.D{{Key: lease + ".owner", Value: r.owner}},
					bson.D{{Key: lease + ".until", Value: bson.D{{Key: "$lt", Value: now}}}},
				}}},
				// The claim moves the version like any change, so a producer's optimistic write
				// that read the document before it cannot put it back without the lease.
				bson.D{{Key: "$set", Value: bson.D{{Key: lease, Value: bson.D{{Key: "owner", Value: r.owner}, {Key: "until", Value: now.Add(r.Lease)}}}}},
					{Key: "$inc", Value: bson.D{{Key: "version", Value: 1}}}})
			if err != nil {
				return delivered, fmt.Errorf("claim %s item %s: %w", r.field, itemID, err)
			}
			if res.MatchedCount == 0 {
				// Another relay holds it (or just delivered it): come back when its lease may
				// have run out, in case that relay died with it.
				return delivered, errLeased
			}
		}
		err := r.deliver(ctx, docID, item)
		if err != nil && !errors.Is(err, ErrDrop) {
			return delivered, err
		}
		if err != nil {
			r.log.ErrorContext(ctx, "outbox relay dropped an item", "relay", r.what, "doc", docID, "item", itemID, "err", err)
		} else {
			delivered++
		}
		update := bson.D{{Key: "$pop", Value: bson.D{{Key: r.field, Value: -1}}}, {Key: "$inc", Value: bson.D{{Key: "version", Value: 1}}}}
		if r.Lease > 0 {
			update = append(update, bson.E{Key: "$unset", Value: bson.D{{Key: lease, Value: ""}}})
		}
		res, err := r.coll.UpdateOne(ctx,
			bson.D{{Key: "_id", Value: docID}, {Key: r.field + ".0.id", Value: itemID}}, update)
		if err != nil {
			return delivered, fmt.Errorf("remove delivered %s item %s: %w", r.field, itemID, err)
		}
		if res.ModifiedCount == 0 {
			// Another relay got here first; its view of this document is the fresher one.
			return delivered, nil
		}
	}
	if !marked && len(items) == 0 {
		return delivered, nil // nothing was queued: no write at all
	}
	return delivered, r.settled(ctx, docID)
}

// settled takes the Waiting mark off a document whose array is empty; a producer that queued
// an item meanwhile keeps it (the condition), as its own write set it.
func (r *Relay) settled(ctx context.Context, docID any) error {
	_, err := r.coll.UpdateOne(ctx,
		bson.D{{Key: "_id", Value: docID}, {Key: Waiting(r.field), Value: true}, {Key: r.field + ".0", Value: bson.D{{Key: "$exists", Value: false}}}},
		bson.D{{Key: "$unset", Value: bson.D{{Key: Waiting(r.field), Value: ""}}}, {Key: "$inc", Value: bson.D{{Key: "version", Value: 1}}}})
	if err != nil {
		return fmt.Errorf("unmark %v: %w", docID, err)
	}
	return nil
}

// Collection is the collection the relay reads.
func (r *Relay) Collection() *mongo.Collection { return r.coll }

// Backlog counts the items waiting in the collection, reading at most maxDocs documents through
// Index, so a metrics scrape costs the same however much is stored.
func (r *Relay) Backlog(ctx context.Context, maxDocs int64) (int, error) {
	cur, err := r.coll.Find(ctx, bson.D{{Key: Waiting(r.field), Value: true}},
		options.Find().SetProjection(bson.D{{Key: r.field, Value: 1}}).SetLimit(maxDocs))
	if err != nil {
		return 0, fmt.Errorf("backlog of %s: %w", r.coll.Name(), err)
	}
	var docs []bson.Raw
	if err := cur.All(ctx, &docs); err != nil {
		return 0, fmt.Errorf("backlog of %s: %w", r.coll.Name(), err)
	}
	n := 0
	for _, d := range docs {
		n += len(queued(d).items(r.field))
	}
	return n, nil
}
