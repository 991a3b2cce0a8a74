package orders

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
	"unicode/utf8"

	"linguaport/internal/authn"
	"linguaport/internal/company"
	"linguaport/internal/errs"
	"linguaport/internal/i18n"
	"linguaport/svc-orders/contracts"
	"linguaport/svc-orders/files"
	"linguaport/svc-orders/internal/newest"
	"linguaport/svc-orders/pricing"
	"linguaport/svc-orders/quotes"
)

// Errors the service answers with; the transport maps them to HTTP. Moves the lifecycle does not
// allow are *IllegalTransition.
var (
	ErrNotFound         = errors.New("order not found")
	ErrNotYours         = errors.New("only the order's customer may do this")
	ErrNotAssignedToYou = errors.New("the order is not assigned to you")
	// ErrForbidden is a move the caller's role does not allow: assigning is staff's, accepting
	// the work its customer's (or staff's).
	ErrForbidden = errors.New("not allowed to move this order")
)

// MaxReasonRunes bounds the texts written on an order: a revision's reason, a delivery's note.
const MaxReasonRunes = 2000

// Store keeps orders with their pending events (the embedded outbox).
type Store interface {
	// Create stores o unless its quote already has an order, and returns the stored one.
	Create(ctx context.Context, o *Order) (*Order, error)
	// Order is ErrNotFound for an unknown id.
	Order(ctx context.Context, id string) (*Order, error)
	// OrdersOf, AssignedTo and Recent list a page of orders newest first (by creation, then id):
	// a customer's, a translator's, everyone's; with the next page's cursor ("" at the end). A
	// cursor that is not one of the list's orders is errs.Fields (newest.First).
	OrdersOf(ctx context.Context, customerID string, p newest.Page) ([]*Order, string, error)
	AssignedTo(ctx context.Context, translatorID string, p newest.Page) ([]*Order, string, error)
	Recent(ctx context.Context, p newest.Page) ([]*Order, string, error)
	// Update changes one order in one atomic write: change decides on the stored order and
	// returns the new one, or an error that leaves it as it was.
	Update(ctx context.Context, id string, change func(*Order) (*Order, error)) (*Order, error)
	// DeliveredBefore lists the ids of orders delivered before t and still waiting for their customer.
	DeliveredBefore(ctx context.Context, t time.Time) ([]string, error)
	// Pool lists the orders in the pool that hold one of keys (pool keys); ActiveCount is how
	// many orders a translator has on their desk (assigned or sent back for a revision).
	Pool(ctx context.Context, keys []string) ([]*Order, error)
	ActiveCount(ctx context.Context, translatorID string) (int, error)
	// ActiveOrders are the ids of the orders ActiveCount counts; UpdateDesk changes a
	// translator's desk (desk.go) in one conditional write, starting from an empty one.
	ActiveOrders(ctx context.Context, translatorID string) ([]string, error)
	UpdateDesk(ctx context.Context, translatorID string, change func(*Desk) (*Desk, error)) (*Desk, error)
	// RevisionsDue lists the ids of orders whose revision was due before now, never escalated;
	// RevisionsToRemind those whose revision's reminder fell due by now (revision.go).
	RevisionsDue(ctx context.Context, now time.Time) ([]string, error)
	RevisionsToRemind(ctx context.Context, now time.Time) ([]string, error)
	// Unescalated lists the ids of orders of the urgency waiting in the pool since paid before,
	// never escalated.
	Unescalated(ctx context.Context, urgency pricing.Urgency, paidBefore time.Time) ([]string, error)
	// List answers up to f.Limit orders matching f, in its order (admin_store.go); Waiting counts
	// the paid orders without a translator.
	List(ctx context.Context, f ListFilter) ([]*Order, error)
	Waiting(ctx context.Context) (Waiting, error)
	// Dated answers the orders paid ("paidAt") or completed ("completedAt") in [from, to), with
	// the fields the dashboard's charts read; ActiveTranslators the translator of each active
	// order (trends.go).
	Dated(ctx context.Context, field string, from, to time.Time) ([]*Order, error)
	ActiveTranslators(ctx context.Context) ([]string, error)
	// Past answers up to limit of a translator's orders in status, newest first, after the order
	// after (nil: from the top) (past.go).
	Past(ctx context.Context, translatorID string, status OrderStatus, after *Order, limit int) ([]*Order, error)
	// SandboxDue lists the ids of sandbox orders whose simulated translator's step is due by now
	// (sandbox.go).
	SandboxDue(ctx context.Context, now time.Time) ([]string, error)
}

