package invoices

import (
	"context"
	"errors"
	"fmt"
	"time"

	"linguaport/internal/authn"
	"linguaport/internal/errs"
	"linguaport/internal/mongox"
	"linguaport/internal/names"
	"linguaport/svc-billing/profile"
)

// Errors the service and its store answer with.
var (
	// ErrNotFound: no such invoice, or not one the caller may see (never told apart).
	ErrNotFound = errors.New("invoice not found")
)

// Store keeps the invoices and their numbering.
type Store interface {
	// Insert stores a new, unnumbered invoice; if one with its _id exists (a redelivered event)
	// it returns that one and stores nothing.
	Insert(ctx context.Context, inv Invoice) (Invoice, error)
	// Number gives the invoice its number if it has none yet and returns it numbered.
	Number(ctx context.Context, id string) (Invoice, error)
	// NumberReturn gives a refunded invoice its return document's number if it has none yet;
	// an invoice that is not refunded is returned as it is.
	NumberReturn(ctx context.Context, id string) (Invoice, error)
	// Invoice is ErrNotFound when there is no invoice id.
	Invoice(ctx context.Context, id string) (Invoice, error)
	// OfCustomer lists the customer's invoices, newest first (by issue date, then id), at most
	// limit, after the invoice after ("": from the top); only those of orderID when it is not
	// empty. ErrNotFound when after is not one of the invoices listed.
	OfCustomer(ctx context.Context, customerID, orderID, after string, limit int) ([]Invoice, error)
	// Update changes one invoice in one conditional write; ErrNotFound when there is none.
	Update(ctx context.Context, id string, change func(*Invoice) (*Invoice, error)) (Invoice, error)
	// List is staff's page of invoices (Query), at most q.Limit.
	List(ctx context.Context, q Query) ([]Invoice, error)
	// CountPastDue counts the live pending invoices due before now (not the sandbox's).
	CountPastDue(ctx context.Context, now time.Time) (int64, error)
	// Booked answers the invoices paid ("paidAt") or refunded ("refundedAt") in [from, to),
	// only the figures the revenue counts (revenue.go).
	Booked(ctx context.Context, field string, from, to time.Time) ([]Booked, error)
	// Each calls fn with the invoices whose field ("issuedAt" or "refundedAt") falls in [from,
	// to), oldest first, as it reads them.
	Each(ctx context.Context, field string, from, to time.Time, fn func(Invoice) error) error
}

// Registrations tells which customers staff registered for e-Fatura (profile.Registrations).
type Registrations interface {
	// Registration is profile.ErrNotFound for a customer not registered.
	Registration(ctx context.Context, customerID string) (profile.Registration, error)
}

// WithRegistrations issues the invoices of customers registered for e-Fatura as e-Fatura
// documents (Invoice.EFatura); without it every invoice is an e-Arşiv one.
func WithRegistrations(r Registrations) Option { return func(s *service) { s.registrations = r } }

// Profiles reads the billing details an invoice is issued to (svc-billing's own profile store).
type Profiles interface {
	// Profile is profile.ErrNotFound when the customer saved no details.
	Profile(ctx context.Context, customerID string) (profile.Profile, error)
}

// Agency is the caller the service's own processes read invoices as (a payment settling, a
// refund, an event): no user, the agency itself, which sees every invoice as staff do.
var Agency = authn.Caller{ID: "svc-billing", Role: authn.RoleAdmin}

// ListLimit is how many invoices a page of a customer's list holds when they ask no limit (the
// web app's list, as before it paged); one asked is at most mongox.PageMax. An after= that is not
// one of the invoices listed is ReasonCursor, as staff's before.
const ListLimit = 200

// OwnQuery is a customer's list of their own invoices (GET invoices): only OrderID's when it is
// not empty, a page of Limit (ListLimit when 0) after the invoice After ("": the first page).
type OwnQuery struct {
	OrderID, After string
	Limit          int
}

