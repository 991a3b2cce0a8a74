// Package access declares who may call each endpoint of svc-orders (API.md). svc-orders serves
// exactly these routes, each behind its check (authn.Mux), and the gateway checks the same
// declarations at the edge. Owned routes name a quote, order or file that only its customer, its
// assigned translator or staff reach: the service answers everyone else 404, as if it did not
// exist.
package access

import (
	"time"

	"linguaport/internal/authn"
	"linguaport/internal/contract"
	"linguaport/internal/httpx"
)

// Rules are svc-orders' routes and who may call them.
var Rules = []authn.Rule{
	{Pattern: "POST /api/v1/orders/estimate", Access: authn.Anyone},
	{Pattern: "GET /api/v1/orders/prices", Access: authn.Anyone},

	// Visitors upload, and download with the upload token their first upload returned.
	{Pattern: "POST /api/v1/orders/files", Access: authn.Anyone},
	{Pattern: "GET /api/v1/orders/files", Access: authn.SignedIn},
	{Pattern: "GET /api/v1/orders/files/{id}", Access: authn.Anyone.Owned()},

	{Pattern: "POST /api/v1/orders/quotes", Access: authn.Only(authn.RoleCustomer)},
	{Pattern: "GET /api/v1/orders/quotes", Access: authn.SignedIn},
	{Pattern: "GET /api/v1/orders/quotes/{id}", Access: authn.SignedIn.Owned()},
	{Pattern: "POST /api/v1/orders/quotes/{id}/approve", Access: authn.SignedIn.Owned()},
	{Pattern: "POST /api/v1/orders/quotes/{id}/reject", Access: authn.SignedIn.Owned()},

	{Pattern: "GET /api/v1/orders/orders", Access: authn.SignedIn},
	{Pattern: "GET /api/v1/orders/orders/{id}", Access: authn.SignedIn.Owned()},
	{Pattern: "POST /api/v1/orders/orders/{id}/deliver", Access: authn.Only(authn.RoleTranslator, authn.RoleAdmin).Owned()},
	{Pattern: "POST /api/v1/orders/orders/{id}/complete", Access: authn.SignedIn.Owned()},
	{Pattern: "POST /api/v1/orders/orders/{id}/revision", Access: authn.SignedIn.Owned()},

	// The job pool: a translator sees the jobs they may take and claims one; the claimed job is
	// then theirs (owned), to give back within the hour.
	{Pattern: "GET /api/v1/orders/pool", Access: authn.Only(authn.RoleTranslator)},
	{Pattern: "POST /api/v1/orders/orders/{id}/claim", Access: authn.Only(authn.RoleTranslator)},
	{Pattern: "POST /api/v1/orders/orders/{id}/unclaim", Access: authn.Only(authn.RoleTranslator).Owned()},
	// A translator's delivered and completed jobs, with their files and pay.
	{Pattern: "GET /api/v1/orders/jobs/past", Access: authn.Only(authn.RoleTranslator)},

	// The back office (DESIGN §11): staff only. Every order and quote, who could take an order,
	// (re)assigning it, its paper work's steps, its expected date, a quote's revised price or cancellation, the price
	// list, the dashboard's counts and charts, and every staff action that changed something.
	{Pattern: "GET /api/v1/orders/admin/orders", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "GET /api/v1/orders/admin/orders/{id}", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "GET /api/v1/orders/admin/orders/{id}/eligible", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "POST /api/v1/orders/admin/orders/{id}/assign", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "POST /api/v1/orders/admin/orders/{id}/fulfilment", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "POST /api/v1/orders/admin/orders/{id}/expected-date", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "GET /api/v1/orders/admin/quotes", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "GET /api/v1/orders/admin/quotes/{id}", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "POST /api/v1/orders/admin/quotes/{id}/revise", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "POST /api/v1/orders/admin/quotes/{id}/cancel", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "PUT /api/v1/orders/admin/prices", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "GET /api/v1/orders/admin/summary", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "GET /api/v1/orders/admin/trends", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "GET /api/v1/orders/admin/audit", Access: authn.Only(authn.RoleAdmin)},
}

// Contract is what svc-orders publishes for the gateway (internal/contract): these rules under
// /api/v1/orders, with the edge's limits. Documents up to 50 MB (counting.MaxFileBytes) and the
// form around them, counted as they arrive: uploads take up to two minutes.
var Contract = contract.New("svc-orders", contract.Limits{TimeoutMs: (2 * time.Minute).Milliseconds(), MaxBody: httpx.MaxJSONBody, MaxUpload: 51 << 20}, Rules)