// Quotes is what an order is made from: a quote its customer approves, or one an event names.
type Quotes interface {
	Approve(ctx context.Context, c authn.Caller, id string, version int, contract *contracts.Accepted) (q *quotes.Quote, decided bool, err error)
	// Quote is one quote as the caller may see it (quotes.ErrNotFound for another's).
	Quote(ctx context.Context, c authn.Caller, id string) (*quotes.Quote, error)
	Lookup(ctx context.Context, id string) (*quotes.Quote, error)
}

// Files are the documents a translator delivers (files.Service).
type Files interface {
	Usable(ctx context.Context, c authn.Caller, ids []string, uploadToken string) ([]files.File, error)
	MarkDelivered(ctx context.Context, c authn.Caller, ids []string, orderID string) error
	// FirstPages are the files' first pages of text, which the pool shows.
	FirstPages(ctx context.Context, ids []string) (map[string]string, error)
	// OpenFile and SaveMade are how the sandbox's simulated translator reads a source document and
	// stores its pseudo-translation (sandbox.go).
	OpenFile(ctx context.Context, c authn.Caller, id, uploadToken string) (files.File, io.ReadCloser, error)
	SaveMade(ctx context.Context, c authn.Caller, name string, content []byte) (files.File, error)
}

// Approval is an approved quote and the order it became.
type Approval struct {
	Quote *quotes.Quote `json:"quote"`
	Order OrderView     `json:"order"`
}

// Service is what people do with orders. The caller (authn.Caller) is passed in by the endpoint;
// an order that is not the caller's (as customer, assigned translator or staff) is ErrNotFound.
type Service interface {
	// ApproveQuote approves the caller's quote with the contract they accepted and opens its
	// order; approving again answers the same order (contract.go).
	ApproveQuote(ctx context.Context, c authn.Caller, quoteID string, in ApprovalInput) (Approval, error)
	// Contract is the contract the caller accepts by approving their quote now, worded in lang
	// (the accepted one once approved); OrderContract is the one kept with an order, for its
	// customer and staff (contract.go).
	Contract(ctx context.Context, c authn.Caller, quoteID string, lang i18n.Lang) (contracts.Contract, error)
	OrderContract(ctx context.Context, c authn.Caller, id string) (KeptContract, error)
	// Orders is a page of the caller's orders, newest first, and the next page's cursor ("" at
	// the end): a customer's own, a translator's assigned ones, every order for staff.
	Orders(ctx context.Context, c authn.Caller, p newest.Page) ([]OrderView, string, error)
	Order(ctx context.Context, c authn.Caller, id string) (OrderView, error)
	Deliver(ctx context.Context, c authn.Caller, id string, fileIDs []string, note string) (OrderView, error)
	Complete(ctx context.Context, c authn.Caller, id string) (OrderView, error)
	RequestRevision(ctx context.Context, c authn.Caller, id, reason string) (OrderView, error)

	// Staff (admin.go, fulfilment.go): every order a page at a time, one with its customer, who
	// could take it, (re)assigning it, the steps of its paper work, the dashboard's counts.
	StaffOrders(ctx context.Context, c authn.Caller, q StaffQuery) (OrderPage, error)
	StaffOrder(ctx context.Context, c authn.Caller, id string) (StaffOrderView, error)
	Eligible(ctx context.Context, c authn.Caller, id string) (Eligibility, error)
	Assign(ctx context.Context, c authn.Caller, id string, in AssignInput) (OrderView, error)
	Fulfil(ctx context.Context, c authn.Caller, id string, in FulfilmentInput) (OrderView, error)
	// ChangeExpectedDate moves a paid order's expected date while its work is not delivered
	// (expected_change.go).
	ChangeExpectedDate(ctx context.Context, c authn.Caller, id string, in ExpectedDateInput) (OrderView, error)
	Waiting(ctx context.Context, c authn.Caller) (Waiting, error)
	// Trends are the dashboard's charts: the last weeks.Span weeks' orders paid, completed, on
	// time and claimed, and each busy translator's load (trends.go).
	Trends(ctx context.Context, c authn.Caller) (Trends, error)

	// Pool is the jobs the calling translator may take; Claim takes one (assigned to them),
	// Unclaim gives it back within UnclaimWindow.
	Pool(ctx context.Context, c authn.Caller) (PoolView, error)
	Claim(ctx context.Context, c authn.Caller, id string) (OrderView, error)
	Unclaim(ctx context.Context, c authn.Caller, id string) (OrderView, error)
	// PastJobs is a page of the calling translator's delivered and completed jobs, the newest
	// order first, after the job before ("" for the first page) (past.go).
	PastJobs(ctx context.Context, c authn.Caller, before string) (PastPage, error)

	// InvoicePaid and EnsureOrder apply events (EventHandler); CompleteOverdue completes the
	// orders whose revision period ended. They act as the system, not as a caller.
	InvoicePaid(ctx context.Context, p InvoicePaidData) error
	EnsureOrder(ctx context.Context, quoteID string) error
	CompleteOverdue(ctx context.Context) error
	// AnnounceJob queues a notice of the order, which entered the pool (entry names that
	// entry), for every translator who may take it now (notices.go); EscalateOverdue escalates
	// the orders nobody claimed within their window (escalation.go).
	AnnounceJob(ctx context.Context, orderID, entry string) error
	EscalateOverdue(ctx context.Context) error
	// RemindRevisions tells the translators whose revision falls due soon, once per round
	// (revision.go).
	RemindRevisions(ctx context.Context) error
	// WorkSandbox has the sandbox's simulated translator claim, deliver and redeliver the sandbox
	// orders whose step is due (sandbox.go).
	WorkSandbox(ctx context.Context) error
}

