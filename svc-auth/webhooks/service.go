package webhooks

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"linguaport/internal/authn"
	"linguaport/internal/errs"
	"linguaport/internal/events"
)

// Service is the endpoints' use cases, for their customer (signed in, or with an API key: an
// integrator registers its own endpoints), and the events' handler that makes deliveries.
type Service interface {
	List(ctx context.Context, caller authn.Caller) ([]Endpoint, error)
	Create(ctx context.Context, caller authn.Caller, s Settings) (WithSecret, error)
	Get(ctx context.Context, caller authn.Caller, id string) (Endpoint, error)
	Update(ctx context.Context, caller authn.Caller, id string, s Settings) (Endpoint, error)
	Delete(ctx context.Context, caller authn.Caller, id string) error
	// Secret answers the endpoint's current secret; Rotate makes a new one, the old one signing
	// beside it for RotationOverlap.
	Secret(ctx context.Context, caller authn.Caller, id string) (WithSecret, error)
	Rotate(ctx context.Context, caller authn.Caller, id string) (WithSecret, error)
	// Enable turns a disabled endpoint on and sends what was held while it was off; Disable
	// turns it off (its events are then held).
	Enable(ctx context.Context, caller authn.Caller, id string) (Endpoint, error)
	Disable(ctx context.Context, caller authn.Caller, id string) (Endpoint, error)
	// SendTest sends a webhook.test event to the endpoint.
	SendTest(ctx context.Context, caller authn.Caller, id string) (Delivery, error)
	// Deliveries is the endpoint's log of the last LogFor, newest first, after the cursor.
	Deliveries(ctx context.Context, caller authn.Caller, id, after string) (DeliveryPage, error)
	Delivery(ctx context.Context, caller authn.Caller, id, deliveryID string) (Delivery, error)
	// Replay sends a delivered or failed delivery again, with its webhook-id.
	Replay(ctx context.Context, caller authn.Caller, id, deliveryID string) (Delivery, error)

	// Handle makes the deliveries of another service's event (events.Handler).
	Handle(ctx context.Context, e events.Event) error

	// The account's endpoints for its KVKK requests: listed in its copy, disabled when it
	// closes, deleted with their deliveries when it is erased.
	OfAccount(ctx context.Context, owner string) ([]Endpoint, error)
	CloseAccount(ctx context.Context, owner string) error
	EraseAccount(ctx context.Context, owner string) (endpoints, deliveries int, err error)
}

type service struct {
	store *Store
	guard Guard
	kick  func(endpointIDs ...string)
	newID func() string
	now   func() time.Time
}

// NewService returns the endpoints' service; kick starts the dispatcher's worker of endpoints
// that got deliveries (Dispatcher.Kick).
func NewService(store *Store, guard Guard, kick func(...string), newID func() string, now func() time.Time) Service {
	return &service{store: store, guard: guard, kick: kick, newID: newID, now: now}
}

func (s *service) at() time.Time { return s.now().UTC().Truncate(time.Millisecond) }

func customer(caller authn.Caller) error {
	if caller.Role != authn.RoleCustomer {
		return ErrNotCustomer
	}
	return nil
}

// owned reads an endpoint of the caller's; another's is not found, so its existence is not told.
func (s *service) owned(ctx context.Context, caller authn.Caller, id string) (EndpointDoc, error) {
	if err := customer(caller); err != nil {
		return EndpointDoc{}, err
	}
	d, err := s.store.Endpoint(ctx, id)
	if err != nil {
		return EndpointDoc{}, err
	}
	if d.OwnerID != caller.ID {
		return EndpointDoc{}, ErrNotFound
	}
	return d, nil
}

