// Package balance keeps each customer's balance account with its ledger, and the bank transfers
// customers declare (svc-billing/API.md "## Balance", DESIGN §9).
//
// # The account and its ledger
//
// One document per customer in "balance_accounts" holds a balance per currency
// (balances: {TRY: 150000}), a version, a one-slot pending movement and an embedded outbox
// (internal/events). Every movement is one entry in "balance_ledger" whose _id is the movement's
// idempotency key (KeyInvoice, KeyTopUp, KeyTransfer, KeyRefund). There are no transactions
// (FerretDB has none), so a movement is made of steps that are each one single-document write and
// that anyone may repeat:
//
//  1. Apply: one conditional write on the account, filtered on _id, the version read, an empty
//     slot and, for a debit, balances.<CUR> >= amount. It adds the signed amount to the balance,
//     raises the version and puts the entry (seq = the new version, balanceAfter) in the slot;
//     a debit paying an invoice also pushes balance.debited to the outbox in the same write.
//  2. Record: the slot's entry is inserted into the ledger (a duplicate _id means it is there).
//  3. Clear: the slot is emptied, conditional on still holding that entry.
//
// Whoever finds the slot full (a racing movement, Balance, a process that died between the
// steps) finishes it first, and nothing is applied behind a full slot, so the balance and the
// ledger never disagree for longer than one movement, a crash never loses an entry and an entry is
// never written twice. Before applying, a movement reads the account (finishing its slot), then
// looks for its key in the ledger, then writes conditional on the version it read: a movement with
// the same key that completed in between changed the version, so a key is applied at most once
// per account. Should the same key ever be applied on two accounts at once (keys are per invoice,
// session or transfer, which belong to one customer, so only a caller's bug can do that), the one
// that finds the ledger taken by the other reverses its balance change instead of recording it.
//
// The ledger of a currency therefore always adds up to its balance, and each entry's balanceAfter
// is the previous entry's plus its signed amount, in seq order.
//
// # Bank transfers
//
// A declared transfer ("balance_transfers") is credited when staff confirm it: first the transfer
// is marked as being confirmed (so a reject can no longer win), then the balance is credited with
// KeyTransfer(id), then the transfer is marked confirmed. Each step is repeatable, so a confirm
// retried after a crash, or eight confirms at once, credit once and answer the same transfer.
package balance

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"linguaport/internal/events"
)

// Money is an amount in integer minor units of a currency.
type Money struct {
	Amount   int64  `json:"amount" bson:"amount"`
	Currency string `json:"currency" bson:"currency"`
	Decimals int    `json:"decimals" bson:"decimals"`
}

// Currencies are the site's currencies, the ones a balance can be held in.
var Currencies = []string{"TRY", "USD", "EUR", "GBP", "JPY", "CNY", "RUB"}

// ValidCurrency reports whether code is one of Currencies.
func ValidCurrency(code string) bool { return slices.Contains(Currencies, code) }

// Decimals is the number of minor-unit digits of a currency: 0 for the yen, 2 for the others.
func Decimals(code string) int {
	if code == "JPY" {
		return 0
	}
	return 2
}

// moneyOf is n minor units of currency, with its decimals.
func moneyOf(currency string, n int64) Money {
	return Money{Amount: n, Currency: currency, Decimals: Decimals(currency)}
}

// Kind says which way a movement goes.
type Kind string

const (
	Credit Kind = "credit"
	Debit  Kind = "debit"
)

// Reasons of a movement.
const (
	ReasonTopUp    = "topup"    // a card payment to the balance
	ReasonTransfer = "transfer" // a bank transfer confirmed by staff
	ReasonInvoice  = "invoice"  // a debit paying an invoice; the reference is its id
	ReasonRefund   = "refund"   // a refunded invoice; the reference is its id
	// ReasonAdjustment is staff correcting a balance by hand; the reference is the staff
	// member's id and the note says why.
	ReasonAdjustment = "adjustment"

	// The reasons of translators' earnings accounts (svc-billing/earnings), the same ledger kept
	// in their own collections (NewMongoStoreNamed).
	ReasonEarning        = "earning"         // a completed order's pay; the reference is the order's id
	ReasonPayout         = "payout"          // a debit paid out to the translator's bank; the reference is the payout's id
	ReasonPayoutReturned = "payout_returned" // a payout staff rejected, credited back; the reference is its id
)

