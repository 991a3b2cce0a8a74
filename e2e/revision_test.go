package e2e

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"linguaport/internal/proc"
)

// A revision comes back (issue 23), through nginx, the gateway and the services, with the events
// crossing Redis: to the translator who delivered with no staff step, and, when they cannot take it
// back, to staff who give it to someone else.

// signIn answers the session and the account id of email.
func signIn(t *testing.T, s *devstack, email, password string) (map[string]string, string) {
	t.Helper()
	st, body, set := call(t, s, "POST", "/api/v1/auth/login", map[string]any{"email": email, "password": password}, nil)
	if st != 200 || set["authToken"] == nil {
		t.Fatalf("sign-in of %s: %d %v", email, st, body)
	}
	user, _ := body["user"].(map[string]any)
	id, _ := user["id"].(string)
	return map[string]string{"authToken": set["authToken"].Value}, id
}

// deliverAs uploads a translated file as the translator and delivers the order with it.
func deliverAs(t *testing.T, s *devstack, session map[string]string, orderID, text string) map[string]any {
	t.Helper()
	var form bytes.Buffer
	mw := multipart.NewWriter(&form)
	fw, _ := mw.CreateFormFile("file", "ceviri.txt")
	io.WriteString(fw, text)
	mw.Close()
	req, _ := http.NewRequest("POST", s.web+"/api/v1/orders/files", &form)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Origin", s.web)
	req.AddCookie(&http.Cookie{Name: "authToken", Value: session["authToken"]})
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var up struct{ File struct{ ID string } }
	_ = json.NewDecoder(resp.Body).Decode(&up)
	resp.Body.Close()
	if resp.StatusCode != 201 || up.File.ID == "" {
		t.Fatalf("upload of the delivery: %d %+v", resp.StatusCode, up)
	}
	st, order, _ := call(t, s, "POST", "/api/v1/orders/orders/"+orderID+"/deliver", map[string]any{"fileIds": []string{up.File.ID}, "note": "Teslim"}, session)
	if st != 200 || order["status"] != "delivered" {
		t.Fatalf("deliver: %d %v", st, order)
	}
	return order
}

// claimFromPool waits for the order in the translator's pool and claims it.
func claimFromPool(t *testing.T, s *devstack, session map[string]string, orderID string) {
	t.Helper()
	if err := waitPool(s, session, orderID, true); err != nil {
		t.Fatal(err)
	}
	if st, body, _ := call(t, s, "POST", "/api/v1/orders/orders/"+orderID+"/claim", nil, session); st != 200 {
		t.Fatalf("claim: %d %v", st, body)
	}
}

// historySteps are an order's timeline as status/step, as the caller reads it.
func historySteps(order map[string]any) string {
	var out []string
	for _, h := range asList(order["history"]) {
		e := h.(map[string]any)
		w, _ := e["status"].(string)
		if step, _ := e["step"].(string); step != "" {
			w += "/" + step
		}
		out = append(out, w)
	}
	return strings.Join(out, ",")
}

// earningsFor counts the translator's earnings entries of the order once they appear (svc-billing
// credits order.status_changed completed from events:orders).
func earningsFor(t *testing.T, s *devstack, session map[string]string, orderID string) int {
	t.Helper()
	count := 0
	if err := proc.WaitFor(30*time.Second, func() error {
		st, earnings, err := try(s, "GET", "/api/v1/billing/earnings", nil, session)
		if err != nil || st != 200 {
			return fmt.Errorf("earnings: %d %v %v", st, earnings, err)
		}
		count = 0
		for _, e := range asList(earnings["entries"]) {
			if entry := e.(map[string]any); entry["reason"] == "earning" && entry["reference"] == orderID {
				count++
			}
		}
		if count == 0 {
			return fmt.Errorf("no earning for %s yet: %v", orderID, earnings)
		}
		return nil
	}); err != nil {
		t.Fatalf("%v\n%s", err, tailLogs(s.dataDir))
	}
	return count
}

