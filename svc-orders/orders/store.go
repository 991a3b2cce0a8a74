package orders

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/redis/go-redis/v9"

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

// FileStore keeps uploaded files: their description and counts in "files", their bytes in the
// GridFS bucket "uploads" under the same id.
type FileStore struct {
	meta   *mongo.Collection
	bucket *mongo.GridFSBucket
}

// NewFileStore opens the files collection and bucket.
func NewFileStore(ctx context.Context, db *mongo.Database) (*FileStore, error) {
	s := &FileStore{meta: db.Collection("files"), bucket: db.GridFSBucket(options.GridFSBucket().SetName("uploads"))}
	err := mongox.EnsureIndexes(ctx, s.meta,
		mongo.IndexModel{Keys: bson.D{{Key: "ownerId", Value: 1}, {Key: "uploadedAt", Value: -1}}},
		mongo.IndexModel{Keys: bson.D{{Key: "tokenHash", Value: 1}}},
	)
	if err != nil {
		return nil, fmt.Errorf("files indexes: %w", err)
	}
	return s, nil
}

// Save stores the bytes, then the description; a description is never left without its bytes.
func (s *FileStore) Save(ctx context.Context, f File, content io.Reader) error {
	if err := s.bucket.UploadFromStreamWithID(ctx, f.ID, f.Name, content); err != nil {
		return fmt.Errorf("store file %s: %w", f.ID, err)
	}
	if _, err := s.meta.InsertOne(ctx, f); err != nil {
		_ = s.bucket.Delete(context.WithoutCancel(ctx), f.ID)
		return fmt.Errorf("describe file %s: %w", f.ID, err)
	}
	return nil
}

// Get returns a file's description.
func (s *FileStore) Get(ctx context.Context, id string) (File, error) {
	var f File
	if err := s.meta.FindOne(ctx, bson.D{{Key: "_id", Value: id}}).Decode(&f); err != nil {
		if errors.Is(err, mongo.ErrNoDocuments) {
			return File{}, ErrNotFound
		}
		return File{}, fmt.Errorf("load file %s: %w", id, err)
	}
	return f, nil
}

// Open streams a file's bytes.
func (s *FileStore) Open(ctx context.Context, id string) (io.ReadCloser, error) {
	r, err := s.bucket.OpenDownloadStream(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("open file %s: %w", id, err)
	}
	return r, nil
}

// Find returns the files with the given ids that match filter, in the order of ids.
func (s *FileStore) Find(ctx context.Context, ids []string, filter bson.D) ([]File, error) {
	found, err := s.find(ctx, append(bson.D{{Key: "_id", Value: bson.D{{Key: "$in", Value: ids}}}}, filter...))
	if err != nil {
		return nil, err
	}
	byID := make(map[string]File, len(found))
	for _, f := range found {
		byID[f.ID] = f
	}
	out := make([]File, len(ids))
	for i, id := range ids {
		out[i] = byID[id] // a zero File marks one that is missing
	}
	return out, nil
}

// OwnedBy lists a user's uploads, newest first.
func (s *FileStore) OwnedBy(ctx context.Context, owner string) ([]File, error) {
	return s.find(ctx, bson.D{{Key: "ownerId", Value: owner}})
}

func (s *FileStore) find(ctx context.Context, filter bson.D) ([]File, error) {
	cur, err := s.meta.Find(ctx, filter, options.Find().SetSort(bson.D{{Key: "uploadedAt", Value: -1}}).SetLimit(1000))
	if err != nil {
		return nil, fmt.Errorf("find files: %w", err)
	}
	files := []File{}
	if err := cur.All(ctx, &files); err != nil {
		return nil, fmt.Errorf("read files: %w", err)
	}
	return files, nil
}

// CountForToken is how many files a visitor's upload token holds.
func (s *FileStore) CountForToken(ctx context.Context, tokenHash string) (int64, error) {
	n, err := s.meta.CountDocuments(ctx, bson.D{{Key: "tokenHash", Value: tokenHash}, {Key: "ownerId", Value: bson.D{{Key: "$exists", Value: false}}}})
	if err != nil {
		return 0, fmt.Errorf("count token files: %w", err)
	}
	return n, nil
}

