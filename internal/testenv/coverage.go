package testenv

import (
	"fmt"
	"strings"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// The index coverage rule (DESIGN §4: every query is covered by a declared index). FerretDB's
// SQLite backend reads a whole collection for most filters whatever its indexes, so tests cannot
// measure coverage; they check each query's shape against the rule MongoDB's planner follows, and
// a query that passes is one MongoDB answers from an index without reading the collection or
// sorting in memory.
//
// A query's filter is split into its alternatives (the branches of $or, each with the rest of the
// filter); every alternative must be served by one index. An index serves a filter when:
//
//   - walking its keys in order, each key is constrained by the filter with an equality (a value,
//     $eq, a one-element $in) or an $in, until the first key with a range ($gt, $gte, $lt, $lte, or
//     a case-sensitive regex anchored at ^), which is the last key used, or no constraint; a sparse
//     single-key index also serves $exists: true on its key. A sparse index serves nothing that
//     also matches documents without the field (equality to null, $in with null).
//   - every field of the filter is one of the keys used: no predicate is left to test on the
//     documents, except when the keys used are all the keys of a unique index (the _id index
//     included) and each is an equality or an $in, which bounds the documents read by the number
//     of values asked for.
//   - a sort, if any, leaving out the fields bound to one value, is the run of index keys right
//     after the leading equalities, all in the index's directions or all reversed (or the unique
//     point lookup above, which needs no sort).
//
// $ne, $nin, $not, $exists: false, unanchored or case-insensitive regexes, $elemMatch, $size,
// $type, $expr, $where and $nor are never served. An empty filter without a sort reads the whole
// collection on purpose (a list of reference data, say) and is allowed; with a sort, the sort
// must be served like any other.

// Kind is how a filter constrains one field, as far as an index is concerned.
type Kind uint8

const (
	Eq          Kind = iota // one value: a plain value, $eq, a one-element $in
	In                      // a set of values: $in
	Range                   // $gt, $gte, $lt, $lte; a case-sensitive regex anchored at ^
	Exists                  // $exists: true
	Unindexable             // anything an index cannot bound
)

// Pred is one field's constraint in a filter.
type Pred struct {
	Field string
	Kind  Kind
	// Op names the constraint in messages: "=", "$in", "$lte", "$exists", "$ne", ...
	Op string
	// Missing: the constraint also matches documents without the field (equality to null).
	Missing bool
}

// Key is one key of an index or a sort: a field and its direction, 1 or -1.
type Key struct {
	Field string
	Dir   int
}

// Index is an index as the rule needs it.
type Index struct {
	Name           string
	Keys           []Key
	Unique, Sparse bool
}

// Query is the shape of one query a test sent: no values, only fields, operators and the sort.
type Query struct {
	Command, Collection string
	// Branches are the filter's alternatives, each a conjunction; an empty filter is one empty branch.
	Branches [][]Pred
	Sort     []Key
}

func (q Query) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s ", q.Command, q.Collection)
	if len(q.Branches) > 1 {
		b.WriteString("$or[")
	}
	for i, br := range q.Branches {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteByte('{')
		for j, p := range br {
			if j > 0 {
				b.WriteString(", ")
			}
			b.WriteString(p.Field + " " + p.Op)
		}
		b.WriteByte('}')
	}
	if len(q.Branches) > 1 {
		b.WriteByte(']')
	}
	if len(q.Sort) > 0 {
		b.WriteString(" sort " + keysString(q.Sort))
	}
	return b.String()
}

