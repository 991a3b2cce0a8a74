package api

import (
	"context"
	"net/http"
	"strconv"
	"strings"

	"linguaport/internal/authn"
	"linguaport/internal/country"
	"linguaport/internal/errs"
	"linguaport/internal/httpx"
	"linguaport/internal/i18n"
	"linguaport/internal/money"
	"linguaport/svc-billing/balance"
	"linguaport/svc-billing/invoices"
)

// GET tax: what an invoice of an amount would charge, before anyone commits to it. The figures
// come from the invoices' own rule (invoices.Service.Tax), so the calculator, the quote and the
// order show what the invoice will carry.

// maxTaxAmount bounds the amounts asked about (minor units): 10^13 is a hundred billion major
// units, far beyond any order, and keeps amount × rate well inside int64.
const maxTaxAmount = 10_000_000_000_000

// Field errors of GET tax's query.
const (
	reasonTaxRequired = "required"
	reasonTaxNumber   = "number"
	reasonTaxCurrency = "currency"
	reasonTaxCountry  = "country"
	reasonTaxUnknown  = "unknown_parameter"
)

type taxRequest struct {
	Query    invoices.TaxQuery
	Currency string
	USD      bool   // amountUsd was given
	Customer string // staff's ?customer=
}

// taxMoney is an amount as the web answers show it (internal/money).
type taxMoney struct {
	Amount    int64  `json:"amount"`
	Currency  string `json:"currency"`
	Decimals  int    `json:"decimals"`
	Formatted string `json:"formatted"`
}

func moneyIn(amount int64, currency string, lang i18n.Lang) taxMoney {
	return taxMoney{Amount: amount, Currency: currency, Decimals: money.Decimals(currency), Formatted: money.Format(amount, currency, string(lang))}
}

// taxAnswer is GET tax's answer; the USD figures only when amountUsd was asked about.
type taxAnswer struct {
	Basis      string    `json:"basis"`
	InTurkey   bool      `json:"inTurkey"`
	Country    string    `json:"country"`
	VATPercent int       `json:"vatPercent"`
	VATLabel   string    `json:"vatLabel"`
	Net        taxMoney  `json:"net"`
	VAT        taxMoney  `json:"vat"`
	Total      taxMoney  `json:"total"`
	NetUSD     *taxMoney `json:"netUsd,omitempty"`
	VATUSD     *taxMoney `json:"vatUsd,omitempty"`
	TotalUSD   *taxMoney `json:"totalUsd,omitempty"`
}

// decodeTax reads amount, currency, amountUsd, country and customer, refusing each bad one by
// name; a parameter it does not know is refused too, so a misspelt "contry" is not silently a
// preview for Turkey.
func decodeTax(_ context.Context, r *http.Request) (any, error) {
	q := r.URL.Query()
	fields := errs.Fields{}
	for name := range q {
		switch name {
		case "amount", "currency", "amountUsd", "country", "customer":
		default:
			fields.Add(name, reasonTaxUnknown)
		}
	}
	amount := func(name string, required bool) int64 {
		v := q.Get(name)
		if v == "" {
			if required {
				fields.Add(name, reasonTaxRequired)
			}
			return 0
		}
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 0 || n > maxTaxAmount {
			fields.Add(name, reasonTaxNumber)
			return 0
		}
		return n
	}
	var req taxRequest
	req.Query.Net = amount("amount", true)
	req.Query.NetUSD = amount("amountUsd", false)
	req.USD = q.Get("amountUsd") != ""
	switch req.Currency = strings.ToUpper(strings.TrimSpace(q.Get("currency"))); {
	case req.Currency == "":
		fields.Add("currency", reasonTaxRequired)
	case !balance.ValidCurrency(req.Currency):
		fields.Add("currency", reasonTaxCurrency)
	}
	if c := strings.ToUpper(strings.TrimSpace(q.Get("country"))); c != "" {
		if !country.Valid(c) {
			fields.Add("country", reasonTaxCountry)
		}
		req.Query.Country = c
	}
	req.Customer = strings.TrimSpace(q.Get("customer"))
	return req, fields.Err()
}

// taxEndpoint answers GET tax. Whose saved details apply comes from the token (a customer's
// own), or for staff from ?customer=; anyone else asking for a customer is refused.
func taxEndpoint(s invoices.Service) func(ctx context.Context, request any) (any, error) {
	return func(ctx context.Context, request any) (any, error) {
		req := request.(taxRequest)
		caller := authn.CallerFrom(ctx)
		switch {
		case req.Customer != "" && caller.Role != authn.RoleAdmin:
			// The route is open to visitors: the refusal is worded as the route check's would be
			// (sign in, a token that no longer holds, or not staff).
			if err := authn.Authorize(ctx, authn.RoleAdmin); err != nil {
				return nil, err
			}
		case req.Customer != "":
			req.Query.CustomerID = req.Customer
		case caller.SignedIn() && caller.Role == authn.RoleCustomer:
			req.Query.CustomerID = caller.ID
		}
		t, err := s.Tax(ctx, req.Query)
		if err != nil {
			return nil, err
		}
		lang := httpx.LangFrom(ctx)
		a := taxAnswer{
			Basis: t.Basis, InTurkey: t.InTurkey, Country: t.Country, VATPercent: t.VATPercent,
			VATLabel: t.VATLine.Description.In(lang),
			Net:      moneyIn(t.Totals.Net, req.Currency, lang),
			VAT:      moneyIn(t.Totals.VAT, req.Currency, lang),
			Total:    moneyIn(t.Totals.Total, req.Currency, lang),
		}
		if req.USD {
			netUSD, vatUSD, totalUSD := moneyIn(t.TotalsUSD.Net, "USD", lang), moneyIn(t.TotalsUSD.VAT, "USD", lang), moneyIn(t.TotalsUSD.Total, "USD", lang)
			a.NetUSD, a.VATUSD, a.TotalUSD = &netUSD, &vatUSD, &totalUSD
		}
		return a, nil
	}
}

// taxFieldTexts word GET tax's field errors.
var taxFieldTexts = map[string]map[string]i18n.Text{
	"amount": {
		reasonTaxRequired: {TR: "Tutarı (kuruş gibi en küçük birimde) girin.", EN: "Enter the amount (in minor units, such as cents)."},
		reasonTaxNumber:   {TR: "Tutar, en küçük birimde 0 veya daha büyük bir tam sayı olmalı.", EN: "The amount must be a whole number of minor units, 0 or more."},
	},
	"amountUsd": {
		reasonTaxNumber: {TR: "USD tutarı, sent olarak 0 veya daha büyük bir tam sayı olmalı.", EN: "The USD amount must be a whole number of cents, 0 or more."},
	},
	"currency": {
		reasonTaxRequired: {TR: "Para birimini girin.", EN: "Enter the currency."},
		reasonTaxCurrency: currencyText,
	},
	"orderId": {
		reasonOrderID: {TR: "Sipariş kimliği en çok 100 karakter olmalı.", EN: "The order id must be at most 100 characters."},
	},
	"country": {
		reasonTaxCountry: {TR: "Ülke, ISO 3166-1 iki harfli ülke kodu olmalı (ör. TR, DE).", EN: "The country must be an ISO 3166-1 two-letter code (e.g. TR, DE)."},
	},
}
