package e2e

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"mime/multipart"
	"net/http"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"linguaport/internal/privacy"
	"linguaport/svc-orders/calendar"
)

// customerWithOrder registers a customer with billing details and an approved quote: its order
// and the invoice the approval issues.
func customerWithOrder(t *testing.T, s *devstack, name string) (session map[string]string, email, orderNumber, invoiceID string) {
	t.Helper()
	email = fmt.Sprintf("kvkk-%d@example.com", time.Now().UnixNano())
	status, body, set := call(t, s, "POST", "/api/v1/auth/register", map[string]any{
		"fullName": name, "email": email, "password": "Uzun-Bir-Parola-9", "confirmPassword": "Uzun-Bir-Parola-9", "acceptTerms": true,
	}, nil)
	if status != 201 {
		t.Fatalf("register: %d %v", status, body)
	}
	session = map[string]string{"authToken": set["authToken"].Value}
	status, quote, _ := call(t, s, "POST", "/api/v1/orders/quotes", map[string]any{
		"service": "professional-translation", "sourceLanguage": "tr", "targetLanguages": []string{"en"}, "quantity": 300, "currency": "TRY",
	}, session)
	if status != 201 {
		t.Fatalf("quote: %d %v", status, quote)
	}
	saveBillingDetails(t, s, session)
	qid := quote["id"].(string)
	status, approval, _ := call(t, s, "POST", "/api/v1/orders/quotes/"+qid+"/approve", acceptingContract(t, s, qid, session), session)
	if status != 200 {
		t.Fatalf("approve: %d %v", status, approval)
	}
	order := approval["order"].(map[string]any)
	return session, email, order["number"].(string), invoiceOf(t, s, session, order["id"].(string))
}

// download GETs path with the session's cookie and answers the body.
func download(t *testing.T, s *devstack, path string, session map[string]string) (int, []byte) {
	t.Helper()
	req, _ := http.NewRequest("GET", s.web+path, nil)
	for k, v := range session {
		req.AddCookie(&http.Cookie{Name: k, Value: v})
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, raw
}

// testPrivacyCopy: a customer with an order and its invoice asks for a copy of their data; every
// service answers through the event streams, and the one ZIP holds each service's records of them
// (the account, the quote, order and contract, the invoice, and the services with nothing kept
// saying so); another customer cannot download it, and staff see the request with its clock.
func testPrivacyCopy(t *testing.T, s *devstack) {
	session, email, orderNumber, invoiceID := customerWithOrder(t, s, "KVKK Müşterisi")
	const uploaded = "Müşterinin kendi belgesi: kopyasında olduğu gibi durmalı."
	fileID := uploadAs(t, s, session, "belgem.txt", uploaded)
	status, asked, _ := call(t, s, "POST", "/api/v1/auth/privacy/requests", map[string]any{"kind": "copy"}, session, "Accept-Language", "tr")
	if status != 201 || asked["state"] != "open" {
		t.Fatalf("ask: %d %v", status, asked)
	}
	id := asked["id"].(string)
	deadline := time.Now().Add(90 * time.Second)
	var request map[string]any
	for {
		_, mine, _ := call(t, s, "GET", "/api/v1/auth/privacy/requests", nil, session)
		request = mine["requests"].([]any)[0].(map[string]any)
		if request["state"] == "ready" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the copy was never ready: %v", request)
		}
		time.Sleep(200 * time.Millisecond)
	}
	status, raw := download(t, s, "/api/v1/auth/privacy/requests/"+id+"/copy.zip", session)
	if status != 200 {
		t.Fatalf("download: %d %s", status, raw)
	}
	zr, err := zip.NewReader(bytes.NewReader(raw), int64(len(raw)))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{}
	folders := map[string]bool{}
	for _, f := range zr.File {
		rc, _ := f.Open()
		b, _ := io.ReadAll(rc)
		rc.Close()
		files[f.Name] = string(b)
		if dir, _, ok := strings.Cut(f.Name, "/"); ok {
			folders[dir] = true
		}
	}
	// A customer: svc-translators keeps nothing of them, which the readme says.
	for _, dir := range []string{"auth", "orders", "billing", "catalog"} {
		if !folders[dir] {
			t.Errorf("the copy has no %s/ folder (files %d)", dir, len(files))
		}
	}
	all := strings.Join(mapValues(files), "\n")
	for _, want := range []string{email, orderNumber, invoiceID, "KVKK Müşterisi", "Distance Sales Contract"} {
		if !strings.Contains(all, want) {
			t.Errorf("the copy does not hold %q", want)
		}
	}
	// The documents the customer uploaded come as they are.
	if got := files["orders/files/"+fileID+"-belgem.txt"]; got != uploaded {
		t.Errorf("the uploaded document in the copy: %q (files %v)", got, mapKeys(files))
	}
	if !strings.Contains(files["BENIOKU.txt"], "6698") || !strings.Contains(files["BENIOKU.txt"], "- translators/") {
		t.Errorf("no Turkish readme naming every service: %v\n%s", mapKeys(files), files["BENIOKU.txt"])
	}

	other, _, _, _ := customerWithOrder(t, s, "Başka Müşteri")
	if status, _ := download(t, s, "/api/v1/auth/privacy/requests/"+id+"/copy.zip", other); status != 404 {
		t.Errorf("another customer downloads the copy: %d", status)
	}
	admin, _ := signIn(t, s, "admin@linguaport.local", "Yonetici-Demo-2026")
	status, list, _ := call(t, s, "GET", "/api/v1/auth/admin/privacy/requests?state=all", nil, admin)
	if status != 400 && status != 200 {
		t.Fatalf("staff's list: %d", status)
	}
	_, list, _ = call(t, s, "GET", "/api/v1/auth/admin/privacy/requests", nil, admin)
	found := false
	for _, r := range list["requests"].([]any) {
		if r.(map[string]any)["id"] == id {
			found = true
		}
	}
	if !found {
		t.Errorf("staff do not see the request: %v", list)
	}
}

