package balance

import (
	"context"
	"regexp"
	"strings"
	"unicode/utf8"

	"linguaport/internal/errs"
)

// Bounds and fields of staff's adjustments.
const (
	MaxAdjustmentNote = 500
	FieldKey          = "Idempotency-Key"
	FieldQuery        = "q"
	maxKeyLength      = 100

	// An adjustment's own reasons, worded apart from a transfer's (its reason is why it was
	// rejected, its amount is never negative).
	ReasonNoNote      = "adjustment_reason_required"
	ReasonLongNote    = "adjustment_reason_length"
	ReasonAdjustRange = "adjustment_range" // zero, or over MaxTransferMajor either way
	// AccountPageSize is how many accounts one page of staff's list holds.
	AccountPageSize = 50
)

// Adjustment is staff's hand correction of a balance: a signed amount (a credit above zero, a
// debit below), why, and the request's Idempotency-Key.
type Adjustment struct {
	Amount Money
	Reason string
	Key    string
}

// Account is one customer's balances as staff list them.
type Account struct {
	CustomerID string  `json:"customerId"`
	Balances   []Money `json:"balances"`
}

// AccountPage is one page of staff's list of accounts; Next, set when More, is the next page's
// before (the last customer id).
type AccountPage struct {
	Accounts []Account `json:"accounts"`
	More     bool      `json:"more"`
	Next     string    `json:"next,omitempty"`
}

// Adjusted is an adjustment's answer: its ledger entry and the customer's balances after it.
// Repeat says this request did not make the movement: the key was applied by another (a double
// click, before or at the same time), so nothing changed by this one.
type Adjusted struct {
	Entry    Entry   `json:"entry"`
	Balances []Money `json:"balances"`
	Repeat   bool    `json:"-"`
}

// Adjust credits or debits the customer's balance through Move, the one movement path: once per
// Idempotency-Key (KeyAdjustment), a debit never below zero (*InsufficientBalance), the ledger
// entry carrying ReasonAdjustment, the staff member as reference and their words as note.
func (s *service) Adjust(ctx context.Context, customerID, staffID string, in Adjustment) (Adjusted, error) {
	f := errs.Fields{}
	in.Reason = strings.TrimSpace(in.Reason)
	in.Amount.Currency = strings.ToUpper(strings.TrimSpace(in.Amount.Currency))
	switch {
	case in.Key == "":
		f.Add(FieldKey, ReasonRequired)
	case len(in.Key) > maxKeyLength || strings.IndexFunc(in.Key, func(r rune) bool { return r < '!' || r > '~' }) >= 0:
		f.Add(FieldKey, ReasonFormat)
	}
	kind, size := Credit, in.Amount.Amount
	if size < 0 {
		kind, size = Debit, -size
	}
	switch reason := AmountRefusal(Money{Amount: size, Currency: in.Amount.Currency}); reason {
	case "":
	case ReasonRange:
		f.Add(FieldAmount, ReasonAdjustRange)
	default:
		f.Add(FieldAmount, reason)
	}
	switch n := utf8.RuneCountInString(in.Reason); {
	case n == 0:
		f.Add(FieldReason, ReasonNoNote)
	case n > MaxAdjustmentNote:
		f.Add(FieldReason, ReasonLongNote)
	}
	if err := f.Err(); err != nil {
		return Adjusted{}, err
	}
	e, err := s.Move(ctx, Movement{CustomerID: customerID, Key: KeyAdjustment(customerID, in.Key), Kind: kind,
		Amount: moneyOf(in.Amount.Currency, size), Reason: ReasonAdjustment, Reference: staffID, Note: in.Reason})
	if err != nil {
		return Adjusted{}, err
	}
	balances, err := s.store.Balances(ctx, customerID)
	return Adjusted{Entry: e, Balances: balances, Repeat: !e.Applied()}, err
}

func (s *service) Accounts(ctx context.Context, q, before string) (AccountPage, error) {
	list, err := s.store.ListAccounts(ctx, strings.TrimSpace(q), before, AccountPageSize+1)
	if err != nil {
		return AccountPage{}, err
	}
	page := AccountPage{Accounts: list, More: len(list) > AccountPageSize}
	if page.More {
		page.Accounts, page.Next = list[:AccountPageSize], list[AccountPageSize-1].CustomerID
	}
	return page, nil
}

func (s *service) CountTransfers(ctx context.Context, status string) (int64, error) {
	return s.store.CountTransfers(ctx, status)
}

// prefixPattern is a case-sensitive regex anchored at ^, which an index bounds to the ids with
// that prefix.
func prefixPattern(prefix string) string { return "^" + regexp.QuoteMeta(prefix) }
