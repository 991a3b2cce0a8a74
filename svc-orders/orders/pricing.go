// Package orders owns ordering: the price list and the estimator, the customers' files, quotes
// and orders with their lifecycle.
package orders

import (
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strings"
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
	Name Localized `json:"name" bson:"name"`
	// Exactly one of PerUnit (USD centi-cents per priced unit, like BaseRate) and PerTarget (USD
	// cents, a flat fee per target language: one notarised copy per translation) is set.
	PerUnit   int64 `json:"perUnit,omitempty" bson:"perUnit,omitempty"`
	PerTarget int64 `json:"perTarget,omitempty" bson:"perTarget,omitempty"`
	// Services the add-on applies to; empty means all.
	Services []string `json:"services,omitempty" bson:"services,omitempty"`
}

// Localized is a text in both site languages.
type Localized struct {
	TR string `json:"tr" bson:"tr"`
	EN string `json:"en" bson:"en"`
}

// ServicePrice is one service's entry in the price list.
type ServicePrice struct {
	Service string `json:"service" bson:"service"`
	Unit    Unit   `json:"unit" bson:"unit"`
	// BaseRate is USD minor units (cents) per unit for a tier-1 language pair at normal urgency,
	// kept in hundredths of a cent so word rates like $0.085 stay exact.
	BaseRate int64 `json:"baseRate" bson:"baseRate"` // centi-cents: 850 = $0.085
	Minimum  int64 `json:"minimum" bson:"minimum"`   // USD cents per target language
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
	Total          int64   `json:"total"` // USD cents
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

// FieldErrors names the fields of a request that break a rule, with a reason code.
type FieldErrors map[string]string

func (f FieldErrors) Error() string {
	return fmt.Sprintf("invalid estimate request: %v", map[string]string(f))
}

// ErrNoPrice is a price list without the asked service (a configuration fault, not the customer's).
var ErrNoPrice = errors.New("service missing from the price list")

// Estimate prices r with the list: per target language, quantity × base rate × the pair's tier
// × urgency, at least the minimum, plus add-ons. All arithmetic is integer, rounding half up
// once per amount.
func (pl PriceList) Estimate(r EstimateRequest) (Estimate, error) {
	fields := FieldErrors{}
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
