package api_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"
)

// hookReceiver is a local webhook endpoint verifying every request with the Standard Webhooks
// reference library under the secret it is told.
type hookReceiver struct {
	url    string
	mu     sync.Mutex
	secret string
	types  []string
	bad    []string
}

func newHookReceiver(t *testing.T) *hookReceiver {
	r := &hookReceiver{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(req.Body)
		r.mu.Lock()
		defer r.mu.Unlock()
		wh, err := standardwebhooks.NewWebhook(r.secret)
		if err == nil {
			err = wh.Verify(body, req.Header)
		}
		if err != nil {
			r.bad = append(r.bad, err.Error())
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		var p struct{ Type string }
		_ = json.Unmarshal(body, &p)
		r.types = append(r.types, p.Type)
	}))
	t.Cleanup(srv.Close)
	r.url = srv.URL + "/hooks"
	return r
}

func (r *hookReceiver) got() ([]string, []string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.types...), append([]string(nil), r.bad...)
}

// A customer registers an endpoint and gets its secret; the test event reaches it signed; the
// log shows the delivery; the settings are decoded strictly and checked in the request's
// language; another customer's endpoint is not found; an integrator's key registers endpoints,
// a read-only key cannot.
func TestWebhookEndpointsOverHTTP(t *testing.T) {
	f := newFixture(t)
	b := f.browser("en")
	b.register("Entegrasyon Müşterisi", "hooks@example.com")
	r := newHookReceiver(t)

	made := b.do("POST", "webhooks", map[string]any{"url": r.url, "description": "CMS", "types": []string{"order.delivered", "order.paid", "order.paid"}})
	if made.status != http.StatusCreated {
		t.Fatalf("register: %d %s", made.status, made.raw)
	}
	id, _ := made.body["id"].(string)
	secret, _ := made.body["secret"].(string)
	if !strings.HasPrefix(secret, "whsec_") || !strings.HasPrefix(id, "we_") || made.body["secretsValid"] != float64(1) {
		t.Fatalf("registered: %s", made.raw)
	}
	if types, _ := made.body["types"].([]any); len(types) != 2 || types[0] != "order.paid" {
		t.Fatalf("types kept as %v", made.body["types"])
	}
	r.mu.Lock()
	r.secret = secret
	r.mu.Unlock()
	list := b.do("GET", "webhooks", nil)
	if eps, _ := list.body["endpoints"].([]any); len(eps) != 1 || strings.Contains(list.raw, secret) {
		t.Fatalf("list: %s", list.raw)
	}
	if types, _ := list.body["types"].([]any); len(types) != 9 {
		t.Fatalf("the types offered: %v", list.body["types"])
	}
	if a := b.do("GET", "webhooks/"+id+"/secret", nil); a.body["secret"] != secret {
		t.Fatalf("secret: %s", a.raw)
	}

	if a := b.do("POST", "webhooks/"+id+"/test", nil); a.status != http.StatusAccepted || a.body["type"] != "webhook.test" {
		t.Fatalf("test event: %d %s", a.status, a.raw)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		types, bad := r.got()
		if len(bad) > 0 {
			t.Fatalf("the reference library refused: %v", bad)
		}
		if len(types) == 1 && types[0] == "webhook.test" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the test event did not arrive: %v", types)
		}
		time.Sleep(20 * time.Millisecond)
	}
	var log answer
	for time.Now().Before(deadline) {
		log = b.do("GET", "webhooks/"+id+"/deliveries", nil)
		if strings.Contains(log.raw, `"state":"delivered"`) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if ds, _ := log.body["deliveries"].([]any); len(ds) != 1 || !strings.Contains(log.raw, `"status":200`) || log.body["next"] != "" {
		t.Fatalf("log: %s", log.raw)
	}

	// Refusals, worded in the request's language, nothing stored.
	tr := f.browser("tr")
	tr.cookies = b.cookies
	for _, c := range []struct {
		body       any
		status     int
		code, word string
	}{
		{map[string]any{"url": r.url, "types": []string{"order.paid"}, "secret": "mine"}, 400, "unknown_field", "tanımadığı"},
		{map[string]any{"url": r.url, "types": "order.paid"}, 400, "malformed_json", ""},
		{map[string]any{"url": "ftp://example.com", "types": []string{"order.paid"}}, 400, "validation_failed", "http(s)"},
		{map[string]any{"url": r.url, "types": []string{}}, 400, "validation_failed", "olay türü"},
		{map[string]any{"url": r.url, "types": []string{"order.lost"}}, 400, "validation_failed", "Bilinmeyen"},
	} {
		a := tr.do("POST", "webhooks", c.body)
		if a.status != c.status || a.code() != c.code || !strings.Contains(a.raw, c.word) {
			t.Errorf("%v: %d %s", c.body, a.status, a.raw)
		}
	}
	if eps, _ := b.do("GET", "webhooks", nil).body["endpoints"].([]any); len(eps) != 1 {
		t.Fatalf("a refused endpoint was stored: %d", len(eps))
	}

	// Another customer's endpoint, its log and its deliveries are not found.
	other := f.browser("en")
	other.register("Başka Müşteri", "other@example.com")
	for _, path := range []string{"webhooks/" + id, "webhooks/" + id + "/deliveries", "webhooks/" + id + "/secret"} {
		if a := other.do("GET", path, nil); a.status != http.StatusNotFound {
			t.Errorf("another customer's GET %s: %d", path, a.status)
		}
	}
	if a := other.do("POST", "webhooks/"+id+"/test", nil); a.status != http.StatusNotFound {
		t.Errorf("another customer's test event: %d", a.status)
	}

	// Disabled: no test event; enabled again, it is.
	if a := b.do("POST", "webhooks/"+id+"/disable", nil); a.status != http.StatusOK || a.body["disabledReason"] != "owner" {
		t.Fatalf("disable: %d %s", a.status, a.raw)
	}
	if a := tr.do("POST", "webhooks/"+id+"/test", nil); a.status != http.StatusConflict || a.code() != "endpoint_disabled" || !strings.Contains(a.message(), "kapalı") {
		t.Fatalf("test to a disabled endpoint: %d %s", a.status, a.raw)
	}
	if a := b.do("POST", "webhooks/"+id+"/enable", nil); a.status != http.StatusOK || a.body["disabledAt"] != nil {
		t.Fatalf("enable: %d %s", a.status, a.raw)
	}

	// An integrator's key registers its endpoints; a read-only key may only read them.
	_, writeKey := b.newKey(map[string]any{"name": "integration", "scope": "read+write"})
	_, readKey := b.newKey(map[string]any{"name": "reporting", "scope": "read"})
	k := f.keyClient(writeKey)
	if a := k.do("POST", "webhooks", map[string]any{"url": r.url, "types": []string{"invoice.paid"}}); a.status != http.StatusCreated {
		t.Fatalf("a key registering: %d %s", a.status, a.raw)
	}
	ro := f.keyClient(readKey)
	if a := ro.do("POST", "webhooks", map[string]any{"url": r.url, "types": []string{"invoice.paid"}}); a.status != http.StatusForbidden || a.code() != "read_only_key" {
		t.Fatalf("a read-only key registering: %d %s", a.status, a.raw)
	}
	if eps, _ := ro.do("GET", "webhooks", nil).body["endpoints"].([]any); len(eps) != 2 {
		t.Fatalf("the read-only key sees %d endpoints", len(eps))
	}

	if a := b.do("DELETE", "webhooks/"+id, nil); a.status != http.StatusNoContent {
		t.Fatalf("delete: %d %s", a.status, a.raw)
	}
	if a := b.do("GET", "webhooks/"+id, nil); a.status != http.StatusNotFound {
		t.Fatalf("a deleted endpoint: %d", a.status)
	}
}
