// Package payments is svc-billing's card payment provider behind a small interface (DESIGN §9):
// a hosted checkout page the customer is sent to, the session's state asked for on their
// return, and signed webhooks saying how it ended. The first and only adapter is Stripe
// Checkout through the official stripe-go (Stripe); `make up` and the tests point it at the
// local stand-in internal/stripedev, which speaks the same protocol.
//
// Nothing here knows invoices or balances: what a session pays for travels in its Metadata and
// ClientReference, and the caller decides what a completed session changes.
package payments

import (
	"context"
	"errors"
	"time"
)

// CheckoutRequest asks the provider for a hosted payment page of one line.
type CheckoutRequest struct {
	// Key is the idempotency key sent to the provider: the same key with the same parameters
	// answers the same session, so a retried request never opens a second one; the same key
	// with other parameters is refused (ErrKeyReused). Providers forget keys after a day.
	Key string
	// Amount in minor units of Currency (ISO 4217, upper-case), as everywhere in the platform.
	Amount   int64
	Currency string
	// Description is the line's name on the provider's page ("Invoice LPA2026000000042").
	Description string
	// CustomerEmail is filled in on the page when given (optional).
	CustomerEmail string
	// Lang is the page's language, "tr" or "en"; anything else lets the provider choose.
	Lang string
	// SuccessURL is where the customer goes after paying; "{CHECKOUT_SESSION_ID}" in it is
	// replaced by the session's id. CancelURL is where "back" leads.
	SuccessURL, CancelURL string
	// ClientReference is the platform's name for what is paid, e.g. the invoice id.
	ClientReference string
	// Metadata comes back on the session and in its webhooks: kind ("invoice" | "topup"),
	// invoiceId, customerId …
	Metadata map[string]string
}

// Session statuses.
const (
	StatusOpen     = "open"
	StatusComplete = "complete"
	StatusExpired  = "expired"
)

// Session is a checkout session as the provider has it.
type Session struct {
	ID string
	// URL is the hosted page while the session is open; empty once it is complete or expired.
	URL string
	// Status is StatusOpen, StatusComplete or StatusExpired.
	Status string
	// Paid is the provider saying the money was taken; only then may anything be credited.
	Paid            bool
	Amount          int64
	Currency        string // upper-case
	ExpiresAt       time.Time
	Metadata        map[string]string
	ClientReference string
}

// Provider opens checkout sessions and tells their state.
type Provider interface {
	CreateCheckout(ctx context.Context, r CheckoutRequest) (Session, error)
	// Checkout is the session id as the provider has it now; ErrNotFound when it has none.
	Checkout(ctx context.Context, id string) (Session, error)
}

// Event types the platform acts on.
const (
	CheckoutCompleted = "checkout.session.completed"
	CheckoutExpired   = "checkout.session.expired"
)

// Event is a verified webhook. Session is filled for CheckoutCompleted and CheckoutExpired;
// other types come with an empty Session, to be acknowledged and ignored.
type Event struct {
	ID, Type string
	Created  time.Time
	Session  Session
}

// Webhooks verifies and decodes the provider's webhook deliveries.
type Webhooks interface {
	// Verify checks payload against its signature header and decodes it. A missing, wrong or
	// stale signature is ErrSignature (the sender is answered 400); a delivery that is signed
	// but unreadable is another error.
	Verify(payload []byte, signatureHeader string) (Event, error)
}

var (
	// ErrSignature is a webhook whose signature is missing, wrong or too old to trust.
	ErrSignature = errors.New("payments: webhook signature missing, wrong or stale")
	// ErrRefused is a request the provider refused (a 4xx other than the ones below); the
	// error's text carries the provider's message. It is a bug or a misconfiguration here, not
	// something a retry mends.
	ErrRefused = errors.New("payments: the provider refused the request")
	// ErrNotFound is a session id the provider does not know.
	ErrNotFound = errors.New("payments: no such checkout session")
	// ErrKeyReused is an idempotency key sent again with other parameters.
	ErrKeyReused = errors.New("payments: idempotency key reused with other parameters")
)

// Network failures and the provider's 5xx and 429 answers satisfy errs.Unavailable (the API
// answers 503): they may succeed unchanged a little later.
