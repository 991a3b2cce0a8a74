package orders

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
	"linguaport/svc-orders/pricing"
)

// Fulfilment is the paper side of sworn, notarised and apostilled work: once translated the
// documents go to the notary, come back notarised, get their apostille and are shipped to the
// customer by courier. Staff record each step; the customer reads them on their order.

// FulfilmentStep is one step of the paper work.
type FulfilmentStep string

const (
	StepTranslated FulfilmentStep = "translated"
	StepAtNotary   FulfilmentStep = "at_notary"
	StepNotarised  FulfilmentStep = "notarised"
	StepApostilled FulfilmentStep = "apostilled"
	StepShipped    FulfilmentStep = "shipped"
)

// fulfilmentSteps are the steps in their only order, each with the add-on that makes an order
// need it ("" for every order with paper work).
var fulfilmentSteps = []struct {
	step  FulfilmentStep
	addOn string
}{
	{StepTranslated, ""},
	{StepAtNotary, "notary"},
	{StepNotarised, "notary"},
	{StepApostilled, "apostille"},
	{StepShipped, ""},
}

// paperAddOns are the add-ons that make an order paper work: a sworn translation is stamped and
// signed on paper, a notarised or apostilled one goes through offices.
var paperAddOns = []string{pricing.SwornAddOn, "notary", "apostille"}

// Errors of the fulfilment steps.
var (
	ErrNoFulfilment = errors.New("the order has no sworn, notary or apostille work to track")
	// ErrNotTranslated: the paper work starts once the translation is delivered.
	ErrNotTranslated = errors.New("the translation is not delivered yet")
)

// StepOutOfOrder is a step recorded before the one the order needs next.
type StepOutOfOrder struct{ Want, Got FulfilmentStep }

func (e *StepOutOfOrder) Error() string {
	return fmt.Sprintf("fulfilment step %s comes next, not %s", e.Want, e.Got)
}

// StepDone is a step recorded on the order.
type StepDone struct {
	Step FulfilmentStep `json:"step" bson:"step"`
	At   time.Time      `json:"at" bson:"at"`
	Note string         `json:"note,omitempty" bson:"note,omitempty"`
	// By is the staff member who recorded it; staff alone read it.
	By string `json:"by,omitempty" bson:"by,omitempty"`
}

// Fulfilment is what is stored on the order: the steps done and where the shipment is.
type Fulfilment struct {
	Done           []StepDone `json:"done" bson:"done"`
	Courier        string     `json:"courier,omitempty" bson:"courier,omitempty"`
	TrackingNumber string     `json:"trackingNumber,omitempty" bson:"trackingNumber,omitempty"`
}

// FulfilmentView is the fulfilment as people read it: every step the order needs, in order,
// those done with their time.
type FulfilmentView struct {
	Steps          []StepView `json:"steps"`
	Next           string     `json:"next"` // "" once shipped
	Courier        string     `json:"courier,omitempty"`
	TrackingNumber string     `json:"trackingNumber,omitempty"`
}

// StepView is one needed step and, once done, when.
type StepView struct {
	Step FulfilmentStep `json:"step"`
	Done bool           `json:"done"`
	At   *time.Time     `json:"at"`
	Note string         `json:"note,omitempty"`
	By   string         `json:"by,omitempty"`
}

// FulfilmentInput is a step staff record: shipped needs the courier and its tracking number.
type FulfilmentInput struct {
	Step           FulfilmentStep
	Courier        string
	TrackingNumber string
	Note           string
}

// Limits of the texts of a step.
const (
	maxCourierRunes  = 100
	maxTrackingRunes = 100
)

// needsFulfilment reports whether the order has paper work.
func (o *Order) needsFulfilment() bool {
	return slices.ContainsFunc(o.AddOns, func(a string) bool { return slices.Contains(paperAddOns, a) })
}

// neededSteps are the steps of the order's paper work, in order; none without any.
func (o *Order) neededSteps() []FulfilmentStep {
	if !o.needsFulfilment() {
		return nil
	}
	var steps []FulfilmentStep
	for _, s := range fulfilmentSteps {
		if s.addOn == "" || slices.Contains(o.AddOns, s.addOn) {
			steps = append(steps, s.step)
		}
	}
	return steps
}

// nextStep is the step the order's paper work waits for; "" when all are done.
func (o *Order) nextStep() FulfilmentStep {
	needed := o.neededSteps()
	done := 0
	if o.Fulfilment != nil {
		done = len(o.Fulfilment.Done)
	}
	if done >= len(needed) {
		return ""
	}
	return needed[done]
}

