package einvoice_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"linguaport/svc-billing/einvoice"
)

// A day's invoices take the rate announced on the latest day before them; a real file must have
// one within a week, and a malformed file is refused when read.
func TestFileRates(t *testing.T) {
	rates, err := einvoice.ParseRates([]byte(`{"rates": {
		"2026-11-21": {"USD": "34.1", "EUR": "36.05"},
		"2026-11-26": {"USD": "34.5678"},
		"2026-11-27": {"USD": "34.6"}}}`))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	at := func(s string) time.Time { d, _ := time.Parse(time.RFC3339, s); return d }
	cases := []struct {
		currency, at string
		micros       int64
		day          string
	}{
		{"USD", "2026-11-27T09:00:00Z", 34_567_800, "2026-11-26"}, // the day's own rate is announced at 15:30, for the next day
		{"USD", "2026-11-26T21:30:00Z", 34_567_800, "2026-11-26"}, // 00:30 on the 27th in Istanbul: the 26th's rate
		{"EUR", "2026-11-27T09:00:00Z", 36_050_000, "2026-11-21"}, // the latest day that has the currency
	}
	for _, c := range cases {
		r, err := rates.TRYRate(ctx, c.currency, at(c.at))
		if err != nil || r.Micros != c.micros || r.Day.Format(time.DateOnly) != c.day {
			t.Errorf("%s at %s: %+v %v, want %d of %s", c.currency, c.at, r, err, c.micros, c.day)
		}
	}
	if _, err := rates.TRYRate(ctx, "USD", at("2026-12-10T09:00:00Z")); !errors.Is(err, einvoice.ErrNoRateFor) {
		t.Errorf("two weeks after the last rate: %v", err)
	}
	if _, err := rates.TRYRate(ctx, "GBP", at("2026-11-27T09:00:00Z")); !errors.Is(err, einvoice.ErrNoRateFor) {
		t.Errorf("a currency the file lacks: %v", err)
	}
	for _, bad := range []string{`{"rates": {"26.11.2026": {"USD": "34"}}}`, `{"rates": {"2026-11-26": {"USD": "34.1234567"}}}`, `{"rates": {"2026-11-26": {"USD": "-1"}}}`} {
		if _, err := einvoice.ParseRates([]byte(bad)); err == nil {
			t.Errorf("%s was read", bad)
		}
	}
	demo, err := einvoice.LoadRates("")
	if err != nil {
		t.Fatal(err)
	}
	if r, err := demo.TRYRate(ctx, "EUR", at("2030-05-01T09:00:00Z")); err != nil || r.Micros != 32_352_941 {
		t.Errorf("the demo rates answer any day: %+v %v", r, err)
	}
}
