package catalog

import (
	"strings"

	"linguaport/internal/searchkeys"
)

// Staff lists are filtered by a few fixed dimensions (a post's language and status, an inquiry's
// kind and status), searched by prefix, and every query must be served by an index (DESIGN §4).
// One multikey field "keys" per document, indexed with the list's order, does that:
//
//   - unsearched, a list asks for the key of the dimensions it filters by, one per subset of the
//     document's dimensions ("lang=tr;status=draft", "status=draft", ""), an exact answer;
//   - searched, it asks for the search's key (internal/searchkeys: bounded, hashed prefixes) and
//     checks the filters with the search on each document read (listing.match). Multiplying the
//     prefix keys by the subsets of dimensions, as before, made four times as many keys, and an
//     inquiry with a long company name could no longer be stored on FerretDB over PostgreSQL,
//     whose btree holds the whole array in one entry. A prefix is selective enough that the
//     documents of other kinds and statuses it reads are few.
//
// A compound index over the dimensions and the prefixes would need one index per combination.

// dim is one filterable dimension of a document: its name and the document's value.
type dim struct{ name, value string }

// facet is the key of the dimensions a listing filters by; dimensions with no value are left out.
// A facet has a "=" or is empty, so it never equals a hashed search key.
func facet(dims ...dim) string {
	var parts []string
	for _, d := range dims {
		if d.value != "" {
			parts = append(parts, d.name+"="+d.value)
		}
	}
	return strings.Join(parts, ";")
}

// indexKeys are a document's keys: every subset of dims, then the search keys of texts.
func indexKeys(dims []dim, texts ...string) []string {
	var facets []string
	for mask := 0; mask < 1<<len(dims); mask++ {
		subset := make([]dim, 0, len(dims))
		for i, d := range dims {
			if mask&(1<<i) != 0 {
				subset = append(subset, d)
			}
		}
		facets = append(facets, facet(subset...))
	}
	return searchkeys.Keys(facets, texts...)
}

// listing is what a staff list asks the keys index for, and what it checks on each document read.
type listing struct {
	key  string
	q    searchkeys.Query
	dims []dim // the filters, checked on each document when searching
}

// newListing is the listing of the documents with dims (those with a value) found by q.
func newListing(q string, dims ...dim) listing {
	l := listing{key: facet(dims...), q: searchkeys.Parse(q), dims: dims}
	if !l.q.IsZero() {
		l.key = l.q.Key()
	}
	return l
}

// searching reports whether the index answers more than the list: documents are then checked.
func (l listing) searching() bool { return !l.q.IsZero() }

// match reports whether a document with dims and texts belongs to the list.
func (l listing) match(dims []dim, texts ...string) bool {
	for _, want := range l.dims {
		if want.value == "" {
			continue
		}
		for _, d := range dims {
			if d.name == want.name && d.value != want.value {
				return false
			}
		}
	}
	return l.q.Match(texts...)
}
