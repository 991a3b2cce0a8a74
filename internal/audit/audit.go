// Package audit records what staff change (DESIGN §11): who, when, what, before and after, kept
// by the service that owns the thing, in its own collection "audit", and served to staff as
// GET /api/v1/<area>/admin/audit.
//
// How a record relates to the change it describes. Without transactions (DESIGN §4) the two
// can only be one write if the entry rides in the changed document's outbox and a consumer of
// the service's own stream copies it into "audit" (entry id = event id). That is not the shape
// of today's staff actions: confirming a transfer or rejecting a payout is several writes (mark
// it, credit a ledger account, mark it again), each idempotent so that a retry finishes what a
// crash left, and transfers, payouts and the price list keep no outbox at all. Threading an
// audit event through every step of every action would touch each service's domain code for a
// record that is not money. So the record is an insert right after the action succeeds, by a
// wrapper around the action's endpoint (Log.Endpoint), with the state the action answered as
// "after" and the state read just before it as "before":
//
//   - A crash between the change and the insert loses that one record; the change itself stands,
//     and the failed insert is logged at error level. Staff repeating the action then change
//     nothing, so it records nothing either: that is the price of this choice.
//   - A repeated action (a second click, a retry after a lost answer) answers the state it found:
//     before and after are equal and nothing is recorded (Log.Change), so a redelivered action
//     leaves one entry. A refused action (400, 404, 409) records nothing. Entries recorded with
//     an id of their own are written once however often they arrive (a unique _id).
//   - "before" is read just before the action, not inside its write: a change by someone else in
//     that instant (two staff members confirming the same transfer at once, a customer editing)
//     shows in the entry as the staff member's. Staff actions are rare and human-paced.
//   - Only the fields that changed are kept (top-level keys of the JSON the service answers), so
//     an entry reads "status: declared → confirmed", not two copies of the document.
//
// Every query the store sends is served by one of its indexes (indexes below).
package audit

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"linguaport/internal/authn"
	"linguaport/internal/ids"
	"linguaport/internal/logging"
	"linguaport/internal/mongox"
)

// Collection is the name of every service's audit collection.
const Collection = "audit"

// PageSize is how many entries one page of GET admin/audit holds.
const PageSize = 50

// Actor is the staff member who acted.
type Actor struct {
	ID   string `bson:"id" json:"id"`
	Name string `bson:"name" json:"name"`
}

// Object is the thing acted on: its kind ("transfer", "invoice", ...) and id.
type Object struct {
	Kind string `bson:"kind" json:"kind"`
	ID   string `bson:"id" json:"id"`
}

func (o Object) String() string { return o.Kind + ":" + o.ID }

// Entry is one recorded staff action. Before and After are JSON: the changed fields as the
// service answers them (null when the thing did not exist before, or no longer does).
type Entry struct {
	ID        string          `json:"id"`
	Actor     Actor           `json:"actor"`
	Action    string          `json:"action"` // "transfer.confirm"
	Object    Object          `json:"object"`
	Before    json.RawMessage `json:"before"`
	After     json.RawMessage `json:"after"`
	At        time.Time       `json:"at"`
	RequestID string          `json:"requestId,omitempty"`
}

// doc is an Entry as stored: the snapshots as JSON text, which keeps them exactly as staff saw
// them (BSON would turn numbers and key order into its own).
type doc struct {
	ID        string    `bson:"_id"`
	Actor     Actor     `bson:"actor"`
	Action    string    `bson:"action"`
	Object    Object    `bson:"object"`
	Before    string    `bson:"before"`
	After     string    `bson:"after"`
	At        time.Time `bson:"at"`
	RequestID string    `bson:"requestId,omitempty"`
}

func (d doc) entry() Entry {
	return Entry{ID: d.ID, Actor: d.Actor, Action: d.Action, Object: d.Object,
		Before: json.RawMessage(orNull(d.Before)), After: json.RawMessage(orNull(d.After)), At: d.At.UTC(), RequestID: d.RequestID}
}

func orNull(s string) string {
	if s == "" {
		return "null"
	}
	return s
}

// ErrNoActor refuses a record without a signed-in caller: an entry must say who acted.
var ErrNoActor = errors.New("audit: no signed-in caller to record as the actor")

// ErrUnknownEntry is a page cursor (before) naming no entry.
var ErrUnknownEntry = errors.New("audit: no such entry")

// Log is one service's audit log.
type Log struct {
	coll *mongo.Collection
	now  func() time.Time
	log  *slog.Logger

	mu   sync.Mutex
	last time.Time // the newest time this instance has stamped
}

