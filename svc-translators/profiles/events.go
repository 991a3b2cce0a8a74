package profiles

import (
	"context"
	"fmt"
	"slices"
	"time"

	"linguaport/internal/events"
)

// EventProfileChanged announces a translator's availability picture on events.Stream("translators")
// (API.md "Events"); svc-orders keeps its job pool's read model from it.
const EventProfileChanged = "translator.profile_changed"

// Period is a vacation as svc-orders needs it: the days, both ends included, in Turkey.
type Period struct {
	Start string `json:"start"`
	End   string `json:"end"`
}

// ProfileChanged is the whole availability picture of a translator, never a difference: a
// consumer that keeps the one with the highest Version has the newest, whatever order the
// events arrive in and however often.
type ProfileChanged struct {
	TranslatorID  string   `json:"translatorId"`
	Version       int64    `json:"version"`
	Pairs         []Pair   `json:"pairs"`
	Services      []string `json:"services"`
	SwornVerified bool     `json:"swornVerified"`
	ActiveJobCap  int      `json:"activeJobCap"`
	Vacations     []Period `json:"vacations"` // the periods not over at the time of the change
	// Suspended: staff hold the translator back from new work; svc-orders shows them no pool
	// and refuses their claims while it is true.
	Suspended bool      `json:"suspended"`
	At        time.Time `json:"at"`
}

// availability is p's picture on day today, without version and time.
func availability(p *Profile, today string) ProfileChanged {
	c := ProfileChanged{
		TranslatorID:  p.TranslatorID,
		Pairs:         append([]Pair{}, p.Competencies.Pairs...),
		Services:      append([]string{}, p.Competencies.Services...),
		SwornVerified: p.Competencies.Sworn != nil && p.Competencies.Sworn.Verified,
		ActiveJobCap:  p.ActiveJobCap,
		Vacations:     []Period{},
		Suspended:     p.Suspension != nil,
	}
	for _, v := range p.Vacations {
		if status(v, today) != Over {
			c.Vacations = append(c.Vacations, Period{Start: v.Start, End: v.End})
		}
	}
	return c
}

func samePicture(a, b ProfileChanged) bool {
	return slices.Equal(a.Pairs, b.Pairs) && slices.Equal(a.Services, b.Services) &&
		a.SwornVerified == b.SwornVerified && a.ActiveJobCap == b.ActiveJobCap && slices.Equal(a.Vacations, b.Vacations) &&
		a.Suspended == b.Suspended
}

// announce queues translator.profile_changed in p's outbox when its availability on today
// differs from was, the picture before the change. The version is the one p is written with
// (mongox.Update writes seen+1, seen being the version p was read at), so it grows with every
// write of the document and the newest picture has the highest.
func announce(ctx context.Context, was ProfileChanged, p *Profile, seen int64, now time.Time) (bool, error) {
	is := availability(p, Today(now))
	if samePicture(was, is) {
		return false, nil
	}
	is.Version = seen + 1
	is.At = now.UTC()
	e, err := events.New(ctx, EventProfileChanged, is)
	if err != nil {
		return false, err
	}
	p.Add(e)
	return true, nil
}

// EventPayoutAccounts announces a translator's bank accounts on events.Stream("translators") at
// every change of them (API.md "Events"); svc-billing pays earnings out only to these, from its
// own read model, never reading this service's collections.
const EventPayoutAccounts = "translator.payout_accounts"

// PayoutAccount is a bank account as svc-billing pays to it.
type PayoutAccount struct {
	ID      string `json:"id"`
	IBAN    string `json:"iban"`
	Holder  string `json:"holder"`
	Default bool   `json:"default"`
}

// PayoutAccounts is the whole list of a translator's accounts, never a difference: the highest
// Version is the newest, whatever order the events arrive in.
type PayoutAccounts struct {
	TranslatorID string          `json:"translatorId"`
	Version      int64           `json:"version"`
	Accounts     []PayoutAccount `json:"accounts"`
	// Name is the translator's name, the first column of svc-billing's bank file of payouts.
	Name string    `json:"name"`
	At   time.Time `json:"at"`
}

