package api_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"linguaport/internal/authn"
	"linguaport/internal/events"
	"linguaport/internal/events/contracts"
	"linguaport/internal/privacy"
	"linguaport/svc-auth/auth"
)

// answerFor publishes what a service answers a copy request with (privacy.part_ready on its
// stream), as that service's privacy.Handler does.
func (f *fixture) answerFor(t *testing.T, requestID, service, area string, files ...privacy.File) {
	t.Helper()
	e, err := events.New(context.Background(), privacy.EventPartReady, privacy.PartReady{RequestID: requestID, Service: service, Files: files})
	if err != nil {
		t.Fatal(err)
	}
	if err := contracts.Check(e.Type, []byte(e.Data)); err != nil {
		t.Fatal(err)
	}
	if err := events.NewPublisher(f.redis.Client).Publish(context.Background(), events.Stream(privacy.Stream), e); err != nil {
		t.Fatal(err)
	}
}

// everyOtherService answers for the services besides svc-auth, each with one file.
func (f *fixture) everyOtherService(t *testing.T, requestID string) {
	for service, area := range map[string]string{"svc-orders": "orders", "svc-billing": "billing", "svc-translators": "translators", "svc-catalog": "catalog"} {
		file, err := privacy.JSONFile(area+".json", map[string]any{"service": service, "items": []int{1, 2, 3}})
		if err != nil {
			t.Fatal(err)
		}
		f.answerFor(t, requestID, service, area, file)
	}
}

