package invoices_test

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"linguaport/svc-billing/invoices"
)

// clockAt is a service clock the test moves.
type clockAt struct{ at atomic.Pointer[time.Time] }

func (c *clockAt) set(rfc3339 string) {
	at, err := time.Parse(time.RFC3339, rfc3339)
	if err != nil {
		panic(err)
	}
	c.at.Store(&at)
}

func (c *clockAt) now() time.Time { return *c.at.Load() }

// byYear is every stored invoice's seq by its year, each checked to carry the number of its
// own year's series.
func (f *fixture) byYear(t *testing.T) map[int][]int64 {
	t.Helper()
	cur, err := f.store.Collection().Find(context.Background(), bson.D{})
	if err != nil {
		t.Fatal(err)
	}
	var all []invoices.Invoice
	if err := cur.All(context.Background(), &all); err != nil {
		t.Fatal(err)
	}
	out := map[int][]int64{}
	for _, inv := range all {
		if inv.Number != invoices.FormatNumber(inv.Year, inv.Seq) {
			t.Errorf("invoice %s of %d: number %q, seq %d", inv.ID, inv.Year, inv.Number, inv.Seq)
		}
		out[inv.Year] = append(out[inv.Year], inv.Seq)
	}
	for _, seqs := range out {
		slices.Sort(seqs)
	}
	return out
}

// At 2026-12-31T21:00Z it is already 1 January 2027 in Türkiye: that invoice opens the 2027
// series at 1, while an invoice issued a minute earlier (20:59Z, still 2026 there) continues the
// 2026 series where it was; neither series skips or repeats a number.
func TestNumberingAcrossTheTurkishNewYear(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	var clock clockAt
	svc := invoices.NewService(f.store, f.profiles, 20, 7, clock.now, func(...any) {})
	issue := func(quote, at, number string, year int) {
		t.Helper()
		clock.set(at)
		inv, err := svc.Issue(ctx, approved(quote, "c1"))
		if err != nil {
			t.Fatal(err)
		}
		if inv.Number != number || inv.Year != year {
			t.Errorf("issued at %s: %s of %d, want %s of %d", at, inv.Number, inv.Year, number, year)
		}
	}
	issue("dec-1", "2026-12-31T10:00:00Z", "LPA2026000000001", 2026)
	issue("dec-2", "2026-12-31T18:30:00Z", "LPA2026000000002", 2026)
	issue("jan-1", "2026-12-31T21:00:00Z", "LPA2027000000001", 2027)
	// Issued at 20:59Z (a consumer that read the approval a moment late): still 2026 in Türkiye.
	issue("dec-3", "2026-12-31T20:59:00Z", "LPA2026000000003", 2026)
	issue("jan-2", "2027-01-01T09:00:00Z", "LPA2027000000002", 2027)

	got := f.byYear(t)
	if !slices.Equal(got[2026], want(3)) || !slices.Equal(got[2027], want(2)) || len(got) != 2 {
		t.Errorf("numbers by year %v", got)
	}

	// Both sides of the boundary at once, from two processes whose clocks straddle it: each
	// series stays gapless and no invoice takes a number of the other year.
	var late, early clockAt
	late.set("2026-12-31T20:59:59Z")
	early.set("2026-12-31T21:00:00Z")
	old := invoices.NewService(f.store, f.profiles, 20, 7, late.now, func(...any) {})
	young := invoices.NewService(f.store, f.profiles, 20, 7, early.now, func(...any) {})
	var wg sync.WaitGroup
	for i := range 16 {
		svc := old
		if i%2 == 1 {
			svc = young
		}
		wg.Go(func() {
			if _, err := svc.Issue(ctx, approved(fmt.Sprintf("edge-%02d", i), "c2")); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	got = f.byYear(t)
	if !slices.Equal(got[2026], want(3+8)) || !slices.Equal(got[2027], want(2+8)) {
		t.Errorf("numbers by year after the concurrent edge %v", got)
	}
	for year, seq := range map[string]int64{"2026": 11, "2027": 10} {
		var c struct {
			Seq     int64 `bson:"seq"`
			Pending any   `bson:"pending"`
		}
		err := f.db.Collection("invoice_counters").FindOne(ctx, bson.D{{Key: "_id", Value: year}}).Decode(&c)
		if err != nil || c.Seq != seq || c.Pending != nil {
			t.Errorf("counter %s: %+v %v, want seq %d", year, c, err, seq)
		}
	}
}

// VAT_RATE_PERCENT reaches the invoice as the service's rate: at 10 % the VAT line reads
// "KDV %10" / "VAT 10%" and the totals are net + 10 %, in the display currency and in USD.
func TestConfiguredVATRate(t *testing.T) {
	f := newFixture(t)
	svc := invoices.NewService(f.store, f.profiles, 10, 7, func() time.Time { return issuedAt }, func(...any) {})
	q := approved("ten", "c-ten")
	q.Total.Amount, q.TotalUSD = 187_005, 6_805 // the last line takes the odd 5: VAT rounds half up
	q.Lines[1].Amount.Amount, q.Lines[1].AmountUSD = 93_505, 3_405
	inv, err := svc.Issue(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	if len(inv.Lines) != 3 {
		t.Fatalf("lines %+v", inv.Lines)
	}
	vat := inv.Lines[2]
	if vat.Kind != invoices.KindVAT || vat.RatePercent != 10 || inv.VATPercent != 10 || !inv.InTurkey ||
		vat.Description.TR != "KDV %10" || vat.Description.EN != "VAT 10%" {
		t.Errorf("VAT line %+v (invoice rate %d)", vat, inv.VATPercent)
	}
	// 1.870,05 × 10 % = 187,005 → 187,01; 68,05 USD × 10 % = 6,805 → 6,81.
	if vat.Amount != 18_701 || vat.AmountUSD != 681 ||
		inv.Totals != (invoices.Totals{Net: 187_005, VAT: 18_701, Total: 205_706}) ||
		inv.TotalsUSD != (invoices.Totals{Net: 6_805, VAT: 681, Total: 7_486}) {
		t.Errorf("VAT %d/%d, totals %+v %+v", vat.Amount, vat.AmountUSD, inv.Totals, inv.TotalsUSD)
	}
	// Stored as issued: a later read shows the same rate and figures.
	stored, err := f.store.Invoice(context.Background(), inv.ID)
	if err != nil || stored.VATPercent != 10 || stored.Totals != inv.Totals || stored.Lines[2].Description != vat.Description {
		t.Errorf("stored %+v %v", stored, err)
	}
}
