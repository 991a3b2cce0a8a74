package balance

import (
	"context"
	"errors"
	"fmt"
	"hash/maphash"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"linguaport/internal/authn"
	"linguaport/internal/errs"
	"linguaport/internal/events"
	"linguaport/internal/mongox"
)

// MongoStore keeps the accounts in "balance_accounts", the ledger in "balance_ledger" and the
// declared transfers in "balance_transfers" (see the package comment for how a movement is
// written).
type MongoStore struct {
	accounts, ledger, transfers *mongo.Collection
	// turns make one process's movements of an account take turns (striped by customer):
	// concurrent movements of one account can only be applied one after the other anyway, and
	// racing each other with conditional writes would spend the database's time on lost writes.
	// Across processes the conditional writes alone keep the account right.
	turns [64]chan struct{}
	seed  maphash.Seed
}

// NewMongoStore keeps the customers' balances in db and declares the indexes every query needs.
func NewMongoStore(ctx context.Context, db *mongo.Database) (*MongoStore, error) {
	return NewMongoStoreNamed(ctx, db, "balance")
}

// NewMongoStoreNamed keeps another kind of account, with the same ledger, in "<name>_accounts",
// "<name>_ledger" and "<name>_transfers" (translators' earnings: "earnings"), so no route for
// one kind of owner can reach another kind's money and each ledger adds up on its own.
func NewMongoStoreNamed(ctx context.Context, db *mongo.Database, name string) (*MongoStore, error) {
	s := &MongoStore{accounts: db.Collection(name + "_accounts"), ledger: db.Collection(name + "_ledger"),
		transfers: db.Collection(name + "_transfers"), seed: maphash.MakeSeed()}
	for i := range s.turns {
		s.turns[i] = make(chan struct{}, 1)
	}
	if err := mongox.EnsureIndexes(ctx, s.accounts, events.OutboxIndex()); err != nil {
		return nil, err
	}
	err := mongox.EnsureIndexes(ctx, s.ledger,
		mongo.IndexModel{Keys: bson.D{{Key: "customerId", Value: 1}, {Key: "amount.currency", Value: 1}, {Key: "seq", Value: -1}}})
	if err != nil {
		return nil, err
	}
	// A customer's waiting transfers and staff's list: by status, alone or with the customer or
	// the bank reference searched for, in declaredAt then _id order (ListTransfers' keyset).
	err = mongox.EnsureIndexes(ctx, s.transfers,
		mongo.IndexModel{Keys: bson.D{{Key: "customerId", Value: 1}, {Key: "status", Value: 1}, {Key: "declaredAt", Value: 1}, {Key: "_id", Value: 1}}},
		mongo.IndexModel{Keys: bson.D{{Key: "status", Value: 1}, {Key: "declaredAt", Value: 1}, {Key: "_id", Value: 1}}},
		mongo.IndexModel{Keys: bson.D{{Key: "status", Value: 1}, {Key: "reference", Value: 1}, {Key: "declaredAt", Value: 1}, {Key: "_id", Value: 1}}},
		// The relay's sweep of the transfers' outboxes (transfer.declared).
		events.OutboxIndex())
	if err != nil {
		return nil, err
	}
	return s, nil
}

// Accounts is the accounts' collection, whose outboxes the relay publishes to events:billing.
func (s *MongoStore) Accounts() *mongo.Collection { return s.accounts }

// Ledger is the ledger's collection (tests look inside).
func (s *MongoStore) Ledger() *mongo.Collection { return s.ledger }

// Transfers is the transfers' collection, whose outboxes a relay publishes to events:billing.
func (s *MongoStore) Transfers() *mongo.Collection { return s.transfers }

// account is a customer's balance document.
type account struct {
	ID string `bson:"_id"`
	// Balances in the order the currencies were first held (a bson.D keeps it).
	Balances      bson.D `bson:"balances"`
	Version       int64  `bson:"version"`
	Pending       *slot  `bson:"pending"`
	events.Outbox `bson:",inline"`
}

