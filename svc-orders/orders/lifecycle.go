// Package orders owns orders: the work of an approved quote, paid, assigned to a translator,
// delivered, and accepted by its customer (or revised), with the timeline of every move.
package orders

import (
	"fmt"
	"slices"
	"time"

	"linguaport/internal/authn"
	"linguaport/internal/events"
	"linguaport/internal/i18n"
	"linguaport/internal/mongox"
	"linguaport/svc-orders/calendar"
	"linguaport/svc-orders/contracts"
	"linguaport/svc-orders/files"
	"linguaport/svc-orders/quotes"
)

// OrderStatus is where an order is in its life.
type OrderStatus string

const (
	AwaitingPayment   OrderStatus = "awaiting_payment"
	InProgress        OrderStatus = "in_progress" // paid, waiting for a translator
	Assigned          OrderStatus = "assigned"
	Delivered         OrderStatus = "delivered"
	RevisionRequested OrderStatus = "revision_requested"
	Completed         OrderStatus = "completed"
)

// RevisionWindow is how long after a delivery the customer may ask for a free revision (spec
// §1); when it passes without one the order completes by itself.
const RevisionWindow = 7 * 24 * time.Hour

// transitions are the only moves an order makes.
var transitions = map[OrderStatus][]OrderStatus{
	AwaitingPayment: {InProgress},
	InProgress:      {Assigned},                        // staff assign, or a translator claims it from the pool
	Assigned:        {Delivered, InProgress, Assigned}, // delivered, unclaimed back into the pool, or reassigned by staff
	Delivered:       {Completed, RevisionRequested},
	// A revision is redelivered by whoever has it: the translator who delivered, or the one staff
	// gave it to (a move within revision_requested, revision.go).
	RevisionRequested: {Delivered, RevisionRequested},
}

// IllegalTransition is a move the order's state does not allow.
type IllegalTransition struct{ From, To OrderStatus }

func (e *IllegalTransition) Error() string {
	return fmt.Sprintf("an order in %s cannot move to %s", e.From, e.To)
}

// ErrRevisionWindowClosed is a revision asked for more than RevisionWindow after the delivery.
var ErrRevisionWindowClosed = fmt.Errorf("the free revision period has ended: %w", &IllegalTransition{Delivered, RevisionRequested})

// Step names a system step of the timeline; the screens word it in the reader's language.
type Step string

// The steps. A revision "returned" went straight back to whoever delivered; staff "sent back" a
// revision to the same translator or "reassigned" it to another; "escalated" says why in the
// entry's Reason (EscalationUnavailable, EscalationOverdue).
const (
	StepClaimed            Step = "claimed"
	StepUnclaimed          Step = "unclaimed"
	StepAssigned           Step = "assigned"
	StepReassigned         Step = "reassigned"
	StepAutoCompleted      Step = "auto_completed"
	StepRevisionReturned   Step = "revision_returned"
	StepRevisionSentBack   Step = "revision_sent_back"
	StepRevisionReassigned Step = "revision_reassigned"
	StepRevisionEscalated  Step = "revision_escalated"
	StepRedelivered        Step = "redelivered"
)

// HistoryEntry is one step of an order's timeline: Step for what the system did, Note for what a
// person wrote (a revision's reason, a delivery's note).
type HistoryEntry struct {
	Status OrderStatus `json:"status" bson:"status"`
	At     time.Time   `json:"at" bson:"at"`
	Note   string      `json:"note" bson:"note"`
	Step   Step        `json:"step,omitempty" bson:"step,omitempty"`
	// Reason is why a revision was escalated (revision_escalated).
	Reason string `json:"reason,omitempty" bson:"reason,omitempty"`
	// TranslatorID is who the step gave the order to (PreviousTranslatorID who had it before a
	// reassignment), By the staff member (staff alone read By).
	TranslatorID         string `json:"translatorId,omitempty" bson:"translatorId,omitempty"`
	PreviousTranslatorID string `json:"previousTranslatorId,omitempty" bson:"previousTranslatorId,omitempty"`
	By                   string `json:"by,omitempty" bson:"by,omitempty"`
}

// legacySteps are the notes older orders kept their system steps in, by the status they moved to.
var legacySteps = map[legacyStep]Step{
	{Assigned, "claimed"}:     StepClaimed,
	{InProgress, "unclaimed"}: StepUnclaimed,
	{Assigned, "reassigned"}:  StepReassigned,
	{Completed, "auto"}:       StepAutoCompleted,
}

type legacyStep struct {
	status OrderStatus
	note   string
}

// shownHistory is the timeline as people read it: an older order's step kept in its note is
// moved to its step, so no internal code reaches a screen as if a person wrote it.
func shownHistory(history []HistoryEntry) []HistoryEntry {
	out := make([]HistoryEntry, len(history))
	for i, h := range history {
		if step, ok := legacySteps[legacyStep{h.Status, h.Note}]; ok && h.Step == "" {
			h.Step, h.Note = step, ""
		}
		out[i] = h
	}
	return out
}

