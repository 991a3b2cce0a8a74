// Package customer is a customer of a running stack as the benchmarks drive one: signed up
// through the site, their cookies in a jar, each request sent as the browser sends it.
package customer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"time"
)

// Session is a signed-in customer of the stack at Web.
type Session struct {
	Web    string
	UserID string
	client *http.Client
}

// SignUp registers a customer named name through the site (their address starts with
// emailPrefix) and saves their billing details, since approving a quote needs them (svc-orders
// asks svc-billing). timeout bounds each of the session's requests.
func SignUp(web, name, emailPrefix string, timeout time.Duration) (*Session, error) {
	jar, _ := cookiejar.New(nil)
	s := &Session{Web: web, client: &http.Client{Jar: jar, Timeout: timeout}}
	status, body, err := s.Do("POST", "/api/v1/auth/register", map[string]any{
		"fullName": name, "email": fmt.Sprintf("%s-%d@example.com", emailPrefix, time.Now().UnixNano()),
		"password": "Uzun-Bir-Parola-9", "confirmPassword": "Uzun-Bir-Parola-9", "acceptTerms": true,
	})
	var registered struct {
		User struct {
			ID string `json:"id"`
		} `json:"user"`
	}
	if err != nil || status != http.StatusCreated || json.Unmarshal(body, &registered) != nil || registered.User.ID == "" {
		return nil, fmt.Errorf("register: %d %.300s %v", status, body, err)
	}
	s.UserID = registered.User.ID
	status, body, err = s.Do("PUT", "/api/v1/billing/profile", map[string]any{
		"type": "individual", "fullName": name, "tckn": "10000000146", "address": "Moda Cad. 12 D:3",
		"city": "İstanbul", "postcode": "34710", "country": "TR", "email": "olcum@example.com",
	})
	if err != nil || status != http.StatusOK {
		return nil, fmt.Errorf("billing details: %d %.300s %v", status, body, err)
	}
	return s, nil
}

// Do sends a JSON request (body nil for none) and answers the status and the body.
func (s *Session) Do(method, path string, body any) (int, []byte, error) {
	var rd io.Reader
	if body != nil {
		data, _ := json.Marshal(body)
		rd = bytes.NewReader(data)
	}
	req, _ := http.NewRequest(method, s.Web+path, rd)
	req.Header.Set("Content-Type", "application/json")
	return s.Send(req)
}

// Send sends req as the browser would: same-site Origin, the session's cookies, in Turkish.
func (s *Session) Send(req *http.Request) (int, []byte, error) {
	status, raw, _, err := s.SendTraced(req)
	return status, raw, err
}

// SendTraced is Send answering also the request's id, which is its trace's id. As the site's
// client does (svc-auth API.md), a 401 token_expired renews the session (POST auth/refresh) and
// the request is sent once more: a benchmark outlasts the access token's 15 minutes.
func (s *Session) SendTraced(req *http.Request) (int, []byte, string, error) {
	status, raw, id, err := s.exchange(req)
	if err != nil || status != http.StatusUnauthorized || !bytes.Contains(raw, []byte(`"token_expired"`)) || req.URL.Path == refreshPath {
		return status, raw, id, err
	}
	renew, _ := http.NewRequest("POST", s.Web+refreshPath, nil)
	if status, raw, id, err := s.exchange(renew); err != nil || status != http.StatusOK {
		return status, raw, id, fmt.Errorf("renew the session: %d %.300s %v", status, raw, err)
	}
	again := req.Clone(req.Context())
	again.Header.Del("Cookie") // the client wrote the old token into req: the jar adds the new one
	if req.GetBody != nil {
		if again.Body, err = req.GetBody(); err != nil {
			return 0, nil, "", err
		}
	}
	return s.exchange(again)
}

const refreshPath = "/api/v1/auth/refresh"

func (s *Session) exchange(req *http.Request) (int, []byte, string, error) {
	req.Header.Set("Origin", s.Web)
	req.Header.Set("Accept-Language", "tr")
	resp, err := s.client.Do(req)
	if err != nil {
		return 0, nil, "", err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	return resp.StatusCode, raw, resp.Header.Get("X-Request-Id"), err
}

// Acceptance is the body of an approval of the quote id as the site sends it: its contract
// read, every box ticked, the digest of what was read.
func (s *Session) Acceptance(quoteID string) (map[string]any, error) {
	status, raw, err := s.Do("GET", "/api/v1/orders/quotes/"+quoteID+"/contract", nil)
	var contract struct {
		Digest   string `json:"digest"`
		Consents []struct {
			ID string `json:"id"`
		} `json:"consents"`
	}
	if err != nil || status != http.StatusOK || json.Unmarshal(raw, &contract) != nil {
		return nil, fmt.Errorf("the contract of quote %s: %d %.300s %v", quoteID, status, raw, err)
	}
	ticked := map[string]bool{}
	for _, c := range contract.Consents {
		ticked[c.ID] = true
	}
	return map[string]any{"contract": map[string]any{"digest": contract.Digest, "consents": ticked}}, nil
}
