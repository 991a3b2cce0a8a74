package webhooks

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"linguaport/internal/authn"
	"linguaport/internal/mailbox"
)

// Dispatcher sends the deliveries. Each endpoint with work has one worker on a replica, sending
// up to PerEndpoint of its deliveries at once; all workers share Senders. An endpoint that is
// slow holds at most its own PerEndpoint senders while the others go on.
//
// An endpoint's worker is started by Kick (an event just made deliveries) or by the sweep, which
// finds endpoints whose DueAt has come (a retry's time, another replica's work, a restart). A
// worker holds its endpoint's lease, so of two replicas' workers one sends; a worker that dies
// leaves the deliveries due to another when its lease ends (at least once). The lease is one
// conditional write when taken and again when half of it is spent, and a worker with nothing due
// lingers under it for the next event (Linger): on FerretDB, which lets one write through at a
// time, writes are what bounds the deliveries a second, and a delivery then costs the one write
// of its outcome.
type Dispatcher struct {
	store  *Store
	client *http.Client
	log    *slog.Logger
	now    func() time.Time
	// mailKick tells the mail relay an endpoint queued a mail (it was disabled).
	mailKick func(ids ...any)

	perEndpoint int
	senders     chan struct{}
	sweepEvery  time.Duration
	lease       time.Duration // the longest one attempt may take
	leaseFor    time.Duration // how long a worker holds an endpoint at a time
	me          string        // this dispatcher, as its leases name it
	schedule    []time.Duration

	linger  time.Duration // how long a worker with nothing due waits for more before it rests
	kicks   chan string
	mu      sync.Mutex
	working map[string]bool          // endpoints with a worker here
	again   map[string]bool          // kicked while working: look once more before stopping
	wakes   map[string]chan struct{} // a lingering worker's bell, rung by a kick
}

// Defaults of the dispatcher.
const (
	PerEndpoint = 4
	Senders     = 64
	SweepEvery  = time.Second
	// Linger is how long a worker that has sent everything due keeps its endpoint, waiting for
	// the next kick, before it writes when the endpoint is next due and gives it up. An endpoint
	// getting events keeps its worker, so its deliveries cost their outcome's write alone, not a
	// lease taken and given up around each (on FerretDB, one write at a time, that was two writes
	// in three when the dispatcher kept up, with batches of one: bench/webhooks run 6).
	Linger = 3 * time.Second
	// Blocked is how long a delivery waiting behind an earlier one of its lane stays put at
	// most when nothing makes it due sooner.
	Blocked = 10 * time.Minute
	// lingerPoll is how often a lingering worker looks for work itself: an event handled by
	// another replica kicks that replica's dispatcher, not the one holding the endpoint.
	lingerPoll = time.Second
)

// DispatcherOptions tune a Dispatcher; zero values take the defaults.
type DispatcherOptions struct {
	Guard       Guard
	PerEndpoint int
	Senders     int
	SweepEvery  time.Duration
	Timeout     time.Duration
	Now         func() time.Time
	MailKick    func(ids ...any)
	// Schedule replaces the package's (tests wait milliseconds, not minutes).
	Schedule []time.Duration
	// Name tells this dispatcher's leases from another replica's; random when empty.
	Name string
	// Linger replaces the default; negative: a worker rests as soon as nothing is due.
	Linger time.Duration
}

