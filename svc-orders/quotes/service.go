package quotes

import (
	"context"
	"errors"
	"strings"
	"time"
	"unicode/utf8"

	"linguaport/internal/authn"
	"linguaport/internal/errs"
	"linguaport/svc-orders/contracts"
	"linguaport/svc-orders/files"
	"linguaport/svc-orders/internal/newest"
	"linguaport/svc-orders/pricing"
)

// Errors the service answers with; the transport maps them to HTTP.
var (
	ErrNotFound        = errors.New("quote not found")
	ErrQuoteExpired    = errors.New("the quote has expired")
	ErrQuoteNotPending = errors.New("the quote was already decided")
)

// Store keeps quotes with their pending events (the embedded outbox).
type Store interface {
	Insert(ctx context.Context, q *Quote) error
	// Quote is ErrNotFound for an unknown id.
	Quote(ctx context.Context, id string) (*Quote, error)
	// QuotesOf lists a page of a customer's quotes, newest first (by creation, then id), with the
	// next page's cursor ("" at the end); a cursor that is not one of their quotes is errs.Fields
	// (newest.First).
	QuotesOf(ctx context.Context, customerID string, p newest.Page) ([]*Quote, string, error)
	// Update changes one quote in one atomic write: change decides on the stored quote and
	// returns the new one, or an error that leaves it as it was.
	Update(ctx context.Context, id string, change func(*Quote) (*Quote, error)) (*Quote, error)
	// ExpireOverdue writes down the expiry of the pending quotes whose date passed by now.
	ExpireOverdue(ctx context.Context, now time.Time) (int64, error)
	// List answers up to f.Limit quotes matching f, newest first, after f.After; PendingCount
	// counts the quotes waiting for their customer at now.
	List(ctx context.Context, f ListFilter) ([]*Quote, error)
	PendingCount(ctx context.Context, now time.Time) (int64, error)
}

// Numbers hand out the numbers people read on quotes and orders, one sequence per prefix and
// year: "Q-2026-00012".
type Numbers interface {
	Next(ctx context.Context, prefix string, year int) (string, error)
}

// Estimator prices the work a quote is made of, counting its files.
type Estimator interface {
	Estimate(ctx context.Context, c authn.Caller, in pricing.EstimateInput) (pricing.EstimateAnswer, error)
}

// Files hands a visitor's uploads to the account they signed in with.
type Files interface {
	Claim(ctx context.Context, c authn.Caller, ids []string, uploadToken string) error
}

// QuoteInput is an estimate the customer turns into a quote, with instructions for the translator.
type QuoteInput struct {
	pricing.EstimateInput
	Brief string
}

// Service is what customers do with quotes. The caller (authn.Caller) is passed in by the
// endpoint; a quote that is not the caller's is ErrNotFound.
type Service interface {
	CreateQuote(ctx context.Context, c authn.Caller, in QuoteInput) (*Quote, error)
	// Quotes is a page of the caller's quotes, newest first, and the next page's cursor ("" at
	// the end).
	Quotes(ctx context.Context, c authn.Caller, p newest.Page) ([]*Quote, string, error)
	Quote(ctx context.Context, c authn.Caller, id string) (*Quote, error)
	// Approve accepts the caller's pending quote with the contract they accepted and names the
	// order it becomes. A quote approved before is returned as it is, with decided false.
	// version, when not 0, is the price version the customer saw: ErrPriceChanged when staff
	// revised it since.
	Approve(ctx context.Context, c authn.Caller, id string, version int, contract *contracts.Accepted) (q *Quote, decided bool, err error)
	RejectQuote(ctx context.Context, c authn.Caller, id, reason string) (*Quote, error)

	// Staff (staff.go): every quote a page at a time, one with its customer, revising a pending
	// quote's price, cancelling one, and how many wait for their customer.
	StaffQuotes(ctx context.Context, c authn.Caller, q StaffQuery) (QuotePage, error)
	StaffQuote(ctx context.Context, c authn.Caller, id string) (StaffQuote, error)
	Revise(ctx context.Context, c authn.Caller, id string, in RevisionInput) (*Quote, error)
	Cancel(ctx context.Context, c authn.Caller, id, reason string) (*Quote, error)
	PendingCount(ctx context.Context, c authn.Caller) (int64, error)

	// Lookup and ExpireOverdue act as the system, not as a caller: Lookup finds a quote an event
	// names; ExpireOverdue writes down the expiry of quotes nobody decided on in time.
	Lookup(ctx context.Context, id string) (*Quote, error)
	ExpireOverdue(ctx context.Context) error
}

