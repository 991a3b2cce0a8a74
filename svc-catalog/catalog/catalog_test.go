package catalog_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"testing"

	"go.mongodb.org/mongo-driver/v2/bson"

	"linguaport/internal/company"
	"linguaport/internal/company/companytest"
	"linguaport/internal/testenv"
	"linguaport/svc-catalog/api"
	"linguaport/svc-catalog/catalog"
)

func TestMain(m *testing.M) { testenv.Main(m) }

// The eight services and their slugs are those of the spec's routes (§2, §3).
var specSlugs = map[string][2]string{
	"professional-translation": {"profesyonel-tercume", "professional-translation"},
	"website-translation":      {"web-sitesi-cevirisi", "website-translation"},
	"content-creation":         {"icerik-yaratma", "content-creation"},
	"proofreading":             {"proofreading", "proofreading"},
	"subtitle-translation":     {"altyazi-cevirisi", "subtitle-translation"},
	"paraphrasing":             {"paraphrasing", "paraphrasing"},
	"transcription":            {"transkripsiyon", "transcription"},
	"desktop-publishing":       {"masaustu-yayincilik", "desktop-publishing"},
}

func TestSeedContentIsComplete(t *testing.T) {
	c, err := catalog.SeedContent()
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Services) != 8 {
		t.Fatalf("%d services", len(c.Services))
	}
	for _, s := range c.Services {
		want, ok := specSlugs[s.ID]
		if !ok || s.Slug.TR != want[0] || s.Slug.EN != want[1] {
			t.Errorf("service %s slugs %+v, want %v", s.ID, s.Slug, want)
		}
		if s.Title.TR == "" || s.Title.EN == "" || len(s.Description.TR) < 300 || len(s.Description.EN) < 300 || s.Icon == "" || s.DescriptionKey == "" {
			t.Errorf("service %s incomplete", s.ID)
		}
	}
	if len(c.Languages) < 50 {
		t.Errorf("%d languages", len(c.Languages))
	}
	codes := map[string]bool{}
	for _, l := range c.Languages {
		if codes[l.Code] || l.NameTR == "" || l.NameEN == "" {
			t.Errorf("language %+v duplicated or unnamed", l)
		}
		codes[l.Code] = true
	}
	keys := map[string][]string{}
	for _, p := range c.Posts {
		keys[p.TranslationKey] = append(keys[p.TranslationKey], p.Lang)
		if words := len(strings.Fields(p.Body)); words < 200 {
			t.Errorf("post %s has %d words", p.ID, words)
		}
	}
	perLang := map[string]int{}
	for key, langs := range keys {
		if len(langs) != 2 || langs[0] == langs[1] {
			t.Errorf("post %s exists in %v, want tr and en", key, langs)
		}
		for _, l := range langs {
			perLang[l]++
		}
	}
	if perLang["tr"] < 6 || perLang["en"] < 6 {
		t.Errorf("posts per language %v, want at least 6 each", perLang)
	}
	perCategory := map[string]int{}
	for _, f := range c.FAQ {
		if f.Question.TR == "" || f.Question.EN == "" || f.Answer.TR == "" || f.Answer.EN == "" {
			t.Errorf("faq %s lacks a language", f.ID)
		}
		perCategory[f.Category]++
	}
	for _, cat := range catalog.FAQCategories {
		if perCategory[cat] < 4 {
			t.Errorf("faq category %s has %d items", cat, perCategory[cat])
		}
	}
	for _, tm := range c.Testimonials {
		if _, ok := specSlugs[tm.Service]; !ok || tm.Rating < 1 || tm.Rating > 5 || tm.Quote.TR == "" || tm.Quote.EN == "" || !codes[tm.SourceLanguage] || !codes[tm.TargetLanguage] {
			t.Errorf("testimonial %+v", tm)
		}
	}
	if len(c.Legal) != 4 {
		t.Errorf("%d legal documents", len(c.Legal))
	}
	for _, d := range c.Legal {
		if len(d.Body.TR) < 1000 || len(d.Body.EN) < 1000 || d.Title.TR == "" || d.Title.EN == "" {
			t.Errorf("legal %s too short or untitled", d.ID)
		}
	}
}