func mapValues(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for _, v := range m {
		out = append(out, v)
	}
	return out
}

func mapKeys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

// testPrivacyErasure: a customer with an order, its invoice, an uploaded file and a chat asks to
// be erased: refused while the order is in progress, taken once it is completed, while svc-catalog
// is stopped (SIGSTOP: alive, answering nothing). The account closes
// at once; every other service answers and the request waits for svc-catalog, which staff see;
// once it runs again the erasure completes. What remains is exactly the written retention list:
// the account without its identity, the request, the order and the approved quote without their
// text, the invoice; the file, the chat and the sign-in are gone.
func testPrivacyErasure(t *testing.T, s *devstack) {
	session, email, orderNumber, invoiceID := customerWithOrder(t, s, "Silinecek Müşteri")
	_, mine, _ := call(t, s, "GET", "/api/v1/orders/orders", nil, session)
	orderID := mine["orders"].([]any)[0].(map[string]any)["id"].(string)
	fileID := uploadAs(t, s, session, "silinecek.txt", "Silinecek bir belge, kişisel bilgilerle.")
	status, chat, _ := call(t, s, "POST", "/api/v1/catalog/chat/conversations", map[string]any{"name": "Silinecek Müşteri", "text": "Merhaba, siparişim hakkında bir sorum var.", "language": "tr"}, session)
	if status != 201 {
		t.Fatalf("chat: %d %v", status, chat)
	}
	chatID := chat["conversation"].(map[string]any)["id"].(string)

	// Staff act on the customer's records: the bank transfer arrives (svc-billing's audit) and
	// the paid order's date moves, with a note to the customer (svc-orders' audit).
	admin, _ := signIn(t, s, "admin@linguaport.local", "Yonetici-Demo-2026")
	if status, paid, _ := call(t, s, "POST", "/api/v1/billing/admin/invoices/"+invoiceID+"/mark-paid",
		map[string]any{"reference": "EFT-KVKK-1", "receivedAt": calendar.DateOf(time.Now()).String()}, admin); status != 200 {
		t.Fatalf("mark paid: %d %v", status, paid)
	}
	waitFor(t, 30*time.Second, "the order is paid", func() bool {
		_, o, _ := call(t, s, "GET", "/api/v1/orders/admin/orders/"+orderID, nil, admin)
		return o["paidAt"] != nil
	})
	const dateNote = "Silinecek Bey'in isteğiyle ertelendi"
	if status, moved, _ := call(t, s, "POST", "/api/v1/orders/admin/orders/"+orderID+"/expected-date",
		map[string]any{"expectedDate": calendar.AddBusinessDays(calendar.DateOf(time.Now()), 10).String(), "note": dateNote}, admin); status != 200 {
		t.Fatalf("move the date: %d %v", status, moved)
	}

	// The order is paid and in the pool: work in progress, whose documents a translator needs.
	// The erasure waits for it, and says so in the person's language.
	status, refused, _ := call(t, s, "POST", "/api/v1/auth/privacy/requests", map[string]any{"kind": "erasure", "password": "Uzun-Bir-Parola-9"}, session, "Accept-Language", "tr")
	if status != 409 || !strings.Contains(fmt.Sprint(refused), orderNumber) || !strings.Contains(fmt.Sprint(refused), "Devam eden siparişiniz var") {
		t.Fatalf("erasure with an order in progress: %d %v", status, refused)
	}
	translator := demoTranslatorSession(t, s)
	claimFromPool(t, s, translator, orderID)
	deliverAs(t, s, translator, orderID, "Silinecek Bey'in çevirisi.")
	if st, done, _ := call(t, s, "POST", "/api/v1/orders/orders/"+orderID+"/complete", nil, session); st != 200 || done["status"] != "completed" {
		t.Fatalf("accept: %d %v", st, done)
	}

	catalog := childByComm(t, s.cmd.Process.Pid, "svc-catalog")
	if err := syscall.Kill(catalog, syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	stopped := true
	defer func() {
		if stopped {
			_ = syscall.Kill(catalog, syscall.SIGCONT)
		}
	}()
	// svc-auth hears of the completion over events:orders; until then it still refuses.
	var asked map[string]any
	waitFor(t, 30*time.Second, "the erasure is taken once the order is completed", func() bool {
		status, asked, _ = call(t, s, "POST", "/api/v1/auth/privacy/requests", map[string]any{"kind": "erasure", "password": "Uzun-Bir-Parola-9"}, session, "Accept-Language", "tr")
		return status != 409
	})
	if status != 201 || asked["state"] != "open" {
		t.Fatalf("ask: %d %v", status, asked)
	}
	id := asked["id"].(string)
	if status, _, _ := call(t, s, "POST", "/api/v1/auth/login", map[string]any{"email": email, "password": "Uzun-Bir-Parola-9"}, nil); status != 401 {
		t.Errorf("signed in after asking for erasure: %d", status)
	}
	request := func() map[string]any {
		_, r, _ := call(t, s, "GET", "/api/v1/auth/admin/privacy/requests/"+id, nil, admin)
		return r
	}
	waitFor(t, 60*time.Second, "every service but the stopped one answers", func() bool {
		r := request()
		w, _ := r["waiting"].([]any)
		return len(w) == 1 && w[0] == "svc-catalog"
	})
	time.Sleep(2 * time.Second)
	if r := request(); r["state"] != "open" {
		t.Fatalf("completed without svc-catalog: %v", r)
	}
	if err := syscall.Kill(catalog, syscall.SIGCONT); err != nil {
		t.Fatal(err)
	}
	stopped = false
	waitFor(t, 90*time.Second, "the erasure completes once svc-catalog runs again", func() bool { return request()["state"] == "completed" })

	// What remains: exactly the written retention list.
	kept := map[string]bool{}
	for _, p := range request()["parts"].([]any) {
		part := p.(map[string]any)
		reported, _ := part["kept"].([]any) // none when the service keeps nothing
		for _, k := range reported {
			c := k.(map[string]any)
			if c["count"].(float64) > 0 {
				kept[part["service"].(string)+" "+c["collection"].(string)] = true
			}
		}
	}
	want := []string{"svc-auth privacy_requests", "svc-auth users", "svc-billing audit", "svc-billing invoices", "svc-billing payments",
		"svc-orders audit", "svc-orders orders", "svc-orders quotes"}
	if got := slices.Sorted(maps.Keys(kept)); !slices.Equal(got, want) {
		t.Errorf("kept %v, want the retention list's %v", got, want)
	}
	for line := range kept {
		service, collection, _ := strings.Cut(line, " ")
		if _, ok := privacy.RuleFor(service, collection); !ok {
			t.Errorf("%s is kept but not in the retention list", line)
		}
	}
	if status, inv, _ := call(t, s, "GET", "/api/v1/billing/admin/invoices/"+invoiceID, nil, admin); status != 200 || !strings.Contains(fmt.Sprint(inv), "E2E Müşteri") {
		t.Errorf("the invoice, with the buyer it was issued to, is not kept: %d %v", status, inv)
	}
	if status, o, _ := call(t, s, "GET", "/api/v1/orders/admin/orders/"+orderID, nil, admin); status != 200 || o["number"] != orderNumber || o["brief"] != "" {
		t.Errorf("the order's record: %d %v", status, o)
	}
	// Staff's record of moving the date stays, without the note that named the customer.
	if status, page, _ := call(t, s, "GET", "/api/v1/orders/admin/audit?object=order:"+orderID, nil, admin); status != 200 ||
		len(page["entries"].([]any)) != 1 || strings.Contains(fmt.Sprint(page), dateNote) || !strings.Contains(fmt.Sprint(page), "order.expected_date") {
		t.Errorf("the order's audit entries after the erasure: %d %v", status, page)
	}
	if status, _ := download(t, s, "/api/v1/orders/files/"+fileID, admin); status != 404 {
		t.Errorf("the uploaded file is still there: %d", status)
	}
	// svc-catalog, stopped a moment ago, may not be back in the gateway's list yet (503).
	var chatStatus int
	waitFor(t, 60*time.Second, "svc-catalog answers again", func() bool {
		chatStatus, _, _ = call(t, s, "GET", "/api/v1/catalog/admin/chat/conversations/"+chatID, nil, admin)
		return chatStatus != 503
	})
	if chatStatus != 404 {
		t.Errorf("the chat is still there: %d", chatStatus)
	}
	// The address is free again: a new account takes it.
	if status, body, _ := call(t, s, "POST", "/api/v1/auth/register", map[string]any{
		"fullName": "Yeni Biri", "email": email, "password": "Uzun-Bir-Parola-9", "confirmPassword": "Uzun-Bir-Parola-9", "acceptTerms": true,
	}, nil); status != 201 {
		t.Errorf("the erased address is still taken: %d %v", status, body)
	}
}

// uploadAs uploads a text file as the session's customer and answers its id.
func uploadAs(t *testing.T, s *devstack, session map[string]string, name, text string) string {
	t.Helper()
	form, contentType := fileForm(name, text)
	req, _ := http.NewRequest("POST", s.web+"/api/v1/orders/files", form)
	req.Header.Set("Content-Type", contentType)
	req.Header.Set("Origin", s.web)
	for k, v := range session {
		req.AddCookie(&http.Cookie{Name: k, Value: v})
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var up struct{ File struct{ ID string } }
	_ = json.NewDecoder(resp.Body).Decode(&up)
	if resp.StatusCode != 201 {
		t.Fatalf("upload: %d", resp.StatusCode)
	}
	return up.File.ID
}

// fileForm is an upload's multipart body: one file, name, holding text; and its Content-Type.
func fileForm(name, text string) (*bytes.Buffer, string) {
	var form bytes.Buffer
	mw := multipart.NewWriter(&form)
	fw, _ := mw.CreateFormFile("file", name)
	_, _ = io.WriteString(fw, text)
	_ = mw.Close()
	return &form, mw.FormDataContentType()
}

// waitFor polls done until it holds or within passes.
func waitFor(t *testing.T, within time.Duration, what string, done func() bool) {
	t.Helper()
	deadline := time.Now().Add(within)
	for !done() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out: %s", what)
		}
		time.Sleep(250 * time.Millisecond)
	}
}
