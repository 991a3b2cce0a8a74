package profile

import (
	"context"
	"errors"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"linguaport/internal/mongox"
)

// MongoStore keeps one profile document per customer in the service's own database, keyed by
// the customer's id: every query is a point lookup on _id, which needs no index of its own.
type MongoStore struct {
	profiles *mongo.Collection
}

// NewMongoStore uses db.
func NewMongoStore(_ context.Context, db *mongo.Database) (*MongoStore, error) {
	return &MongoStore{profiles: db.Collection("profiles")}, nil
}

func (s *MongoStore) Profile(ctx context.Context, customerID string) (Profile, error) {
	var p Profile
	err := s.profiles.FindOne(ctx, bson.D{{Key: "_id", Value: customerID}}).Decode(&p)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return Profile{}, ErrNotFound
	}
	if err != nil {
		return Profile{}, fmt.Errorf("find profile: %w", err)
	}
	return p, nil
}

// saveAttempts: two upserts of a new _id racing each other can have one fail on the _id index
// (MongoDB retries that itself since 4.2, not every server does); the retry finds the document
// and replaces it.
const saveAttempts = 3

// Save replaces the whole document, or inserts it: one write, so concurrent saves never mix
// fields of two requests and the last one wins whole.
func (s *MongoStore) Save(ctx context.Context, p Profile) error {
	var err error
	for range saveAttempts {
		_, err = s.profiles.ReplaceOne(ctx, bson.D{{Key: "_id", Value: p.CustomerID}}, p, options.Replace().SetUpsert(true))
		if !mongox.IsDuplicateKey(err) {
			break
		}
	}
	if err != nil {
		return fmt.Errorf("save profile: %w", err)
	}
	return nil
}

// Delete removes the customer's billing details, for their KVKK erasure (svc-billing/datacopy):
// their invoices keep the details they were issued with, so nothing else needs the profile. It
// reports whether there was one to remove; a point delete on _id, which needs no index.
func (s *MongoStore) Delete(ctx context.Context, customerID string) (bool, error) {
	res, err := s.profiles.DeleteOne(ctx, bson.D{{Key: "_id", Value: customerID}})
	if err != nil {
		return false, fmt.Errorf("delete profile: %w", err)
	}
	return res.DeletedCount == 1, nil
}