// settle checks and cleans what a customer set.
func (s *service) settle(ctx context.Context, in Settings) (Settings, error) {
	fields := errs.Fields{}
	in.URL = strings.TrimSpace(in.URL)
	switch {
	case in.URL == "":
		fields.Add("url", "required")
	case len(in.URL) > MaxURL:
		fields.Add("url", "too_long")
	default:
		clean, reason := s.guard.check(ctx, in.URL)
		if reason != "" {
			fields.Add("url", reason)
		}
		in.URL = clean
	}
	in.Description = strings.TrimSpace(in.Description)
	if utf8.RuneCountInString(in.Description) > MaxDescription {
		fields.Add("description", "too_long")
	}
	var types []Type
	for _, t := range in.Types {
		if !slices.Contains(Types, t) {
			fields.Add("types", ReasonUnknownType)
			break
		}
		if !slices.Contains(types, t) {
			types = append(types, t)
		}
	}
	if len(in.Types) == 0 {
		fields.Add("types", ReasonTypes)
	}
	// The panel's order, whatever the request's.
	slices.SortFunc(types, func(a, b Type) int { return slices.Index(Types, a) - slices.Index(Types, b) })
	in.Types = types
	return in, fields.Err()
}

func (s *service) List(ctx context.Context, caller authn.Caller) ([]Endpoint, error) {
	if err := customer(caller); err != nil {
		return nil, err
	}
	docs, err := s.store.OwnedBy(ctx, caller.ID)
	if err != nil {
		return nil, err
	}
	now := s.now()
	out := make([]Endpoint, len(docs))
	for i, d := range docs {
		out[i] = d.Endpoint(now)
	}
	return out, nil
}

func (s *service) Create(ctx context.Context, caller authn.Caller, in Settings) (WithSecret, error) {
	if err := customer(caller); err != nil {
		return WithSecret{}, err
	}
	in, err := s.settle(ctx, in)
	if err != nil {
		return WithSecret{}, err
	}
	mine, err := s.store.OwnedBy(ctx, caller.ID)
	if err != nil {
		return WithSecret{}, err
	}
	if len(mine) >= MaxEndpoints {
		return WithSecret{}, ErrTooMany
	}
	secret, err := newSecret()
	if err != nil {
		return WithSecret{}, err
	}
	now := s.at()
	d := EndpointDoc{ID: "we_" + s.newID(), OwnerID: caller.ID, URL: in.URL, Description: in.Description, Types: in.Types,
		Secrets: []Secret{{Value: secret, CreatedAt: now}}, CreatedAt: now, UpdatedAt: now}
	if err := s.store.insertEndpoint(ctx, d); err != nil {
		return WithSecret{}, err
	}
	return WithSecret{Endpoint: d.Endpoint(now), Secret: secret}, nil
}

func (s *service) Get(ctx context.Context, caller authn.Caller, id string) (Endpoint, error) {
	d, err := s.owned(ctx, caller, id)
	if err != nil {
		return Endpoint{}, err
	}
	return d.Endpoint(s.now()), nil
}

func (s *service) Update(ctx context.Context, caller authn.Caller, id string, in Settings) (Endpoint, error) {
	if _, err := s.owned(ctx, caller, id); err != nil {
		return Endpoint{}, err
	}
	in, err := s.settle(ctx, in)
	if err != nil {
		return Endpoint{}, err
	}
	now := s.at()
	d, err := s.store.updateEndpoint(ctx, id, func(e *EndpointDoc) (*EndpointDoc, error) {
		e.URL, e.Description, e.Types, e.UpdatedAt = in.URL, in.Description, in.Types, now
		return e, nil
	})
	if err != nil {
		return Endpoint{}, err
	}
	return d.Endpoint(now), nil
}

func (s *service) Delete(ctx context.Context, caller authn.Caller, id string) error {
	if _, err := s.owned(ctx, caller, id); err != nil {
		return err
	}
	return s.store.deleteEndpoint(ctx, id)
}

func (s *service) Secret(ctx context.Context, caller authn.Caller, id string) (WithSecret, error) {
	d, err := s.owned(ctx, caller, id)
	if err != nil {
		return WithSecret{}, err
	}
	return WithSecret{Endpoint: d.Endpoint(s.now()), Secret: d.current()}, nil
}

func (s *service) Rotate(ctx context.Context, caller authn.Caller, id string) (WithSecret, error) {
	if _, err := s.owned(ctx, caller, id); err != nil {
		return WithSecret{}, err
	}
	secret, err := newSecret()
	if err != nil {
		return WithSecret{}, err
	}
	now := s.at()
	d, err := s.store.updateEndpoint(ctx, id, func(e *EndpointDoc) (*EndpointDoc, error) {
		// The current secret signs on for the overlap; older ones, already replaced, stop now.
		kept := []Secret{{Value: secret, CreatedAt: now}}
		for i, old := range e.signing(now) {
			if i == 0 {
				until := now.Add(RotationOverlap)
				old.ExpiresAt = &until
				kept = append(kept, old)
			}
		}
		e.Secrets, e.UpdatedAt = kept, now
		return e, nil
	})
	if err != nil {
		return WithSecret{}, err
	}
	return WithSecret{Endpoint: d.Endpoint(now), Secret: secret}, nil
}

