package api_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"linguaport/internal/authn"
	"linguaport/svc-billing/earnings"
	"linguaport/svc-billing/invoices"
)

// day is the fixture's clock's day (newStoppedBilling): invoices are dated around it.
var day = time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)

// stored puts an invoice straight into the store, as issued at issued (due at due when set).
func (b *billing) stored(t *testing.T, id, customer string, status invoices.Status, issued time.Time, due *time.Time) {
	t.Helper()
	inv := invoices.Invoice{ID: id, QuoteID: "q-" + id, Year: 2026, Status: status, CustomerID: customer, Currency: "TRY", Decimals: 2,
		Totals: invoices.Totals{Net: 1000, Total: 1200}, IssuedAt: issued, DueAt: due}
	if _, err := b.invoices.Insert(context.Background(), inv); err != nil {
		t.Fatal(err)
	}
}

func invoiceIDs(a answer) []string {
	var out []string
	for _, v := range asList(a.body["invoices"]) {
		out = append(out, v.(map[string]any)["id"].(string))
	}
	return out
}

// Staff's invoice list: newest first, 50 a page with the next page from the last id (also
// across invoices of one millisecond), filtered by status, customer and past due (by due date,
// counting an invoice stored without a due date from its issue date), searched by number; a bad
// filter is a 400 in the request's language.
func TestStaffInvoiceList(t *testing.T) {
	b := newBilling(t)
	admin := b.staffToken("staff-1", "Selin")
	for i := range 53 {
		// Three invoices share each issue time, so the cursor must break ties by id.
		issued := day.Add(-time.Duration(i/3) * time.Hour)
		due := issued.AddDate(0, 0, 7)
		status := invoices.Paid
		if i%2 == 0 {
			status = invoices.Pending
		}
		b.stored(t, fmt.Sprintf("inv-%02d", i), fmt.Sprintf("cust-%d", i%3), status, issued, &due)
	}
	// Past due: pending and due before the clock's now; one is stored without a due date.
	b.stored(t, "inv-late", "cust-late", invoices.Pending, day.AddDate(0, 0, -20), ptr(day.AddDate(0, 0, -13)))
	b.stored(t, "inv-later", "cust-late", invoices.Pending, day.AddDate(0, 0, -10), ptr(day.AddDate(0, 0, -3)))
	b.stored(t, "inv-old", "cust-late", invoices.Pending, day.AddDate(0, 0, -9), nil)
	b.stored(t, "inv-late-paid", "cust-late", invoices.Paid, day.AddDate(0, 0, -30), ptr(day.AddDate(0, 0, -23)))
	if err := b.invoices.FillDueDates(context.Background(), 7); err != nil {
		t.Fatal(err)
	}

	list := "/api/v1/billing/admin/invoices"
	var seen []string
	a := b.call(t, list, admin, "en")
	if a.status != 200 || len(invoiceIDs(a)) != 50 || a.body["more"] != true || invoiceIDs(a)[0] != "inv-02" {
		t.Fatalf("first page: %d %v %v", a.status, invoiceIDs(a), a.body["more"])
	}
	seen = append(seen, invoiceIDs(a)...)
	a = b.call(t, list+"?before="+seen[49], admin, "en")
	if a.status != 200 || len(invoiceIDs(a)) != 7 || a.body["more"] != false {
		t.Fatalf("second page: %d %v", a.status, invoiceIDs(a))
	}
	seen = append(seen, invoiceIDs(a)...)
	unique := map[string]bool{}
	for _, id := range seen {
		unique[id] = true
	}
	if len(unique) != 57 {
		t.Errorf("the pages hold %d different invoices of 57: %v", len(unique), seen)
	}
	first := b.call(t, list, admin, "en").body["invoices"].([]any)[0].(map[string]any)
	if first["number"] == "" || first["dueAt"] == nil {
		t.Errorf("listed unnumbered or without a due date: %v", first)
	}

	a = b.call(t, list+"?status=paid&customer=cust-1", admin, "en")
	for _, v := range asList(a.body["invoices"]) {
		inv := v.(map[string]any)
		if inv["status"] != "paid" || inv["customerId"] != "cust-1" {
			t.Errorf("filtered list holds %v", inv)
		}
	}
	if a.status != 200 || len(invoiceIDs(a)) != 9 {
		t.Errorf("paid of cust-1: %d %d %v", a.status, len(invoiceIDs(a)), invoiceIDs(a))
	}
	a = b.call(t, list+"?pastDue=true", admin, "en")
	if got := strings.Join(invoiceIDs(a), ","); a.status != 200 || got != "inv-old,inv-later,inv-late" {
		t.Errorf("past due: %d %s", a.status, got)
	}
	a = b.call(t, list+"?pastDue=true&customer=cust-late", admin, "en")
	if got := strings.Join(invoiceIDs(a), ","); a.status != 200 || got != "inv-old,inv-later,inv-late" {
		t.Errorf("past due of one customer: %d %s", a.status, got)
	}
	if a = b.call(t, list+"?pastDue=true&customer=cust-0", admin, "en"); len(invoiceIDs(a)) != 0 {
		t.Errorf("past due of a customer with none: %v", invoiceIDs(a))
	}
	a = b.call(t, list+"?pastDue=true&before=inv-later", admin, "en")
	if got := strings.Join(invoiceIDs(a), ","); got != "inv-late" {
		t.Errorf("past due, second page: %s", got)
	}
	if old := b.call(t, list+"/inv-old", admin, "en"); old.status != 200 || old.body["dueAt"] != day.AddDate(0, 0, -2).Format("2006-01-02T15:04:05Z") {
		t.Errorf("an invoice stored without a due date counts from its issue: %d %v", old.status, old.body["dueAt"])
	}
	number := first["number"].(string)
	a = b.call(t, list+"?q="+url.QueryEscape(strings.ToLower(number)), admin, "en")
	if got := invoiceIDs(a); len(got) != 1 || got[0] != first["id"] {
		t.Errorf("by number %s: %v", number, got)
	}
	if a = b.call(t, list+"?q="+number+"&status=refunded", admin, "en"); len(invoiceIDs(a)) != 0 {
		t.Errorf("by number with another status: %v", invoiceIDs(a))
	}
	// Oldest first is newest first reversed, over the same pages.
	if oldest := idsOf(b.walk(t, list+"?sort=oldest", admin, "invoices")); len(oldest) != 57 || !slices.Equal(oldest, reversed(seen)) {
		t.Errorf("oldest first: %v", oldest)
	}
	// Due: the pending ones, the soonest due (the most overdue) first, ties by id.
	var pending []map[string]any
	for _, inv := range b.walk(t, list, admin, "invoices") {
		if inv["status"] == "pending" {
			pending = append(pending, inv)
		}
	}
	slices.SortFunc(pending, func(x, y map[string]any) int {
		if c := strings.Compare(x["dueAt"].(string), y["dueAt"].(string)); c != 0 {
			return c
		}
		return strings.Compare(x["id"].(string), y["id"].(string))
	})
	due := idsOf(b.walk(t, list+"?sort=due", admin, "invoices"))
	if len(pending) != 30 || !slices.Equal(due, idsOf(pending)) || due[0] != "inv-late" {
		t.Errorf("due: %v, want %v", due, idsOf(pending))
	}
	if a = b.call(t, list+"?sort=due&pastDue=true", admin, "en"); strings.Join(invoiceIDs(a), ",") != "inv-late,inv-later,inv-old" {
		t.Errorf("past due, soonest due first: %v", invoiceIDs(a))
	}
	if a = b.call(t, list+"?sort=due&customer=cust-late&before=inv-late", admin, "en"); strings.Join(invoiceIDs(a), ",") != "inv-later,inv-old" {
		t.Errorf("one customer's by due date, second page: %v", invoiceIDs(a))
	}
	for _, c := range []struct{ query, lang, field, message string }{
		{"sort=amount", "tr", "sort", "Sıralama newest (en yeni), oldest (en eski) veya due (vadesi en yakın) olmalı; due yalnızca bekleyen (pending) faturaları listeler."},
		{"sort=amount", "en", "sort", "The sort must be newest, oldest or due; due lists pending invoices only."},
		{"sort=due&status=paid", "en", "sort", "The sort must be newest, oldest or due; due lists pending invoices only."},
		{"status=lost", "tr", "status", "Durum pending, paid veya refunded olmalı."},
		{"pastDue=yes", "en", "pastDue", "pastDue must be true or false; past due invoices are pending ones only."},
		{"pastDue=true&status=paid", "en", "pastDue", "pastDue must be true or false; past due invoices are pending ones only."},
		{"before=inv-nope", "en", "before", "The page cursor is not a known invoice."},
	} {
		a := b.call(t, list+"?"+c.query, admin, c.lang)
		if a.status != 400 || fieldsOf(a)[c.field] != c.message {
			t.Errorf("%s: %d %v", c.query, a.status, a.body)
		}
	}
}

