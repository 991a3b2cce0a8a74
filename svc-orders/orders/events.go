package orders

import (
	"context"
	"fmt"
	"time"

	"linguaport/internal/events"
	"linguaport/svc-orders/pricing"
	"linguaport/svc-orders/quotes"
)

// EventOrderStatusChanged is published on events.Stream("orders") at every move of an order
// (contract in API.md).
const EventOrderStatusChanged = "order.status_changed"

// EventInvoicePaid is svc-billing's event (events.Stream("billing")) that starts the work.
const EventInvoicePaid = "invoice.paid"

// OrderStatusChangedData is the payload of order.status_changed.
type OrderStatusChangedData struct {
	OrderID      string      `json:"orderId"`
	Number       string      `json:"number"`
	CustomerID   string      `json:"customerId"`
	TranslatorID string      `json:"translatorId,omitempty"`
	Status       OrderStatus `json:"status"`
	At           time.Time   `json:"at"`
	// Step names what the system did, as the timeline's entry does ("redelivered" for a delivery
	// after a revision, "claimed", "assigned", "auto_completed", …); absent for a plain move.
	Step Step `json:"step,omitempty"`
	// Deadline is when the work is due (18:00 in Istanbul), set once the order is paid.
	Deadline *time.Time `json:"deadline,omitempty"`
	// RevisionReason and RevisionDue are the customer's reason and the translator's deadline,
	// only on revision_requested.
	RevisionReason string     `json:"revisionReason,omitempty"`
	RevisionDue    *time.Time `json:"revisionDue,omitempty"`
	// Pay is what the translator earns, only on completed: svc-billing credits it to their
	// earnings as it was fixed when the order was paid, never re-priced.
	Pay *CompletedPay `json:"pay,omitempty"`
}

// CompletedPay is the translator's pay in order.status_changed for completed: USD cents (what is
// kept) and the TRY it was converted to when the order was paid (what is credited).
type CompletedPay struct {
	AmountUSD int64         `json:"amountUsd"`
	Amount    pricing.Money `json:"amount"`
}

// InvoicePaidData is the part of svc-billing's invoice.paid that orders need.
type InvoicePaidData struct {
	InvoiceID string `json:"invoiceId"`
	OrderID   string `json:"orderId"`
	QuoteID   string `json:"quoteId"`
}

// statusChanged queues the order's current state for the customer's messages.
func (o *Order) statusChanged(ctx context.Context) error {
	last := o.History[len(o.History)-1]
	data := OrderStatusChangedData{
		OrderID: o.ID, Number: o.Number, CustomerID: o.CustomerID, TranslatorID: o.TranslatorID,
		Status: o.Status, At: last.At, Step: last.Step, Deadline: o.Deadline,
	}
	if o.Status == RevisionRequested {
		// What the translator's "revision requested" mail says: why, and by when.
		data.RevisionReason, data.RevisionDue = o.RevisionReason, o.RevisionDue
	}
	if o.Status == Completed && o.Pay != nil {
		data.Pay = &CompletedPay{AmountUSD: o.Pay.USD,
			Amount: pricing.Money{Amount: o.Pay.TRY, Currency: pricing.PayCurrency, Decimals: 2}}
	}
	e, err := events.New(ctx, EventOrderStatusChanged, data)
	if err != nil {
		return err
	}
	o.Add(e)
	return nil
}

// EventHandler applies other services' events (and replays of our own) to orders: a paid
// invoice starts the work; an approved quote always has its order, even if the process stopped
// between approving and creating it.
func EventHandler(s Service) events.Handler {
	return func(ctx context.Context, e events.Event) error {
		switch e.Type {
		case EventInvoicePaid:
			var p InvoicePaidData
			if err := e.Decode(&p); err != nil {
				return fmt.Errorf("%s payload: %w", e.Type, err)
			}
			return s.InvoicePaid(ctx, p)
		case quotes.EventQuoteApproved:
			var p quotes.QuoteApprovedData
			if err := e.Decode(&p); err != nil {
				return fmt.Errorf("%s payload: %w", e.Type, err)
			}
			return s.EnsureOrder(ctx, p.QuoteID)
		case EventOrderStatusChanged:
			// Our own: an order that entered the pool (paid, or given back) is announced to the
			// translators who may take it; the event's id names that entry.
			var p OrderStatusChangedData
			if err := e.Decode(&p); err != nil {
				return fmt.Errorf("%s payload: %w", e.Type, err)
			}
			if p.Status != InProgress {
				return nil
			}
			return s.AnnounceJob(ctx, p.OrderID, e.ID)
		}
		return nil
	}
}
