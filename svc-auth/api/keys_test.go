package api_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"linguaport/internal/authn"
	apikeys "linguaport/svc-auth/keys"
)

// newKey makes a key as b's signed-in customer and fails the test unless it is made.
func (b *browser) newKey(body map[string]any) (id, secret string) {
	b.f.t.Helper()
	a := b.do("POST", "keys", body)
	if a.status != http.StatusCreated {
		b.f.t.Fatalf("new key %v: %d %s", body, a.status, a.raw)
	}
	id, _ = a.body["id"].(string)
	secret, _ = a.body["secret"].(string)
	return id, secret
}

// exchange asks for a token for secret from the address ip, as the gateway does.
func (f *fixture) exchange(secret, ip, lang string) answer {
	f.t.Helper()
	b := f.browser(lang)
	b.ip = ip
	return b.do("POST", "keys/token", map[string]any{"key": secret}, "Origin", "")
}

// keyClient is a client that signs its requests with secret's token, as the gateway passes it on.
func (f *fixture) keyClient(secret string) *browser {
	f.t.Helper()
	a := f.exchange(secret, "198.51.100.1", "en")
	if a.status != http.StatusOK {
		f.t.Fatalf("exchange: %d %s", a.status, a.raw)
	}
	b := f.browser("en")
	b.token = a.body["token"].(string)
	return b
}

func keyList(a answer) []map[string]any {
	var out []map[string]any
	list, _ := a.body["keys"].([]any)
	for _, v := range list {
		out = append(out, v.(map[string]any))
	}
	return out
}

// A customer makes a key and sees its secret once; the list never shows it again. The key's
// token acts as the customer (same identity as a session: GET me) and names the key; revoking
// the key ends its tokens at once in every verifier (the session is gone) and refuses the key
// itself, in the request's language.
func TestAPIKeyActsAsItsCustomerUntilRevoked(t *testing.T) {
	f := newFixture(t)
	b := f.browser("en")
	me := b.register("Entegrasyon Müşterisi", "api@example.com").user()
	id, secret := b.newKey(map[string]any{"name": "  CMS connector ", "scope": "read+write"})
	if !apikeys.WellFormed(secret) || !strings.HasPrefix(secret, "lp_live_") {
		t.Fatalf("secret %q is not a live key", secret)
	}
	list := b.do("GET", "keys", nil)
	got := keyList(list)
	if len(got) != 1 || got[0]["id"] != id || got[0]["name"] != "CMS connector" || got[0]["scope"] != "read+write" ||
		got[0]["sandbox"] != false || got[0]["shown"] != secret[:12] || got[0]["lastUsedAt"] != nil {
		t.Fatalf("keys: %s", list.raw)
	}
	if strings.Contains(list.raw, secret) || strings.Contains(list.raw, apikeys.Digest(secret)) || strings.Contains(list.raw, "digest") {
		t.Fatalf("the list shows the secret or its digest: %s", list.raw)
	}

	k := f.keyClient(secret)
	claims, err := decodeClaims(k.token)
	if err != nil || !strings.Contains(string(claims), `"key":"`+id+`"`) || !strings.Contains(string(claims), `"scope":"write"`) {
		t.Fatalf("the key's token says %s (%v)", claims, err)
	}
	if a := k.do("GET", "me", nil); a.status != http.StatusOK || a.user()["id"] != me["id"] {
		t.Fatalf("me with the key: %d %s", a.status, a.raw)
	}
	if got := keyList(b.do("GET", "keys", nil)); got[0]["lastUsedAt"] == nil {
		t.Error("the key's last use is not shown after it was used")
	}

	if a := b.do("POST", "keys/"+id+"/revoke", nil); a.status != http.StatusOK || a.body["revokedAt"] == nil || a.body["revokedBy"] != "owner" {
		t.Fatalf("revoke: %d %s", a.status, a.raw)
	}
	if a := k.do("GET", "me", nil); a.status != http.StatusUnauthorized || a.code() != "key_revoked" {
		t.Fatalf("the revoked key's token: %d %s", a.status, a.raw)
	}
	for lang, want := range map[string]string{"en": "This API key has been revoked.", "tr": "Bu API anahtarı iptal edildi."} {
		if a := f.exchange(secret, "198.51.100.2", lang); a.status != http.StatusUnauthorized || a.code() != "key_revoked" || a.message() != want {
			t.Errorf("exchange of a revoked key (%s): %d %s", lang, a.status, a.raw)
		}
	}
	// Revoking again answers the key as it is.
	if a := b.do("POST", "keys/"+id+"/revoke", nil); a.status != http.StatusOK || a.body["revokedBy"] != "owner" {
		t.Fatalf("revoke again: %d %s", a.status, a.raw)
	}
}

