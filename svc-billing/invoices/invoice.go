// Package invoices issues the customers' invoices: one per approved quote (svc-orders'
// quote.approved), with the quote's lines in the display currency and in USD, Turkish VAT (KDV)
// as its own line, a copy of the billing details it was issued to and a gapless number per year.
package invoices

import (
	"fmt"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"linguaport/internal/events"
	"linguaport/internal/i18n"
	"linguaport/internal/mailbox"
	"linguaport/internal/mongox"
	"linguaport/svc-billing/profile"
)

// Status is where an invoice is in its life (lifecycle.go): pending, paid, refunded by staff.
type Status string

const (
	Pending  Status = "pending"
	Paid     Status = "paid"
	Refunded Status = "refunded"
)

// Line kinds: the work invoiced, and the VAT on it.
const (
	KindWork = "work"
	KindVAT  = "vat"
)

// DefaultVATRatePercent is Turkey's general KDV rate, used when VAT_RATE_PERCENT is not set.
const DefaultVATRatePercent = 20

// ExemptionNote is printed on the 0 % VAT line of customers abroad: translation for a customer
// abroad is an export of services, exempt under the VAT law.
var ExemptionNote = i18n.Text{
	TR: "KDV Kanunu 11/1-a maddesi uyarınca istisna",
	EN: "Exempt from Turkish VAT (export of services, VAT Law art. 11/1-a)",
}

// Line is one line of an invoice: a target language's work, or the VAT.
type Line struct {
	Kind           string    `json:"kind" bson:"kind"` // KindWork or KindVAT
	TargetLanguage string    `json:"targetLanguage,omitempty" bson:"targetLanguage,omitempty"`
	Description    i18n.Text `json:"description" bson:"description"`
	Quantity       int       `json:"quantity,omitempty" bson:"quantity,omitempty"`
	Unit           string    `json:"unit,omitempty" bson:"unit,omitempty"`
	// RatePercent is the VAT line's rate (0 for customers abroad).
	RatePercent int   `json:"ratePercent" bson:"ratePercent"`
	Amount      int64 `json:"amount" bson:"amount"`       // minor units of the display currency
	AmountUSD   int64 `json:"amountUsd" bson:"amountUsd"` // USD cents
}

// Totals are an invoice's sums in one currency, in its minor units.
type Totals struct {
	Net   int64 `json:"net" bson:"net"`
	VAT   int64 `json:"vat" bson:"vat"`
	Total int64 `json:"total" bson:"total"`
}

