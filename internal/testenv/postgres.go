package testenv

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/mongo"

	"linguaport/internal/embeddb"
	"linguaport/internal/proc"
)

// ---- FerretDB on PostgreSQL ----
//
// The SQLite backend Mongo uses has no index-size limits; FerretDB over PostgreSQL (what `make up`
// runs) has PostgreSQL's: a btree entry, which for FerretDB is a whole indexed field (an array
// included), must fit 2,704 bytes. Tests of what a document may hold run there too.

var (
	pgFerretOnce sync.Once
	pgFerretURI  string
	pgFerretErr  error
)

// MongoOnPostgres returns a database with a name unique to the test on a FerretDB over
// PostgreSQL started once per test binary (postgresql-15, as `make test-deps` installs; the test
// is skipped without it), checked and dropped as Mongo's are.
func MongoOnPostgres(t testing.TB) *mongo.Database {
	t.Helper()
	if _, err := os.Stat(filepath.Join(embeddb.PostgresBin, "postgres")); err != nil {
		t.Skip("postgresql-15 is not installed (make test-deps installs it)")
	}
	observeQueries()
	pgFerretOnce.Do(func() { pgFerretURI, pgFerretErr = startFerretOnPostgres() })
	if pgFerretErr != nil {
		t.Fatalf("FerretDB on PostgreSQL: %v", pgFerretErr)
	}
	return database(t, pgFerretURI)
}

func startFerretOnPostgres() (_ string, err error) {
	// The data directory's parents must let the postgres user through when we are root.
	dir, err := os.MkdirTemp("", "linguaport-pg-")
	if err != nil {
		return "", err
	}
	if err := os.Chmod(dir, 0o711); err != nil {
		return "", err
	}
	var stops []func()
	stop := func() {
		for i := len(stops) - 1; i >= 0; i-- {
			stops[i]()
		}
		_ = os.RemoveAll(dir)
	}
	defer func() {
		if err != nil {
			stop()
		}
	}()
	ports, err := proc.FreePorts(1)
	if err != nil {
		return "", err
	}
	pg, err := embeddb.NewPostgres(filepath.Join(dir, "postgres"), ports[0])
	if err != nil {
		return "", err
	}
	stops = append(stops, pg.Close)
	server, err := proc.StartCmd(pg.Command())
	if err != nil {
		return "", err
	}
	stops = append(stops, func() { server.StopWith(embeddb.PostgresStopSignal) })
	if err := proc.WaitFor(30*time.Second, pg.Ready); err != nil {
		return "", fmt.Errorf("postgres not ready: %w\n%s", err, server.Output())
	}
	if err := pg.CreateDatabase("ferretdb"); err != nil {
		return "", err
	}
	ctx, cancel := context.WithCancel(context.Background())
	db, err := embeddb.StartPostgreSQL(ctx, "127.0.0.1:0", pg.URL("ferretdb"), nil)
	if err != nil {
		cancel()
		return "", err
	}
	stops = append(stops, func() { cancel(); <-db.Done() })
	atExit(stop)
	return db.URI(), nil
}