// A read-only key reads and is refused every write, in the service as at the edge; a public
// write (an estimate) would be served as a visitor's.
func TestReadOnlyKeyOnlyReads(t *testing.T) {
	f := newFixture(t)
	b := f.browser("en")
	b.register("Okuyan Müşteri", "reader@example.com")
	_, secret := b.newKey(map[string]any{"name": "Reports", "scope": "read"})
	k := f.keyClient(secret)
	if a := k.do("GET", "me", nil); a.status != http.StatusOK {
		t.Fatalf("a read-only key reading: %d %s", a.status, a.raw)
	}
	k.lang = "tr"
	a := k.do("PATCH", "me", map[string]any{"fullName": "Başka Ad"})
	if a.status != http.StatusForbidden || a.code() != "read_only_key" || a.message() != "Bu API anahtarı yalnızca okuma yetkisine sahip." {
		t.Fatalf("a read-only key writing: %d %s", a.status, a.raw)
	}
	if u := b.do("GET", "me", nil).user(); u["fullName"] != "Okuyan Müşteri" {
		t.Fatalf("the refused write changed the account: %v", u)
	}
}

// What a new key may be, worded in the request's language; only customers hold keys, a key
// cannot make or revoke keys, another's key does not exist, and at most MaxActive are active.
func TestAPIKeyRules(t *testing.T) {
	f := newFixture(t)
	tr := f.browser("tr")
	tr.register("Kural Müşterisi", "rules@example.com")
	past := time.Now().Add(-time.Hour).UTC().Format(time.RFC3339)
	far := time.Now().Add(3 * 365 * 24 * time.Hour).UTC().Format(time.RFC3339)
	for _, c := range []struct {
		body         map[string]any
		field, words string
	}{
		{map[string]any{"name": " ", "scope": "read"}, "name", "Bu alan zorunludur."},
		{map[string]any{"name": strings.Repeat("a", apikeys.MaxNameRunes+1), "scope": "read"}, "name", "Bu alan çok uzun."},
		{map[string]any{"name": "x", "scope": "admin"}, "scope", "Kapsam read ya da read+write olmalı."},
		{map[string]any{"name": "x", "scope": "read", "expiresAt": past}, "expiresAt", "Son geçerlilik tarihi gelecekte olmalı."},
		{map[string]any{"name": "x", "scope": "read", "expiresAt": far}, "expiresAt", "Son geçerlilik tarihi en çok iki yıl sonrası olabilir."},
	} {
		a := tr.do("POST", "keys", c.body)
		if a.status != http.StatusBadRequest || a.field(c.field) != c.words {
			t.Errorf("%v: %d %s", c.body, a.status, a.raw)
		}
	}
	for _, body := range []string{`{"name":"x","scope":"read","extra":1}`, `{"name":1,"scope":"read"}`, `[]`} {
		a := tr.do("POST", "keys", rawJSON(body))
		if a.status != http.StatusBadRequest {
			t.Errorf("%s: %d %s", body, a.status, a.raw)
		}
	}
	if got := keyList(tr.do("GET", "keys", nil)); len(got) != 0 {
		t.Fatalf("refused keys were stored: %v", got)
	}

	// A sandbox key is marked, its secret says so, and its token acts as the customer's sandbox
	// id: a second account, whose webhook endpoints the live account does not see.
	sbxID, sbxSecret := tr.newKey(map[string]any{"name": "Deneme", "scope": "read+write", "sandbox": true})
	if !strings.HasPrefix(sbxSecret, "lp_test_") {
		t.Errorf("a sandbox key's secret: %q", sbxSecret)
	}
	if got := keyList(tr.do("GET", "keys", nil)); len(got) != 1 || got[0]["id"] != sbxID || got[0]["sandbox"] != true {
		t.Errorf("the list with a sandbox key: %v", got)
	}
	sbx := f.keyClient(sbxSecret)
	me := tr.do("GET", "me", nil).user()
	if sub := tokenSubject(t, sbx.token); sub != authn.SandboxID(me["id"].(string)) {
		t.Errorf("a sandbox key's token names %q, want the sandbox id of %v", sub, me["id"])
	}
	if a := sbx.do("GET", "me", nil); a.status != http.StatusOK || a.user()["email"] != me["email"] {
		t.Errorf("a sandbox key reading its account: %d %s", a.status, a.raw)
	}
	if a := sbx.do("PATCH", "me", map[string]any{"fullName": "Sandbox Adı"}); a.status < 400 || a.status >= 500 {
		t.Errorf("a sandbox key changing the account: %d %s", a.status, a.raw)
	}
	if a := sbx.do("POST", "webhooks", map[string]any{"url": "https://hooks.example.com/sbx", "types": []string{"order.delivered"}}); a.status != http.StatusCreated {
		t.Fatalf("a sandbox endpoint: %d %s", a.status, a.raw)
	}
	if a := tr.do("GET", "webhooks", nil); a.status != http.StatusOK || strings.Contains(string(a.raw), "hooks.example.com/sbx") {
		t.Errorf("the live account sees the sandbox's endpoint: %d %s", a.status, a.raw)
	}
	tr.do("POST", "keys/"+sbxID+"/revoke", nil)
	id, secret := tr.newKey(map[string]any{"name": "Deneme", "scope": "read+write"})
	k := f.keyClient(secret)
	if a := k.do("POST", "keys", map[string]any{"name": "more", "scope": "read"}); a.status != http.StatusForbidden || a.code() != "key_cannot_manage_keys" {
		t.Errorf("a key making a key: %d %s", a.status, a.raw)
	}
	if a := k.do("POST", "keys/"+id+"/revoke", nil); a.status != http.StatusForbidden || a.code() != "key_cannot_manage_keys" {
		t.Errorf("a key revoking a key: %d %s", a.status, a.raw)
	}
	other := f.browser("en")
	other.register("Başka Müşteri", "other@example.com")
	if a := other.do("POST", "keys/"+id+"/revoke", nil); a.status != http.StatusNotFound {
		t.Errorf("another customer revoking the key: %d %s", a.status, a.raw)
	}
	if a := f.exchange(secret, "198.51.100.3", "en"); a.status != http.StatusOK {
		t.Errorf("the key after another's attempt to revoke it: %d %s", a.status, a.raw)
	}
	for _, role := range []authn.Role{authn.RoleTranslator, authn.RoleAdmin} {
		if a := f.staff("u-"+string(role), role).do("POST", "keys", map[string]any{"name": "x", "scope": "read"}); a.status != http.StatusForbidden {
			t.Errorf("a %s making a key: %d %s", role, a.status, a.raw)
		}
	}

	for i := 1; i < apikeys.MaxActive; i++ {
		tr.newKey(map[string]any{"name": fmt.Sprintf("k%d", i), "scope": "read"})
	}
	if a := tr.do("POST", "keys", map[string]any{"name": "one too many", "scope": "read"}); a.status != http.StatusConflict || a.code() != "too_many_keys" {
		t.Fatalf("key %d: %d %s", apikeys.MaxActive+1, a.status, a.raw)
	}
	tr.do("POST", "keys/"+id+"/revoke", nil)
	tr.newKey(map[string]any{"name": "after a revocation", "scope": "read"})
}

