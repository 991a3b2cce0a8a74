package api_test

import (
	"strings"
	"testing"

	"linguaport/internal/authn"
)

// Staff suspend a translator with a reason and lift it: the staff list and the translator's own
// profile say so, each change is recorded once in the audit (a repeat records nothing), a
// suspension without a reason is 400 in the request's language, an unknown translator 404, and
// only staff may do either.
func TestSuspendTranslator(t *testing.T) {
	s := newProfileServer(t)
	ayse, admin := s.token("ayse", authn.RoleTranslator), s.token("staff-1", authn.RoleAdmin)
	if a := s.call(t, "PUT", "profile/competencies", ayse, "en", goodCompetencies()); a.status != 200 {
		t.Fatalf("competencies: %d %v", a.status, a.body)
	}
	if a := s.call(t, "POST", "admin/translators/ayse/suspend", admin, "tr", map[string]string{"reason": "  "}); a.status != 400 {
		t.Fatalf("no reason: %d %v", a.status, a.body)
	} else if _, f := a.problem(); f["reason"] != "Askıya alma nedenini yazın." {
		t.Errorf("no reason, in Turkish: %v", f)
	}
	if a := s.call(t, "POST", "admin/translators/ayse/suspend", admin, "en", map[string]string{"reason": strings.Repeat("x", 501)}); a.status != 400 {
		t.Fatalf("a long reason: %d %v", a.status, a.body)
	} else if _, f := a.problem(); f["reason"] != "The reason must be at most 500 characters." {
		t.Errorf("a long reason, in English: %v", f)
	}
	for range 2 {
		a := s.call(t, "POST", "admin/translators/ayse/suspend", admin, "en", map[string]string{"reason": "Missed three deadlines"})
		sus, _ := a.body["suspension"].(map[string]any)
		if a.status != 200 || a.body["suspended"] != true || sus["reason"] != "Missed three deadlines" || sus["by"] != "staff-1" {
			t.Fatalf("suspend: %d %v", a.status, a.body)
		}
	}
	if a := s.call(t, "GET", "profile", ayse, "en", nil); a.status != 200 || a.body["suspended"] != true {
		t.Errorf("own profile: %d %v", a.status, a.body)
	}
	list := s.call(t, "GET", "admin/translators?q=name", admin, "en", nil)
	if tr, _ := list.body["translators"].([]any); len(tr) != 1 || tr[0].(map[string]any)["suspended"] != true {
		t.Errorf("staff list: %v", list.body)
	}
	if a := s.call(t, "POST", "admin/translators/nobody/suspend", admin, "en", map[string]string{"reason": "x"}); a.status != 404 {
		t.Errorf("unknown: %d", a.status)
	}
	for range 2 {
		if a := s.call(t, "POST", "admin/translators/ayse/unsuspend", admin, "en", nil); a.status != 200 || a.body["suspended"] != false || a.body["suspension"] != nil {
			t.Fatalf("unsuspend: %d %v", a.status, a.body)
		}
	}
	got := s.auditEntries(t, "object=translator:ayse")
	if len(got) != 2 {
		t.Fatalf("%d entries, want 2: %v", len(got), got)
	}
	checkEntry(t, got[1], "translator.suspend", "staff-1", "suspended", false, true)
	checkEntry(t, got[0], "translator.unsuspend", "staff-1", "suspended", true, false)
	for _, path := range []string{"admin/translators/ayse/suspend", "admin/translators/ayse/unsuspend"} {
		for _, c := range []struct {
			token string
			want  int
		}{{"", 401}, {s.token("c-1", authn.RoleCustomer), 403}, {ayse, 403}} {
			if a := s.call(t, "POST", path, c.token, "en", map[string]string{"reason": "x"}); a.status != c.want {
				t.Errorf("%s by %q: %d, want %d", path, c.token, a.status, c.want)
			}
		}
	}
}
