package profiles_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"linguaport/internal/authn"
	"linguaport/internal/errs"
	"linguaport/svc-translators/profiles"
)

// A period moves from upcoming to running to over as the days in Turkey pass, both ends
// included; each planned period is announced to the job pool.
func TestVacationStatusFollowsTheClock(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	e.clock.set(at("2026-11-20"))
	v, err := e.svc.AddVacation(ctx, ayse, profiles.VacationInput{Start: "2026-12-01", End: "2026-12-14", Note: " Family "})
	if err != nil {
		t.Fatal(err)
	}
	if v.Status != profiles.Upcoming || v.Note != "Family" || v.ID == "" {
		t.Errorf("added %+v", v)
	}
	statusAt := func(now time.Time) (string, bool) {
		e.clock.set(now)
		p, err := e.svc.Profile(ctx, ayse)
		if err != nil || len(p.Vacations) != 1 {
			t.Fatalf("profile %+v, %v", p, err)
		}
		return p.Vacations[0].Status, p.OnVacation
	}
	trt := time.FixedZone("TRT", 3*3600)
	for _, c := range []struct {
		now    time.Time
		status string
	}{
		// 23:59 in Istanbul on the 30th is still before the first day.
		{time.Date(2026, 11, 30, 23, 59, 0, 0, trt), profiles.Upcoming},
		// 00:00 in Istanbul on the 1st is 21:00 UTC on the 30th: already running.
		{time.Date(2026, 11, 30, 21, 0, 0, 0, time.UTC), profiles.Running},
		{at("2026-12-14"), profiles.Running},
		{time.Date(2026, 12, 14, 23, 59, 0, 0, trt), profiles.Running},
		{time.Date(2026, 12, 15, 0, 0, 0, 0, trt), profiles.Over},
	} {
		if got, on := statusAt(c.now); got != c.status || on != (c.status == profiles.Running) {
			t.Errorf("at %v: %s (on vacation %v), want %s", c.now, got, on, c.status)
		}
	}
	evs := e.outbox(t, ayse.ID)
	if len(evs) != 1 || !slices.Equal(evs[0].Vacations, []profiles.Period{{Start: "2026-12-01", End: "2026-12-14"}}) {
		t.Errorf("events %+v", evs)
	}
}

// The rules of a new period, each refusing its field with its reason.
func TestVacationRules(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	e.clock.set(at("2026-11-20"))
	if _, err := e.svc.AddVacation(ctx, ayse, profiles.VacationInput{Start: "2026-12-10", End: "2026-12-20"}); err != nil {
		t.Fatal(err)
	}
	long := make([]rune, 501)
	for i := range long {
		long[i] = 'n'
	}
	for _, c := range []struct {
		start, end, note string
		want             errs.Fields
	}{
		{"", "", "", errs.Fields{"start": profiles.ReasonRequired, "end": profiles.ReasonRequired}},
		{"2026-12-32", "1.1.2027", "", errs.Fields{"start": profiles.ReasonDate, "end": profiles.ReasonDate}},
		{"2027-01-10", "2027-01-09", "", errs.Fields{"end": profiles.ReasonBefore}},
		{"2026-11-01", "2026-11-19", "", errs.Fields{"end": profiles.ReasonOver}},
		{"2027-01-01", "2027-04-01", "", errs.Fields{"end": profiles.ReasonTooLong}}, // 91 days
		{"2026-12-01", "2026-12-10", "", errs.Fields{"start": profiles.ReasonOverlap}},
		{"2026-12-20", "2026-12-25", "", errs.Fields{"start": profiles.ReasonOverlap}},
		{"2026-12-01", "2026-12-31", "", errs.Fields{"start": profiles.ReasonOverlap}},
		{"2027-01-01", "2027-01-02", string(long), errs.Fields{"note": profiles.ReasonLength}},
	} {
		_, err := e.svc.AddVacation(ctx, ayse, profiles.VacationInput{Start: c.start, End: c.end, Note: c.note})
		wantFields(t, err, c.want)
	}
	// Exactly 90 days, a period that started in the past and runs today, and one next to another.
	for _, ok := range []profiles.VacationInput{
		{Start: "2027-01-01", End: "2027-03-31"},
		{Start: "2026-11-10", End: "2026-11-20"},
		{Start: "2026-12-21", End: "2026-12-21"},
	} {
		if _, err := e.svc.AddVacation(ctx, ayse, ok); err != nil {
			t.Errorf("%+v: %v", ok, err)
		}
	}
	list, _ := e.svc.Vacations(ctx, ayse)
	var starts []string
	for _, v := range list {
		starts = append(starts, v.Start)
	}
	if !slices.Equal(starts, []string{"2026-11-10", "2026-12-10", "2026-12-21", "2027-01-01"}) {
		t.Errorf("vacations %v", starts)
	}
	// At most 20 periods not over.
	e2 := newEnv(t)
	e2.clock.set(at("2026-11-20"))
	day := at("2027-01-01")
	for i := range profiles.MaxOpenVacations {
		d := day.AddDate(0, 0, 2*i).Format("2006-01-02")
		if _, err := e2.svc.AddVacation(ctx, ayse, profiles.VacationInput{Start: d, End: d}); err != nil {
			t.Fatal(err)
		}
	}
	_, err := e2.svc.AddVacation(ctx, ayse, profiles.VacationInput{Start: "2027-06-01", End: "2027-06-02"})
	wantFields(t, err, errs.Fields{"start": profiles.ReasonTooMany})
}

