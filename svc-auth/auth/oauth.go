package auth

import (
	"context"
	"errors"
	"strings"

	"linguaport/internal/authn"
	"linguaport/internal/i18n"
)

// ExternalIdentity is who a provider says signed in.
type ExternalIdentity struct {
	Provider, Subject, Email, Name string
	EmailVerified                  bool
	// Lang is the language of the page the visitor signed in from: a new account's.
	Lang string
}

// SignInWithProvider signs in the account linked to a Google or Facebook identity. A first
// sign-in links to the account with the same verified email, or creates a customer account.
func (s *service) SignInWithProvider(ctx context.Context, id ExternalIdentity) (Session, error) {
	doc, err := s.store.UserByProvider(ctx, id.Provider, id.Subject)
	if err == nil && doc.ClosedAt != nil {
		return Session{}, ErrInvalidCredentials // being erased: it signs in no more
	}
	if err == nil {
		return s.startSession(ctx, doc, true)
	}
	if !errors.Is(err, ErrNotFound) {
		return Session{}, err
	}
	email := normalizeEmail(id.Email)
	if email == "" || !id.EmailVerified {
		return Session{}, ErrProviderEmail
	}
	link := func(u *userDoc) (*userDoc, error) {
		if id.Provider == "google" {
			u.Google = id.Subject
		} else {
			u.Facebook = id.Subject
		}
		// The provider vouched for the address (only a verified one is taken).
		u.EmailVerified = true
		u.UpdatedAt = s.now().UTC()
		return u, nil
	}
	if existing, err := s.store.UserByEmail(ctx, email); err == nil {
		if existing.ClosedAt != nil {
			return Session{}, ErrInvalidCredentials
		}
		linked, err := s.store.UpdateUser(ctx, existing.ID, link)
		if err != nil {
			return Session{}, err
		}
		return s.startSession(ctx, linked, true)
	} else if !errors.Is(err, ErrNotFound) {
		return Session{}, err
	}
	name := strings.TrimSpace(id.Name)
	if name == "" {
		name = email[:strings.IndexByte(email, '@')]
	}
	now := s.now().UTC()
	doc = &userDoc{ID: s.newID(), Email: email, FullName: name, Role: authn.RoleCustomer, Lang: string(i18n.Parse(id.Lang)), CreatedAt: now, UpdatedAt: now}
	doc, _ = link(doc)
	// A welcome without a confirmation link: the provider confirmed the address.
	doc.Box.Add(newMail("welcome-"+doc.ID, KindWelcome, doc.ID, doc.Lang, accountMail{}, now))
	if err := s.openAccount(ctx, doc); err != nil {
		return Session{}, err
	}
	return s.startSession(ctx, doc, true)
}
