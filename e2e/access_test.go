package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"linguaport/internal/authn"
	"linguaport/internal/contract"
	"linguaport/internal/proc"
)

// contracts are the contracts the services publish, as each prints it (`<service> contract`,
// platform.ContractCommand) from the binaries the stack runs: the matrix walks what the
// services serve, with no import of any service's code.
func contracts(t *testing.T) map[string]contract.Contract {
	t.Helper()
	root, err := proc.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	dirs, _ := filepath.Glob(filepath.Join(root, "svc-*"))
	out := map[string]contract.Contract{}
	for _, dir := range dirs {
		name := filepath.Base(dir)
		raw, err := exec.Command(filepath.Join(root, ".bin", name), "contract").Output()
		if err != nil {
			t.Fatalf("%s contract (make test builds .bin/%s): %v", name, name, err)
		}
		var c contract.Contract
		if err := json.Unmarshal(raw, &c); err != nil {
			t.Fatalf("%s's contract: %v", name, err)
		}
		out[name] = c
	}
	return out
}

// Every service folder publishes a contract of its own, one the gateway would route by, with
// its routes: the matrix walks them all, and the gateway routes its area.
func TestEveryServicePublishesItsContract(t *testing.T) {
	for name, c := range contracts(t) {
		if err := c.Check(); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		if c.Service != name || len(c.Routes) == 0 {
			t.Errorf("%s publishes %s's contract with %d routes", name, c.Service, len(c.Routes))
		}
	}
}

// accessRefusals are the codes of answers refusing a caller for who they are (internal/authn);
// a domain 401 such as a refresh without its cookie is not one.
var accessRefusals = []string{"unauthenticated", "forbidden", "invalid_token", "token_expired", "session_revoked", "bad_origin"}

// caller is one of the matrix's identities.
type caller struct {
	name, email, password string
	role                  authn.Role // "" for the visitor
	token                 string     // a session's token, or an API key's secret (an "lp_" key)
}

