package searchkeys_test

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"linguaport/internal/searchkeys"
	"linguaport/internal/testenv"
)

func TestMain(m *testing.M) { testenv.Main(m) }

// oldKeys are keys as svc-catalog made them before this package: each subset of two filters,
// alone and followed by every prefix (up to 40 runes) of each text and word.
func oldKeys(texts ...string) []string {
	var prefixes []string
	seen := map[string]bool{}
	add := func(s string) {
		r := []rune(s)
		for n := 1; n <= min(len(r), 40); n++ {
			if p := string(r[:n]); !seen[p] {
				seen[p] = true
				prefixes = append(prefixes, p)
			}
		}
	}
	for _, t := range texts {
		t = searchkeys.Fold(t)
		add(t)
		for _, w := range searchkeys.Words(t) {
			add(w)
		}
	}
	var keys []string
	for _, f := range []string{"", "kind=corporate", "status=open", "kind=corporate;status=open"} {
		keys = append(keys, f)
		for _, p := range prefixes {
			keys = append(keys, f+"#"+p)
		}
	}
	return keys
}

// FerretDB over PostgreSQL refuses a document whose indexed array passes the btree's entry limit
// (the inquiry that answered 500), and takes the largest keys this package makes, of random
// (incompressible) hashes, in an index of the shape svc-catalog uses.
func TestKeysFitPostgreSQLBtree(t *testing.T) {
	ctx := context.Background()
	coll := testenv.MongoOnPostgres(t).Collection("inquiries")
	if _, err := coll.Indexes().CreateOne(ctx, mongo.IndexModel{Keys: bson.D{{Key: "keys", Value: 1}, {Key: "order", Value: -1}, {Key: "_id", Value: -1}}}); err != nil {
		t.Fatal(err)
	}
	texts := []string{"Ayşegül Karaçalı", "aysegul.karacali@buyukcekmece-lojistik.com.tr", "Büyükçekmece Uluslararası Lojistik ve Dış Ticaret A.Ş."}
	order := "2026-11-29T00:15:57.123456789Z/" + strings.Repeat("x", 24)
	old := oldKeys(texts...)
	_, err := coll.InsertOne(ctx, bson.D{{Key: "_id", Value: "old"}, {Key: "order", Value: order}, {Key: "keys", Value: old}})
	if err == nil || !strings.Contains(err.Error(), "index row") {
		t.Errorf("%d old keys (%d bytes): %v, want PostgreSQL's index row size error", len(old), searchkeys.Size(old), err)
	}
	r := rand.New(rand.NewPCG(3, 4))
	for i := range 20 {
		var long []string
		for range 3 {
			var b strings.Builder
			for range 2000 {
				if r.IntN(7) == 0 {
					b.WriteByte(' ')
				} else {
					b.WriteRune(rune('a' + r.IntN(26)))
				}
			}
			long = append(long, b.String())
		}
		keys := searchkeys.Keys([]string{"", "kind=corporate", "status=open", "kind=corporate;status=open"}, long...)
		if _, err := coll.InsertOne(ctx, bson.D{{Key: "_id", Value: strings.Repeat("n", 23) + string(rune('a'+i))}, {Key: "order", Value: order}, {Key: "keys", Value: keys}}); err != nil {
			t.Fatalf("%d keys (%d bytes): %v", len(keys), searchkeys.Size(keys), err)
		}
	}
}
