package companytest

import (
	"testing"

	"linguaport/internal/company"
)

// Other passes company's rules (it panics otherwise) and differs from the demo in every fact a
// reader prints.
func TestOtherDiffersFromTheDemo(t *testing.T) {
	o, d := Other(), company.Demo()
	for _, pair := range [][3]string{
		{"legalName", o.LegalName, d.LegalName}, {"mersis", o.Mersis, d.Mersis}, {"taxNumber", o.TaxNumber, d.TaxNumber},
		{"taxOffice", o.TaxOffice, d.TaxOffice}, {"street", o.Address.Street, d.Address.Street}, {"phone", o.Phone, d.Phone},
		{"email", o.Email.General, d.Email.General}, {"privacy", o.Email.Privacy, d.Email.Privacy}, {"kep", o.KEP, d.KEP},
		{"iban", o.BankAccounts[0].IBAN, d.BankAccounts[0].IBAN}, {"iso", o.ISO9001.Number, d.ISO9001.Number}, {"website", o.Website, d.Website},
	} {
		if pair[1] == pair[2] {
			t.Errorf("%s is the demo's: %q", pair[0], pair[1])
		}
	}
}
