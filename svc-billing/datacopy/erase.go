package datacopy

import (
	"context"
	"errors"
	"fmt"

	"linguaport/internal/privacy"
	"linguaport/svc-billing/balance"
	"linguaport/svc-billing/earnings"
	"linguaport/svc-billing/invoices"
	"linguaport/svc-billing/profile"
)

// The collections an erasure keeps, as the retention list names them (privacy.Retention's lines
// for Service), whatever svc-billing's own collections are called: an invoice and its refund are
// one document of "invoices"; payments are the invoices' payments and the card top-ups of the
// balance's ledger ("balance_ledger"); the balance's and the earnings' ledgers are
// "balance_ledger" and "earnings_ledger"; transfers are "balance_transfers"; payouts
// "earnings_payouts".
const (
	KeptInvoices        = "invoices"
	KeptPayments        = "payments"
	KeptBalanceEntries  = "balance_entries"
	KeptTransfers       = "transfers"
	KeptEarningsEntries = "earnings_entries"
	KeptPayouts         = "payouts"
)

// The kinds of object svc-billing's audit log names (api/staff.go, api/efatura.go): an invoice
// by its id, a customer's balance and their e-Fatura registration by the customer's id.
const (
	AuditInvoice  = "invoice"
	AuditBalance  = "balance"
	AuditCustomer = "customer"
)

// The collections an erasure removes the person's records from.
const (
	// ErasedBillingDetails: the customer's billing details ("profiles"), one document.
	ErasedBillingDetails = "billing_details"
	// ErasedRegistrations: staff's e-Fatura registration of the customer, one document.
	ErasedRegistrations = "einvoice_registrations"
	// ErasedPayoutAccounts: the bank accounts future payouts could go to, counted by account
	// (a list kept without any counts as one).
	ErasedPayoutAccounts = "payout_accounts"
	// ErasedIdempotencyKeys: the Idempotency-Keys of the person's Pay clicks.
	ErasedIdempotencyKeys = "idempotency_keys"
)

// ProfileEraser removes a customer's billing details (profile.MongoStore).
type ProfileEraser interface {
	// Delete reports whether there were details to remove.
	Delete(ctx context.Context, customerID string) (bool, error)
}

// RegistrationEraser removes staff's e-Fatura registration of a customer (profile.Registrations).
type RegistrationEraser interface {
	// Unregister is profile.ErrNotFound for a customer not registered.
	Unregister(ctx context.Context, customerID string) error
}

// PayoutEraser reads a translator's payouts and removes the bank accounts kept for their future
// payouts (earnings.MongoStore).
type PayoutEraser interface {
	AllPayouts(ctx context.Context, translatorID string) ([]earnings.Payout, error)
	// DeleteAccounts answers the list removed, and false when none was kept.
	DeleteAccounts(ctx context.Context, translatorID string) (earnings.PayoutAccounts, bool, error)
}

// KeyEraser removes the Idempotency-Keys a person's requests claimed (paying.MongoKeys).
type KeyEraser interface {
	DeleteOwner(ctx context.Context, owner string) (int64, error)
}

// ErasureSources are svc-billing's stores an erasure reads and writes, all of its own database:
// those it removes from, and those it keeps and only counts (the copy's readers).
type ErasureSources struct {
	Profiles      ProfileEraser
	Registrations RegistrationEraser
	Keys          KeyEraser
	Invoices      Invoices
	Balance       Ledger
	Transfers     Transfers
	Earnings      Ledger
	Payouts       PayoutEraser
	// Audit is staff's audit log: the entries of the customer's invoices and balance stay with
	// them (they hold amounts and states, nothing people wrote that the records do not keep);
	// those of their e-Fatura registration go with it, and a sandbox's with its records.
	Audit privacy.AuditTrail
	// SandboxInvoices and SandboxBalance delete a sandbox id's invoices and balance (sandbox.go).
	SandboxInvoices SandboxInvoiceEraser
	SandboxBalance  SandboxBalanceEraser
}

