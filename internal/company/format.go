package company

import (
	"net/url"
	"strings"

	"linguaport/internal/i18n"
)

// countryNames are the names of the countries the agency may be registered in (Validate allows
// only TR), as the address is printed in each language. "Türkiye" is the country's name in
// English too since 2022.
var countryNames = map[string]i18n.Text{"TR": {TR: "Türkiye", EN: "Türkiye"}}

// legalForms name the legal forms in words.
var legalForms = map[string]i18n.Text{
	LimitedCompany:    {TR: "limited şirket", EN: "limited liability company"},
	JointStockCompany: {TR: "anonim şirket", EN: "joint-stock company"},
}

// LegalForm is the legal form in words in lang: "limited şirket", "limited liability company".
func (f Facts) LegalForm(lang i18n.Lang) string { return legalForms[f.LegalType].In(lang) }

// CityLine is the address's postcode, district and city as Turkish addresses end:
// "34394 Şişli / İstanbul".
func (f Facts) CityLine() string {
	return f.Address.Postcode + " " + f.Address.District + " / " + f.Address.City
}

// AddressLine is the whole address on one line in lang:
// "Esentepe Mah. Büyükdere Cad. No: 185 Kat: 7, 34394 Şişli / İstanbul, Türkiye".
func (f Facts) AddressLine(lang i18n.Lang) string {
	return f.Address.Street + ", " + f.CityLine() + ", " + countryNames[f.Address.Country].In(lang)
}

// PhoneURI is the phone as a tel: link: "tel:+902125550142".
func (f Facts) PhoneURI() string { return "tel:" + strings.ReplaceAll(f.Phone, " ", "") }

// WebsiteHost is the website without its scheme, as printed: "www.linguaport.com".
func (f Facts) WebsiteHost() string {
	if u, err := url.Parse(f.Website); err == nil && u.Host != "" {
		return u.Host
	}
	return f.Website
}

// MailFooter is the agency's identity as every e-mail ends with it in lang (the Electronic
// Commerce Law's identifying information: the trade title, address, MERSİS and tax numbers,
// how to reach the agency), one line per item, plain text. A mail layout sets the lines in its
// footer, in HTML each escaped and on a line of its own.
func (f Facts) MailFooter(lang i18n.Lang) []string {
	ids := i18n.Text{
		TR: "MERSİS No: " + f.Mersis + " · " + f.TaxOffice + " V.D. " + f.TaxNumber,
		EN: "MERSİS no. " + f.Mersis + " · Tax office " + f.TaxOffice + ", tax no. " + f.TaxNumber,
	}
	return []string{
		f.LegalName,
		f.AddressLine(lang),
		ids.In(lang),
		f.Phone + " · " + f.Email.General + " · " + f.WebsiteHost(),
		"KEP: " + f.KEP,
	}
}

// View is the facts as a text shows them in one language: every fact, plus the ones written
// out (AddressLine, LegalForm, ...). Legal texts are templates over it ({{.LegalName}},
// {{.AddressLine}}, {{.Email.Privacy}}).
type View struct {
	Facts
	AddressLine string
	CityLine    string
	Country     string
	LegalForm   string
	PhoneURI    string
	WebsiteHost string
}

// View is f as written in lang.
func (f Facts) View(lang i18n.Lang) View {
	return View{Facts: f, AddressLine: f.AddressLine(lang), CityLine: f.CityLine(), Country: countryNames[f.Address.Country].In(lang),
		LegalForm: f.LegalForm(lang), PhoneURI: f.PhoneURI(), WebsiteHost: f.WebsiteHost()}
}

// Public is what the public site shows of the agency (svc-catalog's GET company): its footer,
// contact page and structured data. Bank accounts are left out; customers see them where they
// pay (svc-billing's balance and invoices).
type Public struct {
	TradeName   string      `json:"tradeName"`
	LegalName   string      `json:"legalName"`
	LegalType   string      `json:"legalType"`
	LegalForm   i18n.Text   `json:"legalForm"`
	Mersis      string      `json:"mersis"`
	Registry    Registry    `json:"registry"`
	TaxOffice   string      `json:"taxOffice"`
	TaxNumber   string      `json:"taxNumber"`
	Address     Address     `json:"address"`
	AddressLine i18n.Text   `json:"addressLine"`
	CityLine    string      `json:"cityLine"`
	Phone       string      `json:"phone"`
	PhoneURI    string      `json:"phoneUri"`
	Email       Emails      `json:"email"`
	KEP         string      `json:"kep"`
	Website     string      `json:"website"`
	ISO9001     Certificate `json:"iso9001"`
}

// Public is f as the public site shows it.
func (f Facts) Public() Public {
	return Public{
		TradeName: f.TradeName, LegalName: f.LegalName, LegalType: f.LegalType,
		LegalForm: legalForms[f.LegalType], Mersis: f.Mersis, Registry: f.Registry, TaxOffice: f.TaxOffice, TaxNumber: f.TaxNumber,
		Address: f.Address, AddressLine: i18n.Text{TR: f.AddressLine(i18n.TR), EN: f.AddressLine(i18n.EN)}, CityLine: f.CityLine(),
		Phone: f.Phone, PhoneURI: f.PhoneURI(), Email: f.Email, KEP: f.KEP, Website: f.Website, ISO9001: f.ISO9001,
	}
}