type service struct {
	store  Store
	quotes Quotes
	files  Files
	// translators is the pool's read model; payer prices a job for its translator.
	translators Translators
	payer       Payer
	clock       func() time.Time
	// kick tells the outbox relay which orders a write queued events in.
	kick func(ids ...any)
	// notices queues pool notices (none without WithPoolNotices); windows say when an
	// unclaimed job is escalated.
	notices Notices
	windows Windows
	// billing says whether the customer saved billing details before an approval (billing.go)
	// and gives the buyer and price their contract names; facts and addOnNames word it
	// (contract.go).
	billing    Billing
	facts      company.Facts
	addOnNames AddOnNames
	// revisionHours say when a revision is due (revision.go).
	revisionHours RevisionHours
	// sandbox says how long the simulated translator takes (sandbox.go).
	sandbox SandboxTimes
}

// Option configures the pool's notices and escalation windows.
type Option func(*service)

// NewService returns the orders service.
func NewService(store Store, quotes Quotes, files Files, translators Translators, payer Payer, now func() time.Time, kick func(ids ...any), opts ...Option) Service {
	s := &service{store: store, quotes: quotes, files: files, translators: translators, payer: payer, clock: now, kick: kick, windows: DefaultWindows,
		revisionHours: DefaultRevisionHours, sandbox: DefaultSandboxTimes}
	for _, opt := range opts {
		opt(s)
	}
	return s
}

func (s *service) now() time.Time { return s.clock().UTC() }

// ApprovalInput is an approval: the price version the customer saw (0: any; quotes.
// ErrPriceChanged when staff revised it since), their acceptance of the contract and the
// address they approved from.
type ApprovalInput struct {
	Version  int
	Contract contracts.Acceptance
	IP       string
}

