package mongox_test

import (
	"cmp"
	"context"
	"fmt"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"linguaport/internal/mongox"
	"linguaport/internal/testenv"
)

type historyEntry struct {
	ID            string `bson:"_id"`
	Owner         string `bson:"owner"`
	At            int    `bson:"at"`
	mongox.Sliced `bson:",inline"`
}

func newestFirst(a, b historyEntry) int {
	return cmp.Or(cmp.Compare(b.At, a.At), cmp.Compare(b.ID, a.ID))
}

// A whole history reads the same before and after its collection is sliced: every document of
// the person, newest first, none of anyone else's. Documents stored before slices (none in the
// field) are found by the sorted read until the backfill has given each its slice, and the
// collection is marked ready only after a pass that found none, so one stored without a slice
// between two passes (by a replica of the version before) gets its slice too.
func TestAllSliced(t *testing.T) {
	ctx := context.Background()
	db := testenv.Mongo(t)
	coll := db.Collection("history")
	if err := mongox.EnsureIndexes(ctx, coll, mongo.IndexModel{Keys: bson.D{{Key: "owner", Value: 1}, {Key: mongox.SliceField, Value: 1}}},
		mongo.IndexModel{Keys: bson.D{{Key: "owner", Value: 1}, {Key: "at", Value: -1}}}); err != nil {
		t.Fatal(err)
	}
	const n = 40
	var docs []any
	for i := range n {
		id := fmt.Sprintf("e%03d", i)
		owner := "ayse"
		if i%4 == 3 {
			owner = "mehmet"
		}
		if i%2 == 0 { // stored before slices
			docs = append(docs, bson.D{{Key: "_id", Value: id}, {Key: "owner", Value: owner}, {Key: "at", Value: i}})
		} else {
			docs = append(docs, historyEntry{ID: id, Owner: owner, At: i, Sliced: mongox.SliceFor(id)})
		}
	}
	if _, err := coll.InsertMany(ctx, docs); err != nil {
		t.Fatal(err)
	}
	read := func(want int) {
		t.Helper()
		got, err := mongox.AllSliced(ctx, coll, bson.D{{Key: "owner", Value: "ayse"}}, options.Find(), bson.D{{Key: "at", Value: -1}}, newestFirst)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != want {
			t.Fatalf("read %d of ayse's %d documents", len(got), want)
		}
		for i, e := range got {
			if e.Owner != "ayse" || (i > 0 && newestFirst(got[i-1], e) >= 0) {
				t.Fatalf("document %d is %+v after %+v", i, e, got[max(i-1, 0)])
			}
		}
	}
	ayses := n - n/4
	read(ayses)
	if ready, err := mongox.SlicesReady(ctx, coll); err != nil || ready {
		t.Fatalf("ready before the backfill: %v %v", ready, err)
	}

	// The first pass finds the old documents; before the second, a replica of the version before
	// stores one more without a slice.
	done := make(chan error, 1)
	go func() { done <- mongox.BackfillSlices(ctx, coll, 300*time.Millisecond) }()
	time.Sleep(100 * time.Millisecond)
	if _, err := coll.InsertOne(ctx, bson.D{{Key: "_id", Value: "late"}, {Key: "owner", Value: "ayse"}, {Key: "at", Value: 1000}}); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if ready, err := mongox.SlicesReady(ctx, coll); err != nil || !ready {
		t.Fatalf("not ready after the backfill: %v %v", ready, err)
	}
	var all []historyEntry
	cur, err := coll.Find(ctx, bson.D{}, options.Find().SetProjection(bson.D{{Key: "_id", Value: 1}, {Key: mongox.SliceField, Value: 1}}))
	if err != nil {
		t.Fatal(err)
	}
	if err := cur.All(ctx, &all); err != nil {
		t.Fatal(err)
	}
	if len(all) != n+1 {
		t.Fatalf("%d documents, want %d", len(all), n+1)
	}
	for _, e := range all {
		if e.Slice != mongox.SliceFor(e.ID).Slice {
			t.Fatalf("%s has slice %d, want %d", e.ID, e.Slice, mongox.SliceFor(e.ID).Slice)
		}
	}

	// Ready, the read goes slice by slice: a document whose slice is none of them is not found.
	if _, err := coll.InsertOne(ctx, bson.D{{Key: "_id", Value: "stray"}, {Key: "owner", Value: "ayse"}, {Key: "at", Value: 5}, {Key: mongox.SliceField, Value: mongox.Slices}}); err != nil {
		t.Fatal(err)
	}
	read(ayses + 1)

	// Marked, a backfill reads only its mark.
	began := time.Now()
	if err := mongox.BackfillSlices(ctx, coll, time.Hour); err != nil || time.Since(began) > time.Second {
		t.Fatalf("backfill once marked: %v after %v", err, time.Since(began))
	}
}

// A pass writes every document it found without a slice, however the collection ends: one
// whose last document has its slice is marked ready after the second pass.
func TestBackfillSlicesEndsWithASlicedDocument(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	coll := testenv.Mongo(t).Collection("history")
	if _, err := coll.InsertMany(ctx, []any{
		bson.D{{Key: "_id", Value: "old"}, {Key: "owner", Value: "ayse"}},
		historyEntry{ID: "new", Owner: "ayse", Sliced: mongox.SliceFor("new")},
	}); err != nil {
		t.Fatal(err)
	}
	if err := mongox.BackfillSlices(ctx, coll, 10*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	var old historyEntry
	if err := coll.FindOne(ctx, bson.D{{Key: "_id", Value: "old"}}).Decode(&old); err != nil || old.Slice != mongox.SliceFor("old").Slice {
		t.Fatalf("old has slice %d (%v), want %d", old.Slice, err, mongox.SliceFor("old").Slice)
	}
}

// Slices spread a person's documents evenly: no slice of a thousand ids holds more than twice its
// share, or none.
func TestSliceForSpreads(t *testing.T) {
	counts := make([]int, mongox.Slices)
	const n = 1000
	for i := range n {
		s := mongox.SliceFor(fmt.Sprintf("6741f0c2a9%014x", i*7919)).Slice
		if s < 0 || s >= mongox.Slices {
			t.Fatalf("slice %d out of range", s)
		}
		counts[s]++
	}
	for s, c := range counts {
		if c == 0 || c > 2*n/mongox.Slices {
			t.Errorf("slice %d holds %d of %d", s, c, n)
		}
	}
}
