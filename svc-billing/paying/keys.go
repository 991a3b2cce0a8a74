package paying

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"linguaport/internal/mongox"
)

// ErrKeyReused is an Idempotency-Key sent again with another request.
var ErrKeyReused = errors.New("idempotency key used for another request")

// Keys remembers which request each Idempotency-Key named.
type Keys interface {
	// Claim records that owner's key names the request fingerprint; the same key and
	// fingerprint again is fine (a retry), the same key with another fingerprint is ErrKeyReused.
	Claim(ctx context.Context, owner, key, fingerprint string) error
}

// MongoKeys keeps one document per (owner, key) in "idempotency_keys", found by _id. Keys are
// small and a customer makes one per click of Pay, so they are kept rather than expired.
type MongoKeys struct{ coll *mongo.Collection }

// NewMongoKeys uses db's "idempotency_keys".
func NewMongoKeys(db *mongo.Database) *MongoKeys {
	return &MongoKeys{coll: db.Collection("idempotency_keys")}
}

type keyDoc struct {
	ID          string    `bson:"_id"`
	Fingerprint string    `bson:"fingerprint"`
	At          time.Time `bson:"at"`
}

func (k *MongoKeys) Claim(ctx context.Context, owner, key, fingerprint string) error {
	id := owner + "/" + key
	_, err := k.coll.InsertOne(ctx, keyDoc{ID: id, Fingerprint: fingerprint, At: time.Now().UTC()})
	if err == nil {
		return nil
	}
	if !mongox.IsDuplicateKey(err) {
		return fmt.Errorf("claim idempotency key: %w", err)
	}
	var seen keyDoc
	if err := k.coll.FindOne(ctx, bson.D{{Key: "_id", Value: id}}).Decode(&seen); err != nil {
		return fmt.Errorf("read idempotency key: %w", err)
	}
	if seen.Fingerprint != fingerprint {
		return ErrKeyReused
	}
	return nil
}

// DeleteOwner removes every key owner claimed (their Pay clicks), for their KVKK erasure
// (svc-billing/datacopy), and answers how many. The keys' _ids start with the owner and a slash,
// so a regular expression anchored at the start, case-sensitive, is a range of the _id index.
func (k *MongoKeys) DeleteOwner(ctx context.Context, owner string) (int64, error) {
	if owner == "" {
		return 0, nil
	}
	res, err := k.coll.DeleteMany(ctx, bson.D{{Key: "_id", Value: bson.D{{Key: "$regex", Value: "^" + regexp.QuoteMeta(owner+"/")}}}})
	if err != nil {
		return 0, fmt.Errorf("delete idempotency keys: %w", err)
	}
	return res.DeletedCount, nil
}
