package quotes

import (
	"errors"
	"testing"
	"time"
)

// A claimed quote waits for its holder; a holder that died is taken over once its claim lapses,
// and its late decision is then refused rather than overwriting the new holder's.
func TestApprovalClaim(t *testing.T) {
	now := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	q := &Quote{Status: QuotePending, ExpiresAt: now.Add(QuoteValidity)}
	if err := q.claimApproval(now, "order-a", approvalHold, 0); err != nil {
		t.Fatal(err)
	}
	if err := q.claimApproval(now.Add(time.Second), "order-b", approvalHold, 0); !errors.Is(err, errApprovalUnderWay) {
		t.Fatalf("second approval while the first holds it: %v", err)
	}
	if err := q.claimApproval(now.Add(time.Second), "order-a", approvalHold, 0); err != nil {
		t.Fatalf("the holder claims again: %v", err)
	}
	later := now.Add(time.Second + approvalHold)
	if err := q.claimApproval(later, "order-b", approvalHold, 0); err != nil {
		t.Fatalf("taking over a lapsed claim: %v", err)
	}
	if err := q.approve(later, "order-a", "O-2026-00001", 0, nil); !errors.Is(err, errApprovalUnderWay) {
		t.Fatalf("the lapsed holder decides: %v", err)
	}
	if err := q.approve(later, "order-b", "O-2026-00002", 0, nil); err != nil || q.Status != QuoteApproved || q.OrderID != "order-b" || q.Approving != nil {
		t.Fatalf("the holder decides: %v %+v", err, q)
	}
	if err := q.claimApproval(later, "order-c", approvalHold, 0); !errors.Is(err, ErrQuoteNotPending) {
		t.Fatalf("claiming a decided quote: %v", err)
	}
	expired := &Quote{Status: QuotePending, ExpiresAt: now}
	if err := expired.claimApproval(now, "order-d", approvalHold, 0); !errors.Is(err, ErrQuoteExpired) {
		t.Fatalf("claiming an expired quote: %v", err)
	}
}
