package embeddb_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"linguaport/internal/embeddb"
	"linguaport/internal/errs"
	"linguaport/internal/mongox"
	"linguaport/internal/proc"
)

// postgresDir is a data directory the postgres user can reach when the test runs as root: a
// test's temporary directory sits under a root-only one.
func postgresDir(t *testing.T) string {
	t.Helper()
	if _, err := os.Stat(filepath.Join(embeddb.PostgresBin, "postgres")); err != nil {
		t.Skip("postgresql-15 is not installed (make test-deps installs it)")
	}
	dir := t.TempDir()
	if err := os.Chmod(filepath.Dir(dir), 0o711); err != nil {
		t.Fatal(err)
	}
	return filepath.Join(dir, "postgres")
}

// newPostgres is a running server on a free port with its data in a new directory.
func newPostgres(t *testing.T) (*embeddb.Postgres, *proc.Process) {
	t.Helper()
	ports, err := proc.FreePorts(1)
	if err != nil {
		t.Fatal(err)
	}
	pg, err := embeddb.NewPostgres(postgresDir(t), ports[0])
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pg.Close)
	return pg, startPostgres(t, pg)
}

func startPostgres(t *testing.T, pg *embeddb.Postgres) *proc.Process {
	t.Helper()
	p, err := proc.StartCmd(pg.Command())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.StopWith(embeddb.PostgresStopSignal) })
	if err := proc.WaitFor(30*time.Second, pg.Ready); err != nil {
		t.Fatalf("postgres not ready: %v\n%s", err, p.Output())
	}
	return p
}

type counter struct {
	ID             string `bson:"_id"`
	N              int64  `bson:"n"`
	mongox.Version `bson:",inline"`
}

