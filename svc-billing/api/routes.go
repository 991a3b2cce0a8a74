// Package api is svc-billing's HTTP API: the route table (this file, the one list of what it
// serves and who may call it), the endpoints over its services (endpoints.go, and by area
// paying.go, earnings.go, staff.go, tax.go, audit.go), the transport's decoders and encoders
// (transport.go, the PDF and CSV downloads in pdf.go and payouts_csv.go), and the one place its
// errors are worded (errors.go, with paying_errors.go and staff_errors.go). API.md describes it
// for callers.
package api

import (
	_ "embed"
	"time"

	"github.com/go-kit/kit/endpoint"
	kithttp "github.com/go-kit/kit/transport/http"

	"linguaport/internal/authn"
	"linguaport/internal/contract"
	"linguaport/internal/httpx"
	"linguaport/internal/routes"
)

// openAPI is svc-billing's part of the public API's OpenAPI document (contract.Contract.Doc).
//
//go:embed openapi.yaml
var openAPI []byte

// Routes is svc-billing's route table: the one list of what it serves and who may call it, which
// it serves (each route behind its check) and publishes for the gateway to check at the edge
// (DESIGN §8). Payments wait on the payment provider: up to 15 seconds; every body is JSON of a
// few fields (or a provider's event of a few KB), so the JSON limit is every route's.
//
// "Owned" routes name one thing only its owner (or staff) may see: the service answers anyone
// else 404, as if it did not exist (invoices.Service.Invoice asks authn.Caller.Owns).
func Routes(e Endpoints) routes.Table {
	customer, staff, translator := authn.Only(authn.RoleCustomer), authn.Only(authn.RoleAdmin), authn.Only(authn.RoleTranslator)
	route := func(pattern string, access authn.Access, ep endpoint.Endpoint, dec kithttp.DecodeRequestFunc) routes.Route {
		return routes.Route{Pattern: pattern, Access: access, Endpoint: ep, Decode: dec, Encode: encodePrivate}
	}
	created := func(pattern string, access authn.Access, ep endpoint.Endpoint, dec kithttp.DecodeRequestFunc) routes.Route {
		return routes.Route{Pattern: pattern, Access: access, Endpoint: ep, Decode: dec, Encode: encodeCreated}
	}
	s := e.Staff
	return routes.Table{
		Service: "svc-billing",
		Doc:     openAPI,
		Limits:  contract.Limits{TimeoutMs: (15 * time.Second).Milliseconds(), MaxBody: httpx.MaxJSONBody},
		Options: []kithttp.ServerOption{kithttp.ServerErrorEncoder(encodeError)},
		Routes: []routes.Route{
			// A customer's own billing details, the ones their invoices are issued to. The route
			// names no id: the caller's token says whose details they are, so nobody can ask for
			// another's.
			route("GET /api/v1/billing/profile", customer, e.Profile, decodeNothing),
			route("PUT /api/v1/billing/profile", customer, e.SaveProfile, decodeDetails),
			// A customer's own invoices. One invoice (its data, or its PDF as {id}.pdf): its owner
			// or staff; another customer is answered 404 by the service.
			route("GET /api/v1/billing/invoices", customer, e.Invoices, decodeInvoices),
			route("GET /api/v1/billing/invoices/{id}", authn.Only(authn.RoleCustomer, authn.RoleAdmin).Owned(), e.Invoice, decodeInvoice),
			// What an invoice of an amount would charge (VAT or its exemption, totals), shown
			// before anyone commits: a visitor's price (Turkey, or the country they type), a
			// customer's for their saved details, staff's for a customer they name.
			route("GET /api/v1/billing/tax", authn.Anyone, e.Tax, decodeTax),
			// Paying is the invoice's customer's; another customer's invoice is 404.
			route("POST /api/v1/billing/invoices/{id}/pay", customer.Owned(), e.Pay, decodePay),
			// The caller's own balance: the token says whose.
			route("GET /api/v1/billing/balance", customer, e.Balance, decodeBalance),
			route("POST /api/v1/billing/balance/top-ups", customer, e.TopUp, decodeTopUp),
			created("POST /api/v1/billing/balance/transfers", customer, e.DeclareTransfer, decodeTransfer),
			// Staff confirm the bank transfers they see arrive and refund paid invoices to the
			// balance.
			route("GET /api/v1/billing/admin/transfers", staff, e.Transfers, decodeTransferList),
			route("POST /api/v1/billing/admin/transfers/{id}/confirm", staff, e.ConfirmTransfer, decodeID),
			route("POST /api/v1/billing/admin/transfers/{id}/reject", staff, e.RejectTransfer, decodeReject),
			route("POST /api/v1/billing/admin/invoices/{id}/refund", staff, e.Refund, decodeID),
			// A translator's own earnings and payouts: the token says whose. Staff pay the payouts
			// out (or reject them, crediting them back).
			route("GET /api/v1/billing/earnings", translator, e.Earnings, decodeBefore),
			created("POST /api/v1/billing/earnings/payouts", translator, e.RequestPayout, decodePayout),
			route("GET /api/v1/billing/earnings/payouts", translator, e.Payouts, decodeNothing),
			route("GET /api/v1/billing/admin/payouts", staff, e.AdminPayouts, decodePayoutList),
			route("POST /api/v1/billing/admin/payouts/{id}/paid", staff, e.PayoutPaid, decodeID),
			route("POST /api/v1/billing/admin/payouts/{id}/reject", staff, e.RejectPayout, decodeReject),
			// The back office's money screens: every invoice (filtered, searched by number, past
			// due), a bank transfer seen to arrive for one, the customers' balances and staff's
			// adjustments of them, the bank file of payouts (a CSV download), the dashboard's
			// counts and its revenue chart.
			route("GET /api/v1/billing/admin/invoices", staff, s.Invoices, decodeStaffInvoices),
			route("GET /api/v1/billing/admin/invoices/{id}", staff, s.Invoice, decodeID),
			route("POST /api/v1/billing/admin/invoices/{id}/mark-paid", staff, s.MarkPaid, decodeMarkPaid),
			route("GET /api/v1/billing/admin/balances", staff, s.Balances, decodeBalances),
			route("GET /api/v1/billing/admin/balances/{customerId}", staff, s.Balance, decodeStaffBalance),
			route("POST /api/v1/billing/admin/balances/{customerId}/adjustments", staff, s.Adjust, decodeAdjust),
			route("GET /api/v1/billing/admin/payouts.csv", staff, s.PayoutsCSV, decodePayoutList),
			route("GET /api/v1/billing/admin/summary", staff, s.Summary, decodeNothing),
			route("GET /api/v1/billing/admin/revenue", staff, s.Revenue, decodeNothing),
			// A customer's e-Fatura registration, which staff set from GİB's list of registered users.
			route("GET /api/v1/billing/admin/customers/{customerId}/e-fatura", staff, s.EFatura, decodeEFatura),
			route("PUT /api/v1/billing/admin/customers/{customerId}/e-fatura", staff, s.SetEFatura, decodeEFatura),
			route("DELETE /api/v1/billing/admin/customers/{customerId}/e-fatura", staff, s.DropEFatura, decodeEFatura),
			// The accountant's ZIP of a period's e-Arşiv documents (invoices and returns).
			route("GET /api/v1/billing/admin/e-documents.zip", staff, s.EDocuments, decodeExport),
			// Every staff action above that changed something, who did it and what it changed
			// (internal/audit serves the log itself).
			{Pattern: "GET /api/v1/billing/admin/audit", Access: staff, Handler: e.Audit},
			// The payment provider's webhooks carry no session: their signature is their proof,
			// checked by the service (payments.Webhooks), which refuses any other sender. The
			// body is read as sent, the signature being over its bytes.
			route("POST /api/v1/billing/webhooks/stripe", authn.Anyone, e.Webhook, decodeWebhook),
		},
	}
}
