// Package companytest gives tests a set of company facts unlike the demo set in every fact a
// reader prints, so a test can prove that the configured facts reach a page, PDF or answer, and
// not the demo set or a copy typed somewhere else.
package companytest

import (
	"linguaport/internal/company"
)

// Other is a consistent set of facts of a made-up joint-stock company in Ankara, checked by
// company's rules.
func Other() company.Facts {
	const legal = "Örnek Dil Hizmetleri A.Ş."
	f := company.Facts{
		TradeName: "Örnek Dil", LegalName: legal, LegalType: company.JointStockCompany,
		Mersis: "0123456789000017", Registry: company.Registry{Office: "Ankara Ticaret Sicili Müdürlüğü", Number: "98765"},
		TaxOffice: "Kavaklıdere", TaxNumber: "1234567890",
		Address: company.Address{Street: "Kızılırmak Mah. Dumlupınar Blv. No: 9 Kat: 3", District: "Çankaya", City: "Ankara", Postcode: "06510", Country: "TR"},
		Phone:   "+90 312 444 06 06",
		Email:   company.Emails{General: "bilgi@ornekdil.com.tr", Privacy: "kisiselveri@ornekdil.com.tr", Billing: "muhasebe@ornekdil.com.tr", Support: "yardim@ornekdil.com.tr"},
		KEP:     "ornekdil@hs02.kep.tr", Website: "https://ornekdil.com.tr",
		BankAccounts: []company.BankAccount{
			{Bank: "Türkiye Garanti Bankası", Branch: "Kızılay Şubesi", Holder: legal, IBAN: "TR260006200000000629876543", Currency: "TRY"},
			{Bank: "Türkiye Garanti Bankası", Branch: "Kızılay Şubesi", Holder: legal, IBAN: "TR960006200000000629876544", Currency: "EUR"},
		},
		ISO9001: company.Certificate{Standard: "ISO 9001:2015", Number: "ORN-QMS-77", Issuer: "Başkent Belgelendirme Ltd. Şti."},
	}
	if err := f.Validate(); err != nil {
		panic("companytest: " + err.Error())
	}
	return f
}
