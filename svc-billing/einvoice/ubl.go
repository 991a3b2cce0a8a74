package einvoice

import "encoding/xml"

// The UBL 2.1 elements the agency's documents use, in the order UBL-Invoice-2.1.xsd's sequences
// require them (an element out of order fails the schema). Names carry their prefix, declared
// once on the root: encoding/xml would otherwise repeat a namespace declaration on every element.

const (
	nsInvoice = "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
	nsCAC     = "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
	nsCBC     = "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"
	nsXSI     = "http://www.w3.org/2001/XMLSchema-instance"
)

type ublInvoice struct {
	XMLName        xml.Name `xml:"Invoice"`
	XMLNS          string   `xml:"xmlns,attr"`
	XMLNSCAC       string   `xml:"xmlns:cac,attr"`
	XMLNSCBC       string   `xml:"xmlns:cbc,attr"`
	XMLNSXSI       string   `xml:"xmlns:xsi,attr"`
	SchemaLocation string   `xml:"xsi:schemaLocation,attr"`

	UBLVersionID         string             `xml:"cbc:UBLVersionID"`
	CustomizationID      string             `xml:"cbc:CustomizationID"`
	ProfileID            string             `xml:"cbc:ProfileID"`
	ID                   string             `xml:"cbc:ID"`
	CopyIndicator        bool               `xml:"cbc:CopyIndicator"`
	UUID                 string             `xml:"cbc:UUID"`
	IssueDate            string             `xml:"cbc:IssueDate"`
	IssueTime            string             `xml:"cbc:IssueTime"`
	InvoiceTypeCode      string             `xml:"cbc:InvoiceTypeCode"`
	Notes                []string           `xml:"cbc:Note"`
	DocumentCurrencyCode string             `xml:"cbc:DocumentCurrencyCode"`
	LineCountNumeric     int                `xml:"cbc:LineCountNumeric"`
	OrderReference       *orderReference    `xml:"cac:OrderReference"`
	BillingReference     *billingReference  `xml:"cac:BillingReference"`
	Signature            signature          `xml:"cac:Signature"`
	Supplier             partyRole          `xml:"cac:AccountingSupplierParty"`
	Customer             partyRole          `xml:"cac:AccountingCustomerParty"`
	PaymentMeans         []paymentMeans     `xml:"cac:PaymentMeans"`
	PricingExchangeRate  *exchangeRate      `xml:"cac:PricingExchangeRate"`
	TaxTotal             taxTotal           `xml:"cac:TaxTotal"`
	LegalMonetaryTotal   legalMonetaryTotal `xml:"cac:LegalMonetaryTotal"`
	Lines                []invoiceLine      `xml:"cac:InvoiceLine"`
}

// orderReference names the order the invoice bills; its IssueDate is required by UBL.
type orderReference struct {
	ID        string `xml:"cbc:ID"`
	IssueDate string `xml:"cbc:IssueDate"`
}

// billingReference points a refund (İADE) at the invoice it returns.
type billingReference struct {
	InvoiceDocumentReference documentReference `xml:"cac:InvoiceDocumentReference"`
}

type documentReference struct {
	ID               string `xml:"cbc:ID"`
	IssueDate        string `xml:"cbc:IssueDate,omitempty"`
	DocumentTypeCode string `xml:"cbc:DocumentTypeCode,omitempty"`
}

// signature is UBL's reference to the document's signature and its signer, the seller; the
// XAdES signature itself is added by the GİB integrator that signs the document.
type signature struct {
	ID                         identifier     `xml:"cbc:ID"`
	SignatoryParty             party          `xml:"cac:SignatoryParty"`
	DigitalSignatureAttachment attachmentLink `xml:"cac:DigitalSignatureAttachment"`
}

type attachmentLink struct {
	URI string `xml:"cac:ExternalReference>cbc:URI"`
}

type partyRole struct {
	Party party `xml:"cac:Party"`
}

type identifier struct {
	SchemeID string `xml:"schemeID,attr"`
	Value    string `xml:",chardata"`
}

// partyIdentification holds one of a party's ids (UBL allows one per element).
type partyIdentification struct {
	ID identifier `xml:"cbc:ID"`
}

type party struct {
	WebsiteURI      string                `xml:"cbc:WebsiteURI,omitempty"`
	Identifications []partyIdentification `xml:"cac:PartyIdentification"`
	Name            *partyName            `xml:"cac:PartyName"`
	PostalAddress   *address              `xml:"cac:PostalAddress"`
	TaxScheme       *partyTaxScheme       `xml:"cac:PartyTaxScheme"`
	Contact         *contact              `xml:"cac:Contact"`
	Person          *person               `xml:"cac:Person"`
}

