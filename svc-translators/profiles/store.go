package profiles

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"linguaport/internal/events"
	"linguaport/internal/mongox"
	"linguaport/internal/searchkeys"
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
	// List is at most limit profiles of f by creation, oldest first when f.Oldest, past the
	// profile after (when not nil); without bank accounts.
	List(ctx context.Context, f ListFilter, after *Profile, limit int) ([]Profile, error)
}

// MongoStore keeps one document per translator in "profiles", keyed by the translator's user id.
type MongoStore struct {
	profiles *mongo.Collection
}

// listFilters are the equality filters staff's list combines, in the order the indexes hold them.
var listFilters = []string{"suspended", "competencies.sworn.verified", "search"}

// NewMongoStore uses db and declares the indexes every query needs: staff's list under each
// combination of its filters, by creation either way (mongox.Keyset), and the relay's sweep of
// the outboxes. Profiles stored before the list's fields existed get theirs.
func NewMongoStore(ctx context.Context, db *mongo.Database) (*MongoStore, error) {
	s := &MongoStore{profiles: db.Collection("profiles")}
	models := []mongo.IndexModel{events.OutboxIndex(), searchkeys.VersionIndex()}
	for mask := range 1 << len(listFilters) {
		keys := bson.D{}
		for i, f := range listFilters {
			if mask&(1<<i) != 0 {
				keys = append(keys, bson.E{Key: f, Value: 1})
			}
		}
		keys = append(keys, bson.E{Key: "createdAt", Value: -1}, bson.E{Key: "_id", Value: -1})
		models = append(models, mongo.IndexModel{Keys: keys})
	}
	if err := mongox.EnsureIndexes(ctx, s.profiles, models...); err != nil {
		return nil, err
	}
	if err := s.fillListFields(ctx); err != nil {
		return nil, err
	}
	if err := s.fillSearch(ctx); err != nil {
		return nil, err
	}
	return s, nil
}

// fillListFields gives profiles stored before staff's list had its fields (createdAt, search,
// suspended) theirs, the time of their last change standing in for their creation; each write
// is conditional on there being none yet.
func (s *MongoStore) fillListFields(ctx context.Context) error {
	cur, err := s.profiles.Find(ctx, bson.D{{Key: "createdAt", Value: nil}}, options.Find().SetProjection(listProjection))
	if err != nil {
		return fmt.Errorf("find profiles without list fields: %w", err)
	}
	var old []Profile
	if err := cur.All(ctx, &old); err != nil {
		return fmt.Errorf("read profiles without list fields: %w", err)
	}
	for _, p := range old {
		p.derive()
		created := p.UpdatedAt
		if created.IsZero() {
			created = time.Now().UTC().Truncate(time.Millisecond)
		}
		_, err := s.profiles.UpdateOne(ctx, bson.D{{Key: "_id", Value: p.TranslatorID}, {Key: "createdAt", Value: nil}},
			bson.D{{Key: "$set", Value: bson.D{{Key: "createdAt", Value: created}, {Key: "search", Value: p.Search}, {Key: searchkeys.VersionField, Value: p.SearchVersion}, {Key: "suspended", Value: p.Suspended}}}})
		if err != nil {
			return fmt.Errorf("list fields of profile %s: %w", p.TranslatorID, err)
		}
	}
	return nil
}

// fillSearch gives the profiles whose search keys are of an older format (searchkeys.Stale) new
// ones, found through the searchVersion index; each write is conditional on the keys still
// being stale, so a change of the profile meanwhile (which made new keys) is kept.
func (s *MongoStore) fillSearch(ctx context.Context) error {
	cur, err := s.profiles.Find(ctx, searchkeys.Stale(), options.Find().
		SetProjection(bson.D{{Key: "fullName", Value: 1}, {Key: "email", Value: 1}}))
	if err != nil {
		return fmt.Errorf("find profiles with stale search keys: %w", err)
	}
	var old []Profile
	if err := cur.All(ctx, &old); err != nil {
		return fmt.Errorf("read profiles with stale search keys: %w", err)
	}
	for _, p := range old {
		p.derive()
		_, err := s.profiles.UpdateOne(ctx, append(bson.D{{Key: "_id", Value: p.TranslatorID}}, searchkeys.Stale()...),
			bson.D{{Key: "$set", Value: bson.D{{Key: "search", Value: p.Search}, {Key: searchkeys.VersionField, Value: p.SearchVersion}}}})
		if err != nil {
			return fmt.Errorf("search keys of profile %s: %w", p.TranslatorID, err)
		}
	}
	return nil
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

// Delete removes the translator's profile, its competencies, vacations, bank accounts,
// suspension and staff's log with it, if it is still at version (the one its Departure was
// announced for); false when it is not: gone already, or changed since it was read.
func (s *MongoStore) Delete(ctx context.Context, id string, version int64) (bool, error) {
	res, err := s.profiles.DeleteOne(ctx, bson.D{{Key: "_id", Value: id}, {Key: "version", Value: version}})
	if err != nil {
		return false, fmt.Errorf("delete profile %s: %w", id, err)
	}
	return res.DeletedCount == 1, nil
}

// listProjection leaves out what a staff list never shows.
var listProjection = bson.D{{Key: "accounts", Value: 0}, {Key: events.OutboxField, Value: 0}, {Key: "staffLog", Value: 0}, {Key: "search", Value: 0}}

func (s *MongoStore) List(ctx context.Context, f ListFilter, after *Profile, limit int) ([]Profile, error) {
	filter := bson.D{}
	if f.Suspended != nil {
		filter = append(filter, bson.E{Key: "suspended", Value: *f.Suspended})
	}
	if f.Sworn != "" {
		filter = append(filter, bson.E{Key: "competencies.sworn.verified", Value: f.Sworn == SwornVerified})
	}
	page := mongox.Keyset{Key: "createdAt", Ascending: f.Oldest, Limit: int64(limit)}
	opts := page.Options().SetProjection(listProjection)
	q := searchkeys.Parse(f.Q)
	if !q.IsZero() {
		// The index answers the profiles of q's key; those read are checked until limit match.
		filter = append(filter, bson.E{Key: "search", Value: q.Key()})
		opts.SetLimit(0)
	}
	if after != nil {
		page.After, page.AfterID = after.CreatedAt, after.TranslatorID
	}
	cur, err := s.profiles.Find(ctx, page.Filter(filter), opts)
	if err != nil {
		return nil, fmt.Errorf("find profiles: %w", err)
	}
	list, err := searchkeys.Collect(ctx, cur, limit, func(p *Profile) bool {
		return q.Match(p.FullName, p.Email) || q.Whole(p.TranslatorID)
	})
	if err != nil {
		return nil, fmt.Errorf("profiles: %w", err)
	}
	return list, nil
}
