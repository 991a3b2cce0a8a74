package auth

import (
	"context"
	"fmt"

	"linguaport/internal/events"
	"linguaport/internal/i18n"
)

// Events of svc-orders' back office (events.Stream("orders"), contract in svc-orders/API.md)
// that tell a customer or a translator what staff did. The payloads are declared here, not
// imported.
const (
	EventQuoteRevised      = "quote.revised"
	EventQuoteCancelled    = "quote.cancelled"
	EventOrderReassigned   = "order.reassigned"
	EventFulfilmentChanged = "order.fulfilment_changed"
)

// QuoteRevised is the part of quote.revised the inbox needs.
type QuoteRevised struct {
	QuoteID    string       `json:"quoteId"`
	Number     string       `json:"number"`
	CustomerID string       `json:"customerId"`
	Previous   quotedAmount `json:"previous"`
	Total      quotedAmount `json:"total"`
	Note       string       `json:"note"`
}

// quotedAmount is a price as quote events carry it: minor units and the words svc-orders wrote.
type quotedAmount struct {
	Amount    int64  `json:"amount"`
	Currency  string `json:"currency"`
	Formatted string `json:"formatted"`
}

// QuoteCancelled is the part of quote.cancelled the inbox needs.
type QuoteCancelled struct {
	Number     string `json:"number"`
	CustomerID string `json:"customerId"`
	Reason     string `json:"reason"`
}

// OrderReassigned is the part of order.reassigned the inbox needs.
type OrderReassigned struct {
	Number               string `json:"number"`
	TranslatorID         string `json:"translatorId"`
	PreviousTranslatorID string `json:"previousTranslatorId"`
}

// FulfilmentChanged is the part of order.fulfilment_changed the inbox needs.
type FulfilmentChanged struct {
	Number         string `json:"number"`
	CustomerID     string `json:"customerId"`
	Step           string `json:"step"`
	Courier        string `json:"courier"`
	TrackingNumber string `json:"trackingNumber"`
}

// fulfilmentNews is what the customer reads at each step of the paper work.
var fulfilmentNews = map[string]i18n.Text{
	"translated": {TR: "%s numaralı siparişinizin çevirisi tamamlandı; resmi işlemlere hazırlanıyor.", EN: "The translation of order %s is done and is being prepared for the official steps."},
	"at_notary":  {TR: "%s numaralı siparişinizin belgeleri notere teslim edildi.", EN: "The documents of order %s are at the notary."},
	"notarised":  {TR: "%s numaralı siparişinizin belgeleri noter tarafından onaylandı.", EN: "The documents of order %s are notarised."},
	"apostilled": {TR: "%s numaralı siparişinizin belgelerine apostil şerhi alındı.", EN: "The documents of order %s have their apostille."},
	"shipped":    {TR: "%s numaralı siparişinizin belgeleri kargoya verildi.", EN: "The documents of order %s are shipped."},
}

