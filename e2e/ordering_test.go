package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"
	"time"
)

// testOrdering walks a visitor's document through nginx, the gateway and svc-orders to an order,
// with the events crossing over Redis to svc-auth's inbox and svc-billing, and the payment back
// to svc-orders.
func testOrdering(t *testing.T, s *devstack) {
	// A visitor uploads two documents: the first answer's upload token, sent back in the header,
	// keeps both under one hold.
	upload := func(name, text, token string) (id string, words int, uploadToken string) {
		t.Helper()
		var form bytes.Buffer
		mw := multipart.NewWriter(&form)
		fw, _ := mw.CreateFormFile("file", name)
		io.WriteString(fw, text)
		mw.Close()
		req, _ := http.NewRequest("POST", s.web+"/api/v1/orders/files", &form)
		req.Header.Set("Content-Type", mw.FormDataContentType())
		if token != "" {
			req.Header.Set("X-Upload-Token", token)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var up struct {
			File struct {
				ID     string
				Counts struct{ Words int }
			}
			UploadToken string
		}
		_ = json.NewDecoder(resp.Body).Decode(&up)
		if resp.StatusCode != 201 || up.UploadToken == "" {
			t.Fatalf("upload %s: %d %+v", name, resp.StatusCode, up)
		}
		return up.File.ID, up.File.Counts.Words, up.UploadToken
	}
	first, words, token := upload("brosur.txt", strings.Repeat("Çeviri kalitesi İstanbul'da ölçülür. ", 100), "")
	second, more, sameToken := upload("ek.txt", "Ek sayfa.", token)
	if words != 400 || more != 2 || sameToken != token {
		t.Fatalf("counts %d and %d, tokens %s and %s", words, more, token, sameToken)
	}

	// They sign up and ask for a quote with the file.
	email := fmt.Sprintf("order-%d@example.com", time.Now().UnixNano())
	status, body, set := call(t, s, "POST", "/api/v1/auth/register", map[string]any{
		"fullName": "Sipariş Veren", "email": email, "password": "Uzun-Bir-Parola-9", "confirmPassword": "Uzun-Bir-Parola-9", "acceptTerms": true,
	}, nil)
	if status != 201 {
		t.Fatalf("register: %d %v", status, body)
	}
	session := map[string]string{"authToken": set["authToken"].Value}
	if status, _, _ := call(t, s, "POST", "/api/v1/orders/quotes", map[string]any{}, nil); status != 401 {
		t.Errorf("visitor quote at the gateway: %d", status)
	}
	status, quote, _ := call(t, s, "POST", "/api/v1/orders/quotes", map[string]any{
		"service": "professional-translation", "sourceLanguage": "tr", "targetLanguages": []string{"en"},
		"fileIds": []string{first, second}, "uploadToken": token, "currency": "EUR", "brief": "Broşür",
	}, session)
	// 402 words × $0.085 = $34.17 = €29.04.
	if status != 201 || quote["quantity"] != 402.0 || quote["total"].(map[string]any)["amount"] != 2904.0 {
		t.Fatalf("quote: %d %v", status, quote)
	}
	saveBillingDetails(t, s, session)
	status, approval, _ := call(t, s, "POST", "/api/v1/orders/quotes/"+quote["id"].(string)+"/approve", acceptingContract(t, s, quote["id"].(string), session), session)
	order, _ := approval["order"].(map[string]any)
	if status != 200 || order["status"] != "awaiting_payment" || order["quoteId"] != quote["id"] {
		t.Fatalf("approve: %d %v", status, approval)
	}
	orderID := order["id"].(string)

	// svc-billing invoiced the approved quote; paid by card on the provider's page, its
	// invoice.paid crosses to svc-orders over Redis and starts the order.
	payOnStandIn(t, s, session, invoiceOf(t, s, session, orderID), "ordering-"+orderID, "siparis@example.com")
	waitOrderStatus(t, s, session, orderID, "in_progress")

	// The customer's inbox heard about the quote and the order's states.
	for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(200 * time.Millisecond) {
		_, msgs, _ := call(t, s, "GET", "/api/v1/auth/messages", nil, session)
		raw, _ := json.Marshal(msgs)
		if strings.Contains(string(raw), "Your quote is ready: "+quote["number"].(string)) && strings.Contains(string(raw), "We received the payment for order "+order["number"].(string)) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("inbox: %s", raw)
		}
	}
	// Nobody else reaches the order.
	_, _, other := call(t, s, "POST", "/api/v1/auth/register", map[string]any{
		"fullName": "Başka Müşteri", "email": "other-" + email, "password": "Uzun-Bir-Parola-9", "confirmPassword": "Uzun-Bir-Parola-9", "acceptTerms": true,
	}, nil)
	if status, _, _ := call(t, s, "GET", "/api/v1/orders/orders/"+orderID, nil, map[string]string{"authToken": other["authToken"].Value}); status != 404 {
		t.Errorf("another customer reads the order: %d", status)
	}
}