// DeleteUnclaimed removes visitors' files uploaded before t that no account claimed: the bytes
// first, then the description, so a failure leaves the file to the next attempt.
func (s *FileStore) DeleteUnclaimed(ctx context.Context, before time.Time) (int, error) {
	stale, err := s.find(ctx, bson.D{{Key: "ownerId", Value: bson.D{{Key: "$exists", Value: false}}}, {Key: "uploadedAt", Value: bson.D{{Key: "$lt", Value: before}}}})
	if err != nil {
		return 0, err
	}
	for i, f := range stale {
		if err := s.bucket.Delete(ctx, f.ID); err != nil && !errors.Is(err, mongo.ErrFileNotFound) {
			return i, fmt.Errorf("delete file %s: %w", f.ID, err)
		}
		if _, err := s.meta.DeleteOne(ctx, bson.D{{Key: "_id", Value: f.ID}, {Key: "ownerId", Value: bson.D{{Key: "$exists", Value: false}}}}); err != nil {
			return i, fmt.Errorf("forget file %s: %w", f.ID, err)
		}
	}
	return len(stale), nil
}

// Claim gives a visitor's files, uploaded with the token of tokenHash, to the user who signed in.
// Each file changes in its own conditional write; a file someone already owns stays theirs.
func (s *FileStore) Claim(ctx context.Context, ids []string, tokenHash, owner string) error {
	_, err := s.meta.UpdateMany(ctx,
		bson.D{{Key: "_id", Value: bson.D{{Key: "$in", Value: ids}}}, {Key: "tokenHash", Value: tokenHash}, {Key: "ownerId", Value: bson.D{{Key: "$exists", Value: false}}}},
		bson.D{{Key: "$set", Value: bson.D{{Key: "ownerId", Value: owner}}}})
	if err != nil {
		return fmt.Errorf("claim files: %w", err)
	}
	return nil
}

// MarkDelivered records that the uploader's files are the delivery of an order.
func (s *FileStore) MarkDelivered(ctx context.Context, ids []string, owner, orderID string) error {
	_, err := s.meta.UpdateMany(ctx,
		bson.D{{Key: "_id", Value: bson.D{{Key: "$in", Value: ids}}}, {Key: "ownerId", Value: owner}},
		bson.D{{Key: "$set", Value: bson.D{{Key: "purpose", Value: DeliveryFile}, {Key: "orderId", Value: orderID}}}})
	if err != nil {
		return fmt.Errorf("mark delivered files: %w", err)
	}
	return nil
}

// UploadTokens are visitors' upload tokens in Redis; only their hashes are kept anywhere.
type UploadTokens struct {
	rdb *redis.Client
	ttl time.Duration
}

// UploadTokenTTL is how long a visitor's uploads stay reachable without signing in.
const UploadTokenTTL = 2 * time.Hour

// NewUploadTokens keeps tokens in rdb.
func NewUploadTokens(rdb *redis.Client) *UploadTokens {
	return &UploadTokens{rdb: rdb, ttl: UploadTokenTTL}
}

func uploadTokenKey(hash string) string { return "orders:upload:" + hash }

// HashToken is what files store of a token.
func HashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// Issue makes a new token.
func (t *UploadTokens) Issue(ctx context.Context) (string, error) {
	token := rand.Text()
	if err := t.rdb.Set(ctx, uploadTokenKey(HashToken(token)), "1", t.ttl).Err(); err != nil {
		return "", fmt.Errorf("issue upload token: %w", err)
	}
	return token, nil
}

// Valid reports whether token was issued and has not expired.
func (t *UploadTokens) Valid(ctx context.Context, token string) (bool, error) {
	if token == "" || len(token) > 64 {
		return false, nil
	}
	n, err := t.rdb.Exists(ctx, uploadTokenKey(HashToken(token))).Result()
	if err != nil {
		return false, fmt.Errorf("check upload token: %w", err)
	}
	return n == 1, nil
}

