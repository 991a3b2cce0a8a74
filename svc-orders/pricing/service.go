package pricing

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"linguaport/counting"
	"linguaport/internal/authn"
	"linguaport/internal/errs"
	"linguaport/internal/i18n"
	"linguaport/svc-orders/calendar"
	"linguaport/svc-orders/files"
)

// Errors the service answers with; the transport maps them to HTTP.
var (
	// ErrNoPrice is a missing price list: a fault of the installation, not of the customer.
	ErrNoPrice = errors.New("no price list")
	// ErrCurrency is an unknown or malformed currency code.
	ErrCurrency = errors.New("unknown currency")
)

// Money is an amount in minor units of a currency, formatted for the request's language.
type Money struct {
	Amount    int64  `json:"amount"`
	Currency  string `json:"currency"`
	Decimals  int    `json:"decimals"`
	Formatted string `json:"formatted"`
}

// Store keeps the one current price list.
type Store interface {
	// PriceList is ErrNoPrice when there is none.
	PriceList(ctx context.Context) (PriceList, error)
	ReplacePriceList(ctx context.Context, pl PriceList) error
}

// Converter moves USD cents into another currency's minor units at the platform's rates
// (svc-geo, spec §9) and formats the result for lang.
type Converter interface {
	// FromUSD returns the amount in currency and the rate used (units per 1 USD, in millionths);
	// ErrCurrency when the currency is unknown.
	FromUSD(ctx context.Context, cents int64, currency string, lang i18n.Lang) (Money, int64, error)
}

// Files reaches the documents an estimate is counted from: the caller's own, or a visitor's
// through their upload token.
type Files interface {
	Usable(ctx context.Context, c authn.Caller, ids []string, uploadToken string) ([]files.File, error)
}

// EstimateInput is the calculator's request (spec §3) with the display currency.
type EstimateInput struct {
	EstimateRequest
	FileIDs     []string // when given, the quantity is counted from these files
	UploadToken string   // a visitor's, reaching the files they uploaded
	Currency    string
	Lang        i18n.Lang
}

// PricedLine is a line in USD and in the display currency.
type PricedLine struct {
	Line
	Price Money `json:"price"`
}

// EstimateAnswer is what the calculator shows: the lines and total in USD (what is kept) and
// in the customer's currency (what is shown), the delivery window, and that it is an estimate.
type EstimateAnswer struct {
	Service  string       `json:"service"`
	Urgency  Urgency      `json:"urgency"`
	Unit     Unit         `json:"unit"`
	Quantity int          `json:"quantity"`
	Lines    []PricedLine `json:"lines"`
	TotalUSD Money        `json:"totalUsd"`
	Total    Money        `json:"total"`
	// RateMicros is the rate from USD to the display currency (millionths), kept by quotes.
	RateMicros int64     `json:"rateMicros"`
	Window     Window    `json:"deliveryWindow"`
	Note       string    `json:"note"`
	PricedAt   time.Time `json:"pricedAt"`
	Estimated  bool      `json:"estimated"`
	// ExpectedDate is the day, in Istanbul, the work would be delivered if ordered now: the
	// window's last business day after today (package calendar). ExpectedDates is that day for
	// each urgency the price list offers, for a calculator showing them side by side.
	ExpectedDate  calendar.Date             `json:"expectedDate"`
	ExpectedDates map[Urgency]calendar.Date `json:"expectedDates"`
	// Files are the documents the quantity was counted from, which a quote keeps.
	Files []files.File `json:"-"`
}

// Targets are the answer's target languages, cleaned as they were priced.
func (a EstimateAnswer) Targets() []string {
	t := make([]string, len(a.Lines))
	for i, l := range a.Lines {
		t[i] = l.TargetLanguage
	}
	return t
}

// Service prices work: the price list and the estimate.
type Service interface {
	// Estimate prices work for the caller, counting the files they may use (their own, or a
	// visitor's under the upload token).
	Estimate(ctx context.Context, c authn.Caller, in EstimateInput) (EstimateAnswer, error)
	// PriceList is the price list as the caller may see it: translator rates are staff's.
	PriceList(ctx context.Context, c authn.Caller) (PriceList, error)
	UpdatePriceList(ctx context.Context, pl PriceList) (PriceList, error)
	// TranslatorPay is what the work pays its translator (PriceList.TranslatorPay), converted
	// to PayCurrency for display.
	TranslatorPay(ctx context.Context, r EstimateRequest) (Pay, error)
}

type service struct {
	store     Store
	files     Files
	converter Converter
	now       func() time.Time
}

