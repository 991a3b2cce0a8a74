// Package profiles owns the translators' profiles (DESIGN §10, API.md "The translator's
// profile"): what each translator translates (directed language pairs, services,
// specialisations, sworn status), how many jobs they take at once, when they are on vacation, and
// the bank accounts their earnings are paid to. Every change of what decides which jobs a
// translator may get is announced on svc-translators' stream as translator.profile_changed,
// from the profile document's own outbox, for svc-orders' job pool.
package profiles

import (
	"errors"
	"time"

	"linguaport/internal/events"
	"linguaport/internal/mongox"
	"linguaport/internal/searchkeys"
)

// Errors the service answers with; input that breaks the rules is an errs.Fields.
var (
	// ErrNotFound: no profile with this id (staff naming an unknown translator).
	ErrNotFound = errors.New("translator profile not found")
	// ErrAccountNotFound: no such bank account among the caller's own.
	ErrAccountNotFound = errors.New("bank account not found")
	// ErrAccountExists: the caller has an account with this IBAN already.
	ErrAccountExists = errors.New("bank account already added")
	// ErrTooManyAccounts: the caller has MaxAccounts accounts already.
	ErrTooManyAccounts = errors.New("too many bank accounts")
	// ErrVacationNotFound: no such vacation among the caller's own.
	ErrVacationNotFound = errors.New("vacation not found")
	// ErrVacationOver: the vacation has ended already; there is nothing to end.
	ErrVacationOver = errors.New("vacation already over")
	// ErrNoSworn: staff verifying the sworn status of a translator who declared none.
	ErrNoSworn = errors.New("no sworn translator details to verify")
)

// Bounds of the profile.
const (
	DefaultActiveJobCap = 3
	MinActiveJobCap     = 1
	MaxActiveJobCap     = 20
	MaxPairs            = 30
	MaxAccounts         = 5
	MaxVacationDays     = 90
	// MaxOpenVacations bounds the periods not yet over a translator may have planned.
	MaxOpenVacations = 20
	// staffLogSize bounds the staff actions kept on a profile: the newest are the ones asked about.
	staffLogSize = 50
	// keepOverVacations is how long a period that is over stays on the profile, as history.
	keepOverVacations = 365 * 24 * time.Hour
)

// Pair is one direction a translator translates in: tr→en does not imply en→tr.
type Pair struct {
	Source string `json:"source" bson:"source"`
	Target string `json:"target" bson:"target"`
}

// Sworn is a sworn translator's registration. Verified is set by staff only, and cleared by any
// change of the court or the certificate's date.
type Sworn struct {
	Court           string     `json:"court" bson:"court"`
	CertificateDate string     `json:"certificateDate" bson:"certificateDate"` // YYYY-MM-DD
	Verified        bool       `json:"verified" bson:"verified"`
	VerifiedAt      *time.Time `json:"verifiedAt,omitempty" bson:"verifiedAt,omitempty"`
}

// Competencies are what a translator translates.
type Competencies struct {
	Pairs           []Pair   `json:"pairs" bson:"pairs"`
	Services        []string `json:"services" bson:"services"`
	Specializations []string `json:"specializations" bson:"specializations"`
	Sworn           *Sworn   `json:"sworn" bson:"sworn"`
	Certificates    string   `json:"certificates" bson:"certificates"`
}

// SwornInput is the sworn part of a competencies save: verification is not the translator's.
type SwornInput struct {
	Court           string `json:"court"`
	CertificateDate string `json:"certificateDate"`
}

// CompetenciesInput is what a translator saves: the whole of their competencies.
type CompetenciesInput struct {
	Pairs           []Pair      `json:"pairs"`
	Services        []string    `json:"services"`
	Specializations []string    `json:"specializations"`
	Sworn           *SwornInput `json:"sworn"`
	Certificates    string      `json:"certificates"`
}

// Vacation statuses, computed from the clock.
const (
	Upcoming = "upcoming"
	Running  = "running"
	Over     = "over"
)

