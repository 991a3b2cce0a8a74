package catalog_test

import (
	"context"
	"strings"
	"testing"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// FAQ items: created in both languages (shown on the public FAQ), edited on their version,
// deleted; each change recorded; bad input named field by field in the request's language.
func TestStaffFAQ(t *testing.T) {
	f := newFixture(t)
	staff := f.staff()
	item := map[string]any{"category": "pricing", "order": 99,
		"question": map[string]string{"tr": "Kur farkı yansıtılır mı?", "en": "Do exchange rates change the price?"},
		"answer":   map[string]string{"tr": "Hayır, teklif anındaki kur geçerlidir.", "en": "No, the rate of the quote applies."}}
	a := f.do(t, "POST", admin+"faq", staff, "", item)
	if a.status != 201 || a.body["id"] == "" || a.body["version"] != float64(0) {
		t.Fatalf("create: %d %v", a.status, a.body)
	}
	id := a.body["id"].(string)
	public := f.do(t, "GET", "/api/v1/catalog/faq?lang=en&category=pricing", "", "", nil).body["items"].([]any)
	if last := public[len(public)-1].(map[string]any); last["id"] != id || last["question"] != "Do exchange rates change the price?" {
		t.Errorf("public FAQ's last pricing item %v", last)
	}
	all := f.do(t, "GET", admin+"faq", staff, "", nil)
	if items := all.body["items"].([]any); len(items) < 21 || items[0].(map[string]any)["question"].(map[string]any)["en"] == "" {
		t.Errorf("staff FAQ %v", all.body)
	}

	item["version"] = 0
	item["order"] = 1
	if a := f.do(t, "PUT", admin+"faq/"+id, staff, "", item); a.status != 200 || a.body["order"] != float64(1) || a.body["version"] != float64(1) {
		t.Fatalf("update: %d %v", a.status, a.body)
	}
	if a := f.do(t, "PUT", admin+"faq/"+id, staff, "en", item); a.status != 409 || errCode(a) != "stale" {
		t.Errorf("stale update: %d %v", a.status, a.body)
	}
	bad := map[string]any{"category": "shipping", "order": -1, "question": map[string]string{"tr": "", "en": strings.Repeat("q", 301)}}
	for lang, want := range map[string][4]string{
		"en": {"Must be general, pricing, quality, delivery or technical.", "Must be a whole number from 0 to 10000.", "Fill in this field.", "Must be 1 to 300 characters."},
		"tr": {"general, pricing, quality, delivery veya technical olmalı.", "0 ile 10000 arasında bir tam sayı olmalı.", "Bu alanı doldurun.", "1 ile 300 karakter arasında olmalı."},
	} {
		a := f.do(t, "POST", admin+"faq", staff, lang, bad)
		if a.status != 400 || fieldMsg(a, "category") != want[0] || fieldMsg(a, "order") != want[1] || fieldMsg(a, "question.tr") != want[2] ||
			fieldMsg(a, "question.en") != want[3] || fieldMsg(a, "answer.en") == "" {
			t.Errorf("%s: %d %v", lang, a.status, a.body)
		}
	}
	if a := f.do(t, "DELETE", admin+"faq/"+id, staff, "", nil); a.status != 204 {
		t.Errorf("delete: %d", a.status)
	}
	if a := f.do(t, "DELETE", admin+"faq/"+id, staff, "", nil); a.status != 404 {
		t.Errorf("delete again: %d", a.status)
	}
	var actions []string
	for _, e := range f.auditOf(t, "faq", id) {
		actions = append(actions, e["action"].(string))
	}
	if strings.Join(actions, ",") != "faq.delete,faq.update,faq.create" {
		t.Errorf("audit %v", actions)
	}
	// An item stored before the back office has no version: it is edited on version 0.
	if _, err := f.db.Collection("faq").InsertOne(context.Background(), bson.D{{Key: "_id", Value: "old-faq"}, {Key: "category", Value: "general"},
		{Key: "order", Value: 7}, {Key: "question", Value: bson.D{{Key: "tr", Value: "Eski?"}, {Key: "en", Value: "Old?"}}},
		{Key: "answer", Value: bson.D{{Key: "tr", Value: "Evet."}, {Key: "en", Value: "Yes."}}}}); err != nil {
		t.Fatal(err)
	}
	old := map[string]any{"category": "general", "order": 500, "version": 0,
		"question": map[string]string{"tr": "Eski?", "en": "Old?"}, "answer": map[string]string{"tr": "Evet.", "en": "Yes."}}
	if a := f.do(t, "PUT", admin+"faq/old-faq", staff, "", old); a.status != 200 || a.body["order"] != float64(500) || a.body["version"] != float64(1) {
		t.Errorf("an item without a version: %d %v", a.status, a.body)
	}
}

// Testimonials name a service and languages of the catalogue and a rating of 1 to 5.
func TestStaffTestimonials(t *testing.T) {
	f := newFixture(t)
	staff := f.staff()
	tm := map[string]any{"quote": map[string]string{"tr": "Hızlı ve özenli.", "en": "Quick and careful."}, "author": "Deniz K.",
		"company": "Kaya Hukuk", "service": "professional-translation", "sourceLanguage": "tr", "targetLanguage": "de", "rating": 5}
	a := f.do(t, "POST", admin+"testimonials", staff, "", tm)
	if a.status != 201 || a.body["id"] == "" || a.body["version"] != float64(0) {
		t.Fatalf("create: %d %v", a.status, a.body)
	}
	id := a.body["id"].(string)
	list := f.do(t, "GET", admin+"testimonials", staff, "", nil).body["testimonials"].([]any)
	if len(list) < 5 || list[0].(map[string]any)["version"] != float64(0) {
		t.Errorf("staff's testimonials %v", list)
	}
	public := f.do(t, "GET", "/api/v1/catalog/testimonials", "", "", nil)
	if !strings.Contains(strings.Join(func() []string {
		var out []string
		for _, x := range public.body["testimonials"].([]any) {
			out = append(out, x.(map[string]any)["author"].(string))
		}
		return out
	}(), ","), "Deniz K.") {
		t.Errorf("public testimonials lack the new one")
	}
	tm["rating"], tm["version"] = 4, 0
	if a := f.do(t, "PUT", admin+"testimonials/"+id, staff, "", tm); a.status != 200 || a.body["rating"] != float64(4) || a.body["id"] != id {
		t.Errorf("update: %d %v", a.status, a.body)
	}
	if a := f.do(t, "PUT", admin+"testimonials/"+id, staff, "", tm); a.status != 409 || errCode(a) != "stale" {
		t.Errorf("stale: %d %v", a.status, a.body)
	}
	for _, x := range f.do(t, "GET", "/api/v1/catalog/testimonials", "", "", nil).body["testimonials"].([]any) {
		if v, ok := x.(map[string]any)["version"]; ok {
			t.Errorf("the public testimonials show staff's version %v", v)
		}
	}
	bad := map[string]any{"quote": map[string]string{"tr": "x"}, "service": "massage", "sourceLanguage": "de", "targetLanguage": "de", "rating": 6}
	for lang, want := range map[string][4]string{
		"en": {"Choose a service of the catalogue.", "Must differ from the source language.", "Must be from 1 to 5.", "Fill in this field."},
		"tr": {"Katalogdaki bir hizmet seçin.", "Kaynak dilden farklı olmalı.", "1 ile 5 arasında olmalı.", "Bu alanı doldurun."},
	} {
		a := f.do(t, "POST", admin+"testimonials", staff, lang, bad)
		if a.status != 400 || fieldMsg(a, "service") != want[0] || fieldMsg(a, "targetLanguage") != want[1] || fieldMsg(a, "rating") != want[2] ||
			fieldMsg(a, "quote.en") != want[3] || fieldMsg(a, "author") != want[3] {
			t.Errorf("%s: %d %v", lang, a.status, a.body)
		}
	}
	if a := f.do(t, "DELETE", admin+"testimonials/"+id, staff, "", nil); a.status != 204 {
		t.Errorf("delete: %d", a.status)
	}
	entries := f.auditOf(t, "testimonial", id)
	if len(entries) != 3 || entries[1]["before"].(map[string]any)["rating"] != float64(5) || entries[1]["after"].(map[string]any)["rating"] != float64(4) {
		t.Errorf("audit %v", entries)
	}
}

// The marketing figures are stored: staff edit them (validated, on their version) and the
// public figures follow.
func TestStaffFigures(t *testing.T) {
	f := newFixture(t)
	staff := f.staff()
	figs := f.do(t, "GET", admin+"figures", staff, "", nil)
	if figs.status != 200 || figs.body["translators"] != float64(500) || figs.body["version"] != float64(0) {
		t.Fatalf("figures: %d %v", figs.status, figs.body)
	}
	body := figs.body
	body["translators"] = 650
	body["version"] = 0
	a := f.do(t, "PUT", admin+"figures", staff, "", body)
	if a.status != 200 || a.body["translators"] != float64(650) || a.body["version"] != float64(1) {
		t.Fatalf("update: %d %v", a.status, a.body)
	}
	if pub := f.do(t, "GET", "/api/v1/catalog/stats", "", "", nil); pub.body["translators"] != float64(650) || pub.body["version"] != nil {
		t.Errorf("public figures %v", pub.body)
	}
	if a := f.do(t, "PUT", admin+"figures", staff, "", body); a.status != 409 || errCode(a) != "stale" {
		t.Errorf("stale: %d %v", a.status, a.body)
	}
	body["version"], body["clients"], body["support"] = 1, 0, ""
	body["delivery"].(map[string]any)["rushHours"] = -2
	for lang, want := range map[string][2]string{
		"en": {"Must be a whole number from 1 to 100,000,000.", "Fill in this field."},
		"tr": {"1 ile 100.000.000 arasında bir tam sayı olmalı.", "Bu alanı doldurun."},
	} {
		a := f.do(t, "PUT", admin+"figures", staff, lang, body)
		if a.status != 400 || fieldMsg(a, "clients") != want[0] || fieldMsg(a, "delivery.rushHours") != want[0] || fieldMsg(a, "support") != want[1] {
			t.Errorf("%s: %d %v", lang, a.status, a.body)
		}
	}
	entries := f.auditOf(t, "figures", "current")
	if len(entries) != 1 || entries[0]["before"].(map[string]any)["translators"] != float64(500) || entries[0]["after"].(map[string]any)["translators"] != float64(650) {
		t.Errorf("audit %v", entries)
	}
}