// Service is the invoices' API.
type Service interface {
	// Issue makes the pending invoice of an approved quote, numbered; once per quote however
	// often it is called.
	Issue(ctx context.Context, q QuoteApproved) (Invoice, error)
	// Invoices are a page of the customer's own, newest first, and the next page's cursor (the
	// last one's id when more follow, "" at the end); only those of q.OrderID when it is not
	// empty (an order has one invoice, or none yet). A cursor that is not one of them is
	// errs.Fields naming mongox.PageAfter.
	Invoices(ctx context.Context, customerID string, q OwnQuery) ([]Invoice, string, error)
	// Invoice is one invoice for a caller who owns it (its customer, or staff); ErrNotFound for
	// anyone else, as if it did not exist.
	Invoice(ctx context.Context, c authn.Caller, id string) (Invoice, error)

	// MarkPaid pays the invoice by p. Paying a paid invoice changes nothing and answers it as it
	// is (look at its Payment to see whether p paid it); a refunded one is ErrAlreadyRefunded.
	MarkPaid(ctx context.Context, id string, p Payment) (Invoice, error)
	// OpenCheckout records the card payment started at the provider, unless the invoice is no
	// longer pending or already has another open one: the invoice as stored answers either way.
	OpenCheckout(ctx context.Context, id string, c Checkout) (Invoice, error)
	// ForgetCheckout drops the checkout session if it is still the invoice's (it expired).
	ForgetCheckout(ctx context.Context, id, sessionID string) error
	// Refund refunds a paid invoice (staff); refunding a refunded one answers it as it is.
	Refund(ctx context.Context, id string) (Invoice, error)

	// List is staff's page of invoices, filtered; errs.Fields for a bad filter or cursor.
	List(ctx context.Context, q StaffQuery) (Page, error)
	// CountPastDue counts the live pending invoices past their due date (not the sandbox's).
	CountPastDue(ctx context.Context) (int64, error)
	// Revenue is the dashboard's revenue of the last weeks.Span weeks in TRY, with the currency
	// mix (revenue.go), sandbox invoices left out; ErrNoRates without WithRates.
	Revenue(ctx context.Context) (Revenue, error)
	// RecordSent notes that the invoice's e-Arşiv document (or its return's) went to the
	// integrator; a second note of the same document keeps the first.
	RecordSent(ctx context.Context, id string, ofReturn bool, t Transmission) (Invoice, error)
	// Documents calls fn with every document the agency issued in [from, to) for its accountant:
	// the invoices issued in it (ofReturn false) and the return documents of those refunded in
	// it (ofReturn true, each numbered first if a refund's numbering was cut off); never a
	// sandbox invoice's.
	Documents(ctx context.Context, from, to time.Time, fn func(inv Invoice, ofReturn bool) error) error
	// Tax is what an invoice of q's net would charge the customer (or a country) now: the same
	// rule, rate and wording as Issue.
	Tax(ctx context.Context, q TaxQuery) (Tax, error)
	// PayByTransfer marks a pending invoice paid by a bank transfer staff saw arrive, with
	// invoice.paid as every payment, and says whether this call paid it: the same transfer
	// again answers the invoice as it is; ErrNotPending for an invoice paid otherwise or
	// refunded; errs.Fields for bad input.
	PayByTransfer(ctx context.Context, id string, p TransferPayment) (Invoice, bool, error)
}

type service struct {
	store      Store
	profiles   Profiles
	vatPercent int
	dueDays    int
	now        func() time.Time
	// kick tells the outbox relays which invoices a write queued events or mails in.
	kick func(ids ...any)
	// rates convert the revenue to TRY (WithRates).
	rates Rates
	// registrations are staff's e-Fatura registrations (WithRegistrations).
	registrations Registrations
}

// NewService returns the invoices service charging vatPercent KDV to customers billed in Turkey,
// each invoice due dueDays after its issue.
func NewService(store Store, profiles Profiles, vatPercent, dueDays int, now func() time.Time, kick func(ids ...any), opts ...Option) Service {
	s := &service{store: store, profiles: profiles, vatPercent: vatPercent, dueDays: dueDays, now: now, kick: kick}
	for _, o := range opts {
		o(s)
	}
	return s
}

func (s *service) Issue(ctx context.Context, q QuoteApproved) (Invoice, error) {
	if err := q.Check(); err != nil {
		return Invoice{}, err
	}
	inv, err := s.store.Invoice(ctx, IDFor(q.QuoteID))
	switch {
	case errors.Is(err, ErrNotFound):
		built, err := s.build(ctx, q)
		if err != nil {
			return Invoice{}, err
		}
		if inv, err = s.store.Insert(ctx, built); err != nil {
			return Invoice{}, err
		}
	case err != nil:
		return Invoice{}, err
	}
	if inv.Number != "" {
		return inv, nil
	}
	// Numbered after the insert, never before: a number is only ever taken for a stored invoice.
	return s.number(ctx, inv.ID)
}