// indexes serve the three listings (one object's, one staff member's, everything), each newest
// first with the entry id breaking ties of the same millisecond, plus one object's entries by one
// staff member; the page cursor is a range on "at" and an equality-then-range on "at" and "_id".
func indexes() []mongo.IndexModel {
	return []mongo.IndexModel{
		{Keys: bson.D{{Key: "object.kind", Value: 1}, {Key: "object.id", Value: 1}, {Key: "at", Value: -1}, {Key: "_id", Value: -1}}},
		{Keys: bson.D{{Key: "object.kind", Value: 1}, {Key: "object.id", Value: 1}, {Key: "actor.id", Value: 1}, {Key: "at", Value: -1}, {Key: "_id", Value: -1}}},
		{Keys: bson.D{{Key: "actor.id", Value: 1}, {Key: "at", Value: -1}, {Key: "_id", Value: -1}}},
		{Keys: bson.D{{Key: "at", Value: -1}, {Key: "_id", Value: -1}}},
	}
}

// NewLog opens db's audit collection and makes sure of its indexes. log receives the records
// that could not be written (the change stands; see the package doc); nil is slog.Default.
func NewLog(ctx context.Context, db *mongo.Database, log *slog.Logger) (*Log, error) {
	coll := db.Collection(Collection)
	if err := mongox.EnsureIndexes(ctx, coll, indexes()...); err != nil {
		return nil, err
	}
	if log == nil {
		log = slog.Default()
	}
	return &Log{coll: coll, now: time.Now, log: log}, nil
}

// Record writes e with its actor (the signed-in caller), time, request id and, unless set, a
// fresh id. An entry with a known id is written once however often it is recorded.
func (l *Log) Record(ctx context.Context, e Entry) (Entry, error) {
	caller, ok := authn.FromContext(ctx)
	if !ok || caller.Subject == "" {
		return Entry{}, ErrNoActor
	}
	e.Actor = Actor{ID: caller.Subject, Name: caller.Name}
	if e.ID == "" {
		e.ID = ids.New()
	}
	e.At = l.stamp()
	e.RequestID = logging.RequestID(ctx)
	d := doc{ID: e.ID, Actor: e.Actor, Action: e.Action, Object: e.Object, Before: string(e.Before), After: string(e.After),
		At: e.At, RequestID: e.RequestID}
	if _, err := l.coll.InsertOne(ctx, d); err != nil && !mongox.IsDuplicateKey(err) {
		return Entry{}, fmt.Errorf("record %s on %s: %w", e.Action, e.Object, err)
	}
	return e, nil
}

// stamp is the time of a new entry: Mongo keeps milliseconds, and two entries of one millisecond
// would list in the order of their random ids, so an instance never stamps the same millisecond
// twice and its entries list in the order they were recorded (a burst runs a millisecond ahead).
func (l *Log) stamp() time.Time {
	at := l.now().UTC().Truncate(time.Millisecond)
	l.mu.Lock()
	defer l.mu.Unlock()
	if !at.After(l.last) {
		at = l.last.Add(time.Millisecond)
	}
	l.last = at
	return at
}

// Change records action on obj from before to after (any JSON-able values), keeping only the
// top-level fields that differ. It records nothing, and answers false, when nothing differs: an
// action repeated on a thing already in the state it asks for.
func (l *Log) Change(ctx context.Context, action string, obj Object, before, after any) (bool, error) {
	b, a, changed, err := Diff(before, after)
	if err != nil || !changed {
		return false, err
	}
	_, err = l.Record(ctx, Entry{Action: action, Object: obj, Before: b, After: a})
	return err == nil, err
}

// Diff returns the JSON of before and after reduced to the top-level fields that differ (both
// whole when either is not an object), and whether anything differs at all.
func Diff(before, after any) (b, a json.RawMessage, changed bool, err error) {
	if b, err = json.Marshal(before); err != nil {
		return nil, nil, false, fmt.Errorf("audit before: %w", err)
	}
	if a, err = json.Marshal(after); err != nil {
		return nil, nil, false, fmt.Errorf("audit after: %w", err)
	}
	var bm, am map[string]json.RawMessage
	if json.Unmarshal(b, &bm) != nil || json.Unmarshal(a, &am) != nil || bm == nil || am == nil {
		return b, a, !jsonEqual(b, a), nil
	}
	bd, ad := map[string]json.RawMessage{}, map[string]json.RawMessage{}
	for k, v := range bm {
		if w, ok := am[k]; !ok || !jsonEqual(v, w) {
			bd[k] = v
		}
	}
	for k, v := range am {
		if w, ok := bm[k]; !ok || !jsonEqual(v, w) {
			ad[k] = v
		}
	}
	if len(bd) == 0 && len(ad) == 0 {
		return b, a, false, nil
	}
	b, _ = json.Marshal(bd) // map keys come out sorted: entries read the same every time
	a, _ = json.Marshal(ad)
	return b, a, true, nil
}

