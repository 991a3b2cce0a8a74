package company

import (
	"errors"
	"fmt"
	"net/mail"
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/jbub/banking/iban"

	"linguaport/internal/placeholders"
	"linguaport/internal/vkn"
)

// FieldError is one fact that breaks a rule, named by its JSON path ("address.postcode",
// "bankAccounts[1].iban").
type FieldError struct {
	Field   string
	Problem string
}

func (e FieldError) Error() string { return e.Field + ": " + e.Problem }

// Currencies are the currencies the agency keeps accounts in.
var Currencies = []string{"TRY", "USD", "EUR"}

// legalSuffixes are the ways a trade title may end for each legal form.
var legalSuffixes = map[string][]string{
	LimitedCompany:    {"Ltd. Şti.", "Limited Şirketi"},
	JointStockCompany: {"A.Ş.", "Anonim Şirketi"},
}

// Validate checks every fact and reports each one that breaks a rule (errors.Join of
// FieldError), or nil. No fact may hold a placeholder (internal/placeholders).
func (f Facts) Validate() error {
	var problems []error
	bad := func(field, format string, args ...any) {
		problems = append(problems, FieldError{Field: field, Problem: fmt.Sprintf(format, args...)})
	}
	text := func(field, value string, minLen, maxLen int) {
		n := utf8.RuneCountInString(value)
		switch {
		case n == 0:
			bad(field, "required")
		case n < minLen || n > maxLen:
			bad(field, "must be %d to %d characters, is %d", minLen, maxLen, n)
		}
		if found := placeholders.Find(value); len(found) > 0 {
			bad(field, "holds placeholder text %q", found)
		}
	}

	text("tradeName", f.TradeName, 2, 60)
	text("legalName", f.LegalName, 5, 200)
	if suffixes, ok := legalSuffixes[f.LegalType]; !ok {
		bad("legalType", "must be %q (limited şirket) or %q (anonim şirket), is %q", LimitedCompany, JointStockCompany, f.LegalType)
	} else if !hasAnySuffix(f.LegalName, suffixes) {
		bad("legalName", "must end in its legal form %q (legalType %q)", strings.Join(suffixes, `" or "`), f.LegalType)
	}
	if f.LegalType == LimitedCompany && hasAnySuffix(f.LegalName, legalSuffixes[JointStockCompany]) ||
		f.LegalType == JointStockCompany && hasAnySuffix(f.LegalName, legalSuffixes[LimitedCompany]) {
		bad("legalName", "names another legal form than legalType %q", f.LegalType)
	}
	if !vkn.Valid(f.TaxNumber) {
		bad("taxNumber", "must be a VKN: 10 digits whose last is the check digit of the first nine")
	}
	switch {
	case len(f.Mersis) != 16 || !digits(f.Mersis):
		bad("mersis", "must be 16 digits")
	case f.Mersis[0] != '0' || f.Mersis[1:11] != f.TaxNumber:
		bad("mersis", "must be 0, the VKN (taxNumber) and a 5-digit sequence, as MERSİS numbers are made")
	}
	text("registry.office", f.Registry.Office, 3, 100)
	text("registry.number", f.Registry.Number, 1, 30)
	text("taxOffice", f.TaxOffice, 2, 100)

	text("address.street", f.Address.Street, 5, 200)
	text("address.district", f.Address.District, 2, 60)
	text("address.city", f.Address.City, 2, 60)
	if f.Address.Country != "TR" {
		bad("address.country", "must be TR: the agency is registered in Türkiye")
	}
	if len(f.Address.Postcode) != 5 || !digits(f.Address.Postcode) {
		bad("address.postcode", "must be a Turkish postcode, 5 digits")
	}

	if n := phoneDigits(f.Phone); n < 10 || n > 15 || !strings.HasPrefix(f.Phone, "+") {
		bad("phone", "must start with + and the country code and have 10 to 15 digits (spaces allowed), is %q", f.Phone)
	}
	for _, a := range [][2]string{{"email.general", f.Email.General}, {"email.privacy", f.Email.Privacy},
		{"email.billing", f.Email.Billing}, {"email.support", f.Email.Support}, {"kep", f.KEP}} {
		if problem := checkAddress(a[1]); problem != "" {
			bad(a[0], "%s", problem)
		}
	}
	if f.KEP != "" && !strings.HasSuffix(strings.ToLower(f.KEP), ".kep.tr") {
		bad("kep", "must be a KEP address, on a .kep.tr domain")
	}
	if u, err := url.Parse(f.Website); err != nil || u.Scheme != "https" || u.Host == "" || u.Path != "" || u.RawQuery != "" || u.Fragment != "" {
		bad("website", "must be an https URL without a path, like https://www.example.com.tr")
	} else if found := placeholders.Find(u.Host); len(found) > 0 || reservedDomain(u.Hostname()) {
		bad("website", "is a reserved or placeholder domain")
	}

	if len(f.BankAccounts) == 0 {
		bad("bankAccounts", "at least one account is required")
	}
	seen := map[string]bool{}
	for i, a := range f.BankAccounts {
		at := fmt.Sprintf("bankAccounts[%d].", i)
		text(at+"bank", a.Bank, 2, 100)
		if a.Branch != "" {
			text(at+"branch", a.Branch, 2, 100)
		}
		if a.Holder != f.LegalName {
			bad(at+"holder", "must be the legal name %q: the agency's accounts are in its own name", f.LegalName)
		}
		if err := iban.Validate(a.IBAN); err != nil {
			bad(at+"iban", "is not a valid IBAN (%v)", err)
		}
		if seen[a.IBAN] {
			bad(at+"iban", "is listed twice")
		}
		seen[a.IBAN] = true
		if !contains(Currencies, a.Currency) {
			bad(at+"currency", "must be one of %s", strings.Join(Currencies, ", "))
		}
	}
	if _, ok := f.Account("TRY"); !ok && len(f.BankAccounts) > 0 {
		bad("bankAccounts", "a TRY account is required: invoices to customers in Türkiye are paid in TRY")
	}

	text("iso9001.standard", f.ISO9001.Standard, 8, 40)
	if f.ISO9001.Standard != "" && !strings.HasPrefix(f.ISO9001.Standard, "ISO 9001") {
		bad("iso9001.standard", "must be ISO 9001, as in \"ISO 9001:2015\"")
	}
	text("iso9001.number", f.ISO9001.Number, 2, 60)
	text("iso9001.issuer", f.ISO9001.Issuer, 2, 120)

	if len(problems) == 0 {
		return nil
	}
	return fmt.Errorf("company facts: %w", errors.Join(problems...))
}

