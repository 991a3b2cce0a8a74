package live

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"linguaport/internal/mongox"
)

// CountCap bounds a count: past 99 the back office shows "99+", so counting stops at 100 and the
// cost of a count does not grow with the notices kept.
const CountCap = 100

// Window is how far back the counts of a staff member who never opened a category's screen go.
const Window = MaxAge

// Keep is how long notices are kept: well past Window, and pruned by Prune (no TTL indexes,
// DESIGN §4).
const Keep = 30 * 24 * time.Hour

// Store keeps the notices in "staff_notices" and each staff member's "last looked" marks in
// "staff_seen". Every query is served by an index made in NewStore.
type Store struct {
	notices, seen *mongo.Collection
}

// NewStore uses db and makes sure of the indexes.
func NewStore(ctx context.Context, db *mongo.Database) (*Store, error) {
	s := &Store{notices: db.Collection("staff_notices"), seen: db.Collection("staff_seen")}
	err := mongox.EnsureIndexes(ctx, s.notices,
		// A category's notices since a moment: the counts.
		mongo.IndexModel{Keys: bson.D{{Key: "category", Value: 1}, {Key: "createdAt", Value: 1}}},
		// The old ones, for Prune.
		mongo.IndexModel{Keys: bson.D{{Key: "createdAt", Value: 1}}})
	if err != nil {
		return nil, err
	}
	return s, nil
}

// Add stores n unless a notice with its id is stored already, and answers the stored one.
func (s *Store) Add(ctx context.Context, n Notice) (Notice, error) {
	n.Announced = false
	_, err := s.notices.InsertOne(ctx, n)
	if err == nil {
		return n, nil
	}
	if !mongox.IsDuplicateKey(err) {
		return Notice{}, fmt.Errorf("add notice %s: %w", n.ID, err)
	}
	var stored Notice
	if err := s.notices.FindOne(ctx, bson.D{{Key: "_id", Value: n.ID}}).Decode(&stored); err != nil {
		return Notice{}, fmt.Errorf("read notice %s: %w", n.ID, err)
	}
	return stored, nil
}

// MarkAnnounced records that the notice went out to the streams.
func (s *Store) MarkAnnounced(ctx context.Context, id string) error {
	if _, err := s.notices.UpdateOne(ctx, bson.D{{Key: "_id", Value: id}}, bson.D{{Key: "$set", Value: bson.D{{Key: "announced", Value: true}}}}); err != nil {
		return fmt.Errorf("notice %s announced: %w", id, err)
	}
	return nil
}

type seenDoc struct {
	ID   string               `bson:"_id"`
	Seen map[string]time.Time `bson:"seen"`
}

// MarkSeen records that staff member looked at the categories' screens at at. A later mark is
// never moved back (two instances' clocks, two tabs).
func (s *Store) MarkSeen(ctx context.Context, staff string, categories []string, at time.Time) error {
	marks := bson.D{}
	for _, c := range categories {
		marks = append(marks, bson.E{Key: "seen." + c, Value: at.UTC().Truncate(time.Millisecond)})
	}
	_, err := s.seen.UpdateOne(ctx, bson.D{{Key: "_id", Value: staff}}, bson.D{{Key: "$max", Value: marks}}, options.UpdateOne().SetUpsert(true))
	if err != nil {
		return fmt.Errorf("seen marks of %s: %w", staff, err)
	}
	return nil
}

// since is when each category's count of staff starts: their mark, else Window before now.
func (s *Store) since(ctx context.Context, staff string, now time.Time) (map[string]time.Time, error) {
	var d seenDoc
	err := s.seen.FindOne(ctx, bson.D{{Key: "_id", Value: staff}}).Decode(&d)
	if err != nil && !errors.Is(err, mongo.ErrNoDocuments) {
		return nil, fmt.Errorf("seen marks of %s: %w", staff, err)
	}
	out := make(map[string]time.Time, len(Categories))
	for _, c := range Categories {
		out[c] = now.Add(-Window)
		if t, ok := d.Seen[c]; ok {
			out[c] = t
		}
	}
	return out, nil
}

// Counts are staff's notices of each category since they last looked, each at most CountCap.
func (s *Store) Counts(ctx context.Context, staff string, now time.Time) (map[string]int, error) {
	return s.CountsOf(ctx, staff, now, Categories...)
}

// CountsOf is Counts for some categories only.
func (s *Store) CountsOf(ctx context.Context, staff string, now time.Time, categories ...string) (map[string]int, error) {
	since, err := s.since(ctx, staff, now)
	if err != nil {
		return nil, err
	}
	out := make(map[string]int, len(categories))
	for _, c := range categories {
		n, err := s.notices.CountDocuments(ctx,
			bson.D{{Key: "category", Value: c}, {Key: "createdAt", Value: bson.D{{Key: "$gt", Value: since[c]}}}},
			options.Count().SetLimit(CountCap))
		if err != nil {
			return nil, fmt.Errorf("count %s notices: %w", c, err)
		}
		out[c] = int(n)
	}
	return out, nil
}

// Prune removes the notices older than Keep before now and answers how many.
func (s *Store) Prune(ctx context.Context, now time.Time) (int64, error) {
	res, err := s.notices.DeleteMany(ctx, bson.D{{Key: "createdAt", Value: bson.D{{Key: "$lt", Value: now.Add(-Keep)}}}})
	if err != nil {
		return 0, fmt.Errorf("prune notices: %w", err)
	}
	return res.DeletedCount, nil
}

// KeepPruned prunes every so often until ctx ends. Every instance may run it: a deletion of what
// is already gone deletes nothing.
func (s *Store) KeepPruned(ctx context.Context, every time.Duration, now func() time.Time, log *slog.Logger) {
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		if n, err := s.Prune(ctx, now()); err != nil && ctx.Err() == nil {
			log.WarnContext(ctx, "live: prune", "err", err)
		} else if n > 0 {
			log.InfoContext(ctx, "live: old notices pruned", "count", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}
