package api_test

import (
	"context"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"linguaport/internal/authn"
	"linguaport/svc-auth/auth"
)

// staff is a browser signed in as a staff member (a token of the fixture's signer, its session
// alive in Redis as svc-auth's own sessions are).
func (f *fixture) staff(subject string, role authn.Role) *browser {
	f.t.Helper()
	sid := "s-" + subject
	f.redis.Client.Set(context.Background(), authn.SessionKey(sid), subject, time.Hour)
	tok, err := f.signer.Sign(authn.Claims{Issuer: authn.Issuer, Subject: subject, Session: sid, Role: role, Name: subject,
		ExpiresAt: time.Now().Add(time.Hour).Unix()})
	if err != nil {
		f.t.Fatal(err)
	}
	b := f.browser("en")
	b.token = tok
	return b
}

func customerIDs(a answer) []string {
	var out []string
	list, _ := a.body["customers"].([]any)
	for _, v := range list {
		out = append(out, v.(map[string]any)["id"].(string))
	}
	return out
}

// Staff list the customers newest first, 50 a page (ties of one instant broken by id), search them
// by a prefix of a name word, the whole name or the e-mail, Turkish i's folded, on the accounts
// stored before search keys existed too; other roles never show; a bad cursor is 400.
func TestStaffCustomerList(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	base := time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC)
	var docs []any
	for i := range 54 {
		// Pairs share an instant: the page cursor must break the tie by id.
		docs = append(docs, bson.D{{Key: "_id", Value: fmt.Sprintf("c-%02d", i)}, {Key: "email", Value: fmt.Sprintf("musteri%02d@example.com", i)},
			{Key: "fullName", Value: fmt.Sprintf("Müşteri %02d", i)}, {Key: "role", Value: "customer"},
			{Key: "createdAt", Value: base.Add(time.Duration(i/2) * time.Minute)}, {Key: "version", Value: 1}})
	}
	docs = append(docs,
		bson.D{{Key: "_id", Value: "c-ilker"}, {Key: "email", Value: "ilker@firma.com.tr"}, {Key: "fullName", Value: "İlker Yılmaz"},
			{Key: "role", Value: "customer"}, {Key: "createdAt", Value: base.Add(-time.Hour)}, {Key: "version", Value: 1}},
		bson.D{{Key: "_id", Value: "t-ilker"}, {Key: "email", Value: "ilker.t@example.com"}, {Key: "fullName", Value: "İlker Tercüman"},
			{Key: "role", Value: "translator"}, {Key: "createdAt", Value: base}, {Key: "version", Value: 1}})
	if _, err := f.db.Collection("users").InsertMany(ctx, docs); err != nil {
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
	registered := f.browser("tr").register("Zeynep Kaya", "zeynep@example.com").user()["id"].(string)

	a := staff.do("GET", "admin/customers", nil)
	if got := customerIDs(a); a.status != 200 || len(got) != 50 || a.body["more"] != true || got[0] != registered || got[1] != "c-53" || got[2] != "c-52" {
		t.Fatalf("first page: %d %v", a.status, got)
	}
	seen := customerIDs(a)
	if a.body["next"] != seen[49] {
		t.Fatalf("next of the first page: %v, want %s", a.body["next"], seen[49])
	}
	a = staff.do("GET", "admin/customers?before="+seen[49], nil)
	seen = append(seen, customerIDs(a)...)
	if a.status != 200 || a.body["more"] != false || len(seen) != 56 || seen[55] != "c-ilker" {
		t.Fatalf("second page: %d %v", a.status, customerIDs(a))
	}
	if _, ok := a.body["next"]; ok {
		t.Errorf("next on the last page: %s", a.raw)
	}

	// sort=oldest walks the same accounts the other way, page by page, none twice.
	var oldest []string
	next := ""
	for range 3 {
		a := staff.do("GET", "admin/customers?sort=oldest&before="+next, nil)
		if a.status != 200 {
			t.Fatalf("oldest: %d %s", a.status, a.raw)
		}
		oldest = append(oldest, customerIDs(a)...)
		if a.body["more"] != true {
			break
		}
		next = a.body["next"].(string)
	}
	if want := slices.Clone(seen); len(oldest) != 56 || !slices.Equal(oldest, func() []string { slices.Reverse(want); return want }()) {
		t.Errorf("oldest first: %v\nwant the newest-first list reversed: %v", oldest, seen)
	}
	if a := staff.do("GET", "admin/customers?sort=newest&before="+seen[49], nil); !slices.Equal(customerIDs(a), seen[50:]) {
		t.Errorf("sort=newest is the default order: %v", customerIDs(a))
	}
	if a := staff.do("GET", "admin/customers?q=m%C3%BC%C5%9Fteri&sort=oldest&before=c-43", nil); strings.Join(customerIDs(a), ",") != "c-44,c-45,c-46,c-47,c-48,c-49,c-50,c-51,c-52,c-53" {
		t.Errorf("a search's oldest-first second page: %v", customerIDs(a))
	}
	trStaff := f.staff("staff-2", authn.RoleAdmin)
	trStaff.lang = "tr"
	for _, c := range []struct {
		who  *browser
		want string
	}{{staff, "Invalid sort order; use newest or oldest."}, {trStaff, "Geçersiz sıralama; newest ya da oldest olmalı."}} {
		if a := c.who.do("GET", "admin/customers?sort=deadline", nil); a.status != 400 || a.field("sort") != c.want {
			t.Errorf("sort=deadline in %s: %d %s", c.who.lang, a.status, a.raw)
		}
	}
	for _, c := range []struct{ q, want string }{
		{"ilker", "c-ilker"}, {"YILMAZ", "c-ilker"}, {"İlker Yıl", "c-ilker"}, {"ilker@firma", "c-ilker"}, {"zeyn", registered},
		{"müşteri 07", "c-07"}, {"nobody", ""},
	} {
		a := staff.do("GET", "admin/customers?q="+url.QueryEscape(c.q), nil)
		if got := strings.Join(customerIDs(a), ","); a.status != 200 || got != c.want {
			t.Errorf("q=%s: %d %q, want %q", c.q, a.status, got, c.want)
		}
	}
	if a := staff.do("GET", "admin/customers?q=m%C3%BC%C5%9Fteri&before=c-10", nil); strings.Join(customerIDs(a), ",") != "c-09,c-08,c-07,c-06,c-05,c-04,c-03,c-02,c-01,c-00" {
		t.Errorf("a search's second page: %v", customerIDs(a))
	}
	for _, before := range []string{"nobody", "t-ilker"} {
		if a := staff.do("GET", "admin/customers?before="+before, nil); a.status != 400 || a.field("before") == "" {
			t.Errorf("before=%s: %d %s", before, a.status, a.raw)
		}
	}
}

