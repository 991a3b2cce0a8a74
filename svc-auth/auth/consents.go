package auth

import (
	"context"
	"regexp"
	"time"

	"linguaport/internal/authn"
	"linguaport/internal/errs"
	"linguaport/internal/i18n"
)

// Consents (KVKK, DESIGN §14): what a person was shown or agreed to, with the time, the text's
// version and the language, kept on their account as a history (a withdrawal is a new record,
// never an overwrite). At sign-up: the privacy notice shown (KVKK art. 10: the person is
// informed, which needs no consent), the membership agreement accepted, and the optional
// marketing e-mails (İleti Yönetim Sistemi applies to them; unticked unless the person ticks
// it; an order's own mails need no consent). The site sets only cookies strictly necessary for
// what the visitor asks (the cookie policy says so), so it asks for no cookie consent.

// Kinds of consent record.
const (
	ConsentPrivacyNotice = "privacy_notice"
	ConsentMembership    = "membership_agreement"
	ConsentMarketing     = "marketing_email"
)

// MarketingConsentVersion names the words of the marketing box (MarketingConsentText): change
// both together.
const MarketingConsentVersion = "2026-11-30"

// MarketingConsentText is the marketing box as the sign-up form and Settings show it (the web
// UI's texts carry the same words; a test holds them together).
var MarketingConsentText = i18n.Text{
	TR: "LinguaPort'un kampanya, indirim ve duyurularını e-postayla almak istiyorum. (İsteğe bağlı; dilediğiniz zaman ayarlarınızdan geri alabilirsiniz.)",
	EN: "I would like to receive LinguaPort's offers, discounts and news by e-mail. (Optional; you can withdraw it in your settings at any time.)",
}

// ConsentRecord is one record of the history.
type ConsentRecord struct {
	Kind    string    `json:"kind" bson:"kind"`
	Given   bool      `json:"given" bson:"given"`
	Version string    `json:"version" bson:"version"`
	Lang    string    `json:"lang" bson:"lang"`
	At      time.Time `json:"at" bson:"at"`
	// Text is the box's words as shown, for a consent a person ticks (marketing).
	Text string `json:"text,omitempty" bson:"text,omitempty"`
}

// Consents is the account's consent history and the marketing choice in force.
type Consents struct {
	MarketingEmails bool            `json:"marketingEmails"`
	History         []ConsentRecord `json:"history"`
}

// legalVersion is a legal text's version as the site shows it: the date it was last updated.
var legalVersion = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`)

// signUpConsents are the records a sign-up writes: the notice and agreement in the versions the
// page showed (noticeVersion, termsVersion; "" when the page could not say, recorded as such),
// and the marketing choice.
func signUpConsents(r Registration, lang string, now time.Time) ([]ConsentRecord, error) {
	for field, v := range map[string]string{"noticeVersion": r.NoticeVersion, "termsVersion": r.TermsVersion} {
		if v != "" && !legalVersion.MatchString(v) {
			return nil, errs.Fields{field: "version"}
		}
	}
	return []ConsentRecord{
		{Kind: ConsentPrivacyNotice, Given: true, Version: r.NoticeVersion, Lang: lang, At: now},
		{Kind: ConsentMembership, Given: true, Version: r.TermsVersion, Lang: lang, At: now},
		{Kind: ConsentMarketing, Given: r.MarketingEmails, Version: MarketingConsentVersion, Lang: lang, At: now, Text: MarketingConsentText.In(i18n.Parse(lang))},
	}, nil
}

// marketingOn is the marketing choice the history ends with.
func marketingOn(history []ConsentRecord) bool {
	on := false
	for _, c := range history {
		if c.Kind == ConsentMarketing {
			on = c.Given
		}
	}
	return on
}

func consentsOf(u *userDoc) Consents {
	h := u.Consents
	if h == nil {
		h = []ConsentRecord{}
	}
	return Consents{MarketingEmails: marketingOn(h), History: h}
}

// Consents is the caller's consent history.
func (s *service) Consents(ctx context.Context, c authn.Caller) (Consents, error) {
	u, err := s.store.UserByID(ctx, c.ID)
	if err != nil {
		return Consents{}, err
	}
	return consentsOf(u), nil
}

// SetMarketing records the caller's marketing choice (given or withdrawn) in lang; the same
// choice again records nothing.
func (s *service) SetMarketing(ctx context.Context, c authn.Caller, on bool) (Consents, error) {
	now := s.now().UTC()
	u, err := s.store.UpdateUser(ctx, c.ID, func(u *userDoc) (*userDoc, error) {
		if marketingOn(u.Consents) == on && len(u.Consents) > 0 {
			return u, nil
		}
		lang := string(c.Lang)
		u.Consents = append(u.Consents, ConsentRecord{Kind: ConsentMarketing, Given: on, Version: MarketingConsentVersion, Lang: lang, At: now,
			Text: MarketingConsentText.In(i18n.Parse(lang))})
		return u, nil
	})
	if err != nil {
		return Consents{}, err
	}
	return consentsOf(u), nil
}