func (s *service) Enable(ctx context.Context, caller authn.Caller, id string) (Endpoint, error) {
	if _, err := s.owned(ctx, caller, id); err != nil {
		return Endpoint{}, err
	}
	now := s.at()
	d, err := s.store.updateEndpoint(ctx, id, func(e *EndpointDoc) (*EndpointDoc, error) {
		e.DisabledAt, e.DisabledReason, e.FailingSince, e.UpdatedAt = nil, "", nil, now
		return e, nil
	})
	if err != nil {
		return Endpoint{}, err
	}
	if err := s.store.release(ctx, id, now); err != nil {
		return Endpoint{}, err
	}
	if err := s.store.due(ctx, id, now); err != nil {
		return Endpoint{}, err
	}
	s.kick(id)
	return d.Endpoint(now), nil
}

func (s *service) Disable(ctx context.Context, caller authn.Caller, id string) (Endpoint, error) {
	if _, err := s.owned(ctx, caller, id); err != nil {
		return Endpoint{}, err
	}
	now := s.at()
	if _, err := s.store.disable(ctx, id, DisabledByOwner, now); err != nil {
		return Endpoint{}, err
	}
	d, err := s.store.Endpoint(ctx, id)
	if err != nil {
		return Endpoint{}, err
	}
	return d.Endpoint(now), nil
}

func (s *service) SendTest(ctx context.Context, caller authn.Caller, id string) (Delivery, error) {
	ep, err := s.owned(ctx, caller, id)
	if err != nil {
		return Delivery{}, err
	}
	if ep.DisabledAt != nil {
		return Delivery{}, ErrDisabled
	}
	now := s.at()
	o := Occurrence{EventID: "test_" + s.newID(), OwnerID: caller.ID, Type: TestEvent, Data: Data{EndpointID: id}, At: now}
	o.Lane = o.EventID
	ds, err := s.deliver(ctx, []EndpointDoc{ep}, o, now)
	if err != nil {
		return Delivery{}, err
	}
	return ds[0].Delivery(), nil
}

func (s *service) Deliveries(ctx context.Context, caller authn.Caller, id, after string) (DeliveryPage, error) {
	if _, err := s.owned(ctx, caller, id); err != nil {
		return DeliveryPage{}, err
	}
	docs, err := s.store.page(ctx, id, s.now().Add(-LogFor), after, PageSize+1)
	if err != nil {
		return DeliveryPage{}, err
	}
	page := DeliveryPage{Deliveries: []Delivery{}}
	if len(docs) > PageSize {
		docs = docs[:PageSize]
		page.Next = docs[PageSize-1].ID
	}
	for _, d := range docs {
		page.Deliveries = append(page.Deliveries, d.Delivery())
	}
	return page, nil
}

// ownedDelivery reads a delivery of the caller's endpoint id.
func (s *service) ownedDelivery(ctx context.Context, caller authn.Caller, id, deliveryID string) (EndpointDoc, DeliveryDoc, error) {
	ep, err := s.owned(ctx, caller, id)
	if err != nil {
		return EndpointDoc{}, DeliveryDoc{}, err
	}
	d, err := s.store.Delivery(ctx, deliveryID)
	if err != nil {
		return EndpointDoc{}, DeliveryDoc{}, err
	}
	if d.EndpointID != id || d.CreatedAt.Before(s.now().Add(-LogFor)) {
		return EndpointDoc{}, DeliveryDoc{}, ErrNoDelivery
	}
	return ep, d, nil
}

func (s *service) Delivery(ctx context.Context, caller authn.Caller, id, deliveryID string) (Delivery, error) {
	_, d, err := s.ownedDelivery(ctx, caller, id, deliveryID)
	if err != nil {
		return Delivery{}, err
	}
	return d.Delivery(), nil
}

