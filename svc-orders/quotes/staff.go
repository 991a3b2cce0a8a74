package quotes

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"linguaport/internal/authn"
	"linguaport/internal/errs"
	"linguaport/internal/i18n"
	"linguaport/internal/money"
	"linguaport/internal/mongox"
	"linguaport/svc-orders/pricing"
)

// Staff's side of quotes (DESIGN §11): every quote, a page at a time; revising a pending quote's
// price (a new version the customer approves) and cancelling one.

// PageSize is how many quotes one page of the staff list holds.
const PageSize = 50

// Errors of staff actions and of approving a revised quote.
var (
	// ErrPriceChanged: the customer approved a price version staff have revised since.
	ErrPriceChanged = errors.New("the quote's price changed since the customer looked")
	// ErrQuoteCancelled is a cancelled quote asked to be decided on.
	ErrQuoteCancelled = fmt.Errorf("the quote was cancelled: %w", ErrQuoteNotPending)
	// ErrBeingApproved: the customer's approval holds the quote; its price may not change under it.
	ErrBeingApproved = errors.New("the customer is approving the quote right now")
	// ErrUnknownCursor is a page cursor naming no quote.
	ErrUnknownCursor = errors.New("no such quote to page from")
	// ErrForbidden: a staff action asked by someone else.
	ErrForbidden = errors.New("staff only")
)

// MaxNoteRunes bounds staff's note on a revision and the reason of a cancellation.
const MaxNoteRunes = 1000

// maxRevisedAmount bounds a revised total (minor units): far above any real quote, far below
// what the conversion's arithmetic could overflow.
const maxRevisedAmount = 100_000_000_000

// Revision is one staff revision of a quote's price.
type Revision struct {
	Version  int           `json:"version" bson:"version"`
	Previous pricing.Money `json:"previous" bson:"previous"`
	Total    pricing.Money `json:"total" bson:"total"`
	Note     string        `json:"note" bson:"note"`
	// By is the staff member; staff alone read it.
	By string    `json:"by,omitempty" bson:"by"`
	At time.Time `json:"at" bson:"at"`
}

// RevisionInput is a new total in the quote's own currency (minor units) with the note the
// customer reads.
type RevisionInput struct {
	Amount   int64
	Currency string
	Note     string
}

// version is the quote's price version; quotes stored before revisions existed are version 1.
func (q *Quote) version() int { return max(q.PriceVersion, 1) }

// saw is nil when the customer approving saw the current price (or named no version).
func (q *Quote) saw(version int) error {
	if version != 0 && version != q.version() {
		return ErrPriceChanged
	}
	return nil
}

// revise gives the open quote the total amount in its own currency at its own rate: the lines
// are adjusted in proportion (the last one takes the rounding) in both currencies, and the
// quote's validity restarts.
func (q *Quote) revise(in RevisionInput, by string, now time.Time, lang i18n.Lang) error {
	if err := q.open(now); err != nil {
		return err
	}
	if q.Approving != nil && now.Before(q.Approving.Until) {
		return ErrBeingApproved
	}
	if q.RateMicros <= 0 {
		return fmt.Errorf("quote %s has no rate", q.ID)
	}
	usd := toUSD(in.Amount, q.Total.Decimals, q.RateMicros)
	shown := make([]int64, len(q.Lines))
	kept := make([]int64, len(q.Lines))
	for i, l := range q.Lines {
		shown[i], kept[i] = l.Price.Amount, l.Total
	}
	shown, kept = spread(in.Amount, shown), spread(usd, kept)
	for i := range q.Lines {
		l := &q.Lines[i]
		l.Adjustment += kept[i] - l.Total
		l.Total = kept[i]
		l.Price.Amount, l.Price.Formatted = shown[i], money.Format(shown[i], l.Price.Currency, string(lang))
	}
	previous := q.Total
	q.Total.Amount, q.Total.Formatted = in.Amount, money.Format(in.Amount, q.Total.Currency, string(lang))
	q.TotalUSD.Amount, q.TotalUSD.Formatted = usd, money.Format(usd, "USD", string(lang))
	q.PriceVersion = q.version() + 1
	q.Revisions = append(q.Revisions, Revision{Version: q.PriceVersion, Previous: previous, Total: q.Total, Note: in.Note, By: by, At: now})
	q.ExpiresAt = now.Add(QuoteValidity)
	return nil
}

// toUSD converts amount minor units of a currency with decimals back to USD cents at rateMicros
// (units of the currency per USD, millionths), rounded half up.
func toUSD(amount int64, decimals int, rateMicros int64) int64 {
	num, den := int64(1_000_000), rateMicros
	for d := decimals; d < 2; d++ {
		num *= 10
	}
	for d := decimals; d > 2; d-- {
		den *= 10
	}
	return mulDivHalfUp(amount, num, den)
}

