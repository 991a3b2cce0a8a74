// Package datacopy answers KVKK copy and erasure requests (internal/privacy, DESIGN §14) for
// svc-translators. An erasure deletes everything this service keeps about the person (erase.go).
// A copy gathers what this service keeps about one person into JSON files for svc-auth's ZIP. By
// the request's user id: the translator's profile (profile.json) and their support tickets with
// their threads (tickets.json); by the request's e-mail: the applications sent with it
// (applications.json), as an applicant may never have had an account. A file is left out when
// there is nothing of its kind.
//
// Every file is a view written for the person, not a dump of the documents: internal fields
// (outboxes, versions, search keys, staff's log, file-store ids) stay out, IBANs are masked and a
// CV is named, never attached. Each read is an indexed query for this one person's documents.
package datacopy

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"linguaport/internal/company"
	"linguaport/internal/i18n"
	"linguaport/internal/privacy"
	"linguaport/svc-translators/applications"
	"linguaport/svc-translators/profiles"
	"linguaport/svc-translators/support"
)

// Service is the name svc-translators answers requests under (privacy.Services).
const Service = "svc-translators"

// The files of a copy, inside svc-translators' folder of the ZIP.
const (
	ProfileFile      = "profile.json"
	ApplicationsFile = "applications.json"
	TicketsFile      = "tickets.json"
)

// ProfileSource finds a translator's profile by their user id (profiles.MongoStore: the _id).
type ProfileSource interface {
	Profile(ctx context.Context, translatorID string) (profiles.Profile, error)
}

// ApplicationSource finds the applications sent with an e-mail (applications.MongoStore: the
// email index).
type ApplicationSource interface {
	ByEmail(ctx context.Context, email string) ([]applications.Application, error)
}

// TicketSource finds a translator's tickets with their threads (support.MongoStore: the
// translatorId index).
type TicketSource interface {
	OfTranslator(ctx context.Context, translatorID string) ([]support.Ticket, error)
}

// Sources are the stores a copy reads, each only through its own collection.
type Sources struct {
	Profiles     ProfileSource
	Applications ApplicationSource
	Tickets      TicketSource
}

// Gather is svc-translators' privacy.Gather. now is the clock the vacations' statuses are read on.
func Gather(src Sources, now func() time.Time) privacy.Gather {
	return func(ctx context.Context, r privacy.Requested) ([]privacy.File, error) {
		files := []privacy.File{}
		add := func(name string, v any) error {
			f, err := privacy.JSONFile(name, v)
			if err != nil {
				return err
			}
			files = append(files, f)
			return nil
		}
		// A visitor without an account has no profile and no tickets: those are keyed by the
		// account's id, never found by e-mail.
		if r.UserID != "" {
			p, err := src.Profiles.Profile(ctx, r.UserID)
			switch {
			case errors.Is(err, profiles.ErrNotFound):
			case err != nil:
				return nil, fmt.Errorf("profile of %s: %w", r.UserID, err)
			default:
				if err := add(ProfileFile, profileCopy(p, now())); err != nil {
					return nil, err
				}
			}
		}
		// Applications are stored with the e-mail in lower case (applications.Form.check); the
		// address the person proved is compared the same way.
		if email := strings.ToLower(strings.TrimSpace(r.Email)); email != "" {
			list, err := src.Applications.ByEmail(ctx, email)
			if err != nil {
				return nil, err
			}
			if len(list) > 0 {
				if err := add(ApplicationsFile, applicationsCopy(list)); err != nil {
					return nil, err
				}
			}
		}
		if r.UserID != "" {
			list, err := src.Tickets.OfTranslator(ctx, r.UserID)
			if err != nil {
				return nil, err
			}
			if len(list) > 0 {
				if err := add(TicketsFile, ticketsCopy(list)); err != nil {
					return nil, err
				}
			}
		}
		return files, nil
	}
}

// ---- profile.json ----

// ProfileCopy is profile.json: the translator's profile as they see it on the site, with their
// bank accounts masked.
type ProfileCopy struct {
	TranslatorID string            `json:"translatorId"`
	FullName     string            `json:"fullName"`
	Email        string            `json:"email"`
	Competencies CompetenciesCopy  `json:"competencies"`
	ActiveJobCap int               `json:"activeJobCap"`
	OnVacation   bool              `json:"onVacation"`
	Vacations    []VacationCopy    `json:"vacations"`
	Suspended    bool              `json:"suspended"`
	Suspension   *SuspensionCopy   `json:"suspension,omitempty"`
	BankAccounts []BankAccountCopy `json:"bankAccounts"`
	CreatedAt    time.Time         `json:"createdAt,omitzero"`
	UpdatedAt    time.Time         `json:"updatedAt,omitzero"`
}