// Order is approved work: what was quoted, who does it, what was delivered and when.
type Order struct {
	ID           string      `json:"id" bson:"_id"`
	Number       string      `json:"number" bson:"number"`
	QuoteID      string      `json:"quoteId" bson:"quoteId"`
	CustomerID   string      `json:"-" bson:"customerId"`
	TranslatorID string      `json:"translatorId" bson:"translatorId,omitempty"`
	Status       OrderStatus `json:"status" bson:"status"`
	// Sandbox marks the order of a sandbox customer (authn.IsSandbox), worked by the simulated
	// translator and never by a real one (sandbox.go); SandboxRun is when it acts next.
	Sandbox      bool `json:"sandbox" bson:"sandbox,omitempty"`
	SandboxRun   `bson:",inline"`
	quotes.Work  `bson:",inline"`
	Placement    `bson:",inline"`
	Deliveries   []files.File `json:"deliveries" bson:"deliveries"`
	DeliveryNote string       `json:"deliveryNote" bson:"deliveryNote,omitempty"`
	InvoiceID    string       `json:"invoiceId,omitempty" bson:"invoiceId,omitempty"`
	// Contract names the contract accepted with the approval (its words are kept on the quote:
	// OrderContract); nil for an order approved before contracts were kept.
	Contract       *ContractRef `json:"contract,omitempty" bson:"contract,omitempty"`
	RevisionReason string       `json:"revisionReason,omitempty" bson:"revisionReason,omitempty"`
	// Revision is the revision in progress: its deadline and its escalation (revision.go).
	Revision    `bson:",inline"`
	CreatedAt   time.Time      `json:"createdAt" bson:"createdAt"`
	PaidAt      *time.Time     `json:"paidAt" bson:"paidAt,omitempty"`
	DeliveredAt *time.Time     `json:"deliveredAt" bson:"deliveredAt,omitempty"`
	CompletedAt *time.Time     `json:"completedAt" bson:"completedAt,omitempty"`
	History     []HistoryEntry `json:"history" bson:"history"`
	// Fulfilment is the paper work of sworn, notary and apostille orders (fulfilment.go), shown
	// through OrderView.
	Fulfilment *Fulfilment `json:"-" bson:"fulfilment,omitempty"`

	mongox.Version `bson:",inline"`
	mongox.Sliced  `bson:",inline"` // a customer's orders are read by slice for their KVKK copy
	events.Outbox  `bson:",inline"`
}

// newOrder is the order an approved quote becomes, waiting for its payment.
func newOrder(q *quotes.Quote, now time.Time) *Order {
	o := &Order{
		ID: q.OrderID, Number: q.OrderNumber, QuoteID: q.ID, CustomerID: q.CustomerID, Status: AwaitingPayment, Sandbox: authn.IsSandbox(q.CustomerID),
		Work: q.Work, Deliveries: []files.File{}, CreatedAt: now, History: []HistoryEntry{{Status: AwaitingPayment, At: now}},
	}
	if c := q.Contract; c != nil {
		o.Contract = &ContractRef{Kind: c.Kind, Version: c.Version, Lang: c.Lang, AcceptedAt: c.AcceptedAt}
	}
	return o
}

// ContractRef is which contract an order's customer accepted, and when.
type ContractRef struct {
	Kind       contracts.Kind `json:"kind" bson:"kind"`
	Version    string         `json:"version" bson:"version"`
	Lang       i18n.Lang      `json:"lang" bson:"lang"`
	AcceptedAt time.Time      `json:"acceptedAt" bson:"acceptedAt"`
}

// move takes the order to status `to` if its state allows it, and writes the step into the
// timeline with a person's note.
func (o *Order) move(to OrderStatus, now time.Time, step Step, note string) error {
	if !slices.Contains(transitions[o.Status], to) {
		return &IllegalTransition{From: o.Status, To: to}
	}
	// The free revision is counted from the latest delivery (DeliveredAt, set at each one).
	if o.Status == Delivered && to == RevisionRequested && o.DeliveredAt != nil && now.After(o.DeliveredAt.Add(RevisionWindow)) {
		return ErrRevisionWindowClosed
	}
	switch to {
	case InProgress:
		if o.PaidAt == nil { // an unclaimed job was paid when it first entered the pool
			o.PaidAt = &now
		}
	case Delivered:
		o.DeliveredAt = &now
		o.Revision = Revision{} // a revision ends with its delivery
	case Completed:
		o.CompletedAt = &now
	}
	o.Status = to
	o.History = append(o.History, HistoryEntry{Status: to, At: now, Step: step, Note: note})
	return nil
}

// OrderView is an order as a person sees it: the spec's two customer-facing states and what
// they may do now.
type OrderView struct {
	*Order
	DisplayStatus      string     `json:"displayStatus"`
	RevisionUntil      *time.Time `json:"revisionUntil"`
	CanRequestRevision bool       `json:"canRequestRevision"`
	// Escalated: nobody claimed the job in time, staff were told, and the order still waits for
	// its translator (the customer reads that one is being arranged).
	Escalated bool `json:"escalated"`
	// Pay is what the order pays its translator: shown to them and staff only.
	Pay *PayView `json:"pay,omitempty"`
	// Fulfilment: the steps of the paper work with their times and the tracking number; absent
	// for an order without sworn, notary or apostille work.
	Fulfilment *FulfilmentView `json:"fulfilment,omitempty"`
	// ExpectedDate is the day the work is due, in Istanbul (expected.go).
	ExpectedDate *calendar.Date `json:"expectedDate,omitempty"`
	// TranslatorName names the simulated translator of a sandbox order in the reader's language
	// (view); a real translator's name is svc-auth's to give.
	TranslatorName string `json:"translatorName,omitempty"`
}

func (o *Order) viewAt(now time.Time) OrderView {
	shown := *o
	shown.History = shownHistory(o.History)
	v := OrderView{Order: &shown, DisplayStatus: "in_progress", Escalated: o.EscalatedAt != nil && o.Status == InProgress,
		Fulfilment: o.fulfilmentView(false), ExpectedDate: o.expectedDate(now)}
	if o.Status == Completed {
		// Spec §4's two states group orders; a delivered order still waits for its customer's
		// review, so it is in progress until accepted (or its revision period ends).
		v.DisplayStatus = "completed"
	}
	if o.DeliveredAt != nil {
		until := o.DeliveredAt.Add(RevisionWindow)
		v.RevisionUntil = &until
		v.CanRequestRevision = o.Status == Delivered && !now.After(until)
	}
	return v
}
