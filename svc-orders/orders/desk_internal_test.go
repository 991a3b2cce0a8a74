package orders

import (
	"errors"
	"slices"
	"testing"
	"time"

	"linguaport/svc-orders/pool"
)

func deskIDs(d *Desk) []string {
	var ids []string
	for _, j := range d.Jobs {
		ids = append(ids, j.OrderID)
	}
	slices.Sort(ids)
	return ids
}

// The desk's rules: a recount keeps the places of active orders and of reservations that may
// still become orders, drops the rest, and adds active orders it lacked; a reservation has room
// only below the cap, but one for an order already there always succeeds and takes the place
// over; a lost claim gives back only its own place.
func TestDeskRules(t *testing.T) {
	now := time.Date(2026, 5, 4, 10, 0, 0, 0, time.UTC)
	d := &Desk{ID: "tr", Jobs: []DeskJob{
		{OrderID: "active-old", At: now.Add(-time.Hour)},
		{OrderID: "delivered-old", At: now.Add(-time.Hour)},                 // released nowhere: a crash after the delivery
		{OrderID: "in-flight", At: now.Add(-deskKeep + time.Second)},        // its order write may still come
		{OrderID: "died", At: now.Add(-deskKeep - time.Second), Token: "x"}, // it cannot any more
	}}
	d.recount([]string{"active-old", "revision"}, now)
	if got := deskIDs(d); !slices.Equal(got, []string{"active-old", "in-flight", "revision"}) {
		t.Fatalf("recounted %v", got)
	}
	if err := d.reserve("new", "t1", 3, now); !errors.Is(err, pool.ErrAtCap) {
		t.Errorf("a fourth place under a cap of 3: %v", err)
	}
	if err := d.reserve("in-flight", "t2", 3, now); err != nil || len(d.Jobs) != 3 {
		t.Errorf("reserving a held order again: %v %v", err, deskIDs(d))
	}
	if err := d.release("in-flight", func(j DeskJob) bool { return j.Token == "t0" }); !errors.Is(err, errDeskUnchanged) {
		t.Errorf("a lost claim gave back a place taken over since: %v", err)
	}
	if err := d.release("in-flight", func(j DeskJob) bool { return j.Token == "t2" }); err != nil || len(d.Jobs) != 2 {
		t.Errorf("giving back one's own place: %v %v", err, deskIDs(d))
	}
	if err := d.reserve("new", "t1", 3, now); err != nil || !slices.Contains(deskIDs(d), "new") {
		t.Errorf("a place freed: %v %v", err, deskIDs(d))
	}
	r := reservation{at: now}
	if r.lapsed(now.Add(deskHold)) != nil || r.lapsed(now.Add(deskHold+time.Millisecond)) == nil {
		t.Error("a reservation is usable for deskHold and no longer")
	}
}