// Ending a running period ends it today; ending one not started removes it; one that is over
// cannot be ended; another translator's is not found. Each change is announced.
func TestEndVacation(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	e.clock.set(at("2026-11-20"))
	running, _ := e.svc.AddVacation(ctx, ayse, profiles.VacationInput{Start: "2026-11-18", End: "2026-11-30"})
	upcoming, _ := e.svc.AddVacation(ctx, ayse, profiles.VacationInput{Start: "2026-12-10", End: "2026-12-20"})
	if running.Status != profiles.Running || upcoming.Status != profiles.Upcoming {
		t.Fatalf("%+v %+v", running, upcoming)
	}
	mehmet := authn.Caller{ID: "tr-mehmet"}
	if _, err := e.svc.EndVacation(ctx, mehmet, running.ID); !errors.Is(err, profiles.ErrVacationNotFound) {
		t.Errorf("another's vacation: %v", err)
	}
	ended, err := e.svc.EndVacation(ctx, ayse, running.ID)
	// Ended today, it is over now: the translator takes work again from this moment.
	if err != nil || ended.End != "2026-11-20" || ended.Status != profiles.Over || ended.EndedAt == nil || ended.Removed {
		t.Errorf("ended %+v, %v", ended, err)
	}
	if _, err := e.svc.EndVacation(ctx, ayse, running.ID); !errors.Is(err, profiles.ErrVacationOver) {
		t.Errorf("ending one already ended: %v", err)
	}
	// A new period may begin the day one was ended.
	again, err := e.svc.AddVacation(ctx, ayse, profiles.VacationInput{Start: "2026-11-20", End: "2026-11-22"})
	if err != nil || again.Status != profiles.Running {
		t.Fatalf("a vacation from the day one ended: %+v %v", again, err)
	}
	if _, err := e.svc.EndVacation(ctx, ayse, again.ID); err != nil {
		t.Fatal(err)
	}
	removed, err := e.svc.EndVacation(ctx, ayse, upcoming.ID)
	if err != nil || !removed.Removed {
		t.Errorf("removed %+v, %v", removed, err)
	}
	e.clock.set(at("2026-11-21"))
	if _, err := e.svc.EndVacation(ctx, ayse, running.ID); !errors.Is(err, profiles.ErrVacationOver) {
		t.Errorf("ending one that is over: %v", err)
	}
	if _, err := e.svc.EndVacation(ctx, ayse, upcoming.ID); !errors.Is(err, profiles.ErrVacationNotFound) {
		t.Errorf("ending a removed one: %v", err)
	}
	list, _ := e.svc.Vacations(ctx, ayse)
	if len(list) != 2 || list[0].Status != profiles.Over || list[0].End != "2026-11-20" || list[1].Status != profiles.Over {
		t.Errorf("vacations %+v", list)
	}
	var pictures [][]profiles.Period
	for _, ev := range e.outbox(t, ayse.ID) {
		pictures = append(pictures, ev.Vacations)
	}
	want := [][]profiles.Period{
		{{Start: "2026-11-18", End: "2026-11-30"}},
		{{Start: "2026-11-18", End: "2026-11-30"}, {Start: "2026-12-10", End: "2026-12-20"}},
		{{Start: "2026-12-10", End: "2026-12-20"}}, // ended: svc-orders offers work again at once
		{{Start: "2026-11-20", End: "2026-11-22"}, {Start: "2026-12-10", End: "2026-12-20"}},
		{{Start: "2026-12-10", End: "2026-12-20"}},
		{},
	}
	if len(pictures) != len(want) {
		t.Fatalf("pictures %+v", pictures)
	}
	for i := range want {
		if !slices.Equal(pictures[i], want[i]) {
			t.Errorf("event %d: %+v, want %+v", i, pictures[i], want[i])
		}
	}
}