// testRevisionComesBack: a newcomer orders and pays, the demo translator claims and delivers, the
// customer asks for a revision, the same translator redelivers with no staff action, the customer
// accepts, and the translator's earnings are credited once. Every round is in the timeline for the
// customer, the translator and staff.
func testRevisionComesBack(t *testing.T, s *devstack) {
	orderID, customer := newcomersPaidOrderAs(t, s)
	translator := demoTranslatorSession(t, s)
	admin, _ := signIn(t, s, "admin@linguaport.local", "Yonetici-Demo-2026")
	claimFromPool(t, s, translator, orderID)
	deliverAs(t, s, translator, orderID, "Translated brochure.")

	st, asked, _ := call(t, s, "POST", "/api/v1/orders/orders/"+orderID+"/revision", map[string]any{"reason": "Başlık 2 çevrilmemiş."}, customer)
	if st != 200 || asked["status"] != "revision_requested" {
		t.Fatalf("revision: %d %v", st, asked)
	}
	// At once on the translator's desk, with the reason and the deadline.
	st, list, _ := call(t, s, "GET", "/api/v1/orders/orders", nil, translator)
	i := slices.IndexFunc(asList(list["orders"]), func(o any) bool { return o.(map[string]any)["id"] == orderID })
	if st != 200 || i < 0 {
		t.Fatalf("the revision is not among the translator's jobs: %d %v", st, list)
	}
	if job := asList(list["orders"])[i].(map[string]any); job["status"] != "revision_requested" || job["revisionReason"] != "Başlık 2 çevrilmemiş." || job["revisionDue"] == nil {
		t.Errorf("the translator's job: %v", job)
	}
	deliverAs(t, s, translator, orderID, "Translated brochure, heading 2 included.")
	if st, done, _ := call(t, s, "POST", "/api/v1/orders/orders/"+orderID+"/complete", nil, customer); st != 200 || done["status"] != "completed" {
		t.Fatalf("accept: %d %v", st, done)
	}
	want := "awaiting_payment,in_progress,assigned/claimed,delivered,revision_requested/revision_returned,delivered/redelivered,completed"
	for who, read := range map[string]struct {
		session map[string]string
		path    string
	}{"customer": {customer, "/api/v1/orders/orders/"}, "translator": {translator, "/api/v1/orders/orders/"}, "staff": {admin, "/api/v1/orders/admin/orders/"}} {
		if st, o, _ := call(t, s, "GET", read.path+orderID, nil, read.session); st != 200 || historySteps(o) != want {
			t.Errorf("%s reads the timeline %d %s", who, st, historySteps(o))
		}
	}
	if n := earningsFor(t, s, translator, orderID); n != 1 {
		t.Errorf("the order is credited %d times", n)
	}
	// Still once a moment later (the completion is announced once; the consumer is idempotent).
	time.Sleep(2 * time.Second)
	if n := earningsFor(t, s, translator, orderID); n != 1 {
		t.Errorf("the order is credited %d times", n)
	}
}

