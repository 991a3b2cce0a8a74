package auth

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"linguaport/internal/events"
	"linguaport/internal/mailbox"
	"linguaport/internal/mongox"
	"linguaport/internal/privacy"
)

// privacyIndexes: a person's requests newest first, staff's list by state newest first, the
// outbox relay's sweep and the mail relay's, and a copy's files in order.
func (s *MongoStore) openPrivacy(ctx context.Context, db *mongo.Database) error {
	s.privacy, s.privacyFiles = db.Collection("privacy_requests"), db.Collection("privacy_files")
	if err := mongox.EnsureIndexes(ctx, s.privacy,
		mongo.IndexModel{Keys: bson.D{{Key: "userId", Value: 1}, {Key: "createdAt", Value: -1}}},
		mongo.IndexModel{Keys: bson.D{{Key: "userId", Value: 1}, {Key: "kind", Value: 1}, {Key: "state", Value: 1}}},
		mongo.IndexModel{Keys: bson.D{{Key: "createdAt", Value: -1}, {Key: "_id", Value: -1}}},
		mongo.IndexModel{Keys: bson.D{{Key: "state", Value: 1}, {Key: "createdAt", Value: -1}, {Key: "_id", Value: -1}}},
		events.OutboxIndex(), mailbox.Index()); err != nil {
		return fmt.Errorf("privacy_requests indexes: %w", err)
	}
	if err := mongox.EnsureIndexes(ctx, s.privacyFiles,
		mongo.IndexModel{Keys: bson.D{{Key: "requestId", Value: 1}, {Key: "service", Value: 1}, {Key: "name", Value: 1}, {Key: "piece", Value: 1}}},
		// A service's pieces of a request, counted as they arrive (PiecesKept).
		mongo.IndexModel{Keys: bson.D{{Key: "requestId", Value: 1}, {Key: "service", Value: 1}, {Key: "pieced", Value: 1}}}); err != nil {
		return fmt.Errorf("privacy_files indexes: %w", err)
	}
	return nil
}

// PrivacyRequests is where the requests and their outboxes live, for the outbox relay.
func (s *MongoStore) PrivacyRequests() *mongo.Collection { return s.privacy }

// KickPrivacyEvents tells kick (the requests' outbox relay) of every write that queues an event.
func (s *MongoStore) KickPrivacyEvents(kick func(ids ...any)) { s.kickPrivacyEvents = kick }

// InsertPrivacy stores a new request with the events and mails it queues.
func (s *MongoStore) InsertPrivacy(ctx context.Context, d *privacyDoc) error {
	if _, err := s.privacy.InsertOne(ctx, d); err != nil {
		return fmt.Errorf("insert privacy request: %w", err)
	}
	s.kickPrivacyWrites(d)
	return nil
}

func (s *MongoStore) kickPrivacyWrites(d *privacyDoc) {
	if len(d.Pending) > 0 {
		s.kickPrivacyEvents(d.ID)
	}
	if len(d.Mails) > 0 {
		s.kickPrivacyMails(d.ID)
	}
}

// Privacy finds a request by id (ErrPrivacyNotFound).
func (s *MongoStore) Privacy(ctx context.Context, id string) (*privacyDoc, error) {
	var d privacyDoc
	err := s.privacy.FindOne(ctx, bson.D{{Key: "_id", Value: id}}).Decode(&d)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return nil, ErrPrivacyNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("privacy request %s: %w", id, err)
	}
	return &d, nil
}

// UpdatePrivacy changes a request with fn in one conditional write.
func (s *MongoStore) UpdatePrivacy(ctx context.Context, id string, fn func(*privacyDoc) (*privacyDoc, error)) (*privacyDoc, error) {
	d, err := mongox.Update(ctx, s.privacy, id, fn)
	if errors.Is(err, mongox.ErrNotFound) {
		return nil, ErrPrivacyNotFound
	}
	if err == nil {
		s.kickPrivacyWrites(d)
	}
	return d, err
}