// testAccessMatrix walks every declared route of every service through nginx and the gateway
// as a visitor, the customer who owns the things named, another customer, a translator and
// staff, and the owner's sandbox key, and compares each answer with the declaration: refused callers get 401 or 403 with
// the platform's codes (at the edge or in the service, the same), allowed callers are never
// refused for who they are, another customer never sees the owner's things (404), and no
// request of the 5 × routes ends in a 5xx.
func testAccessMatrix(t *testing.T, s *devstack) {
	stamp := time.Now().UnixNano()
	visitor := &caller{name: "visitor"}
	owner := &caller{name: "customer", email: fmt.Sprintf("matrix-%d@example.com", stamp), password: "Matris-Parola-2026", role: authn.RoleCustomer}
	other := &caller{name: "another customer", email: fmt.Sprintf("matrix-other-%d@example.com", stamp), password: "Matris-Parola-2026", role: authn.RoleCustomer}
	translator := &caller{name: "translator", email: "tercuman@linguaport.local", password: "Tercuman-Demo-2026", role: authn.RoleTranslator}
	admin := &caller{name: "admin", email: "admin@linguaport.local", password: "Yonetici-Demo-2026", role: authn.RoleAdmin}
	callers := []*caller{visitor, owner, other, translator, admin}
	for _, c := range []*caller{owner, other} {
		status, body, _ := call(t, s, "POST", "/api/v1/auth/register", map[string]any{
			"fullName": "Matris " + c.name, "email": c.email, "password": c.password, "confirmPassword": c.password, "acceptTerms": true,
		}, nil)
		if status != 201 {
			t.Fatalf("register %s: %d %v", c.name, status, body)
		}
	}
	signIn := func() {
		for _, c := range callers[1:] {
			if c.email == "" {
				continue // a key: it signs in on every request
			}
			status, body, set := call(t, s, "POST", "/api/v1/auth/login", map[string]any{"email": c.email, "password": c.password}, nil)
			if status != 200 || set["authToken"] == nil {
				t.Fatalf("login %s: %d %v", c.name, status, body)
			}
			c.token = set["authToken"].Value
		}
	}
	signIn()

	// The things the owner's routes name: a file, a quote, an order and an inbox message.
	ids := ownersThings(t, s, owner)

	// The owner's sandbox key: a customer, but in a space of its own, to which the owner's
	// things do not exist (404, as to another customer).
	status, key, _ := call(t, s, "POST", "/api/v1/auth/keys", map[string]any{"name": "Matris", "scope": "read+write", "sandbox": true},
		map[string]string{"authToken": owner.token})
	if status != 201 {
		t.Fatalf("the owner's sandbox key: %d %v", status, key)
	}
	sandbox := &caller{name: "the owner's sandbox key", role: authn.RoleCustomer, token: key["secret"].(string)}
	callers = append(callers, sandbox)

	declared := contracts(t)
	for _, service := range slices.Sorted(func(yield func(string) bool) {
		for k := range declared {
			if !yield(k) {
				return
			}
		}
	}) {
		for _, rule := range declared[service].Rules() {
			method, path, ok := strings.Cut(rule.Pattern, " ")
			if !ok {
				method, path = "GET", rule.Pattern
			}
			if method == "DELETE" {
				// Deleting takes the thing away: it is walked on a spare of the owner's, so the
				// routes after it still find theirs.
				path = fill(path, map[string]string{"webhooks": ids["spare webhook"]})
			} else {
				path = fill(path, ids)
			}
			for _, c := range callers {
				if c == sandbox && strings.HasSuffix(path, "/logout") {
					continue // it would end the key's session for the seconds the gateway keeps its token
				}
				status, code := send(t, s, method, path, c.token)
				where := fmt.Sprintf("%s %s (%s, declared %v) as %s", method, path, service, rule.Access, c.name)
				switch {
				case status >= 500:
					t.Errorf("%s: %d %s", where, status, code)
				case !rule.Access.Allows(c.role) && c.role == "":
					if status != 401 || code != "unauthenticated" {
						t.Errorf("%s: %d %q, want 401 unauthenticated", where, status, code)
					}
				case !rule.Access.Allows(c.role):
					if status != 403 || code != "forbidden" {
						t.Errorf("%s: %d %q, want 403 forbidden", where, status, code)
					}
				case slices.Contains(accessRefusals, code):
					t.Errorf("%s: refused %d %q though the declaration allows it", where, status, code)
				case c == sandbox && status == 403 && code == "key_cannot_manage_keys":
					// a key is refused the keys' routes before anything is looked up
				case rule.Access.IsOwned() && (c == other || c == sandbox) && status != 404:
					t.Errorf("%s: %d %q, want 404 for what is not theirs", where, status, code)
				case rule.Access.IsOwned() && c == owner && status == 404:
					t.Errorf("%s: the owner gets 404", where)
				}
			}
			if strings.HasSuffix(path, "/logout") {
				signIn() // the walk itself just ended everyone's session
			}
		}
	}
}

// send makes one request with an empty JSON object as its body (enough to reach the access
// check and every validation), never following redirects (the provider sign-in starts with one).
func send(t *testing.T, s *devstack, method, path, token string) (int, string) {
	t.Helper()
	var body io.Reader
	if method != "GET" && method != "HEAD" {
		body = strings.NewReader("{}")
	}
	req, _ := http.NewRequest(method, s.web+path, body)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept-Language", "en")
	req.Header.Set("Origin", s.web)
	switch {
	case strings.HasPrefix(token, authn.KeyPrefix):
		req.Header.Set("Authorization", "Bearer "+token)
	case token != "":
		req.AddCookie(&http.Cookie{Name: "authToken", Value: token})
	}
	noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }, Timeout: 30 * time.Second}
	resp, err := noRedirect.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	var out map[string]any
	_ = json.NewDecoder(resp.Body).Decode(&out)
	return resp.StatusCode, errCode(out)
}

// fill puts real values into a pattern's wildcards: the owner's things for ids, fixed values for
// public wildcards.
func fill(path string, ids map[string]string) string {
	parts := strings.Split(path, "/")
	for i, p := range parts {
		if !strings.HasPrefix(p, "{") {
			continue
		}
		switch name := strings.Trim(p, "{}."); {
		case (name == "id" || name == "delivery") && i > 0 && ids[parts[i-1]] != "":
			parts[i] = ids[parts[i-1]] // files, quotes, orders, messages, invoices, webhooks, deliveries
		case name == "provider":
			parts[i] = "google"
		case name == "lang":
			parts[i] = "tr"
		case name == "doc":
			parts[i] = "privacy"
		default:
			parts[i] = "matrix"
		}
	}
	return strings.Join(parts, "/")
}

