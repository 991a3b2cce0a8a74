// Package access declares who may call svc-geo's endpoints. The transport serves exactly these
// routes and the gateway checks the same rules at the edge (DESIGN §8), so this is the one list.
package access

import "linguaport/internal/authn"

// Rules: the display currency is decided before anyone signs in, so every route is open.
var Rules = []authn.Rule{
	{Pattern: "GET /api/v1/geo/currency", Access: authn.Anyone},
	{Pattern: "GET /api/v1/geo/lookup", Access: authn.Anyone},
	{Pattern: "GET /api/v1/geo/currencies", Access: authn.Anyone},
	{Pattern: "GET /api/v1/geo/rates", Access: authn.Anyone},
	{Pattern: "GET /api/v1/geo/convert", Access: authn.Anyone},
}
