package invoices

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"sort"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"linguaport/internal/money"
	"linguaport/internal/weeks"
)

// The dashboard's revenue (GET admin/revenue) is counted as an accountant books it:
//   - revenue is the invoices' net (VAT is owed to the state, not earned), in the week an
//     invoice was paid (cash received), whatever its status is now;
//   - a refund is its own line, in the week staff refunded the invoice, and is subtracted there:
//     a past week is never restated, as a credit note reverses revenue in its own period;
//   - every amount is in TRY, converted from the invoice's USD figure (what prices are kept in,
//     DESIGN §3) at the site's fixed rate (svc-geo's table, spec §9), invoice by invoice,
//     rounded half up to the kuruş; the currency mix keeps each currency's own amounts too.
//
// Each figure is read from the invoices paid or refunded in the window only, on the paidAt and
// refundedAt indexes, their amounts projected: the cost grows with the window, never with the
// invoices kept. Sandbox invoices (Invoice.Sandbox) are read with them and skipped: no money
// changed hands (a filter leaving them out would be a predicate no index bounds).

// RevenueCurrency is what the dashboard's revenue is counted in.
const RevenueCurrency = "TRY"

// Rates gives the site's fixed rate of a currency: units per 1 USD, in millionths (svc-geo).
type Rates interface {
	RateMicros(ctx context.Context, currency string) (int64, error)
}

// ErrNoRates: the service was made without a rate source (WithRates), so it cannot convert.
var ErrNoRates = errors.New("invoices: no currency rates to count revenue with")

// Option configures the service.
type Option func(*service)

// WithRates converts the revenue's amounts to TRY at r's rates.
func WithRates(r Rates) Option { return func(s *service) { s.rates = r } }

// Booked is an invoice as the revenue counts it, read with these fields only: its currency, its
// net in that currency and in USD cents, when it was paid and refunded, and whether it is the
// sandbox's (which earns nothing and is not counted).
type Booked struct {
	Sandbox    bool       `bson:"sandbox"`
	Currency   string     `bson:"currency"`
	Totals     Totals     `bson:"totals"`
	TotalsUSD  Totals     `bson:"totalsUsd"`
	PaidAt     *time.Time `bson:"paidAt"`
	RefundedAt *time.Time `bson:"refundedAt"`
}

// moment is t, or the zero time (outside every window) when there is none.
func moment(t *time.Time) time.Time {
	if t == nil {
		return time.Time{}
	}
	return *t
}

var bookedFields = bson.D{{Key: "_id", Value: 0}, {Key: "sandbox", Value: 1}, {Key: "currency", Value: 1}, {Key: "totals.net", Value: 1},
	{Key: "totalsUsd.net", Value: 1}, {Key: "paidAt", Value: 1}, {Key: "refundedAt", Value: 1}}

// Booked answers the invoices whose field ("paidAt" or "refundedAt") falls in [from, to): a
// range on an index that leads with that field.
func (s *MongoStore) Booked(ctx context.Context, field string, from, to time.Time) ([]Booked, error) {
	if field != "paidAt" && field != "refundedAt" {
		return nil, fmt.Errorf("booked invoices by %q: not a booking date", field)
	}
	cur, err := s.invoices.Find(ctx, bson.D{{Key: field, Value: bson.D{{Key: "$gte", Value: from}, {Key: "$lt", Value: to}}}},
		options.Find().SetProjection(bookedFields))
	if err != nil {
		return nil, fmt.Errorf("find invoices by %s: %w", field, err)
	}
	out := []Booked{}
	if err := cur.All(ctx, &out); err != nil {
		return nil, fmt.Errorf("read invoices by %s: %w", field, err)
	}
	return out, nil
}

// Each calls fn with every invoice whose field ("issuedAt" or "refundedAt") falls in [from, to),
// oldest first, read through one cursor on an index that leads with that field, so a period of
// any size is never held in memory at once.
func (s *MongoStore) Each(ctx context.Context, field string, from, to time.Time, fn func(Invoice) error) error {
	if field != "issuedAt" && field != "refundedAt" {
		return fmt.Errorf("invoices by %q: not a document date", field)
	}
	cur, err := s.invoices.Find(ctx, bson.D{{Key: field, Value: bson.D{{Key: "$gte", Value: from}, {Key: "$lt", Value: to}}}},
		options.Find().SetSort(bson.D{{Key: field, Value: 1}}))
	if err != nil {
		return fmt.Errorf("find invoices by %s: %w", field, err)
	}
	defer cur.Close(ctx)
	for cur.Next(ctx) {
		var inv Invoice
		if err := cur.Decode(&inv); err != nil {
			return fmt.Errorf("read invoice by %s: %w", field, err)
		}
		if err := fn(inv); err != nil {
			return err
		}
	}
	return cur.Err()
}

// Revenue is the dashboard's revenue chart: a line per week, the oldest first, and the currency
// mix of the whole window.
type Revenue struct {
	Currency   string         `json:"currency"`   // TRY
	Decimals   int            `json:"decimals"`   // of every TRY amount: 2
	RateMicros int64          `json:"rateMicros"` // TRY per 1 USD, in millionths
	Weeks      []RevenueWeek  `json:"weeks"`
	Mix        []CurrencyMix  `json:"mix"`
	Totals     RevenueFigures `json:"totals"`
}

