package auth

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"linguaport/internal/events"
	"linguaport/internal/i18n"
)

// The events below become mails (and some a system message too) for the people they concern:
// the customer, the translator or the staff address. The payloads are declared here, not
// imported: services share only the wire contract (internal/events/contracts).
const (
	EventOrderAssigned       = "order.assigned"              // svc-orders: staff gave a job to a translator
	EventRevisionDueSoon     = "order.revision_due_soon"     // svc-orders: a revision's deadline is near
	EventExpectedDateChanged = "order.expected_date_changed" // svc-orders: staff moved an order's date
	EventPayoutPaid          = "payout.paid"                 // svc-billing
	EventPayoutRejected      = "payout.rejected"             // svc-billing
	EventTransferDeclared    = "transfer.declared"           // svc-billing: a customer says they sent money
	EventApplicationIn       = "application.submitted"       // svc-translators
	EventTicketOpened        = "ticket.opened"               // svc-translators
	EventChatOpened          = "chat.opened"                 // svc-catalog
	EventChatMessage         = "chat.message"                // svc-catalog
)

// mailFreshFor bounds how old an event may be and still be mailed. A consumer group that is new
// reads its stream from the start, and a service back from a long outage catches up: the
// messages are still worth writing then, but mails about week-old news are not.
const mailFreshFor = 48 * time.Hour

func freshForMail(e events.Event) bool { return time.Since(e.OccurredAt) < mailFreshFor }

// OrderAssigned is the part of order.assigned the mails need.
type OrderAssigned struct {
	OrderID        string    `json:"orderId"`
	Number         string    `json:"number"`
	TranslatorID   string    `json:"translatorId"`
	Step           string    `json:"step"`
	Deadline       time.Time `json:"deadline"`
	RevisionDue    time.Time `json:"revisionDue"`
	RevisionReason string    `json:"revisionReason"`
	At             time.Time `json:"at"`
}

// RevisionDueSoon is order.revision_due_soon's payload.
type RevisionDueSoon struct {
	OrderID      string    `json:"orderId"`
	Number       string    `json:"number"`
	TranslatorID string    `json:"translatorId"`
	RevisionDue  time.Time `json:"revisionDue"`
	Reason       string    `json:"reason"`
}

// ExpectedDateChanged is the part of order.expected_date_changed the mails need.
type ExpectedDateChanged struct {
	OrderID      string    `json:"orderId"`
	Number       string    `json:"number"`
	CustomerID   string    `json:"customerId"`
	Previous     string    `json:"previousExpectedDate"` // 2026-12-04
	ExpectedDate string    `json:"expectedDate"`
	Deadline     time.Time `json:"deadline"`
	Note         string    `json:"note"`
}

// amount is money as events carry it: integer minor units.
type amount struct {
	Amount   int64  `json:"amount"`
	Currency string `json:"currency"`
}

// PayoutDecided is the part of payout.paid and payout.rejected the mails need.
type PayoutDecided struct {
	PayoutID     string    `json:"payoutId"`
	TranslatorID string    `json:"translatorId"`
	Amount       amount    `json:"amount"`
	IBANLast4    string    `json:"ibanLast4"`
	Reason       string    `json:"reason"`
	DecidedAt    time.Time `json:"decidedAt"`
}

// TransferDeclared is transfer.declared's payload.
type TransferDeclared struct {
	TransferID string    `json:"transferId"`
	CustomerID string    `json:"customerId"`
	Amount     amount    `json:"amount"`
	DeclaredAt time.Time `json:"declaredAt"`
}

// ApplicationIn is application.submitted's payload.
type ApplicationIn struct {
	ApplicationID string `json:"applicationId"`
}

// TicketOpened is the part of ticket.opened the staff mail needs.
type TicketOpened struct {
	TicketID string    `json:"ticketId"`
	Subject  string    `json:"subject"`
	At       time.Time `json:"at"`
}

// ChatWritten is the part of chat.opened and chat.message the staff mail needs.
type ChatWritten struct {
	ConversationID string    `json:"conversationId"`
	Name           string    `json:"name"`
	Language       string    `json:"language"`
	At             time.Time `json:"at"`
	StaffOnline    bool      `json:"staffOnline"`
}

// chatWaitingEvery is how often a waiting conversation mails staff at most: its first message
// with nobody online does, and later ones in the same quarter hour do not.
const chatWaitingEvery = 15 * time.Minute

