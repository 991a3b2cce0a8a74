package balance

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"linguaport/internal/authn"
	"linguaport/internal/errs"
	"linguaport/internal/events"
)

// The reasons a field is refused (errs.Fields values), worded by the transport in the request's
// language.
const (
	ReasonRequired = "required" // missing or blank
	ReasonLength   = "length"   // too short or too long
	ReasonFormat   = "format"   // not of the expected shape (a date that is not YYYY-MM-DD or no such day)
	ReasonCurrency = "currency" // not one of Currencies
	ReasonRange    = "range"    // an amount below one minor unit or above MaxTransferMajor
	ReasonFuture   = "future"   // a date after today in Turkey
	ReasonTooOld   = "too_old"  // a date more than a year back
)

// Field names of DeclareTransfer's, Transfers' and RejectTransfer's refusals. The amount's
// currency is refused under FieldAmount too (ReasonCurrency), as the form shows one amount.
const (
	FieldAmount    = "amount"
	FieldSender    = "sender"
	FieldDate      = "date"
	FieldReference = "reference"
	FieldStatus    = "status"
	FieldReason    = "reason"
)

// Bounds of a declared transfer.
const (
	// MaxTransferMajor is the largest transfer in major units of its currency.
	MaxTransferMajor = 1_000_000
	MinSender        = 2
	MaxSender        = 140
	MaxReference     = 140
	MaxRejectReason  = 500
)

// turkeyTime: a transfer's date is a calendar day at the customer's bank, in Turkey (UTC+3 all
// year since 2016), so "today" ends at 21:00 UTC.
var turkeyTime = time.FixedZone("TRT", 3*60*60)

// dateLayout is how a transfer's date is written.
const dateLayout = "2006-01-02"

// check trims in and returns its refused fields.
func (in *TransferInput) check(now time.Time) error {
	f := errs.Fields{}
	in.Sender = strings.TrimSpace(in.Sender)
	in.Date = strings.TrimSpace(in.Date)
	in.Reference = strings.TrimSpace(in.Reference)
	in.Amount.Currency = strings.ToUpper(strings.TrimSpace(in.Amount.Currency))

	if reason := AmountRefusal(in.Amount); reason != "" {
		f.Add(FieldAmount, reason)
	}
	textField(f, FieldSender, in.Sender, MinSender, MaxSender)
	textField(f, FieldReference, in.Reference, 1, MaxReference)

	today := dayOf(now)
	switch d, err := time.ParseInLocation(dateLayout, in.Date, turkeyTime); {
	case in.Date == "":
		f.Add(FieldDate, ReasonRequired)
	case err != nil || d.Format(dateLayout) != in.Date:
		f.Add(FieldDate, ReasonFormat)
	case d.After(today):
		f.Add(FieldDate, ReasonFuture)
	case d.Before(today.AddDate(-1, 0, 0)):
		f.Add(FieldDate, ReasonTooOld)
	}
	return f.Err()
}

// AmountRefusal is why an amount brought to a balance (a declared transfer, a card top-up) is
// refused, or "": a currency of the balances, at least one minor unit, at most MaxTransferMajor
// major units.
func AmountRefusal(m Money) string {
	switch {
	case m.Currency == "":
		return ReasonRequired
	case !ValidCurrency(m.Currency):
		return ReasonCurrency
	case m.Amount < 1 || m.Amount > MaxTransferMajor*pow10(Decimals(m.Currency)):
		return ReasonRange
	}
	return ""
}

// textField refuses a (trimmed) value that is blank or whose length in characters is outside
// min–max.
func textField(f errs.Fields, field, v string, min, max int) {
	switch n := utf8.RuneCountInString(v); {
	case n == 0:
		f.Add(field, ReasonRequired)
	case n < min || n > max:
		f.Add(field, ReasonLength)
	}
}

// dayOf is the calendar day in Turkey at t, as midnight in Turkey.
func dayOf(t time.Time) time.Time {
	y, m, d := t.In(turkeyTime).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, turkeyTime)
}

func pow10(n int) int64 {
	p := int64(1)
	for range n {
		p *= 10
	}
	return p
}

func (s *service) DeclareTransfer(ctx context.Context, customerID string, in TransferInput) (Transfer, error) {
	if authn.IsSandbox(customerID) {
		return Transfer{}, ErrSandbox
	}
	now := s.now().UTC().Truncate(time.Millisecond)
	if err := in.check(now); err != nil {
		return Transfer{}, err
	}
	t := Transfer{
		ID: "trf-" + s.newID(), CustomerID: customerID, Status: TransferDeclared,
		Amount: moneyOf(in.Amount.Currency, in.Amount.Amount), Sender: in.Sender, Date: in.Date, Reference: in.Reference, DeclaredAt: now,
	}
	ev, err := events.New(ctx, EventTransferDeclared, Declared{TransferID: t.ID, CustomerID: t.CustomerID, Amount: t.Amount, DeclaredAt: now})
	if err != nil {
		return Transfer{}, err
	}
	if err := s.store.InsertTransfer(ctx, t, ev); err != nil {
		return Transfer{}, err
	}
	s.kickTransfers(t.ID)
	return t, nil
}

// ConfirmTransfer: mark confirming (a reject can no longer win), credit with the transfer's key,
// mark confirmed. Every step is a no-op when done, so a retry after a crash, or a confirm racing
// another, finishes the same confirm.
func (s *service) ConfirmTransfer(ctx context.Context, id string) (Transfer, error) {
	t, err := s.store.Transfer(ctx, id)
	if err != nil {
		return Transfer{}, err
	}
	if t.Status == TransferDeclared && !t.Confirming {
		if err := s.store.StartConfirming(ctx, id); err != nil {
			return Transfer{}, err
		}
		if t, err = s.store.Transfer(ctx, id); err != nil {
			return Transfer{}, err
		}
	}
	switch t.Status {
	case TransferConfirmed:
		return t, nil
	case TransferRejected:
		return Transfer{}, ErrTransferDecided
	}
	_, err = s.Move(ctx, Movement{CustomerID: t.CustomerID, Key: KeyTransfer(t.ID), Kind: Credit, Amount: t.Amount,
		Reason: ReasonTransfer, Reference: t.ID, Label: t.Reference})
	if err != nil {
		return Transfer{}, err
	}
	if err := s.store.Decide(ctx, id, TransferConfirmed, "", s.now().UTC().Truncate(time.Millisecond)); err != nil {
		return Transfer{}, err
	}
	return s.store.Transfer(ctx, id)
}

func (s *service) Transfer(ctx context.Context, id string) (Transfer, error) {
	return s.store.Transfer(ctx, id)
}

func (s *service) RejectTransfer(ctx context.Context, id, reason string) (Transfer, error) {
	reason = strings.TrimSpace(reason)
	f := errs.Fields{}
	textField(f, FieldReason, reason, 1, MaxRejectReason)
	if err := f.Err(); err != nil {
		return Transfer{}, err
	}
	t, err := s.store.Transfer(ctx, id)
	if err != nil {
		return Transfer{}, err
	}
	if t.Status == TransferDeclared && !t.Confirming {
		if err := s.store.Decide(ctx, id, TransferRejected, reason, s.now().UTC().Truncate(time.Millisecond)); err != nil {
			return Transfer{}, err
		}
		if t, err = s.store.Transfer(ctx, id); err != nil {
			return Transfer{}, err
		}
	}
	if t.Status != TransferRejected {
		// Confirmed, or a confirm under way that will credit it.
		return Transfer{}, ErrTransferDecided
	}
	return t, nil
}
