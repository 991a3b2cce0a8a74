package weeks

import (
	"testing"
	"time"
)

// The window ends with the week holding now, in Istanbul: Sunday 23:30 Istanbul is still that
// week, Monday 00:10 Istanbul (Sunday 21:10 UTC) is the next one; labels are ISO's, across a
// year's end.
func TestLast(t *testing.T) {
	// Sunday 29 November 2026, 23:30 in Istanbul (20:30 UTC): week 48, from Monday the 23rd.
	w := Last(time.Date(2026, 11, 29, 20, 30, 0, 0, time.UTC), 12)
	if len(w) != 12 || w[11].Label != "2026-W48" || w[11].Date != "2026-11-23" || w[0].Label != "2026-W37" || w[0].Date != "2026-09-07" {
		t.Fatalf("window: %+v … %+v", w[0], w[11])
	}
	if got := w[11].Start; !got.Equal(time.Date(2026, 11, 22, 21, 0, 0, 0, time.UTC)) {
		t.Errorf("week 48 starts %v, want Sunday 21:00 UTC", got)
	}
	if w.Index(time.Date(2026, 11, 22, 20, 59, 0, 0, time.UTC)) != 10 || w.Index(time.Date(2026, 11, 22, 21, 0, 0, 0, time.UTC)) != 11 {
		t.Errorf("the boundary between weeks 47 and 48 is not Monday 00:00 in Istanbul")
	}
	if w.Index(w.To()) != -1 || w.Index(w.From().Add(-time.Second)) != -1 || w.Index(w.From()) != 0 {
		t.Errorf("outside the window must be -1")
	}
	// Monday 00:10 in Istanbul is Sunday 21:10 UTC: already the next week.
	next := Last(time.Date(2026, 11, 29, 21, 10, 0, 0, time.UTC), 2)
	if next[1].Label != "2026-W49" {
		t.Errorf("Monday 00:10 Istanbul: %s", next[1].Label)
	}
	// 1 January 2027 is a Friday of ISO week 53 of 2026.
	ny := Last(time.Date(2027, 1, 1, 12, 0, 0, 0, time.UTC), 2)
	if ny[1].Label != "2026-W53" || ny[1].Date != "2026-12-28" || ny[0].Label != "2026-W52" {
		t.Errorf("year's end: %+v", ny)
	}
}
