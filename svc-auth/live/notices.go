// Package live tells staff, as it happens, what needs them: new paid orders, revisions,
// escalations, new chats and visitors' messages, translator applications, support tickets and
// declared bank transfers. A consumer of the other services' streams (Handler) records one staff
// notice per such event in svc-auth's database and publishes it on Redis; every svc-auth
// instance's hub (hub.go) forwards it to the staff streams it holds (feed.go, served by api/live.go: Server-Sent
// Events through nginx and the gateway, as live support's). Each staff member's counts per
// category are the notices since they last opened that category's screen, read from the stored
// notices, so a stream that reconnects (to any instance, after a restart) starts right.
package live

import (
	"context"
	"fmt"
	"time"

	"linguaport/internal/authn"
	"linguaport/internal/events"
	"linguaport/internal/i18n"
	"linguaport/internal/money"
)

// Categories of notices, one per kind of work; the back office shows each on its menu entry.
const (
	Orders       = "orders"       // a new paid order, waiting for a translator
	Revisions    = "revisions"    // a customer asked for a revision
	Escalations  = "escalations"  // a job nobody took, a revision nobody can take or overdue
	Chats        = "chats"        // a new live support conversation or a visitor's message
	Applications = "applications" // a translator application
	Tickets      = "tickets"      // a translator's support ticket or message in one
	Transfers    = "transfers"    // a customer's declared bank transfer, to confirm
)

// Categories lists them all, in the back office's menu order.
var Categories = []string{Orders, Revisions, Escalations, Transfers, Applications, Tickets, Chats}

func knownCategory(c string) bool {
	for _, k := range Categories {
		if k == c {
			return true
		}
	}
	return false
}

// Notice is one thing staff should look at.
type Notice struct {
	// ID is derived from the event's id (a paid order's from the order's: see noticeOf), so a
	// redelivered event records nothing twice.
	ID       string `json:"id" bson:"_id"`
	Category string `json:"category" bson:"category"`
	// Ref is the id of the thing the notice is about, which the back office links to: an order,
	// a chat conversation, an application, a ticket, a transfer.
	Ref   string    `json:"ref" bson:"ref"`
	Title i18n.Text `json:"title" bson:"title"`
	// CreatedAt is when it happened (the event's time): counts since a staff member last looked
	// are counted by it.
	CreatedAt time.Time `json:"createdAt" bson:"createdAt"`
	// Announced: published to the streams; a handler retried after a failed publish publishes it.
	Announced bool `json:"-" bson:"announced"`
}

// Events svc-auth's live notices are made of; the payloads are declared here, not imported
// (services share only the wire contract in internal/events/contracts).
const (
	// svc-orders, events:orders.
	EventOrderStatusChanged = "order.status_changed"
	EventOrderEscalated     = "order.escalated"
	// svc-translators, events:translators.
	EventApplicationSubmitted = "application.submitted"
	EventTicketOpened         = "ticket.opened"
	EventTicketMessage        = "ticket.message"
	// svc-billing, events:billing.
	EventTransferDeclared = "transfer.declared"
	// svc-catalog, events:catalog.
	EventChatOpened  = "chat.opened"
	EventChatMessage = "chat.message"
)

// Streams are the areas whose events become notices (main.go consumes each).
var Streams = []string{"orders", "translators", "billing", "catalog"}

// MaxAge is how old an event may be and still be news: a consumer group new to a stream reads it
// from its start, and staff want no notices of last year's orders.
const MaxAge = 7 * 24 * time.Hour

type orderStatus struct {
	OrderID string `json:"orderId"`
	Number  string `json:"number"`
	Status  string `json:"status"`
}

type orderEscalated struct {
	OrderID string `json:"orderId"`
	Number  string `json:"number"`
	Reason  string `json:"reason"`
}

type application struct {
	ApplicationID string `json:"applicationId"`
}

type ticket struct {
	TicketID string `json:"ticketId"`
	Subject  string `json:"subject"`
}

type transfer struct {
	TransferID string `json:"transferId"`
	Amount     struct {
		Amount   int64  `json:"amount"`
		Currency string `json:"currency"`
	} `json:"amount"`
}

type chat struct {
	ConversationID string `json:"conversationId"`
	Name           string `json:"name"`
}

// escalationTitles are the titles of each reason of an escalation (svc-orders' order.escalated).
var escalationTitles = map[string]i18n.Text{
	"unclaimed":            {TR: "Çevirmen bekleyen iş: %s", EN: "Job waiting for a translator: %s"},
	"revision_unavailable": {TR: "Düzeltme çevirmen bekliyor: %s", EN: "Revision needs a translator: %s"},
	"revision_overdue":     {TR: "Düzeltme süresi geçti: %s", EN: "Revision overdue: %s"},
}

