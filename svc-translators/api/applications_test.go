package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"linguaport/internal/authn"
	"linguaport/internal/events"
	"linguaport/internal/httpx"
	"linguaport/internal/mailcapture"
	"linguaport/internal/searchkeys"
	"linguaport/internal/testenv"
	"linguaport/svc-translators/api"
	"linguaport/svc-translators/applications"
)

// An application goes from the form to staff's decision: stored with its files, confirmed by
// mail in the applicant's language, listed and found by staff, its CV downloadable as uploaded,
// approved once (translator.approved on the stream, with a translator id) however often staff
// press the button, and a rejection mailed with its reason.
func TestApplyReviewApproveReject(t *testing.T) {
	f := newApps(t, appsConfig{})
	cvBytes := appDOCX(t)
	en := appValidForm("Ayse.Yilmaz@Example.com").with(map[string]string{"lang": "en"})
	en.files["cv"] = appUpload{"Özgeçmiş.docx", cvBytes}
	en.files["portfolio"] = appUpload{"samples.pdf", appPDF()}
	a := f.apply(t, en, "tr", "203.0.113.1")
	if a.status != http.StatusCreated || a.str("status") != "submitted" || a.str("email") != "ayse.yilmaz@example.com" || a.str("lang") != "en" {
		t.Fatalf("submit: %d %s", a.status, a.raw)
	}
	id := a.str("id")
	cv, _ := a.body["cv"].(map[string]any)
	if cv["type"] != "application/vnd.openxmlformats-officedocument.wordprocessingml.document" || cv["size"] != float64(len(cvBytes)) || cv["name"] != "Özgeçmiş.docx" {
		t.Errorf("cv: %v", cv)
	}
	// The form said English, whatever the page's language: so is the mail.
	m := appWaitMail(t, f.mail, "ayse.yilmaz@example.com")
	if m.Subject != "We received your translator application" || !strings.Contains(m.Text, "Ayşe Yılmaz") || !strings.Contains(m.Text, "English, German") {
		t.Errorf("confirmation: %q\n%s", m.Subject, m.Text)
	}
	// In the site's look too, saying the same, its time Istanbul's.
	if !strings.Contains(m.HTML, `<html lang="en">`) || !strings.Contains(m.HTML, "English, German") || !strings.Contains(m.Text, "(Istanbul time)") {
		t.Errorf("confirmation's HTML part or time:\n%s\n%s", m.HTML, m.Text)
	}
	// Without lang, the request's language.
	tr := f.apply(t, appValidForm("mehmet@example.com").with(map[string]string{"firstName": "Mehmet", "lastName": "Demir"}), "tr", "203.0.113.2")
	if tr.status != http.StatusCreated || tr.str("lang") != "tr" {
		t.Fatalf("submit tr: %d %s", tr.status, tr.raw)
	}
	if m := appWaitMail(t, f.mail, "mehmet@example.com"); m.Subject != "Tercüman başvurunuzu aldık" || !strings.Contains(m.Text, "İngilizce, Almanca") {
		t.Errorf("confirmation tr: %q\n%s", m.Subject, m.Text)
	}

	// Staff's list: newest first, by status and by a prefix of a name or the e-mail, any case.
	list := func(query string) []string {
		t.Helper()
		r := f.do(t, "GET", "admin/applications"+query, f.admin, "en", "", nil)
		if r.status != http.StatusOK {
			t.Fatalf("list %s: %d %s", query, r.status, r.raw)
		}
		var got []string
		apps, _ := r.body["applications"].([]any)
		for _, x := range apps {
			got = append(got, x.(map[string]any)["id"].(string))
		}
		return got
	}
	same := func(got []string, want ...string) bool { return fmt.Sprint(got) == fmt.Sprint(want) }
	if got := list(""); !same(got, tr.str("id"), id) {
		t.Errorf("all: %v", got)
	}
	for q, want := range map[string][]string{"?q=AYŞE": {id}, "?q=yılm": {id}, "?q=YILMAZ": {id}, "?q=mehmet%40ex": {tr.str("id")}, "?q=ayşe%20y": {id}, "?q=demir&status=submitted": {tr.str("id")}, "?q=zeynep": nil, "?status=approved": nil} {
		if got := list(q); !same(got, want...) {
			t.Errorf("%s: %v, want %v", q, got, want)
		}
	}
	if got := list("?before=" + tr.str("id")); !same(got, id) {
		t.Errorf("the page after the newest: %v", got)
	}

	one := f.do(t, "GET", "admin/applications/"+id, f.admin, "en", "", nil)
	if one.status != http.StatusOK || one.str("phone") != "+90 532 123-45-67" || one.header.Get("Cache-Control") != "no-store" {
		t.Errorf("get: %d %s", one.status, one.raw)
	}
	if r := f.do(t, "GET", "admin/applications/nope", f.admin, "tr", "", nil); r.status != http.StatusNotFound || r.code() != "application_not_found" {
		t.Errorf("unknown: %d %s", r.status, r.raw)
	}
	dl := f.do(t, "GET", "admin/applications/"+id+"/cv", f.admin, "en", "", nil)
	if dl.status != http.StatusOK || !bytes.Equal(dl.raw, cvBytes) || dl.header.Get("Content-Type") != cv["type"] ||
		!strings.HasPrefix(dl.header.Get("Content-Disposition"), "attachment") || dl.header.Get("Cache-Control") != "private, no-store" {
		t.Errorf("cv download: %d %v", dl.status, dl.header)
	}
	if p := f.do(t, "GET", "admin/applications/"+id+"/portfolio", f.admin, "en", "", nil); p.status != http.StatusOK || !bytes.Equal(p.raw, appPDF()) || p.header.Get("Content-Type") != "application/pdf" {
		t.Errorf("portfolio: %d %v", p.status, p.header)
	}
	if p := f.do(t, "GET", "admin/applications/"+tr.str("id")+"/portfolio", f.admin, "en", "", nil); p.status != http.StatusNotFound {
		t.Errorf("no portfolio: %d %s", p.status, p.raw)
	}

	ap := f.do(t, "POST", "admin/applications/"+id+"/approve", f.admin, "en", "", nil)
	if ap.status != http.StatusOK || ap.str("status") != "approved" || ap.str("translatorId") == "" || ap.str("decidedAt") == "" {
		t.Fatalf("approve: %d %s", ap.status, ap.raw)
	}
	again := f.do(t, "POST", "admin/applications/"+id+"/approve", f.admin, "en", "", nil)
	if again.status != http.StatusOK || again.str("translatorId") != ap.str("translatorId") {
		t.Errorf("approve again: %d %s", again.status, again.raw)
	}
	if r := f.do(t, "POST", "admin/applications/"+id+"/reject", f.admin, "en", "application/json", strings.NewReader(`{"reason":"x"}`)); r.status != http.StatusConflict || r.code() != "application_decided" {
		t.Errorf("reject approved: %d %s", r.status, r.raw)
	}
	if n := f.published(t, applications.EventTranslatorApproved, id); n != 1 {
		t.Errorf("translator.approved published %d times", n)
	}
	// The approval is recorded once: the repeat and the refused reject add nothing.
	if au := f.do(t, "GET", "admin/audit?object=application:"+id, f.admin, "en", "", nil); au.status != http.StatusOK ||
		len(au.body["entries"].([]any)) != 1 || au.body["entries"].([]any)[0].(map[string]any)["action"] != "application.approve" ||
		au.body["entries"].([]any)[0].(map[string]any)["after"].(map[string]any)["status"] != "approved" {
		t.Errorf("audit of the approval: %d %s", au.status, au.raw)
	}
	var ev applications.TranslatorApproved
	msgs, _ := f.redis.XRange(context.Background(), events.Stream("translators"), "-", "+").Result()
	for _, m := range msgs {
		if m.Values["type"] == applications.EventTranslatorApproved {
			_ = json.Unmarshal([]byte(m.Values["data"].(string)), &ev)
		}
	}
	if ev.TranslatorID != ap.str("translatorId") || ev.Email != "ayse.yilmaz@example.com" || ev.FullName != "Ayşe Yılmaz" || ev.Lang != "en" || ev.ApplicationID != id {
		t.Errorf("event: %+v", ev)
	}

	reason := "Şu an Almanca kaynaklı işler için tercüman aramıyoruz."
	rj := f.do(t, "POST", "admin/applications/"+tr.str("id")+"/reject", f.admin, "en", "application/json", strings.NewReader(`{"reason":"`+reason+`"}`))
	if rj.status != http.StatusOK || rj.str("status") != "rejected" || rj.str("reason") != reason {
		t.Fatalf("reject: %d %s", rj.status, rj.raw)
	}
	// Waited for by its subject, not by clearing the capture: the mail may arrive before a clear.
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	m, err := f.mail.Wait(ctx, func(c mailcapture.Captured) bool {
		return len(c.To) == 1 && c.To[0] == "mehmet@example.com" && c.Subject == "Tercüman başvurunuz hakkında"
	})
	if err != nil || !strings.Contains(m.Text, reason) {
		t.Errorf("rejection mail: %v %q\n%s", err, m.Subject, m.Text)
	}
	if r := f.do(t, "POST", "admin/applications/"+tr.str("id")+"/approve", f.admin, "en", "", nil); r.status != http.StatusConflict || r.code() != "application_decided" {
		t.Errorf("approve rejected: %d %s", r.status, r.raw)
	}
	// Decided, the e-mail may apply again.
	if r := f.apply(t, appValidForm("mehmet@example.com"), "tr", "203.0.113.3"); r.status != http.StatusCreated {
		t.Errorf("apply after a rejection: %d %s", r.status, r.raw)
	}
}

