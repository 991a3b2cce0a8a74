// Package newest lists the documents people read as lists (a customer's quotes and orders, a
// translator's orders, everyone's for staff) the way svc-orders' stores all do: newest first, by
// their creation time and then their id, a page at a time after a cursor (mongox.Keyset).
package newest

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"linguaport/internal/errs"
	"linguaport/internal/mongox"
)

// Limit is the most documents one list holds when its caller asks no page size (the web app's
// lists, as before they paged), and the most a store's sweep reads at a time.
const Limit = 500

// ReasonCursor refuses an after= that is not one of the list's own (errs.Fields under
// mongox.PageAfter; api/errors.go words it). The page's parameters are read by mongox.ReadPage.
const ReasonCursor = "unknown_cursor"

// Page is the page of a list a caller asks for: up to Limit documents (Limit when 0) after the
// one whose id is After ("": from the top).
type Page struct {
	After string
	Limit int
}

// First reads the page p of the documents of coll that filter matches, newest first by
// "createdAt" and then _id (the tie-break that makes the order total), and answers the cursor of
// the next page: the last document's id when more follow, "" at the end. The index serving it is
// filter's fields, then createdAt and _id.
//
// The cursor is looked up with filter (the caller's ownership: their customerId, say) in the
// same query as its id, so a document of someone else's list is refused exactly as one that does
// not exist: errs.Fields naming mongox.PageAfter.
func First[T any](ctx context.Context, coll *mongo.Collection, filter bson.D, p Page, id func(*T) string) ([]*T, string, error) {
	if p.Limit <= 0 {
		p.Limit = Limit
	}
	page := mongox.Keyset{Key: "createdAt", Limit: int64(p.Limit) + 1}
	if p.After != "" {
		var last struct {
			ID        string    `bson:"_id"`
			CreatedAt time.Time `bson:"createdAt"`
		}
		own := append(append(bson.D{}, filter...), bson.E{Key: "_id", Value: p.After})
		err := coll.FindOne(ctx, own, options.FindOne().SetProjection(bson.D{{Key: "createdAt", Value: 1}})).Decode(&last)
		if errors.Is(err, mongo.ErrNoDocuments) {
			return nil, "", errs.Fields{mongox.PageAfter: ReasonCursor}
		}
		if err != nil {
			return nil, "", fmt.Errorf("cursor of %s: %w", coll.Name(), err)
		}
		page.After, page.AfterID = last.CreatedAt, last.ID
	}
	cur, err := coll.Find(ctx, page.Filter(filter), page.Options())
	if err != nil {
		return nil, "", fmt.Errorf("find %s: %w", coll.Name(), err)
	}
	out := []*T{}
	if err := cur.All(ctx, &out); err != nil {
		return nil, "", fmt.Errorf("read %s: %w", coll.Name(), err)
	}
	out, _, next := mongox.Cut(out, p.Limit, id)
	return out, next, nil
}