func (s *service) ApproveQuote(ctx context.Context, c authn.Caller, quoteID string, in ApprovalInput) (Approval, error) {
	var accepted *contracts.Accepted
	q, err := s.pendingOwn(ctx, c, quoteID, in.Version)
	if err != nil {
		return Approval{}, err
	}
	if q != nil {
		if err := s.billable(ctx); err != nil {
			return Approval{}, err
		}
		if accepted, err = s.accepted(ctx, c, q, in.Contract, in.IP); err != nil {
			return Approval{}, err
		}
	}
	q, _, err = s.quotes.Approve(ctx, c, quoteID, in.Version, accepted)
	if err != nil {
		return Approval{}, err
	}
	o, err := s.open(ctx, q)
	if err != nil {
		return Approval{}, err
	}
	return Approval{Quote: q, Order: o.viewAt(s.now())}, nil
}

// open creates the order of an approved quote, or returns the one it already has.
func (s *service) open(ctx context.Context, q *quotes.Quote) (*Order, error) {
	o := newOrder(q, s.now())
	if err := o.statusChanged(ctx); err != nil {
		return nil, err
	}
	o, err := s.store.Create(ctx, o)
	if err != nil {
		return nil, err
	}
	s.kick(o.ID)
	return o, nil
}

func (s *service) EnsureOrder(ctx context.Context, quoteID string) error {
	q, err := s.quotes.Lookup(ctx, quoteID)
	if errors.Is(err, quotes.ErrNotFound) {
		return nil // not ours to repair
	}
	if err != nil || q.Status != quotes.QuoteApproved {
		return err
	}
	_, err = s.open(ctx, q)
	return err
}

func (s *service) Orders(ctx context.Context, c authn.Caller, p newest.Page) ([]OrderView, string, error) {
	var (
		orders []*Order
		next   string
		err    error
	)
	switch c.Role {
	case authn.RoleAdmin:
		orders, next, err = s.store.Recent(ctx, p)
	case authn.RoleTranslator:
		orders, next, err = s.store.AssignedTo(ctx, c.ID, p)
	default:
		orders, next, err = s.store.OrdersOf(ctx, c.ID, p)
	}
	if err != nil {
		return nil, "", err
	}
	now := s.now()
	views := make([]OrderView, len(orders))
	for i, o := range orders {
		views[i] = s.view(ctx, c, o, now)
	}
	return views, next, nil
}

func (s *service) Order(ctx context.Context, c authn.Caller, id string) (OrderView, error) {
	o, err := s.orderOf(ctx, c, id)
	if err != nil {
		return OrderView{}, err
	}
	return s.view(ctx, c, o, s.now()), nil
}

// orderOf loads an order the caller may see: their own, the one assigned to them, or any for staff.
func (s *service) orderOf(ctx context.Context, c authn.Caller, id string) (*Order, error) {
	o, err := s.store.Order(ctx, id)
	if err != nil {
		return nil, err
	}
	if !c.Owns(o.CustomerID) && !c.Owns(o.TranslatorID) {
		return nil, ErrNotFound
	}
	return o, nil
}

// transition moves an order the caller may see, once allowed agrees that the caller may make
// the move on the order as it is stored.
func (s *service) transition(ctx context.Context, c authn.Caller, id string, allowed func(c authn.Caller, o *Order) error, change func(o *Order, now time.Time) error) (OrderView, error) {
	if _, err := s.orderOf(ctx, c, id); err != nil {
		return OrderView{}, err
	}
	now := s.now()
	o, err := s.store.Update(ctx, id, func(o *Order) (*Order, error) {
		if err := allowed(c, o); err != nil {
			return nil, err
		}
		if err := change(o, now); err != nil {
			return nil, err
		}
		s.sandboxNext(o, now)
		return o, o.statusChanged(ctx)
	})
	if err != nil {
		return OrderView{}, err
	}
	s.kick(o.ID)
	return s.view(ctx, c, o, now), nil
}

// updateOnce writes change to order id, as s.store.Update does, and answers the order as the
// write left it, its events kicked on their way (as transition does). A change that finds itself
// made already returns errAlreadyApplied: the repeated request then answers the order as stored,
// as the first one did.
func (s *service) updateOnce(ctx context.Context, c authn.Caller, id string, now time.Time, change func(*Order) (*Order, error)) (OrderView, error) {
	o, err := s.store.Update(ctx, id, change)
	if errors.Is(err, errAlreadyApplied) {
		o, err = s.store.Order(ctx, id)
	} else if err == nil {
		s.kick(o.ID)
	}
	if err != nil {
		return OrderView{}, err
	}
	return s.view(ctx, c, o, now), nil
}