func payoutAccounts(p *Profile) []PayoutAccount {
	out := []PayoutAccount{}
	for _, a := range listed(p.Accounts) {
		out = append(out, PayoutAccount{ID: a.ID, IBAN: a.IBAN, Holder: a.Holder, Default: a.Default})
	}
	return out
}

// announceAccounts queues translator.payout_accounts in p's outbox when its accounts differ from
// was, the list before the change; the version is the one p is written with, as announce's.
func announceAccounts(ctx context.Context, was []PayoutAccount, p *Profile, seen int64, now time.Time) (bool, error) {
	is := payoutAccounts(p)
	if slices.Equal(was, is) {
		return false, nil
	}
	e, err := events.New(ctx, EventPayoutAccounts, PayoutAccounts{TranslatorID: p.TranslatorID, Version: seen + 1,
		Accounts: is, Name: p.FullName, At: now.UTC()})
	if err != nil {
		return false, err
	}
	p.Add(e)
	return true, nil
}

// EventTranslatorApproved is the applications' event (API.md "Events") that a profile starts
// from; its payload is declared here, as consumers do, so profiles import no applications.
const EventTranslatorApproved = "translator.approved"

type approved struct {
	TranslatorID     string   `json:"translatorId"`
	Email            string   `json:"email"`
	FullName         string   `json:"fullName"`
	NativeLanguage   string   `json:"nativeLanguage"`
	WorkingLanguages []string `json:"workingLanguages"`
	Specializations  []string `json:"specializations"`
}

// ApprovedHandler opens the profile of an approved applicant: the name and e-mail they applied
// with, their specialisations, and a pair from each working language into their native one (a
// translator translates into their mother tongue; they add the other direction themselves).
// Start keeps a profile that exists, so a redelivered event changes nothing.
func ApprovedHandler(s Service) events.Handler {
	return func(ctx context.Context, e events.Event) error {
		if e.Type != EventTranslatorApproved {
			return nil
		}
		var a approved
		if err := e.Decode(&a); err != nil || a.TranslatorID == "" {
			return fmt.Errorf("%s payload %q: %w", e.Type, e.Data, err)
		}
		o := Opening{TranslatorID: a.TranslatorID, FullName: a.FullName, Email: a.Email, Specializations: a.Specializations}
		for _, w := range a.WorkingLanguages {
			if w != a.NativeLanguage {
				o.Pairs = append(o.Pairs, Pair{Source: w, Target: a.NativeLanguage})
			}
		}
		_, err := s.Start(ctx, o)
		return err
	}
}

// Departure is what the platform is told when a translator's profile is erased (a KVKK erasure,
// svc-translators/datacopy): translator.profile_changed with nothing left to offer work for (no
// pairs, no services, no vacations) and suspended, so svc-orders' pool shows them no job and
// refuses their claims; and, when the profile had bank accounts, translator.payout_accounts with
// none, so svc-billing pays nothing to the IBANs erased with it. Both carry the version after
// p's, the one a write of p would have announced, so they supersede every picture announced
// before; the profile is then deleted only if it is still at p's version (MongoStore.Delete).
//
// These are published straight to the stream, not queued in p's outbox: the document that
// holds the outbox is the one being deleted. The erasure publishes them before it deletes, and
// retries the whole (events of the same version, while the profile is unchanged) until the
// delete succeeds.
func Departure(ctx context.Context, p Profile, now time.Time) ([]events.Event, error) {
	version := p.GetVersion() + 1
	gone, err := events.New(ctx, EventProfileChanged, ProfileChanged{
		TranslatorID: p.TranslatorID, Version: version, Pairs: []Pair{}, Services: []string{}, Vacations: []Period{},
		Suspended: true, At: now.UTC(),
	})
	if err != nil {
		return nil, err
	}
	out := []events.Event{gone}
	if len(p.Accounts) > 0 {
		none, err := events.New(ctx, EventPayoutAccounts, PayoutAccounts{TranslatorID: p.TranslatorID, Version: version,
			Accounts: []PayoutAccount{}, At: now.UTC()})
		if err != nil {
			return nil, err
		}
		out = append(out, none)
	}
	return out, nil
}
