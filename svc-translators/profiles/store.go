package profiles

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"linguaport/internal/events"
	"linguaport/internal/mongox"
)

// Store keeps the profiles.
type Store interface {
	// Profile returns the translator's profile, or ErrNotFound.
	Profile(ctx context.Context, id string) (Profile, error)
	// Create inserts p unless a profile with its id exists; it reports whether it inserted.
	Create(ctx context.Context, p Profile) (bool, error)
	// Update changes one profile in one conditional write (mongox.Update); ErrNotFound when there
	// is none.
	Update(ctx context.Context, id string, change func(*Profile) (*Profile, error)) (Profile, error)
	// Find lists up to limit profiles whose name or e-mail starts with prefix (lower case; all
	// profiles for ""), by name.
	Find(ctx context.Context, prefix string, limit int) ([]Profile, error)
}

// MongoStore keeps one document per translator in "profiles", keyed by the translator's user id.
type MongoStore struct {
	profiles *mongo.Collection
}

// NewMongoStore uses db and declares the indexes every query needs: staff search by name and by
// e-mail prefix, and the relay's sweep of the outboxes.
func NewMongoStore(ctx context.Context, db *mongo.Database) (*MongoStore, error) {
	s := &MongoStore{profiles: db.Collection("profiles")}
	err := mongox.EnsureIndexes(ctx, s.profiles,
		mongo.IndexModel{Keys: bson.D{{Key: "nameKey", Value: 1}}},
		mongo.IndexModel{Keys: bson.D{{Key: "emailKey", Value: 1}}},
		events.OutboxIndex(),
	)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// Collection is the profiles' collection, whose outboxes the relay publishes.
func (s *MongoStore) Collection() *mongo.Collection { return s.profiles }

func (s *MongoStore) Profile(ctx context.Context, id string) (Profile, error) {
	var p Profile
	err := s.profiles.FindOne(ctx, bson.D{{Key: "_id", Value: id}}).Decode(&p)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return Profile{}, ErrNotFound
	}
	if err != nil {
		return Profile{}, fmt.Errorf("find profile %s: %w", id, err)
	}
	return p, nil
}

func (s *MongoStore) Create(ctx context.Context, p Profile) (bool, error) {
	_, err := s.profiles.InsertOne(ctx, p)
	if mongox.IsDuplicateKey(err) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("create profile %s: %w", p.TranslatorID, err)
	}
	return true, nil
}

func (s *MongoStore) Update(ctx context.Context, id string, change func(*Profile) (*Profile, error)) (Profile, error) {
	p, err := mongox.Update(ctx, s.profiles, id, change)
	if errors.Is(err, mongox.ErrNotFound) {
		return Profile{}, ErrNotFound
	}
	if err != nil {
		return Profile{}, err
	}
	return *p, nil
}

// listProjection leaves out what a staff list never shows.
var listProjection = bson.D{{Key: "accounts", Value: 0}, {Key: events.OutboxField, Value: 0}, {Key: "staffLog", Value: 0}}

func (s *MongoStore) Find(ctx context.Context, prefix string, limit int) ([]Profile, error) {
	if prefix == "" {
		return s.find(ctx, bson.D{}, options.Find().SetSort(bson.D{{Key: "nameKey", Value: 1}}).
			SetLimit(int64(limit)).SetProjection(listProjection))
	}
	// Two anchored, case-sensitive prefixes on the lower-cased keys, each served by its index;
	// the union is sorted here (at most 2×limit documents).
	re := bson.Regex{Pattern: "^" + regexp.QuoteMeta(prefix)}
	var all []Profile
	for _, key := range []string{"nameKey", "emailKey"} {
		found, err := s.find(ctx, bson.D{{Key: key, Value: re}},
			options.Find().SetSort(bson.D{{Key: key, Value: 1}}).SetLimit(int64(limit)).SetProjection(listProjection))
		if err != nil {
			return nil, err
		}
		for _, p := range found {
			if !slices.ContainsFunc(all, func(q Profile) bool { return q.TranslatorID == p.TranslatorID }) {
				all = append(all, p)
			}
		}
	}
	slices.SortFunc(all, func(a, b Profile) int { return strings.Compare(a.NameKey, b.NameKey) })
	return all[:min(len(all), limit)], nil
}

func (s *MongoStore) find(ctx context.Context, filter bson.D, opts *options.FindOptionsBuilder) ([]Profile, error) {
	cur, err := s.profiles.Find(ctx, filter, opts)
	if err != nil {
		return nil, fmt.Errorf("find profiles: %w", err)
	}
	list := []Profile{}
	if err := cur.All(ctx, &list); err != nil {
		return nil, fmt.Errorf("read profiles: %w", err)
	}
	return list, nil
}
