package quotes

import (
	"errors"
	"slices"
	"testing"
	"time"

	"linguaport/internal/i18n"
	"linguaport/svc-orders/pricing"
)

// A revised total goes back to USD at the quote's own rate, whatever the currency's decimals, and
// is spread over the lines in proportion, never negative, adding up exactly.
func TestRevisedTotalConvertsBackAndSpreads(t *testing.T) {
	for name, c := range map[string]struct {
		amount   int64
		decimals int
		rate     int64
		want     int64
	}{
		"TRY at 27.50":         {123457, 2, 27_500_000, 4489}, // 1,234.57 / 27.5 = 44.893… → $44.89
		"JPY without decimals": {9350, 0, 110_000_000, 8500},  // ¥9,350 / 110 = $85.00
		"USD itself":           {10001, 2, 1_000_000, 10001},
		"half a cent up":       {55, 2, 11_000_000, 5}, // 0.55 / 11 = $0.05
	} {
		if got := toUSD(c.amount, c.decimals, c.rate); got != c.want {
			t.Errorf("%s: %d, want %d", name, got, c.want)
		}
	}
	for _, c := range []struct {
		total   int64
		weights []int64
		want    []int64
	}{
		{100, []int64{1, 1, 1}, []int64{33, 34, 33}},
		{1, []int64{1, 1, 0}, []int64{1, 0, 0}}, // the rounding never leaves a line negative
		{10, []int64{0, 0}, []int64{5, 5}},      // nothing to weigh by: equal shares
		{123457, []int64{61729, 61728}, []int64{61729, 61728}},
	} {
		got := spread(c.total, c.weights)
		var sum int64
		for _, v := range got {
			sum += v
		}
		if !slices.Equal(got, c.want) || sum != c.total {
			t.Errorf("spread(%d, %v) = %v, want %v", c.total, c.weights, got, c.want)
		}
	}
}

// A revision is refused on a quote no longer open or being approved, and names the version an
// approval must carry.
func TestReviseRules(t *testing.T) {
	now := time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)
	q := func() *Quote {
		return &Quote{ID: "q", Status: QuotePending, ExpiresAt: now.Add(time.Hour), PriceVersion: 1,
			Work: Work{RateMicros: 1_000_000, Total: pricing.Money{Amount: 1000, Currency: "USD", Decimals: 2}, TotalUSD: pricing.Money{Amount: 1000, Currency: "USD", Decimals: 2},
				Lines: []pricing.PricedLine{{Line: pricing.Line{Total: 1000}, Price: pricing.Money{Amount: 1000, Currency: "USD", Decimals: 2}}}}}
	}
	in := RevisionInput{Amount: 1500, Currency: "USD", Note: "more pages"}
	expired := q()
	expired.ExpiresAt = now
	if err := expired.revise(in, "s", now, i18n.EN); !errors.Is(err, ErrQuoteExpired) {
		t.Errorf("expired: %v", err)
	}
	held := q()
	held.Approving = &ApprovalClaim{By: "o", Until: now.Add(time.Second)}
	if err := held.revise(in, "s", now, i18n.EN); !errors.Is(err, ErrBeingApproved) {
		t.Errorf("under approval: %v", err)
	}
	ok := q()
	if err := ok.revise(in, "s", now, i18n.EN); err != nil || ok.version() != 2 || ok.Lines[0].Adjustment != 500 || !ok.ExpiresAt.Equal(now.Add(QuoteValidity)) {
		t.Fatalf("revise: %v %+v", err, ok)
	}
	// The new price reads as every other price of the site (svc-geo's way, internal/money).
	if ok.Total.Formatted != "$15.00" || ok.Lines[0].Price.Formatted != "$15.00" || ok.TotalUSD.Formatted != "$15.00" {
		t.Errorf("written as %q, %q, %q", ok.Total.Formatted, ok.Lines[0].Price.Formatted, ok.TotalUSD.Formatted)
	}
	if err := ok.saw(1); !errors.Is(err, ErrPriceChanged) {
		t.Errorf("old version: %v", err)
	}
	if ok.saw(2) != nil || ok.saw(0) != nil {
		t.Errorf("current or no version refused")
	}
	if err := ok.cancel(now, "x"); err != nil || ok.open(now) == nil || !errors.Is(ok.open(now), ErrQuoteNotPending) {
		t.Errorf("cancel: %v %v", err, ok.open(now))
	}
}
