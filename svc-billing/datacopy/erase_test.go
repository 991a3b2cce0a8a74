package datacopy_test

import (
	"context"
	"encoding/json"
	"errors"
	"maps"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"linguaport/internal/audit"
	"linguaport/internal/events"
	"linguaport/internal/events/contracts"
	"linguaport/internal/privacy"
	"linguaport/internal/testenv"
	"linguaport/svc-billing/datacopy"
	"linguaport/svc-billing/earnings"
	"linguaport/svc-billing/profile"
)

// eraseOf runs svc-billing's erasure for the person and checks its report against the retention
// list, as privacy.Handler does before answering.
func (f *fixture) eraseOf(t *testing.T, userID, role string) privacy.Erasure {
	t.Helper()
	report, err := f.erase(context.Background(), privacy.Requested{RequestID: "req-erase-" + userID, Kind: privacy.KindErasure,
		UserID: userID, Email: userID + "@example.com", Role: role, Lang: "tr"})
	if err != nil {
		t.Fatal(err)
	}
	if err := privacy.CheckKept(datacopy.Service, report); err != nil {
		t.Error(err)
	}
	if report.Erased == nil || report.Kept == nil {
		t.Errorf("report %+v: its lists are never null", report)
	}
	return report
}

// counts is a report's list as a map, each collection once.
func counts(t *testing.T, list []privacy.Count) map[string]int {
	t.Helper()
	out := map[string]int{}
	for _, c := range list {
		if _, twice := out[c.Collection]; twice {
			t.Errorf("%s reported twice in %+v", c.Collection, list)
		}
		out[c.Collection] = c.Count
	}
	return out
}

// records are the raw documents of a collection that filter finds, by _id: what an erasure must
// leave byte for byte. Every filter here is served by the collection's indexes.
func (f *fixture) records(t *testing.T, collection string, filter bson.D) map[string]string {
	t.Helper()
	ctx := context.Background()
	cur, err := f.db.Collection(collection).Find(ctx, filter)
	if err != nil {
		t.Fatal(err)
	}
	var docs []bson.Raw
	if err := cur.All(ctx, &docs); err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, d := range docs {
		out[d.Lookup("_id").StringValue()] = string(d)
	}
	return out
}

// held is everything svc-billing keeps under the person's id, by collection.
func (f *fixture) held(t *testing.T, id string) map[string]map[string]string {
	t.Helper()
	byID := bson.D{{Key: "_id", Value: id}}
	byOwner := bson.D{{Key: "customerId", Value: id}}
	return map[string]map[string]string{
		"profiles":                 f.records(t, "profiles", byID),
		"einvoice_registrations":   f.records(t, "einvoice_registrations", byID),
		"invoices":                 f.records(t, "invoices", byOwner),
		"balance_accounts":         f.records(t, "balance_accounts", byID),
		"balance_ledger":           f.records(t, "balance_ledger", byOwner),
		"balance_transfers":        f.records(t, "balance_transfers", byOwner),
		"earnings_accounts":        f.records(t, "earnings_accounts", byID),
		"earnings_ledger":          f.records(t, "earnings_ledger", byOwner),
		"earnings_payouts":         f.records(t, "earnings_payouts", bson.D{{Key: "translatorId", Value: id}}),
		"earnings_payout_accounts": f.records(t, "earnings_payout_accounts", byID),
		"idempotency_keys": f.records(t, "idempotency_keys",
			bson.D{{Key: "_id", Value: bson.D{{Key: "$regex", Value: "^" + id + "/"}}}}),
	}
}

// sameRecords reports the collections whose records differ between before and after, of those named.
func sameRecords(t *testing.T, who string, before, after map[string]map[string]string, collections ...string) {
	t.Helper()
	for _, c := range collections {
		if !maps.Equal(before[c], after[c]) {
			t.Errorf("%s's %s changed:\nbefore %d %v\nafter  %d %v", who, c, len(before[c]), slices.Sorted(maps.Keys(before[c])),
				len(after[c]), slices.Sorted(maps.Keys(after[c])))
		}
	}
}

