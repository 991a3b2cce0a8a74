package catalog_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"linguaport/internal/testenv"
	"linguaport/svc-catalog/catalog"
)

const admin = "/api/v1/catalog/admin/"

func draftPost(slug string) map[string]any {
	return map[string]any{"lang": "tr", "slug": slug, "title": "Noter onaylı çeviri rehberi", "excerpt": "Ne zaman gerekir?",
		"author": "Editör", "cover": "/images/blog/noter.jpg", "coverAlt": "Bir noterin masası", "translationKey": slug,
		"body": "## Başlık\n\nMetin <script>alert(1)</script> [bağ](javascript:alert(1))"}
}

// auditOf is the audit log of one object, newest first.
func (f *fixture) auditOf(t *testing.T, kind, id string) []map[string]any {
	t.Helper()
	a := f.do(t, "GET", admin+"audit?object="+kind+":"+id, f.staff(), "en", nil)
	if a.status != 200 {
		t.Fatalf("audit: %d %v", a.status, a.body)
	}
	var out []map[string]any
	for _, e := range a.body["entries"].([]any) {
		out = append(out, e.(map[string]any))
	}
	return out
}

func publicSlugs(t *testing.T, f *fixture, lang string) []string {
	t.Helper()
	a := f.do(t, "GET", "/api/v1/catalog/blog?lang="+lang+"&pageSize=50", "", "", nil)
	var slugs []string
	for _, p := range a.body["posts"].([]any) {
		slugs = append(slugs, p.(map[string]any)["slug"].(string))
	}
	return slugs
}