// rawJSON is a body sent as it is written.
type rawJSON string

func (r rawJSON) MarshalJSON() ([]byte, error) { return []byte(r), nil }

// A key with an expiry works until it, its tokens end with it, and then it is refused.
func TestAPIKeyExpires(t *testing.T) {
	clock := &fakeClock{}
	f := startFixture(t, fixtureConfig{clock: clock})
	b := f.browser("en")
	b.register("Süreli Müşteri", "expiring@example.com")
	at := time.Now().Add(2 * time.Minute).UTC().Truncate(time.Second)
	_, secret := b.newKey(map[string]any{"name": "Two minutes", "scope": "read", "expiresAt": at.Format(time.RFC3339)})
	a := f.exchange(secret, "198.51.100.4", "en")
	if a.status != http.StatusOK || a.body["expiresAt"] != at.Format(time.RFC3339) {
		t.Fatalf("a token of a key ending before the token would: %d %s, want it to end at %s", a.status, a.raw, at)
	}
	clock.Advance(3 * time.Minute)
	if a := f.exchange(secret, "198.51.100.4", "en"); a.status != http.StatusUnauthorized || a.code() != "key_expired" {
		t.Fatalf("an expired key: %d %s", a.status, a.raw)
	}
	// An expired key is no longer one of the active ones a customer may hold.
	for i := range apikeys.MaxActive {
		b.newKey(map[string]any{"name": fmt.Sprintf("after %d", i), "scope": "read"})
	}
	if a := b.do("POST", "keys", map[string]any{"name": "one too many", "scope": "read"}); a.status != http.StatusConflict {
		t.Fatalf("key %d beside an expired one: %d %s", apikeys.MaxActive+1, a.status, a.raw)
	}
}