// Staff press approve four times at once: one approval, one translator id, one event.
func TestConcurrentApprovalsMakeOneTranslator(t *testing.T) {
	f := newApps(t, appsConfig{})
	a := f.apply(t, appValidForm("deniz@example.com"), "tr", "203.0.113.9")
	if a.status != http.StatusCreated {
		t.Fatalf("submit: %d %s", a.status, a.raw)
	}
	id := a.str("id")
	answers := make([]appReply, 4)
	var wg sync.WaitGroup
	for i := range answers {
		wg.Go(func() { answers[i] = f.do(t, "POST", "admin/applications/"+id+"/approve", f.admin, "en", "", nil) })
	}
	wg.Wait()
	for i, r := range answers {
		if r.status != http.StatusOK || r.str("translatorId") != answers[0].str("translatorId") || r.str("translatorId") == "" {
			t.Errorf("approval %d: %d %s", i, r.status, r.raw)
		}
	}
	if n := f.published(t, applications.EventTranslatorApproved, id); n != 1 {
		t.Errorf("translator.approved published %d times, want 1", n)
	}
}

// Eight submissions of one e-mail at once: one is stored, seven are told an application is
// under review; nothing of theirs is left in GridFS.
func TestOneOpenApplicationPerEmail(t *testing.T) {
	f := newApps(t, appsConfig{})
	answers := make([]appReply, 8)
	var wg sync.WaitGroup
	for i := range answers {
		wg.Go(func() {
			answers[i] = f.apply(t, appValidForm("same@example.com"), "en", fmt.Sprintf("198.51.100.%d", i+1))
		})
	}
	wg.Wait()
	created, open := 0, 0
	for _, r := range answers {
		switch {
		case r.status == http.StatusCreated:
			created++
		case r.status == http.StatusConflict && r.code() == "application_open" && strings.Contains(string(r.raw), "under review"):
			open++
		default:
			t.Errorf("answer %d %s", r.status, r.raw)
		}
	}
	if created != 1 || open != 7 {
		t.Errorf("%d created and %d refused as open, want 1 and 7", created, open)
	}
	n, err := f.db.Collection("application_files.files").CountDocuments(context.Background(), bson.D{})
	if err != nil || n != 1 {
		t.Errorf("%d files stored, want the one CV (%v)", n, err)
	}
	// Another case of the same address is the same applicant.
	if r := f.apply(t, appValidForm("SAME@example.com"), "tr", "198.51.100.77"); r.status != http.StatusConflict || r.code() != "application_open" {
		t.Errorf("same e-mail in capitals: %d %s", r.status, r.raw)
	}
}

