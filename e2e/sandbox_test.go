package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"linguaport/e2e/apiclient"
	"linguaport/internal/proc"
)

// The stack's simulated translator in these tests (ORDERS_SANDBOX_CLAIM_AFTER and
// ORDERS_SANDBOX_DELIVER_AFTER): a second or two where a deployment takes ten and thirty.
const (
	sandboxClaimAfter   = "1s"
	sandboxDeliverAfter = "2s"
)

// testSandbox: an integrator's program with a sandbox key, through the client generated from the
// served document, orders as it would in production: it uploads a document, asks for a quote,
// approves it twice with one Idempotency-Key (one order, one invoice), pays without being
// charged, and the simulated translator claims and delivers a marked pseudo-translation; the
// program downloads it, asks for a revision, gets it back, and accepts. Its receiver hears every
// webhook, each verified by the Standard Webhooks reference library; a receiver answering 500
// three times then 200 gets its delivery a fourth time and the log shows the four attempts. The
// customer's live account sees none of it, and nobody is mailed about it.
func testSandbox(t *testing.T, s *devstack) {
	checked := checkAnswers(t, loadAPIDoc(t, s))
	defer func() {
		for _, op := range []string{"createWebhookEndpoint", "uploadFile", "createQuote", "approveQuote", "listInvoices", "payInvoice",
			"getOrder", "downloadFile", "requestRevision", "completeOrder", "listWebhookDeliveries"} {
			if checked[op] == 0 {
				t.Errorf("no exchange of %s was checked against the document: %v", op, checked)
			}
		}
	}()
	email := fmt.Sprintf("sandbox-%d@example.com", time.Now().UnixNano())
	st, body, set := call(t, s, "POST", "/api/v1/auth/register", map[string]any{
		"fullName": "Deneme Entegratör", "email": email, "password": "Uzun-Bir-Parola-9", "confirmPassword": "Uzun-Bir-Parola-9", "acceptTerms": true,
	}, nil)
	if st != 201 {
		t.Fatalf("register: %d %v", st, body)
	}
	session := map[string]string{"authToken": set["authToken"].Value}
	// The live account's billing details: the sandbox uses them until it saves its own.
	saveBillingDetails(t, s, session)
	st, key, _ := call(t, s, "POST", "/api/v1/auth/keys", map[string]any{"name": "CMS sandbox", "scope": "read+write", "sandbox": true}, session)
	if st != 201 || !strings.HasPrefix(fmt.Sprint(key["secret"]), "lp_test_") || key["sandbox"] != true {
		t.Fatalf("a sandbox key: %d %v", st, key)
	}
	client := keyClient(t, s, key["secret"].(string))
	ctx := context.Background()

	// The program's endpoints, registered with the sandbox key: one for everything, one that fails
	// three times.
	all := newHookReceiver(t, nil)
	flaky := newHookReceiver(t, func(n int) int {
		if n <= 3 {
			return http.StatusInternalServerError
		}
		return http.StatusOK
	})
	register := func(r *hookReceiver, types ...apiclient.AuthWebhookType) string {
		t.Helper()
		made, err := client.CreateWebhookEndpointWithResponse(ctx, &apiclient.CreateWebhookEndpointParams{}, apiclient.AuthWebhookSettings{Url: r.url, Types: types})
		if err != nil || made.JSON201 == nil {
			t.Fatalf("a sandbox endpoint: %v %d %s", err, made.StatusCode(), made.Body)
		}
		r.mu.Lock()
		r.secret = made.JSON201.Secret
		r.mu.Unlock()
		return made.JSON201.Id
	}
	register(all, apiclient.AuthWebhookTypeQuoteReady, apiclient.AuthWebhookTypeOrderPaid, apiclient.AuthWebhookTypeOrderAssigned,
		apiclient.AuthWebhookTypeOrderDelivered, apiclient.AuthWebhookTypeOrderRevisionDelivered, apiclient.AuthWebhookTypeOrderCompleted,
		apiclient.AuthWebhookTypeInvoiceIssued, apiclient.AuthWebhookTypeInvoicePaid, apiclient.AuthWebhookTypeInvoiceRefunded)
	flakyID := register(flaky, apiclient.AuthWebhookTypeOrderPaid)

	// A document, a quote for it, and the approval sent twice with one Idempotency-Key.
	const text = "Yeni ürün sayfası.\nFiyatlar ve teslim süreleri aşağıdadır."
	form, contentType := fileForm("urun-sayfasi.txt", text)
	up, err := client.UploadFileWithBodyWithResponse(ctx, &apiclient.UploadFileParams{}, contentType, form)
	if err != nil || up.JSON201 == nil || up.JSON201.File.Counts.Words == 0 {
		t.Fatalf("upload: %v %d %s", err, up.StatusCode(), up.Body)
	}
	currency := "TRY"
	made, err := client.CreateQuoteWithResponse(ctx, &apiclient.CreateQuoteParams{}, apiclient.OrdersQuoteRequest{Service: "professional-translation",
		SourceLanguage: "tr", TargetLanguages: []string{"en"}, FileIds: &[]string{up.JSON201.File.Id}, Currency: &currency})
	if err != nil || made.JSON201 == nil {
		t.Fatalf("quote: %v %d %s", err, made.StatusCode(), made.Body)
	}
	quote := made.JSON201
	contract, err := client.GetQuoteContractWithResponse(ctx, quote.Id, &apiclient.GetQuoteContractParams{})
	if err != nil || contract.JSON200 == nil {
		t.Fatalf("the contract, worded from the live account's billing details: %v %d %s", err, contract.StatusCode(), contract.Body)
	}
	consents := apiclient.OrdersContractAcceptance_Consents{}
	for _, c := range contract.JSON200.Consents {
		consents.Set(string(c.Id), true)
	}
	idem := apiclient.IdempotencyKey("sandbox-approve-" + quote.Id)
	approval := apiclient.OrdersApproval{Version: &quote.Version, Contract: apiclient.OrdersContractAcceptance{Digest: contract.JSON200.Digest, Consents: consents}}
	var orderID string
	for i := range 2 {
		approved, err := client.ApproveQuoteWithResponse(ctx, quote.Id, &apiclient.ApproveQuoteParams{IdempotencyKey: &idem}, approval)
		if err != nil || approved.JSON200 == nil || approved.JSON200.Order.Id == "" {
			t.Fatalf("approval %d: %v %d %s", i+1, err, approved.StatusCode(), approved.Body)
		}
		if i == 0 {
			orderID = approved.JSON200.Order.Id
		} else if approved.JSON200.Order.Id != orderID || approved.HTTPResponse.Header.Get("Idempotent-Replayed") != "true" {
			t.Fatalf("the approval again: order %s (first %s), replayed %q", approved.JSON200.Order.Id, orderID, approved.HTTPResponse.Header.Get("Idempotent-Replayed"))
		}
	}

	// The invoice, a sandbox one, paid without a charge: from a balance that holds nothing, and no
	// page of the payment provider.
	var invoice apiclient.BillingInvoice
	if err := proc.WaitFor(30*time.Second, func() error {
		list, err := client.ListInvoicesWithResponse(ctx, &apiclient.ListInvoicesParams{OrderId: &orderID})
		if err != nil || list.JSON200 == nil || len(list.JSON200.Invoices) != 1 {
			return fmt.Errorf("the order's invoice: %v %s", err, list.Body)
		}
		invoice = list.JSON200.Invoices[0]
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if invoice.Sandbox == nil || !*invoice.Sandbox || !strings.HasPrefix(invoice.Number, "TST") {
		t.Fatalf("the sandbox's invoice: %+v", invoice)
	}
	payKey := apiclient.IdempotencyKey("sandbox-pay-" + invoice.Id)
	paid, err := client.PayInvoiceWithResponse(ctx, invoice.Id, &apiclient.PayInvoiceParams{IdempotencyKey: &payKey},
		apiclient.BillingPayRequest{Method: apiclient.BillingPayRequestMethodBalance})
	if err != nil || paid.JSON200 == nil || paid.JSON200.Invoice.Status != apiclient.BillingInvoiceStatusPaid ||
		(paid.JSON200.CheckoutUrl != nil && *paid.JSON200.CheckoutUrl != "") {
		t.Fatalf("pay: %v %d %s", err, paid.StatusCode(), paid.Body)
	}

	// The simulated translator claims and delivers within a minute (seconds here).
	waitDelivered := func(what string, deliveries int) apiclient.OrdersOrder {
		t.Helper()
		var order apiclient.OrdersOrder
		if err := proc.WaitFor(60*time.Second, func() error {
			got, err := client.GetOrderWithResponse(ctx, orderID)
			if err != nil || got.JSON200 == nil {
				return fmt.Errorf("order: %v", err)
			}
			order = *got.JSON200
			if order.Status != apiclient.OrdersOrderStatusDelivered || len(order.Deliveries) != deliveries {
				return fmt.Errorf("the order is %s with %d deliveries", order.Status, len(order.Deliveries))
			}
			return nil
		}); err != nil {
			t.Fatalf("%s: %v\n%s", what, err, tailLogs(s.dataDir))
		}
		return order
	}
	order := waitDelivered("the simulated translator's delivery", 1)
	file, err := client.DownloadFileWithResponse(ctx, order.Deliveries[0].Id, &apiclient.DownloadFileParams{})
	if err != nil || file.StatusCode() != 200 || !bytes.Contains(file.Body, []byte("SANDBOX")) {
		t.Fatalf("the pseudo-translation: %v %d %s", err, file.StatusCode(), file.Body)
	}
	if asked, err := client.RequestRevisionWithResponse(ctx, orderID, &apiclient.RequestRevisionParams{},
		apiclient.OrdersRevisionRequest{Reason: "Başlık eksik."}); err != nil || asked.StatusCode() != 200 {
		t.Fatalf("revision: %v %d %s", err, asked.StatusCode(), asked.Body)
	}
	waitDelivered("the revision, redelivered", 2)
	if done, err := client.CompleteOrderWithResponse(ctx, orderID, &apiclient.CompleteOrderParams{}); err != nil || done.StatusCode() != 200 {
		t.Fatalf("accept: %v %d %s", err, done.StatusCode(), done.Body)
	}

	// Every webhook, once each (the approval twice made one order and one invoice), the order's in
	// the order they happened.
	want := []string{"quote.ready", "invoice.issued", "invoice.paid", "order.paid", "order.assigned", "order.delivered",
		"order.revision_delivered", "order.completed"}
	var types []string
	if err := proc.WaitFor(60*time.Second, func() error {
		types = types[:0]
		for _, c := range all.got() {
			types = append(types, c.Type)
		}
		for _, w := range want {
			if !slices.Contains(types, w) {
				return fmt.Errorf("no %s yet: %v", w, types)
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	var steps []string
	for _, w := range want {
		if n := count(types, w); n != 1 {
			t.Errorf("%s arrived %d times: %v", w, n, types)
		}
	}
	for _, c := range all.got() {
		if strings.HasPrefix(c.Type, "order.") {
			steps = append(steps, c.Type)
		}
		if c.Type != "quote.ready" && c.Data["orderId"] != orderID {
			t.Errorf("%s names order %v, want %s", c.Type, c.Data["orderId"], orderID)
		}
	}
	if strings.Join(steps, ",") != "order.paid,order.assigned,order.delivered,order.revision_delivered,order.completed" {
		t.Errorf("the order's webhooks arrived as %v", steps)
	}

	// The failing receiver: the same delivery four times, four attempts in the log.
	if err := proc.WaitFor(30*time.Second, func() error {
		if n := len(flaky.got()); n != 4 {
			return fmt.Errorf("%d requests", n)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if got := flaky.got(); got[0].ID != got[3].ID || got[3].Status != 200 {
		t.Errorf("the failing receiver got %+v", got)
	}
	log, err := client.ListWebhookDeliveriesWithResponse(ctx, flakyID, &apiclient.ListWebhookDeliveriesParams{})
	if err != nil || log.JSON200 == nil || len(log.JSON200.Deliveries) != 1 {
		t.Fatalf("the failing endpoint's log: %v %s", err, log.Body)
	}
	var statuses []string
	for _, a := range log.JSON200.Deliveries[0].Attempts {
		statuses = append(statuses, fmt.Sprint(a.Status))
	}
	if strings.Join(statuses, ",") != "500,500,500,200" {
		t.Errorf("the log's attempts: %v", statuses)
	}

	// The live account sees none of it: not the order, not the endpoints (but its panel's sandbox
	// view does); nobody was mailed about the sandbox's order or invoice.
	if st, o, _ := call(t, s, "GET", "/api/v1/orders/orders/"+orderID, nil, session); st != 404 {
		t.Errorf("the live account reads the sandbox's order: %d %v", st, o)
	}
	if st, list, _ := call(t, s, "GET", "/api/v1/orders/orders", nil, session); st != 200 || len(asList(list["orders"])) != 0 {
		t.Errorf("the live account's orders: %d %v", st, list)
	}
	if st, list, _ := call(t, s, "GET", "/api/v1/auth/webhooks", nil, session); st != 200 || len(asList(list["endpoints"])) != 0 {
		t.Errorf("the live account's endpoints: %d %v", st, list)
	}
	if st, list, _ := call(t, s, "GET", "/api/v1/auth/webhooks?space=sandbox", nil, session); st != 200 || len(asList(list["endpoints"])) != 2 {
		t.Errorf("the panel's sandbox view: %d %v", st, list)
	}
	for _, to := range []string{email, "e2e-fatura@example.com"} {
		for _, m := range mailsTo(t, s, to) {
			if strings.Contains(m, order.Number) || strings.Contains(m, invoice.Number) || strings.Contains(m, quote.Number) {
				t.Errorf("%s was mailed about the sandbox's work: %.300s", to, m)
			}
		}
	}
}

// count is how many of list are v.
func count(list []string, v string) int {
	n := 0
	for _, x := range list {
		if x == v {
			n++
		}
	}
	return n
}

// mailsTo are the subjects and texts of the mails captured for address, so far.
func mailsTo(t *testing.T, s *devstack, address string) []string {
	t.Helper()
	resp, err := http.Get(s.mail + "?to=" + url.QueryEscape(address))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var msgs []struct{ Subject, Text string }
	if err := json.NewDecoder(resp.Body).Decode(&msgs); err != nil {
		t.Fatalf("the mail capture's listing: %v", err)
	}
	var out []string
	for _, m := range msgs {
		out = append(out, m.Subject+"\n"+m.Text)
	}
	return out
}
