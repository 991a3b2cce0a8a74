package auth

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"linguaport/internal/authn"
	"linguaport/internal/events"
	"linguaport/internal/i18n"
)

// EventTranslatorApproved is svc-translators' event (events.Stream("translators"), contract in
// svc-translators/API.md): staff approved an application, and the applicant becomes a
// translator. The payload is declared here, not imported: services share only the wire contract.
const EventTranslatorApproved = "translator.approved"

// TranslatorApproved is the part of translator.approved an account needs.
type TranslatorApproved struct {
	ApplicationID string `json:"applicationId"`
	TranslatorID  string `json:"translatorId"`
	Email         string `json:"email"`
	FullName      string `json:"fullName"`
	Lang          string `json:"lang"`
}

// SetPasswordTTL is how long the link in a new translator's welcome mail works: longer than a
// reset link's hour, since nobody asked for this mail and it may be read days later.
const SetPasswordTTL = 7 * 24 * time.Hour

// TranslatorHandler is svc-auth's consumer of svc-translators' stream: each approved applicant
// gets an account with the translator id of the event, the translator role and no password, and
// a mail in the event's language with a link to set one (the reset-password link and page,
// WithMail's sender and site). It is once per translator however often the event arrives: the
// account is found by its id, and once its owner has set a password no further mail goes out.
//
// An e-mail that already belongs to another account (a customer who applied) is left to that
// account: an account has one role, and the customer's orders, invoices and balance stay theirs.
// No translator account is made; the applicant is mailed that the address is taken and asked to
// write to the agency to be set up under another address (svc-auth/API.md).
func TranslatorHandler(store Store, sessions SessionStore, log *slog.Logger, opts ...Option) events.Handler {
	s := NewService(store, sessions, nil, nil, opts...).(*service)
	if log == nil {
		log = slog.Default()
	}
	return func(ctx context.Context, e events.Event) error {
		if e.Type != EventTranslatorApproved {
			return nil // events meant for other consumers
		}
		var p TranslatorApproved
		if err := e.Decode(&p); err != nil {
			return fmt.Errorf("%s payload: %w", e.Type, err)
		}
		if p.TranslatorID == "" || normalizeEmail(p.Email) == "" {
			return fmt.Errorf("%s payload: no translator id or e-mail", e.Type)
		}
		taken, err := s.openTranslator(ctx, p)
		if taken {
			log.WarnContext(ctx, "approved translator's e-mail belongs to another account; no translator account made",
				"translator", p.TranslatorID, "application", p.ApplicationID)
		}
		return err
	}
}

// openTranslator makes the account and mails the link; taken says the e-mail is another
// account's.
func (s *service) openTranslator(ctx context.Context, p TranslatorApproved) (taken bool, err error) {
	lang := i18n.Parse(p.Lang)
	doc, err := s.store.UserByID(ctx, p.TranslatorID)
	if errors.Is(err, ErrNotFound) {
		now := s.now().UTC()
		doc = &userDoc{ID: p.TranslatorID, Email: normalizeEmail(p.Email), FullName: strings.TrimSpace(p.FullName),
			Role: authn.RoleTranslator, Lang: string(lang), CreatedAt: now, UpdatedAt: now}
		err = s.store.InsertUser(ctx, doc)
		if errors.Is(err, ErrEmailTaken) {
			// Either an earlier delivery made this account just now, or the e-mail is another's.
			if doc, err = s.store.UserByID(ctx, p.TranslatorID); errors.Is(err, ErrNotFound) {
				subject, body := emailTakenMail(lang, p.FullName)
				if err := s.mailer.Send(ctx, normalizeEmail(p.Email), subject, body); err != nil {
					return true, fmt.Errorf("mailing that the e-mail is taken: %w", err)
				}
				return true, nil
			}
		}
	}
	if err != nil {
		return false, err
	}
	if doc.PasswordHash != "" {
		return false, nil // the translator has set a password: the account is theirs already
	}
	token, err := s.sessions.NewResetToken(ctx, doc.ID, SetPasswordTTL)
	if err != nil {
		return false, err
	}
	subject, body := setPasswordMail(lang, doc.FullName, s.resetLink(lang, token))
	if err := s.mailer.Send(ctx, doc.Email, subject, body); err != nil {
		return false, fmt.Errorf("mailing the set-password link: %w", err)
	}
	return false, nil
}

// setPasswordMail welcomes an approved translator with the link to choose a password.
func setPasswordMail(lang i18n.Lang, name, link string) (subject, body string) {
	if lang == i18n.EN {
		return "Welcome to LinguaPort: set your password", fmt.Sprintf(`Hello %s,

your application to translate for LinguaPort has been approved. Welcome to the team!

Your translator account is ready. Open this link within seven days to choose your password:

%s

The link works once. After that, sign in with this e-mail address and your password.

LinguaPort`, name, link)
	}
	return "LinguaPort'a hoş geldiniz: parolanızı belirleyin", fmt.Sprintf(`Merhaba %s,

LinguaPort'ta tercümanlık başvurunuz onaylandı. Ekibimize hoş geldiniz!

Tercüman hesabınız hazır. Parolanızı belirlemek için yedi gün içinde bu bağlantıyı açın:

%s

Bağlantı yalnızca bir kez kullanılabilir. Ardından bu e-posta adresi ve parolanızla giriş yapabilirsiniz.

LinguaPort`, name, link)
}

// emailTakenMail tells an approved applicant that their e-mail already has an account.
func emailTakenMail(lang i18n.Lang, name string) (subject, body string) {
	if lang == i18n.EN {
		return "Your LinguaPort translator account", fmt.Sprintf(`Hello %s,

your application to translate for LinguaPort has been approved. However, this e-mail address already belongs to a LinguaPort account, and an account can only be a customer's or a translator's, not both. Your existing account stays as it is.

Please reply to this mail or write to our support team with another e-mail address for your translator account, and we will set it up.

LinguaPort`, name)
	}
	return "LinguaPort tercüman hesabınız", fmt.Sprintf(`Merhaba %s,

LinguaPort'ta tercümanlık başvurunuz onaylandı. Ancak bu e-posta adresi zaten bir LinguaPort hesabına ait ve bir hesap aynı anda hem müşteri hem tercüman hesabı olamaz. Mevcut hesabınız olduğu gibi kalır.

Tercüman hesabınız için başka bir e-posta adresini bu e-postayı yanıtlayarak ya da destek ekibimize yazarak bildirin; hesabınızı o adresle açalım.

LinguaPort`, name)
}
