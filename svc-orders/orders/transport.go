package orders

import (
	"context"
	"errors"
	"net/http"

	kithttp "github.com/go-kit/kit/transport/http"

	"linguaport/internal/authn"
	"linguaport/internal/httpx"
)

const maxJSONBody = 64 << 10

// MakeHandler serves svc-orders under /api/v1/orders/. Each route declares who may call it.
func MakeHandler(e Endpoints, auth *authn.Authenticator) http.Handler {
	opts := []kithttp.ServerOption{kithttp.ServerErrorEncoder(encodeError)}
	mux := http.NewServeMux()
	mux.Handle("POST /api/v1/orders/estimate", kithttp.NewServer(e.Estimate, decodeEstimate, encodePrivate, opts...))
	mux.Handle("GET /api/v1/orders/prices", kithttp.NewServer(e.PriceList, decodeNothing, encodePublic, opts...))
	mux.Handle("PUT /api/v1/orders/prices", authn.Require(authn.RoleAdmin)(kithttp.NewServer(e.UpdatePriceList, decodePriceList, encodePrivate, opts...)))
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) { httpx.EncodeError(r.Context(), httpx.ErrNotFound, w) })
	return auth.Middleware(mux)
}

func decodeNothing(context.Context, *http.Request) (any, error) { return nil, nil }

func decodeEstimate(ctx context.Context, r *http.Request) (any, error) {
	var b struct {
		Service         string   `json:"service"`
		SourceLanguage  string   `json:"sourceLanguage"`
		TargetLanguages []string `json:"targetLanguages"`
		Quantity        int      `json:"quantity"`
		Urgency         Urgency  `json:"urgency"`
		AddOns          []string `json:"addOns"`
		Currency        string   `json:"currency"`
	}
	if err := httpx.DecodeJSON(r, maxJSONBody, &b); err != nil {
		return nil, err
	}
	if b.Urgency == "" {
		b.Urgency = Normal
	}
	return EstimateInput{
		EstimateRequest: EstimateRequest{Service: b.Service, SourceLanguage: b.SourceLanguage, TargetLanguages: b.TargetLanguages,
			Quantity: b.Quantity, Urgency: b.Urgency, AddOns: b.AddOns},
		Currency: b.Currency, Lang: string(httpx.LangFrom(ctx)),
	}, nil
}

func decodePriceList(_ context.Context, r *http.Request) (any, error) {
	var pl PriceList
	if err := httpx.DecodeJSON(r, maxJSONBody, &pl); err != nil {
		return nil, err
	}
	return pl, nil
}

func encodePublic(ctx context.Context, w http.ResponseWriter, response any) error {
	w.Header().Set("Cache-Control", "public, max-age=60")
	return httpx.EncodeJSONResponse(ctx, w, response)
}

func encodePrivate(ctx context.Context, w http.ResponseWriter, response any) error {
	w.Header().Set("Cache-Control", "no-store")
	return httpx.EncodeJSONResponse(ctx, w, response)
}

var (
	msgValidation = httpx.Text{TR: "Lütfen işaretli alanları düzeltin.", EN: "Please correct the marked fields."}
	msgCurrency   = httpx.Text{TR: "Bilinmeyen para birimi.", EN: "Unknown currency."}
	msgNoPrice    = httpx.Text{TR: "Fiyat listesi şu anda kullanılamıyor.", EN: "The price list is not available right now."}
)

// fieldMessages are the texts of the field reason codes.
var fieldMessages = map[string]httpx.Text{
	"required":           {TR: "Bu alan zorunludur.", EN: "This field is required."},
	"unknown_service":    {TR: "Bilinmeyen hizmet.", EN: "Unknown service."},
	"unknown_language":   {TR: "Bu dilde çeviri yapmıyoruz ya da dil kodu hatalı.", EN: "We do not work in this language, or the language code is wrong."},
	"same_language":      {TR: "Hedef dil, kaynak dille aynı olamaz.", EN: "A target language cannot be the source language."},
	"duplicate_language": {TR: "Bir hedef dil birden çok kez seçilmiş.", EN: "A target language was chosen more than once."},
	"positive":           {TR: "Sıfırdan büyük bir sayı girin.", EN: "Enter a number greater than zero."},
	"too_large":          {TR: "Bu miktar çok büyük; lütfen bize yazın.", EN: "This quantity is too large; please contact us."},
	"unknown_urgency":    {TR: "Teslim hızı normal ya da acil olmalı.", EN: "Delivery must be normal or urgent."},
	"unknown_add_on":     {TR: "Bu ek hizmet bu hizmetle sunulmuyor.", EN: "This add-on is not offered with this service."},
	"invalid":            {TR: "Geçersiz değer.", EN: "Invalid value."},
	"not_negative":       {TR: "Negatif olamaz.", EN: "Cannot be negative."},
	"unknown_tier":       {TR: "Bilinmeyen dil grubu.", EN: "Unknown language tier."},
}

func encodeError(ctx context.Context, err error, w http.ResponseWriter) {
	var (
		fe      FieldErrors
		problem *httpx.Problem
	)
	switch {
	case errors.As(err, &problem):
	case errors.As(err, &fe):
		problem = httpx.NewProblem(http.StatusBadRequest, "validation_failed", msgValidation)
		for field, code := range fe {
			text, ok := fieldMessages[code]
			if !ok {
				text = fieldMessages["invalid"]
			}
			problem = problem.WithField(field, text)
		}
	case errors.Is(err, ErrCurrency):
		problem = httpx.NewProblem(http.StatusBadRequest, "unknown_currency", msgCurrency).WithField("currency", msgCurrency)
	case errors.Is(err, ErrNoPrice):
		problem = httpx.NewProblem(http.StatusServiceUnavailable, "no_price_list", msgNoPrice)
	default:
		httpx.EncodeError(ctx, err, w)
		return
	}
	httpx.EncodeError(ctx, problem, w)
}