// Erasing a customer removes their billing details, e-Fatura registration and Pay keys, keeps
// their invoices, payments, ledger and transfers byte for byte, and touches no one else; a second
// erasure finds nothing more and counts the same.
func TestEraseCustomer(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	f.seedCustomerA(t)
	f.seedCustomerB(t)
	f.seedTranslators(t)
	// Another customer's keys, one whose id starts like A's.
	for _, owner := range []string{"cust-b", "cust-a2"} {
		if err := f.keys.Claim(ctx, owner, "key-"+owner, "pay|inv-x|card"); err != nil {
			t.Fatal(err)
		}
	}
	beforeA, beforeB, beforeA2 := f.held(t, "cust-a"), f.held(t, "cust-b"), f.held(t, "cust-a2")
	// Staff's audit entries, as internal/audit stores them: on one of A's invoices, A's balance
	// and A's e-Fatura registration, and on B's registration.
	var invoiceOfA string
	for id := range beforeA["invoices"] {
		invoiceOfA = id
	}
	entry := func(id, kind, object string) any {
		return bson.D{{Key: "_id", Value: id}, {Key: "actor", Value: bson.D{{Key: "id", Value: "staff-9"}, {Key: "name", Value: "Selin"}}},
			{Key: "action", Value: kind + ".change"}, {Key: "object", Value: bson.D{{Key: "kind", Value: kind}, {Key: "id", Value: object}}},
			{Key: "before", Value: `{"status":"a"}`}, {Key: "after", Value: `{"status":"b"}`}, {Key: "at", Value: time.Now()}}
	}
	if _, err := f.db.Collection(audit.Collection).InsertMany(ctx, []any{
		entry("audit-1", datacopy.AuditInvoice, invoiceOfA), entry("audit-2", datacopy.AuditBalance, "cust-a"),
		entry("audit-3", datacopy.AuditCustomer, "cust-a"), entry("audit-4", datacopy.AuditCustomer, "cust-b"),
	}); err != nil {
		t.Fatal(err)
	}
	if len(beforeA["profiles"]) != 1 || len(beforeA["einvoice_registrations"]) != 1 || len(beforeA["idempotency_keys"]) != 1 {
		t.Fatalf("customer A seeded without details, registration or key: %v", beforeA)
	}
	all := slices.Sorted(maps.Keys(beforeA))

	report := f.eraseOf(t, "cust-a", "customer")
	wantErased := map[string]int{datacopy.ErasedBillingDetails: 1, datacopy.ErasedRegistrations: 1, datacopy.ErasedIdempotencyKeys: 1, "audit": 1}
	// Three invoices (one paid by card, one from the balance and refunded, one waiting at the card
	// provider); payments: the two invoices' and the card top-up; ledger: top-up, invoice, refund,
	// transfer, adjustment.
	wantKept := map[string]int{"invoices": 3, "payments": 3, "balance_entries": 5, "transfers": 1, "audit": 2}
	if got := counts(t, report.Erased); !maps.Equal(got, wantErased) {
		t.Errorf("erased %v, want %v", got, wantErased)
	}
	if got := counts(t, report.Kept); !maps.Equal(got, wantKept) {
		t.Errorf("kept %v, want %v", got, wantKept)
	}

	for _, c := range []struct {
		kind, id string
		want     int
	}{{datacopy.AuditInvoice, invoiceOfA, 1}, {datacopy.AuditBalance, "cust-a", 1}, {datacopy.AuditCustomer, "cust-a", 0}, {datacopy.AuditCustomer, "cust-b", 1}} {
		if p, err := f.audit.List(ctx, audit.Filter{Object: &audit.Object{Kind: c.kind, ID: c.id}}); err != nil || len(p.Entries) != c.want {
			t.Errorf("audit entries of %s:%s: %d (%v), want %d", c.kind, c.id, len(p.Entries), err, c.want)
		}
	}

	afterA := f.held(t, "cust-a")
	for _, c := range []string{"profiles", "einvoice_registrations", "idempotency_keys"} {
		if len(afterA[c]) != 0 {
			t.Errorf("customer A's %s survived the erasure: %v", c, afterA[c])
		}
	}
	sameRecords(t, "customer A", beforeA, afterA, "invoices", "balance_accounts", "balance_ledger", "balance_transfers")
	// The invoices keep the buyer as the documents need them.
	for id, raw := range afterA["invoices"] {
		if !strings.Contains(raw, "10000000146") || !strings.Contains(raw, "Ayşe Yılmaz") {
			t.Errorf("invoice %s lost its buyer", id)
		}
	}
	// The service answers an empty, incomplete profile, and no registration.
	p, err := f.profiles.Profile(ctx, "cust-a")
	if err != nil {
		t.Fatal(err)
	}
	if p.Complete || p.Details != (profile.Details{}) || !p.UpdatedAt.IsZero() {
		t.Errorf("customer A's profile after the erasure: %+v", p)
	}
	if _, err := f.registrations.Registration(ctx, "cust-a"); !errors.Is(err, profile.ErrNotFound) {
		t.Errorf("customer A's registration after the erasure: %v", err)
	}
	// A copy asked for afterwards holds the kept records and no details.
	files := f.copyOf(t, "cust-a", "customer")
	details := decode[map[string]any](t, files, "billing-details.json")
	if details["billingDetails"] != nil || details["eFaturaRegistration"] != nil {
		t.Errorf("billing details after the erasure: %v", details)
	}
	type billed struct {
		Invoices []struct{ BilledTo *struct{ TCKN string } }
	}
	if invs := decode[billed](t, files, "invoices.json").Invoices; len(invs) != 3 || invs[0].BilledTo == nil ||
		invs[0].BilledTo.TCKN != "10000000146" {
		t.Errorf("invoices after the erasure: %+v", invs)
	}

	// Nobody else's records moved.
	sameRecords(t, "customer B", beforeB, f.held(t, "cust-b"), all...)
	sameRecords(t, "customer A2", beforeA2, f.held(t, "cust-a2"), all...)
	if b, err := f.profiles.Profile(ctx, "cust-b"); err != nil || !b.Complete || b.VKN != "4540536920" {
		t.Errorf("customer B's profile %+v, %v", b, err)
	}

	// Again: nothing more to erase, the same kept records.
	again := f.eraseOf(t, "cust-a", "customer")
	if len(again.Erased) != 0 {
		t.Errorf("a second erasure erased %+v", again.Erased)
	}
	if got := counts(t, again.Kept); !maps.Equal(got, wantKept) {
		t.Errorf("a second erasure kept %v, want %v", got, wantKept)
	}
	sameRecords(t, "customer A", afterA, f.held(t, "cust-a"), all...)
}