// NewDispatcher sends store's deliveries.
func NewDispatcher(store *Store, log *slog.Logger, o DispatcherOptions) *Dispatcher {
	if o.PerEndpoint <= 0 {
		o.PerEndpoint = PerEndpoint
	}
	if o.Senders <= 0 {
		o.Senders = Senders
	}
	if o.SweepEvery <= 0 {
		o.SweepEvery = SweepEvery
	}
	if o.Timeout <= 0 {
		o.Timeout = Timeout
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Schedule == nil {
		o.Schedule = Schedule
	}
	if o.Name == "" {
		var b [8]byte
		_, _ = rand.Read(b[:])
		o.Name = hex.EncodeToString(b[:])
	}
	if o.MailKick == nil {
		o.MailKick = func(...any) {}
	}
	switch {
	case o.Linger == 0:
		o.Linger = Linger
	case o.Linger < 0:
		o.Linger = 0
	}
	dialer := &net.Dialer{Timeout: 5 * time.Second, Control: o.Guard.control}
	transport := &http.Transport{
		Proxy:                 nil, // a proxy would dial the address the guard must see
		DialContext:           dialer.DialContext,
		TLSHandshakeTimeout:   5 * time.Second,
		ResponseHeaderTimeout: o.Timeout,
		MaxIdleConnsPerHost:   o.PerEndpoint,
		IdleConnTimeout:       90 * time.Second,
	}
	return &Dispatcher{
		store: store,
		client: &http.Client{Transport: transport, Timeout: o.Timeout,
			// A redirect is an answer, not a 2xx: following it could lead anywhere.
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }},
		log: log, now: o.Now, mailKick: o.MailKick,
		perEndpoint: o.PerEndpoint, senders: make(chan struct{}, o.Senders), sweepEvery: o.SweepEvery,
		lease: o.Timeout + 20*time.Second, schedule: o.Schedule, leaseFor: 2*(o.Timeout+20*time.Second) + time.Minute, me: o.Name,
		linger: o.Linger, kicks: make(chan string, 1024), working: map[string]bool{}, again: map[string]bool{}, wakes: map[string]chan struct{}{},
	}
}

// Kick starts the workers of endpoints that just got deliveries.
func (d *Dispatcher) Kick(endpointIDs ...string) {
	for _, id := range endpointIDs {
		select {
		case d.kicks <- id:
		default: // the sweep finds it
		}
	}
}

// Run sends until ctx ends; deliveries older than LogFor are pruned hourly.
func (d *Dispatcher) Run(ctx context.Context) {
	sweep := time.NewTicker(d.sweepEvery)
	defer sweep.Stop()
	prune := time.NewTicker(time.Hour)
	defer prune.Stop()
	var wg sync.WaitGroup
	defer wg.Wait()
	start := func(id string) {
		d.mu.Lock()
		if d.working[id] {
			d.again[id] = true
			select {
			case d.wakes[id] <- struct{}{}:
			default: // rung already, or the worker is sending
			}
			d.mu.Unlock()
			return
		}
		d.working[id] = true
		d.mu.Unlock()
		wg.Add(1)
		go func() { defer wg.Done(); d.work(ctx, id) }()
	}
	d.sweep(ctx, start)
	for {
		select {
		case <-ctx.Done():
			return
		case id := <-d.kicks:
			start(id)
		case <-sweep.C:
			d.sweep(ctx, start)
		case <-prune.C:
			d.prune(ctx)
		}
	}
}

func (d *Dispatcher) sweep(ctx context.Context, start func(string)) {
	ids, err := d.store.dueEndpoints(ctx, d.now(), 500)
	if err != nil {
		if ctx.Err() == nil {
			d.log.Warn("webhooks sweep", "err", err)
		}
		return
	}
	for _, id := range ids {
		start(id)
	}
}

func (d *Dispatcher) prune(ctx context.Context) {
	for ctx.Err() == nil {
		n, err := d.store.prune(ctx, d.now().Add(-LogFor), 500)
		if err != nil {
			d.log.Warn("webhooks prune", "err", err)
			return
		}
		if n == 0 {
			return
		}
	}
}

// batch is how many due deliveries a worker reads at a time: it sends them PerEndpoint at once,
// a new one as soon as one is done.
const batch = 32

