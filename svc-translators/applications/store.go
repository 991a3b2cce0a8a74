package applications

import (
	"context"
	"errors"
	"fmt"
	"io"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"linguaport/internal/events"
	"linguaport/internal/mailbox"
	"linguaport/internal/mongox"
	"linguaport/internal/searchkeys"
)

// MongoStore keeps one document per application in "applications" and the CVs and portfolio
// files in the GridFS bucket "application_files", each under its own id.
type MongoStore struct {
	apps   *mongo.Collection
	bucket *mongo.GridFSBucket
}

// NewMongoStore uses db and declares the indexes every query needs.
func NewMongoStore(ctx context.Context, db *mongo.Database) (*MongoStore, error) {
	s := &MongoStore{apps: db.Collection("applications"), bucket: db.GridFSBucket(options.GridFSBucket().SetName("application_files"))}
	err := mongox.EnsureIndexes(ctx, s.apps,
		// One open application per e-mail: only open ones have the field (sparse), and the
		// unique index refuses the second of two racing inserts.
		mongo.IndexModel{Keys: bson.D{{Key: "openEmail", Value: 1}}, Options: options.Index().SetUnique(true).SetSparse(true)},
		// Staff's list by submission, either way (mongox.Keyset): all, by status, by search
		// prefix, by both.
		mongo.IndexModel{Keys: bson.D{{Key: "submittedAt", Value: -1}, {Key: "_id", Value: -1}}},
		mongo.IndexModel{Keys: bson.D{{Key: "status", Value: 1}, {Key: "submittedAt", Value: -1}, {Key: "_id", Value: -1}}},
		mongo.IndexModel{Keys: bson.D{{Key: "search", Value: 1}, {Key: "submittedAt", Value: -1}, {Key: "_id", Value: -1}}},
		mongo.IndexModel{Keys: bson.D{{Key: "status", Value: 1}, {Key: "search", Value: 1}, {Key: "submittedAt", Value: -1}, {Key: "_id", Value: -1}}},
		// The applications whose search keys are of an older format (fillSearch).
		searchkeys.VersionIndex(),
		// An e-mail's applications, newest first (ByEmail: a KVKK copy for whoever proves the
		// address); read through this index, the cost is that person's applications alone.
		mongo.IndexModel{Keys: bson.D{{Key: "email", Value: 1}, {Key: "submittedAt", Value: -1}, {Key: "_id", Value: -1}}},
		events.OutboxIndex(), mailbox.Index(),
	)
	if err != nil {
		return nil, fmt.Errorf("applications indexes: %w", err)
	}
	if err := s.fillSearch(ctx); err != nil {
		return nil, err
	}
	return s, nil
}

// fillSearch gives the applications whose search keys are of an older format (searchkeys.Stale)
// new ones, found through the searchVersion index; each write is conditional on the keys still
// being stale. Names and e-mail never change after submission, so nothing newer is overwritten.
func (s *MongoStore) fillSearch(ctx context.Context) error {
	cur, err := s.apps.Find(ctx, searchkeys.Stale(), options.Find().
		SetProjection(bson.D{{Key: "firstName", Value: 1}, {Key: "lastName", Value: 1}, {Key: "email", Value: 1}}))
	if err != nil {
		return fmt.Errorf("find applications with stale search keys: %w", err)
	}
	var old []Application
	if err := cur.All(ctx, &old); err != nil {
		return fmt.Errorf("read applications with stale search keys: %w", err)
	}
	for _, a := range old {
		a.index()
		_, err := s.apps.UpdateOne(ctx, append(bson.D{{Key: "_id", Value: a.ID}}, searchkeys.Stale()...),
			bson.D{{Key: "$set", Value: bson.D{{Key: "search", Value: a.Search}, {Key: searchkeys.VersionField, Value: a.SearchVersion}}}})
		if err != nil {
			return fmt.Errorf("search keys of application %s: %w", a.ID, err)
		}
	}
	return nil
}

// Collection is the applications' collection, for the outbox relay (and tests).
func (s *MongoStore) Collection() *mongo.Collection { return s.apps }

// SaveFile streams content in GridFS chunks: the file is never held whole in memory.
func (s *MongoStore) SaveFile(ctx context.Context, id, name string, content io.Reader) error {
	if err := s.bucket.UploadFromStreamWithID(ctx, id, name, content); err != nil {
		return fmt.Errorf("store file %s: %w", id, err)
	}
	return nil
}

func (s *MongoStore) DeleteFile(ctx context.Context, id string) error {
	if err := s.bucket.Delete(ctx, id); err != nil && !errors.Is(err, mongo.ErrFileNotFound) {
		return fmt.Errorf("delete file %s: %w", id, err)
	}
	return nil
}

// EraseFile removes a stored file's bytes (its GridFS chunks) and its entry; false when there
// was no entry (erased before). The chunks are deleted either way, so a file half-deleted by a
// crash goes whole when it is erased again.
func (s *MongoStore) EraseFile(ctx context.Context, id string) (bool, error) {
	err := s.bucket.Delete(ctx, id)
	if errors.Is(err, mongo.ErrFileNotFound) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("erase file %s: %w", id, err)
	}
	return true, nil
}

