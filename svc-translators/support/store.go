package support

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"linguaport/internal/events"
	"linguaport/internal/i18n"
	"linguaport/internal/mongox"
	"linguaport/internal/searchkeys"
)

// Store keeps the tickets.
type Store interface {
	// Insert stores a new ticket.
	Insert(ctx context.Context, t Ticket) error
	// Ticket returns the ticket, or ErrNotFound.
	Ticket(ctx context.Context, id string) (Ticket, error)
	// List returns at most limit tickets of f by latest activity (f.Oldest: least recent first),
	// past the ticket after (when not nil), without their threads.
	List(ctx context.Context, f Filter, after *Ticket, limit int) ([]Ticket, error)
	// Count is how many tickets have status.
	Count(ctx context.Context, status Status) (int64, error)
	// Apply makes c in one conditional write of ticket id and returns the ticket as written;
	// applied is false (and the ticket zero) when the ticket does not meet c's conditions.
	Apply(ctx context.Context, id string, c Change) (t Ticket, applied bool, err error)
}

// Change is one move of a ticket: applied only while the ticket is in one of From, belongs to
// Owner (when set) and, when it adds a Message, has room for it.
type Change struct {
	Owner    string
	From     []Status
	To       Status
	At       time.Time
	Message  *Message
	Lang     i18n.Lang // the translator's request language, when they make the change
	ClosedBy Side      // set when the move closes the ticket
	Events   []events.Event
}

// MongoStore keeps one document per ticket in "tickets".
type MongoStore struct {
	tickets *mongo.Collection
}

// NewMongoStore uses db and declares the indexes every query needs: staff's list, all, by
// status, by search key and by both, and each translator's own, all by latest activity either
// way (mongox.Keyset); the relay's sweep of the outboxes. Tickets stored before they had
// search keys get theirs.
func NewMongoStore(ctx context.Context, db *mongo.Database) (*MongoStore, error) {
	s := &MongoStore{tickets: db.Collection("tickets")}
	byActivity := func(keys ...string) mongo.IndexModel {
		var d bson.D
		for _, k := range keys {
			d = append(d, bson.E{Key: k, Value: 1})
		}
		return mongo.IndexModel{Keys: append(d, bson.E{Key: "lastActivity", Value: -1}, bson.E{Key: "_id", Value: -1})}
	}
	err := mongox.EnsureIndexes(ctx, s.tickets,
		byActivity(), byActivity("status"), byActivity("search"), byActivity("status", "search"),
		byActivity("translatorId"), byActivity("translatorId", "status"),
		events.OutboxIndex(), searchkeys.VersionIndex(),
	)
	if err != nil {
		return nil, fmt.Errorf("tickets indexes: %w", err)
	}
	if err := s.fillSearchKeys(ctx); err != nil {
		return nil, err
	}
	return s, nil
}

// fillSearchKeys gives the tickets stored without search keys, or with keys of an older format
// (searchkeys.Stale), new ones, found through the searchVersion index; each write is
// conditional on the keys still being stale.
func (s *MongoStore) fillSearchKeys(ctx context.Context) error {
	cur, err := s.tickets.Find(ctx, searchkeys.Stale(), options.Find().
		SetProjection(bson.D{{Key: "translatorId", Value: 1}, {Key: "translatorName", Value: 1}, {Key: "subject", Value: 1}}))
	if err != nil {
		return fmt.Errorf("find tickets without search keys: %w", err)
	}
	var old []Ticket
	if err := cur.All(ctx, &old); err != nil {
		return fmt.Errorf("read tickets without search keys: %w", err)
	}
	for _, t := range old {
		_, err := s.tickets.UpdateOne(ctx, append(bson.D{{Key: "_id", Value: t.ID}}, searchkeys.Stale()...),
			bson.D{{Key: "$set", Value: bson.D{{Key: "search", Value: searchKeys(t)}, {Key: searchkeys.VersionField, Value: searchkeys.Version}}}})
		if err != nil {
			return fmt.Errorf("search keys of ticket %s: %w", t.ID, err)
		}
	}
	return nil
}

// Collection is the tickets' collection, whose outboxes the relay publishes.
func (s *MongoStore) Collection() *mongo.Collection { return s.tickets }

func (s *MongoStore) Insert(ctx context.Context, t Ticket) error {
	if _, err := s.tickets.InsertOne(ctx, t); err != nil {
		return fmt.Errorf("insert ticket %s: %w", t.ID, err)
	}
	return nil
}

func (s *MongoStore) Ticket(ctx context.Context, id string) (Ticket, error) {
	var t Ticket
	err := s.tickets.FindOne(ctx, bson.D{{Key: "_id", Value: id}}).Decode(&t)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return Ticket{}, ErrNotFound
	}
	if err != nil {
		return Ticket{}, fmt.Errorf("find ticket %s: %w", id, err)
	}
	return t, nil
}

