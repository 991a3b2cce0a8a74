package invoices

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"linguaport/internal/authn"
	"linguaport/internal/events"
	"linguaport/internal/mailbox"
	"linguaport/internal/mongox"
)

// MongoStore keeps one document per invoice in "invoices" and one counter document per year in
// "invoice_counters".
type MongoStore struct {
	invoices, counters *mongo.Collection
}

// NewMongoStore uses db and declares the indexes every query needs.
func NewMongoStore(ctx context.Context, db *mongo.Database) (*MongoStore, error) {
	s := &MongoStore{invoices: db.Collection("invoices"), counters: db.Collection("invoice_counters")}
	err := mongox.EnsureIndexes(ctx, s.invoices,
		// One invoice per quote, whatever id a future writer derives.
		mongo.IndexModel{Keys: bson.D{{Key: "quoteId", Value: 1}}, Options: options.Index().SetUnique(true)},
		mongo.IndexModel{Keys: bson.D{{Key: "customerId", Value: 1}, {Key: "issuedAt", Value: -1}}},
		// A customer's KVKK copy reads their invoices a slice at a time (AllOfCustomer).
		mongo.IndexModel{Keys: bson.D{{Key: "customerId", Value: 1}, {Key: mongox.SliceField, Value: 1}}},
		// The invoice of one of the customer's orders (GET invoices?orderId=), for the order's page,
		// paged as the customer's whole list (OfCustomer: by issue date, the id breaking ties).
		mongo.IndexModel{Keys: bson.D{{Key: "customerId", Value: 1}, {Key: "orderId", Value: 1}, {Key: "issuedAt", Value: -1}, {Key: "_id", Value: -1}}},
		events.OutboxIndex(),
		// The customers' mails about their invoices wait here for their relay's sweep.
		mailbox.Index(),
		// Staff's list (List): each filter it takes, by issue date (newest or oldest: an index
		// serves both directions), the id breaking ties of one millisecond for the keyset; past
		// due and due by due date; one invoice by its number.
		mongo.IndexModel{Keys: bson.D{{Key: "issuedAt", Value: -1}, {Key: "_id", Value: -1}}},
		mongo.IndexModel{Keys: bson.D{{Key: "status", Value: 1}, {Key: "issuedAt", Value: -1}, {Key: "_id", Value: -1}}},
		mongo.IndexModel{Keys: bson.D{{Key: "status", Value: 1}, {Key: "dueAt", Value: -1}, {Key: "_id", Value: -1}}},
		mongo.IndexModel{Keys: bson.D{{Key: "customerId", Value: 1}, {Key: "issuedAt", Value: -1}, {Key: "_id", Value: -1}}},
		mongo.IndexModel{Keys: bson.D{{Key: "customerId", Value: 1}, {Key: "status", Value: 1}, {Key: "issuedAt", Value: -1}, {Key: "_id", Value: -1}}},
		mongo.IndexModel{Keys: bson.D{{Key: "customerId", Value: 1}, {Key: "status", Value: 1}, {Key: "dueAt", Value: -1}, {Key: "_id", Value: -1}}},
		mongo.IndexModel{Keys: bson.D{{Key: "number", Value: 1}}},
		// Staff's count of the invoices past due leaves the sandbox's out (CountPastDue).
		mongo.IndexModel{Keys: bson.D{{Key: "status", Value: 1}, {Key: "sandbox", Value: 1}, {Key: "dueAt", Value: -1}}},
		// Paid in a period (PaidFrom, PaidTo), by when paid, alone and with each filter; the first
		// also serves the dashboard's revenue (revenue.go): the invoices paid in its weeks.
		mongo.IndexModel{Keys: bson.D{{Key: "paidAt", Value: -1}, {Key: "_id", Value: -1}}},
		mongo.IndexModel{Keys: bson.D{{Key: "status", Value: 1}, {Key: "paidAt", Value: -1}, {Key: "_id", Value: -1}}},
		mongo.IndexModel{Keys: bson.D{{Key: "customerId", Value: 1}, {Key: "paidAt", Value: -1}, {Key: "_id", Value: -1}}},
		mongo.IndexModel{Keys: bson.D{{Key: "customerId", Value: 1}, {Key: "status", Value: 1}, {Key: "paidAt", Value: -1}, {Key: "_id", Value: -1}}},
		// The revenue's refunds: those refunded in its weeks.
		mongo.IndexModel{Keys: bson.D{{Key: "refundedAt", Value: 1}}},
	)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// Collection is the invoices' collection (tests look inside).
func (s *MongoStore) Collection() *mongo.Collection { return s.invoices }

func (s *MongoStore) Insert(ctx context.Context, inv Invoice) (Invoice, error) {
	inv.Sliced = mongox.SliceFor(inv.ID)
	_, err := s.invoices.InsertOne(ctx, inv)
	if mongox.IsDuplicateKey(err) {
		return s.Invoice(ctx, inv.ID)
	}
	if err != nil {
		return Invoice{}, fmt.Errorf("insert invoice %s: %w", inv.ID, err)
	}
	return inv, nil
}

func (s *MongoStore) Invoice(ctx context.Context, id string) (Invoice, error) {
	var inv Invoice
	err := s.invoices.FindOne(ctx, bson.D{{Key: "_id", Value: id}}).Decode(&inv)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return Invoice{}, ErrNotFound
	}
	if err != nil {
		return Invoice{}, fmt.Errorf("find invoice %s: %w", id, err)
	}
	return inv, nil
}

