package orders

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

type priceDoc struct {
	ID        string    `bson:"_id"`
	List      PriceList `bson:"list"`
	UpdatedAt time.Time `bson:"updatedAt"`
}

// PriceStore keeps the one current price list.
type PriceStore struct{ coll *mongo.Collection }

// NewPriceStore opens the prices collection and seeds it on first start; a list staff already
// changed is left as it is.
func NewPriceStore(ctx context.Context, db *mongo.Database, seed PriceList) (*PriceStore, error) {
	s := &PriceStore{coll: db.Collection("prices")}
	_, err := s.coll.InsertOne(ctx, priceDoc{ID: "current", List: seed, UpdatedAt: time.Now().UTC()})
	if err != nil && !mongox.IsDuplicateKey(err) {
		return nil, fmt.Errorf("seed price list: %w", err)
	}
	return s, nil
}

// Get returns the current price list.
func (s *PriceStore) Get(ctx context.Context) (PriceList, error) {
	var d priceDoc
	if err := s.coll.FindOne(ctx, bson.D{{Key: "_id", Value: "current"}}).Decode(&d); err != nil {
		if errors.Is(err, mongo.ErrNoDocuments) {
			return PriceList{}, ErrNoPrice
		}
		return PriceList{}, fmt.Errorf("load price list: %w", err)
	}
	return d.List, nil
}

// Put replaces the price list in one write.
func (s *PriceStore) Put(ctx context.Context, pl PriceList) (PriceList, error) {
	_, err := s.coll.ReplaceOne(ctx, bson.D{{Key: "_id", Value: "current"}}, priceDoc{ID: "current", List: pl, UpdatedAt: time.Now().UTC()},
		options.Replace().SetUpsert(true))
	if err != nil {
		return PriceList{}, fmt.Errorf("save price list: %w", err)
	}
	return pl, nil
}