// fulfil records step in that order: the next needed step only, after the delivery. Recording
// the last step again is a repeat (a second click) and changes nothing: repeated is true.
func (o *Order) fulfil(in FulfilmentInput, by string, now time.Time) (repeated bool, err error) {
	if !o.needsFulfilment() {
		return false, ErrNoFulfilment
	}
	if f := o.Fulfilment; f != nil && len(f.Done) > 0 && f.Done[len(f.Done)-1].Step == in.Step &&
		(in.Step != StepShipped || f.TrackingNumber == in.TrackingNumber && f.Courier == in.Courier) {
		return true, nil
	}
	next := o.nextStep()
	if next == "" || next != in.Step {
		return false, &StepOutOfOrder{Want: next, Got: in.Step}
	}
	if o.DeliveredAt == nil {
		return false, ErrNotTranslated
	}
	if o.Fulfilment == nil {
		o.Fulfilment = &Fulfilment{Done: []StepDone{}}
	}
	o.Fulfilment.Done = append(o.Fulfilment.Done, StepDone{Step: in.Step, At: now, Note: in.Note, By: by})
	if in.Step == StepShipped {
		o.Fulfilment.Courier, o.Fulfilment.TrackingNumber = in.Courier, in.TrackingNumber
	}
	return false, nil
}

// fulfilmentView is nil for an order without paper work; staff alone see who recorded a step.
func (o *Order) fulfilmentView(staff bool) *FulfilmentView {
	needed := o.neededSteps()
	if needed == nil {
		return nil
	}
	v := &FulfilmentView{Steps: make([]StepView, len(needed)), Next: string(o.nextStep())}
	var done []StepDone
	if o.Fulfilment != nil {
		done = o.Fulfilment.Done
		v.Courier, v.TrackingNumber = o.Fulfilment.Courier, o.Fulfilment.TrackingNumber
	}
	for i, step := range needed {
		v.Steps[i] = StepView{Step: step}
		if i < len(done) {
			at := done[i].At
			v.Steps[i].Done, v.Steps[i].At, v.Steps[i].Note = true, &at, done[i].Note
			if staff {
				v.Steps[i].By = done[i].By
			}
		}
	}
	return v
}

// EventFulfilmentChanged is published on events.Stream("orders") at every step, for the
// customer's messages.
const EventFulfilmentChanged = "order.fulfilment_changed"

// FulfilmentChangedData is the payload of order.fulfilment_changed.
type FulfilmentChangedData struct {
	OrderID        string         `json:"orderId"`
	Number         string         `json:"number"`
	CustomerID     string         `json:"customerId"`
	Step           FulfilmentStep `json:"step"`
	Courier        string         `json:"courier,omitempty"`
	TrackingNumber string         `json:"trackingNumber,omitempty"`
	At             time.Time      `json:"at"`
}

func knownStep(step FulfilmentStep) bool {
	for _, s := range fulfilmentSteps {
		if s.step == step {
			return true
		}
	}
	return false
}

func (in *FulfilmentInput) clean() error {
	in.Courier, in.TrackingNumber, in.Note = strings.TrimSpace(in.Courier), strings.TrimSpace(in.TrackingNumber), strings.TrimSpace(in.Note)
	bad := errs.Fields{}
	if !knownStep(in.Step) {
		bad["step"] = "invalid"
	}
	if in.Step == StepShipped {
		if in.Courier == "" {
			bad["courier"] = "required"
		}
		if in.TrackingNumber == "" {
			bad["trackingNumber"] = "required"
		}
	}
	if utf8.RuneCountInString(in.Courier) > maxCourierRunes {
		bad["courier"] = "too_long"
	}
	if utf8.RuneCountInString(in.TrackingNumber) > maxTrackingRunes {
		bad["trackingNumber"] = "too_long"
	}
	if utf8.RuneCountInString(in.Note) > MaxReasonRunes {
		bad["note"] = "too_long"
	}
	if len(bad) > 0 {
		return bad
	}
	return nil
}

// Fulfil records a step of the order's paper work (staff): one conditional write of the order
// with order.fulfilment_changed in its outbox.
func (s *service) Fulfil(ctx context.Context, c authn.Caller, id string, in FulfilmentInput) (OrderView, error) {
	if !c.Staff() {
		return OrderView{}, ErrForbidden
	}
	if err := in.clean(); err != nil {
		return OrderView{}, err
	}
	now := s.now()
	return s.updateOnce(ctx, c, id, now, func(o *Order) (*Order, error) {
		repeated, err := o.fulfil(in, c.ID, now)
		if err != nil {
			return nil, err
		}
		if repeated {
			return nil, errAlreadyApplied
		}
		e, err := events.New(ctx, EventFulfilmentChanged, FulfilmentChangedData{OrderID: o.ID, Number: o.Number, CustomerID: o.CustomerID,
			Step: in.Step, Courier: o.Fulfilment.Courier, TrackingNumber: o.Fulfilment.TrackingNumber, At: now})
		if err != nil {
			return nil, err
		}
		o.Add(e)
		return o, nil
	})
}