var reasons = []string{ReasonTopUp, ReasonTransfer, ReasonInvoice, ReasonRefund, ReasonAdjustment, ReasonEarning, ReasonPayout, ReasonPayoutReturned}

// The idempotency keys of movements: one movement per invoice paid, card session, transfer and
// refund, however often it is asked for.
func KeyInvoice(invoiceID string) string   { return "invoice:" + invoiceID }
func KeyTopUp(sessionID string) string     { return "topup:" + sessionID }
func KeyTransfer(transferID string) string { return "transfer:" + transferID }
func KeyRefund(invoiceID string) string    { return "refund:" + invoiceID }

// KeyAdjustment is a staff adjustment's key: one per customer and Idempotency-Key, so a double
// click adjusts once.
func KeyAdjustment(customerID, key string) string { return "adjustment:" + customerID + ":" + key }

// The keys of earnings movements: one earning per order, one debit and at most one return per
// payout.
func KeyEarning(orderID string) string         { return "earning:" + orderID }
func KeyPayout(payoutID string) string         { return "payout:" + payoutID }
func KeyPayoutReturned(payoutID string) string { return "payout-returned:" + payoutID }

// Movement is a credit or a debit asked for.
type Movement struct {
	CustomerID string
	// Key makes the movement happen once: a second Move with it answers the first's entry.
	Key       string
	Kind      Kind
	Amount    Money
	Reason    string
	Reference string
	// Label is how people name the reference (an earning's order number, an invoice's number,
	// a transfer's bank reference), shown instead of an internal id; not part of what makes two
	// movements the same.
	Label string
	// Note is staff's own words on an adjustment.
	Note string
	// Events are pushed to the account's outbox in the same write as the movement, so what the
	// movement starts is finished even if the process dies right after (the relay is kicked).
	Events []events.Event
}

// Entry is one movement in the ledger.
type Entry struct {
	ID           string    `json:"id" bson:"_id"` // the movement's key
	CustomerID   string    `json:"-" bson:"customerId"`
	Kind         Kind      `json:"kind" bson:"kind"`
	Amount       Money     `json:"amount" bson:"amount"`
	Reason       string    `json:"reason" bson:"reason"`
	Reference    string    `json:"reference" bson:"reference"`
	Label        string    `json:"label,omitempty" bson:"label,omitempty"`
	Note         string    `json:"note,omitempty" bson:"note,omitempty"`
	BalanceAfter Money     `json:"balanceAfter" bson:"balanceAfter"`
	At           time.Time `json:"at" bson:"at"`
	// Seq orders a customer's entries: the account's version the movement made.
	Seq int64 `json:"-" bson:"seq"`
	// applied: the Move that returned this entry made the movement (never stored).
	applied bool
}

// Applied reports whether the Move that returned e made the movement, rather than finding it
// made before under the same key (a repeated request): of any number of racing Moves with one
// key, exactly one answers true.
func (e Entry) Applied() bool { return e.applied }

// signed is the entry's change to the balance.
func (e Entry) signed() int64 {
	if e.Kind == Debit {
		return -e.Amount.Amount
	}
	return e.Amount.Amount
}

// same reports whether e and o are the same movement (ErrKeyReused when a key is asked for
// with another one): the same customer, kind, amount and reason.
func (e Entry) same(o Entry) bool {
	return e.CustomerID == o.CustomerID && e.Kind == o.Kind && e.Reason == o.Reason && e.Note == o.Note &&
		e.Amount.Amount == o.Amount.Amount && e.Amount.Currency == o.Amount.Currency
}

// InsufficientBalance is a debit the balance does not cover.
type InsufficientBalance struct {
	// Missing is how much more the balance would need.
	Missing Money
}