func (f *fixture) call(t *testing.T, method, path, body string, header map[string]string) (*http.Response, map[string]any) {
	t.Helper()
	req, _ := http.NewRequest(method, f.url+path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	for k, v := range header {
		req.Header.Set(k, v)
	}
	var out map[string]any
	resp := testenv.DoJSON(t, req, &out)
	return resp, out
}

func TestSeedingIsIdempotentAndKeepsEdits(t *testing.T) {
	ctx := context.Background()
	db := testenv.Mongo(t)
	store, err := catalog.NewMongoStore(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	c, _ := catalog.SeedContent()
	first, err := store.Seed(ctx, c)
	if err != nil || first == 0 {
		t.Fatalf("first seed added %d: %v", first, err)
	}
	// Staff changed a title; a restart must not undo it.
	if _, err := db.Collection("services").UpdateOne(ctx, bson.D{{Key: "_id", Value: "proofreading"}}, bson.D{{Key: "$set", Value: bson.D{{Key: "title.en", Value: "Proofreading & Editing"}}}}); err != nil {
		t.Fatal(err)
	}
	second, err := store.Seed(ctx, c)
	if err != nil || second != 0 {
		t.Fatalf("second seed added %d: %v", second, err)
	}
	services, _ := store.Services(ctx)
	if len(services) != 8 || services[3].ID != "proofreading" || services[3].Title.EN != "Proofreading & Editing" {
		t.Fatalf("services after reseed: %+v", services[3])
	}
	if n, _ := db.Collection("faq").CountDocuments(ctx, bson.D{}); int(n) != len(c.FAQ) {
		t.Errorf("faq count %d after two seeds, want %d", n, len(c.FAQ))
	}
}

func TestPublicContent(t *testing.T) {
	f := newFixture(t)

	resp, body := f.call(t, "GET", "/api/v1/catalog/services", "", nil)
	etag := resp.Header.Get("ETag")
	// Revalidated on every use, so what staff publish shows at once (svc-catalog/api/transport.go).
	if resp.StatusCode != 200 || len(body["services"].([]any)) != 8 || etag == "" || resp.Header.Get("Cache-Control") != "public, no-cache" {
		t.Fatalf("services: %d etag %q", resp.StatusCode, etag)
	}
	first := body["services"].([]any)[0].(map[string]any)
	if first["id"] != "professional-translation" {
		t.Errorf("first service %v", first["id"])
	}
	if html := first["descriptionHtml"].(map[string]any); !strings.Contains(html["en"].(string), "<li>A subject-matter translator") || !strings.Contains(html["tr"].(string), "<p>") {
		t.Errorf("service description not rendered: %v", html)
	}
	resp, _ = f.call(t, "GET", "/api/v1/catalog/services", "", map[string]string{"If-None-Match": etag})
	if resp.StatusCode != http.StatusNotModified {
		t.Errorf("revalidation answered %d, want 304", resp.StatusCode)
	}

	_, body = f.call(t, "GET", "/api/v1/catalog/languages", "", nil)
	if langs := body["languages"].([]any); len(langs) < 50 || langs[0].(map[string]any)["nameTr"] != "Türkçe" {
		t.Errorf("languages: %d", len(langs))
	}

	_, body = f.call(t, "GET", "/api/v1/catalog/stats", "", nil)
	if body["translators"] != float64(500) || body["languages"] != float64(50) || body["clients"] != float64(1000) || body["projects"] != float64(10000) || body["freeRevisionDays"] != float64(7) || body["support"] != "24/7" {
		t.Errorf("stats %v", body)
	}

	_, body = f.call(t, "GET", "/api/v1/catalog/testimonials", "", nil)
	if len(body["testimonials"].([]any)) < 4 {
		t.Errorf("testimonials %v", body)
	}
}

func TestBlog(t *testing.T) {
	f := newFixture(t)
	_, page1 := f.call(t, "GET", "/api/v1/catalog/blog?lang=tr&page=1&pageSize=4", "", nil)
	_, page2 := f.call(t, "GET", "/api/v1/catalog/blog?lang=tr&page=2&pageSize=4", "", nil)
	total := int(page1["total"].(float64))
	p1, p2 := page1["posts"].([]any), page2["posts"].([]any)
	if total < 6 || len(p1) != 4 || len(p2) != min(4, total-4) {
		t.Fatalf("paging: total %d, page sizes %d and %d", total, len(p1), len(p2))
	}
	seen := map[string]bool{}
	var lastDate string
	for _, p := range append(p1, p2...) {
		post := p.(map[string]any)
		if seen[post["slug"].(string)] || post["lang"] != "tr" || post["body"] != nil {
			t.Errorf("post %v repeated, wrong language or carries its body in the list", post["slug"])
		}
		seen[post["slug"].(string)] = true
		if lastDate != "" && post["date"].(string) > lastDate {
			t.Errorf("posts not newest first")
		}
		lastDate = post["date"].(string)
	}

	slug := p1[0].(map[string]any)["slug"].(string)
	resp, post := f.call(t, "GET", "/api/v1/catalog/blog/tr/"+slug, "", nil)
	html, _ := post["html"].(string)
	if resp.StatusCode != 200 || !strings.Contains(html, "<h2") || strings.Contains(html, "<script") || post["coverAlt"] == "" {
		t.Fatalf("post %s: %d %.200s", slug, resp.StatusCode, html)
	}
	alt := post["alternate"].(map[string]any)
	enSlug, _ := alt["en"].(string)
	if alt["tr"] != slug || enSlug == "" {
		t.Fatalf("alternate %v", alt)
	}
	_, en := f.call(t, "GET", "/api/v1/catalog/blog/en/"+enSlug, "", nil)
	if en["translationKey"] != post["translationKey"] || en["alternate"].(map[string]any)["tr"] != slug {
		t.Errorf("counterpart %v", en["alternate"])
	}

	for _, tc := range []struct {
		path, code string
		status     int
	}{
		{"/api/v1/catalog/blog/tr/no-such-post", "not_found", 404},
		{"/api/v1/catalog/blog/en/" + slug, "not_found", 404}, // a Turkish slug under English
		{"/api/v1/catalog/blog/de/" + slug, "invalid_language", 400},
		{"/api/v1/catalog/blog?lang=tr&page=0", "validation_failed", 400},
		{"/api/v1/catalog/blog?lang=tr&pageSize=500", "validation_failed", 400},
		{"/api/v1/catalog/blog?lang=tr&page=abc", "validation_failed", 400},
	} {
		resp, body := f.call(t, "GET", tc.path, "", map[string]string{"Accept-Language": "en"})
		if resp.StatusCode != tc.status || body["error"].(map[string]any)["code"] != tc.code {
			t.Errorf("%s: %d %v", tc.path, resp.StatusCode, body)
		}
	}
}

func TestFAQAndLegal(t *testing.T) {
	f := newFixture(t)
	_, all := f.call(t, "GET", "/api/v1/catalog/faq?lang=en", "", nil)
	_, pricing := f.call(t, "GET", "/api/v1/catalog/faq?lang=tr&category=pricing", "", nil)
	items, priced := all["items"].([]any), pricing["items"].([]any)
	if len(items) < 20 || len(priced) < 4 || len(priced) >= len(items) {
		t.Fatalf("faq: %d all, %d pricing", len(items), len(priced))
	}
	if cats := all["categories"].([]any); len(cats) != 5 || cats[0] != "general" {
		t.Errorf("categories %v", cats)
	}
	for _, it := range priced {
		if it.(map[string]any)["category"] != "pricing" {
			t.Errorf("filter leaked %v", it)
		}
	}
	// Categories appear in display order.
	order := map[string]int{"general": 0, "pricing": 1, "quality": 2, "delivery": 3, "technical": 4}
	last := 0
	for _, it := range items {
		c := order[it.(map[string]any)["category"].(string)]
		if c < last {
			t.Fatalf("faq not grouped by category order")
		}
		last = c
	}
	resp, body := f.call(t, "GET", "/api/v1/catalog/faq?lang=en&category=shipping", "", map[string]string{"Accept-Language": "tr"})
	if resp.StatusCode != 400 || body["error"].(map[string]any)["message"] != "Bilinmeyen SSS kategorisi." {
		t.Errorf("bad category: %d %v", resp.StatusCode, body)
	}

	for _, doc := range []string{"privacy", "terms", "cookies", "membership"} {
		for _, lang := range []string{"tr", "en"} {
			resp, body := f.call(t, "GET", "/api/v1/catalog/legal/"+doc+"?lang="+lang, "", nil)
			if resp.StatusCode != 200 || body["lang"] != lang || !strings.Contains(body["html"].(string), "<h2") || body["title"] == "" {
				t.Errorf("legal %s/%s: %d", doc, lang, resp.StatusCode)
			}
		}
	}
	if resp, _ := f.call(t, "GET", "/api/v1/catalog/legal/imprint", "", nil); resp.StatusCode != 404 {
		t.Errorf("unknown legal doc: %d", resp.StatusCode)
	}
	_, privacy := f.call(t, "GET", "/api/v1/catalog/legal/privacy?lang=tr", "", nil)
	if !strings.Contains(privacy["html"].(string), "KVKK") {
		t.Error("privacy notice does not mention KVKK")
	}
}

func TestInquiries(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	valid := `{"kind":"corporate","name":"Ayşe Demir","email":"ayse@example.com.tr","phone":"+90 212 555 01 02","company":"Demir Lojistik","message":"Yıllık 200 sayfalık teknik doküman çevirisi için teklif almak istiyoruz.","language":"tr"}`
	resp, body := f.call(t, "POST", "/api/v1/catalog/inquiries", valid, map[string]string{"Content-Type": "application/json"})
	if resp.StatusCode != 201 || body["id"] == "" {
		t.Fatalf("valid inquiry: %d %v", resp.StatusCode, body)
	}
	var stored catalog.Inquiry
	if err := f.db.Collection("inquiries").FindOne(ctx, bson.D{{Key: "_id", Value: body["id"]}}).Decode(&stored); err != nil {
		t.Fatal(err)
	}
	if stored.Company != "Demir Lojistik" || stored.Kind != "corporate" || stored.From != "127.0.0.1" || stored.Language != "tr" {
		t.Errorf("stored %+v", stored)
	}

	cases := []struct {
		name, body, lang string
		fields           map[string]string
	}{
		{"everything missing", `{}`, "en", map[string]string{"name": "Enter your name.", "email": "Enter your email address.", "message": "Write your message.", "kind": "The request kind must be contact or corporate."}},
		{"bad email and phone", `{"kind":"contact","name":"Jo","email":"jo@","phone":"12ab","message":"Hello there, a question."}`, "en", map[string]string{"email": "Enter a valid email address.", "phone": "Enter a valid phone number (7–15 digits)."}},
		{"corporate without company", `{"kind":"corporate","name":"Ali Veli","email":"ali@example.com","message":"Kurumsal fiyat istiyoruz."}`, "tr", map[string]string{"company": "Kurumsal talepler için şirket adını girin."}},
		{"short message", `{"kind":"contact","name":"Ali Veli","email":"ali@example.com","message":"Merhaba"}`, "tr", map[string]string{"message": "Mesaj 10 ile 5000 karakter arasında olmalı."}},
	}
	for _, tc := range cases {
		resp, body := f.call(t, "POST", "/api/v1/catalog/inquiries", tc.body, map[string]string{"Accept-Language": tc.lang})
		e, _ := body["error"].(map[string]any)
		fields, _ := e["fields"].(map[string]any)
		if resp.StatusCode != 400 || e["code"] != "validation_failed" {
			t.Errorf("%s: %d %v", tc.name, resp.StatusCode, body)
			continue
		}
		for k, want := range tc.fields {
			if fields[k] != want {
				t.Errorf("%s: field %s = %v, want %q", tc.name, k, fields[k], want)
			}
		}
	}
	if resp, body := f.call(t, "POST", "/api/v1/catalog/inquiries", `{"kind":`, nil); resp.StatusCode != 400 || body["error"].(map[string]any)["code"] != "malformed_json" {
		t.Errorf("malformed: %d %v", resp.StatusCode, body)
	}

	// Five per hour per address: four more are taken, the next is refused with Retry-After.
	for i := range 4 {
		if resp, _ := f.call(t, "POST", "/api/v1/catalog/inquiries", valid, nil); resp.StatusCode != 201 {
			t.Fatalf("inquiry %d refused: %d", i+2, resp.StatusCode)
		}
	}
	resp, body = f.call(t, "POST", "/api/v1/catalog/inquiries", valid, map[string]string{"Accept-Language": "en"})
	if resp.StatusCode != 429 || resp.Header.Get("Retry-After") == "" || body["error"].(map[string]any)["code"] != "too_many_requests" {
		t.Fatalf("6th inquiry: %d %v retry-after %q", resp.StatusCode, body, resp.Header.Get("Retry-After"))
	}
	if n, _ := f.db.Collection("inquiries").CountDocuments(ctx, bson.D{}); n != 5 {
		t.Errorf("%d inquiries stored, want 5", n)
	}
	metrics, _ := http.Get(f.url + "/metrics")
	text, _ := io.ReadAll(metrics.Body)
	metrics.Body.Close()
	for _, want := range []string{`catalog_inquiries_total{kind="corporate",outcome="accepted"} 5`, `catalog_inquiries_total{kind="corporate",outcome="limited"} 1`, `catalog_inquiries_total{kind="other",outcome="invalid"} 1`} {
		if !strings.Contains(string(text), want) {
			t.Errorf("metrics lack %s", want)
		}
	}
}

// The prerendered site is built from the snapshot, so it must say exactly what the running
// service says for the same URL, and cover every page of every language's blog.
func TestSnapshotMatchesTheRunningService(t *testing.T) {
	f := newFixture(t)
	c, err := catalog.SeedContent()
	if err != nil {
		t.Fatal(err)
	}
	snap, err := api.Snapshot(context.Background(), c, companytest.Other())
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"/api/v1/catalog/services", "/api/v1/catalog/faq?lang=en", "/api/v1/catalog/legal/cookies?lang=tr",
		"/api/v1/catalog/blog?lang=tr&page=2", "/api/v1/catalog/blog?lang=en&page=1",
	} {
		if _, ok := snap[want]; !ok {
			t.Errorf("snapshot lacks %s", want)
		}
	}
	posts := 0
	for u, body := range snap {
		resp, err := http.Get(f.url + u)
		if err != nil {
			t.Fatal(err)
		}
		live, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || strings.TrimSpace(string(live)) != strings.TrimSpace(string(body)) {
			t.Errorf("%s: snapshot differs from the service (status %d)\nsnapshot: %.300s\nservice:  %.300s", u, resp.StatusCode, body, live)
		}
		if strings.HasPrefix(u, "/api/v1/catalog/blog/") {
			posts++
		}
	}
	if posts != len(c.Posts) {
		t.Errorf("snapshot has %d posts, seed %d", posts, len(c.Posts))
	}
}

// failingStore has no content and cannot be read.
type failingStore struct{ catalog.Store }

func (failingStore) Services(context.Context) ([]catalog.ServiceEntry, error) {
	return nil, errors.New("database down")
}

func (failingStore) Figures(context.Context) (catalog.Stats, error) {
	return catalog.Stats{Translators: 1}, nil
}

// The logging middleware tells refusals (the visitor's to fix) from failures (the operators'),
// and keeps what visitors send out of the logs.
func TestLoggingMiddleware(t *testing.T) {
	var buf bytes.Buffer
	log := slog.New(slog.NewJSONHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug}))
	svc := catalog.LoggingMiddleware(log)(catalog.NewService(failingStore{}, nil, nil, company.Demo()))
	ctx := context.Background()
	_, _ = svc.SubmitInquiry(ctx, catalog.Inquiry{Kind: "contact", Name: "Ayşe", Email: "ayse@secret.example"})
	_, _ = svc.Services(ctx)
	_, _ = svc.Stats(ctx)
	want := []string{"SubmitInquiry INFO", "Services ERROR", "Stats DEBUG"}
	var got []string
	for _, line := range bytes.Split(bytes.TrimSpace(buf.Bytes()), []byte("\n")) {
		var l struct{ Method, Level string }
		if err := json.Unmarshal(line, &l); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		got = append(got, l.Method+" "+l.Level)
	}
	if !slices.Equal(got, want) {
		t.Errorf("logged %v, want %v", got, want)
	}
	if bytes.Contains(buf.Bytes(), []byte("secret.example")) {
		t.Errorf("an inquiry's content was logged: %s", buf.Bytes())
	}
}
