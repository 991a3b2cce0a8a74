package pricing

import (
	"fmt"
	"strings"

	"linguaport/internal/errs"
)

// MaxPairRates bounds the list's own pair rates so the whole list still fits the 64 KB every
// JSON body is held to (httpx.MaxJSONBody, checked by the gateway too): about 80 bytes a pair plus
// the rest of the list. Whole services are made dearer or cheaper through their BaseRate; own
// rates are for the pairs that differ from their tier.
const MaxPairRates = 500

// PairRate is a language pair's own rate for one service, as agencies' price lists (XTRF, Plunet)
// keep them: what a unit of source→target costs at normal urgency, in USD centi-cents like
// BaseRate. It replaces BaseRate × the pair's tier for that pair only; urgency, the minimum and
// add-ons apply to it as to any pair.
type PairRate struct {
	Service string `json:"service" bson:"service"`
	Source  string `json:"source" bson:"source"`
	Target  string `json:"target" bson:"target"`
	Rate    int64  `json:"rate" bson:"rate"` // centi-cents: 893 = $0.0893
}

type pairKey struct{ service, source, target string }

// pairRate is the own rate of service from src to tgt, if the list has one.
func (pl PriceList) pairRate(service, src, tgt string) (int64, bool) {
	for _, p := range pl.PairRates {
		if p.Service == service && p.Source == src && p.Target == tgt {
			return p.Rate, true
		}
	}
	return 0, false
}

// validatePairs adds to fields what is wrong with the list's pair rates (pairRates.N, by the
// index of the entry): each names a service of the list, two different languages the list prices,
// a positive rate, and no pair twice.
func (pl PriceList) validatePairs(fields errs.Fields) {
	if len(pl.PairRates) > MaxPairRates {
		fields["pairRates"] = "too_many"
		return
	}
	services := map[string]bool{}
	for _, s := range pl.Services {
		services[s.Service] = true
	}
	seen := map[pairKey]bool{}
	for i, p := range pl.PairRates {
		key := fmt.Sprintf("pairRates.%d", i)
		k := pairKey{p.Service, p.Source, p.Target}
		switch {
		case !services[p.Service]:
			fields[key+".service"] = "unknown_service"
		case pl.LanguageTiers[p.Source] == 0 || p.Source != strings.ToLower(strings.TrimSpace(p.Source)):
			fields[key+".source"] = "unknown_language"
		case pl.LanguageTiers[p.Target] == 0 || p.Target != strings.ToLower(strings.TrimSpace(p.Target)):
			fields[key+".target"] = "unknown_language"
		case p.Source == p.Target:
			fields[key+".target"] = "same_language"
		case p.Rate <= 0:
			fields[key+".rate"] = "positive"
		case seen[k]:
			fields[key] = "duplicate"
		}
		seen[k] = true
	}
}