// Vacation is a period off, in calendar days in Turkey, both ends included.
type Vacation struct {
	ID    string `json:"id" bson:"id"`
	Start string `json:"start" bson:"start"` // YYYY-MM-DD
	End   string `json:"end" bson:"end"`
	Note  string `json:"note" bson:"note"`
	// EndedAt is when the translator ended it early: from then on it is over, though End (the day
	// it was ended) is still running by the calendar.
	EndedAt *time.Time `json:"endedAt,omitempty" bson:"endedAt,omitempty"`
	Status  string     `json:"status" bson:"-"`
	// Removed: ending a period not started yet removes it; the answer says so.
	Removed bool `json:"removed,omitempty" bson:"-"`
}

// VacationInput is a new period.
type VacationInput struct {
	Start string `json:"start"`
	End   string `json:"end"`
	Note  string `json:"note"`
}

// BankAccount is an account a translator's earnings are paid to.
type BankAccount struct {
	ID          string    `json:"id" bson:"id"`
	IBAN        string    `json:"iban" bson:"iban"` // normalised: no spaces, upper case
	IBANDisplay string    `json:"ibanDisplay" bson:"-"`
	Country     string    `json:"country" bson:"country"`
	Holder      string    `json:"holder" bson:"holder"`
	Default     bool      `json:"default" bson:"default"`
	AddedAt     time.Time `json:"addedAt" bson:"addedAt"`
}

// AccountInput is a new bank account.
type AccountInput struct {
	IBAN   string `json:"iban"`
	Holder string `json:"holder"`
}

// StaffAction records a change staff made to a profile (DESIGN §11): who, when, what, before
// and after.
type StaffAction struct {
	By     string    `json:"by" bson:"by"`
	At     time.Time `json:"at" bson:"at"`
	What   string    `json:"what" bson:"what"`
	Before string    `json:"before" bson:"before"`
	After  string    `json:"after" bson:"after"`
}

// Profile is one translator's, one document keyed by the translator's user id. Bank accounts
// live in it too (at most five), so every change of the profile is one atomic write.
type Profile struct {
	TranslatorID string       `json:"translatorId" bson:"_id"`
	FullName     string       `json:"fullName" bson:"fullName"`
	Email        string       `json:"email" bson:"email"`
	Competencies Competencies `json:"competencies" bson:"competencies"`
	ActiveJobCap int          `json:"activeJobCap" bson:"activeJobCap"`
	Vacations    []Vacation   `json:"vacations" bson:"vacations"`
	// CreatedAt is when the profile was made: staff's list is by it.
	CreatedAt time.Time `json:"createdAt,omitzero" bson:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt,omitzero" bson:"updatedAt"`
	// OnVacation: a period is running today.
	OnVacation bool `json:"onVacation" bson:"-"`
	// Suspended: staff hold the translator back from new work (Suspension says why, by whom).
	// Stored (derive) so that staff's list filters on it.
	Suspended  bool        `json:"suspended" bson:"suspended"`
	Suspension *Suspension `json:"suspension,omitempty" bson:"suspension,omitempty"`

	Accounts []BankAccount `json:"-" bson:"accounts"`
	StaffLog []StaffAction `json:"-" bson:"staffLog"`
	// Search holds what staff find a translator by (derive, internal/searchkeys): a prefix of
	// the name, the e-mail or one of their words, or the id whole; SearchVersion is its format.
	Search        []string `json:"-" bson:"search"`
	SearchVersion int      `json:"-" bson:"searchVersion"`

	mongox.Version `bson:",inline"`
	events.Outbox  `bson:",inline"`
}

// derive sets the fields kept for staff's list from the rest of the profile; every write
// calls it, so they never disagree with what they are derived from.
func (p *Profile) derive() {
	p.Search = searchkeys.Keys([]string{searchkeys.WholeKey(p.TranslatorID)}, p.FullName, p.Email)
	p.SearchVersion = searchkeys.Version
	p.Suspended = p.Suspension != nil
}

// Opening is a new translator's profile as their approved application starts it.
type Opening struct {
	TranslatorID    string
	FullName        string
	Email           string
	Pairs           []Pair
	Specializations []string
}
