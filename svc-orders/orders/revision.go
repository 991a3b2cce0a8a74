package orders

import (
	"context"
	"errors"
	"time"

	"linguaport/internal/events"
	"linguaport/svc-orders/pricing"
)

// A revision (issue 23): the customer's request goes straight back to the translator who
// delivered, with a deadline to revise by; they redeliver with no staff step. When that
// translator cannot take it back (suspended, on vacation, unknown to the pool: an account closed)
// or lets the deadline pass, the revision is escalated to staff once, who send it back to the
// same translator or give it to another (Assign).

// Escalation reasons: of order.escalated's payload, and of a revision's (Revision.Escalation and
// the history entry's Reason).
const (
	EscalatedUnclaimed           = "unclaimed"
	EscalatedRevisionUnavailable = "revision_unavailable"
	EscalatedRevisionOverdue     = "revision_overdue"

	EscalationUnavailable = "unavailable"
	EscalationOverdue     = "overdue"
)

// Revision is the revision in progress on an order: when it is due, and when and why it was
// escalated to staff. A delivery ends it (move clears it).
type Revision struct {
	RevisionDue         *time.Time `json:"revisionDue,omitempty" bson:"revisionDue,omitempty"`
	RevisionEscalatedAt *time.Time `json:"revisionEscalatedAt,omitempty" bson:"revisionEscalatedAt,omitempty"`
	// RevisionEscalation is EscalationUnavailable or EscalationOverdue.
	RevisionEscalation string `json:"revisionEscalation,omitempty" bson:"revisionEscalation,omitempty"`
}

// RevisionHours are how long a translator has to redeliver a revision, by the order's urgency,
// counted in clock hours from the request (or from staff sending it back or on).
type RevisionHours struct {
	Urgent, Normal time.Duration
}

// DefaultRevisionHours: a day for urgent work, two for any other.
var DefaultRevisionHours = RevisionHours{Urgent: 24 * time.Hour, Normal: 48 * time.Hour}

func (h RevisionHours) of(u pricing.Urgency) time.Duration {
	if u == pricing.Urgent {
		return h.Urgent
	}
	return h.Normal
}

// WithRevisionHours sets the revision deadlines (main reads them from REVISION_HOURS_URGENT and
// REVISION_HOURS_NORMAL); one that is not positive keeps its default.
func WithRevisionHours(h RevisionHours) Option {
	return func(s *service) {
		if h.Urgent > 0 {
			s.revisionHours.Urgent = h.Urgent
		}
		if h.Normal > 0 {
			s.revisionHours.Normal = h.Normal
		}
	}
}

// revisionDue is when a revision of o given at now is due.
func (s *service) revisionDue(o *Order, now time.Time) *time.Time {
	due := now.Add(s.revisionHours.of(o.Urgency))
	return &due
}

// canTakeBack reports whether the translator may take a revision back at now, by the pool's read
// model: known to it (an account closed is no longer), not suspended, not on vacation. Their cap
// does not count: the work is theirs already.
func (s *service) canTakeBack(ctx context.Context, translatorID string, now time.Time) (bool, error) {
	if translatorID == "" {
		return false, nil
	}
	t, err := s.translators.Translator(ctx, translatorID)
	if err != nil || t == nil {
		return false, err
	}
	return !t.Suspended && !t.OnVacation(now), nil
}

// escalateRevision marks o's revision escalated for reason (EscalationUnavailable or
// EscalationOverdue), in its timeline, with order.escalated in the same write; a revision already
// escalated is errAlreadyApplied.
func (o *Order) escalateRevision(ctx context.Context, now time.Time, reason string) error {
	if o.Status != RevisionRequested || o.RevisionEscalatedAt != nil {
		return errAlreadyApplied
	}
	e, err := events.New(ctx, EventOrderEscalated, OrderEscalatedData{OrderID: o.ID, Number: o.Number, CustomerID: o.CustomerID,
		Reason: "revision_" + reason, At: now})
	if err != nil {
		return err
	}
	o.RevisionEscalatedAt, o.RevisionEscalation = &now, reason
	o.History = append(o.History, HistoryEntry{Status: o.Status, At: now, Step: StepRevisionEscalated, Reason: reason, TranslatorID: o.TranslatorID})
	o.Add(e)
	return nil
}

// giveRevision is staff's move of a revision (Assign): back to the translator who has it
// (revision_sent_back) or on to another (revision_reassigned, the previous one told by
// order.reassigned), with a fresh deadline and no escalation. The order stays revision_requested:
// its new translator reads the customer's reason and redelivers as the first one would have.
func (o *Order) giveRevision(ctx context.Context, now time.Time, translatorID, by string, due *time.Time) error {
	previous, step := o.TranslatorID, StepRevisionSentBack
	if translatorID != previous {
		step = StepRevisionReassigned
	}
	if err := o.move(RevisionRequested, now, step, ""); err != nil {
		return err
	}
	last := &o.History[len(o.History)-1]
	last.TranslatorID, last.By = translatorID, by
	if step == StepRevisionReassigned {
		last.PreviousTranslatorID = previous
		if previous != "" {
			e, err := events.New(ctx, EventOrderReassigned, OrderReassignedData{OrderID: o.ID, Number: o.Number, CustomerID: o.CustomerID,
				TranslatorID: translatorID, PreviousTranslatorID: previous, At: now})
			if err != nil {
				return err
			}
			o.Add(e)
		}
	}
	o.TranslatorID, o.ClaimedAt = translatorID, nil
	o.Revision = Revision{RevisionDue: due}
	return nil
}

// escalateOverdueRevisions escalates, once each, the revisions whose deadline passed without a
// redelivery: one conditional write per order that sets revisionEscalatedAt only if unset, with
// order.escalated in the same write, so a sweep run twice, or by two instances, tells staff once.
func (s *service) escalateOverdueRevisions(ctx context.Context, now time.Time) ([]any, error) {
	ids, err := s.store.RevisionsDue(ctx, now)
	if err != nil {
		return nil, err
	}
	var failed []error
	var escalated []any
	for _, id := range ids {
		_, err := s.store.Update(ctx, id, func(o *Order) (*Order, error) {
			if o.RevisionDue == nil || now.Before(*o.RevisionDue) {
				return nil, errAlreadyApplied // redelivered, or sent back with a new deadline
			}
			return o, o.escalateRevision(ctx, now, EscalationOverdue)
		})
		switch {
		case err == nil:
			escalated = append(escalated, id)
		case !errors.Is(err, errAlreadyApplied):
			failed = append(failed, err)
		}
	}
	return escalated, errors.Join(failed...)
}