// OpenPrivacyOf is the account's request of kind not yet delivered, or nil.
func (s *MongoStore) OpenPrivacyOf(ctx context.Context, userID, kind string) (*privacyDoc, error) {
	var d privacyDoc
	err := s.privacy.FindOne(ctx, bson.D{{Key: "userId", Value: userID}, {Key: "kind", Value: kind},
		{Key: "state", Value: bson.D{{Key: "$in", Value: bson.A{PrivacyUnverified, PrivacyOpen, PrivacyReady}}}}}).Decode(&d)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("open privacy request of %s: %w", userID, err)
	}
	return &d, nil
}

// maxPrivacyOf bounds a person's list: a handful a year is what people ask.
const maxPrivacyOf = 50

// PrivacyOf is the account's requests, newest first.
func (s *MongoStore) PrivacyOf(ctx context.Context, userID string) ([]*privacyDoc, error) {
	return s.findPrivacy(ctx, bson.D{{Key: "userId", Value: userID}}, bson.D{{Key: "userId", Value: 1}, {Key: "createdAt", Value: -1}}, maxPrivacyOf)
}

// PrivacyPage is staff's list: newest first, in state ("" for every state), after the request
// with id after ("" for the first page).
func (s *MongoStore) PrivacyPage(ctx context.Context, state, after string, limit int) ([]*privacyDoc, error) {
	filter := bson.D{}
	sort := bson.D{{Key: "createdAt", Value: -1}, {Key: "_id", Value: -1}}
	if state != "" {
		filter = append(filter, bson.E{Key: "state", Value: state})
		sort = append(bson.D{{Key: "state", Value: 1}}, sort...)
	}
	if after != "" {
		last, err := s.Privacy(ctx, after)
		if err != nil {
			return nil, err
		}
		filter = append(filter, bson.E{Key: "$or", Value: bson.A{
			bson.D{{Key: "createdAt", Value: bson.D{{Key: "$lt", Value: last.CreatedAt}}}},
			bson.D{{Key: "createdAt", Value: last.CreatedAt}, {Key: "_id", Value: bson.D{{Key: "$lt", Value: last.ID}}}},
		}})
	}
	return s.findPrivacy(ctx, filter, sort, limit)
}

func (s *MongoStore) findPrivacy(ctx context.Context, filter, sort bson.D, limit int) ([]*privacyDoc, error) {
	cur, err := s.privacy.Find(ctx, filter, options.Find().SetSort(sort).SetLimit(int64(limit)))
	if err != nil {
		return nil, fmt.Errorf("privacy requests: %w", err)
	}
	var out []*privacyDoc
	if err := cur.All(ctx, &out); err != nil {
		return nil, fmt.Errorf("privacy requests: %w", err)
	}
	return out, nil
}

// privacyFileDoc is one file of a copy. Its id names the request, service and file, so a
// redelivered answer writes it once.
type privacyFileDoc struct {
	ID        string    `bson:"_id"`
	RequestID string    `bson:"requestId"`
	Service   string    `bson:"service"`
	Name      string    `bson:"name"`
	Data      []byte    `bson:"data"`
	At        time.Time `bson:"at"`
	// Piece is the place of a piece of a large file (0 for a whole file); Pieced marks pieces.
	Piece  int  `bson:"piece"`
	Pieced bool `bson:"pieced,omitempty"`
}

// SavePrivacyFiles keeps a service's files of a request; a file kept before stays as it was.
func (s *MongoStore) SavePrivacyFiles(ctx context.Context, requestID, service string, files []privacy.File) error {
	now := time.Now().UTC()
	for _, f := range files {
		if f.Chunks > 0 {
			continue // its pieces come on their own (SavePrivacyPiece)
		}
		doc := privacyFileDoc{ID: requestID + "/" + service + "/" + f.Name, RequestID: requestID, Service: service, Name: f.Name, Data: f.Data, At: now}
		if _, err := s.privacyFiles.InsertOne(ctx, doc); err != nil && !mongox.IsDuplicateKey(err) {
			return fmt.Errorf("keep %s of %s: %w", doc.ID, requestID, err)
		}
	}
	return nil
}

// duplicateKey is the server's code for a write of an _id already kept.
const duplicateKey = 11000