// slot is a movement applied to the balance and not yet known to be in the ledger.
type slot struct {
	Entry `bson:",inline"`
	// EventID is the event the movement pushed to the outbox, taken back if it is reversed.
	EventID string `bson:"eventId,omitempty"`
}

func (a account) balance(currency string) int64 {
	for _, e := range a.Balances {
		if e.Key == currency {
			return number(e.Value)
		}
	}
	return 0
}

func (a account) money() []Money {
	out := make([]Money, 0, len(a.Balances))
	for _, e := range a.Balances {
		out = append(out, moneyOf(e.Key, number(e.Value)))
	}
	return out
}

// number reads a stored integer whatever width the database kept it in.
func number(v any) int64 {
	switch n := v.(type) {
	case int64:
		return n
	case int32:
		return int64(n)
	case float64:
		return int64(n)
	}
	return 0
}

// moveBudget bounds how long a movement keeps retrying writes lost to movements of the same
// account by other processes (once it has its turn in this one); backoffMin and backoffMax bound
// one wait.
const (
	moveBudget = 15 * time.Second
	backoffMin = 2 * time.Millisecond
	backoffMax = 50 * time.Millisecond
)

// Move applies e once per key (the package comment's steps) with evs pushed to the account's
// outbox in the same write, and returns the entry in the ledger. It fills in e's Seq and
// BalanceAfter.
func (s *MongoStore) Move(ctx context.Context, e Entry, evs []events.Event) (Entry, error) {
	// A repeated movement is answered without touching (or creating) the account.
	if got, err := s.Entry(ctx, e.ID); err == nil {
		return sameOrReused(got, e)
	} else if !errors.Is(err, ErrEntryNotFound) {
		return Entry{}, err
	}
	turn := s.turns[maphash.String(s.seed, e.CustomerID)%uint64(len(s.turns))]
	select {
	case turn <- struct{}{}:
		defer func() { <-turn }()
	case <-ctx.Done():
		return Entry{}, ctx.Err()
	}
	deadline := time.Now().Add(moveBudget)
	ceiling := backoffMin
	for {
		acc, err := s.account(ctx, e.CustomerID, true)
		if err != nil {
			return Entry{}, err
		}
		if acc.Pending != nil {
			if _, err := s.finish(ctx, acc); err != nil {
				return Entry{}, err
			}
			continue
		}
		// Looked for after the account was read: a movement with this key recorded since
		// changed the version, so the write below cannot apply the key a second time.
		if got, err := s.Entry(ctx, e.ID); err == nil {
			return sameOrReused(got, e)
		} else if !errors.Is(err, ErrEntryNotFound) {
			return Entry{}, err
		}
		cur := e.Amount.Currency
		bal := acc.balance(cur)
		if e.Kind == Debit && bal < e.Amount.Amount {
			return Entry{}, &InsufficientBalance{Missing: moneyOf(cur, e.Amount.Amount-bal)}
		}
		p := slot{Entry: e}
		p.Seq = acc.Version + 1
		p.BalanceAfter = moneyOf(cur, bal+e.signed())
		if len(evs) > 0 {
			p.EventID = evs[0].ID
		}
		filter := bson.D{{Key: "_id", Value: acc.ID}, {Key: "version", Value: acc.Version}, {Key: "pending", Value: nil}}
		if e.Kind == Debit {
			filter = append(filter, bson.E{Key: "balances." + cur, Value: bson.D{{Key: "$gte", Value: e.Amount.Amount}}})
		}
		set := bson.D{{Key: "pending", Value: p}}
		update := bson.D{{Key: "$inc", Value: bson.D{{Key: "balances." + cur, Value: e.signed()}, {Key: "version", Value: int64(1)}}}}
		if len(evs) > 0 {
			push, mark := events.PushUpdate(evs...)
			update = append(update, bson.E{Key: "$push", Value: bson.D{push}})
			set = append(set, mark)
		}
		update = append(update, bson.E{Key: "$set", Value: set})
		res, err := s.accounts.UpdateOne(ctx, filter, update)
		if err != nil {
			return Entry{}, fmt.Errorf("apply %s to balance of %s: %w", e.ID, e.CustomerID, err)
		}
		if res.MatchedCount == 1 {
			acc.Pending = &p
			reversed, err := s.finish(ctx, acc)
			if err != nil {
				return Entry{}, err
			}
			if !reversed {
				made := p.Entry
				made.applied = true
				return made, nil
			}
			continue // the key is another account's: the ledger says whose
		}
		// Lost to another movement (or the relay emptying the outbox): read again.
		wait := backoffMin + rand.N(ceiling)
		if time.Now().Add(wait).After(deadline) {
			return Entry{}, fmt.Errorf("balance of %s: %w", e.CustomerID, errs.ErrConflict)
		}
		select {
		case <-ctx.Done():
			return Entry{}, ctx.Err()
		case <-time.After(wait):
		}
		ceiling = min(2*ceiling, backoffMax)
	}
}

