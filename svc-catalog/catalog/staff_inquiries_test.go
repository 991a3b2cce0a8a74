package catalog_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"linguaport/internal/mailcapture"
	"linguaport/internal/testenv"
	"linguaport/svc-catalog/catalog"
)

// inquire sends a visitor's inquiry from its own address (the limit is per address).
func (f *fixture) inquire(t *testing.T, n int, body map[string]any) string {
	t.Helper()
	data, _ := json.Marshal(body)
	resp, out := f.call(t, "POST", "/api/v1/catalog/inquiries", string(data), map[string]string{"X-Forwarded-For": fmt.Sprintf("203.0.113.%d", n)})
	if resp.StatusCode != 201 {
		t.Fatalf("inquiry %d: %d %v", n, resp.StatusCode, out)
	}
	return out["id"].(string)
}

func inquiryIDs(a answer) []string {
	var ids []string
	for _, x := range a.body["inquiries"].([]any) {
		ids = append(ids, x.(map[string]any)["id"].(string))
	}
	return ids
}

// Staff's inquiry list: newest first, by kind, status and a word of the name, e-mail or
// company, paged by the last id; the dashboard's open count; an inquiry from before the back
// office (no status) counts as open.
func TestStaffInquiryList(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	staff := f.staff()
	// An inquiry as the catalogue stored them before the back office.
	if _, err := f.db.Collection("inquiries").InsertOne(ctx, bson.D{{Key: "_id", Value: "old-1"}, {Key: "kind", Value: "contact"},
		{Key: "name", Value: "Eski Ziyaretçi"}, {Key: "email", Value: "eski@example.com"}, {Key: "message", Value: "Eski bir mesaj burada."},
		{Key: "language", Value: "tr"}, {Key: "createdAt", Value: time.Now().Add(-time.Hour)}, {Key: "from", Value: "203.0.113.9"}}); err != nil {
		t.Fatal(err)
	}
	c, _ := catalog.SeedContent()
	if _, err := f.store.Seed(ctx, c); err != nil {
		t.Fatal(err)
	}
	a := f.inquire(t, 1, map[string]any{"kind": "contact", "name": "Işıl Yıldız", "email": "isil@example.com", "message": "Bir sorum var, yardımcı olur musunuz?", "language": "tr"})
	b := f.inquire(t, 2, map[string]any{"kind": "corporate", "name": "John Smith", "email": "john@acme.example", "company": "Acme Logistics", "message": "We need a yearly contract.", "language": "en"})
	cID := f.inquire(t, 3, map[string]any{"kind": "corporate", "name": "İlker Demir", "email": "ilker@demir.example", "company": "Demir Hukuk", "message": "Kurumsal teklif istiyoruz.", "language": "tr"})

	all := f.do(t, "GET", admin+"inquiries", staff, "", nil)
	if got := strings.Join(inquiryIDs(all), ","); all.status != 200 || got != strings.Join([]string{cID, b, a, "old-1"}, ",") || all.body["more"] != false {
		t.Fatalf("all: %d %s %v", all.status, got, all.body)
	}
	first := all.body["inquiries"].([]any)[0].(map[string]any)
	if first["status"] != "open" || first["company"] != "Demir Hukuk" || first["handledAt"] != nil || len(first["replies"].([]any)) != 0 {
		t.Errorf("inquiry %v", first)
	}
	if old := all.body["inquiries"].([]any)[3].(map[string]any); old["status"] != "open" {
		t.Errorf("an old inquiry's status %v", old["status"])
	}
	for query, want := range map[string]string{
		"kind=corporate":             cID + "," + b,
		"kind=contact&status=open":   a + ",old-1",
		"q=ilker":                    cID,
		"q=ISIL":                     a,
		"q=acme":                     b,
		"q=john@acme":                b,
		"q=eski":                     "old-1",
		"kind=contact&q=demir":       "",
		"before=" + b:                a + ",old-1",
		"kind=corporate&before=" + b: "",
	} {
		got := f.do(t, "GET", admin+"inquiries?"+query, staff, "", nil)
		if strings.Join(inquiryIDs(got), ",") != want {
			t.Errorf("%s: %v, want %s", query, inquiryIDs(got), want)
		}
	}
	if s := f.do(t, "GET", admin+"summary", staff, "", nil); s.body["inquiriesOpen"] != float64(4) {
		t.Errorf("summary %v", s.body)
	}
	h := f.do(t, "POST", admin+"inquiries/"+b+"/handled", staff, "", nil)
	if h.status != 200 || h.body["status"] != "handled" || h.body["handledBy"].(map[string]any)["name"] != "Selin Yönetici" || h.body["handledAt"] == nil {
		t.Fatalf("handled: %d %v", h.status, h.body)
	}
	if again := f.do(t, "POST", admin+"inquiries/"+b+"/handled", staff, "", nil); again.status != 200 || again.body["handledAt"] != h.body["handledAt"] {
		t.Errorf("handled again: %v", again.body)
	}
	if got := inquiryIDs(f.do(t, "GET", admin+"inquiries?status=handled", staff, "", nil)); strings.Join(got, ",") != b {
		t.Errorf("handled list %v", got)
	}
	if s := f.do(t, "GET", admin+"summary", staff, "", nil); s.body["inquiriesOpen"] != float64(3) {
		t.Errorf("summary after handling %v", s.body)
	}
	if entries := f.auditOf(t, "inquiry", b); len(entries) != 1 || entries[0]["action"] != "inquiry.handled" ||
		entries[0]["before"].(map[string]any)["status"] != "open" || entries[0]["after"].(map[string]any)["status"] != "handled" {
		t.Errorf("audit %v", entries)
	}
	for lang, want := range map[string]string{"en": "Must be open or handled.", "tr": "open veya handled olmalı."} {
		bad := f.do(t, "GET", admin+"inquiries?status=closed&kind=x&before=nope", staff, lang, nil)
		if bad.status != 400 || fieldMsg(bad, "status") != want || fieldMsg(bad, "kind") == "" || fieldMsg(bad, "before") == "" {
			t.Errorf("%s: %d %v", lang, bad.status, bad.body)
		}
	}
	if a := f.do(t, "GET", admin+"inquiries/nope", staff, "", nil); a.status != 404 {
		t.Errorf("unknown inquiry: %d", a.status)
	}
}