// Update changes one invoice in one conditional write (mongox.Update): change sees the stored
// invoice and returns the one to store, or an error to store nothing.
func (s *MongoStore) Update(ctx context.Context, id string, change func(*Invoice) (*Invoice, error)) (Invoice, error) {
	inv, err := mongox.Update(ctx, s.invoices, id, change)
	if errors.Is(err, mongox.ErrNotFound) {
		return Invoice{}, ErrNotFound
	}
	if err != nil {
		return Invoice{}, err
	}
	return *inv, nil
}

// OfCustomer pages by issue date and id (mongox.Keyset) on the customerId (and orderId), issuedAt,
// _id indexes. The cursor is looked up with the list's filter in the same query as its id, so
// another customer's invoice is not found, as one that does not exist.
func (s *MongoStore) OfCustomer(ctx context.Context, customerID, orderID, after string, limit int) ([]Invoice, error) {
	filter := bson.D{{Key: "customerId", Value: customerID}}
	if orderID != "" {
		filter = append(filter, bson.E{Key: "orderId", Value: orderID})
	}
	page := mongox.Keyset{Key: "issuedAt", Limit: int64(limit)}
	if after != "" {
		var last struct {
			ID       string    `bson:"_id"`
			IssuedAt time.Time `bson:"issuedAt"`
		}
		own := append(append(bson.D{}, filter...), bson.E{Key: "_id", Value: after})
		err := s.invoices.FindOne(ctx, own, options.FindOne().SetProjection(bson.D{{Key: "issuedAt", Value: 1}})).Decode(&last)
		if errors.Is(err, mongo.ErrNoDocuments) {
			return nil, ErrNotFound
		}
		if err != nil {
			return nil, fmt.Errorf("find invoice %s of %s: %w", after, customerID, err)
		}
		page.After, page.AfterID = last.IssuedAt, last.ID
	}
	cur, err := s.invoices.Find(ctx, page.Filter(filter), page.Options())
	if err != nil {
		return nil, fmt.Errorf("find invoices of %s: %w", customerID, err)
	}
	list := []Invoice{}
	if err := cur.All(ctx, &list); err != nil {
		return nil, fmt.Errorf("read invoices of %s: %w", customerID, err)
	}
	return list, nil
}

// AllOfCustomer is every invoice of the customer, newest first, for their KVKK copy
// (svc-billing/datacopy): unlike OfCustomer no page bounds it, since the copy must hold them
// all. It reads a slice at a time (mongox.AllSliced: a whole history, other requests go first),
// each one point of the {customerId, slice} index, so it reads the customer's invoices only.
func (s *MongoStore) AllOfCustomer(ctx context.Context, customerID string) ([]Invoice, error) {
	list, err := mongox.AllSliced(ctx, s.invoices, bson.D{{Key: "customerId", Value: customerID}}, options.Find(),
		bson.D{{Key: "issuedAt", Value: -1}}, func(a, b Invoice) int {
			return cmp.Or(b.IssuedAt.Compare(a.IssuedAt), cmp.Compare(b.ID, a.ID))
		})
	if err != nil {
		return nil, fmt.Errorf("read all invoices of %s: %w", customerID, err)
	}
	return list, nil
}

