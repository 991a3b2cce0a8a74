// Package quotes owns quotes: an estimate of the customer's work with its files and brief, kept
// as the customer saw it, which they approve (and it becomes an order) or reject, or which
// expires.
package quotes

import (
	"errors"
	"time"

	"linguaport/internal/events"
	"linguaport/internal/mailbox"
	"linguaport/internal/mongox"
	"linguaport/svc-orders/calendar"
	"linguaport/svc-orders/contracts"
	"linguaport/svc-orders/files"
	"linguaport/svc-orders/pricing"
)

// QuoteStatus is where a quote is (spec §4: pending, then approved).
type QuoteStatus string

const (
	QuotePending  QuoteStatus = "pending"
	QuoteApproved QuoteStatus = "approved"
	QuoteRejected QuoteStatus = "rejected"
	QuoteExpired  QuoteStatus = "expired"
	// QuoteCancelled: staff withdrew the quote (CancelReason says why).
	QuoteCancelled QuoteStatus = "cancelled"
)

// QuoteValidity is how long a customer has to decide on a quote.
const QuoteValidity = 14 * 24 * time.Hour

// Limits of the texts a customer writes on a quote.
const (
	MaxBriefRunes        = 5000
	MaxRejectReasonRunes = 1000
)

// Work is what a customer asked for and was quoted, carried unchanged from the quote to its order.
type Work struct {
	Service         string               `json:"service" bson:"service"`
	SourceLanguage  string               `json:"sourceLanguage" bson:"sourceLanguage"`
	TargetLanguages []string             `json:"targetLanguages" bson:"targetLanguages"`
	Urgency         pricing.Urgency      `json:"urgency" bson:"urgency"`
	AddOns          []string             `json:"addOns" bson:"addOns"`
	Unit            pricing.Unit         `json:"unit" bson:"unit"`
	Quantity        int                  `json:"quantity" bson:"quantity"`
	Files           []files.File         `json:"files" bson:"files"`
	Brief           string               `json:"brief" bson:"brief"`
	Lines           []pricing.PricedLine `json:"lines" bson:"lines"`
	TotalUSD        pricing.Money        `json:"totalUsd" bson:"totalUsd"`
	Total           pricing.Money        `json:"total" bson:"total"`
	RateMicros      int64                `json:"rateMicros" bson:"rateMicros"`
	Window          pricing.Window       `json:"deliveryWindow" bson:"deliveryWindow"`
}

// Quote is a priced request the customer approves or rejects. It keeps what the customer saw:
// the lines, the total in USD and in the display currency, and the rate between them.
type Quote struct {
	ID         string      `json:"id" bson:"_id"`
	Number     string      `json:"number" bson:"number"`
	CustomerID string      `json:"-" bson:"customerId"`
	Status     QuoteStatus `json:"status" bson:"status"`
	// Sandbox marks a quote a sandbox key asked for (authn.IsSandbox of its customer): its order
	// is worked by the simulated translator (orders/sandbox.go).
	Sandbox      bool `json:"sandbox" bson:"sandbox,omitempty"`
	Work         `bson:",inline"`
	CreatedAt    time.Time  `json:"createdAt" bson:"createdAt"`
	ExpiresAt    time.Time  `json:"expiresAt" bson:"expiresAt"`
	DecidedAt    *time.Time `json:"decidedAt" bson:"decidedAt,omitempty"`
	RejectReason string     `json:"rejectReason,omitempty" bson:"rejectReason,omitempty"`
	// PriceVersion counts the prices the quote has had: 1, then one more at each staff revision
	// (Revisions, oldest first). Approving names the version the customer saw.
	PriceVersion int        `json:"version" bson:"priceVersion"`
	Revisions    []Revision `json:"revisions" bson:"revisions,omitempty"`
	CancelReason string     `json:"cancelReason,omitempty" bson:"cancelReason,omitempty"`
	// OrderID and OrderNumber are chosen when the quote is approved, so the order made from it
	// has the same id however often the approval is repeated or replayed.
	OrderID     string `json:"orderId" bson:"orderId,omitempty"`
	OrderNumber string `json:"-" bson:"orderNumber,omitempty"`
	// Contract is what the customer accepted with the approval, word for word, kept for the
	// order (contracts): written in the approval's own write.
	Contract *contracts.Accepted `json:"-" bson:"contract,omitempty"`
	// Approving is the approval under way: only the request holding it takes an order number,
	// so a double click or two tabs approving at once leave no gap in the numbers.
	Approving *ApprovalClaim `json:"-" bson:"approving,omitempty"`
	// ExpectedDate is the day the work would be delivered if ordered now (expectedAt): worked
	// out at each reading, never stored.
	ExpectedDate *calendar.Date `json:"expectedDate,omitempty" bson:"-"`

	mongox.Version `bson:",inline"`
	mongox.Sliced  `bson:",inline"` // a customer's quotes are read by slice for their KVKK copy
	events.Outbox  `bson:",inline"`
	// Box holds the mail of the approval (the accepted contract, contract_mail.go in orders)
	// until the quotes' mail relay has sent it.
	mailbox.Box `bson:",inline"`
}

