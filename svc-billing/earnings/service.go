package earnings

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"linguaport/internal/authn"
	"linguaport/internal/errs"
	"linguaport/internal/events"
	"linguaport/svc-billing/balance"
)

// Service is the translators' earnings API. Who is asking is the caller's business
// (svc-billing/api): it passes the translator's or the staff member's id from the token.
type Service interface {
	// Earn credits a completed order's pay (TRY) to its translator once per order: a second
	// credit for the same order, whatever its amount, changes nothing. The sandbox's simulated
	// translator (authn.IsSandbox) is credited nothing. number is the order's
	// number, which the entry shows (its reference stays the order's id).
	Earn(ctx context.Context, orderID, number, translatorID string, pay balance.Money) error
	// SetAccounts keeps the translator's newest announced bank accounts.
	SetAccounts(ctx context.Context, a PayoutAccounts) error
	// Earnings is the translator's TRY balance, a ledger page older than the entry before ("" =
	// the newest), the threshold and the payouts waiting for staff.
	Earnings(ctx context.Context, translatorID, before string) (View, error)
	// RequestPayout debits the payout once per Idempotency-Key and answers it requested;
	// *BelowThreshold, *Insufficient, ErrBankAccountNotFound, ErrKeyReused, errs.Fields.
	RequestPayout(ctx context.Context, translatorID string, r PayoutRequest) (Payout, error)
	// EnsurePayout writes the document of a payout whose debit was made (payout.requested).
	EnsurePayout(ctx context.Context, p Payout) error
	// Payouts are the translator's own, newest first, at most ListLimit.
	Payouts(ctx context.Context, translatorID string) ([]Payout, error)
	// PayoutsIn is a page of staff's list of payouts (payouts_list.go); errs.Fields for a status,
	// sort or cursor it does not know.
	PayoutsIn(ctx context.Context, q PayoutQuery) (PayoutPage, error)
	// PayoutsExport is every payout q selects (its Before ignored) in its order, for the bank
	// file; ErrExportTooLarge past MaxExport.
	PayoutsExport(ctx context.Context, q PayoutQuery) ([]Payout, error)
	// CountIn counts the payouts in status, for staff's summary.
	CountIn(ctx context.Context, status string) (int64, error)
	// Payout is one payout as staff see it (the audit's "before"); ErrPayoutNotFound if unknown.
	Payout(ctx context.Context, id string) (Payout, error)
	// MarkPaid answers the payout paid, by staff member by; again answers the same;
	// ErrPayoutDecided once rejected (or while a reject is under way).
	MarkPaid(ctx context.Context, id, by string) (Payout, error)
	// Reject credits the payout back once and answers it rejected; again answers the same;
	// ErrPayoutDecided once paid.
	Reject(ctx context.Context, id, by, reason string) (Payout, error)
}

type service struct {
	ledger    balance.Service
	store     Store
	threshold int64
	now       func() time.Time
	// kick tells the payouts' outbox relay which payout a decision queued an event in.
	kick func(ids ...any)
}

// NewService returns the earnings service keeping payouts in store over ledger, a
// balance.Service on the earnings' own collections (balance.NewMongoStoreNamed); threshold is the
// smallest payout in TRY minor units. Arguments in every service's order: store, other services,
// options.
func NewService(store Store, ledger balance.Service, threshold int64, now func() time.Time, opts ...Option) Service {
	s := &service{ledger: ledger, store: store, threshold: threshold, now: now, kick: func(...any) {}}
	for _, o := range opts {
		o(s)
	}
	return s
}

// Option configures the service.
type Option func(*service)

// WithKick tells the relay of the payouts' outboxes (Store.Collection) which payout a decision
// queued its event in; without it the relay's sweep finds them.
func WithKick(kick func(ids ...any)) Option { return func(s *service) { s.kick = kick } }

// decide makes the decision's one conditional write with its event, and tells the relay.
func (s *service) decide(ctx context.Context, p Payout, status, by, reason string) error {
	at := s.now().UTC().Truncate(time.Millisecond)
	e, err := decided(ctx, p, status, reason, at)
	if err != nil {
		return err
	}
	done, err := s.store.Decide(ctx, p.ID, status, by, reason, at, e)
	if done {
		s.kick(p.ID)
	}
	return err
}

func (s *service) money(n int64) balance.Money {
	return balance.Money{Amount: n, Currency: Currency, Decimals: balance.Decimals(Currency)}
}

