// Command webhooks measures the customers' webhooks (svc-auth/webhooks) on the stack `make up`
// runs: events published on svc-orders' stream, turned into deliveries by svc-auth's consumers
// and sent by its dispatcher to receivers in this process. It reports deliveries per second and
// the delay from each event to its first arrival at a fast receiver, and whether an endpoint that
// answers only after 10 s (past the 10 s timeout: every attempt fails and is retried) delays the
// others.
//
// The peer is the same load without the slow endpoint, in the same run (A, B, A): customer P has
// ten fast endpoints; customer S has nine fast ones and the slow one. Phase A sends P's events,
// phase B S's, phase A P's again; each event goes to every endpoint of its customer. A last
// phase sends a burst to P's endpoints at once, for the dispatcher's capacity.
//
//	make build tools webui && go run ./bench/webhooks [-events 10000] [-rate 20] [-burst 2000]
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"slices"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"

	"linguaport/bench/internal/customer"
	"linguaport/internal/events"
	"linguaport/internal/stackrun"
)

func main() {
	if err := run(); err != nil {
		log.Print(err)
		os.Exit(1)
	}
}

// receiver is one webhook endpoint: it keeps when each delivery first arrived.
type receiver struct {
	name  string
	slow  time.Duration
	srv   *http.Server
	url   string
	mu    sync.Mutex
	first map[string]arrival // by webhook-id
	posts int
}

type arrival struct {
	at, happened time.Time
}

func newReceiver(name string, slow time.Duration) (*receiver, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	r := &receiver{name: name, slow: slow, first: map[string]arrival{}, url: "http://" + ln.Addr().String() + "/hook"}
	r.srv = &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		now := time.Now()
		var p struct {
			Timestamp time.Time `json:"timestamp"`
		}
		_ = json.NewDecoder(req.Body).Decode(&p)
		id := req.Header.Get("webhook-id")
		r.mu.Lock()
		r.posts++
		if _, seen := r.first[id]; !seen {
			r.first[id] = arrival{at: now, happened: p.Timestamp}
		}
		r.mu.Unlock()
		if r.slow > 0 {
			select {
			case <-time.After(r.slow):
			case <-req.Context().Done():
			}
		}
		w.WriteHeader(http.StatusNoContent)
	})}
	go func() { _ = r.srv.Serve(ln) }()
	return r, nil
}

// delays are the delays of the deliveries that happened in [from, to), and how many.
func (r *receiver) delays(from, to time.Time) []time.Duration {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []time.Duration
	for _, a := range r.first {
		if !a.happened.Before(from) && a.happened.Before(to) {
			out = append(out, a.at.Sub(a.happened))
		}
	}
	return out
}

func (r *receiver) count() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.first)
}

type phase struct {
	name     string
	who      *customer.Session
	fast     []*receiver
	events   int
	from, to time.Time // when its events happened
	done     time.Time // when its last fast delivery arrived
}

