package api

import (
	"errors"
	"net/http"

	"linguaport/internal/errs"
	"linguaport/internal/httpx"
	"linguaport/internal/i18n"
	"linguaport/svc-geo/geo"
)

// The one place svc-geo's errors become answers, each worded in Turkish and English: the
// service's own (geo.Err…) and what the transport could not read from a request.

var (
	problemInvalidIP = httpx.NewProblem(http.StatusBadRequest, "invalid_ip",
		i18n.Text{TR: "Geçersiz IP adresi.", EN: "Invalid IP address."}).
		WithField("ip", i18n.Text{TR: "Geçerli bir IPv4 veya IPv6 adresi girin, örneğin 88.255.0.1.", EN: "Enter a valid IPv4 or IPv6 address, for example 88.255.0.1."})
	problemMissingIP = httpx.NewProblem(http.StatusBadRequest, "invalid_ip",
		i18n.Text{TR: "IP adresi eksik.", EN: "The IP address is missing."}).
		WithField("ip", i18n.Text{TR: "ip parametresi gerekli.", EN: "The ip parameter is required."})
	problemBadAmount = httpx.NewProblem(http.StatusBadRequest, "invalid_amount",
		i18n.Text{TR: "Geçersiz tutar.", EN: "Invalid amount."}).
		WithField("amount", i18n.Text{TR: "Tutar, kuruş gibi alt birimlerde sıfır ya da pozitif bir tam sayı olmalı.", EN: "The amount must be zero or a positive whole number of minor units (cents)."})
	problemTooLarge = httpx.NewProblem(http.StatusBadRequest, "amount_too_large",
		i18n.Text{TR: "Tutar çevrilemeyecek kadar büyük.", EN: "The amount is too large to convert."}).
		WithField("amount", i18n.Text{TR: "Daha küçük bir tutar girin.", EN: "Enter a smaller amount."})
	problemCurrency = httpx.NewProblem(http.StatusBadRequest, "invalid_currency",
		i18n.Text{TR: "Geçersiz para birimi kodu.", EN: "Invalid currency code."})
	currencyField    = i18n.Text{TR: "Üç harfli bir ISO 4217 kodu girin, örneğin TRY.", EN: "Enter a three-letter ISO 4217 code, for example TRY."}
	problemUnlocated = httpx.NewProblem(http.StatusBadRequest, "unknown_caller",
		i18n.Text{TR: "İstemci adresi belirlenemedi.", EN: "The caller's address could not be determined."})
)

// encodeError answers the service's errors in the request's language.
var encodeError = httpx.ErrorEncoder(problemOf)

// problemOf maps the service's and the transport's errors to their answers; nil leaves err to
// httpx.
func problemOf(err error) *httpx.Problem {
	var fields errs.Fields
	switch {
	case errors.Is(err, geo.ErrInvalidIP):
		return problemInvalidIP
	case errors.Is(err, errMissingIP):
		return problemMissingIP
	case errors.Is(err, errBadAmount), errors.Is(err, geo.ErrNegativeAmount):
		return problemBadAmount
	case errors.Is(err, geo.ErrAmountTooLarge):
		return problemTooLarge
	case errors.As(err, &fields):
		// Currency codes are the only fields the service checks.
		return problemCurrency.WithFields(fields, func(string, string) i18n.Text { return currencyField })
	case errors.Is(err, geo.ErrInvalidCurrency):
		return problemCurrency.WithField("currency", currencyField)
	case errors.Is(err, errUnlocated):
		return problemUnlocated
	}
	return nil
}