func mailsTo(s *mailcapture.Server, to string) []mailcapture.Captured {
	var out []mailcapture.Captured
	for _, m := range s.Messages() {
		if len(m.To) == 1 && m.To[0] == to {
			out = append(out, m)
		}
	}
	return out
}

func waitMail(t *testing.T, s *mailcapture.Server, to string) mailcapture.Captured {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	m, err := s.Wait(ctx, func(c mailcapture.Captured) bool { return len(c.To) == 1 && c.To[0] == to })
	if err != nil {
		t.Fatalf("no mail to %s: %v", to, err)
	}
	return m
}

// A reply is kept on the inquiry, marks it handled and is mailed to the inquirer in the
// inquiry's language with the original message quoted; a double click sends one mail and
// records one change.
func TestReplyToInquiry(t *testing.T) {
	f := newFixture(t)
	staff := f.staff()
	tr := f.inquire(t, 1, map[string]any{"kind": "contact", "name": "Işıl Yıldız", "email": "isil@example.com", "message": "Yeminli tercüme\nkaç günde biter?", "language": "tr"})
	en := f.inquire(t, 2, map[string]any{"kind": "corporate", "name": "John Smith", "email": "john@acme.example", "company": "Acme", "message": "Do you translate contracts?", "language": "en"})

	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			a := f.do(t, "POST", admin+"inquiries/"+tr+"/reply", staff, "", map[string]string{"message": "Genellikle iki iş günü."})
			if a.status != 200 || a.body["status"] != "handled" {
				t.Errorf("reply: %d %v", a.status, a.body)
			}
		})
	}
	wg.Wait()
	m := waitMail(t, f.mail, "isil@example.com")
	if m.Subject != "LinguaPort: mesajınız hakkında" || !strings.HasPrefix(m.Text, "Merhaba Işıl Yıldız,") || !strings.Contains(m.Text, "Genellikle iki iş günü.") ||
		!strings.Contains(m.Text, "> Yeminli tercüme\n> kaç günde biter?") {
		t.Errorf("turkish mail %q: %q", m.Subject, m.Text)
	}
	got := f.do(t, "GET", admin+"inquiries/"+tr, staff, "", nil)
	replies := got.body["replies"].([]any)
	if len(replies) != 1 || replies[0].(map[string]any)["message"] != "Genellikle iki iş günü." || replies[0].(map[string]any)["by"].(map[string]any)["id"] != "st-1" ||
		got.body["status"] != "handled" {
		t.Errorf("inquiry after replies %v", got.body)
	}
	entries := f.auditOf(t, "inquiry", tr)
	if len(entries) != 1 || entries[0]["action"] != "inquiry.reply" || entries[0]["before"].(map[string]any)["status"] != "open" {
		t.Errorf("audit %v", entries)
	}

	if a := f.do(t, "POST", admin+"inquiries/"+en+"/reply", staff, "", map[string]string{"message": "Yes, we do."}); a.status != 200 {
		t.Fatalf("english reply: %d %v", a.status, a.body)
	}
	me := waitMail(t, f.mail, "john@acme.example")
	if me.Subject != "LinguaPort: about your message" || !strings.HasPrefix(me.Text, "Hello John Smith,") || !strings.Contains(me.Text, "> Do you translate contracts?") {
		t.Errorf("english mail %q: %q", me.Subject, me.Text)
	}
	// A second, different reply is a new mail.
	if a := f.do(t, "POST", admin+"inquiries/"+tr+"/reply", staff, "", map[string]string{"message": "Acil işler 24 saatte."}); a.status != 200 || len(a.body["replies"].([]any)) != 2 {
		t.Fatalf("second reply: %d %v", a.status, a.body)
	}
	deadline := time.Now().Add(15 * time.Second)
	for len(mailsTo(f.mail, "isil@example.com")) < 2 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	// Give a duplicate time to arrive before counting.
	time.Sleep(time.Second)
	if n := len(mailsTo(f.mail, "isil@example.com")); n != 2 {
		t.Errorf("%d mails to the inquirer, want 2 (one per reply)", n)
	}
	for lang, want := range map[string]string{"en": "Write your message.", "tr": "Mesajınızı yazın."} {
		a := f.do(t, "POST", admin+"inquiries/"+tr+"/reply", staff, lang, map[string]string{"message": "  "})
		if a.status != 400 || fieldMsg(a, "message") != want {
			t.Errorf("%s empty reply: %d %v", lang, a.status, a.body)
		}
	}
	long := f.do(t, "POST", admin+"inquiries/"+tr+"/reply", staff, "en", map[string]string{"message": strings.Repeat("a", 5001)})
	if long.status != 400 || fieldMsg(long, "message") != "The reply can be at most 5000 characters." {
		t.Errorf("long reply: %d %v", long.status, long.body)
	}
	if a := f.do(t, "POST", admin+"inquiries/nope/reply", staff, "", map[string]string{"message": "x"}); a.status != 404 {
		t.Errorf("unknown inquiry: %d", a.status)
	}
}

