// Package einvoice writes the agency's invoices and refunds as GİB UBL-TR 1.2.1 documents
// (DESIGN §14): a UBL 2.1 Invoice with TR1.2.1's customisation, as an e-Arşiv invoice, or an
// e-Fatura one for a buyer registered for it, for a GİB integrator to sign and send. The
// documents are made from the stored invoice whenever they are asked for, so the same invoice
// always gives the same document (its UUID is derived from the invoice, not drawn).
//
// The tests validate every kind of document against the OASIS UBL 2.1 schema and GİB's
// Schematron rules (einvoicetest); schemas/ holds both, with their sources and licences.
package einvoice

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
	"golang.org/x/text/language"
	"golang.org/x/text/language/display"

	"linguaport/internal/company"
	"linguaport/internal/i18n"
	"linguaport/svc-billing/invoices"
	"linguaport/svc-billing/profile"
)

// Profile is the document's GİB scenario.
type Profile string

const (
	// EArchive is an e-Arşiv invoice: for every buyer not registered for e-Fatura.
	EArchive Profile = "EARSIVFATURA"
	// Basic and Commercial are e-Fatura scenarios, for buyers registered with GİB (staff set it
	// on the customer, profile.Registration); a commercial invoice can be accepted or rejected by
	// the buyer.
	Basic      Profile = profile.EFaturaBasic
	Commercial Profile = profile.EFaturaCommercial
)

// Valid tells a profile the agency issues.
func (p Profile) Valid() bool { return p == EArchive || p == Basic || p == Commercial }

// Invoice type codes (GİB's code list).
const (
	typeSale      = "SATIS"
	typeExemption = "ISTISNA" // KDV-exempt: the export of services
	typeReturn    = "IADE"
)

// KDV and its exemption for a customer abroad: translation for a customer abroad is an export of
// services, exempt under KDV Law art. 11/1-a (GİB's exemption code 302).
const (
	kdvName            = "KDV"
	kdvTaxTypeCode     = "0015"
	exportExemption    = "302"
	exportExemptionWhy = "11/1-a Hizmet İhracatı"
)

// ForeignBuyerVKN stands for the tax number of a buyer abroad who has none in Turkey, by the
// convention of GİB's e-Arşiv technical guide (the rules themselves only ask for exactly one
// VKN or TCKN, and a name with a VKN); the buyer's own tax number goes beside it in
// PartyTaxScheme.
const ForeignBuyerVKN = "2222222222"

// Rate is the Central Bank of the Republic of Turkey's rate of a currency on a day, in TRY per
// unit in millionths: VUK art. 280 has an invoice in another currency valued at it.
type Rate struct {
	Currency string
	Micros   int64
	Day      time.Time
}

// Options are what a document needs besides the invoice and the seller.
type Options struct {
	// Profile is the buyer's scenario; empty means EArchive.
	Profile Profile
	// TRYRate is required for an invoice in another currency than TRY.
	TRYRate *Rate
}

// Refund is the return document of a refunded invoice: its own number (in the refunds' series)
// and when it was issued.
type Refund struct {
	Number   string
	IssuedAt time.Time
}

var (
	ErrNotIssued   = errors.New("einvoice: the invoice has no number yet")
	ErrNoRate      = errors.New("einvoice: an invoice in another currency than TRY needs the TRY rate")
	ErrBadProfile  = errors.New("einvoice: unknown profile")
	ErrNoDetails   = errors.New("einvoice: the invoice was issued without billing details")
	ErrNotRefunded = errors.New("einvoice: the invoice is not refunded")
)

// Sale is the invoice's UBL-TR document.
func Sale(inv invoices.Invoice, seller company.Facts, o Options) ([]byte, error) {
	return write(inv, seller, o, nil)
}

// Return is the UBL-TR return (İADE) document of a refunded invoice, pointing at the invoice.
func Return(inv invoices.Invoice, r Refund, seller company.Facts, o Options) ([]byte, error) {
	if inv.Status != invoices.Refunded || r.Number == "" {
		return nil, ErrNotRefunded
	}
	return write(inv, seller, o, &r)
}

