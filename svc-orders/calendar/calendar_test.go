package calendar

import (
	"encoding/json"
	"testing"
	"time"
)

func day(s string) Date {
	d, err := ParseDate(s)
	if err != nil {
		panic(err)
	}
	return d
}

// istanbul is the instant the clock in Istanbul shows s ("2006-01-02 15:04").
func istanbul(s string) time.Time {
	t, err := time.ParseInLocation("2006-01-02 15:04", s, Istanbul)
	if err != nil {
		panic(err)
	}
	return t
}

// The table must reach a year past today, so that someone adds the next year's religious holidays
// while there is time (Diyanet publishes them years ahead).
func TestTableCoversTheComingYear(t *testing.T) {
	if needed := DateOf(time.Now().AddDate(1, 0, 0)); Covered().Before(needed) {
		t.Errorf("the holiday table ends on %s, within a year of today: add the religious holidays of %d to holidays.go (from Diyanet's calendar)",
			Covered(), Covered().Year+1)
	}
	for y := 2026; y <= Covered().Year; y++ {
		if len(religious[y]) != 2 {
			t.Errorf("%d: %d religious holidays in the table, want Ramazan and Kurban Bayramı", y, len(religious[y]))
		}
	}
}

// The dated table is checked against what the Hijri calendar allows, so a mistyped date fails:
// Kurban Bayramı comes 67 to 69 days after Ramazan Bayramı (Şevval and Zilkade, then 9 days), and
// each comes about 11 days earlier in the year than a year before (a Hijri year is 354 or 355
// days); and against the weekdays Diyanet's calendar shows.
func TestReligiousHolidaysAreConsistent(t *testing.T) {
	days := func(a, b Date) int { return int(b.midnight().Sub(a.midnight()).Hours() / 24) }
	for y := 2026; y <= Covered().Year; y++ {
		fitr, adha := religious[y][0], religious[y][1]
		if fitr.name != "Ramazan Bayramı" || fitr.days != 3 || adha.name != "Kurban Bayramı" || adha.days != 4 {
			t.Errorf("%d: %+v", y, religious[y])
		}
		if gap := days(fitr.first, adha.first); gap < 67 || gap > 69 {
			t.Errorf("%d: Kurban Bayramı %d days after Ramazan Bayramı", y, gap)
		}
		if prev, ok := religious[y-1]; ok {
			for i := range 2 {
				if shift := days(religious[y][i].first, prev[i].first.AddDays(365)); shift < 9 || shift > 12 {
					t.Errorf("%d: %s %d days earlier in the year than in %d", y, religious[y][i].name, shift, y-1)
				}
			}
		}
	}
	for first, wd := range map[string]time.Weekday{
		"2026-03-20": time.Friday, "2026-05-27": time.Wednesday,
		"2027-03-09": time.Tuesday, "2027-05-16": time.Sunday,
		"2028-02-26": time.Saturday, "2028-05-05": time.Friday,
	} {
		if h, ok := HolidayOn(day(first)); !ok || h.Half || day(first).Weekday() != wd {
			t.Errorf("%s: %+v %v, a %s", first, h, ok, day(first).Weekday())
		}
		if h, ok := HolidayOn(day(first).AddDays(-1)); !ok || !h.Half {
			t.Errorf("the eve of %s: %+v %v, want a half day", first, h, ok)
		}
	}
}

func TestBusinessDays(t *testing.T) {
	for d, want := range map[string]bool{
		"2026-12-04": true,  // a Friday
		"2026-12-05": false, // a Saturday
		"2026-12-06": false, // a Sunday
		"2027-01-01": false, // New Year, a Friday
		"2026-04-23": false, "2026-05-01": false, "2026-05-19": false, "2026-07-15": false, "2027-08-30": false,
		"2026-10-28": false, // the afternoon off before Republic Day counts as a day off
		"2026-10-29": false,
		"2026-10-30": true,
		"2026-03-19": false, // Ramazan Bayramı's eve
		"2026-03-20": false,
		"2026-03-23": true,
		"2026-05-26": false, // Kurban Bayramı's eve
		"2026-05-29": false,
		"2027-05-19": false, // Kurban Bayramı's fourth day and 19 May at once
		"2027-05-20": true,
		"2028-02-28": false, // Ramazan Bayramı's third day, a Monday
		"2028-02-29": true,
		"2028-05-08": false, // Kurban Bayramı's fourth day, a Monday
	} {
		if got := IsBusinessDay(day(d)); got != want {
			t.Errorf("%s (%s): business day %v, want %v", d, day(d).Weekday(), got, want)
		}
	}
}

