package geo

import (
	"context"
	"errors"
	"net/http"
	"strconv"

	kithttp "github.com/go-kit/kit/transport/http"

	"linguaport/internal/authn"
	"linguaport/internal/errs"
	"linguaport/internal/httpx"
	"linguaport/internal/i18n"
	"linguaport/svc-geo/access"
)

// The transport's own refusals: what it could not read from the request.
var (
	errMissingIP  = errors.New("ip parameter missing")
	errBadAmount  = errors.New("amount is not a whole number of minor units")
	errUnlocated  = errors.New("caller address unknown")
	publicCaching = "public, max-age=3600"
)

// MakeHandler serves the service under /api/v1/geo/. trusted decides whose X-Forwarded-For is
// believed when finding the caller's address.
func MakeHandler(e Endpoints, trusted httpx.TrustedProxies) http.Handler {
	opts := []kithttp.ServerOption{kithttp.ServerErrorEncoder(encodeError)}
	// Every route is public, so no caller is identified (svc-geo/access).
	m := authn.NewMux(nil, access.Rules)
	m.Handle("GET /api/v1/geo/currency", kithttp.NewServer(e.Locate, decodeCallerRequest(trusted), encodePrivate, opts...))
	m.Handle("GET /api/v1/geo/lookup", kithttp.NewServer(e.Locate, decodeLookupRequest, encodePublic, opts...))
	m.Handle("GET /api/v1/geo/currencies", kithttp.NewServer(e.Currencies, decodeNothing, encodePublic, opts...))
	m.Handle("GET /api/v1/geo/rates", kithttp.NewServer(e.Rates, decodeNothing, encodePublic, opts...))
	m.Handle("GET /api/v1/geo/convert", kithttp.NewServer(e.Convert, decodeConvertRequest, encodePublic, opts...))
	return m.Handler()
}

func decodeCallerRequest(trusted httpx.TrustedProxies) kithttp.DecodeRequestFunc {
	return func(_ context.Context, r *http.Request) (any, error) {
		ip, ok := trusted.ClientIP(r)
		if !ok {
			return nil, errUnlocated
		}
		return locateRequest{IP: ip.String()}, nil
	}
}

func decodeLookupRequest(_ context.Context, r *http.Request) (any, error) {
	ip := r.URL.Query().Get("ip")
	if ip == "" {
		return nil, errMissingIP
	}
	return locateRequest{IP: ip}, nil
}

func decodeNothing(context.Context, *http.Request) (any, error) { return nil, nil }

func decodeConvertRequest(_ context.Context, r *http.Request) (any, error) {
	q := r.URL.Query()
	amount, err := strconv.ParseInt(q.Get("amount"), 10, 64)
	if err != nil {
		return nil, errBadAmount
	}
	return convertRequest{Amount: amount, From: q.Get("from"), To: q.Get("to")}, nil
}

func encodePublic(ctx context.Context, w http.ResponseWriter, response any) error {
	w.Header().Set("Cache-Control", publicCaching)
	return httpx.EncodeJSONResponse(ctx, w, response)
}

// encodePrivate answers about the caller, so shared caches must not keep it.
func encodePrivate(ctx context.Context, w http.ResponseWriter, response any) error {
	w.Header().Set("Cache-Control", "private, no-store")
	return httpx.EncodeJSONResponse(ctx, w, response)
}

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
	case errors.Is(err, ErrInvalidIP):
		return problemInvalidIP
	case errors.Is(err, errMissingIP):
		return problemMissingIP
	case errors.Is(err, errBadAmount), errors.Is(err, ErrNegativeAmount):
		return problemBadAmount
	case errors.Is(err, ErrAmountTooLarge):
		return problemTooLarge
	case errors.As(err, &fields):
		// Currency codes are the only fields the service checks.
		return problemCurrency.WithFields(fields, func(string, string) i18n.Text { return currencyField })
	case errors.Is(err, ErrInvalidCurrency):
		return problemCurrency.WithField("currency", currencyField)
	case errors.Is(err, errUnlocated):
		return problemUnlocated
	}
	return nil
}
