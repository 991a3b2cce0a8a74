// Package datacopy is svc-billing's part of a person's KVKK requests (internal/privacy): their
// copy, the JSON files of what svc-billing keeps about them (Gather), and their erasure (Erase,
// erase.go), which removes what no law makes svc-billing keep and counts what it keeps. A
// customer's files are their billing details with any e-Fatura registration, their invoices with
// their refunds, their payments, their balance with its ledger and the bank transfers they
// declared; a translator's are their earnings with its ledger, their payouts and the bank
// accounts payouts go to. API.md ("KVKK copy", "Erasure") lists them and what an erasure keeps.
//
// Every read names the person's id and is served by an index that starts with it (the stores
// declare them), so a copy costs what the person's own data costs, whatever the collections hold.
// The files are views written for a person: amounts as the site writes them beside their exact
// minor units, no outboxes, versions, idempotency keys or staff members' ids, and IBANs masked.
package datacopy

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"linguaport/internal/authn"
	"linguaport/internal/company"
	"linguaport/internal/i18n"
	"linguaport/internal/money"
	"linguaport/internal/privacy"
	"linguaport/svc-billing/balance"
	"linguaport/svc-billing/earnings"
	"linguaport/svc-billing/invoices"
	"linguaport/svc-billing/profile"
)

// Service is the name svc-billing answers under: one of privacy.Services, whose answers svc-auth
// waits for before it hands the person their copy.
const Service = "svc-billing"

// The events of a request svc-billing takes part in. internal/privacy declares them too; a
// service names the events it consumes and produces in its own Event… constants, which the
// contracts' test (internal/events/contracts) reads to hold each contract to its code.
const (
	// EventPrivacyRequested is svc-auth's request, consumed from events:auth.
	EventPrivacyRequested = "privacy.requested"
	// EventPrivacyPartReady is svc-billing's answer to a copy, published on events:billing.
	EventPrivacyPartReady = "privacy.part_ready"
)

// The files of svc-billing's folder in the copy.
const (
	FileBillingDetails = "billing-details.json"
	FileInvoices       = "invoices.json"
	FilePayments       = "payments.json"
	FileBalance        = "balance.json"
	FileTransfers      = "transfers.json"
	FileEarnings       = "earnings.json"
	FilePayouts        = "payouts.json"
	FilePayoutAccounts = "payout-accounts.json"
)

// Profiles reads the customers' billing details (profile.MongoStore).
type Profiles interface {
	// Profile is profile.ErrNotFound when the customer saved none.
	Profile(ctx context.Context, customerID string) (profile.Profile, error)
}

// Registrations reads staff's e-Fatura registrations of customers (profile.Registrations).
type Registrations interface {
	// Registration is profile.ErrNotFound for a customer not registered.
	Registration(ctx context.Context, customerID string) (profile.Registration, error)
}

// Invoices reads a customer's invoices (invoices.MongoStore).
type Invoices interface {
	AllOfCustomer(ctx context.Context, customerID string) ([]invoices.Invoice, error)
}

// Ledger reads one kind of account with its ledger (balance.MongoStore): the customers'
// balances, or the translators' earnings kept on collections of their own.
type Ledger interface {
	// Balances are the owner's, in the order the currencies were first held.
	Balances(ctx context.Context, ownerID string) ([]balance.Money, error)
	AllEntries(ctx context.Context, ownerID string) ([]balance.Entry, error)
}

// Transfers reads the bank transfers a customer declared (balance.MongoStore).
type Transfers interface {
	AllTransfers(ctx context.Context, customerID string) ([]balance.Transfer, error)
}

// Payouts reads a translator's payouts and the bank accounts svc-translators announced for them
// (earnings.MongoStore).
type Payouts interface {
	AllPayouts(ctx context.Context, translatorID string) ([]earnings.Payout, error)
	Accounts(ctx context.Context, translatorID string) (earnings.PayoutAccounts, error)
}

// Sources are svc-billing's stores the copy reads, all of its own database.
type Sources struct {
	Profiles      Profiles
	Registrations Registrations
	Invoices      Invoices
	Balance       Ledger
	Transfers     Transfers
	Earnings      Ledger
	Payouts       Payouts
}