// A fourth application from one address within the hour is refused with Retry-After.
func TestApplicationsPerAddress(t *testing.T) {
	f := newApps(t, appsConfig{perHour: applications.PerAddressPerHour})
	for i := range 3 {
		if r := f.apply(t, appValidForm(fmt.Sprintf("p%d@example.com", i)), "en", "192.0.2.10"); r.status != http.StatusCreated {
			t.Fatalf("application %d: %d %s", i+1, r.status, r.raw)
		}
	}
	r := f.apply(t, appValidForm("p4@example.com"), "tr", "192.0.2.10")
	if r.status != http.StatusTooManyRequests || r.code() != "too_many_applications" || r.header.Get("Retry-After") == "" || !strings.Contains(string(r.raw), "Bu adresten") {
		t.Errorf("4th: %d %v %s", r.status, r.header, r.raw)
	}
	if r := f.apply(t, appValidForm("p5@example.com"), "en", "192.0.2.11"); r.status != http.StatusCreated {
		t.Errorf("another address: %d %s", r.status, r.raw)
	}
}

// Files are judged by their content: a PNG named .pdf is refused, a DOCX named .pdf is taken as
// what it is, and a file over 10 MB is refused as too large before it is stored.
func TestFilesAreSniffedAndBounded(t *testing.T) {
	f := newApps(t, appsConfig{})
	fake := appValidForm("png@example.com")
	fake.files["cv"] = appUpload{"cv.pdf", appPNG()}
	r := f.apply(t, fake, "en", "203.0.113.20")
	if r.status != http.StatusBadRequest || r.field("cv") != "The CV must be a PDF, DOCX or ODT file." {
		t.Errorf("png as pdf: %d %s", r.status, r.raw)
	}
	fake.files["portfolio"] = appUpload{"p.docx", []byte("PK\x03\x04 not really a zip")}
	fake.files["cv"] = appUpload{"cv.pdf", appDOCX(t)}
	r = f.apply(t, fake, "tr", "203.0.113.20")
	if r.status != http.StatusBadRequest || r.field("portfolio") != "Portfolyo dosyası PDF, DOCX ya da ODT olmalı." || r.field("cv") != "" {
		t.Errorf("broken appDOCX portfolio: %d %s", r.status, r.raw)
	}
	delete(fake.files, "portfolio")
	r = f.apply(t, fake, "tr", "203.0.113.20")
	cv, _ := r.body["cv"].(map[string]any)
	if r.status != http.StatusCreated || cv["name"] != "cv.pdf.docx" || !strings.Contains(cv["type"].(string), "wordprocessingml") {
		t.Errorf("docx named pdf: %d %s", r.status, r.raw)
	}

	big := appValidForm("big@example.com")
	big.files["cv"] = appUpload{"cv.pdf", append(appPDF(), bytes.Repeat([]byte("x"), 11<<20)...)}
	r = f.apply(t, big, "en", "203.0.113.21")
	if r.status != http.StatusRequestEntityTooLarge || r.code() != "file_too_large" {
		t.Errorf("11 MB: %d %s", r.status, r.raw)
	}
	// Of all these, only the one accepted CV was kept.
	if n, _ := f.db.Collection("application_files.files").CountDocuments(context.Background(), bson.D{}); n != 1 {
		t.Errorf("%d files stored, want 1", n)
	}
	if r := f.do(t, "POST", "applications", "", "en", "application/json", strings.NewReader(`{}`)); r.status != http.StatusUnsupportedMediaType {
		t.Errorf("json body: %d %s", r.status, r.raw)
	}
}

