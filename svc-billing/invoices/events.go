package invoices

import (
	"context"
	"fmt"

	"linguaport/internal/events"
	"linguaport/internal/i18n"
)

// EventQuoteApproved is svc-orders' event (events.Stream("orders"), contract in
// svc-orders/API.md) that an invoice is issued for. The payload is declared here, not imported:
// services share only the wire contract.
const EventQuoteApproved = "quote.approved"

// Money is an amount as svc-orders sends it.
type Money struct {
	Amount   int64  `json:"amount"`
	Currency string `json:"currency"`
	Decimals int    `json:"decimals"`
}

// QuoteApproved is the part of quote.approved an invoice needs.
type QuoteApproved struct {
	QuoteID     string         `json:"quoteId"`
	Number      string         `json:"number"`
	OrderID     string         `json:"orderId"`
	OrderNumber string         `json:"orderNumber"`
	CustomerID  string         `json:"customerId"`
	Service     string         `json:"service"`
	TotalUSD    int64          `json:"totalUsd"`
	Total       Money          `json:"total"`
	RateMicros  int64          `json:"rateMicros"`
	Currency    string         `json:"currency"`
	Lines       []ApprovedLine `json:"lines"`
	// Lang is the language of the customer's approving request (tr or en); events sent before
	// it was part of the payload have none and are read as Turkish, the site's default.
	Lang string `json:"lang,omitempty"`
}

// ApprovedLine is one target language of the approved quote.
type ApprovedLine struct {
	TargetLanguage string    `json:"targetLanguage"`
	Description    i18n.Text `json:"description"`
	Quantity       int       `json:"quantity"`
	Unit           string    `json:"unit"`
	AmountUSD      int64     `json:"amountUsd"`
	Amount         Money     `json:"amount"`
}

// errPayload is an event svc-billing cannot invoice; it is logged and retried, never invoiced
// half.
func errPayload(format string, args ...any) error {
	return fmt.Errorf("quote.approved payload: "+format, args...)
}

// Check refuses a payload an invoice cannot be made from.
func (q QuoteApproved) Check() error {
	switch {
	case q.QuoteID == "" || q.CustomerID == "":
		return errPayload("no quote or customer id")
	case q.Currency == "" || q.Total.Currency != q.Currency:
		return errPayload("display currency %q, total in %q", q.Currency, q.Total.Currency)
	}
	for _, l := range q.Lines {
		if l.Amount.Currency != q.Currency || l.Amount.Amount < 0 || l.AmountUSD < 0 {
			return errPayload("line %s in %q", l.TargetLanguage, l.Amount.Currency)
		}
	}
	return nil
}

// Handler is svc-billing's consumer of svc-orders' stream: every approved quote becomes a
// pending invoice. Issue is idempotent by the quote id, so redelivery is harmless.
func Handler(s Service) events.Handler {
	return func(ctx context.Context, e events.Event) error {
		if e.Type != EventQuoteApproved {
			return nil // events meant for other consumers
		}
		var p QuoteApproved
		if err := e.Decode(&p); err != nil {
			return fmt.Errorf("%s payload: %w", e.Type, err)
		}
		_, err := s.Issue(ctx, p)
		return err
	}
}