// peopleMails queues the mails of the events above; false when e is none of them.
func peopleMails(ctx context.Context, inbox *MongoStore, e events.Event) (bool, error) {
	switch e.Type {
	case EventOrderAssigned:
		var p OrderAssigned
		if err := decodeEvent(e, &p); err != nil || p.TranslatorID == "" {
			return true, err
		}
		due := p.Deadline
		if !p.RevisionDue.IsZero() {
			due = p.RevisionDue
		}
		return true, mailTo(ctx, inbox, e, p.TranslatorID, KindJobAssigned, "",
			orderMail{OrderID: p.OrderID, Number: p.Number, At: p.At, Reason: p.RevisionReason, Due: due})
	case EventRevisionDueSoon:
		var p RevisionDueSoon
		if err := decodeEvent(e, &p); err != nil || p.TranslatorID == "" {
			return true, err
		}
		return true, mailTo(ctx, inbox, e, p.TranslatorID, KindRevisionDueSoon, "",
			orderMail{OrderID: p.OrderID, Number: p.Number, Reason: p.Reason, Due: p.RevisionDue})
	case EventExpectedDateChanged:
		var p ExpectedDateChanged
		if err := decodeEvent(e, &p); err != nil || p.CustomerID == "" {
			return true, err
		}
		msg := messageDoc{
			ID: "expected-" + e.ID, UserID: p.CustomerID, CreatedAt: e.OccurredAt,
			Title: i18n.Text{TR: "Sipariş " + p.Number, EN: "Order " + p.Number},
			Body: i18n.Text{
				TR: fmt.Sprintf("%s numaralı siparişinizin tahmini teslim tarihi %s oldu.", p.Number, i18n.Date(p.Deadline, i18n.TR)),
				EN: fmt.Sprintf("The expected delivery date of order %s is now %s.", p.Number, i18n.Date(p.Deadline, i18n.EN)),
			},
		}
		return true, inbox.AddMessage(ctx, msg.withMail(e, KindExpectedDate, "", dateMail{
			OrderID: p.OrderID, Number: p.Number, Previous: p.Previous, Deadline: p.Deadline, Note: p.Note}))
	case EventPayoutPaid, EventPayoutRejected:
		var p PayoutDecided
		if err := decodeEvent(e, &p); err != nil || p.TranslatorID == "" {
			return true, err
		}
		kind, title := KindPayoutPaid, i18n.Text{TR: "Ödeme talebiniz ödendi", EN: "Your payout was paid"}
		if e.Type == EventPayoutRejected {
			kind, title = KindPayoutRejected, i18n.Text{TR: "Ödeme talebiniz reddedildi", EN: "Your payout was declined"}
		}
		msg := messageDoc{
			ID: "payout-" + e.ID, UserID: p.TranslatorID, CreatedAt: e.OccurredAt, Title: title,
			Body: i18n.Text{
				TR: fmt.Sprintf("%s tutarındaki ödeme talebiniz hakkında karar verildi. Ayrıntılar Kazançlar sayfasında.", moneyIn(p.Amount, i18n.TR)),
				EN: fmt.Sprintf("Your payout request of %s was decided. See the details on your Earnings page.", moneyIn(p.Amount, i18n.EN)),
			},
		}
		return true, inbox.AddMessage(ctx, msg.withMail(e, kind, "", payoutMail{
			Amount: p.Amount.Amount, Currency: p.Amount.Currency, IBANLast4: p.IBANLast4, Reason: p.Reason, At: p.DecidedAt}))
	case EventTransferDeclared:
		var p TransferDeclared
		if err := decodeEvent(e, &p); err != nil {
			return true, err
		}
		return true, staffMailFor(ctx, inbox, e, e.ID, KindStaffTransfer, staffNote{
			Ref: p.TransferID, Amount: p.Amount.Amount, Currency: p.Amount.Currency, At: p.DeclaredAt})
	case EventApplicationIn:
		var p ApplicationIn
		if err := decodeEvent(e, &p); err != nil {
			return true, err
		}
		return true, staffMailFor(ctx, inbox, e, e.ID, KindStaffApplication, staffNote{Ref: p.ApplicationID, At: e.OccurredAt})
	case EventTicketOpened:
		var p TicketOpened
		if err := decodeEvent(e, &p); err != nil {
			return true, err
		}
		return true, staffMailFor(ctx, inbox, e, e.ID, KindStaffTicket, staffNote{Ref: p.TicketID, Subject: p.Subject, At: p.At})
	case EventChatOpened, EventChatMessage:
		var p ChatWritten
		if err := decodeEvent(e, &p); err != nil {
			return true, err
		}
		if p.StaffOnline {
			return true, nil // someone is there to answer
		}
		// One mail per conversation per quarter hour: the id names the window, so the visitor's
		// further messages in it (and a redelivery) queue nothing more.
		window := strconv.FormatInt(p.At.Unix()/int64(chatWaitingEvery/time.Second), 10)
		return true, staffMailFor(ctx, inbox, e, "chat-"+p.ConversationID+"-"+window, KindStaffChat,
			staffNote{Ref: p.ConversationID, Subject: p.Name, Lang: p.Language, At: p.At})
	}
	return false, nil
}

// decodeEvent reads e's payload; one that does not decode is an error the consumer logs and
// retries, as every handler here does.
func decodeEvent(e events.Event, v any) error {
	if err := e.Decode(v); err != nil {
		return fmt.Errorf("%s payload %q: %w", e.Type, e.Data, err)
	}
	return nil
}

// mailTo queues a mail of kind for the account uid, once per event, without a system message.
func mailTo(ctx context.Context, inbox *MongoStore, e events.Event, uid, kind, lang string, data any) error {
	if !freshForMail(e) {
		return nil
	}
	return inbox.AddMail(ctx, newMail(e.ID+"/"+kind, kind, uid, lang, data, e.OccurredAt))
}

// staffMailFor queues a mail of kind for the staff address, once per cause (an event's id, or a
// window of a waiting conversation).
func staffMailFor(ctx context.Context, inbox *MongoStore, e events.Event, cause, kind string, data any) error {
	if !freshForMail(e) {
		return nil
	}
	return inbox.AddMail(ctx, staffMail(cause+"/"+kind, kind, data, e.OccurredAt))
}
