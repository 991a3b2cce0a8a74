package catalog

import (
	"context"
	"errors"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"linguaport/internal/events"
	"linguaport/internal/mailbox"
	"linguaport/internal/mongox"
	"linguaport/internal/searchkeys"
)

// MongoStore keeps the catalogue in the service's own database.
type MongoStore struct {
	services, languages, posts, faq, testimonials, legal, inquiries, figures *mongo.Collection
}

// NewMongoStore uses db and makes sure the indexes its queries need exist.
func NewMongoStore(ctx context.Context, db *mongo.Database) (*MongoStore, error) {
	s := &MongoStore{
		services:     db.Collection("services"),
		languages:    db.Collection("languages"),
		posts:        db.Collection("posts"),
		faq:          db.Collection("faq"),
		testimonials: db.Collection("testimonials"),
		legal:        db.Collection("legal"),
		inquiries:    db.Collection("inquiries"),
		figures:      db.Collection("figures"),
	}
	byOrderIndex := mongo.IndexModel{Keys: bson.D{{Key: "order", Value: 1}}}
	err := errors.Join(
		mongox.EnsureIndexes(ctx, s.services, byOrderIndex),
		mongox.EnsureIndexes(ctx, s.languages, byOrderIndex),
		mongox.EnsureIndexes(ctx, s.posts,
			mongo.IndexModel{Keys: bson.D{{Key: "lang", Value: 1}, {Key: "slug", Value: 1}}, Options: options.Index().SetUnique(true)},
			// The public list: _id breaks ties between posts of one date, so pages never overlap.
			mongo.IndexModel{Keys: bson.D{{Key: "lang", Value: 1}, {Key: "status", Value: 1}, {Key: "date", Value: -1}, {Key: "_id", Value: 1}}},
			mongo.IndexModel{Keys: bson.D{{Key: "lang", Value: 1}, {Key: "translationKey", Value: 1}, {Key: "status", Value: 1}}},
			// Staff's list by updatedAt either way, filtered and searched (search.go); Keyset pages
			// by the key and _id in one direction.
			mongo.IndexModel{Keys: bson.D{{Key: "keys", Value: 1}, {Key: "updatedAt", Value: -1}, {Key: "_id", Value: -1}}},
			// The posts whose keys are of an older format, which migrate renews.
			searchkeys.VersionIndex()),
		mongox.EnsureIndexes(ctx, s.faq,
			mongo.IndexModel{Keys: bson.D{{Key: "category", Value: 1}, {Key: "order", Value: 1}}},
			byOrderIndex),
		mongox.EnsureIndexes(ctx, s.inquiries, mongo.IndexModel{Keys: bson.D{{Key: "createdAt", Value: -1}}},
			// Staff's list, newest first, filtered and searched (search.go); the open count.
			mongo.IndexModel{Keys: bson.D{{Key: "keys", Value: 1}, {Key: "order", Value: -1}, {Key: "_id", Value: -1}}},
			searchkeys.VersionIndex(), events.OutboxIndex(), mailbox.Index(),
			// A KVKK request's (copy, erasure): the sender's inquiries by their address (privacy.go).
			mongo.IndexModel{Keys: bson.D{{Key: "emailKey", Value: 1}, {Key: "createdAt", Value: 1}}}),
	)
	if err != nil {
		return nil, err
	}
	return s, nil
}

func findAll[T any](ctx context.Context, coll *mongo.Collection, filter bson.D, opts *options.FindOptionsBuilder) ([]T, error) {
	cur, err := coll.Find(ctx, filter, opts)
	if err != nil {
		return nil, fmt.Errorf("find %s: %w", coll.Name(), err)
	}
	out := []T{}
	if err := cur.All(ctx, &out); err != nil {
		return nil, fmt.Errorf("read %s: %w", coll.Name(), err)
	}
	return out, nil
}

func findOne[T any](ctx context.Context, coll *mongo.Collection, filter bson.D) (T, error) {
	var v T
	err := coll.FindOne(ctx, filter).Decode(&v)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return v, ErrNotFound
	}
	if err != nil {
		return v, fmt.Errorf("find %s: %w", coll.Name(), err)
	}
	return v, nil
}

var byOrder = options.Find().SetSort(bson.D{{Key: "order", Value: 1}})

func (s *MongoStore) Services(ctx context.Context) ([]ServiceEntry, error) {
	return findAll[ServiceEntry](ctx, s.services, bson.D{}, byOrder)
}

func (s *MongoStore) Languages(ctx context.Context) ([]Language, error) {
	return findAll[Language](ctx, s.languages, bson.D{}, byOrder)
}

