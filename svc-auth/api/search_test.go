package api_test

import (
	"context"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"linguaport/internal/authn"
	"linguaport/internal/searchkeys"
	"linguaport/svc-auth/auth"
)

// On FerretDB over PostgreSQL, whose btree holds an indexed array in one entry of at most 2,704
// bytes: customers with the longest full name the forms take and a long e-mail register and
// rename themselves, and staff find them by any word of the name, the name whole and the e-mail.
func TestLongCustomerNamesOnPostgreSQL(t *testing.T) {
	f := startFixture(t, fixtureConfig{onPostgres: true})
	staff := f.staff("staff-1", authn.RoleAdmin)
	name := "Muhammed Mustafa Abdurrahman Kılıçarslanoğlu Büyükyıldırım Karamanoğulları Hacıömeroğlu Ağaoğlu"
	email := "muhammed.mustafa.abdurrahman.kilicarslanoglu@buyukcekmece-uluslararasi-lojistik.com.tr"
	id := f.browser("tr").register(name, email).user()["id"].(string)
	other := f.browser("tr").register("Ayşe Kaya", "ayse@example.com").user()["id"].(string)

	find := func(q string) []string {
		t.Helper()
		a := staff.do("GET", "admin/customers?q="+url.QueryEscape(q), nil)
		if a.status != 200 {
			t.Fatalf("q=%s: %d %s", q, a.status, a.raw)
		}
		return customerIDs(a)
	}
	for q, want := range map[string][]string{
		"kılıçarslanoğlu": {id}, "KILIÇARSLAN": {id}, "hacıömer": {id}, "ağaoğlu": {id}, name: {id},
		"muhammed mustafa abdurrahman": {id}, email: {id}, "buyukcekmece": {id}, "ayse": {other}, "mustafa kil": nil,
	} {
		if got := find(q); !slices.Equal(got, want) {
			t.Errorf("q=%q: %v, want %v", q, got, want)
		}
	}

	// A rename (UpdateUser) makes new keys within the budget as well.
	b := f.browser("tr")
	b.do("POST", "login", map[string]any{"email": email, "password": goodPassword})
	renamed := "Abdülkadir Şahabettin Kılıçdaroğlu Yüksekkaldırımcıoğulları Gümüşhaneli Çakırkeyfoğlu Öztürk"
	if a := b.do("PATCH", "me", map[string]any{"fullName": renamed}); a.status != 200 {
		t.Fatalf("rename: %d %s", a.status, a.raw)
	}
	if got := find("yüksekkaldırım"); !slices.Equal(got, []string{id}) {
		t.Errorf("the new name's word: %v", got)
	}
	if got := find("hacıömer"); len(got) != 0 {
		t.Errorf("the old name's word still finds: %v", got)
	}
}

// Accounts stored with keys of the format before internal/searchkeys (every prefix, no
// searchVersion) get new keys at start and are found.
func TestOldCustomerSearchKeysAreRenewed(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	if _, err := f.db.Collection("users").InsertOne(ctx, bson.D{{Key: "_id", Value: "c-old"}, {Key: "email", Value: "eski.musteri@firma.com.tr"},
		{Key: "fullName", Value: "Eski Müşteri"}, {Key: "role", Value: "customer"}, {Key: "createdAt", Value: time.Now().Add(-time.Hour)},
		{Key: "version", Value: 1}, {Key: "searchKeys", Value: bson.A{"e", "es", "esk", "eski", "eski ", "eski m"}}}); err != nil {
		t.Fatal(err)
	}
	store, err := auth.NewMongoStore(ctx, f.db)
	if err != nil {
		t.Fatal(err)
	}
	if err := store.FillSearchKeys(ctx); err != nil {
		t.Fatal(err)
	}
	staff := f.staff("staff-1", authn.RoleAdmin)
	for _, q := range []string{"eski", "müşteri", "MÜŞTERİ", "eski.musteri@", "firma"} {
		if got := customerIDs(staff.do("GET", "admin/customers?q="+url.QueryEscape(q), nil)); !slices.Equal(got, []string{"c-old"}) {
			t.Errorf("q=%s: %v", q, got)
		}
	}
	var doc struct {
		SearchKeys    []string `bson:"searchKeys"`
		SearchVersion int      `bson:"searchVersion"`
	}
	if err := f.db.Collection("users").FindOne(ctx, bson.D{{Key: "_id", Value: "c-old"}}).Decode(&doc); err != nil {
		t.Fatal(err)
	}
	if doc.SearchVersion != searchkeys.Version || slices.ContainsFunc(doc.SearchKeys, func(k string) bool { return strings.HasPrefix(k, "eski") }) {
		t.Errorf("renewed keys: %+v", doc)
	}
}