// work sends an endpoint's due deliveries, PerEndpoint at a time, until none is due; it lingers
// for more, then writes when the endpoint is next due, and looks once more (an event may have come
// in between).
func (d *Dispatcher) work(ctx context.Context, endpointID string) {
	wake := make(chan struct{}, 1)
	d.mu.Lock()
	d.wakes[endpointID] = wake
	d.mu.Unlock()
	defer func() {
		d.mu.Lock()
		delete(d.working, endpointID)
		delete(d.again, endpointID)
		delete(d.wakes, endpointID)
		d.mu.Unlock()
	}()
	slots := make(chan struct{}, d.perEndpoint)
	var (
		ep        EndpointDoc
		until     time.Time // the end of the lease held; zero: none held
		idleSince time.Time // when the worker last found nothing due; zero: it found work
	)
	for ctx.Err() == nil {
		now := d.now()
		// The lease is written when taken and when less than half of it is left; in between the
		// endpoint is only read, to see whether it was disabled or deleted.
		var err error
		if until.Sub(now) < d.leaseFor/2 {
			var mine bool
			ep, mine, err = d.store.lease(ctx, endpointID, d.me, now, now.Add(d.leaseFor))
			if err != nil {
				d.log.Warn("webhooks lease", "endpoint", endpointID, "err", err)
				return
			}
			if !mine {
				return // another worker sends them; the sweep looks again once its lease ends
			}
			until = now.Add(d.leaseFor)
		} else if ep, err = d.store.Endpoint(ctx, endpointID); err != nil {
			if !errors.Is(err, ErrNotFound) {
				d.log.Warn("webhooks endpoint", "endpoint", endpointID, "err", err)
			}
			return
		}
		due, err := d.store.dueDeliveries(ctx, endpointID, now, batch)
		if err != nil {
			d.log.Warn("webhooks due", "endpoint", endpointID, "err", err)
			return
		}
		if len(due) == 0 {
			d.mu.Lock()
			again := d.again[endpointID]
			delete(d.again, endpointID)
			d.mu.Unlock()
			if again {
				continue
			}
			if idleSince.IsZero() {
				idleSince = time.Now()
			}
			if left := d.linger - time.Since(idleSince); left > 0 && ep.DisabledAt == nil {
				select {
				case <-wake:
				case <-time.After(min(left, lingerPoll)):
				case <-ctx.Done():
					// Stopping: the endpoint is given up now, not when the lease would end.
					stop, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
					_ = d.rest(stop, endpointID, ep)
					cancel()
					return
				}
				continue
			}
			if err := d.rest(ctx, endpointID, ep); err != nil {
				d.log.Warn("webhooks rest", "endpoint", endpointID, "err", err)
				return
			}
			until, idleSince = time.Time{}, time.Time{}
			// An event may have made a delivery between the read above and rest, which then
			// wrote over its due time: one more look finds it.
			more, err := d.store.dueDeliveries(ctx, endpointID, d.now(), 1)
			if err != nil {
				d.log.Warn("webhooks due", "endpoint", endpointID, "err", err)
				return
			}
			d.mu.Lock()
			again = d.again[endpointID]
			d.mu.Unlock()
			if len(more) == 0 && !again {
				return
			}
			continue
		}
		idleSince = time.Time{}
		if ep.DisabledAt != nil {
			for _, dd := range due {
				if err := d.store.hold(ctx, dd); err != nil {
					d.log.Warn("webhooks hold", "delivery", dd.ID, "err", err)
					return
				}
			}
			continue
		}
		// Of a lane's deliveries in the batch only its first is sent now; the rest wait for the
		// next batch, after it, rather than each finding it pending and waiting on it (writes).
		first := map[string]DeliveryDoc{}
		for _, dd := range due {
			if f, ok := first[dd.Lane]; !ok || dd.Seq < f.Seq {
				first[dd.Lane] = dd
			}
		}
		var wg sync.WaitGroup
		var stop sync.Once
		stopped := make(chan struct{})
	send:
		for _, dd := range due {
			if first[dd.Lane].ID != dd.ID {
				continue
			}
			select {
			case slots <- struct{}{}:
			case <-stopped:
				break send
			}
			// An attempt begun must end within the lease; the rest waits for the next one.
			if d.now().Add(d.lease).After(until) {
				<-slots
				break send
			}
			select {
			case d.senders <- struct{}{}:
			case <-ctx.Done():
				<-slots
				break send
			}
			wg.Add(1)
			go func() {
				defer func() { <-d.senders; <-slots; wg.Done() }()
				disabled, err := d.attempt(ctx, ep, dd)
				if err != nil && ctx.Err() == nil {
					d.log.Warn("webhooks attempt", "delivery", dd.ID, "endpoint", endpointID, "err", err)
				}
				if disabled {
					// The rest of the batch waits for the next round, which holds it.
					stop.Do(func() { close(stopped) })
				}
			}()
		}
		wg.Wait()
	}
}