// CompetenciesCopy is what the translator declared they translate.
type CompetenciesCopy struct {
	Pairs           []profiles.Pair `json:"languagePairs"`
	Services        []string        `json:"services"`
	Specializations []string        `json:"specializations"`
	Sworn           *SwornCopy      `json:"sworn"`
	Certificates    string          `json:"certificates"`
}

// SwornCopy is the sworn translator's registration and whether staff verified it.
type SwornCopy struct {
	Court           string     `json:"court"`
	CertificateDate string     `json:"certificateDate"`
	Verified        bool       `json:"verified"`
	VerifiedAt      *time.Time `json:"verifiedAt,omitempty"`
}

// VacationCopy is a period off, with its status on the day of the copy.
type VacationCopy struct {
	Start   string     `json:"start"`
	End     string     `json:"end"`
	Note    string     `json:"note"`
	EndedAt *time.Time `json:"endedAt,omitempty"`
	Status  string     `json:"status"`
}

// SuspensionCopy is why and since when staff hold the translator back from new work; the staff
// member's id is another person's and stays out.
type SuspensionCopy struct {
	Reason string    `json:"reason"`
	Since  time.Time `json:"since"`
}

// BankAccountCopy is an account earnings are paid to, its IBAN masked (company.MaskIBAN).
type BankAccountCopy struct {
	IBAN    string    `json:"iban"`
	Country string    `json:"country"`
	Holder  string    `json:"holder"`
	Default bool      `json:"default"`
	AddedAt time.Time `json:"addedAt"`
}

func profileCopy(p profiles.Profile, now time.Time) ProfileCopy {
	today := profiles.Today(now)
	c := ProfileCopy{
		TranslatorID: p.TranslatorID, FullName: p.FullName, Email: p.Email, ActiveJobCap: p.ActiveJobCap,
		Competencies: CompetenciesCopy{
			Pairs:           orEmpty(p.Competencies.Pairs),
			Services:        orEmpty(p.Competencies.Services),
			Specializations: orEmpty(p.Competencies.Specializations),
			Certificates:    p.Competencies.Certificates,
		},
		Vacations: []VacationCopy{}, Suspended: p.Suspension != nil, BankAccounts: []BankAccountCopy{},
		CreatedAt: p.CreatedAt, UpdatedAt: p.UpdatedAt,
	}
	if sw := p.Competencies.Sworn; sw != nil {
		c.Competencies.Sworn = &SwornCopy{Court: sw.Court, CertificateDate: sw.CertificateDate, Verified: sw.Verified, VerifiedAt: sw.VerifiedAt}
	}
	for _, v := range p.Vacations {
		status := v.StatusOn(today)
		c.OnVacation = c.OnVacation || status == profiles.Running
		c.Vacations = append(c.Vacations, VacationCopy{Start: v.Start, End: v.End, Note: v.Note, EndedAt: v.EndedAt, Status: status})
	}
	if s := p.Suspension; s != nil {
		c.Suspension = &SuspensionCopy{Reason: s.Reason, Since: s.At}
	}
	// The default first, as the site lists them.
	for _, def := range []bool{true, false} {
		for _, a := range p.Accounts {
			if a.Default == def {
				c.BankAccounts = append(c.BankAccounts, BankAccountCopy{IBAN: company.MaskIBAN(a.IBAN), Country: a.Country,
					Holder: a.Holder, Default: a.Default, AddedAt: a.AddedAt})
			}
		}
	}
	return c
}

func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// ---- applications.json ----

// ApplicationsCopy is applications.json: every application sent with the e-mail, newest first.
type ApplicationsCopy struct {
	Applications []ApplicationCopy `json:"applications"`
}

