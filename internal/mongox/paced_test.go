package mongox_test

import (
	"context"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"linguaport/internal/mongox"
	"linguaport/internal/testenv"
)

// A paced read returns every document in the asked order, in batches of PacedBatch, resting
// between them (so it takes longer than the batches alone).
func TestAllPaced(t *testing.T) {
	ctx := context.Background()
	coll := testenv.Mongo(t).Collection("history")
	const n = 3*mongox.PacedBatch + 7
	docs := make([]any, n)
	for i := range docs {
		docs[i] = bson.D{{Key: "_id", Value: i}, {Key: "pad", Value: string(make([]byte, 2000))}}
	}
	if _, err := coll.InsertMany(ctx, docs); err != nil {
		t.Fatal(err)
	}
	cur, err := coll.Find(ctx, bson.D{}, mongox.Paced(options.Find().SetSort(bson.D{{Key: "_id", Value: 1}})))
	if err != nil {
		t.Fatal(err)
	}
	began := time.Now()
	got, err := mongox.AllPaced[struct {
		ID int `bson:"_id"`
	}](ctx, cur)
	if err != nil || len(got) != n {
		t.Fatalf("read %d of %d: %v", len(got), n, err)
	}
	for i, d := range got {
		if d.ID != i {
			t.Fatalf("document %d is %d", i, d.ID)
		}
	}
	t.Logf("%d documents in %v", n, time.Since(began))
}

// Background work rests nine times as long as each step took (a tenth of the time busy), not
// at all after a step under a millisecond, and stops resting when its context ends.
func TestRest(t *testing.T) {
	ctx := context.Background()
	began := time.Now()
	if err := mongox.Rest(ctx, 3*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	if took := time.Since(began); took < 27*time.Millisecond {
		t.Errorf("rested %v after a step of 3 ms, want 27 ms", took)
	}
	began = time.Now()
	if err := mongox.Rest(ctx, 500*time.Microsecond); err != nil || time.Since(began) > 5*time.Millisecond {
		t.Errorf("rested %v (%v) after a step under a millisecond", time.Since(began), err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	began = time.Now()
	if err := mongox.Rest(cancelled, time.Second); err == nil || time.Since(began) > time.Second {
		t.Errorf("a cancelled rest returned %v after %v", err, time.Since(began))
	}
}
