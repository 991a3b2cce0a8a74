package earnings_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"linguaport/internal/authn"
	"linguaport/internal/events"
	"linguaport/internal/events/contracts"
	"linguaport/internal/ids"
	"linguaport/internal/testenv"
	"linguaport/svc-billing/balance"
	"linguaport/svc-billing/earnings"
	"linguaport/svc-orders/orders"
	"linguaport/svc-orders/pricing"
)

func TestMain(m *testing.M) { testenv.Main(m) }

var now = time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)

type fixture struct {
	db     *mongo.Database
	ledger *balance.MongoStore
	store  *earnings.MongoStore
	svc    earnings.Service
	handle events.Handler
	log    *slog.Logger
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	ctx := context.Background()
	db := testenv.Mongo(t)
	ledger, err := balance.NewMongoStoreNamed(ctx, db, "earnings")
	if err != nil {
		t.Fatal(err)
	}
	store, err := earnings.NewMongoStore(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	clock := func() time.Time { return now }
	svc := earnings.NewService(store, balance.NewService(ledger, clock, ids.New, func(...any) {}), earnings.DefaultThresholdMinor, clock)
	svc = earnings.LoggingMiddleware(log)(svc)
	return &fixture{db: db, ledger: ledger, store: store, svc: svc, handle: earnings.Handler(svc, log), log: log}
}

func try(n int64) balance.Money { return balance.Money{Amount: n, Currency: "TRY", Decimals: 2} }

// completed is svc-orders' own order.status_changed for a completed order (its type, so the
// contract between the two services is what is tested).
func completed(t *testing.T, orderID, translator string, pay int64) events.Event {
	t.Helper()
	e, err := events.New(context.Background(), orders.EventOrderStatusChanged, orders.OrderStatusChangedData{
		OrderID: orderID, Number: "O-2026-00001", CustomerID: "c1", TranslatorID: translator, Status: orders.Completed, At: now,
		Pay: &orders.CompletedPay{AmountUSD: pay / 34, Amount: pricing.Money{Amount: pay, Currency: "TRY", Decimals: 2}},
	})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func (f *fixture) apply(t *testing.T, e events.Event) {
	t.Helper()
	if err := f.handle(context.Background(), e); err != nil {
		t.Fatalf("%s: %v", e.Type, err)
	}
}

// setAccounts announces translator's bank accounts at version v as svc-translators does.
func (f *fixture) setAccounts(t *testing.T, translator string, v int64, accounts ...earnings.PayoutAccount) {
	t.Helper()
	e, err := events.New(context.Background(), earnings.EventPayoutAccounts,
		earnings.PayoutAccounts{TranslatorID: translator, Version: v, Accounts: accounts})
	if err != nil {
		t.Fatal(err)
	}
	f.apply(t, e)
}

var trIBAN = earnings.PayoutAccount{ID: "ba-1", IBAN: "TR330006100519786457841326", Holder: "Ayşe Yılmaz", Default: true}

// checkLedger asserts the TRY ledger adds up, entry by entry, to the balance Earnings shows, and
// returns it.
func (f *fixture) checkLedger(t *testing.T, translator string) int64 {
	t.Helper()
	ctx := context.Background()
	c, err := f.ledger.Ledger().Find(ctx, bson.D{{Key: "customerId", Value: translator}, {Key: "amount.currency", Value: "TRY"}},
		options.Find().SetSort(bson.D{{Key: "seq", Value: 1}}))
	if err != nil {
		t.Fatal(err)
	}
	var list []balance.Entry
	if err := c.All(ctx, &list); err != nil {
		t.Fatal(err)
	}
	var sum int64
	for _, e := range list {
		if e.Kind == balance.Debit {
			sum -= e.Amount.Amount
		} else {
			sum += e.Amount.Amount
		}
		if sum < 0 || e.BalanceAfter.Amount != sum {
			t.Errorf("%s: balance after %d, ledger so far %d", e.ID, e.BalanceAfter.Amount, sum)
		}
	}
	v, err := f.svc.Earnings(ctx, translator, "")
	if err != nil {
		t.Fatal(err)
	}
	if v.Balance != try(sum) {
		t.Errorf("balance %+v, ledger adds up to %d", v.Balance, sum)
	}
	return sum
}

// streamDrained reports whether group has read n entries of the orders stream, all there is,
// and acknowledged them.
func streamDrained(rdb *redis.Client, group string, n int64) bool {
	groups, err := rdb.XInfoGroups(context.Background(), events.Stream("orders")).Result()
	if err != nil {
		return false
	}
	for _, g := range groups {
		if g.Name == group {
			return g.Lag == 0 && g.Pending == 0 && g.EntriesRead == n
		}
	}
	return false
}

// A completed order credits its translator's pay once, whether the same event is delivered
// three times through the stream or the order is announced completed again under other event
// ids (also with another amount); other statuses credit nothing.
func TestCompletedOrderCreditsOnce(t *testing.T) {
	f := newFixture(t)
	ctx, cancel := context.WithCancel(context.Background())
	r := testenv.StartRedis(t)
	done := make(chan struct{})
	consumer := events.NewConsumer(r.Client, events.Stream("orders"), "svc-billing-earnings", f.db.Collection("processed_events"), f.handle, f.log)
	go func() { defer close(done); _ = consumer.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done })

	ev := completed(t, "ord-1", "tr-1", 70_176)
	pub := events.NewPublisher(r.Client)
	for range 3 {
		if err := pub.Publish(ctx, events.Stream("orders"), ev); err != nil {
			t.Fatal(err)
		}
	}
	// Wait until the group has read and acknowledged all three copies: the ledger is only
	// compared with the balance once no movement is half done.
	deadline := time.Now().Add(10 * time.Second)
	for !streamDrained(r.Client, "svc-billing-earnings", 3) && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	// The same order again under new event ids, past the consumer's dedup.
	f.apply(t, completed(t, "ord-1", "tr-1", 70_176))
	f.apply(t, completed(t, "ord-1", "tr-1", 99_999))
	f.apply(t, completed(t, "ord-1", "tr-2", 70_176))
	for _, status := range []orders.OrderStatus{orders.Delivered, orders.Assigned} {
		e, _ := events.New(ctx, orders.EventOrderStatusChanged, orders.OrderStatusChangedData{OrderID: "ord-2", TranslatorID: "tr-1", Status: status})
		f.apply(t, e)
	}
	if got := f.checkLedger(t, "tr-1"); got != 70_176 {
		t.Errorf("tr-1 earned %d, want 70176", got)
	}
	if got := f.checkLedger(t, "tr-2"); got != 0 {
		t.Errorf("tr-2 earned %d for tr-1's order", got)
	}
	v, _ := f.svc.Earnings(ctx, "tr-1", "")
	if len(v.Entries) != 1 || v.Entries[0].ID != balance.KeyEarning("ord-1") || v.Entries[0].Reason != balance.ReasonEarning ||
		v.Entries[0].Reference != "ord-1" || v.Entries[0].Label != "O-2026-00001" || v.Threshold != try(25_000) {
		t.Errorf("earnings %+v", v)
	}
}

// A sandbox order completed by the sandbox's simulated translator (authn.SandboxID("translator"))
// credits nothing, with its pay or without, and is done (no error, so the event is not retried);
// Earn itself credits nothing to a sandbox id either.
func TestSandboxTranslatorEarnsNothing(t *testing.T) {
	f := newFixture(t)
	sbx := authn.SandboxID("translator")
	f.apply(t, completed(t, "ord-sbx", sbx, 70_176))
	e, _ := events.New(context.Background(), orders.EventOrderStatusChanged,
		orders.OrderStatusChangedData{OrderID: "ord-sbx-2", TranslatorID: sbx, Status: orders.Completed, At: now})
	f.apply(t, e)
	if err := f.svc.Earn(context.Background(), "ord-sbx-3", "O-2026-00003", sbx, try(1_000)); err != nil {
		t.Errorf("earn: %v", err)
	}
	n, err := f.ledger.Ledger().CountDocuments(context.Background(), bson.D{{Key: "customerId", Value: sbx}})
	if err != nil || n != 0 {
		t.Errorf("%d entries credited to the sandbox's translator (%v)", n, err)
	}
	if got := f.checkLedger(t, sbx); got != 0 {
		t.Errorf("the sandbox's translator earned %d", got)
	}
}

// The read model keeps the newest announced accounts whatever order the announcements come in,
// and a payout goes only to an account in it.
func TestPayoutAccountsNewestWins(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	f.apply(t, completed(t, "ord-1", "tr-1", 30_000))
	de := earnings.PayoutAccount{ID: "ba-2", IBAN: "DE89370400440532013000", Holder: "Ayşe Y.", Default: true}
	f.setAccounts(t, "tr-1", 5, de)
	f.setAccounts(t, "tr-1", 3, trIBAN) // older, arriving late
	f.setAccounts(t, "tr-1", 5, trIBAN) // the same version again
	got, err := f.store.Accounts(ctx, "tr-1")
	if err != nil || got.Version != 5 || len(got.Accounts) != 1 || got.Accounts[0] != de {
		t.Fatalf("kept %+v, %v", got, err)
	}
	_, err = f.svc.RequestPayout(ctx, "tr-1", earnings.PayoutRequest{BankAccountID: "ba-1", Key: "k1"})
	if !errors.Is(err, earnings.ErrBankAccountNotFound) {
		t.Errorf("payout to an account no longer there: %v", err)
	}
	if _, err := f.svc.RequestPayout(ctx, "tr-2", earnings.PayoutRequest{BankAccountID: "ba-2", Key: "k1"}); !errors.Is(err, earnings.ErrBankAccountNotFound) {
		t.Errorf("payout to another translator's account: %v", err)
	}
	f.setAccounts(t, "tr-1", 6) // every account deleted
	if got, _ := f.store.Accounts(ctx, "tr-1"); got.Version != 6 || len(got.Accounts) != 0 {
		t.Errorf("after deleting all: %+v", got)
	}
	if f.checkLedger(t, "tr-1") != 30_000 {
		t.Error("a refused payout moved money")
	}
}

// Below the threshold a payout is refused with what is missing; the whole balance is paid out
// once per Idempotency-Key, with the IBAN copied; a key reused for another request is refused.
func TestPayoutThresholdAndIdempotency(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	f.setAccounts(t, "tr-1", 1, trIBAN)
	f.apply(t, completed(t, "ord-1", "tr-1", 20_000))
	var below *earnings.BelowThreshold
	_, err := f.svc.RequestPayout(ctx, "tr-1", earnings.PayoutRequest{BankAccountID: "ba-1", Key: "k1"})
	if !errors.As(err, &below) || below.Missing != try(5_000) || below.Threshold != try(25_000) {
		t.Fatalf("whole balance of 200 TRY: %v", err)
	}
	f.apply(t, completed(t, "ord-2", "tr-1", 15_000))
	_, err = f.svc.RequestPayout(ctx, "tr-1", earnings.PayoutRequest{BankAccountID: "ba-1", Key: "k2", Amount: &balance.Money{Amount: 24_999}})
	if !errors.As(err, &below) || below.Missing != try(1) {
		t.Fatalf("an amount under the threshold: %v", err)
	}
	var low *earnings.Insufficient
	_, err = f.svc.RequestPayout(ctx, "tr-1", earnings.PayoutRequest{BankAccountID: "ba-1", Key: "k3", Amount: &balance.Money{Amount: 40_000, Currency: "TRY"}})
	if !errors.As(err, &low) || low.Missing != try(5_000) {
		t.Fatalf("over the balance: %v", err)
	}
	p, err := f.svc.RequestPayout(ctx, "tr-1", earnings.PayoutRequest{BankAccountID: "ba-1", Key: "k4"})
	if err != nil {
		t.Fatal(err)
	}
	if p.Status != earnings.Requested || p.Amount != try(35_000) || p.IBAN != trIBAN.IBAN || p.Holder != trIBAN.Holder || p.TranslatorID != "tr-1" {
		t.Errorf("payout %+v", p)
	}
	again, err := f.svc.RequestPayout(ctx, "tr-1", earnings.PayoutRequest{BankAccountID: "ba-1", Key: "k4"})
	if err != nil || again.ID != p.ID {
		t.Errorf("the same request again: %+v, %v", again, err)
	}
	if _, err := f.svc.RequestPayout(ctx, "tr-1", earnings.PayoutRequest{BankAccountID: "ba-1", Key: "k4", Amount: &balance.Money{Amount: 30_000}}); !errors.Is(err, earnings.ErrKeyReused) {
		t.Errorf("the key with another amount: %v", err)
	}
	// Changing the account afterwards changes nothing in the payout.
	f.setAccounts(t, "tr-1", 2, earnings.PayoutAccount{ID: "ba-1", IBAN: "DE89370400440532013000", Holder: "X", Default: true})
	if got, _ := f.store.Payout(ctx, p.ID); got.IBAN != trIBAN.IBAN {
		t.Errorf("stored payout's IBAN %s", got.IBAN)
	}
	if f.checkLedger(t, "tr-1") != 0 {
		t.Error("balance after paying out the whole")
	}
	list, _ := f.svc.Payouts(ctx, "tr-1")
	v, _ := f.svc.Earnings(ctx, "tr-1", "")
	if len(list) != 1 || len(v.Payouts) != 1 || v.Payouts[0].ID != p.ID {
		t.Errorf("payouts %+v, earnings' %+v", list, v.Payouts)
	}
}

// Racing payout requests (each with its own key, across four processes' stores) never take the
// balance below zero: exactly as many are made as the balance covers.
func TestConcurrentPayoutsNeverOverdraw(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	f.setAccounts(t, "tr-1", 1, trIBAN)
	for i := range 4 {
		f.apply(t, completed(t, fmt.Sprintf("ord-%d", i), "tr-1", 25_000))
	}
	var svcs []earnings.Service
	for range 4 {
		ledger, err := balance.NewMongoStoreNamed(ctx, f.db, "earnings")
		if err != nil {
			t.Fatal(err)
		}
		clock := func() time.Time { return now }
		svcs = append(svcs, earnings.NewService(f.store, balance.NewService(ledger, clock, ids.New, func(...any) {}), 25_000, clock))
	}
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		made     int
		refusals int
	)
	for i := range 16 {
		wg.Go(func() {
			r := earnings.PayoutRequest{BankAccountID: "ba-1", Key: fmt.Sprintf("race-%d", i), Amount: &balance.Money{Amount: 30_000}}
			if i%2 == 0 {
				r.Amount = nil // the whole balance
			}
			_, err := svcs[i%4].RequestPayout(ctx, "tr-1", r)
			var (
				low   *earnings.Insufficient
				below *earnings.BelowThreshold
			)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				made++
			case errors.As(err, &low), errors.As(err, &below):
				refusals++
			default:
				t.Errorf("request %d: %v", i, err)
			}
		})
	}
	wg.Wait()
	left := f.checkLedger(t, "tr-1")
	list, _ := f.svc.Payouts(ctx, "tr-1")
	var out int64
	for _, p := range list {
		out += p.Amount.Amount
	}
	t.Logf("%d payouts made, %d refused, %d TRY minor units left", made, refusals, left)
	if made == 0 || made != len(list) || out+left != 100_000 || made+refusals != 16 {
		t.Errorf("%d payouts of %d in all, %d left, %d refused", made, out, left, refusals)
	}
}

