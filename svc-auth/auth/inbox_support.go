package auth

import (
	"context"
	"fmt"

	"linguaport/internal/events"
	"linguaport/internal/i18n"
)

// EventTicketAnswered is svc-translators' event (events.Stream("translators"), contract in
// svc-translators/API.md "Support"): staff replied to a translator's support ticket. The payload
// is declared here, not imported: services share only the wire contract.
const EventTicketAnswered = "ticket.answered"

// TicketAnswered is the part of ticket.answered the inbox needs.
type TicketAnswered struct {
	TicketID     string `json:"ticketId"`
	TranslatorID string `json:"translatorId"`
	Subject      string `json:"subject"`
	Lang         string `json:"lang"`
}

// ticketAnswered tells the translator that staff replied: a system message in both languages and
// a mail, queued in the message's insert (its id derived from the event's, so a redelivery leaves
// one of each). The reply itself is in neither: the translator reads it on the site, signed in.
func ticketAnswered(ctx context.Context, inbox *MongoStore, e events.Event) error {
	var p TicketAnswered
	if err := e.Decode(&p); err != nil || p.TranslatorID == "" || p.TicketID == "" {
		return fmt.Errorf("%s payload %q: %w", e.Type, e.Data, err)
	}
	msg := messageDoc{
		ID:     "ticket-" + e.ID,
		UserID: p.TranslatorID,
		Title:  i18n.Text{TR: "Destek talebiniz yanıtlandı: " + p.Subject, EN: "Your support ticket was answered: " + p.Subject},
		Body: i18n.Text{
			TR: fmt.Sprintf("Destek ekibimiz “%s” konulu talebinizi yanıtladı. Yanıtı Hesabım › Destek sayfasında okuyabilir, gerekirse aynı talepten yazmaya devam edebilirsiniz.", p.Subject),
			EN: fmt.Sprintf("Our support team answered your ticket “%s”. Read the reply under My account › Support, and write back in the same ticket if you need to.", p.Subject),
		},
		CreatedAt: e.OccurredAt,
	}
	// The ticket's language reaches a reader whose account has none (mails.go, readerLang).
	return inbox.AddMessage(ctx, msg.withMail(e, KindTicketAnswered, p.Lang, p))
}