func (s *service) Earn(ctx context.Context, orderID, number, translatorID string, pay balance.Money) error {
	if authn.IsSandbox(translatorID) {
		return nil // a sandbox order's simulated translator earns nothing (Handler)
	}
	_, err := s.ledger.Move(ctx, balance.Movement{CustomerID: translatorID, Key: balance.KeyEarning(orderID), Kind: balance.Credit,
		Amount: s.money(pay.Amount), Reason: balance.ReasonEarning, Reference: orderID, Label: number})
	if errors.Is(err, balance.ErrKeyReused) {
		// The order was credited already, with another amount or translator: the first credit
		// stands (an order completes once).
		return fmt.Errorf("earning of order %s: %w", orderID, ErrKeyReused)
	}
	return err
}

func (s *service) SetAccounts(ctx context.Context, a PayoutAccounts) error {
	return s.store.SetAccounts(ctx, a)
}

func (s *service) Earnings(ctx context.Context, translatorID, before string) (View, error) {
	v, err := s.ledger.Balance(ctx, translatorID, Currency, before)
	var fields errs.Fields
	if errors.As(err, &fields) {
		return View{}, errs.Fields{FieldBefore: ReasonFormat}
	}
	if err != nil {
		return View{}, err
	}
	out := View{Balance: s.money(0), Threshold: s.money(s.threshold), Entries: v.Entries, More: v.More, Payouts: []Payout{}}
	for _, b := range v.Balances {
		if b.Currency == Currency {
			out.Balance = b
		}
	}
	list, err := s.store.Payouts(ctx, translatorID, ListLimit)
	if err != nil {
		return View{}, err
	}
	for _, p := range list {
		if p.Status == Requested {
			out.Payouts = append(out.Payouts, p)
		}
	}
	return out, nil
}

// payoutID names the payout of translator's request key, so the same request finds the same
// debit and document however often it arrives.
func payoutID(translatorID, key string) string {
	sum := sha256.Sum256([]byte(translatorID + "\x00" + key))
	return "po-" + hex.EncodeToString(sum[:12])
}

func (r *PayoutRequest) check() error {
	f := errs.Fields{}
	switch {
	case r.Key == "":
		f.Add(FieldKey, ReasonRequired)
	case len(r.Key) > maxKeyLength || strings.IndexFunc(r.Key, func(c rune) bool { return c < '!' || c > '~' }) >= 0:
		f.Add(FieldKey, ReasonFormat)
	}
	r.BankAccountID = strings.TrimSpace(r.BankAccountID)
	if r.BankAccountID == "" {
		f.Add(FieldBankAccountID, ReasonRequired)
	}
	if a := r.Amount; a != nil {
		a.Currency = strings.ToUpper(strings.TrimSpace(a.Currency))
		switch {
		case a.Currency != "" && a.Currency != Currency:
			f.Add(FieldAmount, ReasonCurrency)
		case a.Amount < 1 || a.Amount > MaxPayoutMinor:
			f.Add(FieldAmount, ReasonRange)
		}
	}
	return f.Err()
}

// sameRequest: a payout made by an earlier request with the same key answers r only if r asked
// for the same.
func (p Payout) sameRequest(r PayoutRequest) bool {
	if p.BankAccountID != r.BankAccountID || p.Whole != (r.Amount == nil) {
		return false
	}
	return r.Amount == nil || r.Amount.Amount == p.Amount.Amount
}