// Gather collects svc-billing's files about the person a request names: a customer's or a
// translator's, by their account's role. svc-billing keeps money of customers and translators
// only, each under their account's id: a visitor (no account) or a staff member has no files here.
func Gather(src Sources) privacy.Gather {
	return func(ctx context.Context, r privacy.Requested) ([]privacy.File, error) {
		if r.UserID == "" {
			return nil, nil
		}
		c := copier{src: src, id: r.UserID, lang: string(i18n.Parse(r.Lang))}
		switch authn.Role(r.Role) {
		case authn.RoleCustomer:
			return c.customer(ctx)
		case authn.RoleTranslator:
			return c.translator(ctx)
		}
		return nil, nil
	}
}

// copier writes one person's files, amounts in their language.
type copier struct {
	src  Sources
	id   string
	lang string
}

// files collects JSON files, keeping the first error.
type files struct {
	list []privacy.File
	err  error
}

func (f *files) add(name string, v any) {
	if f.err != nil {
		return
	}
	file, err := privacy.JSONFile(name, v)
	if err != nil {
		f.err = err
		return
	}
	f.list = append(f.list, file)
}

func (c copier) customer(ctx context.Context) ([]privacy.File, error) {
	details, err := c.billingDetails(ctx)
	if err != nil {
		return nil, err
	}
	invs, err := c.src.Invoices.AllOfCustomer(ctx, c.id)
	if err != nil {
		return nil, fmt.Errorf("datacopy: invoices of %s: %w", c.id, err)
	}
	// The balances first: reading them finishes a movement a crash left half written, so the
	// ledger read next adds up to them.
	balances, err := c.src.Balance.Balances(ctx, c.id)
	if err != nil {
		return nil, fmt.Errorf("datacopy: balance of %s: %w", c.id, err)
	}
	entries, err := c.src.Balance.AllEntries(ctx, c.id)
	if err != nil {
		return nil, fmt.Errorf("datacopy: ledger of %s: %w", c.id, err)
	}
	transfers, err := c.src.Transfers.AllTransfers(ctx, c.id)
	if err != nil {
		return nil, fmt.Errorf("datacopy: transfers of %s: %w", c.id, err)
	}
	var f files
	f.add(FileBillingDetails, details)
	f.add(FileInvoices, invoicesFile{Invoices: mapped(invs, c.invoice)})
	f.add(FilePayments, paymentsFile{Payments: c.payments(invs, entries)})
	f.add(FileBalance, c.ledger(balances, entries))
	f.add(FileTransfers, transfersFile{Transfers: mapped(transfers, c.transfer)})
	return f.list, f.err
}

func (c copier) translator(ctx context.Context) ([]privacy.File, error) {
	balances, err := c.src.Earnings.Balances(ctx, c.id)
	if err != nil {
		return nil, fmt.Errorf("datacopy: earnings of %s: %w", c.id, err)
	}
	entries, err := c.src.Earnings.AllEntries(ctx, c.id)
	if err != nil {
		return nil, fmt.Errorf("datacopy: earnings ledger of %s: %w", c.id, err)
	}
	payouts, err := c.src.Payouts.AllPayouts(ctx, c.id)
	if err != nil {
		return nil, fmt.Errorf("datacopy: payouts of %s: %w", c.id, err)
	}
	accounts, err := c.src.Payouts.Accounts(ctx, c.id)
	if err != nil {
		return nil, fmt.Errorf("datacopy: payout accounts of %s: %w", c.id, err)
	}
	var f files
	f.add(FileEarnings, c.ledger(balances, entries))
	f.add(FilePayouts, payoutsFile{Payouts: mapped(payouts, c.payout)})
	f.add(FilePayoutAccounts, payoutAccountsFile{Name: accounts.Name, Accounts: mapped(accounts.Accounts, c.payoutAccount)})
	return f.list, f.err
}

func mapped[T, V any](list []T, view func(T) V) []V {
	out := make([]V, 0, len(list))
	for _, x := range list {
		out = append(out, view(x))
	}
	return out
}

// ---- the files ----

