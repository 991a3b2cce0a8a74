// Package access declares who may call svc-translators' endpoints (API.md). svc-translators
// serves exactly these routes, each behind its check (authn.Mux), and the gateway checks the same
// declarations at the edge (DESIGN §8), so this is the one list. Each area declares its routes in
// its own file; Rules is all of them.
package access

import (
	"slices"
	"time"

	"linguaport/internal/contract"
	"linguaport/internal/httpx"
)

// Rules are svc-translators' routes and who may call them.
var Rules = slices.Concat(applicationRules, profileRules, supportRules, auditRules)

// Contract is what svc-translators publishes for the gateway (internal/contract): these rules
// under /api/v1/translators, with the edge's limits. Applications carry a CV and a portfolio file
// of up to 10 MB each.
var Contract = contract.New("svc-translators", contract.Limits{TimeoutMs: time.Minute.Milliseconds(), MaxBody: httpx.MaxJSONBody, MaxUpload: 21 << 20}, Rules)
