package profiles_test

import (
	"context"
	"errors"
	"testing"

	"linguaport/internal/authn"
	"linguaport/internal/errs"
	"linguaport/svc-translators/profiles"
)

// A suspension and its lifting are each announced once in translator.profile_changed
// (suspended true, then false), a repeat announces nothing, and both are kept in the staff log.
func TestSuspensionIsAnnounced(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	if _, err := e.svc.Suspend(ctx, authn.Caller{ID: "staff-1"}, ayse.ID, "x"); !errors.Is(err, profiles.ErrNotFound) {
		t.Errorf("suspend nobody: %v", err)
	}
	if _, err := e.svc.SaveCompetencies(ctx, ayse, competencies()); err != nil {
		t.Fatal(err)
	}
	_, err := e.svc.Suspend(ctx, authn.Caller{ID: "staff-1"}, ayse.ID, " ")
	wantFields(t, err, errs.Fields{"reason": profiles.ReasonSuspendRequired})
	for range 2 {
		if p, err := e.svc.Suspend(ctx, authn.Caller{ID: "staff-1"}, ayse.ID, "Missed deadlines"); err != nil || !p.Suspended || p.Suspension.Reason != "Missed deadlines" {
			t.Fatalf("suspend: %+v %v", p.Suspension, err)
		}
	}
	for range 2 {
		if p, err := e.svc.Unsuspend(ctx, authn.Caller{ID: "staff-2"}, ayse.ID); err != nil || p.Suspended || p.Suspension != nil {
			t.Fatalf("unsuspend: %+v %v", p.Suspension, err)
		}
	}
	var got []bool
	for _, ev := range e.outbox(t, ayse.ID) {
		got = append(got, ev.Suspended)
	}
	if len(got) != 3 || got[0] || !got[1] || got[2] {
		t.Errorf("suspended announced %v, want [false true false]", got)
	}
	stored, _ := e.store.Profile(ctx, ayse.ID)
	if n := len(stored.StaffLog); n != 2 || stored.StaffLog[0].By != "staff-1" || stored.StaffLog[1].By != "staff-2" || stored.StaffLog[1].After != "false" {
		t.Errorf("staff log %+v", stored.StaffLog)
	}
}
