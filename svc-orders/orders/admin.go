package orders

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"linguaport/internal/authn"
	"linguaport/internal/errs"
	"linguaport/internal/events"
	"linguaport/internal/mongox"
	"linguaport/svc-orders/pool"
	"linguaport/svc-orders/pricing"
)

// The back office's side of orders (DESIGN §11): every order, one with its timeline, who could
// take it, (re)assigning it, and the counts of the dashboard.

// PageSize is how many orders one page of the staff list holds.
const PageSize = 50

// Errors of staff actions.
var (
	// ErrOrderChanged: the order changed between the staff member reading it and the write, e.g.
	// two staff assigning at once; the later one looks again.
	ErrOrderChanged = errors.New("the order changed since it was read")
	// ErrCannotAssign wraps a pool reason (pool.ErrNotEligible) when staff pick a translator who
	// may not take the order.
	ErrCannotAssign = errors.New("the translator may not be given this order")
	// ErrUnknownCursor is a page cursor naming no order (or one the sort cannot place).
	ErrUnknownCursor = errors.New("no such order to page from")
)

// The staff list's own orders besides mongox's newest (the default) and oldest.
const (
	SortCreated  = "created"  // newest first, as before the shared list contract named it
	SortDeadline = "deadline" // the most urgent first; orders without a deadline (unpaid) left out
)

// StatusEscalated is the staff list's filter for escalated jobs (a status filter's value, not an
// order status: such an order is in_progress with escalatedAt set).
const StatusEscalated = "escalated"

// StaffQuery is the staff list's filters: Q is an order number or a customer id.
type StaffQuery struct {
	Status, Q, Customer, Translator, Sort, Before string
}

// ListFilter is a StaffQuery as the store runs it. After is the last order of the previous page.
type ListFilter struct {
	Status       OrderStatus
	Number       string
	CustomerID   string
	TranslatorID string
	ByDeadline   bool
	Oldest       bool
	// Escalated: paid jobs nobody took in their window, still waiting, the longest first.
	Escalated bool
	After     *Order
	Limit     int
}

// OrderSummary is an order as the staff list shows it.
type OrderSummary struct {
	ID              string          `json:"id"`
	Number          string          `json:"number"`
	Status          OrderStatus     `json:"status"`
	CustomerID      string          `json:"customerId"`
	TranslatorID    string          `json:"translatorId"`
	Service         string          `json:"service"`
	SourceLanguage  string          `json:"sourceLanguage"`
	TargetLanguages []string        `json:"targetLanguages"`
	Urgency         pricing.Urgency `json:"urgency"`
	AddOns          []string        `json:"addOns"`
	Deadline        *time.Time      `json:"deadline"`
	CreatedAt       time.Time       `json:"createdAt"`
	PaidAt          *time.Time      `json:"paidAt"`
	Total           pricing.Money   `json:"total"`
	TotalUSD        pricing.Money   `json:"totalUsd"`
	// Escalated: a job nobody claimed in its window, or a revision escalated (revision.go).
	Escalated bool `json:"escalated"`
	// NextStep is the paper work's next step ("" when none or all done).
	NextStep string `json:"nextStep,omitempty"`
	// Sandbox marks a sandbox customer's order, worked by the simulated translator (sandbox.go).
	Sandbox bool `json:"sandbox"`
}

// OrderPage is one page of the staff list; Next is the cursor (before=) of the following page.
type OrderPage struct {
	Orders []OrderSummary `json:"orders"`
	More   bool           `json:"more"`
	Next   string         `json:"next,omitempty"`
}

// StaffOrderView is one order as staff see it: with its customer.
type StaffOrderView struct {
	OrderView
	CustomerID string `json:"customerId"`
}

// Waiting are the dashboard's counts of paid orders without a translator.
type Waiting struct {
	Unassigned int64 `json:"unassigned"`
	Escalated  int64 `json:"escalated"`
	// RevisionsEscalated are the revisions escalated to staff and not yet redelivered.
	RevisionsEscalated int64 `json:"revisionsEscalated"`
}

// orderNumber is what an order number looks like ("O-2026-00007"); any other search word is a
// customer id.
var orderNumber = regexp.MustCompile(`^[Oo]-\d{4}-\d+$`)