// Erasing a translator removes the bank accounts kept for future payouts and keeps their
// earnings ledger and payouts (with the account each was paid to); another translator keeps all.
func TestEraseTranslator(t *testing.T) {
	f := newFixture(t)
	f.seedCustomerA(t)
	f.seedTranslators(t)
	before, other := f.held(t, "tr-1"), f.held(t, "tr-2")
	all := slices.Sorted(maps.Keys(before))

	report := f.eraseOf(t, "tr-1", "translator")
	wantKept := map[string]int{"earnings_entries": 5, "payouts": 2}
	if got, want := counts(t, report.Erased), map[string]int{datacopy.ErasedPayoutAccounts: 2}; !maps.Equal(got, want) {
		t.Errorf("erased %v, want %v", got, want)
	}
	if got := counts(t, report.Kept); !maps.Equal(got, wantKept) {
		t.Errorf("kept %v, want %v", got, wantKept)
	}
	after := f.held(t, "tr-1")
	if len(after["earnings_payout_accounts"]) != 0 {
		t.Errorf("translator 1's payout accounts survived: %v", after["earnings_payout_accounts"])
	}
	sameRecords(t, "translator 1", before, after, "earnings_accounts", "earnings_ledger", "earnings_payouts")
	for id, raw := range after["earnings_payouts"] {
		if !strings.Contains(raw, ibanT1) && !strings.Contains(raw, "DE89370400440532013000") {
			t.Errorf("payout %s lost the account it was paid to", id)
		}
	}
	files := f.copyOf(t, "tr-1", "translator")
	if accounts := decode[struct{ Accounts []any }](t, files, "payout-accounts.json").Accounts; len(accounts) != 0 {
		t.Errorf("payout accounts after the erasure: %v", accounts)
	}
	if payouts := decode[struct{ Payouts []any }](t, files, "payouts.json").Payouts; len(payouts) != 2 {
		t.Errorf("payouts after the erasure: %v", payouts)
	}

	sameRecords(t, "translator 2", other, f.held(t, "tr-2"), all...)

	again := f.eraseOf(t, "tr-1", "translator")
	if len(again.Erased) != 0 {
		t.Errorf("a second erasure erased %+v", again.Erased)
	}
	if got := counts(t, again.Kept); !maps.Equal(got, wantKept) {
		t.Errorf("a second erasure kept %v, want %v", got, wantKept)
	}

	// svc-translators' own erasure announces the translator's accounts as none, at a newer
	// version. Arriving after svc-billing's erasure it brings no document back; arriving before,
	// it empties the list, which the erasure then removes.
	ctx := context.Background()
	none := func(id string) earnings.PayoutAccounts {
		return earnings.PayoutAccounts{TranslatorID: id, Version: 2, Accounts: []earnings.PayoutAccount{}}
	}
	if err := f.earnings.SetAccounts(ctx, none("tr-1")); err != nil {
		t.Fatal(err)
	}
	if got := f.held(t, "tr-1")["earnings_payout_accounts"]; len(got) != 0 {
		t.Errorf("an empty announcement after the erasure kept %v", got)
	}
	if err := f.earnings.SetAccounts(ctx, none("tr-2")); err != nil {
		t.Fatal(err)
	}
	second := f.eraseOf(t, "tr-2", "translator")
	if got, want := counts(t, second.Erased), map[string]int{datacopy.ErasedPayoutAccounts: 1}; !maps.Equal(got, want) {
		t.Errorf("erasing translator 2 after their accounts were emptied: erased %v, want %v", got, want)
	}
	if got := f.held(t, "tr-2")["earnings_payout_accounts"]; len(got) != 0 {
		t.Errorf("translator 2's payout accounts survived: %v", got)
	}
}

