package testenv

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/event"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"linguaport/internal/mongox"
)

// Every client a test connects through mongox (testenv.Mongo's, and a service's own started on
// MongoURI) reports its commands here (mongox.ObserveCommands). When the test ends, each query it
// sent is checked against the indexes of its collection by the rule in coverage.go, and the test
// fails for each one no index covers: a store declares, in the constructor production uses,
// the indexes its queries need.
//
// GridFS needs no exemption: the driver creates the indexes of <bucket>.files and
// <bucket>.chunks itself before the first upload, and its reads ({_id} on files, {files_id}
// sorted by n on chunks) are covered by them.

var queryLog = &recorder{dbs: map[string]*dbLog{}, pending: map[pendingKey]pendingCmd{}}

var observeOnce sync.Once

func observeQueries() {
	observeOnce.Do(func() { mongox.ObserveCommands(queryLog.monitor()) })
}

type recorder struct {
	mu      sync.Mutex
	seq     int64
	dbs     map[string]*dbLog
	pending map[pendingKey]pendingCmd
}

type dbLog struct {
	firstSeen int64
	owned     bool // by a test through Mongo: checked when that test ends
	checked   bool
	queries   []Query
	created   map[string][]Index // by collection: indexes created on the wire, with their options
}

type pendingKey struct {
	conn string
	req  int64
}

type pendingCmd struct {
	db, coll string
	queries  []Query
	indexes  []Index
}

// systemDBs are the server's own; commands there (hello, ping, endSessions) are no queries.
var systemDBs = map[string]bool{"admin": true, "config": true, "local": true}

func (r *recorder) monitor() *event.CommandMonitor {
	return &event.CommandMonitor{
		Started: func(_ context.Context, e *event.CommandStartedEvent) {
			if systemDBs[e.DatabaseName] {
				return
			}
			// The command's bytes are not ours after Started returns: read what is needed now.
			cmd := parseCommand(e.CommandName, e.Command)
			r.mu.Lock()
			defer r.mu.Unlock()
			r.db(e.DatabaseName)
			if len(cmd.queries) > 0 || len(cmd.indexes) > 0 {
				cmd.db = e.DatabaseName
				r.pending[pendingKey{e.ConnectionID, e.RequestID}] = cmd
			}
		},
		Succeeded: func(_ context.Context, e *event.CommandSucceededEvent) {
			r.finish(e.ConnectionID, e.RequestID, true)
		},
		Failed: func(_ context.Context, e *event.CommandFailedEvent) {
			// A command the server refused served no query and made no index.
			r.finish(e.ConnectionID, e.RequestID, false)
		},
	}
}

// db is the log of one database; r.mu is held.
func (r *recorder) db(name string) *dbLog {
	d, ok := r.dbs[name]
	if !ok {
		r.seq++
		d = &dbLog{firstSeen: r.seq, created: map[string][]Index{}}
		r.dbs[name] = d
	}
	return d
}

func (r *recorder) finish(conn string, req int64, ok bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	key := pendingKey{conn, req}
	cmd, found := r.pending[key]
	if !found {
		return
	}
	delete(r.pending, key)
	if !ok {
		return
	}
	d := r.db(cmd.db)
	d.queries = append(d.queries, cmd.queries...)
	d.created[cmd.coll] = append(d.created[cmd.coll], cmd.indexes...)
}

// parseCommand reads the queries of a command (the filters of find, update, delete,
// findAndModify, count, distinct and an aggregate's leading $match) or the indexes it creates.
func parseCommand(name string, cmd bson.Raw) pendingCmd {
	first, err := cmd.IndexErr(0)
	if err != nil {
		return pendingCmd{}
	}
	coll, ok := first.Value().StringValueOK()
	if !ok || strings.HasPrefix(coll, "system.") {
		return pendingCmd{}
	}
	out := pendingCmd{coll: coll}
	add := func(filter, sort bson.RawValue) {
		q := Query{Command: name, Collection: coll, Branches: [][]Pred{{}}}
		if doc, ok := filter.DocumentOK(); ok {
			branches, err := ParseFilter(doc)
			if err != nil {
				branches = [][]Pred{{{Field: "(filter)", Kind: Unindexable, Op: err.Error()}}}
			}
			q.Branches = branches
		}
		if doc, ok := sort.DocumentOK(); ok {
			q.Sort = ParseKeys(doc)
		}
		out.queries = append(out.queries, q)
	}
	statements := func(field, filter string) {
		arr, ok := cmd.Lookup(field).ArrayOK()
		if !ok {
			return
		}
		vals, _ := arr.Values()
		for _, v := range vals {
			if doc, ok := v.DocumentOK(); ok {
				add(doc.Lookup(filter), doc.Lookup("sort"))
			}
		}
	}
	switch name {
	case "find":
		add(cmd.Lookup("filter"), cmd.Lookup("sort"))
	case "findAndModify":
		add(cmd.Lookup("query"), cmd.Lookup("sort"))
	case "count", "distinct":
		add(cmd.Lookup("query"), bson.RawValue{})
	case "update":
		statements("updates", "q")
	case "delete":
		statements("deletes", "q")
	case "aggregate":
		var match, sort bson.RawValue
		if arr, ok := cmd.Lookup("pipeline").ArrayOK(); ok {
			stages, _ := arr.Values()
			for i, st := range stages {
				doc, _ := st.DocumentOK()
				if m, err := doc.LookupErr("$match"); err == nil && i == 0 {
					match = m
					continue
				}
				if s, err := doc.LookupErr("$sort"); err == nil && i <= 1 {
					sort = s
				}
				break
			}
		}
		add(match, sort)
	case "createIndexes":
		arr, _ := cmd.Lookup("indexes").ArrayOK()
		specs, _ := arr.Values()
		for _, s := range specs {
			if doc, ok := s.DocumentOK(); ok {
				out.indexes = append(out.indexes, indexOf(doc))
			}
		}
	}
	return out
}

