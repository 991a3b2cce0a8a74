package e2e

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"testing"
	"time"

	"linguaport/internal/proc"
)

// invoiceOf waits until svc-billing has issued the invoice of an approved quote's order (from
// quote.approved) and answers its id.
func invoiceOf(t *testing.T, s *devstack, session map[string]string, orderID string) string {
	t.Helper()
	var invoiceID string
	if err := proc.WaitFor(30*time.Second, func() error {
		_, list, _ := try(s, "GET", "/api/v1/billing/invoices", nil, session)
		for _, v := range asList(list["invoices"]) {
			if inv := v.(map[string]any); inv["orderId"] == orderID {
				invoiceID = inv["id"].(string)
				return nil
			}
		}
		return errors.New("no invoice yet")
	}); err != nil {
		t.Fatalf("the order's invoice: %v", err)
	}
	return invoiceID
}

// payOnStandIn pays an invoice by card as a customer does: svc-billing opens a checkout session
// at the provider (make up's Stripe stand-in) and the customer presses Pay on its hosted page,
// whose signed webhook pays the invoice. It answers the returnUrl the pay request named.
func payOnStandIn(t *testing.T, s *devstack, session map[string]string, invoiceID, idempotencyKey, email string) string {
	t.Helper()
	returnURL := s.web + "/tr/hesabim/fatura-bilgileri/faturalar/" + invoiceID
	st, paid, err := tryWith(s, "POST", "/api/v1/billing/invoices/"+invoiceID+"/pay", map[string]any{"method": "card", "returnUrl": returnURL},
		session, map[string]string{"Idempotency-Key": idempotencyKey})
	if err != nil || st != 200 || paid["checkoutUrl"] == nil {
		t.Fatalf("pay: %d %v %v", st, paid, err)
	}
	browser := &http.Client{Timeout: 10 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := browser.PostForm(paid["checkoutUrl"].(string), url.Values{"action": {"pay"}, "email": {email}})
	if err != nil || resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("pay on the stand-in's page: %v %v", resp, err)
	}
	resp.Body.Close()
	return returnURL
}

// waitOrderStatus waits until the customer's order has status.
func waitOrderStatus(t *testing.T, s *devstack, session map[string]string, orderID, status string) {
	t.Helper()
	if err := proc.WaitFor(30*time.Second, func() error {
		if _, o, _ := try(s, "GET", "/api/v1/orders/orders/"+orderID, nil, session); o["status"] != status {
			return fmt.Errorf("order %v, want %s", o["status"], status)
		}
		return nil
	}); err != nil {
		t.Fatalf("%v\n%s", err, tailLogs(s.dataDir))
	}
}