// spread divides total in proportion to weights (equally when they add up to nothing). Each
// share is the rounded running total less the one before, so the shares are never negative and
// add up to total exactly.
func spread(total int64, weights []int64) []int64 {
	out := make([]int64, len(weights))
	var sum int64
	for _, w := range weights {
		sum += w
	}
	if sum <= 0 {
		weights, sum = make([]int64, len(weights)), int64(len(weights))
		for i := range weights {
			weights[i] = 1
		}
	}
	var running, given int64
	for i, w := range weights {
		running += w
		upTo := mulDivHalfUp(total, running, sum)
		out[i], given = upTo-given, upTo
	}
	return out
}

// mulDivHalfUp is a×b/c rounded half up, for non-negative a, b and positive c, without
// overflowing on the way.
func mulDivHalfUp(a, b, c int64) int64 {
	n := new(big.Int).Mul(big.NewInt(a), big.NewInt(b))
	n.Mul(n, big.NewInt(2)).Add(n, big.NewInt(c))
	return n.Quo(n, big.NewInt(2*c)).Int64()
}

// cancel withdraws the open quote.
func (q *Quote) cancel(now time.Time, reason string) error {
	if q.Approving != nil && now.Before(q.Approving.Until) {
		return ErrBeingApproved
	}
	if err := q.decide(now, QuoteCancelled); err != nil {
		return err
	}
	q.CancelReason = reason
	return nil
}

// staffOnly refuses anyone but staff: the route table lets only staff reach these, and the
// domain does not rely on it.
func staffOnly(c authn.Caller) error {
	if !c.Staff() {
		return ErrForbidden
	}
	return nil
}

func (s *service) Revise(ctx context.Context, c authn.Caller, id string, in RevisionInput) (*Quote, error) {
	if err := staffOnly(c); err != nil {
		return nil, err
	}
	in.Note, in.Currency = strings.TrimSpace(in.Note), strings.ToUpper(strings.TrimSpace(in.Currency))
	bad := errs.Fields{}
	switch {
	case in.Amount <= 0:
		bad["total.amount"] = "positive"
	case in.Amount > maxRevisedAmount:
		bad["total.amount"] = "too_large"
	}
	switch n := utf8.RuneCountInString(in.Note); {
	case n == 0:
		bad["note"] = "required"
	case n > MaxNoteRunes:
		bad["note"] = "too_long"
	}
	q, err := s.store.Quote(ctx, id)
	if err != nil {
		return nil, err
	}
	if in.Currency != q.Total.Currency {
		bad["total.currency"] = "quote_currency" // the rate is the quote's: only its currency converts back
	}
	if len(bad) > 0 {
		return nil, bad
	}
	now, lang := s.now().UTC(), c.Lang
	q, err = s.store.Update(ctx, id, func(q *Quote) (*Quote, error) {
		if err := q.revise(in, c.ID, now, lang); err != nil {
			return nil, err
		}
		r := q.Revisions[len(q.Revisions)-1]
		return q, q.record(ctx, EventQuoteRevised, QuoteRevisedData{QuoteID: q.ID, Number: q.Number, CustomerID: q.CustomerID,
			Version: r.Version, Previous: r.Previous, Total: r.Total, Note: r.Note, ExpiresAt: q.ExpiresAt})
	})
	if err != nil {
		return nil, err
	}
	s.kick(q.ID)
	return staffView(q, now).Quote, nil
}

func (s *service) Cancel(ctx context.Context, c authn.Caller, id, reason string) (*Quote, error) {
	if err := staffOnly(c); err != nil {
		return nil, err
	}
	reason = strings.TrimSpace(reason)
	switch n := utf8.RuneCountInString(reason); {
	case n == 0:
		return nil, errs.Fields{"reason": "required"}
	case n > MaxNoteRunes:
		return nil, errs.Fields{"reason": "too_long"}
	}
	now := s.now().UTC()
	q, err := s.store.Quote(ctx, id)
	if err != nil {
		return nil, err
	}
	if q.Status == QuoteCancelled {
		return staffView(q, now).Quote, nil // cancelling again changes nothing
	}
	q, err = s.store.Update(ctx, id, func(q *Quote) (*Quote, error) {
		if err := q.cancel(now, reason); err != nil {
			return nil, err
		}
		return q, q.record(ctx, EventQuoteCancelled, QuoteCancelledData{QuoteID: q.ID, Number: q.Number, CustomerID: q.CustomerID, Reason: reason})
	})
	if err != nil {
		return nil, err
	}
	s.kick(q.ID)
	return staffView(q, now).Quote, nil
}

