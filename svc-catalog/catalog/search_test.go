package catalog_test

import (
	"context"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"go.mongodb.org/mongo-driver/v2/bson"

	"linguaport/internal/searchkeys"
	"linguaport/internal/testenv"
	"linguaport/svc-catalog/catalog"
)

// words makes a text of at least n runes from ws, repeated with a counter so no two words repeat.
func words(n int, ws ...string) string {
	var out []string
	for i := 0; utf8.RuneCountInString(strings.Join(out, " ")) < n; i++ {
		w := ws[i%len(ws)]
		if i >= len(ws) {
			w += string(rune('a' + i%26))
		}
		out = append(out, w)
	}
	return string([]rune(strings.Join(out, " "))[:n])
}

// On FerretDB over PostgreSQL, whose btree holds an indexed array in one entry of at most 2,704
// bytes: the contact form takes the company that answered 500, and the longest name, company and
// e-mail it allows; staff find them by any word, whole, and with the list's filters. An inquiry
// stored before the back office with a 200-character company (longer than the form takes) gets
// its keys at start and is found too.
func TestLongInquiriesOnPostgreSQL(t *testing.T) {
	f := newFixtureOn(t, "", testenv.MongoOnPostgres(t))
	ctx := context.Background()
	staff := f.staff()
	find := func(q string, filters ...string) []string {
		t.Helper()
		a := f.do(t, "GET", admin+"inquiries?"+strings.Join(append(filters, "q="+url.QueryEscape(q)), "&"), staff, "", nil)
		if a.status != 200 {
			t.Fatalf("q=%s: %d %v", q, a.status, a.body)
		}
		return inquiryIDs(a)
	}

	reported := "Büyükçekmece Uluslararası Lojistik ve Dış Ticaret A.Ş."
	first := f.inquire(t, 1, map[string]any{"kind": "corporate", "name": "Ayşegül Karaçalı", "email": "aysegul.karacali@buyukcekmece-lojistik.com.tr",
		"company": reported, "message": "Yıllık sözleşme için teklif istiyoruz.", "language": "tr"})

	company := words(120, "Kuzey", "Anadolu", "Uluslararası", "Gümrük", "Müşavirliği", "Depolama", "Dağıtım", "Taşımacılık", "İthalat", "İhracat", "Sanayi", "Ticaret")
	name := words(100, "Muhammed", "Mustafa", "Abdurrahman", "Kılıçarslanoğlu", "Büyükyıldırım")
	email := strings.Repeat("k", 60) + "@" + strings.Repeat("uluslararasi-lojistik.", 3) + "com.tr"
	longest := f.inquire(t, 2, map[string]any{"kind": "corporate", "name": name, "email": email, "company": company,
		"message": "Kurumsal teklif istiyoruz, lütfen dönüş yapın.", "language": "tr"})

	companyWords := strings.Fields(company)
	for q, want := range map[string]string{
		"lojistik":                        longest + "," + first, // a word of the longest one's e-mail too
		"DIŞ TİCARET":                     "",                    // not the start of the company nor one word
		"dış":                             first,                 // a word in the middle
		reported:                          first,
		"aysegul.kara":                    first,
		"karaçalı":                        first,
		companyWords[6]:                   longest, // a word in the middle: "Dağıtım"
		company:                           longest,
		companyWords[len(companyWords)-2]: longest,
		name:                              longest,
		"abdurrahman":                     longest,
		email:                             longest,
		"uluslararasi-uluslararasi":       "",
	} {
		if got := strings.Join(find(q), ","); got != want {
			t.Errorf("q=%q: %q, want %q", q, got, want)
		}
	}
	if got := find("uluslararası"); !slices.Equal(got, []string{longest, first}) {
		t.Errorf("q=uluslararası: %v", got)
	}
	if got := find(company, "kind=corporate", "status=open"); !slices.Equal(got, []string{longest}) {
		t.Errorf("a search with filters: %v", got)
	}
	if got := find(company, "kind=contact"); len(got) != 0 {
		t.Errorf("a search with another kind: %v", got)
	}

	// The form's limit is a clear refusal, never a 500.
	over := map[string]any{"kind": "corporate", "name": "Ayşe Kaya", "email": "ayse@ornek.com", "company": words(200, "Uzun", "Şirket"),
		"message": "Kurumsal teklif istiyoruz.", "language": "en"}
	if a := f.do(t, "POST", "/api/v1/catalog/inquiries", "", "", over); a.status != 400 || fieldMsg(a, "company") == "" {
		t.Errorf("a 200-character company: %d %v", a.status, a.body)
	}

	legacyCompany := words(200, "Trakya", "Bölgesi", "Uluslararası", "Nakliyat", "Gümrükleme", "Antrepo", "Hizmetleri")
	if _, err := f.db.Collection("inquiries").InsertOne(ctx, bson.D{{Key: "_id", Value: "old-long"}, {Key: "kind", Value: "corporate"},
		{Key: "name", Value: name}, {Key: "email", Value: email}, {Key: "company", Value: legacyCompany},
		{Key: "message", Value: "Eski bir mesaj burada."}, {Key: "language", Value: "tr"},
		{Key: "createdAt", Value: time.Now().Add(-time.Hour)}, {Key: "from", Value: "203.0.113.9"}}); err != nil {
		t.Fatal(err)
	}
	c, _ := catalog.SeedContent()
	if _, err := f.store.Seed(ctx, c); err != nil {
		t.Fatal(err)
	}
	legacyWords := strings.Fields(legacyCompany)
	for _, q := range []string{legacyCompany, legacyWords[len(legacyWords)/2], legacyWords[len(legacyWords)-1]} {
		if got := find(q); !slices.Equal(got, []string{"old-long"}) {
			t.Errorf("q=%q: %v, want the old inquiry", q, got)
		}
	}
}

