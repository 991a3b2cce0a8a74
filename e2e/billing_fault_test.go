package e2e

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"linguaport/internal/proc"
)

// testBillingKilledAfterWebhook: svc-billing is killed after the provider's webhook paid an
// invoice and before invoice.paid left its outbox. To hold it in that moment, svc-billing's
// stream is made unwritable (a string under its key, the stream kept aside) while the customer
// pays on the stand-in's page; once the invoice reads paid, svc-billing is killed and the
// stream put back. After devstack restarts it, the invoice is paid once, invoice.paid is on the
// stream once and the order moved to in_progress once.
func testBillingKilledAfterWebhook(t *testing.T, s *devstack, dataDir string, session map[string]string) {
	ctx := context.Background()
	rdb := redis.NewClient(&redis.Options{Addr: s.redis})
	defer rdb.Close()
	st, q, err := try(s, "POST", "/api/v1/orders/quotes", map[string]any{"service": "professional-translation", "sourceLanguage": "tr",
		"targetLanguages": []string{"en"}, "quantity": 300, "currency": "TRY", "brief": "Fatura arıza testi"}, session)
	if err != nil || st != 201 {
		t.Fatalf("quote: %d %v %v", st, q, err)
	}
	saveBillingDetails(t, s, session)
	st, approved, err := try(s, "POST", "/api/v1/orders/quotes/"+q["id"].(string)+"/approve", acceptingContract(t, s, q["id"].(string), session), session)
	if err != nil || st != 200 {
		t.Fatalf("approve: %d %v %v", st, approved, err)
	}
	orderID := approved["order"].(map[string]any)["id"].(string)
	invoiceID := invoiceOf(t, s, session, orderID)

	const stream, aside = "events:billing", "events:billing:aside"
	if err := rdb.Rename(ctx, stream, aside).Err(); err != nil {
		t.Fatalf("keep the stream aside: %v", err)
	}
	if err := rdb.Set(ctx, stream, "unwritable", 0).Err(); err != nil {
		t.Fatal(err)
	}
	restored := false
	restore := func() {
		if restored {
			return
		}
		restored = true
		if err := rdb.Del(ctx, stream).Err(); err != nil {
			t.Fatal(err)
		}
		if err := rdb.Rename(ctx, aside, stream).Err(); err != nil {
			t.Fatalf("put the stream back: %v", err)
		}
	}
	defer restore()

	returnURL := payOnStandIn(t, s, session, invoiceID, "fault-pay-1", "odeme@example.com")
	if err := proc.WaitFor(20*time.Second, func() error {
		_, inv, _ := try(s, "GET", "/api/v1/billing/invoices/"+invoiceID, nil, session)
		if inv["status"] != "paid" {
			return fmt.Errorf("invoice %v", inv["status"])
		}
		return nil
	}); err != nil {
		t.Fatalf("the webhook did not pay the invoice: %v", err)
	}
	if _, order, _ := try(s, "GET", "/api/v1/orders/orders/"+orderID, nil, session); order["status"] != "awaiting_payment" {
		t.Fatalf("the order moved while invoice.paid could not be published: %v", order["status"])
	}

	devstackPid := s.cmd.Process.Pid
	old := childByComm(t, devstackPid, "svc-billing")
	if err := syscall.Kill(old, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	restore()
	if err := proc.WaitFor(recoverWithin, func() error {
		if pid := childByCommOrZero(devstackPid, "svc-billing"); pid == 0 || pid == old {
			return errors.New("not restarted")
		}
		return nil
	}); err != nil {
		t.Fatalf("svc-billing was not started again\n%s", tailLogs(dataDir))
	}
	var order map[string]any
	if err := proc.WaitFor(30*time.Second, func() error {
		_, order, _ = try(s, "GET", "/api/v1/orders/orders/"+orderID, nil, session)
		if order["status"] != "in_progress" {
			return fmt.Errorf("order %v", order["status"])
		}
		return nil
	}); err != nil {
		t.Fatalf("after the restart the order did not move: %v\n%s", err, tailLogs(dataDir))
	}
	// Paying again (once the restarted svc-billing is back in the gateway's list) answers the
	// paid invoice; nothing is published twice, the order moved once.
	if err := proc.WaitFor(recoverWithin, func() error {
		st, again, _ := tryWith(s, "POST", "/api/v1/billing/invoices/"+invoiceID+"/pay", map[string]any{"method": "card", "returnUrl": returnURL},
			session, map[string]string{"Idempotency-Key": "fault-pay-2"})
		inv, _ := again["invoice"].(map[string]any)
		if st != 200 || again["checkoutUrl"] != nil || inv["status"] != "paid" {
			return fmt.Errorf("%d %v", st, again)
		}
		return nil
	}); err != nil {
		t.Errorf("paying the paid invoice: %v", err)
	}
	time.Sleep(2 * time.Second) // room for a second publication, were there one
	msgs, err := rdb.XRange(ctx, stream, "-", "+").Result()
	if err != nil {
		t.Fatal(err)
	}
	published := 0
	for _, m := range msgs {
		if m.Values["type"] == "invoice.paid" && strings.Contains(fmt.Sprint(m.Values["data"]), invoiceID) {
			published++
		}
	}
	moves := 0
	for _, h := range asList(order["history"]) {
		if h.(map[string]any)["status"] == "in_progress" {
			moves++
		}
	}
	if published != 1 || moves != 1 {
		t.Errorf("invoice.paid published %d times, the order moved to in_progress %d times; want once each", published, moves)
	}
	t.Logf("svc-billing killed after the webhook: invoice paid once, invoice.paid published %d, order moved %d", published, moves)
}

func asList(v any) []any { l, _ := v.([]any); return l }
