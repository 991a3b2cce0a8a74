package pricing

import (
	"encoding/json"
	"errors"
	"testing"

	"linguaport/internal/errs"
)

// A pair's own rate prices that pair alone, without its tier, under urgency and the minimum;
// the other pairs of the service and the same pair of other services keep the tier rule.
func TestPairRates(t *testing.T) {
	pl := SeedPriceList()
	pl.PairRates = []PairRate{
		{Service: "professional-translation", Source: "tr", Target: "en", Rate: 893},  // $0.085 + 5 % = $0.08925 → $0.0893
		{Service: "professional-translation", Source: "tr", Target: "ja", Rate: 1000}, // tier 3 would be $0.1275
	}
	for _, c := range []struct {
		name string
		req  EstimateRequest
		want []int64 // USD cents per target
	}{
		// 1,000 words × $0.0893 = $89.30.
		{"own rate", EstimateRequest{Service: "professional-translation", SourceLanguage: "TR", TargetLanguages: []string{"en"}, Quantity: 1000, Urgency: Normal}, []int64{8930}},
		// The own rate replaces tier 3 (×1.5): $100, not $127.50; ru keeps tier 2: $106.25.
		{"replaces the tier", EstimateRequest{Service: "professional-translation", SourceLanguage: "tr", TargetLanguages: []string{"ja", "ru"}, Quantity: 1000, Urgency: Normal}, []int64{10000, 10625}},
		// Urgent ×1.5: $133.95.
		{"urgency applies", EstimateRequest{Service: "professional-translation", SourceLanguage: "tr", TargetLanguages: []string{"en"}, Quantity: 1000, Urgency: Urgent}, []int64{13395}},
		// 100 words would be $8.93: the $25 minimum still applies.
		{"minimum applies", EstimateRequest{Service: "professional-translation", SourceLanguage: "tr", TargetLanguages: []string{"en"}, Quantity: 100, Urgency: Normal}, []int64{2500}},
		// A pair rate has a direction: en→tr keeps $0.085.
		{"direction", EstimateRequest{Service: "professional-translation", SourceLanguage: "en", TargetLanguages: []string{"tr"}, Quantity: 1000, Urgency: Normal}, []int64{8500}},
		{"other service", EstimateRequest{Service: "proofreading", SourceLanguage: "tr", TargetLanguages: []string{"en"}, Quantity: 1000, Urgency: Normal}, []int64{3500}},
	} {
		t.Run(c.name, func(t *testing.T) {
			est, err := pl.Estimate(c.req)
			if err != nil {
				t.Fatal(err)
			}
			for i, l := range est.Lines {
				if l.Translation != c.want[i] {
					t.Errorf("line %d: %d, want %d", i, l.Translation, c.want[i])
				}
			}
		})
	}
	// The translator's default share is 60 % of the pair's own rate: 893 × 0.6 = 535.8 → 536
	// centi-cents; 1,000 words → $53.60 (the tier rule would pay $51).
	if got, err := pl.TranslatorPay(EstimateRequest{Service: "professional-translation", SourceLanguage: "tr", TargetLanguages: []string{"en"}, Quantity: 1000, Urgency: Normal}); err != nil || got != 5360 {
		t.Errorf("translator pay %d %v, want 5360", got, err)
	}
	if err := pl.Validate(); err != nil {
		t.Errorf("a valid list with pair rates: %v", err)
	}
}

func TestPairRatesValidate(t *testing.T) {
	ok := PairRate{Service: "proofreading", Source: "en", Target: "tr", Rate: 400}
	for _, c := range []struct {
		name  string
		pairs []PairRate
		field string
		code  string
	}{
		{"unknown service", []PairRate{{Service: "magic", Source: "en", Target: "tr", Rate: 1}}, "pairRates.0.service", "unknown_service"},
		{"unpriced source", []PairRate{{Service: "proofreading", Source: "xx", Target: "tr", Rate: 1}}, "pairRates.0.source", "unknown_language"},
		{"source not as kept", []PairRate{{Service: "proofreading", Source: "EN", Target: "tr", Rate: 1}}, "pairRates.0.source", "unknown_language"},
		{"unpriced target", []PairRate{{Service: "proofreading", Source: "en", Target: "", Rate: 1}}, "pairRates.0.target", "unknown_language"},
		{"same language", []PairRate{{Service: "proofreading", Source: "en", Target: "en", Rate: 1}}, "pairRates.0.target", "same_language"},
		{"zero rate", []PairRate{{Service: "proofreading", Source: "en", Target: "tr", Rate: 0}}, "pairRates.0.rate", "positive"},
		{"twice", []PairRate{ok, ok}, "pairRates.1", "duplicate"},
		{"too many", make([]PairRate, MaxPairRates+1), "pairRates", "too_many"},
	} {
		t.Run(c.name, func(t *testing.T) {
			pl := SeedPriceList()
			pl.PairRates = c.pairs
			var fe errs.Fields
			if err := pl.Validate(); !errors.As(err, &fe) || fe[c.field] != c.code {
				t.Errorf("got %v, want %s=%s", err, c.field, c.code)
			}
		})
	}
}

// MaxPairRates own rates with the seeded list still fit the JSON body limit, so the editor can
// save as many as the list allows.
func TestPairRatesFitTheBody(t *testing.T) {
	pl := SeedPriceList()
	codes := []string{}
	for c := range pl.LanguageTiers {
		codes = append(codes, c)
	}
	for i := 0; len(pl.PairRates) < MaxPairRates; i++ {
		src, tgt := codes[i%len(codes)], codes[(i/len(codes)+i+1)%len(codes)]
		if src != tgt {
			pl.PairRates = append(pl.PairRates, PairRate{Service: "website-translation", Source: src, Target: tgt, Rate: 1_000_000 + int64(i)})
		}
	}
	if n := jsonSize(t, pl); n > 64<<10 {
		t.Errorf("%d own rates make a list of %d bytes, over 64 KB", MaxPairRates, n)
	} else {
		t.Logf("%d own rates: %d bytes", MaxPairRates, n)
	}
}

func jsonSize(t *testing.T, v any) int {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return len(b)
}
