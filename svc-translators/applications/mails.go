package applications

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"linguaport/internal/i18n"
	"linguaport/internal/mail"
	"linguaport/internal/mailbox"
	"linguaport/internal/names"
	"linguaport/internal/outbox"
)

// The applicant's mails, queued in the write that receives or decides the application.
const (
	MailReceived = "application.received"
	MailRejected = "application.rejected"
)

type applicantMailData struct {
	ApplicationID string `json:"applicationId"`
}

// applicantMail is the mail of kind for a, its id derived from the application and the step,
// so the one write that makes the step queues it once.
func applicantMail(a Application, kind string, now time.Time) mailbox.Mail {
	m, _ := mailbox.New(a.ID+"/"+kind, kind, a.Email, string(a.Lang), applicantMailData{a.ID}, now) // a struct of strings always encodes
	return m
}

// Applicants have no account, so their mails are written from the application as stored, in
// the language they applied in.
type applicationReader interface {
	Application(ctx context.Context, id string) (Application, error)
}

// MailRender writes the applicant's mails for the relay (mailbox.NewRelay), each ending with
// footer's lines (the agency's facts, company.Facts.MailFooter).
func MailRender(store applicationReader, footer func(i18n.Lang) []string) mailbox.Render {
	return func(ctx context.Context, m mailbox.Mail) (mail.Message, error) {
		var d applicantMailData
		if err := m.Decode(&d); err != nil {
			return mail.Message{}, fmt.Errorf("%w: %s payload: %w", outbox.ErrDrop, m.Kind, err)
		}
		a, err := store.Application(ctx, d.ApplicationID)
		if errors.Is(err, ErrNotFound) {
			return mail.Message{}, fmt.Errorf("application %s is gone: %w", d.ApplicationID, mailbox.ErrSkip)
		}
		if err != nil {
			return mail.Message{}, err
		}
		var p mailbox.Page
		switch m.Kind {
		case MailReceived:
			p = confirmationMail(a)
		case MailRejected:
			p = rejectionMail(a)
		default:
			return mail.Message{}, fmt.Errorf("%w: unknown mail kind %q", outbox.ErrDrop, m.Kind)
		}
		p.Footer = footer(a.Lang)
		return p.Message()
	}
}

// confirmationMail tells the applicant, in their language, that the application arrived.
func confirmationMail(a Application) mailbox.Page {
	langs := make([]string, len(a.WorkingLanguages))
	for i, code := range a.WorkingLanguages {
		n, _ := names.Language(code)
		langs[i] = n.In(a.Lang)
	}
	p := mailbox.Page{Lang: a.Lang, To: a.Email}
	if a.Lang == i18n.EN {
		p.Subject = "We received your translator application"
		p.Greeting = "Hello " + a.FullName() + ","
		p.Lines = []string{"Thank you for applying to translate for LinguaPort. Our team reviews every application and will write to you at this address once it has decided."}
		p.Facts = []mailbox.Fact{{Label: "Working languages", Value: strings.Join(langs, ", ")}, {Label: "Received", Value: i18n.DateTime(a.SubmittedAt, a.Lang)}}
		p.Why = "You get this mail because this address applied to translate for LinguaPort."
		return p
	}
	p.Subject = "Tercüman başvurunuzu aldık"
	p.Greeting = "Merhaba " + a.FullName() + ","
	p.Lines = []string{"LinguaPort'ta tercüman olmak için başvurduğunuz için teşekkür ederiz. Ekibimiz her başvuruyu inceler; karar verildiğinde size bu adresten yazacağız."}
	p.Facts = []mailbox.Fact{{Label: "Çalışma dilleri", Value: strings.Join(langs, ", ")}, {Label: "Alındığı zaman", Value: i18n.DateTime(a.SubmittedAt, a.Lang)}}
	p.Why = "Bu e-postayı, bu adresle LinguaPort'a tercüman başvurusu yapıldığı için alıyorsunuz."
	return p
}

// rejectionMail tells the applicant, in their language, that the application was declined and why.
func rejectionMail(a Application) mailbox.Page {
	p := mailbox.Page{Lang: a.Lang, To: a.Email}
	if a.Lang == i18n.EN {
		p.Subject = "Your translator application"
		p.Greeting = "Hello " + a.FullName() + ","
		p.Lines = []string{"Thank you for your interest in translating for LinguaPort. We have reviewed your application and are unable to accept it at this time, for this reason:", a.Reason}
		p.After = []string{"You are welcome to apply again."}
		p.Why = "You get this mail because this address applied to translate for LinguaPort."
		return p
	}
	p.Subject = "Tercüman başvurunuz hakkında"
	p.Greeting = "Merhaba " + a.FullName() + ","
	p.Lines = []string{"LinguaPort'ta tercümanlık yapmaya gösterdiğiniz ilgi için teşekkür ederiz. Başvurunuzu inceledik ve şu gerekçeyle şu an için kabul edemiyoruz:", a.Reason}
	p.After = []string{"Dilediğiniz zaman yeniden başvurabilirsiniz."}
	p.Why = "Bu e-postayı, bu adresle LinguaPort'a tercüman başvurusu yapıldığı için alıyorsunuz."
	return p
}
