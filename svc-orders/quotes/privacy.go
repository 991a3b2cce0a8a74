package quotes

import (
	"cmp"
	"context"
	"fmt"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"linguaport/internal/events"
	"linguaport/internal/mongox"
	"linguaport/svc-orders/files"
	"linguaport/svc-orders/pricing"
)

// A customer's quotes in their KVKK copy (svc-orders/datacopy): every quote, not a screen's
// page, each as the customer reads it, without the staff member who revised it nor what the
// approval and the outbox keep for the service's own work. The accepted contract is a file of
// its own in the copy; the quote says when it was accepted.

// EveryQuoteOf answers every quote of the customer, newest first, read a slice at a time
// (mongox.AllSliced: a whole history, other requests go first); each slice is one point of the
// customerId+slice index, so it reads the customer's quotes and no one else's.
func (s *MongoStore) EveryQuoteOf(ctx context.Context, customerID string) ([]*Quote, error) {
	out, err := mongox.AllSliced(ctx, s.coll, bson.D{{Key: "customerId", Value: customerID}},
		options.Find().SetProjection(bson.D{{Key: events.OutboxField, Value: 0}, {Key: "approving", Value: 0}}),
		bson.D{{Key: "createdAt", Value: -1}}, func(a, b *Quote) int {
			return cmp.Or(b.CreatedAt.Compare(a.CreatedAt), cmp.Compare(b.ID, a.ID))
		})
	if err != nil {
		return nil, fmt.Errorf("read quotes of %s: %w", customerID, err)
	}
	return out, nil
}

// WorkCopy is the work of a quote or an order as a copy holds it: what was asked for and
// quoted, the files listed by their descriptions (files.Metadata).
type WorkCopy struct {
	Service         string               `json:"service"`
	SourceLanguage  string               `json:"sourceLanguage"`
	TargetLanguages []string             `json:"targetLanguages"`
	Urgency         pricing.Urgency      `json:"urgency"`
	AddOns          []string             `json:"addOns"`
	Unit            pricing.Unit         `json:"unit"`
	Quantity        int                  `json:"quantity"`
	Brief           string               `json:"brief"`
	Files           []files.Metadata     `json:"files"`
	Lines           []pricing.PricedLine `json:"lines"`
	TotalUSD        pricing.Money        `json:"totalUsd"`
	Total           pricing.Money        `json:"total"`
	RateMicros      int64                `json:"rateMicros"`
	Window          pricing.Window       `json:"deliveryWindow"`
}

// CopyOfWork is w as a copy holds it; lists are never null, so an empty one reads as []. (A
// function, not a method: Work's methods would be promoted to the orders that embed it.)
func CopyOfWork(w Work) WorkCopy {
	return WorkCopy{Service: w.Service, SourceLanguage: w.SourceLanguage, TargetLanguages: orEmpty(w.TargetLanguages),
		Urgency: w.Urgency, AddOns: orEmpty(w.AddOns), Unit: w.Unit, Quantity: w.Quantity, Brief: w.Brief,
		Files: files.MetadataOfAll(w.Files), Lines: orEmpty(w.Lines), TotalUSD: w.TotalUSD, Total: w.Total,
		RateMicros: w.RateMicros, Window: w.Window}
}

func orEmpty[T any](list []T) []T {
	if list == nil {
		return []T{}
	}
	return list
}

// QuoteCopy is a quote in its customer's copy: the work, its prices over time (Revisions, each
// with the note the customer read) and the decision.
type QuoteCopy struct {
	ID     string      `json:"id"`
	Number string      `json:"number"`
	Status QuoteStatus `json:"status"`
	WorkCopy
	CreatedAt    time.Time  `json:"createdAt"`
	ExpiresAt    time.Time  `json:"expiresAt"`
	DecidedAt    *time.Time `json:"decidedAt,omitempty"`
	RejectReason string     `json:"rejectReason,omitempty"`
	CancelReason string     `json:"cancelReason,omitempty"`
	Version      int        `json:"version"`
	Revisions    []Revision `json:"revisions"`
	// OrderNumber is the order an approved quote became; ContractAcceptedAt when its contract
	// (the copy's contracts file) was accepted.
	OrderNumber        string     `json:"orderNumber,omitempty"`
	ContractAcceptedAt *time.Time `json:"contractAcceptedAt,omitempty"`
}

// Copy is q as its customer's copy holds it at now (a pending quote past its expiry is expired).
func (q *Quote) Copy(now time.Time) QuoteCopy {
	c := QuoteCopy{ID: q.ID, Number: q.Number, Status: q.StatusAt(now), WorkCopy: CopyOfWork(q.Work), CreatedAt: q.CreatedAt,
		ExpiresAt: q.ExpiresAt, DecidedAt: q.DecidedAt, RejectReason: q.RejectReason, CancelReason: q.CancelReason,
		Version: q.version(), Revisions: make([]Revision, len(q.Revisions)), OrderNumber: q.OrderNumber}
	for i, r := range q.Revisions {
		r.By = "" // which staff member revised it is staff's to read
		c.Revisions[i] = r
	}
	if q.Contract != nil {
		at := q.Contract.AcceptedAt
		c.ContractAcceptedAt = &at
	}
	return c
}
