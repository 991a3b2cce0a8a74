package calendar

import "time"

// Turkey's public holidays (Law 2429 on national holidays and general holidays):
//
//   - the national holidays, on the same date every year: New Year (1 January), National
//     Sovereignty and Children's Day (23 April), Labour and Solidarity Day (1 May), Commemoration of
//     Atatürk, Youth and Sports Day (19 May), Democracy and National Unity Day (15 July), Victory
//     Day (30 August) and Republic Day (29 October, with the afternoon of 28 October);
//   - the religious holidays, which move with the Hijri calendar: Ramazan Bayramı (3 days) and
//     Kurban Bayramı (4 days), each with the afternoon of its eve (arife) off.
//
// Half days: the afternoon of 28 October and of each arife is off by law (from 13:00). A delivery
// promised "by the end of the day" cannot count on an afternoon nobody works, and the customer
// is promised a date, not an hour: a half day is therefore not a business day here, the
// conservative choice for a promise (a date may come a day later than the shortest reading of
// the window, never earlier than the agency can keep).
//
// Not holidays here: the bridge days (idari izin) the government sometimes grants to public
// servants around a holiday, announced a few weeks ahead; they bind the public sector, not a
// private agency.

// Holiday is a public holiday on a day.
type Holiday struct {
	Name string // in Turkish, as the law and Diyanet name it
	// Half is the eve of a holiday, off from 13:00: not a business day here (see above).
	Half bool
}

// national are the fixed-date holidays, every year.
var national = []struct {
	month time.Month
	day   int
	Holiday
}{
	{time.January, 1, Holiday{Name: "Yılbaşı"}},
	{time.April, 23, Holiday{Name: "Ulusal Egemenlik ve Çocuk Bayramı"}},
	{time.May, 1, Holiday{Name: "Emek ve Dayanışma Günü"}},
	{time.May, 19, Holiday{Name: "Atatürk'ü Anma, Gençlik ve Spor Bayramı"}},
	{time.July, 15, Holiday{Name: "Demokrasi ve Millî Birlik Günü"}},
	{time.August, 30, Holiday{Name: "Zafer Bayramı"}},
	{time.October, 28, Holiday{Name: "Cumhuriyet Bayramı arifesi", Half: true}},
	{time.October, 29, Holiday{Name: "Cumhuriyet Bayramı"}},
}

// bayram is a religious holiday of one year: its first day; the eve is the day before.
type bayram struct {
	name  string
	first Date
	days  int
}

// Religious holidays' first days, as the Presidency of Religious Affairs (Diyanet İşleri
// Başkanlığı) publishes them in its Hijri calendar ("Dini Günler ve Geceler", diyanet.gov.tr), the
// dates the government's holiday announcements follow. Each year's eve (arife) is the day before.
//
//	year  Ramazan Bayramı                 Kurban Bayramı
//	2026  20–22 March (Fri–Sun)           27–30 May (Wed–Sat)
//	2027   9–11 March (Tue–Thu)           16–19 May (Sun–Wed)
//	2028  26–28 February (Sat–Mon)         5–8 May (Fri–Mon)
//
// Add the next year before its time: TestTableCoversTheComingYear fails when the table ends
// within a year of today. Past the table, only the fixed national holidays are skipped.
var religious = map[int][]bayram{
	2026: {
		{"Ramazan Bayramı", Date{2026, time.March, 20}, 3},
		{"Kurban Bayramı", Date{2026, time.May, 27}, 4},
	},
	2027: {
		{"Ramazan Bayramı", Date{2027, time.March, 9}, 3},
		{"Kurban Bayramı", Date{2027, time.May, 16}, 4},
	},
	2028: {
		{"Ramazan Bayramı", Date{2028, time.February, 26}, 3},
		{"Kurban Bayramı", Date{2028, time.May, 5}, 4},
	},
}

// Covered is the last day whose holidays the table knows in full.
func Covered() Date {
	last := 0
	for y := range religious {
		last = max(last, y)
	}
	return Date{last, time.December, 31}
}

// HolidayOn is the public holiday on d, if there is one. A religious holiday falling on a national
// one is answered (it lasts longer); a full day wins over a half one.
func HolidayOn(d Date) (Holiday, bool) {
	var found *Holiday
	// A bayram early in January has its eve in the year before: look at both years' tables.
	for _, y := range []int{d.Year, d.Year + 1} {
		for _, b := range religious[y] {
			switch eve := b.first.AddDays(-1); {
			case !d.Before(b.first) && d.Before(b.first.AddDays(b.days)):
				return Holiday{Name: b.name}, true
			case d == eve:
				found = &Holiday{Name: b.name + " arifesi", Half: true}
			}
		}
	}
	for _, n := range national {
		if d.Month == n.month && d.Day == n.day && (found == nil || !n.Half) {
			found = &n.Holiday
		}
	}
	if found == nil {
		return Holiday{}, false
	}
	return *found, true
}
