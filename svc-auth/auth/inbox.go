package auth

import (
	"context"
	"fmt"
	"time"

	"linguaport/internal/authn"
	"linguaport/internal/events"
	"linguaport/internal/i18n"
)

// Events svc-auth publishes on its stream (events.Stream("auth")).
const EventRegistered = "account.registered"

// Registered is the payload of account.registered.
type Registered struct {
	UserID   string `json:"userId"`
	FullName string `json:"fullName"`
	Email    string `json:"email"`
	Lang     string `json:"lang"`
}

// Events of svc-orders (events.Stream("orders"), contract in svc-orders/API.md) that become
// system messages. The payloads are declared here, not imported: services share only the wire
// contract.
const (
	EventQuoteCreated       = "quote.created"
	EventOrderStatusChanged = "order.status_changed"
)

type money struct {
	Formatted string `json:"formatted"`
}

// QuoteCreated is the part of quote.created the inbox needs.
type QuoteCreated struct {
	Number     string `json:"number"`
	CustomerID string `json:"customerId"`
	Total      money  `json:"total"`
}

// OrderStatusChanged is the part of order.status_changed the inbox needs. RevisionReason and
// RevisionDue, when svc-orders sends them with revision_requested, go into the translator's mail.
type OrderStatusChanged struct {
	OrderID        string    `json:"orderId"`
	Number         string    `json:"number"`
	CustomerID     string    `json:"customerId"`
	TranslatorID   string    `json:"translatorId"`
	Status         string    `json:"status"`
	At             time.Time `json:"at"`
	RevisionReason string    `json:"revisionReason"`
	RevisionDue    time.Time `json:"revisionDue"`
	Step           string    `json:"step"` // "redelivered" for a revision delivered back
}

// orderMails are the mails the customer gets with an order's news, by status (mails_kinds.go).
var orderMails = map[string]string{
	"assigned":  KindOrderAssigned,
	"delivered": KindOrderDelivered,
	"completed": KindOrderCompleted,
}

// orderNews is what the customer reads when an order reaches a state.
var orderNews = map[string]i18n.Text{
	"awaiting_payment": {
		TR: "Teklifinizi onayladınız; siparişiniz %s oluşturuldu. Ödemeniz alındığında çalışmaya başlıyoruz.",
		EN: "You approved the quote; your order %s is created. We start as soon as your payment arrives.",
	},
	"in_progress": {
		TR: "%s numaralı siparişinizin ödemesi alındı; uygun çevirmeni atıyoruz.",
		EN: "We received the payment for order %s; we are assigning the right translator.",
	},
	"assigned": {
		TR: "%s numaralı siparişiniz bir çevirmene atandı ve üzerinde çalışılıyor.",
		EN: "Order %s is assigned to a translator and being worked on.",
	},
	"delivered": {
		TR: "%s numaralı siparişiniz teslim edildi. Dosyalarınızı indirebilir, 7 gün içinde ücretsiz düzeltme isteyebilirsiniz.",
		EN: "Order %s is delivered. Download your files; you can ask for a free revision within 7 days.",
	},
	"revision_requested": {
		TR: "%s numaralı sipariş için düzeltme isteğinizi aldık; çevirmeniniz üzerinde çalışacak.",
		EN: "We received your revision request for order %s; your translator will work on it.",
	},
	"completed": {
		TR: "%s numaralı siparişiniz tamamlandı. Bizi tercih ettiğiniz için teşekkürler.",
		EN: "Order %s is completed. Thank you for choosing LinguaPort.",
	},
}