// SavePrivacyPieces keeps pieces of a request's files (a large file's, or small files that came
// whole in one bundle), and says whether all of them are new: a piece kept before stays as it
// was, and then (false) the caller counts what is kept rather than what came. A bundle's files
// (a hundred documents of a few kilobytes) are written piecesPerWrite at a time with a rest
// after each (mongox.Rest): in one write they held the database for up to 1.6 s
// (bench/privacy), which no rest after it could split.
func (s *MongoStore) SavePrivacyPieces(ctx context.Context, pieces []privacy.PartChunk) (bool, error) {
	allNew := true
	now := time.Now().UTC()
	for start := 0; start < len(pieces); start += piecesPerWrite {
		began := time.Now()
		group := pieces[start:min(len(pieces), start+piecesPerWrite)]
		docs := make([]any, len(group))
		for i, c := range group {
			docs[i] = privacyFileDoc{ID: fmt.Sprintf("%s/%s/%s/%d", c.RequestID, c.Service, c.Name, c.Index), RequestID: c.RequestID, Service: c.Service,
				Name: c.Name, Data: c.Data, At: now, Piece: c.Index, Pieced: true}
		}
		fresh, err := s.insertPieces(ctx, docs)
		if err != nil {
			return false, fmt.Errorf("keep %d pieces of %s: %w", len(group), group[0].RequestID, err)
		}
		allNew = allNew && fresh
		if start+piecesPerWrite < len(pieces) {
			if err := mongox.Rest(ctx, time.Since(began)); err != nil {
				return false, err
			}
		}
	}
	return allNew, nil
}

// piecesPerWrite is how many pieces one write keeps; a bundle holds as many small files as fit
// in privacy.ChunkBytes, over a hundred documents of a few kilobytes.
const piecesPerWrite = 16

// insertPieces writes docs, unordered: a redelivered bundle's pieces that were kept fail alone,
// the others are kept. It answers whether none had been kept before.
func (s *MongoStore) insertPieces(ctx context.Context, docs []any) (bool, error) {
	_, err := s.privacyFiles.InsertMany(ctx, docs, options.InsertMany().SetOrdered(false))
	if err == nil {
		return true, nil
	}
	var bulk mongo.BulkWriteException
	if errors.As(err, &bulk) && bulk.WriteConcernError == nil && len(bulk.WriteErrors) > 0 &&
		!slices.ContainsFunc(bulk.WriteErrors, func(we mongo.BulkWriteError) bool { return we.Code != duplicateKey }) {
		return false, nil
	}
	if mongox.IsDuplicateKey(err) && len(docs) == 1 {
		return false, nil
	}
	return false, err
}

// PiecesKept counts the pieces of large files a service answered a request with.
func (s *MongoStore) PiecesKept(ctx context.Context, requestID, service string) (int, error) {
	n, err := s.privacyFiles.CountDocuments(ctx, bson.D{{Key: "requestId", Value: requestID}, {Key: "service", Value: service}, {Key: "pieced", Value: true}})
	if err != nil {
		return 0, fmt.Errorf("pieces of %s from %s: %w", requestID, service, err)
	}
	return int(n), nil
}

// PrivacyFiles walks a request's files, service then name then piece, one at a time (a copy of
// a busy customer is megabytes: it is never held whole).
func (s *MongoStore) PrivacyFiles(ctx context.Context, requestID string, each func(service, name string, piece int, data []byte) error) error {
	cur, err := s.privacyFiles.Find(ctx, bson.D{{Key: "requestId", Value: requestID}},
		options.Find().SetSort(bson.D{{Key: "requestId", Value: 1}, {Key: "service", Value: 1}, {Key: "name", Value: 1}, {Key: "piece", Value: 1}}))
	if err != nil {
		return fmt.Errorf("files of %s: %w", requestID, err)
	}
	defer cur.Close(ctx)
	for cur.Next(ctx) {
		var f privacyFileDoc
		if err := cur.Decode(&f); err != nil {
			return fmt.Errorf("files of %s: %w", requestID, err)
		}
		if err := each(f.Service, f.Name, f.Piece, f.Data); err != nil {
			return err
		}
	}
	return cur.Err()
}
