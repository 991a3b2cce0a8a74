package catalog

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"linguaport/internal/errs"
	"linguaport/internal/mongox"
	"linguaport/internal/searchkeys"
)

// versioned documents carry the version change writes them under.
type versioned interface{ versionPtr() *int64 }

// versionIs matches a document's version; 0 also matches a document written before versions
// (the FAQ and testimonials seeded before the back office).
func versionIs(v int64) bson.E {
	if v == 0 {
		return bson.E{Key: "version", Value: bson.D{{Key: "$in", Value: bson.A{int64(0), nil}}}}
	}
	return bson.E{Key: "version", Value: v}
}

// changeBudget bounds how long change retries a lost race.
const changeBudget = 5 * time.Second

// change loads document id, lets fn turn it into its next state and writes that state only if
// nobody wrote the document in between (one conditional single-document write). want is the
// version the caller's edit was based on: any other is ErrStale. With want < 0 (an action such
// as publish, based on no version) a lost race loads again and asks fn again, so fn must be a
// pure decision on the document it is given. It answers the document before and after.
func change[T any, P interface {
	*T
	versioned
}](ctx context.Context, coll *mongo.Collection, id any, want int64, fn func(P) error) (before, after T, err error) {
	deadline := time.Now().Add(changeBudget)
	for {
		var cur T
		if err := coll.FindOne(ctx, bson.D{{Key: "_id", Value: id}}).Decode(&cur); err != nil {
			if errors.Is(err, mongo.ErrNoDocuments) {
				return before, after, ErrNotFound
			}
			return before, after, fmt.Errorf("load %s/%v: %w", coll.Name(), id, err)
		}
		before = cur
		next := cur
		seen := *P(&next).versionPtr()
		if want >= 0 && seen != want {
			return before, after, ErrStale
		}
		if err := fn(P(&next)); err != nil {
			return before, after, err
		}
		*P(&next).versionPtr() = seen + 1
		res, err := coll.ReplaceOne(ctx, bson.D{{Key: "_id", Value: id}, versionIs(seen)}, &next)
		if err != nil {
			return before, after, fmt.Errorf("save %s/%v: %w", coll.Name(), id, err)
		}
		if res.MatchedCount == 1 {
			return before, next, nil
		}
		if want >= 0 {
			return before, after, ErrStale
		}
		if time.Now().After(deadline) {
			return before, after, fmt.Errorf("%s/%v: %w", coll.Name(), id, errs.ErrConflict)
		}
		select {
		case <-ctx.Done():
			return before, after, ctx.Err()
		case <-time.After(time.Millisecond + rand.N(20*time.Millisecond)):
		}
	}
}

// postWriteErr: the one unique key of posts beside _id (random for new posts) is the slug.
func postWriteErr(err error) error {
	if mongox.IsDuplicateKey(err) {
		return ErrSlugTaken
	}
	return err
}

// StaffPosts is served (in either direction) by {keys, updatedAt, _id}. Searching, the index
// answers the posts of the search's key, which are checked here (listing), the total too.
func (s *MongoStore) StaffPosts(ctx context.Context, l listing, oldest bool, after *Post, limit int) ([]Post, int, error) {
	filter := bson.D{{Key: "keys", Value: l.key}}
	keep := func(p *Post) bool { return l.match(p.searchDims(), p.searchTexts()...) }
	var total int
	if l.searching() {
		cur, err := s.posts.Find(ctx, filter, options.Find().SetProjection(
			bson.D{{Key: "lang", Value: 1}, {Key: "status", Value: 1}, {Key: "title", Value: 1}, {Key: "slug", Value: 1}}))
		if err != nil {
			return nil, 0, fmt.Errorf("count posts: %w", err)
		}
		found, err := searchkeys.Collect(ctx, cur, 0, keep)
		if err != nil {
			return nil, 0, fmt.Errorf("count posts: %w", err)
		}
		total = len(found)
	} else {
		n, err := s.posts.CountDocuments(ctx, filter)
		if err != nil {
			return nil, 0, fmt.Errorf("count posts: %w", err)
		}
		total = int(n)
	}
	page := mongox.Keyset{Key: "updatedAt", Ascending: oldest, Limit: int64(limit)}
	if after != nil {
		page.After, page.AfterID = after.UpdatedAt, after.ID
	}
	posts, err := findPage(ctx, s.posts, page, filter, bson.D{{Key: "body", Value: 0}, {Key: "keys", Value: 0}}, l, keep)
	return posts, total, err
}

