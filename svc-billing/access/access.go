// Package access declares who may call svc-billing's endpoints (API.md). svc-billing serves
// exactly these routes, each behind its check (authn.Mux), and the gateway checks the same
// declarations at the edge (DESIGN §8), so this is the one list.
package access

import "linguaport/internal/authn"

// Rules are svc-billing's routes and who may call them.
var Rules = []authn.Rule{
	// A customer's own billing details, the ones their invoices are issued to. The route names no
	// id: the caller's token says whose details they are, so nobody can ask for another's.
	{Pattern: "GET /api/v1/billing/profile", Access: authn.Only(authn.RoleCustomer)},
	{Pattern: "PUT /api/v1/billing/profile", Access: authn.Only(authn.RoleCustomer)},
	// A customer's own invoices. One invoice: its owner or staff; another customer is answered
	// 404 by the service, as if it did not exist.
	{Pattern: "GET /api/v1/billing/invoices", Access: authn.Only(authn.RoleCustomer)},
	{Pattern: "GET /api/v1/billing/invoices/{id}", Access: authn.Only(authn.RoleCustomer, authn.RoleAdmin).Owned()},
}
