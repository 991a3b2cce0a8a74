// Package documents renders invoices and quotes as bilingual A4 PDFs (DESIGN §9): the agency's
// and the customer's billing details, the lines with their quantities and units, VAT (KDV) on
// its own line or, for a quote priced before VAT, the words that its prices exclude it, the
// totals in the display currency and in USD and the rate they were priced at. It takes its own
// value type and lives under internal/, so svc-billing's invoices and svc-orders' quotes share
// one renderer without it knowing either service.
package documents

import (
	"errors"
	"fmt"
	"time"

	"linguaport/internal/company"
	"linguaport/internal/i18n"
)

// Kind is which document is rendered.
type Kind string

const (
	Invoice Kind = "invoice"
	Quote   Kind = "quote"
)

// Buyer types, as the billing profile stores them.
const (
	Individual = "individual"
	Company    = "company"
)

// Document is everything printed on one invoice or quote. Amounts are minor units of Currency
// (TotalUSD in USD cents), as stored: the renderer never recomputes a figure, it only checks that
// the ones it is given add up.
type Document struct {
	Kind     Kind
	Number   string
	IssuedAt time.Time
	// DueAt is an invoice's due date or a quote's "valid until"; zero leaves the line out.
	DueAt  time.Time
	Status string // pending, paid, refunded, ... (shown in the reader's language when known)
	Seller Seller // required: SellerOf(the agency's facts, Currency)
	Buyer  Buyer
	Lines  []Line
	// Currency is the display currency's ISO code; Net, VAT.Amount and Total are in it.
	Currency string
	Net      int64
	VAT      VAT
	// VATExcluded prints the prices as before VAT, which the invoice adds where it applies (a
	// quote is priced before anyone knows where it will be billed): no VAT row, VAT zero, and
	// the total and a note say so.
	VATExcluded bool
	Total       int64
	TotalUSD    int64 // USD cents
	RateMicros  int64 // display currency units per USD, in millionths
	// References printed under the number: the order an invoice bills, the quote it came from.
	OrderNumber string
	QuoteNumber string
	// PaidAt and PaidBy (card, balance, bank_transfer) say when and how an invoice was paid, and
	// RefundedAt when it was refunded: such an invoice prints them in place of how to pay (zero
	// PaidAt and RefundedAt: not paid, the bank details and how to pay are printed).
	PaidAt     time.Time
	PaidBy     string
	RefundedAt time.Time
	// Notice is printed in red across the page under the header, when set: what the reader must
	// not miss, such as a sandbox invoice's "TEST — not a valid invoice".
	Notice i18n.Text
}

// Seller is the agency issuing the document, as SellerOf writes its facts (internal/company).
type Seller struct {
	Name      string // the legal name
	Address   string
	City      string // postcode, district and city: "34394 Şişli / İstanbul"
	TaxOffice string
	VKN       string
	Mersis    string
	Email     string
	Phone     string
	Web       string
	// The account a document in its currency is paid into (IBAN grouped in fours).
	Bank   string
	Holder string
	IBAN   string
}

// SellerOf is the agency's facts as a document in currency prints them: the account in that
// currency, else the TRY account (every set of facts has one), for the bank details.
func SellerOf(f company.Facts, currency string) Seller {
	a, ok := f.Account(currency)
	if !ok {
		a, _ = f.Account("TRY")
	}
	bank := a.Bank
	if a.Branch != "" {
		bank += ", " + a.Branch
	}
	return Seller{
		Name: f.LegalName, Address: f.Address.Street, City: f.CityLine(), TaxOffice: f.TaxOffice, VKN: f.TaxNumber,
		Mersis: f.Mersis, Email: f.Email.Billing, Phone: f.Phone, Web: f.WebsiteHost(),
		Bank: bank, Holder: a.Holder, IBAN: company.DisplayIBAN(a.IBAN),
	}
}

// Buyer is the customer's billing details as the document was issued to them.
type Buyer struct {
	Type        string // Individual or Company
	FullName    string
	CompanyName string
	TCKN        string // individuals in Turkey
	VKN         string // companies in Turkey
	TaxID       string // customers abroad
	TaxOffice   string
	Address     string
	City        string
	Postcode    string
	Country     string // ISO 3166 code
	Email       string
}

// Line is one line of work. Quantity 0 leaves quantity and unit price blank (a flat line).
type Line struct {
	Description i18n.Text
	Quantity    int64
	Unit        string // word, page, minute, character, hour, document (others printed as is)
	// UnitPrice is the price of one unit in minor units; 0 prints Amount ÷ Quantity (UnitPriceOf).
	UnitPrice int64
	Amount    int64 // minor units
}

// VAT is the document's VAT line: the rate and amount for customers billed in Turkey, 0 % with
// the exemption wording for customers abroad.
type VAT struct {
	RatePercent int
	Amount      int64
	Exemption   i18n.Text
}

// ErrInvalid is a document that cannot be printed as given (its figures do not add up, an
// unknown kind, no currency): a caller's bug, never shown to a customer as a PDF.
var ErrInvalid = errors.New("documents: invalid document")

// check refuses a document whose printed figures would contradict each other.
func check(d Document) error {
	if d.Kind != Invoice && d.Kind != Quote {
		return fmt.Errorf("%w: kind %q", ErrInvalid, d.Kind)
	}
	if len(d.Currency) != 3 {
		return fmt.Errorf("%w: currency %q", ErrInvalid, d.Currency)
	}
	// The agency's name and numbers come from its facts (SellerOf); a document without them
	// would be no invoice at all.
	if d.Seller.Name == "" || d.Seller.VKN == "" || d.Seller.Mersis == "" {
		return fmt.Errorf("%w: no seller (documents.SellerOf the agency's facts)", ErrInvalid)
	}
	if d.RateMicros <= 0 {
		return fmt.Errorf("%w: rate %d", ErrInvalid, d.RateMicros)
	}
	var sum int64
	for _, l := range d.Lines {
		sum += l.Amount
	}
	if sum != d.Net {
		return fmt.Errorf("%w: lines add up to %d, net is %d", ErrInvalid, sum, d.Net)
	}
	if d.VATExcluded && d.VAT != (VAT{}) {
		return fmt.Errorf("%w: a VAT line on a document priced before VAT", ErrInvalid)
	}
	if d.Net+d.VAT.Amount != d.Total {
		return fmt.Errorf("%w: net %d + VAT %d is not the total %d", ErrInvalid, d.Net, d.VAT.Amount, d.Total)
	}
	return nil
}
