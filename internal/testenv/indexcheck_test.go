package testenv

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"testing"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"linguaport/internal/mongox"
)

func TestMain(m *testing.M) { Main(m) }

// failures stands in for a test, to see what the check reports without failing this one.
type failures struct {
	testing.TB
	mu    sync.Mutex
	lines []string
}

func (f *failures) Helper() {}

func (f *failures) Errorf(format string, args ...any) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.lines = append(f.lines, fmt.Sprintf(format, args...))
}

func (f *failures) Cleanup(func()) {}

// Queries of every kind a store sends are recorded by shape and checked against the collection's
// indexes; once the indexes are there, the same queries pass.
func TestEveryQueryKindIsCheckedAgainstTheIndexes(t *testing.T) {
	ctx := context.Background()
	db := Mongo(t)
	people := db.Collection("people")
	if _, err := people.InsertMany(ctx, []any{
		bson.D{{Key: "_id", Value: "p1"}, {Key: "email", Value: "a@x"}, {Key: "age", Value: 30}, {Key: "team", Value: "t"}},
		bson.D{{Key: "_id", Value: "p2"}, {Key: "email", Value: "b@x"}, {Key: "age", Value: 40}, {Key: "team", Value: "t"}},
	}); err != nil {
		t.Fatal(err)
	}
	run := func(what string, err error) {
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	cur, err := people.Find(ctx, bson.D{{Key: "team", Value: "t"}}, options.Find().SetSort(bson.D{{Key: "age", Value: -1}}))
	run("find", err)
	run("find", cur.All(ctx, new([]bson.M)))
	_, err = people.UpdateMany(ctx, bson.D{{Key: "age", Value: bson.D{{Key: "$gte", Value: 35}}}}, bson.D{{Key: "$set", Value: bson.D{{Key: "senior", Value: true}}}})
	run("update", err)
	_, err = people.CountDocuments(ctx, bson.D{{Key: "email", Value: "a@x"}})
	run("count", err)
	cur, err = people.Find(ctx, bson.D{{Key: "senior", Value: bson.D{{Key: "$ne", Value: true}}}})
	run("find $ne", err)
	run("find $ne", cur.All(ctx, new([]bson.M)))
	err = people.FindOneAndUpdate(ctx, bson.D{{Key: "nick", Value: "x"}}, bson.D{{Key: "$set", Value: bson.D{{Key: "n", Value: 1}}}}).Err()
	if err != mongo.ErrNoDocuments {
		t.Fatalf("findAndModify: %v", err)
	}
	_, err = people.DeleteOne(ctx, bson.D{{Key: "_id", Value: "p9"}, {Key: "team", Value: "t"}})
	run("delete by _id", err)
	// Refused by the server: it served no query.
	if _, err := people.Find(ctx, bson.D{{Key: "email", Value: bson.D{{Key: "$noSuchOperator", Value: 1}}}}); err == nil {
		t.Fatal("find with an unknown operator succeeded")
	}

	got, err := queryLog.uncovered(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	var shapes []string
	for _, l := range got {
		shapes = append(shapes, l[:strings.Index(l, " (indexes")])
	}
	want := []string{
		"aggregate people {email =}",
		"find people {senior $ne}",
		"find people {team =} sort {age: -1}",
		"findAndModify people {nick =}",
		"update people {age $gte}",
	}
	if !slices.Equal(shapes, want) {
		t.Fatalf("uncovered queries:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	err = mongox.EnsureIndexes(ctx, people,
		mongo.IndexModel{Keys: bson.D{{Key: "email", Value: 1}}},
		mongo.IndexModel{Keys: bson.D{{Key: "team", Value: 1}, {Key: "age", Value: -1}}},
		mongo.IndexModel{Keys: bson.D{{Key: "age", Value: 1}}},
		mongo.IndexModel{Keys: bson.D{{Key: "nick", Value: 1}}, Options: options.Index().SetSparse(true)},
	)
	run("indexes", err)
	got, err = queryLog.uncovered(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || !strings.HasPrefix(got[0], "find people {senior $ne}") {
		t.Fatalf("with the indexes, uncovered: %q; want only the $ne", got)
	}
	// Leave the test passing: the $ne query is dropped from the log.
	queryLog.mu.Lock()
	d := queryLog.dbs[db.Name()]
	d.queries = slices.DeleteFunc(d.queries, func(q Query) bool { return strings.Contains(q.String(), "$ne") })
	queryLog.mu.Unlock()
}

// GridFS reads are covered by the indexes the driver makes for its bucket before the first upload.
func TestGridFSIsCoveredByTheDriversIndexes(t *testing.T) {
	ctx := context.Background()
	db := Mongo(t)
	bucket := db.GridFSBucket(options.GridFSBucket().SetName("uploads"))
	content := bytes.Repeat([]byte("linguaport "), 50_000) // several chunks
	if err := bucket.UploadFromStreamWithID(ctx, "f1", "a.txt", bytes.NewReader(content)); err != nil {
		t.Fatal(err)
	}
	r, err := bucket.OpenDownloadStream(ctx, "f1")
	if err != nil {
		t.Fatal(err)
	}
	back, err := io.ReadAll(r)
	_ = r.Close()
	if err != nil || !bytes.Equal(back, content) {
		t.Fatalf("download: %v, %d bytes", err, len(back))
	}
	if err := bucket.Delete(ctx, "f1"); err != nil {
		t.Fatal(err)
	}
	got, err := queryLog.uncovered(ctx, db)
	if err != nil || len(got) != 0 {
		t.Fatalf("GridFS queries not covered: %q %v", got, err)
	}
	var chunks int
	for _, q := range Queries(db) {
		if q.Collection == "uploads.chunks" {
			chunks++
		}
	}
	if chunks == 0 {
		t.Fatal("no query on the chunks was recorded")
	}
}

// A service that connects to MongoURI itself, with a database of its own, is checked when the
// test that asked for the URI ends.
func TestClientsOnMongoURIAreChecked(t *testing.T) {
	ctx := context.Background()
	uri := MongoURI(t)
	since := queryLog.sequence()
	client, err := mongox.Connect(ctx, uri)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = client.Disconnect(ctx) }()
	db := client.Database(dbName(t) + "_svc")
	defer func() { _ = db.Drop(ctx) }()
	if _, err := db.Collection("things").InsertOne(ctx, bson.D{{Key: "kind", Value: "k"}}); err != nil {
		t.Fatal(err)
	}
	if err := db.Collection("things").FindOne(ctx, bson.D{{Key: "kind", Value: "k"}}).Err(); err != nil {
		t.Fatal(err)
	}

	f := &failures{}
	checkUnowned(f, uri, since)
	if len(f.lines) != 1 || !strings.Contains(f.lines[0], "find things {kind =}") {
		t.Fatalf("reported %q, want the find by kind", f.lines)
	}
	// Checked once: the check registered by MongoURI leaves it alone when this test ends.
	f = &failures{}
	checkUnowned(f, uri, since)
	if len(f.lines) != 0 {
		t.Fatalf("checked twice: %q", f.lines)
	}
}

// The commands the driver sends for each kind of query are read for their filter and sort.
func TestCommandsAreReadForTheirQueries(t *testing.T) {
	cases := []struct {
		name string
		cmd  bson.D
		want []string
	}{
		{"find", bson.D{{Key: "find", Value: "c"}, {Key: "filter", Value: bson.D{{Key: "a", Value: 1}}}, {Key: "sort", Value: bson.D{{Key: "b", Value: -1}}}},
			[]string{"find c {a =} sort {b: -1}"}},
		{"find without a filter", bson.D{{Key: "find", Value: "c"}}, []string{"find c {}"}},
		{"update, one query per statement", bson.D{{Key: "update", Value: "c"}, {Key: "updates", Value: bson.A{
			bson.D{{Key: "q", Value: bson.D{{Key: "_id", Value: 1}}}, {Key: "u", Value: bson.D{}}},
			bson.D{{Key: "q", Value: bson.D{{Key: "s", Value: bson.D{{Key: "$lte", Value: 2}}}}}, {Key: "u", Value: bson.D{}}, {Key: "multi", Value: true}},
		}}}, []string{"update c {_id =}", "update c {s $lte}"}},
		{"delete", bson.D{{Key: "delete", Value: "c"}, {Key: "deletes", Value: bson.A{bson.D{{Key: "q", Value: bson.D{{Key: "x", Value: nil}}}, {Key: "limit", Value: 0}}}}},
			[]string{"delete c {x = null}"}},
		{"findAndModify", bson.D{{Key: "findAndModify", Value: "c"}, {Key: "query", Value: bson.D{{Key: "a", Value: 1}}}, {Key: "sort", Value: bson.D{{Key: "n", Value: 1}}}},
			[]string{"findAndModify c {a =} sort {n: 1}"}},
		{"count", bson.D{{Key: "count", Value: "c"}, {Key: "query", Value: bson.D{{Key: "a", Value: bson.D{{Key: "$exists", Value: true}}}}}},
			[]string{"count c {a $exists}"}},
		{"distinct", bson.D{{Key: "distinct", Value: "c"}, {Key: "key", Value: "k"}, {Key: "query", Value: bson.D{{Key: "a", Value: bson.D{{Key: "$in", Value: bson.A{1, 2}}}}}}},
			[]string{"distinct c {a $in}"}},
		{"aggregate with $match and $sort first", bson.D{{Key: "aggregate", Value: "c"}, {Key: "pipeline", Value: bson.A{
			bson.D{{Key: "$match", Value: bson.D{{Key: "a", Value: 1}}}}, bson.D{{Key: "$sort", Value: bson.D{{Key: "t", Value: -1}}}}, bson.D{{Key: "$limit", Value: 5}},
		}}}, []string{"aggregate c {a =} sort {t: -1}"}},
		{"aggregate starting with $sort", bson.D{{Key: "aggregate", Value: "c"}, {Key: "pipeline", Value: bson.A{bson.D{{Key: "$sort", Value: bson.D{{Key: "t", Value: 1}}}}}}},
			[]string{"aggregate c {} sort {t: 1}"}},
		{"aggregate with $match later", bson.D{{Key: "aggregate", Value: "c"}, {Key: "pipeline", Value: bson.A{
			bson.D{{Key: "$group", Value: bson.D{{Key: "_id", Value: "$a"}}}}, bson.D{{Key: "$sort", Value: bson.D{{Key: "t", Value: 1}}}},
		}}}, []string{"aggregate c {}"}},
		{"insert is no query", bson.D{{Key: "insert", Value: "c"}, {Key: "documents", Value: bson.A{bson.D{}}}}, nil},
		{"a database aggregate is no collection's", bson.D{{Key: "aggregate", Value: 1}, {Key: "pipeline", Value: bson.A{}}}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			raw, err := bson.Marshal(c.cmd)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, q := range parseCommand(c.cmd[0].Key, raw).queries {
				got = append(got, q.String())
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
	raw, _ := bson.Marshal(bson.D{{Key: "createIndexes", Value: "c"}, {Key: "indexes", Value: bson.A{
		bson.D{{Key: "key", Value: bson.D{{Key: "outbox.id", Value: 1}}}, {Key: "name", Value: "outbox.id_1"}, {Key: "sparse", Value: true}},
		bson.D{{Key: "key", Value: bson.D{{Key: "a", Value: 1}, {Key: "b", Value: int64(-1)}}}, {Key: "name", Value: "a_1_b_-1"}, {Key: "unique", Value: true}},
	}}})
	got := parseCommand("createIndexes", raw)
	want := []Index{
		{Name: "outbox.id_1", Keys: []Key{{"outbox.id", 1}}, Sparse: true},
		{Name: "a_1_b_-1", Keys: []Key{{"a", 1}, {"b", -1}}, Unique: true},
	}
	if got.coll != "c" || fmt.Sprint(got.indexes) != fmt.Sprint(want) {
		t.Errorf("createIndexes read as %s %+v, want %+v", got.coll, got.indexes, want)
	}
}