func jsonEqual(x, y json.RawMessage) bool {
	var cx, cy bytes.Buffer
	if json.Compact(&cx, x) != nil || json.Compact(&cy, y) != nil {
		return bytes.Equal(x, y)
	}
	if bytes.Equal(cx.Bytes(), cy.Bytes()) {
		return true
	}
	// Same values, keys in another order.
	var vx, vy any
	if json.Unmarshal(x, &vx) != nil || json.Unmarshal(y, &vy) != nil {
		return false
	}
	nx, _ := json.Marshal(vx)
	ny, _ := json.Marshal(vy)
	return bytes.Equal(nx, ny)
}

// Filter selects entries: of one object, by one staff member, or both; older than the entry
// Before (a page cursor).
type Filter struct {
	Object *Object
	Actor  string
	Before string
}

// Page is one page of entries, newest first; More says older ones exist, from before=Next.
type Page struct {
	Entries []Entry `json:"entries"`
	More    bool    `json:"more"`
	Next    string  `json:"next,omitempty"` // the last entry's id, when More
}

// List returns up to PageSize entries matching f, newest first.
func (l *Log) List(ctx context.Context, f Filter) (Page, error) {
	base := bson.D{}
	if f.Object != nil {
		base = append(base, bson.E{Key: "object.kind", Value: f.Object.Kind}, bson.E{Key: "object.id", Value: f.Object.ID})
	}
	if f.Actor != "" {
		base = append(base, bson.E{Key: "actor.id", Value: f.Actor})
	}
	page := mongox.Keyset{Key: "at", Limit: PageSize + 1}
	if f.Before != "" {
		var cur doc
		err := l.coll.FindOne(ctx, bson.D{{Key: "_id", Value: f.Before}}).Decode(&cur)
		if errors.Is(err, mongo.ErrNoDocuments) {
			return Page{}, ErrUnknownEntry
		}
		if err != nil {
			return Page{}, fmt.Errorf("audit cursor: %w", err)
		}
		page.After, page.AfterID = cur.At, cur.ID
	}
	c, err := l.coll.Find(ctx, page.Filter(base), page.Options())
	if err != nil {
		return Page{}, fmt.Errorf("audit list: %w", err)
	}
	var docs []doc
	if err := c.All(ctx, &docs); err != nil {
		return Page{}, fmt.Errorf("audit list: %w", err)
	}
	p := Page{Entries: make([]Entry, 0, min(len(docs), PageSize)), More: len(docs) > PageSize}
	for i, d := range docs {
		if i == PageSize {
			break
		}
		p.Entries = append(p.Entries, d.entry())
	}
	if p.More {
		p.Next = p.Entries[len(p.Entries)-1].ID
	}
	return p, nil
}

// Endpoint wraps a staff action's endpoint (a go-kit endpoint.Endpoint, which this type is
// assignable to and from) so that a success is recorded as action on the object idOf names:
// before is what load answers for it just before the action, after is what the action answers.
// A failed action records nothing. A record that cannot be written is logged, and the action's
// answer stands: the change was made, and failing the request would only make staff repeat it.
func (l *Log) Endpoint(action, kind string, idOf func(request any) string,
	load func(ctx context.Context, id string) (any, error),
	next func(ctx context.Context, request any) (any, error)) func(ctx context.Context, request any) (any, error) {
	return func(ctx context.Context, request any) (any, error) {
		obj := Object{Kind: kind, ID: idOf(request)}
		var before any
		if load != nil {
			b, err := load(ctx, obj.ID)
			if err == nil {
				before = b
			}
			// An error (an unknown id, mostly) leaves before null; the action answers it.
		}
		resp, err := next(ctx, request)
		if err != nil {
			return resp, err
		}
		if _, rerr := l.Change(ctx, action, obj, before, resp); rerr != nil {
			l.log.ErrorContext(ctx, "audit record lost", "action", action, "object", obj.String(), "err", rerr)
		}
		return resp, nil
	}
}
