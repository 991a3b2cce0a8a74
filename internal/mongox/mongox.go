// Package mongox holds the MongoDB plumbing every service shares. It sticks to what both MongoDB
// and embedded FerretDB support: no multi-document transactions, every change one atomic
// single-document write (DESIGN §4).
package mongox

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
	"go.mongodb.org/mongo-driver/v2/mongo/readpref"
	"go.opentelemetry.io/otel"
)

// Connect opens a client and checks the server answers. Every command the client sends is a
// span (see CommandMonitor).
func Connect(ctx context.Context, uri string) (*mongo.Client, error) {
	client, err := mongo.Connect(options.Client().ApplyURI(uri).SetTimeout(10 * time.Second).
		SetMonitor(CommandMonitor(otel.GetTracerProvider())))
	if err != nil {
		return nil, fmt.Errorf("mongo connect: %w", err)
	}
	pingCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := client.Ping(pingCtx, readpref.Primary()); err != nil {
		_ = client.Disconnect(context.Background())
		return nil, fmt.Errorf("mongo ping %s: %w", redact(uri), err)
	}
	return client, nil
}

// Ping is a readiness probe.
func Ping(client *mongo.Client) func(context.Context) error {
	return func(ctx context.Context) error { return client.Ping(ctx, readpref.Primary()) }
}

// EnsureIndexes creates the indexes that do not exist yet. Existing ones are left alone rather
// than created again: MongoDB treats that as a no-op, but FerretDB 1.x panics re-creating a
// compound index that a previous run persisted.
func EnsureIndexes(ctx context.Context, coll *mongo.Collection, models ...mongo.IndexModel) error {
	cur, err := coll.Indexes().List(ctx)
	if err != nil {
		return fmt.Errorf("list indexes on %s: %w", coll.Name(), err)
	}
	var existing []struct {
		Name string `bson:"name"`
	}
	if err := cur.All(ctx, &existing); err != nil {
		return fmt.Errorf("list indexes on %s: %w", coll.Name(), err)
	}
	have := map[string]bool{}
	for _, ix := range existing {
		have[ix.Name] = true
	}
	var missing []mongo.IndexModel
	for _, m := range models {
		name, err := indexName(m)
		if err != nil {
			return err
		}
		if !have[name] {
			missing = append(missing, m)
		}
	}
	if len(missing) == 0 {
		return nil
	}
	if _, err := coll.Indexes().CreateMany(ctx, missing); err != nil {
		return fmt.Errorf("indexes on %s: %w", coll.Name(), err)
	}
	return nil
}

// indexName is the name MongoDB gives an index by default ("lang_1_slug_1"), or the one set.
func indexName(m mongo.IndexModel) (string, error) {
	if m.Options != nil {
		var opts options.IndexOptions
		for _, set := range m.Options.List() {
			if err := set(&opts); err != nil {
				return "", err
			}
		}
		if opts.Name != nil {
			return *opts.Name, nil
		}
	}
	keys, ok := m.Keys.(bson.D)
	if !ok {
		return "", fmt.Errorf("index keys must be a bson.D, got %T", m.Keys)
	}
	parts := make([]string, 0, 2*len(keys))
	for _, k := range keys {
		parts = append(parts, k.Key, fmt.Sprint(k.Value))
	}
	return strings.Join(parts, "_"), nil
}

// ErrNotFound is returned when no document has the requested id.
var ErrNotFound = errors.New("document not found")

// ErrConflict is returned when a document kept changing under Update after every retry.
var ErrConflict = errors.New("document changed concurrently")

// IsDuplicateKey reports a unique index violation, which idempotent writes treat as "already done".
func IsDuplicateKey(err error) bool { return mongo.IsDuplicateKeyError(err) }

// Versioned documents carry a version number that Update uses for optimistic concurrency.
type Versioned interface {
	GetVersion() int64
	SetVersion(int64)
}

// Version is embedded in documents to make them Versioned.
type Version struct {
	V int64 `bson:"version" json:"-"`
}

func (v *Version) GetVersion() int64  { return v.V }
func (v *Version) SetVersion(n int64) { v.V = n }

const updateAttempts = 10

// Update loads the document with the given id, lets fn change it and writes it back only if no one
// else wrote it in between; on a lost race it reloads and calls fn again. fn must therefore be a
// pure decision on the document it is given: it returns the new state or an error that aborts the
// update unchanged (a domain rule that forbids the change, say).
func Update[T any, P interface {
	*T
	Versioned
}](ctx context.Context, coll *mongo.Collection, id any, fn func(P) (P, error)) (P, error) {
	for range updateAttempts {
		current := P(new(T))
		if err := coll.FindOne(ctx, bson.D{{Key: "_id", Value: id}}).Decode(current); err != nil {
			if errors.Is(err, mongo.ErrNoDocuments) {
				return nil, ErrNotFound
			}
			return nil, fmt.Errorf("load %s/%v: %w", coll.Name(), id, err)
		}
		seen := current.GetVersion()
		next, err := fn(current)
		if err != nil {
			return nil, err
		}
		next.SetVersion(seen + 1)
		res, err := coll.ReplaceOne(ctx, bson.D{{Key: "_id", Value: id}, {Key: "version", Value: seen}}, next)
		if err != nil {
			return nil, fmt.Errorf("save %s/%v: %w", coll.Name(), id, err)
		}
		if res.MatchedCount == 1 {
			return next, nil
		}
	}
	return nil, fmt.Errorf("%s/%v: %w", coll.Name(), id, ErrConflict)
}

func redact(uri string) string {
	if u, err := url.Parse(uri); err == nil {
		return u.Redacted()
	}
	return "(unparsable uri)"
}
