package balance

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"linguaport/internal/errs"
	"linguaport/internal/events"
	"linguaport/internal/mongox"
)

// Store keeps the accounts, the ledger and the transfers (MongoStore; the package comment says
// how a movement is written).
type Store interface {
	// Move applies e once per key (e.ID) with evs in the account's outbox in the same write,
	// filling in Seq and BalanceAfter, and returns the entry in the ledger: the first one made
	// with that key, or ErrKeyReused when it differs from e, or *InsufficientBalance for a debit
	// the balance does not cover.
	Move(ctx context.Context, e Entry, evs []events.Event) (Entry, error)
	// Entry is the ledger entry with key id, ErrEntryNotFound when there is none.
	Entry(ctx context.Context, id string) (Entry, error)
	// Balances are the customer's balances, in the order the currencies were first held.
	Balances(ctx context.Context, customerID string) ([]Money, error)
	// Entries are the customer's entries in currency, newest first, at most limit, older than
	// the entry of seq before (0: from the newest).
	Entries(ctx context.Context, customerID, currency string, before int64, limit int) ([]Entry, error)

	// InsertTransfer stores a newly declared transfer with evs in its outbox, in one write.
	InsertTransfer(ctx context.Context, t Transfer, evs ...events.Event) error
	// Transfer is ErrNotFound for an unknown id.
	Transfer(ctx context.Context, id string) (Transfer, error)
	// ListAccounts lists the accounts whose customer id starts with prefix, by id descending, below
	// the id before ("" = from the top), at most limit.
	ListAccounts(ctx context.Context, prefix, before string, limit int) ([]Account, error)
	// CountTransfers counts the transfers in status.
	CountTransfers(ctx context.Context, status string) (int64, error)

	// TransfersByStatus lists transfers in status oldest first, at most limit; only the
	// customer's when customerID is set.
	TransfersByStatus(ctx context.Context, customerID, status string, limit int) ([]Transfer, error)
	// ListTransfers lists the transfers in status in k's order and page; q ("" = all) is a
	// transfer's id, its customer's id or its bank reference.
	ListTransfers(ctx context.Context, status, q string, k mongox.Keyset) ([]Transfer, error)
	// StartConfirming marks a declared transfer as being confirmed (no longer rejectable).
	StartConfirming(ctx context.Context, id string) error
	// Decide moves a declared transfer to status; a reject is not made once confirming began.
	Decide(ctx context.Context, id, status, reason string, at time.Time) error
}

// TransferListLimit bounds a customer's own list of waiting transfers.
const TransferListLimit = 200

// Service is the balance's API. Who is asking is the caller's business (svc-billing/api): it
// passes the customer's id from the token.
type Service interface {
	// Move applies a credit or a debit once per Key: a repeated Key returns the entry it made
	// (ErrKeyReused if the movement differs). A debit never takes the balance below zero:
	// *InsufficientBalance with the missing amount.
	Move(ctx context.Context, m Movement) (Entry, error)
	// Balance is the customer's balances, a page of the ledger of currency ("" = the first held,
	// else TRY) older than the entry before ("" = the newest) and the transfers awaiting staff.
	Balance(ctx context.Context, customerID, currency, before string) (View, error)
	// DeclareTransfer records a bank transfer the customer says they made; errs.Fields with a
	// Reason* for each refused field; ErrSandbox for a sandbox customer.
	DeclareTransfer(ctx context.Context, customerID string, in TransferInput) (Transfer, error)
	// Transfers is a page of staff's list of transfers (transfers_list.go); errs.Fields for a
	// status, sort or cursor it does not know.
	Transfers(ctx context.Context, q TransferQuery) (TransferPage, error)
	// Transfer is one transfer as staff see it (the audit's "before"); ErrNotFound if unknown.
	Transfer(ctx context.Context, id string) (Transfer, error)
	// ConfirmTransfer credits the transfer to its customer's balance once and answers it
	// confirmed; confirming again answers the same. ErrTransferDecided if it was rejected.
	ConfirmTransfer(ctx context.Context, id string) (Transfer, error)
	// RejectTransfer answers it rejected with reason; ErrTransferDecided once confirmed (or
	// while a confirm is under way).
	RejectTransfer(ctx context.Context, id, reason string) (Transfer, error)

	// Accounts is staff's page of customer accounts (adjust.go).
	Accounts(ctx context.Context, q, before string) (AccountPage, error)
	// Adjust is staff's credit or debit of a customer's balance (adjust.go).
	Adjust(ctx context.Context, customerID, staffID string, in Adjustment) (Adjusted, error)
	// CountTransfers counts the transfers in status, for staff's summary.
	CountTransfers(ctx context.Context, status string) (int64, error)
}

type service struct {
	store Store
	now   func() time.Time
	newID func() string
	// kick tells the outbox relay which accounts a write queued events in.
	kick func(ids ...any)
	// kickTransfers tells the transfers' relay which transfers got events.
	kickTransfers func(ids ...any)
}

