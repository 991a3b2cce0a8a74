package auth

import (
	"cmp"
	"context"
	"fmt"
	"strconv"
	"time"

	"linguaport/internal/events"
	"linguaport/internal/i18n"
	moneyfmt "linguaport/internal/money"
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

// moneyIn writes an amount as the site does in lang.
func moneyIn(a amount, lang i18n.Lang) string {
	return moneyfmt.Format(a.Amount, a.Currency, string(lang))
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

// eventMail is what one of the events above becomes: a mail of Kind about Data for To (an
// account's id, or StaffRecipient), sent once per Cause (the event's id unless a handler names a
// narrower one). With a Message, the account's system message, the mail is queued in the
// message's own insert (messageDoc.withMail), and the message is To's. An empty To (the event
// names nobody to tell, or there is nothing to tell) queues nothing.
type eventMail struct {
	To, Kind string
	Data     any
	Message  *messageDoc
	Cause    string
}

// eventMails are the events above, by type: each reads its payload and says what it becomes;
// peopleMails queues that, which is the same for all of them.
var eventMails = map[string]func(e events.Event) (eventMail, error){
	EventOrderAssigned: fromPayload(func(_ events.Event, p OrderAssigned) eventMail {
		due := p.Deadline
		if !p.RevisionDue.IsZero() {
			due = p.RevisionDue
		}
		return eventMail{To: p.TranslatorID, Kind: KindJobAssigned,
			Data: orderMail{OrderID: p.OrderID, Number: p.Number, At: p.At, Reason: p.RevisionReason, Due: due}}
	}),
	EventRevisionDueSoon: fromPayload(func(_ events.Event, p RevisionDueSoon) eventMail {
		return eventMail{To: p.TranslatorID, Kind: KindRevisionDueSoon,
			Data: orderMail{OrderID: p.OrderID, Number: p.Number, Reason: p.Reason, Due: p.RevisionDue}}
	}),
	EventExpectedDateChanged: fromPayload(func(e events.Event, p ExpectedDateChanged) eventMail {
		return eventMail{To: p.CustomerID, Kind: KindExpectedDate, Message: &messageDoc{
			ID: "expected-" + e.ID, CreatedAt: e.OccurredAt,
			Title: i18n.Text{TR: "Sipariş " + p.Number, EN: "Order " + p.Number},
			Body: i18n.Text{
				TR: fmt.Sprintf("%s numaralı siparişinizin tahmini teslim tarihi %s oldu.", p.Number, i18n.Date(p.Deadline, i18n.TR)),
				EN: fmt.Sprintf("The expected delivery date of order %s is now %s.", p.Number, i18n.Date(p.Deadline, i18n.EN)),
			},
		}, Data: dateMail{OrderID: p.OrderID, Number: p.Number, Previous: p.Previous, Deadline: p.Deadline, Note: p.Note}}
	}),
	EventPayoutPaid:     payoutDecided(KindPayoutPaid, i18n.Text{TR: "Ödeme talebiniz ödendi", EN: "Your payout was paid"}),
	EventPayoutRejected: payoutDecided(KindPayoutRejected, i18n.Text{TR: "Ödeme talebiniz reddedildi", EN: "Your payout was declined"}),
	EventTransferDeclared: fromPayload(func(_ events.Event, p TransferDeclared) eventMail {
		return eventMail{To: StaffRecipient, Kind: KindStaffTransfer,
			Data: staffNote{Ref: p.TransferID, Amount: p.Amount.Amount, Currency: p.Amount.Currency, At: p.DeclaredAt}}
	}),
	EventApplicationIn: fromPayload(func(e events.Event, p ApplicationIn) eventMail {
		return eventMail{To: StaffRecipient, Kind: KindStaffApplication, Data: staffNote{Ref: p.ApplicationID, At: e.OccurredAt}}
	}),
	EventTicketOpened: fromPayload(func(_ events.Event, p TicketOpened) eventMail {
		return eventMail{To: StaffRecipient, Kind: KindStaffTicket, Data: staffNote{Ref: p.TicketID, Subject: p.Subject, At: p.At}}
	}),
	EventChatOpened:  fromPayload(chatWaiting),
	EventChatMessage: fromPayload(chatWaiting),
}

// fromPayload makes the entry of an event whose payload is a P: one that does not decode is an
// error the consumer logs and retries (decodeEvent), as every handler here does.
func fromPayload[P any](mail func(e events.Event, p P) eventMail) func(events.Event) (eventMail, error) {
	return func(e events.Event) (eventMail, error) {
		var p P
		if err := decodeEvent(e, &p); err != nil {
			return eventMail{}, err
		}
		return mail(e, p), nil
	}
}

// payoutDecided tells the translator of a payout's decision (kind) with a system message titled
// title: both decisions say the same but for those.
func payoutDecided(kind string, title i18n.Text) func(events.Event) (eventMail, error) {
	return fromPayload(func(e events.Event, p PayoutDecided) eventMail {
		return eventMail{To: p.TranslatorID, Kind: kind, Message: &messageDoc{
			ID: "payout-" + e.ID, CreatedAt: e.OccurredAt, Title: title,
			Body: i18n.Text{
				TR: fmt.Sprintf("%s tutarındaki ödeme talebiniz hakkında karar verildi. Ayrıntılar Kazançlar sayfasında.", moneyIn(p.Amount, i18n.TR)),
				EN: fmt.Sprintf("Your payout request of %s was decided. See the details on your Earnings page.", moneyIn(p.Amount, i18n.EN)),
			},
		}, Data: payoutMail{Amount: p.Amount.Amount, Currency: p.Amount.Currency, IBANLast4: p.IBANLast4, Reason: p.Reason, At: p.DecidedAt}}
	})
}

// chatWaiting tells staff a visitor wrote in live chat while nobody was online to answer.
func chatWaiting(_ events.Event, p ChatWritten) eventMail {
	if p.StaffOnline {
		return eventMail{} // someone is there to answer
	}
	// One mail per conversation per quarter hour: the cause names the window, so the visitor's
	// further messages in it (and a redelivery) queue nothing more.
	window := strconv.FormatInt(p.At.Unix()/int64(chatWaitingEvery/time.Second), 10)
	return eventMail{To: StaffRecipient, Kind: KindStaffChat, Cause: "chat-" + p.ConversationID + "-" + window,
		Data: staffNote{Ref: p.ConversationID, Subject: p.Name, Lang: p.Language, At: p.At}}
}

// peopleMails queues the mails of the events above; false when e is none of them.
func peopleMails(ctx context.Context, inbox *MongoStore, e events.Event) (bool, error) {
	what, ok := eventMails[e.Type]
	if !ok {
		return false, nil
	}
	m, err := what(e)
	if err != nil || m.To == "" {
		return true, err
	}
	if m.Message != nil {
		msg := *m.Message
		msg.UserID = m.To
		return true, inbox.AddMessage(ctx, msg.withMail(e, m.Kind, "", m.Data))
	}
	if !freshForMail(e) {
		return true, nil // old news caught up with: a mail about it is not worth sending
	}
	return true, inbox.AddMail(ctx, newMail(cmp.Or(m.Cause, e.ID)+"/"+m.Kind, m.Kind, m.To, "", m.Data, e.OccurredAt))
}

// decodeEvent reads e's payload; one that does not decode is an error the consumer logs and
// retries, as every handler here does.
func decodeEvent(e events.Event, v any) error {
	if err := e.Decode(v); err != nil {
		return fmt.Errorf("%s payload %q: %w", e.Type, e.Data, err)
	}
	return nil
}

// staffMailFor queues a mail of kind for the staff address, once per cause (an event's id).
func staffMailFor(ctx context.Context, inbox *MongoStore, e events.Event, cause, kind string, data any) error {
	if !freshForMail(e) {
		return nil
	}
	return inbox.AddMail(ctx, staffMail(cause+"/"+kind, kind, data, e.OccurredAt))
}
