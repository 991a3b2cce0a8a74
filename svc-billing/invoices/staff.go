package invoices

import (
	"context"
	"errors"
	"strings"
	"time"
	"unicode/utf8"

	"linguaport/internal/errs"
	"linguaport/internal/mongox"
)

// MethodBankTransfer: staff saw the customer's bank transfer for the invoice arrive.
const MethodBankTransfer = "bank_transfer"

// DefaultDueDays is how long a customer has to pay an invoice when INVOICE_DUE_DAYS does not
// say otherwise.
const DefaultDueDays = 7

// ErrNotPending: staff marking paid an invoice that is no longer waiting for its payment.
var ErrNotPending = errors.New("invoice not pending")

// StaffPageSize is how many invoices one page of staff's list holds.
const StaffPageSize = 50

// SortDue is the list's own order besides mongox's newest and oldest issued (past due: by due
// date): pending invoices, the soonest due first.
const SortDue = "due"

// Field names and reasons of staff's refused requests (errs.Fields).
const (
	FieldStatus     = "status"
	FieldPastDue    = "pastDue"
	FieldSort       = "sort"
	FieldBefore     = "before"
	FieldReference  = "reference"
	FieldReceivedAt = "receivedAt"
	FieldPaidFrom   = "paidFrom"
	FieldPaidTo     = "paidTo"

	ReasonChoice   = "invoice_choice"    // not one of the values the field takes
	ReasonSort     = "invoice_sort"      // sort: not newest, oldest or due, or due with a status other than pending
	ReasonCursor   = "invoice_cursor"    // before: no such invoice (a customer's after: not one of theirs)
	ReasonRequired = "invoice_required"  // missing
	ReasonLength   = "invoice_length"    // reference over MaxReference characters
	ReasonDate     = "invoice_date"      // receivedAt: not a date, in the future or over a year back
	ReasonDay      = "invoice_day"       // paidFrom, paidTo: not a day written YYYY-MM-DD
	ReasonDayOrder = "invoice_day_order" // paidTo: a day before paidFrom
	ReasonPaidOnly = "invoice_paid_only" // paidFrom, paidTo: with status pending, pastDue or sort=due
)

// MaxReference bounds a bank transfer's reference.
const MaxReference = 140

// StaffQuery is staff's list of invoices: every filter optional.
type StaffQuery struct {
	Status   Status
	PastDue  bool   // pending and past their due date; the list is then ordered by due date
	Customer string // one customer's
	Number   string // q: the invoice with this number
	Sort     string // mongox.SortNewest ("" too), mongox.SortOldest, SortDue
	Before   string // the last invoice of the previous page
	// PaidFrom and PaidTo (YYYY-MM-DD, days in Turkey, both included; either may be left open)
	// ask the invoices paid in those days, whatever their status now (paid or since refunded),
	// as the dashboard's revenue counts them; the list is then ordered by when they were paid.
	PaidFrom, PaidTo string
}

// Page is one page of staff's list in the query's order; Next, set when More, is the next page's
// before.
type Page struct {
	Invoices []Invoice `json:"invoices"`
	More     bool      `json:"more"`
	Next     string    `json:"next,omitempty"`
}

// Query is StaffQuery as the store runs it: its order and the cursor resolved to a keyset.
type Query struct {
	StaffQuery
	Now time.Time
	// PaidSince and PaidUntil are PaidFrom and PaidTo as instants, [PaidSince, PaidUntil); zero
	// where open. Paid says either is set.
	PaidSince, PaidUntil time.Time
	// Page orders by issuedAt, by dueAt when past due or due, or by paidAt when Paid, after the
	// cursor invoice.
	Page mongox.Keyset
}

// Paid says the query asks the invoices paid in a period.
func (q Query) Paid() bool { return !q.PaidSince.IsZero() || !q.PaidUntil.IsZero() }