// rest writes when the endpoint is next due (never, while it is disabled) and gives up its lease.
func (d *Dispatcher) rest(ctx context.Context, endpointID string, ep EndpointDoc) error {
	next, err := d.store.nextPending(ctx, endpointID)
	if err != nil {
		return err
	}
	if ep.DisabledAt != nil {
		next = nil
	}
	return d.store.rest(ctx, endpointID, d.me, next)
}

// attempt makes one try at a delivery, unless one before it in its lane is still pending (it
// then waits for that one) or another sender took it. disabled reports that the endpoint was
// disabled by this attempt.
func (d *Dispatcher) attempt(ctx context.Context, ep EndpointDoc, dd DeliveryDoc) (disabled bool, err error) {
	now := d.now()
	before, ok, err := d.store.ahead(ctx, dd)
	if err != nil {
		return false, err
	}
	if ok {
		// The one before is marked, so that whoever finishes it makes this one due (next).
		return false, d.wait(ctx, dd, before, now)
	}
	a, gone := d.send(ctx, ep, dd)
	if ctx.Err() != nil {
		return false, nil // the delivery is still due: shutting down is not its failure
	}
	tries := dd.Tries + 1
	state, next := Pending, a.At
	switch wait, retry := d.retryAfter(tries); {
	case a.ok():
		state = Delivered
	case gone:
		state = Held
	case retry:
		next = a.At.Add(wait)
	default:
		state = Failed
	}
	waited, err := d.store.record(ctx, dd, a, state, tries, next)
	if err != nil {
		return false, err
	}
	if waited && (state == Delivered || state == Failed) {
		if err := d.next(ctx, dd.Lane, a.At); err != nil {
			return false, err
		}
	}
	switch {
	case a.ok():
		if ep.FailingSince != nil {
			return false, d.store.succeeded(ctx, ep.ID)
		}
	case gone:
		return true, d.disable(ctx, ep.ID, DisabledGone, a.At)
	default:
		since, err := d.store.failing(ctx, ep, a.At)
		if err != nil {
			return false, err
		}
		if a.At.Sub(since) >= DisableAfter {
			return true, d.disable(ctx, ep.ID, DisabledFailing, a.At)
		}
	}
	return false, nil
}

// wait puts a delivery behind the one before it in its lane: the one before is marked waited-on,
// so finishing it makes the lane's next due at once (next, hurry), and this one is not due
// before that one's next try nor before Blocked has passed, which only a crash between an
// outcome and its hurry needs. Should the one before have finished in between, this one is due
// again now. A lane stuck behind a slow endpoint's retried delivery therefore costs a write per
// retry of that one or per Blocked, not one per lease: with 4,000 deliveries of a slow endpoint
// waiting in their lanes, a recheck every 30 s (the lease) was a hundred writes a second
// (bench/webhooks run 7).
func (d *Dispatcher) wait(ctx context.Context, dd, before DeliveryDoc, now time.Time) error {
	if err := d.store.postpone(ctx, dd, later(before.NextAt, now.Add(max(d.lease, Blocked)))); err != nil {
		return err
	}
	if before.Waited {
		return nil // marked by an earlier wait: finishing it makes the lane's first due
	}
	still, err := d.store.waitOn(ctx, before.ID)
	if err != nil || still {
		return err
	}
	return d.next(ctx, dd.Lane, now)
}

// next hurries the first pending delivery of a lane, the one before it being done.
func (d *Dispatcher) next(ctx context.Context, lane string, now time.Time) error {
	first, ok, err := d.store.firstOfLane(ctx, lane)
	if err != nil || !ok {
		return err
	}
	if err := d.store.hurry(ctx, first.ID, now); err != nil {
		return err
	}
	return d.store.due(ctx, first.EndpointID, now)
}

// disable turns an endpoint off and queues its owner's mail in the same write.
func (d *Dispatcher) disable(ctx context.Context, endpointID, reason string, now time.Time) error {
	done, err := d.store.disable(ctx, endpointID, reason, now)
	if err != nil || !done {
		return err
	}
	d.log.Info("webhook endpoint disabled", "endpoint", endpointID, "reason", reason)
	d.mailKick(endpointID)
	return nil
}