// Option configures the service.
type Option func(*service)

// WithTransfersKick tells the relay of the transfers' outboxes (transfer.declared) about
// transfers with new events; without it they wait for that relay's sweep.
func WithTransfersKick(kick func(ids ...any)) Option {
	return func(s *service) { s.kickTransfers = kick }
}

// NewService returns the balance service; kick tells the relay of events:billing about accounts
// with new events.
func NewService(store Store, now func() time.Time, newID func() string, kick func(ids ...any), opts ...Option) Service {
	s := &service{store: store, now: now, newID: newID, kick: kick, kickTransfers: func(...any) {}}
	for _, o := range opts {
		o(s)
	}
	return s
}

func (s *service) Move(ctx context.Context, m Movement) (Entry, error) {
	if err := m.check(); err != nil {
		return Entry{}, err
	}
	e := Entry{ID: m.Key, CustomerID: m.CustomerID, Kind: m.Kind, Amount: moneyOf(m.Amount.Currency, m.Amount.Amount),
		Reason: m.Reason, Reference: m.Reference, Label: m.Label, Note: m.Note, At: s.now().UTC().Truncate(time.Millisecond)}
	evs := slices.Clone(m.Events)
	paying := m.Kind == Debit && m.Reason == ReasonInvoice
	if paying {
		ev, err := events.New(ctx, EventDebited, Debited{CustomerID: m.CustomerID, InvoiceID: m.Reference, EntryID: e.ID, Amount: e.Amount})
		if err != nil {
			return Entry{}, err
		}
		evs = append(evs, ev)
	}
	got, err := s.store.Move(ctx, e, evs)
	if err != nil {
		return Entry{}, err
	}
	if len(evs) > 0 {
		// Also on a repeat: the relay reads the account once, and finds the event or nothing.
		s.kick(m.CustomerID)
	}
	return got, nil
}

func (m Movement) check() error {
	bad := func(what string) error { return fmt.Errorf("%w: %s (%s)", ErrInvalidMovement, what, m.Key) }
	switch {
	case m.CustomerID == "" || m.Key == "":
		return bad("no customer or key")
	case m.Kind != Credit && m.Kind != Debit:
		return bad("kind " + string(m.Kind))
	case !slices.Contains(reasons, m.Reason):
		return bad("reason " + m.Reason)
	case !ValidCurrency(m.Amount.Currency):
		return bad("currency " + m.Amount.Currency)
	case m.Amount.Amount <= 0:
		return bad("amount not above zero")
	case m.Reason == ReasonInvoice && m.Reference == "":
		return bad("invoice debit without the invoice")
	case len(m.Events) > 1 || len(m.Events) == 1 && m.Kind == Debit && m.Reason == ReasonInvoice:
		// A movement reversed for a key taken on another account takes back one event (store.finish).
		return bad("more than one event")
	}
	return nil
}

// Field names of Balance's refusals.
const (
	FieldCurrency = "currency"
	FieldBefore   = "before"
)

func (s *service) Balance(ctx context.Context, customerID, currency, before string) (View, error) {
	balances, err := s.store.Balances(ctx, customerID)
	if err != nil {
		return View{}, err
	}
	switch {
	case currency == "" && len(balances) > 0:
		currency = balances[0].Currency
	case currency == "":
		currency = "TRY"
	case !ValidCurrency(currency):
		return View{}, errs.Fields{FieldCurrency: ReasonCurrency}
	}
	var beforeSeq int64
	if before != "" {
		e, err := s.store.Entry(ctx, before)
		if err != nil && !errors.Is(err, ErrEntryNotFound) {
			return View{}, err
		}
		if err != nil || e.CustomerID != customerID || e.Amount.Currency != currency {
			// Not an entry of this ledger, whether it exists or not: nothing to page from.
			return View{}, errs.Fields{FieldBefore: ReasonFormat}
		}
		beforeSeq = e.Seq
	}
	entries, err := s.store.Entries(ctx, customerID, currency, beforeSeq, PageSize+1)
	if err != nil {
		return View{}, err
	}
	more := len(entries) > PageSize
	if more {
		entries = entries[:PageSize]
	}
	transfers, err := s.store.TransfersByStatus(ctx, customerID, TransferDeclared, TransferListLimit)
	if err != nil {
		return View{}, err
	}
	return View{Balances: balances, Currency: currency, Entries: entries, More: more, Transfers: transfers}, nil
}

// Refused reports whether err is the service refusing a request (bad input, an unknown or
// decided transfer, a balance too low) rather than failing.
func Refused(err error) bool {
	var (
		low    *InsufficientBalance
		fields errs.Fields
	)
	return errors.Is(err, ErrNotFound) || errors.Is(err, ErrTransferDecided) || errors.Is(err, ErrSandbox) ||
		errors.As(err, &low) || errors.As(err, &fields)
}
