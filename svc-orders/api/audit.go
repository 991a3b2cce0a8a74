package api

import (
	"context"

	"linguaport/internal/authn"
)

// priceListID names the one price list in the audit (object=price_list:current).
const priceListID = "current"

// auditStaffActions records each success of a staff action in svc-orders' audit log
// (internal/audit), with the thing as it was just before and as the action answers it.
func auditStaffActions(s Services, e *Endpoints) {
	order := func(ctx context.Context, id string) (any, error) {
		return s.Orders.Order(ctx, authn.CallerFrom(ctx), id)
	}
	prices := func(ctx context.Context, _ string) (any, error) {
		return s.Pricing.PriceList(ctx, authn.CallerFrom(ctx))
	}
	e.Assign = staffOnly(s.Audit.Endpoint("order.assign", "order", func(r any) string { return r.(assignRequest).ID }, order, e.Assign))
	quote := func(ctx context.Context, id string) (any, error) {
		return s.Quotes.Quote(ctx, authn.CallerFrom(ctx), id)
	}
	e.ChangeExpectedDate = staffOnly(s.Audit.Endpoint("order.expected_date", "order", func(r any) string { return r.(expectedDateRequest).ID }, order, e.ChangeExpectedDate))
	e.Fulfil = staffOnly(s.Audit.Endpoint("order.fulfil", "order", func(r any) string { return r.(fulfilRequest).ID }, order, e.Fulfil))
	e.ReviseQuote = staffOnly(s.Audit.Endpoint("quote.revise", "quote", func(r any) string { return r.(reviseRequest).ID }, quote, e.ReviseQuote))
	e.CancelQuote = staffOnly(s.Audit.Endpoint("quote.cancel", "quote", func(r any) string { return r.(reasonRequest).ID }, quote, e.CancelQuote))
	e.UpdatePriceList = staffOnly(s.Audit.Endpoint("price_list.update", "price_list", func(any) string { return priceListID }, prices, e.UpdatePriceList))
	e.Audit = s.Audit
}

// staffOnly lets only staff through, whatever the route's wiring: the audit reads the thing
// before the action, which is staff's to see.
func staffOnly(next func(ctx context.Context, request any) (any, error)) func(ctx context.Context, request any) (any, error) {
	return func(ctx context.Context, request any) (any, error) {
		if err := authn.Authorize(ctx, authn.RoleAdmin); err != nil {
			return nil, err
		}
		return next(ctx, request)
	}
}
