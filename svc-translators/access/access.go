// Package access declares who may call svc-translators' endpoints (API.md). svc-translators
// serves exactly these routes, each behind its check (authn.Mux), and the gateway checks the same
// declarations at the edge (DESIGN §8), so this is the one list. Each area declares its routes in
// its own file; Rules is all of them.
package access

import "slices"

// Rules are svc-translators' routes and who may call them.
var Rules = slices.Concat(applicationRules, profileRules, supportRules, auditRules)