func write(inv invoices.Invoice, seller company.Facts, o Options, refund *Refund) ([]byte, error) {
	if inv.Number == "" {
		return nil, ErrNotIssued
	}
	if inv.Details.Type == "" {
		return nil, ErrNoDetails
	}
	if o.Profile == "" {
		o.Profile = EArchive
	}
	if !o.Profile.Valid() {
		return nil, fmt.Errorf("%w: %q", ErrBadProfile, o.Profile)
	}
	if inv.Currency != "TRY" && (o.TRYRate == nil || o.TRYRate.Currency != inv.Currency || o.TRYRate.Micros <= 0) {
		return nil, ErrNoRate
	}
	m := money{currency: inv.Currency, decimals: inv.Decimals}

	doc := ublInvoice{
		XMLNS: nsInvoice, XMLNSCAC: nsCAC, XMLNSCBC: nsCBC, XMLNSXSI: nsXSI,
		SchemaLocation:       nsInvoice + " UBL-Invoice-2.1.xsd",
		UBLVersionID:         "2.1",
		CustomizationID:      "TR1.2.1",
		ProfileID:            string(o.Profile),
		ID:                   inv.Number,
		UUID:                 documentUUID(inv.ID, "invoice"),
		DocumentCurrencyCode: inv.Currency,
		OrderReference:       &orderReference{ID: inv.OrderNumber, IssueDate: day(inv.IssuedAt)},
		Supplier:             partyRole{Party: sellerParty(seller)},
		Customer:             partyRole{Party: buyerParty(inv.Details)},
	}
	if inv.Sandbox {
		// Downloadable as any invoice's, so an integrator can try their import, but saying on
		// its face that it is none (it is never sent to GİB either: Handler).
		doc.Notes = append(doc.Notes, invoices.SandboxNote.TR+" / "+invoices.SandboxNote.EN)
	}
	issued := inv.IssuedAt
	switch {
	case refund != nil:
		issued = refund.IssuedAt
		doc.ID = refund.Number
		doc.UUID = documentUUID(inv.ID, "return")
		doc.InvoiceTypeCode = typeReturn
		doc.BillingReference = &billingReference{InvoiceDocumentReference: documentReference{
			ID: inv.Number, IssueDate: day(inv.IssuedAt), DocumentTypeCode: typeReturn,
		}}
		doc.Notes = append(doc.Notes, fmt.Sprintf("%s numaralı, %s tarihli faturanın iadesidir.", inv.Number, day(inv.IssuedAt)))
	case inv.InTurkey:
		doc.InvoiceTypeCode = typeSale
	default:
		doc.InvoiceTypeCode = typeExemption
	}
	doc.IssueDate, doc.IssueTime = day(issued), issued.In(i18n.Istanbul).Format("15:04:05")
	doc.Signature = signature{
		ID:                         identifier{SchemeID: "VKN_TCKN", Value: seller.TaxNumber},
		SignatoryParty:             sellerParty(seller),
		DigitalSignatureAttachment: attachmentLink{URI: "#Signature_" + doc.ID},
	}
	doc.Notes = append(doc.Notes, fmt.Sprintf("Sipariş: %s", inv.OrderNumber))

	if inv.Currency != "TRY" {
		r := o.TRYRate
		doc.PricingExchangeRate = &exchangeRate{
			SourceCurrencyCode: inv.Currency, TargetCurrencyCode: "TRY",
			CalculationRate: decimal(r.Micros, 6, false), Date: day(r.Day),
		}
		try := money{currency: "TRY", decimals: 2}
		doc.Notes = append(doc.Notes, fmt.Sprintf("TRY karşılığı (TCMB döviz alış kuru, %s: 1 %s = %s TRY): KDV hariç %s TRY, KDV %s TRY, toplam %s TRY.",
			r.Day.Format("02.01.2006"), inv.Currency, decimal(r.Micros, 6, false),
			try.value(inTRY(inv.Totals.Net, inv.Decimals, r.Micros)), try.value(inTRY(inv.Totals.VAT, inv.Decimals, r.Micros)),
			try.value(inTRY(inv.Totals.Total, inv.Decimals, r.Micros))))
	}
	if refund == nil {
		if acct, ok := seller.Account(inv.Currency); ok {
			pm := paymentMeans{Code: "42", IBAN: acct.IBAN, Currency: acct.Currency}
			if inv.DueAt != nil {
				pm.DueDate = day(*inv.DueAt)
			}
			doc.PaymentMeans = []paymentMeans{pm}
		}
	}

	vat := taxSubtotal{
		TaxableAmount: m.amount(inv.Totals.Net),
		TaxAmount:     m.amount(inv.Totals.VAT),
		Percent:       inv.VATPercent,
		TaxCategory:   taxCategory{TaxScheme: taxScheme{Name: kdvName, TaxTypeCode: kdvTaxTypeCode}},
	}
	if !inv.InTurkey {
		vat.Percent = 0
		vat.TaxCategory.ExemptionReasonCode, vat.TaxCategory.ExemptionReason = exportExemption, exportExemptionWhy
	}
	doc.TaxTotal = taxTotal{TaxAmount: m.amount(inv.Totals.VAT), Subtotals: []taxSubtotal{vat}}
	doc.LegalMonetaryTotal = legalMonetaryTotal{
		LineExtensionAmount: m.amount(inv.Totals.Net),
		TaxExclusiveAmount:  m.amount(inv.Totals.Net),
		TaxInclusiveAmount:  m.amount(inv.Totals.Total),
		PayableAmount:       m.amount(inv.Totals.Total),
	}
	for _, l := range inv.Lines {
		if l.Kind != invoices.KindWork {
			continue
		}
		qty := int64(max(l.Quantity, 1))
		doc.Lines = append(doc.Lines, invoiceLine{
			ID:                  strconv.Itoa(len(doc.Lines) + 1),
			InvoicedQuantity:    quantity{UnitCode: unitCode(l.Unit), Value: qty},
			LineExtensionAmount: m.amount(l.Amount),
			Item:                item{Name: "Çeviri hizmeti " + l.Description.TR, Description: l.Description.EN},
			PriceAmount:         amount{Currency: inv.Currency, Value: unitPrice(l.Amount, qty, inv.Decimals)},
		})
	}
	doc.LineCountNumeric = len(doc.Lines)

	var out bytes.Buffer
	out.WriteString(xml.Header)
	enc := xml.NewEncoder(&out)
	enc.Indent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return nil, fmt.Errorf("einvoice: encode %s: %w", doc.ID, err)
	}
	out.WriteByte('\n')
	return out.Bytes(), nil
}

