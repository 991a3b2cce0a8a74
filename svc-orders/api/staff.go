package api

import (
	"context"
	"linguaport/internal/authn"
	"net/http"

	"linguaport/internal/errs"
	"linguaport/internal/httpx"
	"linguaport/svc-orders/orders"
	"linguaport/svc-orders/quotes"
)

// The back office's endpoints of svc-orders (DESIGN §11): every order and quote, a page at a
// time, filtered and searched by the stores; who could take an order; the paper work's steps; a
// quote's revised price or cancellation; the dashboard's counts.

type (
	fulfilRequest struct {
		ID string
		In orders.FulfilmentInput
	}
	reviseRequest struct {
		ID string
		In quotes.RevisionInput
	}
	expectedDateRequest struct {
		ID string
		In orders.ExpectedDateInput
	}
)

// Summary is the dashboard's counts: quotes waiting for their customer, paid jobs nobody took
// within the pool window (escalated), paid jobs without a translator at all, and revisions
// escalated (their translator could not take them back or let the deadline pass).
type Summary struct {
	QuotesPending      int64 `json:"quotesPending"`
	Escalated          int64 `json:"escalated"`
	Unassigned         int64 `json:"unassigned"`
	RevisionsEscalated int64 `json:"revisionsEscalated"`
}

func staffEndpoints(s Services, e *Endpoints) {
	e.StaffOrders = func(ctx context.Context, request any) (any, error) {
		return s.Orders.StaffOrders(ctx, authn.CallerFrom(ctx), request.(orders.StaffQuery))
	}
	e.StaffOrder = func(ctx context.Context, request any) (any, error) {
		return s.Orders.StaffOrder(ctx, authn.CallerFrom(ctx), request.(idRequest).ID)
	}
	e.Eligible = func(ctx context.Context, request any) (any, error) {
		return s.Orders.Eligible(ctx, authn.CallerFrom(ctx), request.(idRequest).ID)
	}
	e.Fulfil = func(ctx context.Context, request any) (any, error) {
		r := request.(fulfilRequest)
		return s.Orders.Fulfil(ctx, authn.CallerFrom(ctx), r.ID, r.In)
	}
	e.ChangeExpectedDate = func(ctx context.Context, request any) (any, error) {
		r := request.(expectedDateRequest)
		return s.Orders.ChangeExpectedDate(ctx, authn.CallerFrom(ctx), r.ID, r.In)
	}
	e.StaffQuotes = func(ctx context.Context, request any) (any, error) {
		return s.Quotes.StaffQuotes(ctx, authn.CallerFrom(ctx), request.(quotes.StaffQuery))
	}
	e.StaffQuote = func(ctx context.Context, request any) (any, error) {
		return s.Quotes.StaffQuote(ctx, authn.CallerFrom(ctx), request.(idRequest).ID)
	}
	e.ReviseQuote = func(ctx context.Context, request any) (any, error) {
		r := request.(reviseRequest)
		return s.Quotes.Revise(ctx, authn.CallerFrom(ctx), r.ID, r.In)
	}
	e.CancelQuote = func(ctx context.Context, request any) (any, error) {
		r := request.(reasonRequest)
		return s.Quotes.Cancel(ctx, authn.CallerFrom(ctx), r.ID, r.Reason)
	}
	e.Summary = func(ctx context.Context, _ any) (any, error) {
		pending, err := s.Quotes.PendingCount(ctx, authn.CallerFrom(ctx))
		if err != nil {
			return nil, err
		}
		waiting, err := s.Orders.Waiting(ctx, authn.CallerFrom(ctx))
		if err != nil {
			return nil, err
		}
		return Summary{QuotesPending: pending, Escalated: waiting.Escalated, Unassigned: waiting.Unassigned,
			RevisionsEscalated: waiting.RevisionsEscalated}, nil
	}
	e.Trends = func(ctx context.Context, _ any) (any, error) {
		return s.Orders.Trends(ctx, authn.CallerFrom(ctx))
	}
}

// decodeStaffOrders reads GET admin/orders' query; a word it does not know is a 400.
func decodeStaffOrders(_ context.Context, r *http.Request) (any, error) {
	q, err := staffQuery(r, "status", "q", "customer", "translator", "sort", "before")
	return orders.StaffQuery{Status: q["status"], Q: q["q"], Customer: q["customer"], Translator: q["translator"], Sort: q["sort"], Before: q["before"]}, err
}

// decodePastJobs reads GET jobs/past's query: the cursor (before=) of the page after it.
func decodePastJobs(_ context.Context, r *http.Request) (any, error) {
	q, err := staffQuery(r, "before")
	return idRequest{ID: q["before"]}, err
}

func decodeStaffQuotes(_ context.Context, r *http.Request) (any, error) {
	q, err := staffQuery(r, "status", "q", "customer", "sort", "before")
	return quotes.StaffQuery{Status: q["status"], Q: q["q"], Customer: q["customer"], Sort: q["sort"], Before: q["before"]}, err
}

// maxQueryValue bounds one filter's value.
const maxQueryValue = 200

func staffQuery(r *http.Request, known ...string) (map[string]string, error) {
	out := map[string]string{}
	bad := errs.Fields{}
	for name, values := range r.URL.Query() {
		switch {
		case !contains(known, name):
			bad[name] = "unknown_filter"
		case len(values) > 1 || len(values[0]) > maxQueryValue:
			bad[name] = "invalid"
		default:
			out[name] = values[0]
		}
	}
	return out, bad.Err()
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

func decodeFulfil(_ context.Context, r *http.Request) (any, error) {
	var b struct {
		Step           orders.FulfilmentStep `json:"step"`
		Courier        string                `json:"courier"`
		TrackingNumber string                `json:"trackingNumber"`
		Note           string                `json:"note"`
	}
	if err := httpx.DecodeJSON(r, maxJSONBody, &b); err != nil {
		return nil, err
	}
	return fulfilRequest{ID: r.PathValue("id"), In: orders.FulfilmentInput{Step: b.Step, Courier: b.Courier, TrackingNumber: b.TrackingNumber, Note: b.Note}}, nil
}

func decodeExpectedDate(_ context.Context, r *http.Request) (any, error) {
	var b struct {
		ExpectedDate string `json:"expectedDate"`
		Note         string `json:"note"`
	}
	if err := httpx.DecodeJSON(r, maxJSONBody, &b); err != nil {
		return nil, err
	}
	return expectedDateRequest{ID: r.PathValue("id"), In: orders.ExpectedDateInput{ExpectedDate: b.ExpectedDate, Note: b.Note}}, nil
}

func decodeRevise(_ context.Context, r *http.Request) (any, error) {
	var b struct {
		Total struct {
			Amount   int64  `json:"amount"`
			Currency string `json:"currency"`
		} `json:"total"`
		Note string `json:"note"`
	}
	if err := httpx.DecodeJSON(r, maxJSONBody, &b); err != nil {
		return nil, err
	}
	return reviseRequest{ID: r.PathValue("id"), In: quotes.RevisionInput{Amount: b.Total.Amount, Currency: b.Total.Currency, Note: b.Note}}, nil
}