// RevenueFigures are one period's sums, in TRY minor units: Paid is the net of the invoices
// paid in it, Refunded of those refunded in it, Net the one less the other.
type RevenueFigures struct {
	Paid     int64 `json:"paid"`
	Refunded int64 `json:"refunded"`
	Net      int64 `json:"net"`
	Invoices int   `json:"invoices"` // paid in the period
	Refunds  int   `json:"refunds"`  // refunded in the period
}

// RevenueWeek is one ISO week (Istanbul) of the chart.
type RevenueWeek struct {
	Week  string    `json:"week"`  // "2026-W48"
	Date  string    `json:"date"`  // its Monday, "2026-11-23"
	Start time.Time `json:"start"` // Monday 00:00 in Istanbul, as UTC
	RevenueFigures
}

// CurrencyMix is one invoice currency's part of the window: its invoices paid and refunded, the
// net in its own minor units (Decimals of them) and in TRY.
type CurrencyMix struct {
	Currency string `json:"currency"`
	Decimals int    `json:"decimals"`
	Invoices int    `json:"invoices"`
	Refunds  int    `json:"refunds"`
	Net      int64  `json:"net"`
	NetTRY   int64  `json:"netTry"`
}

func (s *service) Revenue(ctx context.Context) (Revenue, error) {
	if s.rates == nil {
		return Revenue{}, ErrNoRates
	}
	rate, err := s.rates.RateMicros(ctx, RevenueCurrency)
	if err != nil {
		return Revenue{}, fmt.Errorf("rate of %s: %w", RevenueCurrency, err)
	}
	w := weeks.Last(s.now(), weeks.Span)
	paid, err := s.store.Booked(ctx, "paidAt", w.From(), w.To())
	if err != nil {
		return Revenue{}, err
	}
	refunded, err := s.store.Booked(ctx, "refundedAt", w.From(), w.To())
	if err != nil {
		return Revenue{}, err
	}
	return countRevenue(w, rate, paid, refunded), nil
}

// countRevenue sums the window's paid and refunded invoices by week and by currency.
func countRevenue(w weeks.Window, rate int64, paid, refunded []Booked) Revenue {
	r := Revenue{Currency: RevenueCurrency, Decimals: 2, RateMicros: rate, Weeks: make([]RevenueWeek, len(w)), Mix: []CurrencyMix{}}
	for i, wk := range w {
		r.Weeks[i] = RevenueWeek{Week: wk.Label, Date: wk.Date, Start: wk.Start}
	}
	mix := map[string]*CurrencyMix{}
	mixOf := func(b Booked) *CurrencyMix {
		m, ok := mix[b.Currency]
		if !ok {
			m = &CurrencyMix{Currency: b.Currency, Decimals: money.Decimals(b.Currency)}
			mix[b.Currency] = m
		}
		return m
	}
	for _, b := range paid {
		i := w.Index(moment(b.PaidAt))
		if i < 0 || b.Sandbox {
			continue
		}
		try := toTRY(b.TotalsUSD.Net, rate)
		r.Weeks[i].Paid += try
		r.Weeks[i].Invoices++
		m := mixOf(b)
		m.Invoices++
		m.Net += b.Totals.Net
		m.NetTRY += try
	}
	for _, b := range refunded {
		i := w.Index(moment(b.RefundedAt))
		if i < 0 || b.Sandbox {
			continue
		}
		try := toTRY(b.TotalsUSD.Net, rate)
		r.Weeks[i].Refunded += try
		r.Weeks[i].Refunds++
		m := mixOf(b)
		m.Refunds++
		m.Net -= b.Totals.Net
		m.NetTRY -= try
	}
	for i := range r.Weeks {
		wk := &r.Weeks[i].RevenueFigures
		wk.Net = wk.Paid - wk.Refunded
		r.Totals.Paid += wk.Paid
		r.Totals.Refunded += wk.Refunded
		r.Totals.Invoices += wk.Invoices
		r.Totals.Refunds += wk.Refunds
	}
	r.Totals.Net = r.Totals.Paid - r.Totals.Refunded
	for _, m := range mix {
		r.Mix = append(r.Mix, *m)
	}
	// The biggest part first; equal parts by code, so the answer is the same every time.
	sort.Slice(r.Mix, func(i, j int) bool {
		if r.Mix[i].NetTRY != r.Mix[j].NetTRY {
			return r.Mix[i].NetTRY > r.Mix[j].NetTRY
		}
		return r.Mix[i].Currency < r.Mix[j].Currency
	})
	return r
}

// toTRY converts USD cents to kuruş at rate (TRY per USD, millionths), rounded half up, as
// svc-geo converts: both have two decimals, so kuruş = cents × rate / 10⁶.
func toTRY(cents, rate int64) int64 {
	num := new(big.Int).Mul(big.NewInt(cents), big.NewInt(rate))
	q, m := new(big.Int).DivMod(num, big.NewInt(1_000_000), new(big.Int))
	if m.Lsh(m, 1).Cmp(big.NewInt(1_000_000)) >= 0 {
		q.Add(q, big.NewInt(1))
	}
	return q.Int64()
}
