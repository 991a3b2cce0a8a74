package profile

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"linguaport/internal/country"
	"linguaport/internal/errs"
	"linguaport/internal/mail"
	"linguaport/internal/vkn"
)

// Reasons a field is refused (errs.Fields); the transport words each in Turkish and English.
const (
	ReasonRequired      = "required"
	ReasonLength        = "length"         // outside the field's bounds (Limits)
	ReasonChoice        = "choice"         // type: neither individual nor company
	ReasonFormat        = "format"         // not the shape of a TCKN, VKN, tax id or postcode
	ReasonChecksum      = "checksum"       // a TCKN or VKN whose check digits do not add up
	ReasonCountry       = "country"        // not an ISO 3166-1 alpha-2 code
	ReasonEmail         = "email"          // not an e-mail address
	ReasonNotApplicable = "not_applicable" // given, but not used for this type and country
)

// Limits are the bounds of the free-text fields, in characters.
var Limits = map[string][2]int{
	"fullName":    {2, 100},
	"companyName": {2, 200},
	"taxOffice":   {2, 100},
	"taxId":       {2, 30},
	"address":     {5, 300},
	"city":        {2, 100},
	"postcode":    {3, 12},
	"email":       {3, 254},
}

// Normalize trims what people paste around values, writes the country in capitals and removes
// the spaces people put inside TCKN and VKN ("123 456 789 01").
func Normalize(d Details) Details {
	trim := strings.TrimSpace
	d.Type, d.FullName, d.CompanyName, d.TaxOffice = trim(d.Type), trim(d.FullName), trim(d.CompanyName), trim(d.TaxOffice)
	d.TaxID, d.Address, d.City, d.Postcode, d.Email = trim(d.TaxID), trim(d.Address), trim(d.City), trim(d.Postcode), trim(d.Email)
	d.Country = strings.ToUpper(trim(d.Country))
	d.TCKN, d.VKN = strings.ReplaceAll(trim(d.TCKN), " ", ""), strings.ReplaceAll(trim(d.VKN), " ", "")
	return d
}

// Validate checks normalized details against the rules of their type and country:
//
//   - everyone: address, city, country and e-mail; a postcode is optional (five digits in Turkey);
//   - an individual in Turkey: full name and TCKN; abroad: full name and, optionally, a tax id;
//   - a company in Turkey: company name, tax office and VKN; abroad: company name and tax id.
//
// A field that does not apply to the type and country must be left empty: an invoice must not
// carry, say, a TCKN beside a company's VKN.
func Validate(d Details) error {
	f := errs.Fields{}
	switch d.Type {
	case Individual, Company:
	case "":
		f.Add("type", ReasonRequired)
	default:
		f.Add("type", ReasonChoice)
	}
	switch {
	case d.Country == "":
		f.Add("country", ReasonRequired)
	case !country.Valid(d.Country):
		f.Add("country", ReasonCountry)
	}
	text(f, "address", d.Address, true)
	text(f, "city", d.City, true)
	if d.Postcode != "" {
		if d.InTurkey() && !(len(d.Postcode) == 5 && digits(d.Postcode)) {
			f.Add("postcode", ReasonFormat)
		}
		text(f, "postcode", d.Postcode, false)
		if !postcodeChars(d.Postcode) {
			f.Add("postcode", ReasonFormat)
		}
	}
	if d.Email == "" {
		f.Add("email", ReasonRequired)
	} else if !mail.ValidAddress(d.Email) {
		f.Add("email", ReasonEmail)
	}
	// Which identity fields apply depends on the type and the country; without a known country
	// neither the Turkish nor the foreign rules are assumed.
	inTR, abroad := d.InTurkey(), country.Valid(d.Country) && !d.InTurkey()
	used := map[string]bool{}
	use := func(field string) { used[field] = true }
	switch d.Type {
	case Individual:
		use("fullName")
		text(f, "fullName", d.FullName, true)
		switch {
		case inTR:
			use("tckn")
			number(f, "tckn", d.TCKN, ValidTCKNFormat, ValidTCKN)
		case abroad:
			use("taxId")
			text(f, "taxId", d.TaxID, false)
		}
	case Company:
		use("companyName")
		text(f, "companyName", d.CompanyName, true)
		switch {
		case inTR:
			use("taxOffice")
			use("vkn")
			text(f, "taxOffice", d.TaxOffice, true)
			number(f, "vkn", d.VKN, ValidVKNFormat, ValidVKN)
		case abroad:
			use("taxId")
			text(f, "taxId", d.TaxID, true)
		}
	}
	if used["taxId"] && d.TaxID != "" && !taxIDChars(d.TaxID) {
		f.Add("taxId", ReasonFormat)
	}
	// Only with a known type and country is it clear what does not apply.
	if d.Type == Individual || d.Type == Company {
		if inTR || abroad {
			for field, v := range map[string]string{"fullName": d.FullName, "tckn": d.TCKN, "companyName": d.CompanyName,
				"taxOffice": d.TaxOffice, "vkn": d.VKN, "taxId": d.TaxID} {
				if v != "" && !used[field] {
					f.Add(field, ReasonNotApplicable)
				}
			}
		}
	}
	return f.Err()
}

