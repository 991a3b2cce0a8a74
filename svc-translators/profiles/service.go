package profiles

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"linguaport/internal/authn"
	"linguaport/internal/ids"
	"linguaport/internal/names"
	"linguaport/svc-translators/specializations"
)

// Service is the translators' profiles. Calls for a translator's own profile name them by the
// caller the endpoint reads from the verified token (authn.Caller): whose profile it is, so nobody
// reaches another's; staff calls name the translator and pass the staff member, whose id goes
// into the record of staff actions.
type Service interface {
	// Profile is the caller's profile; one who saved nothing yet gets an empty one, never an error.
	Profile(ctx context.Context, c authn.Caller) (Profile, error)
	// SaveCompetencies replaces the caller's competencies as a whole; the last save wins.
	SaveCompetencies(ctx context.Context, c authn.Caller, in CompetenciesInput) (Profile, error)

	// Accounts are the caller's bank accounts, the default first.
	Accounts(ctx context.Context, c authn.Caller) ([]BankAccount, error)
	// AddAccount adds a bank account; the first is the default.
	AddAccount(ctx context.Context, c authn.Caller, in AccountInput) (BankAccount, error)
	// SetDefaultAccount makes one of the caller's accounts the default.
	SetDefaultAccount(ctx context.Context, c authn.Caller, id string) ([]BankAccount, error)
	// DeleteAccount removes one of the caller's accounts; if it was the default, the next one
	// becomes the default.
	DeleteAccount(ctx context.Context, c authn.Caller, id string) error

	// Vacations are the caller's periods off, oldest first, with their status today.
	Vacations(ctx context.Context, c authn.Caller) ([]Vacation, error)
	// AddVacation plans a period off.
	AddVacation(ctx context.Context, c authn.Caller, in VacationInput) (Vacation, error)
	// EndVacation ends a running period today, or removes one not started yet.
	EndVacation(ctx context.Context, c authn.Caller, id string) (Vacation, error)

	// Translators is a page of staff's list of translators (staff.go).
	Translators(ctx context.Context, f ListFilter) (Page, error)
	// Translator is one translator's profile as staff see it; ErrNotFound for an unknown id.
	Translator(ctx context.Context, id string) (StaffView, error)
	// SetCap sets how many jobs a translator may hold at once.
	SetCap(ctx context.Context, staff authn.Caller, translatorID string, n int) (Profile, error)
	// VerifySworn records that staff checked the translator's sworn registration.
	VerifySworn(ctx context.Context, staff authn.Caller, translatorID string) (Profile, error)
	// Suspend holds the translator back from new work, with why (suspend.go).
	Suspend(ctx context.Context, staff authn.Caller, translatorID, reason string) (Profile, error)
	// Unsuspend lets them take work again.
	Unsuspend(ctx context.Context, staff authn.Caller, translatorID string) (Profile, error)

	// Start makes an approved applicant's profile, once: when the translator has one already it
	// is left alone.
	Start(ctx context.Context, o Opening) (Profile, error)
}

type service struct {
	store Store
	now   func() time.Time
	kick  func(ids ...any)
}

// NewService returns the profiles service. kick tells the outbox relay which profiles have
// events to publish.
func NewService(store Store, now func() time.Time, kick func(ids ...any)) Service {
	return &service{store: store, now: now, kick: kick}
}

// blank is the profile of a translator who has saved nothing yet.
func blank(id, name, email string) Profile {
	return Profile{TranslatorID: id, FullName: name, Email: email, ActiveJobCap: DefaultActiveJobCap,
		Competencies: Competencies{Pairs: []Pair{}, Services: []string{}, Specializations: []string{}},
		Vacations:    []Vacation{}}
}

// show fills what is computed for the answer: vacation status today, display IBANs.
func (s *service) show(p Profile) Profile {
	today := Today(s.now())
	p.Vacations = slices.Clone(p.Vacations)
	p.OnVacation = false
	p.Suspended = p.Suspension != nil
	for i := range p.Vacations {
		p.Vacations[i].Status = status(p.Vacations[i], today)
		p.OnVacation = p.OnVacation || p.Vacations[i].Status == Running
	}
	if p.Vacations == nil {
		p.Vacations = []Vacation{}
	}
	p.Accounts = slices.Clone(p.Accounts)
	for i := range p.Accounts {
		p.Accounts[i].IBANDisplay = DisplayIBAN(p.Accounts[i].IBAN)
	}
	return p
}

func (s *service) Profile(ctx context.Context, c authn.Caller) (Profile, error) {
	p, err := s.store.Profile(ctx, c.ID)
	if errors.Is(err, ErrNotFound) {
		return s.show(blank(c.ID, c.Name, "")), nil
	}
	if err != nil {
		return Profile{}, err
	}
	return s.show(p), nil
}

// own changes the caller's profile in one write, making it first if need be. change works on the
// stored profile; whatever it does to the availability picture is announced in the same write.
func (s *service) own(ctx context.Context, c authn.Caller, change func(p *Profile, now time.Time) error) (Profile, error) {
	named := func(p *Profile, now time.Time) error {
		if c.Name != "" && p.FullName != c.Name {
			// The token carries the name the translator goes by now.
			p.FullName = c.Name
		}
		return change(p, now)
	}
	p, err := s.update(ctx, c.ID, named)
	if !errors.Is(err, ErrNotFound) {
		return p, err
	}
	// The first write: a change refused on the empty profile leaves no document behind.
	b := blank(c.ID, c.Name, "")
	if err := named(&b, s.now()); err != nil {
		return Profile{}, err
	}
	first := blank(c.ID, c.Name, "")
	first.CreatedAt = s.now().UTC().Truncate(time.Millisecond)
	first.derive()
	if _, err := s.store.Create(ctx, first); err != nil {
		return Profile{}, err
	}
	return s.update(ctx, c.ID, named)
}

