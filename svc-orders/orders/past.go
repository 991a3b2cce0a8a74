package orders

import (
	"context"
	"errors"
	"fmt"
	"linguaport/internal/i18n"
	"slices"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"linguaport/internal/authn"
	"linguaport/internal/mongox"
	"linguaport/svc-orders/files"
	"linguaport/svc-orders/pricing"
)

// A translator's past jobs: the orders they delivered, waiting for their customer or completed,
// the newest order first, a page at a time, with the files and the pay. Each status is one range
// of the staff list's index on translatorId, status, createdAt and _id (admin_store.go), so the
// list costs the orders' writes no index of its own.

// PastPageSize is how many jobs one page of past jobs holds.
const PastPageSize = 20

// pastStatuses are the states of a past job; a job sent back for a revision is on the desk again.
var pastStatuses = []OrderStatus{Delivered, Completed}

// PastJob is a job its translator delivered, as their list of past jobs shows it.
type PastJob struct {
	ID              string          `json:"id"`
	Number          string          `json:"number"`
	Status          OrderStatus     `json:"status"`
	Service         string          `json:"service"`
	SourceLanguage  string          `json:"sourceLanguage"`
	TargetLanguages []string        `json:"targetLanguages"`
	Unit            pricing.Unit    `json:"unit"`
	Quantity        int             `json:"quantity"`
	Files           []files.File    `json:"files"`
	Deliveries      []files.File    `json:"deliveries"`
	DeliveredAt     *time.Time      `json:"deliveredAt"`
	CompletedAt     *time.Time      `json:"completedAt"`
	Urgency         pricing.Urgency `json:"urgency"`
	Pay             *PayView        `json:"pay"`
	// History is the order's timeline as its translator reads it: every round of revision, with
	// no staff member named.
	History []HistoryEntry `json:"history"`
}

// PastPage is one page of past jobs; Next is the cursor (before=) of the following page.
type PastPage struct {
	Jobs []PastJob `json:"jobs"`
	More bool      `json:"more"`
	Next string    `json:"next,omitempty"`
}

func (s *MongoStore) Past(ctx context.Context, translatorID string, status OrderStatus, after *Order, limit int) ([]*Order, error) {
	page := mongox.Keyset{Key: "createdAt", Limit: int64(limit)}
	if after != nil {
		page.After, page.AfterID = after.CreatedAt, after.ID
	}
	base := bson.D{{Key: "translatorId", Value: translatorID}, {Key: "status", Value: status}}
	cur, err := s.coll.Find(ctx, page.Filter(base), page.Options())
	if err != nil {
		return nil, fmt.Errorf("find past jobs: %w", err)
	}
	out := []*Order{}
	if err := cur.All(ctx, &out); err != nil {
		return nil, fmt.Errorf("read past jobs: %w", err)
	}
	return out, nil
}

// PastJobs is a page of the calling translator's past jobs after the job before (its id; "" for
// the first page). Each status is one index range; the two are merged, newest first.
func (s *service) PastJobs(ctx context.Context, c authn.Caller, before string) (PastPage, error) {
	if c.Role != authn.RoleTranslator {
		return PastPage{}, ErrForbidden
	}
	var after *Order
	if before != "" {
		o, err := s.store.Order(ctx, before)
		if errors.Is(err, ErrNotFound) || (err == nil && (o.TranslatorID != c.ID || !slices.Contains(pastStatuses, o.Status))) {
			return PastPage{}, ErrUnknownCursor
		}
		if err != nil {
			return PastPage{}, err
		}
		after = o
	}
	var found []*Order
	for _, status := range pastStatuses {
		list, err := s.store.Past(ctx, c.ID, status, after, PastPageSize+1)
		if err != nil {
			return PastPage{}, err
		}
		found = append(found, list...)
	}
	slices.SortFunc(found, func(a, b *Order) int { // newest first, then by id, as the index reads them
		if c := b.CreatedAt.Compare(a.CreatedAt); c != 0 {
			return c
		}
		switch {
		case a.ID > b.ID:
			return -1
		case a.ID < b.ID:
			return 1
		}
		return 0
	})
	found, more, next := mongox.Cut(found, PastPageSize, func(o *Order) string { return o.ID })
	out := PastPage{Jobs: make([]PastJob, 0, len(found)), More: more, Next: next}
	for _, o := range found {
		out.Jobs = append(out.Jobs, o.pastJob(c.Lang))
	}
	return out, nil
}

func (o *Order) pastJob(lang i18n.Lang) PastJob {
	return PastJob{ID: o.ID, Number: o.Number, Status: o.Status, Service: o.Service, SourceLanguage: o.SourceLanguage,
		TargetLanguages: o.TargetLanguages, Unit: o.Unit, Quantity: o.Quantity, Files: nonNil(o.Files), Deliveries: nonNil(o.Deliveries),
		DeliveredAt: o.DeliveredAt, CompletedAt: o.CompletedAt, Urgency: o.Urgency, Pay: payView(lang, o.Pay), History: translatorsHistory(o.History)}
}

// translatorsHistory is the timeline without who on the staff did what (staff's to read).
func translatorsHistory(history []HistoryEntry) []HistoryEntry {
	shown := shownHistory(history)
	for i := range shown {
		shown[i].By = ""
	}
	return shown
}

func nonNil(list []files.File) []files.File {
	if list == nil {
		return []files.File{}
	}
	return list
}

// PastJobs is logged like the service's other calls (middleware.go).
func (m loggingMiddleware) PastJobs(ctx context.Context, c authn.Caller, before string) (_ PastPage, err error) {
	defer m.done(ctx, "PastJobs", time.Now(), &err)
	return m.next.PastJobs(ctx, c, before)
}