// Invoice is one invoice, one document, its _id derived from the quote's so that a redelivered
// quote.approved finds the invoice it made instead of making a second one.
type Invoice struct {
	ID string `json:"id" bson:"_id"`
	// Number is GİB's invoice number (FormatNumber), empty for the moment between the invoice's
	// insert and its numbering (never shown: the service numbers an invoice before it shows it).
	Number string `json:"number" bson:"number,omitempty"`
	Seq    int64  `json:"-" bson:"seq,omitempty"`
	// ReturnNumber is the number of a refunded invoice's return (İADE) document, in the returns'
	// series (FormatReturnNumber); given by its own write after the refund, like Number.
	ReturnNumber string `json:"returnNumber,omitempty" bson:"returnNumber,omitempty"`
	ReturnSeq    int64  `json:"-" bson:"returnSeq,omitempty"`
	// Sent and ReturnSent say when the invoice's e-Arşiv document and its return document went to
	// the GİB integrator (svc-billing/einvoice), once each. Not in the invoice's JSON: a consumer
	// writes them at any moment, and the audit of a staff action on the invoice (which compares
	// the invoice before and after it) would take that write for the action's.
	Sent       *Transmission `json:"-" bson:"eArchiveSent,omitempty"`
	ReturnSent *Transmission `json:"-" bson:"eArchiveReturnSent,omitempty"`
	// Sandbox marks an invoice of a customer's sandbox space (authn.IsSandbox of CustomerID:
	// issued from a quote a sandbox API key approved). It is issued, paid and announced like any
	// other, so an integrator's code meets the real flow, but it is no invoice in law: numbered in
	// its own series (TestSeries), never sent to GİB, mailed to nobody, paid without a charge
	// (svc-billing/paying), marked as a test on its PDF and XML, left out of revenue and staff's
	// counts, and deleted outright with the sandbox (svc-billing/datacopy).
	Sandbox     bool            `json:"sandbox,omitempty" bson:"sandbox,omitempty"`
	Year        int             `json:"year" bson:"year"`
	Status      Status          `json:"status" bson:"status"`
	CustomerID  string          `json:"customerId" bson:"customerId"`
	QuoteID     string          `json:"quoteId" bson:"quoteId"`
	QuoteNumber string          `json:"quoteNumber" bson:"quoteNumber"`
	OrderID     string          `json:"orderId" bson:"orderId"`
	OrderNumber string          `json:"orderNumber" bson:"orderNumber"`
	Service     string          `json:"service" bson:"service"`
	Currency    string          `json:"currency" bson:"currency"` // the display currency
	Decimals    int             `json:"decimals" bson:"decimals"`
	RateMicros  int64           `json:"rateMicros" bson:"rateMicros"` // display units per USD, millionths
	Lines       []Line          `json:"lines" bson:"lines"`           // the work lines, then the VAT line
	Totals      Totals          `json:"totals" bson:"totals"`         // in the display currency
	TotalsUSD   Totals          `json:"totalsUsd" bson:"totalsUsd"`   // in USD cents
	InTurkey    bool            `json:"inTurkey" bson:"inTurkey"`
	VATPercent  int             `json:"vatPercent" bson:"vatPercent"`
	Details     profile.Details `json:"details" bson:"details"` // the billing details issued to
	// EFatura is set when the customer was registered for e-Fatura when the invoice was issued
	// (staff, profile.Registration): its document is then an e-Fatura one, not e-Arşiv.
	EFatura  *EFatura  `json:"eFatura,omitempty" bson:"eFatura,omitempty"`
	IssuedAt time.Time `json:"issuedAt" bson:"issuedAt"`
	// DueAt is when the customer should have paid: issued + INVOICE_DUE_DAYS. Invoices stored
	// before due dates existed have none and count from their issue date (Service fills it in).
	DueAt      *time.Time `json:"dueAt,omitempty" bson:"dueAt,omitempty"`
	PaidAt     *time.Time `json:"paidAt,omitempty" bson:"paidAt,omitempty"`
	RefundedAt *time.Time `json:"refundedAt,omitempty" bson:"refundedAt,omitempty"`
	Payment    *Payment   `json:"payment,omitempty" bson:"payment,omitempty"`
	// Checkout is the card payment waiting at the provider, if any; only its URL is ever shown,
	// and only to the payer (the pay answer).
	Checkout *Checkout `json:"-" bson:"checkout,omitempty"`
	// Lang is the language of the request that approved the quote (tr for invoices of events
	// sent before quote.approved carried it): the customer's mails about the invoice and the PDF
	// they carry are in it.
	Lang string `json:"-" bson:"lang,omitempty"`

	mongox.Version `bson:",inline"`
	mongox.Sliced  `bson:",inline"` // a customer's invoices are read by slice for their KVKK copy
	events.Outbox  `bson:",inline"`
	// Box holds the customer's mails about the invoice (mails.go), queued in the write that
	// issues, pays or refunds it.
	mailbox.Box `bson:",inline"`
	// MailLease is the mail relay's claim on the mail it is sending (internal/outbox). Nothing
	// here reads it; it is carried so that a change that read the invoice after the claim, and
	// replaces the whole document (mongox.Update), writes the claim back instead of dropping it
	// and letting a second relay send the mail too. (A change that read it just before the claim
	// can still drop it: the claim does not move the version.)
	MailLease bson.Raw `json:"-" bson:"mailboxLease,omitempty"`
}

