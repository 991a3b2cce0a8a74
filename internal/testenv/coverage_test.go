package testenv

import (
	"testing"

	"go.mongodb.org/mongo-driver/v2/bson"
)

func ix(name string, unique, sparse bool, keys ...Key) Index {
	return Index{Name: name, Keys: keys, Unique: unique, Sparse: sparse}
}

func k(field string, dir int) Key { return Key{Field: field, Dir: dir} }

var idIndex = ix("_id_", true, false, k("_id", 1))

func TestCoverageRule(t *testing.T) {
	gte := bson.D{{Key: "$gte", Value: 1}}
	lt := bson.D{{Key: "$lt", Value: 9}}
	exists := bson.D{{Key: "$exists", Value: true}}
	in := func(vs ...any) bson.D { return bson.D{{Key: "$in", Value: bson.A(vs)}} }
	byCustomer := ix("customerId_1_createdAt_-1", false, false, k("customerId", 1), k("createdAt", -1))
	byStatus := ix("status_1_deliveredAt_1", false, false, k("status", 1), k("deliveredAt", 1))
	abc := ix("a_1_b_1_c_-1", false, false, k("a", 1), k("b", 1), k("c", -1))
	ab := ix("a_1_b_1", false, false, k("a", 1), k("b", 1))
	cases := []struct {
		name    string
		filter  bson.D
		sort    bson.D
		indexes []Index
		want    bool
	}{
		{"by _id, with a version check", bson.D{{Key: "_id", Value: "q1"}, {Key: "version", Value: 3}}, nil, nil, true},
		{"by a set of _ids, whatever else and the sort", bson.D{{Key: "_id", Value: in("a", "b")}, {Key: "$or", Value: bson.A{bson.D{{Key: "ownerId", Value: "u"}}, bson.D{{Key: "tokenHash", Value: "h"}}}}}, bson.D{{Key: "uploadedAt", Value: -1}}, nil, true},
		{"equality on an indexed field", bson.D{{Key: "email", Value: "a@x"}}, nil, []Index{ix("email_1", true, false, k("email", 1))}, true},
		{"equality on a field no index has", bson.D{{Key: "phone", Value: "1"}}, nil, []Index{ix("email_1", true, false, k("email", 1))}, false},
		{"a predicate left to test on the documents", bson.D{{Key: "customerId", Value: "c"}, {Key: "deliveredAt", Value: exists}}, nil, []Index{byCustomer}, false},
		{"equality then the sort", bson.D{{Key: "customerId", Value: "c"}}, bson.D{{Key: "createdAt", Value: -1}}, []Index{byCustomer}, true},
		{"the sort reversed", bson.D{{Key: "customerId", Value: "c"}}, bson.D{{Key: "createdAt", Value: 1}}, []Index{byCustomer}, true},
		{"a sort on a field the index does not have", bson.D{{Key: "customerId", Value: "c"}}, bson.D{{Key: "total", Value: 1}}, []Index{byCustomer}, false},
		{"directions mixed against the index", nil, bson.D{{Key: "a", Value: 1}, {Key: "b", Value: -1}}, []Index{ab}, false},
		{"directions all reversed", bson.D{{Key: "a", Value: 1}}, bson.D{{Key: "b", Value: -1}, {Key: "c", Value: 1}}, []Index{abc}, true},
		{"a range then a sort on another key", bson.D{{Key: "status", Value: "d"}, {Key: "deliveredAt", Value: bson.D{{Key: "$lte", Value: 5}}}}, bson.D{{Key: "createdAt", Value: -1}}, []Index{byStatus}, false},
		{"a range then the sort on the range's key", bson.D{{Key: "status", Value: "d"}, {Key: "deliveredAt", Value: bson.D{{Key: "$lte", Value: 5}}}}, bson.D{{Key: "deliveredAt", Value: 1}}, []Index{byStatus}, true},
		{"a range before an equality", bson.D{{Key: "a", Value: gte}, {Key: "b", Value: 1}}, nil, []Index{ab}, false},
		{"an equality before a range", bson.D{{Key: "a", Value: 1}, {Key: "b", Value: gte}}, nil, []Index{ab}, true},
		{"two bounds on one field through $and", bson.D{{Key: "$and", Value: bson.A{bson.D{{Key: "b", Value: gte}}, bson.D{{Key: "b", Value: lt}}}}}, nil, []Index{ix("b_1", false, false, k("b", 1))}, true},
		{"$in then a sort on the next key", bson.D{{Key: "a", Value: in(1, 2)}}, bson.D{{Key: "b", Value: 1}}, []Index{ab}, false},
		{"a one-value $in is an equality", bson.D{{Key: "a", Value: in(1)}}, bson.D{{Key: "b", Value: 1}}, []Index{ab}, true},
		{"$in on every key", bson.D{{Key: "a", Value: in(1, 2)}, {Key: "b", Value: in(3, 4)}}, nil, []Index{ab}, true},
		{"the sort leaves out fields bound to one value", bson.D{{Key: "a", Value: 1}}, bson.D{{Key: "a", Value: 1}, {Key: "b", Value: 1}}, []Index{ab}, true},
		{"$exists on a sparse index", bson.D{{Key: "outbox.id", Value: exists}}, nil, []Index{ix("outbox.id_1", false, true, k("outbox.id", 1))}, true},
		{"$exists on an index that is not sparse", bson.D{{Key: "outbox.id", Value: exists}}, nil, []Index{ix("outbox.id_1", false, false, k("outbox.id", 1))}, false},
		{"$exists on a compound sparse index", bson.D{{Key: "a", Value: exists}}, nil, []Index{ix("a_1_b_1", false, true, k("a", 1), k("b", 1))}, false},
		{"$exists: false", bson.D{{Key: "a", Value: bson.D{{Key: "$exists", Value: false}}}}, nil, []Index{ix("a_1", false, false, k("a", 1)), ix("a_1s", false, true, k("a", 1))}, false},
		{"equality to null then a range and the sort", bson.D{{Key: "ownerId", Value: nil}, {Key: "uploadedAt", Value: lt}}, bson.D{{Key: "uploadedAt", Value: -1}}, []Index{ix("ownerId_1_uploadedAt_-1", false, false, k("ownerId", 1), k("uploadedAt", -1))}, true},
		{"equality to null on a sparse index", bson.D{{Key: "google", Value: nil}}, nil, []Index{ix("google_1", false, true, k("google", 1))}, false},
		{"equality to a value on a sparse index", bson.D{{Key: "google", Value: "sub"}}, nil, []Index{ix("google_1", false, true, k("google", 1))}, true},
		{"$in with null on a sparse index", bson.D{{Key: "google", Value: in("a", nil)}}, nil, []Index{ix("google_1", false, true, k("google", 1))}, false},
		{"$ne", bson.D{{Key: "a", Value: bson.D{{Key: "$ne", Value: 1}}}}, nil, []Index{ix("a_1", false, false, k("a", 1))}, false},
		{"$nin", bson.D{{Key: "a", Value: bson.D{{Key: "$nin", Value: bson.A{1}}}}}, nil, []Index{ix("a_1", false, false, k("a", 1))}, false},
		{"an unanchored regex", bson.D{{Key: "a", Value: bson.Regex{Pattern: "bc"}}}, nil, []Index{ix("a_1", false, false, k("a", 1))}, false},
		{"a regex anchored at the start", bson.D{{Key: "a", Value: bson.D{{Key: "$regex", Value: "^bc"}}}}, nil, []Index{ix("a_1", false, false, k("a", 1))}, true},
		{"an anchored regex ignoring case", bson.D{{Key: "a", Value: bson.Regex{Pattern: "^bc", Options: "i"}}}, nil, []Index{ix("a_1", false, false, k("a", 1))}, false},
		{"$eq with a regex is an equality", bson.D{{Key: "a", Value: bson.D{{Key: "$eq", Value: bson.Regex{Pattern: "x"}}}}}, nil, []Index{ix("a_1", false, false, k("a", 1))}, true},
		{"$expr", bson.D{{Key: "$expr", Value: bson.D{{Key: "$gt", Value: bson.A{"$a", "$b"}}}}}, nil, []Index{ab}, false},
		{"$or with one branch no index serves", bson.D{{Key: "$or", Value: bson.A{bson.D{{Key: "a", Value: 1}}, bson.D{{Key: "z", Value: 1}}}}}, nil, []Index{ab}, false},
		{"$or with each branch served by its own index", bson.D{{Key: "k", Value: 1}, {Key: "$or", Value: bson.A{bson.D{{Key: "a", Value: 1}}, bson.D{{Key: "b", Value: 1}}}}}, nil,
			[]Index{ix("k_1_a_1", false, false, k("k", 1), k("a", 1)), ix("k_1_b_1", false, false, k("k", 1), k("b", 1))}, true},
		{"the whole collection, unsorted", nil, nil, nil, true},
		{"the whole collection sorted without an index", nil, bson.D{{Key: "order", Value: 1}}, nil, false},
		{"the whole collection sorted by an index", nil, bson.D{{Key: "order", Value: 1}}, []Index{ix("order_1", false, false, k("order", 1))}, true},
		{"the whole collection by _id", nil, bson.D{{Key: "_id", Value: 1}}, nil, true},
		{"a unique compound index bound by equalities", bson.D{{Key: "lang", Value: "tr"}, {Key: "slug", Value: "s"}, {Key: "draft", Value: false}}, nil, []Index{ix("lang_1_slug_1", true, false, k("lang", 1), k("slug", 1))}, true},
		{"the same index, not unique", bson.D{{Key: "lang", Value: "tr"}, {Key: "slug", Value: "s"}, {Key: "draft", Value: false}}, nil, []Index{ix("lang_1_slug_1", false, false, k("lang", 1), k("slug", 1))}, false},
		{"a unique index only partly bound", bson.D{{Key: "lang", Value: "tr"}, {Key: "draft", Value: false}}, nil, []Index{ix("lang_1_slug_1", true, false, k("lang", 1), k("slug", 1))}, false},
		{"a sort by $meta", bson.D{{Key: "a", Value: 1}}, bson.D{{Key: "score", Value: bson.D{{Key: "$meta", Value: "textScore"}}}}, []Index{ab}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			raw, err := bson.Marshal(append(bson.D{}, c.filter...))
			if err != nil {
				t.Fatal(err)
			}
			branches, err := ParseFilter(raw)
			if err != nil {
				t.Fatal(err)
			}
			q := Query{Command: "find", Collection: "c", Branches: branches}
			if c.sort != nil {
				rawSort, _ := bson.Marshal(c.sort)
				q.Sort = ParseKeys(rawSort)
			}
			if got := Covered(q, append([]Index{idIndex}, c.indexes...)); got != c.want {
				t.Errorf("Covered(%s) = %v, want %v", q, got, c.want)
			}
		})
	}
}

func TestNestedOrMultipliesOut(t *testing.T) {
	or := func(a, b string) bson.D {
		return bson.D{{Key: "$or", Value: bson.A{bson.D{{Key: a, Value: 1}}, bson.D{{Key: b, Value: 1}}}}}
	}
	raw, _ := bson.Marshal(bson.D{{Key: "k", Value: 1}, {Key: "$and", Value: bson.A{or("a", "b"), or("c", "d")}}})
	branches, err := ParseFilter(raw)
	if err != nil {
		t.Fatal(err)
	}
	q := Query{Command: "find", Collection: "c", Branches: branches}
	if got, want := q.String(), "find c $or[{k =, a =, c =}, {k =, a =, d =}, {k =, b =, c =}, {k =, b =, d =}]"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}

	var many bson.A
	for i := range 8 {
		many = append(many, or("a", "b"), bson.D{{Key: "i", Value: i}})
	}
	raw, _ = bson.Marshal(bson.D{{Key: "$and", Value: many}})
	branches, err = ParseFilter(raw)
	if err != nil {
		t.Fatal(err)
	}
	if Covered(Query{Branches: branches}, []Index{idIndex}) {
		t.Error("a filter with 256 alternatives is covered")
	}
}
