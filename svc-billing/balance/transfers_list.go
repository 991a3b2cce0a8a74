package balance

import (
	"context"
	"errors"
	"strings"

	"linguaport/internal/errs"
	"linguaport/internal/mongox"
)

// Staff's list of transfers: its orders, page size and refusals.
const (
	// TransferPageSize is how many transfers one page of staff's list holds.
	TransferPageSize = 50

	FieldSort = "sort"
	// ReasonSort: sort is not newest or oldest (the same reason as the payouts' list, worded once).
	ReasonSort = "invalid"
	// ReasonCursor: before is not a known transfer.
	ReasonCursor = "transfer_cursor"
)

// TransferQuery is staff's list of transfers: a status ("" = declared), a search word, an order
// and the page's cursor, each optional.
type TransferQuery struct {
	Status string
	// Q finds transfers by what an index can answer exactly: the transfer's id, the customer's id
	// or the bank reference as declared (a part of a sender's name would need a scan).
	Q      string
	Sort   string
	Before string // the last transfer of the page before
}

// TransferPage is one page of staff's list; Next, set when More, is the next page's before.
type TransferPage struct {
	Transfers []Transfer `json:"transfers"`
	More      bool       `json:"more"`
	Next      string     `json:"next,omitempty"`
}

func (s *service) Transfers(ctx context.Context, q TransferQuery) (TransferPage, error) {
	f := errs.Fields{}
	switch q.Status {
	case "":
		q.Status = TransferDeclared
	case TransferDeclared, TransferConfirmed, TransferRejected:
	default:
		f.Add(FieldStatus, ReasonFormat)
	}
	k := mongox.Keyset{Key: "declaredAt", Limit: TransferPageSize + 1}
	// Oldest first is the queue in the order it arrived.
	oldest, ok := mongox.OldestFirst(q.Sort)
	if !ok {
		f.Add(FieldSort, ReasonSort)
	}
	k.Ascending = oldest
	if q.Before != "" {
		cur, err := s.store.Transfer(ctx, q.Before)
		switch {
		case errors.Is(err, ErrNotFound):
			f.Add(FieldBefore, ReasonCursor)
		case err != nil:
			return TransferPage{}, err
		default:
			k.After, k.AfterID = cur.DeclaredAt, cur.ID
		}
	}
	if err := f.Err(); err != nil {
		return TransferPage{}, err
	}
	list, err := s.store.ListTransfers(ctx, q.Status, strings.TrimSpace(q.Q), k)
	if err != nil {
		return TransferPage{}, err
	}
	var page TransferPage
	page.Transfers, page.More, page.Next = mongox.Cut(list, TransferPageSize, func(t Transfer) string { return t.ID })
	return page, nil
}
