package e2e

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"linguaport/e2e/apiclient"
	"linguaport/internal/proc"
)

// testAPIClient: the OpenAPI document is usable as published. A kept generator (oapi-codegen)
// makes a Go client of the document the gateway serves, which must be the client committed in
// e2e/apiclient (`make apiclient` writes it); that client, with an API key, then drives an
// integrator's flow through nginx and the gateway.
func testAPIClient(t *testing.T, s *devstack) {
	root, err := proc.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	doc := loadAPIDoc(t, s)
	checked := checkAnswers(t, doc)
	dir := t.TempDir()
	served := filepath.Join(dir, "openapi.json")
	if err := os.WriteFile(served, doc.raw, 0o644); err != nil {
		t.Fatal(err)
	}
	gen := exec.Command(filepath.Join(root, ".bin", "oapi-codegen"), "-config", filepath.Join(root, "e2e", "apiclient", "oapi-codegen.yaml"), served)
	var stderr bytes.Buffer
	gen.Stderr = &stderr
	want, err := gen.Output()
	if err != nil {
		t.Fatalf("oapi-codegen on the served document (make test-tools builds it): %v\n%s", err, stderr.String())
	}
	have, _ := os.ReadFile(filepath.Join(root, "e2e", "apiclient", "client.gen.go"))
	if !bytes.Equal(want, have) {
		t.Fatalf("e2e/apiclient/client.gen.go is not what the served document generates: run make apiclient")
	}

	// An integrator: a key made in the panel, then only the generated client.
	email := fmt.Sprintf("client-%d@example.com", time.Now().UnixNano())
	st, body, set := call(t, s, "POST", "/api/v1/auth/register", map[string]any{
		"fullName": "İstemci Müşteri", "email": email, "password": "Uzun-Bir-Parola-9", "confirmPassword": "Uzun-Bir-Parola-9", "acceptTerms": true,
	}, nil)
	if st != 201 {
		t.Fatalf("register: %d %v", st, body)
	}
	st, key, _ := call(t, s, "POST", "/api/v1/auth/keys", map[string]any{"name": "generated client", "scope": "read+write"},
		map[string]string{"authToken": set["authToken"].Value})
	if st != 201 {
		t.Fatalf("key: %d %v", st, key)
	}
	client := keyClient(t, s, key["secret"].(string))
	ctx := context.Background()
	r := newHookReceiver(t, nil)
	idem := apiclient.IdempotencyKey(fmt.Sprintf("endpoint-%d", time.Now().UnixNano()))
	description := "generated client"
	made, err := client.CreateWebhookEndpointWithResponse(ctx, &apiclient.CreateWebhookEndpointParams{IdempotencyKey: &idem},
		apiclient.AuthWebhookSettings{Url: r.url, Description: &description, Types: []apiclient.AuthWebhookType{apiclient.AuthWebhookTypeOrderPaid}})
	if err != nil || made.JSON201 == nil {
		t.Fatalf("create an endpoint: %v %d %s", err, made.StatusCode(), made.Body)
	}
	// The same request again with its Idempotency-Key: the same endpoint, not a second.
	again, err := client.CreateWebhookEndpointWithResponse(ctx, &apiclient.CreateWebhookEndpointParams{IdempotencyKey: &idem},
		apiclient.AuthWebhookSettings{Url: r.url, Description: &description, Types: []apiclient.AuthWebhookType{apiclient.AuthWebhookTypeOrderPaid}})
	if err != nil || again.JSON201 == nil || again.JSON201.Id != made.JSON201.Id {
		t.Fatalf("the same request again: %v %d %s", err, again.StatusCode(), again.Body)
	}
	r.mu.Lock()
	r.secret = made.JSON201.Secret
	r.mu.Unlock()
	id := made.JSON201.Id
	if sent, err := client.SendWebhookTestWithResponse(ctx, id, &apiclient.SendWebhookTestParams{}); err != nil || sent.JSON202 == nil {
		t.Fatalf("test event: %v %d %s", err, sent.StatusCode(), sent.Body)
	}
	if err := proc.WaitFor(20*time.Second, func() error {
		page, err := client.ListWebhookDeliveriesWithResponse(ctx, id, &apiclient.ListWebhookDeliveriesParams{})
		if err != nil || page.JSON200 == nil {
			return fmt.Errorf("deliveries: %v", err)
		}
		if len(page.JSON200.Deliveries) != 1 || page.JSON200.Deliveries[0].State != apiclient.AuthWebhookDeliveryStateDelivered {
			return fmt.Errorf("deliveries: %s", page.Body)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if got := r.got(); len(got) != 1 || got[0].Type != "webhook.test" {
		t.Fatalf("the receiver got %+v", got)
	}
	list, err := client.ListWebhookEndpointsWithResponse(ctx)
	if err != nil || list.JSON200 == nil || len(list.JSON200.Endpoints) != 1 {
		t.Fatalf("list: %v %s", err, list.Body)
	}
	// A refusal arrives as the document's error object, in the request's language.
	bad, err := client.CreateWebhookEndpointWithResponse(ctx, &apiclient.CreateWebhookEndpointParams{},
		apiclient.AuthWebhookSettings{Url: "ftp://example.com", Types: []apiclient.AuthWebhookType{apiclient.AuthWebhookTypeOrderPaid}})
	if err != nil || bad.StatusCode() != 400 || bad.JSONDefault == nil || bad.JSONDefault.Error.Code != "validation_failed" ||
		(*bad.JSONDefault.Error.Fields)["url"] == "" {
		t.Fatalf("a refused endpoint: %v %d %s", err, bad.StatusCode(), bad.Body)
	}

	testAPIClientOrder(t, s, ctx, client)
	for _, op := range []string{"createWebhookEndpoint", "estimatePrice", "uploadFile", "downloadFile", "createQuote", "getQuote",
		"getQuoteContract", "approveQuote", "rejectQuote", "saveBillingProfile", "listOrders", "getOrder", "listInvoices", "getInvoice",
		"getBalance"} {
		if checked[op] == 0 {
			t.Errorf("no exchange of %s was checked against the document: %v", op, checked)
		}
	}
}

// testAPIClientOrder: the generated client orders with the key as an integrator's program would,
// from the estimate to the order awaiting its payment and its invoice (paying is the customer's,
// on the payment provider's page).
func testAPIClientOrder(t *testing.T, s *devstack, ctx context.Context, client *apiclient.ClientWithResponses) {
	currency, service := "TRY", "professional-translation"
	quantity := 250
	est, err := client.EstimatePriceWithResponse(ctx, &apiclient.EstimatePriceParams{}, apiclient.OrdersEstimateRequest{
		Service: service, SourceLanguage: "tr", TargetLanguages: []string{"en"}, Quantity: &quantity, Currency: &currency})
	if err != nil || est.JSON200 == nil || est.JSON200.Total.Currency != "TRY" || est.JSON200.Quantity != quantity ||
		len(est.JSON200.Lines) != 1 || est.JSON200.ExpectedDate.Time.IsZero() {
		t.Fatalf("estimate: %v %d %s", err, est.StatusCode(), est.Body)
	}

	// A document, uploaded as a multipart form and counted at once.
	const text = "Bu kısa broşür, şirketimizin yeni çeviri hizmetlerini tanıtıyor ve İngilizceye çevrilecek."
	form, contentType := fileForm("brosur.txt", text)
	up, err := client.UploadFileWithBodyWithResponse(ctx, &apiclient.UploadFileParams{}, contentType, form)
	if err != nil || up.JSON201 == nil || up.JSON201.File.Counts.Words == 0 || up.JSON201.UploadToken != nil {
		t.Fatalf("upload: %v %d %s", err, up.StatusCode(), up.Body)
	}
	file := up.JSON201.File
	if got, err := client.DownloadFileWithResponse(ctx, file.Id, &apiclient.DownloadFileParams{}); err != nil || got.StatusCode() != 200 ||
		string(got.Body) != text || got.Headers200 == nil || got.Headers200.ContentDisposition == nil {
		t.Fatalf("download: %v %d %s", err, got.StatusCode(), got.Body)
	}
	if files, err := client.ListFilesWithResponse(ctx); err != nil || files.JSON200 == nil || len(files.JSON200.Files) != 1 ||
		files.JSON200.Files[0].Id != file.Id {
		t.Fatalf("files: %v %s", err, files.Body)
	}

	// A quote for the file, asked twice with one Idempotency-Key (a retry): one quote.
	brief := "A brochure."
	idem := apiclient.IdempotencyKey(fmt.Sprintf("quote-%d", time.Now().UnixNano()))
	ask := apiclient.OrdersQuoteRequest{Service: service, SourceLanguage: "tr", TargetLanguages: []string{"en"},
		FileIds: &[]string{file.Id}, Currency: &currency, Brief: &brief}
	made, err := client.CreateQuoteWithResponse(ctx, &apiclient.CreateQuoteParams{IdempotencyKey: &idem}, ask)
	if err != nil || made.JSON201 == nil || made.JSON201.Status != apiclient.OrdersQuoteStatusPending ||
		made.JSON201.Quantity != file.Counts.Words || len(made.JSON201.Files) != 1 || made.JSON201.ExpectedDate == nil {
		t.Fatalf("quote: %v %d %s", err, made.StatusCode(), made.Body)
	}
	again, err := client.CreateQuoteWithResponse(ctx, &apiclient.CreateQuoteParams{IdempotencyKey: &idem}, ask)
	if err != nil || again.JSON201 == nil || again.JSON201.Id != made.JSON201.Id || again.HTTPResponse.Header.Get("Idempotent-Replayed") != "true" {
		t.Fatalf("the same quote again: %v %d %s", err, again.StatusCode(), again.Body)
	}
	quote := made.JSON201
	if got, err := client.GetQuoteWithResponse(ctx, quote.Id, &apiclient.GetQuoteParams{}); err != nil || got.JSON200 == nil ||
		got.JSON200.Id != quote.Id || got.JSON200.Total.Amount != quote.Total.Amount {
		t.Fatalf("the quote: %v %d %s", err, got.StatusCode(), got.Body)
	}
	lang := apiclient.GetQuoteParamsLangEn
	if pdf, err := client.GetQuoteWithResponse(ctx, quote.Id+".pdf", &apiclient.GetQuoteParams{Lang: &lang}); err != nil ||
		pdf.StatusCode() != 200 || pdf.HTTPResponse.Header.Get("Content-Type") != "application/pdf" || !bytes.HasPrefix(pdf.Body, []byte("%PDF")) {
		t.Fatalf("the quote's PDF: %v %d", err, pdf.StatusCode())
	}

	// Billing details first: the contract is worded from them, the invoice issued to them.
	fullName, tckn, postcode := "İstemci Müşteri", "10000000146", "34710"
	saved, err := client.SaveBillingProfileWithResponse(ctx, apiclient.BillingDetailsInput{Type: apiclient.BillingDetailsInputTypeIndividual,
		FullName: &fullName, Tckn: &tckn, Address: "Moda Cad. 12 D:3", City: "İstanbul", Postcode: &postcode, Country: "TR",
		Email: "client-invoices@example.com"})
	if err != nil || saved.JSON200 == nil || !saved.JSON200.Complete || saved.JSON200.UpdatedAt == nil {
		t.Fatalf("billing details: %v %d %s", err, saved.StatusCode(), saved.Body)
	}
	approve := func(q *apiclient.OrdersQuote) *apiclient.OrdersApproved {
		t.Helper()
		contract, err := client.GetQuoteContractWithResponse(ctx, q.Id, &apiclient.GetQuoteContractParams{})
		if err != nil || contract.JSON200 == nil || contract.JSON200.Digest == "" || len(contract.JSON200.Consents) == 0 {
			t.Fatalf("the contract: %v %d %s", err, contract.StatusCode(), contract.Body)
		}
		consents := apiclient.OrdersContractAcceptance_Consents{}
		for _, c := range contract.JSON200.Consents {
			consents.Set(string(c.Id), true)
		}
		key := apiclient.IdempotencyKey("approve-" + q.Id)
		approved, err := client.ApproveQuoteWithResponse(ctx, q.Id, &apiclient.ApproveQuoteParams{IdempotencyKey: &key}, apiclient.OrdersApproval{
			Version: &q.Version, Contract: apiclient.OrdersContractAcceptance{Digest: contract.JSON200.Digest, Consents: consents}})
		if err != nil || approved.JSON200 == nil || approved.JSON200.Quote.Status != apiclient.OrdersQuoteStatusApproved ||
			approved.JSON200.Order.Status != apiclient.OrdersOrderStatusAwaitingPayment || approved.JSON200.Order.QuoteId != q.Id {
			t.Fatalf("approve: %v %d %s", err, approved.StatusCode(), approved.Body)
		}
		return approved.JSON200
	}
	first := approve(quote)

	// A second order (a quantity, no files), so the orders page; and a third quote, declined.
	more := 400
	second, err := client.CreateQuoteWithResponse(ctx, &apiclient.CreateQuoteParams{}, apiclient.OrdersQuoteRequest{Service: service,
		SourceLanguage: "tr", TargetLanguages: []string{"de"}, Quantity: &more, Currency: &currency})
	if err != nil || second.JSON201 == nil {
		t.Fatalf("second quote: %v %d %s", err, second.StatusCode(), second.Body)
	}
	latest := approve(second.JSON201)
	declined, err := client.CreateQuoteWithResponse(ctx, &apiclient.CreateQuoteParams{}, apiclient.OrdersQuoteRequest{Service: service,
		SourceLanguage: "tr", TargetLanguages: []string{"fr"}, Quantity: &more, Currency: &currency})
	if err != nil || declined.JSON201 == nil {
		t.Fatalf("third quote: %v %d %s", err, declined.StatusCode(), declined.Body)
	}
	reason := "Not needed after all."
	if rejected, err := client.RejectQuoteWithResponse(ctx, declined.JSON201.Id, &apiclient.RejectQuoteParams{},
		apiclient.OrdersRejection{Reason: &reason}); err != nil || rejected.JSON200 == nil || rejected.JSON200.Status != apiclient.OrdersQuoteStatusRejected {
		t.Fatalf("reject: %v %d %s", err, rejected.StatusCode(), rejected.Body)
	}

	// The orders a page of one at a time, newest first, then the order itself.
	one := apiclient.Limit(1)
	page, err := client.ListOrdersWithResponse(ctx, &apiclient.ListOrdersParams{Limit: &one})
	if err != nil || page.JSON200 == nil || len(page.JSON200.Orders) != 1 || page.JSON200.Orders[0].Id != latest.Order.Id || page.JSON200.Next == "" {
		t.Fatalf("orders, page 1: %v %d %s", err, page.StatusCode(), page.Body)
	}
	after := apiclient.After(page.JSON200.Next)
	page, err = client.ListOrdersWithResponse(ctx, &apiclient.ListOrdersParams{Limit: &one, After: &after})
	if err != nil || page.JSON200 == nil || len(page.JSON200.Orders) != 1 || page.JSON200.Orders[0].Id != first.Order.Id || page.JSON200.Next != "" {
		t.Fatalf("orders, page 2: %v %d %s", err, page.StatusCode(), page.Body)
	}
	order, err := client.GetOrderWithResponse(ctx, first.Order.Id)
	if err != nil || order.JSON200 == nil || order.JSON200.Status != apiclient.OrdersOrderStatusAwaitingPayment ||
		order.JSON200.ExpectedDate == nil || order.JSON200.Deadline != nil || len(order.JSON200.Files) != 1 || order.JSON200.Total.Amount != quote.Total.Amount {
		t.Fatalf("the order: %v %d %s", err, order.StatusCode(), order.Body)
	}

	// Its invoice, issued from the approval: as data, as a PDF and as GİB's XML.
	var invoice *apiclient.BillingInvoice
	orderID := first.Order.Id
	if err := proc.WaitFor(30*time.Second, func() error {
		list, err := client.ListInvoicesWithResponse(ctx, &apiclient.ListInvoicesParams{OrderId: &orderID})
		if err != nil || list.JSON200 == nil {
			return fmt.Errorf("invoices: %v %s", err, list.Body)
		}
		if len(list.JSON200.Invoices) != 1 {
			return fmt.Errorf("invoices of the order: %s", list.Body)
		}
		invoice = &list.JSON200.Invoices[0]
		// The second order's too, for the list's pages.
		if all, err := client.ListInvoicesWithResponse(ctx, &apiclient.ListInvoicesParams{}); err != nil || all.JSON200 == nil || len(all.JSON200.Invoices) != 2 {
			return fmt.Errorf("every invoice: %v %s", err, all.Body)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if invoice.Status != apiclient.BillingInvoiceStatusPending || invoice.Totals.Net != quote.Total.Amount || invoice.Currency != "TRY" ||
		invoice.Details.Tckn != tckn {
		t.Fatalf("the order's invoice: %+v", invoice)
	}
	got, err := client.GetInvoiceWithResponse(ctx, invoice.Id, &apiclient.GetInvoiceParams{})
	if err != nil || got.JSON200 == nil || got.JSON200.Number != invoice.Number || got.JSON200.OrderId != orderID {
		t.Fatalf("the invoice: %v %d %s", err, got.StatusCode(), got.Body)
	}
	if pdf, err := client.GetInvoiceWithResponse(ctx, invoice.Id+".pdf", &apiclient.GetInvoiceParams{}); err != nil || pdf.StatusCode() != 200 ||
		pdf.HTTPResponse.Header.Get("Content-Type") != "application/pdf" || !bytes.HasPrefix(pdf.Body, []byte("%PDF")) {
		t.Fatalf("the invoice's PDF: %v %d", err, pdf.StatusCode())
	}
	if xml, err := client.GetInvoiceWithResponse(ctx, invoice.Id+".xml", &apiclient.GetInvoiceParams{}); err != nil || xml.StatusCode() != 200 ||
		!strings.HasPrefix(xml.HTTPResponse.Header.Get("Content-Type"), "application/xml") || !bytes.Contains(xml.Body, []byte(invoice.Number)) {
		t.Fatalf("the invoice's XML: %v %d %s", err, xml.StatusCode(), xml.Body)
	}
	all, err := client.ListInvoicesWithResponse(ctx, &apiclient.ListInvoicesParams{Limit: &one})
	if err != nil || all.JSON200 == nil || len(all.JSON200.Invoices) != 1 || all.JSON200.Invoices[0].OrderId != latest.Order.Id || all.JSON200.Next == "" {
		t.Fatalf("invoices, page 1: %v %s", err, all.Body)
	}
	if balance, err := client.GetBalanceWithResponse(ctx, &apiclient.GetBalanceParams{}); err != nil || balance.JSON200 == nil ||
		balance.JSON200.Currency != "TRY" || len(balance.JSON200.Entries) != 0 {
		t.Fatalf("balance: %v %d %s", err, balance.StatusCode(), balance.Body)
	}

	// Refusals read as the document's error object, in the request's language.
	gone, err := client.GetInvoiceWithResponse(ctx, "inv-nothing", &apiclient.GetInvoiceParams{})
	if err != nil || gone.StatusCode() != 404 || gone.JSONDefault == nil || gone.JSONDefault.Error.Code != "invoice_not_found" {
		t.Fatalf("no such invoice: %v %d %s", err, gone.StatusCode(), gone.Body)
	}
	unpaid, err := client.CompleteOrderWithResponse(ctx, orderID, &apiclient.CompleteOrderParams{})
	if err != nil || unpaid.StatusCode() != 409 || unpaid.JSONDefault == nil || unpaid.JSONDefault.Error.Code != "illegal_transition" ||
		unpaid.JSONDefault.Error.Message == "" {
		t.Fatalf("accepting an unpaid order: %v %d %s", err, unpaid.StatusCode(), unpaid.Body)
	}
}

// keyClient is the generated client signing its requests with an API key's secret, in English,
// each exchange held to the document (checkedDoer).
func keyClient(t *testing.T, s *devstack, secret string) *apiclient.ClientWithResponses {
	t.Helper()
	client, err := apiclient.NewClientWithResponses(s.web, apiclient.WithHTTPClient(checkedDoer{}), apiclient.WithRequestEditorFn(func(_ context.Context, req *http.Request) error {
		req.Header.Set("Authorization", "Bearer "+secret)
		req.Header.Set("Accept-Language", "en")
		return nil
	}))
	if err != nil {
		t.Fatal(err)
	}
	return client
}

// checkedDoer sends the generated client's requests and holds every exchange with a documented
// operation to the document (checkAnswer), as call does for the other API tests.
type checkedDoer struct{}

func (checkedDoer) Do(req *http.Request) (*http.Response, error) {
	var sent []byte
	if req.Body != nil {
		var err error
		if sent, err = io.ReadAll(req.Body); err != nil {
			return nil, err
		}
		req.Body.Close()
		req.Body = io.NopCloser(bytes.NewReader(sent))
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return nil, err
	}
	resp.Body = io.NopCloser(bytes.NewReader(body))
	checkAnswer(req, sent, resp.StatusCode, resp.Header, body)
	return resp, nil
}
