// Package testenv starts the real infrastructure tests run against: embedded FerretDB,
// redis-server and a Consul dev agent, each on free loopback ports, and stops them afterwards.
//
// FerretDB and Consul are shared by all tests of one test binary (they are slow to start and
// tests isolate themselves by database or service name); each Redis caller gets its own
// redis-server, which starts in milliseconds and keeps stream names from colliding.
// Use Main from TestMain so shared processes are stopped when the tests end.
package testenv

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	consul "github.com/hashicorp/consul/api"
	"github.com/redis/go-redis/v9"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"linguaport/internal/discovery"
	"linguaport/internal/embeddb"
	"linguaport/internal/mongox"
	"linguaport/internal/proc"
)

var (
	mu       sync.Mutex
	stoppers []func()
)

func atExit(f func()) {
	mu.Lock()
	defer mu.Unlock()
	stoppers = append(stoppers, f)
}

// Main runs the tests and then stops what the package started.
func Main(m *testing.M) {
	code := m.Run()
	mu.Lock()
	for i := len(stoppers) - 1; i >= 0; i-- {
		stoppers[i]()
	}
	mu.Unlock()
	os.Exit(code)
}

// FreePort returns a loopback TCP port that was free a moment ago (proc.FreePorts: one no
// outgoing connection can take before its server listens).
func FreePort(t testing.TB) int {
	t.Helper()
	ports, err := proc.FreePorts(1)
	if err != nil {
		t.Fatalf("free port: %v", err)
	}
	return ports[0]
}

// ---- FerretDB ----

var (
	ferretOnce sync.Once
	ferretURI  string
	ferretErr  error
)

// MongoURI starts (once per test binary) an embedded FerretDB with the SQLite backend in a
// temporary directory and returns its mongodb:// URI. When the test ends, the queries sent to the
// databases first used during the test (other than those made by Mongo) are checked against their
// indexes, as Mongo's are: clients connected through mongox report their commands.
func MongoURI(t testing.TB) string {
	t.Helper()
	uri := ferret(t)
	since := queryLog.sequence()
	t.Cleanup(func() { checkUnowned(t, uri, since) })
	return uri
}

func ferret(t testing.TB) string {
	t.Helper()
	observeQueries()
	ferretOnce.Do(func() { ferretURI, ferretErr = startFerret() })
	if ferretErr != nil {
		t.Fatalf("embedded FerretDB: %v", ferretErr)
	}
	return ferretURI
}

func startFerret() (string, error) {
	dir, err := os.MkdirTemp("", "linguaport-ferretdb-")
	if err != nil {
		return "", err
	}
	ctx, cancel := context.WithCancel(context.Background())
	db, err := embeddb.Start(ctx, "127.0.0.1:0", dir, nil)
	if err != nil {
		cancel()
		return "", err
	}
	atExit(func() {
		cancel()
		<-db.Done()
		_ = os.RemoveAll(dir)
	})
	return db.URI(), nil
}

// Mongo returns a database with a name unique to the test on the shared FerretDB. When the test
// ends, every query sent to it is checked against its collections' indexes (indexcheck.go): the
// test fails for each one no index covers. Then the database is dropped.
func Mongo(t testing.TB) *mongo.Database {
	t.Helper()
	return database(t, ferret(t))
}

// database is a database named after the test on the FerretDB at uri, checked and dropped when
// the test ends.
func database(t testing.TB, uri string) *mongo.Database {
	t.Helper()
	ctx := context.Background()
	name := dbName(t)
	queryLog.own(name)
	client, err := mongox.Connect(ctx, uri)
	if err != nil {
		t.Fatal(err)
	}
	db := client.Database(name)
	t.Cleanup(func() {
		checkIndexes(t, db)
		_ = db.Drop(context.Background())
		_ = client.Disconnect(context.Background())
	})
	return db
}

func dbName(t testing.TB) string {
	var b strings.Builder
	for _, r := range strings.ToLower(t.Name()) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	name := b.String()
	if len(name) > 40 {
		name = name[:40]
	}
	return fmt.Sprintf("t_%s_%d", name, time.Now().UnixNano()%1e9)
}

// ---- Redis ----

// Redis is a redis-server started for one test.
type Redis struct {
	Addr   string
	URL    string
	Client *redis.Client

	madeUpEvents bool
}

// MadeUpEvents exempts this Redis's streams from the event contracts: for the event bus's own
// tests, whose events stand for no service's.
func (r *Redis) MadeUpEvents() { r.madeUpEvents = true }

// StartRedis starts a private redis-server without persistence; it is stopped when the test ends.
func StartRedis(t testing.TB) *Redis {
	t.Helper()
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		t.Fatal("redis-server is not installed (apt-get install redis-server); make test installs it")
	}
	port := FreePort(t)
	p, err := proc.Start(bin, "--bind", "127.0.0.1", "--port", strconv.Itoa(port), "--save", "", "--appendonly", "no", "--dir", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.Stop)
	addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
	client := redis.NewClient(&redis.Options{Addr: addr})
	t.Cleanup(func() { _ = client.Close() })
	if err := proc.WaitFor(10*time.Second, func() error { return client.Ping(context.Background()).Err() }); err != nil {
		t.Fatalf("redis-server did not start: %v\n%s", err, p.Output())
	}
	r := &Redis{Addr: addr, URL: "redis://" + addr + "/0", Client: client}
	t.Cleanup(func() { // before the client closes
		// A test that stopped its Redis (to see a service without it) took the streams with it.
		if r.madeUpEvents || client.Ping(context.Background()).Err() != nil {
			return
		}
		CheckEventContracts(t, client)
	})
	return r
}

// ---- Consul ----

var (
	consulOnce sync.Once
	consulAddr string
	consulErr  error
)

// ConsulBinary finds the consul binary built by `make tools` (.bin/consul), or CONSUL_BIN.
func ConsulBinary() (string, error) {
	if bin := os.Getenv("CONSUL_BIN"); bin != "" {
		return bin, nil
	}
	root, err := proc.RepoRoot()
	if err != nil {
		return "", err
	}
	bin := filepath.Join(root, ".bin", "consul")
	if _, err := os.Stat(bin); err != nil {
		return "", fmt.Errorf("%s not found: run `make tools` first", bin)
	}
	return bin, nil
}

// ConsulAddr starts (once per test binary) a Consul dev agent on free ports and returns its HTTP address.
func ConsulAddr(t testing.TB) string {
	t.Helper()
	consulOnce.Do(func() { consulAddr, consulErr = startConsul() })
	if consulErr != nil {
		t.Fatalf("consul dev agent: %v", consulErr)
	}
	return consulAddr
}

// Consul returns an API client for the shared dev agent.
func Consul(t testing.TB) *consul.Client {
	t.Helper()
	cfg := consul.DefaultConfig()
	cfg.Address = ConsulAddr(t)
	c, err := consul.NewClient(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func startConsul() (string, error) {
	bin, err := ConsulBinary()
	if err != nil {
		return "", err
	}
	ports, err := proc.FreePorts(4)
	if err != nil {
		return "", err
	}
	p, err := proc.Start(bin, discovery.DevAgentArgs(ports[0], ports[1], ports[2], ports[3], "")...)
	if err != nil {
		return "", err
	}
	atExit(p.Stop)
	addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(ports[0]))
	if err := discovery.WaitLeader(addr, 30*time.Second); err != nil {
		p.Stop()
		return "", fmt.Errorf("%w\n%s", err, p.Output())
	}
	return addr, nil
}
