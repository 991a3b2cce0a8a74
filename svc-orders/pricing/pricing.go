// Package pricing owns the price list and the estimator: what a piece of work costs in USD, and
// what that is in the customer's currency (svc-geo's rates). Staff edit the list; everyone may
// ask for an estimate, counted from typed quantities or from uploaded files.
package pricing

import (
	"fmt"
	"math/big"
	"slices"
	"strings"
	"time"

	"linguaport/internal/errs"
	"linguaport/internal/i18n"
	"linguaport/svc-orders/calendar"
)

// Unit is what a service is priced by.
type Unit string

const (
	PerWord   Unit = "word"
	PerPage   Unit = "page"   // a Turkish standard page: 1,000 characters without spaces
	PerMinute Unit = "minute" // of audio or video
)

// Urgency is the delivery speed the customer picks (spec §9).
type Urgency string

const (
	Normal Urgency = "normal" // 3-5 business days
	Urgent Urgency = "urgent" // 1-2 business days
)

// Multipliers and shares are in basis points: 10,000 is ×1.
const bp = 10_000

// Window is a delivery window in business days.
type Window struct {
	MinDays int `json:"minDays" bson:"minDays"`
	MaxDays int `json:"maxDays" bson:"maxDays"`
}

// UrgencyRule prices and times one urgency.
type UrgencyRule struct {
	Multiplier int    `json:"multiplier" bson:"multiplier"` // basis points
	Window     Window `json:"window" bson:"window"`
}

// AddOn is an extra a customer may add: sworn translation, notary certification, apostille.
type AddOn struct {
	ID   string    `json:"id" bson:"id"`
	Name i18n.Text `json:"name" bson:"name"`
	// Exactly one of PerUnit (USD centi-cents per priced unit, like BaseRate) and PerTarget (USD
	// cents, a flat fee per target language: one notarised copy per translation) is set.
	PerUnit   int64 `json:"perUnit,omitempty" bson:"perUnit,omitempty"`
	PerTarget int64 `json:"perTarget,omitempty" bson:"perTarget,omitempty"`
	// TranslatorPerUnit is the translator's part of a per-unit add-on (sworn translation is
	// their work), in centi-cents; 0 means DefaultTranslatorShare of PerUnit. A flat per-target
	// add-on (notary, apostille) is the agency's cost, not the translator's pay.
	TranslatorPerUnit int64 `json:"translatorPerUnit,omitempty" bson:"translatorPerUnit,omitempty"`
	// Services the add-on applies to; empty means all.
	Services []string `json:"services,omitempty" bson:"services,omitempty"`
}

// ServicePrice is one service's entry in the price list.
type ServicePrice struct {
	Service string `json:"service" bson:"service"`
	Unit    Unit   `json:"unit" bson:"unit"`
	// BaseRate is USD minor units (cents) per unit for a tier-1 language pair at normal urgency,
	// kept in hundredths of a cent so word rates like $0.085 stay exact.
	BaseRate int64 `json:"baseRate" bson:"baseRate"` // centi-cents: 850 = $0.085
	Minimum  int64 `json:"minimum" bson:"minimum"`   // USD cents per target language
	// TranslatorRate is what the translator earns per unit, in the same centi-cents and under
	// the same tier and urgency multipliers; 0 means DefaultTranslatorShare of BaseRate.
	TranslatorRate int64 `json:"translatorRate,omitempty" bson:"translatorRate,omitempty"`
}

// PriceList is everything the estimator needs. Staff edit it (the back office); a seeded one
// ships with the service.
type PriceList struct {
	Services []ServicePrice `json:"services" bson:"services"`
	// LanguageTiers maps language codes to tiers 1-3; unknown languages are not priced.
	LanguageTiers map[string]int `json:"languageTiers" bson:"languageTiers"`
	// TierMultipliers in basis points, by tier; a pair is priced at the higher tier of its two languages.
	TierMultipliers map[int]int             `json:"tierMultipliers" bson:"tierMultipliers"`
	Urgencies       map[Urgency]UrgencyRule `json:"urgencies" bson:"urgencies"`
	AddOns          []AddOn                 `json:"addOns" bson:"addOns"`
	// PairRates are language pairs' own rates (pairs.go), each replacing BaseRate × tier for its
	// service and pair; every other pair keeps the tier rule.
	PairRates []PairRate `json:"pairRates,omitempty" bson:"pairRates,omitempty"`
}