func ptr[T any](v T) *T { return &v }

func reversed(s []string) []string {
	r := slices.Clone(s)
	slices.Reverse(r)
	return r
}

// A bank transfer staff saw arrive pays a pending invoice once, with invoice.paid as every
// payment, also when two staff click at once; the same transfer again answers 200 and changes
// nothing; another one, or a refunded invoice, is 409 in the request's language; the payment is
// recorded in the audit; a card payment completing afterwards goes to the balance.
func TestMarkPaidByBankTransfer(t *testing.T) {
	b := newBilling(t)
	tok, inv := b.pending(t, "cust-eft")
	id := inv["id"].(string)
	if inv["dueAt"] != "2026-11-30T10:00:00Z" && !strings.HasPrefix(inv["dueAt"].(string), "2026-11-30T10:00:") {
		t.Errorf("due date %v, want issued + 7 days", inv["dueAt"])
	}
	selin, mert := b.staffToken("staff-selin", "Selin Kaya"), b.staffToken("staff-mert", "Mert Demir")
	path := "/api/v1/billing/admin/invoices/" + id + "/mark-paid"
	body := map[string]any{"reference": "EFT 2026-11-22 AYŞE", "receivedAt": "2026-11-22"}

	// A card checkout opened before staff saw the transfer.
	card := b.post(t, "/api/v1/billing/invoices/"+id+"/pay", tok, "en", "card-1", map[string]any{"method": "card", "returnUrl": returnTo(id)})
	if card.status != 200 {
		t.Fatalf("card: %d %v", card.status, card.body)
	}

	var wg sync.WaitGroup
	answers := make([]answer, 2)
	for i, who := range []string{selin, mert} {
		wg.Go(func() { answers[i] = b.post(t, path, who, "en", "", body) })
	}
	wg.Wait()
	for _, a := range answers {
		p, _ := a.body["payment"].(map[string]any)
		if a.status != 200 || a.body["status"] != "paid" || p["method"] != "bank_transfer" || p["reference"] != "EFT 2026-11-22 AYŞE" ||
			!strings.HasPrefix(fmt.Sprint(p["receivedAt"]), "2026-11-21T21:00:00") {
			t.Errorf("mark paid: %d %v", a.status, a.body)
		}
	}
	b.settled(t, id)
	if n := b.published(t, "invoice.paid", id); n != 1 {
		t.Errorf("%d invoice.paid, want 1", n)
	}
	if e := b.auditEntries(t, "object=invoice:"+id); len(e) != 1 || e[0]["action"] != "invoice.mark_paid" ||
		e[0]["before"].(map[string]any)["status"] != "pending" || e[0]["after"].(map[string]any)["status"] != "paid" {
		t.Errorf("audit: %v", e)
	}
	if a := b.post(t, path, selin, "tr", "", map[string]any{"reference": "another", "receivedAt": "2026-11-22"}); a.status != 409 ||
		errorCode(a) != "invoice_not_pending" || !strings.Contains(a.body["error"].(map[string]any)["message"].(string), "ödeme beklemiyor") {
		t.Errorf("another transfer for a paid invoice: %d %v", a.status, a.body)
	}
	for _, c := range []struct {
		body  map[string]any
		field string
	}{
		{map[string]any{"receivedAt": "2026-11-22"}, "reference"},
		{map[string]any{"reference": "x", "receivedAt": "2026-13-01"}, "receivedAt"},
		{map[string]any{"reference": "x", "receivedAt": "2099-01-01"}, "receivedAt"},
		{map[string]any{"reference": strings.Repeat("x", 141), "receivedAt": "2026-11-22"}, "reference"},
	} {
		if a := b.post(t, path, selin, "en", "", c.body); a.status != 400 || fieldsOf(a)[c.field] == nil {
			t.Errorf("%v: %d %v", c.body, a.status, a.body)
		}
	}
	if a := b.post(t, "/api/v1/billing/admin/invoices/inv-nope/mark-paid", selin, "en", "", body); a.status != 404 {
		t.Errorf("unknown invoice: %d", a.status)
	}

	// The customer pays the open checkout after all: the money goes to their balance.
	payOnPage(t, card.body["checkoutUrl"].(string))
	deadline := time.Now().Add(10 * time.Second)
	for tryBalance(b.balanceOf(t, tok)) != 224_400 {
		if time.Now().After(deadline) {
			t.Fatalf("the card payment after the transfer was not credited: %v", b.balanceOf(t, tok).body)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if got := b.invoice(t, tok, id)["payment"].(map[string]any)["method"]; got != "bank_transfer" {
		t.Errorf("the invoice's payment became %v", got)
	}

	// Refunded, then marked paid: 409.
	if a := b.post(t, "/api/v1/billing/admin/invoices/"+id+"/refund", selin, "en", "", nil); a.status != 200 {
		t.Fatalf("refund: %d %v", a.status, a.body)
	}
	if a := b.post(t, path, selin, "en", "", body); a.status != 409 || errorCode(a) != "invoice_not_pending" {
		t.Errorf("mark paid a refunded invoice: %d %v", a.status, a.body)
	}
}

// A staff adjustment credits or debits a balance through the ledger (reason adjustment, the
// staff's words and id), once per Idempotency-Key, never below zero (409 with the missing
// amount), is refused without a key, a reason or an amount, and is recorded once in the audit.
// Staff list the accounts by customer id prefix and read one's balances and ledger.
func TestBalanceAdjustments(t *testing.T) {
	b := newBilling(t)
	selin := b.staffToken("staff-selin", "Selin Kaya")
	tok := b.token("cust-adj", authn.RoleCustomer)
	path := "/api/v1/billing/admin/balances/cust-adj/adjustments"
	credit := map[string]any{"amount": map[string]any{"amount": 5_000, "currency": "TRY"}, "reason": "Goodwill for a late delivery"}
	for range 2 { // a double click with one key: one credit
		a := b.post(t, path, selin, "en", "form-1", credit)
		if a.status != 200 || a.body["entry"].(map[string]any)["reason"] != "adjustment" ||
			a.body["entry"].(map[string]any)["note"] != "Goodwill for a late delivery" || a.body["entry"].(map[string]any)["reference"] != "staff-selin" {
			t.Fatalf("credit: %d %v", a.status, a.body)
		}
	}
	if got := tryBalance(b.balanceOf(t, tok)); got != 5_000 {
		t.Errorf("balance %d after one credit, want 5000", got)
	}
	a := b.post(t, path, selin, "tr", "form-2", map[string]any{"amount": map[string]any{"amount": -8_000, "currency": "TRY"}, "reason": "Mistaken credit"})
	e, _ := a.body["error"].(map[string]any)
	if a.status != 409 || e["code"] != "insufficient_balance" || e["details"].(map[string]any)["missing"].(map[string]any)["amount"] != 3000.0 {
		t.Errorf("debit below zero: %d %v", a.status, a.body)
	}
	if a = b.post(t, path, selin, "en", "form-3", map[string]any{"amount": map[string]any{"amount": -2_000, "currency": "TRY"}, "reason": "Mistaken credit"}); a.status != 200 ||
		a.body["entry"].(map[string]any)["kind"] != "debit" {
		t.Errorf("debit: %d %v", a.status, a.body)
	}
	if got := tryBalance(b.balanceOf(t, tok)); got != 3_000 {
		t.Errorf("balance %d, want 3000", got)
	}
	if a = b.post(t, path, selin, "en", "form-1", map[string]any{"amount": map[string]any{"amount": 9_000, "currency": "TRY"}, "reason": "x"}); a.status != 422 {
		t.Errorf("a key reused for another adjustment: %d %v", a.status, a.body)
	}
	for _, c := range []struct {
		key   string
		body  map[string]any
		field string
	}{
		{"", credit, "Idempotency-Key"},
		{"k", map[string]any{"amount": map[string]any{"amount": 5_000, "currency": "TRY"}, "reason": "  "}, "reason"},
		{"k", map[string]any{"amount": map[string]any{"amount": 5_000, "currency": "TRY"}, "reason": strings.Repeat("x", 501)}, "reason"},
		{"k", map[string]any{"amount": map[string]any{"amount": 0, "currency": "TRY"}, "reason": "x"}, "amount"},
		{"k", map[string]any{"amount": map[string]any{"amount": 5, "currency": "XYZ"}, "reason": "x"}, "amount"},
	} {
		if a := b.post(t, path, selin, "en", c.key, c.body); a.status != 400 || fieldsOf(a)[c.field] == nil {
			t.Errorf("%q %v: %d %v", c.key, c.body, a.status, a.body)
		}
	}
	entries := b.auditEntries(t, "object=balance:cust-adj")
	if len(entries) != 2 || entries[0]["actor"].(map[string]any)["id"] != "staff-selin" || entries[1]["action"] != "balance.adjust" {
		t.Fatalf("audit: %v", entries)
	}
	before := entries[1]["before"].(map[string]any)["balances"].([]any)
	after := entries[1]["after"].(map[string]any)
	if len(before) != 0 || after["entry"].(map[string]any)["note"] != "Goodwill for a late delivery" ||
		after["balances"].([]any)[0].(map[string]any)["amount"] != 5000.0 {
		t.Errorf("the credit's entry: %v", entries[1])
	}

	// Five clicks at once with one key: one credit, one audit entry.
	var wg sync.WaitGroup
	for range 5 {
		wg.Go(func() {
			if a := b.post(t, "/api/v1/billing/admin/balances/cust-race/adjustments", selin, "en", "race-1", credit); a.status != 200 {
				t.Errorf("racing credit: %d %v", a.status, a.body)
			}
		})
	}
	wg.Wait()
	if got := tryBalance(b.balanceOf(t, b.token("cust-race", authn.RoleCustomer))); got != 5_000 {
		t.Errorf("racing credits left %d, want 5000", got)
	}
	if n := len(b.auditEntries(t, "object=balance:cust-race")); n != 1 {
		t.Errorf("racing credits recorded %d times", n)
	}

	// Staff's lists.
	b.post(t, "/api/v1/billing/admin/balances/cust-other/adjustments", selin, "en", "o-1", credit)
	one := b.call(t, "/api/v1/billing/admin/balances/cust-adj", selin, "en")
	if one.status != 200 || one.body["customerId"] != "cust-adj" || len(asList(one.body["entries"])) != 2 || one.body["currency"] != "TRY" {
		t.Errorf("one account: %d %v", one.status, one.body)
	}
	all := b.call(t, "/api/v1/billing/admin/balances", selin, "en")
	accounts := asList(all.body["accounts"])
	if all.status != 200 || len(accounts) != 3 || accounts[0].(map[string]any)["customerId"] != "cust-race" {
		t.Errorf("accounts: %d %v", all.status, all.body)
	}
	if got := asList(b.call(t, "/api/v1/billing/admin/balances?q=cust-a", selin, "en").body["accounts"]); len(got) != 1 ||
		got[0].(map[string]any)["customerId"] != "cust-adj" {
		t.Errorf("by prefix: %v", got)
	}
	if got := asList(b.call(t, "/api/v1/billing/admin/balances?before=cust-other", selin, "en").body["accounts"]); len(got) != 1 {
		t.Errorf("next page: %v", got)
	}
	if a := b.call(t, "/api/v1/billing/admin/balances?sort=oldest", selin, "tr"); a.status != 400 ||
		fieldsOf(a)["sort"] != "Bakiyeler yalnızca müşteri numarasına göre sıralanır; sort kullanılmaz." {
		t.Errorf("a sort of the balances: %d %v", a.status, a.body)
	}
}

// The payouts' bank file: UTF-8 with a BOM, a header, one row per requested payout with the
// translator's name, IBAN, holder, the amount as a decimal, the currency, the payout id and when
// it was asked for; a cell that a spreadsheet would run as a formula is made text.
func TestPayoutsCSV(t *testing.T) {
	b := newBilling(t)
	admin := b.staffToken("staff-1", "Selin")
	feed(t, b.earn, earnings.EventPayoutAccounts, earnings.PayoutAccounts{TranslatorID: "tr-1", Version: 1, Name: "Ayşe Yılmaz",
		Accounts: []earnings.PayoutAccount{{ID: "ba-1", IBAN: "TR330006100519786457841326", Holder: "=HYPERLINK(\"http://x\")", Default: true}}})
	feed(t, b.earn, earnings.EventOrderStatusChanged, map[string]any{"orderId": "ord-1", "translatorId": "tr-1", "status": "completed",
		"pay": map[string]any{"amountUsd": 1000, "amount": map[string]any{"amount": 123_456, "currency": "TRY", "decimals": 2}}})
	tr := b.token("tr-1", authn.RoleTranslator)
	p := b.post(t, "/api/v1/billing/earnings/payouts", tr, "en", "k1", map[string]any{"bankAccountId": "ba-1"})
	if p.status != 201 {
		t.Fatalf("payout: %d %v", p.status, p.body)
	}
	resp, body := b.download(t, "/api/v1/billing/admin/payouts.csv?status=requested", admin, "en")
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "text/csv; charset=utf-8" ||
		!strings.HasPrefix(resp.Header.Get("Content-Disposition"), `attachment; filename="payouts-requested-`) {
		t.Fatalf("csv: %d %v %s", resp.StatusCode, resp.Header, body)
	}
	if !bytes.HasPrefix(body, []byte("\xEF\xBB\xBF")) {
		t.Errorf("no BOM: %q", body[:10])
	}
	rows, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(body, []byte("\xEF\xBB\xBF")))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"Ayşe Yılmaz", "TR330006100519786457841326", "'=HYPERLINK(\"http://x\")", "1234.56", "TRY", p.body["id"].(string)}
	if len(rows) != 2 || strings.Join(rows[0], ",") != "translator,iban,holder,amount,currency,reference,requestedAt" ||
		strings.Join(rows[1][:6], "|") != strings.Join(want, "|") {
		t.Fatalf("rows %q", rows)
	}
	if _, err := time.Parse(time.RFC3339, rows[1][6]); err != nil {
		t.Errorf("requestedAt %q", rows[1][6])
	}
	if resp, body := b.download(t, "/api/v1/billing/admin/payouts.csv?status=paid", admin, "en"); resp.StatusCode != 200 || strings.Count(string(body), "\n") != 1 {
		t.Errorf("no paid payouts: %d %q", resp.StatusCode, body)
	}
	if resp, _ := b.download(t, "/api/v1/billing/admin/payouts.csv?status=lost", admin, "en"); resp.StatusCode != 400 {
		t.Errorf("bad status: %d", resp.StatusCode)
	}
}