// number numbers the invoice, which issues it (issue.go), and tells the relays: numbering queues
// invoice.issued and the customer's mail in the invoice.
func (s *service) number(ctx context.Context, id string) (Invoice, error) {
	inv, err := s.store.Number(ctx, id)
	if err == nil {
		s.kick(id)
	}
	return inv, err
}

// build is the invoice of q, issued now to the customer's current billing details (for a
// sandbox customer without their own, the live customer's: profile.IssuedTo).
//
// With no details saved yet the customer is billed as in Turkey, the site's default market
// (Turkish VAT), and the invoice keeps empty details: charging VAT that a customer abroad may
// later be refunded is safer than leaving out VAT that was due.
func (s *service) build(ctx context.Context, q QuoteApproved) (Invoice, error) {
	var details profile.Details
	switch p, err := profile.IssuedTo(ctx, s.profiles, q.CustomerID); {
	case err == nil:
		details = p.Details
	case !errors.Is(err, profile.ErrNotFound):
		return Invoice{}, fmt.Errorf("billing details of %s: %w", q.CustomerID, err)
	}
	inTurkey := billedInTurkey(details)
	var eFatura *EFatura
	if s.registrations != nil && inTurkey && details.Type != "" {
		switch r, err := s.registrations.Registration(ctx, q.CustomerID); {
		case err == nil:
			eFatura = &EFatura{Scenario: r.Scenario, Alias: r.Alias}
		case !errors.Is(err, profile.ErrNotFound):
			return Invoice{}, fmt.Errorf("e-Fatura registration of %s: %w", q.CustomerID, err)
		}
	}
	now := s.now().UTC().Truncate(time.Millisecond)
	due := now.AddDate(0, 0, s.dueDays)
	inv := Invoice{
		ID: IDFor(q.QuoteID), Year: YearOf(now), Status: Pending, Sandbox: authn.IsSandbox(q.CustomerID),
		CustomerID: q.CustomerID, QuoteID: q.QuoteID, QuoteNumber: q.Number, OrderID: q.OrderID, OrderNumber: q.OrderNumber,
		Service: q.Service, Currency: q.Currency, Decimals: q.Total.Decimals, RateMicros: q.RateMicros,
		InTurkey: inTurkey, Details: details, EFatura: eFatura, IssuedAt: now, DueAt: &due, Lang: langOf(q.Lang),
	}
	inv.Lines = workLines(q)
	for _, l := range inv.Lines {
		inv.Totals.Net += l.Amount
		inv.TotalsUSD.Net += l.AmountUSD
	}
	var vat Line
	vat, inv.Totals, inv.TotalsUSD, inv.VATPercent = charge(inTurkey, s.vatPercent, inv.Totals.Net, inv.TotalsUSD.Net)
	inv.Lines = append(inv.Lines, vat)
	return inv, nil
}

// workLines are the quote's lines as invoice lines. Each line was converted to the display
// currency on its own, so their sum can miss the quote's total by a minor unit of rounding; the
// last line takes the difference, so the lines add up to exactly what the customer approved.
// An event without lines (sent before they were part of it) is invoiced as one line.
func workLines(q QuoteApproved) []Line {
	if len(q.Lines) == 0 {
		return []Line{{Kind: KindWork, Description: names.ServiceTitle(q.Service), Amount: q.Total.Amount, AmountUSD: q.TotalUSD}}
	}
	lines := make([]Line, len(q.Lines))
	var sum, sumUSD int64
	for i, l := range q.Lines {
		lines[i] = Line{Kind: KindWork, TargetLanguage: l.TargetLanguage, Description: l.Description,
			Quantity: l.Quantity, Unit: l.Unit, Amount: l.Amount.Amount, AmountUSD: l.AmountUSD}
		sum += l.Amount.Amount
		sumUSD += l.AmountUSD
	}
	last := &lines[len(lines)-1]
	last.Amount += q.Total.Amount - sum
	last.AmountUSD += q.TotalUSD - sumUSD
	return lines
}

func (s *service) Invoices(ctx context.Context, customerID string, q OwnQuery) ([]Invoice, string, error) {
	if q.Limit <= 0 {
		q.Limit = ListLimit
	}
	list, err := s.store.OfCustomer(ctx, customerID, q.OrderID, q.After, q.Limit+1)
	if errors.Is(err, ErrNotFound) {
		return nil, "", errs.Fields{mongox.PageAfter: ReasonCursor}
	}
	if err != nil {
		return nil, "", err
	}
	list, _, next := mongox.Cut(list, q.Limit, func(inv Invoice) string { return inv.ID })
	for i := range list {
		if list[i], err = s.numbered(ctx, list[i]); err != nil {
			return nil, "", err
		}
	}
	return list, next, nil
}