func sameOrReused(got, e Entry) (Entry, error) {
	if !got.same(e) {
		return Entry{}, fmt.Errorf("%s: %w", e.ID, ErrKeyReused)
	}
	return got, nil
}

// Entry is the ledger entry with key id, ErrEntryNotFound when there is none.
func (s *MongoStore) Entry(ctx context.Context, id string) (Entry, error) {
	var e Entry
	err := s.ledger.FindOne(ctx, bson.D{{Key: "_id", Value: id}}).Decode(&e)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return Entry{}, ErrEntryNotFound
	}
	if err != nil {
		return Entry{}, fmt.Errorf("read ledger entry %s: %w", id, err)
	}
	return e, nil
}

// account reads the customer's account; create makes it on the first movement. Without create a
// customer who never had one gets an empty account.
func (s *MongoStore) account(ctx context.Context, customerID string, create bool) (account, error) {
	var a account
	err := s.accounts.FindOne(ctx, bson.D{{Key: "_id", Value: customerID}}).Decode(&a)
	if errors.Is(err, mongo.ErrNoDocuments) {
		if !create {
			return account{ID: customerID}, nil
		}
		_, err = s.accounts.InsertOne(ctx, bson.D{{Key: "_id", Value: customerID}, {Key: "balances", Value: bson.D{}},
			{Key: "version", Value: int64(0)}, {Key: "pending", Value: nil}})
		if err != nil && !mongox.IsDuplicateKey(err) {
			return account{}, fmt.Errorf("create balance account %s: %w", customerID, err)
		}
		err = s.accounts.FindOne(ctx, bson.D{{Key: "_id", Value: customerID}}).Decode(&a)
	}
	if err != nil {
		return account{}, fmt.Errorf("read balance account %s: %w", customerID, err)
	}
	return a, nil
}

// finish completes the movement in acc's slot: records its entry in the ledger and empties the
// slot. If the ledger holds its key for another movement (the same key applied on another
// account), the movement is reversed instead, its event taken back, and reversed is true.
func (s *MongoStore) finish(ctx context.Context, acc account) (reversed bool, err error) {
	p := *acc.Pending
	inSlot := bson.D{{Key: "_id", Value: acc.ID}, {Key: "pending._id", Value: p.ID}, {Key: "pending.seq", Value: p.Seq}}
	_, err = s.ledger.InsertOne(ctx, p.Entry)
	if mongox.IsDuplicateKey(err) {
		got, err := s.Entry(ctx, p.ID)
		if err != nil {
			return false, err
		}
		if got.CustomerID != p.CustomerID || got.Seq != p.Seq || !got.same(p.Entry) {
			// Nothing was applied behind the full slot, so undoing the change leaves the
			// balance as the ledger has it.
			undo := bson.D{
				{Key: "$inc", Value: bson.D{{Key: "balances." + p.Amount.Currency, Value: -p.signed()}, {Key: "version", Value: int64(1)}}},
				{Key: "$set", Value: bson.D{{Key: "pending", Value: nil}}},
			}
			if p.EventID != "" {
				// Its event is the outbox's last (nothing is pushed behind a full slot), unless
				// the relay already published it; then only the balance is undone.
				withEvent := append(slices.Clone(inSlot), bson.E{Key: events.OutboxField + ".id", Value: p.EventID})
				popped := append(slices.Clone(undo), bson.E{Key: "$pop", Value: bson.D{{Key: events.OutboxField, Value: 1}}})
				res, err := s.accounts.UpdateOne(ctx, withEvent, popped)
				if err != nil {
					return false, fmt.Errorf("reverse %s on balance of %s: %w", p.ID, acc.ID, err)
				}
				if res.MatchedCount == 1 {
					return true, nil
				}
			}
			if _, err := s.accounts.UpdateOne(ctx, inSlot, undo); err != nil {
				return false, fmt.Errorf("reverse %s on balance of %s: %w", p.ID, acc.ID, err)
			}
			return true, nil
		}
	} else if err != nil {
		return false, fmt.Errorf("record ledger entry %s: %w", p.ID, err)
	}
	if _, err := s.accounts.UpdateOne(ctx, inSlot, bson.D{{Key: "$set", Value: bson.D{{Key: "pending", Value: nil}}}}); err != nil {
		return false, fmt.Errorf("clear balance slot of %s: %w", acc.ID, err)
	}
	return false, nil
}

