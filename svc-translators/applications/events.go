package applications

import "linguaport/internal/i18n"

// Events of the applications on events.Stream("translators") (API.md "Events").
const (
	// EventTranslatorApproved has svc-auth open the translator's account.
	EventTranslatorApproved = "translator.approved"
	// EventSubmitted and EventRejected say an application arrived or was turned down (staff's
	// notices; the applicant's mails are queued beside them, mails.go).
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

// applicationRef is the payload of application.submitted and application.rejected: readers
// that need more ask for the application, so no personal data travels on the stream.
type applicationRef struct {
	ApplicationID string `json:"applicationId"`
}
