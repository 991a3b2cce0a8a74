package mongox

import (
	"context"
	"fmt"
	"time"

	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

// PacedBatch is how many documents a paced read takes from the database at a time.
const PacedBatch = 50

// Paced sets a Find's batch size for AllPaced. The Find may sort: FerretDB (v1) then reads and
// sorts every matching document before its first batch (one burst: 3.3 s for a thousand quotes
// with their contracts, bench/privacy), and the rests space out the batches it hands over. An
// unsorted Find streams from PostgreSQL instead, but keeps FerretDB's cursor open across the
// rests, and that stalled the whole database (2026-11-30: other queries timing out at 10 s, the
// cursor lost), so a paced read sorts.
func Paced(o *options.FindOptionsBuilder) *options.FindOptionsBuilder {
	return o.SetBatchSize(PacedBatch)
}

// restFactor is how many times its own time background work (a KVKK copy's reads and writes)
// rests after each step, and maxPause caps one rest: it then holds the database a thirtieth of
// the time it runs. At 9x a tenth of other people's requests still met a step of the copy, and
// their p95 was 1.37-1.50x; at 29x it is 1.19-1.23x and their median within the machine's drift
// (bench/privacy, 1,000 orders: ready in 8 min 20 s). A copy has 30 days by law, and its person
// is mailed when it is ready.
const (
	restFactor = 29
	maxPause   = 10 * time.Second
)

// Rest waits restFactor times took, the time a step of background work just took (at most
// maxPause), or until ctx ends; a step under a millisecond needs none.
func Rest(ctx context.Context, took time.Duration) error {
	if took < time.Millisecond {
		return nil
	}
	t := time.NewTimer(min(restFactor*took, maxPause))
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// FindPaced runs a Find for AllPaced (Paced batches) and rests after it, as after each batch:
// with a sort, the Find is the read's largest step.
func FindPaced(ctx context.Context, coll *mongo.Collection, filter any, opts *options.FindOptionsBuilder) (*mongo.Cursor, error) {
	began := time.Now()
	cur, err := coll.Find(ctx, filter, Paced(opts))
	if err != nil {
		return nil, err
	}
	if err := Rest(ctx, time.Since(began)); err != nil {
		_ = cur.Close(ctx)
		return nil, err
	}
	return cur, nil
}

// AllPaced reads every document of cur into a slice, resting (Rest) between the driver's
// batches: a read of a whole history (a KVKK copy of a busy customer, which has 30 days) then
// takes a tenth of the database's time while it runs, and other people's requests get the rest.
// The cursor comes from FindPaced.
func AllPaced[T any](ctx context.Context, cur *mongo.Cursor) ([]T, error) {
	defer cur.Close(ctx)
	out := []T{}
	for {
		began := time.Now()
		if !cur.Next(ctx) {
			break
		}
		took := time.Since(began)
		var v T
		if err := cur.Decode(&v); err != nil {
			return nil, fmt.Errorf("decode: %w", err)
		}
		out = append(out, v)
		// The driver fetched a batch for this Next when none was left.
		if cur.RemainingBatchLength() == PacedBatch-1 {
			if err := Rest(ctx, took); err != nil {
				return nil, err
			}
		}
	}
	if err := cur.Err(); err != nil {
		return nil, err
	}
	return out, nil
}