// ApplicationCopy is one application form as sent and staff's decision on it.
type ApplicationCopy struct {
	ID               string    `json:"id"`
	Status           string    `json:"status"`
	SubmittedAt      time.Time `json:"submittedAt"`
	FirstName        string    `json:"firstName"`
	LastName         string    `json:"lastName"`
	Email            string    `json:"email"`
	Phone            string    `json:"phone"`
	NativeLanguage   string    `json:"nativeLanguage"`
	WorkingLanguages []string  `json:"workingLanguages"`
	Specializations  []string  `json:"specializations"`
	ExperienceYears  int       `json:"experienceYears"`
	Education        string    `json:"education"`
	Certificates     string    `json:"certificates"`
	// CV and Portfolio name the files sent; their bytes are not part of the copy.
	CV           FileCopy   `json:"cv"`
	PortfolioURL string     `json:"portfolioUrl,omitempty"`
	Portfolio    *FileCopy  `json:"portfolio,omitempty"`
	Lang         i18n.Lang  `json:"lang"`
	DecidedAt    *time.Time `json:"decidedAt,omitempty"`
	// RejectionReason is the reason staff gave, the one mailed to the applicant.
	RejectionReason string `json:"rejectionReason,omitempty"`
	// TranslatorID is the account an approval opened.
	TranslatorID string `json:"translatorId,omitempty"`
}

// FileCopy is a file of an application: its name, size in bytes and media type.
type FileCopy struct {
	Name string `json:"name"`
	Size int64  `json:"size"`
	Type string `json:"type"`
}

func applicationsCopy(list []applications.Application) ApplicationsCopy {
	out := ApplicationsCopy{Applications: []ApplicationCopy{}}
	for _, a := range list {
		c := ApplicationCopy{
			ID: a.ID, Status: string(a.Status), SubmittedAt: a.SubmittedAt,
			FirstName: a.FirstName, LastName: a.LastName, Email: a.Email, Phone: a.Phone,
			NativeLanguage: a.NativeLanguage, WorkingLanguages: orEmpty(a.WorkingLanguages), Specializations: orEmpty(a.Specializations),
			ExperienceYears: a.ExperienceYears, Education: a.Education, Certificates: a.Certificates,
			CV: fileCopy(a.CV), PortfolioURL: a.PortfolioURL, Lang: a.Lang, DecidedAt: a.DecidedAt,
			RejectionReason: a.Reason, TranslatorID: a.TranslatorID,
		}
		if a.Portfolio != nil {
			f := fileCopy(*a.Portfolio)
			c.Portfolio = &f
		}
		out.Applications = append(out.Applications, c)
	}
	return out
}

func fileCopy(f applications.FileInfo) FileCopy {
	return FileCopy{Name: f.Name, Size: f.Size, Type: f.Type}
}

// ---- tickets.json ----

// TicketsCopy is tickets.json: the translator's support tickets, most recent activity first.
type TicketsCopy struct {
	Tickets []TicketCopy `json:"tickets"`
}

// TicketCopy is one ticket with its whole thread, as the translator reads it on the site.
type TicketCopy struct {
	ID             string        `json:"id"`
	Subject        string        `json:"subject"`
	Category       string        `json:"category"`
	CategoryName   i18n.Text     `json:"categoryName"`
	Status         string        `json:"status"`
	TranslatorName string        `json:"translatorName"`
	Lang           i18n.Lang     `json:"lang"`
	CreatedAt      time.Time     `json:"createdAt"`
	LastActivity   time.Time     `json:"lastActivity"`
	ClosedAt       *time.Time    `json:"closedAt,omitempty"`
	ClosedBy       string        `json:"closedBy,omitempty"`
	Messages       []MessageCopy `json:"messages"`
}

// MessageCopy is one message of a thread: who wrote it ("translator" or "staff", with the name
// the site shows) and what.
type MessageCopy struct {
	From   string    `json:"from"`
	Author string    `json:"author"`
	At     time.Time `json:"at"`
	Body   string    `json:"body"`
}

func ticketsCopy(list []support.Ticket) TicketsCopy {
	names := map[string]i18n.Text{}
	for _, c := range support.Categories() {
		names[c.Key] = c.Name
	}
	out := TicketsCopy{Tickets: []TicketCopy{}}
	for _, t := range list {
		c := TicketCopy{
			ID: t.ID, Subject: t.Subject, Category: t.Category, CategoryName: names[t.Category], Status: string(t.Status),
			TranslatorName: t.TranslatorName, Lang: t.Lang, CreatedAt: t.CreatedAt, LastActivity: t.LastActivity,
			ClosedAt: t.ClosedAt, ClosedBy: string(t.ClosedBy), Messages: []MessageCopy{},
		}
		for _, m := range t.Messages {
			c.Messages = append(c.Messages, MessageCopy{From: string(m.From), Author: m.Author, At: m.At, Body: m.Body})
		}
		out.Tickets = append(out.Tickets, c)
	}
	return out
}