// findPage reads a page of a staff list in page's order: limit documents, or, searching, as many
// of the index's as it takes to find limit that keep accepts.
func findPage[T any](ctx context.Context, coll *mongo.Collection, page mongox.Keyset, filter, projection bson.D, l listing, keep func(*T) bool) ([]T, error) {
	opts := page.Options().SetProjection(projection)
	if l.searching() {
		opts.SetLimit(0)
	}
	cur, err := coll.Find(ctx, page.Filter(filter), opts)
	if err != nil {
		return nil, fmt.Errorf("find %s: %w", coll.Name(), err)
	}
	out, err := searchkeys.Collect(ctx, cur, int(page.Limit), keep)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", coll.Name(), err)
	}
	return out, nil
}

func (s *MongoStore) PostByID(ctx context.Context, id string) (Post, error) {
	return findOne[Post](ctx, s.posts, bson.D{{Key: "_id", Value: id}})
}

func (s *MongoStore) AnyPostByKey(ctx context.Context, lang, key string) (Post, error) {
	return findOne[Post](ctx, s.posts, bson.D{{Key: "lang", Value: lang}, {Key: "translationKey", Value: key}})
}

func (s *MongoStore) InsertPost(ctx context.Context, p Post) error {
	if _, err := s.posts.InsertOne(ctx, p); err != nil {
		return postWriteErr(fmt.Errorf("insert post: %w", err))
	}
	return nil
}

func (s *MongoStore) ChangePost(ctx context.Context, id string, version int64, fn func(*Post) error) (Post, Post, error) {
	before, after, err := change(ctx, s.posts, id, version, fn)
	return before, after, postWriteErr(err)
}

// DeleteDraft deletes a post never published (no date) in one conditional write.
func (s *MongoStore) DeleteDraft(ctx context.Context, id string) (Post, error) {
	p, err := findOneAndDelete[Post](ctx, s.posts, bson.D{{Key: "_id", Value: id}, {Key: "date", Value: nil}})
	if errors.Is(err, ErrNotFound) {
		if _, err := s.PostByID(ctx, id); err == nil {
			return Post{}, ErrPostPublished
		}
	}
	return p, err
}

func findOneAndDelete[T any](ctx context.Context, coll *mongo.Collection, filter bson.D) (T, error) {
	var v T
	err := coll.FindOneAndDelete(ctx, filter).Decode(&v)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return v, ErrNotFound
	}
	if err != nil {
		return v, fmt.Errorf("delete from %s: %w", coll.Name(), err)
	}
	return v, nil
}

func (it *FAQItem) versionPtr() *int64    { return &it.Version }
func (t *Testimonial) versionPtr() *int64 { return &t.Version }
func (st *Stats) versionPtr() *int64      { return &st.Version }

func (s *MongoStore) InsertFAQ(ctx context.Context, it FAQItem) error {
	if _, err := s.faq.InsertOne(ctx, it); err != nil {
		return fmt.Errorf("insert faq: %w", err)
	}
	return nil
}

func (s *MongoStore) ChangeFAQ(ctx context.Context, id string, version int64, fn func(*FAQItem) error) (FAQItem, FAQItem, error) {
	return change(ctx, s.faq, id, version, fn)
}

func (s *MongoStore) DeleteFAQ(ctx context.Context, id string) (FAQItem, error) {
	return findOneAndDelete[FAQItem](ctx, s.faq, bson.D{{Key: "_id", Value: id}})
}

func (s *MongoStore) InsertTestimonial(ctx context.Context, t Testimonial) error {
	if _, err := s.testimonials.InsertOne(ctx, t); err != nil {
		return fmt.Errorf("insert testimonial: %w", err)
	}
	return nil
}

func (s *MongoStore) ChangeTestimonial(ctx context.Context, id string, version int64, fn func(*Testimonial) error) (Testimonial, Testimonial, error) {
	return change(ctx, s.testimonials, id, version, fn)
}

func (s *MongoStore) DeleteTestimonial(ctx context.Context, id string) (Testimonial, error) {
	return findOneAndDelete[Testimonial](ctx, s.testimonials, bson.D{{Key: "_id", Value: id}})
}

func (s *MongoStore) ChangeFigures(ctx context.Context, version int64, fn func(*Stats) error) (Stats, Stats, error) {
	return change(ctx, s.figures, figuresID, version, fn)
}

// Inquiries is served (in either direction) by {keys, order, _id}; order is unique already
// (createdAt/id), so _id only completes the shape Keyset pages by.
func (s *MongoStore) Inquiries(ctx context.Context, l listing, oldest bool, after *Inquiry, limit int) ([]Inquiry, error) {
	page := mongox.Keyset{Key: "order", Ascending: oldest, Limit: int64(limit)}
	if after != nil {
		page.After, page.AfterID = after.Order, after.ID
	}
	return findPage(ctx, s.inquiries, page, bson.D{{Key: "keys", Value: l.key}}, bson.D{{Key: "keys", Value: 0}}, l,
		func(in *Inquiry) bool { return l.match(in.searchDims(), in.searchTexts()...) })
}