// StaffQuery is the staff list's filters: Q is a quote number or a customer id; Sort is
// mongox.SortNewest or SortOldest.
type StaffQuery struct {
	Status, Q, Customer, Sort, Before string
}

// ListFilter is a StaffQuery as the store runs it; After is the last quote of the previous page.
type ListFilter struct {
	Status     QuoteStatus
	Number     string
	CustomerID string
	Oldest     bool
	After      *Quote
	Limit      int
}

// StaffQuote is a quote as staff see it: with its customer.
type StaffQuote struct {
	*Quote
	CustomerID string `json:"customerId"`
}

// QuotePage is one page of the staff list; Next is the cursor (before=) of the following page.
type QuotePage struct {
	Quotes []StaffQuote `json:"quotes"`
	More   bool         `json:"more"`
	Next   string       `json:"next,omitempty"`
}

var quoteNumber = regexp.MustCompile(`^[Qq]-\d{4}-\d+$`)

var knownStatuses = []QuoteStatus{QuotePending, QuoteApproved, QuoteRejected, QuoteExpired, QuoteCancelled}

func (s *service) StaffQuotes(ctx context.Context, c authn.Caller, sq StaffQuery) (QuotePage, error) {
	if err := staffOnly(c); err != nil {
		return QuotePage{}, err
	}
	f := ListFilter{Status: QuoteStatus(sq.Status), CustomerID: strings.TrimSpace(sq.Customer), Limit: PageSize + 1}
	bad := errs.Fields{}
	if f.Status != "" && !containsStatus(f.Status) {
		bad["status"] = "invalid"
	}
	oldest, ok := mongox.OldestFirst(sq.Sort)
	if !ok {
		bad["sort"] = "invalid"
	}
	f.Oldest = oldest
	if word := strings.TrimSpace(sq.Q); word != "" {
		switch {
		case quoteNumber.MatchString(word):
			f.Number = strings.ToUpper(word)
		case f.CustomerID != "" && f.CustomerID != word:
			bad["q"] = "one_filter"
		default:
			f.CustomerID = word
		}
	}
	if len(bad) > 0 {
		return QuotePage{}, bad
	}
	if sq.Before != "" {
		after, err := s.store.Quote(ctx, sq.Before)
		if errors.Is(err, ErrNotFound) {
			return QuotePage{}, ErrUnknownCursor
		}
		if err != nil {
			return QuotePage{}, err
		}
		f.After = after
	}
	found, err := s.store.List(ctx, f)
	if err != nil {
		return QuotePage{}, err
	}
	now := s.now()
	page := QuotePage{Quotes: []StaffQuote{}, More: len(found) > PageSize}
	for i, q := range found {
		if i == PageSize {
			break
		}
		page.Quotes = append(page.Quotes, staffView(q, now))
	}
	if page.More {
		page.Next = page.Quotes[len(page.Quotes)-1].ID
	}
	return page, nil
}

func containsStatus(s QuoteStatus) bool {
	for _, k := range knownStatuses {
		if k == s {
			return true
		}
	}
	return false
}

func staffView(q *Quote, now time.Time) StaffQuote {
	q.Status, q.PriceVersion = q.StatusAt(now), q.version()
	q.ExpectedDate = q.expectedAt(now)
	return StaffQuote{Quote: q, CustomerID: q.CustomerID}
}

func (s *service) StaffQuote(ctx context.Context, c authn.Caller, id string) (StaffQuote, error) {
	if err := staffOnly(c); err != nil {
		return StaffQuote{}, err
	}
	q, err := s.store.Quote(ctx, id)
	if err != nil {
		return StaffQuote{}, err
	}
	return staffView(q, s.now()), nil
}

func (s *service) PendingCount(ctx context.Context, c authn.Caller) (int64, error) {
	if err := staffOnly(c); err != nil {
		return 0, err
	}
	return s.store.PendingCount(ctx, s.now().UTC())
}

// forCustomer is q as its customer reads it: its status now, its price version, the revisions
// without who made them.
func forCustomer(q *Quote, now time.Time) *Quote {
	q.Status, q.PriceVersion = q.StatusAt(now), q.version()
	q.ExpectedDate = q.expectedAt(now)
	revisions := make([]Revision, len(q.Revisions))
	for i, r := range q.Revisions {
		r.By = ""
		revisions[i] = r
	}
	q.Revisions = revisions
	return q
}