// List runs staff's query: the invoice of a number, or a page of the filtered list in the
// query's order after its cursor. Past due and due keep to pending invoices with a due date
// (past due: before now), a range on the order's own key, so the keyset's index serves it.
func (s *MongoStore) List(ctx context.Context, q Query) ([]Invoice, error) {
	if q.Number != "" {
		// One invoice at most: the other filters are checked on it rather than given an index.
		inv, err := s.byNumber(ctx, q.Number)
		if err != nil || inv == nil || !q.matches(*inv) {
			return []Invoice{}, err
		}
		return []Invoice{*inv}, nil
	}
	filter := bson.D{}
	if q.Customer != "" {
		filter = append(filter, bson.E{Key: "customerId", Value: q.Customer})
	}
	switch {
	case q.PastDue:
		filter = append(filter, bson.E{Key: "status", Value: Pending},
			bson.E{Key: "$and", Value: bson.A{bson.D{{Key: "dueAt", Value: bson.D{{Key: "$lt", Value: q.Now}}}}}})
	case q.Sort == SortDue:
		// $gt a date keeps to dates: an invoice without a due date sorts before them all.
		filter = append(filter, bson.E{Key: "status", Value: Pending},
			bson.E{Key: "$and", Value: bson.A{bson.D{{Key: "dueAt", Value: bson.D{{Key: "$gt", Value: time.Time{}}}}}}})
	case q.Status != "":
		filter = append(filter, bson.E{Key: "status", Value: q.Status})
	}
	if q.Paid() {
		// In $and, so the cursor's own paidAt bound (Keyset.Filter) does not replace it.
		paid := bson.D{}
		if !q.PaidSince.IsZero() {
			paid = append(paid, bson.E{Key: "$gte", Value: q.PaidSince})
		}
		if !q.PaidUntil.IsZero() {
			paid = append(paid, bson.E{Key: "$lt", Value: q.PaidUntil})
		}
		filter = append(filter, bson.E{Key: "$and", Value: bson.A{bson.D{{Key: "paidAt", Value: paid}}}})
	}
	cur, err := s.invoices.Find(ctx, q.Page.Filter(filter), q.Page.Options())
	if err != nil {
		return nil, fmt.Errorf("find invoices: %w", err)
	}
	list := []Invoice{}
	if err := cur.All(ctx, &list); err != nil {
		return nil, fmt.Errorf("read invoices: %w", err)
	}
	return list, nil
}

// matches checks the list's filters on one invoice.
func (q Query) matches(inv Invoice) bool {
	switch {
	case q.Customer != "" && inv.CustomerID != q.Customer,
		q.Status != "" && inv.Status != q.Status,
		q.PastDue && (inv.Status != Pending || inv.DueAt == nil || !inv.DueAt.Before(q.Now)),
		q.Sort == SortDue && (inv.Status != Pending || inv.DueAt == nil),
		q.Paid() && (inv.PaidAt == nil || !q.PaidSince.IsZero() && inv.PaidAt.Before(q.PaidSince) || !q.PaidUntil.IsZero() && !inv.PaidAt.Before(q.PaidUntil)):
		return false
	}
	return true
}

func (s *MongoStore) byNumber(ctx context.Context, number string) (*Invoice, error) {
	var inv Invoice
	err := s.invoices.FindOne(ctx, bson.D{{Key: "number", Value: number}}).Decode(&inv)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("find invoice %s: %w", number, err)
	}
	return &inv, nil
}

// live matches the invoices that are not the sandbox's: live invoices carry no sandbox field
// (null to an index), so an $in an index bounds, where $ne would read every invoice.
var live = bson.E{Key: "sandbox", Value: bson.D{{Key: "$in", Value: bson.A{nil, false}}}}