// FerretDB on PostgreSQL behind the front: conditional updates stay atomic, the database
// survives PostgreSQL being killed and started again, and PostgreSQL runs as the postgres user
// when we are root and stops, backends and all, on PostgresStopSignal.
func TestFerretDBOnPostgreSQL(t *testing.T) {
	pg, server := newPostgres(t)
	if os.Geteuid() == 0 {
		if uid := statusField(t, server.Pid(), "Uid"); uid == "0" {
			t.Errorf("postgres runs as root (Uid %s)", uid)
		}
	}
	for range 2 { // a second start finds the database there
		if err := pg.CreateDatabase("ferretdb"); err != nil {
			t.Fatal(err)
		}
	}

	ctx, cancel := context.WithCancel(context.Background())
	db, err := embeddb.StartPostgreSQL(ctx, "127.0.0.1:0", pg.URL("ferretdb"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { cancel(); <-db.Done() }()
	client, err := mongox.Connect(ctx, db.URI())
	if err != nil {
		t.Fatal(err)
	}
	defer client.Disconnect(context.Background())
	coll := client.Database("t").Collection("counters")
	if _, err := coll.InsertOne(ctx, counter{ID: "c"}); err != nil {
		t.Fatal(err)
	}

	// Eight writers add 1 five times each through version-guarded replaces: FerretDB reads and
	// then writes, so without the front two writers could both win on one version.
	var wg sync.WaitGroup
	var mu sync.Mutex
	won := 0
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 5 {
				if _, err := mongox.Update(ctx, coll, "c", func(c *counter) (*counter, error) { c.N++; return c, nil }); err == nil {
					mu.Lock()
					won++
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	var got counter
	if err := coll.FindOne(ctx, bson.D{{Key: "_id", Value: "c"}}).Decode(&got); err != nil {
		t.Fatal(err)
	}
	if got.N != int64(won) || got.V != int64(won) || won == 0 {
		t.Fatalf("n %d version %d after %d successful increments", got.N, got.V, won)
	}

	// PostgreSQL dies and comes back: FerretDB answers again without being restarted.
	server.Kill()
	server = startPostgres(t, pg)
	err = proc.WaitFor(20*time.Second, func() error {
		return coll.FindOne(ctx, bson.D{{Key: "_id", Value: "c"}}).Decode(&got)
	})
	if err != nil || got.N != int64(won) {
		t.Fatalf("after PostgreSQL restarted: %v, %+v", err, got)
	}

	pid := server.Pid()
	stopped := make(chan struct{})
	go func() { server.StopWith(embeddb.PostgresStopSignal); close(stopped) }()
	select {
	case <-stopped:
	case <-time.After(8 * time.Second): // Stop would kill it only after 10 s
		t.Fatal("postgres did not stop on its fast-shutdown signal")
	}
	if left := groupMembers(pid); len(left) > 0 {
		t.Errorf("postgres processes %v outlived the server", left)
	}
	if err := coll.FindOne(ctx, bson.D{{Key: "_id", Value: "c"}}).Err(); err == nil || err == mongo.ErrNoDocuments {
		t.Errorf("a read with PostgreSQL stopped: %v", err)
	}
}

func TestNewPostgresExplainsAnUnreachableDirectory(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("only root runs PostgreSQL as another user")
	}
	dir := postgresDir(t)
	if err := os.Chmod(filepath.Dir(filepath.Dir(dir)), 0o700); err != nil {
		t.Fatal(err)
	}
	_, err := embeddb.NewPostgres(dir, 1)
	if !errors.Is(err, embeddb.ErrUnreachable) || !strings.Contains(err.Error(), "cannot enter "+filepath.Dir(filepath.Dir(dir))) {
		t.Fatalf("got %v", err)
	}
}

func statusField(t *testing.T, pid int, field string) string {
	t.Helper()
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(raw), "\n") {
		if v, ok := strings.CutPrefix(line, field+":"); ok {
			return strings.Fields(v)[0]
		}
	}
	return ""
}

// groupMembers are the live processes in process group pgid.
func groupMembers(pgid int) []int {
	var pids []int
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if g, err := syscall.Getpgid(pid); err == nil && g == pgid {
			pids = append(pids, pid)
		}
	}
	return pids
}

// The filters FerretDB sends to PostgreSQL are served by indexes: every field a collection's
// indexes cover gets its GIN companion, and PostgreSQL plans FerretDB's own query shape
// (`_jsonb -> $1 @> $2`, the field a parameter) as an index scan, not a scan of the table.
func TestFerretDBFiltersUseIndexesOnPostgreSQL(t *testing.T) {
	pg, _ := newPostgres(t)
	if err := pg.CreateDatabase("ferretdb"); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	db, err := embeddb.StartPostgreSQL(ctx, "127.0.0.1:0", pg.URL("ferretdb"), nil)
	if err != nil {
		t.Fatal(err)
	}
	client, err := mongox.Connect(ctx, db.URI())
	if err != nil {
		t.Fatal(err)
	}
	defer client.Disconnect(context.Background())
	coll := client.Database("shop").Collection("quotes")
	if err := mongox.EnsureIndexes(ctx, coll, mongo.IndexModel{Keys: bson.D{{Key: "customerId", Value: 1}, {Key: "createdAt", Value: -1}}}); err != nil {
		t.Fatal(err)
	}
	docs := make([]any, 2000)
	for i := range docs {
		docs[i] = bson.D{{Key: "_id", Value: fmt.Sprintf("q%05d", i)}, {Key: "customerId", Value: fmt.Sprintf("c%03d", i%200)}, {Key: "createdAt", Value: int64(i)}}
	}
	if _, err := coll.InsertMany(ctx, docs); err != nil {
		t.Fatal(err)
	}

	conn, err := pgx.Connect(ctx, pg.URL("ferretdb")+"&plan_cache_mode=force_custom_plan")
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	var table string
	if err := conn.QueryRow(ctx, `SELECT tablename FROM pg_tables WHERE schemaname = 'shop' AND tablename LIKE 'quotes%'`).Scan(&table); err != nil {
		t.Fatal(err)
	}
	// Every field FerretDB indexes (_id, customerId, createdAt) gets its companion.
	err = proc.WaitFor(15*time.Second, func() error {
		var n int
		if err := conn.QueryRow(ctx, `SELECT count(*) FROM pg_indexes WHERE schemaname = 'shop' AND tablename = $1 AND indexdef LIKE '%USING gin%'`, table).Scan(&n); err != nil {
			return err
		}
		if n != 3 {
			return fmt.Errorf("%d GIN indexes on %s, want 3", n, table)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec(ctx, `ANALYZE shop.`+pgx.Identifier{table}.Sanitize()); err != nil {
		t.Fatal(err)
	}
	for _, f := range []struct{ field, value string }{{"_id", `"q00042"`}, {"customerId", `"c007"`}} {
		rows, err := conn.Query(ctx, `EXPLAIN SELECT _jsonb FROM shop.`+pgx.Identifier{table}.Sanitize()+` WHERE _jsonb -> $1 @> $2`, f.field, f.value)
		if err != nil {
			t.Fatal(err)
		}
		var plan []string
		for rows.Next() {
			var line string
			_ = rows.Scan(&line)
			plan = append(plan, line)
		}
		rows.Close()
		if joined := strings.Join(plan, "\n"); !strings.Contains(joined, "Index Scan") || strings.Contains(joined, "Seq Scan") {
			t.Errorf("filter on %s is not an index scan:\n%s", f.field, joined)
		}
	}
	// The MongoDB answers stay FerretDB's.
	n, err := coll.CountDocuments(ctx, bson.D{{Key: "customerId", Value: "c007"}})
	if err != nil || n != 10 {
		t.Errorf("count for c007: %d %v", n, err)
	}
}

// With the PostgreSQL under FerretDB gone (crashed, then refusing connections), what FerretDB
// answers counts as a dependency that is down, so services answer 503, not 500.
func TestPostgresGoneIsUnavailable(t *testing.T) {
	pg, server := newPostgres(t)
	if err := pg.CreateDatabase("ferretdb"); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	db, err := embeddb.StartPostgreSQL(ctx, "127.0.0.1:0", pg.URL("ferretdb"), nil)
	if err != nil {
		t.Fatal(err)
	}
	client, err := mongox.Connect(ctx, db.URI())
	if err != nil {
		t.Fatal(err)
	}
	defer client.Disconnect(context.Background())
	coll := client.Database("shop").Collection("quotes")
	if _, err := coll.InsertOne(ctx, bson.D{{Key: "_id", Value: "q1"}}); err != nil {
		t.Fatal(err)
	}
	server.StopWith(syscall.SIGKILL)
	<-server.Exited()
	read := coll.FindOne(ctx, bson.D{{Key: "_id", Value: "q1"}}).Err() // its pooled connection dropped
	_, write := coll.InsertOne(ctx, bson.D{{Key: "_id", Value: "q2"}}) // a new connection refused
	for name, err := range map[string]error{"read": read, "write": write} {
		if err == nil || !errs.Unavailable(err) {
			t.Errorf("%s with PostgreSQL gone: %v, not unavailable", name, err)
		}
	}
	if errs.Unavailable(coll.FindOneAndUpdate(ctx, bson.D{{Key: "$bad", Value: 1}}, bson.D{}).Err()) {
		t.Error("a refused command counts as unavailable")
	}
}
