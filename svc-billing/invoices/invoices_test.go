package invoices_test

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"linguaport/internal/authn"
	"linguaport/internal/events"
	"linguaport/internal/i18n"
	"linguaport/internal/testenv"
	"linguaport/svc-billing/invoices"
	"linguaport/svc-billing/profile"
)

func TestMain(m *testing.M) { testenv.Main(m) }

// The one rounding rule: VAT on the net total, net × rate / 100, half up to the minor unit.
func TestVATRounding(t *testing.T) {
	for _, c := range []struct {
		net  int64
		rate int
		vat  int64
	}{
		{187_000, 20, 37_400}, // 1.870,00 ₺ → 374,00 ₺
		{6_800, 20, 1_360},
		{1, 20, 0},  // 0.2 kuruş down
		{3, 20, 1},  // 0.6 up
		{5, 10, 1},  // exactly half: up
		{4, 10, 0},  // 0.4 down
		{25, 18, 5}, // 4.5: up
		{49, 1, 0},  // 0.49 down
		{50, 1, 1},  // 0.5 up
		{150, 1, 2}, // 1.5 up
		{149, 1, 1}, // 1.49 down
		{99_999, 20, 20_000},
		{12_345, 0, 0},
		{0, 20, 0},
	} {
		if got := invoices.VATOf(c.net, c.rate); got != c.vat {
			t.Errorf("VAT of %d at %d%% = %d, want %d", c.net, c.rate, got, c.vat)
		}
	}
}

// Invoices are numbered by the year in Turkey, where the last hours of 31 December UTC are
// already the new year.
func TestYearOf(t *testing.T) {
	for _, c := range []struct {
		at   string
		year int
	}{
		{"2026-12-31T20:59:59Z", 2026},
		{"2026-12-31T21:00:00Z", 2027},
		{"2026-01-01T00:00:00Z", 2026},
	} {
		at, _ := time.Parse(time.RFC3339, c.at)
		if got := invoices.YearOf(at); got != c.year {
			t.Errorf("%s: %d, want %d", c.at, got, c.year)
		}
	}
	if n := invoices.FormatNumber(2026, 7); n != "LPA2026000000007" {
		t.Errorf("number %s", n)
	}
}

type fixture struct {
	store    *invoices.MongoStore
	profiles *profile.MongoStore
	svc      invoices.Service
	db       *mongo.Database
}

var issuedAt = time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)