func customerOrStaff(c authn.Caller, o *Order) error {
	if o.CustomerID != c.ID && !c.Staff() {
		return ErrForbidden
	}
	return nil
}

func (s *service) Deliver(ctx context.Context, c authn.Caller, id string, fileIDs []string, note string) (OrderView, error) {
	return s.deliver(ctx, c, id, fileIDs, note, nil)
}

// deliver is Deliver, written only if also (when given) agrees on the order as stored: the
// sandbox's simulated translator delivers only the round it took (sandbox.go).
func (s *service) deliver(ctx context.Context, c authn.Caller, id string, fileIDs []string, note string, also func(*Order) error) (OrderView, error) {
	// Whoever may not see the order learns nothing of it, not even what a delivery needs.
	if _, err := s.orderOf(ctx, c, id); err != nil {
		return OrderView{}, err
	}
	note = strings.TrimSpace(note)
	if utf8.RuneCountInString(note) > MaxReasonRunes {
		return OrderView{}, errs.Fields{"note": "too_long"}
	}
	if len(fileIDs) == 0 {
		return OrderView{}, errs.Fields{"fileIds": "required"}
	}
	delivered, err := s.files.Usable(ctx, c, fileIDs, "")
	if err != nil {
		return OrderView{}, err
	}
	// The files are marked first: a file marked for an order that then refuses the delivery is
	// harmless, because the order's own list of deliveries decides who may download.
	if err := s.files.MarkDelivered(ctx, c, fileIDs, id); err != nil {
		return OrderView{}, err
	}
	for i := range delivered {
		delivered[i].Purpose, delivered[i].OrderID = files.DeliveryFile, id
	}
	v, err := s.transition(ctx, c, id, func(c authn.Caller, o *Order) error {
		if !c.Staff() && o.TranslatorID != c.ID {
			return ErrNotAssignedToYou
		}
		if also != nil {
			return also(o)
		}
		return nil
	}, func(o *Order, now time.Time) error {
		step := Step("")
		if o.Status == RevisionRequested {
			step = StepRedelivered
		}
		if err := o.move(Delivered, now, step, note); err != nil {
			return err
		}
		o.Deliveries = append(o.Deliveries, delivered...)
		o.DeliveryNote = note
		return nil
	})
	if err == nil {
		s.release(ctx, v.TranslatorID, v.Order) // delivered, the job leaves its translator's desk
	}
	return v, err
}

func (s *service) Complete(ctx context.Context, c authn.Caller, id string) (OrderView, error) {
	v, err := s.transition(ctx, c, id, customerOrStaff, func(o *Order, now time.Time) error {
		return o.move(Completed, now, "", "")
	})
	if err == nil {
		s.release(ctx, v.TranslatorID, v.Order) // a place a lost release left behind
	}
	return v, err
}

func (s *service) RequestRevision(ctx context.Context, c authn.Caller, id, reason string) (OrderView, error) {
	// Whoever may not see the order learns nothing of it, not even what a revision needs.
	seen, err := s.orderOf(ctx, c, id)
	if err != nil {
		return OrderView{}, err
	}
	reason = strings.TrimSpace(reason)
	switch {
	case reason == "":
		return OrderView{}, errs.Fields{"reason": "required"}
	case utf8.RuneCountInString(reason) > MaxReasonRunes:
		return OrderView{}, errs.Fields{"reason": "too_long"}
	}
	// Sent back, the job is on its translator's desk again, over their cap or not: the place is
	// written first, so the desk never counts too few (desk.go).
	mine := seen.Status == Delivered && seen.CustomerID == c.ID
	if mine && seen.TranslatorID != "" && !seen.Sandbox { // the simulated translator keeps no desk
		if err := s.hold(ctx, seen.TranslatorID, id); err != nil {
			return OrderView{}, err
		}
	}
	// Whether they can take it back is read before the write: the read model is another
	// collection, and a change meanwhile is what an escalation would have missed by a moment.
	takesBack := true
	if mine {
		if takesBack, err = s.canTakeBack(ctx, seen.TranslatorID, s.now()); err != nil {
			return OrderView{}, err
		}
	}
	return s.transition(ctx, c, id, func(c authn.Caller, o *Order) error {
		if o.CustomerID != c.ID {
			return ErrNotYours
		}
		return nil
	}, func(o *Order, now time.Time) error {
		if o.Status != Delivered { // asking again while a revision is under way is not a new round
			return &IllegalTransition{From: o.Status, To: RevisionRequested}
		}
		if err := o.move(RevisionRequested, now, StepRevisionReturned, reason); err != nil {
			return err
		}
		o.History[len(o.History)-1].TranslatorID = o.TranslatorID
		o.RevisionReason = reason
		o.Revision = s.revisionRound(o, now)
		if !takesBack {
			return o.escalateRevision(ctx, now, EscalationUnavailable)
		}
		return nil
	})
}