// The dashboard's counts: declared transfers, pending invoices past due, requested payouts.
func TestStaffSummary(t *testing.T) {
	b := newBilling(t)
	admin := b.staffToken("staff-1", "Selin")
	b.stored(t, "inv-late", "c-1", invoices.Pending, day.AddDate(0, 0, -10), ptr(day.AddDate(0, 0, -3)))
	b.stored(t, "inv-late-paid", "c-1", invoices.Paid, day.AddDate(0, 0, -10), ptr(day.AddDate(0, 0, -3)))
	b.stored(t, "inv-due-later", "c-1", invoices.Pending, day, ptr(day.AddDate(0, 0, 7)))
	tok := b.token("c-1", authn.RoleCustomer)
	for range 2 {
		if d := b.post(t, "/api/v1/billing/balance/transfers", tok, "en", "", map[string]any{
			"amount": map[string]any{"amount": 5_000, "currency": "TRY"}, "sender": "Ayşe Yılmaz", "date": "2026-11-20", "reference": "Havale"}); d.status != 201 {
			t.Fatalf("declare: %d %v", d.status, d.body)
		}
	}
	feed(t, b.earn, earnings.EventPayoutAccounts, earnings.PayoutAccounts{TranslatorID: "tr-1", Version: 1,
		Accounts: []earnings.PayoutAccount{{ID: "ba-1", IBAN: "TR330006100519786457841326", Holder: "Ayşe", Default: true}}})
	feed(t, b.earn, earnings.EventOrderStatusChanged, map[string]any{"orderId": "ord-1", "translatorId": "tr-1", "status": "completed",
		"pay": map[string]any{"amountUsd": 1000, "amount": map[string]any{"amount": 50_000, "currency": "TRY", "decimals": 2}}})
	if p := b.post(t, "/api/v1/billing/earnings/payouts", b.token("tr-1", authn.RoleTranslator), "en", "k1", map[string]any{"bankAccountId": "ba-1"}); p.status != 201 {
		t.Fatalf("payout: %d %v", p.status, p.body)
	}
	a := b.call(t, "/api/v1/billing/admin/summary", admin, "en")
	if a.status != 200 || a.body["transfersDeclared"] != 2.0 || a.body["invoicesPastDue"] != 1.0 || a.body["payoutsRequested"] != 1.0 {
		t.Errorf("summary: %d %v", a.status, a.body)
	}
	n, _ := b.invoices.Collection().CountDocuments(context.Background(), bson.D{})
	if n != 3 {
		t.Errorf("%d invoices", n)
	}
}

