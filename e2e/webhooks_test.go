package e2e

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"

	"linguaport/internal/proc"
)

// webhookRetrySchedule is the stack's retry schedule in these tests (WEBHOOKS_RETRY_SCHEDULE):
// seconds where a deployment waits 5 s, 5 min, 30 min, …
const webhookRetrySchedule = "1s,1s,1s,2s,2s"

// hookCall is one delivery a receiver got.
type hookCall struct {
	ID, Type string
	Data     map[string]any
	Status   int // what the receiver answered
}

// hookReceiver is a customer's webhook endpoint on this machine: it verifies every request with
// the Standard Webhooks reference library (code this team did not write) and answers what
// answer says for the n-th request (from 1).
type hookReceiver struct {
	t      *testing.T
	url    string
	mu     sync.Mutex
	secret string
	calls  []hookCall
	answer func(n int) int
}

func newHookReceiver(t *testing.T, answer func(int) int) *hookReceiver {
	r := &hookReceiver{t: t, answer: answer}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(req.Body)
		r.mu.Lock()
		defer r.mu.Unlock()
		wh, err := standardwebhooks.NewWebhook(r.secret)
		if err == nil {
			err = wh.Verify(body, req.Header)
		}
		if err != nil {
			t.Errorf("a delivery does not verify: %v (%s)", err, body)
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		var p struct {
			Type string
			Data map[string]any
		}
		_ = json.Unmarshal(body, &p)
		status := http.StatusOK
		if r.answer != nil {
			status = r.answer(len(r.calls) + 1)
		}
		r.calls = append(r.calls, hookCall{ID: req.Header.Get("webhook-id"), Type: p.Type, Data: p.Data, Status: status})
		w.WriteHeader(status)
	}))
	t.Cleanup(srv.Close)
	r.url = srv.URL + "/linguaport"
	return r
}

func (r *hookReceiver) got() []hookCall {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.calls)
}

// register makes an endpoint of the customer's for r with types, and keeps its secret.
func (r *hookReceiver) register(s *devstack, session map[string]string, types ...string) string {
	r.t.Helper()
	st, ep, _ := call(r.t, s, "POST", "/api/v1/auth/webhooks", map[string]any{"url": r.url, "description": "e2e", "types": types}, session)
	if st != 201 {
		r.t.Fatalf("register an endpoint: %d %v", st, ep)
	}
	r.mu.Lock()
	r.secret = ep["secret"].(string)
	r.mu.Unlock()
	return ep["id"].(string)
}

