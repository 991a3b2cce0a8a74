package auth

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"linguaport/internal/errs"
	"linguaport/internal/i18n"
	"linguaport/internal/mailbox"
)

// An account's own mails: the welcome with a link to confirm the address, a new link on request,
// the mail preferences and the one-click unsubscribe.

// Errors of the address confirmation link (svc-auth/API.md): each says what the reader can do.
var (
	ErrVerifyInvalid = errors.New("verification link invalid")
	ErrVerifyUsed    = errors.New("verification link already used")
	ErrVerifyExpired = errors.New("verification link expired")
	// ErrUnsubscribeInvalid: an unsubscribe link that is not one of ours, or was altered.
	ErrUnsubscribeInvalid = errors.New("unsubscribe link invalid")
)

const (
	// VerifyTTL is how long a confirmation link works: a week, as a welcome may be read late.
	VerifyTTL = 7 * 24 * time.Hour
	// maxVerifyTickets bounds the links an account keeps: the newest few, so a link mailed
	// before the last "send again" still works.
	maxVerifyTickets = 5
)

// verifyTicket is one confirmation link mailed: the digest of its secret (never the secret), the
// address it confirms, until when, and when it was used.
type verifyTicket struct {
	Digest  string     `bson:"digest"`
	Email   string     `bson:"email"`
	Expires time.Time  `bson:"expires"`
	UsedAt  *time.Time `bson:"usedAt,omitempty"`
}

// MailPreferences are the optional mails a user gets: true is on.
type MailPreferences struct {
	Offers    bool `json:"offers"`
	Reminders bool `json:"reminders"`
}

// AccountMail is the part of the service about an account's mail (mails_account.go).
type AccountMail interface {
	// VerifyEmail confirms the address a mailed link was for.
	VerifyEmail(ctx context.Context, token string) error
	// ResendVerification mails the signed-in user a new confirmation link.
	ResendVerification(ctx context.Context, userID, lang string) error
	MailPreferences(ctx context.Context, userID string) (MailPreferences, error)
	SetMailPreferences(ctx context.Context, userID string, p MailPreferences) (MailPreferences, error)
	// Unsubscribe turns off the one category a one-click link names, for its one account, and
	// says which category that was.
	Unsubscribe(ctx context.Context, token string) (string, error)
}

// queueVerification adds to u a confirmation link for its address and the mail of kind that
// carries it (the welcome, or a new link). The link's secret is derived from the mail's id;
// only its digest stays with the account.
func (s *service) queueVerification(u *userDoc, mailID, kind, lang string) {
	now := s.now().UTC()
	secret := s.links.mailToken("verify", mailID)
	u.Verify = append(u.Verify, verifyTicket{Digest: digest(secret), Email: u.Email, Expires: now.Add(VerifyTTL)})
	if n := len(u.Verify); n > maxVerifyTickets {
		u.Verify = slices.Clone(u.Verify[n-maxVerifyTickets:])
	}
	u.Box.Add(newMail(mailID, kind, u.ID, lang, accountMail{Verify: true, Email: u.Email}, now))
}

// verifiable: the reader's address still needs confirming, and is the one the mail was for.
func (c *composer) verifiable(email string) bool {
	return c.user != nil && !c.user.EmailVerified && (email == "" || email == c.user.Email)
}

// verifyLink says line and points the button at the confirmation link this mail's id derives,
// if the account still keeps that link; a link it dropped (too many asked since) is not sent.
func (c *composer) verifyLink(line i18n.Text) error {
	secret := c.m.links.mailToken("verify", c.mail.ID)
	i := slices.IndexFunc(c.user.Verify, func(t verifyTicket) bool { return t.Digest == digest(secret) })
	if i < 0 {
		return fmt.Errorf("the account no longer keeps this link: %w", mailbox.ErrSkip)
	}
	c.add(line)
	c.button = i18n.Text{TR: "E-posta adresimi doğrula", EN: "Confirm my e-mail address"}
	c.fact(i18n.Text{TR: "Adres", EN: "Address"}, c.user.Verify[i].Email)
	c.fact(i18n.Text{TR: "Bağlantının son geçerlilik zamanı", EN: "The link works until"}, c.when(c.user.Verify[i].Expires))
	c.link = c.page("verify", "?token="+userToken(c.user.ID, secret))
	return nil
}