// An address that presents unknown keys is answered 429 with Retry-After once it failed
// MaxFailures times; others, and good keys, are not held up by it.
func TestFailedKeyExchangesAreLimitedPerAddress(t *testing.T) {
	f := newFixture(t)
	b := f.browser("en")
	b.register("Limit Müşterisi", "limits@example.com")
	_, secret := b.newKey(map[string]any{"name": "Good", "scope": "read"})
	for i := range apikeys.MaxFailures {
		if a := f.exchange(fmt.Sprintf("lp_live_%032d", i), "192.0.2.9", "en"); a.status != http.StatusUnauthorized || a.code() != "invalid_key" {
			t.Fatalf("unknown key %d: %d %s", i, a.status, a.raw)
		}
	}
	a := f.exchange("lp_live_"+strings.Repeat("a", 32), "192.0.2.9", "tr")
	if a.status != http.StatusTooManyRequests || a.code() != "too_many_key_failures" || a.header.Get("Retry-After") == "" {
		t.Fatalf("failure %d: %d %s %v", apikeys.MaxFailures+1, a.status, a.raw, a.header)
	}
	if a := f.exchange("lp_live_"+strings.Repeat("b", 32), "192.0.2.10", "en"); a.status != http.StatusUnauthorized {
		t.Errorf("another address: %d %s", a.status, a.raw)
	}
	if a := f.exchange(secret, "192.0.2.10", "en"); a.status != http.StatusOK {
		t.Errorf("a good key from another address: %d %s", a.status, a.raw)
	}
	for _, bad := range []string{"", "lp_live_short", "Bearer lp_live_x", strings.Repeat("x", 500)} {
		if a := f.exchange(bad, "192.0.2.11", "en"); a.status != http.StatusUnauthorized || a.code() != "invalid_key" {
			t.Errorf("%q: %d %s", bad, a.status, a.raw)
		}
	}
}

