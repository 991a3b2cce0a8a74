// Package company holds the agency's facts (DESIGN §13): its names and legal form, its MERSİS,
// trade registry and tax numbers, address, phone, e-mail and KEP addresses, bank accounts, its
// ISO 9001 certificate and website, as ONE configuration that every reader takes: the public
// pages and footer (svc-catalog's GET company and the prerendered site), the legal texts
// (rendered from templates at serve time), invoice and quote PDFs, the balance page's transfer
// instructions and the e-mails' footers. Nothing else types a fact, so no two places can
// disagree.
//
// A deployment sets its own in a JSON file named by COMPANY_FACTS_FILE (Kubernetes mounts the
// company-facts ConfigMap there); unset, the consistent demo set embedded here (demo.json) is
// used, which is what `make up` shows. The facts are checked when a process starts: a fact that
// is missing or malformed stops it with a message naming the field.
package company

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"

	"linguaport/internal/config"
)

// Facts are the agency's facts. Strings are as they are printed, except the IBANs and numbers,
// which are kept without spaces (Parse removes them) and printed grouped (DisplayIBAN).
type Facts struct {
	// TradeName is the name the agency trades under and the site shows: "LinguaPort".
	TradeName string `json:"tradeName"`
	// LegalName is the registered trade title (ticaret unvanı) with its legal form:
	// "LinguaPort Çeviri Hizmetleri Ltd. Şti.".
	LegalName string `json:"legalName"`
	// LegalType is the legal form, LimitedCompany or JointStockCompany; LegalName must end in it.
	LegalType string `json:"legalType"`
	// Mersis is the 16-digit MERSİS number: 0, the VKN and a 5-digit sequence.
	Mersis   string   `json:"mersis"`
	Registry Registry `json:"registry"`
	// TaxOffice and TaxNumber (VKN, 10 digits with its check digit) are printed on invoices.
	TaxOffice string  `json:"taxOffice"`
	TaxNumber string  `json:"taxNumber"`
	Address   Address `json:"address"`
	// Phone as it is printed, with the country code: "+90 212 555 01 42".
	Phone string `json:"phone"`
	Email Emails `json:"email"`
	// KEP is the registered e-mail (Kayıtlı Elektronik Posta) address, on a .kep.tr domain.
	KEP string `json:"kep"`
	// Website is the site's https URL, without a path: "https://www.linguaport.com".
	Website      string        `json:"website"`
	BankAccounts []BankAccount `json:"bankAccounts"`
	ISO9001      Certificate   `json:"iso9001"`
}

// The legal forms the agency may have (Turkish Commercial Code): a limited company (limited
// şirket, "Ltd. Şti.") or a joint-stock company (anonim şirket, "A.Ş.").
const (
	LimitedCompany    = "ltd"
	JointStockCompany = "as"
)

// Registry is the trade registry office and the agency's number in it (TTK art. 39).
type Registry struct {
	Office string `json:"office"`
	Number string `json:"number"`
}

// Address is the registered address (işletmenin merkezi).
type Address struct {
	Street   string `json:"street"` // neighbourhood, street, number, floor
	District string `json:"district"`
	City     string `json:"city"`
	Postcode string `json:"postcode"`
	Country  string `json:"country"` // ISO 3166-1 alpha-2; TR
}

// Emails are the agency's mailboxes by what they are for.
type Emails struct {
	General string `json:"general"` // questions, the site's contact address
	Privacy string `json:"privacy"` // KVKK applications and privacy questions
	Billing string `json:"billing"` // invoices, payments and transfers
	Support string `json:"support"` // help with orders and the site
}

// BankAccount is an account customers pay into.
type BankAccount struct {
	Bank     string `json:"bank"`
	Branch   string `json:"branch"`
	Holder   string `json:"holder"`
	IBAN     string `json:"iban"`     // without spaces, in capitals
	Currency string `json:"currency"` // TRY, USD or EUR
}

// Certificate is the quality management certificate the site speaks of.
type Certificate struct {
	Standard string `json:"standard"` // "ISO 9001:2015"
	Number   string `json:"number"`
	Issuer   string `json:"issuer"`
}

// FileVariable names the JSON file a deployment keeps its facts in.
const FileVariable = "COMPANY_FACTS_FILE"

//go:embed demo.json
var demoJSON []byte

var demo = sync.OnceValues(func() (Facts, error) { return Parse(demoJSON) })