// update is the one write path: read, change, announce, write, kick.
func (s *service) update(ctx context.Context, id string, change func(p *Profile, now time.Time) error) (Profile, error) {
	announced := false
	p, err := s.store.Update(ctx, id, func(p *Profile) (*Profile, error) {
		now := s.now()
		seen := p.GetVersion()
		was, wasAccounts := availability(p, Today(now)), payoutAccounts(p)
		if err := change(p, now); err != nil {
			return nil, err
		}
		p.UpdatedAt = now.UTC().Truncate(time.Millisecond)
		p.derive()
		changed, err := announce(ctx, was, p, seen, now)
		if err != nil {
			return nil, err
		}
		moved, err := announceAccounts(ctx, wasAccounts, p, seen, now)
		announced = changed || moved
		return p, err
	})
	if err != nil {
		return Profile{}, err
	}
	if announced {
		s.kick(id)
	}
	return s.show(p), nil
}

func (s *service) SaveCompetencies(ctx context.Context, c authn.Caller, in CompetenciesInput) (Profile, error) {
	in = normalizeCompetencies(in)
	if err := validateCompetencies(in, Today(s.now())); err != nil {
		return Profile{}, err
	}
	return s.own(ctx, c, func(p *Profile, _ time.Time) error {
		var sworn *Sworn
		if in.Sworn != nil {
			sworn = &Sworn{Court: in.Sworn.Court, CertificateDate: in.Sworn.CertificateDate}
			if old := p.Competencies.Sworn; old != nil && old.Court == sworn.Court && old.CertificateDate == sworn.CertificateDate {
				// The same registration keeps the check staff made of it.
				sworn.Verified, sworn.VerifiedAt = old.Verified, old.VerifiedAt
			}
		}
		p.Competencies = Competencies{
			Pairs: in.Pairs, Services: in.Services, Specializations: orEmpty(in.Specializations),
			Sworn: sworn, Certificates: in.Certificates,
		}
		return nil
	})
}

func orEmpty(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func (s *service) SetCap(ctx context.Context, staff authn.Caller, translatorID string, n int) (Profile, error) {
	if err := validateCap(n); err != nil {
		return Profile{}, err
	}
	return s.update(ctx, translatorID, func(p *Profile, now time.Time) error {
		if p.ActiveJobCap != n {
			p.record(staff.ID, now, "activeJobCap", strconv.Itoa(p.ActiveJobCap), strconv.Itoa(n))
			p.ActiveJobCap = n
		}
		return nil
	})
}

func (s *service) VerifySworn(ctx context.Context, staff authn.Caller, translatorID string) (Profile, error) {
	return s.update(ctx, translatorID, func(p *Profile, now time.Time) error {
		sw := p.Competencies.Sworn
		if sw == nil {
			return ErrNoSworn
		}
		if !sw.Verified {
			at := now.UTC().Truncate(time.Millisecond)
			p.record(staff.ID, now, "sworn.verified", "false", fmt.Sprintf("true (%s, %s)", sw.Court, sw.CertificateDate))
			p.Competencies.Sworn = &Sworn{Court: sw.Court, CertificateDate: sw.CertificateDate, Verified: true, VerifiedAt: &at}
		}
		return nil
	})
}

// record keeps a staff action on the profile, the newest staffLogSize of them.
func (p *Profile) record(by string, at time.Time, what, before, after string) {
	p.StaffLog = append(p.StaffLog, StaffAction{By: by, At: at.UTC().Truncate(time.Millisecond), What: what, Before: before, After: after})
	if n := len(p.StaffLog); n > staffLogSize {
		p.StaffLog = slices.Clone(p.StaffLog[n-staffLogSize:])
	}
}

func (s *service) Start(ctx context.Context, o Opening) (Profile, error) {
	p := blank(o.TranslatorID, strings.TrimSpace(o.FullName), strings.TrimSpace(o.Email))
	// Announced like any write: compared with the picture of a profile nobody has changed.
	empty := blank(o.TranslatorID, "", "")
	// What the application brings is kept as far as today's rules allow; the translator edits
	// the rest.
	for _, pair := range o.Pairs {
		_, src := names.Language(pair.Source)
		_, dst := names.Language(pair.Target)
		if src && dst && pair.Source != pair.Target && !slices.Contains(p.Competencies.Pairs, pair) && len(p.Competencies.Pairs) < MaxPairs {
			p.Competencies.Pairs = append(p.Competencies.Pairs, pair)
		}
	}
	for _, k := range o.Specializations {
		if specializations.Valid(k) && !slices.Contains(p.Competencies.Specializations, k) {
			p.Competencies.Specializations = append(p.Competencies.Specializations, k)
		}
	}
	now := s.now()
	p.CreatedAt = now.UTC().Truncate(time.Millisecond)
	p.UpdatedAt = p.CreatedAt
	p.derive()
	announced, err := announce(ctx, availability(&empty, Today(now)), &p, 0, now)
	if err != nil {
		return Profile{}, err
	}
	if announced {
		p.SetVersion(1) // the version the event carries: the next write's event has a higher one
	}
	created, err := s.store.Create(ctx, p)
	if err != nil {
		return Profile{}, err
	}
	if created && announced {
		s.kick(p.TranslatorID)
	}
	stored, err := s.store.Profile(ctx, o.TranslatorID)
	if err != nil {
		return Profile{}, err
	}
	return s.show(stored), nil
}

// newID makes the ids of accounts and vacations; they are unique within one profile by chance
// alone (96 random bits).
var newID = ids.New
