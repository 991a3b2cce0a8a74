package datacopy_test

import (
	"context"
	"maps"
	"slices"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"linguaport/internal/audit"
	"linguaport/internal/authn"
	"linguaport/svc-billing/balance"
	"linguaport/svc-billing/datacopy"
	"linguaport/svc-billing/invoices"
	"linguaport/svc-billing/paying"
	"linguaport/svc-billing/profile"
)

// Erasing a customer's sandbox id (privacy.Handler erases it after the live account) deletes
// its sandbox invoices outright (tests, no documents the law keeps), its balance with its ledger,
// its billing details, Pay keys and the audit entries of its invoices, and reports them all as
// erased and nothing kept; the live account's records stay byte for byte. A second erasure finds
// nothing.
func TestEraseSandbox(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	f.seedCustomerA(t)
	sbx := authn.SandboxID("cust-a")
	if _, err := f.profiles.SaveProfile(ctx, sbx, profile.Details{Type: profile.Company, CompanyName: "Test GmbH", TaxID: "DE123",
		Address: "Hauptstraße 1", City: "Berlin", Postcode: "10115", Country: "DE", Email: "test@example.de"}); err != nil {
		t.Fatal(err)
	}
	paid := f.issue(t, "qs1", sbx)
	f.issue(t, "qs2", sbx)
	if !paid.Sandbox || paid.Number != "TST2026000000001" {
		t.Fatalf("sandbox invoice %s sandbox=%v", paid.Number, paid.Sandbox)
	}
	caller := authn.Caller{ID: sbx, Role: authn.RoleCustomer, Sandbox: true}
	if _, err := f.paying.Pay(ctx, caller, paid.ID, paying.PayRequest{Method: invoices.MethodBalance, Key: "pay-key-sbx"}); err != nil {
		t.Fatal(err)
	}
	// Staff refund it: the refund credits the sandbox balance, and its return is a test's too.
	refunded, err := f.paying.Refund(ctx, paid.ID)
	if err != nil {
		t.Fatal(err)
	}
	if refunded.ReturnNumber != "TSR2026000000001" {
		t.Errorf("the sandbox's return is numbered %q", refunded.ReturnNumber)
	}
	if _, err := f.db.Collection(audit.Collection).InsertOne(ctx, bson.D{{Key: "_id", Value: "audit-sbx"},
		{Key: "actor", Value: bson.D{{Key: "id", Value: "staff-9"}, {Key: "name", Value: "Selin"}}}, {Key: "action", Value: "invoice.refund"},
		{Key: "object", Value: bson.D{{Key: "kind", Value: datacopy.AuditInvoice}, {Key: "id", Value: paid.ID}}},
		{Key: "before", Value: `{"status":"paid"}`}, {Key: "after", Value: `{"status":"refunded"}`}, {Key: "at", Value: time.Now()}}); err != nil {
		t.Fatal(err)
	}
	live, before := f.held(t, "cust-a"), f.held(t, sbx)
	all := slices.Sorted(maps.Keys(live))
	if len(before["invoices"]) != 2 || len(before["balance_ledger"]) != 1 || len(before["balance_accounts"]) != 1 || len(before["profiles"]) != 1 {
		t.Fatalf("the sandbox seeded as %v", before)
	}

	report := f.eraseOf(t, sbx, "customer")
	wantErased := map[string]int{datacopy.ErasedBillingDetails: 1, datacopy.ErasedIdempotencyKeys: 1, datacopy.ErasedSandboxInvoices: 2,
		datacopy.ErasedSandboxEntries: 1, "audit": 1}
	if got := counts(t, report.Erased); !maps.Equal(got, wantErased) {
		t.Errorf("erased %v, want %v", got, wantErased)
	}
	if len(report.Kept) != 0 {
		t.Errorf("kept %+v of a sandbox", report.Kept)
	}
	for c, records := range f.held(t, sbx) {
		if len(records) != 0 {
			t.Errorf("the sandbox's %s survived: %v", c, records)
		}
	}
	if p, err := f.audit.List(ctx, audit.Filter{Object: &audit.Object{Kind: datacopy.AuditInvoice, ID: paid.ID}}); err != nil || len(p.Entries) != 0 {
		t.Errorf("audit entries of the sandbox invoice: %d (%v)", len(p.Entries), err)
	}
	sameRecords(t, "the live customer", live, f.held(t, "cust-a"), all...)

	again := f.eraseOf(t, sbx, "customer")
	if len(again.Erased) != 0 || len(again.Kept) != 0 {
		t.Errorf("a second erasure: %+v", again)
	}
}

// The stores refuse to delete a live customer's invoices or balance the sandbox's way.
func TestSandboxErasersRefuseLiveIDs(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	f.seedCustomerA(t)
	store, err := invoices.NewMongoStore(ctx, f.db)
	if err != nil {
		t.Fatal(err)
	}
	if n, err := store.EraseSandbox(ctx, "cust-a"); err == nil || n != 0 {
		t.Errorf("erased %d live invoices (%v)", n, err)
	}
	balances, err := balance.NewMongoStore(ctx, f.db)
	if err != nil {
		t.Fatal(err)
	}
	if entries, transfers, err := balances.EraseSandbox(ctx, "cust-a"); err == nil || entries+transfers != 0 {
		t.Errorf("erased %d live entries, %d transfers (%v)", entries, transfers, err)
	}
	held := f.held(t, "cust-a")
	if len(held["invoices"]) != 3 || len(held["balance_ledger"]) != 5 || len(held["balance_accounts"]) != 1 {
		t.Errorf("left of the live customer: %d invoices, %d entries, %d accounts", len(held["invoices"]), len(held["balance_ledger"]), len(held["balance_accounts"]))
	}
}
