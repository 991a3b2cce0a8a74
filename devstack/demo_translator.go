package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/cookiejar"
	"time"

	"linguaport/internal/proc"
)

// demoTranslatorProfile is what `make up` gives the demo translator, through svc-translators'
// own API as the translator would: Turkish ↔ English professional translation and proofreading,
// and a bank account, so an order a newcomer places and pays shows in that translator's pool.
var demoTranslatorProfile = struct {
	competencies map[string]any
	account      map[string]any
}{
	competencies: map[string]any{
		"pairs":           []map[string]string{{"source": "tr", "target": "en"}, {"source": "en", "target": "tr"}},
		"services":        []string{"professional-translation", "proofreading"},
		"specializations": []string{"legal", "technical"},
		"certificates":    "",
	},
	account: map[string]any{"iban": "TR33 0006 1005 1978 6457 8413 26", "holder": "Mehmet Tercüman"},
}

// seedDemoTranslator signs in as the demo translator and saves the demo profile. Saving the
// competencies again is harmless, and the account answers 409 when it is already there.
func (s *stack) seedDemoTranslator() error {
	jar, _ := cookiejar.New(nil)
	client := &http.Client{Jar: jar, Timeout: 10 * time.Second}
	web := "http://" + loopback(s.cfg.port("WEB"))
	call := func(method, path string, body any, ok ...int) error {
		raw, _ := json.Marshal(body)
		req, _ := http.NewRequest(method, web+path, bytes.NewReader(raw))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Origin", web)
		resp, err := client.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
		for _, code := range ok {
			if resp.StatusCode == code {
				return nil
			}
		}
		return fmt.Errorf("%s %s: %d", method, path, resp.StatusCode)
	}
	for _, a := range demoAccounts {
		if a.role != "translator" {
			continue
		}
		// The gateway finds svc-translators through Consul a moment after it is ready.
		err := proc.WaitFor(30*time.Second, func() error {
			if err := call("POST", "/api/v1/auth/login", map[string]string{"email": a.email, "password": a.password}, 200); err != nil {
				return err
			}
			if err := call("PUT", "/api/v1/translators/profile/competencies", demoTranslatorProfile.competencies, 200); err != nil {
				return err
			}
			return call("POST", "/api/v1/translators/bank-accounts", demoTranslatorProfile.account, 201, 409)
		})
		if err != nil {
			return fmt.Errorf("demo translator's profile: %w", err)
		}
	}
	return nil
}