// text checks a free-text field's presence and bounds.
func text(f errs.Fields, field, v string, required bool) {
	n := utf8.RuneCountInString(v)
	switch {
	case n == 0 && required:
		f.Add(field, ReasonRequired)
	case n == 0:
	case n < Limits[field][0] || n > Limits[field][1]:
		f.Add(field, ReasonLength)
	case strings.ContainsFunc(v, unicode.IsControl):
		// Line breaks and other control characters would break the invoice's layout.
		f.Add(field, ReasonFormat)
	}
}

// number checks a required identity number: its shape first, then its check digits.
func number(f errs.Fields, field, v string, format, valid func(string) bool) {
	switch {
	case v == "":
		f.Add(field, ReasonRequired)
	case !format(v):
		f.Add(field, ReasonFormat)
	case !valid(v):
		f.Add(field, ReasonChecksum)
	}
}

// ValidTCKNFormat reports whether s has a TCKN's shape: 11 digits, the first not 0.
func ValidTCKNFormat(s string) bool { return len(s) == 11 && digits(s) && s[0] != '0' }

// ValidTCKN reports whether s is a TCKN (T.C. Kimlik Numarası) with both check digits right:
//
//	d10 = ((d1+d3+d5+d7+d9)*7 − (d2+d4+d6+d8)) mod 10
//	d11 = (d1+d2+…+d10) mod 10
//
// where mod is the mathematical remainder (the difference can be negative).
func ValidTCKN(s string) bool {
	if !ValidTCKNFormat(s) {
		return false
	}
	d := func(i int) int { return int(s[i-1] - '0') } // 1-based, as the rule is written
	odd := d(1) + d(3) + d(5) + d(7) + d(9)
	even := d(2) + d(4) + d(6) + d(8)
	if d(10) != ((odd*7-even)%10+10)%10 {
		return false
	}
	sum := 0
	for i := 1; i <= 10; i++ {
		sum += d(i)
	}
	return d(11) == sum%10
}

// ValidVKNFormat reports whether s has a VKN's shape: 10 digits.
func ValidVKNFormat(s string) bool { return len(s) == 10 && digits(s) }

// ValidVKN reports whether s is a VKN whose check digit is right (internal/vkn).
func ValidVKN(s string) bool { return vkn.Valid(s) }

func digits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// taxIDChars: tax numbers abroad are letters and digits, some written with spaces, dots, dashes
// or slashes (GB 123 4567 89, DE123456789, 12-3456789).
func taxIDChars(s string) bool {
	return !strings.ContainsFunc(s, func(r rune) bool {
		return !(r < utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune(" .-/", r)))
	})
}

// postcodeChars: postcodes anywhere are letters, digits, spaces and dashes (SW1A 1AA, 1010-001).
func postcodeChars(s string) bool {
	return !strings.ContainsFunc(s, func(r rune) bool {
		return !(r < utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r) || r == ' ' || r == '-'))
	})
}
