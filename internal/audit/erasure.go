package audit

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// What a KVKK erasure (internal/privacy) does with the entries about a person's records. The
// entries of records a law keeps stay, as the agency's account of what its staff did and when
// (privacy.Retention's audit lines): Keep counts them for the erasure's report and removes from
// their before and after the fields that hold what people wrote, which the erasure clears on
// the records themselves, so the entry does not keep what the record no longer does. The entries
// of records the erasure deletes would keep only what was written and point at nothing: Erase
// deletes them. Both find each object's entries by its kind and id, on the index the object's
// listing uses, one object at a time, so their cost follows the person's records, not the log's;
// running either again changes nothing more and answers the same count.

// Keep counts the entries of the objects of kind that ids names and removes the top-level
// fields written from their before and after, each entry in its own write (none for an entry
// that holds none of them). It answers how many entries there are.
func (l *Log) Keep(ctx context.Context, kind string, ids []string, written ...string) (int, error) {
	n := 0
	for _, id := range ids {
		entries, err := l.of(ctx, Object{Kind: kind, ID: id})
		if err != nil {
			return n, err
		}
		n += len(entries)
		for _, d := range entries {
			before, cutB := without(d.Before, written)
			after, cutA := without(d.After, written)
			if !cutB && !cutA {
				continue
			}
			_, err := l.coll.UpdateOne(ctx, bson.D{{Key: "_id", Value: d.ID}},
				bson.D{{Key: "$set", Value: bson.D{{Key: "before", Value: before}, {Key: "after", Value: after}}}})
			if err != nil {
				return n, fmt.Errorf("audit: clear %s of entry %s: %w", kind, d.ID, err)
			}
		}
	}
	return n, nil
}

// Erase deletes the entries of the objects of kind that ids names and answers how many it
// deleted.
func (l *Log) Erase(ctx context.Context, kind string, ids []string) (int, error) {
	n := 0
	for _, id := range ids {
		res, err := l.coll.DeleteMany(ctx, bson.D{{Key: "object.kind", Value: kind}, {Key: "object.id", Value: id}})
		if err != nil {
			return n, fmt.Errorf("audit: delete entries of %s:%s: %w", kind, id, err)
		}
		n += int(res.DeletedCount)
	}
	return n, nil
}

// of is every entry of obj, as stored.
func (l *Log) of(ctx context.Context, obj Object) ([]doc, error) {
	c, err := l.coll.Find(ctx, bson.D{{Key: "object.kind", Value: obj.Kind}, {Key: "object.id", Value: obj.ID}})
	if err != nil {
		return nil, fmt.Errorf("audit: entries of %s: %w", obj, err)
	}
	var out []doc
	if err := c.All(ctx, &out); err != nil {
		return nil, fmt.Errorf("audit: entries of %s: %w", obj, err)
	}
	return out, nil
}

// without is a stored snapshot (JSON text) without the top-level fields named, and whether it
// had any. A snapshot that is not an object (null, or a thing that was not one) has no fields.
func without(snapshot string, fields []string) (string, bool) {
	var m map[string]json.RawMessage
	if snapshot == "" || json.Unmarshal([]byte(snapshot), &m) != nil || m == nil {
		return snapshot, false
	}
	cut := false
	for k := range m {
		if slices.Contains(fields, k) {
			delete(m, k)
			cut = true
		}
	}
	if !cut {
		return snapshot, false
	}
	out, _ := json.Marshal(m) // keys sorted, as Diff writes them
	return string(out), true
}
