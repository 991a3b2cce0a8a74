package pricing

import (
	"errors"
	"testing"

	"linguaport/internal/errs"
)

func TestEstimate(t *testing.T) {
	pl := SeedPriceList()
	for _, c := range []struct {
		name  string
		req   EstimateRequest
		lines []int64 // USD cents per target language
		total int64
		tiers []int
	}{
		// 1,000 words × $0.085 = $85.00 in a tier-1 pair at normal urgency.
		{"tier 1, normal", EstimateRequest{Service: "professional-translation", SourceLanguage: "tr", TargetLanguages: []string{"en"}, Quantity: 1000, Urgency: Normal}, []int64{8500}, 8500, []int{1}},
		// The pair takes the higher tier: tr→ru is tier 2 (×1.25), tr→ja tier 3 (×1.5).
		{"tiers per target", EstimateRequest{Service: "professional-translation", SourceLanguage: "tr", TargetLanguages: []string{"en", "ru", "ja"}, Quantity: 1000, Urgency: Normal}, []int64{8500, 10625, 12750}, 31875, []int{1, 2, 3}},
		{"source tier counts too", EstimateRequest{Service: "professional-translation", SourceLanguage: "JA", TargetLanguages: []string{" EN "}, Quantity: 1000, Urgency: Normal}, []int64{12750}, 12750, []int{3}},
		// Urgent is ×1.5: 1,000 words → $127.50.
		{"urgent", EstimateRequest{Service: "professional-translation", SourceLanguage: "en", TargetLanguages: []string{"tr"}, Quantity: 1000, Urgency: Urgent}, []int64{12750}, 12750, []int{1}},
		// 100 words would be $8.50; the minimum of $25 applies per target language.
		{"minimum charge", EstimateRequest{Service: "professional-translation", SourceLanguage: "en", TargetLanguages: []string{"tr", "de"}, Quantity: 100, Urgency: Normal}, []int64{2500, 2500}, 5000, []int{1, 1}},
		// Rounding half up once: 333 words × $0.035 = $11.655 → minimum $15 (proofreading).
		{"proofreading minimum", EstimateRequest{Service: "proofreading", SourceLanguage: "en", TargetLanguages: []string{"fr"}, Quantity: 333, Urgency: Normal}, []int64{1500}, 1500, []int{1}},
		// 1001 words × $0.085 = $85.085 → $85.09.
		{"rounds half up", EstimateRequest{Service: "professional-translation", SourceLanguage: "en", TargetLanguages: []string{"tr"}, Quantity: 1001, Urgency: Normal}, []int64{8509}, 8509, []int{1}},
		// Per minute: 90 minutes of subtitles at $6 = $540.
		{"per minute", EstimateRequest{Service: "subtitle-translation", SourceLanguage: "en", TargetLanguages: []string{"tr"}, Quantity: 90, Urgency: Normal}, []int64{54000}, 54000, []int{1}},
		// Per page: 12 pages of DTP at $8 = $96, tier 2 ×1.25 = $120.
		{"per page", EstimateRequest{Service: "desktop-publishing", SourceLanguage: "en", TargetLanguages: []string{"pl"}, Quantity: 12, Urgency: Normal}, []int64{12000}, 12000, []int{2}},
		// Sworn adds $0.015 a word (1,000 words → $15), notary $25 and apostille $40 per target.
		{"add-ons", EstimateRequest{Service: "professional-translation", SourceLanguage: "tr", TargetLanguages: []string{"en", "de"}, Quantity: 1000, Urgency: Normal, AddOns: []string{"sworn", "notary", "apostille"}}, []int64{16500, 16500}, 33000, []int{1, 1}},
	} {
		t.Run(c.name, func(t *testing.T) {
			est, err := pl.Estimate(c.req)
			if err != nil {
				t.Fatal(err)
			}
			if len(est.Lines) != len(c.lines) || est.Total != c.total {
				t.Fatalf("total %d, lines %+v", est.Total, est.Lines)
			}
			for i, l := range est.Lines {
				if l.Total != c.lines[i] || l.Tier != c.tiers[i] {
					t.Errorf("line %d: %+v, want total %d tier %d", i, l, c.lines[i], c.tiers[i])
				}
			}
			want := Window{MinDays: 3, MaxDays: 5}
			if c.req.Urgency == Urgent {
				want = Window{MinDays: 1, MaxDays: 2}
			}
			if est.Window != want {
				t.Errorf("window %+v", est.Window)
			}
		})
	}
}