// indexOf reads an index specification, as createIndexes sends it and listIndexes answers it.
func indexOf(spec bson.Raw) Index {
	ix := Index{}
	ix.Name, _ = spec.Lookup("name").StringValueOK()
	if keys, ok := spec.Lookup("key").DocumentOK(); ok {
		ix.Keys = ParseKeys(keys)
	}
	ix.Unique, _ = spec.Lookup("unique").BooleanOK()
	ix.Sparse, _ = spec.Lookup("sparse").BooleanOK()
	if ix.Name == "_id_" {
		ix.Unique = true
	}
	return ix
}

// Queries returns the queries sent to db so far, in the order they were answered.
func Queries(db *mongo.Database) []Query {
	queryLog.mu.Lock()
	defer queryLog.mu.Unlock()
	if d, ok := queryLog.dbs[db.Name()]; ok {
		return slices.Clone(d.queries)
	}
	return nil
}

// own marks a database as one a test made through Mongo.
func (r *recorder) own(name string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.db(name).owned = true
}

// uncovered checks the queries sent to db against its collections' indexes and returns one line
// for each distinct query that no index covers.
func (r *recorder) uncovered(ctx context.Context, db *mongo.Database) ([]string, error) {
	r.mu.Lock()
	d := r.db(db.Name())
	d.checked = true
	queries := slices.Clone(d.queries)
	created := map[string][]Index{}
	for c, ixs := range d.created {
		created[c] = slices.Clone(ixs)
	}
	r.mu.Unlock()

	byColl := map[string][]Query{}
	seen := map[string]bool{}
	for _, q := range queries {
		if s := q.String(); !seen[s] {
			seen[s] = true
			byColl[q.Collection] = append(byColl[q.Collection], q)
		}
	}
	var out []string
	for coll, qs := range byColl {
		indexes, err := indexesOf(ctx, db.Collection(coll), created[coll])
		if err != nil {
			return nil, err
		}
		for _, q := range qs {
			if !Covered(q, indexes) {
				names := make([]string, len(indexes))
				for i, ix := range indexes {
					names[i] = ix.Name
				}
				out = append(out, fmt.Sprintf("%s (indexes: %s)", q, strings.Join(names, ", ")))
			}
		}
	}
	sort.Strings(out)
	return out, nil
}

// indexesOf lists coll's indexes. Options the server leaves out of its answer (FerretDB 1.x
// accepts "sparse" and forgets it) are taken from the createIndexes the test's clients sent, and
// an index created then dropped with its database still counts: it was there when it served.
func indexesOf(ctx context.Context, coll *mongo.Collection, created []Index) ([]Index, error) {
	indexes := []Index{{Name: "_id_", Keys: []Key{{Field: "_id", Dir: 1}}, Unique: true}}
	var specs []bson.Raw
	cur, err := coll.Indexes().List(ctx)
	if err == nil {
		err = cur.All(ctx, &specs)
	}
	var se mongo.ServerError
	if err != nil && !(errors.As(err, &se) && se.HasErrorCode(namespaceNotFound)) {
		return nil, fmt.Errorf("list indexes of %s: %w", coll.Name(), err)
	}
	for _, s := range specs {
		if ix := indexOf(s); ix.Name != "_id_" {
			indexes = append(indexes, ix)
		}
	}
	for _, c := range created {
		i := slices.IndexFunc(indexes, func(ix Index) bool { return ix.Name == c.Name })
		if i < 0 {
			indexes = append(indexes, c)
			continue
		}
		indexes[i].Unique = indexes[i].Unique || c.Unique
		indexes[i].Sparse = indexes[i].Sparse || c.Sparse
	}
	return indexes, nil
}

// namespaceNotFound answers listIndexes on a collection that does not exist (any more).
const namespaceNotFound = 26

// checkIndexes fails t for each query sent to db that no index covers.
func checkIndexes(t testing.TB, db *mongo.Database) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	lines, err := queryLog.uncovered(ctx, db)
	if err != nil {
		t.Errorf("index coverage of %s: %v", db.Name(), err)
		return
	}
	for _, l := range lines {
		t.Errorf("query not covered by an index (internal/testenv/coverage.go): %s", l)
	}
}

// checkUnowned checks, when a test that asked for MongoURI ends, the databases first used since
// it started that no test made through Mongo: those its services connected to themselves.
func checkUnowned(t testing.TB, uri string, since int64) {
	t.Helper()
	queryLog.mu.Lock()
	var names []string
	for name, d := range queryLog.dbs {
		if d.firstSeen > since && !d.owned && !d.checked {
			names = append(names, name)
		}
	}
	queryLog.mu.Unlock()
	if len(names) == 0 {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	client, err := mongox.Connect(ctx, uri)
	if err != nil {
		t.Errorf("index coverage: %v", err)
		return
	}
	defer func() { _ = client.Disconnect(context.Background()) }()
	sort.Strings(names)
	for _, name := range names {
		checkIndexes(t, client.Database(name))
	}
}

// sequence is where the log stands now: databases first used later have a greater firstSeen.
func (r *recorder) sequence() int64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.seq
}
