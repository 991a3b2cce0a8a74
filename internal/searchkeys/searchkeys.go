// Package searchkeys makes the keys staff's lists are searched by, the same way in every service:
// a document stores one array of short keys, a multikey index holds that array with the list's
// order, and a search is one equality on it (DESIGN §4: every query served by an index that also
// walks the list in its order; a regex or a text index could not page).
//
// Why the keys are what they are:
//
//   - The array must stay small for ANY input. FerretDB 1.x on PostgreSQL (local runs and tests)
//     does not index an array element by element as MongoDB does: it puts the whole array, as one
//     jsonb value, in one btree entry, and PostgreSQL refuses an entry over 2,704 bytes (after
//     compression, which cannot be counted on: 468 keys, 12.7 KB, were still 3,480 bytes).
//     Storing every prefix of every word, up to 40 characters, as the services did, gave a
//     company name of 100 characters 868 keys (23 KB) and a public contact form that answered
//     500. Keys therefore never exceed Budget bytes as a BSON
//     array (a jsonb array of the same strings is smaller: 4 bytes per element against 7 or more),
//     whatever the number and length of the texts, leaving room for the other fields of a
//     compound index.
//   - A key is fixed-size: the first 36 bits of SHA-256 of "p#" and the prefix, base64url (6
//     characters), so a long word costs no more than a short one. Collisions cost nothing but a
//     rare extra document read: every document read is checked against the query (below).
//   - Only prefixes of the lengths in Lengths (1, 2, 3, 4, 6 and 8 runes) are keys: 6 keys reach
//     as far as 8 consecutive lengths would. A query asks for the key of its longest such prefix
//     (Parse), so a query of 5 runes reads the documents of its first 4, and one of 20 those of
//     its first 8. The documents read are then checked against the whole query in Go
//     (Query.Match, Collect): the result is exact, and the index still bounds what is read to the
//     documents sharing that prefix (and the rare hash collision, which the check also removes);
//     a query whose length is one of Lengths reads no document it does not answer.
//     The check is not a query predicate because the text it needs is no index's key: a long text
//     in an index would bring the size limit back, and a predicate no index bounds is what the
//     tests' coverage rule refuses (internal/testenv).
//   - What a document is found by: a prefix of one of its texts, whole, or of one of the words of
//     a text (runs of letters and digits: "a.yilmaz@ornek.com" is found by "a.y", "yil", "ornek"
//     and "com"), folded (Fold) so that "ilker", "İlker", "ILKER" and "ılker" are one.
//   - When a document's keys would pass Budget, the least useful are left out, deterministically:
//     the whole texts come first, then the words in their order, taking the first word of each
//     text, then the second of each, and so on, so one long text cannot crowd the others out. A
//     word left out is not found by its own prefix (the text's and the other words' still are);
//     the realistic inputs tested here (a 200-character company name with a long name and
//     e-mail: 140 keys, 2,154 bytes) keep every word.
//   - Documents stored with another format are found through VersionField (Stale, VersionIndex)
//     and given new keys at start, so existing data stays findable.
package searchkeys

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
)

// Budget bounds a document's keys as a BSON array, in bytes: under PostgreSQL's btree entry
// limit (2,704) with room for a compound index's other fields.
const Budget = 2400

// Lengths are the prefix lengths, in runes, stored as keys.
var Lengths = [...]int{1, 2, 3, 4, 6, 8}

// keySize is the length of a hashed key: 36 bits of SHA-256 in base64url. Two different prefixes
// share a key once in 2^36; Query.Match removes what such a collision lets through.
const keySize = 6

// Version is the keys' format; a document records the one its keys were made with in
// VersionField. Version 1 is the format before this package: every prefix, unhashed, up to 40.
const Version = 2

// VersionField is the field documents record Version in.
const VersionField = "searchVersion"

// Stale is the filter of the documents whose keys are of an older format (or missing), served
// by VersionIndex.
func Stale() bson.D {
	older := bson.A{nil}
	for v := 1; v < Version; v++ {
		older = append(older, v)
	}
	return bson.D{{Key: VersionField, Value: bson.D{{Key: "$in", Value: older}}}}
}

// VersionIndex serves Stale.
func VersionIndex() mongo.IndexModel {
	return mongo.IndexModel{Keys: bson.D{{Key: VersionField, Value: 1}}}
}

// turkishI folds the Turkish i's to "i" after lower-casing ("İ" lower-cases to "i" and a
// combining dot).
var turkishI = strings.NewReplacer("i\u0307", "i", "ı", "i")

// Fold is how searched text is compared: lower case, the Turkish i's as one, runs of white space
// as one space, none at the ends.
func Fold(s string) string {
	return strings.Join(strings.Fields(turkishI.Replace(strings.ToLower(s))), " ")
}

