package earnings

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
)

// Store keeps the payouts and the read model of the translators' bank accounts (the ledger is
// balance's).
type Store interface {
	// InsertPayout stores p; a payout with its id already there is left as it is (nil).
	InsertPayout(ctx context.Context, p Payout) error
	// Payout is ErrPayoutNotFound for an unknown id.
	Payout(ctx context.Context, id string) (Payout, error)
	// Payouts lists the translator's payouts newest first, at most limit.
	Payouts(ctx context.Context, translatorID string, limit int) ([]Payout, error)
	// ListPayouts lists the payouts in status in k's order and page; q ("" = all) is a payout's
	// id or its translator's id.
	ListPayouts(ctx context.Context, status, q string, k mongox.Keyset) ([]Payout, error)
	// Count counts the payouts in status.
	Count(ctx context.Context, status string) (int64, error)
	// StartRejecting marks a requested payout as being rejected (no longer payable).
	StartRejecting(ctx context.Context, id string) error
	// Decide moves a requested payout to Paid (not once a reject began) or Rejected (only once it
	// began), queuing e in the same write; a payout not in that state is left as it is, and e
	// with it. It reports whether this call decided.
	Decide(ctx context.Context, id, status, by, reason string, at time.Time, e events.Event) (bool, error)
	// SetAccounts keeps a's list unless a newer version is kept already (a list with no
	// account and no name creates no document).
	SetAccounts(ctx context.Context, a PayoutAccounts) error
	// Accounts is the translator's newest list, empty when none was announced.
	Accounts(ctx context.Context, translatorID string) (PayoutAccounts, error)
}

// MongoStore keeps payouts in "earnings_payouts" and the bank accounts in
// "earnings_payout_accounts" (one document per translator, found by _id).
type MongoStore struct {
	payouts, accounts *mongo.Collection
}

// NewMongoStore uses db and declares the indexes every query needs.
func NewMongoStore(ctx context.Context, db *mongo.Database) (*MongoStore, error) {
	s := &MongoStore{payouts: db.Collection("earnings_payouts"), accounts: db.Collection("earnings_payout_accounts")}
	// A translator's own payouts; staff's list by status, alone or with the translator searched
	// for, in requestedAt then _id order (ListPayouts' keyset).
	err := mongox.EnsureIndexes(ctx, s.payouts,
		mongo.IndexModel{Keys: bson.D{{Key: "translatorId", Value: 1}, {Key: "requestedAt", Value: -1}}},
		mongo.IndexModel{Keys: bson.D{{Key: "status", Value: 1}, {Key: "requestedAt", Value: 1}, {Key: "_id", Value: 1}}},
		mongo.IndexModel{Keys: bson.D{{Key: "status", Value: 1}, {Key: "translatorId", Value: 1}, {Key: "requestedAt", Value: 1}, {Key: "_id", Value: 1}}},
		// payout.paid and payout.rejected wait here for their relay's sweep.
		events.OutboxIndex())
	if err != nil {
		return nil, err
	}
	return s, nil
}

// Payouts' collection (tests look inside).
func (s *MongoStore) PayoutCollection() *mongo.Collection { return s.payouts }

func (s *MongoStore) InsertPayout(ctx context.Context, p Payout) error {
	if _, err := s.payouts.InsertOne(ctx, p); err != nil && !mongox.IsDuplicateKey(err) {
		return fmt.Errorf("insert payout %s: %w", p.ID, err)
	}
	return nil
}

func (s *MongoStore) Payout(ctx context.Context, id string) (Payout, error) {
	var p Payout
	err := s.payouts.FindOne(ctx, bson.D{{Key: "_id", Value: id}}).Decode(&p)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return Payout{}, ErrPayoutNotFound
	}
	if err != nil {
		return Payout{}, fmt.Errorf("read payout %s: %w", id, err)
	}
	return p, nil
}

func (s *MongoStore) Payouts(ctx context.Context, translatorID string, limit int) ([]Payout, error) {
	return s.find(ctx, bson.D{{Key: "translatorId", Value: translatorID}},
		options.Find().SetSort(bson.D{{Key: "requestedAt", Value: -1}}).SetLimit(int64(limit)))
}

// AllPayouts is every payout the translator requested, newest first, for their KVKK copy
// (svc-billing/datacopy): unlike Payouts no page bounds it; the {translatorId, requestedAt} index
// serves it, so it reads the translator's payouts and no others.
func (s *MongoStore) AllPayouts(ctx context.Context, translatorID string) ([]Payout, error) {
	return s.find(ctx, bson.D{{Key: "translatorId", Value: translatorID}},
		options.Find().SetSort(bson.D{{Key: "requestedAt", Value: -1}}))
}

func (s *MongoStore) ListPayouts(ctx context.Context, status, q string, k mongox.Keyset) ([]Payout, error) {
	filter := bson.D{{Key: "status", Value: status}}
	if q != "" {
		filter = append(filter, bson.E{Key: "$or", Value: bson.A{bson.D{{Key: "_id", Value: q}}, bson.D{{Key: "translatorId", Value: q}}}})
	}
	return s.find(ctx, k.Filter(filter), k.Options())
}