// Every refusal of the form, the list and the rejection is answered with its own words in
// both languages, and every word in the table is used.
func TestEveryFieldRuleHasItsWords(t *testing.T) {
	f := newApps(t, appsConfig{})
	long := func(n int) string { return strings.Repeat("a", n) }
	cases := []struct {
		field, reason string
		change        map[string]string
		files         map[string]*appUpload
	}{
		{"firstName", "required", map[string]string{"firstName": " "}, nil},
		{"firstName", "too_long", map[string]string{"firstName": long(61)}, nil},
		{"firstName", "characters", map[string]string{"firstName": "Ay\x07şe"}, nil},
		{"lastName", "required", map[string]string{"lastName": "\x00"}, nil},
		{"lastName", "too_long", map[string]string{"lastName": long(61)}, nil},
		{"lastName", "characters", map[string]string{"lastName": "Y\x1bz"}, nil},
		{"email", "required", map[string]string{"email": ""}, nil},
		{"email", "email", map[string]string{"email": "ayse@localhost"}, nil},
		{"phone", "required", map[string]string{"phone": ""}, nil},
		{"phone", "phone", map[string]string{"phone": "12 34"}, nil},
		{"nativeLanguage", "required", map[string]string{"nativeLanguage": ""}, nil},
		{"nativeLanguage", "language", map[string]string{"nativeLanguage": "xx"}, nil},
		{"workingLanguages", "required", map[string]string{"workingLanguages": " , "}, nil},
		{"workingLanguages", "too_many", map[string]string{"workingLanguages": "en,de,fr,es,it,ru,ar,zh,ja,ko,pt"}, nil},
		{"workingLanguages", "language", map[string]string{"workingLanguages": "en,klingon"}, nil},
		{"workingLanguages", "native_only", map[string]string{"workingLanguages": "TR"}, nil},
		{"specializations", "required", map[string]string{"specializations": ""}, nil},
		{"specializations", "too_many", map[string]string{"specializations": "legal,medical,technical,financial,marketing,literary,academic,it,automotive,energy,tourism"}, nil},
		{"specializations", "specialization", map[string]string{"specializations": "legal,cooking"}, nil},
		{"experienceYears", "required", map[string]string{"experienceYears": ""}, nil},
		{"experienceYears", "years", map[string]string{"experienceYears": "61"}, nil},
		{"education", "required", map[string]string{"education": ""}, nil},
		{"education", "too_short", map[string]string{"education": "x"}, nil},
		{"education", "too_long", map[string]string{"education": long(501)}, nil},
		{"education", "characters", map[string]string{"education": "Lise\x00"}, nil},
		{"certificates", "too_long", map[string]string{"certificates": long(1001)}, nil},
		{"certificates", "characters", map[string]string{"certificates": "a\x01"}, nil},
		{"portfolioUrl", "url", map[string]string{"portfolioUrl": "javascript:alert(1)"}, nil},
		{"acceptTerms", "terms", map[string]string{"acceptTerms": "false"}, nil},
		{"lang", "lang", map[string]string{"lang": "de"}, nil},
		{"cv", "required", nil, map[string]*appUpload{"cv": nil}},
		{"cv", "file_type", nil, map[string]*appUpload{"cv": {"cv.pdf", appPNG()}}},
		{"portfolio", "file_type", nil, map[string]*appUpload{"portfolio": {"p.odt", []byte("plain text")}}},
		{"portfolio", "either", map[string]string{"portfolioUrl": "https://example.com/me"}, map[string]*appUpload{"portfolio": {"p.pdf", appPDF()}}},
	}
	used := map[string]bool{}
	for i, c := range cases {
		fm := appValidForm(fmt.Sprintf("rules%d@example.com", i)).with(c.change)
		for k, u := range c.files {
			if u == nil {
				delete(fm.files, k)
			} else {
				fm.files[k] = *u
			}
		}
		for _, lang := range []string{"tr", "en"} {
			r := f.apply(t, fm, lang, "203.0.113.30")
			want := api.ApplicationFieldTexts[c.field][c.reason]
			text := want.TR
			if lang == "en" {
				text = want.EN
			}
			if r.status != http.StatusBadRequest || text == "" || r.field(c.field) != text {
				t.Errorf("%s %s (%s): %d %s", c.field, c.reason, lang, r.status, r.raw)
			}
		}
		used[c.field+"/"+c.reason] = true
	}

	// The list's and the rejection's own fields.
	a := f.apply(t, appValidForm("decide@example.com"), "en", "203.0.113.31")
	other := []struct {
		field, reason, method, path, body string
	}{
		{"status", "status", "GET", "admin/applications?status=open", ""},
		{"before", "cursor", "GET", "admin/applications?before=nope", ""},
		{"reason", "required", "POST", "admin/applications/" + a.str("id") + "/reject", `{"reason":"  "}`},
		{"reason", "too_long", "POST", "admin/applications/" + a.str("id") + "/reject", `{"reason":"` + long(1001) + `"}`},
		{"reason", "characters", "POST", "admin/applications/" + a.str("id") + "/reject", `{"reason":"a\u0007"}`},
	}
	for _, c := range other {
		for _, lang := range []string{"tr", "en"} {
			var body io.Reader
			ct := ""
			if c.body != "" {
				body, ct = strings.NewReader(c.body), "application/json"
			}
			r := f.do(t, c.method, c.path, f.admin, lang, ct, body)
			want := api.ApplicationFieldTexts[c.field][c.reason].In(httpx.ParseAcceptLanguage(lang))
			if r.status != http.StatusBadRequest || want == "" || r.field(c.field) != want {
				t.Errorf("%s %s (%s): %d %s", c.field, c.reason, lang, r.status, r.raw)
			}
		}
		used[c.field+"/"+c.reason] = true
	}
	for field, reasons := range api.ApplicationFieldTexts {
		for reason, words := range reasons {
			if !used[field+"/"+reason] {
				t.Errorf("%s/%s has words no test asks for", field, reason)
			}
			if words.TR == "" || words.EN == "" || words.TR == words.EN {
				t.Errorf("%s/%s: %+v", field, reason, words)
			}
		}
	}
}

