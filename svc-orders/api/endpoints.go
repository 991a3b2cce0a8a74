package api

import (
	"context"
	"io"
	"linguaport/internal/authn"

	"github.com/go-kit/kit/endpoint"

	"linguaport/internal/audit"
	"linguaport/internal/company"
	"linguaport/internal/documents"
	"linguaport/svc-orders/files"
	"linguaport/svc-orders/internal/newest"
	"linguaport/svc-orders/orders"
	"linguaport/svc-orders/pricing"
	"linguaport/svc-orders/quotes"
)

// Services are the services behind svc-orders' API.
type Services struct {
	Pricing pricing.Service
	Files   files.Service
	Quotes  quotes.Service
	Orders  orders.Service
	// Billing is svc-billing's VAT rule, printed on a quote's PDF (quote_pdf.go).
	Billing Billing
	// Audit records the staff actions and serves them to staff (GET admin/audit).
	Audit *audit.Log
	// Company is the agency's facts (internal/company), the issuer printed on a quote's PDF.
	Company company.Facts
}

// Endpoints are svc-orders' operations as go-kit endpoints.
type Endpoints struct {
	Estimate, PriceList, UpdatePriceList                  endpoint.Endpoint
	UploadFile, Files, OpenFile                           endpoint.Endpoint
	CreateQuote, Quotes, Quote, ApproveQuote, RejectQuote endpoint.Endpoint
	Orders, Order, Assign, Deliver, Complete, Revision    endpoint.Endpoint
	// A quote's contract and the one kept with its order (contract.go).
	QuoteContract, OrderContract   endpoint.Endpoint
	Pool, Claim, Unclaim, PastJobs endpoint.Endpoint
	// Staff's (staff.go).
	StaffOrders, StaffOrder, Eligible, Fulfil         endpoint.Endpoint
	ChangeExpectedDate                                endpoint.Endpoint
	StaffQuotes, StaffQuote, ReviseQuote, CancelQuote endpoint.Endpoint
	Summary                                           endpoint.Endpoint
	// Trends are the dashboard's charts (orders/trends.go).
	Trends endpoint.Endpoint
	// Audit serves GET admin/audit.
	Audit *audit.Log
}

type (
	fileRequest   struct{ ID, UploadToken string }
	idRequest     struct{ ID string }
	reasonRequest struct{ ID, Reason string }
	assignRequest struct {
		ID string
		In orders.AssignInput
	}
	deliverRequest struct {
		ID      string
		FileIDs []string
		Note    string
	}
	// fileContent is a download: the file's description and its bytes, which the transport closes.
	fileContent struct {
		File files.File
		Body io.ReadCloser
	}
	// quoteList and orderList are a page of GET quotes and GET orders, and the cursor (after=)
	// of the next page: the last one's id when more follow, "" at the end.
	quoteList struct {
		Quotes []*quotes.Quote `json:"quotes"`
		Next   string          `json:"next"`
	}
	orderList struct {
		Orders []orders.OrderView `json:"orders"`
		Next   string             `json:"next"`
	}
)

// MakeEndpoints wires each endpoint to its service.
func MakeEndpoints(s Services) Endpoints {
	e := Endpoints{
		Estimate: func(ctx context.Context, request any) (any, error) {
			return s.Pricing.Estimate(ctx, authn.CallerFrom(ctx), request.(pricing.EstimateInput))
		},
		PriceList: func(ctx context.Context, _ any) (any, error) {
			return s.Pricing.PriceList(ctx, authn.CallerFrom(ctx))
		},
		UpdatePriceList: func(ctx context.Context, request any) (any, error) {
			return s.Pricing.UpdatePriceList(ctx, request.(pricing.PriceList))
		},
		UploadFile: func(ctx context.Context, request any) (any, error) {
			return s.Files.UploadFile(ctx, authn.CallerFrom(ctx), request.(files.UploadInput))
		},
		Files: func(ctx context.Context, _ any) (any, error) {
			list, err := s.Files.Files(ctx, authn.CallerFrom(ctx))
			return map[string][]files.File{"files": list}, err
		},
		OpenFile: func(ctx context.Context, request any) (any, error) {
			r := request.(fileRequest)
			f, body, err := s.Files.OpenFile(ctx, authn.CallerFrom(ctx), r.ID, r.UploadToken)
			return fileContent{File: f, Body: body}, err
		},
		CreateQuote: func(ctx context.Context, request any) (any, error) {
			return s.Quotes.CreateQuote(ctx, authn.CallerFrom(ctx), request.(quotes.QuoteInput))
		},
		Quotes: func(ctx context.Context, request any) (any, error) {
			list, next, err := s.Quotes.Quotes(ctx, authn.CallerFrom(ctx), request.(newest.Page))
			return quoteList{Quotes: list, Next: next}, err
		},
		Quote: func(ctx context.Context, request any) (any, error) {
			if r, ok := request.(quotePDFRequest); ok {
				c := authn.CallerFrom(ctx)
				q, err := s.Quotes.Quote(ctx, c, r.ID)
				if err != nil {
					return nil, err
				}
				return quotePDF{quote: q, lang: r.Lang, tax: taxOf(ctx, c, s.Billing, q, r.Lang), seller: documents.SellerOf(s.Company, q.Total.Currency)}, nil
			}
			return s.Quotes.Quote(ctx, authn.CallerFrom(ctx), request.(idRequest).ID)
		},
		RejectQuote: func(ctx context.Context, request any) (any, error) {
			r := request.(reasonRequest)
			return s.Quotes.RejectQuote(ctx, authn.CallerFrom(ctx), r.ID, r.Reason)
		},
		Orders: func(ctx context.Context, request any) (any, error) {
			list, next, err := s.Orders.Orders(ctx, authn.CallerFrom(ctx), request.(newest.Page))
			return orderList{Orders: list, Next: next}, err
		},
		Order: func(ctx context.Context, request any) (any, error) {
			return s.Orders.Order(ctx, authn.CallerFrom(ctx), request.(idRequest).ID)
		},
		Assign: func(ctx context.Context, request any) (any, error) {
			r := request.(assignRequest)
			return s.Orders.Assign(ctx, authn.CallerFrom(ctx), r.ID, r.In)
		},
		Deliver: func(ctx context.Context, request any) (any, error) {
			r := request.(deliverRequest)
			return s.Orders.Deliver(ctx, authn.CallerFrom(ctx), r.ID, r.FileIDs, r.Note)
		},
		Complete: func(ctx context.Context, request any) (any, error) {
			return s.Orders.Complete(ctx, authn.CallerFrom(ctx), request.(idRequest).ID)
		},
		Revision: func(ctx context.Context, request any) (any, error) {
			r := request.(reasonRequest)
			return s.Orders.RequestRevision(ctx, authn.CallerFrom(ctx), r.ID, r.Reason)
		},
		Pool: func(ctx context.Context, _ any) (any, error) {
			return s.Orders.Pool(ctx, authn.CallerFrom(ctx))
		},
		Claim: func(ctx context.Context, request any) (any, error) {
			return s.Orders.Claim(ctx, authn.CallerFrom(ctx), request.(idRequest).ID)
		},
		Unclaim: func(ctx context.Context, request any) (any, error) {
			return s.Orders.Unclaim(ctx, authn.CallerFrom(ctx), request.(idRequest).ID)
		},
		PastJobs: func(ctx context.Context, request any) (any, error) {
			return s.Orders.PastJobs(ctx, authn.CallerFrom(ctx), request.(idRequest).ID)
		},
	}
	staffEndpoints(s, &e)
	contractEndpoints(s, &e)
	auditStaffActions(s, &e)
	return e
}
