// Package calendar counts business days as the agency works them: in Europe/Istanbul, Monday to
// Friday, without Turkey's public holidays (holidays.go). A delivery promise made to a customer
// ("5 business days") and the deadline a translator works to are both counted here, so the date
// the customer is shown is the date the translator is held to.
package calendar

import (
	"time"

	"linguaport/internal/i18n"
)

// Istanbul is the agency's time zone: business days are Istanbul's days.
var Istanbul = i18n.Istanbul

// EndOfDay is when a business day ends, in Istanbul: the hour a deadline falls due.
const EndOfDay = 18

// Date is a calendar day, without a time or a zone of its own: "2026-12-04".
type Date struct {
	Year  int
	Month time.Month
	Day   int
}

// DateOf is the day it is in Istanbul at the instant t.
func DateOf(t time.Time) Date {
	y, m, d := t.In(Istanbul).Date()
	return Date{y, m, d}
}

// NewDate is the day y-m-d, normalised as time.Date does (the 32nd of January is the 1st of February).
func NewDate(y int, m time.Month, d int) Date {
	return dateOf(time.Date(y, m, d, 0, 0, 0, 0, time.UTC))
}

func dateOf(t time.Time) Date {
	y, m, d := t.Date()
	return Date{y, m, d}
}

// ParseDate reads "YYYY-MM-DD".
func ParseDate(s string) (Date, error) {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return Date{}, err
	}
	return dateOf(t), nil
}

// midnight is the day as a UTC instant, for arithmetic on days that no zone's clock changes disturb.
func (d Date) midnight() time.Time { return time.Date(d.Year, d.Month, d.Day, 0, 0, 0, 0, time.UTC) }

// AddDays is the day n days later (earlier for a negative n).
func (d Date) AddDays(n int) Date { return dateOf(d.midnight().AddDate(0, 0, n)) }

// Weekday is the day of the week of d.
func (d Date) Weekday() time.Weekday { return d.midnight().Weekday() }

// Before tells whether d is an earlier day than e.
func (d Date) Before(e Date) bool { return d.midnight().Before(e.midnight()) }

// At is the instant the clock in Istanbul shows hour:00 on d.
func (d Date) At(hour int) time.Time {
	return time.Date(d.Year, d.Month, d.Day, hour, 0, 0, 0, Istanbul)
}

func (d Date) String() string { return d.midnight().Format(time.DateOnly) }

// MarshalText writes the day as "YYYY-MM-DD" (in JSON too).
func (d Date) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// UnmarshalText reads "YYYY-MM-DD".
func (d *Date) UnmarshalText(b []byte) error {
	parsed, err := ParseDate(string(b))
	if err != nil {
		return err
	}
	*d = parsed
	return nil
}

// IsBusinessDay tells whether the agency works on d: a Monday to Friday that is neither a public
// holiday nor the eve of one that is a half day (see holidays.go for why a half day does not count).
func IsBusinessDay(d Date) bool {
	if wd := d.Weekday(); wd == time.Saturday || wd == time.Sunday {
		return false
	}
	_, off := HolidayOn(d)
	return !off
}

// AddBusinessDays is the n-th business day after the day from (from itself never counts: work paid
// for during a day starts the next one); n ≤ 0 answers from.
func AddBusinessDays(from Date, n int) Date {
	d := from
	for n > 0 {
		d = d.AddDays(1)
		if IsBusinessDay(d) {
			n--
		}
	}
	return d
}

// Deadline is when work of days business days, started at the instant from, is due: the end of
// the working day (EndOfDay, Istanbul) of the days-th business day after from's day in Istanbul.
func Deadline(from time.Time, days int) time.Time {
	return AddBusinessDays(DateOf(from), days).At(EndOfDay).UTC()
}

// Expected is the day work of days business days, started at the instant from, is delivered: the
// day of its Deadline in Istanbul.
func Expected(from time.Time, days int) Date {
	return AddBusinessDays(DateOf(from), days)
}
