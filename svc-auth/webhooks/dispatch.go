package webhooks

import (
	"context"
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

	"linguaport/internal/mailbox"
)

// Dispatcher sends the deliveries. Each endpoint with work has one worker on a replica, sending
// up to PerEndpoint of its deliveries at once; all workers share Senders. An endpoint that is
// slow holds at most its own PerEndpoint senders while the others go on.
//
// An endpoint's worker is started by Kick (an event just made deliveries) or by the sweep, which
// finds endpoints whose DueAt has come (a retry's time, another replica's work, a restart). Two
// replicas may run workers for one endpoint: each delivery is claimed by one conditional write,
// so it is sent once per attempt either way.
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
	lease       time.Duration
	schedule    []time.Duration

	kicks   chan string
	mu      sync.Mutex
	working map[string]bool // endpoints with a worker here
	again   map[string]bool // kicked while working: look once more before stopping
}

// Defaults of the dispatcher.
const (
	PerEndpoint = 4
	Senders     = 64
	SweepEvery  = time.Second
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
	if o.MailKick == nil {
		o.MailKick = func(...any) {}
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
		lease: o.Timeout + 20*time.Second, schedule: o.Schedule,
		kicks: make(chan string, 1024), working: map[string]bool{}, again: map[string]bool{},
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

// work sends an endpoint's due deliveries, PerEndpoint at a time, until none is due; it then
// writes when the endpoint is next due, and looks once more (an event may have come in between).
func (d *Dispatcher) work(ctx context.Context, endpointID string) {
	defer func() {
		d.mu.Lock()
		delete(d.working, endpointID)
		delete(d.again, endpointID)
		d.mu.Unlock()
	}()
	rested := false
	for ctx.Err() == nil {
		ep, err := d.store.Endpoint(ctx, endpointID)
		if errors.Is(err, ErrNotFound) {
			return
		}
		if err != nil {
			d.log.Warn("webhooks endpoint", "endpoint", endpointID, "err", err)
			return
		}
		due, err := d.store.dueDeliveries(ctx, endpointID, d.now(), d.perEndpoint)
		if err != nil {
			d.log.Warn("webhooks due", "endpoint", endpointID, "err", err)
			return
		}
		if len(due) == 0 {
			d.mu.Lock()
			again := d.again[endpointID]
			delete(d.again, endpointID)
			d.mu.Unlock()
			if rested && !again {
				return
			}
			next, err := d.store.nextPending(ctx, endpointID)
			if err == nil {
				if ep.DisabledAt != nil {
					next = nil
				}
				err = d.store.rest(ctx, endpointID, next)
			}
			if err != nil {
				d.log.Warn("webhooks rest", "endpoint", endpointID, "err", err)
				return
			}
			rested = true
			continue
		}
		rested = false
		if ep.DisabledAt != nil {
			for _, dd := range due {
				if err := d.store.hold(ctx, dd.ID); err != nil {
					d.log.Warn("webhooks hold", "delivery", dd.ID, "err", err)
					return
				}
			}
			continue
		}
		var wg sync.WaitGroup
		for _, dd := range due {
			select {
			case d.senders <- struct{}{}:
			case <-ctx.Done():
				wg.Wait()
				return
			}
			wg.Add(1)
			go func() {
				defer func() { <-d.senders; wg.Done() }()
				if err := d.attempt(ctx, ep, dd); err != nil && ctx.Err() == nil {
					d.log.Warn("webhooks attempt", "delivery", dd.ID, "endpoint", endpointID, "err", err)
				}
			}()
		}
		wg.Wait()
	}
}

// attempt makes one try at a delivery, unless one before it in its lane is still pending (it
// then waits for that one) or another sender took it.
func (d *Dispatcher) attempt(ctx context.Context, ep EndpointDoc, dd DeliveryDoc) error {
	now := d.now()
	before, ok, err := d.store.ahead(ctx, dd)
	if err != nil {
		return err
	}
	if ok {
		// It is hurried when the one before is done (next); until then it is not due.
		return d.store.postpone(ctx, dd, later(before.NextAt, now.Add(time.Second)))
	}
	taken, err := d.store.claim(ctx, dd, now.Add(d.lease))
	if err != nil || !taken {
		return err
	}
	a, gone := d.send(ctx, ep, dd)
	if ctx.Err() != nil {
		return nil // the lease ends and the delivery is due again: shutting down is not its failure
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
	if err := d.store.record(ctx, dd.ID, a, state, tries, next); err != nil {
		return err
	}
	switch {
	case a.ok():
		if ep.FailingSince != nil {
			return d.store.succeeded(ctx, ep.ID)
		}
	case gone:
		return d.disable(ctx, ep.ID, DisabledGone, a.At)
	default:
		since, err := d.store.failing(ctx, ep, a.At)
		if err != nil {
			return err
		}
		if a.At.Sub(since) >= DisableAfter {
			return d.disable(ctx, ep.ID, DisabledFailing, a.At)
		}
	}
	if state == Delivered || state == Failed {
		return d.next(ctx, dd.Lane, a.At)
	}
	return nil
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
			m, err := mailbox.New(e.ID+"/disabled/"+strconv.FormatInt(at.UnixMilli(), 10), MailDisabled, e.OwnerID, "",
				DisabledMail{EndpointID: e.ID, URL: e.URL, Reason: reason, FailingSince: e.FailingSince, At: at}, at)
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
}