// moneyView is an amount as a person reads it, in their language ("1.870,00 ₺", "₺1,870.00"),
// and exactly, in the currency's minor units (kuruş, cents).
type moneyView struct {
	Amount     string `json:"amount"`
	MinorUnits int64  `json:"minorUnits"`
	Currency   string `json:"currency"`
}

func (c copier) money(minor int64, currency string) moneyView {
	return moneyView{Amount: money.Format(minor, currency, c.lang), MinorUnits: minor, Currency: currency}
}

// billingDetailsFile is billing-details.json: whom the customer's invoices are issued to, and
// whether staff registered them for e-Fatura. Either is null when there is none.
type billingDetailsFile struct {
	BillingDetails      *detailsView      `json:"billingDetails"`
	EFaturaRegistration *registrationView `json:"eFaturaRegistration"`
}

// detailsView is a set of billing details, only the fields that apply to its type and country.
type detailsView struct {
	Type        string     `json:"type"` // individual or company
	FullName    string     `json:"fullName,omitempty"`
	TCKN        string     `json:"tckn,omitempty"`
	CompanyName string     `json:"companyName,omitempty"`
	TaxOffice   string     `json:"taxOffice,omitempty"`
	VKN         string     `json:"vkn,omitempty"`
	TaxID       string     `json:"taxId,omitempty"`
	Address     string     `json:"address,omitempty"`
	City        string     `json:"city,omitempty"`
	Postcode    string     `json:"postcode,omitempty"`
	Country     string     `json:"country,omitempty"`
	Email       string     `json:"email,omitempty"`
	UpdatedAt   *time.Time `json:"updatedAt,omitempty"`
}

// registrationView is the customer's e-Fatura registration, without the staff member who made it.
type registrationView struct {
	Scenario     string    `json:"scenario"` // TEMELFATURA or TICARIFATURA
	Alias        string    `json:"alias"`    // the GİB alias their e-Fatura documents go to
	RegisteredAt time.Time `json:"registeredAt"`
}

func (c copier) billingDetails(ctx context.Context) (billingDetailsFile, error) {
	var out billingDetailsFile
	p, err := c.src.Profiles.Profile(ctx, c.id)
	switch {
	case errors.Is(err, profile.ErrNotFound):
	case err != nil:
		return out, fmt.Errorf("datacopy: billing details of %s: %w", c.id, err)
	default:
		out.BillingDetails = details(p.Details)
		if !p.UpdatedAt.IsZero() {
			out.BillingDetails.UpdatedAt = &p.UpdatedAt
		}
	}
	r, err := c.src.Registrations.Registration(ctx, c.id)
	switch {
	case errors.Is(err, profile.ErrNotFound):
	case err != nil:
		return out, fmt.Errorf("datacopy: e-Fatura registration of %s: %w", c.id, err)
	default:
		out.EFaturaRegistration = &registrationView{Scenario: r.Scenario, Alias: r.Alias, RegisteredAt: r.SetAt}
	}
	return out, nil
}

// details is d as the copy shows it; nil for the empty details of an invoice issued before the
// customer saved any.
func details(d profile.Details) *detailsView {
	if d == (profile.Details{}) {
		return nil
	}
	return &detailsView{Type: d.Type, FullName: d.FullName, TCKN: d.TCKN, CompanyName: d.CompanyName, TaxOffice: d.TaxOffice,
		VKN: d.VKN, TaxID: d.TaxID, Address: d.Address, City: d.City, Postcode: d.Postcode, Country: d.Country, Email: d.Email}
}

// invoicesFile is invoices.json: every invoice issued to the customer, newest first.
type invoicesFile struct {
	Invoices []invoiceView `json:"invoices"`
}

// The GİB documents an invoice is issued as.
const (
	DocumentEArchive = "e-Arşiv"
	DocumentEFatura  = "e-Fatura"
)

