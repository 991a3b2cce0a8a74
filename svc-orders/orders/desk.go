package orders

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"slices"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"linguaport/internal/mongox"
	"linguaport/svc-orders/pool"
)

// A translator's cap on active jobs spans many orders, and DESIGN §4 allows no transaction
// across them: counting the desk and then writing the order lets two claims of different jobs
// both pass at cap−1. So each translator has a Desk document, one write of which reserves a
// place below the cap before the order's own conditional write gives the job.
//
// The desk may only ever count too many, never too few: a reservation is written before the
// order and kept, even when the order write never comes (the process died between the two),
// until deskKeep has passed. Every reservation recounts the desk from the orders first (their
// active jobs, plus the reservations still in flight), so a stale place is made right by the next
// claim, and an order write is refused once its reservation is older than deskHold, so a
// reservation recounted away can no longer be used.
const (
	deskHold = time.Minute
	deskKeep = 2 * deskHold
)

// errReservationLapsed is an order write that came too late for its reservation (deskHold).
var errReservationLapsed = fmt.Errorf("the place on the translator's desk lapsed before the job was written: %w", mongox.ErrConflict)

// errDeskUnchanged aborts a desk write that would change nothing.
var errDeskUnchanged = errors.New("desk unchanged")

// Desk is the jobs a translator works on: the orders assigned to them or sent back for a
// revision, and the places reserved for jobs being claimed or assigned right now.
type Desk struct {
	ID   string    `bson:"_id"`
	Jobs []DeskJob `bson:"jobs"`

	mongox.Version `bson:",inline"`
}

// DeskJob is one place on a desk. Token names the reservation that made it, so that a claim
// which loses gives back its own place and not one another request made for the same order since.
type DeskJob struct {
	OrderID string    `bson:"orderId"`
	At      time.Time `bson:"at"`
	Token   string    `bson:"token,omitempty"`
}

func (d *Desk) index(orderID string) int {
	return slices.IndexFunc(d.Jobs, func(j DeskJob) bool { return j.OrderID == orderID })
}

// recount keeps the places of active orders (read from the orders since readAt) and those
// reserved after readAt−deskKeep, which may still become orders; it adds active orders the desk
// did not hold (a revision sent back before the desk existed, say).
func (d *Desk) recount(active []string, readAt time.Time) {
	kept := d.Jobs[:0]
	for _, j := range d.Jobs {
		if slices.Contains(active, j.OrderID) || j.At.After(readAt.Add(-deskKeep)) {
			kept = append(kept, j)
		}
	}
	d.Jobs = kept
	for _, id := range active {
		if d.index(id) < 0 {
			d.Jobs = append(d.Jobs, DeskJob{OrderID: id})
		}
	}
}

// reserve places the order on the desk if it has room under limit. An order already there keeps
// its place, taken over by this reservation.
func (d *Desk) reserve(orderID, token string, limit int, now time.Time) error {
	if i := d.index(orderID); i >= 0 {
		d.Jobs[i].At, d.Jobs[i].Token = now, token
		return nil
	}
	if len(d.Jobs) >= limit {
		return pool.ErrAtCap
	}
	d.Jobs = append(d.Jobs, DeskJob{OrderID: orderID, At: now, Token: token})
	return nil
}

// release removes the order's place if match says it is the one to remove.
func (d *Desk) release(orderID string, match func(DeskJob) bool) error {
	i := d.index(orderID)
	if i < 0 || !match(d.Jobs[i]) {
		return errDeskUnchanged
	}
	d.Jobs = slices.Delete(d.Jobs, i, i+1)
	return nil
}

// reservation is a place reserved for one order: what its order write checks and what a lost
// write gives back.
type reservation struct {
	translatorID, orderID, token string
	at                           time.Time
}

// lapsed is nil while the reservation may still be used at now.
func (r reservation) lapsed(now time.Time) error {
	if now.After(r.at.Add(deskHold)) {
		return errReservationLapsed
	}
	return nil
}

// reserve recounts t's desk from the orders and reserves a place for the order below t's cap
// (pool.ErrAtCap when there is none).
func (s *service) reserve(ctx context.Context, t *pool.Translator, orderID string) (reservation, error) {
	readAt := s.now()
	active, err := s.store.ActiveOrders(ctx, t.ID)
	if err != nil {
		return reservation{}, err
	}
	r := reservation{translatorID: t.ID, orderID: orderID, token: rand.Text(), at: s.now()}
	_, err = s.store.UpdateDesk(ctx, t.ID, func(d *Desk) (*Desk, error) {
		d.recount(active, readAt)
		return d, d.reserve(orderID, r.token, t.Cap(), r.at)
	})
	return r, err
}

