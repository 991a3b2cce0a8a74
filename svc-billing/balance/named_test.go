package balance_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"linguaport/internal/events"
	"linguaport/internal/ids"
	"linguaport/internal/testenv"
	"linguaport/svc-billing/balance"
)

// A store of another name is another set of accounts with the same ledger rules: the same owner
// id holds two separate balances, and each ledger adds up to its own.
func TestNamedStoreKeepsItsOwnAccounts(t *testing.T) {
	db := testenv.Mongo(t)
	ctx := context.Background()
	customers, err := balance.NewMongoStore(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	earnings, err := balance.NewMongoStoreNamed(ctx, db, "earnings")
	if err != nil {
		t.Fatal(err)
	}
	if earnings.Accounts().Name() != "earnings_accounts" || earnings.Ledger().Name() != "earnings_ledger" {
		t.Fatalf("collections %s, %s", earnings.Accounts().Name(), earnings.Ledger().Name())
	}
	clock := func() time.Time { return now }
	nothing := func(...any) {}
	cs := balance.NewService(customers, clock, ids.New, nothing)
	es := balance.NewService(earnings, clock, ids.New, nothing)
	if _, err := cs.Move(ctx, credit("u1", balance.KeyTopUp("s1"), "TRY", 10_000)); err != nil {
		t.Fatal(err)
	}
	earn := balance.Movement{CustomerID: "u1", Key: balance.KeyEarning("ord-1"), Kind: balance.Credit,
		Amount: money("TRY", 70_000), Reason: balance.ReasonEarning, Reference: "ord-1"}
	if _, err := es.Move(ctx, earn); err != nil {
		t.Fatal(err)
	}
	// The customer's balance cannot pay out of the earnings, nor the other way round.
	_, err = es.Move(ctx, balance.Movement{CustomerID: "u1", Key: balance.KeyPayout("p1"), Kind: balance.Debit,
		Amount: money("TRY", 75_000), Reason: balance.ReasonPayout, Reference: "p1"})
	var low *balance.InsufficientBalance
	if !errors.As(err, &low) || low.Missing != money("TRY", 5_000) {
		t.Errorf("payout over the earnings: %v", err)
	}
	for _, c := range []struct {
		svc  balance.Service
		want int64
	}{{cs, 10_000}, {es, 70_000}} {
		v, err := c.svc.Balance(ctx, "u1", "TRY", "")
		if err != nil || len(v.Balances) != 1 || v.Balances[0].Amount != c.want || len(v.Entries) != 1 {
			t.Errorf("balance %+v, %v; want %d", v, err, c.want)
		}
	}
}

// A movement's events go to the account's outbox in the same write, once however often the
// movement is asked for; two events are refused (a reversal takes back one).
func TestMovementEventsGoWithTheMovement(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	f.move(t, credit("c1", balance.KeyTopUp("s1"), "TRY", 30_000))
	ev, err := events.New(ctx, "payout.requested", map[string]string{"payoutId": "p1"})
	if err != nil {
		t.Fatal(err)
	}
	out := balance.Movement{CustomerID: "c1", Key: balance.KeyPayout("p1"), Kind: balance.Debit, Amount: money("TRY", 25_000),
		Reason: balance.ReasonPayout, Reference: "p1", Events: []events.Event{ev}}
	f.move(t, out)
	f.move(t, out)
	if got := f.outbox(t, "c1"); len(got) != 1 || got[0].ID != ev.ID {
		t.Errorf("outbox %+v", got)
	}
	f.mu.Lock()
	kicked := len(f.kicked)
	f.mu.Unlock()
	if kicked == 0 {
		t.Error("the relay was not told")
	}
	two := out
	two.Key, two.Events = balance.KeyPayout("p2"), []events.Event{ev, ev}
	if _, err := f.svc.Move(ctx, two); !errors.Is(err, balance.ErrInvalidMovement) {
		t.Errorf("two events: %v", err)
	}
	if n, _ := f.store.Ledger().CountDocuments(ctx, bson.D{{Key: "_id", Value: balance.KeyPayout("p2")}}); n != 0 {
		t.Error("the refused movement is in the ledger")
	}
	if f.checkLedger(t, "c1", "TRY") != 5_000 {
		t.Error("balance after the payout")
	}
}
