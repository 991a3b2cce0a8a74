package balance_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"linguaport/internal/events"
	"linguaport/internal/ids"
	"linguaport/internal/testenv"
	"linguaport/svc-billing/balance"
)

func TestMain(m *testing.M) { testenv.Main(m) }

// 13:00 in Turkey.
var now = time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)

type fixture struct {
	store *balance.MongoStore
	svc   balance.Service
	// replicas are services on stores of their own over the same database, as other processes
	// would run them: their movements race through the conditional writes alone.
	replicas []balance.Service

	mu     sync.Mutex
	kicked []any
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	return newFixtureAt(t, now)
}

func newFixtureAt(t *testing.T, at time.Time) *fixture {
	t.Helper()
	db := testenv.Mongo(t)
	f := &fixture{}
	kick := func(ids ...any) {
		f.mu.Lock()
		defer f.mu.Unlock()
		f.kicked = append(f.kicked, ids...)
	}
	for range 4 {
		store, err := balance.NewMongoStore(context.Background(), db)
		if err != nil {
			t.Fatal(err)
		}
		f.replicas = append(f.replicas, balance.NewService(store, func() time.Time { return at }, ids.New, kick))
		if f.store == nil {
			f.store, f.svc = store, f.replicas[0]
		}
	}
	return f
}

func money(cur string, n int64) balance.Money {
	return balance.Money{Amount: n, Currency: cur, Decimals: balance.Decimals(cur)}
}

func credit(customer, key, cur string, n int64) balance.Movement {
	return balance.Movement{CustomerID: customer, Key: key, Kind: balance.Credit, Amount: money(cur, n), Reason: balance.ReasonTopUp}
}

func payInvoice(customer, invoice, cur string, n int64) balance.Movement {
	return balance.Movement{CustomerID: customer, Key: balance.KeyInvoice(invoice), Kind: balance.Debit, Amount: money(cur, n),
		Reason: balance.ReasonInvoice, Reference: invoice}
}

func (f *fixture) move(t *testing.T, m balance.Movement) balance.Entry {
	t.Helper()
	e, err := f.svc.Move(context.Background(), m)
	if err != nil {
		t.Fatalf("move %s: %v", m.Key, err)
	}
	return e
}