func (e *InsufficientBalance) Error() string {
	return fmt.Sprintf("insufficient balance: %d minor units of %s missing", e.Missing.Amount, e.Missing.Currency)
}

// Errors the service answers with.
var (
	// ErrKeyReused: a movement's key was used before for a different movement (another customer,
	// kind, amount or reason), a bug of the caller's.
	ErrKeyReused = errors.New("balance movement key used for another movement")
	// ErrInvalidMovement: a movement that cannot be made (no customer or key, an unknown kind,
	// reason or currency, an amount not above zero), a bug of the caller's.
	ErrInvalidMovement = errors.New("invalid balance movement")
	// ErrEntryNotFound: no ledger entry has the key.
	ErrEntryNotFound = errors.New("no ledger entry")
	// ErrNotFound: no such transfer.
	ErrNotFound = errors.New("transfer not found")
	// ErrTransferDecided: confirming a rejected transfer or rejecting a confirmed one.
	ErrTransferDecided = errors.New("transfer already decided")
	// ErrSandbox: money offered to a sandbox balance (authn.IsSandbox of its customer), by card
	// (svc-billing/paying) or by a declared bank transfer. Sandbox invoices are paid without a
	// charge, so a sandbox balance never needs money, and real money sent to a test account, or
	// a test transfer in staff's queue to confirm, would only be trouble.
	ErrSandbox = errors.New("a sandbox balance takes no money")
)

// PageSize is how many ledger entries a Balance answer holds.
const PageSize = 20

// View is a customer's balance: every currency held, one currency's ledger page and the
// transfers waiting for staff.
type View struct {
	Balances  []Money    `json:"balances"`
	Currency  string     `json:"currency"`
	Entries   []Entry    `json:"entries"`
	More      bool       `json:"more"`
	Transfers []Transfer `json:"transfers"`
}

// Transfer statuses.
const (
	TransferDeclared  = "declared"
	TransferConfirmed = "confirmed"
	TransferRejected  = "rejected"
)

// TransferInput is a bank transfer as the customer declares it.
type TransferInput struct {
	Amount    Money
	Sender    string
	Date      string // YYYY-MM-DD
	Reference string
}

// Transfer is a declared bank transfer (EFT/havale).
type Transfer struct {
	ID         string     `json:"id" bson:"_id"`
	CustomerID string     `json:"customerId" bson:"customerId"`
	Status     string     `json:"status" bson:"status"`
	Amount     Money      `json:"amount" bson:"amount"`
	Sender     string     `json:"sender" bson:"sender"`
	Date       string     `json:"date" bson:"date"`
	Reference  string     `json:"reference" bson:"reference"`
	DeclaredAt time.Time  `json:"declaredAt" bson:"declaredAt"`
	DecidedAt  *time.Time `json:"decidedAt,omitempty" bson:"decidedAt,omitempty"`
	// Reason is why staff rejected it.
	Reason string `json:"reason,omitempty" bson:"reason,omitempty"`
	// Confirming: a confirm has begun (the credit may be made), so a reject is refused.
	Confirming bool `json:"-" bson:"confirming"`
}

// EventDebited is published on events:billing when a debit paid an invoice, in the same write
// as the debit, so the invoice is marked paid even if the process dies right after.
const EventDebited = "balance.debited"

// EventTransferDeclared is published on events:billing when a customer declares a bank
// transfer, from the transfer's outbox in the write that stores it, so staff hear of it
// (svc-auth's live notices) even if the process dies right after.
const EventTransferDeclared = "transfer.declared"

// Declared is transfer.declared's payload: enough for staff to know what to look for,
// nothing of the sender's bank details.
type Declared struct {
	TransferID string    `json:"transferId"`
	CustomerID string    `json:"customerId"`
	Amount     Money     `json:"amount"`
	DeclaredAt time.Time `json:"declaredAt"`
}

// Debited is balance.debited's payload.
type Debited struct {
	CustomerID string `json:"customerId"`
	InvoiceID  string `json:"invoiceId"`
	EntryID    string `json:"entryId"`
	Amount     Money  `json:"amount"`
}