// ownersThings creates what the owner's routes name and returns their ids by collection.
func ownersThings(t *testing.T, s *devstack, owner *caller) map[string]string {
	session := map[string]string{"authToken": owner.token}
	var form bytes.Buffer
	mw := multipart.NewWriter(&form)
	fw, _ := mw.CreateFormFile("file", "matris.txt")
	io.WriteString(fw, "Erişim matrisi için bir belge.")
	mw.Close()
	req, _ := http.NewRequest("POST", s.web+"/api/v1/orders/files", &form)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Origin", s.web)
	req.AddCookie(&http.Cookie{Name: "authToken", Value: owner.token})
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var up struct{ File struct{ ID string } }
	_ = json.NewDecoder(resp.Body).Decode(&up)
	resp.Body.Close()
	if resp.StatusCode != 201 {
		t.Fatalf("owner's upload: %d", resp.StatusCode)
	}
	status, quote, _ := call(t, s, "POST", "/api/v1/orders/quotes", map[string]any{
		"service": "professional-translation", "sourceLanguage": "tr", "targetLanguages": []string{"en"}, "quantity": 500, "currency": "USD",
	}, session)
	if status != 201 {
		t.Fatalf("owner's quote: %d %v", status, quote)
	}
	saveBillingDetails(t, s, session)
	status, approval, _ := call(t, s, "POST", "/api/v1/orders/quotes/"+quote["id"].(string)+"/approve", acceptingContract(t, s, quote["id"].(string), session), session)
	order, _ := approval["order"].(map[string]any)
	if status != 200 || order["id"] == nil {
		t.Fatalf("owner's approval: %d %v", status, approval)
	}
	var message string
	for deadline := time.Now().Add(20 * time.Second); message == ""; time.Sleep(200 * time.Millisecond) {
		_, inbox, _ := call(t, s, "GET", "/api/v1/auth/messages", nil, session)
		if msgs, _ := inbox["messages"].([]any); len(msgs) > 0 {
			message, _ = msgs[0].(map[string]any)["id"].(string)
		}
		if time.Now().After(deadline) {
			t.Fatal("the owner's welcome message never arrived")
		}
	}
	// The approval's invoice, which svc-billing makes from quote.approved.
	var invoice string
	for deadline := time.Now().Add(20 * time.Second); invoice == ""; time.Sleep(200 * time.Millisecond) {
		_, list, _ := call(t, s, "GET", "/api/v1/billing/invoices", nil, session)
		if invs, _ := list["invoices"].([]any); len(invs) > 0 {
			invoice, _ = invs[0].(map[string]any)["id"].(string)
		}
		if time.Now().After(deadline) {
			t.Fatal("the owner's invoice never arrived")
		}
	}
	// A KVKK request of theirs (privacy/requests/{id}/copy.zip).
	status, asked, _ := call(t, s, "POST", "/api/v1/auth/privacy/requests", map[string]any{"kind": "copy"}, session)
	if status != 201 {
		t.Fatalf("owner's KVKK request: %d %v", status, asked)
	}
	// An API key of theirs (keys/{id}/revoke).
	status, key, _ := call(t, s, "POST", "/api/v1/auth/keys", map[string]any{"name": "Matris", "scope": "read"}, session)
	if status != 201 {
		t.Fatalf("owner's API key: %d %v", status, key)
	}
	// Two webhook endpoints of theirs, one with a test event's delivery (webhooks/{id},
	// deliveries/{delivery}), one to delete. Nothing listens at their address: the delivery is
	// retried, and is still theirs.
	var endpoints []string
	for range 2 {
		status, ep, _ := call(t, s, "POST", "/api/v1/auth/webhooks", map[string]any{"url": "http://127.0.0.1:9/matrix", "types": []string{"order.paid"}}, session)
		if status != 201 {
			t.Fatalf("owner's webhook endpoint: %d %v", status, ep)
		}
		endpoints = append(endpoints, ep["id"].(string))
	}
	status, delivery, _ := call(t, s, "POST", "/api/v1/auth/webhooks/"+endpoints[0]+"/test", nil, session)
	if status != 202 {
		t.Fatalf("owner's test event: %d %v", status, delivery)
	}
	return map[string]string{"files": up.File.ID, "quotes": quote["id"].(string), "orders": order["id"].(string), "messages": message,
		"invoices": invoice, "requests": asked["id"].(string), "keys": key["id"].(string),
		"webhooks": endpoints[0], "deliveries": delivery["id"].(string), "spare webhook": endpoints[1]}
}
