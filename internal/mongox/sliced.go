package mongox

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"slices"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

// A person's whole history read in slices. FerretDB (v1) pushes only a filter's top-level
// equalities down to PostgreSQL, and a sorted read decodes and sorts every match before its first
// batch: a KVKK copy's sorted read of a thousand quotes with their contracts was one burst of
// 3.2 s (bench/privacy) that no rest between batches could split, and other people's requests
// waited behind it. So each document of a collection read that way carries a slice number drawn
// from its id (Sliced), and the read asks for one slice at a time by equality, resting after each
// (AllSliced): a burst is a Slices'th of the history.

// SliceField is the field a document's slice is stored in; Slices is how many there are.
const (
	SliceField = "slice"
	Slices     = 32
)

// SliceRecheck is how long after a backfill pass that found documents without a slice the next
// pass comes: longer than a deployment takes to replace the replicas of the version before.
const SliceRecheck = 10 * time.Minute

// migrations is the collection that says which collections' documents all have their slice
// (BackfillSlices), one document per collection, by its name.
const migrations = "migrations"

// Sliced is the slice of a document, embedded inline by the types a collection read by AllSliced
// holds; their store sets it with SliceFor when it inserts one. Any slice is correct, as a read
// asks for all of them; one from the id spreads a person's documents evenly.
type Sliced struct {
	Slice int32 `bson:"slice" json:"-"`
}

// SliceFor is the slice of the document with the given id.
func SliceFor(id string) Sliced {
	h := fnv.New32a()
	_, _ = h.Write([]byte(id))
	return Sliced{Slice: int32(h.Sum32() % Slices)}
}

// AllSliced is every document of coll matching filter (top-level equalities, which FerretDB
// pushes down), ordered by order. Once BackfillSlices has given every document of coll its
// slice, it asks slice by slice, unsorted, and rests (Rest) after each that held any; until
// then, one read sorted by sort in the database and paced between batches (FindPaced,
// AllPaced), which finds every document whether it has a slice yet or not.
func AllSliced[T any](ctx context.Context, coll *mongo.Collection, filter bson.D, opts *options.FindOptionsBuilder, sort bson.D, order func(a, b T) int) ([]T, error) {
	ready, err := SlicesReady(ctx, coll)
	if err != nil {
		return nil, err
	}
	if !ready {
		cur, err := FindPaced(ctx, coll, filter, opts.SetSort(sort))
		if err != nil {
			return nil, err
		}
		out, err := AllPaced[T](ctx, cur)
		if err != nil {
			return nil, err
		}
		slices.SortStableFunc(out, order)
		return out, nil
	}
	out := []T{}
	for slice := range int32(Slices) {
		began := time.Now()
		cur, err := coll.Find(ctx, slices.Concat(filter, bson.D{{Key: SliceField, Value: slice}}), opts)
		if err != nil {
			return nil, fmt.Errorf("slice %d: %w", slice, err)
		}
		var part []T
		if err := cur.All(ctx, &part); err != nil {
			return nil, fmt.Errorf("slice %d: %w", slice, err)
		}
		out = append(out, part...)
		// An empty slice cost the database a look, not a read: a customer with a few documents
		// (most) is not kept waiting 32 rests for a copy of them, which on a busy machine, where
		// each look takes longer, would add up to minutes.
		if len(part) == 0 {
			continue
		}
		if err := Rest(ctx, time.Since(began)); err != nil {
			return nil, err
		}
	}
	slices.SortStableFunc(out, order)
	return out, nil
}

// SlicesReady reports whether every document of coll has its slice (BackfillSlices marked it).
func SlicesReady(ctx context.Context, coll *mongo.Collection) (bool, error) {
	err := coll.Database().Collection(migrations).FindOne(ctx, bson.D{{Key: "_id", Value: sliceMark(coll)}}).Err()
	if errors.Is(err, mongo.ErrNoDocuments) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("slices of %s: %w", coll.Name(), err)
	}
	return true, nil
}

func sliceMark(coll *mongo.Collection) string { return coll.Name() + "." + SliceField }

// BackfillSlices gives the documents of coll stored without a slice (by a version before slices)
// theirs, then marks coll ready for AllSliced. A service runs it in the background at start; once
// marked, it reads one document and returns.
//
// A pass reads the ids and slices of the whole collection once (one burst, the first time only)
// and writes each document missing its slice by id, on condition it still misses it, PacedBatch
// writes at a time with a rest (Rest) after each. While a deployment rolls, replicas of the version before may still store
// documents without a slice, so a pass that found any is followed by another recheck later, and
// the mark is set only after a pass that found none.
func BackfillSlices(ctx context.Context, coll *mongo.Collection, recheck time.Duration) error {
	ready, err := SlicesReady(ctx, coll)
	if err != nil || ready {
		return err
	}
	for {
		found, err := backfillSlicesOnce(ctx, coll)
		if err != nil {
			return err
		}
		if found == 0 {
			break
		}
		t := time.NewTimer(recheck)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
	_, err = coll.Database().Collection(migrations).UpdateOne(ctx, bson.D{{Key: "_id", Value: sliceMark(coll)}},
		bson.D{{Key: "$set", Value: bson.D{{Key: "at", Value: time.Now().UTC()}}}}, options.UpdateOne().SetUpsert(true))
	if err != nil {
		return fmt.Errorf("mark slices of %s: %w", coll.Name(), err)
	}
	return nil
}

// backfillSlicesOnce is one pass of BackfillSlices; it answers how many documents missed a slice.
func backfillSlicesOnce(ctx context.Context, coll *mongo.Collection) (int, error) {
	cur, err := coll.Find(ctx, bson.D{}, options.Find().SetProjection(bson.D{{Key: "_id", Value: 1}, {Key: SliceField, Value: 1}}))
	if err != nil {
		return 0, fmt.Errorf("slices of %s: %w", coll.Name(), err)
	}
	var all []struct {
		ID    string `bson:"_id"`
		Slice *int32 `bson:"slice"`
	}
	if err := cur.All(ctx, &all); err != nil {
		return 0, fmt.Errorf("slices of %s: %w", coll.Name(), err)
	}
	var writes []mongo.WriteModel
	flush := func() error {
		if len(writes) == 0 {
			return nil
		}
		began := time.Now()
		if _, err := coll.BulkWrite(ctx, writes, options.BulkWrite().SetOrdered(false)); err != nil {
			return fmt.Errorf("slices of %s: %w", coll.Name(), err)
		}
		writes = writes[:0]
		return Rest(ctx, time.Since(began))
	}
	found := 0
	for _, d := range all {
		if d.Slice != nil {
			continue
		}
		found++
		writes = append(writes, mongo.NewUpdateOneModel().
			SetFilter(bson.D{{Key: "_id", Value: d.ID}, {Key: SliceField, Value: nil}}).
			SetUpdate(bson.D{{Key: "$set", Value: bson.D{{Key: SliceField, Value: SliceFor(d.ID).Slice}}}}))
		if len(writes) == PacedBatch {
			if err := flush(); err != nil {
				return 0, err
			}
		}
	}
	return found, flush()
}
