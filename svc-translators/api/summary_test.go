package api_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"linguaport/internal/authn"
	"linguaport/svc-translators/applications"
	"linguaport/svc-translators/support"
)

// The dashboard's counts: applications waiting for a decision (more than a page of them) and
// tickets waiting for staff; staff only.
func TestStaffSummary(t *testing.T) {
	ctx := context.Background()
	s := newStaffLists(t)
	apps, ticketSvc := s.apps, s.tickets

	base := time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC)
	for i := range 55 {
		a := applications.Application{ID: fmt.Sprintf("app-%02d", i), Status: applications.Submitted, Email: fmt.Sprintf("a%d@example.com", i),
			SubmittedAt: base.Add(time.Duration(i) * time.Minute), Search: []string{}}
		if i >= 52 {
			a.Status = applications.Approved
		} else {
			a.OpenEmail = a.Email
		}
		if err := apps.Insert(ctx, a); err != nil {
			t.Fatal(err)
		}
	}
	var last support.Ticket
	for i := range 3 {
		tk, err := ticketSvc.Open(ctx, authn.Caller{ID: fmt.Sprintf("tr-%d", i), Name: "Çevirmen"},
			support.NewTicket{Subject: "Ödeme gelmedi", Category: "payment", Message: "Kasım ödemem hesabıma geçmedi."})
		if err != nil {
			t.Fatal(err)
		}
		last = tk
	}
	if _, err := ticketSvc.Reply(ctx, authn.Caller{ID: "staff-1", Name: "Selin"}, last.ID, "Yarın hesabınızda."); err != nil {
		t.Fatal(err)
	}
	a := s.call(t, "GET", "admin/summary", s.token("staff-1", authn.RoleAdmin), "en", nil)
	if a.status != 200 || a.body["applicationsSubmitted"] != 52.0 || a.body["ticketsOpen"] != 2.0 {
		t.Errorf("summary: %d %v", a.status, a.body)
	}
	for _, c := range []struct {
		token string
		want  int
	}{{"", 401}, {s.token("c-1", authn.RoleCustomer), 403}, {s.token("tr-1", authn.RoleTranslator), 403}} {
		if a := s.call(t, "GET", "admin/summary", c.token, "en", nil); a.status != c.want {
			t.Errorf("summary by %q: %d, want %d", c.token, a.status, c.want)
		}
	}
}