func TestEstimateRefusesBadInput(t *testing.T) {
	pl := SeedPriceList()
	ok := EstimateRequest{Service: "professional-translation", SourceLanguage: "tr", TargetLanguages: []string{"en"}, Quantity: 10, Urgency: Normal}
	for _, c := range []struct {
		name  string
		edit  func(*EstimateRequest)
		field string
		code  string
	}{
		{"unknown service", func(r *EstimateRequest) { r.Service = "magic" }, "service", "unknown_service"},
		{"no source", func(r *EstimateRequest) { r.SourceLanguage = "" }, "sourceLanguage", "required"},
		{"unknown source", func(r *EstimateRequest) { r.SourceLanguage = "xx" }, "sourceLanguage", "unknown_language"},
		{"no target", func(r *EstimateRequest) { r.TargetLanguages = nil }, "targetLanguages", "required"},
		{"same language", func(r *EstimateRequest) { r.TargetLanguages = []string{"TR"} }, "targetLanguages", "same_language"},
		{"unknown target", func(r *EstimateRequest) { r.TargetLanguages = []string{"en", "qq"} }, "targetLanguages", "unknown_language"},
		{"duplicate target", func(r *EstimateRequest) { r.TargetLanguages = []string{"en", "en"} }, "targetLanguages", "duplicate_language"},
		{"zero quantity", func(r *EstimateRequest) { r.Quantity = 0 }, "quantity", "positive"},
		{"negative quantity", func(r *EstimateRequest) { r.Quantity = -5 }, "quantity", "positive"},
		{"unknown urgency", func(r *EstimateRequest) { r.Urgency = "yesterday" }, "urgency", "unknown_urgency"},
		{"add-on of another service", func(r *EstimateRequest) { r.Service = "proofreading"; r.AddOns = []string{"apostille"} }, "addOns", "unknown_add_on"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := ok
			r.TargetLanguages = append([]string(nil), ok.TargetLanguages...)
			c.edit(&r)
			_, err := pl.Estimate(r)
			var fe errs.Fields
			if !errors.As(err, &fe) || fe[c.field] != c.code {
				t.Errorf("got %v, want %s=%s", err, c.field, c.code)
			}
		})
	}
}

// The translator's pay follows the written rule (PriceList.TranslatorPay): 60 % of the customer's
// rate where the list names none, under the same tier and urgency, no minimum, plus their part of
// per-unit add-ons; one rounding per amount, half up.
func TestTranslatorPay(t *testing.T) {
	pl := SeedPriceList()
	pl.Services = append(pl.Services,
		ServicePrice{Service: "odd-rate", Unit: PerWord, BaseRate: 851, Minimum: 100},                      // 60 % = 510.6 → 511
		ServicePrice{Service: "own-rate", Unit: PerWord, BaseRate: 850, Minimum: 100, TranslatorRate: 400}, // the list's own rate
	)
	for _, c := range []struct {
		name string
		req  EstimateRequest
		want int64 // USD cents
	}{
		// 1,000 words × $0.051 (60 % of $0.085) = $51.00.
		{"default share", EstimateRequest{Service: "professional-translation", SourceLanguage: "tr", TargetLanguages: []string{"en"}, Quantity: 1000, Urgency: Normal}, 5100},
		// Tier 2 ×1.25 and urgent ×1.5: $51 × 1.875 = $95.625 → $95.63.
		{"tier and urgency", EstimateRequest{Service: "professional-translation", SourceLanguage: "tr", TargetLanguages: []string{"ru"}, Quantity: 1000, Urgency: Urgent}, 9563},
		// 100 words: $5.10, though the customer pays the $25 minimum.
		{"no minimum", EstimateRequest{Service: "professional-translation", SourceLanguage: "tr", TargetLanguages: []string{"en"}, Quantity: 100, Urgency: Normal}, 510},
		// Two targets are two lines: $51 + $51.
		{"per target", EstimateRequest{Service: "professional-translation", SourceLanguage: "tr", TargetLanguages: []string{"en", "de"}, Quantity: 1000, Urgency: Normal}, 10200},
		// Sworn: 60 % of $0.015 a word = $9 per 1,000 words per target; notary is not the translator's.
		{"sworn, notary", EstimateRequest{Service: "professional-translation", SourceLanguage: "tr", TargetLanguages: []string{"en"}, Quantity: 1000, Urgency: Normal, AddOns: []string{"sworn", "notary"}}, 6000},
		// The rate is rounded to a centi-cent first: 511 × 3 words = 1533 centi-cents → 15 cents.
		{"rounded rate", EstimateRequest{Service: "odd-rate", SourceLanguage: "en", TargetLanguages: []string{"tr"}, Quantity: 3, Urgency: Normal}, 15},
		// 1,001 words × 5.11 cents = 5115.11 → $51.15.
		{"rounded amount", EstimateRequest{Service: "odd-rate", SourceLanguage: "en", TargetLanguages: []string{"tr"}, Quantity: 1001, Urgency: Normal}, 5115},
		{"the list's rate", EstimateRequest{Service: "own-rate", SourceLanguage: "en", TargetLanguages: []string{"tr"}, Quantity: 1000, Urgency: Normal}, 4000},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := pl.TranslatorPay(c.req)
			if err != nil || got != c.want {
				t.Errorf("pay %d %v, want %d", got, err, c.want)
			}
		})
	}
	if _, err := pl.TranslatorPay(EstimateRequest{Service: "magic"}); err == nil {
		t.Error("pay for an unknown service")
	}
}