// Erase answers an erasure request for the person's account (r.UserID; a visitor has nothing
// here). It removes what no law makes svc-billing keep: the billing details (the invoices keep
// the buyer as they were issued to them), the e-Fatura registration, the bank accounts kept for
// future payouts and the Idempotency-Keys of the person's requests. It keeps, unchanged, what
// the retention list names for Service (tax and commercial books, ten years) and reports each
// with its count: invoices with their refunds and documents, payments, the balance's ledger,
// declared transfers, the earnings' ledger and payouts. A balance or earnings account, the running
// total of its ledger, stays with the ledger. A sandbox id's invoices and balance are tests, no
// books: they are deleted and counted as erased (sandbox.go). Whatever the account's role it looks at every
// collection (each read and delete is by the person's id on an index), so someone who was once
// a customer and now translates is erased whole. Running it again finds nothing more to remove
// and counts the same kept records.
func Erase(src ErasureSources) privacy.Erase {
	return func(ctx context.Context, r privacy.Requested) (privacy.Erasure, error) {
		out := privacy.Erasure{Erased: []privacy.Count{}, Kept: []privacy.Count{}}
		id := r.UserID
		if id == "" {
			return out, nil
		}
		erased := func(collection string, n int) {
			if n > 0 {
				out.Erased = append(out.Erased, privacy.Count{Collection: collection, Count: n})
			}
		}
		kept := func(collection string, n int) {
			if n > 0 {
				out.Kept = append(out.Kept, privacy.Count{Collection: collection, Count: n})
			}
		}

		// Removed.
		had, err := src.Profiles.Delete(ctx, id)
		if err != nil {
			return out, fmt.Errorf("datacopy: erase billing details of %s: %w", id, err)
		}
		erased(ErasedBillingDetails, count(had))
		switch err := src.Registrations.Unregister(ctx, id); {
		case errors.Is(err, profile.ErrNotFound):
		case err != nil:
			return out, fmt.Errorf("datacopy: erase e-Fatura registration of %s: %w", id, err)
		default:
			erased(ErasedRegistrations, 1)
		}
		accounts, had, err := src.Payouts.DeleteAccounts(ctx, id)
		if err != nil {
			return out, fmt.Errorf("datacopy: erase payout accounts of %s: %w", id, err)
		}
		if had {
			erased(ErasedPayoutAccounts, max(len(accounts.Accounts), 1))
		}
		sandboxAudit, err := eraseSandbox(ctx, src, id, erased)
		if err != nil {
			return out, err
		}
		auditGone, err := src.Audit.Erase(ctx, AuditCustomer, []string{id})
		if err != nil {
			return out, fmt.Errorf("datacopy: erase the audit entries of %s's registration: %w", id, err)
		}
		erased(privacy.AuditCollection, auditGone+sandboxAudit)
		keys, err := src.Keys.DeleteOwner(ctx, id)
		if err != nil {
			return out, fmt.Errorf("datacopy: erase idempotency keys of %s: %w", id, err)
		}
		erased(ErasedIdempotencyKeys, int(keys))

		// Kept, unchanged, and counted.
		invs, err := src.Invoices.AllOfCustomer(ctx, id)
		if err != nil {
			return out, fmt.Errorf("datacopy: invoices of %s: %w", id, err)
		}
		entries, err := ledgerOf(ctx, src.Balance, id)
		if err != nil {
			return out, fmt.Errorf("datacopy: ledger of %s: %w", id, err)
		}
		transfers, err := src.Transfers.AllTransfers(ctx, id)
		if err != nil {
			return out, fmt.Errorf("datacopy: transfers of %s: %w", id, err)
		}
		earned, err := ledgerOf(ctx, src.Earnings, id)
		if err != nil {
			return out, fmt.Errorf("datacopy: earnings ledger of %s: %w", id, err)
		}
		payouts, err := src.Payouts.AllPayouts(ctx, id)
		if err != nil {
			return out, fmt.Errorf("datacopy: payouts of %s: %w", id, err)
		}
		kept(KeptInvoices, len(invs))
		kept(KeptPayments, paymentsKept(invs, entries))
		kept(KeptBalanceEntries, len(entries))
		kept(KeptTransfers, len(transfers))
		kept(KeptEarningsEntries, len(earned))
		kept(KeptPayouts, len(payouts))
		invoiceIDs := make([]string, len(invs))
		for i, inv := range invs {
			invoiceIDs[i] = inv.ID
		}
		auditKept, err := src.Audit.Keep(ctx, AuditInvoice, invoiceIDs)
		if err != nil {
			return out, fmt.Errorf("datacopy: audit entries of %s's invoices: %w", id, err)
		}
		n, err := src.Audit.Keep(ctx, AuditBalance, []string{id})
		if err != nil {
			return out, fmt.Errorf("datacopy: audit entries of %s's balance: %w", id, err)
		}
		kept(privacy.AuditCollection, auditKept+n)
		return out, nil
	}
}

// ledgerOf is every entry of the owner's ledger, after finishing a movement a crash left in the
// account's slot, so that two erasures count the same entries.
func ledgerOf(ctx context.Context, l Ledger, ownerID string) ([]balance.Entry, error) {
	if _, err := l.Balances(ctx, ownerID); err != nil {
		return nil, err
	}
	return l.AllEntries(ctx, ownerID)
}

// paymentsKept counts the payment records kept, those payments.json of a copy lists as paid or
// refunded: each invoice's payment and each card top-up of the balance. A card payment still open
// at the provider is no payment; it is part of its invoice's record.
func paymentsKept(invs []invoices.Invoice, entries []balance.Entry) int {
	n := 0
	for _, inv := range invs {
		if inv.Payment != nil {
			n++
		}
	}
	for _, e := range entries {
		if e.Reason == balance.ReasonTopUp {
			n++
		}
	}
	return n
}

func count(b bool) int {
	if b {
		return 1
	}
	return 0
}