func keysString(keys []Key) string {
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s: %d", k.Field, k.Dir)
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// Covered reports whether every alternative of q is served by one of indexes.
func Covered(q Query, indexes []Index) bool {
	for _, br := range q.Branches {
		if len(br) == 0 && len(q.Sort) == 0 {
			continue // the whole collection, asked for
		}
		served := false
		for _, ix := range indexes {
			if serves(ix, br, q.Sort) {
				served = true
				break
			}
		}
		if !served {
			return false
		}
	}
	return true
}

// serves applies the rule above to one index and one conjunction.
func serves(ix Index, preds []Pred, sort []Key) bool {
	byField := map[string]Pred{}
	for _, p := range preds {
		if have, ok := byField[p.Field]; !ok || p.Kind < have.Kind {
			byField[p.Field] = p // the tightest of several constraints on one field bounds the scan
		}
	}
	usable := func(p Pred) bool {
		switch {
		case p.Kind == Unindexable, ix.Sparse && p.Missing:
			return false
		case p.Kind == Exists:
			return ix.Sparse && len(ix.Keys) == 1
		}
		return true
	}
	used, points := 0, 0 // keys used; leading keys bound to one value
	pointSet := true     // every key used is an equality or an $in
	for i, k := range ix.Keys {
		p, ok := byField[k.Field]
		if !ok || !usable(p) {
			break
		}
		used++
		if p.Kind == Eq && points == i {
			points++
		}
		if p.Kind == Range || p.Kind == Exists {
			pointSet = false
			break
		}
	}
	if ix.Unique && used == len(ix.Keys) && pointSet {
		return true
	}
	if used < len(byField) {
		return false // a predicate the index does not bound: documents are read to test it
	}
	var rest []Key
	for _, k := range sort {
		if p, ok := byField[k.Field]; !ok || p.Kind != Eq {
			rest = append(rest, k)
		}
	}
	if len(rest) == 0 {
		return true
	}
	if points+len(rest) > len(ix.Keys) {
		return false
	}
	dir := 0
	for i, k := range rest {
		ik := ix.Keys[points+i]
		rel := k.Dir * ik.Dir
		if k.Field != ik.Field || rel == 0 || (dir != 0 && rel != dir) {
			return false
		}
		dir = rel
	}
	return true
}

// maxBranches bounds how far nested $or are multiplied out; a filter past it is not served.
const maxBranches = 64

// ParseFilter splits a filter into its alternatives.
func ParseFilter(filter bson.Raw) ([][]Pred, error) {
	elems, err := filter.Elements()
	if err != nil {
		return nil, err
	}
	var conj []Pred
	var ors [][][]Pred // each: the alternatives of one $or (or of an $and's part)
	for _, el := range elems {
		key, val := el.Key(), el.Value()
		switch key {
		case "$and", "$or":
			arr, ok := val.ArrayOK()
			if !ok {
				return nil, fmt.Errorf("%s is not an array", key)
			}
			vals, err := arr.Values()
			if err != nil {
				return nil, err
			}
			var alts [][]Pred // $or: the branches of all its parts
			parts := make([][][]Pred, 0, len(vals))
			for _, v := range vals {
				doc, ok := v.DocumentOK()
				if !ok {
					return nil, fmt.Errorf("%s holds a %s", key, v.Type)
				}
				br, err := ParseFilter(doc)
				if err != nil {
					return nil, err
				}
				parts = append(parts, br)
				alts = append(alts, br...)
			}
			if key == "$or" {
				ors = append(ors, alts)
			} else {
				ors = append(ors, parts...)
			}
		case "$comment":
		default:
			if strings.HasPrefix(key, "$") { // $nor, $expr, $where, $text, $jsonSchema
				conj = append(conj, Pred{Field: key, Kind: Unindexable, Op: key})
				continue
			}
			conj = append(conj, parseField(key, val))
		}
	}
	branches := [][]Pred{conj}
	for _, alts := range ors {
		var next [][]Pred
		for _, b := range branches {
			for _, a := range alts {
				next = append(next, append(append([]Pred{}, b...), a...))
			}
		}
		if len(next) > maxBranches {
			return [][]Pred{{{Field: "$or", Kind: Unindexable, Op: fmt.Sprintf("(more than %d alternatives)", maxBranches)}}}, nil
		}
		branches = next
	}
	return branches, nil
}

func parseField(field string, v bson.RawValue) Pred {
	if doc, ok := v.DocumentOK(); ok {
		if elems, err := doc.Elements(); err == nil && len(elems) > 0 && strings.HasPrefix(elems[0].Key(), "$") {
			return parseOperators(field, doc, elems)
		}
	}
	switch v.Type {
	case bson.TypeNull:
		return Pred{Field: field, Kind: Eq, Op: "= null", Missing: true}
	case bson.TypeRegex:
		pattern, options, _ := v.RegexOK()
		return regexPred(field, pattern, options)
	}
	return Pred{Field: field, Kind: Eq, Op: "="}
}

func parseOperators(field string, doc bson.Raw, elems []bson.RawElement) Pred {
	best := Pred{Field: field, Kind: Unindexable}
	consider := func(p Pred) {
		if best.Op == "" || p.Kind < best.Kind {
			best = p
		}
	}
	for _, el := range elems {
		op, val := el.Key(), el.Value()
		switch op {
		case "$eq":
			if val.Type == bson.TypeRegex { // an equality with the regex value, not a match
				consider(Pred{Field: field, Kind: Eq, Op: "="})
			} else {
				consider(parseField(field, val))
			}
		case "$in":
			consider(inPred(field, val))
		case "$gt", "$gte", "$lt", "$lte":
			consider(Pred{Field: field, Kind: Range, Op: op})
		case "$exists":
			if truthy(val) {
				consider(Pred{Field: field, Kind: Exists, Op: "$exists"})
			} else {
				consider(Pred{Field: field, Kind: Unindexable, Op: "$exists: false"})
			}
		case "$regex":
			pattern, options, ok := val.RegexOK()
			if !ok {
				pattern, _ = val.StringValueOK()
			}
			if o, err := doc.LookupErr("$options"); err == nil {
				more, _ := o.StringValueOK()
				options += more
			}
			consider(regexPred(field, pattern, options))
		case "$options":
		default:
			consider(Pred{Field: field, Kind: Unindexable, Op: op})
		}
	}
	return best
}

// truthy is how the server reads $exists' argument: false, 0 and null are false.
func truthy(v bson.RawValue) bool {
	if b, ok := v.BooleanOK(); ok {
		return b
	}
	if f, ok := v.AsFloat64OK(); ok {
		return f != 0
	}
	return v.Type != bson.TypeNull && v.Type != bson.TypeUndefined
}

func inPred(field string, v bson.RawValue) Pred {
	arr, ok := v.ArrayOK()
	if !ok {
		return Pred{Field: field, Kind: Unindexable, Op: "$in"}
	}
	vals, _ := arr.Values()
	p := Pred{Field: field, Kind: In, Op: "$in"}
	if len(vals) == 1 {
		p.Kind, p.Op = Eq, "="
	}
	for _, x := range vals {
		switch x.Type {
		case bson.TypeNull:
			p.Missing = true
		case bson.TypeRegex:
			return Pred{Field: field, Kind: Unindexable, Op: "$in with a regex"}
		}
	}
	return p
}

// regexPred: only a case-sensitive regex anchored at the start, without alternatives, bounds an
// index scan (to the keys with its literal prefix).
func regexPred(field, pattern, options string) Pred {
	anchored := strings.HasPrefix(pattern, "^") || strings.HasPrefix(pattern, `\A`)
	if anchored && !strings.ContainsAny(options, "ix") && !strings.Contains(pattern, "|") {
		return Pred{Field: field, Kind: Range, Op: "$regex ^"}
	}
	return Pred{Field: field, Kind: Unindexable, Op: "$regex"}
}

// ParseKeys reads a sort or an index key document; a key that is not 1 or -1 ({$meta: ...},
// "text", "2dsphere") has direction 0, which serves no sort.
func ParseKeys(doc bson.Raw) []Key {
	elems, err := doc.Elements()
	if err != nil {
		return nil
	}
	keys := make([]Key, 0, len(elems))
	for _, el := range elems {
		dir := 0
		if n, ok := el.Value().AsInt64OK(); ok && (n == 1 || n == -1) {
			dir = int(n)
		}
		keys = append(keys, Key{Field: el.Key(), Dir: dir})
	}
	return keys
}