// NewService returns the pricing service: the list in store, quantities counted from files,
// amounts converted by converter, estimates dated by now.
func NewService(store Store, files Files, converter Converter, now func() time.Time) Service {
	return &service{store: store, files: files, converter: converter, now: now}
}

var estimateNote = i18n.Text{
	TR: "Bu fiyat tahminidir; kesin fiyat, dosyalarınız incelendikten sonra teklifte yer alır.",
	EN: "This price is an estimate; the exact price is in the quote once your files have been reviewed.",
}

func (s *service) Estimate(ctx context.Context, c authn.Caller, in EstimateInput) (EstimateAnswer, error) {
	pl, err := s.store.PriceList(ctx)
	if err != nil {
		return EstimateAnswer{}, err
	}
	var counted []files.File
	if len(in.FileIDs) > 0 {
		if counted, err = s.files.Usable(ctx, c, in.FileIDs, in.UploadToken); err != nil {
			return EstimateAnswer{}, err
		}
		if unit, ok := pl.unitOf(in.Service); ok {
			if in.Quantity, err = quantityOf(unit, counted); err != nil {
				return EstimateAnswer{}, err
			}
		}
	}
	currency := strings.ToUpper(strings.TrimSpace(in.Currency))
	if currency == "" {
		currency = "USD"
	}
	est, err := pl.Estimate(in.EstimateRequest)
	if err != nil {
		return EstimateAnswer{}, err
	}
	now := s.now().UTC()
	ans := EstimateAnswer{Service: est.Service, Urgency: est.Urgency, Quantity: in.Quantity, Window: est.Window,
		Note: estimateNote.In(in.Lang), PricedAt: now, Estimated: true, Files: counted,
		ExpectedDate: calendar.Expected(now, est.Window.MaxDays), ExpectedDates: pl.expectedDates(now)}
	for _, l := range est.Lines {
		ans.Unit = l.Unit
		price, _, err := s.converter.FromUSD(ctx, l.Total, currency, in.Lang)
		if err != nil {
			return EstimateAnswer{}, err
		}
		ans.Lines = append(ans.Lines, PricedLine{Line: l, Price: price})
	}
	if ans.TotalUSD, _, err = s.converter.FromUSD(ctx, est.Total, "USD", in.Lang); err != nil {
		return EstimateAnswer{}, err
	}
	if ans.Total, ans.RateMicros, err = s.converter.FromUSD(ctx, est.Total, currency, in.Lang); err != nil {
		return EstimateAnswer{}, err
	}
	return ans, nil
}

// PriceList is public, but for what translators are paid: only staff see those rates.
func (s *service) PriceList(ctx context.Context, c authn.Caller) (PriceList, error) {
	pl, err := s.store.PriceList(ctx)
	if err != nil || c.Staff() {
		return pl, err
	}
	return pl.withoutPay(), nil
}

func (s *service) UpdatePriceList(ctx context.Context, pl PriceList) (PriceList, error) {
	if err := pl.Validate(); err != nil {
		return PriceList{}, err
	}
	if err := s.store.ReplacePriceList(ctx, pl); err != nil {
		return PriceList{}, err
	}
	return pl, nil
}

// quantityOf is what files hold in a service's unit: words added up; pages from all characters
// added up; minutes from all durations added up, each rounded up once. A file whose text could
// not be read (a scanned PDF) cannot be priced from its count.
func quantityOf(unit Unit, counted []files.File) (int, error) {
	fields := errs.Fields{}
	var words, chars int
	var duration time.Duration
	for i, f := range counted {
		if f.Counts.ManualCount {
			fields[fmt.Sprintf("fileIds.%d", i)] = "manual_count"
		}
		words += f.Counts.Words
		chars += f.Counts.Characters
		duration += f.Counts.Duration
	}
	if len(fields) > 0 {
		return 0, fields
	}
	var q int
	switch unit {
	case PerWord:
		q = words
	case PerPage:
		q = (chars + counting.PageCharacters - 1) / counting.PageCharacters
	case PerMinute:
		q = int((duration + time.Minute - 1) / time.Minute)
	}
	if q <= 0 {
		return 0, errs.Fields{"fileIds": "nothing_to_count"}
	}
	return q, nil
}

// AddOnNames reads the names of the extras from the price list s serves, for texts that name
// a quote's extras (svc-orders' contracts).
func AddOnNames(s Service) func(ctx context.Context) (map[string]i18n.Text, error) {
	return func(ctx context.Context) (map[string]i18n.Text, error) {
		pl, err := s.PriceList(ctx, authn.Caller{})
		if err != nil {
			return nil, err
		}
		names := make(map[string]i18n.Text, len(pl.AddOns))
		for _, a := range pl.AddOns {
			names[a.ID] = a.Name
		}
		return names, nil
	}
}
