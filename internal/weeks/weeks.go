// Package weeks cuts time into the ISO weeks the agency's back office counts in: Monday 00:00
// to the next Monday 00:00 in Istanbul (i18n.Istanbul). The dashboard's charts (svc-billing's
// revenue, svc-orders' trends) ask one window of them, so both services bucket alike.
package weeks

import (
	"fmt"
	"time"

	"linguaport/internal/i18n"
)

// Week is one ISO week: its label ("2026-W48"), its Monday's date in Istanbul ("2026-11-23")
// and the instants it runs between, [Start, End).
type Week struct {
	Label      string
	Date       string
	Start, End time.Time
}

// Window is n consecutive weeks, the oldest first, the last holding now.
type Window []Week

// Last is the window of the n weeks up to and including the one holding now.
func Last(now time.Time, n int) Window {
	local := now.In(i18n.Istanbul)
	// Monday of now's week: Go counts Sunday as 0, ISO as the week's seventh day.
	back := (int(local.Weekday()) + 6) % 7
	y, m, d := local.Date()
	monday := time.Date(y, m, d-back, 0, 0, 0, 0, i18n.Istanbul)
	w := make(Window, n)
	for i := range n {
		// Dates rather than 7×24 h, so a week is right even across a change of the clocks.
		start := time.Date(monday.Year(), monday.Month(), monday.Day()-7*(n-1-i), 0, 0, 0, 0, i18n.Istanbul)
		end := time.Date(start.Year(), start.Month(), start.Day()+7, 0, 0, 0, 0, i18n.Istanbul)
		year, week := start.ISOWeek()
		w[i] = Week{Label: fmt.Sprintf("%d-W%02d", year, week), Date: start.Format(time.DateOnly), Start: start.UTC(), End: end.UTC()}
	}
	return w
}

// From is the window's first instant, To the instant after its last: the range its queries ask.
func (w Window) From() time.Time { return w[0].Start }
func (w Window) To() time.Time   { return w[len(w)-1].End }

// Index is the position of the week holding t, -1 when t is outside the window.
func (w Window) Index(t time.Time) int {
	if len(w) == 0 || t.Before(w.From()) || !t.Before(w.To()) {
		return -1
	}
	for i := len(w) - 1; i >= 0; i-- {
		if !t.Before(w[i].Start) {
			return i
		}
	}
	return -1
}

// Span is how many weeks the dashboard's charts show.
const Span = 12
