package balance_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"linguaport/internal/errs"
	"linguaport/internal/mongox"
	"linguaport/svc-billing/balance"
)

// seedTransfers stores n transfers declared three to a second (so pages break inside a run of
// equal times and the id must order them), every tenth confirmed, of two customers, each with
// its own bank reference; it answers the declared ones newest first, the order staff's list
// must give.
func seedTransfers(t *testing.T, f *fixture, n int) []string {
	t.Helper()
	ctx := context.Background()
	var declared []balance.Transfer
	for i := range n {
		tr := balance.Transfer{ID: fmt.Sprintf("trf-%03d", (i*37)%n), CustomerID: fmt.Sprintf("c%d", i%2), Status: balance.TransferDeclared,
			Amount: money("TRY", 1000), Sender: "Ayşe", Date: "2026-11-20", Reference: fmt.Sprintf("EFT-%d", i),
			DeclaredAt: now.Add(-time.Duration(i/3) * time.Second)}
		if i%10 == 0 {
			tr.Status = balance.TransferConfirmed
		} else {
			declared = append(declared, tr)
		}
		if err := f.store.InsertTransfer(ctx, tr); err != nil {
			t.Fatal(err)
		}
	}
	slices.SortFunc(declared, func(a, b balance.Transfer) int {
		if c := b.DeclaredAt.Compare(a.DeclaredAt); c != 0 {
			return c
		}
		return -compareStrings(a.ID, b.ID)
	})
	ids := make([]string, len(declared))
	for i, tr := range declared {
		ids[i] = tr.ID
	}
	return ids
}

func compareStrings(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// walkTransfers follows next from the first page to the last and answers every id in order.
func walkTransfers(t *testing.T, svc balance.Service, q balance.TransferQuery) []string {
	t.Helper()
	var ids []string
	for pages := 0; ; pages++ {
		page, err := svc.Transfers(context.Background(), q)
		if err != nil || pages > 10 {
			t.Fatalf("page %d of %+v: %v", pages, q, err)
		}
		if len(page.Transfers) > balance.TransferPageSize || page.More != (page.Next != "") ||
			page.More && len(page.Transfers) != balance.TransferPageSize {
			t.Fatalf("page %d: %d transfers, more %v, next %q", pages, len(page.Transfers), page.More, page.Next)
		}
		for _, tr := range page.Transfers {
			ids = append(ids, tr.ID)
		}
		if !page.More {
			return ids
		}
		q.Before = page.Next
	}
}

// Staff's list of transfers: 108 declared among 120 walk in three pages either way with none
// missing or repeated across runs of equal times; the search finds by reference, customer and id.
func TestTransferListPagesSortsAndSearches(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	want := seedTransfers(t, f, 120)

	if got := walkTransfers(t, f.svc, balance.TransferQuery{}); !slices.Equal(got, want) {
		t.Errorf("newest first:\n got %v\nwant %v", got, want)
	}
	oldest := slices.Clone(want)
	slices.Reverse(oldest)
	if got := walkTransfers(t, f.svc, balance.TransferQuery{Sort: mongox.SortOldest}); !slices.Equal(got, oldest) {
		t.Errorf("oldest first:\n got %v\nwant %v", got, oldest)
	}
	if got := walkTransfers(t, f.svc, balance.TransferQuery{Status: balance.TransferConfirmed}); len(got) != 12 {
		t.Errorf("confirmed: %v", got)
	}

	page, err := f.svc.Transfers(ctx, balance.TransferQuery{Q: " EFT-7 "})
	if err != nil || len(page.Transfers) != 1 || page.Transfers[0].Reference != "EFT-7" || page.More {
		t.Errorf("by reference: %+v %v", page, err)
	}
	one := page.Transfers[0].ID
	if page, _ := f.svc.Transfers(ctx, balance.TransferQuery{Q: one}); len(page.Transfers) != 1 || page.Transfers[0].ID != one {
		t.Errorf("by id: %+v", page)
	}
	// EFT-10 was confirmed: not among the declared.
	if page, _ := f.svc.Transfers(ctx, balance.TransferQuery{Q: "EFT-10"}); len(page.Transfers) != 0 {
		t.Errorf("a confirmed transfer in the declared list: %+v", page)
	}
	var c1 []string
	for _, id := range walkTransfers(t, f.svc, balance.TransferQuery{}) {
		if tr, _ := f.svc.Transfer(ctx, id); tr.CustomerID == "c1" {
			c1 = append(c1, id)
		}
	}
	if got := walkTransfers(t, f.svc, balance.TransferQuery{Q: "c1"}); len(c1) != 60 || !slices.Equal(got, c1) {
		t.Errorf("customer c1's: %d, want the 60 of the whole list in its order", len(got))
	}

	for _, c := range []struct {
		q             balance.TransferQuery
		field, reason string
	}{
		{balance.TransferQuery{Sort: "due"}, balance.FieldSort, balance.ReasonSort},
		{balance.TransferQuery{Before: "trf-nope"}, balance.FieldBefore, balance.ReasonCursor},
	} {
		_, err := f.svc.Transfers(ctx, c.q)
		if fe := (errs.Fields{}); !errors.As(err, &fe) || fe[c.field] != c.reason {
			t.Errorf("%+v: %v", c.q, err)
		}
	}
}

// Staff's accounts, in the one order they have (customer id, descending): a full page names
// the next page's cursor, which continues without a gap or a repeat.
func TestAccountPagesNameTheNext(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	for i := range balance.AccountPageSize + 3 {
		f.move(t, credit(fmt.Sprintf("cust-%03d", i), fmt.Sprintf("k%d", i), "TRY", 100))
	}
	first, err := f.svc.Accounts(ctx, "", "")
	if err != nil || !first.More || len(first.Accounts) != balance.AccountPageSize || first.Next != first.Accounts[balance.AccountPageSize-1].CustomerID {
		t.Fatalf("first page: %d, more %v, next %q, %v", len(first.Accounts), first.More, first.Next, err)
	}
	second, err := f.svc.Accounts(ctx, "", first.Next)
	if err != nil || second.More || second.Next != "" || len(second.Accounts) != 3 || second.Accounts[0].CustomerID != "cust-002" {
		t.Errorf("second page: %+v %v", second, err)
	}
}