func (s *MongoStore) Inquiry(ctx context.Context, id string) (Inquiry, error) {
	return findOne[Inquiry](ctx, s.inquiries, bson.D{{Key: "_id", Value: id}})
}

func (s *MongoStore) ChangeInquiry(ctx context.Context, id string, fn func(*Inquiry) error) (Inquiry, Inquiry, error) {
	return change(ctx, s.inquiries, id, -1, fn)
}

func (s *MongoStore) CountInquiries(ctx context.Context, key string) (int, error) {
	n, err := s.inquiries.CountDocuments(ctx, bson.D{{Key: "keys", Value: key}})
	if err != nil {
		return 0, fmt.Errorf("count inquiries: %w", err)
	}
	return int(n), nil
}

// moveLegacyPosts gives the seeded posts stored before the back office (id "lang/slug", no keys)
// their seed id. An id cannot change in place, and the new document cannot be written beside the
// old (the slug is unique per language), so the old one is deleted and the seeding that follows
// inserts the post again from the seed: nobody could edit posts before the back office, so the
// seed is what was there, and a crash in between is healed by the next start's seeding. Only
// documents still without keys are touched: once moved, or edited by staff, a post is left alone.
func (s *MongoStore) moveLegacyPosts(ctx context.Context, seed []Post) error {
	for _, p := range seed {
		legacy := bson.D{{Key: "_id", Value: p.Lang + "/" + p.Slug}, {Key: "keys", Value: nil}}
		if _, err := s.posts.DeleteOne(ctx, legacy); err != nil {
			return fmt.Errorf("move post %s/%s: %w", p.Lang, p.Slug, err)
		}
	}
	return nil
}

// migrate brings posts and inquiries written before the back office up to its shape: a post
// without a status was on the public blog, so it is published; an inquiry without one is open.
// Both get the keys staff's lists find them by, and so do those whose keys are of an older
// format (searchkeys.Stale). Each document is one conditional write, so replicas starting
// together and restarts change nothing twice: a document without keys is replaced while it
// still has none; one with old keys gets new ones while its version is the one read (a staff
// change meanwhile gave it new keys). The documents are found through the searchVersion index.
// Inquiries stored before the key of their address get it too (backfillEmailKeys).
func (s *MongoStore) migrate(ctx context.Context) error {
	posts, err := findAll[Post](ctx, s.posts, searchkeys.Stale(), options.Find())
	if err != nil {
		return err
	}
	for _, p := range posts {
		legacy := p.Keys == nil
		if p.Status == "" {
			p.Status = PostPublished
		}
		if p.UpdatedAt.IsZero() && p.Date != nil {
			p.UpdatedAt = *p.Date
		}
		p.index()
		if err := migrateOne(ctx, s.posts, p.ID, legacy, p.Version, p.Keys, p); err != nil {
			return err
		}
	}
	inquiries, err := findAll[Inquiry](ctx, s.inquiries, searchkeys.Stale(), options.Find())
	if err != nil {
		return err
	}
	for _, in := range inquiries {
		legacy := in.Keys == nil
		if in.Status == "" {
			in.Status = InquiryOpen
		}
		if in.Replies == nil {
			in.Replies = []Reply{}
		}
		in.index()
		if err := migrateOne(ctx, s.inquiries, in.ID, legacy, in.Version, in.Keys, in); err != nil {
			return err
		}
	}
	return s.backfillEmailKeys(ctx)
}

// migrateOne writes doc (legacy: stored before the back office, without keys) or only its new
// keys (version: the one read).
func migrateOne(ctx context.Context, coll *mongo.Collection, id string, legacy bool, version int64, keys []string, doc any) error {
	var err error
	if legacy {
		_, err = coll.ReplaceOne(ctx, bson.D{{Key: "_id", Value: id}, {Key: "keys", Value: nil}}, doc)
	} else {
		_, err = coll.UpdateOne(ctx, bson.D{{Key: "_id", Value: id}, {Key: "version", Value: version}, searchkeys.Stale()[0]},
			bson.D{{Key: "$set", Value: bson.D{{Key: "keys", Value: keys}, {Key: searchkeys.VersionField, Value: searchkeys.Version}}}})
	}
	if err != nil {
		return fmt.Errorf("migrate %s/%s: %w", coll.Name(), id, err)
	}
	return nil
}
