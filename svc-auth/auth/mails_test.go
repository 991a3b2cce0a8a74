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
		mails := map[string][2]string{}
		mails["reset"] = pair(resetMail(lang, "Ayşe Yılmaz", link))
		mails["ticket answered"] = pair(ticketAnsweredMail(lang, "Ayşe Yılmaz", "Ödeme gecikti", link))
		mails["set password"] = pair(setPasswordMail(lang, "Ayşe Yılmaz", link))
		mails["email taken"] = pair(emailTakenMail(lang, "Ayşe Yılmaz"))
		for name, m := range mails {
			if m[0] == "" || m[1] == "" {
				t.Errorf("%s mail in %s is empty", name, lang)
			}
			if found := placeholders.Find(m[0] + "\n" + m[1]); found != nil {
				t.Errorf("%s mail in %s: placeholder text %q", name, lang, found)
			}
		}
	}
}

func pair(subject, body string) [2]string { return [2]string{subject, body} }