// errAlreadyApplied aborts a system move that an earlier event or sweep already made.
var errAlreadyApplied = errors.New("already applied")

func (s *service) InvoicePaid(ctx context.Context, p InvoicePaidData) error {
	id := p.OrderID
	if p.QuoteID != "" {
		// The invoice was made from quote.approved; make sure the quote's order exists (the
		// approval may have stopped before writing it) and take its id from the quote.
		q, err := s.quotes.Lookup(ctx, p.QuoteID)
		if err != nil {
			return fmt.Errorf("invoice %s paid for quote %s: %w", p.InvoiceID, p.QuoteID, err)
		}
		if q.Status == quotes.QuoteApproved {
			if _, err := s.open(ctx, q); err != nil {
				return err
			}
			id = q.OrderID
		}
	}
	now := s.now()
	// Paid, the order enters the job pool: what it pays its translator and when it is due are
	// fixed now (a failure, svc-geo's say, leaves the event to be delivered again).
	unpaid, err := s.store.Order(ctx, id)
	switch {
	case errors.Is(err, ErrNotFound):
		return fmt.Errorf("invoice %s paid for unknown order %q: %w", p.InvoiceID, id, err)
	case err != nil:
		return err
	case unpaid.Status != AwaitingPayment:
		return nil // a redelivered event, or paid twice: the first one counted
	}
	placed, err := s.place(ctx, unpaid, now)
	if err != nil {
		return fmt.Errorf("placing order %s in the pool: %w", id, err)
	}
	_, err = s.store.Update(ctx, id, func(o *Order) (*Order, error) {
		if o.Status != AwaitingPayment {
			return nil, errAlreadyApplied // a redelivered event, or paid twice: the first one counted
		}
		if err := o.move(InProgress, now, "", ""); err != nil {
			return nil, err
		}
		o.InvoiceID, o.Placement = p.InvoiceID, placed
		s.sandboxNext(o, now)
		return o, o.statusChanged(ctx)
	})
	switch {
	case errors.Is(err, errAlreadyApplied):
		return nil
	case errors.Is(err, ErrNotFound):
		return fmt.Errorf("invoice %s paid for unknown order %q: %w", p.InvoiceID, id, err)
	case err != nil:
		return err
	}
	s.kick(id)
	return nil
}

func (s *service) CompleteOverdue(ctx context.Context) error {
	now := s.now()
	ids, err := s.store.DeliveredBefore(ctx, now.Add(-RevisionWindow))
	if err != nil {
		return err
	}
	var failed []error
	var completed []any
	for _, id := range ids {
		_, err := s.store.Update(ctx, id, func(o *Order) (*Order, error) {
			if o.Status != Delivered || o.DeliveredAt == nil || now.Before(o.DeliveredAt.Add(RevisionWindow)) {
				return nil, errAlreadyApplied
			}
			if err := o.move(Completed, now, StepAutoCompleted, ""); err != nil {
				return nil, err
			}
			return o, o.statusChanged(ctx)
		})
		switch {
		case err == nil:
			completed = append(completed, id)
		case !errors.Is(err, errAlreadyApplied):
			failed = append(failed, err)
		}
	}
	s.kick(completed...)
	return errors.Join(failed...)
}