// staffNews turns the back office's events into messages; false when e is none of them.
func staffNews(ctx context.Context, inbox *MongoStore, e events.Event) (bool, error) {
	switch e.Type {
	case EventQuoteRevised:
		var p QuoteRevised
		if err := e.Decode(&p); err != nil || p.CustomerID == "" {
			return true, fmt.Errorf("%s payload %q: %w", e.Type, e.Data, err)
		}
		msg := messageDoc{
			ID: "quote-revised-" + e.ID, UserID: p.CustomerID, CreatedAt: e.OccurredAt,
			Title: i18n.Text{TR: "Teklifiniz güncellendi: " + p.Number, EN: "Your quote was revised: " + p.Number},
			Body: i18n.Text{
				TR: fmt.Sprintf("%s numaralı teklifinizin tutarı %s yerine %s oldu. Not: %s. Yeni tutarı Siparişlerim sayfasından onaylayabilirsiniz.", p.Number, p.Previous.Formatted, p.Total.Formatted, p.Note),
				EN: fmt.Sprintf("Quote %s now comes to %s instead of %s. Note: %s. You can approve the new price on your orders page.", p.Number, p.Total.Formatted, p.Previous.Formatted, p.Note),
			},
		}
		// The price staff revised is the customer's quote, ready: it comes by mail as well.
		return true, inbox.AddMessage(ctx, msg.withMail(e, KindQuoteRevised, "", quoteMail{
			QuoteID: p.QuoteID, Number: p.Number, Previous: p.Previous.Amount, Total: p.Total.Amount,
			Currency: p.Total.Currency, Note: p.Note}))
	case EventQuoteCancelled:
		var p QuoteCancelled
		if err := e.Decode(&p); err != nil || p.CustomerID == "" {
			return true, fmt.Errorf("%s payload %q: %w", e.Type, e.Data, err)
		}
		return true, inbox.AddMessage(ctx, messageDoc{
			ID: "quote-cancelled-" + e.ID, UserID: p.CustomerID, CreatedAt: e.OccurredAt,
			Title: i18n.Text{TR: "Teklif iptal edildi: " + p.Number, EN: "Quote cancelled: " + p.Number},
			Body: i18n.Text{
				TR: fmt.Sprintf("%s numaralı teklifiniz iptal edildi. Gerekçe: %s. Yeni bir fiyat için hesaplayıcıyı kullanabilir ya da bize yazabilirsiniz.", p.Number, p.Reason),
				EN: fmt.Sprintf("Quote %s was cancelled. Reason: %s. Use the calculator for a new price or write to us.", p.Number, p.Reason),
			},
		})
	case EventOrderReassigned:
		var p OrderReassigned
		if err := e.Decode(&p); err != nil || p.TranslatorID == "" {
			return true, fmt.Errorf("%s payload %q: %w", e.Type, e.Data, err)
		}
		if p.PreviousTranslatorID != "" {
			err := inbox.AddMessage(ctx, messageDoc{
				ID: "reassigned-from-" + e.ID, UserID: p.PreviousTranslatorID, CreatedAt: e.OccurredAt,
				Title: i18n.Text{TR: "İş başka bir çevirmene verildi: " + p.Number, EN: "Job given to another translator: " + p.Number},
				Body: i18n.Text{
					TR: fmt.Sprintf("%s numaralı iş yönetim tarafından başka bir çevirmene atandı ve aktif işlerinizden çıkarıldı.", p.Number),
					EN: fmt.Sprintf("Staff assigned job %s to another translator; it is no longer among your active jobs.", p.Number),
				},
			})
			if err != nil {
				return true, err
			}
		}
		return true, inbox.AddMessage(ctx, messageDoc{
			ID: "reassigned-to-" + e.ID, UserID: p.TranslatorID, CreatedAt: e.OccurredAt,
			Title: i18n.Text{TR: "Size yeni bir iş atandı: " + p.Number, EN: "A job was assigned to you: " + p.Number},
			Body: i18n.Text{
				TR: fmt.Sprintf("%s numaralı iş yönetim tarafından size atandı; aktif işlerinizde bulabilirsiniz.", p.Number),
				EN: fmt.Sprintf("Staff assigned job %s to you; you find it among your active jobs.", p.Number),
			},
		})
	case EventFulfilmentChanged:
		var p FulfilmentChanged
		if err := e.Decode(&p); err != nil || p.CustomerID == "" {
			return true, fmt.Errorf("%s payload %q: %w", e.Type, e.Data, err)
		}
		news, ok := fulfilmentNews[p.Step]
		if !ok {
			return true, nil // a step this version does not know: the order page shows it
		}
		body := i18n.Text{TR: fmt.Sprintf(news.TR, p.Number), EN: fmt.Sprintf(news.EN, p.Number)}
		if p.TrackingNumber != "" {
			body.TR += fmt.Sprintf(" Kargo: %s, takip numarası %s.", p.Courier, p.TrackingNumber)
			body.EN += fmt.Sprintf(" Courier: %s, tracking number %s.", p.Courier, p.TrackingNumber)
		}
		return true, inbox.AddMessage(ctx, messageDoc{
			ID: "fulfilment-" + e.ID, UserID: p.CustomerID, CreatedAt: e.OccurredAt,
			Title: i18n.Text{TR: "Sipariş " + p.Number, EN: "Order " + p.Number}, Body: body,
		})
	}
	return false, nil
}
