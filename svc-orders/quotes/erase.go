package quotes

import (
	"context"
	"errors"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"

	"linguaport/internal/mailbox"
	"linguaport/svc-orders/files"
)

// A customer's quotes in a KVKK erasure (svc-orders/datacopy). A quote never approved is the
// customer's alone and is deleted. An approved one is kept (internal/privacy.Retention,
// svc-orders/quotes: its price and the distance-sales contract accepted with it) without what
// people wrote on it or the files it listed (deleted with the customer's files).

// neverApproved are the states of a quote the customer never approved.
var neverApproved = bson.A{QuotePending, QuoteRejected, QuoteExpired, QuoteCancelled}

// DeleteNeverApprovedOf deletes the customer's quotes that were never approved, in one range of
// the customerId+status index; a quote approved meanwhile is not among them. It answers how many
// it deleted.
func (s *MongoStore) DeleteNeverApprovedOf(ctx context.Context, customerID string) (int, error) {
	res, err := s.coll.DeleteMany(ctx, bson.D{{Key: "customerId", Value: customerID}, {Key: "status", Value: bson.D{{Key: "$in", Value: neverApproved}}}})
	if err != nil {
		return 0, fmt.Errorf("delete quotes of %s: %w", customerID, err)
	}
	return int(res.DeletedCount), nil
}

// NeverApproved says whether the quote is one DeleteNeverApprovedOf deletes.
func (q *Quote) NeverApproved() bool {
	for _, st := range neverApproved {
		if q.Status == st {
			return true
		}
	}
	return false
}

// errAnonymous aborts the write of a quote that has nothing left to anonymise.
var errAnonymous = errors.New("nothing to anonymise")

// Anonymise clears the free text and the files of the quote of id in one conditional write, and
// answers whether there was anything to clear (false for a quote gone or anonymised before).
func (s *MongoStore) Anonymise(ctx context.Context, id string) (bool, error) {
	_, err := s.Update(ctx, id, func(q *Quote) (*Quote, error) {
		if !q.anonymise() {
			return nil, errAnonymous
		}
		return q, nil
	})
	switch {
	case errors.Is(err, errAnonymous), errors.Is(err, ErrNotFound):
		return false, nil
	case err != nil:
		return false, fmt.Errorf("anonymise quote %s: %w", id, err)
	}
	return true, nil
}

// WrittenFields are the fields of a quote as staff's audit log keeps it (its JSON) that hold
// what anonymise clears: an erasure clears them from the log's entries of the quote too.
var WrittenFields = []string{"brief", "files", "rejectReason", "cancelReason", "revisions"}

// anonymise clears what people wrote on the quote (the customer's brief, reject reason, staff's
// cancel reason and revision notes, which may name the customer) and its files, keeping the
// work's numbers, the prices and the accepted contract; it reports whether anything changed.
func (q *Quote) anonymise() bool {
	changed := q.Brief != "" || q.RejectReason != "" || q.CancelReason != "" || len(q.Files) > 0
	q.Brief, q.RejectReason, q.CancelReason = "", "", ""
	if len(q.Files) > 0 {
		q.Files = []files.File{}
	}
	for i := range q.Revisions {
		if q.Revisions[i].Note != "" {
			q.Revisions[i].Note, changed = "", true
		}
	}
	// A contract mail not yet sent holds the person's address: it goes unsent.
	if len(q.Box.Mails) > 0 {
		q.Box, changed = mailbox.Box{}, true
	}
	return changed
}