// Counters hand out the numbers people read on quotes and orders, one sequence per kind and year.
type Counters struct{ coll *mongo.Collection }

// NewCounters opens the counters collection.
func NewCounters(db *mongo.Database) *Counters { return &Counters{coll: db.Collection("counters")} }

// Next returns the next number of kind in year, such as "Q-2026-00012".
func (c *Counters) Next(ctx context.Context, prefix string, year int) (string, error) {
	var d struct {
		Seq int64 `bson:"seq"`
	}
	err := c.coll.FindOneAndUpdate(ctx, bson.D{{Key: "_id", Value: fmt.Sprintf("%s-%d", prefix, year)}},
		bson.D{{Key: "$inc", Value: bson.D{{Key: "seq", Value: 1}}}},
		options.FindOneAndUpdate().SetUpsert(true).SetReturnDocument(options.After)).Decode(&d)
	if err != nil {
		return "", fmt.Errorf("next %s number: %w", prefix, err)
	}
	return fmt.Sprintf("%s-%d-%05d", prefix, year, d.Seq), nil
}

// QuoteStore keeps quotes.
type QuoteStore struct{ coll *mongo.Collection }

// NewQuoteStore opens the quotes collection.
func NewQuoteStore(ctx context.Context, db *mongo.Database) (*QuoteStore, error) {
	s := &QuoteStore{coll: db.Collection("quotes")}
	err := mongox.EnsureIndexes(ctx, s.coll,
		mongo.IndexModel{Keys: bson.D{{Key: "customerId", Value: 1}, {Key: "createdAt", Value: -1}}},
		mongo.IndexModel{Keys: bson.D{{Key: "status", Value: 1}, {Key: "expiresAt", Value: 1}}},
	)
	if err != nil {
		return nil, fmt.Errorf("quotes indexes: %w", err)
	}
	return s, nil
}

// Collection is where quotes and their outboxes live, for the outbox relay.
func (s *QuoteStore) Collection() *mongo.Collection { return s.coll }

// Insert stores a new quote with its pending events.
func (s *QuoteStore) Insert(ctx context.Context, q *Quote) error {
	if _, err := s.coll.InsertOne(ctx, q); err != nil {
		return fmt.Errorf("insert quote: %w", err)
	}
	return nil
}

// Get returns a quote.
func (s *QuoteStore) Get(ctx context.Context, id string) (*Quote, error) {
	q := new(Quote)
	if err := s.coll.FindOne(ctx, bson.D{{Key: "_id", Value: id}}).Decode(q); err != nil {
		if errors.Is(err, mongo.ErrNoDocuments) {
			return nil, ErrNotFound
		}
		return nil, fmt.Errorf("load quote %s: %w", id, err)
	}
	return q, nil
}

// Of lists a customer's quotes, newest first.
func (s *QuoteStore) Of(ctx context.Context, customerID string) ([]*Quote, error) {
	return findAll[Quote](ctx, s.coll, bson.D{{Key: "customerId", Value: customerID}})
}

// Update changes one quote atomically (mongox.Update).
func (s *QuoteStore) Update(ctx context.Context, id string, fn func(*Quote) (*Quote, error)) (*Quote, error) {
	q, err := mongox.Update(ctx, s.coll, id, fn)
	if errors.Is(err, mongox.ErrNotFound) {
		return nil, ErrNotFound
	}
	return q, err
}

// ExpireDue writes down the expiry of pending quotes past their date; each quote changes in its
// own conditional write, so a quote approved meanwhile stays approved.
func (s *QuoteStore) ExpireDue(ctx context.Context, now time.Time) (int64, error) {
	res, err := s.coll.UpdateMany(ctx,
		bson.D{{Key: "status", Value: QuotePending}, {Key: "expiresAt", Value: bson.D{{Key: "$lte", Value: now}}}},
		bson.D{{Key: "$set", Value: bson.D{{Key: "status", Value: QuoteExpired}}}, {Key: "$inc", Value: bson.D{{Key: "version", Value: 1}}}})
	if err != nil {
		return 0, fmt.Errorf("expire quotes: %w", err)
	}
	return res.ModifiedCount, nil
}

