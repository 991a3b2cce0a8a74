package datacopy

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"linguaport/internal/authn"
	"linguaport/internal/privacy"
	"linguaport/svc-orders/files"
	"linguaport/svc-orders/orders"
	"linguaport/svc-orders/quotes"
)

// KVKK erasure (internal/privacy.Erase): svc-orders removes what it keeps about the person a
// request names, except what internal/privacy.Retention makes it keep, and reports both by
// collection. Each record is changed in its own write, found by the person's id on an index, and
// each step finds only what the steps before it left: running the erasure again (a crash before
// the answer was recorded) erases nothing more and reports the same kept records.

// The collections an erasure reports, by their names in svc-orders' database.
const (
	CollQuotes      = "quotes"
	CollOrders      = "orders"
	CollFiles       = "files"
	CollTranslators = "translators"
	CollPoolNotices = "pool_notices"
	CollDesks       = "desks"
)

// ErasureSources are the stores an erasure reads and changes, each by the person's id.
type ErasureSources struct {
	Quotes  QuoteEraser
	Orders  OrderEraser
	Files   FileEraser
	Pool    Forgetter
	Notices Forgetter
	// Audit is staff's audit log: the entries of the orders and approved quotes kept, without
	// what people wrote; those of the quotes deleted go with them.
	Audit privacy.AuditTrail
}

// QuoteEraser deletes a customer's quotes never approved and anonymises the approved ones
// (quotes.MongoStore).
type QuoteEraser interface {
	Quotes
	DeleteNeverApprovedOf(ctx context.Context, customerID string) (int, error)
	Anonymise(ctx context.Context, id string) (bool, error)
}

// OrderEraser anonymises a customer's orders, reads the order a translator's upload was
// delivered on, and deletes a translator's desk (orders.MongoStore).
type OrderEraser interface {
	EveryOrderOf(ctx context.Context, customerID string) ([]*orders.Order, error)
	Order(ctx context.Context, id string) (*orders.Order, error)
	Anonymise(ctx context.Context, id string) (bool, error)
	ForgetDesk(ctx context.Context, translatorID string) (bool, error)
}

// FileEraser deletes files, bytes and descriptions (files.MongoStore).
type FileEraser interface {
	Files
	DeleteFiles(ctx context.Context, ids []string) (int, error)
}

// Forgetter deletes what the pool keeps of a translator: the copy of their profile
// (pool.MongoStore) or their notices (pool.Notices).
type Forgetter interface {
	Forget(ctx context.Context, translatorID string) (bool, error)
}

// Erase is svc-orders' privacy.Erase, by the person's role (API.md, "KVKK copy", "Erasure").
//
// A customer's files are deleted (the bytes in GridFS and their descriptions), those they
// uploaded and the translations delivered on their orders; their quotes never approved are
// deleted; their approved quotes and their orders are kept (Retention: svc-orders/quotes,
// svc-orders/orders) without the brief, the reasons and notes written on them, or their files.
//
// A translator's pool profile, pool notices and desk are deleted, with their uploads not
// delivered on an order. Their jobs stay as they are, translatorId and delivery notes included:
// the orders are their customers' records (and back the translator's earnings in svc-billing),
// as are the translations delivered on them.
//
// Visitors (no userId) and staff have nothing to erase here: svc-orders keeps no e-mail
// addresses, and of staff only who did what, the agency's record of its own work.
func Erase(src ErasureSources) privacy.Erase {
	return func(ctx context.Context, r privacy.Requested) (privacy.Erasure, error) {
		if r.UserID == "" {
			return report(nil, nil), nil
		}
		switch authn.Role(r.Role) {
		case authn.RoleCustomer:
			return src.customer(ctx, r.UserID)
		case authn.RoleTranslator:
			return src.translator(ctx, r.UserID)
		}
		return report(nil, nil), nil
	}
}

