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

// Paced sets a Find's batch size for AllPaced.
func Paced(o *options.FindOptionsBuilder) *options.FindOptionsBuilder {
	return o.SetBatchSize(PacedBatch)
}

// restFactor is how many times a batch's time a paced read rests after it, and maxPause caps
// the rest: a read holds the database at most a quarter of the time it runs.
const (
	restFactor = 3
	maxPause   = time.Second
)

// AllPaced reads every document of cur into a slice, resting between the driver's batches for
// three times as long as the last batch took to come: a read of a whole history (a KVKK copy of
// a busy customer, which has 30 days) then takes at most a quarter of the database's time while
// it runs, and other people's requests get the rest. The cursor's Find should ask for small
// batches (Paced).
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
		// The driver fetched a batch for this Next when none was left; rest as long as it took.
		if cur.RemainingBatchLength() == PacedBatch-1 && took > time.Millisecond {
			select {
			case <-ctx.Done():
				return nil, ctx.Err()
			case <-time.After(min(restFactor*took, maxPause)):
			}
		}
	}
	if err := cur.Err(); err != nil {
		return nil, err
	}
	return out, nil
}
