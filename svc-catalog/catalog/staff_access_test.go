package catalog_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"linguaport/internal/authn"
	"linguaport/internal/httpx"
	"linguaport/svc-catalog/api"
)

// answer is a response's status and JSON body.
type answer struct {
	status int
	body   map[string]any
	header http.Header
}

// do sends method path with token (none when ""), Accept-Language lang and body as JSON.
func (f *fixture) do(t *testing.T, method, path, token, lang string, body any) answer {
	t.Helper()
	var rd *bytes.Reader
	switch b := body.(type) {
	case nil:
		rd = bytes.NewReader(nil)
	case string:
		rd = bytes.NewReader([]byte(b))
	default:
		data, err := json.Marshal(b)
		if err != nil {
			t.Fatal(err)
		}
		rd = bytes.NewReader(data)
	}
	req, _ := http.NewRequest(method, f.url+path, rd)
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if lang != "" {
		req.Header.Set("Accept-Language", lang)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	_ = json.NewDecoder(resp.Body).Decode(&out)
	return answer{status: resp.StatusCode, body: out, header: resp.Header}
}

func errCode(a answer) string {
	e, _ := a.body["error"].(map[string]any)
	c, _ := e["code"].(string)
	return c
}

func fieldMsg(a answer, field string) string {
	e, _ := a.body["error"].(map[string]any)
	fields, _ := e["fields"].(map[string]any)
	m, _ := fields[field].(string)
	return m
}

// Every staff route the service declares refuses a visitor (401), a customer and a translator
// (403), and lets staff through; the routes are walked from the declarations, so a route added
// later is checked too.
func TestStaffRoutesRefuseEveryoneButStaff(t *testing.T) {
	f := newFixture(t)
	customer := f.token(authn.RoleCustomer, "cu-1", "Ayşe Müşteri")
	translator := f.token(authn.RoleTranslator, "tr-1", "Mehmet Tercüman")
	staff := f.staff()
	checked := 0
	for _, route := range api.Routes(api.Endpoints{}, nil, httpx.TrustedProxies{}, 0).Contract().Routes {
		method, path, _ := strings.Cut(route.Pattern, " ")
		// The chat's staff routes are the chat's tests' (one is a stream that stays open).
		if !strings.Contains(path, "/admin/") || strings.Contains(path, "/admin/chat/") {
			continue
		}
		checked++
		path = strings.ReplaceAll(path, "{id}", "no-such-id")
		body := "{}"
		if a := f.do(t, method, path, "", "en", body); a.status != http.StatusUnauthorized {
			t.Errorf("visitor %s %s: %d, want 401", method, path, a.status)
		}
		for who, tok := range map[string]string{"customer": customer, "translator": translator} {
			if a := f.do(t, method, path, tok, "en", body); a.status != http.StatusForbidden {
				t.Errorf("%s %s %s: %d, want 403", who, method, path, a.status)
			}
		}
		if a := f.do(t, method, path, staff, "en", body); a.status == http.StatusUnauthorized || a.status == http.StatusForbidden || a.status >= 500 {
			t.Errorf("staff %s %s: %d %v", method, path, a.status, a.body)
		}
	}
	if checked < 24 {
		t.Errorf("only %d staff routes declared", checked)
	}
	// The public content stays public with or without a token.
	if a := f.do(t, "GET", "/api/v1/catalog/blog?lang=tr", customer, "", nil); a.status != 200 {
		t.Errorf("public blog for a customer: %d", a.status)
	}
}