func (s *service) Replay(ctx context.Context, caller authn.Caller, id, deliveryID string) (Delivery, error) {
	ep, d, err := s.ownedDelivery(ctx, caller, id, deliveryID)
	if err != nil {
		return Delivery{}, err
	}
	switch {
	case ep.DisabledAt != nil:
		return Delivery{}, ErrDisabled
	case len(d.Attempts) >= MaxAttempts:
		return Delivery{}, ErrTooManyTries
	}
	now := s.at()
	ok, err := s.store.replay(ctx, d, now)
	if err != nil {
		return Delivery{}, err
	}
	if !ok {
		return Delivery{}, ErrNotReplayable
	}
	if err := s.store.due(ctx, id, now); err != nil {
		return Delivery{}, err
	}
	s.kick(id)
	d, err = s.store.Delivery(ctx, deliveryID)
	if err != nil {
		return Delivery{}, err
	}
	return d.Delivery(), nil
}

// Handle makes one delivery of the event for each endpoint of its customer that wants its type,
// in three writes however many endpoints there are: the customer's endpoints read, the
// deliveries inserted, the endpoints marked due. A redelivered event makes none again (the
// deliveries' ids are derived from the event's), and an endpoint that is off holds its delivery
// until it is enabled.
func (s *service) Handle(ctx context.Context, e events.Event) error {
	o, ok, err := occurrenceOf(e)
	if err != nil || !ok {
		return err
	}
	eps, err := s.store.OwnedBy(ctx, o.OwnerID)
	if err != nil {
		return err
	}
	var wanted []EndpointDoc
	for _, ep := range eps {
		if ep.Wants(o.Type) {
			wanted = append(wanted, ep)
		}
	}
	_, err = s.deliver(ctx, wanted, o, s.at())
	return err
}

// deliver stores the deliveries of o to eps, due now, and wakes the endpoints' workers.
func (s *service) deliver(ctx context.Context, eps []EndpointDoc, o Occurrence, now time.Time) ([]DeliveryDoc, error) {
	if len(eps) == 0 {
		return nil, nil
	}
	body, err := o.body()
	if err != nil {
		return nil, err
	}
	ds := make([]DeliveryDoc, 0, len(eps))
	var pending []string
	for _, ep := range eps {
		d := DeliveryDoc{ID: messageID(o.EventID, ep.ID), EndpointID: ep.ID, OwnerID: ep.OwnerID, EventID: o.EventID,
			Type: o.Type, Body: body, Lane: ep.ID + "/" + o.Lane, Seq: o.At.UnixNano(), State: Pending, PendingFor: ep.ID, NextAt: now,
			Attempts: []Attempt{}, CreatedAt: now}
		if ep.DisabledAt != nil {
			d.State, d.PendingFor, d.HeldFor = Held, "", ep.ID
		} else {
			pending = append(pending, ep.ID)
		}
		ds = append(ds, d)
	}
	if err := s.store.insertDeliveries(ctx, ds); err != nil {
		return nil, err
	}
	// Also for deliveries that existed: the event's first handling may have stopped before this.
	if err := s.store.dueAll(ctx, pending, now); err != nil {
		return nil, err
	}
	s.kick(pending...)
	return ds, nil
}

func (s *service) OfAccount(ctx context.Context, owner string) ([]Endpoint, error) {
	docs, err := s.store.OwnedBy(ctx, owner)
	if err != nil {
		return nil, err
	}
	out := make([]Endpoint, len(docs))
	for i, d := range docs {
		out[i] = d.Endpoint(s.now())
	}
	return out, nil
}

func (s *service) CloseAccount(ctx context.Context, owner string) error {
	docs, err := s.store.OwnedBy(ctx, owner)
	if err != nil {
		return err
	}
	for _, d := range docs {
		if _, err := s.store.disable(ctx, d.ID, DisabledClosed, s.at()); err != nil && !errors.Is(err, ErrNotFound) {
			return fmt.Errorf("close endpoint %s: %w", d.ID, err)
		}
	}
	return nil
}

func (s *service) EraseAccount(ctx context.Context, owner string) (int, int, error) {
	return s.store.eraseOwner(ctx, owner)
}