// send posts the delivery, signed with every secret signing now. gone reports a 410 Gone.
func (d *Dispatcher) send(ctx context.Context, ep EndpointDoc, dd DeliveryDoc) (a Attempt, gone bool) {
	start := d.now()
	a = Attempt{At: start.UTC().Truncate(time.Millisecond), Timestamp: start.Unix(), Replay: dd.Replay}
	defer func() { a.DurationMs = d.now().Sub(start).Milliseconds() }()
	sig, err := signatures(ep.signing(start), dd.ID, a.Timestamp, []byte(dd.Body))
	if err != nil {
		a.Error = err.Error()
		return a, false
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, ep.URL, strings.NewReader(dd.Body))
	if err != nil {
		a.Error = err.Error()
		return a, false
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "LinguaPort-Webhooks/1.0")
	req.Header.Set("webhook-id", dd.ID)
	req.Header.Set("webhook-timestamp", strconv.FormatInt(a.Timestamp, 10))
	req.Header.Set("webhook-signature", sig)
	resp, err := d.client.Do(req)
	if err != nil {
		a.Error = describe(err)
		return a, false
	}
	defer resp.Body.Close()
	a.Status = resp.StatusCode
	head, _ := io.ReadAll(io.LimitReader(resp.Body, keptResponse))
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10)) // lets the connection be reused
	a.Response = strings.ToValidUTF8(string(head), string(utf8.RuneError))
	return a, resp.StatusCode == http.StatusGone
}

func (a Attempt) ok() bool { return a.Status >= 200 && a.Status < 300 }

// describe words a failed request for the log without the Go call chain.
func describe(err error) string {
	var ne net.Error
	switch {
	case errors.Is(err, errPrivate):
		return "refused: the address is not public"
	case errors.As(err, &ne) && ne.Timeout():
		return fmt.Sprintf("no answer within %s", Timeout)
	}
	var op *net.OpError
	if errors.As(err, &op) {
		return op.Err.Error()
	}
	return err.Error()
}

func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// disable sets an endpoint disabled at now for reason, with its owner's mail, unless it is
// disabled already; it says whether this call disabled it.
func (s *Store) disable(ctx context.Context, id, reason string, now time.Time) (bool, error) {
	done := false
	_, err := s.updateEndpoint(ctx, id, func(e *EndpointDoc) (*EndpointDoc, error) {
		done = false
		if e.DisabledAt != nil {
			return e, nil
		}
		at := now.UTC().Truncate(time.Millisecond)
		e.DisabledAt, e.DisabledReason, e.DueAt, e.UpdatedAt = &at, reason, nil, at
		if reason == DisabledGone || reason == DisabledFailing {
			// A sandbox endpoint's owner is the customer's sandbox id; the customer reads the mail.
			m, err := mailbox.New(e.ID+"/disabled/"+strconv.FormatInt(at.UnixMilli(), 10), MailDisabled, authn.LiveID(e.OwnerID), "",
				DisabledMail{EndpointID: e.ID, URL: e.URL, Reason: reason, FailingSince: e.FailingSince, At: at, Sandbox: authn.IsSandbox(e.OwnerID)}, at)
			if err != nil {
				return nil, err
			}
			e.Add(m)
		}
		done = true
		return e, nil
	})
	return done, err
}

// MailDisabled is the kind of the mail telling an owner their endpoint was disabled; svc-auth's
// mails word it (auth/mails_kinds_more.go).
const MailDisabled = "webhooks.endpoint_disabled"

// DisabledMail is that mail's payload.
type DisabledMail struct {
	EndpointID   string     `json:"endpointId"`
	URL          string     `json:"url"`
	Reason       string     `json:"reason"`
	FailingSince *time.Time `json:"failingSince,omitempty"`
	At           time.Time  `json:"at"`
	// Sandbox marks an endpoint of the customer's sandbox space.
	Sandbox bool `json:"sandbox,omitempty"`
}
