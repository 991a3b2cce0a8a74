package quotes_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"linguaport/internal/testenv"
	"linguaport/svc-orders/internal/newest"
	"linguaport/svc-orders/quotes"
)

func TestMain(m *testing.M) { testenv.Main(m) }

// The store's queries on the real database: a customer's quotes newest first, the sweep's
// expiry that leaves decided and current quotes alone, and the numbers people read.
func TestMongoStore(t *testing.T) {
	ctx := context.Background()
	db := testenv.Mongo(t)
	store, err := quotes.NewMongoStore(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	for _, q := range []*quotes.Quote{
		{ID: "overdue", CustomerID: "cust-a", Status: quotes.QuotePending, CreatedAt: now.Add(-15 * 24 * time.Hour), ExpiresAt: now.Add(-time.Hour)},
		{ID: "approved", CustomerID: "cust-a", Status: quotes.QuoteApproved, CreatedAt: now.Add(-14 * 24 * time.Hour), ExpiresAt: now.Add(-time.Minute)},
		{ID: "current", CustomerID: "cust-a", Status: quotes.QuotePending, CreatedAt: now, ExpiresAt: now.Add(time.Hour)},
		{ID: "other", CustomerID: "cust-b", Status: quotes.QuotePending, CreatedAt: now, ExpiresAt: now.Add(time.Hour)},
	} {
		if err := store.Insert(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	list, next, err := store.QuotesOf(ctx, "cust-a", newest.Page{})
	if err != nil || len(list) != 3 || list[0].ID != "current" || list[2].ID != "overdue" || next != "" {
		t.Fatalf("cust-a's quotes: %v next %q %v", list, next, err)
	}
	if n, err := store.ExpireOverdue(ctx, now); err != nil || n != 1 {
		t.Errorf("expired %d quotes: %v", n, err)
	}
	for id, want := range map[string]quotes.QuoteStatus{"overdue": quotes.QuoteExpired, "approved": quotes.QuoteApproved, "current": quotes.QuotePending} {
		if q, err := store.Quote(ctx, id); err != nil || q.Status != want {
			t.Errorf("%s: %v %v, want %s", id, q, err, want)
		}
	}
	if _, err := store.Quote(ctx, "nope"); !errors.Is(err, quotes.ErrNotFound) {
		t.Errorf("unknown quote: %v", err)
	}

	counters := quotes.NewCounters(db)
	for _, want := range []string{"Q-2026-00001", "Q-2026-00002"} {
		if got, err := counters.Next(ctx, "Q", 2026); err != nil || got != want {
			t.Errorf("next number %q %v, want %q", got, err, want)
		}
	}
	if got, _ := counters.Next(ctx, "O", 2026); got != "O-2026-00001" {
		t.Errorf("orders have their own sequence: %q", got)
	}
}