func (s *service) VerifyEmail(ctx context.Context, token string) error {
	if token == "" {
		return errs.Fields{"token": "required"}
	}
	uid, secret, ok := splitUserToken(token)
	if !ok {
		return ErrVerifyInvalid
	}
	now := s.now().UTC()
	var refused error
	_, err := s.store.UpdateUser(ctx, uid, func(u *userDoc) (*userDoc, error) {
		i := slices.IndexFunc(u.Verify, func(t verifyTicket) bool { return t.Digest == digest(secret) })
		switch {
		case i < 0 || u.Verify[i].Email != u.Email:
			refused = ErrVerifyInvalid // not ours, superseded, or for an address the account no longer has
		case u.Verify[i].UsedAt != nil:
			refused = ErrVerifyUsed
		case !now.Before(u.Verify[i].Expires):
			refused = ErrVerifyExpired
		}
		if refused != nil {
			return nil, refused
		}
		u.Verify[i].UsedAt = &now
		u.EmailVerified = true
		u.UpdatedAt = now
		return u, nil
	})
	if errors.Is(err, ErrNotFound) {
		return ErrVerifyInvalid
	}
	return err
}

func (s *service) ResendVerification(ctx context.Context, userID, lang string) error {
	if err := s.limit(ctx, s.verifyLimit, userID); err != nil {
		return err
	}
	_, err := s.store.UpdateUser(ctx, userID, func(u *userDoc) (*userDoc, error) {
		if u.EmailVerified {
			return nil, ErrAlreadyVerified
		}
		s.queueVerification(u, "verify-"+s.newID(), KindVerifyEmail, lang)
		return u, nil
	})
	return err
}

// ErrAlreadyVerified: a new confirmation link was asked for an address already confirmed.
var ErrAlreadyVerified = errors.New("email already verified")

func (s *service) MailPreferences(ctx context.Context, userID string) (MailPreferences, error) {
	u, err := s.store.UserByID(ctx, userID)
	if err != nil {
		return MailPreferences{}, err
	}
	return preferencesOf(u), nil
}

func preferencesOf(u *userDoc) MailPreferences {
	return MailPreferences{
		Offers:    !slices.Contains(u.MailOff, CategoryOffers),
		Reminders: !slices.Contains(u.MailOff, CategoryReminders),
	}
}

func (s *service) SetMailPreferences(ctx context.Context, userID string, p MailPreferences) (MailPreferences, error) {
	u, err := s.store.UpdateUser(ctx, userID, func(u *userDoc) (*userDoc, error) {
		u.MailOff = nil
		if !p.Offers {
			u.MailOff = append(u.MailOff, CategoryOffers)
		}
		if !p.Reminders {
			u.MailOff = append(u.MailOff, CategoryReminders)
		}
		u.UpdatedAt = s.now().UTC()
		return u, nil
	})
	if err != nil {
		return MailPreferences{}, err
	}
	return preferencesOf(u), nil
}

func (s *service) Unsubscribe(ctx context.Context, token string) (string, error) {
	uid, category, ok := s.links.readUnsubscribe(token)
	if !ok {
		return "", ErrUnsubscribeInvalid
	}
	_, err := s.store.UpdateUser(ctx, uid, func(u *userDoc) (*userDoc, error) {
		if slices.Contains(u.MailOff, category) {
			return nil, errUnchanged
		}
		u.MailOff = append(u.MailOff, category)
		u.UpdatedAt = s.now().UTC()
		return u, nil
	})
	switch {
	case errors.Is(err, errUnchanged):
		return category, nil // turned off already: a second click, or the mail client's and the reader's
	case errors.Is(err, ErrNotFound):
		return "", ErrUnsubscribeInvalid // the account is gone: nothing of it is mailed any more
	}
	return category, err
}

// errUnchanged ends an update that has nothing to write.
var errUnchanged = errors.New("nothing to change")