// OrderStore keeps orders.
type OrderStore struct{ coll *mongo.Collection }

// NewOrderStore opens the orders collection; one order per quote is a unique index, so an
// approval replayed from any path makes one order.
func NewOrderStore(ctx context.Context, db *mongo.Database) (*OrderStore, error) {
	s := &OrderStore{coll: db.Collection("orders")}
	err := mongox.EnsureIndexes(ctx, s.coll,
		mongo.IndexModel{Keys: bson.D{{Key: "quoteId", Value: 1}}, Options: options.Index().SetUnique(true)},
		mongo.IndexModel{Keys: bson.D{{Key: "customerId", Value: 1}, {Key: "createdAt", Value: -1}}},
		mongo.IndexModel{Keys: bson.D{{Key: "translatorId", Value: 1}, {Key: "createdAt", Value: -1}}},
		mongo.IndexModel{Keys: bson.D{{Key: "status", Value: 1}, {Key: "deliveredAt", Value: 1}}},
	)
	if err != nil {
		return nil, fmt.Errorf("orders indexes: %w", err)
	}
	return s, nil
}

// Collection is where orders and their outboxes live, for the outbox relay.
func (s *OrderStore) Collection() *mongo.Collection { return s.coll }

// Create stores o unless its quote already has an order, and returns the stored one.
func (s *OrderStore) Create(ctx context.Context, o *Order) (*Order, error) {
	_, err := s.coll.InsertOne(ctx, o)
	if err == nil {
		return o, nil
	}
	if !mongox.IsDuplicateKey(err) {
		return nil, fmt.Errorf("insert order: %w", err)
	}
	existing := new(Order)
	if err := s.coll.FindOne(ctx, bson.D{{Key: "quoteId", Value: o.QuoteID}}).Decode(existing); err != nil {
		return nil, fmt.Errorf("load order of quote %s: %w", o.QuoteID, err)
	}
	return existing, nil
}

// Get returns an order.
func (s *OrderStore) Get(ctx context.Context, id string) (*Order, error) {
	o := new(Order)
	if err := s.coll.FindOne(ctx, bson.D{{Key: "_id", Value: id}}).Decode(o); err != nil {
		if errors.Is(err, mongo.ErrNoDocuments) {
			return nil, ErrNotFound
		}
		return nil, fmt.Errorf("load order %s: %w", id, err)
	}
	return o, nil
}

// Where lists orders matching filter (a customer's, a translator's, all), newest first.
func (s *OrderStore) Where(ctx context.Context, filter bson.D) ([]*Order, error) {
	return findAll[Order](ctx, s.coll, filter)
}

// Update changes one order atomically (mongox.Update).
func (s *OrderStore) Update(ctx context.Context, id string, fn func(*Order) (*Order, error)) (*Order, error) {
	o, err := mongox.Update(ctx, s.coll, id, fn)
	if errors.Is(err, mongox.ErrNotFound) {
		return nil, ErrNotFound
	}
	return o, err
}

// DeliveredBefore lists the ids of orders delivered before t and still waiting for the customer.
func (s *OrderStore) DeliveredBefore(ctx context.Context, t time.Time) ([]string, error) {
	orders, err := s.Where(ctx, bson.D{{Key: "status", Value: Delivered}, {Key: "deliveredAt", Value: bson.D{{Key: "$lte", Value: t}}}})
	if err != nil {
		return nil, err
	}
	ids := make([]string, len(orders))
	for i, o := range orders {
		ids[i] = o.ID
	}
	return ids, nil
}

func findAll[T any](ctx context.Context, coll *mongo.Collection, filter bson.D) ([]*T, error) {
	cur, err := coll.Find(ctx, filter, options.Find().SetSort(bson.D{{Key: "createdAt", Value: -1}}).SetLimit(500))
	if err != nil {
		return nil, fmt.Errorf("find %s: %w", coll.Name(), err)
	}
	out := []*T{}
	if err := cur.All(ctx, &out); err != nil {
		return nil, fmt.Errorf("read %s: %w", coll.Name(), err)
	}
	return out, nil
}
