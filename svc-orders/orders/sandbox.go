package orders

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"linguaport/svc-orders/files"
	"linguaport/svc-orders/internal/newest"
	"linguaport/svc-orders/sandbox"
)

// The API sandbox (issue 29, DESIGN §15). An order of a sandbox customer (authn.IsSandbox: what a
// sandbox key makes is owned by the customer's sandbox id) is marked Sandbox when it is opened.
// svc-billing pays its invoice without charge, so it is paid like any other; from then on it
// never reaches a real translator: it gets no pool keys and no pay (place), is announced to no
// one, may not be claimed, assigned or counted, is never escalated, and is left out of staff's
// counts and charts. Instead the simulated translator (package sandbox) claims it
// SandboxTimes.ClaimAfter after the payment, delivers a marked pseudo-translation DeliverAfter
// after the claim, and redelivers a revision DeliverAfter after it is asked for: the same moves,
// steps, files and events as real work, so every webhook fires as in production.
//
// The worker keeps no timers of its own: each move that leaves the simulated translator
// something to do writes when it is due (SandboxDue) in the order's own write, and every replica
// polls the orders due (an index on {sandbox, status, sandboxDue}), so a restart loses nothing.
// Each step is a conditional write of the order: a claim only from in_progress with nobody on it;
// a delivery first takes the round in one write (a lease: the due time moved on by sandboxLease,
// with a token), makes the files, and is written only while its token is still the order's. Of
// two replicas, or a step repeated after a crash, one claims and one delivers.

// ErrSandboxOrder is staff giving a sandbox order to a translator: its work is the simulated
// translator's.
var ErrSandboxOrder = errors.New("a sandbox order is worked by the simulated translator, never by a real one")

// SandboxTimes are how long the simulated translator takes: to claim a paid order, and to deliver
// (or redeliver a revision) once it has it.
type SandboxTimes struct {
	ClaimAfter, DeliverAfter time.Duration
}

// DefaultSandboxTimes: claimed 10 seconds after the payment, delivered 30 seconds later; every
// webhook of an order within a minute.
var DefaultSandboxTimes = SandboxTimes{ClaimAfter: 10 * time.Second, DeliverAfter: 30 * time.Second}

// sandboxLease is how long a worker holds a delivery it took before another may take it over: far
// longer than making the files takes, short enough that a crash delays the delivery by little.
const sandboxLease = time.Minute

// WithSandbox sets the simulated translator's times (main reads ORDERS_SANDBOX_CLAIM_AFTER and
// ORDERS_SANDBOX_DELIVER_AFTER); a negative one keeps its default, zero is at once.
func WithSandbox(t SandboxTimes) Option {
	return func(s *service) {
		if t.ClaimAfter >= 0 {
			s.sandbox.ClaimAfter = t.ClaimAfter
		}
		if t.DeliverAfter >= 0 {
			s.sandbox.DeliverAfter = t.DeliverAfter
		}
	}
}

// SandboxRun is what the simulated translator has to do on a sandbox order: when its next step
// is due, and the token of the worker holding a delivery.
type SandboxRun struct {
	SandboxDue   *time.Time `json:"-" bson:"sandboxDue,omitempty"`
	SandboxLease string     `json:"-" bson:"sandboxLease,omitempty"`
}

// sandboxNext sets when the simulated translator acts next on a sandbox order that moved at now:
// claim a paid one, deliver an assigned one or redeliver a revision; nothing in any other state.
// Called in the write of every move, so the due time is always the order's own state's.
func (s *service) sandboxNext(o *Order, now time.Time) {
	if !o.Sandbox {
		return
	}
	o.SandboxRun = SandboxRun{}
	var after time.Duration
	switch {
	case o.Status == InProgress && o.TranslatorID == "":
		after = s.sandbox.ClaimAfter
	case o.Status == Assigned && o.TranslatorID == sandbox.TranslatorID, o.Status == RevisionRequested && o.TranslatorID == sandbox.TranslatorID:
		after = s.sandbox.DeliverAfter
	default:
		return
	}
	due := now.Add(after)
	o.SandboxDue = &due
}

// due reports whether the simulated translator's step on o has come at now.
func (o *Order) sandboxDueAt(now time.Time) bool {
	return o.Sandbox && o.SandboxDue != nil && !now.Before(*o.SandboxDue)
}

// WorkSandbox has the simulated translator take its due steps: claim the paid sandbox orders,
// deliver the ones it holds, redeliver revisions. Every replica runs it (main polls it every
// second or two); the conditional writes decide who does a step.
func (s *service) WorkSandbox(ctx context.Context) error {
	now := s.now()
	ids, err := s.store.SandboxDue(ctx, now)
	if err != nil {
		return err
	}
	var failed []error
	for _, id := range ids {
		if err := s.sandboxStep(ctx, id, now); err != nil && !errors.Is(err, errAlreadyApplied) {
			failed = append(failed, fmt.Errorf("sandbox order %s: %w", id, err))
		}
	}
	return errors.Join(failed...)
}

func (s *service) sandboxStep(ctx context.Context, id string, now time.Time) error {
	o, err := s.store.Order(ctx, id)
	if err != nil {
		return err
	}
	if o.Status == InProgress {
		return s.sandboxClaim(ctx, id, now)
	}
	return s.sandboxDeliver(ctx, id, now)
}

