package api_test

import (
	"testing"

	"linguaport/internal/authn"
)

// auditEntries is GET admin/audit?query as staff, which must answer 200 with one page.
func (s *profileServer) auditEntries(t *testing.T, query string) []map[string]any {
	t.Helper()
	a := s.call(t, "GET", "admin/audit?"+query, s.token("audit-reader", authn.RoleAdmin), "en", nil)
	if a.status != 200 || a.body["more"] != false {
		t.Fatalf("audit %s: %d %v", query, a.status, a.body)
	}
	var out []map[string]any
	list, _ := a.body["entries"].([]any)
	for _, e := range list {
		out = append(out, e.(map[string]any))
	}
	return out
}

// checkEntry checks one entry: action by actor (with their name), field from before to after.
func checkEntry(t *testing.T, e map[string]any, action, actor, field string, before, after any) {
	t.Helper()
	who, _ := e["actor"].(map[string]any)
	b, _ := e["before"].(map[string]any)
	a, _ := e["after"].(map[string]any)
	if e["action"] != action || who["id"] != actor || who["name"] != "Name of "+actor || b[field] != before || a[field] != after {
		t.Errorf("entry %v, want %s by %s with %s %v → %v", e, action, actor, field, before, after)
	}
}

// Staff's cap and sworn verification are recorded once each with who, before and after, shown by
// translator and by staff member; refused ones record nothing; only staff read the audit.
func TestProfileStaffActionsAudited(t *testing.T) {
	s := newProfileServer(t)
	ayse, admin := s.token("ayse", authn.RoleTranslator), s.token("staff-1", authn.RoleAdmin)
	if a := s.call(t, "PUT", "profile/competencies", ayse, "en", goodCompetencies()); a.status != 200 {
		t.Fatalf("competencies: %d %v", a.status, a.body)
	}
	for range 2 { // the second changes nothing
		if a := s.call(t, "PUT", "admin/translators/ayse/cap", admin, "en", map[string]any{"activeJobCap": 7}); a.status != 200 {
			t.Fatalf("cap: %d %v", a.status, a.body)
		}
	}
	if a := s.call(t, "PUT", "admin/translators/nobody/cap", admin, "en", map[string]any{"activeJobCap": 5}); a.status != 404 {
		t.Fatalf("cap of nobody: %d", a.status)
	}
	if a := s.call(t, "POST", "admin/translators/ayse/sworn/verify", admin, "en", nil); a.status != 200 {
		t.Fatalf("verify: %d %v", a.status, a.body)
	}
	got := s.auditEntries(t, "object=translator:ayse")
	if len(got) != 2 {
		t.Fatalf("%d entries for ayse, want 2: %v", len(got), got)
	}
	checkEntry(t, got[1], "translator.cap", "staff-1", "activeJobCap", got[1]["before"].(map[string]any)["activeJobCap"], 7.0)
	if got[1]["before"].(map[string]any)["activeJobCap"] == 7.0 {
		t.Errorf("cap before %v", got[1]["before"])
	}
	if e := got[0]; e["action"] != "translator.sworn_verify" || e["after"].(map[string]any)["competencies"] == nil {
		t.Errorf("verify entry %v", e)
	}
	if n := len(s.auditEntries(t, "actor=staff-1")); n != 2 {
		t.Errorf("%d entries by staff-1, want 2", n)
	}
	if n := len(s.auditEntries(t, "object=translator:nobody")); n != 0 {
		t.Errorf("a refused cap recorded %d entries", n)
	}
	for _, c := range []struct {
		token string
		want  int
	}{{ayse, 403}, {s.token("c1", authn.RoleCustomer), 403}, {"", 401}} {
		if a := s.call(t, "GET", "admin/audit", c.token, "en", nil); a.status != c.want {
			t.Errorf("audit read by %q: %d, want %d", c.token, a.status, c.want)
		}
	}
}

// A staff reply and a staff close of a ticket are recorded, each once.
func TestTicketStaffActionsAudited(t *testing.T) {
	s := newSupportServer(t)
	tok, admin := s.token("t1", authn.RoleTranslator), s.token("a1", authn.RoleAdmin)
	a := s.call(t, "POST", "tickets", tok, "en", newTicket("Ödeme gelmedi", "payment", "Kasım ödemem hesabıma geçmedi."))
	if a.status != 201 {
		t.Fatalf("open: %d %v", a.status, a.body)
	}
	id := a.body["id"].(string)
	if a := s.call(t, "POST", "admin/tickets/"+id+"/messages", admin, "en", map[string]string{"message": "Yarın hesabınızda."}); a.status != 200 {
		t.Fatalf("reply: %d %v", a.status, a.body)
	}
	for range 2 {
		if a := s.call(t, "POST", "admin/tickets/"+id+"/close", admin, "en", nil); a.status != 200 {
			t.Fatalf("close: %d %v", a.status, a.body)
		}
	}
	if a := s.call(t, "POST", "admin/tickets/"+id+"/messages", admin, "en", map[string]string{"message": "Geç kaldı"}); a.status != 409 {
		t.Fatalf("reply to a closed ticket: %d %v", a.status, a.body)
	}
	got := s.auditEntries(t, "object=ticket:"+id)
	if len(got) != 2 {
		t.Fatalf("%d entries, want 2: %v", len(got), got)
	}
	checkEntry(t, got[0], "ticket.close", "a1", "status", "answered", "closed")
	checkEntry(t, got[1], "ticket.reply", "a1", "status", "open", "answered")
}