func newFixture(t *testing.T) *fixture {
	t.Helper()
	ctx := context.Background()
	db := testenv.Mongo(t)
	store, err := invoices.NewMongoStore(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	profiles, _ := profile.NewMongoStore(ctx, db)
	svc := invoices.NewService(store, profiles, 20, 7, func() time.Time { return issuedAt }, func(...any) {})
	return &fixture{store: store, profiles: profiles, svc: svc, db: db}
}

// approved is a quote.approved of two lines in TRY at 27.5, like svc-orders sends.
func approved(quote, customer string) invoices.QuoteApproved {
	try := func(n int64) invoices.Money { return invoices.Money{Amount: n, Currency: "TRY", Decimals: 2} }
	return invoices.QuoteApproved{
		QuoteID: quote, Number: "Q-" + quote, OrderID: "o-" + quote, OrderNumber: "O-" + quote, CustomerID: customer,
		Service: "professional-translation", TotalUSD: 6_800, Total: try(187_000), RateMicros: 27_500_000, Currency: "TRY",
		Lines: []invoices.ApprovedLine{
			{TargetLanguage: "en", Description: i18n.Text{TR: "TR → EN", EN: "TR → EN"}, Quantity: 400, Unit: "word", AmountUSD: 3_400, Amount: try(93_500)},
			{TargetLanguage: "de", Description: i18n.Text{TR: "TR → DE", EN: "TR → DE"}, Quantity: 400, Unit: "word", AmountUSD: 3_400, Amount: try(93_500)},
		},
	}
}

func event(t *testing.T, q invoices.QuoteApproved) events.Event {
	t.Helper()
	e, err := events.New(context.Background(), invoices.EventQuoteApproved, q)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func (f *fixture) numbers(t *testing.T) []int64 {
	t.Helper()
	cur, err := f.store.Collection().Find(context.Background(), bson.D{})
	if err != nil {
		t.Fatal(err)
	}
	var all []invoices.Invoice
	if err := cur.All(context.Background(), &all); err != nil {
		t.Fatal(err)
	}
	var seqs []int64
	for _, inv := range all {
		if inv.Number != invoices.FormatNumber(2026, inv.Seq) {
			t.Errorf("invoice %s: number %q, seq %d", inv.ID, inv.Number, inv.Seq)
		}
		seqs = append(seqs, inv.Seq)
	}
	slices.Sort(seqs)
	return seqs
}

func want(n int) []int64 {
	out := make([]int64, n)
	for i := range out {
		out[i] = int64(i + 1)
	}
	return out
}

// 16 quotes approved at once, each event delivered once more on top (by the same and by a
// second consumer): 16 invoices, numbered exactly 1 to 16.
func TestNumbersAreGaplessUnderConcurrency(t *testing.T) {
	f := newFixture(t)
	handle := invoices.Handler(f.svc)
	var evs []events.Event
	for i := range 16 {
		evs = append(evs, event(t, approved(fmt.Sprintf("q%02d", i), fmt.Sprintf("c%d", i%3))))
	}
	// Every fourth event also arrives again under a new event id (svc-orders replaying an approval).
	deliveries := slices.Clone(evs)
	deliveries = append(deliveries, evs...)
	for i := 0; i < 16; i += 4 {
		deliveries = append(deliveries, event(t, approved(fmt.Sprintf("q%02d", i), fmt.Sprintf("c%d", i%3))))
	}
	var wg sync.WaitGroup
	for _, e := range deliveries {
		wg.Go(func() {
			if err := handle(context.Background(), e); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if got := f.numbers(t); !slices.Equal(got, want(16)) {
		t.Fatalf("numbers %v", got)
	}
	var c struct {
		Seq     int64 `bson:"seq"`
		Pending any   `bson:"pending"`
	}
	if err := f.db.Collection("invoice_counters").FindOne(context.Background(), bson.D{{Key: "_id", Value: "2026"}}).Decode(&c); err != nil || c.Seq != 16 || c.Pending != nil {
		t.Errorf("counter %+v %v", c, err)
	}
}

// A process that died after reserving a number leaves it in the counter's slot: the next
// numbering writes it on its invoice first, then takes the next one, so nothing is skipped.
func TestReservationLeftByADeadProcessIsCompleted(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	if _, err := f.svc.Issue(ctx, approved("first", "c1")); err != nil {
		t.Fatal(err)
	}
	// The dead process had stored its invoice and reserved number 2 for it, and no more.
	orphan := invoices.Invoice{ID: invoices.IDFor("orphan"), Year: 2026, Status: invoices.Pending, CustomerID: "c2", QuoteID: "orphan", IssuedAt: issuedAt}
	if _, err := f.store.Insert(ctx, orphan); err != nil {
		t.Fatal(err)
	}
	counters := f.db.Collection("invoice_counters")
	if _, err := counters.UpdateOne(ctx, bson.D{{Key: "_id", Value: "2026"}},
		bson.D{{Key: "$set", Value: bson.D{{Key: "seq", Value: 2}, {Key: "pending", Value: bson.D{{Key: "invoice", Value: orphan.ID}, {Key: "number", Value: 2}}}}}}); err != nil {
		t.Fatal(err)
	}
	next, err := f.svc.Issue(ctx, approved("next", "c1"))
	if err != nil {
		t.Fatal(err)
	}
	if next.Number != "LPA2026000000003" {
		t.Errorf("next invoice %s", next.Number)
	}
	if got, _ := f.store.Invoice(ctx, orphan.ID); got.Number != "LPA2026000000002" {
		t.Errorf("orphan %q", got.Number)
	}

	// A reservation for an invoice that another delivery numbered meanwhile is given back:
	// the next invoice gets that number, not the one after.
	if _, err := counters.UpdateOne(ctx, bson.D{{Key: "_id", Value: "2026"}},
		bson.D{{Key: "$set", Value: bson.D{{Key: "seq", Value: 4}, {Key: "pending", Value: bson.D{{Key: "invoice", Value: next.ID}, {Key: "number", Value: 4}}}}}}); err != nil {
		t.Fatal(err)
	}
	last, err := f.svc.Issue(ctx, approved("last", "c1"))
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := f.store.Invoice(ctx, next.ID); last.Number != "LPA2026000000004" || got.Number != "LPA2026000000003" {
		t.Errorf("after a stale reservation: last %s, next %s", last.Number, got.Number)
	}
	if got := f.numbers(t); !slices.Equal(got, want(4)) {
		t.Errorf("numbers %v", got)
	}
}

// An invoice stored by a process that died before numbering it is numbered when the event comes
// again, and stays one invoice.
func TestRedeliveryNumbersAStoredInvoice(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	q := approved("q1", "c1")
	stored := invoices.Invoice{ID: invoices.IDFor(q.QuoteID), Year: 2026, Status: invoices.Pending, CustomerID: q.CustomerID, QuoteID: q.QuoteID, IssuedAt: issuedAt}
	if _, err := f.store.Insert(ctx, stored); err != nil {
		t.Fatal(err)
	}
	inv, err := f.svc.Issue(ctx, q)
	if err != nil || inv.Number != "LPA2026000000001" {
		t.Fatalf("%+v %v", inv, err)
	}
	again, err := f.svc.Issue(ctx, q)
	if err != nil || again.Number != inv.Number {
		t.Errorf("again %+v %v", again, err)
	}
	if n, _ := f.store.Collection().CountDocuments(ctx, bson.D{{Key: "quoteId", Value: q.QuoteID}}); n != 1 {
		t.Errorf("%d invoices", n)
	}
}

// The quote's lines were converted one by one; the invoice's lines add up to exactly the total
// the customer approved, the last line taking the rounding difference.
func TestLinesAddUpToTheApprovedTotal(t *testing.T) {
	f := newFixture(t)
	q := approved("odd", "c1")
	q.Total.Amount = 187_001
	q.TotalUSD = 6_801
	inv, err := f.svc.Issue(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	if inv.Lines[0].Amount != 93_500 || inv.Lines[1].Amount != 93_501 || inv.Lines[1].AmountUSD != 3_401 ||
		inv.Totals.Net != 187_001 || inv.TotalsUSD.Net != 6_801 {
		t.Errorf("lines %+v totals %+v %+v", inv.Lines, inv.Totals, inv.TotalsUSD)
	}
	if inv.Totals.VAT != 37_400 || inv.Totals.Total != 224_401 || inv.TotalsUSD.VAT != 1_360 || inv.TotalsUSD.Total != 8_161 {
		t.Errorf("VAT %+v %+v", inv.Totals, inv.TotalsUSD)
	}
}

// An invoice read in the moment between its insert and its numbering (or left so by a process
// that died there) is numbered before it is shown, to its owner's list and to one read.
func TestAnInvoiceIsShownOnlyNumbered(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	for _, q := range []string{"listed", "read"} {
		inv := invoices.Invoice{ID: invoices.IDFor(q), Year: 2026, Status: invoices.Pending, CustomerID: "c-" + q, QuoteID: q, IssuedAt: issuedAt}
		if _, err := f.store.Insert(ctx, inv); err != nil {
			t.Fatal(err)
		}
	}
	list, next, err := f.svc.Invoices(ctx, "c-listed", invoices.OwnQuery{})
	if err != nil || len(list) != 1 || list[0].Number != "LPA2026000000001" || next != "" {
		t.Errorf("list %+v next %q %v", list, next, err)
	}
	one, err := f.svc.Invoice(ctx, authn.Caller{ID: "c-read", Role: authn.RoleCustomer}, invoices.IDFor("read"))
	if err != nil || one.Number != "LPA2026000000002" {
		t.Errorf("read %+v %v", one, err)
	}
	if _, err := f.svc.Invoice(ctx, authn.Caller{ID: "c-listed", Role: authn.RoleCustomer}, invoices.IDFor("read")); err != invoices.ErrNotFound {
		t.Errorf("another customer's invoice: %v", err)
	}
	if got := f.numbers(t); !slices.Equal(got, want(2)) {
		t.Errorf("numbers %v", got)
	}
}

// Refunds give return documents numbers of their own series, gapless however they race: eight
// paid invoices refunded at once, each refund clicked twice, get LPR2026000000001 to 8, and
// their invoice numbers stay as they were.
func TestReturnsAreNumberedInTheirOwnSeries(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	var ids []string
	for i := range 8 {
		inv, err := f.svc.Issue(ctx, approved(fmt.Sprintf("r%02d", i), "c1"))
		if err != nil {
			t.Fatal(err)
		}
		paidAt := issuedAt.Add(time.Hour)
		if _, err := f.store.Update(ctx, inv.ID, func(inv *invoices.Invoice) (*invoices.Invoice, error) {
			inv.Status, inv.PaidAt = invoices.Paid, &paidAt
			return inv, nil
		}); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, inv.ID)
	}
	if inv, err := f.store.NumberReturn(ctx, ids[0]); err != nil || inv.ReturnNumber != "" {
		t.Fatalf("a paid invoice got a return number: %q %v", inv.ReturnNumber, err)
	}
	var wg sync.WaitGroup
	for _, id := range append(slices.Clone(ids), ids...) {
		wg.Go(func() {
			if inv, err := f.svc.Refund(ctx, id); err != nil || inv.ReturnNumber == "" {
				t.Errorf("refund %s: %q %v", id, inv.ReturnNumber, err)
			}
		})
	}
	wg.Wait()
	var seqs []int64
	for _, id := range ids {
		inv, err := f.store.Invoice(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if inv.ReturnNumber != invoices.FormatReturnNumber(2026, inv.ReturnSeq) || inv.Number != invoices.FormatNumber(2026, inv.Seq) {
			t.Errorf("%s: number %s (%d), return %s (%d)", id, inv.Number, inv.Seq, inv.ReturnNumber, inv.ReturnSeq)
		}
		seqs = append(seqs, inv.ReturnSeq)
	}
	slices.Sort(seqs)
	if !slices.Equal(seqs, want(8)) {
		t.Errorf("return numbers %v", seqs)
	}
	if got := f.numbers(t); !slices.Equal(got, want(8)) {
		t.Errorf("invoice numbers %v", got)
	}
}