// Balances are the customer's balances in the order the currencies were first held, after
// finishing a movement left in the slot.
func (s *MongoStore) Balances(ctx context.Context, customerID string) ([]Money, error) {
	for {
		acc, err := s.account(ctx, customerID, false)
		if err != nil {
			return nil, err
		}
		if acc.Pending == nil {
			return acc.money(), nil
		}
		if _, err := s.finish(ctx, acc); err != nil {
			return nil, err
		}
	}
}

// Entries are the customer's entries in currency, newest first, at most limit, older than the
// entry of seq before (0: from the newest).
func (s *MongoStore) Entries(ctx context.Context, customerID, currency string, before int64, limit int) ([]Entry, error) {
	filter := bson.D{{Key: "customerId", Value: customerID}, {Key: "amount.currency", Value: currency}}
	if before > 0 {
		filter = append(filter, bson.E{Key: "seq", Value: bson.D{{Key: "$lt", Value: before}}})
	}
	cur, err := s.ledger.Find(ctx, filter, options.Find().SetSort(bson.D{{Key: "seq", Value: -1}}).SetLimit(int64(limit)))
	if err != nil {
		return nil, fmt.Errorf("find ledger of %s: %w", customerID, err)
	}
	list := []Entry{}
	if err := cur.All(ctx, &list); err != nil {
		return nil, fmt.Errorf("read ledger of %s: %w", customerID, err)
	}
	return list, nil
}

// AllEntries is every ledger entry of the account's owner, by currency and newest first within
// one, for their KVKK copy (svc-billing/datacopy); the {customerId, amount.currency, seq} index
// serves it, filter and order, so it reads the owner's entries and no others.
func (s *MongoStore) AllEntries(ctx context.Context, customerID string) ([]Entry, error) {
	cur, err := mongox.FindPaced(ctx, s.ledger, bson.D{{Key: "customerId", Value: customerID}},
		options.Find().SetSort(bson.D{{Key: "amount.currency", Value: 1}, {Key: "seq", Value: -1}}))
	if err != nil {
		return nil, fmt.Errorf("find whole ledger of %s: %w", customerID, err)
	}
	list, err := mongox.AllPaced[Entry](ctx, cur)
	if err != nil {
		return nil, fmt.Errorf("read whole ledger of %s: %w", customerID, err)
	}
	return list, nil
}

