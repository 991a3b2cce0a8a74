// Package earnings keeps translators' earnings and their payouts (svc-billing/API.md
// "## Translator earnings", DESIGN §9: "ledgers of the same kind").
//
// # The ledger
//
// A translator's earnings are a balance account with its ledger, kept by svc-billing/balance
// itself over collections of their own (balance.NewMongoStoreNamed "earnings"): the same one
// document per owner, keyed movements and one-slot pending entry, so everything the customers'
// balance guarantees (a key applied once, a debit never below zero, the ledger adding up to the
// balance, a crash finished by the next reader) holds for earnings without a second
// implementation. Separate collections rather than prefixed ids in the customers' ones: no
// customer route can reach a translator's money, and each ledger adds up on its own.
//
// A completed order (order.status_changed with pay, svc-orders' stream) credits its pay in TRY
// once, under balance.KeyEarning(orderId).
//
// # Payouts
//
// A payout request is one keyed debit (balance.KeyPayout(id)) whose write also queues
// payout.requested in the account's outbox, then the payout document. The payout's id is
// derived from the translator and the request's Idempotency-Key, so a repeated request finds
// the same debit and document; a process that dies between the two writes leaves the event,
// whose handler writes the document. The IBAN comes from svc-billing's own read model of the
// translator's bank accounts (translator.payout_accounts, newest version wins) and is copied into
// the payout, so what staff pay to never changes afterwards.
//
// Staff mark a payout paid (one conditional write from requested) or reject it as
// balance.ConfirmTransfer confirms a transfer: the payout is first marked as being rejected (so
// it can no longer be marked paid), then the amount is credited back under
// balance.KeyPayoutReturned(id), then it is rejected. Each step is repeatable, so a reject
// retried after a crash credits once.
package earnings

import (
	"context"
	"errors"
	"fmt"
	"time"

	"linguaport/internal/events"
	"linguaport/internal/i18n"
	"linguaport/internal/money"
	"linguaport/svc-billing/balance"
)

// Currency is the currency earnings are credited and paid out in.
const Currency = "TRY"

// DefaultThresholdMinor is the smallest payout in TRY minor units (250 TRY) when
// PAYOUT_THRESHOLD_MINOR does not say otherwise.
const DefaultThresholdMinor = 25_000

// Payout statuses.
const (
	Requested = "requested"
	Paid      = "paid"
	Rejected  = "rejected"
)

// Payout is a translator's request to be paid their earnings to one of their bank accounts.
type Payout struct {
	ID           string `json:"id" bson:"_id"`
	TranslatorID string `json:"translatorId" bson:"translatorId"`
	// TranslatorName is the translator's name when the payout was requested (the bank export's
	// first column); empty for payouts requested before names were announced.
	TranslatorName string        `json:"translatorName,omitempty" bson:"translatorName,omitempty"`
	Status         string        `json:"status" bson:"status"`
	Amount         balance.Money `json:"amount" bson:"amount"`
	BankAccountID  string        `json:"bankAccountId" bson:"bankAccountId"`
	IBAN           string        `json:"iban" bson:"iban"`
	Holder         string        `json:"holder" bson:"holder"`
	RequestedAt    time.Time     `json:"requestedAt" bson:"requestedAt"`
	DecidedAt      *time.Time    `json:"decidedAt,omitempty" bson:"decidedAt,omitempty"`
	// DecidedBy is the staff member who marked it paid or rejected it.
	DecidedBy string `json:"decidedBy,omitempty" bson:"decidedBy,omitempty"`
	// Reason is why staff rejected it.
	Reason string `json:"reason,omitempty" bson:"reason,omitempty"`
	// Whole: the request asked for the whole balance rather than an amount (a repeated
	// Idempotency-Key must ask the same).
	Whole bool `json:"-" bson:"whole"`
	// Rejecting: a reject has begun (the amount may be credited back), so it can no longer be paid.
	Rejecting bool `json:"-" bson:"rejecting"`

	// Outbox holds payout.paid or payout.rejected, queued by the write that decides (Decide).
	events.Outbox `bson:",inline"`
}

// PayoutAccount is a translator's bank account as svc-translators last announced it.
type PayoutAccount struct {
	ID      string `json:"id" bson:"id"`
	IBAN    string `json:"iban" bson:"iban"`
	Holder  string `json:"holder" bson:"holder"`
	Default bool   `json:"default" bson:"default"`
}

// PayoutAccounts is translator.payout_accounts' payload and the read model's document: the whole
// list, the highest Version the newest.
type PayoutAccounts struct {
	TranslatorID string          `json:"translatorId" bson:"_id"`
	Version      int64           `json:"version" bson:"version"`
	Accounts     []PayoutAccount `json:"accounts" bson:"accounts"`
	// Name is the translator's name on their profile (svc-translators announces it since the
	// bank export needs it; older announcements have none).
	Name string `json:"name,omitempty" bson:"name,omitempty"`
}

// PayoutRequest is what the translator asks for: the whole available balance (Amount nil) or
// Amount, to the bank account BankAccountID; Key is the request's Idempotency-Key.
type PayoutRequest struct {
	BankAccountID string
	Amount        *balance.Money
	Key           string
}

