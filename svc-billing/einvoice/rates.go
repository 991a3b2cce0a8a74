package einvoice

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"linguaport/internal/i18n"
)

// Rates gives the Central Bank's (TCMB) rate of a currency for an invoice dated on a day: the
// forex buying rate announced on the last business day before it, which VUK art. 280 has an
// invoice in another currency valued at. A deployment's adapter reads TCMB's daily file; the local
// one (FileRates) reads rates kept in a JSON file.
type Rates interface {
	TRYRate(ctx context.Context, currency string, day time.Time) (Rate, error)
}

// ErrNoRateFor is a day and currency the rates do not cover.
var ErrNoRateFor = errors.New("einvoice: no TCMB rate for the day")

// FileRates are TCMB rates from a JSON file: {"demo": bool, "rates": {"2026-11-26": {"USD":
// "34.5678", ...}, ...}}, each day's rates being the ones announced that day. A day's invoices
// take the latest day before them; a file that is not marked demo must have one within a week,
// so a file nobody updates stops invoices in other currencies rather than pricing them at an old
// rate. The demo file (make up, the tests) answers any day with its latest rates.
type FileRates struct {
	demo  bool
	days  []string                    // sorted, YYYY-MM-DD
	byDay map[string]map[string]int64 // day → currency → micros
}

//go:embed rates.demo.json
var demoRates []byte

// LoadRates reads the rates file at path, or the demo rates embedded here when path is empty.
func LoadRates(path string) (*FileRates, error) {
	data := demoRates
	if path != "" {
		var err error
		if data, err = os.ReadFile(path); err != nil {
			return nil, fmt.Errorf("rates file: %w", err)
		}
	}
	return ParseRates(data)
}

// ParseRates reads a rates file (FileRates).
func ParseRates(data []byte) (*FileRates, error) {
	var file struct {
		Demo  bool                         `json:"demo"`
		Rates map[string]map[string]string `json:"rates"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		return nil, fmt.Errorf("rates file: %w", err)
	}
	r := &FileRates{demo: file.Demo, byDay: map[string]map[string]int64{}}
	for day, rates := range file.Rates {
		if _, err := time.Parse(time.DateOnly, day); err != nil {
			return nil, fmt.Errorf("rates file: day %q: %w", day, err)
		}
		r.byDay[day] = map[string]int64{}
		for currency, text := range rates {
			micros, err := parseMicros(text)
			if err != nil || micros <= 0 {
				return nil, fmt.Errorf("rates file: %s %s: %q is not a rate", day, currency, text)
			}
			r.byDay[day][currency] = micros
		}
		r.days = append(r.days, day)
	}
	slices.Sort(r.days)
	return r, nil
}

// TRYRate is currency's rate announced on the latest day before day (in Turkey) that has it.
func (r *FileRates) TRYRate(_ context.Context, currency string, day time.Time) (Rate, error) {
	local := day.In(i18n.Istanbul)
	before := local.Format(time.DateOnly)
	for i := len(r.days) - 1; i >= 0; i-- {
		d := r.days[i]
		if d >= before && !r.demo {
			continue
		}
		micros, ok := r.byDay[d][currency]
		if !ok {
			continue
		}
		at, _ := time.ParseInLocation(time.DateOnly, d, i18n.Istanbul)
		if !r.demo && local.Sub(at) > 7*24*time.Hour {
			break
		}
		return Rate{Currency: currency, Micros: micros, Day: at}, nil
	}
	return Rate{}, fmt.Errorf("%w: %s on %s", ErrNoRateFor, currency, before)
}

// parseMicros reads a decimal with at most six places as millionths.
func parseMicros(s string) (int64, error) {
	whole, frac, _ := strings.Cut(strings.TrimSpace(s), ".")
	if len(frac) > 6 || whole == "" {
		return 0, fmt.Errorf("%q: not a rate with at most six decimals", s)
	}
	frac += strings.Repeat("0", 6-len(frac))
	w, err := strconv.ParseInt(whole, 10, 64)
	if err != nil {
		return 0, err
	}
	f, err := strconv.ParseInt(frac, 10, 64)
	if err != nil {
		return 0, err
	}
	return w*1_000_000 + f, nil
}