// One customer's profile for staff: what they filled in, never a password hash, a session, a
// refresh or reset token, whatever the account has been through; names for ids; staff only.
func TestStaffCustomerHasNoSecrets(t *testing.T) {
	f := newFixture(t)
	b := f.browser("tr")
	id := b.register("Ayşe Yılmaz", "ayse@example.com").user()["id"].(string)
	b.do("PATCH", "me", map[string]any{"fullName": "Ayşe Yılmaz", "phone": "+90 532 000 00 00", "companyName": "Örnek A.Ş.", "address": "Kadıköy"})
	f.browser("tr").do("POST", "login", map[string]any{"email": "ayse@example.com", "password": goodPassword})
	if a := f.browser("tr").do("POST", "password/forgot", map[string]any{"email": "ayse@example.com"}); a.status != 202 {
		t.Fatalf("forgot: %d %s", a.status, a.raw)
	}
	secrets := []string{}
	for _, c := range b.cookies {
		secrets = append(secrets, c.Value)
	}
	staff := f.staff("staff-1", authn.RoleAdmin)
	a := staff.do("GET", "admin/customers/"+id, nil)
	if a.status != 200 || a.body["email"] != "ayse@example.com" || a.body["phone"] != "+90 532 000 00 00" || a.body["companyName"] != "Örnek A.Ş." ||
		a.body["language"] != "tr" || a.body["type"] != "customer" || a.body["emailVerified"] != false || a.body["createdAt"] == nil {
		t.Fatalf("customer: %d %s", a.status, a.raw)
	}
	list := staff.do("GET", "admin/customers?q=ayse", nil)
	users := staff.do("GET", "admin/users?ids="+id+",nobody,"+id, nil)
	for _, got := range []answer{a, list, users} {
		low := strings.ToLower(got.raw)
		for _, word := range []string{"password", "hash", "refresh", "session", "reset", "token", "searchkeys", "outbox"} {
			if strings.Contains(low, word) {
				t.Errorf("%q in %s", word, got.raw)
			}
		}
		for _, s := range secrets {
			if s != "" && strings.Contains(got.raw, s) {
				t.Errorf("a cookie's value in %s", got.raw)
			}
		}
	}
	if u, _ := users.body["users"].([]any); users.status != 200 || len(u) != 1 || u[0].(map[string]any)["name"] != "Ayşe Yılmaz" ||
		u[0].(map[string]any)["role"] != "customer" {
		t.Errorf("users: %d %s", users.status, users.raw)
	}
	// A sandbox id's customer is the account it belongs to.
	if a := staff.do("GET", "admin/customers/"+authn.SandboxID(id), nil); a.status != 200 || a.body["email"] != "ayse@example.com" {
		t.Errorf("a sandbox id's customer: %d %s", a.status, a.raw)
	}
	// A sandbox id is named after its account, marked; the simulated translator by its name.
	sbx := staff.do("GET", "admin/users?ids="+authn.SandboxID(id)+","+authn.SandboxID("translator")+","+authn.SandboxID("nobody"), nil)
	if u, _ := sbx.body["users"].([]any); sbx.status != 200 || len(u) != 2 || u[0].(map[string]any)["name"] != "Ayşe Yılmaz (sandbox)" ||
		u[1].(map[string]any)["name"] != "Deneme Çevirmeni (sandbox)" || u[1].(map[string]any)["role"] != "translator" {
		t.Errorf("sandbox ids: %d %s", sbx.status, sbx.raw)
	}
	many := make([]string, 101)
	for i := range many {
		many[i] = fmt.Sprintf("u-%d", i)
	}
	if a := staff.do("GET", "admin/users?ids="+strings.Join(many, ","), nil); a.status != 400 || a.field("ids") == "" {
		t.Errorf("101 ids: %d %s", a.status, a.raw)
	}
	if a := staff.do("GET", "admin/customers/staff-1", nil); a.status != 404 {
		t.Errorf("a non-customer: %d", a.status)
	}

	for _, path := range []string{"admin/customers", "admin/customers/" + id, "admin/users?ids=" + id} {
		for _, c := range []struct {
			who  *browser
			want int
		}{{f.browser("en"), 401}, {b, 403}, {f.staff("tr-1", authn.RoleTranslator), 403}} {
			if got := c.who.do("GET", path, nil); got.status != c.want {
				t.Errorf("%s: %d, want %d", path, got.status, c.want)
			}
		}
	}
}