// View is a translator's earnings: the TRY balance, a page of its ledger, the threshold a payout
// needs and the payouts waiting for staff.
type View struct {
	Balance   balance.Money   `json:"balance"`
	Threshold balance.Money   `json:"threshold"`
	Entries   []balance.Entry `json:"entries"`
	More      bool            `json:"more"`
	Payouts   []Payout        `json:"payouts"`
}

// BelowThreshold is a payout smaller than the threshold (or a balance that has not reached it).
type BelowThreshold struct {
	Threshold balance.Money
	// Missing is how much more the payout (or the balance) would need.
	Missing balance.Money
}

func (e *BelowThreshold) Error() string {
	return fmt.Sprintf("payout below the threshold of %d %s: %d missing", e.Threshold.Amount, e.Threshold.Currency, e.Missing.Amount)
}

// Insufficient is a payout larger than the balance.
type Insufficient struct {
	Missing balance.Money
}

func (e *Insufficient) Error() string {
	return fmt.Sprintf("payout over the earnings: %d %s missing", e.Missing.Amount, e.Missing.Currency)
}

// Errors the service answers with.
var (
	ErrPayoutNotFound      = errors.New("payout not found")
	ErrBankAccountNotFound = errors.New("bank account not found")
	// ErrPayoutDecided: paying a rejected payout, rejecting a paid one.
	ErrPayoutDecided = errors.New("payout already decided")
	// ErrKeyReused: an Idempotency-Key sent again with another payout request.
	ErrKeyReused = errors.New("idempotency key used for another payout request")
)

// Field names and reasons of refused requests (errs.Fields); the Idempotency-Key's are the
// payment routes' (paying.FieldKey), so they are worded alike.
const (
	FieldKey           = "Idempotency-Key"
	FieldBankAccountID = "bankAccountId"
	FieldAmount        = "amount"
	FieldReason        = "reason"
	FieldStatus        = "status"
	FieldBefore        = "before"

	ReasonRequired = "required"
	ReasonFormat   = "format"
	ReasonCurrency = "payout_currency" // not TRY
	ReasonRange    = "range"
	// A staff reject's reason: its own reasons, as the transfers' reject words its own.
	ReasonStatus     = "payout_status" // not requested, paid or rejected
	ReasonNoReason   = "payout_reason_required"
	ReasonLongReason = "payout_reason_length"
)

// Bounds.
const (
	maxKeyLength    = 100
	MaxRejectReason = 500
	// MaxPayoutMinor bounds one payout: 1 000 000 TRY.
	MaxPayoutMinor = 100_000_000
	// ListLimit bounds a translator's own list of payouts.
	ListLimit = 200
)

// EventPayoutRequested is queued with a payout's debit on events.Stream("billing"); its payload is
// the Payout. svc-billing's own consumer writes the payout document should the request have died
// before it did.
const EventPayoutRequested = "payout.requested"

// Staff's decisions on a payout, queued on events.Stream("billing") by the one conditional write
// that makes each (Store.Decide), so each is published once: svc-auth tells the translator.
const (
	EventPayoutPaid     = "payout.paid"
	EventPayoutRejected = "payout.rejected"
)

// DecidedData is the payload of payout.paid and payout.rejected.
type DecidedData struct {
	PayoutID       string        `json:"payoutId"`
	TranslatorID   string        `json:"translatorId"`
	TranslatorName string        `json:"translatorName,omitempty"`
	Status         string        `json:"status"` // Paid or Rejected
	Amount         balance.Money `json:"amount"`
	// Formatted is the amount as the site writes it, in both languages: the translator's mail
	// is in theirs.
	Formatted i18n.Text `json:"formatted"`
	// IBANLast4 names the account paid to without repeating the whole number in a mail.
	IBANLast4 string    `json:"ibanLast4"`
	Reason    string    `json:"reason,omitempty"` // why it was rejected
	DecidedAt time.Time `json:"decidedAt"`
}

// decided is the event of p's decision, as Decide writes it.
func decided(ctx context.Context, p Payout, status, reason string, at time.Time) (events.Event, error) {
	last4 := p.IBAN
	if len(last4) > 4 {
		last4 = last4[len(last4)-4:]
	}
	typ := EventPayoutPaid
	if status == Rejected {
		typ = EventPayoutRejected
	}
	return events.New(ctx, typ, DecidedData{
		PayoutID: p.ID, TranslatorID: p.TranslatorID, TranslatorName: p.TranslatorName, Status: status, Amount: p.Amount,
		Formatted: i18n.Text{TR: money.Format(p.Amount.Amount, p.Amount.Currency, "tr"), EN: money.Format(p.Amount.Amount, p.Amount.Currency, "en")},
		IBANLast4: last4, Reason: reason, DecidedAt: at,
	})
}

// Refused reports whether err is the service refusing a request rather than failing.
func Refused(err error) bool {
	var (
		below *BelowThreshold
		low   *Insufficient
	)
	return errors.Is(err, ErrPayoutNotFound) || errors.Is(err, ErrBankAccountNotFound) || errors.Is(err, ErrPayoutDecided) ||
		errors.Is(err, ErrKeyReused) || errors.Is(err, ErrExportTooLarge) || errors.As(err, &below) || errors.As(err, &low)
}
