package e2e

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"testing"
	"time"
)

// saveBillingDetails saves an individual in Turkey as the signed-in customer's billing details:
// svc-orders refuses to approve a quote before they are saved (409 billing_details_required),
// since the invoice is issued to them at once.
func saveBillingDetails(t *testing.T, s *devstack, session map[string]string) {
	t.Helper()
	saveDetails(t, s, session, map[string]any{"type": "individual", "fullName": "E2E Müşteri", "tckn": "10000000146",
		"address": "Moda Cad. 12 D:3", "city": "İstanbul", "postcode": "34710", "country": "TR", "email": "e2e-fatura@example.com"})
}

// acceptingContract is the body of an approval as the site sends it: the quote's contract read
// in the request's language (English, as call asks by default, or the language named in
// header), every box ticked, and the digest of what was read. Where no contract can be read
// (no billing details yet) it is an approval without one, which svc-orders refuses as it must.
func acceptingContract(t *testing.T, s *devstack, quoteID string, session map[string]string, header ...string) map[string]any {
	t.Helper()
	st, contract, _ := call(t, s, "GET", "/api/v1/orders/quotes/"+quoteID+"/contract", nil, session, header...)
	if st != 200 {
		return nil
	}
	ticked := map[string]bool{}
	for _, c := range contract["consents"].([]any) {
		ticked[c.(map[string]any)["id"].(string)] = true
	}
	return map[string]any{"contract": map[string]any{"digest": contract["digest"], "consents": ticked}}
}

func saveDetails(t *testing.T, s *devstack, session map[string]string, details map[string]any) {
	t.Helper()
	if st, body, _ := call(t, s, "PUT", "/api/v1/billing/profile", details, session); st != 200 || body["complete"] != true {
		t.Fatalf("billing details: %d %v", st, body)
	}
}

// testAbroadNeverChargedVAT walks the money of an order across svc-orders and svc-billing: a new
// customer cannot approve before saving billing details; saved with a foreign country, GET
// billing/tax shows no KDV and the exemption, the quote's PDF is fetched, and the invoice issued
// on approval carries exactly the figures shown: 0 % and the exemption.
func testAbroadNeverChargedVAT(t *testing.T, s *devstack) {
	email := fmt.Sprintf("abroad-%d@example.com", time.Now().UnixNano())
	const password = "Yurtdisi-Parola-2026"
	if st, body, _ := call(t, s, "POST", "/api/v1/auth/register", map[string]any{
		"fullName": "Abroad Customer", "email": email, "password": password, "confirmPassword": password, "acceptTerms": true,
	}, nil); st != 201 {
		t.Fatalf("register: %d %v", st, body)
	}
	st, body, set := call(t, s, "POST", "/api/v1/auth/login", map[string]any{"email": email, "password": password}, nil)
	if st != 200 || set["authToken"] == nil {
		t.Fatalf("login: %d %v", st, body)
	}
	session := map[string]string{"authToken": set["authToken"].Value}
	st, quote, _ := call(t, s, "POST", "/api/v1/orders/quotes", map[string]any{"service": "professional-translation", "sourceLanguage": "tr",
		"targetLanguages": []string{"en"}, "quantity": 500, "currency": "EUR", "brief": "Abroad"}, session)
	if st != 201 {
		t.Fatalf("quote: %d %v", st, quote)
	}
	qid := quote["id"].(string)
	if st, body, _ := call(t, s, "POST", "/api/v1/orders/quotes/"+qid+"/approve", nil, session, "Accept-Language", "en"); st != 409 ||
		body["error"].(map[string]any)["code"] != "billing_details_required" {
		t.Fatalf("approval before billing details: %d %v", st, body)
	}
	saveDetails(t, s, session, map[string]any{"type": "company", "companyName": "Example Ltd", "taxId": "GB 123 4567 89",
		"address": "10 Downing Street", "city": "London", "postcode": "SW1A 2AA", "country": "GB", "email": "accounts@example.co.uk"})

	net, netUSD := int64(quote["total"].(map[string]any)["amount"].(float64)), int64(quote["totalUsd"].(map[string]any)["amount"].(float64))
	st, tax, _ := call(t, s, "GET", fmt.Sprintf("/api/v1/billing/tax?amount=%d&currency=EUR&amountUsd=%d", net, netUSD), nil, session, "Accept-Language", "en")
	if st != 200 || tax["basis"] != "profile" || tax["inTurkey"] != false || tax["country"] != "GB" || tax["vatPercent"] != 0.0 ||
		tax["vatLabel"] != "Exempt from Turkish VAT (export of services, VAT Law art. 11/1-a)" {
		t.Fatalf("tax: %d %v", st, tax)
	}
	// The quote's PDF asks svc-billing for the same figures (its text is tested in svc-orders).
	req, _ := http.NewRequest("GET", s.web+"/api/v1/orders/quotes/"+qid+".pdf?lang=en", nil)
	req.AddCookie(&http.Cookie{Name: "authToken", Value: session["authToken"]})
	if resp, err := http.DefaultClient.Do(req); err != nil {
		t.Errorf("quote PDF: %v", err)
	} else {
		pdf, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !bytes.HasPrefix(pdf, []byte("%PDF-")) {
			t.Errorf("quote PDF: %d %.40q", resp.StatusCode, pdf)
		}
	}
	st, approval, _ := call(t, s, "POST", "/api/v1/orders/quotes/"+qid+"/approve", acceptingContract(t, s, qid, session), session)
	order, _ := approval["order"].(map[string]any)
	if st != 200 || order["id"] == nil {
		t.Fatalf("approval: %d %v", st, approval)
	}
	var inv map[string]any
	for deadline := time.Now().Add(20 * time.Second); inv == nil && time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		_, list, _ := call(t, s, "GET", "/api/v1/billing/invoices?orderId="+order["id"].(string), nil, session)
		if got, _ := list["invoices"].([]any); len(got) == 1 {
			inv = got[0].(map[string]any)
		}
	}
	if inv == nil {
		t.Fatal("no invoice for the order")
	}
	totals := inv["totals"].(map[string]any)
	lines := inv["lines"].([]any)
	vat := lines[len(lines)-1].(map[string]any)
	if inv["inTurkey"] != false || inv["vatPercent"] != 0.0 || totals["vat"] != 0.0 || vat["ratePercent"] != 0.0 ||
		vat["description"].(map[string]any)["en"] != tax["vatLabel"] ||
		totals["net"] != tax["net"].(map[string]any)["amount"] || totals["total"] != tax["total"].(map[string]any)["amount"] ||
		inv["totalsUsd"].(map[string]any)["total"] != tax["totalUsd"].(map[string]any)["amount"] {
		t.Errorf("the invoice is not what was shown:\ninvoice %v\nshown %v", inv, tax)
	}
}