// waitState waits until the request reads state for b.
func waitState(t *testing.T, b *browser, id, state string) map[string]any {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		for _, r := range b.do("GET", "privacy/requests", nil).body["requests"].([]any) {
			req := r.(map[string]any)
			if req["id"] == id && req["state"] == state {
				return req
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("request %s never %s", id, state)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// unzip reads a copy: its files by name.
func unzip(t *testing.T, raw string) map[string]string {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader([]byte(raw)), int64(len(raw)))
	if err != nil {
		t.Fatalf("not a ZIP: %v", err)
	}
	out := map[string]string{}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(rc)
		rc.Close()
		out[f.Name] = string(b)
	}
	return out
}

// A signed-in customer asks for a copy from Settings: the request starts at once with its
// 30-day clock, svc-auth answers its own part and waits for every other service; when the last
// answers the copy is ready, mailed about, and downloads as one ZIP with a readme in the
// request's language and each service's files; nobody else downloads it, and staff see it.
func TestPrivacyCopyOfAnAccount(t *testing.T) {
	f := newFixture(t)
	b := f.browser("tr")
	if a := b.register("Deniz Aydın", "deniz@example.com"); a.status != 201 {
		t.Fatalf("register: %d %s", a.status, a.raw)
	}
	keyID, keySecret := b.newKey(map[string]any{"name": "Muhasebe", "scope": "read"})
	// And a webhook endpoint: listed, its secret not.
	hook := b.do("POST", "webhooks", map[string]any{"url": "https://hooks.example.com/muhasebe", "description": "Muhasebe", "types": []string{"invoice.paid"}})
	if hook.status != 201 {
		t.Fatalf("webhook endpoint: %d %s", hook.status, hook.raw)
	}
	asked := b.do("POST", "privacy/requests", map[string]any{"kind": "copy"})
	if asked.status != 201 || asked.body["state"] != "open" || asked.body["daysLeft"] != float64(29) && asked.body["daysLeft"] != float64(30) {
		t.Fatalf("ask: %d %s", asked.status, asked.raw)
	}
	id := asked.body["id"].(string)
	if again := b.do("POST", "privacy/requests", map[string]any{"kind": "copy"}); again.status != 409 || again.code() != "privacy_request_open" {
		t.Errorf("a second open request: %d %s", again.status, again.raw)
	}
	if bad := b.do("POST", "privacy/requests", map[string]any{"kind": "everything"}); bad.status != 400 || bad.field("kind") != "Başvuru türü copy ya da erasure olmalı." {
		t.Errorf("an unknown kind: %d %s", bad.status, bad.raw)
	}
	// svc-auth's own part comes from its own announcement; the others are awaited.
	open := waitUntil(t, func() map[string]any {
		r := b.do("GET", "privacy/requests", nil).body["requests"].([]any)[0].(map[string]any)
		if len(r["parts"].([]any)) == 1 {
			return r
		}
		return nil
	})
	if open["state"] != "open" || len(open["waiting"].([]any)) != 4 {
		t.Fatalf("after svc-auth's part: %v", open)
	}
	if a := b.do("GET", "privacy/requests/"+id+"/copy.zip", nil); a.status != 409 || a.code() != "copy_not_ready" {
		t.Errorf("before every service answered: %d %s", a.status, a.raw)
	}
	f.everyOtherService(t, id)
	f.everyOtherService(t, id) // redelivered answers change nothing
	ready := waitState(t, b, id, "ready")
	if len(ready["parts"].([]any)) != 5 {
		t.Errorf("parts: %v", ready["parts"])
	}
	m := f.mailFor("deniz@example.com", "Verilerinizin kopyası hazır")
	if !strings.Contains(m.Text, "https://site.test/tr/hesabim/ayarlar?privacy="+id) {
		t.Errorf("the mail leads elsewhere:\n%s", m.Text)
	}

	other := f.browser("en")
	other.register("Someone Else", "else@example.com")
	if a := other.do("GET", "privacy/requests/"+id+"/copy.zip", nil); a.status != 404 {
		t.Errorf("another account downloads it: %d", a.status)
	}
	got := b.do("GET", "privacy/requests/"+id+"/copy.zip", nil)
	if got.status != 200 || got.header.Get("Content-Type") != "application/zip" || !strings.Contains(got.header.Get("Content-Disposition"), "linguaport-kisisel-verilerim-") {
		t.Fatalf("download: %d %v", got.status, got.header)
	}
	files := unzip(t, got.raw)
	for _, name := range []string{"BENIOKU.txt", "auth/account.json", "auth/sessions.json", "auth/messages.json", "auth/api_keys.json", "auth/webhook_endpoints.json", "orders/orders.json", "billing/billing.json", "translators/translators.json", "catalog/catalog.json"} {
		if _, ok := files[name]; !ok {
			t.Errorf("the copy lacks %s (has %v)", name, keys(files))
		}
	}
	if !strings.Contains(files["BENIOKU.txt"], "6698 sayılı Kişisel Verilerin Korunması Kanunu") {
		t.Errorf("readme: %s", files["BENIOKU.txt"])
	}
	var account struct {
		Account map[string]any `json:"account"`
	}
	if err := json.Unmarshal([]byte(files["auth/account.json"]), &account); err != nil || account.Account["email"] != "deniz@example.com" || account.Account["fullName"] != "Deniz Aydın" {
		t.Errorf("account.json: %v %s", err, files["auth/account.json"])
	}
	if strings.Contains(got.raw, "passwordHash") {
		t.Error("the copy carries the password hash")
	}
	if k := files["auth/api_keys.json"]; !strings.Contains(k, `"name": "Muhasebe"`) || !strings.Contains(k, keyID) || strings.Contains(k, keySecret) || strings.Contains(k, "digest") {
		t.Errorf("api_keys.json lists the keys without their secrets: %s", k)
	}
	if w := files["auth/webhook_endpoints.json"]; !strings.Contains(w, "https://hooks.example.com/muhasebe") || strings.Contains(w, hook.body["secret"].(string)) || strings.Contains(w, "whsec_") {
		t.Errorf("webhook_endpoints.json lists the endpoints without their secrets: %s", w)
	}
	waitState(t, b, id, "delivered")

	staff := f.staff("staff-kvkk", authn.RoleAdmin)
	list := staff.do("GET", "admin/privacy/requests?state=delivered", nil)
	if list.status != 200 || len(list.body["requests"].([]any)) != 1 || list.body["requests"].([]any)[0].(map[string]any)["email"] != "deniz@example.com" {
		t.Errorf("staff's list: %d %s", list.status, list.raw)
	}
	if a := staff.do("GET", "admin/privacy/requests?state=lost", nil); a.status != 400 {
		t.Errorf("an unknown state: %d", a.status)
	}
	if a := b.do("GET", "admin/privacy/requests", nil); a.status != 403 {
		t.Errorf("a customer reads staff's list: %d", a.status)
	}
}

var privacyLink = regexp.MustCompile(`https://site\.test/(?:tr/kvkk-basvurusu|en/data-request)\?(token|download)=([A-Za-z0-9_.-]+)`)

// A visitor asks through the form: nothing starts until the link mailed to the address is
// opened; then the request runs as any other, and the copy downloads by the link mailed when it
// is ready. A wrong link is refused in the request's language.
func TestPrivacyCopyForAVisitor(t *testing.T) {
	f := newFixture(t)
	v := f.browser("en")
	if a := v.do("POST", "privacy/visitor-requests", map[string]any{"email": "Visitor@Example.com ", "kind": "copy"}); a.status != 202 || a.body["sent"] != true {
		t.Fatalf("ask: %d %s", a.status, a.raw)
	}
	if a := v.do("POST", "privacy/visitor-requests", map[string]any{"email": "not-an-address", "kind": "copy"}); a.status != 400 || a.field("email") != "Enter a valid email address." {
		t.Errorf("a bad address: %d %s", a.status, a.raw)
	}
	m := f.mailFor("visitor@example.com", "Confirm your personal data request")
	l := privacyLink.FindStringSubmatch(m.Text)
	if l == nil || l[1] != "token" {
		t.Fatalf("no confirmation link:\n%s", m.Text)
	}
	for lang, want := range map[string]string{"tr": "Bu bağlantı geçersiz", "en": "This link is not valid"} {
		if a := f.browser(lang).do("POST", "privacy/confirm", map[string]any{"token": l[2] + "x"}); a.status != 400 || !strings.HasPrefix(a.message(), want) {
			t.Errorf("%s, an altered link: %d %s", lang, a.status, a.raw)
		}
	}
	confirmed := v.do("POST", "privacy/confirm", map[string]any{"token": l[2]})
	if confirmed.status != 200 || confirmed.body["state"] != "open" || confirmed.body["userId"] != nil {
		t.Fatalf("confirm: %d %s", confirmed.status, confirmed.raw)
	}
	id := confirmed.body["id"].(string)
	if again := v.do("POST", "privacy/confirm", map[string]any{"token": l[2]}); again.status != 200 || again.body["id"] != id {
		t.Errorf("the link opened twice: %d %s", again.status, again.raw)
	}
	f.everyOtherService(t, id)
	ready := f.mailFor("visitor@example.com", "The copy of your data is ready")
	d := privacyLink.FindStringSubmatch(ready.Text)
	if d == nil || d[1] != "download" {
		t.Fatalf("no download link:\n%s", ready.Text)
	}
	if a := v.do("GET", "privacy/copy.zip?token="+d[2]+"x", nil); a.status != 400 {
		t.Errorf("an altered download link: %d", a.status)
	}
	got := v.do("GET", "privacy/copy.zip?token="+d[2], nil)
	if got.status != 200 {
		t.Fatalf("download: %d %s", got.status, got.raw)
	}
	files := unzip(t, got.raw)
	if !strings.Contains(files["README.txt"], "Personal Data Protection Law") || !strings.Contains(files["auth/account.json"], `"account": null`) {
		t.Errorf("a visitor's copy: %v", files)
	}
}

func waitUntil(t *testing.T, fn func() map[string]any) map[string]any {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		if v := fn(); v != nil {
			return v
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatal("timed out")
	return nil
}

func keys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

// Signing up records what the page showed and what was ticked, with the time, version and
// language: the privacy notice, the agreement and the optional marketing e-mails (unticked
// unless ticked); the choice changes from Settings as a new record, never an overwrite.
func TestConsentsAtSignUp(t *testing.T) {
	f := newFixture(t)
	b := f.browser("tr")
	bad := b.do("POST", "register", map[string]any{"fullName": "Onay Veren", "email": "onay@example.com", "password": "Uzun-Bir-Parola-9",
		"confirmPassword": "Uzun-Bir-Parola-9", "acceptTerms": true, "noticeVersion": "yesterday"})
	if bad.status != 400 || bad.field("noticeVersion") != "Metin sürümü YYYY-AA-GG biçiminde bir tarih olmalı." {
		t.Errorf("a malformed version: %d %s", bad.status, bad.raw)
	}
	reg := b.do("POST", "register", map[string]any{"fullName": "Onay Veren", "email": "onay@example.com", "password": "Uzun-Bir-Parola-9",
		"confirmPassword": "Uzun-Bir-Parola-9", "acceptTerms": true, "noticeVersion": "2026-11-28", "termsVersion": "2026-11-27"})
	if reg.status != 201 {
		t.Fatalf("register: %d %s", reg.status, reg.raw)
	}
	c := b.do("GET", "me/consents", nil)
	history, _ := c.body["history"].([]any)
	if c.status != 200 || c.body["marketingEmails"] != false || len(history) != 3 {
		t.Fatalf("consents: %d %s", c.status, c.raw)
	}
	want := map[string][2]any{"privacy_notice": {true, "2026-11-28"}, "membership_agreement": {true, "2026-11-27"}, "marketing_email": {false, "2026-11-30"}}
	for _, h := range history {
		r := h.(map[string]any)
		w := want[r["kind"].(string)]
		if r["given"] != w[0] || r["version"] != w[1] || r["lang"] != "tr" || r["at"] == nil {
			t.Errorf("record %v, want %v", r, w)
		}
	}
	on := b.do("PUT", "me/consents/marketing", map[string]any{"given": true})
	again := b.do("PUT", "me/consents/marketing", map[string]any{"given": true})
	if on.status != 200 || on.body["marketingEmails"] != true || len(again.body["history"].([]any)) != 4 {
		t.Errorf("marketing on, twice: %d %s / %s", on.status, on.raw, again.raw)
	}
	off := f.browser("en")
	off.cookies = b.cookies
	if a := off.do("PUT", "me/consents/marketing", map[string]any{"given": false}); a.body["marketingEmails"] != false || len(a.body["history"].([]any)) != 5 {
		t.Errorf("withdrawn: %s", a.raw)
	}
	if a := b.do("PUT", "me/consents/marketing", map[string]any{}); a.status != 400 || a.field("given") == "" {
		t.Errorf("no choice: %d %s", a.status, a.raw)
	}
	if a := f.browser("en").do("GET", "me/consents", nil); a.status != 401 {
		t.Errorf("a visitor reads consents: %d", a.status)
	}
}

// The marketing box reads the same on the sign-up form and in Settings as in the record kept.
func TestMarketingWordsAreTheWebUIs(t *testing.T) {
	for _, file := range []string{"../../webui/src/features/auth/texts.js", "../../webui/src/features/privacy/texts.js"} {
		raw, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, words := range []string{auth.MarketingConsentText.TR, auth.MarketingConsentText.EN} {
			if !strings.Contains(string(raw), words) {
				t.Errorf("%s lacks %q", file, words)
			}
		}
	}
}

// erasureReport answers for a service as its Erase would, with an erasure.json report.
func (f *fixture) erasureReport(t *testing.T, requestID, service, area string, kept ...privacy.Count) {
	t.Helper()
	file, err := privacy.JSONFile(privacy.ErasureFile, privacy.Erasure{Erased: []privacy.Count{{Collection: "things", Count: 2}}, Kept: append([]privacy.Count{}, kept...)})
	if err != nil {
		t.Fatal(err)
	}
	f.answerFor(t, requestID, service, area, file)
}

// A customer asks from Settings to have their data erased, confirming with their password: the
// account closes at once (no session, no sign-in), svc-auth erases its identity and messages and
// keeps the consent records and the request; when every service has answered the request is
// completed and the address that asked is mailed what is kept, why and how long. The address is
// then free for a new account.
func TestPrivacyErasureOfAnAccount(t *testing.T) {
	f := newFixture(t)
	b := f.browser("tr")
	if a := b.register("Silinecek Müşteri", "silinecek@example.com"); a.status != 201 {
		t.Fatalf("register: %d %s", a.status, a.raw)
	}
	// An API key, in use: closing the account ends it at once.
	keyID, keySecret := b.newKey(map[string]any{"name": "Entegrasyon", "scope": "read"})
	k := f.keyClient(keySecret)
	// A webhook endpoint with a delivery: both go with the account.
	hook := b.do("POST", "webhooks", map[string]any{"url": "http://127.0.0.1:9/hooks", "types": []string{"order.paid"}})
	if hook.status != 201 || b.do("POST", "webhooks/"+hook.body["id"].(string)+"/test", nil).status != 202 {
		t.Fatalf("webhook endpoint: %d %s", hook.status, hook.raw)
	}
	if a := b.do("POST", "privacy/requests", map[string]any{"kind": "erasure"}); a.status != 400 || a.field("password") == "" {
		t.Errorf("no password: %d %s", a.status, a.raw)
	}
	if a := b.do("POST", "privacy/requests", map[string]any{"kind": "erasure", "password": "yanlis-parola-123"}); a.status != 400 ||
		a.field("password") != "Parolanız hatalı; hesabınızın silinmesini parolanızla onaylayın." {
		t.Errorf("a wrong password: %d %s", a.status, a.raw)
	}
	asked := b.do("POST", "privacy/requests", map[string]any{"kind": "erasure", "password": goodPassword})
	if asked.status != 201 || asked.body["state"] != "open" || asked.body["kind"] != "erasure" {
		t.Fatalf("ask: %d %s", asked.status, asked.raw)
	}
	id := asked.body["id"].(string)
	if a := b.do("GET", "me", nil); a.status != 401 {
		t.Errorf("the session outlived the erasure: %d", a.status)
	}
	if a := f.browser("tr").do("POST", "login", map[string]any{"email": "silinecek@example.com", "password": goodPassword}); a.status != 401 {
		t.Errorf("signed in after asking for erasure: %d", a.status)
	}
	if a := k.do("GET", "me", nil); a.status != 401 {
		t.Errorf("the API key's token outlived the erasure: %d", a.status)
	}
	if a := f.exchange(keySecret, "198.51.100.9", "en"); a.status != 401 {
		t.Errorf("the API key outlived the erasure: %d %s", a.status, a.raw)
	}
	staff := f.staff("staff-erasure", authn.RoleAdmin)
	one := waitUntil(t, func() map[string]any {
		r := staff.do("GET", "admin/privacy/requests/"+id, nil).body
		if len(r["parts"].([]any)) == 1 {
			return r
		}
		return nil
	})
	auth := one["parts"].([]any)[0].(map[string]any)
	if auth["service"] != "svc-auth" || len(auth["kept"].([]any)) != 2 {
		t.Fatalf("svc-auth's part: %v", auth)
	}
	erased := map[string]float64{}
	for _, c := range auth["erased"].([]any) {
		erased[c.(map[string]any)["collection"].(string)] = c.(map[string]any)["count"].(float64)
	}
	if erased["api_keys"] != 1 || erased["audit"] != 1 || erased["webhook_endpoints"] != 1 || erased["webhook_deliveries"] != 1 {
		t.Errorf("svc-auth erased %v, want the key and its audit entry, the endpoint and its delivery", erased)
	}
	if entries := staff.do("GET", "admin/audit?object=apikey:"+keyID, nil).body["entries"].([]any); len(entries) != 0 {
		t.Errorf("the erased key's audit entries are kept: %v", entries)
	}
	// The identity is gone: the address is free for a new account.
	if a := f.browser("en").register("Yeni Biri", "silinecek@example.com"); a.status != 201 {
		t.Errorf("the address is still taken: %d %s", a.status, a.raw)
	}
	f.erasureReport(t, id, "svc-orders", "orders", privacy.Count{Collection: "orders", Count: 1}, privacy.Count{Collection: "quotes", Count: 1})
	f.erasureReport(t, id, "svc-billing", "billing", privacy.Count{Collection: "invoices", Count: 1})
	f.erasureReport(t, id, "svc-translators", "translators")
	f.erasureReport(t, id, "svc-catalog", "catalog")
	done := waitUntil(t, func() map[string]any {
		r := staff.do("GET", "admin/privacy/requests/"+id, nil).body
		if r["state"] == "completed" {
			return r
		}
		return nil
	})
	if done["readyAt"] == nil || len(done["waiting"].([]any)) != 0 {
		t.Errorf("completed: %v", done)
	}
	m := f.mailFor("silinecek@example.com", "Verileriniz silindi")
	for _, want := range []string{"Faturalar, iadeler ve e-Arşiv/e-Fatura belgeleri", "10 yıl", "Vergi Usul Kanunu md. 253", "Siparişin ticari kaydı", "Başvurunun kaydı"} {
		if !strings.Contains(m.Text, want) {
			t.Errorf("the mail lacks %q:\n%s", want, m.Text)
		}
	}
	if strings.Contains(m.Text, "https://site.test/tr/hesabim") {
		t.Error("the mail leads to an account that is gone")
	}
}

// An erasure waits for the work in progress: while the customer has an order paid and not yet
// completed (its documents are the translator's to work from), both ways of asking are refused
// with a 409 naming the order, in the request's language, and nothing closes; announcements of
// the order that arrive late or twice do not reopen it; once it is completed the erasure goes.
func TestPrivacyErasureWaitsForOrdersInProgress(t *testing.T) {
	f := newFixture(t)
	b := f.browser("tr")
	if a := b.register("Siparişi Süren", "suren@example.com"); a.status != 201 {
		t.Fatalf("register: %d %s", a.status, a.raw)
	}
	me := b.do("GET", "me", nil).body
	customerID := me["user"].(map[string]any)["id"].(string)
	publish := func(status, at string) {
		t.Helper()
		e, err := events.New(context.Background(), auth.EventOrderStatusChanged, map[string]any{"orderId": "o-1", "number": "O-2026-00042",
			"customerId": customerID, "status": status, "at": at})
		if err != nil {
			t.Fatal(err)
		}
		if err := events.NewPublisher(f.redis.Client).Publish(context.Background(), events.Stream("orders"), e); err != nil {
			t.Fatal(err)
		}
	}
	erase := func(lang string) answer {
		b.lang = lang
		return b.do("POST", "privacy/requests", map[string]any{"kind": "erasure", "password": goodPassword})
	}
	publish("awaiting_payment", "2026-11-20T10:00:00Z")
	publish("in_progress", "2026-11-20T11:00:00Z")
	// The inbox's message of the payment is written after the state: once it shows, svc-auth knows.
	waitUntil(t, func() map[string]any {
		if l := b.do("GET", "messages", nil); strings.Contains(l.raw, "O-2026-00042 numaralı siparişinizin ödemesi alındı") {
			return l.body
		}
		return nil
	})
	var refused answer
	waitUntil(t, func() map[string]any {
		if refused = erase("tr"); refused.status == 409 {
			return refused.body
		}
		return nil
	})
	if refused.code() != "orders_in_progress" || !strings.Contains(refused.message(), "Devam eden siparişiniz var (O-2026-00042)") {
		t.Errorf("refused: %s", refused.raw)
	}
	if a := erase("en"); a.status != 409 || !strings.Contains(a.message(), "You have orders in progress (O-2026-00042)") {
		t.Errorf("in English: %d %s", a.status, a.raw)
	}
	// The form's link is refused too, and stays usable for when the order is done.
	v := f.browser("en")
	if a := v.do("POST", "privacy/visitor-requests", map[string]any{"email": "suren@example.com", "kind": "erasure"}); a.status != 202 {
		t.Fatalf("the form: %d %s", a.status, a.raw)
	}
	l := privacyLink.FindStringSubmatch(f.mailFor("suren@example.com", "Confirm your personal data request").Text)
	if a := v.do("POST", "privacy/confirm", map[string]any{"token": l[2]}); a.status != 409 || a.code() != "orders_in_progress" {
		t.Errorf("the form's link: %d %s", a.status, a.raw)
	}
	if a := b.do("GET", "me", nil); a.status != 200 {
		t.Errorf("the account closed though the erasure was refused: %d", a.status)
	}

	// Delivered, then completed; the "assigned" that comes after both (a retried handler) is older.
	b.lang = "tr"
	publish("delivered", "2026-11-25T10:00:00Z")
	publish("completed", "2026-11-28T10:00:00Z")
	publish("assigned", "2026-11-21T09:00:00Z")
	waitUntil(t, func() map[string]any {
		if l := b.do("GET", "messages", nil); strings.Count(l.raw, "O-2026-00042 numaralı siparişiniz bir çevirmene atandı") == 1 {
			return l.body
		}
		return nil
	})
	confirmed := waitUntil(t, func() map[string]any {
		if a := v.do("POST", "privacy/confirm", map[string]any{"token": l[2]}); a.status == 200 {
			return a.body
		}
		return nil
	})
	if confirmed["kind"] != "erasure" || confirmed["state"] != "open" {
		t.Errorf("confirmed once the order was completed: %v", confirmed)
	}
	if a := b.do("GET", "me", nil); a.status != 401 {
		t.Errorf("the account is still open after the erasure was confirmed: %d", a.status)
	}
}

// A person who cannot sign in asks through the form: nothing happens until the mailed link is
// opened; then the request is the account's and the account closes as from Settings.
func TestPrivacyErasureByTheForm(t *testing.T) {
	f := newFixture(t)
	f.browser("en").register("Locked Out", "locked@example.com")
	v := f.browser("en")
	if a := v.do("POST", "privacy/visitor-requests", map[string]any{"email": "locked@example.com", "kind": "erasure"}); a.status != 202 {
		t.Fatalf("ask: %d %s", a.status, a.raw)
	}
	if a := f.browser("en").do("POST", "login", map[string]any{"email": "locked@example.com", "password": goodPassword}); a.status != 200 {
		t.Fatalf("the account closed before the link was opened: %d", a.status)
	}
	m := f.mailFor("locked@example.com", "Confirm your personal data request")
	if !strings.Contains(m.Text, "Erasure of my data") {
		t.Errorf("the mail does not say what was asked:\n%s", m.Text)
	}
	l := privacyLink.FindStringSubmatch(m.Text)
	confirmed := v.do("POST", "privacy/confirm", map[string]any{"token": l[2]})
	if confirmed.status != 200 || confirmed.body["kind"] != "erasure" || confirmed.body["userId"] == nil {
		t.Fatalf("confirm: %d %s", confirmed.status, confirmed.raw)
	}
	if a := f.browser("en").do("POST", "login", map[string]any{"email": "locked@example.com", "password": goodPassword}); a.status != 401 {
		t.Errorf("signed in after confirming the erasure: %d", a.status)
	}
}

// A large file arrives in pieces (privacy.part_chunk) and small documents whole in a bundle
// (privacy.part_bundle), possibly after the answer naming them: the answer counts once every
// piece is kept (a redelivered bundle counting once), and the ZIP holds each file whole, in order.
func TestPrivacyCopyOfALargeFileInPiecesAndABundle(t *testing.T) {
	f := newFixture(t)
	b := f.browser("en")
	b.register("Many Orders", "many@example.com")
	id := b.do("POST", "privacy/requests", map[string]any{"kind": "copy"}).body["id"].(string)
	for service, area := range map[string]string{"svc-billing": "billing", "svc-translators": "translators", "svc-catalog": "catalog"} {
		f.answerFor(t, id, service, area)
	}
	big := []byte(`{"orders": "` + strings.Repeat("0123456789", 120_000) + `"}`) // 1.2 MB: three pieces
	pieces := (len(big) + privacy.ChunkBytes - 1) / privacy.ChunkBytes
	publish := func(typ string, payload any) {
		e, err := events.New(context.Background(), typ, payload)
		if err != nil {
			t.Fatal(err)
		}
		if err := contracts.Check(e.Type, []byte(e.Data)); err != nil {
			t.Fatal(err)
		}
		if err := events.NewPublisher(f.redis.Client).Publish(context.Background(), events.Stream(privacy.Stream), e); err != nil {
			t.Fatal(err)
		}
	}
	small := []privacy.BundledFile{{Name: "files/a-brosur.txt", Data: []byte("Broşür metni")}, {Name: "files/b-bos.txt", Data: []byte{}}}
	// More files than svc-auth keeps in one write, so the bundle is kept over several.
	for i := range 38 {
		small = append(small, privacy.BundledFile{Name: fmt.Sprintf("files/c-%02d.txt", i), Data: []byte(strings.Repeat("metin ", i+1))})
	}
	answer := []privacy.File{{Name: "orders.json", Chunks: pieces, Size: int64(len(big))}}
	for _, f := range small {
		answer = append(answer, privacy.File{Name: f.Name, Chunks: 1, Size: int64(len(f.Data))})
	}
	stillOpen := func(when string) {
		t.Helper()
		time.Sleep(300 * time.Millisecond)
		if r := b.do("GET", "privacy/requests", nil).body["requests"].([]any)[0].(map[string]any); r["state"] != "open" {
			t.Fatalf("ready %s: %v", when, r)
		}
	}
	// The answer first, then the bundle twice (redelivered), then the pieces last to first.
	publish(privacy.EventPartReady, privacy.PartReady{RequestID: id, Service: "svc-orders", Files: answer})
	stillOpen("before its pieces came")
	for range 2 {
		publish(privacy.EventPartBundle, privacy.PartBundle{RequestID: id, Service: "svc-orders", Files: small})
	}
	for i := pieces - 1; i >= 0; i-- {
		if i == 0 {
			// Had the redelivered bundle counted twice, the answer would count now.
			stillOpen("with a piece missing")
		}
		piece := big[i*privacy.ChunkBytes : min(len(big), (i+1)*privacy.ChunkBytes)]
		publish(privacy.EventPartChunk, privacy.PartChunk{RequestID: id, Service: "svc-orders", Name: "orders.json", Index: i, Count: pieces, Data: piece})
	}
	waitState(t, b, id, "ready")
	got := b.do("GET", "privacy/requests/"+id+"/copy.zip", nil)
	files := unzip(t, got.raw)
	if files["orders/orders.json"] != string(big) {
		t.Errorf("orders.json came back %d bytes, want the %d sent", len(files["orders/orders.json"]), len(big))
	}
	for _, f := range small {
		if got, ok := files["orders/"+f.Name]; !ok || got != string(f.Data) {
			t.Errorf("%s came back as %q (%v), want %q", f.Name, got, ok, f.Data)
		}
	}
}
