package api_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"linguaport/svc-billing/balance"
	"linguaport/svc-billing/earnings"
)

// walk follows a staff list's next from path's first page to its last, checking each page's
// more and next, and answers every item in order.
func (b *billing) walk(t *testing.T, path, token, key string) []map[string]any {
	t.Helper()
	var items []map[string]any
	sep := "?"
	if strings.Contains(path, "?") {
		sep = "&"
	}
	next := ""
	for pages := 0; ; pages++ {
		p := path
		if next != "" {
			p += sep + "before=" + url.QueryEscape(next)
		}
		a := b.call(t, p, token, "en")
		list := asList(a.body[key])
		if a.status != 200 || pages > 20 {
			t.Fatalf("%s: %d %v", p, a.status, a.body)
		}
		more, _ := a.body["more"].(bool)
		next, _ = a.body["next"].(string)
		if len(list) > 50 || more != (next != "") || more && (len(list) != 50 || next != list[49].(map[string]any)["id"]) {
			t.Fatalf("%s: %d %s, more %v, next %q", p, len(list), key, more, next)
		}
		for _, v := range list {
			items = append(items, v.(map[string]any))
		}
		if !more {
			return items
		}
	}
}

func idsOf(items []map[string]any) []string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = it["id"].(string)
	}
	return out
}

// checkWalks walks path newest and oldest first: the same items, each once, one order the
// other's reverse, sorted by timeKey then id.
func (b *billing) checkWalks(t *testing.T, path, token, key, timeKey string, want int) []string {
	t.Helper()
	newest := b.walk(t, path+"sort=newest", token, key)
	if byDefault := idsOf(b.walk(t, strings.TrimSuffix(strings.TrimSuffix(path, "&"), "?"), token, key)); !slices.Equal(byDefault, idsOf(newest)) {
		t.Errorf("%s: the default order is not newest first", path)
	}
	ids := idsOf(newest)
	if len(ids) != want || len(slices.Compact(slices.Sorted(slices.Values(ids)))) != want {
		t.Errorf("%s: %d items, %d different, want %d", path, len(ids), len(slices.Compact(slices.Sorted(slices.Values(ids)))), want)
	}
	if !slices.IsSortedFunc(newest, func(x, y map[string]any) int {
		if c := strings.Compare(y[timeKey].(string), x[timeKey].(string)); c != 0 {
			return c
		}
		return strings.Compare(y["id"].(string), x["id"].(string))
	}) {
		t.Errorf("%s: not newest first: %v", path, ids)
	}
	oldest := idsOf(b.walk(t, path+"sort=oldest", token, key))
	slices.Reverse(oldest)
	if !slices.Equal(oldest, ids) {
		t.Errorf("%s: oldest first is not newest first reversed", path)
	}
	return ids
}

// Staff's transfers and payouts: more than two pages walk either way with every one once, in
// order also across runs of equal times; the search finds the one; the bank file exports what
// the filter selects; a bad sort or cursor is a 400 worded in the request's language.
func TestStaffTransferAndPayoutLists(t *testing.T) {
	b := newBilling(t)
	ctx := context.Background()
	admin := b.staffToken("staff-1", "Selin")
	var payouts []any
	for i := range 120 {
		at := day.Add(-time.Duration(i/3) * time.Second) // three to a second
		tr := balance.Transfer{ID: fmt.Sprintf("trf-%03d", (i*37)%120), CustomerID: fmt.Sprintf("cust-%d", i%2), Status: balance.TransferDeclared,
			Amount: balance.Money{Amount: 1000, Currency: "TRY", Decimals: 2}, Sender: "Ayşe", Date: "2026-11-20", Reference: fmt.Sprintf("EFT-%d", i), DeclaredAt: at}
		p := earnings.Payout{ID: fmt.Sprintf("po-%03d", (i*37)%120), TranslatorID: fmt.Sprintf("tr-%d", i%2), Status: earnings.Requested,
			Amount: balance.Money{Amount: 30_000, Currency: "TRY", Decimals: 2}, IBAN: "TR330006100519786457841326", Holder: "Ayşe", RequestedAt: at}
		if i%10 == 0 {
			tr.Status, p.Status = balance.TransferConfirmed, earnings.Paid
		}
		if err := b.balances.InsertTransfer(ctx, tr); err != nil {
			t.Fatal(err)
		}
		payouts = append(payouts, p)
	}
	if _, err := b.db.Collection("earnings_payouts").InsertMany(ctx, payouts); err != nil {
		t.Fatal(err)
	}

	transfers := "/api/v1/billing/admin/transfers"
	b.checkWalks(t, transfers+"?", admin, "transfers", "declaredAt", 108)
	b.checkWalks(t, transfers+"?status=confirmed&", admin, "transfers", "declaredAt", 12)
	if got := b.walk(t, transfers+"?q=EFT-7", admin, "transfers"); len(got) != 1 || got[0]["reference"] != "EFT-7" {
		t.Errorf("by reference: %v", got)
	}
	if got := b.walk(t, transfers+"?q=cust-1", admin, "transfers"); len(got) != 60 || got[0]["customerId"] != "cust-1" {
		t.Errorf("by customer: %d", len(got))
	}

	payoutsPath := "/api/v1/billing/admin/payouts"
	ids := b.checkWalks(t, payoutsPath+"?", admin, "payouts", "requestedAt", 108)
	if got := b.walk(t, payoutsPath+"?q="+ids[70], admin, "payouts"); len(got) != 1 || got[0]["id"] != ids[70] {
		t.Errorf("by payout: %v", got)
	}
	tr0 := b.checkWalks(t, payoutsPath+"?q=tr-0&", admin, "payouts", "requestedAt", 48)

	// The bank file holds what the list selects, in its order, whatever the page.
	resp, body := b.download(t, payoutsPath+".csv?q=tr-0&sort=oldest&before="+tr0[0], admin, "en")
	rows, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(body, []byte("\xEF\xBB\xBF")))).ReadAll()
	if resp.StatusCode != 200 || err != nil || len(rows) != 49 || rows[1][5] != tr0[47] || rows[48][5] != tr0[0] {
		t.Errorf("csv of tr-0's: %d %v, %d rows", resp.StatusCode, err, len(rows))
	}
	if resp, _ := b.download(t, payoutsPath+".csv?sort=soonest", admin, "en"); resp.StatusCode != 400 {
		t.Errorf("csv with a bad sort: %d", resp.StatusCode)
	}

	for _, c := range []struct{ path, lang, field, message string }{
		{transfers + "?sort=due", "tr", "sort", "Sıralama newest (en yeni) veya oldest (en eski) olmalı."},
		{transfers + "?sort=Newest", "en", "sort", "The sort must be newest or oldest."},
		{payoutsPath + "?sort=amount", "tr", "sort", "Sıralama newest (en yeni) veya oldest (en eski) olmalı."},
		{payoutsPath + "?sort=amount", "en", "sort", "The sort must be newest or oldest."},
		{transfers + "?before=trf-nope", "en", "before", "The page cursor is not a known transfer."},
		{payoutsPath + "?before=po-nope", "tr", "before", "Sayfa imleci bilinen bir ödeme talebi değil."},
	} {
		a := b.call(t, c.path, admin, c.lang)
		if a.status != 400 || fieldsOf(a)[c.field] != c.message {
			t.Errorf("%s (%s): %d %v", c.path, c.lang, a.status, a.body)
		}
	}
}
