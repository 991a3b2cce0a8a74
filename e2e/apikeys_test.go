package e2e

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
)

// testAPIKeys walks a customer's API keys through nginx, the gateway and the services: a key
// made in the panel (a session) signs requests to any service as its customer (a POST with an
// Idempotency-Key done once), a read-only key
// is refused writes at the edge, a key never rides with the site's cookies, an unknown key is
// refused in the request's language, a key cannot make keys, bad input from a program (an unknown
// field, a wrong type, a body past the limit, another customer's key) is the right 4xx with
// nothing stored, and a revoked key stops at once,
// though the gateway keeps its token for seconds.
func testAPIKeys(t *testing.T, s *devstack) {
	checked := checkAnswers(t, loadAPIDoc(t, s))
	defer func() {
		for _, op := range []string{"createQuote", "listQuotes", "getQuote", "getBillingProfile"} {
			if checked[op] == 0 {
				t.Errorf("no answer of %s was checked against the document: %v", op, checked)
			}
		}
	}()
	email := fmt.Sprintf("keys-%d@example.com", time.Now().UnixNano())
	status, body, set := call(t, s, "POST", "/api/v1/auth/register", map[string]any{
		"fullName": "Entegratör Müşteri", "email": email, "password": "Uzun-Bir-Parola-9", "confirmPassword": "Uzun-Bir-Parola-9", "acceptTerms": true,
	}, nil)
	if status != 201 {
		t.Fatalf("register: %d %v", status, body)
	}
	session := map[string]string{"authToken": set["authToken"].Value}
	newKey := func(name, scope string) (string, string) {
		status, body, _ := call(t, s, "POST", "/api/v1/auth/keys", map[string]any{"name": name, "scope": scope}, session)
		if status != 201 {
			t.Fatalf("new %s key: %d %v", scope, status, body)
		}
		return body["id"].(string), body["secret"].(string)
	}
	writeID, write := newKey("CMS", "read+write")
	_, read := newKey("Reports", "read")
	withKey := func(secret string) []string { return []string{"Authorization", "Bearer " + secret} }
	quote := map[string]any{"service": "professional-translation", "sourceLanguage": "tr", "targetLanguages": []string{"en"}, "quantity": 300, "currency": "TRY"}

	// A quote made with an Idempotency-Key, sent twice (a retry after a timeout): one quote, the
	// same answer; the same key with another quantity is refused.
	idem := append(withKey(write), "Idempotency-Key", fmt.Sprintf("quote-%d", time.Now().UnixNano()))
	status, body, _ = call(t, s, "POST", "/api/v1/orders/quotes", quote, nil, idem...)
	if status != 201 || body["id"] == nil {
		t.Fatalf("a quote made with a key: %d %v", status, body)
	}
	quoteID := body["id"].(string)
	if status, again, _ := call(t, s, "POST", "/api/v1/orders/quotes", quote, nil, idem...); status != 201 || again["id"] != body["id"] {
		t.Errorf("the same request again: %d %v, want quote %v", status, again, body["id"])
	}
	other := map[string]any{"service": "professional-translation", "sourceLanguage": "tr", "targetLanguages": []string{"en"}, "quantity": 301, "currency": "TRY"}
	if status, refused, _ := call(t, s, "POST", "/api/v1/orders/quotes", other, nil, idem...); status != 422 || errCode(refused) != "idempotency_key_reused" {
		t.Errorf("the key with another request: %d %v", status, refused)
	}
	// Signing in is never answered from what was kept: its answer is a new session's cookies.
	for i := range 2 {
		status, _, set := call(t, s, "POST", "/api/v1/auth/login", map[string]any{"email": email, "password": "Uzun-Bir-Parola-9"}, nil, "Idempotency-Key", "login-once")
		if status != 200 || set["authToken"] == nil {
			t.Errorf("sign-in %d with an Idempotency-Key: %d, cookies %v", i, status, set)
		}
	}
	// Every answer to a key says where its quota stands, through nginx and the gateway's proxy.
	req, _ := http.NewRequest("GET", s.web+"/api/v1/orders/quotes", nil)
	req.Header.Set("Authorization", "Bearer "+read)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.Header.Get("RateLimit-Policy") != `"key";q=600;w=60` || !strings.HasPrefix(resp.Header.Get("RateLimit"), `"key";r=599;t=`) {
		t.Errorf("a key's first answer says %q / %q", resp.Header.Get("RateLimit-Policy"), resp.Header.Get("RateLimit"))
	}
	status, list, _ := call(t, s, "GET", "/api/v1/orders/quotes", nil, nil, withKey(read)...)
	if quotes, _ := list["quotes"].([]any); status != 200 || len(quotes) != 1 || quotes[0].(map[string]any)["id"] != body["id"] {
		t.Fatalf("the customer's quotes read with the read-only key: %d %v", status, list)
	}
	if status, one, _ := call(t, s, "GET", "/api/v1/orders/quotes/"+body["id"].(string), nil, nil, withKey(read)...); status != 200 || one["id"] != body["id"] {
		t.Errorf("the quote read with the read-only key: %d %v", status, one)
	}
	if status, details, _ := call(t, s, "GET", "/api/v1/billing/profile", nil, nil, withKey(read)...); status != 200 || details["complete"] != false {
		t.Errorf("the billing details read with the read-only key: %d %v", status, details)
	}
	if status, body, _ := call(t, s, "POST", "/api/v1/orders/quotes", quote, nil, withKey(read)...); status != 403 || errCode(body) != "read_only_key" {
		t.Errorf("a read-only key writing: %d %v", status, body)
	}
	if status, body, _ := call(t, s, "GET", "/api/v1/orders/quotes", nil, session, withKey(write)...); status != 400 || errCode(body) != "key_with_cookies" {
		t.Errorf("a key with the site's cookies: %d %v", status, body)
	}
	status, body, _ = call(t, s, "GET", "/api/v1/orders/quotes", nil, nil, "Authorization", "Bearer lp_live_"+fmt.Sprintf("%032d", 7), "Accept-Language", "tr")
	if e, _ := body["error"].(map[string]any); status != 401 || errCode(body) != "invalid_key" || e["message"] != "API anahtarı geçersiz." {
		t.Errorf("an unknown key: %d %v", status, body)
	}
	if status, body, _ := call(t, s, "POST", "/api/v1/auth/keys", map[string]any{"name": "x", "scope": "read"}, nil, withKey(write)...); status != 403 || errCode(body) != "key_cannot_manage_keys" {
		t.Errorf("a key making a key: %d %v", status, body)
	}

	// Bad input from a program, through nginx and the gateway: an unknown field, a wrong type, a
	// body past the limit, another customer's quote, a pay without its key. Each is the right 4xx
	// in the request's language, and nothing is stored.
	_, before, _ := call(t, s, "GET", "/api/v1/orders/quotes", nil, nil, withKey(read)...)
	misspelt := map[string]any{"service": "professional-translation", "sourceLanguage": "tr", "targetLanguages": []string{"en"}, "quantity": 300, "currncy": "TRY"}
	if status, body, _ := call(t, s, "POST", "/api/v1/orders/quotes", misspelt, nil, append(withKey(write), "Accept-Language", "tr")...); status != 400 ||
		errCode(body) != "unknown_field" || !strings.Contains(fmt.Sprint(body), "currncy") {
		t.Errorf("an unknown field: %d %v", status, body)
	}
	wrongType := map[string]any{"service": "professional-translation", "sourceLanguage": "tr", "targetLanguages": "en", "quantity": "300"}
	if status, body, _ := call(t, s, "POST", "/api/v1/orders/quotes", wrongType, nil, withKey(write)...); status != 400 || errCode(body) != "malformed_json" {
		t.Errorf("a wrong type: %d %v", status, body)
	}
	huge := map[string]any{"service": "professional-translation", "sourceLanguage": "tr", "targetLanguages": []string{"en"}, "quantity": 300,
		"brief": strings.Repeat("uzun ", 40<<10)}
	if status, body, _ := call(t, s, "POST", "/api/v1/orders/quotes", huge, nil, withKey(write)...); status != 413 || errCode(body) == "" {
		t.Errorf("a body past the limit: %d %v", status, body)
	}
	if _, after, _ := call(t, s, "GET", "/api/v1/orders/quotes", nil, nil, withKey(read)...); len(asList(after["quotes"])) != len(asList(before["quotes"])) {
		t.Errorf("refused requests stored quotes: %d before, %d after", len(asList(before["quotes"])), len(asList(after["quotes"])))
	}
	stranger := newCustomerKey(t, s, "read+write")
	if status, body, _ := call(t, s, "GET", "/api/v1/orders/quotes/"+quoteID, nil, nil, withKey(stranger)...); status != 404 {
		t.Errorf("another customer's key reading the quote: %d %v", status, body)
	}
	if status, body, _ := call(t, s, "POST", "/api/v1/orders/quotes/"+quoteID+"/reject", map[string]any{}, nil, withKey(stranger)...); status != 404 {
		t.Errorf("another customer's key rejecting the quote: %d %v", status, body)
	}

	if status, body, _ := call(t, s, "POST", "/api/v1/auth/keys/"+writeID+"/revoke", nil, session); status != 200 {
		t.Fatalf("revoke: %d %v", status, body)
	}
	// The gateway still holds the key's token for seconds; its session is gone, so it is refused.
	if status, body, _ := call(t, s, "GET", "/api/v1/orders/quotes", nil, nil, withKey(write)...); status != 401 || errCode(body) != "key_revoked" {
		t.Errorf("the revoked key at once: %d %v", status, body)
	}
	time.Sleep(11 * time.Second) // past the gateway's cache: svc-auth refuses the key itself, alike
	if status, body, _ := call(t, s, "GET", "/api/v1/orders/quotes", nil, nil, withKey(write)...); status != 401 || errCode(body) != "key_revoked" {
		t.Errorf("the revoked key: %d %v", status, body)
	}
}

// newCustomerKey signs up a new customer and answers the secret of a key of theirs with scope.
func newCustomerKey(t *testing.T, s *devstack, scope string) string {
	t.Helper()
	status, body, set := call(t, s, "POST", "/api/v1/auth/register", map[string]any{"fullName": "Başka Entegratör",
		"email": fmt.Sprintf("keys-other-%d@example.com", time.Now().UnixNano()), "password": "Uzun-Bir-Parola-9", "confirmPassword": "Uzun-Bir-Parola-9",
		"acceptTerms": true}, nil)
	if status != 201 {
		t.Fatalf("register another customer: %d %v", status, body)
	}
	status, key, _ := call(t, s, "POST", "/api/v1/auth/keys", map[string]any{"name": "other", "scope": scope}, map[string]string{"authToken": set["authToken"].Value})
	if status != 201 {
		t.Fatalf("another customer's key: %d %v", status, key)
	}
	return key["secret"].(string)
}
