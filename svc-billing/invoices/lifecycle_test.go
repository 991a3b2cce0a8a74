package invoices_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"linguaport/internal/events"
	"linguaport/svc-billing/invoices"
)

// outbox is what the invoice's outbox holds, by event type.
func (f *fixture) outbox(t *testing.T, id string) map[string]int {
	t.Helper()
	var doc struct {
		events.Outbox `bson:",inline"`
	}
	if err := f.store.Collection().FindOne(context.Background(), map[string]any{"_id": id}).Decode(&doc); err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	for _, e := range doc.Pending {
		got[e.Type]++
	}
	return got
}

// Sixteen payments of one invoice at once (a double click, a webhook racing the return page, a
// redelivered event): one pays it, one invoice.paid is queued, and every caller is answered
// with the one payment that won.
func TestMarkPaidOnceUnderConcurrency(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	inv, err := f.svc.Issue(ctx, approved("q1", "c1"))
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	answers := make([]invoices.Invoice, 16)
	errs := make([]error, 16)
	for i := range answers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			answers[i], errs[i] = f.svc.MarkPaid(ctx, inv.ID, invoices.Payment{Method: invoices.MethodCard, Reference: fmt.Sprintf("cs_%d", i)})
		}()
	}
	wg.Wait()
	won := ""
	for i, a := range answers {
		if errs[i] != nil {
			t.Fatalf("payment %d: %v", i, errs[i])
		}
		if a.Status != invoices.Paid || a.Payment == nil || a.PaidAt == nil {
			t.Fatalf("payment %d answered %+v", i, a)
		}
		if won == "" {
			won = a.Payment.Reference
		}
		if a.Payment.Reference != won {
			t.Errorf("payment %d answered paid by %s, another by %s", i, a.Payment.Reference, won)
		}
	}
	if got := f.outbox(t, inv.ID); got[invoices.EventInvoicePaid] != 1 {
		t.Errorf("outbox %v, want one invoice.paid", got)
	}
	stored, _ := f.store.Invoice(ctx, inv.ID)
	if stored.Number != inv.Number {
		t.Errorf("number %q changed to %q by paying", inv.Number, stored.Number)
	}
}

func TestRefundOnlyPaidAndOnce(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	inv, _ := f.svc.Issue(ctx, approved("q1", "c1"))
	var illegal *invoices.IllegalTransition
	if _, err := f.svc.Refund(ctx, inv.ID); !errors.As(err, &illegal) {
		t.Fatalf("refunding a pending invoice: %v, want IllegalTransition", err)
	}
	if _, err := f.svc.MarkPaid(ctx, inv.ID, invoices.Payment{Method: invoices.MethodBalance, Reference: "e1"}); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		got, err := f.svc.Refund(ctx, inv.ID)
		if err != nil || got.Status != invoices.Refunded || got.RefundedAt == nil {
			t.Fatalf("refund: %+v %v", got, err)
		}
	}
	if got := f.outbox(t, inv.ID); got[invoices.EventInvoiceRefunded] != 1 || got[invoices.EventInvoicePaid] != 1 {
		t.Errorf("outbox %v, want one invoice.paid and one invoice.refunded", got)
	}
	if _, err := f.svc.MarkPaid(ctx, inv.ID, invoices.Payment{Method: invoices.MethodCard, Reference: "cs"}); !errors.Is(err, invoices.ErrAlreadyRefunded) {
		t.Errorf("paying a refunded invoice: %v", err)
	}
}

// A checkout is recorded only on a pending invoice without another open one; a forgotten
// (expired) one makes room for the next.
func TestOpenCheckout(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	inv, _ := f.svc.Issue(ctx, approved("q1", "c1"))
	first := invoices.Checkout{SessionID: "cs_1", URL: "http://p/1", ExpiresAt: issuedAt.Add(time.Hour), Attempt: 1}
	got, err := f.svc.OpenCheckout(ctx, inv.ID, first)
	if err != nil || got.Checkout == nil || got.Checkout.SessionID != "cs_1" {
		t.Fatalf("first checkout: %+v %v", got.Checkout, err)
	}
	second := invoices.Checkout{SessionID: "cs_2", URL: "http://p/2", ExpiresAt: issuedAt.Add(time.Hour), Attempt: 1}
	if got, _ = f.svc.OpenCheckout(ctx, inv.ID, second); got.Checkout.SessionID != "cs_1" {
		t.Errorf("an open checkout was replaced by %s", got.Checkout.SessionID)
	}
	if err := f.svc.ForgetCheckout(ctx, inv.ID, "cs_1"); err != nil {
		t.Fatal(err)
	}
	if got, _ = f.svc.OpenCheckout(ctx, inv.ID, second); got.Checkout.SessionID != "cs_2" {
		t.Errorf("after the first expired, checkout is %s", got.Checkout.SessionID)
	}
	if got.Checkout.Open(issuedAt) != true || got.Checkout.Open(issuedAt.Add(59*time.Minute+30*time.Second)) {
		t.Errorf("Open: a session is open until a minute before it expires")
	}
}
