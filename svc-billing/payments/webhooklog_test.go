package payments_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"linguaport/internal/testenv"
	"linguaport/svc-billing/payments"
)

func TestWebhookLogProcessesEachEventOnce(t *testing.T) {
	ctx := context.Background()
	log, err := payments.NewMongoWebhookLog(ctx, testenv.Mongo(t))
	if err != nil {
		t.Fatal(err)
	}
	if seen, err := log.Seen(ctx, "evt_1"); err != nil || seen {
		t.Fatalf("before Done: seen %v %v", seen, err)
	}
	if err := log.Done(ctx, "evt_1", payments.CheckoutCompleted); err != nil {
		t.Fatal(err)
	}
	if seen, err := log.Seen(ctx, "evt_1"); err != nil || !seen {
		t.Fatalf("after Done: seen %v %v", seen, err)
	}
	if seen, _ := log.Seen(ctx, "evt_2"); seen {
		t.Error("another event counts as seen")
	}
	var first struct {
		Type        string    `bson:"type"`
		ProcessedAt time.Time `bson:"processedAt"`
	}
	if err := log.Collection().FindOne(ctx, bson.D{{Key: "_id", Value: "evt_1"}}).Decode(&first); err != nil || first.Type != payments.CheckoutCompleted || first.ProcessedAt.IsZero() {
		t.Fatalf("record %+v %v", first, err)
	}

	// A redelivery processed again (a crash between processing and Done), also concurrently:
	// Done stays fine and keeps the first record.
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for range 8 {
		wg.Go(func() { errs <- log.Done(ctx, "evt_1", "ignored") })
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Errorf("Done again: %v", err)
		}
	}
	var again struct {
		Type        string    `bson:"type"`
		ProcessedAt time.Time `bson:"processedAt"`
	}
	_ = log.Collection().FindOne(ctx, bson.D{{Key: "_id", Value: "evt_1"}}).Decode(&again)
	if again != first {
		t.Errorf("Done again rewrote the record: %+v, was %+v", again, first)
	}
	if n, _ := log.Collection().CountDocuments(ctx, bson.D{}); n != 1 {
		t.Errorf("%d records, want 1", n)
	}
}
