package mongox_test

import (
	"context"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/event"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.opentelemetry.io/otel/codes"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/trace"

	"linguaport/internal/mongox"
	"linguaport/internal/testenv"
)

func spanAttrs(s sdktrace.ReadOnlySpan) map[string]string {
	m := map[string]string{}
	for _, kv := range s.Attributes() {
		m[string(kv.Key)] = kv.Value.Emit()
	}
	return m
}

// Commands sent on the embedded database become client spans under the caller's span, with
// the database attributes and without the documents or filters; a command the server refuses
// has an error status that names the error but not the server's message.
func TestCommandsAreTraced(t *testing.T) {
	ctx := context.Background()
	rec, tp := testenv.RecordSpans(t)

	uri := testenv.MongoURI(t)
	client, err := mongox.Connect(ctx, uri)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = client.Disconnect(ctx) }()
	dbName := "t_tracing_" + strings.ReplaceAll(time.Now().Format("150405.000000"), ".", "")
	db := client.Database(dbName)
	defer func() { _ = db.Drop(ctx) }()
	coll := db.Collection("people")
	if _, err := coll.InsertOne(ctx, bson.D{{Key: "email", Value: "ayse@example.com"}}); err != nil {
		t.Fatal(err)
	}
	// Looked up by email, as every query, through an index (testenv checks it).
	if _, err := coll.Indexes().CreateOne(ctx, mongo.IndexModel{Keys: bson.D{{Key: "email", Value: 1}}}); err != nil {
		t.Fatal(err)
	}

	ctx, parent := tp.Tracer("test").Start(ctx, "people.lookup")
	var found []bson.M
	cur, err := coll.Find(ctx, bson.D{{Key: "email", Value: "ayse@example.com"}})
	if err != nil {
		t.Fatal(err)
	}
	if err := cur.All(ctx, &found); err != nil || len(found) != 1 {
		t.Fatalf("find: %v, %d documents", err, len(found))
	}
	_, failErr := coll.Find(ctx, bson.D{{Key: "email", Value: bson.D{{Key: "$noSuchOperator", Value: "ayse@example.com"}}}})
	if failErr == nil {
		t.Fatal("find with an unknown operator succeeded")
	}
	parent.End()

	if started, ended := len(rec.Started()), len(rec.Ended()); started != ended {
		t.Errorf("%d spans started, %d ended", started, ended)
	}
	var finds []sdktrace.ReadOnlySpan
	var names []string
	for _, s := range rec.Ended() {
		names = append(names, s.Name())
		if s.Name() == "find "+dbName+".people" {
			finds = append(finds, s)
		}
		for _, kv := range s.Attributes() {
			if strings.Contains(kv.Value.Emit(), "ayse") {
				t.Errorf("span %q attribute %s holds document data: %s", s.Name(), kv.Key, kv.Value.Emit())
			}
		}
		if strings.Contains(s.Status().Description, "ayse") {
			t.Errorf("span %q status holds document data: %s", s.Name(), s.Status().Description)
		}
	}
	if len(finds) != 2 {
		t.Fatalf("want 2 find spans among %q", names)
	}
	u, _ := url.Parse(uri)
	want := map[string]string{
		"db.system.name":     "mongodb",
		"db.operation.name":  "find",
		"db.namespace":       dbName,
		"db.collection.name": "people",
		"server.address":     u.Hostname(),
		"server.port":        u.Port(),
	}
	for i, s := range finds {
		if s.SpanKind() != trace.SpanKindClient {
			t.Errorf("find %d: kind %v, want client", i, s.SpanKind())
		}
		if s.Parent().SpanID() != parent.SpanContext().SpanID() || s.SpanContext().TraceID() != parent.SpanContext().TraceID() {
			t.Errorf("find %d: parent %v, want the caller's span %v", i, s.Parent().SpanID(), parent.SpanContext().SpanID())
		}
		got := spanAttrs(s)
		for k, v := range want {
			if got[k] != v {
				t.Errorf("find %d: %s = %q, want %q (all: %v)", i, k, got[k], v, got)
			}
		}
	}
	if ok := finds[0]; ok.Status().Code == codes.Error {
		t.Errorf("successful find has status %v", ok.Status())
	}
	failed := finds[1]
	attrs := spanAttrs(failed)
	t.Logf("failed find: status %q, attributes %v", failed.Status().Description, attrs)
	if failed.Status().Code != codes.Error || attrs["db.response.status_code"] == "" || attrs["error.type"] == "" {
		t.Errorf("failed find: status %v, attributes %v (error %v)", failed.Status(), attrs, failErr)
	}
	if !strings.Contains(failed.Status().Description, attrs["error.type"]) {
		t.Errorf("failed find: status %q does not name the error %q", failed.Status().Description, attrs["error.type"])
	}
}

// An observer sees the commands of a client connected before it registered, beside the client's
// spans, until it stops.
func TestObserversSeeTheCommandsOfEveryClient(t *testing.T) {
	ctx := context.Background()
	db := testenv.Mongo(t)
	var mu sync.Mutex
	var seen []string
	stop := mongox.ObserveCommands(&event.CommandMonitor{
		Succeeded: func(_ context.Context, e *event.CommandSucceededEvent) {
			if e.DatabaseName == db.Name() {
				mu.Lock()
				seen = append(seen, e.CommandName)
				mu.Unlock()
			}
		},
	})
	_ = db.Collection("people").FindOne(ctx, bson.D{{Key: "_id", Value: "p1"}}).Err()
	stop()
	_ = db.Collection("people").FindOne(ctx, bson.D{{Key: "_id", Value: "p2"}}).Err()
	mu.Lock()
	defer mu.Unlock()
	if !slices.Equal(seen, []string{"find"}) {
		t.Errorf("observer saw %q, want one find", seen)
	}
}