// A draft is not on the site; publishing puts it there at once (first in the list, its page
// served), unpublishing takes it off; a post once published cannot be deleted, a draft can.
func TestPublishAndUnpublish(t *testing.T) {
	f := newFixture(t)
	staff := f.staff()
	a := f.do(t, "POST", admin+"blog", staff, "en", draftPost("noter-onayli-ceviri"))
	if a.status != 201 || a.body["status"] != "draft" || a.body["date"] != nil || a.body["id"] == "" || a.body["version"] != float64(0) {
		t.Fatalf("create: %d %v", a.status, a.body)
	}
	id := a.body["id"].(string)
	if slugs := publicSlugs(t, f, "tr"); strings.Contains(strings.Join(slugs, ","), "noter-onayli-ceviri") {
		t.Fatalf("a draft is on the public blog: %v", slugs)
	}
	if a := f.do(t, "GET", "/api/v1/catalog/blog/tr/noter-onayli-ceviri", "", "", nil); a.status != 404 {
		t.Fatalf("a draft's public page: %d", a.status)
	}
	detail := f.do(t, "GET", admin+"blog/"+id, staff, "", nil)
	html, _ := detail.body["html"].(string)
	if detail.status != 200 || !strings.Contains(detail.body["body"].(string), "## Başlık") || !strings.Contains(html, "<h2") ||
		strings.Contains(html, "<script") || strings.Contains(html, "javascript:") {
		t.Fatalf("staff's post: %d %v", detail.status, detail.body)
	}
	preview := f.do(t, "POST", admin+"blog/preview", staff, "", map[string]string{"body": "## Başlık\n\nMetin <script>alert(1)</script> [bağ](javascript:alert(1))"})
	if preview.status != 200 || preview.body["html"] != html {
		t.Errorf("preview %v differs from the post's rendering %q", preview.body, html)
	}

	pub := f.do(t, "POST", admin+"blog/"+id+"/publish", staff, "", nil)
	if pub.status != 200 || pub.body["status"] != "published" || pub.body["date"] == nil {
		t.Fatalf("publish: %d %v", pub.status, pub.body)
	}
	if slugs := publicSlugs(t, f, "tr"); len(slugs) == 0 || slugs[0] != "noter-onayli-ceviri" {
		t.Fatalf("published post not first on the blog: %v", slugs)
	}
	page := f.do(t, "GET", "/api/v1/catalog/blog/tr/noter-onayli-ceviri", "", "", nil)
	if page.status != 200 || page.body["html"] != html || page.body["status"] != nil || page.body["version"] != nil {
		t.Fatalf("public page: %d %v", page.status, page.body)
	}
	// Publishing again changes nothing and records nothing.
	again := f.do(t, "POST", admin+"blog/"+id+"/publish", staff, "", nil)
	if again.status != 200 || again.body["date"] != pub.body["date"] || again.body["version"] != pub.body["version"] {
		t.Errorf("second publish: %v", again.body)
	}

	unpub := f.do(t, "POST", admin+"blog/"+id+"/unpublish", staff, "", nil)
	if unpub.status != 200 || unpub.body["status"] != "draft" || unpub.body["date"] != pub.body["date"] {
		t.Fatalf("unpublish: %d %v", unpub.status, unpub.body)
	}
	if a := f.do(t, "GET", "/api/v1/catalog/blog/tr/noter-onayli-ceviri", "", "", nil); a.status != 404 {
		t.Errorf("an unpublished post's page: %d", a.status)
	}
	if slugs := publicSlugs(t, f, "tr"); slugs[0] == "noter-onayli-ceviri" {
		t.Errorf("unpublished post still listed")
	}
	if a := f.do(t, "DELETE", admin+"blog/"+id, staff, "en", nil); a.status != 409 || errCode(a) != "post_published" {
		t.Errorf("deleting a post once published: %d %v", a.status, a.body)
	}

	var actions []string
	for _, e := range f.auditOf(t, "post", id) {
		actions = append(actions, e["action"].(string))
		if e["actor"].(map[string]any)["name"] != "Selin Yönetici" {
			t.Errorf("actor %v", e["actor"])
		}
	}
	if strings.Join(actions, ",") != "post.unpublish,post.publish,post.create" {
		t.Errorf("audit actions %v", actions)
	}
	entries := f.auditOf(t, "post", id)
	if b, a := entries[1]["before"].(map[string]any), entries[1]["after"].(map[string]any); b["status"] != "draft" || a["status"] != "published" || b["date"] != nil || a["date"] == nil {
		t.Errorf("publish entry before %v after %v", b, a)
	}

	d := f.do(t, "POST", admin+"blog", staff, "", draftPost("silinecek-taslak"))
	if a := f.do(t, "DELETE", admin+"blog/"+d.body["id"].(string), staff, "", nil); a.status != 204 {
		t.Errorf("deleting a draft: %d %v", a.status, a.body)
	}
	if a := f.do(t, "GET", admin+"blog/"+d.body["id"].(string), staff, "", nil); a.status != 404 {
		t.Errorf("deleted draft: %d", a.status)
	}
}

