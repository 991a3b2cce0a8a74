package audit_test

import (
	"testing"

	"linguaport/internal/audit"
)

type order struct {
	ID     string `json:"id"`
	Status string `json:"status"`
	Brief  string `json:"brief"`
	Date   string `json:"expectedDate"`
}

// TestKeepAndEraseForAnErasure: the entries of a record an erasure keeps stay with who, what and
// when but lose the fields people wrote; the entries of a record it deletes go; other records'
// entries are untouched, and running either again answers the same count and changes nothing.
func TestKeepAndEraseForAnErasure(t *testing.T) {
	l, s := newLog(t), newStaff(t)
	ctx := s.ctx(t, "st1", "Selin")
	kept, gone, other := audit.Object{Kind: "order", ID: "o1"}, audit.Object{Kind: "ticket", ID: "k1"}, audit.Object{Kind: "order", ID: "o2"}
	changes := []struct {
		obj           audit.Object
		action        string
		before, after order
	}{
		{kept, "order.expected_date", order{"o1", "paid", "Ali Bey'in tapusu", "2026-12-01"}, order{"o1", "paid", "Ali Bey'in tapusu, acil", "2026-12-03"}},
		{kept, "order.assign", order{"o1", "paid", "x", "d"}, order{"o1", "assigned", "x", "d"}},
		{gone, "ticket.reply", order{"k1", "open", "", ""}, order{"k1", "answered", "Merhaba Ayşe Hanım", ""}},
		{other, "order.expected_date", order{"o2", "paid", "Başkasının notu", "2026-12-01"}, order{"o2", "paid", "Başkasının notu!", "2026-12-02"}},
	}
	for _, c := range changes {
		if ok, err := l.Change(ctx, c.action, c.obj, c.before, c.after); err != nil || !ok {
			t.Fatalf("%s: %v %v", c.action, ok, err)
		}
	}

	for run := range 2 {
		n, err := l.Keep(ctx, "order", []string{"o1"}, "brief", "files")
		if err != nil || n != 2 {
			t.Fatalf("run %d: keep: %d %v, want 2 entries", run, n, err)
		}
		n, err = l.Erase(ctx, "ticket", []string{"k1"})
		if want := 1 - run; err != nil || n != want {
			t.Fatalf("run %d: erase: %d %v, want %d", run, n, err, want)
		}
	}

	p, err := l.List(ctx, audit.Filter{Object: &kept})
	if err != nil || len(p.Entries) != 2 {
		t.Fatalf("kept entries: %+v %v", p, err)
	}
	byAction := map[string]audit.Entry{}
	for _, e := range p.Entries {
		byAction[e.Action] = e
	}
	if e := byAction["order.expected_date"]; string(e.Before) != `{"expectedDate":"2026-12-01"}` || string(e.After) != `{"expectedDate":"2026-12-03"}` || e.Actor.Name != "Selin" {
		t.Errorf("kept entry: %+v before %s after %s", e, e.Before, e.After)
	}
	if e := byAction["order.assign"]; string(e.Before) != `{"status":"paid"}` || string(e.After) != `{"status":"assigned"}` {
		t.Errorf("an entry without written fields changed: before %s after %s", e.Before, e.After)
	}
	if p, _ := l.List(ctx, audit.Filter{Object: &gone}); len(p.Entries) != 0 {
		t.Errorf("the deleted record's entries remain: %+v", p.Entries)
	}
	if p, _ := l.List(ctx, audit.Filter{Object: &other}); len(p.Entries) != 1 || string(p.Entries[0].After) != `{"brief":"Başkasının notu!","expectedDate":"2026-12-02"}` {
		t.Errorf("another order's entry: %+v", p.Entries)
	}
}
