package geo

import (
	"context"
	"errors"
	"net/http"
	"strconv"

	kithttp "github.com/go-kit/kit/transport/http"

	"linguaport/internal/httpx"
)

// errMissingIP and errBadAmount are transport-level input errors.
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
	mux := http.NewServeMux()
	mux.Handle("GET /api/v1/geo/currency", kithttp.NewServer(e.Locate, decodeCallerRequest(trusted), encodePrivate, opts...))
	mux.Handle("GET /api/v1/geo/lookup", kithttp.NewServer(e.Locate, decodeLookupRequest, encodePublic, opts...))
	mux.Handle("GET /api/v1/geo/currencies", kithttp.NewServer(e.Currencies, decodeNothing, encodePublic, opts...))
	mux.Handle("GET /api/v1/geo/rates", kithttp.NewServer(e.Rates, decodeNothing, encodePublic, opts...))
	mux.Handle("GET /api/v1/geo/convert", kithttp.NewServer(e.Convert, decodeConvertRequest, encodePublic, opts...))
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) { httpx.EncodeError(r.Context(), httpx.ErrNotFound, w) })
	return mux
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
		httpx.Text{TR: "Geçersiz IP adresi.", EN: "Invalid IP address."}).
		WithField("ip", httpx.Text{TR: "Geçerli bir IPv4 veya IPv6 adresi girin, örneğin 88.255.0.1.", EN: "Enter a valid IPv4 or IPv6 address, for example 88.255.0.1."})
	problemMissingIP = httpx.NewProblem(http.StatusBadRequest, "invalid_ip",
		httpx.Text{TR: "IP adresi eksik.", EN: "The IP address is missing."}).
		WithField("ip", httpx.Text{TR: "ip parametresi gerekli.", EN: "The ip parameter is required."})
	problemBadAmount = httpx.NewProblem(http.StatusBadRequest, "invalid_amount",
		httpx.Text{TR: "Geçersiz tutar.", EN: "Invalid amount."}).
		WithField("amount", httpx.Text{TR: "Tutar, kuruş gibi alt birimlerde sıfır ya da pozitif bir tam sayı olmalı.", EN: "The amount must be zero or a positive whole number of minor units (cents)."})
	problemTooLarge = httpx.NewProblem(http.StatusBadRequest, "amount_too_large",
		httpx.Text{TR: "Tutar çevrilemeyecek kadar büyük.", EN: "The amount is too large to convert."}).
		WithField("amount", httpx.Text{TR: "Daha küçük bir tutar girin.", EN: "Enter a smaller amount."})
	problemCurrency = httpx.NewProblem(http.StatusBadRequest, "invalid_currency",
		httpx.Text{TR: "Geçersiz para birimi kodu.", EN: "Invalid currency code."})
	currencyField    = httpx.Text{TR: "Üç harfli bir ISO 4217 kodu girin, örneğin TRY.", EN: "Enter a three-letter ISO 4217 code, for example TRY."}
	problemUnlocated = httpx.NewProblem(http.StatusBadRequest, "unknown_caller",
		httpx.Text{TR: "İstemci adresi belirlenemedi.", EN: "The caller's address could not be determined."})
)

// encodeError maps the service's errors to HTTP answers in the request's language.
func encodeError(ctx context.Context, err error, w http.ResponseWriter) {
	var p *httpx.Problem
	switch {
	case errors.Is(err, ErrInvalidIP):
		p = problemInvalidIP
	case errors.Is(err, errMissingIP):
		p = problemMissingIP
	case errors.Is(err, errBadAmount), errors.Is(err, ErrNegativeAmount):
		p = problemBadAmount
	case errors.Is(err, ErrAmountTooLarge):
		p = problemTooLarge
	case errors.Is(err, ErrInvalidCurrency):
		field := "currency"
		var ce *currencyError
		if errors.As(err, &ce) {
			field = ce.field
		}
		p = problemCurrency.WithField(field, currencyField)
	case errors.Is(err, errUnlocated):
		p = problemUnlocated
	default:
		httpx.EncodeError(ctx, err, w)
		return
	}
	httpx.EncodeError(ctx, p, w)
}
