package orders

import (
	"context"
	"fmt"
	"linguaport/internal/authn"
	"slices"
	"sort"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"linguaport/internal/weeks"
	"linguaport/svc-orders/calendar"
	"linguaport/svc-orders/pool"
)

// The dashboard's charts of orders (GET admin/trends), per ISO week of Istanbul over the last
// weeks.Span weeks, and the translators' load now:
//   - paid: orders paid in the week (paidAt: when the job first entered the pool);
//   - completed: orders completed in the week; of those with a deadline ("dated"), "onTime" were
//     first delivered on or before their expected date (the deadline's day in Istanbul: a
//     revision redelivered later does not make a delivery late, and a customer slow to accept
//     does not either);
//   - time to claim: of the orders paid in the week, those a translator claimed from the pool,
//     with the median minutes from payment to the first claim; those staff assigned before any
//     claim, and those still waiting, are counted beside it;
//   - load: every translator with an active job (assigned, or sent back for a revision), their
//     jobs against their cap in the pool.
//
// Every read is a range on one date's index (paidAt, completedAt) over the window, or the active
// orders on the status index, with only the fields counted projected: the cost grows with the
// window and the jobs in hand, never with the orders kept.

// Trends is the dashboard's charts of orders.
type Trends struct {
	Weeks []TrendWeek `json:"weeks"`
	Load  []Load      `json:"load"`
}

// TrendWeek is one week's figures.
type TrendWeek struct {
	Week  string    `json:"week"`  // "2026-W48"
	Date  string    `json:"date"`  // its Monday, "2026-11-23"
	Start time.Time `json:"start"` // Monday 00:00 in Istanbul, as UTC
	Paid  int       `json:"paid"`
	// Completed in the week; Dated of them had an expected date, OnTime of those were delivered by it.
	Completed int `json:"completed"`
	Dated     int `json:"dated"`
	OnTime    int `json:"onTime"`
	// Of the orders paid in the week: claimed from the pool (ClaimMedianMinutes from payment to
	// the first claim, nil with none), assigned by staff first, and still waiting for either.
	Claimed            int  `json:"claimed"`
	ClaimMedianMinutes *int `json:"claimMedianMinutes"`
	AssignedByStaff    int  `json:"assignedByStaff"`
	Waiting            int  `json:"waiting"`
}

// Load is one translator's jobs in hand against their cap.
type Load struct {
	TranslatorID string `json:"translatorId"`
	Active       int    `json:"active"`
	Cap          int    `json:"cap"`
}

// trendFields are what the charts read of an order.
var trendFields = bson.D{{Key: "status", Value: 1}, {Key: "paidAt", Value: 1}, {Key: "completedAt", Value: 1},
	{Key: "deadline", Value: 1}, {Key: "history", Value: 1}}

// Dated answers the live orders whose field ("paidAt" or "completedAt") falls in [from, to), with
// only the fields the charts read: a range on that field's index after sandbox (the sandbox's
// orders are no work of the agency's).
func (s *MongoStore) Dated(ctx context.Context, field string, from, to time.Time) ([]*Order, error) {
	if field != "paidAt" && field != "completedAt" {
		return nil, fmt.Errorf("orders by %q: not a date the charts count", field)
	}
	cur, err := s.coll.Find(ctx, bson.D{live, {Key: field, Value: bson.D{{Key: "$gte", Value: from}, {Key: "$lt", Value: to}}}},
		options.Find().SetProjection(trendFields))
	if err != nil {
		return nil, fmt.Errorf("find orders by %s: %w", field, err)
	}
	out := []*Order{}
	if err := cur.All(ctx, &out); err != nil {
		return nil, fmt.Errorf("read orders by %s: %w", field, err)
	}
	return out, nil
}

// ActiveTranslators answers the translator of every active order (assigned or sent back for a
// revision), once per live order: sandboxIndex bounds it to the jobs in hand (the simulated
// translator's are not a load).
func (s *MongoStore) ActiveTranslators(ctx context.Context) ([]string, error) {
	cur, err := s.coll.Find(ctx, bson.D{live, {Key: "status", Value: bson.D{{Key: "$in", Value: activeStatuses}}}},
		options.Find().SetProjection(bson.D{{Key: "translatorId", Value: 1}}))
	if err != nil {
		return nil, fmt.Errorf("find active orders: %w", err)
	}
	var found []struct {
		TranslatorID string `bson:"translatorId"`
	}
	if err := cur.All(ctx, &found); err != nil {
		return nil, fmt.Errorf("read active orders: %w", err)
	}
	out := make([]string, 0, len(found))
	for _, o := range found {
		if o.TranslatorID != "" {
			out = append(out, o.TranslatorID)
		}
	}
	return out, nil
}