// CountPastDue counts the live pending invoices due before now: sandbox invoices are nobody's
// debt, so staff's count leaves them out (their list shows them, marked).
func (s *MongoStore) CountPastDue(ctx context.Context, now time.Time) (int64, error) {
	n, err := s.invoices.CountDocuments(ctx, bson.D{{Key: "status", Value: Pending}, live, {Key: "dueAt", Value: bson.D{{Key: "$lt", Value: now}}}})
	if err != nil {
		return 0, fmt.Errorf("count invoices past due: %w", err)
	}
	return n, nil
}

// FillDueDates gives the pending invoices stored before due dates existed theirs, issued +
// days, so the past-due list and count find them; each write is conditional on there being none.
func (s *MongoStore) FillDueDates(ctx context.Context, days int) error {
	cur, err := s.invoices.Find(ctx, bson.D{{Key: "status", Value: Pending}, {Key: "dueAt", Value: nil}})
	if err != nil {
		return fmt.Errorf("find invoices without a due date: %w", err)
	}
	var list []Invoice
	if err := cur.All(ctx, &list); err != nil {
		return fmt.Errorf("read invoices without a due date: %w", err)
	}
	for _, inv := range list {
		_, err := s.invoices.UpdateOne(ctx, bson.D{{Key: "_id", Value: inv.ID}, {Key: "dueAt", Value: nil}},
			bson.D{{Key: "$set", Value: bson.D{{Key: "dueAt", Value: inv.IssuedAt.AddDate(0, 0, days)}}}})
		if err != nil {
			return fmt.Errorf("due date of %s: %w", inv.ID, err)
		}
	}
	return nil
}

// counter is a series' numbering in a year: seq is the last number taken. Pending is a number
// taken for an invoice and not yet known to be written on it: while it is set nobody takes
// another number, and whoever finds it finishes the job first. So a number exists only together
// with its invoice, whichever process dies between the steps.
type counter struct {
	ID      string        `bson:"_id"` // the series and year (series.counterID)
	Seq     int64         `bson:"seq"`
	Pending *reservedSlot `bson:"pending"`
}

type reservedSlot struct {
	Invoice string `bson:"invoice"`
	Number  int64  `bson:"number"`
}

// series is one of the agency's numberings (invoice.go): the invoices themselves, and the return
// documents of refunded ones. Each has a counter per year and its own fields on the invoice.
type series struct {
	name        string
	counterID   func(year int) string
	format      func(year int, seq int64) string
	field, seqs string                                                               // the invoice's fields for the number and its sequence
	number      func(Invoice) string                                                 // the invoice's number in the series, "" for none yet
	year        func(Invoice) int                                                    // the year it is numbered in
	ready       func(Invoice) bool                                                   // whether it may be numbered in the series yet
	with        func(context.Context, Invoice, string) (push, set bson.D, err error) // what its numbering write pushes and sets besides
}

var (
	// sales number the invoices; the counters' ids are the bare years, as before returns had a
	// series of their own.
	sales = series{
		name:      "invoice",
		counterID: strconv.Itoa, format: FormatNumber,
		field: "number", seqs: "seq",
		number: func(inv Invoice) string { return inv.Number },
		year:   func(inv Invoice) int { return inv.Year },
		ready:  func(Invoice) bool { return true },
		with:   issuingWrite,
	}
	// returns number the return (İADE) documents of refunded invoices, by the refund's year.
	returns = series{
		name:      "return",
		counterID: func(year int) string { return ReturnSeries + "-" + strconv.Itoa(year) },
		format:    FormatReturnNumber,
		field:     "returnNumber", seqs: "returnSeq",
		number: func(inv Invoice) string { return inv.ReturnNumber },
		year:   func(inv Invoice) int { return YearOf(*inv.RefundedAt) },
		ready:  func(inv Invoice) bool { return inv.Status == Refunded && inv.RefundedAt != nil },
		with:   func(context.Context, Invoice, string) (bson.D, bson.D, error) { return nil, nil, nil },
	}
	// tests and testReturns are the sandbox's own series (TestSeries), with counters of their own,
	// so a sandbox invoice never takes a number of the live series, which stay gapless. Numbering
	// a sandbox invoice issues it as any invoice (invoice.issued; no mail: Invoice.mailTo).
	tests       = inSeries(sales, TestSeries, FormatTestNumber)
	testReturns = inSeries(returns, TestReturnSeries, FormatTestReturnNumber)
)

