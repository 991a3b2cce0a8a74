// Package mongox holds the MongoDB plumbing every service shares. It sticks to what both MongoDB
// and embedded FerretDB support: no multi-document transactions, every change one atomic
// single-document write (DESIGN §4).
package mongox

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/url"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
	"go.mongodb.org/mongo-driver/v2/mongo/readpref"
	"go.opentelemetry.io/otel"

	"linguaport/internal/errs"
)

// Connect opens a client and waits, up to ten seconds, for the server to answer. Every command
// the client sends is a span (see CommandMonitor).
//
// Server selection gives up after two seconds, so while the database is down a request fails
// fast (errs.Unavailable: httpx answers 503) instead of hanging for the whole operation timeout;
// the driver keeps monitoring the server and the next request after it is back succeeds.
func Connect(ctx context.Context, uri string) (*mongo.Client, error) {
	client, err := mongo.Connect(options.Client().ApplyURI(uri).
		SetTimeout(operationTimeout).SetServerSelectionTimeout(serverSelectionTimeout).
		SetMonitor(CommandMonitor(otel.GetTracerProvider())))
	if err != nil {
		return nil, fmt.Errorf("mongo connect: %w", err)
	}
	pingCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	// A database started alongside (make up) may need longer than one server selection.
	for {
		err = client.Ping(pingCtx, readpref.Primary())
		if err == nil {
			return client, nil
		}
		select {
		case <-pingCtx.Done():
			_ = client.Disconnect(context.Background())
			return nil, fmt.Errorf("mongo ping %s: %w", redact(uri), err)
		case <-time.After(200 * time.Millisecond):
		}
	}
}

const (
	// operationTimeout bounds one operation, retries included: a server that accepts
	// connections but never answers.
	operationTimeout = 10 * time.Second
	// serverSelectionTimeout bounds waiting for a server to send an operation to: no server
	// reachable at all.
	serverSelectionTimeout = 2 * time.Second
)

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

// ErrConflict is returned when a document kept changing under Update until its retries ran out.
// It is errs.ErrConflict, which httpx answers 409 for every service.
var ErrConflict = errs.ErrConflict

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

// updateBudget bounds how long Update keeps retrying a lost race; backoffMin and backoffMax
// bound one wait between attempts.
const (
	updateBudget = 5 * time.Second
	backoffMin   = 2 * time.Millisecond
	backoffMax   = 100 * time.Millisecond
)

// Update loads the document with the given id, lets fn change it and writes it back only if no one
// else wrote it in between; on a lost race it reloads and calls fn again. fn must therefore be a
// pure decision on the document it is given: it returns the new state or an error that aborts the
// update unchanged (a domain rule that forbids the change, say).
//
// Between attempts it waits a random time that grows with each lost race: writers that all retry
// at once would collide again, while spread out they take turns. It gives up with ErrConflict
// only when the document kept changing for updateBudget.
func Update[T any, P interface {
	*T
	Versioned
}](ctx context.Context, coll *mongo.Collection, id any, fn func(P) (P, error)) (P, error) {
	deadline := time.Now().Add(updateBudget)
	ceiling := backoffMin
	for {
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
		wait := backoffMin + rand.N(ceiling)
		if time.Now().Add(wait).After(deadline) {
			return nil, fmt.Errorf("%s/%v: %w", coll.Name(), id, ErrConflict)
		}
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("%s/%v: %w", coll.Name(), id, ctx.Err())
		case <-time.After(wait):
		}
		ceiling = min(2*ceiling, backoffMax)
	}
}

func redact(uri string) string {
	if u, err := url.Parse(uri); err == nil {
		return u.Redacted()
	}
	return "(unparsable uri)"
}
