package pricing

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"linguaport/internal/mongox"
)

// MongoStore keeps the price list as one document of the "prices" collection.
type MongoStore struct{ coll *mongo.Collection }

type priceDoc struct {
	ID        string    `bson:"_id"`
	List      PriceList `bson:"list"`
	UpdatedAt time.Time `bson:"updatedAt"`
}

const currentID = "current"

// NewMongoStore opens the prices collection and seeds it on first start; a list staff already
// changed is left as it is.
func NewMongoStore(ctx context.Context, db *mongo.Database, seed PriceList) (*MongoStore, error) {
	s := &MongoStore{coll: db.Collection("prices")}
	_, err := s.coll.InsertOne(ctx, priceDoc{ID: currentID, List: seed, UpdatedAt: time.Now().UTC()})
	if err != nil && !mongox.IsDuplicateKey(err) {
		return nil, fmt.Errorf("seed price list: %w", err)
	}
	return s, nil
}

func (s *MongoStore) PriceList(ctx context.Context) (PriceList, error) {
	var d priceDoc
	if err := s.coll.FindOne(ctx, bson.D{{Key: "_id", Value: currentID}}).Decode(&d); err != nil {
		if errors.Is(err, mongo.ErrNoDocuments) {
			return PriceList{}, ErrNoPrice
		}
		return PriceList{}, fmt.Errorf("load price list: %w", err)
	}
	return d.List, nil
}

// ReplacePriceList replaces the list in one write.
func (s *MongoStore) ReplacePriceList(ctx context.Context, pl PriceList) error {
	_, err := s.coll.ReplaceOne(ctx, bson.D{{Key: "_id", Value: currentID}}, priceDoc{ID: currentID, List: pl, UpdatedAt: time.Now().UTC()},
		options.Replace().SetUpsert(true))
	if err != nil {
		return fmt.Errorf("save price list: %w", err)
	}
	return nil
}