type service struct {
	store     Store
	numbers   Numbers
	estimator Estimator
	files     Files
	newID     func() string
	now       func() time.Time
	// kick tells the outbox relay which quotes a write queued events in.
	kick func(ids ...any)
}

// NewService returns the quotes service.
func NewService(store Store, numbers Numbers, estimator Estimator, files Files, newID func() string, now func() time.Time, kick func(ids ...any)) Service {
	return &service{store: store, numbers: numbers, estimator: estimator, files: files, newID: newID, now: now, kick: kick}
}

func (s *service) CreateQuote(ctx context.Context, c authn.Caller, in QuoteInput) (*Quote, error) {
	in.Brief = strings.TrimSpace(in.Brief)
	if utf8.RuneCountInString(in.Brief) > MaxBriefRunes {
		return nil, errs.Fields{"brief": "too_long"}
	}
	if len(in.FileIDs) > 0 && in.UploadToken != "" {
		// The visitor who uploaded has signed in: their files become their account's, and the
		// token has nothing left to reach.
		if err := s.files.Claim(ctx, c, in.FileIDs, in.UploadToken); err != nil {
			return nil, err
		}
		in.UploadToken = ""
	}
	est, err := s.estimator.Estimate(ctx, c, in.EstimateInput)
	if err != nil {
		return nil, err
	}
	now := s.now().UTC()
	number, err := s.numbers.Next(ctx, "Q", now.Year())
	if err != nil {
		return nil, err
	}
	quoted := est.Files
	if quoted == nil {
		quoted = []files.File{}
	}
	addOns := in.AddOns
	if addOns == nil {
		addOns = []string{}
	}
	q := &Quote{
		ID: s.newID(), Number: number, CustomerID: c.ID, Status: QuotePending, Sandbox: authn.IsSandbox(c.ID),
		Work: Work{
			Service: est.Service, SourceLanguage: strings.ToLower(strings.TrimSpace(in.SourceLanguage)), TargetLanguages: est.Targets(),
			Urgency: est.Urgency, AddOns: addOns, Unit: est.Unit, Quantity: est.Quantity, Files: quoted, Brief: in.Brief,
			Lines: est.Lines, TotalUSD: est.TotalUSD, Total: est.Total, RateMicros: est.RateMicros, Window: est.Window,
		},
		CreatedAt: now, ExpiresAt: now.Add(QuoteValidity), PriceVersion: 1,
	}
	if err := q.record(ctx, EventQuoteCreated, q.created()); err != nil {
		return nil, err
	}
	if err := s.store.Insert(ctx, q); err != nil {
		return nil, err
	}
	s.kick(q.ID)
	return forCustomer(q, now), nil
}

func (s *service) Quotes(ctx context.Context, c authn.Caller, p newest.Page) ([]*Quote, string, error) {
	qs, next, err := s.store.QuotesOf(ctx, c.ID, p)
	if err != nil {
		return nil, "", err
	}
	now := s.now()
	for _, q := range qs {
		forCustomer(q, now)
	}
	return qs, next, nil
}

func (s *service) Quote(ctx context.Context, c authn.Caller, id string) (*Quote, error) {
	q, err := s.quoteOf(ctx, c, id, true)
	if err != nil {
		return nil, err
	}
	return s.shown(c, q), nil
}

// shown is q as c may see it: staff all of it, a customer without who revised it.
func (s *service) shown(c authn.Caller, q *Quote) *Quote {
	if c.Staff() {
		return staffView(q, s.now()).Quote
	}
	return forCustomer(q, s.now())
}

