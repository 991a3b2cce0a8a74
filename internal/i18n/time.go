package i18n

import (
	"fmt"
	"time"
	_ "time/tzdata" // the zone database inside the binary: a distroless image has none
)

// Istanbul is the agency's time zone: every time a person reads (pages, PDFs, mails) is
// Istanbul's, whatever the server's zone.
var Istanbul = func() *time.Location {
	loc, err := time.LoadLocation("Europe/Istanbul")
	if err != nil {
		panic(fmt.Sprintf("i18n: time zone Europe/Istanbul: %v", err))
	}
	return loc
}()

var months = [...]Text{
	{"Ocak", "January"}, {"Şubat", "February"}, {"Mart", "March"}, {"Nisan", "April"},
	{"Mayıs", "May"}, {"Haziran", "June"}, {"Temmuz", "July"}, {"Ağustos", "August"},
	{"Eylül", "September"}, {"Ekim", "October"}, {"Kasım", "November"}, {"Aralık", "December"},
}

// Date writes t's Istanbul day as the site does: "4 Aralık 2026" / "4 December 2026".
func Date(t time.Time, l Lang) string {
	t = t.In(Istanbul)
	return fmt.Sprintf("%d %s %d", t.Day(), months[t.Month()-1].In(l), t.Year())
}

// DateTime writes t in Istanbul time with the zone named, since a reader may be elsewhere:
// "4 Aralık 2026 18:00 (İstanbul saati)" / "4 December 2026, 18:00 (Istanbul time)".
func DateTime(t time.Time, l Lang) string {
	clock := t.In(Istanbul).Format("15:04")
	if l == EN {
		return Date(t, l) + ", " + clock + " (Istanbul time)"
	}
	return Date(t, l) + " " + clock + " (İstanbul saati)"
}
