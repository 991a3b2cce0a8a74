package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"mime/multipart"
	"net/http"
	"net/http/cookiejar"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// A customer as the site sees them: signed up, ordering, asking for a copy, and the requests
// of B's that are measured.

// session is a signed-in customer of the stack, its cookies in a jar.
type session struct {
	web    string
	userID string
	client *http.Client
}

// signUp registers a customer through the site and saves their billing details (approving a
// quote needs them: svc-orders asks svc-billing).
func signUp(web, name string) (*session, error) {
	jar, _ := cookiejar.New(nil)
	s := &session{web: web, client: &http.Client{Jar: jar, Timeout: 5 * time.Minute}}
	status, body, err := s.do("POST", "/api/v1/auth/register", map[string]any{
		"fullName": name, "email": fmt.Sprintf("privacy-%d@example.com", time.Now().UnixNano()),
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
	s.userID = registered.User.ID
	status, body, err = s.do("PUT", "/api/v1/billing/profile", map[string]any{
		"type": "individual", "fullName": name, "tckn": "10000000146", "address": "Moda Cad. 12 D:3",
		"city": "İstanbul", "postcode": "34710", "country": "TR", "email": "olcum@example.com",
	})
	if err != nil || status != http.StatusOK {
		return nil, fmt.Errorf("billing details: %d %.300s %v", status, body, err)
	}
	return s, nil
}

// do sends a JSON request as the browser would (same-site Origin, the session's cookies).
func (s *session) do(method, path string, body any) (int, []byte, error) {
	var rd io.Reader
	if body != nil {
		data, _ := json.Marshal(body)
		rd = bytes.NewReader(data)
	}
	req, _ := http.NewRequest(method, s.web+path, rd)
	req.Header.Set("Content-Type", "application/json")
	return s.send(req)
}

func (s *session) send(req *http.Request) (int, []byte, error) {
	status, raw, _, err := s.sendTraced(req)
	return status, raw, err
}

// sendTraced is send answering also the request's id, which is its trace's id.
func (s *session) sendTraced(req *http.Request) (int, []byte, string, error) {
	req.Header.Set("Origin", s.web)
	req.Header.Set("Accept-Language", "tr")
	resp, err := s.client.Do(req)
	if err != nil {
		return 0, nil, "", err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	return resp.StatusCode, raw, resp.Header.Get("X-Request-Id"), err
}

func (s *session) download(path string) ([]byte, int, error) {
	req, _ := http.NewRequest("GET", s.web+path, nil)
	status, raw, err := s.send(req)
	return raw, status, err
}

// brochure is the text of A's uploaded documents: about 1,200 words, as a brochure is.
var brochure = strings.Repeat("Çeviri kalitesi İstanbul'da ölçülür; her belge iki kez okunur, terimler müşterinin sözlüğüne göre seçilir. ", 80)

// realOrder makes one order through the site as a customer does: a document uploaded, a quote
// for it into English and German, its contract read and accepted. It waits for svc-billing's
// invoice, and answers what the services stored.
func (s *session) realOrder() (template, error) {
	var form bytes.Buffer
	mw := multipart.NewWriter(&form)
	fw, _ := mw.CreateFormFile("file", "brosur.txt")
	_, _ = io.WriteString(fw, brochure)
	_ = mw.Close()
	req, _ := http.NewRequest("POST", s.web+"/api/v1/orders/files", &form)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	status, raw, err := s.send(req)
	var up struct {
		File struct {
			ID string `json:"id"`
		} `json:"file"`
	}
	if err != nil || status != http.StatusCreated || json.Unmarshal(raw, &up) != nil || up.File.ID == "" {
		return template{}, fmt.Errorf("upload: %d %.300s %v", status, raw, err)
	}
	orderID, err := s.order([]string{up.File.ID}, "Broşürümüzün İngilizce ve Almanca çevirisi; marka adları çevrilmesin.")
	if err != nil {
		return template{}, err
	}
	if err := s.waitInvoices(1); err != nil {
		return template{}, err
	}
	status, raw, err = s.do("GET", "/api/v1/orders/orders/"+orderID, nil)
	var o struct {
		QuoteID string `json:"quoteId"`
	}
	if err != nil || status != http.StatusOK || json.Unmarshal(raw, &o) != nil || o.QuoteID == "" {
		return template{}, fmt.Errorf("the order: %d %.300s %v", status, raw, err)
	}
	return template{quoteID: o.QuoteID, orderID: orderID, fileID: up.File.ID}, nil
}

// order asks for a quote (of fileIDs, or of 1,200 words without) and approves it: the order's id.
func (s *session) order(fileIDs []string, brief string) (string, error) {
	body := map[string]any{"service": "professional-translation", "sourceLanguage": "tr", "targetLanguages": []string{"en", "de"},
		"urgency": "normal", "currency": "TRY", "brief": brief}
	if len(fileIDs) > 0 {
		body["fileIds"] = fileIDs
	} else {
		body["quantity"] = 1200
	}
	status, raw, err := s.do("POST", "/api/v1/orders/quotes", body)
	var q struct{ ID string }
	if err != nil || status != http.StatusCreated || json.Unmarshal(raw, &q) != nil {
		return "", fmt.Errorf("quote: %d %.300s %v", status, raw, err)
	}
	status, raw, err = s.do("GET", "/api/v1/orders/quotes/"+q.ID+"/contract", nil)
	var contract struct {
		Digest   string `json:"digest"`
		Consents []struct {
			ID string `json:"id"`
		} `json:"consents"`
	}
	if err != nil || status != http.StatusOK || json.Unmarshal(raw, &contract) != nil {
		return "", fmt.Errorf("the contract of quote %s: %d %.300s %v", q.ID, status, raw, err)
	}
	ticked := map[string]bool{}
	for _, c := range contract.Consents {
		ticked[c.ID] = true
	}
	status, raw, err = s.do("POST", "/api/v1/orders/quotes/"+q.ID+"/approve",
		map[string]any{"contract": map[string]any{"digest": contract.Digest, "consents": ticked}})
	var approval struct {
		Order struct {
			ID string `json:"id"`
		} `json:"order"`
	}
	if err != nil || status != http.StatusOK || json.Unmarshal(raw, &approval) != nil || approval.Order.ID == "" {
		return "", fmt.Errorf("approval: %d %.300s %v", status, raw, err)
	}
	return approval.Order.ID, nil
}

// waitInvoices waits until svc-billing lists n invoices of the customer (it issues them on
// svc-orders' quote.approved, over the stream).
func (s *session) waitInvoices(n int) error {
	deadline := time.Now().Add(60 * time.Second)
	for {
		status, raw, err := s.do("GET", "/api/v1/billing/invoices", nil)
		var list struct {
			Invoices []json.RawMessage `json:"invoices"`
		}
		if err == nil && status == http.StatusOK && json.Unmarshal(raw, &list) == nil && len(list.Invoices) >= n {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%d invoices not issued in a minute: %d %.300s %v", n, status, raw, err)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// privacyRequest is a request as its owner reads it.
type privacyRequest struct {
	ID        string     `json:"id"`
	State     string     `json:"state"`
	CreatedAt time.Time  `json:"createdAt"`
	OpenedAt  *time.Time `json:"openedAt"`
	ReadyAt   *time.Time `json:"readyAt"`
	Parts     []struct {
		Service string    `json:"service"`
		Files   int       `json:"files"`
		Bytes   int64     `json:"bytes"`
		At      time.Time `json:"at"`
	} `json:"parts"`
	Waiting []string `json:"waiting"`
}

func (s *session) request(id string) (privacyRequest, error) {
	status, raw, err := s.do("GET", "/api/v1/auth/privacy/requests", nil)
	var mine struct {
		Requests []privacyRequest `json:"requests"`
	}
	if err != nil || status != http.StatusOK || json.Unmarshal(raw, &mine) != nil {
		return privacyRequest{}, fmt.Errorf("the requests: %d %.300s %v", status, raw, err)
	}
	for _, r := range mine.Requests {
		if r.ID == id {
			return r, nil
		}
	}
	return privacyRequest{}, fmt.Errorf("request %s not listed: %.300s", id, raw)
}

// reportStuck says where a copy that never became ready stopped: the parts answered, and the
// services' log lines about the request.
func reportStuck(req privacyRequest, dataDir string) {
	log.Printf("request %s: state %s, parts %+v, waiting for %v", req.ID, req.State, req.Parts, req.Waiting)
	logs, _ := filepath.Glob(filepath.Join(dataDir, "logs", "*.log"))
	for _, name := range logs {
		raw, err := os.ReadFile(name)
		if err != nil {
			continue
		}
		shown := 0
		for _, line := range strings.Split(string(raw), "\n") {
			if (strings.Contains(line, req.ID) || strings.Contains(line, "privacy")) && shown < 5 {
				log.Printf("%s: %.600s", filepath.Base(name), line)
				shown++
			}
		}
	}
}

// op is one of B's requests.
type op struct {
	name string
	want int
	call func() (int, []byte, error)
}

func (s *session) requests() []op {
	estimate := map[string]any{
		"service": "professional-translation", "sourceLanguage": "tr", "targetLanguages": []string{"en", "de"},
		"quantity": 1200, "urgency": "normal", "currency": "TRY",
	}
	return []op{
		{"GET orders/orders", 200, func() (int, []byte, error) { return s.do("GET", "/api/v1/orders/orders", nil) }},
		{"GET billing/invoices", 200, func() (int, []byte, error) { return s.do("GET", "/api/v1/billing/invoices", nil) }},
		{"POST orders/estimate", 200, func() (int, []byte, error) { return s.do("POST", "/api/v1/orders/estimate", estimate) }},
	}
}