// Staff see every key, newest first in pages of 50, and revoke any: its token stops at once.
// Every key made and revoked is in svc-auth's audit log, with who did it.
func TestStaffSeeAndRevokeAnyKey(t *testing.T) {
	f := newFixture(t)
	var last, lastSecret string
	for c := range 3 {
		b := f.browser("en")
		b.register(fmt.Sprintf("Müşteri %d", c), fmt.Sprintf("c%d@example.com", c))
		for i := range 17 {
			last, lastSecret = b.newKey(map[string]any{"name": fmt.Sprintf("c%d-k%d", c, i), "scope": "read"})
		}
	}
	staff := f.staff("staff-1", authn.RoleAdmin)
	page := staff.do("GET", "admin/keys", nil)
	first := keyList(page)
	if page.status != http.StatusOK || len(first) != apikeys.PageSize || first[0]["id"] != last || page.body["next"] == "" {
		t.Fatalf("staff's first page: %d, %d keys, next %v", page.status, len(first), page.body["next"])
	}
	rest := keyList(staff.do("GET", "admin/keys?after="+page.body["next"].(string), nil))
	if len(rest) != 51-apikeys.PageSize {
		t.Fatalf("the second page holds %d keys, want %d", len(rest), 51-apikeys.PageSize)
	}
	if a := staff.do("GET", "admin/keys?after=nosuchkey", nil); a.status != http.StatusNotFound {
		t.Errorf("a cursor naming no key: %d %s", a.status, a.raw)
	}

	k := f.keyClient(lastSecret)
	if a := staff.do("POST", "admin/keys/"+last+"/revoke", nil); a.status != http.StatusOK || a.body["revokedBy"] != "staff" {
		t.Fatalf("staff revoke: %d %s", a.status, a.raw)
	}
	if a := k.do("GET", "me", nil); a.status != http.StatusUnauthorized {
		t.Fatalf("the key staff revoked still works: %d %s", a.status, a.raw)
	}
	for _, role := range []authn.Role{authn.RoleCustomer, authn.RoleTranslator} {
		if a := f.staff("x-"+string(role), role).do("GET", "admin/keys", nil); a.status != http.StatusForbidden {
			t.Errorf("a %s listing every key: %d", role, a.status)
		}
	}

	audit := staff.do("GET", "admin/audit?object=apikey:"+last, nil)
	entries, _ := audit.body["entries"].([]any)
	if audit.status != http.StatusOK || len(entries) != 2 {
		t.Fatalf("the key's audit: %d %s", audit.status, audit.raw)
	}
	revoked, made := entries[0].(map[string]any), entries[1].(map[string]any)
	if revoked["action"] != "apikey.revoke" || revoked["actor"].(map[string]any)["id"] != "staff-1" ||
		made["action"] != "apikey.create" || made["actor"].(map[string]any)["name"] != "Müşteri 2" {
		t.Fatalf("the key's audit: %s", audit.raw)
	}
}

// A revocation racing an exchange never leaves the key a live session: either the exchange sees
// the key revoked, or the revocation's close comes after the exchange's open. Two revocations at
// once record one entry.
func TestRevocationRacingAnExchange(t *testing.T) {
	f := newFixture(t)
	b := f.browser("en")
	b.register("Yarış Müşterisi", "race@example.com")
	for i := range 10 {
		id, secret := b.newKey(map[string]any{"name": fmt.Sprintf("race %d", i), "scope": "read"})
		var wg sync.WaitGroup
		for range 2 {
			wg.Go(func() {
				if _, err := b.send("POST", "keys/"+id+"/revoke", nil); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Go(func() { _, _ = f.browser("en").send("POST", "keys/token", map[string]any{"key": secret}) })
		wg.Wait()
		if n, err := f.redis.Client.Exists(context.Background(), authn.SessionKey(apikeys.Session(id))).Result(); err != nil || n != 0 {
			t.Fatalf("race %d: the revoked key's session is alive (%d, %v)", i, n, err)
		}
		audit := f.staff("auditor", authn.RoleAdmin).do("GET", "admin/audit?object=apikey:"+id, nil)
		if entries, _ := audit.body["entries"].([]any); len(entries) != 2 {
			t.Fatalf("race %d: %d audit entries, want the key's making and one revocation: %s", i, len(entries), audit.raw)
		}
	}
}

// tokenSubject is the sub claim of an access token (read, not verified: the services verify).
func tokenSubject(t *testing.T, token string) string {
	t.Helper()
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		t.Fatalf("not a token: %q", token)
	}
	raw, err := base64.RawURLEncoding.DecodeString(parts[1])
	var c struct {
		Sub string `json:"sub"`
	}
	if err != nil || json.Unmarshal(raw, &c) != nil {
		t.Fatalf("token payload %q: %v", parts[1], err)
	}
	return c.Sub
}
