package profiles

import (
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/jbub/banking/country"
	"github.com/jbub/banking/iban"

	"linguaport/internal/errs"
	"linguaport/internal/names"
	"linguaport/svc-translators/specializations"
)

// Reasons a field is refused (errs.Fields); the transport words each in Turkish and English.
const (
	ReasonRequired  = "required"
	ReasonLength    = "length"    // outside the field's bounds
	ReasonTooMany   = "too_many"  // more items than allowed
	ReasonLanguage  = "language"  // a pair with a code not among the catalogue's languages
	ReasonSame      = "same"      // a pair whose source is its target
	ReasonDuplicate = "duplicate" // the same pair, service or specialisation twice
	ReasonUnknown   = "unknown"   // a service or specialisation not of the fixed lists
	ReasonDate      = "date"      // not a real day written YYYY-MM-DD
	ReasonFuture    = "future"    // a certificate dated after today
	ReasonRange     = "range"     // a number outside its bounds
	ReasonBefore    = "before"    // a vacation ending before it starts
	ReasonOver      = "over"      // a vacation that has ended already
	ReasonTooLong   = "too_long"  // a vacation of more than MaxVacationDays
	ReasonOverlap   = "overlap"   // a vacation overlapping another
	ReasonFormat    = "format"    // an IBAN with characters or a shape an IBAN cannot have
	ReasonCountry   = "country"   // an IBAN of a country that has none
	ReasonChecksum  = "checksum"  // an IBAN whose check digits do not add up (ISO 13616 mod 97)
)

// Field bounds in characters.
var (
	courtLimits        = [2]int{2, 200}
	certificatesLimits = [2]int{0, 1000}
	noteLimits         = [2]int{0, 500}
	holderLimits       = [2]int{2, 140}
)

// turkey is Turkey's time, UTC+3 all year since 2016; a fixed zone needs no tz database in the
// image.
var turkey = time.FixedZone("TRT", 3*60*60)

const day = "2006-01-02"

// Today is the calendar day in Turkey at t.
func Today(t time.Time) string { return t.In(turkey).Format(day) }

// parseDay reads a real day written YYYY-MM-DD.
func parseDay(s string) (time.Time, bool) {
	t, err := time.Parse(day, s)
	return t, err == nil && t.Format(day) == s
}

// normalizeCompetencies trims what people paste around values; codes and keys are lower case.
func normalizeCompetencies(in CompetenciesInput) CompetenciesInput {
	lower := func(s string) string { return strings.ToLower(strings.TrimSpace(s)) }
	out := CompetenciesInput{Certificates: strings.TrimSpace(in.Certificates)}
	for _, p := range in.Pairs {
		out.Pairs = append(out.Pairs, Pair{Source: lower(p.Source), Target: lower(p.Target)})
	}
	for _, s := range in.Services {
		out.Services = append(out.Services, lower(s))
	}
	for _, s := range in.Specializations {
		out.Specializations = append(out.Specializations, lower(s))
	}
	if in.Sworn != nil {
		out.Sworn = &SwornInput{Court: strings.TrimSpace(in.Sworn.Court), CertificateDate: strings.TrimSpace(in.Sworn.CertificateDate)}
	}
	return out
}

// validateCompetencies checks normalised competencies; today is the day in Turkey.
func validateCompetencies(c CompetenciesInput, today string) error {
	f := errs.Fields{}
	switch {
	case len(c.Pairs) == 0:
		f.Add("pairs", ReasonRequired)
	case len(c.Pairs) > MaxPairs:
		f.Add("pairs", ReasonTooMany)
	}
	for i, p := range c.Pairs {
		_, src := names.Language(p.Source)
		_, dst := names.Language(p.Target)
		switch {
		case !src || !dst:
			f.Add("pairs", ReasonLanguage)
		case p.Source == p.Target:
			f.Add("pairs", ReasonSame)
		case slices.Contains(c.Pairs[:i], p):
			f.Add("pairs", ReasonDuplicate)
		}
	}
	if len(c.Services) == 0 {
		f.Add("services", ReasonRequired)
	}
	for i, s := range c.Services {
		if _, ok := names.Service(s); !ok {
			f.Add("services", ReasonUnknown)
		} else if slices.Contains(c.Services[:i], s) {
			f.Add("services", ReasonDuplicate)
		}
	}
	for i, s := range c.Specializations {
		if !specializations.Valid(s) {
			f.Add("specializations", ReasonUnknown)
		} else if slices.Contains(c.Specializations[:i], s) {
			f.Add("specializations", ReasonDuplicate)
		}
	}
	if c.Sworn != nil {
		text(f, "sworn.court", c.Sworn.Court, courtLimits, true)
		switch d := c.Sworn.CertificateDate; {
		case d == "":
			f.Add("sworn.certificateDate", ReasonRequired)
		case !validDay(d):
			f.Add("sworn.certificateDate", ReasonDate)
		case d > today:
			f.Add("sworn.certificateDate", ReasonFuture)
		}
	}
	text(f, "certificates", c.Certificates, certificatesLimits, false)
	return f.Err()
}

