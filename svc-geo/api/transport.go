package api

import (
	"context"
	"errors"
	"net/http"
	"strconv"

	kithttp "github.com/go-kit/kit/transport/http"

	"linguaport/internal/httpx"
)

// The transport's own refusals: what it could not read from the request.
var (
	errMissingIP  = errors.New("ip parameter missing")
	errBadAmount  = errors.New("amount is not a whole number of minor units")
	errUnlocated  = errors.New("caller address unknown")
	publicCaching = "public, max-age=3600"
)

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
