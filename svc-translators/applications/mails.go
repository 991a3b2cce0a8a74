package applications

import (
	"fmt"
	"strings"

	"linguaport/internal/i18n"
	"linguaport/internal/mail"
	"linguaport/internal/names"
)

// confirmationMail tells the applicant, in their language, that the application arrived.
func confirmationMail(a Application) mail.Message {
	langs := make([]string, len(a.WorkingLanguages))
	for i, code := range a.WorkingLanguages {
		n, _ := names.Language(code)
		langs[i] = n.In(a.Lang)
	}
	if a.Lang == i18n.EN {
		return mail.Message{To: []string{a.Email}, Subject: "We received your translator application", Text: fmt.Sprintf(`Hello %s,

thank you for applying to translate for LinguaPort. We received your application (working languages: %s) on %s UTC.

Our team reviews every application and will write to you at this address once it has decided.

LinguaPort`, a.FullName(), strings.Join(langs, ", "), a.SubmittedAt.Format("2 January 2006 15:04"))}
	}
	return mail.Message{To: []string{a.Email}, Subject: "Tercüman başvurunuzu aldık", Text: fmt.Sprintf(`Merhaba %s,

LinguaPort'ta tercüman olmak için başvurduğunuz için teşekkür ederiz. Başvurunuzu (çalışma dilleri: %s) %s UTC tarihinde aldık.

Ekibimiz her başvuruyu inceler; karar verildiğinde size bu adresten yazacağız.

LinguaPort`, a.FullName(), strings.Join(langs, ", "), a.SubmittedAt.Format("02.01.2006 15:04"))}
}

// rejectionMail tells the applicant, in their language, that the application was declined and why.
func rejectionMail(a Application) mail.Message {
	if a.Lang == i18n.EN {
		return mail.Message{To: []string{a.Email}, Subject: "Your translator application", Text: fmt.Sprintf(`Hello %s,

thank you for your interest in translating for LinguaPort. We have reviewed your application and are unable to accept it at this time, for this reason:

%s

You are welcome to apply again.

LinguaPort`, a.FullName(), a.Reason)}
	}
	return mail.Message{To: []string{a.Email}, Subject: "Tercüman başvurunuz hakkında", Text: fmt.Sprintf(`Merhaba %s,

LinguaPort'ta tercümanlık yapmaya gösterdiğiniz ilgi için teşekkür ederiz. Başvurunuzu inceledik ve şu gerekçeyle şu an için kabul edemiyoruz:

%s

Dilediğiniz zaman yeniden başvurabilirsiniz.

LinguaPort`, a.FullName(), a.Reason)}
}
