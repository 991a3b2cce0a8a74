package datacopy_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"linguaport/internal/audit"
	"linguaport/internal/authn"
	"linguaport/internal/events"
	"linguaport/internal/events/contracts"
	"linguaport/internal/i18n"
	"linguaport/internal/ids"
	"linguaport/internal/mongox"
	"linguaport/internal/privacy"
	"linguaport/internal/testenv"
	"linguaport/svc-billing/balance"
	"linguaport/svc-billing/datacopy"
	"linguaport/svc-billing/earnings"
	"linguaport/svc-billing/invoices"
	"linguaport/svc-billing/paying"
	"linguaport/svc-billing/profile"
)

func TestMain(m *testing.M) { testenv.Main(m) }

// svc-billing names the request's events in its own constants (the contracts' test reads them),
// and they must be the ones internal/privacy sends and expects; it answers under a name svc-auth
// waits for.
func TestEventNames(t *testing.T) {
	if datacopy.EventPrivacyRequested != privacy.EventRequested {
		t.Errorf("EventPrivacyRequested %q, privacy.EventRequested %q", datacopy.EventPrivacyRequested, privacy.EventRequested)
	}
	if datacopy.EventPrivacyPartReady != privacy.EventPartReady {
		t.Errorf("EventPrivacyPartReady %q, privacy.EventPartReady %q", datacopy.EventPrivacyPartReady, privacy.EventPartReady)
	}
	if !slices.Contains(privacy.Services, datacopy.Service) {
		t.Errorf("%q is not one of privacy.Services %v", datacopy.Service, privacy.Services)
	}
}

var now = time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)

// fixture is svc-billing's stores and services as main.go wires them, on a test database.
type fixture struct {
	db            *mongo.Database
	registrations *profile.Registrations
	profiles      profile.Service
	invoices      invoices.Service
	balance       balance.Service
	paying        paying.Service
	earnings      earnings.Service
	parts         *privacy.PartStore
	gather        privacy.Gather
	erase         privacy.Erase
	keys          *paying.MongoKeys
	audit         *audit.Log
	log           *slog.Logger
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	ctx := context.Background()
	db := testenv.Mongo(t)
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	profileStore, err := profile.NewMongoStore(ctx, db)
	must(err)
	invoiceStore, err := invoices.NewMongoStore(ctx, db)
	must(err)
	balanceStore, err := balance.NewMongoStore(ctx, db)
	must(err)
	earningsLedgerStore, err := balance.NewMongoStoreNamed(ctx, db, "earnings")
	must(err)
	earningsStore, err := earnings.NewMongoStore(ctx, db)
	must(err)
	parts, err := privacy.NewPartStore(ctx, db)
	must(err)
	auditLog, err := audit.NewLog(ctx, db, nil)
	must(err)
	// Nothing stored before slices: the collection is ready at once, and a copy reads the
	// invoices issued below (each with its slice) a slice at a time.
	must(mongox.BackfillSlices(ctx, invoiceStore.Collection(), time.Minute))
	clock := func() time.Time { return now }
	noKick := func(...any) {}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	registrations := profile.NewRegistrations(db)
	invoiceSvc := invoices.NewService(invoiceStore, profileStore, 20, 7, clock, noKick, invoices.WithRegistrations(registrations))
	balanceSvc := balance.NewService(balanceStore, clock, ids.New, noKick)
	// Balance payments and refunds only: no card provider is asked.
	keys := paying.NewMongoKeys(db)
	payingSvc := paying.NewService(nil, keys, invoiceSvc, balanceSvc, nil, nil, nil, clock, log)
	earningsSvc := earnings.NewService(earningsStore, balance.NewService(earningsLedgerStore, clock, ids.New, noKick),
		earnings.DefaultThresholdMinor, clock)
	return &fixture{
		db: db, registrations: registrations, log: log, parts: parts, keys: keys, audit: auditLog,
		profiles: profile.NewService(profileStore, clock), invoices: invoiceSvc, balance: balanceSvc, paying: payingSvc, earnings: earningsSvc,
		gather: datacopy.Gather(datacopy.Sources{Profiles: profileStore, Registrations: registrations, Invoices: invoiceStore,
			Balance: balanceStore, Transfers: balanceStore, Earnings: earningsLedgerStore, Payouts: earningsStore}),
		erase: datacopy.Erase(datacopy.ErasureSources{Profiles: profileStore, Registrations: registrations, Keys: keys, Invoices: invoiceStore,
			Balance: balanceStore, Transfers: balanceStore, Earnings: earningsLedgerStore, Payouts: earningsStore, Audit: auditLog,
			SandboxInvoices: invoiceStore, SandboxBalance: balanceStore}),
	}
}

