package earnings_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"linguaport/internal/errs"
	"linguaport/internal/mongox"
	"linguaport/svc-billing/earnings"
)

// seedPayouts stores n payouts requested three to a second (pages break inside runs of equal
// times), every tenth paid, of two translators; it answers the requested ones newest first, the
// order staff's list must give.
func seedPayouts(t *testing.T, f *fixture, n int) []string {
	t.Helper()
	var requested []earnings.Payout
	for i := range n {
		p := earnings.Payout{ID: fmt.Sprintf("po-%03d", (i*37)%n), TranslatorID: fmt.Sprintf("tr-%d", i%2), Status: earnings.Requested,
			Amount: try(30_000), BankAccountID: "ba-1", IBAN: "TR33", Holder: "Ayşe", RequestedAt: now.Add(-time.Duration(i/3) * time.Second)}
		if i%10 == 0 {
			p.Status = earnings.Paid
		} else {
			requested = append(requested, p)
		}
		if err := f.store.InsertPayout(context.Background(), p); err != nil {
			t.Fatal(err)
		}
	}
	slices.SortFunc(requested, func(a, b earnings.Payout) int {
		if c := b.RequestedAt.Compare(a.RequestedAt); c != 0 {
			return c
		}
		return strings.Compare(b.ID, a.ID)
	})
	ids := make([]string, len(requested))
	for i, p := range requested {
		ids[i] = p.ID
	}
	return ids
}

// walkPayouts follows next from the first page to the last and answers every id in order.
func walkPayouts(t *testing.T, svc earnings.Service, q earnings.PayoutQuery) []string {
	t.Helper()
	var ids []string
	for pages := 0; ; pages++ {
		page, err := svc.PayoutsIn(context.Background(), q)
		if err != nil || pages > 10 {
			t.Fatalf("page %d of %+v: %v", pages, q, err)
		}
		if len(page.Payouts) > earnings.PageSize || page.More != (page.Next != "") || page.More && len(page.Payouts) != earnings.PageSize {
			t.Fatalf("page %d: %d payouts, more %v, next %q", pages, len(page.Payouts), page.More, page.Next)
		}
		for _, p := range page.Payouts {
			ids = append(ids, p.ID)
		}
		if !page.More {
			return ids
		}
		q.Before = page.Next
	}
}

// Staff's list of payouts: 108 requested among 120 walk in three pages either way with none
// missing or repeated; the search finds by payout and by translator; the bank file holds the
// whole selection, in its order, and no more.
func TestPayoutListPagesSortsAndSearches(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	want := seedPayouts(t, f, 120)

	if got := walkPayouts(t, f.svc, earnings.PayoutQuery{}); !slices.Equal(got, want) {
		t.Errorf("newest first:\n got %v\nwant %v", got, want)
	}
	oldest := slices.Clone(want)
	slices.Reverse(oldest)
	if got := walkPayouts(t, f.svc, earnings.PayoutQuery{Sort: mongox.SortOldest}); !slices.Equal(got, oldest) {
		t.Errorf("oldest first:\n got %v\nwant %v", got, oldest)
	}
	if got := walkPayouts(t, f.svc, earnings.PayoutQuery{Status: earnings.Paid}); len(got) != 12 {
		t.Errorf("paid: %v", got)
	}

	if page, err := f.svc.PayoutsIn(ctx, earnings.PayoutQuery{Q: " " + want[70] + " "}); err != nil || len(page.Payouts) != 1 || page.Payouts[0].ID != want[70] {
		t.Errorf("by id: %+v %v", page, err)
	}
	var tr1 []string
	for _, id := range want {
		if p, _ := f.svc.Payout(ctx, id); p.TranslatorID == "tr-1" {
			tr1 = append(tr1, id)
		}
	}
	if got := walkPayouts(t, f.svc, earnings.PayoutQuery{Q: "tr-1", Sort: mongox.SortNewest}); len(tr1) != 60 || !slices.Equal(got, tr1) {
		t.Errorf("translator tr-1's: %d, want the 60 of the whole list in its order", len(got))
	}

	all, err := f.svc.PayoutsExport(ctx, earnings.PayoutQuery{Sort: mongox.SortOldest, Before: want[3]})
	if err != nil || len(all) != len(want) || all[0].ID != oldest[0] || all[len(all)-1].ID != oldest[len(oldest)-1] {
		t.Errorf("export: %d payouts, %v", len(all), err)
	}
	if one, err := f.svc.PayoutsExport(ctx, earnings.PayoutQuery{Q: "tr-0", Status: earnings.Paid}); err != nil || len(one) != 12 {
		t.Errorf("export of tr-0's paid: %d, %v", len(one), err)
	}

	for _, c := range []struct {
		q             earnings.PayoutQuery
		field, reason string
	}{
		{earnings.PayoutQuery{Sort: "due"}, earnings.FieldSort, earnings.ReasonSort},
		{earnings.PayoutQuery{Before: "po-nope"}, earnings.FieldBefore, earnings.ReasonCursor},
		{earnings.PayoutQuery{Status: "sent"}, earnings.FieldStatus, earnings.ReasonStatus},
	} {
		_, err := f.svc.PayoutsIn(ctx, c.q)
		if fe := (errs.Fields{}); !errors.As(err, &fe) || fe[c.field] != c.reason {
			t.Errorf("%+v: %v", c.q, err)
		}
	}
}

// A selection over MaxExport is refused whole rather than cut to a bank file that looks complete.
func TestPayoutExportIsBounded(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	docs := make([]any, earnings.MaxExport+1)
	for i := range docs {
		docs[i] = earnings.Payout{ID: fmt.Sprintf("po-%05d", i), TranslatorID: "tr-1", Status: earnings.Requested, Amount: try(30_000), RequestedAt: now}
	}
	if _, err := f.store.PayoutCollection().InsertMany(ctx, docs); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.PayoutsExport(ctx, earnings.PayoutQuery{}); !errors.Is(err, earnings.ErrExportTooLarge) {
		t.Errorf("export of %d: %v", len(docs), err)
	}
	if list, err := f.svc.PayoutsExport(ctx, earnings.PayoutQuery{Q: "po-00007"}); err != nil || len(list) != 1 {
		t.Errorf("a narrowed export: %d, %v", len(list), err)
	}
}