func (s *MongoStore) List(ctx context.Context, f Filter, after *Ticket, limit int) ([]Ticket, error) {
	filter := bson.D{}
	if f.TranslatorID != "" {
		filter = append(filter, bson.E{Key: "translatorId", Value: f.TranslatorID})
	}
	if f.Status != "" {
		filter = append(filter, bson.E{Key: "status", Value: f.Status})
	}
	page := mongox.Keyset{Key: "lastActivity", Ascending: f.Oldest, Limit: int64(limit)}
	opts := page.Options().SetProjection(bson.D{{Key: "messages", Value: 0}, {Key: "search", Value: 0}, {Key: events.OutboxField, Value: 0}})
	q := searchkeys.Parse(f.Q)
	if !q.IsZero() {
		// The index answers the tickets of q's key; those read are checked until limit match.
		filter = append(filter, bson.E{Key: "search", Value: q.Key()})
		opts.SetLimit(0)
	}
	if after != nil {
		page.After, page.AfterID = after.LastActivity, after.ID
	}
	cur, err := s.tickets.Find(ctx, page.Filter(filter), opts)
	if err != nil {
		return nil, fmt.Errorf("list tickets: %w", err)
	}
	list, err := searchkeys.Collect(ctx, cur, limit, func(t *Ticket) bool { return t.matches(q) })
	if err != nil {
		return nil, fmt.Errorf("tickets: %w", err)
	}
	return list, nil
}

// OfTranslator is every ticket of the translator with its thread, most recent activity first,
// without search keys and outbox (a KVKK copy); the translatorId index bounds it by their own
// tickets.
func (s *MongoStore) OfTranslator(ctx context.Context, translatorID string) ([]Ticket, error) {
	cur, err := s.tickets.Find(ctx, bson.D{{Key: "translatorId", Value: translatorID}}, options.Find().
		SetSort(bson.D{{Key: "lastActivity", Value: -1}, {Key: "_id", Value: -1}}).
		SetProjection(bson.D{{Key: "search", Value: 0}, {Key: events.OutboxField, Value: 0}}))
	if err != nil {
		return nil, fmt.Errorf("find tickets of translator %s: %w", translatorID, err)
	}
	list := []Ticket{}
	if err := cur.All(ctx, &list); err != nil {
		return nil, fmt.Errorf("read tickets of translator %s: %w", translatorID, err)
	}
	return list, nil
}

// DeleteOfTranslator removes every ticket of the translator, each with its whole thread (the
// messages live in the ticket) and its pending events, on the translatorId index; it reports how
// many it removed.
func (s *MongoStore) DeleteOfTranslator(ctx context.Context, translatorID string) (int, error) {
	res, err := s.tickets.DeleteMany(ctx, bson.D{{Key: "translatorId", Value: translatorID}})
	if err != nil {
		return 0, fmt.Errorf("delete tickets of translator %s: %w", translatorID, err)
	}
	return int(res.DeletedCount), nil
}

// Count is how many tickets have status, counted on the status index.
func (s *MongoStore) Count(ctx context.Context, status Status) (int64, error) {
	n, err := s.tickets.CountDocuments(ctx, bson.D{{Key: "status", Value: status}})
	if err != nil {
		return 0, fmt.Errorf("count tickets: %w", err)
	}
	return n, nil
}

func (s *MongoStore) Apply(ctx context.Context, id string, c Change) (Ticket, bool, error) {
	filter := bson.D{{Key: "_id", Value: id}, {Key: "status", Value: bson.D{{Key: "$in", Value: c.From}}}}
	if c.Owner != "" {
		filter = append(filter, bson.E{Key: "translatorId", Value: c.Owner})
	}
	set := bson.D{{Key: "status", Value: c.To}, {Key: "lastActivity", Value: c.At}}
	if c.Lang != "" {
		set = append(set, bson.E{Key: "lang", Value: c.Lang})
	}
	if c.ClosedBy != "" {
		set = append(set, bson.E{Key: "closedAt", Value: c.At}, bson.E{Key: "closedBy", Value: c.ClosedBy})
	}
	if len(c.Events) > 0 {
		_, mark := events.PushUpdate(c.Events...)
		set = append(set, mark)
	}
	update := bson.D{{Key: "$set", Value: set}}
	push := bson.D{}
	if c.Message != nil {
		// The thread's bound is a condition of the same write that appends, so racing writers
		// can never take it past MaxMessages.
		filter = append(filter, bson.E{Key: "messageCount", Value: bson.D{{Key: "$lt", Value: MaxMessages}}})
		push = append(push, bson.E{Key: "messages", Value: c.Message})
		update = append(update, bson.E{Key: "$inc", Value: bson.D{{Key: "messageCount", Value: 1}}})
	}
	if len(c.Events) > 0 {
		queued, _ := events.PushUpdate(c.Events...)
		push = append(push, queued)
	}
	if len(push) > 0 {
		update = append(update, bson.E{Key: "$push", Value: push})
	}
	var t Ticket
	err := s.tickets.FindOneAndUpdate(ctx, filter, update, options.FindOneAndUpdate().SetReturnDocument(options.After)).Decode(&t)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return Ticket{}, false, nil
	}
	if err != nil {
		return Ticket{}, false, fmt.Errorf("change ticket %s: %w", id, err)
	}
	return t, true, nil
}