// EstimateRequest is the price calculator's input (spec §3), with the quantity already counted.
type EstimateRequest struct {
	Service         string
	SourceLanguage  string
	TargetLanguages []string
	Quantity        int // in the service's unit
	Urgency         Urgency
	AddOns          []string
}

// Line is the price of one target language.
type Line struct {
	TargetLanguage string  `json:"targetLanguage"`
	Tier           int     `json:"tier"`
	Quantity       int     `json:"quantity"`
	Unit           Unit    `json:"unit"`
	Translation    int64   `json:"translation"` // USD cents, after urgency and tier
	MinimumApplied bool    `json:"minimumApplied"`
	AddOns         []Extra `json:"addOns"`
	// Adjustment is what staff's revision of a quote added to (or took from) the line, already in
	// Total: USD cents.
	Adjustment int64 `json:"adjustment,omitempty"`
	Total      int64 `json:"total"` // USD cents
}

// Extra is an add-on's price on a line.
type Extra struct {
	ID     string `json:"id"`
	Amount int64  `json:"amount"` // USD cents
}

// Estimate is the estimator's answer in USD; the service converts it for display.
type Estimate struct {
	Service string  `json:"service"`
	Urgency Urgency `json:"urgency"`
	Lines   []Line  `json:"lines"`
	Total   int64   `json:"total"` // USD cents
	Window  Window  `json:"deliveryWindow"`
}

// Estimate prices r with the list: per target language, quantity × base rate × the pair's tier
// × urgency, at least the minimum, plus add-ons. All arithmetic is integer, rounding half up
// once per amount.
func (pl PriceList) Estimate(r EstimateRequest) (Estimate, error) {
	fields := errs.Fields{}
	var price *ServicePrice
	for i := range pl.Services {
		if pl.Services[i].Service == r.Service {
			price = &pl.Services[i]
		}
	}
	if price == nil {
		fields["service"] = "unknown_service"
	}
	src := strings.ToLower(strings.TrimSpace(r.SourceLanguage))
	srcTier, ok := pl.LanguageTiers[src]
	if src == "" {
		fields["sourceLanguage"] = "required"
	} else if !ok {
		fields["sourceLanguage"] = "unknown_language"
	}
	targets := make([]string, 0, len(r.TargetLanguages))
	for _, t := range r.TargetLanguages {
		t = strings.ToLower(strings.TrimSpace(t))
		switch {
		case pl.LanguageTiers[t] == 0:
			fields["targetLanguages"] = "unknown_language"
		case t == src:
			fields["targetLanguages"] = "same_language"
		case slices.Contains(targets, t):
			fields["targetLanguages"] = "duplicate_language"
		}
		targets = append(targets, t)
	}
	if len(targets) == 0 {
		fields["targetLanguages"] = "required"
	}
	if r.Quantity <= 0 {
		fields["quantity"] = "positive"
	} else if r.Quantity > 10_000_000 {
		fields["quantity"] = "too_large"
	}
	rule, ok := pl.Urgencies[r.Urgency]
	if !ok {
		fields["urgency"] = "unknown_urgency"
	}
	var addOns []AddOn
	for _, id := range r.AddOns {
		i := slices.IndexFunc(pl.AddOns, func(a AddOn) bool { return a.ID == id })
		if i < 0 || (len(pl.AddOns[i].Services) > 0 && !slices.Contains(pl.AddOns[i].Services, r.Service)) {
			fields["addOns"] = "unknown_add_on"
			continue
		}
		addOns = append(addOns, pl.AddOns[i])
	}
	if len(fields) > 0 {
		return Estimate{}, fields
	}

	est := Estimate{Service: r.Service, Urgency: r.Urgency, Window: rule.Window}
	for _, t := range targets {
		tier := max(srcTier, pl.LanguageTiers[t])
		// centi-cents × quantity × tier bp × urgency bp / (100 × bp × bp) = cents
		translation := mulDivRound(price.BaseRate*int64(r.Quantity), int64(pl.TierMultipliers[tier])*int64(rule.Multiplier), 100*bp*bp)
		if own, ok := pl.pairRate(r.Service, src, t); ok {
			// The pair's own rate already is its price per unit: no tier on top.
			translation = mulDivRound(own*int64(r.Quantity), int64(rule.Multiplier), 100*bp)
		}
		line := Line{TargetLanguage: t, Tier: tier, Quantity: r.Quantity, Unit: price.Unit, Translation: translation, AddOns: []Extra{}}
		if line.Translation < price.Minimum {
			line.Translation, line.MinimumApplied = price.Minimum, true
		}
		line.Total = line.Translation
		for _, a := range addOns {
			amount := a.PerTarget
			if a.PerUnit > 0 {
				amount = mulDivRound(a.PerUnit, int64(r.Quantity), 100)
			}
			line.AddOns = append(line.AddOns, Extra{ID: a.ID, Amount: amount})
			line.Total += amount
		}
		est.Lines = append(est.Lines, line)
		est.Total += line.Total
	}
	return est, nil
}