// Key is the key of a folded prefix.
func Key(prefix string) string {
	sum := sha256.Sum256([]byte("p#" + prefix))
	return base64.RawURLEncoding.EncodeToString(sum[:6])[:keySize]
}

// Keys are a document's keys: fixed first (a caller's own plain keys, such as the filters of
// svc-catalog's lists, which must not look like a hashed key: give them a character out of
// base64url such as "=", or another length), then the keys of prefixes of texts and of their
// words, without repeats, as many as Budget holds (see the package comment for which go first).
// It panics if fixed alone passes Budget: those are the caller's constants, not input.
func Keys(fixed []string, texts ...string) []string {
	keys := make([]string, 0, len(fixed)+Budget/16)
	size := 5 // the array's length and terminator
	seen := map[string]bool{}
	add := func(k string) bool {
		if seen[k] {
			return true
		}
		n := elementSize(len(keys), k)
		if size+n > Budget {
			return false
		}
		seen[k], size, keys = true, size+n, append(keys, k)
		return true
	}
	for _, k := range fixed {
		if !add(k) {
			panic(fmt.Sprintf("searchkeys: the fixed keys %q pass the budget", fixed))
		}
	}
	prefixes := func(s string) bool {
		r := []rune(s)
		for _, n := range Lengths {
			if n > len(r) {
				break
			}
			if !add(Key(string(r[:n]))) {
				return false
			}
		}
		return true
	}
	folded := make([][]string, len(texts))
	longest := 0
	for i, t := range texts {
		t = Fold(t)
		if !prefixes(t) {
			return keys
		}
		folded[i] = Words(t)
		longest = max(longest, len(folded[i]))
	}
	for w := range longest {
		for _, words := range folded {
			if w < len(words) && !prefixes(words[w]) {
				return keys
			}
		}
	}
	return keys
}

// WholeKey is the one key that finds a document by s whole and by nothing shorter (an id, say):
// give it to Keys among the fixed keys and check Query.Whole on the documents read.
func WholeKey(s string) string { return Parse(s).Key() }

// Words are the runs of letters and digits of s.
func Words(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// elementSize is the size of the string s as element i of a BSON array: type, the index as a
// C string, the string's length, its bytes and terminator.
func elementSize(i int, s string) int {
	return 1 + len(strconv.Itoa(i)) + 1 + 4 + len(s) + 1
}

// Size is the size of keys as a BSON array.
func Size(keys []string) int {
	n := 5
	for i, k := range keys {
		n += elementSize(i, k)
	}
	return n
}

// Query is a staff search: the zero Query searches nothing.
type Query struct {
	q   string // folded
	key string
}

// Parse reads staff's q; a blank q is the zero Query.
func Parse(q string) Query {
	f := Fold(q)
	if f == "" {
		return Query{}
	}
	r := []rune(f)
	n := 0
	for _, l := range Lengths {
		if l <= len(r) {
			n = l
		}
	}
	return Query{q: f, key: Key(string(r[:n]))}
}

// IsZero reports whether q searches nothing.
func (q Query) IsZero() bool { return q.q == "" }

// Key is the one key the index is asked for.
func (q Query) Key() string { return q.key }

// String is the folded query.
func (q Query) String() string { return q.q }

// Match reports whether a document with texts is found by q: q is a prefix of one of them,
// folded, or of one of their words. The zero Query matches everything.
func (q Query) Match(texts ...string) bool {
	if q.IsZero() {
		return true
	}
	for _, t := range texts {
		t = Fold(t)
		if strings.HasPrefix(t, q.q) {
			return true
		}
		for _, w := range Words(t) {
			if strings.HasPrefix(w, q.q) {
				return true
			}
		}
	}
	return false
}

// Whole reports whether q is s whole, folded (see WholeKey).
func (q Query) Whole(s string) bool { return !q.IsZero() && q.q == Fold(s) }

// Collect reads the documents of cur in their order until it holds limit that keep accepts (all
// of them, for limit 0), and closes cur. A searched list's query asks the index for Query.Key
// without a limit, and keep checks Query.Match: the documents read are those of the key's
// prefix, up to the page's end.
func Collect[T any](ctx context.Context, cur *mongo.Cursor, limit int, keep func(*T) bool) ([]T, error) {
	defer cur.Close(ctx)
	out := []T{}
	for (limit == 0 || len(out) < limit) && cur.Next(ctx) {
		var doc T
		if err := cur.Decode(&doc); err != nil {
			return nil, fmt.Errorf("decode: %w", err)
		}
		if keep(&doc) {
			out = append(out, doc)
		}
	}
	if err := cur.Err(); err != nil {
		return nil, fmt.Errorf("read: %w", err)
	}
	return out, nil
}
