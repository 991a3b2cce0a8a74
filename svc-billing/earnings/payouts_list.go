package earnings

import (
	"context"
	"errors"
	"strings"

	"linguaport/internal/errs"
	"linguaport/internal/mongox"
)

// Staff's list of payouts: its orders, page size and refusals.
const (
	// PageSize is how many payouts one page of staff's list holds.
	PageSize = 50
	// MaxExport bounds the bank file: a selection larger than this is refused rather than cut
	// short, since a bank file missing payouts would look complete.
	MaxExport = 2000

	FieldSort = "sort"
	// ReasonSort: sort is not newest or oldest (the same reason as the transfers' list).
	ReasonSort = "invalid"
	// ReasonCursor: before is not a known payout.
	ReasonCursor = "payout_cursor"
)

// ErrExportTooLarge: the bank file would hold more than MaxExport payouts.
var ErrExportTooLarge = errors.New("too many payouts for one bank file")

// PayoutQuery is staff's list of payouts: a status ("" = requested), a search word, an order and
// the page's cursor, each optional.
type PayoutQuery struct {
	Status string
	// Q finds payouts by what an index answers exactly: the payout's id (the bank file's
	// reference) or the translator's id.
	Q      string
	Sort   string
	Before string // the last payout of the page before
}

// PayoutPage is one page of staff's list; Next, set when More, is the next page's before.
type PayoutPage struct {
	Payouts []Payout `json:"payouts"`
	More    bool     `json:"more"`
	Next    string   `json:"next,omitempty"`
}

func (s *service) PayoutsIn(ctx context.Context, q PayoutQuery) (PayoutPage, error) {
	list, err := s.listPayouts(ctx, q, PageSize+1)
	if err != nil {
		return PayoutPage{}, err
	}
	var page PayoutPage
	page.Payouts, page.More, page.Next = mongox.Cut(list, PageSize, func(p Payout) string { return p.ID })
	return page, nil
}

func (s *service) PayoutsExport(ctx context.Context, q PayoutQuery) ([]Payout, error) {
	q.Before = ""
	list, err := s.listPayouts(ctx, q, MaxExport+1)
	if err == nil && len(list) > MaxExport {
		return nil, ErrExportTooLarge
	}
	return list, err
}

// listPayouts checks q and reads up to limit payouts of it.
func (s *service) listPayouts(ctx context.Context, q PayoutQuery, limit int64) ([]Payout, error) {
	f := errs.Fields{}
	switch q.Status {
	case "":
		q.Status = Requested
	case Requested, Paid, Rejected:
	default:
		f.Add(FieldStatus, ReasonStatus)
	}
	k := mongox.Keyset{Key: "requestedAt", Limit: limit}
	// Oldest first is the queue in the order it arrived.
	oldest, ok := mongox.OldestFirst(q.Sort)
	if !ok {
		f.Add(FieldSort, ReasonSort)
	}
	k.Ascending = oldest
	if q.Before != "" {
		cur, err := s.store.Payout(ctx, q.Before)
		switch {
		case errors.Is(err, ErrPayoutNotFound):
			f.Add(FieldBefore, ReasonCursor)
		case err != nil:
			return nil, err
		default:
			k.After, k.AfterID = cur.RequestedAt, cur.ID
		}
	}
	if err := f.Err(); err != nil {
		return nil, err
	}
	return s.store.ListPayouts(ctx, q.Status, strings.TrimSpace(q.Q), k)
}
