package mongox_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"linguaport/internal/errs"
	"linguaport/internal/mongox"
	"linguaport/internal/testenv"
)

func TestMain(m *testing.M) { testenv.Main(m) }

type account struct {
	ID             string `bson:"_id"`
	Balance        int64  `bson:"balance"`
	mongox.Version `bson:",inline"`
}

var errInsufficient = errors.New("insufficient balance")

// Thirty writers changing one document at once all succeed, none lost: a lost race waits a
// random, growing time and tries again, so contention resolves instead of ending in ErrConflict
// (which the API would answer 409, and once answered 500).
func TestUpdateResolvesContention(t *testing.T) {
	ctx := context.Background()
	coll := testenv.Mongo(t).Collection("accounts")
	if _, err := coll.InsertOne(ctx, account{ID: "a1", Balance: 0}); err != nil {
		t.Fatal(err)
	}
	const writers = 30
	var wg sync.WaitGroup
	failures := make(chan error, writers)
	start := make(chan struct{})
	for range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			_, err := mongox.Update(ctx, coll, "a1", func(a *account) (*account, error) {
				a.Balance++
				return a, nil
			})
			if err != nil {
				failures <- err
			}
		}()
	}
	close(start)
	wg.Wait()
	close(failures)
	for err := range failures {
		t.Errorf("update failed: %v", err)
	}
	var got account
	if err := coll.FindOne(ctx, bson.D{{Key: "_id", Value: "a1"}}).Decode(&got); err != nil {
		t.Fatal(err)
	}
	if got.Balance != writers || got.V != writers {
		t.Fatalf("balance %d version %d after %d increments", got.Balance, got.V, writers)
	}
}

// A writer that never wins (the document changes under every attempt) stops with ErrConflict,
// which is errs.ErrConflict for httpx, and has written nothing.
func TestUpdateGivesUpWithConflict(t *testing.T) {
	ctx := context.Background()
	coll := testenv.Mongo(t).Collection("accounts")
	if _, err := coll.InsertOne(ctx, account{ID: "a1", Balance: 0}); err != nil {
		t.Fatal(err)
	}
	attempts := 0
	begin := time.Now()
	_, err := mongox.Update(ctx, coll, "a1", func(a *account) (*account, error) {
		attempts++
		// Someone else writes between our read and our write, every time.
		if _, err := coll.UpdateOne(ctx, bson.D{{Key: "_id", Value: "a1"}}, bson.D{{Key: "$inc", Value: bson.D{{Key: "version", Value: 1}}}}); err != nil {
			t.Fatal(err)
		}
		a.Balance = 1000
		return a, nil
	})
	if !errors.Is(err, mongox.ErrConflict) || !errors.Is(err, errs.ErrConflict) {
		t.Fatalf("err = %v, want ErrConflict", err)
	}
	if took := time.Since(begin); attempts < 10 || took > 20*time.Second {
		t.Errorf("gave up after %d attempts in %s", attempts, took)
	}
	var got account
	_ = coll.FindOne(ctx, bson.D{{Key: "_id", Value: "a1"}}).Decode(&got)
	if got.Balance != 0 {
		t.Fatalf("a losing update was written: %+v", got)
	}
}

func TestUpdateRejectedByRuleLeavesDocumentUnchanged(t *testing.T) {
	ctx := context.Background()
	coll := testenv.Mongo(t).Collection("accounts")
	if _, err := coll.InsertOne(ctx, account{ID: "a1", Balance: 5}); err != nil {
		t.Fatal(err)
	}
	_, err := mongox.Update(ctx, coll, "a1", func(a *account) (*account, error) {
		if a.Balance < 10 {
			return nil, errInsufficient
		}
		a.Balance -= 10
		return a, nil
	})
	if !errors.Is(err, errInsufficient) {
		t.Fatalf("err = %v", err)
	}
	var got account
	_ = coll.FindOne(ctx, bson.D{{Key: "_id", Value: "a1"}}).Decode(&got)
	if got.Balance != 5 || got.V != 0 {
		t.Fatalf("document changed: %+v", got)
	}
	if _, err := mongox.Update(ctx, coll, "missing", func(a *account) (*account, error) { return a, nil }); !errors.Is(err, mongox.ErrNotFound) {
		t.Fatalf("missing document: err = %v", err)
	}
}

func TestEnsureIndexesMakesUniqueKeysIdempotencyGuards(t *testing.T) {
	ctx := context.Background()
	coll := testenv.Mongo(t).Collection("users")
	idx := mongo.IndexModel{Keys: bson.D{{Key: "email", Value: 1}}, Options: options.Index().SetUnique(true)}
	for range 2 { // a second start must not fail on existing indexes
		if err := mongox.EnsureIndexes(ctx, coll, idx); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := coll.InsertOne(ctx, bson.D{{Key: "email", Value: "a@example.com"}}); err != nil {
		t.Fatal(err)
	}
	_, err := coll.InsertOne(ctx, bson.D{{Key: "email", Value: "a@example.com"}})
	if !mongox.IsDuplicateKey(err) {
		t.Fatalf("second insert: err = %v, want duplicate key", err)
	}
	if err := mongox.Ping(coll.Database().Client())(ctx); err != nil {
		t.Fatal(err)
	}
}

// A guarded state transition (pending → approved) made by many requests at once succeeds once:
// the idempotency rule every service relies on, on the embedded database too.
func TestConditionalTransitionWinsOnce(t *testing.T) {
	ctx := context.Background()
	coll := testenv.Mongo(t).Collection("quotes")
	if _, err := coll.InsertOne(ctx, bson.D{{Key: "_id", Value: "q1"}, {Key: "status", Value: "pending"}, {Key: "approvals", Value: 0}}); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	wins := make(chan string, 16)
	for i := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := coll.FindOneAndUpdate(ctx,
				bson.D{{Key: "_id", Value: "q1"}, {Key: "status", Value: "pending"}},
				bson.D{{Key: "$set", Value: bson.D{{Key: "status", Value: "approved"}, {Key: "by", Value: i}}}, {Key: "$inc", Value: bson.D{{Key: "approvals", Value: 1}}}},
			).Err()
			if err == nil {
				wins <- "won"
			} else if !errors.Is(err, mongo.ErrNoDocuments) {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	close(wins)
	if n := len(wins); n != 1 {
		t.Fatalf("%d requests won the transition, want 1", n)
	}
	var q bson.M
	_ = coll.FindOne(ctx, bson.D{{Key: "_id", Value: "q1"}}).Decode(&q)
	if q["status"] != "approved" || q["approvals"] != int32(1) {
		t.Fatalf("quote %v", q)
	}
}
