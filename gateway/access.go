package main

import (
	"linguaport/internal/authn"
)

// edgeRules are the access rules the gateway checks before proxying: exactly the rules each
// service declares for its own endpoints (svc-*/access), gathered from the route table. The
// services check the same rules again behind the gateway (DESIGN §5, §8); nothing here is a
// second list that could drift from theirs.
func edgeRules(routes []Route) []authn.Rule {
	var rules []authn.Rule
	for _, r := range routes {
		rules = append(rules, r.Access...)
	}
	return rules
}
