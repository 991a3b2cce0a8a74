package main

import (
	"strings"
	"testing"

	"linguaport/internal/config"
)

// VAT_RATE_PERCENT reaches the invoices as read; garbage or a rate that is no percentage stops
// the process with a message naming the variable.
func TestReadLimits(t *testing.T) {
	for _, c := range []struct {
		value   string
		vat     int
		refused string // what the error names; "" for none
	}{
		{"", 20, ""},
		{"10", 10, ""},
		{" 0 ", 0, ""},
		{"100", 100, ""},
		{"101", 101, "VAT_RATE_PERCENT=101"},
		{"-1", -1, "VAT_RATE_PERCENT=-1"},
		{"abc", 20, `VAT_RATE_PERCENT="abc"`},
		{"10%", 20, `VAT_RATE_PERCENT="10%"`},
		{"1.5", 20, `VAT_RATE_PERCENT="1.5"`},
	} {
		env := config.FromMap(map[string]string{"VAT_RATE_PERCENT": c.value})
		lim, err := readLimits(env)
		// platform.Start stops on env.Err(), main on readLimits' error: either names the variable.
		var said string
		for _, e := range []error{err, env.Err()} {
			if e != nil {
				said += e.Error() + "; "
			}
		}
		switch {
		case c.refused == "" && said != "":
			t.Errorf("VAT_RATE_PERCENT=%q refused: %s", c.value, said)
		case c.refused != "" && !strings.Contains(said, c.refused):
			t.Errorf("VAT_RATE_PERCENT=%q: said %q, want it to name %s", c.value, said, c.refused)
		case c.refused == "" && lim.vatPercent != c.vat:
			t.Errorf("VAT_RATE_PERCENT=%q read as %d, want %d", c.value, lim.vatPercent, c.vat)
		}
	}
	env := config.FromMap(map[string]string{"INVOICE_DUE_DAYS": "400", "PAYOUT_THRESHOLD_MINOR": "0"})
	if _, err := readLimits(env); err == nil || !strings.Contains(err.Error(), "INVOICE_DUE_DAYS=400") ||
		!strings.Contains(err.Error(), "PAYOUT_THRESHOLD_MINOR=0") {
		t.Errorf("both out of range: %v", err)
	}
}