func (s *service) RequestPayout(ctx context.Context, translatorID string, r PayoutRequest) (Payout, error) {
	if err := r.check(); err != nil {
		return Payout{}, err
	}
	id := payoutID(translatorID, r.Key)
	if p, err := s.store.Payout(ctx, id); err == nil {
		if !p.sameRequest(r) {
			return Payout{}, ErrKeyReused
		}
		return p, nil
	} else if !errors.Is(err, ErrPayoutNotFound) {
		return Payout{}, err
	}
	accounts, err := s.store.Accounts(ctx, translatorID)
	if err != nil {
		return Payout{}, err
	}
	i := slices.IndexFunc(accounts.Accounts, func(a PayoutAccount) bool { return a.ID == r.BankAccountID })
	if i < 0 {
		return Payout{}, ErrBankAccountNotFound
	}
	acc := accounts.Accounts[i]
	var amount int64
	if r.Amount != nil {
		amount = r.Amount.Amount
	} else {
		v, err := s.ledger.Balance(ctx, translatorID, Currency, "")
		if err != nil {
			return Payout{}, err
		}
		for _, b := range v.Balances {
			if b.Currency == Currency {
				amount = b.Amount
			}
		}
	}
	if amount < s.threshold {
		return Payout{}, &BelowThreshold{Threshold: s.money(s.threshold), Missing: s.money(s.threshold - amount)}
	}
	p := Payout{ID: id, TranslatorID: translatorID, TranslatorName: accounts.Name, Status: Requested, Amount: s.money(amount), BankAccountID: acc.ID,
		IBAN: acc.IBAN, Holder: acc.Holder, RequestedAt: s.now().UTC().Truncate(time.Millisecond), Whole: r.Amount == nil}
	ev, err := events.New(ctx, EventPayoutRequested, requested{Payout: p, Whole: p.Whole})
	if err != nil {
		return Payout{}, err
	}
	_, err = s.ledger.Move(ctx, balance.Movement{CustomerID: translatorID, Key: balance.KeyPayout(id), Kind: balance.Debit,
		Amount: p.Amount, Reason: balance.ReasonPayout, Reference: id, Events: []events.Event{ev}})
	var low *balance.InsufficientBalance
	switch {
	case errors.As(err, &low):
		return Payout{}, &Insufficient{Missing: low.Missing}
	case errors.Is(err, balance.ErrKeyReused):
		// The same key raced this request with another amount (the balance moved between them).
		return Payout{}, ErrKeyReused
	case err != nil:
		return Payout{}, err
	}
	if err := s.store.InsertPayout(ctx, p); err != nil {
		return Payout{}, err
	}
	return s.store.Payout(ctx, id)
}

// EnsurePayout writes the document of a payout whose request died after its debit.
func (s *service) EnsurePayout(ctx context.Context, p Payout) error {
	if _, err := s.store.Payout(ctx, p.ID); err == nil || !errors.Is(err, ErrPayoutNotFound) {
		return err
	}
	// The event was queued in the debit's own write, so this finds the debit made (a repeat of
	// a key is answered from the ledger) and never makes a second one.
	_, err := s.ledger.Move(ctx, balance.Movement{CustomerID: p.TranslatorID, Key: balance.KeyPayout(p.ID), Kind: balance.Debit,
		Amount: p.Amount, Reason: balance.ReasonPayout, Reference: p.ID})
	if err != nil {
		return fmt.Errorf("payout %s: %w", p.ID, err)
	}
	return s.store.InsertPayout(ctx, p)
}

func (s *service) Payouts(ctx context.Context, translatorID string) ([]Payout, error) {
	return s.store.Payouts(ctx, translatorID, ListLimit)
}

func (s *service) CountIn(ctx context.Context, status string) (int64, error) {
	return s.store.Count(ctx, status)
}

func (s *service) Payout(ctx context.Context, id string) (Payout, error) {
	return s.store.Payout(ctx, id)
}

func (s *service) MarkPaid(ctx context.Context, id, by string) (Payout, error) {
	p, err := s.store.Payout(ctx, id)
	if err != nil {
		return Payout{}, err
	}
	if p.Status == Requested && !p.Rejecting {
		if err := s.decide(ctx, p, Paid, by, ""); err != nil {
			return Payout{}, err
		}
		if p, err = s.store.Payout(ctx, id); err != nil {
			return Payout{}, err
		}
	}
	if p.Status != Paid {
		return Payout{}, ErrPayoutDecided
	}
	return p, nil
}

func (s *service) Reject(ctx context.Context, id, by, reason string) (Payout, error) {
	reason = strings.TrimSpace(reason)
	switch n := utf8.RuneCountInString(reason); {
	case n == 0:
		return Payout{}, errs.Fields{FieldReason: ReasonNoReason}
	case n > MaxRejectReason:
		return Payout{}, errs.Fields{FieldReason: ReasonLongReason}
	}
	p, err := s.store.Payout(ctx, id)
	if err != nil {
		return Payout{}, err
	}
	if p.Status == Requested && !p.Rejecting {
		if err := s.store.StartRejecting(ctx, id); err != nil {
			return Payout{}, err
		}
		if p, err = s.store.Payout(ctx, id); err != nil {
			return Payout{}, err
		}
	}
	switch p.Status {
	case Rejected:
		return p, nil
	case Paid:
		return Payout{}, ErrPayoutDecided
	}
	_, err = s.ledger.Move(ctx, balance.Movement{CustomerID: p.TranslatorID, Key: balance.KeyPayoutReturned(id), Kind: balance.Credit,
		Amount: p.Amount, Reason: balance.ReasonPayoutReturned, Reference: id})
	if err != nil {
		return Payout{}, err
	}
	if err := s.decide(ctx, p, Rejected, by, reason); err != nil {
		return Payout{}, err
	}
	return s.store.Payout(ctx, id)
}