// A reply made while the mail server is down is answered at once and mailed when the server is
// back: the mail waits in the stream, it is not lost.
func TestReplyMailWaitsForTheMailServer(t *testing.T) {
	addr := fmt.Sprintf("127.0.0.1:%d", testenv.FreePort(t))
	f := newFixtureMailingTo(t, addr)
	id := f.inquire(t, 1, map[string]any{"kind": "contact", "name": "Ada Lovelace", "email": "ada@example.com", "message": "Do you translate poems?", "language": "en"})
	if a := f.do(t, "POST", admin+"inquiries/"+id+"/reply", f.staff(), "", map[string]string{"message": "We do."}); a.status != 200 {
		t.Fatalf("reply while the mail server is down: %d %v", a.status, a.body)
	}
	time.Sleep(1500 * time.Millisecond) // past a failed delivery and its first redelivery
	capture, err := mailcapture.Start(addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = capture.Close() })
	m := waitMail(t, capture, "ada@example.com")
	if !strings.Contains(m.Text, "We do.") {
		t.Errorf("mail %q", m.Text)
	}
}

// Staff's inquiries over more than a page: newest first or (sort=oldest) the other way, each
// page going on from the one before (before=next), none twice, with a filter kept across pages;
// a bad sort is 400 in the request's language.
func TestStaffInquiryPagingBothWays(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	staff := f.staff()
	base := time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC)
	var docs []any
	for i := range 64 {
		kind := "contact"
		if i%4 == 0 {
			kind = "corporate"
		}
		// Pairs share an instant: the order breaks the tie by id.
		docs = append(docs, bson.D{{Key: "_id", Value: fmt.Sprintf("iq-%02d", i)}, {Key: "kind", Value: kind},
			{Key: "name", Value: fmt.Sprintf("Ziyaretçi %02d", i)}, {Key: "email", Value: fmt.Sprintf("z%02d@example.com", i)},
			{Key: "message", Value: "Bir sorum var, yardımcı olur musunuz?"}, {Key: "language", Value: "tr"},
			{Key: "createdAt", Value: base.Add(time.Duration(i/2) * time.Minute)}, {Key: "from", Value: "203.0.113.9"}})
	}
	if _, err := f.db.Collection("inquiries").InsertMany(ctx, docs); err != nil {
		t.Fatal(err)
	}
	c, _ := catalog.SeedContent()
	if _, err := f.store.Seed(ctx, c); err != nil { // gives the inquiries their keys and order
		t.Fatal(err)
	}
	walk := func(query string) (ids []string, pages int) {
		next := ""
		for range 4 {
			a := f.do(t, "GET", admin+"inquiries?"+query+"&before="+next, staff, "", nil)
			if a.status != 200 {
				t.Fatalf("%s before=%s: %d %v", query, next, a.status, a.body)
			}
			pages++
			ids = append(ids, inquiryIDs(a)...)
			if a.body["more"] != true {
				if _, ok := a.body["next"]; ok {
					t.Errorf("%s: next on the last page", query)
				}
				return ids, pages
			}
			next = a.body["next"].(string)
		}
		t.Fatalf("%s: too many pages", query)
		return nil, 0
	}
	var want []string
	for i := 63; i >= 0; i-- {
		want = append(want, fmt.Sprintf("iq-%02d", i))
	}
	if got, pages := walk(""); pages != 2 || !slices.Equal(got, want) {
		t.Errorf("newest first in %d pages: %v", pages, got)
	}
	if got, _ := walk("sort=newest"); !slices.Equal(got, want) {
		t.Errorf("sort=newest: %v", got)
	}
	slices.Reverse(want)
	if got, pages := walk("sort=oldest"); pages != 2 || !slices.Equal(got, want) {
		t.Errorf("oldest first in %d pages: %v", pages, got)
	}
	if got, _ := walk("sort=oldest&kind=corporate"); len(got) != 16 || got[0] != "iq-00" || got[15] != "iq-60" {
		t.Errorf("oldest corporate: %v", got)
	}
	if a := f.do(t, "GET", admin+"inquiries?sort=oldest&before=iq-49", staff, "", nil); strings.Join(inquiryIDs(a), ",") != "iq-50,iq-51,iq-52,iq-53,iq-54,iq-55,iq-56,iq-57,iq-58,iq-59,iq-60,iq-61,iq-62,iq-63" {
		t.Errorf("oldest after iq-49: %v", inquiryIDs(a))
	}
	for lang, want := range map[string]string{"en": "The sort must be newest or oldest.", "tr": "Sıralama newest veya oldest olmalı."} {
		if a := f.do(t, "GET", admin+"inquiries?sort=handled", staff, lang, nil); a.status != 400 || fieldMsg(a, "sort") != want {
			t.Errorf("sort=handled in %s: %d %v", lang, a.status, a.body)
		}
	}
}