func try(n int64) balance.Money { return balance.Money{Amount: n, Currency: "TRY", Decimals: 2} }

// approved is svc-orders' quote.approved of one line in TRY.
func approved(quote, customer string) invoices.QuoteApproved {
	m := func(n int64) invoices.Money { return invoices.Money{Amount: n, Currency: "TRY", Decimals: 2} }
	return invoices.QuoteApproved{
		QuoteID: quote, Number: "Q-" + quote, OrderID: "o-" + quote, OrderNumber: "O-" + quote, CustomerID: customer,
		Service: "professional-translation", TotalUSD: 3_400, Total: m(93_500), RateMicros: 27_500_000, Currency: "TRY",
		Lines: []invoices.ApprovedLine{{TargetLanguage: "en", Description: i18n.Text{TR: "TR → EN çeviri", EN: "TR → EN translation"},
			Quantity: 400, Unit: "word", AmountUSD: 3_400, Amount: m(93_500)}},
	}
}

func (f *fixture) issue(t *testing.T, quote, customer string) invoices.Invoice {
	t.Helper()
	inv, err := f.invoices.Issue(context.Background(), approved(quote, customer))
	if err != nil {
		t.Fatal(err)
	}
	return inv
}

// seedCustomerA: an individual registered for e-Fatura, with an invoice paid by card, one paid
// from a card top-up of the balance and refunded, one waiting at the card provider, a confirmed
// bank transfer and a staff adjustment.
func (f *fixture) seedCustomerA(t *testing.T) {
	t.Helper()
	ctx := context.Background()
	_, err := f.profiles.SaveProfile(ctx, "cust-a", profile.Details{Type: profile.Individual, FullName: "Ayşe Yılmaz", TCKN: "10000000146",
		Address: "Bağdat Cad. No: 12 D: 4, Kadıköy", City: "İstanbul", Postcode: "34710", Country: "TR", Email: "ayse@example.com"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.registrations.Register(ctx, profile.Registration{CustomerID: "cust-a", Scenario: profile.EFaturaBasic,
		Alias: "urn:mail:defaultpk@ayse.example.com"}, "staff-registrar", now)
	if err != nil {
		t.Fatal(err)
	}
	byCard := f.issue(t, "qa1", "cust-a")
	if _, err := f.invoices.MarkPaid(ctx, byCard.ID, invoices.Payment{Method: invoices.MethodCard, Reference: "cs_test_card_a"}); err != nil {
		t.Fatal(err)
	}
	// A card top-up, credited as paying credits a paid session.
	_, err = f.balance.Move(ctx, balance.Movement{CustomerID: "cust-a", Key: balance.KeyTopUp("cs_test_topup_a"), Kind: balance.Credit,
		Amount: try(200_000), Reason: balance.ReasonTopUp, Reference: "cs_test_topup_a"})
	if err != nil {
		t.Fatal(err)
	}
	fromBalance := f.issue(t, "qa2", "cust-a")
	caller := authn.Caller{ID: "cust-a", Role: authn.RoleCustomer}
	if _, err := f.paying.Pay(ctx, caller, fromBalance.ID, paying.PayRequest{Method: invoices.MethodBalance, Key: "pay-key-a"}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.paying.Refund(ctx, fromBalance.ID); err != nil {
		t.Fatal(err)
	}
	open := f.issue(t, "qa3", "cust-a")
	_, err = f.invoices.OpenCheckout(ctx, open.ID, invoices.Checkout{SessionID: "cs_test_open_a", URL: "https://checkout.example/cs_test_open_a",
		ExpiresAt: now.Add(time.Hour), Attempt: 1})
	if err != nil {
		t.Fatal(err)
	}
	tr, err := f.balance.DeclareTransfer(ctx, "cust-a", balance.TransferInput{Amount: try(50_000), Sender: "Ayşe Yılmaz", Date: "2026-11-20", Reference: "EFT-A-1"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.balance.ConfirmTransfer(ctx, tr.ID); err != nil {
		t.Fatal(err)
	}
	_, err = f.balance.Adjust(ctx, "cust-a", "staff-adjuster", balance.Adjustment{Amount: try(1_000), Reason: "Goodwill credit", Key: "adj-key-a"})
	if err != nil {
		t.Fatal(err)
	}
}

// seedCustomerB: a company with an invoice paid by card, a card top-up and a declared transfer.
func (f *fixture) seedCustomerB(t *testing.T) {
	t.Helper()
	ctx := context.Background()
	_, err := f.profiles.SaveProfile(ctx, "cust-b", profile.Details{Type: profile.Company, CompanyName: "Örnek Çeviri A.Ş.", TaxOffice: "Kadıköy",
		VKN: "4540536920", Address: "Rıhtım Cad. 5", City: "İstanbul", Postcode: "34716", Country: "TR", Email: "muhasebe@ornek.example"})
	if err != nil {
		t.Fatal(err)
	}
	inv := f.issue(t, "qb1", "cust-b")
	if _, err := f.invoices.MarkPaid(ctx, inv.ID, invoices.Payment{Method: invoices.MethodCard, Reference: "cs_test_card_b"}); err != nil {
		t.Fatal(err)
	}
	_, err = f.balance.Move(ctx, balance.Movement{CustomerID: "cust-b", Key: balance.KeyTopUp("cs_test_topup_b"), Kind: balance.Credit,
		Amount: try(70_000), Reason: balance.ReasonTopUp, Reference: "cs_test_topup_b"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.balance.DeclareTransfer(ctx, "cust-b", balance.TransferInput{Amount: try(30_000), Sender: "Örnek Çeviri", Date: "2026-11-21", Reference: "EFT-B-1"})
	if err != nil {
		t.Fatal(err)
	}
}

const (
	ibanT1 = "TR330006100519786457841326"
	ibanT2 = "TR320010009999901234567890"
)

// seedTranslators: tr-1 with two bank accounts, two completed orders, a payout paid and one
// rejected; tr-2 with an account, an earning and a payout.
func (f *fixture) seedTranslators(t *testing.T) {
	t.Helper()
	ctx := context.Background()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(f.earnings.SetAccounts(ctx, earnings.PayoutAccounts{TranslatorID: "tr-1", Version: 1, Name: "Ayşe Çevirmen", Accounts: []earnings.PayoutAccount{
		{ID: "ba-1", IBAN: ibanT1, Holder: "Ayşe Çevirmen", Default: true},
		{ID: "ba-2", IBAN: "DE89370400440532013000", Holder: "Ayşe Çevirmen"},
	}}))
	must(f.earnings.Earn(ctx, "ord-t1-1", "O-2026-00011", "tr-1", try(400_000)))
	must(f.earnings.Earn(ctx, "ord-t1-2", "O-2026-00012", "tr-1", try(300_000)))
	paid, err := f.earnings.RequestPayout(ctx, "tr-1", earnings.PayoutRequest{BankAccountID: "ba-1", Amount: ptr(try(300_000)), Key: "payout-key-1"})
	must(err)
	_, err = f.earnings.MarkPaid(ctx, paid.ID, "staff-payer")
	must(err)
	rejected, err := f.earnings.RequestPayout(ctx, "tr-1", earnings.PayoutRequest{BankAccountID: "ba-2", Amount: ptr(try(250_000)), Key: "payout-key-2"})
	must(err)
	_, err = f.earnings.Reject(ctx, rejected.ID, "staff-payer", "The account holder does not match")
	must(err)

	must(f.earnings.SetAccounts(ctx, earnings.PayoutAccounts{TranslatorID: "tr-2", Version: 1, Name: "Mehmet Tercüman", Accounts: []earnings.PayoutAccount{
		{ID: "ba-9", IBAN: ibanT2, Holder: "Mehmet Tercüman", Default: true},
	}}))
	must(f.earnings.Earn(ctx, "ord-t2-1", "O-2026-00021", "tr-2", try(500_000)))
	_, err = f.earnings.RequestPayout(ctx, "tr-2", earnings.PayoutRequest{BankAccountID: "ba-9", Key: "payout-key-9"})
	must(err)
}

func ptr[T any](v T) *T { return &v }

// copyOf gathers the person's files, each checked to be a JSON object, by name.
func (f *fixture) copyOf(t *testing.T, userID, role string) map[string]json.RawMessage {
	t.Helper()
	files, err := f.gather(context.Background(), privacy.Requested{RequestID: "req-" + userID, Kind: privacy.KindCopy, UserID: userID,
		Email: userID + "@example.com", Role: role, Lang: "tr"})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]json.RawMessage{}
	for _, file := range files {
		var obj map[string]any
		if err := json.Unmarshal(file.Data, &obj); err != nil {
			t.Errorf("%s is not a JSON object: %v\n%s", file.Name, err, file.Data)
		}
		if _, twice := out[file.Name]; twice {
			t.Errorf("%s twice", file.Name)
		}
		out[file.Name] = file.Data
	}
	return out
}

func names(files map[string]json.RawMessage) []string {
	var list []string
	for name := range files {
		list = append(list, name)
	}
	slices.Sort(list)
	return list
}

func decode[T any](t *testing.T, files map[string]json.RawMessage, name string) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(files[name], &v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return v
}

// mentions reports which of words occur anywhere in the files.
func mentions(files map[string]json.RawMessage, words ...string) []string {
	var found []string
	for _, w := range words {
		for _, data := range files {
			if strings.Contains(string(data), w) {
				found = append(found, w)
				break
			}
		}
	}
	return found
}

type moneyView struct {
	Amount     string `json:"amount"`
	MinorUnits int64  `json:"minorUnits"`
	Currency   string `json:"currency"`
}

// A customer's copy holds their billing details, invoices, payments, balance and transfers, and
// nothing of another customer's; internal fields and staff members' ids stay out.
func TestCustomerCopy(t *testing.T) {
	f := newFixture(t)
	f.seedCustomerA(t)
	f.seedCustomerB(t)
	f.seedTranslators(t)

	files := f.copyOf(t, "cust-a", "customer")
	if got, want := names(files), []string{"balance.json", "billing-details.json", "invoices.json", "payments.json", "transfers.json"}; !slices.Equal(got, want) {
		t.Fatalf("files %v, want %v", got, want)
	}
	if leaked := mentions(files, "cust-b", "qb1", "Örnek", "4540536920", "cs_test_card_b", "cs_test_topup_b", "EFT-B-1", "tr-1", "tr-2"); len(leaked) > 0 {
		t.Errorf("customer A's copy holds another person's %v", leaked)
	}
	// Outboxes, versions, mailboxes, idempotency keys (the ledger's and Pay's) and staff ids.
	if leaked := mentions(files, `"outbox"`, `"version"`, "mailbox", "pay-key-a", "adj-key-a", "invoice:inv-", "topup:", "staff-registrar",
		"staff-adjuster", "checkout.example"); len(leaked) > 0 {
		t.Errorf("customer A's copy holds internal fields %v", leaked)
	}

	details := decode[struct {
		BillingDetails *struct {
			Type, FullName, TCKN, Email string
			UpdatedAt                   *time.Time
		} `json:"billingDetails"`
		EFaturaRegistration *struct{ Scenario, Alias string } `json:"eFaturaRegistration"`
	}](t, files, "billing-details.json")
	if d := details.BillingDetails; d == nil || d.TCKN != "10000000146" || d.FullName != "Ayşe Yılmaz" || d.UpdatedAt == nil {
		t.Errorf("billing details %+v", d)
	}
	if r := details.EFaturaRegistration; r == nil || r.Alias != "urn:mail:defaultpk@ayse.example.com" || r.Scenario != profile.EFaturaBasic {
		t.Errorf("e-Fatura registration %+v", r)
	}

	invs := decode[struct {
		Invoices []struct {
			ID, Number, Document, Status, OrderNumber string
			Total                                     moneyView
			PaidAt                                    *time.Time
			PaidBy                                    string
			BilledTo                                  *struct{ TCKN string }
			Lines                                     []struct{ Kind, Description string }
			Refund                                    *struct {
				ReturnDocumentNumber string
				Amount               moneyView
				RefundedAt           time.Time
			}
		} `json:"invoices"`
	}](t, files, "invoices.json").Invoices
	if len(invs) != 3 {
		t.Fatalf("%d invoices, want 3", len(invs))
	}
	byID := map[string]int{}
	for i, inv := range invs {
		byID[inv.ID] = i
		if !strings.HasPrefix(inv.Number, invoices.SaleSeries) || inv.Document != datacopy.DocumentEFatura || inv.BilledTo == nil ||
			inv.BilledTo.TCKN != "10000000146" || inv.Total.MinorUnits != 112_200 || inv.Total.Amount != "1.122,00 ₺" {
			t.Errorf("invoice %+v", inv)
		}
		if len(inv.Lines) != 2 || inv.Lines[0].Description != "TR → EN çeviri" {
			t.Errorf("invoice %s lines %+v, want the work in Turkish and the VAT", inv.ID, inv.Lines)
		}
	}
	if card := invs[byID[invoices.IDFor("qa1")]]; card.Status != "paid" || card.PaidBy != invoices.MethodCard || card.PaidAt == nil || card.Refund != nil {
		t.Errorf("card-paid invoice %+v", card)
	}
	refunded := invs[byID[invoices.IDFor("qa2")]]
	if refunded.Status != "refunded" || refunded.PaidBy != invoices.MethodBalance || refunded.Refund == nil ||
		!strings.HasPrefix(refunded.Refund.ReturnDocumentNumber, invoices.ReturnSeries) || refunded.Refund.Amount.MinorUnits != 112_200 {
		t.Errorf("refunded invoice %+v, refund %+v", refunded, refunded.Refund)
	}
	if pending := invs[byID[invoices.IDFor("qa3")]]; pending.Status != "pending" || pending.PaidAt != nil {
		t.Errorf("pending invoice %+v", pending)
	}

	type payment struct {
		For, InvoiceID, Method, Status, ProviderSessionID string
		Amount                                            moneyView
		PaidAt, CheckoutExpiresAt                         *time.Time
	}
	pays := decode[struct{ Payments []payment }](t, files, "payments.json").Payments
	want := map[string]payment{
		invoices.IDFor("qa1"): {For: datacopy.ForInvoice, Method: invoices.MethodCard, Status: "paid", ProviderSessionID: "cs_test_card_a"},
		invoices.IDFor("qa2"): {For: datacopy.ForInvoice, Method: invoices.MethodBalance, Status: "refunded"},
		invoices.IDFor("qa3"): {For: datacopy.ForInvoice, Method: invoices.MethodCard, Status: datacopy.PaymentOpen, ProviderSessionID: "cs_test_open_a"},
		"":                    {For: datacopy.ForTopUp, Method: invoices.MethodCard, Status: "paid", ProviderSessionID: "cs_test_topup_a"},
	}
	if len(pays) != len(want) {
		t.Errorf("%d payments, want %d: %+v", len(pays), len(want), pays)
	}
	for _, p := range pays {
		w, ok := want[p.InvoiceID]
		if !ok || p.For != w.For || p.Method != w.Method || p.Status != w.Status || p.ProviderSessionID != w.ProviderSessionID {
			t.Errorf("payment %+v, want %+v", p, w)
		}
		if (p.Status == datacopy.PaymentOpen) != (p.PaidAt == nil) || (p.Status == datacopy.PaymentOpen) != (p.CheckoutExpiresAt != nil) {
			t.Errorf("payment %+v: paid or open, and its time", p)
		}
	}

	bal := decode[struct {
		Balances []moneyView
		Entries  []struct {
			Kind, Reason, Reference, Label, Note string
			Amount, BalanceAfter                 moneyView
		}
	}](t, files, "balance.json")
	// 2000 topped up − 1122 paid + 1122 refunded + 500 transferred + 10 adjusted.
	if len(bal.Balances) != 1 || bal.Balances[0].MinorUnits != 251_000 || bal.Balances[0].Currency != "TRY" {
		t.Errorf("balances %+v", bal.Balances)
	}
	reasons := map[string]int{}
	for _, e := range bal.Entries {
		reasons[e.Reason]++
		if e.Reason == balance.ReasonAdjustment && (e.Reference != "" || e.Note != "Goodwill credit") {
			t.Errorf("adjustment %+v: staff's note without the staff member's id", e)
		}
	}
	// Newest first: each entry's balance after is the older one's plus its own movement.
	if len(bal.Entries) == 0 || bal.Entries[0].BalanceAfter.MinorUnits != 251_000 {
		t.Fatalf("ledger %+v, want its newest entry to leave the balance", bal.Entries)
	}
	for i := 0; i+1 < len(bal.Entries); i++ {
		newer, older := bal.Entries[i], bal.Entries[i+1]
		if older.BalanceAfter.MinorUnits+signed(newer.Kind, newer.Amount.MinorUnits) != newer.BalanceAfter.MinorUnits {
			t.Errorf("ledger does not add up between %+v and %+v", older, newer)
		}
	}
	for reason, n := range map[string]int{balance.ReasonTopUp: 1, balance.ReasonInvoice: 1, balance.ReasonRefund: 1, balance.ReasonTransfer: 1, balance.ReasonAdjustment: 1} {
		if reasons[reason] != n {
			t.Errorf("%d %s entries, want %d (%v)", reasons[reason], reason, n, reasons)
		}
	}

	transfers := decode[struct {
		Transfers []struct{ Status, Sender, BankReference string }
	}](t, files, "transfers.json").Transfers
	if len(transfers) != 1 || transfers[0].Status != balance.TransferConfirmed || transfers[0].BankReference != "EFT-A-1" {
		t.Errorf("transfers %+v", transfers)
	}

	// The other customer's copy is theirs alone too, with no e-Fatura registration.
	other := f.copyOf(t, "cust-b", "customer")
	if leaked := mentions(other, "cust-a", "qa1", "10000000146", "cs_test_card_a", "cs_test_topup_a", "EFT-A-1", "defaultpk@ayse"); len(leaked) > 0 {
		t.Errorf("customer B's copy holds another person's %v", leaked)
	}
	if reg := decode[struct{ EFaturaRegistration *struct{} }](t, other, "billing-details.json").EFaturaRegistration; reg != nil {
		t.Errorf("customer B registered: %+v", reg)
	}
	if invs := decode[struct{ Invoices []struct{ Document string } }](t, other, "invoices.json").Invoices; len(invs) != 1 || invs[0].Document != datacopy.DocumentEArchive {
		t.Errorf("customer B's invoices %+v, want one e-Arşiv", invs)
	}
}

func signed(kind string, n int64) int64 {
	if kind == string(balance.Debit) {
		return -n
	}
	return n
}

// A translator's copy holds their earnings, payouts and payout accounts, IBANs masked, and nothing
// of another translator's or of staff.
func TestTranslatorCopy(t *testing.T) {
	f := newFixture(t)
	f.seedCustomerA(t)
	f.seedTranslators(t)

	files := f.copyOf(t, "tr-1", "translator")
	if got, want := names(files), []string{"earnings.json", "payout-accounts.json", "payouts.json"}; !slices.Equal(got, want) {
		t.Fatalf("files %v, want %v", got, want)
	}
	if leaked := mentions(files, "tr-2", "Mehmet", "7890", "O-2026-00021", "cust-a", "staff-payer", ibanT1, "0532013000",
		"payout-key", `"outbox"`, `"version"`, "rejecting", "whole"); len(leaked) > 0 {
		t.Errorf("translator 1's copy holds %v", leaked)
	}

	earned := decode[struct {
		Balances []moneyView
		Entries  []struct{ Reason, Label string }
	}](t, files, "earnings.json")
	// 4000 + 3000 earned − 3000 paid out; 2500 asked for and returned.
	if len(earned.Balances) != 1 || earned.Balances[0].MinorUnits != 400_000 || earned.Balances[0].Amount != "4.000,00 ₺" {
		t.Errorf("earnings balance %+v", earned.Balances)
	}
	var reasons []string
	for _, e := range earned.Entries {
		reasons = append(reasons, e.Reason)
	}
	slices.Sort(reasons)
	if want := []string{"earning", "earning", "payout", "payout", "payout_returned"}; !slices.Equal(reasons, want) {
		t.Errorf("earnings entries %v, want %v", reasons, want)
	}

	payouts := decode[struct {
		Payouts []struct{ Status, IBAN, Holder, Name, RejectionReason string }
	}](t, files, "payouts.json").Payouts
	if len(payouts) != 2 {
		t.Fatalf("payouts %+v", payouts)
	}
	for _, p := range payouts {
		switch p.Status {
		case earnings.Paid:
			if p.IBAN != "TR** **** **** **** **** **13 26" || p.Holder != "Ayşe Çevirmen" || p.Name != "Ayşe Çevirmen" {
				t.Errorf("paid payout %+v", p)
			}
		case earnings.Rejected:
			if p.IBAN != "DE** **** **** **** **30 00" || p.RejectionReason != "The account holder does not match" {
				t.Errorf("rejected payout %+v", p)
			}
		default:
			t.Errorf("payout %+v", p)
		}
	}

	accounts := decode[struct {
		Name     string
		Accounts []struct {
			ID, IBAN, Holder string
			Default          bool
		}
	}](t, files, "payout-accounts.json")
	if accounts.Name != "Ayşe Çevirmen" || len(accounts.Accounts) != 2 || accounts.Accounts[0].IBAN != "TR** **** **** **** **** **13 26" ||
		!accounts.Accounts[0].Default || accounts.Accounts[1].IBAN != "DE** **** **** **** **30 00" {
		t.Errorf("payout accounts %+v", accounts)
	}

	// The other translator's copy is theirs alone.
	other := f.copyOf(t, "tr-2", "translator")
	if leaked := mentions(other, "tr-1", "Ayşe", "13 26", "O-2026-00011", ibanT2); len(leaked) > 0 {
		t.Errorf("translator 2's copy holds %v", leaked)
	}
	if got := decode[struct{ Accounts []struct{ IBAN string } }](t, other, "payout-accounts.json").Accounts; len(got) != 1 ||
		got[0].IBAN != "TR** **** **** **** **** **78 90" {
		t.Errorf("translator 2's accounts %+v", got)
	}
}

// A person svc-billing keeps nothing about (a visitor, staff, a customer who never billed) gets
// no files or empty ones, never someone else's.
func TestCopyOfPeopleWithoutBilling(t *testing.T) {
	f := newFixture(t)
	f.seedCustomerA(t)
	f.seedTranslators(t)
	if files := f.copyOf(t, "", ""); len(files) != 0 {
		t.Errorf("a visitor's copy: %v", names(files))
	}
	if files := f.copyOf(t, "staff-adjuster", "admin"); len(files) != 0 {
		t.Errorf("a staff member's copy: %v", names(files))
	}
	files := f.copyOf(t, "cust-new", "customer")
	if len(files) != 5 {
		t.Errorf("a new customer's files: %v", names(files))
	}
	if found := mentions(files, "cust-a", "qa1", "cs_test", "EFT"); len(found) > 0 {
		t.Errorf("a new customer's copy holds %v", found)
	}
	details := decode[map[string]any](t, files, "billing-details.json")
	if details["billingDetails"] != nil || details["eFaturaRegistration"] != nil {
		t.Errorf("a new customer's billing details: %v", details)
	}
}

// The handler answers a copy request once however often it is delivered, with one part and one
// event whose payload keeps its contract; erasures and other events are not its to answer.
func TestHandlerAnswersOnce(t *testing.T) {
	f := newFixture(t)
	f.seedCustomerA(t)
	f.seedCustomerB(t)
	ctx := context.Background()
	redis := testenv.StartRedis(t)
	relay := events.NewRelay(f.parts.Collection(), events.Stream("billing"), events.NewPublisher(redis.Client), f.log, time.Hour)
	var mu sync.Mutex
	var kicked []any
	handle := privacy.Handler(datacopy.Service, privacy.Answers{Copy: f.gather}, f.parts, func(ids ...any) {
		mu.Lock()
		defer mu.Unlock()
		kicked = append(kicked, ids...)
	}, func() time.Time { return now })

	request := func(id, kind string) events.Event {
		t.Helper()
		e, err := events.New(ctx, datacopy.EventPrivacyRequested, privacy.Requested{RequestID: id, Kind: kind, UserID: "cust-a",
			Email: "ayse@example.com", Role: "customer", Lang: "en"})
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	copyReq := request("req-copy", privacy.KindCopy)
	// The same entry delivered twice, and the request announced again as a new event: one answer.
	for _, e := range []events.Event{copyReq, copyReq, request("req-copy", privacy.KindCopy)} {
		if err := handle(ctx, e); err != nil {
			t.Fatal(err)
		}
	}
	if err := handle(ctx, request("req-erase", privacy.KindErasure)); err != nil {
		t.Errorf("erasure: %v", err)
	}
	other, err := events.New(ctx, "account.registered", map[string]string{"userId": "cust-a"})
	if err != nil {
		t.Fatal(err)
	}
	if err := handle(ctx, other); err != nil {
		t.Errorf("another event of the stream: %v", err)
	}
	if !slices.Equal(kicked, []any{"req-copy"}) {
		t.Errorf("relay told of %v, want the one answer", kicked)
	}

	n, err := f.parts.Collection().CountDocuments(ctx, bson.D{})
	if err != nil {
		t.Fatal(err)
	}
	if n != 1 {
		t.Fatalf("%d answers, want 1", n)
	}
	var part struct {
		ID      string         `bson:"_id"`
		Service string         `bson:"service"`
		Files   int            `bson:"files"`
		Outbox  []events.Event `bson:"outbox"`
	}
	if err := f.parts.Collection().FindOne(ctx, bson.D{{Key: "_id", Value: "req-copy"}}).Decode(&part); err != nil {
		t.Fatal(err)
	}
	if part.Service != datacopy.Service || part.Files != 5 || len(part.Outbox) != 1 || part.Outbox[0].Type != datacopy.EventPrivacyPartReady {
		t.Errorf("answer %+v", part)
	}

	if _, err := relay.Sweep(ctx); err != nil {
		t.Fatal(err)
	}
	msgs, err := redis.Client.XRange(ctx, events.Stream("billing"), "-", "+").Result()
	if err != nil {
		t.Fatal(err)
	}
	if len(msgs) != 1 || msgs[0].Values["type"] != datacopy.EventPrivacyPartReady {
		t.Fatalf("events:billing holds %v, want one %s", msgs, datacopy.EventPrivacyPartReady)
	}
	data, _ := msgs[0].Values["data"].(string)
	if err := contracts.Check(datacopy.EventPrivacyPartReady, []byte(data)); err != nil {
		t.Errorf("%s breaks its contract: %v\n%s", datacopy.EventPrivacyPartReady, err, data)
	}
	var ready privacy.PartReady
	if err := json.Unmarshal([]byte(data), &ready); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, file := range ready.Files {
		got = append(got, file.Name)
	}
	slices.Sort(got)
	if want := []string{"balance.json", "billing-details.json", "invoices.json", "payments.json", "transfers.json"}; ready.RequestID != "req-copy" ||
		ready.Service != datacopy.Service || !slices.Equal(got, want) {
		t.Errorf("answer %s for %s with %v, want svc-billing's for req-copy with %v", ready.Service, ready.RequestID, got, want)
	}
	// In the request's language: English amounts.
	if !strings.Contains(data, `₺1,122.00`) || strings.Contains(data, "cs_test_card_b") {
		t.Errorf("the answer is not customer A's copy in English:\n%s", data)
	}
}