func (s *service) Trends(ctx context.Context, c authn.Caller) (Trends, error) {
	if err := requireStaff(c); err != nil {
		return Trends{}, err
	}
	w := weeks.Last(s.now(), weeks.Span)
	paid, err := s.store.Dated(ctx, "paidAt", w.From(), w.To())
	if err != nil {
		return Trends{}, err
	}
	completed, err := s.store.Dated(ctx, "completedAt", w.From(), w.To())
	if err != nil {
		return Trends{}, err
	}
	active, err := s.store.ActiveTranslators(ctx)
	if err != nil {
		return Trends{}, err
	}
	caps := map[string]int{}
	for _, id := range active {
		if _, ok := caps[id]; ok {
			continue
		}
		t, err := s.translators.Translator(ctx, id)
		if err != nil {
			return Trends{}, fmt.Errorf("cap of translator %s: %w", id, err)
		}
		caps[id] = capOf(t)
	}
	return Trends{Weeks: countWeeks(w, paid, completed), Load: countLoad(active, caps)}, nil
}

// capOf is a translator's cap; one the pool does not know of (no profile published) has the
// default, as it would when it arrives.
func capOf(t *pool.Translator) int {
	if t == nil {
		return pool.DefaultCap
	}
	return t.Cap()
}

// countWeeks buckets the orders paid and completed in the window by week.
func countWeeks(w weeks.Window, paid, completed []*Order) []TrendWeek {
	out := make([]TrendWeek, len(w))
	claims := make([][]int, len(w))
	for i, wk := range w {
		out[i] = TrendWeek{Week: wk.Label, Date: wk.Date, Start: wk.Start}
	}
	for _, o := range paid {
		i := w.Index(*o.PaidAt)
		if i < 0 {
			continue
		}
		out[i].Paid++
		switch taken, by := o.firstTaken(); {
		case by == StepClaimed:
			claims[i] = append(claims[i], int(taken.Sub(*o.PaidAt)/time.Minute))
			out[i].Claimed++
		case by != "":
			out[i].AssignedByStaff++
		default:
			out[i].Waiting++
		}
	}
	for i := range out {
		out[i].ClaimMedianMinutes = median(claims[i])
	}
	for _, o := range completed {
		i := w.Index(*o.CompletedAt)
		if i < 0 {
			continue
		}
		out[i].Completed++
		delivered := o.firstDelivered()
		if o.Deadline == nil || delivered == nil {
			continue // paid before deadlines were kept: nothing to be on time for
		}
		out[i].Dated++
		if !deadlineDate(o.Deadline).Before(calendar.DateOf(*delivered)) {
			out[i].OnTime++
		}
	}
	return out
}

// firstTaken is when the order first left the pool, and how: StepClaimed by a translator, or
// StepAssigned by staff; "" while nobody took it. Older orders kept the step in the note
// (shownHistory reads them alike).
func (o *Order) firstTaken() (time.Time, Step) {
	for _, h := range shownHistory(o.History) {
		if h.Status != Assigned {
			continue
		}
		if h.Step == StepClaimed {
			return h.At, StepClaimed
		}
		return h.At, StepAssigned
	}
	return time.Time{}, ""
}

// firstDelivered is the order's first delivery, nil when it has none in its timeline.
func (o *Order) firstDelivered() *time.Time {
	for _, h := range o.History {
		if h.Status == Delivered {
			return &h.At
		}
	}
	return nil
}

// median of minutes, the lower middle of an even count (a whole minute, as shown); nil for none.
func median(minutes []int) *int {
	if len(minutes) == 0 {
		return nil
	}
	slices.Sort(minutes)
	m := minutes[(len(minutes)-1)/2]
	return &m
}

// countLoad is each translator's active jobs against their cap, the fullest first (by share of
// the cap, then by jobs), ties by id so the answer is the same every time.
func countLoad(active []string, caps map[string]int) []Load {
	n := map[string]int{}
	for _, id := range active {
		n[id]++
	}
	out := make([]Load, 0, len(n))
	for id, jobs := range n {
		out = append(out, Load{TranslatorID: id, Active: jobs, Cap: caps[id]})
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		// a.Active/a.Cap against b.Active/b.Cap without division.
		if l, r := a.Active*b.Cap, b.Active*a.Cap; l != r {
			return l > r
		}
		if a.Active != b.Active {
			return a.Active > b.Active
		}
		return a.TranslatorID < b.TranslatorID
	})
	return out
}