// sandboxClaim is the pool's claim (the same move and step, order.status_changed assigned/claimed)
// made by the simulated translator, with no desk: it has no cap.
func (s *service) sandboxClaim(ctx context.Context, id string, now time.Time) error {
	_, err := s.store.Update(ctx, id, func(o *Order) (*Order, error) {
		if !o.sandboxDueAt(now) || o.Status != InProgress || o.TranslatorID != "" {
			return nil, errAlreadyApplied // claimed already, by another worker or an earlier round
		}
		if err := o.claim(sandbox.TranslatorID, now); err != nil {
			return nil, err
		}
		s.sandboxNext(o, now)
		return o, o.statusChanged(ctx)
	})
	if err == nil {
		s.kick(id)
	}
	return err
}

// sandboxDeliver takes the delivery (or redelivery) due on the order, makes its pseudo-translation
// and delivers it through Deliver's own path, as the simulated translator, only while the round
// is still the one taken.
func (s *service) sandboxDeliver(ctx context.Context, id string, now time.Time) error {
	token := rand.Text()
	taken, err := s.store.Update(ctx, id, func(o *Order) (*Order, error) {
		if !o.sandboxDueAt(now) || (o.Status != Assigned && o.Status != RevisionRequested) || o.TranslatorID != sandbox.TranslatorID {
			return nil, errAlreadyApplied
		}
		lease := now.Add(sandboxLease)
		o.SandboxDue, o.SandboxLease = &lease, token
		return o, nil
	})
	if err != nil {
		return err
	}
	made, err := s.pseudoTranslation(ctx, taken)
	if err != nil {
		return err // the lease runs out and the delivery is tried again
	}
	_, err = s.deliver(ctx, sandbox.Caller(), id, made, sandbox.Note.TR+"\n"+sandbox.Note.EN, func(o *Order) error {
		if o.SandboxLease != token {
			return errAlreadyApplied // the lease ran out and another worker took the round
		}
		return nil
	})
	return err
}

// pseudoTranslation stores the files the simulated translator delivers for o: one per source
// document (read as its translator reads it, through the order), or one for a quantity quote,
// uploaded as its own (files.Service.SaveMade), and answers their ids.
func (s *service) pseudoTranslation(ctx context.Context, o *Order) ([]string, error) {
	c := sandbox.Caller()
	work := sandbox.Work{Number: o.Number, SourceLanguage: o.SourceLanguage, TargetLanguages: o.TargetLanguages,
		Quantity: o.Quantity, Unit: string(o.Unit)}
	if len(o.Files) == 0 {
		f, err := s.files.SaveMade(ctx, c, sandbox.FileName("", o.Number), sandbox.Document(work, nil))
		if err != nil {
			return nil, err
		}
		return []string{f.ID}, nil
	}
	var ids []string
	for _, src := range o.Files {
		in, err := s.sourceOf(ctx, src)
		if err != nil {
			return nil, err
		}
		f, err := s.files.SaveMade(ctx, c, sandbox.FileName(src.Name, o.Number), sandbox.Document(work, in))
		if err != nil {
			return nil, err
		}
		ids = append(ids, f.ID)
	}
	return ids, nil
}

// sourceOf is a source document as the pseudo-translation reads it: a plain text's own text (its
// first sandbox.MaxText bytes), any other's first page as counting kept it.
func (s *service) sourceOf(ctx context.Context, f files.File) (*sandbox.Source, error) {
	src := &sandbox.Source{Name: f.Name, Format: f.Format, Plain: sandbox.IsPlain(f.Format)}
	if !src.Plain {
		pages, err := s.files.FirstPages(ctx, []string{f.ID})
		if err != nil {
			return nil, err
		}
		src.Text = pages[f.ID]
		if src.Text == "" {
			src.Text = f.Counts.Preview
		}
		return src, nil
	}
	_, r, err := s.files.OpenFile(ctx, sandbox.Caller(), f.ID, "")
	if err != nil {
		return nil, fmt.Errorf("open source %s: %w", f.ID, err)
	}
	defer r.Close()
	var buf bytes.Buffer
	if _, err := io.Copy(&buf, io.LimitReader(r, sandbox.MaxText+1)); err != nil {
		return nil, fmt.Errorf("read source %s: %w", f.ID, err)
	}
	src.Text, src.Cut = sandbox.TextOf(buf.Bytes())
	return src, nil
}

// sandboxIndex serves the worker's poll ({sandbox: true, status, sandboxDue} up to now) and, by
// its first keys, the live side's queries that leave sandbox orders out ({sandbox: null,
// status}): the dashboard's count of waiting orders and the translators' load.
var sandboxIndex = mongo.IndexModel{Keys: bson.D{{Key: "sandbox", Value: 1}, {Key: "status", Value: 1}, {Key: "sandboxDue", Value: 1}}}

// live matches the orders that are not the sandbox's: they have no sandbox field, which an index
// holds as null.
var live = bson.E{Key: "sandbox", Value: nil}

// sandboxWorked are the states in which the simulated translator has something to do.
var sandboxWorked = bson.A{InProgress, Assigned, RevisionRequested}

// SandboxDue answers the sandbox orders whose simulated translator's step is due by now, a page
// at a time: the next poll comes back for the rest.
func (s *MongoStore) SandboxDue(ctx context.Context, now time.Time) ([]string, error) {
	cur, err := s.coll.Find(ctx, bson.D{{Key: "sandbox", Value: true}, {Key: "status", Value: bson.D{{Key: "$in", Value: sandboxWorked}}},
		{Key: "sandboxDue", Value: bson.D{{Key: "$lte", Value: now}}}},
		options.Find().SetLimit(newest.Limit).SetProjection(bson.D{{Key: "_id", Value: 1}}))
	if err != nil {
		return nil, fmt.Errorf("find sandbox orders due: %w", err)
	}
	return readIDs(ctx, cur)
}