var knownStatuses = []OrderStatus{AwaitingPayment, InProgress, Assigned, Delivered, RevisionRequested, Completed}

func requireStaff(c authn.Caller) error {
	if !c.Staff() {
		return ErrForbidden
	}
	return nil
}

func (q StaffQuery) filter() (ListFilter, error) {
	f := ListFilter{Status: OrderStatus(q.Status), CustomerID: strings.TrimSpace(q.Customer), TranslatorID: strings.TrimSpace(q.Translator), Limit: PageSize + 1}
	bad := errs.Fields{}
	if q.Status == StatusEscalated {
		f.Status, f.Escalated = InProgress, true
	}
	if f.Status != "" && !f.Escalated && !containsStatus(f.Status) {
		bad["status"] = "invalid"
	}
	switch q.Sort {
	case "", mongox.SortNewest, SortCreated:
	case mongox.SortOldest:
		f.Oldest = true
	case SortDeadline:
		f.ByDeadline = true
	default:
		bad["sort"] = "invalid"
	}
	if word := strings.TrimSpace(q.Q); word != "" {
		switch {
		case orderNumber.MatchString(word):
			f.Number = strings.ToUpper(word)
		case f.CustomerID != "" && f.CustomerID != word:
			bad["q"] = "one_filter"
		default:
			f.CustomerID = word
		}
	}
	if f.Escalated && (f.CustomerID != "" || f.TranslatorID != "") {
		bad["status"] = "one_filter"
	}
	if f.CustomerID != "" && f.TranslatorID != "" {
		bad["translator"] = "one_filter" // one index per filter: a customer's or a translator's orders
	}
	if len(bad) > 0 {
		return ListFilter{}, bad
	}
	return f, nil
}

func containsStatus(s OrderStatus) bool {
	for _, k := range knownStatuses {
		if k == s {
			return true
		}
	}
	return false
}

// StaffOrders is a page of every order, filtered, searched and sorted by the store.
func (s *service) StaffOrders(ctx context.Context, c authn.Caller, q StaffQuery) (OrderPage, error) {
	if err := requireStaff(c); err != nil {
		return OrderPage{}, err
	}
	f, err := q.filter()
	if err != nil {
		return OrderPage{}, err
	}
	if q.Before != "" {
		after, err := s.store.Order(ctx, q.Before)
		if errors.Is(err, ErrNotFound) || (err == nil && (f.ByDeadline && after.Deadline == nil || f.Escalated && after.EscalatedAt == nil)) {
			return OrderPage{}, ErrUnknownCursor
		}
		if err != nil {
			return OrderPage{}, err
		}
		f.After = after
	}
	found, err := s.store.List(ctx, f)
	if err != nil {
		return OrderPage{}, err
	}
	page := OrderPage{Orders: []OrderSummary{}, More: len(found) > PageSize}
	for i, o := range found {
		if i == PageSize {
			break
		}
		page.Orders = append(page.Orders, o.summary())
	}
	if page.More {
		page.Next = page.Orders[len(page.Orders)-1].ID
	}
	return page, nil
}

func (o *Order) summary() OrderSummary {
	return OrderSummary{ID: o.ID, Number: o.Number, Status: o.Status, CustomerID: o.CustomerID, TranslatorID: o.TranslatorID,
		Service: o.Service, SourceLanguage: o.SourceLanguage, TargetLanguages: o.TargetLanguages, Urgency: o.Urgency, AddOns: o.AddOns,
		Deadline: o.Deadline, CreatedAt: o.CreatedAt, PaidAt: o.PaidAt, Total: o.Total, TotalUSD: o.TotalUSD,
		Escalated: o.EscalatedAt != nil && o.Status == InProgress || o.RevisionEscalatedAt != nil && o.Status == RevisionRequested, NextStep: string(o.nextStep()),
		Sandbox: o.Sandbox}
}

