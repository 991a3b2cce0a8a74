// Package access declares who may call svc-billing's endpoints (API.md). svc-billing serves
// exactly these routes, each behind its check (authn.Mux), and the gateway checks the same
// declarations at the edge (DESIGN §8), so this is the one list.
package access

import (
	"time"

	"linguaport/internal/authn"
	"linguaport/internal/contract"
	"linguaport/internal/httpx"
)

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
	// What an invoice of an amount would charge (VAT or its exemption, totals), shown before
	// anyone commits: a visitor's price (Turkey, or the country they type), a customer's for
	// their saved details, staff's for a customer they name.
	{Pattern: "GET /api/v1/billing/tax", Access: authn.Anyone},
	// Paying is the invoice's customer's; another customer's invoice is 404.
	{Pattern: "POST /api/v1/billing/invoices/{id}/pay", Access: authn.Only(authn.RoleCustomer).Owned()},
	// The caller's own balance: the token says whose.
	{Pattern: "GET /api/v1/billing/balance", Access: authn.Only(authn.RoleCustomer)},
	{Pattern: "POST /api/v1/billing/balance/top-ups", Access: authn.Only(authn.RoleCustomer)},
	{Pattern: "POST /api/v1/billing/balance/transfers", Access: authn.Only(authn.RoleCustomer)},
	// Staff confirm the bank transfers they see arrive and refund paid invoices to the balance.
	{Pattern: "GET /api/v1/billing/admin/transfers", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "POST /api/v1/billing/admin/transfers/{id}/confirm", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "POST /api/v1/billing/admin/transfers/{id}/reject", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "POST /api/v1/billing/admin/invoices/{id}/refund", Access: authn.Only(authn.RoleAdmin)},
	// A translator's own earnings and payouts: the token says whose. Staff pay the payouts out
	// (or reject them, crediting them back).
	{Pattern: "GET /api/v1/billing/earnings", Access: authn.Only(authn.RoleTranslator)},
	{Pattern: "POST /api/v1/billing/earnings/payouts", Access: authn.Only(authn.RoleTranslator)},
	{Pattern: "GET /api/v1/billing/earnings/payouts", Access: authn.Only(authn.RoleTranslator)},
	{Pattern: "GET /api/v1/billing/admin/payouts", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "POST /api/v1/billing/admin/payouts/{id}/paid", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "POST /api/v1/billing/admin/payouts/{id}/reject", Access: authn.Only(authn.RoleAdmin)},
	// The back office's money screens: every invoice (filtered, searched by number, past due),
	// a bank transfer seen to arrive for one, the customers' balances and staff's adjustments of
	// them, the bank file of payouts, the dashboard's counts and its revenue chart.
	{Pattern: "GET /api/v1/billing/admin/invoices", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "GET /api/v1/billing/admin/invoices/{id}", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "POST /api/v1/billing/admin/invoices/{id}/mark-paid", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "GET /api/v1/billing/admin/balances", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "GET /api/v1/billing/admin/balances/{customerId}", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "POST /api/v1/billing/admin/balances/{customerId}/adjustments", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "GET /api/v1/billing/admin/payouts.csv", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "GET /api/v1/billing/admin/summary", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "GET /api/v1/billing/admin/revenue", Access: authn.Only(authn.RoleAdmin)},
	// Every staff action above that changed something, who did it and what it changed.
	{Pattern: "GET /api/v1/billing/admin/audit", Access: authn.Only(authn.RoleAdmin)},
	// The payment provider's webhooks carry no session: their signature is their proof, checked
	// by the service (payments.Webhooks), which refuses any other sender.
	{Pattern: "POST /api/v1/billing/webhooks/stripe", Access: authn.Anyone},
}

// Contract is what svc-billing publishes for the gateway (internal/contract): these rules under
// /api/v1/billing, with the edge's limits. Payments wait on the payment provider: up to 15
// seconds.
var Contract = contract.New("svc-billing", contract.Limits{TimeoutMs: (15 * time.Second).Milliseconds(), MaxBody: httpx.MaxJSONBody}, Rules)