// Collection is the inquiries' collection, for the outbox relay of the reply mails.
func (s *MongoStore) Collection() *mongo.Collection { return s.inquiries }

var published = bson.E{Key: "status", Value: PostPublished}

func (s *MongoStore) Posts(ctx context.Context, lang string, skip, limit int) ([]Post, int, error) {
	filter := bson.D{{Key: "lang", Value: lang}, published}
	total, err := s.posts.CountDocuments(ctx, filter)
	if err != nil {
		return nil, 0, fmt.Errorf("count posts: %w", err)
	}
	posts, err := findAll[Post](ctx, s.posts, filter, options.Find().
		SetSort(bson.D{{Key: "date", Value: -1}, {Key: "_id", Value: 1}}).SetSkip(int64(skip)).SetLimit(int64(limit)).
		SetProjection(bson.D{{Key: "body", Value: 0}, {Key: "keys", Value: 0}}))
	return posts, int(total), err
}

func (s *MongoStore) Post(ctx context.Context, lang, slug string) (Post, error) {
	return findOne[Post](ctx, s.posts, bson.D{{Key: "lang", Value: lang}, {Key: "slug", Value: slug}, published})
}

func (s *MongoStore) PostByKey(ctx context.Context, lang, key string) (Post, error) {
	return findOne[Post](ctx, s.posts, bson.D{{Key: "lang", Value: lang}, {Key: "translationKey", Value: key}, published})
}

// figuresID is the one document of the marketing figures.
const figuresID = "current"

func (s *MongoStore) Figures(ctx context.Context) (Stats, error) {
	return findOne[Stats](ctx, s.figures, bson.D{{Key: "_id", Value: figuresID}})
}

func (s *MongoStore) FAQ(ctx context.Context, category string) ([]FAQItem, error) {
	filter := bson.D{}
	if category != "" {
		filter = bson.D{{Key: "category", Value: category}}
	}
	items, err := findAll[FAQItem](ctx, s.faq, filter, byOrder)
	if err != nil {
		return nil, err
	}
	// Categories in their display order, items in theirs within each.
	sorted := make([]FAQItem, 0, len(items))
	for _, c := range FAQCategories {
		for _, it := range items {
			if it.Category == c {
				sorted = append(sorted, it)
			}
		}
	}
	return sorted, nil
}

func (s *MongoStore) Testimonials(ctx context.Context) ([]Testimonial, error) {
	return findAll[Testimonial](ctx, s.testimonials, bson.D{}, options.Find().SetSort(bson.D{{Key: "_id", Value: 1}}))
}

func (s *MongoStore) Legal(ctx context.Context, id string) (LegalDoc, error) {
	return findOne[LegalDoc](ctx, s.legal, bson.D{{Key: "_id", Value: id}})
}

func (s *MongoStore) AddInquiry(ctx context.Context, in Inquiry) error {
	if _, err := s.inquiries.InsertOne(ctx, in); err != nil {
		return fmt.Errorf("store inquiry: %w", err)
	}
	return nil
}

// seedOne inserts doc unless a document with its id exists, so seeding on every start never
// overwrites what staff have edited.
// seedReplace writes doc under id whether or not it is there, and reports whether it was new.
// Writing the same document again changes nothing.
func seedReplace(ctx context.Context, coll *mongo.Collection, id string, doc any) (bool, error) {
	res, err := coll.ReplaceOne(ctx, bson.D{{Key: "_id", Value: id}}, doc, options.Replace().SetUpsert(true))
	if err != nil {
		return false, fmt.Errorf("seed %s/%s: %w", coll.Name(), id, err)
	}
	return res.UpsertedCount == 1, nil
}

func seedOne(ctx context.Context, coll *mongo.Collection, id any, doc any) (bool, error) {
	raw, err := bson.Marshal(doc)
	if err != nil {
		return false, err
	}
	var fields bson.M
	if err := bson.Unmarshal(raw, &fields); err != nil {
		return false, err
	}
	delete(fields, "_id") // set by the filter on insert; never "changed"
	res, err := coll.UpdateOne(ctx, bson.D{{Key: "_id", Value: id}}, bson.D{{Key: "$setOnInsert", Value: fields}}, options.UpdateOne().SetUpsert(true))
	if mongox.IsDuplicateKey(err) {
		// Another unique key (a post's slug) is staff's already, or a replica starting at the
		// same moment inserted it: what is there stays.
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("seed %s/%v: %w", coll.Name(), id, err)
	}
	return res.UpsertedCount == 1, nil
}