type invoiceView struct {
	ID     string `json:"id"`
	Number string `json:"number"` // GİB's document number
	// Document is DocumentEArchive, or DocumentEFatura (with its scenario and alias) for a
	// customer registered for e-Fatura when it was issued.
	Document    string            `json:"document"`
	EFatura     *invoices.EFatura `json:"eFatura,omitempty"`
	Status      string            `json:"status"` // pending, paid, refunded
	OrderNumber string            `json:"orderNumber"`
	QuoteNumber string            `json:"quoteNumber"`
	Service     string            `json:"service"`
	Lines       []lineView        `json:"lines"`
	Net         moneyView         `json:"net"`
	VAT         moneyView         `json:"vat"`
	Total       moneyView         `json:"total"`
	// TotalUSD is the total in US dollars at the rate of the approved quote.
	TotalUSD   moneyView    `json:"totalUsd"`
	VATPercent int          `json:"vatPercent"`
	BilledTo   *detailsView `json:"billedTo,omitempty"`
	IssuedAt   time.Time    `json:"issuedAt"`
	DueAt      *time.Time   `json:"dueAt,omitempty"`
	PaidAt     *time.Time   `json:"paidAt,omitempty"`
	PaidBy     string       `json:"paidBy,omitempty"` // balance, card, bank_transfer
	// DocumentSentAt is when the document went to GİB's integrator.
	DocumentSentAt *time.Time  `json:"documentSentAt,omitempty"`
	Refund         *refundView `json:"refund,omitempty"`
}

// lineView is one line of an invoice: a target language's work, or the VAT.
type lineView struct {
	Kind           string    `json:"kind"` // work or vat
	Description    string    `json:"description"`
	TargetLanguage string    `json:"targetLanguage,omitempty"`
	Quantity       int       `json:"quantity,omitempty"`
	Unit           string    `json:"unit,omitempty"`
	RatePercent    int       `json:"ratePercent,omitempty"` // the VAT line's
	Amount         moneyView `json:"amount"`
	AmountUSD      moneyView `json:"amountUsd"`
}

// refundView is a refunded invoice's refund: its total credited to the customer's balance, with
// the return (İADE) document that records it.
type refundView struct {
	ReturnDocumentNumber string     `json:"returnDocumentNumber,omitempty"`
	Amount               moneyView  `json:"amount"`
	RefundedAt           time.Time  `json:"refundedAt"`
	CreditedTo           string     `json:"creditedTo"`
	DocumentSentAt       *time.Time `json:"documentSentAt,omitempty"`
}

func (c copier) invoice(inv invoices.Invoice) invoiceView {
	v := invoiceView{ID: inv.ID, Number: inv.Number, Document: DocumentEArchive, EFatura: inv.EFatura, Status: string(inv.Status),
		OrderNumber: inv.OrderNumber, QuoteNumber: inv.QuoteNumber, Service: inv.Service,
		Net: c.money(inv.Totals.Net, inv.Currency), VAT: c.money(inv.Totals.VAT, inv.Currency), Total: c.money(inv.Totals.Total, inv.Currency),
		TotalUSD: c.money(inv.TotalsUSD.Total, "USD"), VATPercent: inv.VATPercent, BilledTo: details(inv.Details),
		IssuedAt: inv.IssuedAt, DueAt: inv.DueAt, PaidAt: inv.PaidAt, Lines: make([]lineView, 0, len(inv.Lines))}
	if inv.EFatura != nil {
		v.Document = DocumentEFatura
	}
	for _, l := range inv.Lines {
		v.Lines = append(v.Lines, lineView{Kind: l.Kind, Description: l.Description.In(i18n.Lang(c.lang)), TargetLanguage: l.TargetLanguage,
			Quantity: l.Quantity, Unit: l.Unit, RatePercent: l.RatePercent,
			Amount: c.money(l.Amount, inv.Currency), AmountUSD: c.money(l.AmountUSD, "USD")})
	}
	if inv.Payment != nil {
		v.PaidBy = inv.Payment.Method
	}
	if inv.Sent != nil {
		v.DocumentSentAt = &inv.Sent.At
	}
	if inv.RefundedAt != nil {
		v.Refund = &refundView{ReturnDocumentNumber: inv.ReturnNumber, Amount: v.Total, RefundedAt: *inv.RefundedAt, CreditedTo: "balance"}
		if inv.ReturnSent != nil {
			v.Refund.DocumentSentAt = &inv.ReturnSent.At
		}
	}
	return v
}

// paymentsFile is payments.json: the customer's payments of invoices and card top-ups of their
// balance, newest first.
type paymentsFile struct {
	Payments []paymentView `json:"payments"`
}

