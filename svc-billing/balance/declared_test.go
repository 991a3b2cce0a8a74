package balance_test

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"linguaport/internal/events"
	"linguaport/internal/ids"
	"linguaport/internal/testenv"
	"linguaport/svc-billing/balance"
)

// A declared transfer announces transfer.declared from its own outbox, in the write that stores
// it (so staff hear of it even if the process dies right after), and tells the transfers' relay;
// a refused declaration announces nothing. The relay publishes it in its contract's shape.
func TestDeclaredTransferIsAnnounced(t *testing.T) {
	ctx := context.Background()
	db := testenv.Mongo(t)
	store, err := balance.NewMongoStore(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	var kicked []any
	svc := balance.NewService(store, func() time.Time { return now }, ids.New, func(...any) {},
		balance.WithTransfersKick(func(ids ...any) { kicked = append(kicked, ids...) }))
	bad := declaration()
	bad.Amount.Amount = 0
	if _, err := svc.DeclareTransfer(ctx, "c1", bad); err == nil {
		t.Fatal("a zero transfer was declared")
	}
	tr, err := svc.DeclareTransfer(ctx, "c1", declaration())
	if err != nil {
		t.Fatal(err)
	}
	if len(kicked) != 1 || kicked[0] != tr.ID {
		t.Fatalf("kicked %v, want the transfer %s alone", kicked, tr.ID)
	}
	var doc struct {
		events.Outbox `bson:",inline"`
	}
	if err := store.Transfers().FindOne(ctx, bson.D{{Key: "_id", Value: tr.ID}}).Decode(&doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Pending) != 1 || doc.Pending[0].Type != balance.EventTransferDeclared {
		t.Fatalf("outbox %+v", doc.Pending)
	}
	var got balance.Declared
	if err := doc.Pending[0].Decode(&got); err != nil {
		t.Fatal(err)
	}
	if want := (balance.Declared{TransferID: tr.ID, CustomerID: "c1", Amount: money("TRY", 50_000), DeclaredAt: tr.DeclaredAt}); got != want {
		t.Errorf("payload %+v, want %+v", got, want)
	}
	// The transfer reads as before, outbox or not.
	if read, err := svc.Transfer(ctx, tr.ID); err != nil || read.Status != balance.TransferDeclared || read.Sender != "Ayşe Yılmaz" {
		t.Fatalf("transfer %+v: %v", read, err)
	}
	r := testenv.StartRedis(t)
	relay := events.NewRelay(store.Transfers(), events.Stream("billing"), events.NewPublisher(r.Client), slog.New(slog.NewTextHandler(io.Discard, nil)), time.Hour)
	if n, err := relay.Sweep(ctx); err != nil || n != 1 {
		t.Fatalf("sweep published %d: %v", n, err)
	}
	if n, err := r.Client.XLen(ctx, events.Stream("billing")).Result(); err != nil || n != 1 {
		t.Fatalf("events:billing holds %d: %v", n, err)
	}
}
