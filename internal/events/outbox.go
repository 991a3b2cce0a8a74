package events

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"linguaport/internal/outbox"
)

// OutboxField is the name of the array of pending events inside a producer's documents.
const OutboxField = "outbox"

// Outbox is embedded, inline, in a producer's documents.
type Outbox struct {
	Pending []Event `bson:"outbox,omitempty" json:"-"`
	// Waiting marks the document while events wait in it (outbox.Waiting): Add sets it.
	Waiting bool `bson:"outboxWaiting,omitempty" json:"-"`
}

// Add queues e to be published once the document is written.
func (o *Outbox) Add(e Event) {
	o.Pending = append(o.Pending, e)
	o.Waiting = true
}

// PushUpdate is the update fragments that append events to a document's outbox in the same
// write as the domain change (outbox.Push): merge push into its $push and mark into its $set.
func PushUpdate(evs ...Event) (push, mark bson.E) { return outbox.Push(OutboxField, evs) }

// OutboxIndex is the index every producer collection declares for the relay's sweep and backlog
// (outbox.Index: sparse on the outbox's Waiting mark).
func OutboxIndex() mongo.IndexModel { return outbox.Index(OutboxField) }

// DefaultSweepEvery is how often a relay sweeps unless told otherwise.
const DefaultSweepEvery = outbox.DefaultSweepEvery

// maxRetry caps the back-off of a document whose events could not be published (Redis away):
// events hold up other services' work, so they are retried sooner than a sweep would.
const maxRetry = 30 * time.Second

// Relay publishes the outboxes of one collection to one stream: the shared outbox relay
// (internal/outbox) with publishing as its delivery. Producers Kick it with the ids of the
// documents they queued events in; a sweep at start-up and every sweepEvery finds the rest.
type Relay struct {
	*outbox.Relay
}

// NewRelay relays coll's outboxes to stream: the documents Kick names as soon as it names them,
// and whatever a sweep finds at start-up and every sweepEvery (minutes: it is only the safety
// net; DefaultSweepEvery if not positive). coll must have OutboxIndex.
//
// Events leave a document's outbox oldest first, each removed only once published, so a crash
// between publishing and removing publishes it again, which consumers absorb.
func NewRelay(coll *mongo.Collection, stream string, pub *Publisher, log *slog.Logger, sweepEvery time.Duration) *Relay {
	publish := func(ctx context.Context, _ any, item bson.Raw) error {
		var e Event
		if err := bson.Unmarshal(item, &e); err != nil {
			return fmt.Errorf("%w: event in %s: %w", outbox.ErrDrop, stream, err)
		}
		return pub.Publish(ctx, stream, e)
	}
	r := outbox.NewRelay(coll, OutboxField, "events to "+stream, publish, log, sweepEvery)
	r.MaxRetry = min(maxRetry, r.MaxRetry)
	return &Relay{r}
}