// Every staff money route refuses a visitor (401), a customer and a translator (403).
func TestStaffMoneyRoutesAreStaffOnly(t *testing.T) {
	b := newBilling(t)
	customer, translator := b.token("c-1", authn.RoleCustomer), b.token("tr-1", authn.RoleTranslator)
	for _, r := range []struct{ method, path string }{
		{"GET", "/api/v1/billing/admin/invoices"},
		{"GET", "/api/v1/billing/admin/invoices/inv-1"},
		{"POST", "/api/v1/billing/admin/invoices/inv-1/mark-paid"},
		{"GET", "/api/v1/billing/admin/balances"},
		{"GET", "/api/v1/billing/admin/balances/c-1"},
		{"POST", "/api/v1/billing/admin/balances/c-1/adjustments"},
		{"GET", "/api/v1/billing/admin/payouts.csv"},
		{"GET", "/api/v1/billing/admin/summary"},
		{"GET", "/api/v1/billing/admin/revenue"},
	} {
		for _, c := range []struct {
			token string
			want  int
		}{{"", 401}, {customer, 403}, {translator, 403}} {
			var got answer
			if r.method == "GET" {
				got = b.call(t, r.path, c.token, "en")
			} else {
				got = b.post(t, r.path, c.token, "en", "k", map[string]any{})
			}
			if got.status != c.want {
				t.Errorf("%s %s by %q: %d, want %d", r.method, r.path, c.token, got.status, c.want)
			}
		}
	}
}

