package mongox

import (
	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

// Keyset pages a list ordered by one field and then _id (the tie-break that makes the order
// total), continuing after the last document of the page before: the query stays an index range
// however deep the page, where a skip would read every document before it.
//
// The index serving it is the list's equality filters, then Key, then _id (either direction
// serves both).
type Keyset struct {
	Key       string
	Ascending bool // oldest (smallest) first; newest first otherwise
	// After and AfterID are the last document's Key value and _id; a nil After starts at the top.
	After   any
	AfterID any
	Limit   int64 // documents to read: a page and one more tells whether more follow
}

// The orders every staff list offers in its sort parameter (DESIGN §11): newest first, the
// default, or oldest first. A list may add its own (orders by deadline, invoices by due date).
const (
	SortNewest = "newest"
	SortOldest = "oldest"
)

// OldestFirst reads a list's sort parameter: "" and SortNewest are newest first, SortOldest oldest
// first; ok is false for anything else, which the list refuses as a field error.
func OldestFirst(sort string) (oldest, ok bool) {
	switch sort {
	case "", SortNewest:
		return false, true
	case SortOldest:
		return true, true
	}
	return false, false
}

// Filter narrows filter (the list's equality filters) to the documents after the cursor.
func (k Keyset) Filter(filter bson.D) bson.D {
	if k.After == nil {
		return filter
	}
	past := append(append(bson.D{}, filter...), bson.E{Key: k.Key, Value: bson.D{{Key: k.op(), Value: k.After}}})
	tie := append(append(bson.D{}, filter...), bson.E{Key: k.Key, Value: k.After}, bson.E{Key: "_id", Value: bson.D{{Key: k.op(), Value: k.AfterID}}})
	return bson.D{{Key: "$or", Value: bson.A{past, tie}}}
}

// Options sorts by Key and _id in the page's direction and reads Limit documents.
func (k Keyset) Options() *options.FindOptionsBuilder {
	dir := -1
	if k.Ascending {
		dir = 1
	}
	opts := options.Find().SetSort(bson.D{{Key: k.Key, Value: dir}, {Key: "_id", Value: dir}})
	if k.Limit > 0 {
		opts.SetLimit(k.Limit)
	}
	return opts
}

func (k Keyset) op() string {
	if k.Ascending {
		return "$gt"
	}
	return "$lt"
}

// Cut makes a page of what a Keyset query read (Limit = size+1, the one more telling whether
// more follow): at most size documents, whether more follow, and the cursor of the next page (the
// last document's id, the before= a list answers as next) when they do.
func Cut[T any](list []T, size int, id func(T) string) (page []T, more bool, next string) {
	if len(list) <= size {
		return list, false, ""
	}
	return list[:size], true, id(list[size-1])
}