// EFatura is the e-Fatura scenario and GİB alias an invoice is issued for.
type EFatura struct {
	Scenario string `json:"scenario" bson:"scenario"` // profile.EFaturaBasic or EFaturaCommercial
	Alias    string `json:"alias" bson:"alias"`
}

// Transmission is a document handed to the GİB integrator: which one, its reference, when.
type Transmission struct {
	Integrator string    `json:"integrator" bson:"integrator"`
	Reference  string    `json:"reference" bson:"reference"`
	At         time.Time `json:"at" bson:"at"`
}

// IDFor is the invoice id of a quote: one quote, one invoice.
func IDFor(quoteID string) string { return "inv-" + quoteID }

// The agency's document series: GİB's invoice number is a series of three letters or digits,
// the year and a sequence of nine digits, gapless within the series and year ("LPA2026000000001").
// Sales and returns (İADE documents of refunds) are numbered in series of their own.
//
// Sandbox invoices (Invoice.Sandbox) and their returns have series and counters of their own
// too, TST and TSR: a test can never take a number of the live series, which must stay gapless,
// nor collide with one, and a test number reads as one at a glance.
const (
	SaleSeries       = "LPA"
	ReturnSeries     = "LPR"
	TestSeries       = "TST"
	TestReturnSeries = "TSR"
)

// FormatNumber is the invoice number of the seq-th invoice of year.
func FormatNumber(year int, seq int64) string { return formatIn(SaleSeries, year, seq) }

// FormatReturnNumber is the number of the seq-th return document of year.
func FormatReturnNumber(year int, seq int64) string { return formatIn(ReturnSeries, year, seq) }

// FormatTestNumber is the number of the seq-th sandbox invoice of year.
func FormatTestNumber(year int, seq int64) string { return formatIn(TestSeries, year, seq) }

// FormatTestReturnNumber is the number of the seq-th sandbox return document of year.
func FormatTestReturnNumber(year int, seq int64) string {
	return formatIn(TestReturnSeries, year, seq)
}

func formatIn(series string, year int, seq int64) string {
	return fmt.Sprintf("%s%d%09d", series, year, seq)
}

// SandboxNote marks a sandbox invoice's PDF and XML: it is no invoice.
var SandboxNote = i18n.Text{TR: "TEST — geçerli bir fatura değildir", EN: "TEST — not a valid invoice"}

// turkeyTime: invoices are dated and numbered by the year in Turkey (UTC+3 all year since
// 2016), so an invoice issued on 31 December 22:00 UTC belongs to the next year's series.
var turkeyTime = time.FixedZone("TRT", 3*60*60)

// YearOf is the numbering year of an invoice issued at t.
func YearOf(t time.Time) int { return t.In(turkeyTime).Year() }

// VATOf is the VAT on net at ratePercent, in the same minor units. The one rounding rule: the VAT
// is computed once, on the invoice's net total (never per line), as net × rate / 100 rounded half
// up to the minor unit (0.5 kuruş and above up, below down). Amounts are never negative here.
func VATOf(net int64, ratePercent int) int64 {
	return (net*int64(ratePercent) + 50) / 100
}

// vatLine is the VAT line: the rate for customers billed in Turkey, 0 % with the exemption
// wording for customers abroad.
func vatLine(inTurkey bool, ratePercent int, net, netUSD int64) Line {
	if !inTurkey {
		return Line{Kind: KindVAT, Description: ExemptionNote}
	}
	return Line{
		Kind:        KindVAT,
		Description: i18n.Text{TR: fmt.Sprintf("KDV %%%d", ratePercent), EN: fmt.Sprintf("VAT %d%%", ratePercent)},
		RatePercent: ratePercent,
		Amount:      VATOf(net, ratePercent),
		AmountUSD:   VATOf(netUSD, ratePercent),
	}
}