// paidDays reads PaidFrom and PaidTo into [since, until) and adds what is wrong with them to f.
func (q StaffQuery) paidDays(f errs.Fields) (since, until time.Time) {
	day := func(field, raw string) time.Time {
		if raw == "" {
			return time.Time{}
		}
		d, err := time.ParseInLocation(time.DateOnly, raw, turkeyTime)
		if err != nil {
			f.Add(field, ReasonDay)
			return time.Time{}
		}
		return d
	}
	since, last := day(FieldPaidFrom, q.PaidFrom), day(FieldPaidTo, q.PaidTo)
	if !last.IsZero() {
		until = time.Date(last.Year(), last.Month(), last.Day()+1, 0, 0, 0, 0, turkeyTime)
	}
	if !since.IsZero() && !last.IsZero() && last.Before(since) {
		f.Add(FieldPaidTo, ReasonDayOrder)
	}
	if (q.PaidFrom != "" || q.PaidTo != "") && (q.Status == Pending || q.PastDue || q.Sort == SortDue) {
		field := FieldPaidFrom
		if q.PaidFrom == "" {
			field = FieldPaidTo
		}
		f.Add(field, ReasonPaidOnly) // a pending invoice was never paid
	}
	return since.UTC(), until.UTC()
}

// TransferPayment is a bank transfer staff saw arrive for an invoice.
type TransferPayment struct {
	Reference  string
	ReceivedAt string // YYYY-MM-DD, or an RFC 3339 time
}

// turkeyDay is the calendar day in Turkey at t, as midnight there.
func turkeyDay(t time.Time) time.Time {
	y, m, d := t.In(turkeyTime).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, turkeyTime)
}

// check trims p and answers its refused fields and the time the money arrived.
func (p *TransferPayment) check(now time.Time) (time.Time, error) {
	f := errs.Fields{}
	p.Reference = strings.TrimSpace(p.Reference)
	switch n := utf8.RuneCountInString(p.Reference); {
	case n == 0:
		f.Add(FieldReference, ReasonRequired)
	case n > MaxReference:
		f.Add(FieldReference, ReasonLength)
	}
	raw := strings.TrimSpace(p.ReceivedAt)
	at, err := time.ParseInLocation("2006-01-02", raw, turkeyTime)
	if err != nil {
		at, err = time.Parse(time.RFC3339, raw)
	}
	switch {
	case raw == "":
		f.Add(FieldReceivedAt, ReasonRequired)
	case err != nil, turkeyDay(at).After(turkeyDay(now)), at.Before(turkeyDay(now).AddDate(-1, 0, 0)):
		f.Add(FieldReceivedAt, ReasonDate)
	}
	return at.UTC().Truncate(time.Millisecond), f.Err()
}

// dueOf is inv's due date: stored since due dates exist, else counted from its issue date.
func (s *service) dueOf(inv Invoice) time.Time {
	if inv.DueAt != nil {
		return *inv.DueAt
	}
	return inv.IssuedAt.AddDate(0, 0, s.dueDays)
}

// withDue fills in the due date of an invoice stored before due dates existed.
func (s *service) withDue(inv Invoice) Invoice {
	if inv.DueAt == nil && !inv.IssuedAt.IsZero() {
		due := s.dueOf(inv)
		inv.DueAt = &due
	}
	return inv
}

func (s *service) List(ctx context.Context, q StaffQuery) (Page, error) {
	f := errs.Fields{}
	switch q.Status {
	case "", Pending, Paid, Refunded:
	default:
		f.Add(FieldStatus, ReasonChoice)
	}
	if q.PastDue && q.Status != "" && q.Status != Pending {
		f.Add(FieldPastDue, ReasonChoice) // past due are pending invoices only
	}
	query := Query{StaffQuery: q, Now: s.now().UTC(), Page: mongox.Keyset{Key: "issuedAt", Limit: StaffPageSize + 1}}
	query.PaidSince, query.PaidUntil = q.paidDays(f)
	switch {
	case q.PastDue:
		query.Page.Key = "dueAt"
	case query.Paid():
		query.Page.Key = "paidAt"
	}
	switch q.Sort {
	case "", mongox.SortNewest:
	case mongox.SortOldest:
		query.Page.Ascending = true
	case SortDue:
		query.Page.Key, query.Page.Ascending = "dueAt", true
		if q.Status != "" && q.Status != Pending {
			f.Add(FieldSort, ReasonSort) // due dates matter while pending only
		}
	default:
		f.Add(FieldSort, ReasonSort)
	}
	query.Number = strings.ToUpper(strings.TrimSpace(q.Number))
	if q.Before != "" {
		cur, err := s.store.Invoice(ctx, q.Before)
		switch {
		case errors.Is(err, ErrNotFound):
			f.Add(FieldBefore, ReasonCursor)
		case err != nil:
			return Page{}, err
		case query.Page.Key == "dueAt":
			query.Page.After, query.Page.AfterID = s.dueOf(cur), cur.ID
		case query.Page.Key == "paidAt":
			if cur.PaidAt == nil {
				f.Add(FieldBefore, ReasonCursor) // never paid: not in a list of paid invoices
				break
			}
			query.Page.After, query.Page.AfterID = *cur.PaidAt, cur.ID
		default:
			query.Page.After, query.Page.AfterID = cur.IssuedAt, cur.ID
		}
	}
	if err := f.Err(); err != nil {
		return Page{}, err
	}
	list, err := s.store.List(ctx, query)
	if err != nil {
		return Page{}, err
	}
	var page Page
	page.Invoices, page.More, page.Next = mongox.Cut(list, StaffPageSize, func(inv Invoice) string { return inv.ID })
	for i := range page.Invoices {
		if page.Invoices[i], err = s.numbered(ctx, page.Invoices[i]); err != nil {
			return Page{}, err
		}
		page.Invoices[i] = s.withDue(page.Invoices[i])
	}
	return page, nil
}