// What a payment paid.
const (
	ForInvoice = "invoice"
	ForTopUp   = "balance_topup"
)

// A payment's status besides the invoice's paid and refunded: a card payment opened at the
// provider and not (yet) completed.
const PaymentOpen = "open"

type paymentView struct {
	For           string    `json:"for"` // ForInvoice or ForTopUp
	InvoiceID     string    `json:"invoiceId,omitempty"`
	InvoiceNumber string    `json:"invoiceNumber,omitempty"`
	Method        string    `json:"method"` // balance, card, bank_transfer
	Status        string    `json:"status"` // paid, refunded, open
	Amount        moneyView `json:"amount"`
	// ProviderSessionID is the card payment provider's checkout session, as svc-billing keeps it.
	ProviderSessionID string `json:"providerSessionId,omitempty"`
	// BankReference is the reference of the bank transfer staff saw arrive for the invoice.
	BankReference string     `json:"bankReference,omitempty"`
	PaidAt        *time.Time `json:"paidAt,omitempty"`
	ReceivedAt    *time.Time `json:"receivedAt,omitempty"` // the day a bank transfer arrived
	// CheckoutExpiresAt is when an open card payment's page stops taking the payment.
	CheckoutExpiresAt *time.Time `json:"checkoutExpiresAt,omitempty"`
}

// payments are the invoices' payments (and card payments still open) and the card top-ups in
// the balance's ledger. A balance payment's reference, the ledger entry's key, is left out: the
// ledger's debit names the invoice by its number.
func (c copier) payments(invs []invoices.Invoice, entries []balance.Entry) []paymentView {
	list := []paymentView{}
	for _, inv := range invs {
		base := paymentView{For: ForInvoice, InvoiceID: inv.ID, InvoiceNumber: inv.Number, Amount: c.money(inv.Totals.Total, inv.Currency)}
		switch {
		case inv.Payment != nil:
			p := base
			p.Method, p.Status, p.PaidAt, p.ReceivedAt = inv.Payment.Method, string(inv.Status), inv.PaidAt, inv.Payment.ReceivedAt
			switch inv.Payment.Method {
			case invoices.MethodCard:
				p.ProviderSessionID = inv.Payment.Reference
			case invoices.MethodBankTransfer:
				p.BankReference = inv.Payment.Reference
			}
			list = append(list, p)
		case inv.Checkout != nil:
			p := base
			p.Method, p.Status, p.ProviderSessionID = invoices.MethodCard, PaymentOpen, inv.Checkout.SessionID
			p.CheckoutExpiresAt = &inv.Checkout.ExpiresAt
			list = append(list, p)
		}
	}
	for _, e := range entries {
		if e.Reason != balance.ReasonTopUp {
			continue
		}
		at := e.At
		list = append(list, paymentView{For: ForTopUp, Method: invoices.MethodCard, Status: string(invoices.Paid),
			Amount: c.money(e.Amount.Amount, e.Amount.Currency), ProviderSessionID: e.Reference, PaidAt: &at})
	}
	// Newest first by when paid; an open payment, not paid yet, by when its page expires.
	when := func(p paymentView) time.Time {
		if p.PaidAt != nil {
			return *p.PaidAt
		}
		if p.CheckoutExpiresAt != nil {
			return *p.CheckoutExpiresAt
		}
		return time.Time{}
	}
	slices.SortStableFunc(list, func(a, b paymentView) int { return when(b).Compare(when(a)) })
	return list
}

// ledgerFile is balance.json (a customer's balance) and earnings.json (a translator's earnings):
// the balance in each currency held and every movement, by currency and newest first.
type ledgerFile struct {
	Balances []moneyView `json:"balances"`
	Entries  []entryView `json:"entries"`
}

type entryView struct {
	At     time.Time `json:"at"`
	Kind   string    `json:"kind"`   // credit or debit
	Reason string    `json:"reason"` // topup, transfer, invoice, refund, adjustment, earning, payout, payout_returned
	Amount moneyView `json:"amount"`
	// Reference is what moved the balance (an invoice's, a transfer's, an order's or a payout's
	// id, a card payment's session); left out of staff's adjustments, where it is the staff
	// member's id.
	Reference    string    `json:"reference,omitempty"`
	Label        string    `json:"label,omitempty"` // how the site names the reference: an invoice's or an order's number
	Note         string    `json:"note,omitempty"`  // staff's words on an adjustment
	BalanceAfter moneyView `json:"balanceAfter"`
}

