package webhooks

import (
	"encoding/json"
	"fmt"
	"time"

	"linguaport/internal/events"
)

// Payload is the body of a delivery: the event's type, when it happened and the ids the
// receiver fetches the details with (thin, as the Standard Webhooks specification advises: the
// receiver asks the API with its key, so a leaked body tells little and a stale one cannot
// mislead).
type Payload struct {
	Type      Type      `json:"type"`
	Timestamp time.Time `json:"timestamp"`
	Data      Data      `json:"data"`
}

// Data is what a payload names.
type Data struct {
	QuoteID       string `json:"quoteId,omitempty"`
	QuoteNumber   string `json:"quoteNumber,omitempty"`
	OrderID       string `json:"orderId,omitempty"`
	OrderNumber   string `json:"orderNumber,omitempty"`
	InvoiceID     string `json:"invoiceId,omitempty"`
	InvoiceNumber string `json:"invoiceNumber,omitempty"`
	// Status is the order's status after the event, for the order's types.
	Status string `json:"status,omitempty"`
	// EndpointID names the endpoint a test event was sent to.
	EndpointID string `json:"endpointId,omitempty"`
}

// Occurrence is an event of another service as the webhooks see it: whose it is, its type, what
// the payload names, and the lane that orders it (its order's id, else its quote's or invoice's).
type Occurrence struct {
	EventID string
	OwnerID string
	Type    Type
	Data    Data
	Lane    string
	At      time.Time
}

// body encodes the payload.
func (o Occurrence) body() (string, error) {
	b, err := json.Marshal(Payload{Type: o.Type, Timestamp: o.At.UTC(), Data: o.Data})
	if err != nil {
		return "", fmt.Errorf("webhook payload: %w", err)
	}
	return string(b), nil
}

// The events webhooks are made from, on svc-orders' and svc-billing's streams.
const (
	eventQuoteCreated  = "quote.created"
	eventQuoteRevised  = "quote.revised"
	eventOrderStatus   = "order.status_changed"
	eventInvoiceIssued = "invoice.issued"
	eventInvoicePaid   = "invoice.paid"
	eventInvoiceRefund = "invoice.refunded"
)

// Streams are the areas whose events become webhooks.
var Streams = []string{"orders", "billing"}

// occurrenceOf reads an event of svc-orders or svc-billing; false for one no webhook tells of.
//
// A quote is ready when it is made and again when staff revise its price. An order's moves
// become their types: paid (in progress), assigned, delivered, delivered again after a revision
// (the step "redelivered"), completed. Invoices: issued, paid, refunded.
func occurrenceOf(e events.Event) (Occurrence, bool, error) {
	var p struct {
		QuoteID     string    `json:"quoteId"`
		OrderID     string    `json:"orderId"`
		InvoiceID   string    `json:"invoiceId"`
		Number      string    `json:"number"`
		OrderNumber string    `json:"orderNumber"`
		CustomerID  string    `json:"customerId"`
		Status      string    `json:"status"`
		Step        string    `json:"step"`
		At          time.Time `json:"at"`
	}
	switch e.Type {
	case eventQuoteCreated, eventQuoteRevised, eventOrderStatus, eventInvoiceIssued, eventInvoicePaid, eventInvoiceRefund:
	default:
		return Occurrence{}, false, nil
	}
	if err := e.Decode(&p); err != nil {
		return Occurrence{}, false, fmt.Errorf("%s %s: %w", e.Type, e.ID, err)
	}
	o := Occurrence{EventID: e.ID, OwnerID: p.CustomerID, At: e.OccurredAt}
	switch e.Type {
	case eventQuoteCreated, eventQuoteRevised:
		o.Type, o.Data, o.Lane = QuoteReady, Data{QuoteID: p.QuoteID, QuoteNumber: p.Number}, p.QuoteID
	case eventOrderStatus:
		switch {
		case p.Status == "in_progress" && p.Step == "":
			o.Type = OrderPaid
		case p.Status == "assigned":
			o.Type = OrderAssigned
		case p.Status == "delivered" && p.Step == "redelivered":
			o.Type = OrderRevisionDelivered
		case p.Status == "delivered":
			o.Type = OrderDelivered
		case p.Status == "completed":
			o.Type = OrderCompleted
		default:
			return Occurrence{}, false, nil
		}
		o.Data, o.Lane = Data{OrderID: p.OrderID, OrderNumber: p.Number, Status: p.Status}, p.OrderID
		if !p.At.IsZero() {
			o.At = p.At
		}
	case eventInvoiceIssued, eventInvoicePaid, eventInvoiceRefund:
		o.Type = map[string]Type{eventInvoiceIssued: InvoiceIssued, eventInvoicePaid: InvoicePaid, eventInvoiceRefund: InvoiceRefunded}[e.Type]
		o.Data = Data{InvoiceID: p.InvoiceID, InvoiceNumber: p.Number, OrderID: p.OrderID, OrderNumber: p.OrderNumber}
		// An invoice's events are in its order's lane: "paid" after "issued", and the order's
		// own "paid" after the invoice's.
		o.Lane = p.OrderID
		if o.Lane == "" {
			o.Lane = p.InvoiceID
		}
	}
	if o.OwnerID == "" || o.Lane == "" {
		return Occurrence{}, false, nil
	}
	if o.At.IsZero() {
		o.At = time.Now().UTC()
	}
	return o, true, nil
}
