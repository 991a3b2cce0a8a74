package pool

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
)

// Pool notices: a translator hears of the jobs that enter their pool, at most once per
// NoticeEvery, the jobs that came meanwhile batched into one notice ("3 new jobs in your pool").
// Each translator has one notice document: a job is queued on it by one conditional write, and a
// due notice is published from its outbox in the same write that empties the queue, so a crash
// neither loses a batch nor sends it twice.

// NoticeEvery is the least time between two notices to one translator.
const NoticeEvery = 15 * time.Minute

// EventJobsAvailable is published on events.Stream("orders") with one translator's batch
// (contract in svc-orders/API.md); svc-auth turns it into a system message.
const EventJobsAvailable = "pool.jobs_available"

// NoticeJob is a job as a notice names it.
type NoticeJob struct {
	OrderID         string   `json:"orderId" bson:"orderId"`
	Number          string   `json:"number" bson:"number"`
	Service         string   `json:"service" bson:"service"`
	SourceLanguage  string   `json:"sourceLanguage" bson:"sourceLanguage"`
	TargetLanguages []string `json:"targetLanguages" bson:"targetLanguages"`
}

// JobsAvailableData is the payload of pool.jobs_available.
type JobsAvailableData struct {
	TranslatorID string      `json:"translatorId"`
	Jobs         []NoticeJob `json:"jobs"`
	Count        int         `json:"count"`
	At           time.Time   `json:"at"`
}

// queued is a job waiting for its translator's next notice. Entry names the job's entry into the
// pool (the event that announced it): an announcement handled twice queues the job once.
type queued struct {
	Entry     string `bson:"entry"`
	NoticeJob `bson:",inline"`
}

// sentEntry is an entry a notice carried, remembered for sentMemory.
type sentEntry struct {
	Entry string    `bson:"entry"`
	At    time.Time `bson:"at"`
}

// sentMemory is how long the entries of a sent notice are remembered, so that an announcement
// handled again after its notice went out (a handler that failed half-way is retried within
// minutes) does not announce the job a second time.
const sentMemory = 24 * time.Hour

// noticeDoc is one translator's notice: the jobs queued for it, when it is due (unset while
// nothing is queued) and when the last one went out.
type noticeDoc struct {
	ID         string      `bson:"_id"`
	Pending    []queued    `bson:"pending"`
	DueAt      *time.Time  `bson:"dueAt,omitempty"`
	LastSentAt *time.Time  `bson:"lastSentAt,omitempty"`
	Sent       []sentEntry `bson:"sent"`

	mongox.Version `bson:",inline"`
	events.Outbox  `bson:",inline"`
}

// knows reports whether the entry is queued or was sent, or the order is queued already (it left
// the pool and came back before its notice went out).
func (d *noticeDoc) knows(entry, orderID string) bool {
	for _, q := range d.Pending {
		if q.Entry == entry || q.OrderID == orderID {
			return true
		}
	}
	for _, s := range d.Sent {
		if s.Entry == entry {
			return true
		}
	}
	return false
}

// Notices keeps the translators' notice documents in the "pool_notices" collection.
type Notices struct {
	coll  *mongo.Collection
	clock func() time.Time
	// kick tells the outbox relay which notice documents got an event.
	kick func(ids ...any)
}

// NewNotices opens the notices and their indexes: the due ones are found by due time, and the
// outbox relay sweeps the collection.
func NewNotices(ctx context.Context, db *mongo.Database, now func() time.Time, kick func(ids ...any)) (*Notices, error) {
	n := &Notices{coll: db.Collection("pool_notices"), clock: now, kick: kick}
	if err := mongox.EnsureIndexes(ctx, n.coll, mongo.IndexModel{Keys: bson.D{{Key: "dueAt", Value: 1}}}, events.OutboxIndex()); err != nil {
		return nil, fmt.Errorf("pool notices indexes: %w", err)
	}
	return n, nil
}

// Collection is where the notices and their outboxes live, for the outbox relay.
func (n *Notices) Collection() *mongo.Collection { return n.coll }

// errNothingToDo aborts a write that an earlier one already made.
var errNothingToDo = errors.New("nothing to do")