func (c copier) ledger(balances []balance.Money, entries []balance.Entry) ledgerFile {
	out := ledgerFile{Balances: mapped(balances, func(m balance.Money) moneyView { return c.money(m.Amount, m.Currency) })}
	out.Entries = mapped(entries, func(e balance.Entry) entryView {
		v := entryView{At: e.At, Kind: string(e.Kind), Reason: e.Reason, Amount: c.money(e.Amount.Amount, e.Amount.Currency),
			Reference: e.Reference, Label: e.Label, Note: e.Note, BalanceAfter: c.money(e.BalanceAfter.Amount, e.BalanceAfter.Currency)}
		if e.Reason == balance.ReasonAdjustment {
			v.Reference = ""
		}
		return v
	})
	return out
}

// transfersFile is transfers.json: the bank transfers the customer declared, oldest first.
type transfersFile struct {
	Transfers []transferView `json:"transfers"`
}

type transferView struct {
	ID            string     `json:"id"`
	Status        string     `json:"status"` // declared, confirmed, rejected
	Amount        moneyView  `json:"amount"`
	Sender        string     `json:"sender"`
	Date          string     `json:"date"` // the day the customer says they sent it
	BankReference string     `json:"bankReference"`
	DeclaredAt    time.Time  `json:"declaredAt"`
	DecidedAt     *time.Time `json:"decidedAt,omitempty"`
	// RejectionReason is staff's reason for rejecting it.
	RejectionReason string `json:"rejectionReason,omitempty"`
}

func (c copier) transfer(t balance.Transfer) transferView {
	return transferView{ID: t.ID, Status: t.Status, Amount: c.money(t.Amount.Amount, t.Amount.Currency), Sender: t.Sender, Date: t.Date,
		BankReference: t.Reference, DeclaredAt: t.DeclaredAt, DecidedAt: t.DecidedAt, RejectionReason: t.Reason}
}

// payoutsFile is payouts.json: the translator's payout requests, newest first.
type payoutsFile struct {
	Payouts []payoutView `json:"payouts"`
}

type payoutView struct {
	ID     string    `json:"id"`
	Status string    `json:"status"` // requested, paid, rejected
	Amount moneyView `json:"amount"`
	IBAN   string    `json:"iban"` // masked: the country code and the last four characters
	Holder string    `json:"holder"`
	// Name is the translator's name as the bank export carried it when they asked.
	Name            string     `json:"name,omitempty"`
	RequestedAt     time.Time  `json:"requestedAt"`
	DecidedAt       *time.Time `json:"decidedAt,omitempty"`
	RejectionReason string     `json:"rejectionReason,omitempty"`
}

func (c copier) payout(p earnings.Payout) payoutView {
	return payoutView{ID: p.ID, Status: p.Status, Amount: c.money(p.Amount.Amount, p.Amount.Currency), IBAN: company.MaskIBAN(p.IBAN),
		Holder: p.Holder, Name: p.TranslatorName, RequestedAt: p.RequestedAt, DecidedAt: p.DecidedAt, RejectionReason: p.Reason}
}

// payoutAccountsFile is payout-accounts.json: the bank accounts svc-translators last announced for
// the translator's payouts, and their name as announced with them.
type payoutAccountsFile struct {
	Name     string              `json:"name,omitempty"`
	Accounts []payoutAccountView `json:"accounts"`
}

type payoutAccountView struct {
	ID      string `json:"id"`
	IBAN    string `json:"iban"` // masked, as in payouts.json
	Holder  string `json:"holder"`
	Default bool   `json:"default"`
}

func (c copier) payoutAccount(a earnings.PayoutAccount) payoutAccountView {
	return payoutAccountView{ID: a.ID, IBAN: company.MaskIBAN(a.IBAN), Holder: a.Holder, Default: a.Default}
}
