package api_test

import (
	"testing"

	"linguaport/internal/authn"
	"linguaport/svc-orders/pricing"
)

// auditEntries is GET admin/audit?query as staff, which must answer 200 with one page.
func (f *fixture) auditEntries(t *testing.T, query string) []map[string]any {
	t.Helper()
	a := f.send(t, "GET", "/api/v1/orders/admin/audit?"+query, "en", f.tokenFor("audit-reader", authn.RoleAdmin), nil)
	if a.status != 200 || a.body["more"] != false {
		t.Fatalf("audit %s: %d %s", query, a.status, a.raw)
	}
	var out []map[string]any
	list, _ := a.body["entries"].([]any)
	for _, e := range list {
		out = append(out, e.(map[string]any))
	}
	return out
}

// oneAuditEntry checks that query finds exactly one entry: action by actor, field from before to
// after.
func (f *fixture) oneAuditEntry(t *testing.T, query, action, actor, field string, before, after any) {
	t.Helper()
	got := f.auditEntries(t, query)
	if len(got) != 1 {
		t.Fatalf("audit %s: %d entries, want 1: %v", query, len(got), got)
	}
	e := got[0]
	who, _ := e["actor"].(map[string]any)
	b, _ := e["before"].(map[string]any)
	a, _ := e["after"].(map[string]any)
	if e["action"] != action || who["id"] != actor || b[field] != before || a[field] != after {
		t.Errorf("entry %v, want %s by %s with %s %v → %v", e, action, actor, field, before, after)
	}
}

// A price list change by staff is recorded once, with the services before and after, and shown by
// the price list and by the staff member; a refused change and the same list again record
// nothing; only staff read the audit.
func TestPriceListChangeAudited(t *testing.T) {
	f := newFixture(t)
	staff := f.tokenFor("staff-prices", authn.RoleAdmin)
	broken := pricing.SeedPriceList()
	broken.Services[1].BaseRate = -1
	if status, _ := f.call(t, "PUT", "/api/v1/orders/admin/prices", "en", staff, broken); status != 400 {
		t.Fatalf("invalid list: %d", status)
	}
	pl := pricing.SeedPriceList()
	pl.Services[0].BaseRate = 1000
	for range 2 {
		if status, body := f.call(t, "PUT", "/api/v1/orders/admin/prices", "en", staff, pl); status != 200 {
			t.Fatalf("update: %d %v", status, body)
		}
	}
	for _, q := range []string{"object=price_list:current", "actor=staff-prices"} {
		got := f.auditEntries(t, q)
		if len(got) != 1 {
			t.Fatalf("audit %s: %v", q, got)
		}
		e := got[0]
		before, _ := e["before"].(map[string]any)["services"].([]any)
		after, _ := e["after"].(map[string]any)["services"].([]any)
		if e["action"] != "price_list.update" || e["actor"].(map[string]any)["id"] != "staff-prices" || len(before) == 0 || len(after) == 0 ||
			before[0].(map[string]any)["baseRate"] == 1000.0 || after[0].(map[string]any)["baseRate"] != 1000.0 {
			t.Errorf("entry %v", e)
		}
	}
	for who, c := range map[string]struct {
		token string
		want  int
	}{"a customer": {f.token(authn.RoleCustomer), 403}, "a translator": {f.token(authn.RoleTranslator), 403}, "a visitor": {"", 401}} {
		if a := f.send(t, "GET", "/api/v1/orders/admin/audit", "en", c.token, nil); a.status != c.want {
			t.Errorf("%s reads the audit: %d, want %d", who, a.status, c.want)
		}
	}
}
