package support

import (
	"time"

	"linguaport/internal/i18n"
)

// Events of the tickets on events.Stream("translators") (API.md "Events"), each queued in the
// ticket's outbox in the write that causes it.
const (
	// EventAnswered: staff replied. svc-auth writes the translator a system message and mails
	// them (svc-auth/API.md).
	EventAnswered = "ticket.answered"
	// EventOpened and EventMessage: a translator opened a ticket or wrote in one. No service
	// consumes them yet; they are there for a staff notification to be built on.
	EventOpened  = "ticket.opened"
	EventMessage = "ticket.message"
)

// TicketAnswered is ticket.answered's payload: enough to tell the translator, nothing of the reply
// itself (they read it on the site, signed in).
type TicketAnswered struct {
	TicketID     string    `json:"ticketId"`
	TranslatorID string    `json:"translatorId"`
	Subject      string    `json:"subject"`
	Lang         i18n.Lang `json:"lang,omitempty"`
	At           time.Time `json:"at"`
}

// Opened is the payload of ticket.opened and ticket.message.
type Opened struct {
	TicketID     string    `json:"ticketId"`
	TranslatorID string    `json:"translatorId"`
	Subject      string    `json:"subject"`
	Category     string    `json:"category"`
	At           time.Time `json:"at"`
}
