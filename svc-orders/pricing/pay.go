package pricing

import (
	"context"
	"slices"
	"strings"

	"linguaport/internal/i18n"
)

// SwornAddOn is the add-on that makes a job sworn translation: only translators whose sworn
// status staff verified may take it.
const SwornAddOn = "sworn"

// DefaultTranslatorShare is the translator's part of the customer's rate, in basis points, where
// the price list names no translator rate: 60 %.
const DefaultTranslatorShare = 6_000

// PayCurrency is the currency a translator's pay is shown in, beside the USD it is kept in.
const PayCurrency = "TRY"

// Pay is what a job pays its translator, fixed when it enters the pool: USD cents (kept, like
// every price) and the same converted to TRY minor units for display, at RateMicros.
type Pay struct {
	USD        int64 `json:"usd" bson:"usd"`
	TRY        int64 `json:"try" bson:"try"`
	RateMicros int64 `json:"rateMicros" bson:"rateMicros"`
}

// translatorRate is the translator's rate per unit of p in centi-cents.
func (p ServicePrice) translatorRate() int64 {
	if p.TranslatorRate > 0 {
		return p.TranslatorRate
	}
	return mulDivRound(p.BaseRate, DefaultTranslatorShare, bp)
}

// translatorPerUnit is the translator's part of a per-unit add-on in centi-cents; 0 for a flat one.
func (a AddOn) translatorPerUnit() int64 {
	switch {
	case a.PerUnit == 0:
		return 0
	case a.TranslatorPerUnit > 0:
		return a.TranslatorPerUnit
	}
	return mulDivRound(a.PerUnit, DefaultTranslatorShare, bp)
}

// withoutPay is the list as customers see it: the translators' rates left out.
func (pl PriceList) withoutPay() PriceList {
	pl.Services, pl.AddOns = slices.Clone(pl.Services), slices.Clone(pl.AddOns)
	for i := range pl.Services {
		pl.Services[i].TranslatorRate = 0
	}
	for i := range pl.AddOns {
		pl.AddOns[i].TranslatorPerUnit = 0
	}
	return pl
}

// TranslatorPay is what the work r pays its translator in USD cents. The rule, one rounding per
// amount, half up, as the customer's price: per target language, quantity × translator rate ×
// the pair's tier × urgency (no minimum charge: that is the customer's), plus quantity × the
// translator's part of each per-unit add-on; the lines added up. A translator rate the list
// leaves out is DefaultTranslatorShare of the customer's rate, rounded to a centi-cent first.
func (pl PriceList) TranslatorPay(r EstimateRequest) (int64, error) {
	est, err := pl.Estimate(r) // the same validation, tiers and urgency as the customer's price
	if err != nil {
		return 0, err
	}
	i := slices.IndexFunc(pl.Services, func(p ServicePrice) bool { return p.Service == r.Service })
	rate := pl.Services[i].translatorRate()
	urgency := int64(pl.Urgencies[r.Urgency].Multiplier)
	var total int64
	src := strings.ToLower(strings.TrimSpace(r.SourceLanguage))
	for _, l := range est.Lines {
		if own, ok := pl.pairRate(r.Service, src, l.TargetLanguage); ok && pl.Services[i].TranslatorRate == 0 {
			// A pair with its own rate and no translator rate named: the default share of that rate.
			total += mulDivRound(mulDivRound(own, DefaultTranslatorShare, bp)*int64(l.Quantity), urgency, 100*bp)
		} else {
			total += mulDivRound(rate*int64(l.Quantity), int64(pl.TierMultipliers[l.Tier])*urgency, 100*bp*bp)
		}
		for _, id := range r.AddOns {
			a := pl.AddOns[slices.IndexFunc(pl.AddOns, func(a AddOn) bool { return a.ID == id })]
			total += mulDivRound(a.translatorPerUnit(), int64(l.Quantity), 100)
		}
	}
	return total, nil
}

// TranslatorPay prices r for its translator with the current list, converted to PayCurrency.
func (s *service) TranslatorPay(ctx context.Context, r EstimateRequest) (Pay, error) {
	pl, err := s.store.PriceList(ctx)
	if err != nil {
		return Pay{}, err
	}
	usd, err := pl.TranslatorPay(r)
	if err != nil {
		return Pay{}, err
	}
	shown, rate, err := s.converter.FromUSD(ctx, usd, PayCurrency, i18n.EN)
	if err != nil {
		return Pay{}, err
	}
	return Pay{USD: usd, TRY: shown.Amount, RateMicros: rate}, nil
}
