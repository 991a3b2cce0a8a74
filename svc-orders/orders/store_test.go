package orders_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"linguaport/internal/testenv"
	"linguaport/svc-orders/files"
	"linguaport/svc-orders/internal/newest"
	"linguaport/svc-orders/orders"
	"linguaport/svc-orders/quotes"
)

func TestMain(m *testing.M) { testenv.Main(m) }

func ids(list []*orders.Order) []string {
	out := make([]string, len(list))
	for i, o := range list {
		out[i] = o.ID
	}
	return out
}

// The store's queries on the real database: lists by whose the orders are, the orders that
// reach a file, and what the sweep completes.
func TestMongoStore(t *testing.T) {
	ctx := context.Background()
	store, err := orders.NewMongoStore(ctx, testenv.Mongo(t))
	if err != nil {
		t.Fatal(err)
	}
	base := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	delivered := base.Add(time.Hour)
	source := files.File{ID: "source-1", Name: "source.docx"}
	result := files.File{ID: "result-1", Name: "result.docx", Purpose: files.DeliveryFile}
	for _, o := range []*orders.Order{
		{ID: "o1", QuoteID: "q1", CustomerID: "cust-a", TranslatorID: "tr-1", Status: orders.Delivered, CreatedAt: base,
			Work: quotes.Work{Files: []files.File{source}}, Deliveries: []files.File{result}, DeliveredAt: &delivered},
		{ID: "o2", QuoteID: "q2", CustomerID: "cust-a", Status: orders.AwaitingPayment, CreatedAt: base.Add(time.Minute)},
		{ID: "o3", QuoteID: "q3", CustomerID: "cust-b", TranslatorID: "tr-1", Status: orders.Assigned, CreatedAt: base.Add(2 * time.Minute)},
	} {
		if _, err := store.Create(ctx, o); err != nil {
			t.Fatal(err)
		}
	}
	// A quote's order is created once; a second attempt answers the stored one.
	if o, err := store.Create(ctx, &orders.Order{ID: "o1-again", QuoteID: "q1", CustomerID: "cust-a"}); err != nil || o.ID != "o1" {
		t.Errorf("second order of quote q1: %v %v", o, err)
	}

	first := newest.Page{}
	for name, c := range map[string]struct {
		list func() ([]*orders.Order, string, error)
		want []string
	}{
		"a customer's":   {func() ([]*orders.Order, string, error) { return store.OrdersOf(ctx, "cust-a", first) }, []string{"o2", "o1"}},
		"a translator's": {func() ([]*orders.Order, string, error) { return store.AssignedTo(ctx, "tr-1", first) }, []string{"o3", "o1"}},
		"everyone's":     {func() ([]*orders.Order, string, error) { return store.Recent(ctx, first) }, []string{"o3", "o2", "o1"}},
		"someone else's": {func() ([]*orders.Order, string, error) { return store.OrdersOf(ctx, "cust-z", first) }, []string{}},
	} {
		got, next, err := c.list()
		if err != nil || !slices.Equal(ids(got), c.want) || next != "" {
			t.Errorf("%s orders: %v next %q %v, want %v", name, ids(got), next, err, c.want)
		}
	}

	if _, err := store.Order(ctx, "nope"); !errors.Is(err, orders.ErrNotFound) {
		t.Errorf("unknown order: %v", err)
	}
	if got, err := store.DeliveriesTo(ctx, "cust-a"); err != nil || len(got) != 1 || got[0].ID != "result-1" {
		t.Errorf("deliveries to cust-a: %v %v", got, err)
	}
	for _, c := range []struct {
		user, file string
		want       bool
	}{
		{"cust-a", "result-1", true},  // delivered to their order
		{"cust-b", "result-1", false}, // another customer's delivery
		{"tr-1", "source-1", true},    // a document of the translator's order
		{"tr-2", "source-1", false},   // not their order
		{"cust-a", "source-1", false}, // their own upload is theirs as owner, not through the order
	} {
		if got, err := store.Reaches(ctx, c.user, c.file); err != nil || got != c.want {
			t.Errorf("%s reaches %s: %v %v, want %v", c.user, c.file, got, err, c.want)
		}
	}

	if got, err := store.DeliveredBefore(ctx, delivered.Add(time.Second)); err != nil || !slices.Equal(got, []string{"o1"}) {
		t.Errorf("delivered before: %v %v", got, err)
	}
	if got, err := store.DeliveredBefore(ctx, delivered.Add(-time.Second)); err != nil || len(got) != 0 {
		t.Errorf("delivered before the delivery: %v %v", got, err)
	}
}
