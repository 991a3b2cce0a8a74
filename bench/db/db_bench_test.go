// Package db_test measures the embedded database on its two backends with one collection of
// 100,000 small documents: a find on an indexed field, a find by _id alone and an update by _id
// and version (the conditional write of mongox.Update), each through embeddb's front as the
// services reach it.
// SQLite is what the tests run on, PostgreSQL what `make up` runs on. See README.md.
//
//	go test -run='^$' -bench=. -benchtime=20x ./bench/db/   # or: make bench-db
package db_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"linguaport/internal/embeddb"
	"linguaport/internal/mongox"
	"linguaport/internal/proc"
)

const docs = 100_000

// doc is a small document as the services keep them: a few fields and a version.
type doc struct {
	ID       string `bson:"_id"`
	Number   string `bson:"number"`   // unique, indexed: what the find looks for
	Customer string `bson:"customer"` // indexed too, as an owner field is
	Status   string `bson:"status"`
	Amount   int64  `bson:"amount"`
	Version  int64  `bson:"version"`
}

func docAt(i int) doc {
	return doc{ID: fmt.Sprintf("d%06d", i), Number: fmt.Sprintf("Q-%06d", i), Customer: fmt.Sprintf("c%04d", i%5000),
		Status: "draft", Amount: int64(i % 9973)}
}

// backend is a filled collection on one backend, built once per process: filling takes a while.
type backend struct {
	coll *mongo.Collection
	mu   sync.Mutex
	ver  map[int]int64 // the version each document has now
}

var (
	backendsMu sync.Mutex
	backends   = map[string]*backend{}
	cleanups   []func() // in reverse order at the end of the run
)

func TestMain(m *testing.M) {
	code := m.Run()
	for i := len(cleanups) - 1; i >= 0; i-- {
		cleanups[i]()
	}
	os.Exit(code)
}

func open(b *testing.B, name string) *backend {
	b.Helper()
	backendsMu.Lock()
	defer backendsMu.Unlock()
	if be, ok := backends[name]; ok {
		return be
	}
	ctx := context.Background()
	work, err := os.MkdirTemp("", "bench-db-")
	if err != nil {
		b.Fatal(err)
	}
	cleanups = append(cleanups, func() { _ = os.RemoveAll(work) })
	// PostgreSQL runs as the postgres user when we are root, who must pass through.
	if err := os.Chmod(work, 0o711); err != nil {
		b.Fatal(err)
	}
	dbCtx, stopDB := context.WithCancel(ctx)
	var db *embeddb.DB
	switch name {
	case "sqlite":
		db, err = embeddb.Start(dbCtx, "127.0.0.1:0", filepath.Join(work, "sqlite"), nil)
	case "postgresql":
		if _, err := os.Stat(filepath.Join(embeddb.PostgresBin, "postgres")); err != nil {
			b.Skip("postgresql-15 is not installed (make deps installs it)")
		}
		ports, perr := proc.FreePorts(1)
		if perr != nil {
			b.Fatal(perr)
		}
		pg, perr := embeddb.NewPostgres(filepath.Join(work, "postgres"), ports[0])
		if perr != nil {
			b.Fatal(perr)
		}
		server, perr := proc.StartCmd(pg.Command())
		if perr != nil {
			b.Fatal(perr)
		}
		cleanups = append(cleanups, func() { server.StopWith(embeddb.PostgresStopSignal); pg.Close() })
		if perr := proc.WaitFor(time.Minute, pg.Ready); perr != nil {
			b.Fatalf("%v\n%s", perr, server.Output())
		}
		if perr := pg.CreateDatabase("ferretdb"); perr != nil {
			b.Fatal(perr)
		}
		db, err = embeddb.StartPostgreSQL(dbCtx, "127.0.0.1:0", pg.URL("ferretdb"), nil)
	}
	if err != nil {
		b.Fatal(err)
	}
	cleanups = append(cleanups, func() { stopDB(); <-db.Done() })
	client, err := mongox.Connect(ctx, db.URI())
	if err != nil {
		b.Fatal(err)
	}
	coll := client.Database("bench").Collection("quotes")
	if err := mongox.EnsureIndexes(ctx, coll,
		mongo.IndexModel{Keys: bson.D{{Key: "number", Value: 1}}, Options: options.Index().SetUnique(true)},
		mongo.IndexModel{Keys: bson.D{{Key: "customer", Value: 1}}},
	); err != nil {
		b.Fatal(err)
	}
	began := time.Now()
	batch := make([]any, 0, 1000)
	for i := range docs {
		batch = append(batch, docAt(i))
		if len(batch) == cap(batch) {
			if _, err := coll.InsertMany(ctx, batch); err != nil {
				b.Fatal(err)
			}
			batch = batch[:0]
		}
	}
	if n, err := coll.EstimatedDocumentCount(ctx); err != nil || n != docs {
		b.Fatalf("%s holds %d documents: %v", name, n, err)
	}
	b.Logf("%s: %d documents inserted in %v", name, docs, time.Since(began).Round(time.Millisecond))
	be := &backend{coll: coll, ver: map[int]int64{}}
	backends[name] = be
	return be
}

// BenchmarkFindByIndexedField finds one document by its unique number.
func BenchmarkFindByIndexedField(b *testing.B) {
	for _, name := range []string{"sqlite", "postgresql"} {
		b.Run(name, func(b *testing.B) {
			be := open(b, name)
			ctx := context.Background()
			i := 0
			for b.Loop() {
				i = (i + 7919) % docs
				var got doc
				if err := be.coll.FindOne(ctx, bson.D{{Key: "number", Value: fmt.Sprintf("Q-%06d", i)}}).Decode(&got); err != nil || got.ID != docAt(i).ID {
					b.Fatalf("find %d: %v %+v", i, err, got)
				}
			}
		})
	}
}

// BenchmarkFindByID finds one document by a filter that is exactly {_id: value}, the one filter
// the SQLite backend pushes down (mongox.Update reads this way before it writes).
func BenchmarkFindByID(b *testing.B) {
	for _, name := range []string{"sqlite", "postgresql"} {
		b.Run(name, func(b *testing.B) {
			be := open(b, name)
			ctx := context.Background()
			i := 0
			for b.Loop() {
				i = (i + 7919) % docs
				var got doc
				if err := be.coll.FindOne(ctx, bson.D{{Key: "_id", Value: docAt(i).ID}}).Decode(&got); err != nil || got.Number != docAt(i).Number {
					b.Fatalf("find %d: %v %+v", i, err, got)
				}
			}
		})
	}
}

// BenchmarkUpdateByIDAndVersion replaces one document on the condition that its version is the
// one last read, as mongox.Update writes.
func BenchmarkUpdateByIDAndVersion(b *testing.B) {
	for _, name := range []string{"sqlite", "postgresql"} {
		b.Run(name, func(b *testing.B) {
			be := open(b, name)
			ctx := context.Background()
			i := 0
			for b.Loop() {
				i = (i + 7919) % docs
				be.mu.Lock()
				seen := be.ver[i]
				be.ver[i] = seen + 1
				be.mu.Unlock()
				next := docAt(i)
				next.Status, next.Version = "sent", seen+1
				res, err := be.coll.ReplaceOne(ctx, bson.D{{Key: "_id", Value: next.ID}, {Key: "version", Value: seen}}, next)
				if err != nil || res.MatchedCount != 1 {
					b.Fatalf("update %d at version %d: %v %+v", i, seen, err, res)
				}
			}
		})
	}
}
