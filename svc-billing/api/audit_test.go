package api_test

import (
	"context"
	"testing"
	"time"

	"linguaport/internal/authn"
)

// staffToken is a staff member's token with their name, which the audit records beside the id.
func (f *fixture) staffToken(subject, name string) string {
	f.redis.Set(context.Background(), authn.SessionKey("s-"+subject), "1", time.Hour)
	tok, _ := f.signer.Sign(authn.Claims{Issuer: authn.Issuer, Subject: subject, Session: "s-" + subject, Role: authn.RoleAdmin,
		Name: name, ExpiresAt: time.Now().Add(time.Hour).Unix()})
	return tok
}

// auditEntries is GET admin/audit?query as staff, which must answer 200.
func (b *billing) auditEntries(t *testing.T, query string) []map[string]any {
	t.Helper()
	a := b.call(t, "/api/v1/billing/admin/audit?"+query, b.staffToken("audit-reader", "Okur"), "en")
	if a.status != 200 || a.body["more"] != false {
		t.Fatalf("audit %s: %d %v", query, a.status, a.body)
	}
	var out []map[string]any
	for _, e := range asList(a.body["entries"]) {
		out = append(out, e.(map[string]any))
	}
	return out
}

// oneChange checks that entries hold exactly one entry of action by actor, from before to after
// in field (the other fields of before and after are not compared).
func oneChange(t *testing.T, entries []map[string]any, action, actor, field string, before, after any) {
	t.Helper()
	if len(entries) != 1 {
		t.Fatalf("%d entries, want 1: %v", len(entries), entries)
	}
	e := entries[0]
	who, _ := e["actor"].(map[string]any)
	b, _ := e["before"].(map[string]any)
	a, _ := e["after"].(map[string]any)
	if e["action"] != action || who["id"] != actor || b[field] != before || a[field] != after || e["at"] == nil {
		t.Errorf("entry %v, want %s by %s with %s %v → %v", e, action, actor, field, before, after)
	}
}

// Staff decisions on bank transfers are recorded once each, with who, before and after, and
// shown filtered by the transfer and by the staff member; a refused decision records nothing;
// only staff read the audit.
func TestTransferDecisionsAudited(t *testing.T) {
	b := newBilling(t)
	tok := b.token("cust-audit", authn.RoleCustomer)
	declare := func() string {
		d := b.post(t, "/api/v1/billing/balance/transfers", tok, "en", "", map[string]any{
			"amount": map[string]any{"amount": 5_000, "currency": "TRY"}, "sender": "Ayşe Yılmaz", "date": "2026-11-20", "reference": "Havale"})
		if d.status != 201 {
			t.Fatalf("declare: %d %v", d.status, d.body)
		}
		return d.body["id"].(string)
	}
	confirmed, rejected := declare(), declare()
	selin, mert := b.staffToken("staff-selin", "Selin Kaya"), b.staffToken("staff-mert", "Mert Demir")
	for range 2 { // a double click: one change, one entry
		if a := b.post(t, "/api/v1/billing/admin/transfers/"+confirmed+"/confirm", selin, "en", "", nil); a.status != 200 {
			t.Fatalf("confirm: %d %v", a.status, a.body)
		}
	}
	if a := b.post(t, "/api/v1/billing/admin/transfers/"+rejected+"/reject", mert, "en", "", map[string]any{"reason": "not received"}); a.status != 200 {
		t.Fatalf("reject: %d %v", a.status, a.body)
	}
	// Refused: a rejected transfer cannot be confirmed, an unknown one is not there.
	if a := b.post(t, "/api/v1/billing/admin/transfers/"+rejected+"/confirm", selin, "en", "", nil); a.status != 409 {
		t.Fatalf("confirm a rejected transfer: %d %v", a.status, a.body)
	}
	if a := b.post(t, "/api/v1/billing/admin/transfers/trf-nope/confirm", selin, "en", "", nil); a.status != 404 {
		t.Fatalf("confirm an unknown transfer: %d %v", a.status, a.body)
	}

	oneChange(t, b.auditEntries(t, "object=transfer:"+confirmed), "transfer.confirm", "staff-selin", "status", "declared", "confirmed")
	oneChange(t, b.auditEntries(t, "object=transfer:"+rejected), "transfer.reject", "staff-mert", "status", "declared", "rejected")
	if e := b.auditEntries(t, "object=transfer:"+rejected)[0]; e["actor"].(map[string]any)["name"] != "Mert Demir" ||
		e["after"].(map[string]any)["reason"] != "not received" {
		t.Errorf("reject entry %v", e)
	}
	oneChange(t, b.auditEntries(t, "actor=staff-selin"), "transfer.confirm", "staff-selin", "status", "declared", "confirmed")
	if got := b.auditEntries(t, "object=transfer:trf-nope"); len(got) != 0 {
		t.Errorf("a refused action recorded: %v", got)
	}
	if got := b.auditEntries(t, ""); len(got) != 2 {
		t.Errorf("all entries: %v", got)
	}
	if a := b.call(t, "/api/v1/billing/admin/audit?object=transfer", selin, "tr"); a.status != 400 || fieldsOf(a)["object"] == nil {
		t.Errorf("a bad filter: %d %v", a.status, a.body)
	}
	for _, c := range []struct {
		token string
		want  int
	}{{tok, 403}, {b.token("tr-1", authn.RoleTranslator), 403}, {"", 401}} {
		if a := b.call(t, "/api/v1/billing/admin/audit", c.token, "en"); a.status != c.want {
			t.Errorf("audit read by %q: %d, want %d", c.token, a.status, c.want)
		}
	}
}
