package applications

import (
	"testing"
	"time"

	"linguaport/internal/i18n"
	"linguaport/internal/placeholders"
)

// The applicants' mails carry no placeholder text in either language (internal/placeholders),
// with every field of the application filled as an applicant fills it.
func TestMailsHaveNoPlaceholders(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.TR, i18n.EN} {
		a := Application{FirstName: "Elif", LastName: "Şahin", Email: "elif.sahin@posta.com.tr", WorkingLanguages: []string{"en", "de"},
			Lang: lang, SubmittedAt: time.Date(2026, 11, 28, 9, 30, 0, 0, time.UTC), Reason: "Deneme çevirisi beklenen düzeyde değildi."}
		if found := placeholders.FindIn(confirmationMail(a)); found != nil {
			t.Errorf("confirmation in %s: placeholder text %q", lang, found)
		}
		if found := placeholders.FindIn(rejectionMail(a)); found != nil {
			t.Errorf("rejection in %s: placeholder text %q", lang, found)
		}
	}
}
