package profiles

import (
	"context"
	"errors"
	"strings"
	"time"

	"linguaport/internal/errs"
	"linguaport/internal/mongox"
)

// PageSize is how many translators staff's list shows at once.
const PageSize = 50

// Sworn states staff's list filters by: a registration staff verified, or one declared and
// waiting for staff (Sworn.Verified false). Translators who declared none match neither.
const (
	SwornVerified = "verified"
	SwornPending  = "pending"
)

// ReasonCursor: a `before` that names no translator.
const ReasonCursor = "translator_cursor"

// ListFilter is staff's list of translators (API.md "Staff"): each narrowing optional.
type ListFilter struct {
	Q         string // a prefix of the name, of a word of it or of the e-mail, or the id whole
	Oldest    bool   // oldest profile first (newest first otherwise)
	Suspended *bool
	Sworn     string // "", SwornVerified or SwornPending
	Before    string // the `next` of the page before: a translator id
}

// Page is one page of the list; More says whether another follows, from before=Next.
type Page struct {
	Translators []Profile `json:"translators"`
	More        bool      `json:"more"`
	Next        string    `json:"next,omitempty"`
}

// MaskedAccount is a bank account as staff see it: enough to tell accounts apart and match a
// payout, never the whole IBAN.
type MaskedAccount struct {
	ID         string    `json:"id"`
	IBANMasked string    `json:"ibanMasked"` // every character but the last 4 starred, in groups
	Last4      string    `json:"last4"`
	Country    string    `json:"country"`
	Holder     string    `json:"holder"`
	Default    bool      `json:"default"`
	AddedAt    time.Time `json:"addedAt"`
}

// StaffView is one translator's profile as staff see it: the profile with the bank accounts
// masked.
type StaffView struct {
	Profile
	Accounts []MaskedAccount `json:"accounts"`
}

func (s *service) Translators(ctx context.Context, f ListFilter) (Page, error) {
	var after *Profile
	if f.Before != "" {
		last, err := s.store.Profile(ctx, f.Before)
		if errors.Is(err, ErrNotFound) {
			return Page{}, errs.Fields{"before": ReasonCursor}
		}
		if err != nil {
			return Page{}, err
		}
		after = &last
	}
	list, err := s.store.List(ctx, f, after, PageSize+1)
	if err != nil {
		return Page{}, err
	}
	var page Page
	page.Translators, page.More, page.Next = mongox.Cut(list, PageSize, func(p Profile) string { return p.TranslatorID })
	for i := range page.Translators {
		page.Translators[i] = s.show(page.Translators[i])
	}
	return page, nil
}

func (s *service) Translator(ctx context.Context, id string) (StaffView, error) {
	p, err := s.store.Profile(ctx, id)
	if err != nil {
		return StaffView{}, err
	}
	p = s.show(p)
	v := StaffView{Profile: p, Accounts: []MaskedAccount{}}
	for _, a := range listed(p.Accounts) {
		v.Accounts = append(v.Accounts, MaskedAccount{ID: a.ID, IBANMasked: MaskIBAN(a.IBAN), Last4: a.IBAN[max(0, len(a.IBAN)-4):],
			Country: a.Country, Holder: a.Holder, Default: a.Default, AddedAt: a.AddedAt})
	}
	return v, nil
}

// MaskIBAN stars every character of a normalised IBAN but the last 4, grouped as DisplayIBAN.
func MaskIBAN(iban string) string {
	n := max(0, len(iban)-4)
	return DisplayIBAN(strings.Repeat("*", n) + iban[n:])
}