// Staff's invoices paid in a period (the dashboard's revenue links a week here): days in
// Istanbul, both included, whatever the invoice's status now; newest paid first, 50 a page with
// ties of one millisecond broken by id, oldest first the same pages reversed; with a status or
// a customer; a pending invoice never appears, nor can it be the cursor; a bad period is a 400 in
// the request's language.
func TestStaffInvoicesPaidInPeriod(t *testing.T) {
	b := newBilling(t)
	admin := b.staffToken("staff-1", "Selin")
	paid := func(id, customer string, status invoices.Status, at time.Time) {
		t.Helper()
		inv := invoices.Invoice{ID: id, QuoteID: "q-" + id, Year: 2026, Status: status, CustomerID: customer, Currency: "TRY", Decimals: 2,
			Totals: invoices.Totals{Net: 1000, Total: 1200}, IssuedAt: at.Add(-time.Hour), PaidAt: &at}
		if status == invoices.Refunded {
			inv.RefundedAt = ptr(at.Add(time.Hour))
		}
		if _, err := b.invoices.Insert(context.Background(), inv); err != nil {
			t.Fatal(err)
		}
	}
	// Monday 23 November 2026 begins at 21:00 UTC on the 22nd in Istanbul; Sunday the 29th ends
	// at 21:00 UTC that day.
	paid("inv-sunday-before", "cust-a", invoices.Paid, time.Date(2026, 11, 22, 20, 59, 59, 0, time.UTC))
	paid("inv-monday", "cust-a", invoices.Paid, time.Date(2026, 11, 22, 21, 0, 0, 0, time.UTC))
	paid("inv-refunded", "cust-b", invoices.Refunded, time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC))
	paid("inv-sunday", "cust-b", invoices.Paid, time.Date(2026, 11, 29, 20, 59, 59, 0, time.UTC))
	paid("inv-next-monday", "cust-a", invoices.Paid, time.Date(2026, 11, 29, 21, 0, 0, 0, time.UTC))
	same := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	for i := range 51 {
		paid(fmt.Sprintf("inv-tue-%02d", i), fmt.Sprintf("cust-%d", i%3), invoices.Paid, same)
	}
	b.stored(t, "inv-pending", "cust-a", invoices.Pending, day, nil)

	list := "/api/v1/billing/admin/invoices"
	week := list + "?paidFrom=2026-11-23&paidTo=2026-11-29"
	a := b.call(t, week, admin, "en")
	if got := invoiceIDs(a); a.status != 200 || len(got) != 50 || a.body["more"] != true || got[0] != "inv-sunday" || got[1] != "inv-refunded" || got[2] != "inv-tue-50" {
		t.Fatalf("the week's first page: %d %v", a.status, got)
	}
	newest := idsOf(b.walk(t, week, admin, "invoices"))
	want := []string{"inv-sunday", "inv-refunded"}
	for i := 50; i >= 0; i-- {
		want = append(want, fmt.Sprintf("inv-tue-%02d", i))
	}
	want = append(want, "inv-monday")
	if !slices.Equal(newest, want) {
		t.Errorf("the week's invoices by when paid: %v, want %v", newest, want)
	}
	if oldest := idsOf(b.walk(t, week+"&sort=oldest", admin, "invoices")); !slices.Equal(oldest, reversed(want)) {
		t.Errorf("oldest paid first: %v", oldest)
	}
	for _, c := range []struct{ query, want string }{
		{"?paidFrom=2026-11-29", "inv-next-monday,inv-sunday"},
		{"?paidTo=2026-11-22", "inv-sunday-before"},
		{"?paidFrom=2026-11-25&paidTo=2026-11-25", "inv-refunded"},
		{"?paidFrom=2026-11-23&paidTo=2026-11-29&status=refunded", "inv-refunded"},
		{"?paidFrom=2026-11-22&paidTo=2026-11-23&customer=cust-a", "inv-monday,inv-sunday-before"},
		{"?paidFrom=2026-11-25&customer=cust-b&status=paid", "inv-sunday"},
		{"?paidFrom=2026-11-30", "inv-next-monday"},
		{"?paidFrom=2026-12-01", ""},
	} {
		if got := strings.Join(idsOf(b.walk(t, list+c.query, admin, "invoices")), ","); got != c.want {
			t.Errorf("%s: %s, want %s", c.query, got, c.want)
		}
	}
	// A number searched in a period is checked against it.
	number := b.call(t, list+"/inv-monday", admin, "en").body["number"].(string)
	if got := invoiceIDs(b.call(t, list+"?q="+number+"&paidFrom=2026-11-23", admin, "en")); !slices.Equal(got, []string{"inv-monday"}) {
		t.Errorf("by number in its period: %v", got)
	}
	if got := invoiceIDs(b.call(t, list+"?q="+number+"&paidFrom=2026-11-24", admin, "en")); len(got) != 0 {
		t.Errorf("by number outside its period: %v", got)
	}
	for _, c := range []struct{ query, lang, field, message string }{
		{"paidFrom=2026-13-01", "en", "paidFrom", "paidFrom must be a day written YYYY-MM-DD."},
		{"paidTo=29.11.2026", "tr", "paidTo", "paidTo bir gün olmalı, YYYY-AA-GG biçiminde."},
		{"paidFrom=2026-11-29&paidTo=2026-11-23", "en", "paidTo", "paidTo cannot be a day before paidFrom."},
		{"paidFrom=2026-11-23&status=pending", "en", "paidFrom", "Invoices paid in a period are paid or since refunded ones: they cannot be asked with status=pending, pastDue or sort=due."},
		{"paidTo=2026-11-29&pastDue=true", "tr", "paidTo", "Bir dönemde ödenen faturalar ödenmiş ya da iade edilmiş faturalardır: status=pending, pastDue veya sort=due ile birlikte istenemez."},
		{"paidFrom=2026-11-23&sort=due", "en", "paidFrom", "Invoices paid in a period are paid or since refunded ones: they cannot be asked with status=pending, pastDue or sort=due."},
		{"paidFrom=2026-11-23&before=inv-pending", "en", "before", "The page cursor is not a known invoice."},
	} {
		a := b.call(t, list+"?"+c.query, admin, c.lang)
		if a.status != 400 || fieldsOf(a)[c.field] != c.message {
			t.Errorf("%s: %d %v", c.query, a.status, a.body)
		}
	}
}