// hold puts the order on the translator's desk whatever their cap: work that is theirs already
// (a revision of what they delivered) comes back to them.
func (s *service) hold(ctx context.Context, translatorID, orderID string) error {
	now := s.now()
	_, err := s.store.UpdateDesk(ctx, translatorID, func(d *Desk) (*Desk, error) {
		if d.index(orderID) >= 0 {
			return nil, errDeskUnchanged
		}
		d.Jobs = append(d.Jobs, DeskJob{OrderID: orderID, At: now})
		return d, nil
	})
	return err
}

// giveBack removes the place of a reservation whose order write was lost.
func (s *service) giveBack(ctx context.Context, r reservation) {
	s.releaseWhere(ctx, r.translatorID, r.orderID, func(j DeskJob) bool { return j.Token == r.token })
}

// release removes an order's place from the translator's desk after the order left it at movedAt
// (delivered, given back, reassigned), unless a newer reservation took the place since.
func (s *service) release(ctx context.Context, translatorID string, o *Order) {
	if translatorID == "" || len(o.History) == 0 || o.Sandbox {
		return // the sandbox's simulated translator keeps no desk
	}
	movedAt := o.History[len(o.History)-1].At
	s.releaseWhere(ctx, translatorID, o.ID, func(j DeskJob) bool { return !j.At.After(movedAt) })
}

// releaseWhere keeps going when the desk cannot be written: the move itself is done, and a place
// left behind only makes the desk count one too many until the next reservation recounts it.
func (s *service) releaseWhere(ctx context.Context, translatorID, orderID string, match func(DeskJob) bool) {
	_, _ = s.store.UpdateDesk(ctx, translatorID, func(d *Desk) (*Desk, error) {
		return d, d.release(orderID, match)
	})
}

// ActiveOrders answers the ids of the orders on a translator's desk (assigned to them or sent
// back for a revision), by the translatorId+status index.
func (s *MongoStore) ActiveOrders(ctx context.Context, translatorID string) ([]string, error) {
	cur, err := s.coll.Find(ctx, bson.D{{Key: "translatorId", Value: translatorID}, {Key: "status", Value: bson.D{{Key: "$in", Value: activeStatuses}}}},
		options.Find().SetProjection(bson.D{{Key: "_id", Value: 1}}))
	if err != nil {
		return nil, fmt.Errorf("find active orders of %s: %w", translatorID, err)
	}
	return readIDs(ctx, cur)
}

// UpdateDesk changes a translator's desk in one conditional write, as Update does an order's; a
// translator without a desk yet starts from an empty one. change returning errDeskUnchanged
// writes nothing and is not an error.
func (s *MongoStore) UpdateDesk(ctx context.Context, translatorID string, change func(*Desk) (*Desk, error)) (*Desk, error) {
	for {
		d, err := mongox.Update(ctx, s.desks, translatorID, change)
		if !errors.Is(err, mongox.ErrNotFound) {
			if errors.Is(err, errDeskUnchanged) {
				return nil, nil
			}
			return d, err
		}
		d, err = change(&Desk{ID: translatorID, Jobs: []DeskJob{}})
		switch {
		case errors.Is(err, errDeskUnchanged):
			return nil, nil
		case err != nil:
			return nil, err
		}
		d.SetVersion(1)
		_, err = s.desks.InsertOne(ctx, d)
		switch {
		case err == nil:
			return d, nil
		case !mongo.IsDuplicateKeyError(err):
			return nil, fmt.Errorf("insert desk of %s: %w", translatorID, err)
		}
		// Another request made the desk first: change it as it is now.
	}
}

// Desk is the translator's desk as stored (nil when they have none yet).
func (s *MongoStore) Desk(ctx context.Context, translatorID string) (*Desk, error) {
	d := new(Desk)
	err := s.desks.FindOne(ctx, bson.D{{Key: "_id", Value: translatorID}}).Decode(d)
	switch {
	case errors.Is(err, mongo.ErrNoDocuments):
		return nil, nil
	case err != nil:
		return nil, fmt.Errorf("load desk of %s: %w", translatorID, err)
	}
	return d, nil
}