// documentUUID is the document's UUID, derived from the invoice and the kind of document, so a
// document made again is the same document.
func documentUUID(invoiceID, kind string) string {
	return uuid.NewSHA1(uuidSpace, []byte(kind+"/"+invoiceID)).String()
}

// uuidSpace is the name space of the agency's document UUIDs (itself a version 5 UUID of its name).
var uuidSpace = uuid.NewSHA1(uuid.NameSpaceURL, []byte("https://www.linguaport.com/e-documents"))

func sellerParty(f company.Facts) party {
	ids := []partyIdentification{{identifier{SchemeID: "VKN", Value: f.TaxNumber}}}
	if f.Mersis != "" {
		ids = append(ids, partyIdentification{identifier{SchemeID: "MERSISNO", Value: f.Mersis}})
	}
	if f.Registry.Number != "" {
		ids = append(ids, partyIdentification{identifier{SchemeID: "TICARETSICILNO", Value: f.Registry.Number}})
	}
	return party{
		WebsiteURI:      f.Website,
		Identifications: ids,
		Name:            &partyName{f.LegalName},
		PostalAddress: &address{
			StreetName: f.Address.Street, CitySubdivisionName: f.Address.District, CityName: f.Address.City,
			PostalZone: f.Address.Postcode, Country: countryOf(f.Address.Country),
		},
		TaxScheme: &partyTaxScheme{Name: f.TaxOffice},
		Contact:   &contact{Telephone: f.Phone, ElectronicMail: f.Email.Billing},
	}
}