// Two staff members (or a double click) publishing the same draft at once: both are answered
// with the published post, one change is recorded.
func TestConcurrentPublishRecordsOnce(t *testing.T) {
	f := newFixture(t)
	staff := f.staff()
	id := f.do(t, "POST", admin+"blog", staff, "", draftPost("ayni-anda")).body["id"].(string)
	var wg sync.WaitGroup
	for range 6 {
		wg.Go(func() {
			if a := f.do(t, "POST", admin+"blog/"+id+"/publish", staff, "", nil); a.status != 200 || a.body["status"] != "published" {
				t.Errorf("publish: %d %v", a.status, a.body)
			}
		})
	}
	wg.Wait()
	n := 0
	for _, e := range f.auditOf(t, "post", id) {
		if e["action"] == "post.publish" {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d publish entries, want 1", n)
	}
}

// Edits: field errors in the request's language, a slug another post of the language holds,
// an edit on a stale version; a renamed post keeps its id and moves its public address.
func TestEditPost(t *testing.T) {
	f := newFixture(t)
	staff := f.staff()
	bad := draftPost("Kötü Adres")
	bad["title"] = ""
	bad["cover"] = "javascript:alert(1)"
	bad["lang"] = "de"
	for lang, want := range map[string][4]string{
		"en": {"Use only lower-case letters (a–z), digits and single hyphens, not at either end.", "Fill in this field.", "Enter a path on the site (starting with /) or an address starting with https://.", "Choose tr or en."},
		"tr": {"Yalnızca küçük harf (a–z), rakam ve tek tire kullanın; tireyle başlamasın, bitmesin.", "Bu alanı doldurun.", "Sitedeki bir yol (/ ile başlayan) ya da https:// ile başlayan bir adres girin.", "tr veya en seçin."},
	} {
		a := f.do(t, "POST", admin+"blog", staff, lang, bad)
		if a.status != 400 || errCode(a) != "validation_failed" || fieldMsg(a, "slug") != want[0] || fieldMsg(a, "title") != want[1] ||
			fieldMsg(a, "cover") != want[2] || fieldMsg(a, "lang") != want[3] {
			t.Errorf("%s: %d %v", lang, a.status, a.body)
		}
	}
	long := draftPost("uzun")
	long["title"] = strings.Repeat("a", 201)
	if a := f.do(t, "POST", admin+"blog", staff, "en", long); fieldMsg(a, "title") != "Must be 2 to 200 characters." {
		t.Errorf("long title: %v", a.body)
	}

	// A seeded post: its slug is taken for a new post in its language, not in the other.
	seeded := f.do(t, "GET", admin+"blog?lang=tr&status=published", staff, "", nil).body["posts"].([]any)[0].(map[string]any)
	taken := draftPost(seeded["slug"].(string))
	taken["translationKey"] = "baska-bir-anahtar"
	if a := f.do(t, "POST", admin+"blog", staff, "en", taken); a.status != 409 || errCode(a) != "slug_taken" {
		t.Errorf("taken slug: %d %v", a.status, a.body)
	}
	taken["translationKey"] = seeded["translationKey"]
	taken["slug"] = "yepyeni"
	if a := f.do(t, "POST", admin+"blog", staff, "en", taken); a.status != 409 || errCode(a) != "translation_taken" {
		t.Errorf("taken translation key: %d %v", a.status, a.body)
	}

	id, oldSlug := seeded["id"].(string), seeded["slug"].(string)
	full := f.do(t, "GET", admin+"blog/"+id, staff, "", nil).body
	edit := map[string]any{}
	for _, k := range []string{"lang", "title", "excerpt", "author", "cover", "coverAlt", "translationKey", "body", "version"} {
		edit[k] = full[k]
	}
	edit["slug"] = "yeni-adres"
	edit["title"] = "Yeni başlık"
	a := f.do(t, "PUT", admin+"blog/"+id, staff, "", edit)
	if a.status != 200 || a.body["id"] != id || a.body["slug"] != "yeni-adres" || a.body["version"] != full["version"].(float64)+1 {
		t.Fatalf("edit: %d %v", a.status, a.body)
	}
	if a := f.do(t, "GET", "/api/v1/catalog/blog/tr/yeni-adres", "", "", nil); a.status != 200 || a.body["title"] != "Yeni başlık" {
		t.Errorf("renamed post's page: %d %v", a.status, a.body)
	}
	if a := f.do(t, "GET", "/api/v1/catalog/blog/tr/"+oldSlug, "", "", nil); a.status != 404 {
		t.Errorf("old address: %d", a.status)
	}
	// The same edit on the version it was based on is stale now.
	edit["title"] = "Başka başlık"
	if a := f.do(t, "PUT", admin+"blog/"+id, staff, "tr", edit); a.status != 409 || errCode(a) != "stale" {
		t.Errorf("stale edit: %d %v", a.status, a.body)
	}
	entries := f.auditOf(t, "post", id)
	if len(entries) != 1 || entries[0]["action"] != "post.update" ||
		entries[0]["before"].(map[string]any)["slug"] != oldSlug || entries[0]["after"].(map[string]any)["slug"] != "yeni-adres" {
		t.Errorf("audit %v", entries)
	}
	if a := f.do(t, "PUT", admin+"blog/no-such-post", staff, "", edit); a.status != 404 {
		t.Errorf("unknown post: %d", a.status)
	}
}

// Staff's list: filtered by language and status, searched by a word of the title or the slug
// (Turkish i's alike), 20 a page, newest-updated first or (sort=oldest) the other way, each
// page going on from the one before (before=next) with no post twice; a bad sort is 400.
func TestStaffPostList(t *testing.T) {
	f := newFixture(t)
	staff := f.staff()
	for i := range 22 {
		p := draftPost(fmt.Sprintf("ilan-%02d", i))
		p["title"] = fmt.Sprintf("İstanbul duyurusu %d", i)
		if a := f.do(t, "POST", admin+"blog", staff, "", p); a.status != 201 {
			t.Fatalf("create %d: %d %v", i, a.status, a.body)
		}
	}
	first := f.do(t, "GET", admin+"blog?status=draft&lang=tr", staff, "", nil)
	posts := first.body["posts"].([]any)
	if first.status != 200 || first.body["total"] != float64(22) || len(posts) != 20 || first.body["pageSize"] != float64(20) ||
		posts[0].(map[string]any)["slug"] != "ilan-21" || posts[0].(map[string]any)["body"] != nil {
		t.Fatalf("drafts page 1: %d total %v, %d posts, first %v", first.status, first.body["total"], len(posts), posts[0])
	}
	if first.body["more"] != true || first.body["next"] != posts[19].(map[string]any)["id"] {
		t.Fatalf("drafts page 1: more %v next %v", first.body["more"], first.body["next"])
	}
	slugs := func(a answer) []string {
		var out []string
		for _, p := range a.body["posts"].([]any) {
			out = append(out, p.(map[string]any)["slug"].(string))
		}
		return out
	}
	// walk reads every page of the drafts in order, each asked for with the one before's next.
	walk := func(query string) (all []map[string]any) {
		next := ""
		for range 3 {
			a := f.do(t, "GET", admin+"blog?status=draft&lang=tr"+query+"&before="+next, staff, "", nil)
			if a.status != 200 || a.body["total"] != float64(22) {
				t.Fatalf("%s before=%s: %d %v", query, next, a.status, a.body)
			}
			for _, p := range a.body["posts"].([]any) {
				all = append(all, p.(map[string]any))
			}
			if a.body["more"] != true {
				if _, ok := a.body["next"]; ok {
					t.Errorf("%s: next on the last page", query)
				}
				return all
			}
			next = a.body["next"].(string)
		}
		t.Fatalf("%s: more than 2 pages", query)
		return nil
	}
	// before tells whether p lists after q newest first: updated earlier, or at once with a smaller
	// id. Times are compared as times: their JSON drops trailing zeros, so as text they don't sort.
	before := func(p, q map[string]any) bool {
		pt, err1 := time.Parse(time.RFC3339Nano, p["updatedAt"].(string))
		qt, err2 := time.Parse(time.RFC3339Nano, q["updatedAt"].(string))
		if err1 != nil || err2 != nil {
			t.Fatalf("updatedAt %v %v", p["updatedAt"], q["updatedAt"])
		}
		return pt.Before(qt) || pt.Equal(qt) && p["id"].(string) < q["id"].(string)
	}
	newest, oldest := walk(""), walk("&sort=oldest")
	seen := map[string]bool{}
	for i, p := range newest {
		if seen[p["slug"].(string)] || i > 0 && !before(p, newest[i-1]) {
			t.Errorf("newest first, post %d (%s) repeated or out of order", i, p["slug"])
		}
		seen[p["slug"].(string)] = true
	}
	if len(seen) != 22 || newest[0]["slug"] != "ilan-21" || newest[21]["slug"] != "ilan-00" {
		t.Errorf("newest first: %d posts from %s to %s", len(seen), newest[0]["slug"], newest[len(newest)-1]["slug"])
	}
	if len(oldest) != len(newest) {
		t.Fatalf("oldest first: %d posts", len(oldest))
	}
	for i, p := range oldest {
		if p["id"] != newest[len(newest)-1-i]["id"] {
			t.Fatalf("oldest first is not newest first reversed at %d: %s", i, p["slug"])
		}
	}
	if same := walk("&sort=newest"); len(same) != 22 || same[21]["id"] != newest[21]["id"] {
		t.Errorf("sort=newest differs from the default")
	}
	// Editing a post moves it to the top of the newest-changed list.
	edited := posts[19].(map[string]any)
	in := draftPost(edited["slug"].(string))
	in["title"], in["version"] = "İstanbul duyurusu düzeltildi", edited["version"]
	if a := f.do(t, "PUT", admin+"blog/"+edited["id"].(string), staff, "", in); a.status != 200 {
		t.Fatalf("edit: %d %v", a.status, a.body)
	}
	if got := slugs(f.do(t, "GET", admin+"blog?status=draft&lang=tr", staff, "", nil)); got[0] != edited["slug"] {
		t.Errorf("after an edit the list starts %v, want %s", got[:2], edited["slug"])
	}
	for lang, want := range map[string]string{"en": "The sort must be newest or oldest.", "tr": "Sıralama newest veya oldest olmalı."} {
		if a := f.do(t, "GET", admin+"blog?sort=updated", staff, lang, nil); a.status != 400 || fieldMsg(a, "sort") != want {
			t.Errorf("sort=updated in %s: %d %v", lang, a.status, a.body)
		}
	}
	for q, want := range map[string]float64{"istanbul": 22, "ISTANBUL": 22, "duyur": 22, "ilan-0": 10, "ilan-21": 1, "zzz": 0} {
		a := f.do(t, "GET", admin+"blog?q="+q, staff, "", nil)
		if a.body["total"] != want {
			t.Errorf("q=%s: total %v, want %v", q, a.body["total"], want)
		}
	}
	if a := f.do(t, "GET", admin+"blog?lang=en&status=draft", staff, "", nil); a.body["total"] != float64(0) {
		t.Errorf("english drafts: %v", a.body["total"])
	}
	if a := f.do(t, "GET", admin+"blog?lang=en&status=published", staff, "", nil); a.body["total"].(float64) < 6 {
		t.Errorf("english published: %v", a.body["total"])
	}
	if a := f.do(t, "GET", admin+"blog?status=gone&before=nope", staff, "en", nil); a.status != 400 || fieldMsg(a, "status") != "Must be draft or published." ||
		fieldMsg(a, "before") != "The page cursor must be the id of a known post." {
		t.Errorf("bad filter: %d %v", a.status, a.body)
	}
}

// A restart's seeding keeps what staff changed: a renamed seeded post is not brought back
// under its old slug, the figures stay as saved; a post stored before the back office (no
// status, no version) is published and editable.
func TestSeedingKeepsStaffEdits(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	staff := f.staff()
	seeded := f.do(t, "GET", admin+"blog?lang=en&status=published", staff, "", nil).body["posts"].([]any)[0].(map[string]any)
	id := seeded["id"].(string)
	full := f.do(t, "GET", admin+"blog/"+id, staff, "", nil).body
	oldSlug := full["slug"]
	full["slug"] = "renamed-by-staff"
	if a := f.do(t, "PUT", admin+"blog/"+id, staff, "", full); a.status != 200 {
		t.Fatalf("rename: %d %v", a.status, a.body)
	}
	figures := f.do(t, "GET", admin+"figures", staff, "", nil).body
	figures["clients"] = 1234
	if a := f.do(t, "PUT", admin+"figures", staff, "", figures); a.status != 200 {
		t.Fatalf("figures: %d %v", a.status, a.body)
	}
	date := time.Date(2024, 1, 2, 0, 0, 0, 0, time.UTC)
	if _, err := f.db.Collection("posts").InsertOne(ctx, bson.D{{Key: "_id", Value: "en/old-shape"}, {Key: "lang", Value: "en"},
		{Key: "slug", Value: "old-shape"}, {Key: "title", Value: "An old shape"}, {Key: "excerpt", Value: "x"}, {Key: "author", Value: "A"},
		{Key: "coverAlt", Value: "c"}, {Key: "translationKey", Value: "old-shape"}, {Key: "body", Value: "Text"}, {Key: "date", Value: date}}); err != nil {
		t.Fatal(err)
	}
	count := func() int64 { n, _ := f.db.Collection("posts").CountDocuments(ctx, bson.D{}); return n }
	before := count()

	c, _ := catalog.SeedContent()
	if added, err := f.store.Seed(ctx, c); err != nil || added != 0 {
		t.Fatalf("reseed added %d: %v", added, err)
	}
	if n := count(); n != before {
		t.Errorf("posts %d after reseed, were %d", n, before)
	}
	if a := f.do(t, "GET", "/api/v1/catalog/blog/en/renamed-by-staff", "", "", nil); a.status != 200 {
		t.Errorf("renamed post after reseed: %d", a.status)
	}
	if a := f.do(t, "GET", "/api/v1/catalog/blog/en/"+oldSlug.(string), "", "", nil); a.status != 404 {
		t.Errorf("seeded slug came back: %d", a.status)
	}
	if a := f.do(t, "GET", "/api/v1/catalog/stats", "", "", nil); a.body["clients"] != float64(1234) || a.body["version"] != nil {
		t.Errorf("figures after reseed: %v", a.body)
	}
	old := f.do(t, "GET", "/api/v1/catalog/blog/en/old-shape", "", "", nil)
	if old.status != 200 {
		t.Fatalf("an old-shape post after the migration: %d", old.status)
	}
	if a := f.do(t, "GET", admin+"blog?q=shape", staff, "", nil); a.body["total"] != float64(1) {
		t.Errorf("old-shape post not found by staff: %v", a.body)
	}
	if a := f.do(t, "POST", admin+"blog/en%2Fold-shape/unpublish", staff, "", nil); a.status != 200 || a.body["status"] != "draft" {
		t.Errorf("unpublishing an old-shape post: %d %v", a.status, a.body)
	}
}

// The seeded posts stored before the back office, under "lang/slug" ids (which cannot be one
// segment of a staff URL) and without a status, get their seed id and stay on the site.
func TestSeedMovesLegacyPosts(t *testing.T) {
	ctx := context.Background()
	db := testenv.Mongo(t)
	c, _ := catalog.SeedContent()
	p := c.Posts[0]
	if _, err := db.Collection("posts").InsertOne(ctx, bson.D{{Key: "_id", Value: p.Lang + "/" + p.Slug}, {Key: "lang", Value: p.Lang},
		{Key: "slug", Value: p.Slug}, {Key: "title", Value: p.Title}, {Key: "excerpt", Value: p.Excerpt}, {Key: "date", Value: *p.Date},
		{Key: "translationKey", Value: p.TranslationKey}, {Key: "body", Value: p.Body}}); err != nil {
		t.Fatal(err)
	}
	store, err := catalog.NewMongoStore(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if _, err := store.Seed(ctx, c); err != nil {
			t.Fatal(err)
		}
	}
	if n, _ := db.Collection("posts").CountDocuments(ctx, bson.D{}); int(n) != len(c.Posts) {
		t.Errorf("%d posts, seed has %d", n, len(c.Posts))
	}
	if n, _ := db.Collection("posts").CountDocuments(ctx, bson.D{{Key: "_id", Value: p.Lang + "/" + p.Slug}}); n != 0 {
		t.Error("the legacy id is still there")
	}
	got, err := store.Post(ctx, p.Lang, p.Slug)
	if err != nil || got.ID != p.ID || got.Status != catalog.PostPublished || strings.Contains(got.ID, "/") {
		t.Errorf("moved post %+v: %v", got, err)
	}
}
