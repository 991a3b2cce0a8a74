package auth

import (
	"context"
	"errors"
	"fmt"
	"strings"

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

// ticketAnswered tells the translator that staff replied: a system message in both languages
// (its id derived from the event's, so a redelivery leaves one) and a mail in their language,
// sent from the event as translator.approved's set-password mail is: a mail server that is down
// fails the handler, the event stays unacknowledged and comes again until the mail leaves (the
// message already there is not written twice). The reply itself is in neither: the translator
// reads it on the site, signed in.
func (s *service) ticketAnswered(ctx context.Context, inbox *MongoStore, e events.Event) error {
	var p TicketAnswered
	if err := e.Decode(&p); err != nil || p.TranslatorID == "" || p.TicketID == "" {
		return fmt.Errorf("%s payload %q: %w", e.Type, e.Data, err)
	}
	err := inbox.AddMessage(ctx, messageDoc{
		ID:     "ticket-" + e.ID,
		UserID: p.TranslatorID,
		Title:  i18n.Text{TR: "Destek talebiniz yanıtlandı: " + p.Subject, EN: "Your support ticket was answered: " + p.Subject},
		Body: i18n.Text{
			TR: fmt.Sprintf("Destek ekibimiz “%s” konulu talebinizi yanıtladı. Yanıtı Hesabım › Destek sayfasında okuyabilir, gerekirse aynı talepten yazmaya devam edebilirsiniz.", p.Subject),
			EN: fmt.Sprintf("Our support team answered your ticket “%s”. Read the reply under My account › Support, and write back in the same ticket if you need to.", p.Subject),
		},
		CreatedAt: e.OccurredAt,
	})
	if err != nil {
		return err
	}
	u, err := s.store.UserByID(ctx, p.TranslatorID)
	if errors.Is(err, ErrNotFound) {
		return nil // no account to mail (its e-mail was another's); the message waits for none
	}
	if err != nil {
		return err
	}
	lang := i18n.Parse(u.Lang)
	if i18n.Valid(p.Lang) {
		lang = i18n.Lang(p.Lang) // the language the translator wrote the ticket in
	}
	subject, body := ticketAnsweredMail(lang, u.FullName, p.Subject, s.supportLink(lang))
	if err := s.mailer.Send(ctx, u.Email, subject, body); err != nil {
		return fmt.Errorf("mailing that ticket %s was answered: %w", p.TicketID, err)
	}
	return nil
}

// supportLink is the translator's support page on the site.
func (s *service) supportLink(lang i18n.Lang) string {
	path := "/tr/hesabim/destek"
	if lang == i18n.EN {
		path = "/en/account/support"
	}
	return strings.TrimRight(s.siteURL, "/") + path
}

// ticketAnsweredMail tells a translator, in their language, that staff replied to their ticket.
func ticketAnsweredMail(lang i18n.Lang, name, subject, link string) (mailSubject, body string) {
	if lang == i18n.EN {
		return "Your support ticket was answered: " + subject, fmt.Sprintf(`Hello %s,

our support team has answered your ticket "%s". Sign in to read the reply and write back if you need to:

%s

LinguaPort`, name, subject, link)
	}
	return "Destek talebiniz yanıtlandı: " + subject, fmt.Sprintf(`Merhaba %s,

destek ekibimiz "%s" konulu talebinizi yanıtladı. Yanıtı okumak ve gerekirse yazmaya devam etmek için giriş yapın:

%s

LinguaPort`, name, subject, link)
}
