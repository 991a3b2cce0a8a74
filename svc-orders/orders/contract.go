package orders

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"linguaport/internal/authn"
	"linguaport/internal/company"
	"linguaport/internal/documents"
	"linguaport/internal/errs"
	"linguaport/internal/i18n"
	"linguaport/internal/names"
	"linguaport/svc-orders/calendar"
	"linguaport/svc-orders/contracts"
	"linguaport/svc-orders/quotes"
)

// ErrNoContract: the order was approved before contracts were kept, so it has none to show.
var ErrNoContract = errors.New("the order has no kept contract")

// AddOnNames names the extras of the price list by id.
type AddOnNames func(ctx context.Context) (map[string]i18n.Text, error)

// WithContracts words a quote's contract with the agency's facts and the price list's names of
// the extras. Without it no contract is shown and no approval can be accepted.
func WithContracts(facts company.Facts, addOns AddOnNames) Option {
	return func(s *service) { s.facts, s.addOnNames = facts, addOns }
}

var errNoContracts = fmt.Errorf("no agency facts to word the contract with: %w", errs.ErrUnavailable)

// Contract is the contract the caller accepts by approving their pending quote now, in lang;
// for an approved quote it is the one that was accepted.
func (s *service) Contract(ctx context.Context, c authn.Caller, quoteID string, lang i18n.Lang) (contracts.Contract, error) {
	q, err := s.quotes.Quote(ctx, c, quoteID)
	if err != nil {
		return contracts.Contract{}, err
	}
	if q.Contract != nil {
		return q.Contract.Contract, nil
	}
	if q.Status != quotes.QuotePending {
		return contracts.Contract{}, quotes.ErrQuoteNotPending
	}
	if q, err = s.quotes.Lookup(ctx, quoteID); err != nil { // with its customer, which the caller's view leaves out
		return contracts.Contract{}, err
	}
	ct, _, err := s.contractFor(ctx, c, q, lang)
	return ct, err
}

// contractFor words q's contract for its customer c in lang, from their billing details now, and
// answers the buyer those details name.
func (s *service) contractFor(ctx context.Context, c authn.Caller, q *quotes.Quote, lang i18n.Lang) (contracts.Contract, contracts.Buyer, error) {
	if s.billing == nil || s.addOnNames == nil {
		return contracts.Contract{}, contracts.Buyer{}, errNoContracts
	}
	details, complete, err := s.billing.Details(ctx)
	if err != nil {
		return contracts.Contract{}, contracts.Buyer{}, fmt.Errorf("billing details for the contract of quote %s: %w", q.ID, err)
	}
	if !complete {
		return contracts.Contract{}, contracts.Buyer{}, ErrBillingDetailsRequired
	}
	price, err := s.billing.Price(ctx, c, q, lang)
	if err != nil {
		return contracts.Contract{}, contracts.Buyer{}, fmt.Errorf("the price of quote %s for its contract: %w", q.ID, err)
	}
	extras, err := s.addOnNames(ctx)
	if err != nil {
		return contracts.Contract{}, contracts.Buyer{}, fmt.Errorf("names of the extras: %w", err)
	}
	now := s.now()
	buyer := contracts.BuyerOf(details, lang, documents.CountryName)
	d := contracts.Data{
		Seller: s.facts.View(lang), Buyer: buyer,
		QuoteNumber: q.Number, Service: names.ServiceTitle(q.Service).In(lang), Languages: languagesOf(q, lang),
		Quantity: documents.QuantityOf(int64(q.Quantity), string(q.Unit), lang), Urgency: urgencyNames[q.Urgency == "urgent"].In(lang),
		Files: len(q.Files),
		Net:   documents.Money(price.Net, price.Currency, lang), VAT: documents.Money(price.VAT, price.Currency, lang),
		Total: documents.Money(price.Total, price.Currency, lang), VATNote: price.VATLabel, Currency: price.Currency,
		RevisionDays: int(RevisionWindow.Hours() / 24), WithdrawalDays: contracts.WithdrawalDays, Today: i18n.Date(now, lang),
	}
	var addOns []string
	for _, id := range q.AddOns {
		if n, ok := extras[id]; ok {
			addOns = append(addOns, n.In(lang))
		} else {
			addOns = append(addOns, id)
		}
	}
	d.AddOns = strings.Join(addOns, ", ")
	if q.Window.MaxDays > 0 {
		d.ExpectedDate = i18n.Date(calendar.Expected(now, q.Window.MaxDays).At(12), lang)
	}
	ct, err := contracts.Render(contracts.KindFor(details), lang, d)
	return ct, buyer, err
}

var urgencyNames = map[bool]i18n.Text{false: {TR: "Normal", EN: "Normal"}, true: {TR: "Acil", EN: "Urgent"}}

// languagesOf is "Türkçe → İngilizce, Almanca".
func languagesOf(q *quotes.Quote, lang i18n.Lang) string {
	targets := make([]string, 0, len(q.TargetLanguages))
	for _, t := range q.TargetLanguages {
		targets = append(targets, quotes.LanguageName(t).In(lang))
	}
	return quotes.LanguageName(q.SourceLanguage).In(lang) + " → " + strings.Join(targets, ", ")
}

// accepted checks the caller's acceptance of the contract of their pending quote q: the texts
// as they would be worded now, every box ticked, the digest of what they read.
func (s *service) accepted(ctx context.Context, c authn.Caller, q *quotes.Quote, a contracts.Acceptance, ip string) (*contracts.Accepted, error) {
	ct, buyer, err := s.contractFor(ctx, c, q, c.Lang)
	if err != nil {
		return nil, err
	}
	accepted, err := ct.Accept(a, s.now(), ip)
	if err != nil {
		return nil, err
	}
	accepted.MailTo, accepted.MailName = buyer.Email, buyer.Name
	return accepted, nil
}

// OrderContract is the contract accepted with the order, for its customer or staff.
func (s *service) OrderContract(ctx context.Context, c authn.Caller, id string) (KeptContract, error) {
	o, err := s.store.Order(ctx, id)
	if err != nil {
		return KeptContract{}, err
	}
	if o.CustomerID != c.ID && !c.Staff() {
		return KeptContract{}, ErrNotFound
	}
	q, err := s.quotes.Lookup(ctx, o.QuoteID)
	if err != nil {
		return KeptContract{}, err
	}
	if q.Contract == nil {
		return KeptContract{}, ErrNoContract
	}
	return KeptContract{Accepted: *q.Contract, OrderNumber: o.Number, QuoteNumber: q.Number}, nil
}

// KeptContract is an order's accepted contract with what its PDF names.
type KeptContract struct {
	contracts.Accepted
	OrderNumber string
	QuoteNumber string
}