// Visitors may only apply; the review is staff's.
func TestOnlyStaffReview(t *testing.T) {
	f := newApps(t, appsConfig{})
	for _, c := range []struct {
		token string
		want  int
	}{{"", http.StatusUnauthorized}, {f.token("t1", authn.RoleTranslator), http.StatusForbidden}, {f.token("c1", authn.RoleCustomer), http.StatusForbidden}} {
		for _, path := range []string{"admin/applications", "admin/applications/x", "admin/applications/x/cv"} {
			if r := f.do(t, "GET", path, c.token, "en", "", nil); r.status != c.want {
				t.Errorf("GET %s: %d, want %d", path, r.status, c.want)
			}
		}
		if r := f.do(t, "POST", "admin/applications/x/approve", c.token, "en", "", nil); r.status != c.want {
			t.Errorf("approve: %d, want %d", r.status, c.want)
		}
	}
}

// A mail server that is down neither fails the application nor loses its mail: the request is
// answered 201 at once, and the confirmation leaves once the server is up.
func TestMailServerDownLosesNoMail(t *testing.T) {
	addr := fmt.Sprintf("127.0.0.1:%d", testenv.FreePort(t))
	f := newApps(t, appsConfig{smtpAddr: addr})
	r := f.apply(t, appValidForm("later@example.com").with(map[string]string{"lang": "en"}), "en", "203.0.113.40")
	if r.status != http.StatusCreated {
		t.Fatalf("submit with the mail server down: %d %s", r.status, r.raw)
	}
	time.Sleep(1500 * time.Millisecond) // at least one failed attempt
	capture, err := mailcapture.Start(addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = capture.Close() })
	if m := appWaitMail(t, capture, "later@example.com"); m.Subject != "We received your translator application" {
		t.Errorf("mail: %q", m.Subject)
	}
}

// Pages of the list follow each other without gaps or repeats, newest first.
func TestListPages(t *testing.T) {
	f := newApps(t, appsConfig{})
	var want []string
	for i := range 5 {
		r := f.apply(t, appValidForm(fmt.Sprintf("page%d@example.com", i)), "en", "203.0.113.50")
		want = append([]string{r.str("id")}, want...)
	}
	ctx := context.Background()
	var got []string
	var after *applications.Application
	for range 4 {
		page, err := f.store.List(ctx, applications.Submitted, searchkeys.Query{}, false, after, 2)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range page {
			got = append(got, a.ID)
			after = &a
		}
		if len(page) < 2 {
			break
		}
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("pages %v, want %v", got, want)
	}
}
