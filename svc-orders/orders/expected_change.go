package orders

import (
	"context"
	"errors"
	"linguaport/internal/authn"
	"strings"
	"time"
	"unicode/utf8"

	"linguaport/internal/errs"
	"linguaport/internal/events"
	"linguaport/svc-orders/calendar"
)

// Staff move a paid order's expected date (its deadline's day) when the work will be late or
// early: a translator needs longer, the customer sent more pages. The customer hears of it
// (order.expected_date_changed, which svc-auth mails) and the translator's deadline moves with it.

// EventExpectedDateChanged is published on events.Stream("orders") when an order's expected date
// changes.
const EventExpectedDateChanged = "order.expected_date_changed"

// ExpectedDateChangedData is the payload of order.expected_date_changed.
type ExpectedDateChangedData struct {
	OrderID              string        `json:"orderId"`
	Number               string        `json:"number"`
	CustomerID           string        `json:"customerId"`
	TranslatorID         string        `json:"translatorId,omitempty"`
	PreviousExpectedDate calendar.Date `json:"previousExpectedDate"`
	ExpectedDate         calendar.Date `json:"expectedDate"`
	Deadline             time.Time     `json:"deadline"` // the new deadline: 18:00 in Istanbul on ExpectedDate
	Note                 string        `json:"note"`     // why, in the staff member's words, for the customer
	By                   string        `json:"by"`
	At                   time.Time     `json:"at"`
}

// ExpectedDateInput is staff's new expected date for an order, with why.
type ExpectedDateInput struct {
	ExpectedDate string // YYYY-MM-DD, a business day in Istanbul
	Note         string
}

// MaxExpectedDateNoteRunes bounds the note a customer reads with the new date.
const MaxExpectedDateNoteRunes = 1000

// maxExpectedAhead bounds how far ahead a new expected date may be.
const maxExpectedAhead = 365

// ErrExpectedDateFixed: the order has no date to move (not paid yet: the date follows the
// payment) or its work is delivered.
var ErrExpectedDateFixed = errors.New("the order's expected date cannot be changed now")

// Reasons of a refused expected date (errs.Fields, field "expectedDate").
const (
	ReasonNotADate       = "not_a_date"
	ReasonNotBusinessDay = "not_business_day"
	ReasonDateInPast     = "date_in_past"
	ReasonDateTooFar     = "date_too_far"
)

func (in *ExpectedDateInput) check(today calendar.Date) (calendar.Date, error) {
	in.ExpectedDate, in.Note = strings.TrimSpace(in.ExpectedDate), strings.TrimSpace(in.Note)
	bad := errs.Fields{}
	var day calendar.Date
	switch d, err := calendar.ParseDate(in.ExpectedDate); {
	case in.ExpectedDate == "":
		bad["expectedDate"] = "required"
	case err != nil:
		bad["expectedDate"] = ReasonNotADate
	case d.Before(today):
		bad["expectedDate"] = ReasonDateInPast
	case today.AddDays(maxExpectedAhead).Before(d):
		bad["expectedDate"] = ReasonDateTooFar
	case !calendar.IsBusinessDay(d):
		bad["expectedDate"] = ReasonNotBusinessDay
	default:
		day = d
	}
	switch n := utf8.RuneCountInString(in.Note); {
	case n == 0:
		bad["note"] = "required"
	case n > MaxExpectedDateNoteRunes:
		bad["note"] = "too_long"
	}
	return day, bad.Err()
}

// ChangeExpectedDate moves a paid order's expected date (staff), while its work is not delivered:
// one conditional write of the new deadline with order.expected_date_changed. The same date again
// changes nothing and tells nobody.
func (s *service) ChangeExpectedDate(ctx context.Context, c authn.Caller, id string, in ExpectedDateInput) (OrderView, error) {
	if err := requireStaff(c); err != nil {
		return OrderView{}, err
	}
	now := s.now()
	day, err := in.check(calendar.DateOf(now))
	if err != nil {
		return OrderView{}, err
	}
	deadline := day.At(calendar.EndOfDay).UTC()
	return s.updateOnce(ctx, c, id, now, func(o *Order) (*Order, error) {
		if o.Deadline == nil || (o.Status != InProgress && o.Status != Assigned) {
			return nil, ErrExpectedDateFixed
		}
		previous := calendar.DateOf(*o.Deadline)
		if previous == day {
			return nil, errAlreadyApplied
		}
		e, err := events.New(ctx, EventExpectedDateChanged, ExpectedDateChangedData{OrderID: o.ID, Number: o.Number,
			CustomerID: o.CustomerID, TranslatorID: o.TranslatorID, PreviousExpectedDate: previous, ExpectedDate: day,
			Deadline: deadline, Note: in.Note, By: c.ID, At: now})
		if err != nil {
			return nil, err
		}
		o.Deadline = &deadline
		o.Add(e)
		return o, nil
	})
}