// StaffOrder is one order with its timeline, fulfilment, pay and customer.
func (s *service) StaffOrder(ctx context.Context, c authn.Caller, id string) (StaffOrderView, error) {
	if err := requireStaff(c); err != nil {
		return StaffOrderView{}, err
	}
	o, err := s.store.Order(ctx, id)
	if err != nil {
		return StaffOrderView{}, err
	}
	return StaffOrderView{OrderView: s.view(ctx, c, o, s.now()), CustomerID: o.CustomerID}, nil
}

// EventOrderReassigned is published on events.Stream("orders") when staff take an order from
// its translator and give it to another: the previous translator is told it is no longer theirs.
const EventOrderReassigned = "order.reassigned"

// OrderReassignedData is the payload of order.reassigned.
type OrderReassignedData struct {
	OrderID              string    `json:"orderId"`
	Number               string    `json:"number"`
	CustomerID           string    `json:"customerId"`
	TranslatorID         string    `json:"translatorId"`
	PreviousTranslatorID string    `json:"previousTranslatorId"`
	At                   time.Time `json:"at"`
}

// EventOrderAssigned is published on events.Stream("orders") when staff give an order, or its
// revision, to a translator (a claim from the pool is the translator's own doing and publishes
// only order.status_changed): the translator is told the work is theirs and by when.
const EventOrderAssigned = "order.assigned"

// OrderAssignedData is the payload of order.assigned. Step is the timeline's: StepAssigned,
// StepReassigned (PreviousTranslatorID lost it), StepRevisionSentBack or StepRevisionReassigned
// (a revision, due at RevisionDue, for RevisionReason). By is the staff member.
type OrderAssignedData struct {
	OrderID              string     `json:"orderId"`
	Number               string     `json:"number"`
	CustomerID           string     `json:"customerId"`
	TranslatorID         string     `json:"translatorId"`
	PreviousTranslatorID string     `json:"previousTranslatorId,omitempty"`
	Step                 Step       `json:"step"`
	By                   string     `json:"by"`
	Deadline             *time.Time `json:"deadline,omitempty"`
	RevisionDue          *time.Time `json:"revisionDue,omitempty"`
	RevisionReason       string     `json:"revisionReason,omitempty"`
	At                   time.Time  `json:"at"`
}

// assigned queues order.assigned for the step the timeline's last entry records (Assign);
// previous is the translator who lost the work ("" for none).
func (o *Order) assigned(ctx context.Context, previous string) error {
	last := o.History[len(o.History)-1]
	data := OrderAssignedData{OrderID: o.ID, Number: o.Number, CustomerID: o.CustomerID, TranslatorID: o.TranslatorID,
		PreviousTranslatorID: previous, Step: last.Step, By: last.By, Deadline: o.Deadline, At: last.At}
	if o.Status == RevisionRequested {
		data.RevisionDue, data.RevisionReason = o.RevisionDue, o.RevisionReason
	}
	e, err := events.New(ctx, EventOrderAssigned, data)
	if err != nil {
		return err
	}
	o.Add(e)
	return nil
}

// AssignInput is a staff assignment: the translator, and optionally From, the translator the
// staff member saw on the order ("" for none), so that of two staff assigning the same order
// at once the later one is told the order changed instead of silently reassigning it.
type AssignInput struct {
	TranslatorID string
	From         *string
}

