// Package applications keeps the applications of people who want to translate for the agency
// (svc-translators/API.md "Applications"): the form with its CV and portfolio in GridFS, staff's
// review, and the translator.approved event that has svc-auth open the translator's account.
package applications

import (
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"linguaport/internal/errs"
	"linguaport/internal/events"
	"linguaport/internal/i18n"
	"linguaport/internal/mail"
	"linguaport/internal/mailbox"
	"linguaport/internal/mongox"
	"linguaport/internal/names"
	"linguaport/internal/searchkeys"
	"linguaport/svc-translators/specializations"
)

// Status is where an application stands: submitted until staff decide, then approved or rejected.
type Status string

const (
	Submitted Status = "submitted"
	Approved  Status = "approved"
	Rejected  Status = "rejected"
)

// Valid reports whether s is one of the three statuses.
func (s Status) Valid() bool { return s == Submitted || s == Approved || s == Rejected }

// MaxFileBytes bounds the CV and the portfolio file each (API.md: 10 MB).
const MaxFileBytes = 10 << 20

// FileInfo describes a stored CV or portfolio file; its bytes are in GridFS under ID.
type FileInfo struct {
	ID   string `json:"-" bson:"id"`
	Name string `json:"name" bson:"name"`
	Size int64  `json:"size" bson:"size"`
	Type string `json:"type" bson:"type"` // the sniffed media type, never the uploader's claim
}

// Application is one applicant's form as submitted, and staff's decision on it.
type Application struct {
	ID               string     `json:"id" bson:"_id"`
	Status           Status     `json:"status" bson:"status"`
	FirstName        string     `json:"firstName" bson:"firstName"`
	LastName         string     `json:"lastName" bson:"lastName"`
	Email            string     `json:"email" bson:"email"`
	Phone            string     `json:"phone" bson:"phone"`
	NativeLanguage   string     `json:"nativeLanguage" bson:"nativeLanguage"`
	WorkingLanguages []string   `json:"workingLanguages" bson:"workingLanguages"`
	Specializations  []string   `json:"specializations" bson:"specializations"`
	ExperienceYears  int        `json:"experienceYears" bson:"experienceYears"`
	Education        string     `json:"education" bson:"education"`
	Certificates     string     `json:"certificates" bson:"certificates"`
	CV               FileInfo   `json:"cv" bson:"cv"`
	PortfolioURL     string     `json:"portfolioUrl" bson:"portfolioUrl"`
	Portfolio        *FileInfo  `json:"portfolio" bson:"portfolio"`
	Lang             i18n.Lang  `json:"lang" bson:"lang"`
	SubmittedAt      time.Time  `json:"submittedAt" bson:"submittedAt"`
	DecidedAt        *time.Time `json:"decidedAt" bson:"decidedAt"`
	Reason           string     `json:"reason" bson:"reason"`
	TranslatorID     string     `json:"translatorId" bson:"translatorId"`

	// OpenEmail is the e-mail while the application is under review, and absent after: its
	// unique sparse index lets one e-mail have one open application, decided in the insert
	// itself, however many submissions race.
	OpenEmail string `json:"-" bson:"openEmail,omitempty"`
	// Search holds the keys of the names and the e-mail (index, internal/searchkeys), so staff's
	// "q" is one indexed equality that still lists in the asked order; SearchVersion is their
	// format.
	Search        []string `json:"-" bson:"search"`
	SearchVersion int      `json:"-" bson:"searchVersion"`

	mongox.Version `bson:",inline"`
	events.Outbox  `bson:",inline"`
	mailbox.Box    `bson:",inline"`
}

// index makes the keys staff find the application by: a prefix of the full name, the e-mail or
// one of their words (internal/searchkeys).
func (a *Application) index() {
	a.Search, a.SearchVersion = searchkeys.Keys(nil, a.searchTexts()...), searchkeys.Version
}

func (a *Application) searchTexts() []string {
	return []string{a.FirstName + " " + a.LastName, a.Email}
}

// FullName is how the applicant is addressed.
func (a Application) FullName() string { return a.FirstName + " " + a.LastName }

// Form is the application form as sent: every field a string, files apart (Upload).
type Form struct {
	FirstName, LastName, Email, Phone                 string
	NativeLanguage, WorkingLanguages, Specializations string
	ExperienceYears, Education, Certificates          string
	PortfolioURL, AcceptTerms, Lang                   string
}

// Limits of the form (API.md).
const (
	maxName         = 60
	maxLanguages    = 10
	maxSpecs        = 10
	maxExperience   = 60
	minEducation    = 2
	maxEducation    = 500
	maxCertificates = 1000
	maxURL          = 2000
	maxReason       = 1000
)

