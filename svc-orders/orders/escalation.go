package orders

import (
	"context"
	"errors"
	"time"

	"linguaport/internal/events"
	"linguaport/svc-orders/pricing"
)

// Escalation (DESIGN §10): a job nobody claims within its window is escalated once; staff are
// told (order.escalated, svc-auth's inbox) and the customer's order says a translator is being
// arranged (OrderView.Escalated). Claiming or assigning it afterwards works as before.

// EventOrderEscalated is published on events.Stream("orders") when an order is escalated.
const EventOrderEscalated = "order.escalated"

// OrderEscalatedData is the payload of order.escalated.
type OrderEscalatedData struct {
	OrderID    string `json:"orderId"`
	Number     string `json:"number"`
	CustomerID string `json:"customerId"`
	// Reason is why staff are told: EscalatedUnclaimed (nobody took the job from the pool),
	// EscalatedRevisionUnavailable or EscalatedRevisionOverdue (revision.go).
	Reason string    `json:"reason"`
	At     time.Time `json:"at"`
}

// Windows are how long a paid job may wait in the pool, by urgency, before it is escalated.
type Windows struct {
	Urgent, Normal time.Duration
}

// DefaultWindows: an urgent job an hour, any other four.
var DefaultWindows = Windows{Urgent: time.Hour, Normal: 4 * time.Hour}

func (w Windows) of(u pricing.Urgency) time.Duration {
	if u == pricing.Urgent {
		return w.Urgent
	}
	return w.Normal
}

// WithEscalation sets the windows (main reads them from POOL_WINDOW_URGENT and
// POOL_WINDOW_NORMAL); a window that is not positive keeps its default.
func WithEscalation(w Windows) Option {
	return func(s *service) {
		if w.Urgent > 0 {
			s.windows.Urgent = w.Urgent
		}
		if w.Normal > 0 {
			s.windows.Normal = w.Normal
		}
	}
}

// EscalateOverdue escalates the jobs waiting in the pool longer than their window, counted from
// their payment (how long the customer has been waiting, even if a translator took the job and
// gave it back), and the revisions not redelivered by their deadline (revision.go). Each escalation is one conditional write that sets escalatedAt only if unset
// and the job still unclaimed, with order.escalated in the same write: a sweep run twice, or by
// two instances, escalates an order once.
func (s *service) EscalateOverdue(ctx context.Context) error {
	now := s.now()
	var failed []error
	var escalated []any
	for _, urgency := range []pricing.Urgency{pricing.Urgent, pricing.Normal} {
		window := s.windows.of(urgency)
		ids, err := s.store.Unescalated(ctx, urgency, now.Add(-window))
		if err != nil {
			failed = append(failed, err)
			continue
		}
		for _, id := range ids {
			_, err := s.store.Update(ctx, id, func(o *Order) (*Order, error) {
				if o.Status != InProgress || o.TranslatorID != "" || o.EscalatedAt != nil || o.PaidAt == nil || o.Sandbox ||
					now.Before(o.PaidAt.Add(s.windows.of(o.Urgency))) {
					return nil, errAlreadyApplied
				}
				e, err := events.New(ctx, EventOrderEscalated, OrderEscalatedData{OrderID: o.ID, Number: o.Number, CustomerID: o.CustomerID,
					Reason: EscalatedUnclaimed, At: now})
				if err != nil {
					return nil, err
				}
				o.EscalatedAt = &now
				o.Add(e)
				return o, nil
			})
			switch {
			case err == nil:
				escalated = append(escalated, id)
			case !errors.Is(err, errAlreadyApplied):
				failed = append(failed, err)
			}
		}
	}
	revisions, err := s.escalateOverdueRevisions(ctx, now)
	if err != nil {
		failed = append(failed, err)
	}
	s.kick(append(escalated, revisions...)...)
	return errors.Join(failed...)
}
