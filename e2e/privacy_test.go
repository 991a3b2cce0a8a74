package e2e

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// customerWithOrder registers a customer with billing details and an approved quote: its order
// and the invoice the approval issues.
func customerWithOrder(t *testing.T, s *devstack, name string) (session map[string]string, email, orderNumber, invoiceID string) {
	t.Helper()
	email = fmt.Sprintf("kvkk-%d@example.com", time.Now().UnixNano())
	status, body, set := call(t, s, "POST", "/api/v1/auth/register", map[string]any{
		"fullName": name, "email": email, "password": "Uzun-Bir-Parola-9", "confirmPassword": "Uzun-Bir-Parola-9", "acceptTerms": true,
	}, nil)
	if status != 201 {
		t.Fatalf("register: %d %v", status, body)
	}
	session = map[string]string{"authToken": set["authToken"].Value}
	status, quote, _ := call(t, s, "POST", "/api/v1/orders/quotes", map[string]any{
		"service": "professional-translation", "sourceLanguage": "tr", "targetLanguages": []string{"en"}, "quantity": 300, "currency": "TRY",
	}, session)
	if status != 201 {
		t.Fatalf("quote: %d %v", status, quote)
	}
	saveBillingDetails(t, s, session)
	qid := quote["id"].(string)
	status, approval, _ := call(t, s, "POST", "/api/v1/orders/quotes/"+qid+"/approve", acceptingContract(t, s, qid, session), session)
	if status != 200 {
		t.Fatalf("approve: %d %v", status, approval)
	}
	order := approval["order"].(map[string]any)
	return session, email, order["number"].(string), invoiceOf(t, s, session, order["id"].(string))
}

// download GETs path with the session's cookie and answers the body.
func download(t *testing.T, s *devstack, path string, session map[string]string) (int, []byte) {
	t.Helper()
	req, _ := http.NewRequest("GET", s.web+path, nil)
	for k, v := range session {
		req.AddCookie(&http.Cookie{Name: k, Value: v})
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, raw
}

// testPrivacyCopy: a customer with an order and its invoice asks for a copy of their data; every
// service answers through the event streams, and the one ZIP holds each service's records of them
// (the account, the quote, order and contract, the invoice, and the services with nothing kept
// saying so); another customer cannot download it, and staff see the request with its clock.
func testPrivacyCopy(t *testing.T, s *devstack) {
	session, email, orderNumber, invoiceID := customerWithOrder(t, s, "KVKK Müşterisi")
	status, asked, _ := call(t, s, "POST", "/api/v1/auth/privacy/requests", map[string]any{"kind": "copy"}, session, "Accept-Language", "tr")
	if status != 201 || asked["state"] != "open" {
		t.Fatalf("ask: %d %v", status, asked)
	}
	id := asked["id"].(string)
	deadline := time.Now().Add(90 * time.Second)
	var request map[string]any
	for {
		_, mine, _ := call(t, s, "GET", "/api/v1/auth/privacy/requests", nil, session)
		request = mine["requests"].([]any)[0].(map[string]any)
		if request["state"] == "ready" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the copy was never ready: %v", request)
		}
		time.Sleep(200 * time.Millisecond)
	}
	status, raw := download(t, s, "/api/v1/auth/privacy/requests/"+id+"/copy.zip", session)
	if status != 200 {
		t.Fatalf("download: %d %s", status, raw)
	}
	zr, err := zip.NewReader(bytes.NewReader(raw), int64(len(raw)))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{}
	folders := map[string]bool{}
	for _, f := range zr.File {
		rc, _ := f.Open()
		b, _ := io.ReadAll(rc)
		rc.Close()
		files[f.Name] = string(b)
		if dir, _, ok := strings.Cut(f.Name, "/"); ok {
			folders[dir] = true
		}
	}
	// A customer: svc-translators keeps nothing of them, which the readme says.
	for _, dir := range []string{"auth", "orders", "billing", "catalog"} {
		if !folders[dir] {
			t.Errorf("the copy has no %s/ folder (files %d)", dir, len(files))
		}
	}
	all := strings.Join(mapValues(files), "\n")
	for _, want := range []string{email, orderNumber, invoiceID, "KVKK Müşterisi", "Distance Sales Contract"} {
		if !strings.Contains(all, want) {
			t.Errorf("the copy does not hold %q", want)
		}
	}
	if !strings.Contains(files["BENIOKU.txt"], "6698") || !strings.Contains(files["BENIOKU.txt"], "- translators/") {
		t.Errorf("no Turkish readme naming every service: %v\n%s", mapKeys(files), files["BENIOKU.txt"])
	}

	other, _, _, _ := customerWithOrder(t, s, "Başka Müşteri")
	if status, _ := download(t, s, "/api/v1/auth/privacy/requests/"+id+"/copy.zip", other); status != 404 {
		t.Errorf("another customer downloads the copy: %d", status)
	}
	admin, _ := signIn(t, s, "admin@linguaport.local", "Yonetici-Demo-2026")
	status, list, _ := call(t, s, "GET", "/api/v1/auth/admin/privacy/requests?state=all", nil, admin)
	if status != 400 && status != 200 {
		t.Fatalf("staff's list: %d", status)
	}
	_, list, _ = call(t, s, "GET", "/api/v1/auth/admin/privacy/requests", nil, admin)
	found := false
	for _, r := range list["requests"].([]any) {
		if r.(map[string]any)["id"] == id {
			found = true
		}
	}
	if !found {
		t.Errorf("staff do not see the request: %v", list)
	}
}

func mapValues(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for _, v := range m {
		out = append(out, v)
	}
	return out
}

func mapKeys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}