func (s *service) Invoice(ctx context.Context, c authn.Caller, id string) (Invoice, error) {
	inv, err := s.store.Invoice(ctx, id)
	if err != nil {
		return Invoice{}, err
	}
	if !c.Owns(inv.CustomerID) {
		return Invoice{}, ErrNotFound
	}
	return s.numbered(ctx, inv)
}

// numbered is inv with its number. An invoice is shown only numbered: one read in the moment
// between its insert and its numbering (or after a process died there) numbers it itself, which
// is what Issue would do next anyway.
func (s *service) numbered(ctx context.Context, inv Invoice) (Invoice, error) {
	if inv.Number != "" {
		return s.withDue(inv), nil
	}
	inv, err := s.number(ctx, inv.ID)
	return s.withDue(inv), err
}

func (s *service) MarkPaid(ctx context.Context, id string, p Payment) (Invoice, error) {
	if _, err := s.ensureNumbered(ctx, id); err != nil {
		return Invoice{}, err
	}
	inv, err := s.store.Update(ctx, id, func(inv *Invoice) (*Invoice, error) {
		if inv.Status == Paid {
			return nil, errUnchanged
		}
		return inv, inv.pay(ctx, p, s.now().UTC().Truncate(time.Millisecond))
	})
	if errors.Is(err, errUnchanged) {
		err = nil
	} else if err == nil {
		s.kick(id)
	}
	if err != nil {
		return s.withDue(inv), err
	}
	// The return document is numbered by its own write, as an invoice is: a refund whose process
	// died before it is numbered by the next refund call or download of the document.
	inv, err = s.store.NumberReturn(ctx, id)
	return s.withDue(inv), err
}

func (s *service) OpenCheckout(ctx context.Context, id string, c Checkout) (Invoice, error) {
	now := s.now()
	inv, err := s.store.Update(ctx, id, func(inv *Invoice) (*Invoice, error) {
		if inv.Status != Pending || (inv.Checkout.Open(now) && inv.Checkout.SessionID != c.SessionID) {
			return nil, errUnchanged
		}
		inv.Checkout = &c
		return inv, nil
	})
	if errors.Is(err, errUnchanged) {
		return s.store.Invoice(ctx, id)
	}
	return inv, err
}

func (s *service) ForgetCheckout(ctx context.Context, id, sessionID string) error {
	_, err := s.store.Update(ctx, id, func(inv *Invoice) (*Invoice, error) {
		if inv.Checkout == nil || inv.Checkout.SessionID != sessionID || !inv.Checkout.Open(s.now()) {
			return nil, errUnchanged
		}
		// Kept, closed: the next session is the next attempt (Checkout.Attempt).
		inv.Checkout.ExpiresAt = s.now().UTC()
		return inv, nil
	})
	if errors.Is(err, errUnchanged) {
		return nil
	}
	return err
}

func (s *service) Refund(ctx context.Context, id string) (Invoice, error) {
	inv, err := s.store.Update(ctx, id, func(inv *Invoice) (*Invoice, error) {
		if inv.Status == Refunded {
			return nil, errUnchanged
		}
		return inv, inv.refund(ctx, s.now().UTC().Truncate(time.Millisecond))
	})
	if errors.Is(err, errUnchanged) {
		err = nil
	} else if err == nil {
		s.kick(id)
	}
	if err != nil {
		return s.withDue(inv), err
	}
	// The return document is numbered by its own write, as an invoice is: a refund whose process
	// died before it is numbered by the next refund call or download of the document.
	inv, err = s.store.NumberReturn(ctx, id)
	return s.withDue(inv), err
}

// errUnchanged ends an Update that has nothing to write.
var errUnchanged = errors.New("unchanged")

// ensureNumbered numbers the invoice before a change: a number is given by its own write
// (Store.Number), never inside another change.
func (s *service) ensureNumbered(ctx context.Context, id string) (Invoice, error) {
	inv, err := s.store.Invoice(ctx, id)
	if err != nil {
		return Invoice{}, err
	}
	return s.numbered(ctx, inv)
}