func TestDeadline(t *testing.T) {
	for name, c := range map[string]struct {
		paid time.Time
		days int
		want string // the day, in Istanbul; due at 18:00 there
	}{
		// A Friday before a holiday: 30 August 2027 is a Monday.
		"a Friday before a Monday holiday":          {istanbul("2027-08-27 10:00"), 5, "2027-09-06"},
		"a Friday before a Monday holiday, one day": {istanbul("2027-08-27 10:00"), 1, "2027-08-31"},
		// The Friday before Kurban Bayramı 2026 (eve Tuesday 26 May, the bayram Wednesday to Saturday).
		"a week with Kurban Bayramı":     {istanbul("2026-05-22 16:00"), 3, "2026-06-02"},
		"paid on Kurban Bayramı's eve":   {istanbul("2026-05-26 09:00"), 1, "2026-06-01"},
		"the eve of Ramazan Bayramı":     {istanbul("2028-02-24 12:00"), 1, "2028-02-29"},
		"before Republic Day's half day": {istanbul("2026-10-27 11:00"), 1, "2026-10-30"},
		"a Saturday payment":             {istanbul("2026-11-28 14:00"), 5, "2026-12-04"},
		"a Sunday payment":               {istanbul("2026-11-29 23:59"), 1, "2026-11-30"},
		"across the year end":            {istanbul("2026-12-30 17:00"), 3, "2027-01-05"},
		"across a year end on a weekend": {istanbul("2027-12-30 09:00"), 2, "2028-01-03"},
		// 21:30 UTC on Thursday is 00:30 on Friday in Istanbul: the work starts counting from Friday.
		"just after Istanbul's midnight":  {time.Date(2026, 12, 3, 21, 30, 0, 0, time.UTC), 1, "2026-12-07"},
		"just before Istanbul's midnight": {time.Date(2026, 12, 3, 20, 59, 0, 0, time.UTC), 1, "2026-12-04"},
		"no days":                         {istanbul("2026-12-05 10:00"), 0, "2026-12-05"},
	} {
		got := Deadline(c.paid, c.days)
		want := day(c.want).At(EndOfDay)
		if !got.Equal(want) || got.Location() != time.UTC {
			t.Errorf("%s: %s, want %s", name, got, want.UTC())
		}
		if e := Expected(c.paid, c.days); e.String() != c.want || DateOf(got) != e {
			t.Errorf("%s: expected %s (deadline's day %s), want %s", name, e, DateOf(got), c.want)
		}
	}
	// Istanbul keeps UTC+3 all year: 18:00 there is 15:00 UTC.
	if got := Deadline(istanbul("2026-11-28 14:00"), 5); got != time.Date(2026, 12, 4, 15, 0, 0, 0, time.UTC) {
		t.Errorf("deadline %s", got)
	}
}

// Past the table, the fixed national holidays are still skipped.
func TestPastTheTable(t *testing.T) {
	later := Covered().Year + 3
	for _, d := range []Date{{later, time.January, 1}, {later, time.May, 19}, {later, time.October, 29}} {
		if _, ok := HolidayOn(d); !ok || (d.Weekday() != time.Saturday && d.Weekday() != time.Sunday && IsBusinessDay(d)) {
			t.Errorf("%s after the table: not a holiday", d)
		}
	}
}

func TestDateAsText(t *testing.T) {
	b, err := json.Marshal(map[string]any{"d": day("2026-12-04"), "p": &Date{2027, time.January, 5}})
	if err != nil || string(b) != `{"d":"2026-12-04","p":"2027-01-05"}` {
		t.Errorf("%s %v", b, err)
	}
	var back struct{ D Date }
	if err := json.Unmarshal([]byte(`{"D":"2028-02-29"}`), &back); err != nil || back.D != (Date{2028, time.February, 29}) {
		t.Errorf("%+v %v", back, err)
	}
	if err := json.Unmarshal([]byte(`{"D":"2027-02-29"}`), &back); err == nil {
		t.Error("29 February 2027 read")
	}
	if NewDate(2026, time.December, 32) != day("2027-01-01") {
		t.Error("NewDate does not normalise")
	}
}