// InboxHandler turns events into system messages (spec §2, customer panel). Other services'
// events (quotes, orders, invoices) join here as they appear; the message id is derived from the
// event id, so a redelivered event leaves one message. A message that comes with a mail queues
// it in its own insert (withMail), so the mail too is queued once per event.
func InboxHandler(inbox *MongoStore) events.Handler {
	return func(ctx context.Context, e events.Event) error {
		// Work in a sandbox space is told through webhooks only: an integrator's test orders leave
		// no message, no mail and no staff notice.
		if authn.AboutSandbox([]byte(e.Data)) {
			return nil
		}
		if handled, err := staffNews(ctx, inbox, e); handled {
			return err
		}
		if handled, err := peopleMails(ctx, inbox, e); handled {
			return err
		}
		switch e.Type {
		case EventTicketAnswered:
			return ticketAnswered(ctx, inbox, e)
		case EventJobsAvailable:
			return jobsAvailable(ctx, inbox, e)
		case EventOrderEscalated:
			return orderEscalated(ctx, inbox, e)
		case EventRegistered:
			var p Registered
			if err := e.Decode(&p); err != nil {
				return fmt.Errorf("%s payload: %w", e.Type, err)
			}
			return inbox.AddMessage(ctx, messageDoc{
				ID:     "welcome-" + e.ID,
				UserID: p.UserID,
				Title:  i18n.Text{TR: "LinguaPort’a hoş geldiniz", EN: "Welcome to LinguaPort"},
				Body: i18n.Text{
					TR: fmt.Sprintf("Merhaba %s, hesabınız oluşturuldu. Artık anında fiyat alabilir, teklif onaylayabilir, siparişlerinizi ve dosyalarınızı tek yerden takip edebilirsiniz. Sorularınız için destek ekibimiz 7/24 yanınızda.", p.FullName),
					EN: fmt.Sprintf("Hello %s, your account is ready. You can now get instant prices, approve quotes and follow your orders and files in one place. Our support team is here for you 24/7.", p.FullName),
				},
				CreatedAt: e.OccurredAt,
			})
		case EventQuoteCreated:
			var p QuoteCreated
			if err := e.Decode(&p); err != nil {
				return fmt.Errorf("%s payload: %w", e.Type, err)
			}
			return inbox.AddMessage(ctx, messageDoc{
				ID:     "quote-" + e.ID,
				UserID: p.CustomerID,
				Title:  i18n.Text{TR: "Teklifiniz hazır: " + p.Number, EN: "Your quote is ready: " + p.Number},
				Body: i18n.Text{
					TR: fmt.Sprintf("%s numaralı teklifinizin tutarı %s. Siparişlerim sayfasından 14 gün içinde onaylayabilir ya da reddedebilirsiniz.", p.Number, p.Total.Formatted),
					EN: fmt.Sprintf("Quote %s comes to %s. Approve or reject it on your orders page within 14 days.", p.Number, p.Total.Formatted),
				},
				CreatedAt: e.OccurredAt,
			})
		case EventOrderStatusChanged:
			var p OrderStatusChanged
			if err := e.Decode(&p); err != nil {
				return fmt.Errorf("%s payload: %w", e.Type, err)
			}
			if p.OrderID != "" && p.CustomerID != "" {
				if err := inbox.RecordOrderState(ctx, orderStateDoc{OrderID: p.OrderID, CustomerID: p.CustomerID, Number: p.Number,
					Status: p.Status, At: p.At}); err != nil {
					return err
				}
			}
			if err := revisionBack(ctx, inbox, e, p); err != nil {
				return err
			}
			news, ok := orderNews[p.Status]
			if !ok {
				return nil
			}
			msg := messageDoc{
				ID:        "order-" + e.ID,
				UserID:    p.CustomerID,
				Title:     i18n.Text{TR: "Sipariş " + p.Number, EN: "Order " + p.Number},
				Body:      i18n.Text{TR: fmt.Sprintf(news.TR, p.Number), EN: fmt.Sprintf(news.EN, p.Number)},
				CreatedAt: e.OccurredAt,
			}
			if kind, ok := orderMails[p.Status]; ok {
				if p.Status == "delivered" && p.Step == "redelivered" {
					kind = KindOrderRedelivered // the revision the customer asked for, back
				}
				msg = msg.withMail(e, kind, "", orderMail{OrderID: p.OrderID, Number: p.Number, At: p.At})
			}
			return inbox.AddMessage(ctx, msg)
		}
		return nil // events meant for other consumers
	}
}

// withMail queues a mail of kind for the message's reader in the message's own insert: sent
// once per event, as the message is stored once. Its id names the event and the kind; lang is
// the event's language, for a reader whose account has none.
func (m messageDoc) withMail(e events.Event, kind, lang string, data any) messageDoc {
	if !freshForMail(e) {
		return m // old news caught up with: the message only
	}
	m.Box.Add(newMail(e.ID+"/"+kind, kind, m.UserID, lang, data, e.OccurredAt))
	return m
}
