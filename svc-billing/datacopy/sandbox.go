package datacopy

import (
	"context"
	"fmt"

	"linguaport/internal/authn"
)

// A sandbox id's (authn.IsSandbox: what a customer's sandbox API keys made) money records are
// tests, not the agency's books: no law keeps them, so its erasure deletes them outright and
// counts them as erased, under the names the live records are kept under.
const (
	// ErasedSandboxInvoices: the sandbox's invoices (collection "invoices").
	ErasedSandboxInvoices = KeptInvoices
	// ErasedSandboxEntries: the sandbox balance's ledger entries ("balance_ledger"), with the
	// account that totals them.
	ErasedSandboxEntries = KeptBalanceEntries
	// ErasedSandboxTransfers: transfers declared for the sandbox balance ("balance_transfers";
	// none since they are refused, balance.ErrSandbox, but erased if any were kept before).
	ErasedSandboxTransfers = KeptTransfers
)

// SandboxInvoiceEraser deletes a sandbox id's invoices (invoices.MongoStore).
type SandboxInvoiceEraser interface {
	EraseSandbox(ctx context.Context, customerID string) (int, error)
}

// SandboxBalanceEraser deletes a sandbox id's balance, ledger and transfers (balance.MongoStore).
type SandboxBalanceEraser interface {
	EraseSandbox(ctx context.Context, customerID string) (entries, transfers int, err error)
}

// eraseSandbox deletes the sandbox id's invoices and balance, and the audit entries of staff's
// actions on them, reporting the first two through erased and answering how many audit entries
// went (the caller reports them with the others). The invoices' ids are read first (the same
// sliced read as the copy's), so a crash between the steps leaves the audit entries for the
// retry to find by the invoices still there. Anything but a sandbox id is left alone.
func eraseSandbox(ctx context.Context, src ErasureSources, id string, erased func(string, int)) (int, error) {
	if !authn.IsSandbox(id) {
		return 0, nil
	}
	invs, err := src.Invoices.AllOfCustomer(ctx, id)
	if err != nil {
		return 0, fmt.Errorf("datacopy: sandbox invoices of %s: %w", id, err)
	}
	ids := make([]string, len(invs))
	for i, inv := range invs {
		ids[i] = inv.ID
	}
	audited, err := src.Audit.Erase(ctx, AuditInvoice, ids)
	if err != nil {
		return 0, fmt.Errorf("datacopy: erase the audit entries of %s's sandbox invoices: %w", id, err)
	}
	n, err := src.Audit.Erase(ctx, AuditBalance, []string{id})
	if err != nil {
		return 0, fmt.Errorf("datacopy: erase the audit entries of %s's sandbox balance: %w", id, err)
	}
	audited += n
	gone, err := src.SandboxInvoices.EraseSandbox(ctx, id)
	if err != nil {
		return 0, fmt.Errorf("datacopy: erase sandbox invoices of %s: %w", id, err)
	}
	entries, transfers, err := src.SandboxBalance.EraseSandbox(ctx, id)
	if err != nil {
		return 0, fmt.Errorf("datacopy: erase sandbox balance of %s: %w", id, err)
	}
	erased(ErasedSandboxInvoices, gone)
	erased(ErasedSandboxEntries, entries)
	erased(ErasedSandboxTransfers, transfers)
	return audited, nil
}
