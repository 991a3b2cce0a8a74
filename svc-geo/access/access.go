// Package access declares who may call svc-geo's endpoints. The transport serves exactly these
// routes and the gateway checks the same rules at the edge (DESIGN §8), so this is the one list.
package access

import (
	"time"

	"linguaport/internal/authn"
	"linguaport/internal/contract"
)

// Rules: the display currency is decided before anyone signs in, so every route is open.
var Rules = []authn.Rule{
	{Pattern: "GET /api/v1/geo/currency", Access: authn.Anyone},
	{Pattern: "GET /api/v1/geo/lookup", Access: authn.Anyone},
	{Pattern: "GET /api/v1/geo/currencies", Access: authn.Anyone},
	{Pattern: "GET /api/v1/geo/rates", Access: authn.Anyone},
	{Pattern: "GET /api/v1/geo/convert", Access: authn.Anyone},
}

// Contract is what svc-geo publishes for the gateway (internal/contract): these rules under
// /api/v1/geo, with the edge's limits. Lookups only: no request has a body worth more than a few
// bytes.
var Contract = contract.New("svc-geo", contract.Limits{TimeoutMs: (3 * time.Second).Milliseconds(), MaxBody: 4 << 10}, Rules)