type partyName struct {
	Name string `xml:"cbc:Name"`
}

type address struct {
	StreetName          string  `xml:"cbc:StreetName,omitempty"`
	CitySubdivisionName string  `xml:"cbc:CitySubdivisionName,omitempty"`
	CityName            string  `xml:"cbc:CityName,omitempty"`
	PostalZone          string  `xml:"cbc:PostalZone,omitempty"`
	Country             country `xml:"cac:Country"`
}

type country struct {
	IdentificationCode string `xml:"cbc:IdentificationCode"`
	Name               string `xml:"cbc:Name"`
}

// partyTaxScheme carries a party's tax office (the tax scheme's name, as GİB's guide has it) or a
// foreign buyer's own tax number.
type partyTaxScheme struct {
	CompanyID string `xml:"cbc:CompanyID,omitempty"`
	Name      string `xml:"cac:TaxScheme>cbc:Name"`
}

type contact struct {
	Telephone      string `xml:"cbc:Telephone,omitempty"`
	ElectronicMail string `xml:"cbc:ElectronicMail,omitempty"`
}

type person struct {
	FirstName  string `xml:"cbc:FirstName"`
	FamilyName string `xml:"cbc:FamilyName"`
}

// paymentMeans is a bank account the buyer may pay into: code 42, payment to a bank account
// (UN/ECE 4461).
type paymentMeans struct {
	Code     string `xml:"cbc:PaymentMeansCode"`
	DueDate  string `xml:"cbc:PaymentDueDate,omitempty"`
	IBAN     string `xml:"cac:PayeeFinancialAccount>cbc:ID"`
	Currency string `xml:"cac:PayeeFinancialAccount>cbc:CurrencyCode"`
}

type exchangeRate struct {
	SourceCurrencyCode string `xml:"cbc:SourceCurrencyCode"`
	TargetCurrencyCode string `xml:"cbc:TargetCurrencyCode"`
	CalculationRate    string `xml:"cbc:CalculationRate"`
	Date               string `xml:"cbc:Date"`
}

type amount struct {
	Currency string `xml:"currencyID,attr"`
	Value    string `xml:",chardata"`
}

type quantity struct {
	UnitCode string `xml:"unitCode,attr"`
	Value    int64  `xml:",chardata"`
}

type taxTotal struct {
	TaxAmount amount        `xml:"cbc:TaxAmount"`
	Subtotals []taxSubtotal `xml:"cac:TaxSubtotal"`
}

type taxSubtotal struct {
	TaxableAmount amount      `xml:"cbc:TaxableAmount"`
	TaxAmount     amount      `xml:"cbc:TaxAmount"`
	Percent       int         `xml:"cbc:Percent"`
	TaxCategory   taxCategory `xml:"cac:TaxCategory"`
}

type taxCategory struct {
	ExemptionReasonCode string    `xml:"cbc:TaxExemptionReasonCode,omitempty"`
	ExemptionReason     string    `xml:"cbc:TaxExemptionReason,omitempty"`
	TaxScheme           taxScheme `xml:"cac:TaxScheme"`
}

type taxScheme struct {
	Name        string `xml:"cbc:Name"`
	TaxTypeCode string `xml:"cbc:TaxTypeCode"`
}

type legalMonetaryTotal struct {
	LineExtensionAmount amount `xml:"cbc:LineExtensionAmount"`
	TaxExclusiveAmount  amount `xml:"cbc:TaxExclusiveAmount"`
	TaxInclusiveAmount  amount `xml:"cbc:TaxInclusiveAmount"`
	PayableAmount       amount `xml:"cbc:PayableAmount"`
}

type invoiceLine struct {
	ID                  string   `xml:"cbc:ID"`
	Note                string   `xml:"cbc:Note,omitempty"`
	InvoicedQuantity    quantity `xml:"cbc:InvoicedQuantity"`
	LineExtensionAmount amount   `xml:"cbc:LineExtensionAmount"`
	Item                item     `xml:"cac:Item"`
	PriceAmount         amount   `xml:"cac:Price>cbc:PriceAmount"`
}

type item struct {
	Description string `xml:"cbc:Description,omitempty"`
	Name        string `xml:"cbc:Name"`
}