// Demo is the embedded demo set: consistent, checked by the same rules as a deployment's (a
// test keeps it so), made up for `make up` and the tests.
func Demo() Facts {
	f, err := demo()
	if err != nil {
		panic("company: the embedded demo facts are invalid: " + err.Error())
	}
	return f
}

// FromEnv reads the facts from the file COMPANY_FACTS_FILE names, or answers the demo set when
// it is unset (demo is then true, for the process to say so in its log). A file that cannot be
// read or whose facts break a rule is an error naming the variable, the file and each field.
func FromEnv(env *config.Env) (facts Facts, demo bool, err error) {
	file := env.String("COMPANY_FACTS_FILE", "") // FileVariable, spelt out for k8s/codereads_test.go
	if file == "" {
		return Demo(), true, nil
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return Facts{}, false, fmt.Errorf("%s: %w", FileVariable, err)
	}
	f, err := Parse(data)
	if err != nil {
		return Facts{}, false, fmt.Errorf("%s=%s: %w", FileVariable, file, err)
	}
	return f, false, nil
}

// Parse reads facts from JSON, normalises them (spaces trimmed, IBANs and numbers without
// spaces) and checks them (Validate). A field the JSON does not know is refused, so a misspelt
// one is not silently left empty.
func Parse(data []byte) (Facts, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var f Facts
	if err := dec.Decode(&f); err != nil {
		return Facts{}, fmt.Errorf("company facts: %w", err)
	}
	if dec.More() {
		return Facts{}, errors.New("company facts: more than one JSON value")
	}
	f.normalize()
	if err := f.Validate(); err != nil {
		return Facts{}, err
	}
	return f, nil
}

func (f *Facts) normalize() {
	for _, s := range []*string{&f.TradeName, &f.LegalName, &f.LegalType, &f.Registry.Office, &f.Registry.Number,
		&f.TaxOffice, &f.Address.Street, &f.Address.District, &f.Address.City, &f.Address.Postcode, &f.Address.Country,
		&f.Phone, &f.Email.General, &f.Email.Privacy, &f.Email.Billing, &f.Email.Support, &f.KEP, &f.Website,
		&f.ISO9001.Standard, &f.ISO9001.Number, &f.ISO9001.Issuer} {
		*s = strings.Join(strings.Fields(*s), " ")
	}
	f.Mersis, f.TaxNumber = noSpaces(f.Mersis), noSpaces(f.TaxNumber)
	f.Address.Country = strings.ToUpper(f.Address.Country)
	f.Website = strings.TrimSuffix(f.Website, "/")
	for i := range f.BankAccounts {
		a := &f.BankAccounts[i]
		a.Bank, a.Branch, a.Holder = strings.TrimSpace(a.Bank), strings.TrimSpace(a.Branch), strings.TrimSpace(a.Holder)
		a.IBAN, a.Currency = strings.ToUpper(noSpaces(a.IBAN)), strings.ToUpper(strings.TrimSpace(a.Currency))
	}
}

func noSpaces(s string) string { return strings.Join(strings.Fields(s), "") }

// Account is the first account in currency, for an invoice or a transfer in it.
func (f Facts) Account(currency string) (BankAccount, bool) {
	for _, a := range f.BankAccounts {
		if a.Currency == currency {
			return a, true
		}
	}
	return BankAccount{}, false
}

// DisplayIBAN writes an IBAN in groups of four, as banks print it.
func DisplayIBAN(iban string) string {
	var b strings.Builder
	for i, r := range iban {
		if i > 0 && i%4 == 0 {
			b.WriteByte(' ')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// MaskIBAN writes an IBAN as a copy of a person's data shows it: the country code and the last
// four characters, the rest starred, in groups of four ("TR** **** **** **** **** **12 34"). A
// copy travels by mail and download, so it carries no more of a bank account than the person
// needs to recognise it by. Something too short to be an IBAN keeps only its first two
// characters, so the rule never shows a whole number.
func MaskIBAN(iban string) string {
	chars := []rune(strings.ToUpper(noSpaces(iban)))
	keepEnd := 4
	const shortestIBAN = 15 // Norway's
	if len(chars) < shortestIBAN {
		keepEnd = 0
	}
	var b strings.Builder
	for i, r := range chars {
		if i > 0 && i%4 == 0 {
			b.WriteByte(' ')
		}
		if i >= 2 && i < len(chars)-keepEnd {
			r = '*'
		}
		b.WriteRune(r)
	}
	return b.String()
}
