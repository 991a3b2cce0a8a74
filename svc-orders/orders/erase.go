package orders

import (
	"context"
	"errors"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"

	"linguaport/svc-orders/files"
)

// Orders in a KVKK erasure (svc-orders/datacopy). A customer's orders are kept as the agency's
// commercial record (internal/privacy.Retention, svc-orders/orders: number, service, languages,
// quantity, price, dates) without instructions, notes or files. A translator's jobs are left as
// they are: the translatorId backs their earnings and payouts, which svc-billing keeps, and the
// notes they wrote on a delivery are the order's record. A translator's desk, the service's
// bookkeeping of their jobs under way, is deleted.

// errAnonymous aborts the write of an order that has nothing left to anonymise.
var errAnonymous = errors.New("nothing to anonymise")

// Anonymise clears the free text and the files of the order of id in one conditional write, and
// answers whether there was anything to clear (false for an order anonymised before).
func (s *MongoStore) Anonymise(ctx context.Context, id string) (bool, error) {
	_, err := s.Update(ctx, id, func(o *Order) (*Order, error) {
		if !o.anonymise() {
			return nil, errAnonymous
		}
		return o, nil
	})
	switch {
	case errors.Is(err, errAnonymous), errors.Is(err, ErrNotFound):
		return false, nil
	case err != nil:
		return false, fmt.Errorf("anonymise order %s: %w", id, err)
	}
	return true, nil
}

// WrittenFields are the fields of an order as staff's audit log keeps it (its JSON) that hold
// what anonymise clears: an erasure clears them from the log's entries of the order too.
var WrittenFields = []string{"brief", "files", "deliveries", "deliveryNote", "revisionReason", "history", "fulfilment"}

// anonymise clears what people wrote on the order (the customer's brief and revision reasons,
// the translator's delivery notes, staff's notes on the paper work) with the shipment's tracking
// number, and empties its lists of files (deleted with the customer's files). The steps of the
// timeline, their dates and the prices stay. It reports whether anything changed.
func (o *Order) anonymise() bool {
	changed := o.Brief != "" || o.DeliveryNote != "" || o.RevisionReason != "" || len(o.Files) > 0 || len(o.Deliveries) > 0
	o.Brief, o.DeliveryNote, o.RevisionReason = "", "", ""
	if len(o.Files) > 0 {
		o.Files = []files.File{}
	}
	if len(o.Deliveries) > 0 {
		o.Deliveries = []files.File{}
	}
	for i, h := range o.History {
		if h.Note == "" {
			continue
		}
		// An older order's system step kept in its note stays, as its step.
		if step, ok := legacySteps[legacyStep{h.Status, h.Note}]; ok && h.Step == "" {
			o.History[i].Step = step
		}
		o.History[i].Note, changed = "", true
	}
	if f := o.Fulfilment; f != nil {
		if f.TrackingNumber != "" {
			f.TrackingNumber, changed = "", true
		}
		for i := range f.Done {
			if f.Done[i].Note != "" {
				f.Done[i].Note, changed = "", true
			}
		}
	}
	return changed
}

// ForgetDesk deletes the translator's desk, and answers whether there was one. A desk is only
// ever a count that may be too high: one needed again is recounted from the orders.
func (s *MongoStore) ForgetDesk(ctx context.Context, translatorID string) (bool, error) {
	res, err := s.desks.DeleteOne(ctx, bson.D{{Key: "_id", Value: translatorID}})
	if err != nil {
		return false, fmt.Errorf("delete desk of %s: %w", translatorID, err)
	}
	return res.DeletedCount > 0, nil
}
