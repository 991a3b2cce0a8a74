package i18n

import (
	"testing"
	"time"
)

func TestDateTimeIsIstanbulsInBothLanguages(t *testing.T) {
	// 15:00 UTC is 18:00 in Istanbul (UTC+3 all year since 2016), on the same day;
	// 22:30 UTC is already the next day there.
	at := time.Date(2026, time.December, 4, 15, 0, 0, 0, time.UTC)
	if got, want := DateTime(at, TR), "4 Aralık 2026 18:00 (İstanbul saati)"; got != want {
		t.Errorf("tr: %q, want %q", got, want)
	}
	if got, want := DateTime(at, EN), "4 December 2026, 18:00 (Istanbul time)"; got != want {
		t.Errorf("en: %q, want %q", got, want)
	}
	late := time.Date(2026, time.February, 28, 22, 30, 0, 0, time.UTC)
	if got, want := Date(late, EN), "1 March 2026"; got != want {
		t.Errorf("late evening: %q, want %q", got, want)
	}
}