func (s *MongoStore) OpenFile(ctx context.Context, id string) (io.ReadCloser, error) {
	r, err := s.bucket.OpenDownloadStream(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("open file %s: %w", id, err)
	}
	return r, nil
}

func (s *MongoStore) Insert(ctx context.Context, a Application) error {
	_, err := s.apps.InsertOne(ctx, a)
	if mongox.IsDuplicateKey(err) {
		return ErrOpen // ids are random: the one unique key that can clash is openEmail
	}
	if err != nil {
		return fmt.Errorf("insert application %s: %w", a.ID, err)
	}
	return nil
}

func (s *MongoStore) HasOpen(ctx context.Context, email string) (bool, error) {
	n, err := s.apps.CountDocuments(ctx, bson.D{{Key: "openEmail", Value: email}}, options.Count().SetLimit(1))
	if err != nil {
		return false, fmt.Errorf("open application of an e-mail: %w", err)
	}
	return n > 0, nil
}

func (s *MongoStore) Application(ctx context.Context, id string) (Application, error) {
	var a Application
	err := s.apps.FindOne(ctx, bson.D{{Key: "_id", Value: id}}).Decode(&a)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return Application{}, ErrNotFound
	}
	if err != nil {
		return Application{}, fmt.Errorf("find application %s: %w", id, err)
	}
	return a, nil
}

// ByEmail is every application of email (lower case, as stored), newest first, without the
// internal fields (search keys, outbox, mailbox): an applicant may never have had an account, so
// their e-mail is all that finds what they sent.
func (s *MongoStore) ByEmail(ctx context.Context, email string) ([]Application, error) {
	cur, err := s.apps.Find(ctx, bson.D{{Key: "email", Value: email}}, options.Find().
		SetSort(bson.D{{Key: "submittedAt", Value: -1}, {Key: "_id", Value: -1}}).
		SetProjection(bson.D{{Key: "search", Value: 0}, {Key: events.OutboxField, Value: 0}, {Key: mailbox.Field, Value: 0}}))
	if err != nil {
		return nil, fmt.Errorf("find applications of an e-mail: %w", err)
	}
	list := []Application{}
	if err := cur.All(ctx, &list); err != nil {
		return nil, fmt.Errorf("read applications of an e-mail: %w", err)
	}
	return list, nil
}

// Delete removes one application, its pending events and mails with it; false when there was
// none. Its files are the caller's to erase first (EraseFile): the application is what names them.
func (s *MongoStore) Delete(ctx context.Context, id string) (bool, error) {
	res, err := s.apps.DeleteOne(ctx, bson.D{{Key: "_id", Value: id}})
	if err != nil {
		return false, fmt.Errorf("delete application %s: %w", id, err)
	}
	return res.DeletedCount == 1, nil
}

func (s *MongoStore) List(ctx context.Context, status Status, q searchkeys.Query, oldest bool, after *Application, limit int) ([]Application, error) {
	filter := bson.D{}
	if status != "" {
		filter = append(filter, bson.E{Key: "status", Value: status})
	}
	page := mongox.Keyset{Key: "submittedAt", Ascending: oldest, Limit: int64(limit)}
	// The list shows no outbox and no search keys.
	opts := page.Options().SetProjection(bson.D{{Key: "search", Value: 0}, {Key: events.OutboxField, Value: 0}, {Key: mailbox.Field, Value: 0}})
	if !q.IsZero() {
		// The index answers the applications of q's key; those read are checked until limit match.
		filter = append(filter, bson.E{Key: "search", Value: q.Key()})
		opts.SetLimit(0)
	}
	if after != nil {
		page.After, page.AfterID = after.SubmittedAt, after.ID
	}
	cur, err := s.apps.Find(ctx, page.Filter(filter), opts)
	if err != nil {
		return nil, fmt.Errorf("list applications: %w", err)
	}
	list, err := searchkeys.Collect(ctx, cur, limit, func(a *Application) bool { return q.Match(a.searchTexts()...) })
	if err != nil {
		return nil, fmt.Errorf("applications: %w", err)
	}
	return list, nil
}

// Update changes one application in one conditional write (mongox.Update).
func (s *MongoStore) Count(ctx context.Context, status Status) (int64, error) {
	n, err := s.apps.CountDocuments(ctx, bson.D{{Key: "status", Value: status}})
	if err != nil {
		return 0, fmt.Errorf("count applications: %w", err)
	}
	return n, nil
}

func (s *MongoStore) Update(ctx context.Context, id string, change func(*Application) (*Application, error)) (Application, error) {
	a, err := mongox.Update(ctx, s.apps, id, change)
	if errors.Is(err, mongox.ErrNotFound) {
		return Application{}, ErrNotFound
	}
	if err != nil {
		return Application{}, err
	}
	return *a, nil
}
