package quotes

import (
	"context"
	"fmt"
	"strings"
	"time"

	"linguaport/internal/events"
	"linguaport/internal/i18n"
	"linguaport/internal/mailbox"
	"linguaport/internal/names"
	"linguaport/svc-orders/pricing"
)

// Events of quotes on events.Stream("orders") (contract in API.md).
const (
	EventQuoteCreated  = "quote.created"
	EventQuoteApproved = "quote.approved"
	EventQuoteRejected = "quote.rejected"
	// Staff's: a new price of a pending quote (the customer approves it), a withdrawn quote.
	EventQuoteRevised   = "quote.revised"
	EventQuoteCancelled = "quote.cancelled"
)

// QuoteRevisedData is the payload of quote.revised.
type QuoteRevisedData struct {
	QuoteID    string        `json:"quoteId"`
	Number     string        `json:"number"`
	CustomerID string        `json:"customerId"`
	Version    int           `json:"version"`
	Previous   pricing.Money `json:"previous"`
	Total      pricing.Money `json:"total"`
	Note       string        `json:"note"`
	ExpiresAt  time.Time     `json:"expiresAt"`
}

// QuoteCancelledData is the payload of quote.cancelled.
type QuoteCancelledData struct {
	QuoteID    string `json:"quoteId"`
	Number     string `json:"number"`
	CustomerID string `json:"customerId"`
	Reason     string `json:"reason"`
}

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
	// Currency is the display currency Total and every line's Price are in.
	Currency string         `json:"currency"`
	Lines    []ApprovedLine `json:"lines"`
	// Lang is the language of the request that approved the quote (tr or en): billing writes the
	// customer's invoice mail and its PDF in it.
	Lang string `json:"lang"`
}

// ApprovedLine is one target language of an approved quote, as the invoice lists it.
type ApprovedLine struct {
	TargetLanguage string `json:"targetLanguage"`
	// Description names the work in both languages with the titles and language names of
	// internal/names, the ones svc-catalog shows.
	Description i18n.Text     `json:"description"`
	Quantity    int           `json:"quantity"`
	Unit        pricing.Unit  `json:"unit"`
	AmountUSD   int64         `json:"amountUsd"` // USD cents
	Amount      pricing.Money `json:"amount"`    // in the display currency
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
	q.Outbox.Add(e)
	return nil
}

func (q *Quote) created() QuoteCreatedData {
	return QuoteCreatedData{QuoteID: q.ID, Number: q.Number, CustomerID: q.CustomerID, Total: q.Total}
}

func (q *Quote) approved(lang i18n.Lang) QuoteApprovedData {
	return QuoteApprovedData{
		QuoteID: q.ID, Number: q.Number, OrderID: q.OrderID, OrderNumber: q.OrderNumber, CustomerID: q.CustomerID,
		Service: q.Service, TotalUSD: q.TotalUSD.Amount, Total: q.Total, RateMicros: q.RateMicros,
		Currency: q.Total.Currency, Lines: q.InvoiceLines(), Lang: string(lang),
	}
}

// InvoiceLines are the quote's lines as billing invoices them (quote.approved) and the quote's
// PDF prints them: one per target language, the work named in both languages ("Professional
// Translation, Turkish → English, urgent").
func (q *Quote) InvoiceLines() []ApprovedLine {
	service := names.ServiceTitle(q.Service)
	source := LanguageName(q.SourceLanguage)
	urgent := i18n.Text{}
	if q.Urgency == pricing.Urgent {
		urgent = i18n.Text{TR: ", acil", EN: ", urgent"}
	}
	lines := make([]ApprovedLine, 0, len(q.Lines))
	for _, l := range q.Lines {
		target := LanguageName(l.TargetLanguage)
		lines = append(lines, ApprovedLine{
			TargetLanguage: l.TargetLanguage,
			Description: i18n.Text{
				TR: service.TR + ", " + source.TR + " → " + target.TR + urgent.TR,
				EN: service.EN + ", " + source.EN + " → " + target.EN + urgent.EN,
			},
			Quantity: l.Quantity, Unit: l.Unit, AmountUSD: l.Total, Amount: l.Price,
		})
	}
	return lines
}

// LanguageName is the language's name, or its code in capitals for one internal/names does not
// know.
func LanguageName(code string) i18n.Text {
	if n, ok := names.Language(code); ok {
		return n
	}
	code = strings.ToUpper(code)
	return i18n.Text{TR: code, EN: code}
}

func (q *Quote) rejected() QuoteRejectedData {
	return QuoteRejectedData{QuoteID: q.ID, Number: q.Number, CustomerID: q.CustomerID}
}

// MailContract is the mail of an approval: the accepted contract, as a PDF, to the address of
// the billing details it was worded from (orders.ContractMails renders it). The Distance
// Contracts Regulation asks that the buyer be given the contract on a durable medium; the
// download on the order page is not one, a mail is. It is queued in the approval's own write, so
// an approval mails it once however often it is clicked.
const MailContract = "order.contract"

// ContractMail is the queued mail's data: the quote whose kept contract it carries and the name
// of the buyer it greets.
type ContractMail struct {
	QuoteID string `json:"quoteId"`
	Name    string `json:"name"`
}

// mailContract queues the contract's mail, for a contract with an address to mail it to. A
// sandbox's approval sells nothing and mails no one: its work is told through webhooks only.
func (q *Quote) mailContract(now time.Time) error {
	if q.Contract == nil || q.Contract.MailTo == "" || q.Sandbox {
		return nil
	}
	m, err := mailbox.New(q.ID+"/"+MailContract, MailContract, q.Contract.MailTo, string(q.Contract.Lang),
		ContractMail{QuoteID: q.ID, Name: q.Contract.MailName}, now)
	if err != nil {
		return fmt.Errorf("contract mail of quote %s: %w", q.ID, err)
	}
	q.Box.Add(m)
	return nil
}