// noticeOf is the notice e makes, ok false when e is none staff need to hear of.
func noticeOf(e events.Event) (n Notice, ok bool, err error) {
	n = Notice{ID: e.ID, CreatedAt: e.OccurredAt.UTC().Truncate(time.Millisecond)}
	decode := func(v any) error {
		if err := e.Decode(v); err != nil {
			return fmt.Errorf("%s payload %q: %w", e.Type, e.Data, err)
		}
		return nil
	}
	format := func(t i18n.Text, arg string) i18n.Text {
		return i18n.Text{TR: fmt.Sprintf(t.TR, arg), EN: fmt.Sprintf(t.EN, arg)}
	}
	switch e.Type {
	case EventOrderStatusChanged:
		var p orderStatus
		if err := decode(&p); err != nil {
			return n, false, err
		}
		switch p.Status {
		case "in_progress":
			// An order is in progress once paid, and again when its translator gives it back to
			// the pool: the notice is of the payment, so once per order.
			n.ID, n.Category = "paid-"+p.OrderID, Orders
			n.Title = format(i18n.Text{TR: "Yeni ödenmiş sipariş: %s", EN: "New paid order: %s"}, p.Number)
		case "revision_requested":
			n.Category = Revisions
			n.Title = format(i18n.Text{TR: "Düzeltme istendi: %s", EN: "Revision requested: %s"}, p.Number)
		default:
			return n, false, nil
		}
		n.Ref = p.OrderID
	case EventOrderEscalated:
		var p orderEscalated
		if err := decode(&p); err != nil {
			return n, false, err
		}
		title, known := escalationTitles[p.Reason]
		if !known {
			// Events from before reasons existed were all of unclaimed jobs; a reason this
			// version does not know still needs staff.
			title = escalationTitles["unclaimed"]
			if p.Reason != "" {
				title = i18n.Text{TR: "Yönetim bekleyen sipariş: %s", EN: "Order needs staff: %s"}
			}
		}
		n.Category, n.Ref, n.Title = Escalations, p.OrderID, format(title, p.Number)
	case EventApplicationSubmitted:
		var p application
		if err := decode(&p); err != nil {
			return n, false, err
		}
		// The event carries no personal data: the application's page shows who applied.
		n.Category, n.Ref = Applications, p.ApplicationID
		n.Title = i18n.Text{TR: "Yeni çevirmen başvurusu", EN: "New translator application"}
	case EventTicketOpened, EventTicketMessage:
		var p ticket
		if err := decode(&p); err != nil {
			return n, false, err
		}
		n.Category, n.Ref = Tickets, p.TicketID
		n.Title = format(i18n.Text{TR: "Yeni destek talebi: %s", EN: "New support ticket: %s"}, p.Subject)
		if e.Type == EventTicketMessage {
			n.Title = format(i18n.Text{TR: "Destek talebinde yeni mesaj: %s", EN: "New message in a support ticket: %s"}, p.Subject)
		}
	case EventTransferDeclared:
		var p transfer
		if err := decode(&p); err != nil {
			return n, false, err
		}
		n.Category, n.Ref = Transfers, p.TransferID
		n.Title = i18n.Text{
			TR: "Havale bildirildi: " + money.Format(p.Amount.Amount, p.Amount.Currency, "tr"),
			EN: "Bank transfer declared: " + money.Format(p.Amount.Amount, p.Amount.Currency, "en"),
		}
	case EventChatOpened, EventChatMessage:
		var p chat
		if err := decode(&p); err != nil {
			return n, false, err
		}
		n.Category, n.Ref = Chats, p.ConversationID
		n.Title = format(i18n.Text{TR: "Yeni canlı destek görüşmesi: %s", EN: "New live chat: %s"}, p.Name)
		if e.Type == EventChatMessage {
			n.Title = format(i18n.Text{TR: "Canlı destekte yeni mesaj: %s", EN: "New live chat message: %s"}, p.Name)
		}
	default:
		return n, false, nil // events meant for other consumers
	}
	if n.Ref == "" {
		return n, false, fmt.Errorf("%s payload %q names nothing", e.Type, e.Data)
	}
	return n, true, nil
}

// Announcer publishes a stored notice to every instance's streams (Hub).
type Announcer interface {
	Announce(ctx context.Context, n Notice) error
}

// Handler records the notice each event makes and announces it. It is idempotent by the notice's
// id: a redelivered event records nothing twice, and announces again only a notice whose
// announcement had failed (the back office ignores a notice it already showed).
func Handler(store *Store, hub Announcer, now func() time.Time) events.Handler {
	return func(ctx context.Context, e events.Event) error {
		if authn.AboutSandbox([]byte(e.Data)) {
			return nil // a sandbox's work is no staff's news
		}
		n, ok, err := noticeOf(e)
		if err != nil || !ok {
			return err
		}
		if now().Sub(n.CreatedAt) > MaxAge {
			return nil
		}
		stored, err := store.Add(ctx, n)
		if err != nil || stored.Announced {
			return err
		}
		if err := hub.Announce(ctx, stored); err != nil {
			return err
		}
		return store.MarkAnnounced(ctx, stored.ID)
	}
}
