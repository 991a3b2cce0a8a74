// Package api is svc-orders' HTTP API: the route table (this file, the one list of what it
// serves and who may call it), the endpoints over its services (endpoints.go, staff's in
// staff.go, the audited staff actions in audit.go), the transport's decoders and encoders
// (transport.go, a quote's PDF in quote_pdf.go), and the one place its errors are worded
// (errors.go). API.md describes it for callers.
package api

import (
	_ "embed"
	"time"

	"github.com/go-kit/kit/endpoint"
	kithttp "github.com/go-kit/kit/transport/http"

	"linguaport/counting"
	"linguaport/internal/authn"
	"linguaport/internal/contract"
	"linguaport/internal/httpx"
	"linguaport/internal/routes"
)

// openAPI is svc-orders' part of the public API's OpenAPI document (contract.Contract.Doc).
//
//go:embed openapi.yaml
var openAPI []byte

// Routes is svc-orders' route table: the one list of what it serves and who may call it, which
// it serves (each route behind its check) and publishes for the gateway to check at the edge
// (DESIGN §8). Documents up to 50 MB (counting.MaxFileBytes) and the form around them are
// counted as they arrive, so uploads take up to two minutes; every other body is JSON. trusted
// decides whose X-Forwarded-For is believed for an upload's address (visitors' uploads are
// limited per address).
//
// "Owned" routes name a quote, order or file that only its customer, its assigned translator or
// staff reach: the services answer everyone else 404, as if it did not exist
// (authn.Caller.Owns, asked in the domain).
func Routes(e Endpoints, trusted httpx.TrustedProxies) routes.Table {
	customer, staff, translator := authn.Only(authn.RoleCustomer), authn.Only(authn.RoleAdmin), authn.Only(authn.RoleTranslator)
	route := func(pattern string, access authn.Access, ep endpoint.Endpoint, dec kithttp.DecodeRequestFunc) routes.Route {
		return routes.Route{Pattern: pattern, Access: access, Endpoint: ep, Decode: dec, Encode: encodePrivate}
	}
	return routes.Table{
		Service: "svc-orders",
		Doc:     openAPI,
		Limits:  contract.Limits{TimeoutMs: (2 * time.Minute).Milliseconds(), MaxBody: httpx.MaxJSONBody, MaxUpload: counting.MaxFileBytes + multipartOverhead},
		Options: []kithttp.ServerOption{kithttp.ServerErrorEncoder(encodeError)},
		Routes: []routes.Route{
			// The price list and the calculator: anyone. Staff's list carries translator rates,
			// so only the public one may be kept by shared caches.
			route("POST /api/v1/orders/estimate", authn.Anyone, e.Estimate, decodeEstimate),
			{Pattern: "GET /api/v1/orders/prices", Access: authn.Anyone, Endpoint: e.PriceList, Decode: decodeNothing, Encode: encodePriceList},

			// Visitors upload, and download with the upload token their first upload returned.
			// An upload is streamed to disk, a download streamed back as an attachment.
			{Pattern: "POST /api/v1/orders/files", Access: authn.Anyone, Handler: uploadHandler(e.UploadFile, trusted)},
			route("GET /api/v1/orders/files", authn.SignedIn, e.Files, decodeNothing),
			{Pattern: "GET /api/v1/orders/files/{id}", Access: authn.Anyone.Owned(), Handler: downloadHandler(e.OpenFile)},

			{Pattern: "POST /api/v1/orders/quotes", Access: customer, Endpoint: e.CreateQuote, Decode: decodeQuote, Encode: encodeCreated},
			// The caller's quotes and orders, newest first, a page at a time (decodeListPage).
			route("GET /api/v1/orders/quotes", authn.SignedIn, e.Quotes, decodeListPage),
			// One quote as data, or as its PDF ({id}.pdf).
			{Pattern: "GET /api/v1/orders/quotes/{id}", Access: authn.SignedIn.Owned(), Endpoint: e.Quote, Decode: decodeQuoteID, Encode: encodeQuote},
			// The contract a customer accepts by approving (shown before), and the approval.
			route("GET /api/v1/orders/quotes/{id}/contract", authn.SignedIn.Owned(), e.QuoteContract, decodeContract),
			route("POST /api/v1/orders/quotes/{id}/approve", authn.SignedIn.Owned(), e.ApproveQuote, decodeApprove(trusted)),
			route("POST /api/v1/orders/quotes/{id}/reject", authn.SignedIn.Owned(), e.RejectQuote, decodeReason),

			route("GET /api/v1/orders/orders", authn.SignedIn, e.Orders, decodeListPage),
			route("GET /api/v1/orders/orders/{id}", authn.SignedIn.Owned(), e.Order, decodeID),
			// The contract kept with an order, as data or as its PDF: its customer's and
			// staff's, never its translator's.
			{Pattern: "GET /api/v1/orders/orders/{id}/contract", Access: authn.Only(authn.RoleCustomer, authn.RoleAdmin).Owned(), Endpoint: e.OrderContract, Decode: decodeKeptContract, Encode: encodeOrderContract},
			{Pattern: "GET /api/v1/orders/orders/{id}/contract.pdf", Access: authn.Only(authn.RoleCustomer, authn.RoleAdmin).Owned(), Endpoint: e.OrderContract, Decode: decodeKeptContractPDF, Encode: encodeOrderContract},
			route("POST /api/v1/orders/orders/{id}/deliver", authn.Only(authn.RoleTranslator, authn.RoleAdmin).Owned(), e.Deliver, decodeDeliver),
			route("POST /api/v1/orders/orders/{id}/complete", authn.SignedIn.Owned(), e.Complete, decodeID),
			route("POST /api/v1/orders/orders/{id}/revision", authn.SignedIn.Owned(), e.Revision, decodeReason),

			// The job pool: a translator sees the jobs they may take and claims one; the claimed
			// job is then theirs (owned), to give back within the hour.
			route("GET /api/v1/orders/pool", translator, e.Pool, decodeNothing),
			route("POST /api/v1/orders/orders/{id}/claim", translator, e.Claim, decodeID),
			route("POST /api/v1/orders/orders/{id}/unclaim", translator.Owned(), e.Unclaim, decodeID),
			// A translator's delivered and completed jobs, with their files and pay.
			route("GET /api/v1/orders/jobs/past", translator, e.PastJobs, decodePastJobs),

			// The back office (DESIGN §11): staff only. Every order and quote, who could take an
			// order, (re)assigning it, its paper work's steps, its expected date, a quote's
			// revised price or cancellation, the price list, the dashboard's counts and charts,
			// and every staff action that changed something (internal/audit serves the log).
			route("GET /api/v1/orders/admin/orders", staff, e.StaffOrders, decodeStaffOrders),
			route("GET /api/v1/orders/admin/orders/{id}", staff, e.StaffOrder, decodeID),
			route("GET /api/v1/orders/admin/orders/{id}/eligible", staff, e.Eligible, decodeID),
			route("POST /api/v1/orders/admin/orders/{id}/assign", staff, e.Assign, decodeAssign),
			route("POST /api/v1/orders/admin/orders/{id}/fulfilment", staff, e.Fulfil, decodeFulfil),
			route("POST /api/v1/orders/admin/orders/{id}/expected-date", staff, e.ChangeExpectedDate, decodeExpectedDate),
			route("GET /api/v1/orders/admin/quotes", staff, e.StaffQuotes, decodeStaffQuotes),
			route("GET /api/v1/orders/admin/quotes/{id}", staff, e.StaffQuote, decodeID),
			route("POST /api/v1/orders/admin/quotes/{id}/revise", staff, e.ReviseQuote, decodeRevise),
			route("POST /api/v1/orders/admin/quotes/{id}/cancel", staff, e.CancelQuote, decodeReason),
			route("PUT /api/v1/orders/admin/prices", staff, e.UpdatePriceList, decodePriceList),
			route("GET /api/v1/orders/admin/summary", staff, e.Summary, decodeNothing),
			route("GET /api/v1/orders/admin/trends", staff, e.Trends, decodeNothing),
			{Pattern: "GET /api/v1/orders/admin/audit", Access: staff, Handler: e.Audit},
		},
	}
}