// testWebhooks: a customer's endpoint hears every step of an order, through the services' events
// and svc-auth's dispatcher, signed as Standard Webhooks says and in the order things happened;
// an endpoint answering 500 three times and then 200 gets the same delivery a fourth time, and the
// log shows the four attempts.
func testWebhooks(t *testing.T, s *devstack) {
	checked := checkAnswers(t, loadAPIDoc(t, s))
	defer func() {
		for _, op := range []string{"createWebhookEndpoint", "listWebhookDeliveries", "createQuote", "saveBillingProfile", "getQuoteContract",
			"approveQuote", "listInvoices", "getInvoice", "listOrders", "getOrder", "requestRevision", "completeOrder"} {
			if checked[op] == 0 {
				t.Errorf("no answer of %s was checked against the document: %v", op, checked)
			}
		}
	}()
	email := fmt.Sprintf("hooks-%d@example.com", time.Now().UnixNano())
	st, body, set := call(t, s, "POST", "/api/v1/auth/register", map[string]any{
		"fullName": "Webhook Müşterisi", "email": email, "password": "Uzun-Bir-Parola-9", "confirmPassword": "Uzun-Bir-Parola-9", "acceptTerms": true,
	}, nil)
	if st != 201 {
		t.Fatalf("register: %d %v", st, body)
	}
	session := map[string]string{"authToken": set["authToken"].Value}
	all := newHookReceiver(t, nil)
	all.register(s, session, "quote.ready", "order.paid", "order.assigned", "order.delivered", "order.revision_delivered",
		"order.completed", "invoice.issued", "invoice.paid", "invoice.refunded")
	flaky := newHookReceiver(t, func(n int) int {
		if n <= 3 {
			return http.StatusInternalServerError
		}
		return http.StatusOK
	})
	flakyID := flaky.register(s, session, "order.paid")

	// The order: quoted, approved, paid on the stand-in, claimed, delivered, sent back for a
	// revision, delivered again, accepted.
	st, q, _ := call(t, s, "POST", "/api/v1/orders/quotes", map[string]any{"service": "professional-translation", "sourceLanguage": "tr",
		"targetLanguages": []string{"en"}, "quantity": 250, "currency": "TRY", "brief": "Webhook"}, session)
	if st != 201 {
		t.Fatalf("quote: %d %v", st, q)
	}
	saveBillingDetails(t, s, session)
	st, approved, _ := call(t, s, "POST", "/api/v1/orders/quotes/"+q["id"].(string)+"/approve", acceptingContract(t, s, q["id"].(string), session), session)
	order, _ := approved["order"].(map[string]any)
	if st != 200 || order == nil {
		t.Fatalf("approve: %d %v", st, approved)
	}
	orderID := order["id"].(string)
	invoiceID := invoiceOf(t, s, session, orderID)
	if st, list, _ := call(t, s, "GET", "/api/v1/billing/invoices?orderId="+orderID, nil, session); st != 200 || len(asList(list["invoices"])) != 1 {
		t.Fatalf("the order's invoice: %d %v", st, list)
	}
	payOnStandIn(t, s, session, invoiceID, "hooks-"+invoiceID, email)
	waitOrderStatus(t, s, session, orderID, "in_progress")
	if st, inv, _ := call(t, s, "GET", "/api/v1/billing/invoices/"+invoiceID, nil, session); st != 200 || inv["status"] != "paid" || inv["payment"] == nil {
		t.Fatalf("the paid invoice: %d %v", st, inv)
	}
	if st, page, _ := call(t, s, "GET", "/api/v1/orders/orders?limit=1", nil, session); st != 200 || len(asList(page["orders"])) != 1 || page["next"] != "" {
		t.Fatalf("the customer's orders: %d %v", st, page)
	}
	translator := demoTranslatorSession(t, s)
	claimFromPool(t, s, translator, orderID)
	deliverAs(t, s, translator, orderID, "Webhook translation.")
	if st, o, _ := call(t, s, "GET", "/api/v1/orders/orders/"+orderID, nil, session); st != 200 || o["status"] != "delivered" || len(asList(o["deliveries"])) != 1 {
		t.Fatalf("the delivered order: %d %v", st, o)
	}
	if st, asked, _ := call(t, s, "POST", "/api/v1/orders/orders/"+orderID+"/revision", map[string]any{"reason": "Başlık eksik."}, session); st != 200 {
		t.Fatalf("revision: %d %v", st, asked)
	}
	deliverAs(t, s, translator, orderID, "Webhook translation, with its heading.")
	if st, done, _ := call(t, s, "POST", "/api/v1/orders/orders/"+orderID+"/complete", nil, session); st != 200 {
		t.Fatalf("accept: %d %v", st, done)
	}

	want := []string{"quote.ready", "invoice.issued", "invoice.paid", "order.paid", "order.assigned", "order.delivered",
		"order.revision_delivered", "order.completed"}
	if err := proc.WaitFor(60*time.Second, func() error {
		var types []string
		for _, c := range all.got() {
			types = append(types, c.Type)
		}
		for _, w := range want {
			if !slices.Contains(types, w) {
				return fmt.Errorf("no %s yet, got %v", w, types)
			}
		}
		return nil
	}); err != nil {
		t.Fatalf("%v\n%s", err, tailLogs(s.dataDir))
	}
	var orderTypes []string
	seen := map[string]bool{}
	for _, c := range all.got() {
		if seen[c.ID] {
			continue // a retry of one the receiver answered slowly: at least once, the same id
		}
		seen[c.ID] = true
		switch {
		case strings.HasPrefix(c.Type, "order."):
			orderTypes = append(orderTypes, c.Type)
			if c.Data["orderId"] != orderID || c.Data["orderNumber"] == "" || c.Data["status"] == "" {
				t.Errorf("%s names %v", c.Type, c.Data)
			}
		case strings.HasPrefix(c.Type, "invoice."):
			if c.Data["invoiceId"] != invoiceID || c.Data["orderId"] != orderID {
				t.Errorf("%s names %v", c.Type, c.Data)
			}
		case c.Type == "quote.ready":
			if c.Data["quoteId"] != q["id"] {
				t.Errorf("quote.ready names %v", c.Data)
			}
		}
	}
	if got := strings.Join(orderTypes, " "); got != "order.paid order.assigned order.delivered order.revision_delivered order.completed" {
		t.Errorf("the order's webhooks came as %s", got)
	}
	// The receiver fetches what a thin payload names with the customer's own access.
	if st, o, _ := call(t, s, "GET", "/api/v1/orders/orders/"+orderID, nil, session); st != 200 || o["status"] != "completed" {
		t.Errorf("the order named: %d %v", st, o)
	}

	// 500, 500, 500, 200: one delivery, four attempts, the same webhook-id.
	if err := proc.WaitFor(30*time.Second, func() error {
		if n := len(flaky.got()); n < 4 {
			return fmt.Errorf("%d attempts so far", n)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	calls := flaky.got()
	if len(calls) != 4 || calls[0].ID != calls[3].ID || calls[3].Type != "order.paid" {
		t.Fatalf("the flaky endpoint got %+v", calls)
	}
	var log map[string]any
	if err := proc.WaitFor(10*time.Second, func() error {
		_, log, _ = call(t, s, "GET", "/api/v1/auth/webhooks/"+flakyID+"/deliveries", nil, session)
		if !strings.Contains(fmt.Sprint(log), "state:delivered") {
			return fmt.Errorf("log: %v", log)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	deliveries := asList(log["deliveries"])
	if len(deliveries) != 1 {
		t.Fatalf("log: %v", log)
	}
	var statuses []string
	for _, a := range asList(deliveries[0].(map[string]any)["attempts"]) {
		statuses = append(statuses, fmt.Sprint(a.(map[string]any)["status"]))
	}
	if strings.Join(statuses, ",") != "500,500,500,200" {
		t.Errorf("the log's attempts: %v", statuses)
	}
}
