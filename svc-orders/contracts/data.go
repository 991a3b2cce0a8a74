package contracts

import (
	"fmt"
	"strings"

	"linguaport/internal/company"
	"linguaport/internal/i18n"
)

// Data is what the texts are written over (texts/*.md name its fields).
type Data struct {
	Seller company.View
	Buyer  Buyer
	// The work, as the quote priced it and in the text's language.
	QuoteNumber string
	Service     string
	Languages   string // "Türkçe → İngilizce, Almanca"
	Quantity    string // "1.250 kelime"
	Urgency     string
	AddOns      string // comma-separated, "" for none
	Files       int    // uploaded documents, 0 for a typed quantity
	// The price in the quote's currency with the VAT svc-billing's rule gives the buyer.
	Net, VAT, Total string
	VATNote         string // "KDV %20" or the exemption
	Currency        string
	ExpectedDate    string
	RevisionDays    int
	WithdrawalDays  int
	Today           string
}

// Buyer is the customer as their billing details name them.
type Buyer struct {
	Name     string
	Identity string // labelled: "T.C. Kimlik No …", "Vergi Dairesi …, VKN …", "Tax ID …"; may be empty
	Address  string // one line, with the city and country
	Email    string
}

// Details are the billing details svc-billing keeps (its GET billing/profile).
type Details struct {
	Type        string `json:"type"` // "individual" or "company"
	FullName    string `json:"fullName"`
	TCKN        string `json:"tckn"`
	CompanyName string `json:"companyName"`
	TaxOffice   string `json:"taxOffice"`
	VKN         string `json:"vkn"`
	TaxID       string `json:"taxId"`
	Address     string `json:"address"`
	City        string `json:"city"`
	Postcode    string `json:"postcode"`
	Country     string `json:"country"`
	Email       string `json:"email"`
}

// KindFor is the texts a buyer with details d is given: a company buys as a company.
func KindFor(d Details) Kind {
	if d.Type == "company" {
		return Commercial
	}
	return Consumer
}

var identityLabels = struct{ tckn, vkn, taxID i18n.Text }{
	tckn:  i18n.Text{TR: "T.C. Kimlik No %s", EN: "Turkish ID no. %s"},
	vkn:   i18n.Text{TR: "Vergi Dairesi %s, VKN %s", EN: "Tax office %s, tax no. (VKN) %s"},
	taxID: i18n.Text{TR: "Vergi No %s", EN: "Tax ID %s"},
}

// BuyerOf is the buyer d names, written in lang; countryName names a country code.
func BuyerOf(d Details, lang i18n.Lang, countryName func(code string, lang i18n.Lang) string) Buyer {
	b := Buyer{Name: d.FullName, Email: d.Email}
	if d.Type == "company" {
		b.Name = d.CompanyName
	}
	switch {
	case d.TCKN != "":
		b.Identity = fmt.Sprintf(identityLabels.tckn.In(lang), d.TCKN)
	case d.VKN != "":
		b.Identity = fmt.Sprintf(identityLabels.vkn.In(lang), d.TaxOffice, d.VKN)
	case d.TaxID != "":
		b.Identity = fmt.Sprintf(identityLabels.taxID.In(lang), d.TaxID)
	}
	place := strings.TrimSpace(d.Postcode + " " + d.City)
	var parts []string
	for _, p := range []string{d.Address, place, countryName(d.Country, lang)} {
		if p = strings.TrimSpace(p); p != "" {
			parts = append(parts, p)
		}
	}
	b.Address = strings.Join(parts, ", ")
	return b
}
