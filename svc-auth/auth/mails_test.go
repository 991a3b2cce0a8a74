package auth

import (
	"testing"

	"linguaport/internal/i18n"
	"linguaport/internal/placeholders"
)

// svc-auth's mails (password reset, an answered ticket, an approved translator's welcome and
// the address already taken) carry no placeholder text in either language.
func TestMailsHaveNoPlaceholders(t *testing.T) {
	const link = "https://www.linguaport.com/tr/parola-sifirla?token=abc"
	for _, lang := range []i18n.Lang{i18n.TR, i18n.EN} {
		for name, found := range map[string][]string{
			"reset":           placeholders.FindIn(resetMail(lang, "Ayşe Yılmaz", link)),
			"ticket answered": placeholders.FindIn(ticketAnsweredMail(lang, "Ayşe Yılmaz", "Ödeme gecikti", link)),
			"set password":    placeholders.FindIn(setPasswordMail(lang, "Ayşe Yılmaz", link)),
			"email taken":     placeholders.FindIn(emailTakenMail(lang, "Ayşe Yılmaz")),
		} {
			if found != nil {
				t.Errorf("%s mail in %s: placeholder text %q", name, lang, found)
			}
		}
	}
}