// Inquiries and posts stored with keys of the format before internal/searchkeys (every prefix,
// under every combination of filters, no searchVersion) get new keys at start and are found.
func TestOldSearchKeysAreRenewed(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	staff := f.staff()
	oldKeys := []string{"", "kind=contact", "status=open", "kind=contact;status=open", "#e", "#es", "#esk", "#eski", "kind=contact#eski"}
	if _, err := f.db.Collection("inquiries").InsertOne(ctx, bson.D{{Key: "_id", Value: "old-keys"}, {Key: "kind", Value: "contact"},
		{Key: "status", Value: "open"}, {Key: "name", Value: "Eski Anahtarlı Ziyaretçi"}, {Key: "email", Value: "eski@example.com"},
		{Key: "message", Value: "Eski bir mesaj burada."}, {Key: "language", Value: "tr"}, {Key: "replies", Value: bson.A{}},
		{Key: "createdAt", Value: time.Now().Add(-time.Hour)}, {Key: "order", Value: "2020-01-01T00:00:00.000000000Z/old-keys"},
		{Key: "version", Value: int64(3)}, {Key: "keys", Value: oldKeys}}); err != nil {
		t.Fatal(err)
	}
	post := f.do(t, "GET", admin+"blog", staff, "", nil).body["posts"].([]any)[0].(map[string]any)
	if _, err := f.db.Collection("posts").UpdateOne(ctx, bson.D{{Key: "_id", Value: post["id"]}},
		bson.D{{Key: "$set", Value: bson.D{{Key: "keys", Value: bson.A{"", "#x"}}}}, {Key: "$unset", Value: bson.D{{Key: "searchVersion", Value: 1}}}}); err != nil {
		t.Fatal(err)
	}
	if got := f.do(t, "GET", admin+"blog?q="+url.QueryEscape(post["title"].(string)), staff, "", nil); got.body["total"] != float64(0) {
		t.Fatalf("a post with old keys found before the renewal: %v", got.body["total"])
	}
	c, _ := catalog.SeedContent()
	if _, err := f.store.Seed(ctx, c); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"anahtarlı", "ESKİ", "eski@example.com", "ziyaretçi"} {
		if got := inquiryIDs(f.do(t, "GET", admin+"inquiries?q="+url.QueryEscape(q), staff, "", nil)); !slices.Equal(got, []string{"old-keys"}) {
			t.Errorf("q=%s: %v", q, got)
		}
	}
	if got := inquiryIDs(f.do(t, "GET", admin+"inquiries?kind=contact&status=open", staff, "", nil)); !slices.Contains(got, "old-keys") {
		t.Errorf("the renewed inquiry left its filters' list: %v", got)
	}
	var doc struct {
		Keys          []string `bson:"keys"`
		SearchVersion int      `bson:"searchVersion"`
		Version       int64    `bson:"version"`
	}
	if err := f.db.Collection("inquiries").FindOne(ctx, bson.D{{Key: "_id", Value: "old-keys"}}).Decode(&doc); err != nil {
		t.Fatal(err)
	}
	if doc.SearchVersion != searchkeys.Version || doc.Version != 3 || slices.ContainsFunc(doc.Keys, func(k string) bool { return strings.Contains(k, "#") }) {
		t.Errorf("renewed inquiry: %+v", doc)
	}
	if got := f.do(t, "GET", admin+"blog?q="+url.QueryEscape(post["title"].(string)), staff, "", nil); got.body["total"] != float64(1) {
		t.Errorf("a post with old keys after the renewal: %v", got.body["total"])
	}
}