func validDay(s string) bool { _, ok := parseDay(s); return ok }

// text checks a free-text field's presence and bounds; single-line fields refuse control
// characters, the certificates may have line breaks.
func text(f errs.Fields, field, v string, limits [2]int, required bool) {
	n := utf8.RuneCountInString(v)
	switch {
	case n == 0 && required:
		f.Add(field, ReasonRequired)
	case n == 0:
	case n < limits[0] || n > limits[1]:
		f.Add(field, ReasonLength)
	case strings.ContainsFunc(v, func(r rune) bool { return unicode.IsControl(r) && r != '\n' && r != '\r' && r != '\t' }):
		f.Add(field, ReasonFormat)
	}
}

// validateCap checks a job cap staff set.
func validateCap(n int) error {
	if n < MinActiveJobCap || n > MaxActiveJobCap {
		return errs.Fields{"activeJobCap": ReasonRange}
	}
	return nil
}

// validateVacation checks a new period against the translator's others; today is the day in
// Turkey.
func validateVacation(v VacationInput, others []Vacation, today string) error {
	f := errs.Fields{}
	start, startOK := parseDay(v.Start)
	end, endOK := parseDay(v.End)
	for field, ok := range map[string]bool{"start": startOK, "end": endOK} {
		switch {
		case !ok && map[string]string{"start": v.Start, "end": v.End}[field] == "":
			f.Add(field, ReasonRequired)
		case !ok:
			f.Add(field, ReasonDate)
		}
	}
	text(f, "note", v.Note, noteLimits, false)
	if !startOK || !endOK {
		return f.Err()
	}
	days := int(end.Sub(start).Hours()/24) + 1
	switch {
	case end.Before(start):
		f.Add("end", ReasonBefore)
	case v.End < today:
		f.Add("end", ReasonOver)
	case days > MaxVacationDays:
		f.Add("end", ReasonTooLong)
	}
	open := 0
	for _, o := range others {
		if status(o, today) == Over {
			continue
		}
		open++
		if v.Start <= o.End && o.Start <= v.End {
			f.Add("start", ReasonOverlap)
		}
	}
	if open >= MaxOpenVacations {
		f.Add("start", ReasonTooMany)
	}
	return f.Err()
}

// status is a period's on day today.
func status(v Vacation, today string) string {
	switch {
	case v.EndedAt != nil, today > v.End:
		return Over
	case today < v.Start:
		return Upcoming
	}
	return Running
}

// NormalizeIBAN removes the spaces people write IBANs with and writes it in capitals.
func NormalizeIBAN(s string) string {
	return strings.ToUpper(strings.Join(strings.Fields(s), ""))
}

// DisplayIBAN writes a normalised IBAN in groups of four, as banks print it.
func DisplayIBAN(s string) string {
	var b strings.Builder
	for i, r := range s {
		if i > 0 && i%4 == 0 {
			b.WriteByte(' ')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// checkIBAN says why a normalised IBAN is refused, "" when it is valid: its characters and
// country first, then the country's length (jbub/banking's BBAN structures), then the shape of
// its parts and the ISO 13616 check digits.
func checkIBAN(s string) string {
	switch {
	case s == "":
		return ReasonRequired
	case strings.ContainsFunc(s, func(r rune) bool { return !(r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') }),
		len(s) < 5 || !isLetter(s[0]) || !isLetter(s[1]):
		return ReasonFormat
	}
	structure, ok := country.GetBbanStructure(s[:2])
	switch {
	case !ok:
		return ReasonCountry
	case len(s) != 4+structure.Length():
		return ReasonLength
	}
	switch err := iban.Validate(s); err {
	case nil:
		return ""
	case iban.ErrInvalidCheckDigit, iban.ErrInvalidIbanModulo:
		return ReasonChecksum
	default:
		return ReasonFormat
	}
}

func isLetter(b byte) bool { return b >= 'A' && b <= 'Z' }

// validateAccount checks a new account's normalised fields.
func validateAccount(a AccountInput) error {
	f := errs.Fields{}
	if reason := checkIBAN(a.IBAN); reason != "" {
		f.Add("iban", reason)
	}
	text(f, "holder", a.Holder, holderLimits, true)
	return f.Err()
}