// customer erases a customer's files first, while their quotes and orders still list them, then
// anonymises their orders, then deletes their quotes never approved and anonymises the rest.
func (src ErasureSources) customer(ctx context.Context, id string) (privacy.Erasure, error) {
	quoteList, err := src.Quotes.EveryQuoteOf(ctx, id)
	if err != nil {
		return privacy.Erasure{}, err
	}
	orderList, err := src.Orders.EveryOrderOf(ctx, id)
	if err != nil {
		return privacy.Erasure{}, err
	}
	uploads, err := src.Files.EveryFileOf(ctx, id)
	if err != nil {
		return privacy.Erasure{}, err
	}

	var ids []string
	add := func(list []files.File) {
		for _, f := range list {
			if f.ID != "" && !slices.Contains(ids, f.ID) {
				ids = append(ids, f.ID)
			}
		}
	}
	add(uploads)
	for _, q := range quoteList {
		add(q.Files)
	}
	for _, o := range orderList {
		add(o.Files)
		add(o.Deliveries)
	}
	filesGone, err := src.Files.DeleteFiles(ctx, ids)
	if err != nil {
		return privacy.Erasure{}, fmt.Errorf("svc-orders erasure: %w", err)
	}

	ordersChanged := 0
	for _, o := range orderList {
		changed, err := src.Orders.Anonymise(ctx, o.ID)
		if err != nil {
			return privacy.Erasure{}, err
		}
		if changed {
			ordersChanged++
		}
	}

	// The audit entries of the quotes about to be deleted go first: once the quotes are gone, a
	// second run could no longer find them.
	var deleting []string
	for _, q := range quoteList {
		if q.NeverApproved() {
			deleting = append(deleting, q.ID)
		}
	}
	auditGone, err := src.Audit.Erase(ctx, "quote", deleting)
	if err != nil {
		return privacy.Erasure{}, err
	}
	quotesGone, err := src.Quotes.DeleteNeverApprovedOf(ctx, id)
	if err != nil {
		return privacy.Erasure{}, err
	}
	approved, err := src.Quotes.EveryQuoteOf(ctx, id)
	if err != nil {
		return privacy.Erasure{}, err
	}
	for _, q := range approved {
		changed, err := src.Quotes.Anonymise(ctx, q.ID)
		if err != nil {
			return privacy.Erasure{}, err
		}
		if changed {
			quotesGone++
		}
	}

	auditKept, err := src.Audit.Keep(ctx, "quote", idsOf(approved, func(q *quotes.Quote) string { return q.ID }), quotes.WrittenFields...)
	if err != nil {
		return privacy.Erasure{}, err
	}
	n, err := src.Audit.Keep(ctx, "order", idsOf(orderList, func(o *orders.Order) string { return o.ID }), orders.WrittenFields...)
	if err != nil {
		return privacy.Erasure{}, err
	}
	auditKept += n

	return report(
		[]privacy.Count{{Collection: CollFiles, Count: filesGone}, {Collection: CollQuotes, Count: quotesGone}, {Collection: CollOrders, Count: ordersChanged},
			{Collection: privacy.AuditCollection, Count: auditGone}},
		[]privacy.Count{{Collection: CollQuotes, Count: len(approved)}, {Collection: CollOrders, Count: len(orderList)},
			{Collection: privacy.AuditCollection, Count: auditKept}},
	), nil
}

// translator erases a translator's uploads but the translations delivered on an order (the
// order's own list of deliveries decides), and the pool's and the desk's records of them.
func (src ErasureSources) translator(ctx context.Context, id string) (privacy.Erasure, error) {
	uploads, err := src.Files.EveryFileOf(ctx, id)
	if err != nil {
		return privacy.Erasure{}, err
	}
	delivered := map[string][]files.File{} // by order: what the order lists as delivered
	var ids []string
	for _, f := range uploads {
		if f.OrderID != "" {
			list, read := delivered[f.OrderID]
			if !read {
				o, err := src.Orders.Order(ctx, f.OrderID)
				switch {
				case err == nil:
					list = o.Deliveries
				case !errors.Is(err, orders.ErrNotFound):
					return privacy.Erasure{}, err
				}
				delivered[f.OrderID] = list
			}
			if slices.ContainsFunc(list, func(d files.File) bool { return d.ID == f.ID }) {
				continue
			}
		}
		ids = append(ids, f.ID)
	}
	filesGone, err := src.Files.DeleteFiles(ctx, ids)
	if err != nil {
		return privacy.Erasure{}, fmt.Errorf("svc-orders erasure: %w", err)
	}

	erased := []privacy.Count{{Collection: CollFiles, Count: filesGone}}
	for _, f := range []struct {
		coll   string
		forget func(context.Context, string) (bool, error)
	}{
		{CollTranslators, src.Pool.Forget},
		{CollPoolNotices, src.Notices.Forget},
		{CollDesks, src.Orders.ForgetDesk},
	} {
		gone, err := f.forget(ctx, id)
		if err != nil {
			return privacy.Erasure{}, err
		}
		erased = append(erased, privacy.Count{Collection: f.coll, Count: count(gone)})
	}
	return report(erased, nil), nil
}

// report is an erasure's report; its lists are never null, so an empty one reads as [].
func report(erased, kept []privacy.Count) privacy.Erasure {
	if erased == nil {
		erased = []privacy.Count{}
	}
	if kept == nil {
		kept = []privacy.Count{}
	}
	return privacy.Erasure{Erased: erased, Kept: kept}
}

func idsOf[T any](list []T, id func(T) string) []string {
	out := make([]string, len(list))
	for i, x := range list {
		out[i] = id(x)
	}
	return out
}

func count(b bool) int {
	if b {
		return 1
	}
	return 0
}
