package quotes

import (
	"context"

	"linguaport/internal/events"
	"linguaport/svc-orders/pricing"
)

// Events of quotes on events.Stream("orders") (contract in API.md).
const (
	EventQuoteCreated  = "quote.created"
	EventQuoteApproved = "quote.approved"
	EventQuoteRejected = "quote.rejected"
)

// QuoteCreatedData is the payload of quote.created.
type QuoteCreatedData struct {
	QuoteID    string        `json:"quoteId"`
	Number     string        `json:"number"`
	CustomerID string        `json:"customerId"`
	Total      pricing.Money `json:"total"`
}

// QuoteApprovedData is the payload of quote.approved: what billing invoices.
type QuoteApprovedData struct {
	QuoteID     string        `json:"quoteId"`
	Number      string        `json:"number"`
	OrderID     string        `json:"orderId"`
	OrderNumber string        `json:"orderNumber"`
	CustomerID  string        `json:"customerId"`
	Service     string        `json:"service"`
	TotalUSD    int64         `json:"totalUsd"` // USD cents
	Total       pricing.Money `json:"total"`
	RateMicros  int64         `json:"rateMicros"`
}

// QuoteRejectedData is the payload of quote.rejected.
type QuoteRejectedData struct {
	QuoteID    string `json:"quoteId"`
	Number     string `json:"number"`
	CustomerID string `json:"customerId"`
}

// record queues an event in the quote's outbox, written with the quote.
func (q *Quote) record(ctx context.Context, eventType string, data any) error {
	e, err := events.New(ctx, eventType, data)
	if err != nil {
		return err
	}
	q.Add(e)
	return nil
}

func (q *Quote) created() QuoteCreatedData {
	return QuoteCreatedData{QuoteID: q.ID, Number: q.Number, CustomerID: q.CustomerID, Total: q.Total}
}

func (q *Quote) approved() QuoteApprovedData {
	return QuoteApprovedData{
		QuoteID: q.ID, Number: q.Number, OrderID: q.OrderID, OrderNumber: q.OrderNumber, CustomerID: q.CustomerID,
		Service: q.Service, TotalUSD: q.TotalUSD.Amount, Total: q.Total, RateMicros: q.RateMicros,
	}
}

func (q *Quote) rejected() QuoteRejectedData {
	return QuoteRejectedData{QuoteID: q.ID, Number: q.Number, CustomerID: q.CustomerID}
}