// Queue puts a job that entered the pool (entry names that entry) on the translator's next
// notice, due now or NoticeEvery after the last one, whichever is later.
func (n *Notices) Queue(ctx context.Context, translatorID, entry string, job NoticeJob) error {
	now := n.clock().UTC()
	// The document exists before the conditional update; creating it twice is harmless.
	_, err := n.coll.UpdateOne(ctx, bson.D{{Key: "_id", Value: translatorID}},
		bson.D{{Key: "$setOnInsert", Value: bson.D{{Key: "pending", Value: bson.A{}}, {Key: "sent", Value: bson.A{}}, {Key: "version", Value: int64(0)}}}},
		options.UpdateOne().SetUpsert(true))
	if err != nil && !mongox.IsDuplicateKey(err) {
		return fmt.Errorf("open notice of %s: %w", translatorID, err)
	}
	_, err = mongox.Update(ctx, n.coll, translatorID, func(d *noticeDoc) (*noticeDoc, error) {
		if d.knows(entry, job.OrderID) {
			return nil, errNothingToDo
		}
		d.Pending = append(d.Pending, queued{Entry: entry, NoticeJob: job})
		if d.DueAt == nil {
			due := now
			if d.LastSentAt != nil && d.LastSentAt.Add(NoticeEvery).After(now) {
				due = d.LastSentAt.Add(NoticeEvery)
			}
			d.DueAt = &due
		}
		return d, nil
	})
	if err != nil && !errors.Is(err, errNothingToDo) {
		return fmt.Errorf("queue job %s for %s: %w", job.OrderID, translatorID, err)
	}
	return nil
}

// duePage bounds one read of the due notices.
const duePage = 500

// SendDue publishes every notice that is due: one pool.jobs_available per translator, queued in
// the outbox of the write that empties their queue.
func (n *Notices) SendDue(ctx context.Context) error {
	now := n.clock().UTC()
	for {
		ids, err := n.due(ctx, now)
		if err != nil {
			return err
		}
		var sent []any
		var failed []error
		for _, id := range ids {
			_, err := mongox.Update(ctx, n.coll, id, func(d *noticeDoc) (*noticeDoc, error) {
				return d, d.send(ctx, now)
			})
			switch {
			case err == nil:
				sent = append(sent, id)
			case !errors.Is(err, errNothingToDo):
				failed = append(failed, fmt.Errorf("send notice of %s: %w", id, err))
			}
		}
		n.kick(sent...)
		if len(failed) > 0 || len(ids) < duePage || len(sent) == 0 {
			return errors.Join(failed...)
		}
	}
}

// send turns the queue into a notice in the outbox, unless it is not due at now.
func (d *noticeDoc) send(ctx context.Context, now time.Time) error {
	if d.DueAt == nil || d.DueAt.After(now) || len(d.Pending) == 0 {
		return errNothingToDo
	}
	data := JobsAvailableData{TranslatorID: d.ID, Jobs: make([]NoticeJob, len(d.Pending)), Count: len(d.Pending), At: now}
	kept := d.Sent[:0]
	for _, s := range d.Sent {
		if now.Before(s.At.Add(sentMemory)) {
			kept = append(kept, s)
		}
	}
	for i, q := range d.Pending {
		data.Jobs[i] = q.NoticeJob
		kept = append(kept, sentEntry{Entry: q.Entry, At: now})
	}
	e, err := events.New(ctx, EventJobsAvailable, data)
	if err != nil {
		return err
	}
	d.Add(e)
	d.Sent, d.Pending, d.DueAt, d.LastSentAt = kept, []queued{}, nil, &now
	return nil
}

// due answers the ids of the notices due at now, the longest waiting first, a page at a time.
func (n *Notices) due(ctx context.Context, now time.Time) ([]string, error) {
	cur, err := n.coll.Find(ctx, bson.D{{Key: "dueAt", Value: bson.D{{Key: "$lte", Value: now}}}},
		options.Find().SetSort(bson.D{{Key: "dueAt", Value: 1}}).SetLimit(duePage).SetProjection(bson.D{{Key: "_id", Value: 1}}))
	if err != nil {
		return nil, fmt.Errorf("find due notices: %w", err)
	}
	var found []struct {
		ID string `bson:"_id"`
	}
	if err := cur.All(ctx, &found); err != nil {
		return nil, fmt.Errorf("read due notices: %w", err)
	}
	ids := make([]string, len(found))
	for i, d := range found {
		ids[i] = d.ID
	}
	return ids, nil
}