// Staff list the staff members (the audit screen's choice of who acted): the admin accounts only,
// by name with the Turkish i's folded, with id, name and e-mail and nothing secret; only staff
// may ask.
func TestStaffMembersList(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	at := time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC)
	user := func(id, email, name, role string) bson.D {
		return bson.D{{Key: "_id", Value: id}, {Key: "email", Value: email}, {Key: "fullName", Value: name}, {Key: "role", Value: role},
			{Key: "passwordHash", Value: "secret-hash"}, {Key: "createdAt", Value: at}, {Key: "version", Value: 1}}
	}
	if _, err := f.db.Collection("users").InsertMany(ctx, []any{
		user("adm-zeynep", "zeynep@linguaport.example", "Zeynep Arslan", "admin"),
		user("adm-ilker", "ilker@linguaport.example", "İlker Demir", "admin"),
		user("adm-can", "can@linguaport.example", "Can Öztürk", "admin"),
		user("c-1", "musteri@example.com", "Ayşe Müşteri", "customer"),
		user("t-1", "tercuman@example.com", "Ali Tercüman", "translator"),
	}); err != nil {
		t.Fatal(err)
	}
	staff := f.staff("adm-can", authn.RoleAdmin)
	a := staff.do("GET", "admin/staff", nil)
	list, _ := a.body["users"].([]any)
	var got []string
	for _, u := range list {
		m := u.(map[string]any)
		got = append(got, fmt.Sprintf("%s|%s|%s|%s", m["id"], m["name"], m["email"], m["role"]))
	}
	want := []string{"adm-can|Can Öztürk|can@linguaport.example|admin", "adm-ilker|İlker Demir|ilker@linguaport.example|admin",
		"adm-zeynep|Zeynep Arslan|zeynep@linguaport.example|admin"}
	if a.status != 200 || !slices.Equal(got, want) {
		t.Fatalf("staff: %d %v", a.status, got)
	}
	if low := strings.ToLower(a.raw); strings.Contains(low, "hash") || strings.Contains(low, "password") {
		t.Errorf("a secret in %s", a.raw)
	}
	for _, c := range []struct {
		who  *browser
		want int
	}{{f.browser("en"), 401}, {f.staff("c-1", authn.RoleCustomer), 403}, {f.staff("t-1", authn.RoleTranslator), 403}} {
		if got := c.who.do("GET", "admin/staff", nil); got.status != c.want {
			t.Errorf("admin/staff: %d, want %d", got.status, c.want)
		}
	}
}
