// Package api is svc-geo's HTTP API: the route table (this file, the one list of what it serves
// and who may call it), the endpoints, the transport's decoders and encoders, and the one place
// its errors are worded (errors.go). API.md describes it for callers.
package api

import (
	"time"

	kithttp "github.com/go-kit/kit/transport/http"

	"linguaport/internal/authn"
	"linguaport/internal/contract"
	"linguaport/internal/httpx"
	"linguaport/internal/routes"
)

// Routes is svc-geo's route table. The display currency is decided before anyone signs in, so
// every route is open; trusted decides whose X-Forwarded-For is believed when finding the
// caller's address. Lookups only: no request has a body worth more than a few bytes, and every
// answer is computed in memory or from Redis, so three seconds is generous.
func Routes(e Endpoints, trusted httpx.TrustedProxies) routes.Table {
	return routes.Table{
		Service: "svc-geo",
		Limits:  contract.Limits{TimeoutMs: (3 * time.Second).Milliseconds(), MaxBody: 4 << 10},
		Options: []kithttp.ServerOption{kithttp.ServerErrorEncoder(encodeError)},
		Routes: []routes.Route{
			{Pattern: "GET /api/v1/geo/currency", Access: authn.Anyone, Endpoint: e.Locate, Decode: decodeCallerRequest(trusted), Encode: encodePrivate},
			{Pattern: "GET /api/v1/geo/lookup", Access: authn.Anyone, Endpoint: e.Locate, Decode: decodeLookupRequest, Encode: encodePublic},
			{Pattern: "GET /api/v1/geo/currencies", Access: authn.Anyone, Endpoint: e.Currencies, Decode: decodeNothing, Encode: encodePublic},
			{Pattern: "GET /api/v1/geo/rates", Access: authn.Anyone, Endpoint: e.Rates, Decode: decodeNothing, Encode: encodePublic},
			{Pattern: "GET /api/v1/geo/convert", Access: authn.Anyone, Endpoint: e.Convert, Decode: decodeConvertRequest, Encode: encodePublic},
		},
	}
}