// Staff mark a payout paid once; a paid payout cannot be rejected; a rejected one is credited
// back once however often it is rejected, and can no longer be paid.
func TestPaidOnceRejectCreditsBackOnce(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	f.setAccounts(t, "tr-1", 1, trIBAN)
	f.apply(t, completed(t, "ord-1", "tr-1", 60_000))
	a, err := f.svc.RequestPayout(ctx, "tr-1", earnings.PayoutRequest{BankAccountID: "ba-1", Key: "a", Amount: &balance.Money{Amount: 30_000}})
	if err != nil {
		t.Fatal(err)
	}
	b, err := f.svc.RequestPayout(ctx, "tr-1", earnings.PayoutRequest{BankAccountID: "ba-1", Key: "b"})
	if err != nil {
		t.Fatal(err)
	}
	if page, _ := f.svc.PayoutsIn(ctx, earnings.PayoutQuery{}); len(page.Payouts) != 2 || page.Payouts[0].ID == page.Payouts[1].ID ||
		(page.Payouts[0].ID != a.ID && page.Payouts[1].ID != a.ID) || (page.Payouts[0].ID != b.ID && page.Payouts[1].ID != b.ID) {
		t.Fatalf("requested payouts %+v", page)
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			if p, err := f.svc.MarkPaid(ctx, a.ID, "staff-1"); err != nil || p.Status != earnings.Paid || p.DecidedBy != "staff-1" {
				t.Errorf("paid: %+v, %v", p, err)
			}
		})
		wg.Go(func() {
			if p, err := f.svc.Reject(ctx, b.ID, "staff-2", "IBAN sahibi farklı"); err != nil || p.Status != earnings.Rejected || p.Reason != "IBAN sahibi farklı" {
				t.Errorf("reject: %+v, %v", p, err)
			}
		})
	}
	wg.Wait()
	// Each decision queued its one event in the write that made it, however many staff clicked:
	// what svc-auth needs to tell the translator.
	for id, want := range map[string]string{a.ID: earnings.EventPayoutPaid, b.ID: earnings.EventPayoutRejected} {
		var doc earnings.Payout
		if err := f.store.Collection().FindOne(ctx, bson.D{{Key: "_id", Value: id}}).Decode(&doc); err != nil {
			t.Fatal(err)
		}
		if len(doc.Pending) != 1 || doc.Pending[0].Type != want {
			t.Fatalf("payout %s queued %+v, want one %s", id, doc.Pending, want)
		}
		if err := contracts.Check(want, []byte(doc.Pending[0].Data)); err != nil {
			t.Error(err)
		}
		var d earnings.DecidedData
		if err := doc.Pending[0].Decode(&d); err != nil {
			t.Fatal(err)
		}
		if d.PayoutID != id || d.TranslatorID != "tr-1" || d.Amount.Amount != 30_000 || d.Formatted.TR != "300,00 ₺" || d.Formatted.EN != "₺300.00" ||
			d.IBANLast4 != "1326" || !d.DecidedAt.Equal(now) || (want == earnings.EventPayoutRejected) != (d.Reason == "IBAN sahibi farklı") {
			t.Errorf("%s: %+v", want, d)
		}
	}
	if _, err := f.svc.Reject(ctx, a.ID, "staff-1", "late"); !errors.Is(err, earnings.ErrPayoutDecided) {
		t.Errorf("rejecting a paid payout: %v", err)
	}
	if _, err := f.svc.MarkPaid(ctx, b.ID, "staff-1"); !errors.Is(err, earnings.ErrPayoutDecided) {
		t.Errorf("paying a rejected payout: %v", err)
	}
	if _, err := f.svc.MarkPaid(ctx, "po-nope", "staff-1"); !errors.Is(err, earnings.ErrPayoutNotFound) {
		t.Errorf("unknown payout: %v", err)
	}
	if got := f.checkLedger(t, "tr-1"); got != 30_000 {
		t.Errorf("balance %d after one payout paid and one of 300 TRY rejected, want 30000", got)
	}
	if n, _ := f.ledger.Ledger().CountDocuments(ctx, bson.D{{Key: "_id", Value: balance.KeyPayoutReturned(b.ID)}}); n != 1 {
		t.Errorf("%d returns of the rejected payout", n)
	}
	if page, _ := f.svc.PayoutsIn(ctx, earnings.PayoutQuery{Status: earnings.Requested}); len(page.Payouts) != 0 {
		t.Errorf("still requested: %+v", page)
	}
}