// checkAddress says what is wrong with an e-mail address, "" when nothing.
func checkAddress(s string) string {
	if s == "" {
		return "required"
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s {
		return fmt.Sprintf("%q is not a bare e-mail address", s)
	}
	_, domain, _ := strings.Cut(s, "@")
	if !strings.Contains(domain, ".") || reservedDomain(domain) || len(placeholders.Find(s)) > 0 {
		return fmt.Sprintf("%q is not an address on a real domain", s)
	}
	return ""
}

// reservedDomain reports a domain no one can own (RFC 2606, RFC 6761): it can only be a
// placeholder.
func reservedDomain(domain string) bool {
	d := strings.ToLower(strings.TrimSuffix(domain, "."))
	for _, tld := range []string{".example", ".invalid", ".test", ".localhost", ".local"} {
		if strings.HasSuffix(d, tld) {
			return true
		}
	}
	for _, name := range []string{"example.com", "example.net", "example.org"} {
		if d == name || strings.HasSuffix(d, "."+name) {
			return true
		}
	}
	return false
}

func digits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

func phoneDigits(s string) int {
	n := 0
	for i, r := range s {
		switch {
		case r >= '0' && r <= '9':
			n++
		case r == '+' && i == 0, r == ' ':
		default:
			return -1
		}
	}
	return n
}

func hasAnySuffix(s string, suffixes []string) bool {
	for _, suf := range suffixes {
		if strings.HasSuffix(s, suf) {
			return true
		}
	}
	return false
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