// inSeries is live numbered in a series of its own: its counters are "<series>-<year>".
func inSeries(live series, name string, format func(int, int64) string) series {
	live.name = "sandbox " + live.name
	live.counterID = func(year int) string { return name + "-" + strconv.Itoa(year) }
	live.format = format
	return live
}

// issuingWrite is what the write numbering an invoice pushes and sets besides the number:
// numbering issues the invoice, so invoice.issued and the customer's mail go in the same
// conditional write, which only the first to number it makes (issue.go).
func issuingWrite(ctx context.Context, inv Invoice, number string) (bson.D, bson.D, error) {
	evs, mails, err := inv.issuing(ctx, number, time.Now())
	if err != nil {
		return nil, nil, fmt.Errorf("issue invoice %s: %w", inv.ID, err)
	}
	push, mark := events.PushUpdate(evs...)
	pushes, marks := bson.D{push}, bson.D{mark}
	if len(mails) > 0 {
		push, mark := mailbox.PushUpdate(mails...)
		pushes, marks = append(pushes, push), append(marks, mark)
	}
	return pushes, marks, nil
}

// Number numbers the invoice (see counter), without transactions: every step is one conditional
// single-document write, and every step may be repeated by anyone.
//
//  1. The invoice has a number: done.
//  2. The year's slot holds a reservation: complete it (write that number on that invoice if it
//     has none), then clear the slot. If that invoice had meanwhile got a number by another
//     reservation (two deliveries of one event numbering at once), the reservation is returned:
//     seq goes back by one, which is safe because nothing can be reserved behind a full slot.
//  3. The slot is empty: reserve seq+1 for this invoice, conditional on seq and the empty slot,
//     and go round again.
//
// A sandbox invoice is numbered the same way in the sandbox's series (tests).
func (s *MongoStore) Number(ctx context.Context, id string) (Invoice, error) {
	return s.numberOf(ctx, id, sales, tests)
}

// NumberReturn gives a refunded invoice its return document's number, the same way; an invoice
// that is not refunded is answered as it is.
func (s *MongoStore) NumberReturn(ctx context.Context, id string) (Invoice, error) {
	return s.numberOf(ctx, id, returns, testReturns)
}

// numberOf numbers the invoice in the live series, or in the sandbox's for a sandbox invoice.
func (s *MongoStore) numberOf(ctx context.Context, id string, live, sandbox series) (Invoice, error) {
	inv, err := s.Invoice(ctx, id)
	if err != nil || live.number(inv) != "" {
		return inv, err
	}
	if inv.Sandbox {
		return s.numberIn(ctx, sandbox, id)
	}
	return s.numberIn(ctx, live, id)
}

func (s *MongoStore) numberIn(ctx context.Context, in series, id string) (Invoice, error) {
	for {
		inv, err := s.Invoice(ctx, id)
		if err != nil || in.number(inv) != "" || !in.ready(inv) {
			return inv, err
		}
		year := in.year(inv)
		c, err := s.counter(ctx, in.counterID(year))
		if err != nil {
			return Invoice{}, err
		}
		if c.Pending != nil {
			if err := s.complete(ctx, in, year, c); err != nil {
				return Invoice{}, err
			}
			continue
		}
		_, err = s.counters.UpdateOne(ctx,
			bson.D{{Key: "_id", Value: c.ID}, {Key: "seq", Value: c.Seq}, {Key: "pending", Value: nil}},
			bson.D{{Key: "$set", Value: bson.D{{Key: "seq", Value: c.Seq + 1},
				{Key: "pending", Value: reservedSlot{Invoice: id, Number: c.Seq + 1}}}}})
		if err != nil {
			return Invoice{}, fmt.Errorf("reserve %s number %s/%d: %w", in.name, c.ID, c.Seq+1, err)
		}
		// Won or lost, the next round sees the slot: ours to complete, or someone's to finish.
		if err := ctx.Err(); err != nil {
			return Invoice{}, err
		}
	}
}