// newTranslator applies as a Turkish → English translator, is approved by staff, sets the password
// the approval mails, signs in and takes professional translation into their competencies. It
// answers their session and id.
func newTranslator(t *testing.T, s *devstack, admin map[string]string) (map[string]string, string) {
	t.Helper()
	email := fmt.Sprintf("revizyon-%d@example.com", time.Now().UnixNano())
	var form bytes.Buffer
	mw := multipart.NewWriter(&form)
	for k, v := range map[string]string{"firstName": "Deniz", "lastName": "Yedek", "email": email, "phone": "+90 532 111 22 33",
		"nativeLanguage": "en", "workingLanguages": "tr", "specializations": "legal", "experienceYears": "6",
		"education": "Hacettepe Üniversitesi, Mütercim-Tercümanlık", "certificates": "", "acceptTerms": "true", "lang": "en"} {
		mw.WriteField(k, v)
	}
	fw, _ := mw.CreateFormFile("cv", "cv.pdf")
	io.WriteString(fw, minimalPDF)
	mw.Close()
	req, _ := http.NewRequest("POST", s.web+"/api/v1/translators/applications", &form)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Origin", s.web)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var app map[string]any
	_ = json.NewDecoder(resp.Body).Decode(&app)
	resp.Body.Close()
	if resp.StatusCode != 201 {
		t.Fatalf("application: %d %v", resp.StatusCode, app)
	}
	if st, body, _ := call(t, s, "POST", "/api/v1/translators/admin/applications/"+app["id"].(string)+"/approve", nil, admin); st != 200 {
		t.Fatalf("approve: %d %v", st, body)
	}
	token := ""
	tokenIn := regexp.MustCompile(`reset-password\?token=([A-Za-z0-9_\-.%]+)`)
	if err := proc.WaitFor(30*time.Second, func() error {
		resp, err := http.Get(s.mail + "?to=" + email)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		var msgs []struct{ Subject, Text string }
		_ = json.NewDecoder(resp.Body).Decode(&msgs)
		for _, m := range msgs {
			if found := tokenIn.FindStringSubmatch(m.Text); found != nil {
				token = found[1]
				return nil
			}
		}
		return fmt.Errorf("no password mail for %s: %v", email, msgs)
	}); err != nil {
		t.Fatal(err)
	}
	password := "Yedek-Tercuman-2026"
	if st, body, _ := call(t, s, "POST", "/api/v1/auth/password/reset", map[string]any{"token": token, "newPassword": password, "confirmPassword": password}, nil); st != 204 {
		t.Fatalf("set the password: %d %v", st, body)
	}
	session, id := signIn(t, s, email, password)
	if err := proc.WaitFor(30*time.Second, func() error {
		st, body, err := try(s, "PUT", "/api/v1/translators/profile/competencies", map[string]any{"pairs": []map[string]string{{"source": "tr", "target": "en"}},
			"services": []string{"professional-translation"}, "specializations": []string{"legal"}, "certificates": ""}, session)
		if err != nil || st != 200 {
			return fmt.Errorf("competencies: %d %v %v", st, body, err)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return session, id
}

// minimalPDF is a CV by content (the application sniffs PDF, DOCX or ODT).
const minimalPDF = "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
	"3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n"

// testRevisionEscalated: the demo translator goes on vacation after delivering; the customer's
// revision is escalated at once (staff's inbox and dashboard say so), staff give it to someone
// else, who redelivers, and the customer accepts: the one who delivered last is credited.
func testRevisionEscalated(t *testing.T, s *devstack) {
	admin, _ := signIn(t, s, "admin@linguaport.local", "Yonetici-Demo-2026")
	other, otherID := newTranslator(t, s, admin)
	orderID, customer := newcomersPaidOrderAs(t, s)
	demo, demoID := signIn(t, s, "tercuman@linguaport.local", "Tercuman-Demo-2026")
	claimFromPool(t, s, demo, orderID)
	deliverAs(t, s, demo, orderID, "Translated brochure.")

	// On vacation from today, in Turkey's days; ended when the test is done, so the demo
	// translator's pool is as before for the tests after this one.
	today := time.Now().In(time.FixedZone("TRT", 3*3600))
	st, vacation, _ := call(t, s, "POST", "/api/v1/translators/vacations", map[string]any{"start": today.Format(time.DateOnly),
		"end": today.AddDate(0, 0, 3).Format(time.DateOnly), "note": "e2e"}, demo)
	if st != 201 {
		t.Fatalf("vacation: %d %v", st, vacation)
	}
	t.Cleanup(func() { try(s, "POST", "/api/v1/translators/vacations/"+vacation["id"].(string)+"/end", nil, demo) })
	if err := proc.WaitFor(poolWithin, func() error {
		if _, pool, err := try(s, "GET", "/api/v1/orders/pool", nil, demo); err != nil || pool["onVacation"] != true {
			return fmt.Errorf("svc-orders does not know of the vacation yet: %v %v", pool, err)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}

	st, asked, _ := call(t, s, "POST", "/api/v1/orders/orders/"+orderID+"/revision", map[string]any{"reason": "Tablo eksik."}, customer)
	if st != 200 || asked["status"] != "revision_requested" {
		t.Fatalf("revision: %d %v", st, asked)
	}
	number, _ := asked["number"].(string)
	// Staff are told: an inbox message and the dashboard's count; the order page says why.
	if err := proc.WaitFor(30*time.Second, func() error {
		_, msgs, _ := try(s, "GET", "/api/v1/auth/messages", nil, admin)
		raw, _ := json.Marshal(msgs)
		if !strings.Contains(string(raw), "Revision needs a translator: "+number) {
			return errors.New("no message to staff yet")
		}
		return nil
	}); err != nil {
		t.Errorf("staff's inbox: %v", err)
	}
	if st, sum, _ := call(t, s, "GET", "/api/v1/orders/admin/summary", nil, admin); st != 200 || sum["revisionsEscalated"].(float64) < 1 {
		t.Errorf("dashboard summary: %d %v", st, sum)
	}
	st, detail, _ := call(t, s, "GET", "/api/v1/orders/admin/orders/"+orderID, nil, admin)
	if st != 200 || detail["revisionEscalation"] != "unavailable" || !strings.Contains(historySteps(detail), "revision_requested/revision_escalated") {
		t.Errorf("staff's order: %d %v", st, detail)
	}
	// The eligible list says the demo translator is on vacation and offers the other one.
	if err := proc.WaitFor(poolWithin, func() error {
		_, el, err := try(s, "GET", "/api/v1/orders/admin/orders/"+orderID+"/eligible", nil, admin)
		if err != nil {
			return err
		}
		offered := slices.ContainsFunc(asList(el["candidates"]), func(c any) bool { return c.(map[string]any)["translatorId"] == otherID })
		away := slices.ContainsFunc(asList(el["excluded"]), func(c any) bool {
			return c.(map[string]any)["translatorId"] == demoID && c.(map[string]any)["reason"] == "on_vacation"
		})
		if !offered || !away {
			return fmt.Errorf("eligible: %v", el)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	// "Give to someone else".
	st, given, _ := call(t, s, "POST", "/api/v1/orders/admin/orders/"+orderID+"/assign", map[string]any{"translatorId": otherID, "from": demoID}, admin)
	if st != 200 || given["status"] != "revision_requested" || given["translatorId"] != otherID || !strings.HasSuffix(historySteps(given), "revision_requested/revision_reassigned") {
		t.Fatalf("give to someone else: %d %v", st, given)
	}
	if st, _, _ := call(t, s, "GET", "/api/v1/orders/orders/"+orderID, nil, demo); st != 404 {
		t.Errorf("the demo translator still reads the order: %d", st)
	}
	st, job, _ := call(t, s, "GET", "/api/v1/orders/orders/"+orderID, nil, other)
	if st != 200 || job["revisionReason"] != "Tablo eksik." || job["revisionDue"] == nil {
		t.Errorf("the new translator's job: %d %v", st, job)
	}
	deliverAs(t, s, other, orderID, "Translated brochure, with the table.")
	if st, done, _ := call(t, s, "POST", "/api/v1/orders/orders/"+orderID+"/complete", nil, customer); st != 200 || done["status"] != "completed" {
		t.Fatalf("accept: %d %v", st, done)
	}
	if n := earningsFor(t, s, other, orderID); n != 1 {
		t.Errorf("the one who delivered last is credited %d times", n)
	}
}
