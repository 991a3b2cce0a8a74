package api_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"linguaport/svc-billing/invoices"
)

// fixedRates is svc-geo's table as far as the revenue asks it: 27.5 TRY per USD (spec §9).
type fixedRates struct{}

func (fixedRates) RateMicros(_ context.Context, currency string) (int64, error) {
	if currency != "TRY" {
		return 0, fmt.Errorf("no rate for %s", currency)
	}
	return 27_500_000, nil
}

// booked stores a paid (or refunded) invoice straight into the store: its net in its own
// currency and in USD cents, paid at paid, refunded at refunded when set.
func (b *billing) booked(t *testing.T, id, currency string, net, netUSD int64, paid time.Time, refunded *time.Time) {
	t.Helper()
	status := invoices.Paid
	if refunded != nil {
		status = invoices.Refunded
	}
	inv := invoices.Invoice{ID: id, QuoteID: "q-" + id, Year: 2026, Status: status, CustomerID: "c-rev", Currency: currency,
		Totals: invoices.Totals{Net: net, Total: net}, TotalsUSD: invoices.Totals{Net: netUSD, Total: netUSD},
		IssuedAt: paid.Add(-time.Hour), PaidAt: &paid, RefundedAt: refunded}
	if _, err := b.invoices.Insert(context.Background(), inv); err != nil {
		t.Fatal(err)
	}
}

// The dashboard's revenue: the net of the invoices paid in each ISO week of Istanbul (Monday
// 00:00 there is Sunday 21:00 UTC), converted from their USD figure at 27.5 TRY per USD invoice by
// invoice (rounded half up), refunds subtracted in the week of the refund; invoices paid before
// the 12 weeks, or not paid, are left out; the currency mix sums each currency. The fixture's
// clock is Monday 23 November 2026 (week 48). Each query is on an index (testenv fails the test
// otherwise).
func TestStaffRevenue(t *testing.T) {
	b := newBilling(t)
	admin := b.staffToken("staff-1", "Selin")
	mondayW48 := time.Date(2026, 11, 22, 21, 0, 0, 0, time.UTC) // 00:00 on the 23rd in Istanbul
	// Sunday 23:59 in Istanbul: still week 47. 1.000,00 ₺ net, 36.36 $.
	b.booked(t, "inv-try", "TRY", 100_000, 3_636, mondayW48.Add(-time.Minute), nil)
	// Monday 00:00 in Istanbul: week 48. 100 $ net.
	b.booked(t, "inv-usd", "USD", 10_000, 10_000, mondayW48, nil)
	// Paid in week 46, refunded in week 48: counted in 46, subtracted in 48.
	refunded := mondayW48.Add(2 * time.Hour)
	b.booked(t, "inv-eur", "EUR", 8_500, 10_000, mondayW48.AddDate(0, 0, -10), &refunded)
	// 3 ¥ is 0.03 $: 0.825 ₺ rounds up to 83 kuruş.
	b.booked(t, "inv-jpy", "JPY", 3, 3, mondayW48.Add(time.Hour), nil)
	// Paid 12 weeks before week 48's Monday: week 36, outside the window.
	b.booked(t, "inv-old", "USD", 50_000, 50_000, mondayW48.AddDate(0, 0, -7*12+1), nil)
	b.stored(t, "inv-pending", "c-rev", invoices.Pending, mondayW48, nil)

	a := b.call(t, "/api/v1/billing/admin/revenue", admin, "en")
	if a.status != 200 || a.body["currency"] != "TRY" || a.body["decimals"] != 2.0 || a.body["rateMicros"] != 27_500_000.0 {
		t.Fatalf("revenue: %d %v", a.status, a.body)
	}
	weeks := asList(a.body["weeks"])
	if len(weeks) != 12 {
		t.Fatalf("%d weeks", len(weeks))
	}
	week := func(i int) map[string]any { return weeks[i].(map[string]any) }
	if week(11)["week"] != "2026-W48" || week(11)["date"] != "2026-11-23" || week(11)["start"] != "2026-11-22T21:00:00Z" || week(0)["week"] != "2026-W37" {
		t.Errorf("window: %v … %v", week(0), week(11))
	}
	want := map[int][5]float64{ // paid, refunded, net, invoices, refunds
		11: {275_000 + 83, 275_000, 83, 2, 1},
		10: {99_990, 0, 99_990, 1, 0},
		9:  {275_000, 0, 275_000, 1, 0},
	}
	for i := range 12 {
		w := want[i]
		got := [5]float64{}
		for j, k := range []string{"paid", "refunded", "net", "invoices", "refunds"} {
			got[j] = week(i)[k].(float64)
		}
		if got != w {
			t.Errorf("week %s: %v, want %v", week(i)["week"], got, w)
		}
	}
	totals := a.body["totals"].(map[string]any)
	if totals["paid"] != 650_073.0 || totals["refunded"] != 275_000.0 || totals["net"] != 375_073.0 || totals["invoices"] != 4.0 {
		t.Errorf("totals: %v", totals)
	}
	var mix []string
	for _, v := range asList(a.body["mix"]) {
		m := v.(map[string]any)
		mix = append(mix, fmt.Sprintf("%s:%v/%v:%v:%v:%v", m["currency"], m["invoices"], m["refunds"], m["net"], m["netTry"], m["decimals"]))
	}
	if got := fmt.Sprint(mix); got != "[USD:1/0:10000:275000:2 TRY:1/0:100000:99990:2 JPY:1/0:3:83:0 EUR:1/1:0:0:2]" {
		t.Errorf("mix: %s", got)
	}
}
