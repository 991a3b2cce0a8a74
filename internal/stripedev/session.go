package stripedev

// The Checkout Session object and its life: open, then complete (paid) or expired.

import "time"

const (
	statusOpen     = "open"
	statusComplete = "complete"
	statusExpired  = "expired"
)

// sessionJSON is a Checkout Session as Stripe's API renders it (the fields that a payment-mode
// session with inline prices has; Stripe's many optional features are null or absent).
type sessionJSON struct {
	ID                 string            `json:"id"`
	Object             string            `json:"object"`
	AmountSubtotal     int64             `json:"amount_subtotal"`
	AmountTotal        int64             `json:"amount_total"`
	CancelURL          *string           `json:"cancel_url"`
	ClientReferenceID  *string           `json:"client_reference_id"`
	Created            int64             `json:"created"`
	Currency           string            `json:"currency"`
	Customer           *string           `json:"customer"`
	CustomerAccount    *string           `json:"customer_account"`
	CustomerCreation   string            `json:"customer_creation"`
	CustomerDetails    *customerDetails  `json:"customer_details"`
	CustomerEmail      *string           `json:"customer_email"`
	ExpiresAt          int64             `json:"expires_at"`
	Livemode           bool              `json:"livemode"`
	Locale             *string           `json:"locale"`
	Metadata           map[string]string `json:"metadata"`
	Mode               string            `json:"mode"`
	PaymentIntent      *string           `json:"payment_intent"`
	PaymentMethodTypes []string          `json:"payment_method_types"`
	PaymentStatus      string            `json:"payment_status"`
	Status             string            `json:"status"`
	SubmitType         *string           `json:"submit_type"`
	SuccessURL         string            `json:"success_url"`
	TotalDetails       totalDetails      `json:"total_details"`
	UIMode             string            `json:"ui_mode"`
	URL                *string           `json:"url"`
}

type customerDetails struct {
	Email *string `json:"email"`
	Name  *string `json:"name"`
	Phone *string `json:"phone"`
}

type totalDetails struct {
	AmountDiscount int64 `json:"amount_discount"`
	AmountShipping int64 `json:"amount_shipping"`
	AmountTax      int64 `json:"amount_tax"`
}

// session is a Checkout Session with what the API does not show; it changes under Server.mu.
type session struct {
	sessionJSON
	lines    []lineItem
	declines int // card declines on the hosted page
}

func (s *Server) newSession(p *createParams) *session {
	var total int64
	for _, l := range p.lines {
		total += l.UnitAmount * l.Quantity
	}
	id := newID("cs_test_a1", 56)
	payURL := s.url + "/pay/" + id
	return &session{
		sessionJSON: sessionJSON{
			ID:                 id,
			Object:             "checkout.session",
			AmountSubtotal:     total,
			AmountTotal:        total,
			CancelURL:          nonEmpty(p.cancelURL),
			ClientReferenceID:  nonEmpty(p.clientReferenceID),
			Created:            s.now().Unix(),
			Currency:           p.currency,
			CustomerCreation:   "if_required",
			CustomerEmail:      nonEmpty(p.customerEmail),
			ExpiresAt:          p.expiresAt,
			Locale:             nonEmpty(p.locale),
			Metadata:           p.metadata,
			Mode:               "payment",
			PaymentMethodTypes: []string{"card"},
			PaymentStatus:      "unpaid",
			Status:             statusOpen,
			SubmitType:         nonEmpty(p.submitType),
			SuccessURL:         p.successURL,
			UIMode:             "hosted_page", // "hosted" before 2026-03-25.dahlia
			URL:                &payURL,
		},
		lines: p.lines,
	}
}

// view is the session as the API shows it now, safe to encode after the lock is released.
func (ss *session) view() sessionJSON { return ss.sessionJSON }

// complete records a successful card payment by the customer with the given email.
func (ss *session) complete(email string) {
	pi := newID("pi_3", 24)
	ss.Status, ss.PaymentStatus, ss.PaymentIntent, ss.URL = statusComplete, "paid", &pi, nil
	ss.CustomerDetails = &customerDetails{Email: nonEmpty(email)}
}

// expire closes the session unpaid; Stripe no longer shows its page.
func (ss *session) expire() { ss.Status, ss.URL = statusExpired, nil }

// expireDue expires the open sessions whose expires_at has passed, as Stripe does on its own,
// and sends their checkout.session.expired events. Every request that reads sessions calls it,
// so no timer is needed to see a session expire.
func (s *Server) expireDue() {
	now := s.now()
	var due []*event
	s.mu.Lock()
	for _, ss := range s.sessions {
		if ss.Status == statusOpen && !now.Before(time.Unix(ss.ExpiresAt, 0)) {
			ss.expire()
			due = append(due, s.newEventLocked("checkout.session.expired", ss.view(), nil))
		}
	}
	s.mu.Unlock()
	for _, ev := range due {
		s.deliver(ev)
	}
}
