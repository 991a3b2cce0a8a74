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
// in the same insert a mail in the event's language with a link to set one (the reset-password
// page; the link is made when the mail is sent, mails_kinds.go). It is once per translator
// however often the event arrives: the account is found by its id, and its insert is what queues
// the mail. One who loses it asks for a reset link, as anyone who forgot a password does.
//
// An e-mail that already belongs to another account (a customer who applied) is left to that
// account: an account has one role, and the customer's orders, invoices and balance stay theirs.
// No translator account is made; the applicant is mailed that the address is taken and asked to
// write to the agency to be set up under another address (svc-auth/API.md), once per event.
func TranslatorHandler(store Store, log *slog.Logger) events.Handler {
	s := NewService(store, nil, nil, nil).(*service)
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
		taken, err := s.openTranslator(ctx, e, p)
		if taken {
			log.WarnContext(ctx, "approved translator's e-mail belongs to another account; no translator account made",
				"translator", p.TranslatorID, "application", p.ApplicationID)
		}
		return err
	}
}

// openTranslator makes the account with its welcome mail; taken says the e-mail is another
// account's, whose holder is mailed so instead.
func (s *service) openTranslator(ctx context.Context, e events.Event, p TranslatorApproved) (taken bool, err error) {
	lang := string(i18n.Parse(p.Lang))
	if _, err := s.store.UserByID(ctx, p.TranslatorID); !errors.Is(err, ErrNotFound) {
		return false, err // made by an earlier delivery (nil), or the store is away
	}
	now := s.now().UTC()
	doc := &userDoc{ID: p.TranslatorID, Email: normalizeEmail(p.Email), FullName: strings.TrimSpace(p.FullName),
		Role: authn.RoleTranslator, Lang: lang, CreatedAt: now, UpdatedAt: now}
	doc.Box.Add(newMail("set-password-"+doc.ID, KindSetPassword, doc.ID, lang, nil, now))
	err = s.store.InsertUser(ctx, doc)
	if !errors.Is(err, ErrEmailTaken) {
		return false, err
	}
	// Either an earlier delivery made this account just now, or the e-mail is another's.
	if _, err := s.store.UserByID(ctx, p.TranslatorID); !errors.Is(err, ErrNotFound) {
		return false, err
	}
	m := newMail(e.ID+"/"+KindEmailTaken, KindEmailTaken, doc.Email, lang, accountMail{Name: doc.FullName}, now)
	return true, s.store.AddMail(ctx, m)
}
