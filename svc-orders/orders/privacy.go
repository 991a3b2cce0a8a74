package orders

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"linguaport/internal/events"
	"linguaport/internal/i18n"
	"linguaport/internal/mongox"
	"linguaport/svc-orders/calendar"
	"linguaport/svc-orders/files"
	"linguaport/svc-orders/pricing"
	"linguaport/svc-orders/quotes"
)

// Orders in a KVKK copy (svc-orders/datacopy). A customer's copy holds every order of theirs as
// they read it. A translator's holds every job the orders name them on: the ones theirs now, with
// the dates and pay they were shown, and the ones staff gave to another since, with only the
// steps that name them. Neither copy names anyone else: no staff member, no other translator, and
// for a translator no customer and nothing of the customer's work beyond what the job card shows.

// copyProjection leaves out what the service keeps for its own work: the outbox.
var copyProjection = bson.D{{Key: events.OutboxField, Value: 0}}

// EveryOrderOf answers every order of the customer, newest first, read a slice at a time
// (mongox.AllSliced: a whole history, other requests go first); each slice is one point of the
// customerId+slice index, so it reads the customer's orders and no one else's.
func (s *MongoStore) EveryOrderOf(ctx context.Context, customerID string) ([]*Order, error) {
	out, err := mongox.AllSliced(ctx, s.coll, bson.D{{Key: "customerId", Value: customerID}},
		options.Find().SetProjection(copyProjection), bson.D{{Key: "createdAt", Value: -1}}, newestOrderFirst)
	if err != nil {
		return nil, fmt.Errorf("read orders of %s: %w", customerID, err)
	}
	return out, nil
}

func newestOrderFirst(a, b *Order) int {
	return cmp.Or(b.CreatedAt.Compare(a.CreatedAt), cmp.Compare(b.ID, a.ID))
}

// EveryJobOf answers every order that names the translator, newest first: theirs now, or named
// by a step of its timeline. Each alternative is one range of its own index, so it reads the
// translator's jobs and no one else's; they are sorted here, as no one index orders the three
// ranges together.
func (s *MongoStore) EveryJobOf(ctx context.Context, translatorID string) ([]*Order, error) {
	cur, err := mongox.FindPaced(ctx, s.coll, bson.D{{Key: "$or", Value: bson.A{
		bson.D{{Key: "translatorId", Value: translatorID}},
		bson.D{{Key: "history.translatorId", Value: translatorID}},
		bson.D{{Key: "history.previousTranslatorId", Value: translatorID}},
	}}}, options.Find().SetProjection(copyProjection))
	if err != nil {
		return nil, fmt.Errorf("find jobs of %s: %w", translatorID, err)
	}
	out, err := readOrders(ctx, cur)
	if err != nil {
		return nil, err
	}
	slices.SortFunc(out, newestOrderFirst)
	return out, nil
}

// readOrders reads a whole history paced (mongox.AllPaced): other people's requests go first.
func readOrders(ctx context.Context, cur *mongo.Cursor) ([]*Order, error) {
	out, err := mongox.AllPaced[*Order](ctx, cur)
	if err != nil {
		return nil, fmt.Errorf("read orders: %w", err)
	}
	return out, nil
}

// HistoryStep is one step of an order's timeline in a copy: what happened and what a person
// wrote (a revision's reason, a delivery's note). A translator is named only when it is the
// person the copy is for; the staff member who made a step never is.
type HistoryStep struct {
	Status               OrderStatus `json:"status"`
	At                   time.Time   `json:"at"`
	Step                 Step        `json:"step,omitempty"`
	Note                 string      `json:"note,omitempty"`
	Reason               string      `json:"reason,omitempty"`
	TranslatorID         string      `json:"translatorId,omitempty"`
	PreviousTranslatorID string      `json:"previousTranslatorId,omitempty"`
}

// stepsFor is the timeline as the copy for person shows it ("" names no one). named, if set,
// keeps only the steps that name person, without what people wrote: the job is someone else's
// now, and its customer's words are no longer the translator's to read.
func stepsFor(history []HistoryEntry, person string, named bool) []HistoryStep {
	out := []HistoryStep{}
	for _, h := range shownHistory(history) {
		if named && (person == "" || (h.TranslatorID != person && h.PreviousTranslatorID != person)) {
			continue
		}
		s := HistoryStep{Status: h.Status, At: h.At, Step: h.Step, Reason: h.Reason}
		if !named {
			s.Note = h.Note
		}
		if person != "" && h.TranslatorID == person {
			s.TranslatorID = person
		}
		if person != "" && h.PreviousTranslatorID == person {
			s.PreviousTranslatorID = person
		}
		out = append(out, s)
	}
	return out
}