// buyerParty is the buyer as GİB's rules want them: one TCKN for a person or one VKN for a
// company in Turkey, with the person's first and family name or the company's title; a buyer
// abroad under ForeignBuyerVKN, with their name and their own tax number.
func buyerParty(d profile.Details) party {
	p := party{
		PostalAddress: &address{StreetName: d.Address, CityName: d.City, PostalZone: d.Postcode, Country: countryOf(d.Country)},
		Contact:       &contact{ElectronicMail: d.Email},
	}
	switch {
	case d.InTurkey() && d.Type == profile.Individual:
		p.Identifications = []partyIdentification{{identifier{SchemeID: "TCKN", Value: d.TCKN}}}
		first, family := splitName(d.FullName)
		p.Person = &person{FirstName: first, FamilyName: family}
	case d.InTurkey():
		p.Identifications = []partyIdentification{{identifier{SchemeID: "VKN", Value: d.VKN}}}
		p.Name = &partyName{d.CompanyName}
		p.TaxScheme = &partyTaxScheme{Name: d.TaxOffice}
	default:
		p.Identifications = []partyIdentification{{identifier{SchemeID: "VKN", Value: ForeignBuyerVKN}}}
		p.Name = &partyName{d.CompanyName}
		if d.Type == profile.Individual {
			p.Name = &partyName{d.FullName}
		}
		if d.TaxID != "" {
			p.TaxScheme = &partyTaxScheme{CompanyID: d.TaxID}
		}
	}
	return p
}

// splitName takes the last word of a full name as the family name, as Turkish names are
// written (given names first); a single word is both.
func splitName(full string) (first, family string) {
	words := strings.Fields(full)
	switch len(words) {
	case 0:
		return "", ""
	case 1:
		return words[0], words[0]
	}
	return strings.Join(words[:len(words)-1], " "), words[len(words)-1]
}

// countryOf is the country by its ISO code, named in Turkish.
func countryOf(code string) country {
	c := country{IdentificationCode: code, Name: code}
	if r, err := language.ParseRegion(code); err == nil {
		if name := display.Turkish.Regions().Name(r); name != "" {
			c.Name = name
		}
	}
	return c
}

// unitCode is the UN/ECE Recommendation 20 code of a pricing unit: pages (ZP) and minutes (MIN)
// have codes; words are counted as units (C62, "adet").
func unitCode(unit string) string {
	switch unit {
	case "page":
		return "ZP"
	case "minute":
		return "MIN"
	}
	return "C62"
}

func day(t time.Time) string { return t.In(i18n.Istanbul).Format("2006-01-02") }

// money writes amounts in minor units of one currency.
type money struct {
	currency string
	decimals int
}

func (m money) amount(minor int64) amount { return amount{Currency: m.currency, Value: m.value(minor)} }

func (m money) value(minor int64) string { return decimal(minor, m.decimals, true) }

// decimal writes v / 10^places, with all its places when fixed, else without trailing zeros.
func decimal(v int64, places int, fixed bool) string {
	sign := ""
	if v < 0 {
		sign, v = "-", -v
	}
	s := strconv.FormatInt(v, 10)
	if places == 0 {
		return sign + s
	}
	if len(s) <= places {
		s = strings.Repeat("0", places-len(s)+1) + s
	}
	whole, frac := s[:len(s)-places], s[len(s)-places:]
	if !fixed {
		frac = strings.TrimRight(frac, "0")
		if frac == "" {
			return sign + whole
		}
	}
	return sign + whole + "." + frac
}

// unitPrice is a line's amount per unit to six places, rounded half up: the line's amount is
// what is billed, the unit price only what it comes to.
func unitPrice(minor, qty int64, decimals int) string {
	const extra = 6
	scaled := minor
	for range extra - min(decimals, extra) {
		scaled *= 10
	}
	places := max(decimals, extra)
	return decimal((scaled+qty/2)/qty, places, false)
}

// inTRY converts minor units of a currency with decimals to kuruş at rateMicros TRY per unit,
// rounded half up.
func inTRY(minor int64, decimals int, rateMicros int64) int64 {
	// minor / 10^decimals units × rate/1e6 TRY × 100 kuruş.
	den := int64(1_000_000) / 100
	for range decimals {
		den *= 10
	}
	return (minor*rateMicros + den/2) / den
}
