package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"linguaport/internal/testenv"
)

// call sends a JSON request through nginx as the site's own page would (Origin of the site),
// with the cookies given, and returns the status, the decoded body and the cookies set.
func call(t *testing.T, s *devstack, method, path string, body any, cookies map[string]string, header ...string) (int, map[string]any, map[string]*http.Cookie) {
	t.Helper()
	var rd io.Reader
	var data []byte
	if body != nil {
		data, _ = json.Marshal(body)
		rd = bytes.NewReader(data)
	}
	req, _ := http.NewRequest(method, s.web+path, rd)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept-Language", "en")
	req.Header.Set("Origin", s.web)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	for k, v := range cookies {
		req.AddCookie(&http.Cookie{Name: k, Value: v})
	}
	var out map[string]any
	resp := testenv.DoJSON(t, req, &out)
	raw, _ := io.ReadAll(resp.Body)
	checkAnswer(req, data, resp.StatusCode, resp.Header, raw)
	set := map[string]*http.Cookie{}
	for _, c := range resp.Cookies() {
		set[c.Name] = c
	}
	if strings.Contains(string(raw), "argon2") {
		t.Fatalf("%s %s leaked a password hash", method, path)
	}
	return resp.StatusCode, out, set
}

func errCode(body map[string]any) string {
	e, _ := body["error"].(map[string]any)
	c, _ := e["code"].(string)
	return c
}

func testAccounts(t *testing.T, s *devstack) {
	email := fmt.Sprintf("stack-%d@example.com", time.Now().UnixNano())
	status, body, set := call(t, s, "POST", "/api/v1/auth/register", map[string]any{
		"fullName": "Stack Tester", "email": email, "password": "Uzun-Bir-Parola-9", "confirmPassword": "Uzun-Bir-Parola-9", "acceptTerms": true,
	}, nil)
	if status != 201 || set["authToken"] == nil || set["userData"] == nil {
		t.Fatalf("register: %d %v", status, body)
	}
	session := map[string]string{"authToken": set["authToken"].Value}
	if status, body, _ := call(t, s, "GET", "/api/v1/auth/me", nil, session); status != 200 || body["user"].(map[string]any)["email"] != email {
		t.Fatalf("me: %d %v", status, body)
	}
	status, body, _ = call(t, s, "POST", "/api/v1/auth/password", map[string]any{"currentPassword": "Uzun-Bir-Parola-9", "newPassword": "Yeni-Bir-Parola-1", "confirmPassword": "Yeni-Bir-Parola-2"}, session)
	if status != 400 || body["error"].(map[string]any)["message"] != "New passwords do not match!" {
		t.Errorf("mismatch: %d %v", status, body)
	}
	// The gateway refuses a forged token before any service sees it.
	forged := session["authToken"][:len(session["authToken"])-4] + "AAAA"
	if status, body, _ := call(t, s, "GET", "/api/v1/auth/me", nil, nil, "Authorization", "Bearer "+forged); status != 401 || errCode(body) != "invalid_token" {
		t.Errorf("forged token: %d %v", status, body)
	}
	if status, _, _ := call(t, s, "POST", "/api/v1/auth/logout", nil, session); status != 204 {
		t.Errorf("logout: %d", status)
	}
	if status, body, _ := call(t, s, "GET", "/api/v1/auth/me", nil, session); status != 401 || errCode(body) != "session_revoked" {
		t.Errorf("me after logout: %d %v", status, body)
	}

	// The staff account make up seeds signs in.
	if status, body, _ := call(t, s, "POST", "/api/v1/auth/login", map[string]any{"email": "admin@linguaport.local", "password": "Yonetici-Demo-2026"}, nil); status != 200 || body["user"].(map[string]any)["type"] != "admin" {
		t.Errorf("seeded admin: %d %v", status, body)
	}

	// A reset link is mailed over SMTP to the capture server.
	if status, _, _ := call(t, s, "POST", "/api/v1/auth/password/forgot", map[string]any{"email": email}, nil); status != 202 {
		t.Fatalf("forgot: %d", status)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		resp, err := http.Get(s.mail + "?to=" + email)
		if err != nil {
			t.Fatal(err)
		}
		var msgs []struct{ Subject, Text string }
		_ = json.NewDecoder(resp.Body).Decode(&msgs)
		resp.Body.Close()
		// The welcome comes first, with its link to confirm the address.
		if slices.ContainsFunc(msgs, func(m struct{ Subject, Text string }) bool {
			return strings.Contains(m.Text, "/en/reset-password?token=")
		}) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no reset mail for %s: %v", email, msgs)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
