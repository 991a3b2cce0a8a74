package mailcapture_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"linguaport/internal/mail"
	"linguaport/internal/mailcapture"
)

type response struct {
	status int
	header http.Header
	body   string
}

func get(t *testing.T, url string, header ...string) response {
	t.Helper()
	req, _ := http.NewRequestWithContext(t.Context(), http.MethodGet, url, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return response{resp.StatusCode, resp.Header, string(b)}
}

const browser = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"

func TestHTTPViewForPeople(t *testing.T) {
	srv := start(t)
	httpAddr, err := srv.ListenHTTP("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	base := "http://" + httpAddr
	pdf := append([]byte("%PDF-1.4\n"), bytes.Repeat([]byte{0xff, 0x00, 0x9c}, 20000)...)
	send(t, srv, mail.Message{
		To:          []string{"Ayşe <ayse@example.com>"},
		Subject:     "Faturanız <hazır>",
		Text:        "Merhaba Ayşe,\nfaturanız ekte.",
		HTML:        `<html><head><title>x</title></head><body><p>Fatura <a href="https://www.linguaport.com/tr/faturalar">görüntüle</a></p><script>alert(1)</script></body></html>`,
		Unsubscribe: "https://www.linguaport.com/tr/abonelik?t=abc",
		ReplyTo:     "muhasebe@linguaport.com",
		ID:          "fatura-42",
		Attachments: []mail.Attachment{
			{Name: "fatura-LP-2026-000042.pdf", ContentType: "application/pdf", Data: pdf},
			{Name: "sayfa.html", ContentType: "text/html", Data: []byte("<script>alert(1)</script>")},
		},
	})
	id := srv.Messages()[0].ID

	// JSON, as tests read it: the old fields and the new ones; no attachment bytes.
	r := get(t, base+"/messages")
	var list []map[string]any
	if err := json.Unmarshal([]byte(r.body), &list); err != nil || len(list) != 1 {
		t.Fatalf("JSON list: %v %s", err, r.body)
	}
	for _, k := range []string{"id", "from", "to", "subject", "text", "html", "raw", "receivedAt", "messageId", "replyTo", "listUnsubscribe", "listUnsubscribePost", "headers", "attachments", "tls", "user"} {
		if _, ok := list[0][k]; !ok {
			t.Errorf("JSON lacks %q", k)
		}
	}
	atts := list[0]["attachments"].([]any)
	first := atts[0].(map[string]any)
	if first["name"] != "fatura-LP-2026-000042.pdf" || first["contentType"] != "application/pdf" || first["size"] != float64(len(pdf)) ||
		first["url"] != "/messages/"+id+"/attachments/0" || first["data"] != nil {
		t.Errorf("attachment JSON %v", first)
	}
	if list[0]["listUnsubscribePost"] != "List-Unsubscribe=One-Click" || list[0]["messageId"] != "<fatura-42@linguaport.local>" {
		t.Errorf("headers in JSON: %v %v", list[0]["listUnsubscribePost"], list[0]["messageId"])
	}
	r = get(t, base+"/messages/"+id)
	var one mailcapture.Captured
	if err := json.Unmarshal([]byte(r.body), &one); err != nil || one.ID != id || one.Subject != "Faturanız <hazır>" {
		t.Errorf("one as JSON: %v %+v", err, one)
	}
	if r := get(t, base+"/messages/nope"); r.status != 404 || !strings.HasPrefix(r.header.Get("Content-Type"), "application/json") {
		t.Errorf("unknown id: %d %s", r.status, r.header.Get("Content-Type"))
	}

	// A browser gets pages; the subject is escaped, the mail linked.
	if r := get(t, base+"/", "Accept", browser); r.status != http.StatusFound || r.header.Get("Location") != "/messages" {
		t.Errorf("/ = %d %s", r.status, r.header.Get("Location"))
	}
	r = get(t, base+"/messages", "Accept", browser)
	if !strings.HasPrefix(r.header.Get("Content-Type"), "text/html") || !strings.Contains(r.body, "Faturanız &lt;hazır&gt;") ||
		!strings.Contains(r.body, `href="/messages/`+id+`?lang=en"`) || !strings.Contains(r.body, "Captured mail") || r.header.Get("Cache-Control") != "no-store" {
		t.Errorf("list page:\n%s", r.body)
	}
	if strings.Contains(r.body, "<hazır>") {
		t.Error("the subject is not escaped")
	}
	r = get(t, base+"/messages/"+id, "Accept", browser, "Accept-Language", "tr-TR,tr;q=0.9,en;q=0.5")
	for _, want := range []string{
		"Ekler", "fatura-LP-2026-000042.pdf", `href="/messages/` + id + `/attachments/0"`, `href="/messages/` + id + `/attachments/0?download=1"`,
		`<iframe sandbox="allow-popups allow-popups-to-escape-sandbox" src="/messages/` + id + `/html"`,
		"Merhaba Ayşe,\nfaturanız ekte.", "List-Unsubscribe", "&lt;https://www.linguaport.com/tr/abonelik?t=abc&gt;", "List-Unsubscribe=One-Click",
		"&lt;fatura-42@linguaport.local&gt;", "muhasebe@linguaport.com", "Özgün ileti",
	} {
		if !strings.Contains(r.body, want) {
			t.Errorf("message page lacks %q", want)
		}
	}
	if r.header.Get("Content-Security-Policy") == "" || strings.Contains(r.header.Get("Content-Security-Policy"), "script-src") {
		t.Errorf("page CSP %q", r.header.Get("Content-Security-Policy"))
	}
	if r := get(t, base+"/messages/"+id+"?lang=en", "Accept", browser, "Accept-Language", "tr"); !strings.Contains(r.body, "Attachments") {
		t.Error("?lang=en did not win over Accept-Language")
	}
	if r := get(t, base+"/messages/nope", "Accept", browser); r.status != 404 || !strings.Contains(r.body, "newest 1000") {
		t.Errorf("unknown id page: %d", r.status)
	}

	// The HTML part: sandboxed (no script runs), links open a new tab.
	r = get(t, base+"/messages/"+id+"/html")
	csp := r.header.Get("Content-Security-Policy")
	if !strings.HasPrefix(csp, "sandbox ") || strings.Contains(csp, "allow-scripts") || !strings.Contains(csp, "default-src 'none'") {
		t.Errorf("HTML part CSP %q", csp)
	}
	if !strings.Contains(r.body, `<head><base target="_blank"><title>x</title>`) || !strings.Contains(r.body, "görüntüle") {
		t.Errorf("HTML part:\n%s", r.body)
	}

	// Attachments: the PDF opens in the browser; anything else is only saved, and sandboxed.
	r = get(t, base+"/messages/"+id+"/attachments/0")
	if r.body != string(pdf) || r.header.Get("Content-Type") != "application/pdf" ||
		r.header.Get("Content-Disposition") != `inline; filename=fatura-LP-2026-000042.pdf` {
		t.Errorf("PDF: %d bytes, %v", len(r.body), r.header)
	}
	r = get(t, base+"/messages/"+id+"/attachments/0?download=1")
	if r.body != string(pdf) || r.header.Get("Content-Type") != "application/octet-stream" || !strings.HasPrefix(r.header.Get("Content-Disposition"), "attachment;") {
		t.Errorf("PDF download: %v", r.header)
	}
	r = get(t, base+"/messages/"+id+"/attachments/1")
	if r.header.Get("Content-Type") != "application/octet-stream" || !strings.HasPrefix(r.header.Get("Content-Disposition"), "attachment;") ||
		!strings.HasPrefix(r.header.Get("Content-Security-Policy"), "sandbox") || r.header.Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("HTML attachment served as %v", r.header)
	}
	for _, n := range []string{"2", "-1", "x"} {
		if r := get(t, base+"/messages/"+id+"/attachments/"+n); r.status != 404 {
			t.Errorf("attachment %s: %d", n, r.status)
		}
	}
	if r := get(t, base+"/messages/"+id+"/raw"); !strings.HasPrefix(r.header.Get("Content-Type"), "text/plain") || !strings.Contains(r.body, "Message-ID: <fatura-42@linguaport.local>") {
		t.Errorf("raw: %v", r.header)
	}
}