// A reject that died after marking the payout as being rejected is finished by the next one, and
// the payout cannot be paid meanwhile.
func TestInterruptedRejectIsFinished(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	f.setAccounts(t, "tr-1", 1, trIBAN)
	f.apply(t, completed(t, "ord-1", "tr-1", 30_000))
	p, err := f.svc.RequestPayout(ctx, "tr-1", earnings.PayoutRequest{BankAccountID: "ba-1", Key: "a"})
	if err != nil {
		t.Fatal(err)
	}
	if err := f.store.StartRejecting(ctx, p.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.MarkPaid(ctx, p.ID, "staff-1"); !errors.Is(err, earnings.ErrPayoutDecided) {
		t.Errorf("paying while a reject is under way: %v", err)
	}
	if page, _ := f.svc.PayoutsIn(ctx, earnings.PayoutQuery{}); len(page.Payouts) != 1 {
		t.Errorf("the half-rejected payout is not in staff's list: %+v", page)
	}
	if got, err := f.svc.Reject(ctx, p.ID, "staff-1", "again"); err != nil || got.Status != earnings.Rejected {
		t.Fatalf("reject again: %+v, %v", got, err)
	}
	if f.checkLedger(t, "tr-1") != 30_000 {
		t.Error("not credited back")
	}
}

// A request that died between its debit and its payout document leaves payout.requested in the
// account's outbox (the debit's own write); handling it writes the document, once.
func TestPayoutWrittenFromItsEvent(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	f.setAccounts(t, "tr-1", 1, trIBAN)
	f.apply(t, completed(t, "ord-1", "tr-1", 30_000))
	p, err := f.svc.RequestPayout(ctx, "tr-1", earnings.PayoutRequest{BankAccountID: "ba-1", Key: "a"})
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		events.Outbox `bson:",inline"`
	}
	if err := f.ledger.Accounts().FindOne(ctx, bson.D{{Key: "_id", Value: "tr-1"}}).Decode(&doc); err != nil || len(doc.Pending) != 1 {
		t.Fatalf("outbox %+v, %v", doc.Pending, err)
	}
	if _, err := f.store.PayoutCollection().DeleteOne(ctx, bson.D{{Key: "_id", Value: p.ID}}); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		f.apply(t, doc.Pending[0])
	}
	got, err := f.store.Payout(ctx, p.ID)
	if err != nil || got.Amount != p.Amount || got.IBAN != p.IBAN || got.Status != earnings.Requested || !got.Whole {
		t.Errorf("written from the event: %+v, %v", got, err)
	}
	if f.checkLedger(t, "tr-1") != 0 {
		t.Error("the event moved money")
	}
	if again, err := f.svc.RequestPayout(ctx, "tr-1", earnings.PayoutRequest{BankAccountID: "ba-1", Key: "a"}); err != nil || again.ID != p.ID {
		t.Errorf("the request repeated: %+v, %v", again, err)
	}
}