// StatusAt is the quote's status at now: a pending quote past its expiry is expired even before
// the sweep writes it down.
func (q *Quote) StatusAt(now time.Time) QuoteStatus {
	if q.Status == QuotePending && !now.Before(q.ExpiresAt) {
		return QuoteExpired
	}
	return q.Status
}

// expectedAt is the day, in Istanbul, the quoted work would be delivered if ordered at now: the
// window's last business day from today. Only a quote still open to approval has one: the date
// of an approved quote is its order's.
func (q *Quote) expectedAt(now time.Time) *calendar.Date {
	if q.StatusAt(now) != QuotePending || q.Window.MaxDays <= 0 {
		return nil
	}
	d := calendar.Expected(now, q.Window.MaxDays)
	return &d
}

// ApprovalClaim names the approval request that holds a quote until it has written its
// decision, or until Until if that request died on the way.
type ApprovalClaim struct {
	By    string    `bson:"by"`
	Until time.Time `bson:"until"`
}

// errApprovalUnderWay is a parallel approval holding the quote: wait for its decision.
var errApprovalUnderWay = errors.New("another approval of the quote is under way")

// open is nil while the quote still waits for the customer's decision.
func (q *Quote) open(now time.Time) error {
	switch q.StatusAt(now) {
	case QuotePending:
		return nil
	case QuoteExpired:
		return ErrQuoteExpired
	case QuoteCancelled:
		return ErrQuoteCancelled
	default:
		return ErrQuoteNotPending
	}
}

// decide records the customer's decision on a quote that is still open at now.
func (q *Quote) decide(now time.Time, to QuoteStatus) error {
	if err := q.open(now); err != nil {
		return err
	}
	q.Status, q.DecidedAt, q.Approving = to, &now, nil
	return nil
}

// claimApproval lets the approval by hold the open quote for the time it takes to number its
// order; a claim whose holder died lapses at its Until.
func (q *Quote) claimApproval(now time.Time, by string, hold time.Duration, version int) error {
	if err := q.open(now); err != nil {
		return err
	}
	if err := q.saw(version); err != nil {
		return err
	}
	if q.Approving != nil && q.Approving.By != by && now.Before(q.Approving.Until) {
		return errApprovalUnderWay
	}
	q.Approving = &ApprovalClaim{By: by, Until: now.Add(hold)}
	return nil
}

// approve accepts a pending quote with the contract the customer accepted and names the order
// it becomes.
func (q *Quote) approve(now time.Time, orderID, orderNumber string, version int, contract *contracts.Accepted) error {
	if q.Approving == nil || q.Approving.By != orderID {
		return errApprovalUnderWay // our claim lapsed and another approval holds the quote now
	}
	if err := q.saw(version); err != nil {
		return err
	}
	if err := q.decide(now, QuoteApproved); err != nil {
		return err
	}
	q.OrderID, q.OrderNumber, q.Contract = orderID, orderNumber, contract
	return nil
}

// reject declines a pending quote.
func (q *Quote) reject(now time.Time, reason string) error {
	if err := q.decide(now, QuoteRejected); err != nil {
		return err
	}
	q.RejectReason = reason
	return nil
}