// AllTransfers is every transfer the customer declared, whatever its status, oldest first, for
// their KVKK copy. The {customerId, status, declaredAt, _id} index bounds the read to the
// customer's transfers; they are ordered here, as the index orders them by status first.
func (s *MongoStore) AllTransfers(ctx context.Context, customerID string) ([]Transfer, error) {
	cur, err := s.transfers.Find(ctx, bson.D{{Key: "customerId", Value: customerID}})
	if err != nil {
		return nil, fmt.Errorf("find all transfers of %s: %w", customerID, err)
	}
	list := []Transfer{}
	if err := cur.All(ctx, &list); err != nil {
		return nil, fmt.Errorf("read all transfers of %s: %w", customerID, err)
	}
	slices.SortStableFunc(list, func(a, b Transfer) int {
		if c := a.DeclaredAt.Compare(b.DeclaredAt); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
	return list, nil
}

// InsertTransfer stores a newly declared transfer with evs in its outbox, in one write.
func (s *MongoStore) InsertTransfer(ctx context.Context, t Transfer, evs ...events.Event) error {
	doc := struct {
		Transfer      `bson:",inline"`
		events.Outbox `bson:",inline"`
	}{Transfer: t, Outbox: events.Outbox{Pending: evs, Waiting: len(evs) > 0}}
	if _, err := s.transfers.InsertOne(ctx, doc); err != nil {
		return fmt.Errorf("insert transfer %s: %w", t.ID, err)
	}
	return nil
}

// Transfer is ErrNotFound for an unknown id.
func (s *MongoStore) Transfer(ctx context.Context, id string) (Transfer, error) {
	var t Transfer
	err := s.transfers.FindOne(ctx, bson.D{{Key: "_id", Value: id}}).Decode(&t)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return Transfer{}, ErrNotFound
	}
	if err != nil {
		return Transfer{}, fmt.Errorf("read transfer %s: %w", id, err)
	}
	return t, nil
}

// TransfersByStatus lists transfers in status, oldest first, at most limit; with customerID
// only that customer's.
func (s *MongoStore) TransfersByStatus(ctx context.Context, customerID, status string, limit int) ([]Transfer, error) {
	filter := bson.D{{Key: "status", Value: status}}
	if customerID != "" {
		filter = bson.D{{Key: "customerId", Value: customerID}, {Key: "status", Value: status}}
	}
	cur, err := s.transfers.Find(ctx, filter, options.Find().SetSort(bson.D{{Key: "declaredAt", Value: 1}}).SetLimit(int64(limit)))
	if err != nil {
		return nil, fmt.Errorf("find %s transfers: %w", status, err)
	}
	list := []Transfer{}
	if err := cur.All(ctx, &list); err != nil {
		return nil, fmt.Errorf("read %s transfers: %w", status, err)
	}
	return list, nil
}

// ListTransfers lists the transfers in status in k's order and page; a q is looked for as the
// transfer's id, the customer's id and the bank reference, each an exact match an index serves.
func (s *MongoStore) ListTransfers(ctx context.Context, status, q string, k mongox.Keyset) ([]Transfer, error) {
	filter := bson.D{{Key: "status", Value: status}}
	if q != "" {
		filter = append(filter, bson.E{Key: "$or", Value: bson.A{
			bson.D{{Key: "_id", Value: q}}, bson.D{{Key: "customerId", Value: q}}, bson.D{{Key: "reference", Value: q}},
		}})
	}
	cur, err := s.transfers.Find(ctx, k.Filter(filter), k.Options())
	if err != nil {
		return nil, fmt.Errorf("find %s transfers: %w", status, err)
	}
	list := []Transfer{}
	if err := cur.All(ctx, &list); err != nil {
		return nil, fmt.Errorf("read %s transfers: %w", status, err)
	}
	return list, nil
}

// StartConfirming marks a declared transfer as being confirmed, after which it can no longer
// be rejected. A transfer no longer declared is left as it is.
func (s *MongoStore) StartConfirming(ctx context.Context, id string) error {
	_, err := s.transfers.UpdateOne(ctx, bson.D{{Key: "_id", Value: id}, {Key: "status", Value: TransferDeclared}},
		bson.D{{Key: "$set", Value: bson.D{{Key: "confirming", Value: true}}}})
	if err != nil {
		return fmt.Errorf("confirm transfer %s: %w", id, err)
	}
	return nil
}

// Decide moves a declared transfer to confirmed or rejected; a reject is not made once a
// confirm has begun. A transfer no longer declared is left as it is: the caller reads it to
// learn what was decided.
func (s *MongoStore) Decide(ctx context.Context, id, status, reason string, at time.Time) error {
	filter := bson.D{{Key: "_id", Value: id}, {Key: "status", Value: TransferDeclared}}
	set := bson.D{{Key: "status", Value: status}, {Key: "decidedAt", Value: at}}
	if status == TransferRejected {
		filter = append(filter, bson.E{Key: "confirming", Value: false})
		set = append(set, bson.E{Key: "reason", Value: reason})
	}
	if _, err := s.transfers.UpdateOne(ctx, filter, bson.D{{Key: "$set", Value: set}}); err != nil {
		return fmt.Errorf("%s transfer %s: %w", status, id, err)
	}
	return nil
}

// ListAccounts lists the accounts whose id (the customer's) starts with prefix, by id descending,
// below before, at most limit; served by the _id index.
func (s *MongoStore) ListAccounts(ctx context.Context, prefix, before string, limit int) ([]Account, error) {
	cond := bson.D{}
	if prefix != "" {
		cond = append(cond, bson.E{Key: "$regex", Value: prefixPattern(prefix)})
	}
	if before != "" {
		cond = append(cond, bson.E{Key: "$lt", Value: before})
	}
	filter := bson.D{}
	if len(cond) > 0 {
		filter = bson.D{{Key: "_id", Value: cond}}
	}
	cur, err := s.accounts.Find(ctx, filter, options.Find().SetSort(bson.D{{Key: "_id", Value: -1}}).SetLimit(int64(limit)))
	if err != nil {
		return nil, fmt.Errorf("find balance accounts: %w", err)
	}
	var docs []account
	if err := cur.All(ctx, &docs); err != nil {
		return nil, fmt.Errorf("read balance accounts: %w", err)
	}
	list := make([]Account, 0, len(docs))
	for _, a := range docs {
		list = append(list, Account{CustomerID: a.ID, Balances: a.money()})
	}
	return list, nil
}

// CountTransfers counts the transfers in status.
func (s *MongoStore) CountTransfers(ctx context.Context, status string) (int64, error) {
	n, err := s.transfers.CountDocuments(ctx, bson.D{{Key: "status", Value: status}})
	if err != nil {
		return 0, fmt.Errorf("count %s transfers: %w", status, err)
	}
	return n, nil
}

// ErrNotSandbox refuses to delete a live customer's money records (EraseSandbox).
var ErrNotSandbox = errors.New("balance: not a sandbox id")

// EraseSandbox deletes the balance of the sandbox id customerID (authn.IsSandbox), for its KVKK
// erasure (svc-billing/datacopy): its ledger entries, its declared transfers and the account,
// and answers how many entries and transfers there were. No money ever moved there (ErrSandbox),
// so nothing the tax law keeps. Refused (ErrNotSandbox) for any other id. The account goes last,
// so a crash halfway leaves it for the erasure's retry to find; each delete is on an index by
// the customer (the ledger's and the transfers' customerId indexes, the account's _id).
func (s *MongoStore) EraseSandbox(ctx context.Context, customerID string) (entries, transfers int, err error) {
	if !authn.IsSandbox(customerID) {
		return 0, 0, fmt.Errorf("erase the balance of %q: %w", customerID, ErrNotSandbox)
	}
	mine := bson.D{{Key: "customerId", Value: customerID}}
	led, err := s.ledger.DeleteMany(ctx, mine)
	if err != nil {
		return 0, 0, fmt.Errorf("erase the ledger of %s: %w", customerID, err)
	}
	trf, err := s.transfers.DeleteMany(ctx, mine)
	if err != nil {
		return 0, 0, fmt.Errorf("erase the transfers of %s: %w", customerID, err)
	}
	if _, err := s.accounts.DeleteOne(ctx, bson.D{{Key: "_id", Value: customerID}}); err != nil {
		return 0, 0, fmt.Errorf("erase the balance of %s: %w", customerID, err)
	}
	return int(led.DeletedCount), int(trf.DeletedCount), nil
}