// checked is a form that passed its rules, normalised.
type checked struct {
	firstName, lastName, email, phone, native, education, certificates, portfolioURL string
	working, specs                                                                   []string
	experience                                                                       int
	lang                                                                             i18n.Lang
}

// check applies the form's rules; the reasons are the codes the transport words (API.md).
// requestLang is the language of the request, the mails' language when the form names none.
func (f Form) check(fields errs.Fields, requestLang i18n.Lang) checked {
	c := checked{
		firstName: checkText(fields, "firstName", f.FirstName, 1, maxName),
		lastName:  checkText(fields, "lastName", f.LastName, 1, maxName),
		email:     strings.ToLower(strings.TrimSpace(f.Email)),
		phone:     strings.TrimSpace(f.Phone),
		native:    strings.ToLower(strings.TrimSpace(f.NativeLanguage)),
	}
	switch {
	case c.email == "":
		fields.Add("email", "required")
	case !mail.ValidAddress(c.email):
		fields.Add("email", "email")
	}
	switch {
	case c.phone == "":
		fields.Add("phone", "required")
	case !validPhone(c.phone):
		fields.Add("phone", "phone")
	}
	switch {
	case c.native == "":
		fields.Add("nativeLanguage", "required")
	case !knownLanguage(c.native):
		fields.Add("nativeLanguage", "language")
	}
	c.working = list(f.WorkingLanguages)
	switch {
	case len(c.working) == 0:
		fields.Add("workingLanguages", "required")
	case len(c.working) > maxLanguages:
		fields.Add("workingLanguages", "too_many")
	case !all(c.working, knownLanguage):
		fields.Add("workingLanguages", "language")
	case len(c.working) == 1 && c.working[0] == c.native:
		fields.Add("workingLanguages", "native_only")
	}
	c.specs = list(f.Specializations)
	switch {
	case len(c.specs) == 0:
		fields.Add("specializations", "required")
	case len(c.specs) > maxSpecs:
		fields.Add("specializations", "too_many")
	case !all(c.specs, specializations.Valid):
		fields.Add("specializations", "specialization")
	}
	years := strings.TrimSpace(f.ExperienceYears)
	n, err := strconv.Atoi(years)
	switch {
	case years == "":
		fields.Add("experienceYears", "required")
	case err != nil || n < 0 || n > maxExperience:
		fields.Add("experienceYears", "years")
	}
	c.experience = n
	c.education = checkText(fields, "education", f.Education, minEducation, maxEducation)
	c.certificates = checkText(fields, "certificates", f.Certificates, 0, maxCertificates)
	c.portfolioURL = strings.TrimSpace(f.PortfolioURL)
	if c.portfolioURL != "" && !validURL(c.portfolioURL) {
		fields.Add("portfolioUrl", "url")
	}
	if strings.TrimSpace(f.AcceptTerms) != "true" {
		fields.Add("acceptTerms", "terms")
	}
	switch l := strings.ToLower(strings.TrimSpace(f.Lang)); {
	case l == "":
		c.lang = requestLang
	case i18n.Valid(l):
		c.lang = i18n.Lang(l)
	default:
		fields.Add("lang", "lang")
	}
	return c
}

// checkText trims s and checks its length in characters: required (when min > 0), too_short,
// too_long.
func checkText(fields errs.Fields, field, s string, minRunes, maxRunes int) string {
	s = strings.TrimSpace(s)
	n := utf8.RuneCountInString(s)
	switch {
	case n == 0 && minRunes > 0:
		fields.Add(field, "required")
	case n < minRunes:
		fields.Add(field, "too_short")
	case n > maxRunes:
		fields.Add(field, "too_long")
	case strings.ContainsFunc(s, func(r rune) bool { return unicode.IsControl(r) && r != '\n' && r != '\r' && r != '\t' }):
		fields.Add(field, "characters")
	}
	return s
}

// validPhone: 7–20 digits, an optional leading +, spaces and dashes between.
func validPhone(s string) bool {
	digits := 0
	for i, r := range s {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case r == '+' && i == 0, r == ' ', r == '-':
		default:
			return false
		}
	}
	return digits >= 7 && digits <= 20
}

func knownLanguage(code string) bool { _, ok := names.Language(code); return ok }

// list splits a comma-separated field into its lower-case items, each once, in order.
func list(s string) []string {
	var out []string
	for item := range strings.SplitSeq(s, ",") {
		item = strings.ToLower(strings.TrimSpace(item))
		if item != "" && !slices.Contains(out, item) {
			out = append(out, item)
		}
	}
	return out
}

func all(items []string, ok func(string) bool) bool {
	for _, it := range items {
		if !ok(it) {
			return false
		}
	}
	return true
}

func validURL(s string) bool {
	if len(s) > maxURL {
		return false
	}
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" && u.User == nil
}
