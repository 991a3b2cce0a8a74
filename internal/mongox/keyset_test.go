package mongox_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"linguaport/internal/mongox"
	"linguaport/internal/testenv"
)

type entry struct {
	ID   string    `bson:"_id"`
	Kind string    `bson:"kind"`
	At   time.Time `bson:"at"`
}

// Walking a list page by page in either direction visits every matching document once, in order,
// ties on the key broken by _id, whatever page size.
func TestKeysetWalksEveryDocumentOnce(t *testing.T) {
	ctx := context.Background()
	coll := testenv.Mongo(t).Collection("entries")
	if _, err := coll.Indexes().CreateOne(ctx, mongo.IndexModel{Keys: bson.D{{Key: "kind", Value: 1}, {Key: "at", Value: 1}, {Key: "_id", Value: 1}}}); err != nil {
		t.Fatal(err)
	}
	base := time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)
	var want []string
	for i := range 23 {
		kind := "a"
		if i%4 == 3 {
			kind = "b"
		}
		// Three documents share each minute, so ties on the key are the rule, not the exception.
		e := entry{ID: fmt.Sprintf("e%02d", (i*7)%23), Kind: kind, At: base.Add(time.Duration(i/3) * time.Minute)}
		if _, err := coll.InsertOne(ctx, e); err != nil {
			t.Fatal(err)
		}
	}
	var all []entry
	cur, err := coll.Find(ctx, bson.D{{Key: "kind", Value: "a"}})
	if err != nil {
		t.Fatal(err)
	}
	if err := cur.All(ctx, &all); err != nil {
		t.Fatal(err)
	}
	slices.SortFunc(all, func(x, y entry) int {
		if c := x.At.Compare(y.At); c != 0 {
			return c
		}
		return strings.Compare(x.ID, y.ID)
	})
	for _, e := range all {
		want = append(want, e.ID)
	}
	for _, ascending := range []bool{true, false} {
		expected := slices.Clone(want)
		if !ascending {
			slices.Reverse(expected)
		}
		for _, size := range []int64{1, 2, 5, 100} {
			var got []string
			k := mongox.Keyset{Key: "at", Ascending: ascending, Limit: size}
			for pages := 0; ; pages++ {
				if pages > len(want)+1 {
					t.Fatalf("ascending=%v size=%d: paging does not end", ascending, size)
				}
				cur, err := coll.Find(ctx, k.Filter(bson.D{{Key: "kind", Value: "a"}}), k.Options())
				if err != nil {
					t.Fatal(err)
				}
				var page []entry
				if err := cur.All(ctx, &page); err != nil {
					t.Fatal(err)
				}
				if len(page) == 0 {
					break
				}
				for _, e := range page {
					got = append(got, e.ID)
				}
				last := page[len(page)-1]
				k.After, k.AfterID = last.At, last.ID
			}
			if !slices.Equal(got, expected) {
				t.Errorf("ascending=%v size=%d: got %v, want %v", ascending, size, got, expected)
			}
		}
	}
}

// Cut keeps a page of size and names the next page's cursor only when the query read one more.
func TestCut(t *testing.T) {
	id := func(s string) string { return "id-" + s }
	for _, tc := range []struct {
		list []string
		page []string
		more bool
		next string
	}{
		{nil, nil, false, ""},
		{[]string{"a", "b"}, []string{"a", "b"}, false, ""},
		{[]string{"a", "b", "c"}, []string{"a", "b", "c"}, false, ""},
		{[]string{"a", "b", "c", "d"}, []string{"a", "b", "c"}, true, "id-c"},
	} {
		page, more, next := mongox.Cut(tc.list, 3, id)
		if !slices.Equal(page, tc.page) || more != tc.more || next != tc.next {
			t.Errorf("Cut(%v, 3) = %v %v %q, want %v %v %q", tc.list, page, more, next, tc.page, tc.more, tc.next)
		}
	}
}