// held is the customer's balance in cur as Balance tells it.
func (f *fixture) held(t *testing.T, customer, cur string) int64 {
	t.Helper()
	v, err := f.svc.Balance(context.Background(), customer, cur, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range v.Balances {
		if b.Currency == cur {
			return b.Amount
		}
	}
	return 0
}

// ledger is the customer's whole ledger of cur, oldest first, read from the collection.
func (f *fixture) ledger(t *testing.T, customer, cur string) []balance.Entry {
	t.Helper()
	ctx := context.Background()
	c, err := f.store.Ledger().Find(ctx, bson.D{{Key: "customerId", Value: customer}, {Key: "amount.currency", Value: cur}},
		options.Find().SetSort(bson.D{{Key: "seq", Value: 1}}))
	if err != nil {
		t.Fatal(err)
	}
	var list []balance.Entry
	if err := c.All(ctx, &list); err != nil {
		t.Fatal(err)
	}
	return list
}

// checkLedger asserts that the ledger of cur adds up to the balance, that every entry's
// balanceAfter is the previous one's plus its signed amount, and that the balance is never
// negative; it returns the balance.
func (f *fixture) checkLedger(t *testing.T, customer, cur string) int64 {
	t.Helper()
	var sum, lastSeq int64
	for _, e := range f.ledger(t, customer, cur) {
		if e.Kind == balance.Debit {
			sum -= e.Amount.Amount
		} else {
			sum += e.Amount.Amount
		}
		if e.BalanceAfter != money(cur, sum) || sum < 0 {
			t.Errorf("%s: balance after %+v, the ledger so far adds up to %d", e.ID, e.BalanceAfter, sum)
		}
		if e.Seq <= lastSeq {
			t.Errorf("%s: seq %d after %d", e.ID, e.Seq, lastSeq)
		}
		lastSeq = e.Seq
	}
	if held := f.held(t, customer, cur); held != sum {
		t.Errorf("%s balance %d, ledger adds up to %d", cur, held, sum)
	}
	return sum
}

// outbox is the events pending in the customer's account.
func (f *fixture) outbox(t *testing.T, customer string) []events.Event {
	t.Helper()
	var doc struct {
		events.Outbox `bson:",inline"`
	}
	if err := f.store.Accounts().FindOne(context.Background(), bson.D{{Key: "_id", Value: customer}}).Decode(&doc); err != nil {
		t.Fatal(err)
	}
	return doc.Pending
}

func TestMoveIsOncePerKey(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	first := f.move(t, credit("c1", balance.KeyTopUp("s1"), "TRY", 10_000))
	again := f.move(t, credit("c1", balance.KeyTopUp("s1"), "TRY", 10_000))
	if again.ID != first.ID || again.Seq != first.Seq || again.BalanceAfter != money("TRY", 10_000) {
		t.Errorf("repeat answered %+v, first %+v", again, first)
	}
	for _, m := range []balance.Movement{
		credit("c1", balance.KeyTopUp("s1"), "TRY", 10_001),
		credit("c1", balance.KeyTopUp("s1"), "USD", 10_000),
		credit("c2", balance.KeyTopUp("s1"), "TRY", 10_000),
		{CustomerID: "c1", Key: balance.KeyTopUp("s1"), Kind: balance.Debit, Amount: money("TRY", 10_000), Reason: balance.ReasonTopUp},
	} {
		if _, err := f.svc.Move(ctx, m); !errors.Is(err, balance.ErrKeyReused) {
			t.Errorf("%+v: %v, want ErrKeyReused", m, err)
		}
	}
	if n := len(f.ledger(t, "c1", "TRY")); n != 1 {
		t.Errorf("%d entries", n)
	}
	if got := f.checkLedger(t, "c1", "TRY"); got != 10_000 {
		t.Errorf("balance %d", got)
	}

	var low *balance.InsufficientBalance
	_, err := f.svc.Move(ctx, payInvoice("c1", "inv-1", "TRY", 12_500))
	if !errors.As(err, &low) || low.Missing != money("TRY", 2_500) {
		t.Fatalf("debit above the balance: %v", err)
	}
	_, err = f.svc.Move(ctx, payInvoice("c1", "inv-2", "JPY", 300))
	if !errors.As(err, &low) || low.Missing != money("JPY", 300) {
		t.Fatalf("debit in a currency never held: %v", err)
	}
	// A refused debit leaves no trace: the same key can pay once the balance covers it.
	f.move(t, credit("c1", balance.KeyTopUp("s2"), "TRY", 2_500))
	if e := f.move(t, payInvoice("c1", "inv-1", "TRY", 12_500)); e.BalanceAfter != money("TRY", 0) {
		t.Errorf("paid: %+v", e)
	}
	f.checkLedger(t, "c1", "TRY")

	for _, bad := range []balance.Movement{
		credit("c1", "", "TRY", 1), credit("", "k", "TRY", 1), credit("c1", "k", "XXX", 1), credit("c1", "k", "TRY", 0),
		{CustomerID: "c1", Key: "k", Kind: "gift", Amount: money("TRY", 1), Reason: balance.ReasonTopUp},
		{CustomerID: "c1", Key: "k", Kind: balance.Credit, Amount: money("TRY", 1), Reason: "gift"},
	} {
		if _, err := f.svc.Move(ctx, bad); !errors.Is(err, balance.ErrInvalidMovement) {
			t.Errorf("%+v: %v", bad, err)
		}
	}
}

// 16 invoices paid at once from a balance that covers exactly 5 of them.
func TestConcurrentDebitsNeverOverdraw(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	f.move(t, credit("c1", balance.KeyTopUp("s1"), "TRY", 5*3_000+1_000))
	var wg sync.WaitGroup
	errs := make([]error, 16)
	for i := range errs {
		svc := f.replicas[i%len(f.replicas)]
		wg.Go(func() { _, errs[i] = svc.Move(ctx, payInvoice("c1", fmt.Sprintf("inv-%d", i), "TRY", 3_000)) })
	}
	wg.Wait()
	paid := 0
	for i, err := range errs {
		var low *balance.InsufficientBalance
		switch {
		case err == nil:
			paid++
		case errors.As(err, &low):
			if low.Missing != money("TRY", 2_000) {
				t.Errorf("inv-%d: missing %+v", i, low.Missing)
			}
		default:
			t.Errorf("inv-%d: %v", i, err)
		}
	}
	if paid != 5 {
		t.Errorf("%d debits made, want 5", paid)
	}
	if got := f.checkLedger(t, "c1", "TRY"); got != 1_000 {
		t.Errorf("balance %d, want 1000", got)
	}
	if n := len(f.outbox(t, "c1")); n != 5 {
		t.Errorf("%d balance.debited events, want 5", n)
	}
}

// Credits and debits in two currencies, 24 at once: each currency's ledger adds up to its
// balance and its balanceAfter chain holds.
func TestConcurrentMovesKeepTheLedgerTrue(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	f.move(t, credit("c1", "seed-try", "TRY", 5_000))
	f.move(t, credit("c1", "seed-jpy", "JPY", 500))
	var wg sync.WaitGroup
	var mu sync.Mutex
	made := map[string]int{}
	for i := range 24 {
		cur := []string{"TRY", "JPY"}[i%2]
		svc := f.replicas[i%len(f.replicas)]
		wg.Go(func() {
			for j := range 3 {
				key := fmt.Sprintf("m-%d-%d", i, j)
				m := credit("c1", key, cur, rand.Int64N(3_000)+1)
				if rand.IntN(2) == 0 {
					m = payInvoice("c1", key, cur, rand.Int64N(3_000)+1)
				}
				_, err := svc.Move(ctx, m)
				var low *balance.InsufficientBalance
				if err != nil && !errors.As(err, &low) {
					t.Errorf("%s: %v", key, err)
				}
				mu.Lock()
				made[fmt.Sprint(m.Kind, err == nil)]++
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	t.Logf("movements: %v", made)
	if made["debittrue"] == 0 || made["credittrue"] == 0 {
		t.Errorf("the mix lacks credits or debits: %v", made)
	}
	f.checkLedger(t, "c1", "TRY")
	f.checkLedger(t, "c1", "JPY")
	if n := len(f.ledger(t, "c1", "TRY")) + len(f.ledger(t, "c1", "JPY")); n != 2+made["credittrue"]+made["debittrue"] {
		t.Errorf("%d entries for %v", n, made)
	}
}

// writeSlot puts e in the account's slot and applies it to the balance, as the first step of a
// movement does, so the test can stop where a crash would.
func (f *fixture) writeSlot(t *testing.T, e balance.Entry, evs ...events.Event) {
	t.Helper()
	ctx := context.Background()
	var acc struct {
		Version int64 `bson:"version"`
	}
	if err := f.store.Accounts().FindOne(ctx, bson.D{{Key: "_id", Value: e.CustomerID}}).Decode(&acc); err != nil {
		t.Fatal(err)
	}
	e.Seq = acc.Version + 1
	signed := e.Amount.Amount
	if e.Kind == balance.Debit {
		signed = -signed
	}
	e.BalanceAfter = money(e.Amount.Currency, f.held(t, e.CustomerID, e.Amount.Currency)+signed)
	pending := bson.D{{Key: "_id", Value: e.ID}, {Key: "customerId", Value: e.CustomerID}, {Key: "kind", Value: e.Kind},
		{Key: "amount", Value: e.Amount}, {Key: "reason", Value: e.Reason}, {Key: "reference", Value: e.Reference},
		{Key: "balanceAfter", Value: e.BalanceAfter}, {Key: "at", Value: now}, {Key: "seq", Value: e.Seq}}
	update := bson.D{
		{Key: "$inc", Value: bson.D{{Key: "balances." + e.Amount.Currency, Value: signed}, {Key: "version", Value: int64(1)}}},
		{Key: "$set", Value: bson.D{{Key: "pending", Value: pending}}},
	}
	if len(evs) > 0 {
		pending = append(pending, bson.E{Key: "eventId", Value: evs[0].ID})
		push, mark := events.PushUpdate(evs...)
		update[1] = bson.E{Key: "$set", Value: bson.D{{Key: "pending", Value: pending}, mark}}
		update = append(update, bson.E{Key: "$push", Value: bson.D{push}})
	}
	res, err := f.store.Accounts().UpdateOne(ctx, bson.D{{Key: "_id", Value: e.CustomerID}}, update)
	if err != nil || res.ModifiedCount != 1 {
		t.Fatalf("write slot: %v %+v", err, res)
	}
}

// A process that died after applying a movement, before its entry reached the ledger: the next
// Balance records it; and one that died after the ledger, before clearing the slot: the next
// Move clears it without a second entry.
func TestCrashedMovementIsFinished(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	f.move(t, credit("c1", "first", "TRY", 5_000))
	crashed := balance.Entry{ID: balance.KeyTopUp("crashed"), CustomerID: "c1", Kind: balance.Credit,
		Amount: money("TRY", 2_000), Reason: balance.ReasonTopUp}
	f.writeSlot(t, crashed)
	v, err := f.svc.Balance(ctx, "c1", "", "")
	if err != nil {
		t.Fatal(err)
	}
	if len(v.Entries) != 2 || v.Entries[0].ID != crashed.ID || v.Balances[0] != money("TRY", 7_000) {
		t.Fatalf("after the crash: %+v", v)
	}
	// The crashed movement asked for again is the entry it made, not a second credit.
	if e := f.move(t, credit("c1", balance.KeyTopUp("crashed"), "TRY", 2_000)); e.BalanceAfter != money("TRY", 7_000) {
		t.Errorf("repeat: %+v", e)
	}

	// Died between the ledger and clearing the slot.
	late := balance.Entry{ID: "late", CustomerID: "c1", Kind: balance.Debit, Amount: money("TRY", 1_000),
		Reason: balance.ReasonInvoice, Reference: "inv-9"}
	f.writeSlot(t, late)
	var slot struct {
		Pending balance.Entry `bson:"pending"`
	}
	if err := f.store.Accounts().FindOne(ctx, bson.D{{Key: "_id", Value: "c1"}}).Decode(&slot); err != nil {
		t.Fatal(err)
	}
	if _, err := f.store.Ledger().InsertOne(ctx, slot.Pending); err != nil {
		t.Fatal(err)
	}
	if e := f.move(t, credit("c1", "next", "TRY", 500)); e.BalanceAfter != money("TRY", 6_500) || e.Seq <= slot.Pending.Seq {
		t.Errorf("next movement: %+v", e)
	}
	if got := f.checkLedger(t, "c1", "TRY"); got != 6_500 {
		t.Errorf("balance %d", got)
	}
	if n := len(f.ledger(t, "c1", "TRY")); n != 4 {
		t.Errorf("%d entries, want 4", n)
	}
}

// A key applied on a second account while the first already has it in its ledger (only a
// caller's bug can do that) is reversed, its event taken back, instead of recorded.
func TestKeyOfAnotherAccountIsReversed(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	f.move(t, credit("c1", "c1-in", "TRY", 5_000))
	f.move(t, payInvoice("c1", "inv-1", "TRY", 1_000))
	f.move(t, credit("c2", "c2-in", "TRY", 5_000))
	stray := balance.Entry{ID: balance.KeyInvoice("inv-1"), CustomerID: "c2", Kind: balance.Debit, Amount: money("TRY", 1_000),
		Reason: balance.ReasonInvoice, Reference: "inv-1"}
	ev, err := events.New(ctx, balance.EventDebited, balance.Debited{CustomerID: "c2", InvoiceID: "inv-1"})
	if err != nil {
		t.Fatal(err)
	}
	f.writeSlot(t, stray, ev)
	if got := f.checkLedger(t, "c2", "TRY"); got != 5_000 {
		t.Errorf("c2 balance %d, want 5000", got)
	}
	if n := len(f.outbox(t, "c2")); n != 0 {
		t.Errorf("c2 outbox holds %d events", n)
	}
	if got := f.checkLedger(t, "c1", "TRY"); got != 4_000 {
		t.Errorf("c1 balance %d, want 4000", got)
	}
	// And through Move: the second account is told the key is taken.
	if _, err := f.svc.Move(ctx, payInvoice("c2", "inv-1", "TRY", 1_000)); !errors.Is(err, balance.ErrKeyReused) {
		t.Errorf("c2 paying c1's invoice key: %v", err)
	}
}