func (s *MongoStore) find(ctx context.Context, filter bson.D, opts *options.FindOptionsBuilder) ([]Payout, error) {
	cur, err := s.payouts.Find(ctx, filter, opts)
	if err != nil {
		return nil, fmt.Errorf("find payouts: %w", err)
	}
	list := []Payout{}
	if err := cur.All(ctx, &list); err != nil {
		return nil, fmt.Errorf("read payouts: %w", err)
	}
	return list, nil
}

func (s *MongoStore) Count(ctx context.Context, status string) (int64, error) {
	n, err := s.payouts.CountDocuments(ctx, bson.D{{Key: "status", Value: status}})
	if err != nil {
		return 0, fmt.Errorf("count %s payouts: %w", status, err)
	}
	return n, nil
}

func (s *MongoStore) StartRejecting(ctx context.Context, id string) error {
	_, err := s.payouts.UpdateOne(ctx, bson.D{{Key: "_id", Value: id}, {Key: "status", Value: Requested}},
		bson.D{{Key: "$set", Value: bson.D{{Key: "rejecting", Value: true}}}})
	if err != nil {
		return fmt.Errorf("reject payout %s: %w", id, err)
	}
	return nil
}

func (s *MongoStore) Decide(ctx context.Context, id, status, by, reason string, at time.Time, e events.Event) (bool, error) {
	filter := bson.D{{Key: "_id", Value: id}, {Key: "status", Value: Requested}, {Key: "rejecting", Value: status == Rejected}}
	set := bson.D{{Key: "status", Value: status}, {Key: "decidedAt", Value: at}, {Key: "decidedBy", Value: by}}
	if status == Rejected {
		set = append(set, bson.E{Key: "reason", Value: reason})
	}
	push, mark := events.PushUpdate(e)
	res, err := s.payouts.UpdateOne(ctx, filter, bson.D{{Key: "$set", Value: append(set, mark)}, {Key: "$push", Value: bson.D{push}}})
	if err != nil {
		return false, fmt.Errorf("%s payout %s: %w", status, id, err)
	}
	return res.ModifiedCount == 1, nil
}

// Collection is the payouts' collection, whose outboxes the relay publishes.
func (s *MongoStore) Collection() *mongo.Collection { return s.payouts }

// SetAccounts replaces the kept list only by a higher version: an older or repeated
// announcement finds no document to replace and its upsert runs into the kept one's _id.
//
// A list with no account and no name replaces a kept list but creates none: a translator
// without accounts needs no document (Accounts answers the empty list), and svc-translators
// announces such a list when it erases a translator (KVKK), which must not bring back the
// document svc-billing's own erasure removed (DeleteAccounts) when it arrives after it.
func (s *MongoStore) SetAccounts(ctx context.Context, a PayoutAccounts) error {
	if a.Accounts == nil {
		a.Accounts = []PayoutAccount{}
	}
	nothing := len(a.Accounts) == 0 && a.Name == ""
	_, err := s.accounts.ReplaceOne(ctx, bson.D{{Key: "_id", Value: a.TranslatorID}, {Key: "version", Value: bson.D{{Key: "$lt", Value: a.Version}}}},
		a, options.Replace().SetUpsert(!nothing))
	if err != nil && !mongox.IsDuplicateKey(err) {
		return fmt.Errorf("keep bank accounts of %s: %w", a.TranslatorID, err)
	}
	return nil
}

func (s *MongoStore) Accounts(ctx context.Context, translatorID string) (PayoutAccounts, error) {
	var a PayoutAccounts
	err := s.accounts.FindOne(ctx, bson.D{{Key: "_id", Value: translatorID}}).Decode(&a)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return PayoutAccounts{TranslatorID: translatorID, Accounts: []PayoutAccount{}}, nil
	}
	if err != nil {
		return PayoutAccounts{}, fmt.Errorf("read bank accounts of %s: %w", translatorID, err)
	}
	return a, nil
}

// DeleteAccounts removes the read model of the translator's bank accounts, for their KVKK erasure
// (svc-billing/datacopy): the payouts keep the IBAN each was paid to, so future payouts are all
// the list was for. It answers the list removed, and false when none was kept; a point delete on
// _id, which needs no index.
func (s *MongoStore) DeleteAccounts(ctx context.Context, translatorID string) (PayoutAccounts, bool, error) {
	var a PayoutAccounts
	err := s.accounts.FindOneAndDelete(ctx, bson.D{{Key: "_id", Value: translatorID}}).Decode(&a)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return PayoutAccounts{TranslatorID: translatorID, Accounts: []PayoutAccount{}}, false, nil
	}
	if err != nil {
		return PayoutAccounts{}, false, fmt.Errorf("delete bank accounts of %s: %w", translatorID, err)
	}
	return a, true, nil
}