// counter reads a counter, making it on its year's first number.
func (s *MongoStore) counter(ctx context.Context, id string) (counter, error) {
	var c counter
	err := s.counters.FindOne(ctx, bson.D{{Key: "_id", Value: id}}).Decode(&c)
	if errors.Is(err, mongo.ErrNoDocuments) {
		_, err = s.counters.InsertOne(ctx, counter{ID: id})
		if err != nil && !mongox.IsDuplicateKey(err) {
			return counter{}, fmt.Errorf("create invoice counter %s: %w", id, err)
		}
		return counter{ID: id}, s.counters.FindOne(ctx, bson.D{{Key: "_id", Value: id}}).Decode(&c)
	}
	if err != nil {
		return counter{}, fmt.Errorf("read invoice counter %s: %w", id, err)
	}
	return c, nil
}

// complete finishes the reservation in c's slot.
func (s *MongoStore) complete(ctx context.Context, in series, year int, c counter) error {
	p := *c.Pending
	number := in.format(year, p.Number)
	target, err := s.Invoice(ctx, p.Invoice)
	if err != nil {
		return fmt.Errorf("invoice %s reserved %s number %s: %w", p.Invoice, in.name, number, err)
	}
	if in.number(target) == "" {
		push, set, err := in.with(ctx, target, number)
		if err != nil {
			return err
		}
		var update bson.D
		if len(push) > 0 {
			update = append(update, bson.E{Key: "$push", Value: push})
		}
		// The version moves too, so a change read before the numbering cannot write over it.
		update = append(update,
			bson.E{Key: "$set", Value: append(bson.D{{Key: in.field, Value: number}, {Key: in.seqs, Value: p.Number}}, set...)},
			bson.E{Key: "$inc", Value: bson.D{{Key: "version", Value: 1}}})
		_, err = s.invoices.UpdateOne(ctx,
			bson.D{{Key: "_id", Value: p.Invoice}, {Key: in.field, Value: bson.D{{Key: "$exists", Value: false}}}},
			update)
		if err != nil {
			return fmt.Errorf("number %s %s: %w", in.name, p.Invoice, err)
		}
	}
	holder, err := s.Invoice(ctx, p.Invoice)
	if err != nil {
		return fmt.Errorf("invoice %s reserved %s number %s: %w", p.Invoice, in.name, number, err)
	}
	clear := bson.D{{Key: "$set", Value: bson.D{{Key: "pending", Value: nil}}}}
	if in.number(holder) != number {
		// The invoice holds an earlier number: give this one back.
		clear = bson.D{{Key: "$set", Value: bson.D{{Key: "pending", Value: nil}, {Key: "seq", Value: p.Number - 1}}}}
	}
	_, err = s.counters.UpdateOne(ctx,
		bson.D{{Key: "_id", Value: c.ID}, {Key: "seq", Value: c.Seq}, {Key: "pending.invoice", Value: p.Invoice}, {Key: "pending.number", Value: p.Number}},
		clear)
	if err != nil {
		return fmt.Errorf("clear invoice counter %s: %w", c.ID, err)
	}
	return nil
}

// ErrNotSandbox refuses to delete the invoices of a live customer: only a sandbox's are no
// documents in law (EraseSandbox).
var ErrNotSandbox = errors.New("invoices: not a sandbox id")

// EraseSandbox deletes every invoice of the sandbox id customerID (authn.IsSandbox), for its
// KVKK erasure (svc-billing/datacopy), and answers how many: they are tests, no documents the
// tax law keeps. Refused (ErrNotSandbox) for any other id, so a live customer's invoices can never
// go this way. On the {customerId, issuedAt} index.
func (s *MongoStore) EraseSandbox(ctx context.Context, customerID string) (int, error) {
	if !authn.IsSandbox(customerID) {
		return 0, fmt.Errorf("erase the invoices of %q: %w", customerID, ErrNotSandbox)
	}
	res, err := s.invoices.DeleteMany(ctx, bson.D{{Key: "customerId", Value: customerID}})
	if err != nil {
		return 0, fmt.Errorf("erase the invoices of %s: %w", customerID, err)
	}
	return int(res.DeletedCount), nil
}
