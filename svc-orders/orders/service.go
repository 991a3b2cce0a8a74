package orders

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Money is an amount in minor units of a currency.
type Money struct {
	Amount    int64  `json:"amount"`
	Currency  string `json:"currency"`
	Decimals  int    `json:"decimals"`
	Formatted string `json:"formatted"`
}

// Converter moves USD cents into another currency's minor units at the platform's rates
// (svc-geo, spec §9) and formats the result for lang.
type Converter interface {
	FromUSD(ctx context.Context, cents int64, currency, lang string) (Money, error)
}

// ErrCurrency is an unknown or malformed currency code.
var ErrCurrency = errors.New("unknown currency")

// EstimateInput is the calculator's request (spec §3) with the display currency.
type EstimateInput struct {
	EstimateRequest
	Currency string
	Lang     string
}

// PricedLine is a line in USD and in the display currency.
type PricedLine struct {
	Line
	Price Money `json:"price"`
}

// EstimateAnswer is what the calculator shows: the lines and total in USD (what is kept) and
// in the customer's currency (what is shown), the delivery window, and that it is an estimate.
type EstimateAnswer struct {
	Service   string       `json:"service"`
	Urgency   Urgency      `json:"urgency"`
	Unit      Unit         `json:"unit"`
	Quantity  int          `json:"quantity"`
	Lines     []PricedLine `json:"lines"`
	TotalUSD  Money        `json:"totalUsd"`
	Total     Money        `json:"total"`
	Window    Window       `json:"deliveryWindow"`
	Note      string       `json:"note"`
	PricedAt  time.Time    `json:"pricedAt"`
	Estimated bool         `json:"estimated"`
}

// Service is svc-orders' behaviour (ordering grows here: files, quotes, orders).
type Service interface {
	Estimate(ctx context.Context, in EstimateInput) (EstimateAnswer, error)
	PriceList(ctx context.Context) (PriceList, error)
	UpdatePriceList(ctx context.Context, pl PriceList) (PriceList, error)
}

type service struct {
	prices    *PriceStore
	converter Converter
	now       func() time.Time
}

// NewService returns the ordering service.
func NewService(prices *PriceStore, converter Converter) Service {
	return &service{prices: prices, converter: converter, now: time.Now}
}

var estimateNote = Localized{
	TR: "Bu fiyat tahminidir; kesin fiyat, dosyalarınız incelendikten sonra teklifte yer alır.",
	EN: "This price is an estimate; the exact price is in the quote once your files have been reviewed.",
}

func (s *service) Estimate(ctx context.Context, in EstimateInput) (EstimateAnswer, error) {
	pl, err := s.prices.Get(ctx)
	if err != nil {
		return EstimateAnswer{}, err
	}
	currency := strings.ToUpper(strings.TrimSpace(in.Currency))
	if currency == "" {
		currency = "USD"
	}
	est, err := pl.Estimate(in.EstimateRequest)
	if err != nil {
		return EstimateAnswer{}, err
	}
	usd := func(cents int64) (Money, error) { return s.converter.FromUSD(ctx, cents, "USD", in.Lang) }
	shown := func(cents int64) (Money, error) { return s.converter.FromUSD(ctx, cents, currency, in.Lang) }
	ans := EstimateAnswer{Service: est.Service, Urgency: est.Urgency, Quantity: in.Quantity, Window: est.Window,
		Note: estimateNote.in(in.Lang), PricedAt: s.now().UTC(), Estimated: true}
	for _, l := range est.Lines {
		ans.Unit = l.Unit
		price, err := shown(l.Total)
		if err != nil {
			return EstimateAnswer{}, err
		}
		ans.Lines = append(ans.Lines, PricedLine{Line: l, Price: price})
	}
	if ans.TotalUSD, err = usd(est.Total); err != nil {
		return EstimateAnswer{}, err
	}
	if ans.Total, err = shown(est.Total); err != nil {
		return EstimateAnswer{}, err
	}
	return ans, nil
}

func (s *service) PriceList(ctx context.Context) (PriceList, error) { return s.prices.Get(ctx) }

func (s *service) UpdatePriceList(ctx context.Context, pl PriceList) (PriceList, error) {
	if err := pl.Validate(); err != nil {
		return PriceList{}, err
	}
	return s.prices.Put(ctx, pl)
}

func (l Localized) in(lang string) string {
	if lang == "en" {
		return l.EN
	}
	return l.TR
}

// Validate checks a price list staff submit: every field the estimator relies on is present and sane.
func (pl PriceList) Validate() error {
	fields := FieldErrors{}
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
		if a.ID == "" || (a.PerUnit > 0) == (a.PerTarget > 0) {
			fields[fmt.Sprintf("addOns.%d", i)] = "invalid"
		}
	}
	if len(fields) > 0 {
		return fields
	}
	return nil
}
