package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"linguaport/bench/internal/customer"
)

// A customer as the site sees them: signed up, ordering, asking for a copy, and the requests
// of B's that are measured.

// session is a signed-in customer of the stack.
type session struct{ *customer.Session }

// signUp registers a customer through the site, with their billing details.
func signUp(web, name string) (*session, error) {
	s, err := customer.SignUp(web, name, "privacy", 5*time.Minute)
	if err != nil {
		return nil, err
	}
	return &session{s}, nil
}

func (s *session) download(path string) ([]byte, int, error) {
	req, _ := http.NewRequest("GET", s.Web+path, nil)
	status, raw, err := s.Send(req)
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
	req, _ := http.NewRequest("POST", s.Web+"/api/v1/orders/files", &form)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	status, raw, err := s.Send(req)
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
	status, raw, err = s.Do("GET", "/api/v1/orders/orders/"+orderID, nil)
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
	status, raw, err := s.Do("POST", "/api/v1/orders/quotes", body)
	var q struct{ ID string }
	if err != nil || status != http.StatusCreated || json.Unmarshal(raw, &q) != nil {
		return "", fmt.Errorf("quote: %d %.300s %v", status, raw, err)
	}
	acceptance, err := s.Acceptance(q.ID)
	if err != nil {
		return "", err
	}
	status, raw, err = s.Do("POST", "/api/v1/orders/quotes/"+q.ID+"/approve", acceptance)
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
		status, raw, err := s.Do("GET", "/api/v1/billing/invoices", nil)
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
	status, raw, err := s.Do("GET", "/api/v1/auth/privacy/requests", nil)
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
		{"GET orders/orders", 200, func() (int, []byte, error) { return s.Do("GET", "/api/v1/orders/orders", nil) }},
		{"GET billing/invoices", 200, func() (int, []byte, error) { return s.Do("GET", "/api/v1/billing/invoices", nil) }},
		{"POST orders/estimate", 200, func() (int, []byte, error) { return s.Do("POST", "/api/v1/orders/estimate", estimate) }},
	}
}