// mulDivRound is a×b/c rounded half up, without overflow.
func mulDivRound(a, b, c int64) int64 {
	n := new(big.Int).Mul(big.NewInt(a), big.NewInt(b))
	n.Add(n, big.NewInt(c/2))
	return n.Quo(n, big.NewInt(c)).Int64()
}

// Validate checks a price list staff submit: every field the estimator relies on is present and sane.
func (pl PriceList) Validate() error {
	fields := errs.Fields{}
	if len(pl.Services) == 0 {
		fields["services"] = "required"
	}
	seen := map[string]bool{}
	for i, s := range pl.Services {
		key := fmt.Sprintf("services.%d", i)
		switch {
		case s.Service == "" || seen[s.Service]:
			fields[key+".service"] = "invalid"
		case s.Unit != PerWord && s.Unit != PerPage && s.Unit != PerMinute:
			fields[key+".unit"] = "invalid"
		case s.BaseRate <= 0:
			fields[key+".baseRate"] = "positive"
		case s.Minimum < 0:
			fields[key+".minimum"] = "not_negative"
		case s.TranslatorRate < 0:
			fields[key+".translatorRate"] = "not_negative"
		}
		seen[s.Service] = true
	}
	if len(pl.LanguageTiers) == 0 {
		fields["languageTiers"] = "required"
	}
	for code, tier := range pl.LanguageTiers {
		if pl.TierMultipliers[tier] <= 0 {
			fields["languageTiers."+code] = "unknown_tier"
		}
	}
	for _, u := range []Urgency{Normal, Urgent} {
		r, ok := pl.Urgencies[u]
		if !ok || r.Multiplier <= 0 || r.Window.MinDays <= 0 || r.Window.MaxDays < r.Window.MinDays {
			fields["urgencies."+string(u)] = "invalid"
		}
	}
	for i, a := range pl.AddOns {
		if a.ID == "" || (a.PerUnit > 0) == (a.PerTarget > 0) || a.TranslatorPerUnit < 0 {
			fields[fmt.Sprintf("addOns.%d", i)] = "invalid"
		}
	}
	pl.validatePairs(fields)
	return fields.Err()
}

// expectedDates is, for each urgency of the list, the day in Istanbul work ordered at now would be
// delivered: the last business day of its window.
func (pl PriceList) expectedDates(now time.Time) map[Urgency]calendar.Date {
	dates := make(map[Urgency]calendar.Date, len(pl.Urgencies))
	for u, r := range pl.Urgencies {
		dates[u] = calendar.Expected(now, r.Window.MaxDays)
	}
	return dates
}

// unitOf is what service is priced by, if the list prices it.
func (pl PriceList) unitOf(service string) (Unit, bool) {
	for _, p := range pl.Services {
		if p.Service == service {
			return p.Unit, true
		}
	}
	return "", false
}