func run() error {
	total := flag.Int("events", 10000, "events in the paced phases A, B, A (a quarter, a half, a quarter)")
	rate := flag.Float64("rate", 20, "events a second in the paced phases (each goes to ten endpoints)")
	burst := flag.Int("burst", 2000, "events of the last phase, published at once to P's ten fast endpoints")
	slowFor := flag.Duration("slow", 10*time.Second, "how long the slow endpoint takes to answer")
	wait := flag.Duration("timeout", 10*time.Minute, "how long a phase's deliveries may take after its last event")
	keep := flag.Bool("keep", false, "keep the data directory")
	flag.Parse()
	ctx := context.Background()

	dataDir, err := os.MkdirTemp("", "webhooks-bench-")
	if err != nil {
		return err
	}
	// PostgreSQL runs as the postgres user when we are root, who must pass through.
	if err := os.Chmod(dataDir, 0o711); err != nil {
		return err
	}
	if !*keep {
		defer os.RemoveAll(dataDir)
	}
	if err := os.Setenv("NGINX_RATE_LIMITS", "off"); err != nil {
		return err
	}
	started := time.Now()
	stack, err := stackrun.Start(dataDir, 5*time.Minute)
	if err != nil {
		return err
	}
	defer func() { _ = stack.Stop() }()
	log.Printf("stack at %s in %s, data %s", stack.Web(), time.Since(started).Round(time.Second), dataDir)
	rdb := redis.NewClient(&redis.Options{Addr: stack.Addr("REDIS")})
	defer rdb.Close()
	pub := events.NewPublisher(rdb)

	p, err := customer.SignUp(stack.Web(), "Webhook Ölçüm P", "hooks-p", 30*time.Second)
	if err != nil {
		return fmt.Errorf("customer P: %w", err)
	}
	s, err := customer.SignUp(stack.Web(), "Webhook Ölçüm S", "hooks-s", 30*time.Second)
	if err != nil {
		return fmt.Errorf("customer S: %w", err)
	}
	var pFast, sFast []*receiver
	register := func(who *customer.Session, r *receiver) error {
		status, body, err := who.Do("POST", "/api/v1/auth/webhooks", map[string]any{"url": r.url, "types": []string{"order.paid"}})
		if err != nil || status != http.StatusCreated {
			return fmt.Errorf("register %s: %d %s %v", r.name, status, body, err)
		}
		return nil
	}
	for i := range 10 {
		r, err := newReceiver(fmt.Sprintf("P fast %d", i+1), 0)
		if err != nil {
			return err
		}
		pFast = append(pFast, r)
		if err := register(p, r); err != nil {
			return err
		}
	}
	for i := range 9 {
		r, err := newReceiver(fmt.Sprintf("S fast %d", i+1), 0)
		if err != nil {
			return err
		}
		sFast = append(sFast, r)
		if err := register(s, r); err != nil {
			return err
		}
	}
	slow, err := newReceiver("S slow", *slowFor)
	if err != nil {
		return err
	}
	if err := register(s, slow); err != nil {
		return err
	}

	seq := 0
	publish := func(ctx context.Context, who *customer.Session) error {
		seq++
		// Five moves of an order share its lane, as an order's events do.
		order := fmt.Sprintf("bench-order-%d", seq/5)
		e, err := events.New(ctx, "order.status_changed", map[string]any{"orderId": order, "number": "LP-" + order,
			"customerId": who.UserID, "status": "in_progress", "at": time.Now().UTC()})
		if err != nil {
			return err
		}
		return pub.Publish(ctx, events.Stream("orders"), e)
	}
	runPhase := func(ph *phase, paced bool) error {
		before := make([]int, len(ph.fast))
		for i, r := range ph.fast {
			before[i] = r.count()
		}
		ph.from = time.Now()
		tick := time.Duration(float64(time.Second) / *rate)
		next := time.Now()
		for range ph.events {
			if paced {
				time.Sleep(time.Until(next))
				next = next.Add(tick)
			}
			if err := publish(ctx, ph.who); err != nil {
				return err
			}
		}
		// The window of the phase's events ends after its last: the next phase's start later.
		ph.to = time.Now().Add(time.Millisecond)
		deadline := time.Now().Add(*wait)
		for {
			done := true
			for i, r := range ph.fast {
				if r.count()-before[i] < ph.events {
					done = false
				}
			}
			if done {
				break
			}
			if time.Now().After(deadline) {
				return fmt.Errorf("phase %s: not every fast delivery arrived within %s", ph.name, *wait)
			}
			time.Sleep(20 * time.Millisecond)
		}
		ph.done = time.Now()
		time.Sleep(2 * time.Second) // the next phase's events apart from this one's
		log.Printf("phase %s: %d events in %s, every fast delivery %s after the last", ph.name, ph.events,
			ph.to.Sub(ph.from).Round(time.Millisecond), ph.done.Sub(ph.to).Round(time.Millisecond))
		return nil
	}
	phases := []*phase{
		{name: "A (P: ten fast)", who: p, fast: pFast, events: *total / 4},
		{name: "B (S: nine fast and the slow one)", who: s, fast: sFast, events: *total / 2},
		{name: "A again (P)", who: p, fast: pFast, events: *total / 4},
	}
	for _, ph := range phases {
		if err := runPhase(ph, true); err != nil {
			return err
		}
	}
	burstPhase := &phase{name: "burst (P, at once)", who: p, fast: pFast, events: *burst}
	if *burst > 0 {
		if err := runPhase(burstPhase, false); err != nil {
			return err
		}
	}

	fmt.Printf("\n%d events at %.0f a second in the paced phases; the slow endpoint answers after %s (the timeout is 10 s)\n\n", *total, *rate, *slowFor)
	fmt.Println("| phase | events | fast deliveries | deliveries/s | delay p50 | p95 | p99 | max |")
	fmt.Println("|---|---:|---:|---:|---:|---:|---:|---:|")
	p95s := map[string]time.Duration{}
	for _, ph := range append(phases, burstPhase) {
		if ph.events == 0 {
			continue
		}
		var all []time.Duration
		for _, r := range ph.fast {
			all = append(all, r.delays(ph.from, ph.to)...)
		}
		slices.Sort(all)
		perSecond := float64(len(all)) / ph.done.Sub(ph.from).Seconds()
		p95s[ph.name] = pct(all, 95)
		fmt.Printf("| %s | %d | %d | %.0f | %s | %s | %s | %s |\n", ph.name, ph.events, len(all), perSecond,
			ms(pct(all, 50)), ms(pct(all, 95)), ms(pct(all, 99)), ms(pct(all, 100)))
	}
	peer := (p95s[phases[0].name] + p95s[phases[2].name]) / 2
	fmt.Printf("\nB's p95 / the mean of the A phases' p95: %.2f×\n", float64(p95s[phases[1].name])/float64(peer))
	slow.mu.Lock()
	fmt.Printf("the slow endpoint: %d requests, %d distinct deliveries, none answered in time\n", slow.posts, len(slow.first))
	slow.mu.Unlock()
	return nil
}

func pct(sorted []time.Duration, p int) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := (len(sorted)*p + 99) / 100
	i = min(max(i, 1), len(sorted))
	return sorted[i-1]
}

func ms(d time.Duration) string { return fmt.Sprintf("%.0f ms", float64(d)/float64(time.Millisecond)) }
