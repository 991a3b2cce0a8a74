package applications

import (
	"context"
	"fmt"

	"linguaport/internal/events"
	"linguaport/internal/i18n"
)

// Events of the applications on events.Stream("translators") (API.md "Events").
const (
	// EventTranslatorApproved has svc-auth open the translator's account.
	EventTranslatorApproved = "translator.approved"
	// EventSubmitted and EventRejected are svc-translators' own: they carry the mails to the
	// applicant (MailHandler).
	EventSubmitted = "application.submitted"
	EventRejected  = "application.rejected"
)

// TranslatorApproved is translator.approved's payload. The languages and specialisations let
// the translator's profile start from the application without reading it.
type TranslatorApproved struct {
	ApplicationID    string    `json:"applicationId"`
	TranslatorID     string    `json:"translatorId"`
	Email            string    `json:"email"`
	FullName         string    `json:"fullName"`
	Lang             i18n.Lang `json:"lang"`
	NativeLanguage   string    `json:"nativeLanguage"`
	WorkingLanguages []string  `json:"workingLanguages"`
	Specializations  []string  `json:"specializations"`
}

// applicationRef is the payload of the mail events: the mail is written from the application
// as stored, so no personal data travels on the stream for it.
type applicationRef struct {
	ApplicationID string `json:"applicationId"`
}

// MailHandler sends the applicant's mails from the applications' own events.
//
// Why through the outbox and not in the request: svc-auth mails in the request, so a mail
// server that is down fails the request (a 5xx) or, if ignored, loses the mail. Here the
// confirmation or the rejection is queued in the same write as the application (its outbox),
// the request answers at once, and this handler sends it; while the mail server is down the
// event stays unacknowledged and is delivered again (events.Consumer's ClaimAfter) until the
// mail leaves. A crash between sending and recording the event may send one mail twice, never none.
func MailHandler(s Service) events.Handler {
	return func(ctx context.Context, e events.Event) error {
		if e.Type != EventSubmitted && e.Type != EventRejected {
			return nil // events meant for other consumers
		}
		var ref applicationRef
		if err := e.Decode(&ref); err != nil || ref.ApplicationID == "" {
			return fmt.Errorf("%s payload %q: %w", e.Type, e.Data, err)
		}
		return s.Notify(ctx, e.Type, ref.ApplicationID)
	}
}