// OrderCopy is an order in its customer's copy: the work as quoted, where it went and when, what
// was delivered, the paper work's steps and the contract accepted with it.
type OrderCopy struct {
	ID          string      `json:"id"`
	Number      string      `json:"number"`
	QuoteNumber string      `json:"quoteNumber,omitempty"`
	Status      OrderStatus `json:"status"`
	quotes.WorkCopy
	CreatedAt      time.Time        `json:"createdAt"`
	PaidAt         *time.Time       `json:"paidAt,omitempty"`
	Deadline       *time.Time       `json:"deadline,omitempty"`
	ExpectedDate   *calendar.Date   `json:"expectedDate,omitempty"`
	DeliveredAt    *time.Time       `json:"deliveredAt,omitempty"`
	CompletedAt    *time.Time       `json:"completedAt,omitempty"`
	Deliveries     []files.Metadata `json:"deliveries"`
	DeliveryNote   string           `json:"deliveryNote,omitempty"`
	RevisionReason string           `json:"revisionReason,omitempty"`
	RevisionDue    *time.Time       `json:"revisionDue,omitempty"`
	InvoiceID      string           `json:"invoiceId,omitempty"`
	Contract       *ContractRef     `json:"contract,omitempty"`
	Fulfilment     *FulfilmentView  `json:"fulfilment,omitempty"`
	History        []HistoryStep    `json:"history"`
}

// CustomerCopy is o as its customer's copy holds it at now; quoteNumber names the quote it was
// approved from.
func (o *Order) CustomerCopy(now time.Time, quoteNumber string) OrderCopy {
	return OrderCopy{ID: o.ID, Number: o.Number, QuoteNumber: quoteNumber, Status: o.Status, WorkCopy: quotes.CopyOfWork(o.Work),
		CreatedAt: o.CreatedAt, PaidAt: o.PaidAt, Deadline: o.Deadline, ExpectedDate: o.expectedDate(now),
		DeliveredAt: o.DeliveredAt, CompletedAt: o.CompletedAt, Deliveries: files.MetadataOfAll(o.Deliveries),
		DeliveryNote: o.DeliveryNote, RevisionReason: o.RevisionReason, RevisionDue: o.RevisionDue, InvoiceID: o.InvoiceID,
		Contract: o.Contract, Fulfilment: o.fulfilmentView(false), History: stepsFor(o.History, "", false)}
}

// JobCopy is a job in its translator's copy: what the job card showed and what it paid. Yours
// says the job is theirs now; one staff gave to another since keeps only the steps naming them,
// without the state and dates of someone else's work.
type JobCopy struct {
	ID              string          `json:"id"`
	Number          string          `json:"number"`
	Yours           bool            `json:"yours"`
	Status          OrderStatus     `json:"status,omitempty"`
	Service         string          `json:"service"`
	SourceLanguage  string          `json:"sourceLanguage"`
	TargetLanguages []string        `json:"targetLanguages"`
	AddOns          []string        `json:"addOns"`
	Urgency         pricing.Urgency `json:"urgency"`
	Unit            pricing.Unit    `json:"unit"`
	Quantity        int             `json:"quantity"`
	ClaimedAt       *time.Time      `json:"claimedAt,omitempty"`
	Deadline        *time.Time      `json:"deadline,omitempty"`
	DeliveredAt     *time.Time      `json:"deliveredAt,omitempty"`
	RevisionDue     *time.Time      `json:"revisionDue,omitempty"`
	CompletedAt     *time.Time      `json:"completedAt,omitempty"`
	Pay             *PayView        `json:"pay,omitempty"`
	History         []HistoryStep   `json:"history"`
}

// JobCopy is o as translator's copy holds it, the pay written in lang.
func (o *Order) JobCopy(translatorID string, lang i18n.Lang) JobCopy {
	w := quotes.CopyOfWork(o.Work)
	j := JobCopy{ID: o.ID, Number: o.Number, Yours: o.TranslatorID == translatorID, Service: w.Service,
		SourceLanguage: w.SourceLanguage, TargetLanguages: w.TargetLanguages, AddOns: w.AddOns, Urgency: w.Urgency, Unit: w.Unit,
		Quantity: w.Quantity, Pay: payView(lang, o.Pay)}
	j.History = stepsFor(o.History, translatorID, !j.Yours)
	if j.Yours {
		j.Status, j.ClaimedAt, j.Deadline = o.Status, o.ClaimedAt, o.Deadline
		j.DeliveredAt, j.RevisionDue, j.CompletedAt = o.DeliveredAt, o.RevisionDue, o.CompletedAt
	}
	return j
}