// Assign gives the order to a translator (staff): a paid order waiting in the pool, one already
// assigned, which is taken from its translator (reassigned), or a revision, sent back to the
// translator who has it (translatorID empty or theirs, whatever their cap) or given to another
// (revision.go giveRevision). A translator other than the current one must
// be eligible. The write is conditional on the order as the staff member's request read it: of
// two staff assigning at once one wins, the other gets ErrOrderChanged.
func (s *service) Assign(ctx context.Context, c authn.Caller, id string, in AssignInput) (OrderView, error) {
	if err := requireStaff(c); err != nil {
		return OrderView{}, err
	}
	translatorID := strings.TrimSpace(in.TranslatorID)
	o, err := s.store.Order(ctx, id)
	if err != nil {
		return OrderView{}, err
	}
	if o.Sandbox {
		return OrderView{}, ErrSandboxOrder
	}
	if in.From != nil && *in.From != o.TranslatorID {
		return OrderView{}, ErrOrderChanged // someone assigned it since the staff member looked
	}
	now := s.now()
	// What the decision was made on: the order's translator. Other writes meanwhile (its outbox
	// relayed, the pool's bookkeeping) change nothing of it and are simply written over again.
	seen := o.TranslatorID
	if translatorID == "" {
		if o.Status != RevisionRequested || o.TranslatorID == "" {
			return OrderView{}, errs.Fields{"translatorId": "required"}
		}
		translatorID = o.TranslatorID // a revision goes back to whoever delivered
	}
	if o.Status == Assigned && o.TranslatorID == translatorID {
		return s.view(ctx, c, o, now), nil // a second click: already theirs
	}
	// Staff give work only to whom the pool would: eligible and below their cap, held by a place
	// on their desk reserved before the order is written (desk.go); a revision going back to
	// whoever delivered is theirs already and keeps its place.
	var held *reservation
	switch o.Status {
	case InProgress, Assigned, RevisionRequested:
		if translatorID == o.TranslatorID {
			if err := s.hold(ctx, translatorID, id); err != nil {
				return OrderView{}, err
			}
			break
		}
		t, err := s.eligible(ctx, translatorID, o.jobKeys(), now)
		if err != nil {
			return OrderView{}, fmt.Errorf("%w: %w", ErrCannotAssign, err)
		}
		r, err := s.reserve(ctx, t, id)
		if errors.Is(err, pool.ErrNotEligible) {
			return OrderView{}, fmt.Errorf("%w: %w", ErrCannotAssign, err)
		}
		if err != nil {
			return OrderView{}, err
		}
		held = &r
	}
	o, err = s.store.Update(ctx, id, func(o *Order) (*Order, error) {
		if o.Status == Assigned && o.TranslatorID == translatorID {
			return nil, errAlreadyApplied // another staff member gave it to the same translator
		}
		if o.TranslatorID != seen {
			return nil, ErrOrderChanged // another staff member assigned it, or a translator claimed it
		}
		if held != nil {
			if err := held.lapsed(s.now()); err != nil {
				return nil, err
			}
		}
		if o.Status == RevisionRequested {
			// Back to whoever has it or on to another, a fresh deadline; still a revision.
			if err := o.giveRevision(ctx, now, translatorID, c.ID, s.revisionRound(o, now)); err != nil {
				return nil, err
			}
			return o, o.assigned(ctx, o.History[len(o.History)-1].PreviousTranslatorID)
		}
		previous, step := o.TranslatorID, StepAssigned
		if o.Status == Assigned {
			step = StepReassigned
		}
		if err := o.move(Assigned, now, step, ""); err != nil {
			return nil, err
		}
		last := &o.History[len(o.History)-1]
		last.TranslatorID, last.By = translatorID, c.ID
		o.TranslatorID, o.ClaimedAt = translatorID, nil
		if previous != "" && previous != translatorID {
			e, err := events.New(ctx, EventOrderReassigned, OrderReassignedData{OrderID: o.ID, Number: o.Number, CustomerID: o.CustomerID,
				TranslatorID: translatorID, PreviousTranslatorID: previous, At: now})
			if err != nil {
				return nil, err
			}
			o.Add(e)
		}
		if previous == translatorID {
			previous = ""
		}
		if err := o.assigned(ctx, previous); err != nil {
			return nil, err
		}
		return o, o.statusChanged(ctx)
	})
	switch {
	case errors.Is(err, errAlreadyApplied):
		if o, err = s.store.Order(ctx, id); err != nil {
			return OrderView{}, err
		}
		return s.view(ctx, c, o, now), nil
	case err != nil:
		if held != nil {
			s.giveBack(ctx, *held)
		}
		return OrderView{}, err
	}
	if seen != translatorID {
		s.release(ctx, seen, o) // reassigned: off the desk of whoever had it
	}
	s.kick(o.ID)
	return s.view(ctx, c, o, now), nil
}

// Waiting counts the paid orders nobody has taken, and those of them escalated.
func (s *service) Waiting(ctx context.Context, c authn.Caller) (Waiting, error) {
	if err := requireStaff(c); err != nil {
		return Waiting{}, err
	}
	return s.store.Waiting(ctx)
}