// quoteOf loads a quote the caller may see: their own, or any for staff when staffToo.
func (s *service) quoteOf(ctx context.Context, c authn.Caller, id string, staffToo bool) (*Quote, error) {
	q, err := s.store.Quote(ctx, id)
	if err != nil {
		return nil, err
	}
	if mine := c.ID != "" && q.CustomerID == c.ID; !mine && !(staffToo && c.Staff()) {
		return nil, ErrNotFound
	}
	return q, nil
}

// approvalHold is how long one approval may hold a quote while it numbers the order; a parallel
// approval waits for it, and one whose holder died takes over after it.
const approvalHold = 10 * time.Second

func (s *service) Approve(ctx context.Context, c authn.Caller, id string, version int, contract *contracts.Accepted) (*Quote, bool, error) {
	q, decided, err := s.approveOwn(ctx, c, id, version, contract)
	if q != nil {
		q = forCustomer(q, s.now())
	}
	return q, decided, err
}

func (s *service) approveOwn(ctx context.Context, c authn.Caller, id string, version int, contract *contracts.Accepted) (*Quote, bool, error) {
	q, err := s.quoteOf(ctx, c, id, false)
	if err != nil || q.Status == QuoteApproved {
		return q, false, err
	}
	// The order's id names this approval: it holds the quote while it takes the order number.
	orderID := s.newID()
	for {
		q, decided, err := s.approve(ctx, c, id, orderID, version, contract)
		if !errors.Is(err, errApprovalUnderWay) {
			return q, decided, err
		}
		select {
		case <-ctx.Done():
			return nil, false, ctx.Err()
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// approve claims the quote for the approval orderID, numbers its order and writes the decision;
// a quote approved meanwhile is answered as it is, with the order it already has.
func (s *service) approve(ctx context.Context, c authn.Caller, id, orderID string, version int, contract *contracts.Accepted) (*Quote, bool, error) {
	now := s.now().UTC()
	q, err := s.store.Update(ctx, id, func(q *Quote) (*Quote, error) {
		if q.Status == QuoteApproved {
			return q, nil
		}
		return q, q.claimApproval(now, orderID, approvalHold, version)
	})
	if err != nil || q.Status == QuoteApproved {
		return q, false, err
	}
	orderNumber, err := s.numbers.Next(ctx, "O", now.Year())
	if err != nil {
		return nil, false, err
	}
	decided := false
	q, err = s.store.Update(ctx, id, func(q *Quote) (*Quote, error) {
		decided = false
		if q.Status == QuoteApproved {
			return q, nil
		}
		if err := q.approve(now, orderID, orderNumber, version, contract); err != nil {
			return nil, err
		}
		decided = true
		if err := q.mailContract(now); err != nil {
			return nil, err
		}
		return q, q.record(ctx, EventQuoteApproved, q.approved(c.Lang))
	})
	if err != nil {
		return nil, false, err
	}
	if decided {
		s.kick(q.ID)
	}
	return q, decided, nil
}

func (s *service) RejectQuote(ctx context.Context, c authn.Caller, id, reason string) (*Quote, error) {
	reason = strings.TrimSpace(reason)
	if utf8.RuneCountInString(reason) > MaxRejectReasonRunes {
		return nil, errs.Fields{"reason": "too_long"}
	}
	q, err := s.quoteOf(ctx, c, id, false)
	if err != nil {
		return nil, err
	}
	if q.Status == QuoteRejected {
		return s.shown(c, q), nil
	}
	now := s.now().UTC()
	q, err = s.store.Update(ctx, id, func(q *Quote) (*Quote, error) {
		if err := q.reject(now, reason); err != nil {
			return nil, err
		}
		return q, q.record(ctx, EventQuoteRejected, q.rejected())
	})
	if err != nil {
		return nil, err
	}
	s.kick(q.ID)
	return s.shown(c, q), nil
}

func (s *service) Lookup(ctx context.Context, id string) (*Quote, error) {
	return s.store.Quote(ctx, id)
}

func (s *service) ExpireOverdue(ctx context.Context) error {
	_, err := s.store.ExpireOverdue(ctx, s.now().UTC())
	return err
}