func (s *service) CountPastDue(ctx context.Context) (int64, error) {
	return s.store.CountPastDue(ctx, s.now().UTC())
}

// PayByTransfer: the one conditional write from pending to paid, as every other payment path.
// The same transfer recorded again (a double click) answers the invoice as it is; anything else
// on an invoice no longer pending is ErrNotPending.
func (s *service) PayByTransfer(ctx context.Context, id string, p TransferPayment) (Invoice, bool, error) {
	now := s.now().UTC().Truncate(time.Millisecond)
	received, err := p.check(now)
	if err != nil {
		return Invoice{}, false, err
	}
	if _, err := s.ensureNumbered(ctx, id); err != nil {
		return Invoice{}, false, err
	}
	inv, err := s.store.Update(ctx, id, func(inv *Invoice) (*Invoice, error) {
		if inv.Status == Paid && inv.Payment != nil && inv.Payment.Method == MethodBankTransfer && inv.Payment.Reference == p.Reference {
			return nil, errUnchanged
		}
		if inv.Status != Pending {
			return nil, ErrNotPending
		}
		return inv, inv.pay(ctx, Payment{Method: MethodBankTransfer, Reference: p.Reference, ReceivedAt: &received}, now)
	})
	paid := err == nil
	if errors.Is(err, errUnchanged) {
		inv, err = s.store.Invoice(ctx, id)
	} else if paid {
		s.kick(id)
	}
	if err != nil {
		return Invoice{}, false, err
	}
	return s.withDue(inv), paid, nil
}

// Documents leaves sandbox invoices out: they are no documents of the agency's, and the
// accountant's export is what its books and tax returns are made from.
func (s *service) Documents(ctx context.Context, from, to time.Time, fn func(Invoice, bool) error) error {
	err := s.store.Each(ctx, "issuedAt", from, to, func(inv Invoice) error {
		if inv.Number == "" || inv.Sandbox {
			return nil // between its insert and its numbering: not issued yet; or a test
		}
		return fn(inv, false)
	})
	if err != nil {
		return err
	}
	return s.store.Each(ctx, "refundedAt", from, to, func(inv Invoice) error {
		if inv.Sandbox {
			return nil
		}
		if inv.ReturnNumber == "" {
			numbered, err := s.store.NumberReturn(ctx, inv.ID)
			if err != nil {
				return err
			}
			inv = numbered
		}
		return fn(inv, true)
	})
}

func (s *service) RecordSent(ctx context.Context, id string, ofReturn bool, t Transmission) (Invoice, error) {
	inv, err := s.store.Update(ctx, id, func(inv *Invoice) (*Invoice, error) {
		field := &inv.Sent
		if ofReturn {
			field = &inv.ReturnSent
		}
		if *field != nil {
			return nil, errUnchanged
		}
		*field = &t
		return inv, nil
	})
	if errors.Is(err, errUnchanged) {
		inv, err = s.store.Invoice(ctx, id)
	}
	return inv, err
}
