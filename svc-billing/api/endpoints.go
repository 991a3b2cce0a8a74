package api

import (
	"context"

	"github.com/go-kit/kit/endpoint"

	"linguaport/internal/audit"
	"linguaport/internal/authn"
	"linguaport/internal/company"
	"linguaport/internal/documents"
	"linguaport/internal/i18n"
	"linguaport/svc-billing/balance"
	"linguaport/svc-billing/earnings"
	"linguaport/svc-billing/einvoice"
	"linguaport/svc-billing/invoices"
	"linguaport/svc-billing/paying"
	"linguaport/svc-billing/profile"
)

// Services are the services behind svc-billing's API.
type Services struct {
	Profile  profile.Service
	Invoices invoices.Service
	Paying   paying.Service
	Balance  balance.Service
	Earnings earnings.Service
	// Audit records the staff actions and serves them to staff (GET admin/audit).
	Audit *audit.Log
	// Company is the agency's facts (internal/company): the seller on invoice PDFs and e-Arşiv
	// documents, and the accounts the balance page tells customers to transfer to.
	Company company.Facts
	// Registrations are staff's e-Fatura registrations of customers (efatura.go).
	Registrations *profile.Registrations
	// Rates are the Central Bank's rates the e-Arşiv documents of invoices in other currencies
	// than TRY give (einvoice.Rates).
	Rates einvoice.Rates
}

// Endpoints are svc-billing's operations as go-kit endpoints: each reads its request and its
// caller, calls the services and answers; who may call it is the route table's (routes.go).
type Endpoints struct {
	Profile, SaveProfile endpoint.Endpoint
	Invoices, Invoice    endpoint.Endpoint
	// Tax is GET tax: an invoice's VAT and totals before it exists (tax.go).
	Tax             endpoint.Endpoint
	Pay, Webhook    endpoint.Endpoint
	Balance, TopUp  endpoint.Endpoint
	DeclareTransfer endpoint.Endpoint
	Transfers       endpoint.Endpoint
	ConfirmTransfer endpoint.Endpoint
	RejectTransfer  endpoint.Endpoint
	Refund          endpoint.Endpoint
	// Translators' earnings and payouts (earnings.go).
	Earnings, RequestPayout, Payouts endpoint.Endpoint
	AdminPayouts, PayoutPaid         endpoint.Endpoint
	RejectPayout                     endpoint.Endpoint
	// Staff are the back office's invoices, balances, bank export and summary (staff.go).
	Staff StaffEndpoints
	// Audit serves GET admin/audit: the audit log answers it itself (internal/audit).
	Audit *audit.Log
}

// invoiceRequest names one invoice, asked for as data or as a PDF in Lang; Session is the
// checkout session the customer came back from (the invoice is reconciled with it first).
type invoiceRequest struct {
	ID      string
	PDF     bool
	XML     bool // the invoice's UBL-TR document (einvoice.go)
	Return  bool // with XML: its return document
	Lang    i18n.Lang
	Session string
}

// invoiceList is the answer of GET invoices: a page, and the cursor (after=) of the next one, the
// last one's id when more follow, "" at the end.
type invoiceList struct {
	Invoices []invoices.Invoice `json:"invoices"`
	Next     string             `json:"next"`
}

// MakeEndpoints wires each endpoint to its service. Who is calling is read once, here, from the
// verified token (authn.CallerFrom), never from the request: the details, invoices and balance
// are always the caller's own, and the domain decides whether one invoice is theirs (Owns). The
// route table (routes.go) has let in only the roles each route names.
func MakeEndpoints(s Services) Endpoints {
	e := Endpoints{
		Profile: func(ctx context.Context, _ any) (any, error) {
			return s.Profile.Profile(ctx, authn.CallerFrom(ctx).ID)
		},
		SaveProfile: func(ctx context.Context, request any) (any, error) {
			return s.Profile.SaveProfile(ctx, authn.CallerFrom(ctx).ID, request.(profile.Details))
		},
		Invoices: func(ctx context.Context, request any) (any, error) {
			list, next, err := s.Invoices.Invoices(ctx, authn.CallerFrom(ctx).ID, request.(invoices.OwnQuery))
			if err != nil {
				return nil, err
			}
			return invoiceList{Invoices: list, Next: next}, nil
		},
		Invoice: func(ctx context.Context, request any) (any, error) {
			caller := authn.CallerFrom(ctx)
			req := request.(invoiceRequest)
			if req.Session != "" {
				return s.Paying.Reconcile(ctx, caller, req.ID, req.Session)
			}
			inv, err := s.Invoices.Invoice(ctx, caller, req.ID)
			switch {
			case err != nil:
				return nil, err
			case req.XML:
				return eDocument(ctx, s, inv, req.Return)
			case !req.PDF:
				return inv, nil
			}
			return invoicePDF{invoice: inv, lang: req.Lang, seller: documents.SellerOf(s.Company, inv.Currency)}, nil
		},
		Tax: taxEndpoint(s.Invoices),
	}
	makePayingEndpoints(s, &e)
	makeEarningsEndpoints(s, &e)
	makeAuditedEndpoints(s, &e)
	e.Staff = makeStaffEndpoints(s)
	return e
}
