package orders

import (
	"context"
	"errors"
	"time"

	"linguaport/internal/events"
	"linguaport/svc-orders/pricing"
	"linguaport/svc-orders/sandbox"
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

// Revision is the revision in progress on an order: when it is due, when its translator is
// reminded, and when and why it was escalated to staff. A delivery ends it (move clears it), and
// staff giving it on starts a new round (giveRevision).
type Revision struct {
	RevisionDue         *time.Time `json:"revisionDue,omitempty" bson:"revisionDue,omitempty"`
	RevisionEscalatedAt *time.Time `json:"revisionEscalatedAt,omitempty" bson:"revisionEscalatedAt,omitempty"`
	// RevisionEscalation is EscalationUnavailable or EscalationOverdue.
	RevisionEscalation string `json:"revisionEscalation,omitempty" bson:"revisionEscalation,omitempty"`
	// RevisionRemindAt is when the round's reminder falls due (RemindRevisions), unset once it
	// went out or the round was escalated: the sweep's index holds only rounds still to remind.
	RevisionRemindAt *time.Time `json:"-" bson:"revisionRemindAt,omitempty"`
	// RevisionRemindedAt is when the translator was reminded, once per round.
	RevisionRemindedAt *time.Time `json:"-" bson:"revisionRemindedAt,omitempty"`
}

// EventOrderRevisionDueSoon is published on events.Stream("orders") once per revision round, a
// while before its deadline (RevisionReminderBefore), while it is still not redelivered.
const EventOrderRevisionDueSoon = "order.revision_due_soon"

// RevisionDueSoonData is the payload of order.revision_due_soon: the translator's reminder.
type RevisionDueSoonData struct {
	OrderID      string    `json:"orderId"`
	Number       string    `json:"number"`
	TranslatorID string    `json:"translatorId"`
	RevisionDue  time.Time `json:"revisionDue"`
	Reason       string    `json:"reason"`
	At           time.Time `json:"at"`
}

// RevisionReminderBefore is how long before a revision's deadline its translator is reminded:
// six hours, or a quarter of the time they were given when that is shorter (a deadline set only
// hours away is not reminded of at once).
const RevisionReminderBefore = 6 * time.Hour

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

// revisionRound is a new round of revision of o given at now: when it is due and when its
// translator is reminded.
func (s *service) revisionRound(o *Order, now time.Time) Revision {
	given := s.revisionHours.of(o.Urgency)
	due := now.Add(given)
	if o.Sandbox {
		return Revision{RevisionDue: &due} // the simulated translator needs no reminder
	}
	remind := due.Add(-min(RevisionReminderBefore, given/4))
	return Revision{RevisionDue: &due, RevisionRemindAt: &remind}
}

// canTakeBack reports whether the translator may take a revision back at now, by the pool's read
// model: known to it (an account closed is no longer), not suspended, not on vacation. Their cap
// does not count: the work is theirs already.
func (s *service) canTakeBack(ctx context.Context, translatorID string, now time.Time) (bool, error) {
	switch translatorID {
	case "":
		return false, nil
	case sandbox.TranslatorID:
		return true, nil // never away: it redelivers by itself (sandbox.go)
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
	// Escalated, the round is staff's: no reminder goes to the translator any more.
	o.RevisionEscalatedAt, o.RevisionEscalation, o.RevisionRemindAt = &now, reason, nil
	o.History = append(o.History, HistoryEntry{Status: o.Status, At: now, Step: StepRevisionEscalated, Reason: reason, TranslatorID: o.TranslatorID})
	o.Add(e)
	return nil
}

// giveRevision is staff's move of a revision (Assign): back to the translator who has it
// (revision_sent_back) or on to another (revision_reassigned, the previous one told by
// order.reassigned), with a fresh deadline and no escalation. The order stays revision_requested:
// its new translator reads the customer's reason and redelivers as the first one would have.
func (o *Order) giveRevision(ctx context.Context, now time.Time, translatorID, by string, round Revision) error {
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
	o.Revision = round
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
			if o.RevisionDue == nil || now.Before(*o.RevisionDue) || o.Sandbox {
				return nil, errAlreadyApplied // redelivered, or sent back with a new deadline; the sandbox's is not staff's
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

// RemindRevisions reminds the translators whose revision falls due soon (RevisionReminderBefore)
// and is still not redelivered: once per round, by one conditional write per order that clears
// revisionRemindAt, sets revisionRemindedAt and queues order.revision_due_soon, so a sweep run
// twice, or by two instances, reminds once. A round redelivered, escalated or given on meanwhile
// is left alone (a new round has its own reminder time).
func (s *service) RemindRevisions(ctx context.Context) error {
	now := s.now()
	ids, err := s.store.RevisionsToRemind(ctx, now)
	if err != nil {
		return err
	}
	var failed []error
	var reminded []any
	for _, id := range ids {
		_, err := s.store.Update(ctx, id, func(o *Order) (*Order, error) {
			if o.Status != RevisionRequested || o.RevisionEscalatedAt != nil || o.RevisionRemindAt == nil ||
				now.Before(*o.RevisionRemindAt) || o.RevisionDue == nil {
				return nil, errAlreadyApplied
			}
			o.RevisionRemindAt = nil
			if !now.Before(*o.RevisionDue) {
				// Already overdue (the sweep was away): the escalation tells staff instead.
				return o, nil
			}
			e, err := events.New(ctx, EventOrderRevisionDueSoon, RevisionDueSoonData{OrderID: o.ID, Number: o.Number,
				TranslatorID: o.TranslatorID, RevisionDue: *o.RevisionDue, Reason: o.RevisionReason, At: now})
			if err != nil {
				return nil, err
			}
			o.RevisionRemindedAt = &now
			o.Add(e)
			return o, nil
		})
		switch {
		case err == nil:
			reminded = append(reminded, id)
		case !errors.Is(err, errAlreadyApplied):
			failed = append(failed, err)
		}
	}
	s.kick(reminded...)
	return errors.Join(failed...)
}
