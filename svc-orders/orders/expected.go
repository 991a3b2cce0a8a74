package orders

import (
	"time"

	"linguaport/svc-orders/calendar"
)

// expectedDate is the day the order's work is due, in Istanbul: once paid, its deadline's day
// (fixed at payment, kept on the order); until then, the day it would be due if paid at now, so the
// customer deciding whether to pay sees the date paying today brings.
func (o *Order) expectedDate(now time.Time) *calendar.Date {
	if o.Deadline != nil {
		return deadlineDate(o.Deadline)
	}
	if o.Status != AwaitingPayment || o.Window.MaxDays <= 0 {
		return nil // paid before deadlines were kept: nothing honest to show
	}
	d := calendar.Expected(now, o.Window.MaxDays)
	return &d
}

// deadlineDate is a deadline's day in Istanbul.
func deadlineDate(deadline *time.Time) *calendar.Date {
	if deadline == nil {
		return nil
	}
	d := calendar.DateOf(*deadline)
	return &d
}
