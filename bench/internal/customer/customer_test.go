package customer_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"linguaport/bench/internal/customer"
)

// A benchmark's customer outlives the access token: a 401 token_expired renews the session
// with its refresh cookie and sends the request again, body and all, as the site's client does.
func TestExpiredTokenIsRenewedAndTheRequestRepeated(t *testing.T) {
	var refreshes atomic.Int32
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/v1/auth/register", func(w http.ResponseWriter, r *http.Request) {
		http.SetCookie(w, &http.Cookie{Name: "token", Value: "first", Path: "/"})
		http.SetCookie(w, &http.Cookie{Name: "refresh", Value: "r1", Path: "/api/v1/auth"})
		w.WriteHeader(http.StatusCreated)
		_, _ = io.WriteString(w, `{"user":{"id":"u1"}}`)
	})
	mux.HandleFunc("PUT /api/v1/billing/profile", func(w http.ResponseWriter, r *http.Request) {})
	mux.HandleFunc("POST /api/v1/auth/refresh", func(w http.ResponseWriter, r *http.Request) {
		if c, err := r.Cookie("refresh"); err != nil || c.Value != "r1" {
			w.WriteHeader(http.StatusUnauthorized)
			_, _ = io.WriteString(w, `{"error":{"code":"session_expired"}}`)
			return
		}
		refreshes.Add(1)
		http.SetCookie(w, &http.Cookie{Name: "token", Value: "second", Path: "/"})
	})
	mux.HandleFunc("POST /api/v1/orders/estimate", func(w http.ResponseWriter, r *http.Request) {
		if c, _ := r.Cookie("token"); c == nil || c.Value != "second" {
			w.WriteHeader(http.StatusUnauthorized)
			_, _ = io.WriteString(w, `{"error":{"code":"token_expired","message":"Oturumunuzun süresi doldu."}}`)
			return
		}
		body, _ := io.ReadAll(r.Body)
		_, _ = w.Write(body)
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()

	s, err := customer.SignUp(srv.URL, "Ölçüm Müşterisi", "test", 5*time.Second)
	if err != nil || s.UserID != "u1" {
		t.Fatalf("sign-up: %v %+v", err, s)
	}
	status, raw, err := s.Do("POST", "/api/v1/orders/estimate", map[string]any{"quantity": 1200})
	if err != nil || status != http.StatusOK || string(raw) != `{"quantity":1200}` {
		t.Fatalf("after the renewal: %d %s %v", status, raw, err)
	}
	if n := refreshes.Load(); n != 1 {
		t.Fatalf("%d renewals, want 1", n)
	}
	// Renewed, the next request goes through at once.
	if status, _, _ := s.Do("POST", "/api/v1/orders/estimate", map[string]any{"quantity": 5}); status != http.StatusOK || refreshes.Load() != 1 {
		t.Fatalf("the next request: %d after %d renewals", status, refreshes.Load())
	}
}