// A visitor (no account) has nothing here; a staff member or a customer who never billed has
// nothing erased or kept, and nobody else is touched.
func TestEraseOfPeopleWithoutBilling(t *testing.T) {
	f := newFixture(t)
	f.seedCustomerA(t)
	f.seedTranslators(t)
	before := f.held(t, "cust-a")
	for _, who := range []struct{ id, role string }{{"", ""}, {"staff-adjuster", "admin"}, {"cust-new", "customer"}} {
		report := f.eraseOf(t, who.id, who.role)
		if len(report.Erased) != 0 || len(report.Kept) != 0 {
			t.Errorf("erasure of %q: %+v", who.id, report)
		}
	}
	sameRecords(t, "customer A", before, f.held(t, "cust-a"), slices.Sorted(maps.Keys(before))...)
}

// The handler answers an erasure once however often it is delivered: one part, one
// privacy.part_ready carrying erasure.json, which keeps the event's contract.
func TestHandlerAnswersErasureOnce(t *testing.T) {
	f := newFixture(t)
	f.seedCustomerA(t)
	f.seedCustomerB(t)
	ctx := context.Background()
	redis := testenv.StartRedis(t)
	relay := events.NewRelay(f.parts.Collection(), events.Stream("billing"), events.NewPublisher(redis.Client), f.log, time.Hour)
	var mu sync.Mutex
	var kicked []any
	handle := privacy.Handler(datacopy.Service, privacy.Answers{Copy: f.gather, Erase: f.erase}, f.parts, func(ids ...any) {
		mu.Lock()
		defer mu.Unlock()
		kicked = append(kicked, ids...)
	}, func() time.Time { return now })

	request := func() events.Event {
		t.Helper()
		e, err := events.New(ctx, datacopy.EventPrivacyRequested, privacy.Requested{RequestID: "req-erase", Kind: privacy.KindErasure,
			UserID: "cust-a", Email: "ayse@example.com", Role: "customer", Lang: "en"})
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	first := request()
	for _, e := range []events.Event{first, first, request()} {
		if err := handle(ctx, e); err != nil {
			t.Fatal(err)
		}
	}
	if !slices.Equal(kicked, []any{"req-erase"}) {
		t.Errorf("relay told of %v, want the one answer", kicked)
	}
	n, err := f.parts.Collection().CountDocuments(ctx, bson.D{})
	if err != nil {
		t.Fatal(err)
	}
	var part struct {
		Service string         `bson:"service"`
		Files   int            `bson:"files"`
		Outbox  []events.Event `bson:"outbox"`
	}
	if err := f.parts.Collection().FindOne(ctx, bson.D{{Key: "_id", Value: "req-erase"}}).Decode(&part); err != nil {
		t.Fatal(err)
	}
	if n != 1 || part.Service != datacopy.Service || part.Files != 1 || len(part.Outbox) != 1 || part.Outbox[0].Type != datacopy.EventPrivacyPartReady {
		t.Errorf("%d answers, the erasure's %+v", n, part)
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
	if ready.RequestID != "req-erase" || ready.Service != datacopy.Service || len(ready.Files) != 1 || ready.Files[0].Name != privacy.ErasureFile {
		t.Fatalf("answer %+v, want svc-billing's %s for req-erase", ready, privacy.ErasureFile)
	}
	var report privacy.Erasure
	if err := json.Unmarshal(ready.Files[0].Data, &report); err != nil {
		t.Fatal(err)
	}
	if err := privacy.CheckKept(datacopy.Service, report); err != nil {
		t.Error(err)
	}
	wantErased := map[string]int{datacopy.ErasedBillingDetails: 1, datacopy.ErasedRegistrations: 1, datacopy.ErasedIdempotencyKeys: 1}
	wantKept := map[string]int{"invoices": 3, "payments": 3, "balance_entries": 5, "transfers": 1}
	if got := counts(t, report.Erased); !maps.Equal(got, wantErased) {
		t.Errorf("erasure.json erased %v, want %v", got, wantErased)
	}
	if got := counts(t, report.Kept); !maps.Equal(got, wantKept) {
		t.Errorf("erasure.json kept %v, want %v", got, wantKept)
	}
	// Customer B's details are still there.
	if b, err := f.profiles.Profile(ctx, "cust-b"); err != nil || !b.Complete {
		t.Errorf("customer B's profile %+v, %v", b, err)
	}
}

// Every kept collection an erasure reports is one the retention list names for svc-billing.
func TestKeptCollectionsAreTheListsNames(t *testing.T) {
	for _, c := range []string{datacopy.KeptInvoices, datacopy.KeptPayments, datacopy.KeptBalanceEntries, datacopy.KeptTransfers,
		datacopy.KeptEarningsEntries, datacopy.KeptPayouts} {
		if _, ok := privacy.RuleFor(datacopy.Service, c); !ok {
			t.Errorf("%q is not a retention line of %s", c, datacopy.Service)
		}
	}
}
